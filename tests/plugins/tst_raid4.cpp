// SPDX-License-Identifier: GPL-3.0-or-later
#include "testsupport.h"

#include <catch2/catch.hpp>

using raidscope::DiskBlock;
using raidscope::ParityPlace;
using raidscope::test::makeLayout;

TEST_CASE("Raid4Layout: one disk holds all parity", "[layout][raid4]")
{
    // 4 disks, 4-block chunks; stripe s = chunk / 3 is disk chunk row s. parity-last (md level 4):
    // data index i on disk i, parity on disk 3. parity-first (md ALGORITHM_PARITY_0): data on disk i+1,
    // parity on disk 0. Worked by hand.
    const auto [variant, lba, disk, block, parityDisk]
        = GENERATE(table<const char*, std::uint64_t, int, std::uint64_t, int>({
            { "parity-last", 0, 0, 0, 3 },
            { "parity-last", 5, 1, 1, 3 },
            { "parity-last", 14, 0, 6, 3 },
            { "parity-last", 35, 2, 11, 3 },
            { "parity-first", 0, 1, 0, 0 },
            { "parity-first", 14, 1, 6, 0 },
            { "parity-first", 35, 3, 11, 0 },
        }));
    const auto layout
        = makeLayout(QStringLiteral("raid4 disks=4 chunk=16KiB block=4KiB layout=") + QString::fromLatin1(variant));
    CAPTURE(variant, lba);
    raidscope::BlockPlaces places;
    layout->places(lba, places);
    CHECK(places.data == DiskBlock { disk, block });
    CHECK(places.copies.empty());
    REQUIRE(places.parity.size() == 1);
    CHECK(places.parity[0].kind == ParityPlace::P);
    CHECK(places.parity[0].at == DiskBlock { parityDisk, block });
    CHECK(layout->patternBlocks() == 12); // one stripe of 3 data chunks
}

TEST_CASE("Raid4Layout: capacity and cost", "[layout][raid4]")
{
    const auto layout = makeLayout(QStringLiteral("raid4 disks=4 chunk=16KiB block=4KiB size=64KiB"));
    CHECK(layout->params().variant == QStringLiteral("parity-last")); // the default
    CHECK(layout->logicalBlocks() == 3 * 16);
    CHECK(layout->dataDisks() == 3);
    CHECK(layout->faultTolerance() == 1);
    CHECK(layout->smallWriteCost().reads == 2);
    CHECK(layout->smallWriteCost().writes == 2);
    CHECK_FALSE(raidscope::test::specError(QStringLiteral("raid4 disks=2")).isEmpty());
}
