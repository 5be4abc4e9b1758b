// SPDX-License-Identifier: GPL-3.0-or-later
#include "testsupport.h"

#include <catch2/catch.hpp>

using raidscope::test::makeLayout;

TEST_CASE("ZigzagLayout: odd stripes run backwards as in Shear Fig. 1", "[layout][zigzag]")
{
    // Shear Fig. 1, ZIGZAG on 4 disks with 4-block chunks: blocks 0-3 disk0, 4-7 disk1, 8-11 disk2,
    // 12-15 disk3 (row 0), then 16-19 disk3, 20-23 disk2, 24-27 disk1, 28-31 disk0 (row 1); the disk
    // block is row * 4 + offset in the chunk. Rows 2.. repeat the pattern (worked by hand).
    const auto [lba, disk, block] = GENERATE(table<std::uint64_t, int, std::uint64_t>({
        { 0, 0, 0 },
        { 3, 0, 3 },
        { 4, 1, 0 },
        { 9, 2, 1 },
        { 13, 3, 1 },
        { 16, 3, 4 },
        { 19, 3, 7 },
        { 21, 2, 5 },
        { 26, 1, 6 },
        { 28, 0, 4 },
        { 31, 0, 7 },
        { 32, 0, 8 },
        { 47, 3, 11 },
        { 48, 3, 12 },
        { 63, 0, 15 },
    }));
    const auto layout = makeLayout(QStringLiteral("zigzag disks=4 chunk=16KiB block=4KiB"));
    CAPTURE(lba);
    CHECK(layout->patternBlocks() == 32); // two stripes: "Pattern size" of Fig. 1's ZIGZAG
    CHECK(layout->dataPlace(lba).disk == disk);
    CHECK(layout->dataPlace(lba).block == block);
    raidscope::BlockPlaces places;
    layout->places(lba, places);
    CHECK(places.data == raidscope::DiskBlock { disk, block });
    CHECK(places.copies.empty());
    CHECK(places.parity.empty());
}

TEST_CASE("ZigzagLayout: capacity, pattern and cost follow from the definition", "[layout][zigzag]")
{
    // 2 disks: chunk disks 0,1,1,0 -> the pattern is 4 chunks (by hand); no shorter period
    const auto two = makeLayout(QStringLiteral("zigzag disks=2 chunk=8KiB block=4KiB size=40KiB"));
    CHECK(two->patternBlocks() == 8);
    CHECK(two->logicalBlocks() == 2 * 10); // every row of both members holds data
    CHECK(two->faultTolerance() == 0);
    CHECK(two->dataDisks() == 2);
    CHECK(two->smallWriteCost().reads == 0);
    CHECK(two->smallWriteCost().writes == 1);
    // 6 disks, 8 KiB chunks (Shear Fig. 5's ZIGZAG): two stripes of 6 chunks
    CHECK(makeLayout(QStringLiteral("zigzag disks=6 chunk=8KiB block=4KiB"))->patternBlocks() == 24);
    CHECK_FALSE(raidscope::test::specError(QStringLiteral("zigzag disks=1")).isEmpty());
}
