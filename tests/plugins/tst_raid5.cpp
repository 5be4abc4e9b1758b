// SPDX-License-Identifier: GPL-3.0-or-later
#include "testsupport.h"

#include <catch2/catch.hpp>

using raidscope::DiskBlock;
using raidscope::test::makeLayout;

TEST_CASE("Raid5Layout: the four md rotations on 4 disks", "[layout][raid5]")
{
    // 4 disks, 4-block chunks; stripe s = chunk / 3 is disk chunk row s; block = row * 4 + offset.
    // left-asymmetric is Shear Fig. 1's RAID-5 (0-3 d0, 4-7 d1, 8-11 d2, P d3; 12-15 d0, 16-19 d1, P d2,
    // 20-23 d3; 24-27 d0, P d1, 28-31 d2, 32-35 d3; P d0, 36-39 d1, 40-43 d2, 44-47 d3). The others are
    // worked by hand from the md definitions (parity disk per stripe: left 3,2,1,0; right 0,1,2,3;
    // symmetric: data continues after the parity disk; asymmetric: data restarts at disk 0).
    const auto [variant, lba, disk, block, parityDisk]
        = GENERATE(table<const char*, std::uint64_t, int, std::uint64_t, int>({
            { "la", 0, 0, 0, 3 },
            { "la", 17, 1, 5, 2 },
            { "la", 21, 3, 5, 2 },
            { "la", 30, 2, 10, 1 },
            { "la", 36, 1, 12, 0 },
            { "la", 47, 3, 15, 0 },
            { "la", 48, 0, 16, 3 },
            { "ls", 13, 3, 5, 2 },
            { "ls", 18, 0, 6, 2 },
            { "ls", 33, 0, 9, 1 },
            { "ls", 37, 1, 13, 0 },
            { "rs", 0, 1, 0, 0 },
            { "rs", 14, 2, 6, 1 },
            { "rs", 23, 0, 7, 1 },
            { "rs", 36, 0, 12, 3 },
            { "ra", 0, 1, 0, 0 },
            { "ra", 12, 0, 4, 1 },
            { "ra", 33, 3, 9, 2 },
            { "ra", 44, 2, 12, 3 },
        }));
    const auto layout
        = makeLayout(QStringLiteral("raid5 disks=4 chunk=16KiB block=4KiB layout=") + QString::fromLatin1(variant));
    CAPTURE(variant, lba);
    raidscope::BlockPlaces places;
    layout->places(lba, places);
    CHECK(places.data == DiskBlock { disk, block });
    CHECK(layout->dataPlace(lba) == DiskBlock { disk, block });
    CHECK(places.copies.empty());
    REQUIRE(places.parity.size() == 1);
    CHECK(places.parity[0].kind == raidscope::ParityPlace::P);
    CHECK(places.parity[0].at == DiskBlock { parityDisk, block });
}

TEST_CASE("Raid5Layout: pattern sizes on 4 disks", "[layout][raid5]")
{
    // Shear Fig. 1: left-asymmetric "Pattern size = 48" blocks. left-symmetric puts chunks on disks
    // 0,1,2,3,0,1,... (one stripe's worth of disks, 16 blocks); right-symmetric 1,2,3,2,3,0,3,0,1,0,1,2
    // and right-asymmetric 1,2,3,0,2,3,0,1,3,0,1,2 repeat only after 12 chunks (by hand).
    const auto [variant, patternBlocks]
        = GENERATE(table<const char*, std::uint64_t>({ { "la", 48 }, { "ls", 16 }, { "rs", 48 }, { "ra", 48 } }));
    CAPTURE(variant);
    CHECK(makeLayout(QStringLiteral("raid5 disks=4 chunk=16KiB block=4KiB layout=") + QString::fromLatin1(variant))
              ->patternBlocks()
        == patternBlocks);
}

TEST_CASE("Raid5Layout: capacity, default and cost", "[layout][raid5]")
{
    const auto layout = makeLayout(QStringLiteral("raid5 disks=5 chunk=8KiB block=4KiB size=40KiB"));
    CHECK(layout->params().variant == QStringLiteral("left-symmetric")); // md's default
    CHECK(layout->logicalBlocks() == 4 * 10); // md raid5_size: member sectors * data disks
    CHECK(layout->dataDisks() == 4);
    CHECK(layout->faultTolerance() == 1);
    CHECK(layout->smallWriteCost().reads == 2);
    CHECK(layout->smallWriteCost().writes == 2);
    CHECK_FALSE(raidscope::test::specError(QStringLiteral("raid5 disks=2")).isEmpty());
    CHECK_FALSE(raidscope::test::specError(QStringLiteral("raid5 disks=4 layout=continuous")).isEmpty());
}
