// SPDX-License-Identifier: GPL-3.0-or-later
// The device chooser's list (#54 item 8) from a sysfs tree and a mount table built here by hand: the
// sizes are the sector counts written times 512, the mounts and holders the ones placed.
#include "probe/blockdevices.h"

#include <catch2/catch.hpp>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

using namespace raidscope;

namespace {

void put(const QString& path, const QByteArray& text)
{
    REQUIRE(QDir().mkpath(QFileInfo(path).path()));
    QFile f(path);
    REQUIRE(f.open(QIODevice::WriteOnly));
    f.write(text);
}

} // namespace

TEST_CASE("listBlockDevices: size, model, rotational, mounts and holders from sysfs", "[core][blockdevices]")
{
    QTemporaryDir tmp;
    const QString sys = tmp.filePath(QStringLiteral("sys/block"));
    // sda: a 500 GB spinning disk, partition sda1 mounted on /boot, sda2 held by md0.
    put(sys + QStringLiteral("/sda/size"), "976773168\n");
    put(sys + QStringLiteral("/sda/device/model"), "ST3500630NS     \n");
    put(sys + QStringLiteral("/sda/queue/rotational"), "1\n");
    put(sys + QStringLiteral("/sda/ro"), "0\n");
    put(sys + QStringLiteral("/sda/sda1/partition"), "1\n");
    put(sys + QStringLiteral("/sda/sda2/partition"), "2\n");
    put(sys + QStringLiteral("/sda/sda2/holders/md0"), "");
    // md0: RAID 5, not mounted, nothing holds it: free to probe.
    put(sys + QStringLiteral("/md0/size"), "1040384\n");
    put(sys + QStringLiteral("/md0/md/level"), "raid5\n");
    put(sys + QStringLiteral("/md0/queue/rotational"), "0\n");
    // dm-0: an LVM volume mounted through its mapper name, with a space in the mount point.
    put(sys + QStringLiteral("/dm-0/size"), "2048\n");
    put(sys + QStringLiteral("/dm-0/dm/name"), "vg0-data\n");
    // Left out: an empty loop device and a RAM disk.
    put(sys + QStringLiteral("/loop0/size"), "0\n");
    put(sys + QStringLiteral("/ram0/size"), "8192\n");
    const QString mounts = tmp.filePath(QStringLiteral("mounts"));
    put(mounts, "proc /proc proc rw 0 0\n/dev/sda1 /boot ext4 rw 0 0\n/dev/mapper/vg0-data /srv/my\\040data xfs rw 0 0\n");

    const std::vector<BlockDeviceInfo> list = listBlockDevices(sys, mounts, QStringLiteral("/dev"));
    REQUIRE(list.size() == 3);
    // In name order: dm-0, md0, sda.
    const BlockDeviceInfo& dm = list[0];
    const BlockDeviceInfo& md = list[1];
    const BlockDeviceInfo& sda = list[2];
    CHECK(dm.name == u"dm-0");
    CHECK(dm.model == u"dm vg0-data");
    CHECK(dm.sizeBytes == 2048ull * 512);
    CHECK(dm.mounts == QStringList { QStringLiteral("dm-0 on /srv/my data") });
    CHECK(md.name == u"md0");
    CHECK(md.path == u"/dev/md0");
    CHECK(md.model == u"md raid5");
    CHECK(md.sizeBytes == 1040384ull * 512); // 508 MiB, the guide's md array
    CHECK_FALSE(md.rotational);
    CHECK_FALSE(md.inUse());
    CHECK(md.useText().isEmpty());
    CHECK(sda.sizeBytes == 976773168ull * 512);
    CHECK(sda.model == u"ST3500630NS");
    CHECK(sda.rotational);
    CHECK(sda.partitions == QStringList { QStringLiteral("sda1"), QStringLiteral("sda2") });
    CHECK(sda.holders == QStringList { QStringLiteral("md0") });
    CHECK(sda.mounts == QStringList { QStringLiteral("sda1 on /boot") });
    CHECK(sda.inUse());
    CHECK(sda.useText() == u"sda1 is mounted on /boot; md0 holds it");
}

TEST_CASE("listBlockDevices: no sysfs gives an empty list", "[core][blockdevices]")
{
    CHECK(listBlockDevices(QStringLiteral("/nonexistent/sys/block"), QStringLiteral("/nonexistent/mounts")).empty());
}
