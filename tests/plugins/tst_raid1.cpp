// SPDX-License-Identifier: GPL-3.0-or-later
#include "testsupport.h"

#include <catch2/catch.hpp>

using raidscope::DiskBlock;
using raidscope::test::makeLayout;
using raidscope::test::specError;

TEST_CASE("Raid1Layout: every member holds every block at the same offset", "[layout][raid1]")
{
    // md raid1 writes each block to every mirror at the same sector; disk 0 is the data place
    const auto lba = GENERATE(std::uint64_t(0), std::uint64_t(5), std::uint64_t(15));
    const auto layout = makeLayout(QStringLiteral("raid1 disks=3 chunk=16KiB block=4KiB size=64KiB"));
    CAPTURE(lba);
    raidscope::BlockPlaces places;
    layout->places(lba, places);
    CHECK(places.data == DiskBlock { 0, lba });
    REQUIRE(places.copies.size() == 2);
    CHECK(places.copies[0] == DiskBlock { 1, lba });
    CHECK(places.copies[1] == DiskBlock { 2, lba });
    CHECK(places.parity.empty());
    CHECK(layout->dataPlace(lba) == DiskBlock { 0, lba });
}

TEST_CASE("Raid1Layout: size, tolerance and cost of a full mirror", "[layout][raid1]")
{
    const auto layout = makeLayout(QStringLiteral("raid1 disks=3 chunk=16KiB block=4KiB size=64KiB"));
    CHECK(layout->logicalBlocks() == 16); // one member: 64 KiB / 4 KiB
    CHECK(layout->patternBlocks() == 4); // one chunk: nothing is striped
    CHECK(layout->dataDisks() == 1);
    CHECK(layout->copies() == 3);
    CHECK(layout->faultTolerance() == 2);
    CHECK(layout->smallWriteCost().reads == 0);
    CHECK(layout->smallWriteCost().writes == 3);
    CHECK(layout->redundancy() == raidscope::Redundancy::Mirror);
}

TEST_CASE("Raid1Layout: copies default to disks and must equal them", "[layout][raid1]")
{
    CHECK(specError(QStringLiteral("raid1 disks=3 copies=3")).isEmpty());
    CHECK(makeLayout(QStringLiteral("raid1 disks=4"))->copies() == 4);
    const QString error = specError(QStringLiteral("raid1 disks=3 copies=2"));
    CHECK(error.contains(QStringLiteral("copies must equal disks")));
    CHECK(error.contains(QStringLiteral("copies=2, disks=3")));
    CHECK(error.contains(QStringLiteral("raid10")));
    CHECK_FALSE(specError(QStringLiteral("raid1 disks=1")).isEmpty());
}
