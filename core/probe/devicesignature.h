// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What a device's first bytes say it holds (a file system, a partition table, a RAID or volume
// member, swap, an encrypted volume): a measured replay writes real data only on a device that
// holds none of them (trace replay --scratch, issue #55).

#include <QString>
#include <QStringList>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

namespace raidscope {

/// A signature found: what it is and at which byte of the device its magic starts.
struct DeviceSignature
{
    QString what;              ///< "an ext2/3/4 file system (superblock magic 0xEF53)"
    std::uint64_t offsetBytes = 0;
    QString text() const;      ///< "an ext2/3/4 file system (superblock magic 0xEF53) at byte 1080"
};

/// The bytes findDeviceSignature() looks at: btrfs's superblock at 65600 and swap's signature at
/// the end of a 64 KiB page are the furthest in.
inline constexpr std::size_t kSignatureScanBytes = 128 * 1024;

/// The first known signature in `head`, a device's first bytes (fewer than kSignatureScanBytes
/// when the device is smaller: magics past its end are not looked for). Looks for ext2/3/4 (0xEF53
/// at 1080), XFS ("XFSB" at 0), btrfs ("_BHRfS_M" at 65600), F2FS, squashfs, ISO 9660, NTFS, swap
/// ("SWAPSPACE2"/"SWAP-SPACE" 10 bytes before the end of a 4, 8, 16 or 64 KiB page), LUKS
/// ("LUKS\xba\xbe" at 0), LVM2 ("LABELONE" in one of the first four sectors), md superblocks
/// 1.1 and 1.2 (0xa92b4efc at 0 or 4096), a GPT header ("EFI PART" at 512 or 4096) and an MBR or
/// boot sector (0x55AA at 510).
std::optional<DeviceSignature> findDeviceSignature(std::span<const unsigned char> head);

/// findDeviceSignature() of the first bytes of `path` (a block device or file), read without
/// O_DIRECT. `ok` false and `error` (one line naming the path) when they cannot be read.
struct SignatureScan
{
    bool ok = false;
    QString error;
    std::optional<DeviceSignature> found;
};
SignatureScan scanDeviceSignature(const QString& path);

/// The loop devices whose backing file is `file` (from /sys/block/loop*/loop/backing_file), as
/// "/dev/loop3"; empty when none, or when `file` is not a regular file.
QStringList loopDevicesBackedBy(const QString& file, const QString& sysBlockDir = QStringLiteral("/sys/block"));

} // namespace raidscope
