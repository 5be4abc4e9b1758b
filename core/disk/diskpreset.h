// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QString>

#include <cstdint>
#include <vector>

namespace raidscope {

/// A disk preset from resources/disks/*.json. Layouts need only its capacity; the disk model
/// (core/disk) reads the rest of `json`.
struct DiskPreset
{
    QString id;
    QString name;
    QString description;
    std::uint64_t capacityBytes = 0;
    QJsonObject json;
    QString file; ///< where a user's preset was read from; empty for a built-in one
};

/// All presets, sorted by id, loaded once: the built-in ones compiled into core, then the user's
/// (`*.json` in each folder of RAIDSCOPE_DISK_PATH, colon-separated, and in userDiskPresetDir()),
/// e.g. imported from DiskSim by `raidscope-cli disks import FILE --save`. A user's preset whose id
/// is already taken (a built-in's, or an earlier folder's) is left out, as is a file that is not a
/// preset object with an id and a capacity: each such file is in refusedDiskPresets(), with why.
const std::vector<DiskPreset>& diskPresets();
/// A `*.json` file in a preset folder that is not in diskPresets(), and why (one line: "not JSON
/// (unterminated object at byte 12)", "its id 'x' is taken by an earlier preset").
struct RefusedPreset
{
    QString file;
    QString why;
};
/// The files diskPresets() left out, in the order it read them.
const std::vector<RefusedPreset>& refusedDiskPresets();
/// For "unknown disk preset 'ID'": "; FILE was not read: WHY" when a refused file is named ID.json
/// (the user meant it), else empty.
QString unknownPresetNote(const QString& id);
/// Where `disks import --save` writes: the first folder of RAIDSCOPE_DISK_PATH when it is set, else
/// raidscope/disks under the user's data folder (XDG_DATA_HOME, ~/.local/share).
QString userDiskPresetDir();
/// nullptr when no preset has this id.
const DiskPreset* findDiskPreset(const QString& id);

} // namespace raidscope
