// SPDX-License-Identifier: GPL-3.0-or-later
#include "testsupport.h"

#include <catch2/catch.hpp>

using raidscope::DiskBlock;
using raidscope::ParityPlace;
using raidscope::test::makeLayout;

TEST_CASE("Raid6Layout: md rotations and Shear's continuous P+Q on 5 disks", "[layout][raid6]")
{
    // 5 disks, 4-block chunks, 3 data chunks per stripe; stripe s is disk chunk row s. Worked by hand
    // from the definitions; (data disks of stripes 0..4, P, Q):
    //   ls: s0 1,2,3 P4 Q0 | s1 0,1,2 P3 Q4 | s2 4,0,1 P2 Q3 | s3 3,4,0 P1 Q2 | s4 2,3,4 P0 Q1
    //   la: s0 1,2,3 P4 Q0 | s1 0,1,2 P3 Q4 | s2 0,1,4 P2 Q3 | s3 0,3,4 P1 Q2 | s4 2,3,4 P0 Q1
    //   ra: s0 2,3,4 P0 Q1 | s1 0,3,4 P1 Q2 | s2 0,1,4 P2 Q3 | s3 0,1,2 P3 Q4 | s4 1,2,3 P4 Q0
    //   rs: s0 2,3,4 P0 Q1 | s1 3,4,0 P1 Q2 | s2 4,0,1 P2 Q3 | s3 0,1,2 P3 Q4 | s4 1,2,3 P4 Q0
    //   continuous: chunk k on disk k % 5; s0 0,1,2 P3 Q4 | s1 3,4,0 P1 Q2 | s2 1,2,3 P4 Q0
    const auto [variant, lba, disk, block, pDisk, qDisk]
        = GENERATE(table<const char*, std::uint64_t, int, std::uint64_t, int, int>({
            { "ls", 1, 1, 1, 4, 0 },
            { "ls", 14, 0, 6, 3, 4 },
            { "ls", 25, 4, 9, 2, 3 },
            { "ls", 46, 0, 14, 1, 2 },
            { "ls", 56, 4, 16, 0, 1 },
            { "la", 8, 3, 0, 4, 0 },
            { "la", 33, 4, 9, 2, 3 },
            { "la", 40, 3, 12, 1, 2 },
            { "la", 51, 2, 19, 0, 1 },
            { "ra", 0, 2, 0, 0, 1 },
            { "ra", 17, 3, 5, 1, 2 },
            { "ra", 34, 4, 10, 2, 3 },
            { "ra", 57, 3, 17, 4, 0 },
            { "rs", 21, 0, 5, 1, 2 },
            { "rs", 26, 4, 10, 2, 3 },
            { "rs", 59, 3, 19, 4, 0 },
            { "continuous", 13, 3, 5, 1, 2 },
            { "continuous", 22, 0, 6, 1, 2 },
            { "continuous", 33, 3, 9, 4, 0 },
        }));
    const auto layout
        = makeLayout(QStringLiteral("raid6 disks=5 chunk=16KiB block=4KiB layout=") + QString::fromLatin1(variant));
    CAPTURE(variant, lba);
    raidscope::BlockPlaces places;
    layout->places(lba, places);
    CHECK(places.data == DiskBlock { disk, block });
    CHECK(layout->dataPlace(lba) == DiskBlock { disk, block });
    CHECK(places.copies.empty());
    REQUIRE(places.parity.size() == 2);
    CHECK(places.parity[0].kind == ParityPlace::P);
    CHECK(places.parity[0].at == DiskBlock { pDisk, block });
    CHECK(places.parity[1].kind == ParityPlace::Q);
    CHECK(places.parity[1].at == DiskBlock { qDisk, block });
}

TEST_CASE("Raid6Layout: pattern sizes on 5 disks", "[layout][raid6]")
{
    // From the tables above: the md rotations repeat only after 5 stripes (15 chunks, 60 blocks);
    // continuous repeats every 5 chunks like RAID-0 (Shear §3.1: "identical to RAID-0").
    const auto [variant, patternBlocks] = GENERATE(table<const char*, std::uint64_t>(
        { { "ls", 60 }, { "la", 60 }, { "rs", 60 }, { "ra", 60 }, { "continuous", 20 } }));
    CAPTURE(variant);
    CHECK(makeLayout(QStringLiteral("raid6 disks=5 chunk=16KiB block=4KiB layout=") + QString::fromLatin1(variant))
              ->patternBlocks()
        == patternBlocks);
}

TEST_CASE("Raid6Layout: capacity, default and cost", "[layout][raid6]")
{
    const auto layout = makeLayout(QStringLiteral("raid6 disks=6 chunk=8KiB block=4KiB size=40KiB"));
    CHECK(layout->params().variant == QStringLiteral("left-symmetric"));
    CHECK(layout->logicalBlocks() == 4 * 10);
    CHECK(layout->dataDisks() == 4);
    CHECK(layout->faultTolerance() == 2);
    CHECK(layout->smallWriteCost().reads == 3);
    CHECK(layout->smallWriteCost().writes == 3);
    CHECK(layout->redundancy() == raidscope::Redundancy::DoubleParity);
    CHECK_FALSE(raidscope::test::specError(QStringLiteral("raid6 disks=3")).isEmpty());
}
