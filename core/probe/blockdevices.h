// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The block devices a probe may be pointed at (issue #54 item 8, the device chooser): what the kernel
// shows in /sys/block, with what the Probe page needs to choose well and to ask before forcing one
// that is in use.

#include <QString>
#include <QStringList>

#include <cstdint>
#include <vector>

namespace raidscope {

struct BlockDeviceInfo
{
    QString name;                ///< the kernel's name: "sda", "md0", "nvme0n1"
    QString path;                ///< where it is opened: "/dev/sda"
    std::uint64_t sizeBytes = 0; ///< /sys/block/NAME/size, which counts 512-byte sectors whatever the device's block
    QString model;               ///< device/model; md's level ("md raid5"); dm's name ("dm vg0-data"); else empty
    bool rotational = false;     ///< queue/rotational: a spinning disk (or what the kernel takes for one)
    bool readOnly = false;       ///< ro
    bool removable = false;      ///< removable
    QStringList partitions;      ///< its partitions' names ("sda1")
    QStringList holders;         ///< what holds it or its partitions (md, dm, LVM): "md0"
    /// "sda1 on /boot" for it and each of its partitions mounted, from the mount table.
    QStringList mounts;

    bool inUse() const { return !mounts.isEmpty() || !holders.isEmpty(); }
    /// Why it is in use, as one sentence a confirmation names: "sda1 is mounted on /boot; md0 holds
    /// it"; empty when it is not.
    QString useText() const;
};

/// The block devices of `sysBlockDir` (normally /sys/block) with a size above zero, in name order,
/// their mounts read from `mountsFile` (normally /proc/self/mounts: "SOURCE MOUNTPOINT TYPE ...",
/// octal escapes such as \040 for a space) and their device nodes named under `devDir`. RAM disks
/// (ram*) and zram swap are left out. Empty when the folder cannot be read (no sysfs).
std::vector<BlockDeviceInfo> listBlockDevices(const QString& sysBlockDir = QStringLiteral("/sys/block"),
    const QString& mountsFile = QStringLiteral("/proc/self/mounts"), const QString& devDir = QStringLiteral("/dev"));

} // namespace raidscope
