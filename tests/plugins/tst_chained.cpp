// SPDX-License-Identifier: GPL-3.0-or-later
#include "testsupport.h"

#include <catch2/catch.hpp>

using raidscope::DiskBlock;
using raidscope::test::makeLayout;

TEST_CASE("ChainedLayout: primaries and backups as in Shear Fig. 1", "[layout][chained]")
{
    // Shear Fig. 1, chained declustering on 4 disks with 4-block chunks (disk chunk rows, disks 0..3):
    //   row0 = 0-3 | 4-7 | 8-11 | 12-15      row1 = 12-15 | 0-3 | 4-7 | 8-11
    //   row2 = 16-19 | 20-23 | 24-27 | 28-31  row3 = 28-31 | 16-19 | 20-23 | 24-27
    // disk block = row * 4 + offset in the chunk.
    const auto [lba, disk, block, copyDisk, copyBlock]
        = GENERATE(table<std::uint64_t, int, std::uint64_t, int, std::uint64_t>({
            { 0, 0, 0, 1, 4 }, { 6, 1, 2, 2, 6 }, { 13, 3, 1, 0, 5 }, { 16, 0, 8, 1, 12 }, { 26, 2, 10, 3, 14 },
            { 31, 3, 11, 0, 15 }, { 33, 0, 17, 1, 21 }, // the next pattern: rows 4 and 5
        }));
    const auto layout = makeLayout(QStringLiteral("chained disks=4 chunk=16KiB block=4KiB"));
    CAPTURE(lba);
    raidscope::BlockPlaces places;
    layout->places(lba, places);
    CHECK(places.data == DiskBlock { disk, block });
    REQUIRE(places.copies.size() == 1);
    CHECK(places.copies[0] == DiskBlock { copyDisk, copyBlock });
    CHECK(places.parity.empty());
    CHECK(layout->patternBlocks() == 16); // the primaries go round-robin: D chunks
}

TEST_CASE("ChainedLayout: capacity uses whole row pairs", "[layout][chained]")
{
    // 5 chunks per member: rows 0-3 hold 2 row pairs of 4 primaries, row 4 is unused (by hand)
    const auto layout = makeLayout(QStringLiteral("chained disks=4 chunk=16KiB block=4KiB size=80KiB"));
    CHECK(layout->logicalBlocks() == 4 * 2 * 4);
    CHECK(layout->copies() == 2);
    CHECK(layout->faultTolerance() == 1);
    CHECK(layout->smallWriteCost().reads == 0);
    CHECK(layout->smallWriteCost().writes == 2);
    CHECK_FALSE(raidscope::test::specError(QStringLiteral("chained disks=4 chunk=16KiB size=16KiB")).isEmpty());
}
