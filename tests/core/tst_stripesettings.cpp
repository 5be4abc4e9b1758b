// SPDX-License-Identifier: GPL-3.0-or-later
// #54 item 5: the recommended chunk, ready to paste. Each line worked by hand from the tools' manuals:
// mdadm(8) --chunk in KiB; mkfs.xfs(8) -d su (the stripe unit), sw (data disks in a stripe);
// mkfs.ext4(8) -E stride (chunk / filesystem block), stripe-width (stride x data disks);
// lvmraid(7) --stripes (data stripes, parity not counted), --stripesize.
#include "advisor/stripesettings.h"
#include "layout/arrayspec.h"
#include "layout/layoutregistry.h"

#include <catch2/catch.hpp>

using namespace raidscope;

namespace {

std::vector<StripeSetting> settings(const char* spec, std::uint64_t chunkBytes)
{
    QString error;
    const auto parsed = parseArraySpec(QString::fromLatin1(spec), &error);
    REQUIRE(parsed);
    const auto resolved = LayoutRegistry::instance().resolve(*parsed, &error);
    INFO(error.toStdString());
    REQUIRE(resolved);
    return stripeSettings(*resolved, chunkBytes);
}

QString command(const std::vector<StripeSetting>& s, const char* tool)
{
    for (const StripeSetting& x : s)
        if (x.tool == QLatin1StringView(tool))
            return x.command;
    return QStringLiteral("(no such tool)");
}

} // namespace

TEST_CASE("Stripe settings: RAID 5 of 5, 64 KiB chunks, 4 data disks a stripe", "[core][advisor][settings]")
{
    if (!LayoutRegistry::instance().find(QStringLiteral("raid5")))
        return;
    const auto s = settings("raid5 layout=left-symmetric disks=5", 64 * 1024);
    CHECK(command(s, "mdadm") == QStringLiteral("mdadm --create /dev/mdX --level=5 --raid-devices=5 --layout=left-symmetric --chunk=64 DEVICES"));
    CHECK(command(s, "mkfs.xfs") == QStringLiteral("mkfs.xfs -d su=64k,sw=4 DEVICE"));
    // 64 KiB / 4 KiB = 16 blocks a chunk; 16 x 4 = 64 a stripe.
    CHECK(command(s, "mkfs.ext4") == QStringLiteral("mkfs.ext4 -b 4096 -E stride=16,stripe-width=64 DEVICE"));
    CHECK(command(s, "lvcreate") == QStringLiteral("lvcreate --type raid5_ls --stripes 4 --stripesize 64k --size SIZE --name NAME VG"));
}

TEST_CASE("Stripe settings: RAID 6 of 8 and RAID 10 near of 4", "[core][advisor][settings]")
{
    if (!LayoutRegistry::instance().find(QStringLiteral("raid6")) || !LayoutRegistry::instance().find(QStringLiteral("raid10")))
        return;
    const auto r6 = settings("raid6 disks=8", 128 * 1024);
    CHECK(command(r6, "mkfs.xfs") == QStringLiteral("mkfs.xfs -d su=128k,sw=6 DEVICE"));
    CHECK(command(r6, "mkfs.ext4") == QStringLiteral("mkfs.ext4 -b 4096 -E stride=32,stripe-width=192 DEVICE"));
    CHECK(command(r6, "lvcreate") == QStringLiteral("lvcreate --type raid6 --stripes 6 --stripesize 128k --size SIZE --name NAME VG"));

    const auto r10 = settings("raid10 layout=near disks=4", 32 * 1024);
    CHECK(command(r10, "mdadm") == QStringLiteral("mdadm --create /dev/mdX --level=10 --raid-devices=4 --layout=n2 --chunk=32 DEVICES"));
    CHECK(command(r10, "mkfs.xfs") == QStringLiteral("mkfs.xfs -d su=32k,sw=2 DEVICE"));
    CHECK(command(r10, "lvcreate") == QStringLiteral("lvcreate --type raid10 --mirrors 1 --stripes 2 --stripesize 32k --size SIZE --name NAME VG"));
}

TEST_CASE("Stripe settings: no filesystem line where a stripe holds no whole number of data chunks", "[core][advisor][settings]")
{
    if (!LayoutRegistry::instance().find(QStringLiteral("raid10")))
        return;
    // Near copies 2 on 5 disks: a row of 5 chunks holds 2.5 chunks of data.
    const auto s = settings("raid10 layout=near disks=5", 64 * 1024);
    CHECK(command(s, "mdadm") == QStringLiteral("mdadm --create /dev/mdX --level=10 --raid-devices=5 --layout=n2 --chunk=64 DEVICES"));
    CHECK(command(s, "mkfs.xfs").isEmpty());
    CHECK(command(s, "mkfs.ext4").isEmpty());
    CHECK(command(s, "lvcreate").isEmpty());
    CHECK(s.at(1).note.contains(QStringLiteral("no whole number of data chunks")));

    if (LayoutRegistry::instance().find(QStringLiteral("chained"))) {
        const auto c = settings("chained disks=4", 64 * 1024);
        CHECK(command(c, "mdadm").isEmpty());
        CHECK(c.front().note == QStringLiteral("chained is not one of md's levels"));
    }
}
