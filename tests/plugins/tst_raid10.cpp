// SPDX-License-Identifier: GPL-3.0-or-later
#include "testsupport.h"

#include <catch2/catch.hpp>

#include <vector>

using raidscope::DiskBlock;
using raidscope::test::makeLayout;
using raidscope::test::specError;

namespace {

void checkPlaces(
    const raidscope::Layout& layout, std::uint64_t lba, DiskBlock data, const std::vector<DiskBlock>& copies)
{
    CAPTURE(lba);
    raidscope::BlockPlaces places;
    layout.places(lba, places);
    CHECK(places.data == data);
    CHECK(layout.dataPlace(lba) == data);
    CHECK(places.copies == copies);
    CHECK(places.parity.empty());
}

} // namespace

TEST_CASE("Raid10Layout: near copies are Shear's RAID-1 of Fig. 1", "[layout][raid10]")
{
    // Shear Fig. 1, RAID-1 on 4 disks with 4-block chunks: chunk 0 on disks 0 and 1, chunk 1 on disks 2
    // and 3, chunk 2 on disks 0 and 1 in row 1; disk block = row * 4 + offset.
    const auto layout = makeLayout(QStringLiteral("raid10 layout=near copies=2 disks=4 chunk=16KiB block=4KiB"));
    checkPlaces(*layout, 0, { 0, 0 }, { { 1, 0 } });
    checkPlaces(*layout, 5, { 2, 1 }, { { 3, 1 } });
    checkPlaces(*layout, 9, { 0, 5 }, { { 1, 5 } });
    checkPlaces(*layout, 14, { 2, 6 }, { { 3, 6 } });
    CHECK(layout->patternBlocks() == 8); // 2 chunks: disk 0, 2, 0, 2, ...
    CHECK(layout->dataDisks() == 2);
    CHECK(layout->copies() == 2);
    CHECK(layout->faultTolerance() == 1);
    CHECK(layout->smallWriteCost().writes == 2);
}

TEST_CASE("Raid10Layout: near copies wrap to the next row when copies do not divide disks", "[layout][raid10]")
{
    // md near layout, 3 disks, 2 copies, 2-block chunks (worked by hand from __raid10_find_phys):
    // chunk k starts at device chunk 2k: chunk0 d0 r0 + d1 r0; chunk1 d2 r0 + d0 r1; chunk2 d1 r1 + d2 r1
    const auto layout = makeLayout(QStringLiteral("raid10 disks=3 chunk=8KiB block=4KiB size=64KiB"));
    checkPlaces(*layout, 1, { 0, 1 }, { { 1, 1 } });
    checkPlaces(*layout, 2, { 2, 0 }, { { 0, 2 } });
    checkPlaces(*layout, 3, { 2, 1 }, { { 0, 3 } });
    checkPlaces(*layout, 5, { 1, 3 }, { { 2, 3 } });
    checkPlaces(*layout, 6, { 0, 4 }, { { 1, 4 } });
    CHECK(layout->patternBlocks() == 6); // data disks 0, 2, 1, 0, ...: 3 chunks
    CHECK(layout->dataDisks() == 1); // 3 / 2 chunks per row, reported as the floor
    // 8 chunks per member: calc_sectors 8 * 3 / 2 = 12 array chunks; raid10_size gives 12 too
    CHECK(layout->logicalBlocks() == 12 * 2);
}

TEST_CASE("Raid10Layout: three near copies", "[layout][raid10]")
{
    // 4 disks, 3 copies, 1-block chunks: chunk k starts at device chunk 3k (by hand)
    const auto layout = makeLayout(QStringLiteral("raid10 copies=3 disks=4 chunk=4KiB block=4KiB size=64KiB"));
    checkPlaces(*layout, 0, { 0, 0 }, { { 1, 0 }, { 2, 0 } });
    checkPlaces(*layout, 1, { 3, 0 }, { { 0, 1 }, { 1, 1 } });
    checkPlaces(*layout, 2, { 2, 1 }, { { 3, 1 }, { 0, 2 } });
    CHECK(layout->patternBlocks() == 4); // data disks 0, 3, 2, 1
    CHECK(layout->faultTolerance() == 2);
    CHECK(layout->smallWriteCost().writes == 3);
    // 16 chunks per member * 4 / 3 = 21 array chunks (calc_sectors, raid10_size)
    CHECK(layout->logicalBlocks() == 21);
}

TEST_CASE("Raid10Layout: far copies start at md's stride", "[layout][raid10]")
{
    // 4 disks, 2 far copies, 4-block chunks, 16 chunks per member. md calc_sectors: 16 / 2 * 4 = 32 array
    // chunks, * 2 copies / 4 disks = 16 used chunks per device, stride 16 / 2 = 8 chunks = 32 blocks.
    // Chunk k: device k % 4 at row k / 4; its far copy on the next device, 8 rows further.
    const auto layout = makeLayout(QStringLiteral("raid10 layout=far disks=4 chunk=16KiB block=4KiB size=256KiB"));
    checkPlaces(*layout, 0, { 0, 0 }, { { 1, 32 } });
    checkPlaces(*layout, 13, { 3, 1 }, { { 0, 33 } });
    checkPlaces(*layout, 22, { 1, 6 }, { { 2, 38 } });
    CHECK(layout->patternBlocks() == 16);
    CHECK(layout->dataDisks() == 4);
    CHECK(layout->logicalBlocks() == 32 * 4); // raid10_size: 16 / 2 * 4 / 1 chunks
}

TEST_CASE("Raid10Layout: far copies with an odd member size", "[layout][raid10]")
{
    // 3 disks, 2 far copies, 1-block chunks, 19 chunks per member. calc_sectors: 19 / 2 = 9, * 3 = 27
    // array chunks, * 2 / 3 = 18 used per device, stride 9. raid10_size(18): 18 / 2 * 3 = 27.
    const auto layout = makeLayout(QStringLiteral("raid10 layout=far disks=3 chunk=4KiB block=4KiB size=76KiB"));
    checkPlaces(*layout, 0, { 0, 0 }, { { 1, 9 } });
    checkPlaces(*layout, 5, { 2, 1 }, { { 0, 10 } });
    checkPlaces(*layout, 26, { 2, 8 }, { { 0, 17 } });
    CHECK(layout->logicalBlocks() == 27);
}

TEST_CASE("Raid10Layout: offset copies sit one row below on the next disk", "[layout][raid10]")
{
    // md far_offset: stripe = (k / D) * far_copies, stride one chunk. 4 disks, 4-block chunks:
    // chunk 3 on d3 row 0, copy d0 row 1; chunk 4 on d0 row 2, copy d1 row 3 (by hand)
    const auto layout = makeLayout(QStringLiteral("raid10 layout=offset disks=4 chunk=16KiB block=4KiB size=256KiB"));
    checkPlaces(*layout, 0, { 0, 0 }, { { 1, 4 } });
    checkPlaces(*layout, 13, { 3, 1 }, { { 0, 5 } });
    checkPlaces(*layout, 17, { 0, 9 }, { { 1, 13 } });
    CHECK(layout->patternBlocks() == 16);
    CHECK(layout->logicalBlocks() == 32 * 4); // 16 / 2 * 4 chunks
}

TEST_CASE("Raid10Layout: impossible geometries are refused", "[layout][raid10]")
{
    CHECK_FALSE(specError(QStringLiteral("raid10 disks=3 copies=4")).isEmpty());
    CHECK_FALSE(specError(QStringLiteral("raid10 disks=1")).isEmpty());
    // far copies need a section per copy: 1 chunk per member cannot hold 2
    CHECK_FALSE(specError(QStringLiteral("raid10 layout=far disks=4 chunk=16KiB size=16KiB")).isEmpty());
    CHECK(makeLayout(QStringLiteral("raid10 disks=4"))->copies() == 2); // md's default n2
}
