// SPDX-License-Identifier: GPL-3.0-or-later
#include "layout/layoutgrid.h"
#include "testsupport.h"

#include <catch2/catch.hpp>

using namespace raidscope;
using raidscope::test::makeLayout;

// #54: a diagram of RAID 5 must show where the parity goes on every disk, not only the data pattern.
TEST_CASE("LayoutGrid: the rows drawn hold a full parity rotation", "[core][layoutgrid]")
{
    SECTION("RAID-5 left-symmetric of 5: five stripes, parity on disks 4, 3, 2, 1, 0")
    {
        // md's left-symmetric (Shear Fig. 1): stripe s has P on disk D-1 - s mod D and its data start
        // on the disk after it. Data chunk k is on disk k mod 5 (the data pattern is 5 chunks, 1.25
        // stripes), but the parity is back on disk 4 only at stripe 5.
        const auto layout = makeLayout(QStringLiteral("raid5 layout=left-symmetric disks=5 chunk=64KiB"));
        CHECK(layoutRotationStripes(*layout, 64) == std::optional<std::uint64_t>(5));
        const LayoutGrid grid = buildLayoutGrid(*layout, 8, 64);
        REQUIRE(grid.rows == std::vector<std::uint64_t> { 0, 1, 2, 3, 4 });
        CHECK(grid.rotationChunks == 20);
        for (std::size_t r = 0; r < 5; ++r) {
            CAPTURE(r);
            const int parityDisk = 4 - int(r);
            CHECK(grid.at(r, parityDisk).role == GridCell::ParityP);
            CHECK(grid.at(r, parityDisk).number == r);
            // The stripe's first data chunk, 4r, on the disk after its parity.
            const GridCell& first = grid.at(r, (parityDisk + 1) % 5);
            CHECK(first.role == GridCell::Data);
            CHECK(first.number == 4 * r);
        }
    }
    SECTION("RAID-4 and RAID-0 repeat every stripe; RAID-10 near 2 of 4 too")
    {
        CHECK(layoutRotationStripes(*makeLayout(QStringLiteral("raid4 disks=4")), 64) == std::optional<std::uint64_t>(1));
        CHECK(layoutRotationStripes(*makeLayout(QStringLiteral("raid0 disks=3")), 64) == std::optional<std::uint64_t>(1));
        CHECK(layoutRotationStripes(*makeLayout(QStringLiteral("raid10 disks=4")), 64) == std::optional<std::uint64_t>(1));
        // RAID-4 of 4: one stripe is the pattern and the rotation; two asked for, two drawn.
        CHECK(buildLayoutGrid(*makeLayout(QStringLiteral("raid4 disks=4")), 6, 64).rows.size() == 2);
    }
    SECTION("RAID-6 left-symmetric of 6: P and Q visit every disk in six stripes")
    {
        const auto layout = makeLayout(QStringLiteral("raid6 disks=6"));
        CHECK(layoutRotationStripes(*layout, 64) == std::optional<std::uint64_t>(6));
        CHECK(buildLayoutGrid(*layout, 0, 64).rows.size() == 6);
    }
    SECTION("a rotation longer than the rows allowed is cut at the row limit")
    {
        const auto layout = makeLayout(QStringLiteral("raid5 disks=12"));
        const LayoutGrid grid = buildLayoutGrid(*layout, 0, 8);
        CHECK(grid.rows.size() == 8);
    }
}
