// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonArray>
#include <QString>

#include <cstdint>
#include <vector>

namespace raidscope {

struct ResolvedArray;

/// One tool's line for a chosen chunk (#54 item 5: "settings out, ready to paste"). `command` is
/// empty where the tool has no such setting for the array, and `note` says why.
struct StripeSetting
{
    QString tool;    ///< "mdadm", "mkfs.xfs", "mkfs.ext4", "lvcreate"
    QString command; ///< ready to paste, with placeholders in capitals (DEVICES, VG, SIZE)
    QString note;    ///< what the line assumes, or why there is none
};

/// The lines that build `array` with chunk `chunkBytes` and tell a filesystem its geometry: mdadm's
/// --level, --raid-devices, --layout and --chunk (KiB, mdadm's unit); mkfs.xfs -d su= (the chunk),
/// sw= (data chunks in a full stripe); mkfs.ext4 -E stride= (chunk / `fsBlockBytes`), stripe-width=
/// (stride x data chunks); lvcreate --type, --stripes (data stripes, parity not counted),
/// --stripesize. Data chunks in a stripe: D for RAID 0, D-1 for RAID 4 and 5, D-2 for RAID 6, D/c
/// for md's near copies when c divides D. Where the stripe has no whole number of data chunks (a
/// mirror, odd near copies, far and offset copies) the filesystem lines are left out and said so.
std::vector<StripeSetting> stripeSettings(const ResolvedArray& array, std::uint64_t chunkBytes, std::uint32_t fsBlockBytes = 4096);

/// [{"tool", "command", "note"}, ...] (command and note left out where empty): advise --json's "settings".
QJsonArray stripeSettingsJson(const std::vector<StripeSetting>& settings);

} // namespace raidscope
