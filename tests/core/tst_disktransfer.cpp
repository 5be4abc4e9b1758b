// SPDX-License-Identifier: GPL-3.0-or-later
// The transfer loop's count of the sectors that fit before a time limit (issue 53: a livelock when the
// room left equals one sector to within a double's spacing). The first case is the state the loop spun in,
// read from the hung process; the second is built from IEEE arithmetic alone: a limit that is exactly the
// cursor's own sum t + s, rounded down, so that the quotient (limit - t) / s falls just below 1.
#include "disk/exactmath.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>

using namespace raidscope;

TEST_CASE("sectorsFitting: the HP C3323A's hang, a read-ahead one sector short of a command's arrival", "[disk][livelock]")
{
    // The state the transfer loop spun in (raidscope-cli simulate --array "raid5 disks=4 disk=<the imported
    // hp_c3323a.parv>" --workload "random read=0 count=30000", read with a debugger): zone 0, 120 sectors a
    // track at 5396 rpm, the read-ahead's cursor at 1160874907338.7695 ns, the next command arriving at
    // 1160.875 s. The sector time is the model's: 60000 / 5396 ms a revolution, in ns, over 120.
    const double sectorNs = 60000.0 / 5396 * 1e6 / 120; // 92661.2305411416 ns
    const double timeNs = 0x1.0e498956cac50p+40; // 1160874907338.7695 ns
    const double limitNs = 1160875000000.0;
    REQUIRE(timeNs + sectorNs <= limitNs); // the loop's test, the cursor's own sum: the sector fits
    const double roomNs = limitNs - timeNs; // 92661.23046875, exact (Sterbenz): 7e-5 ns under one sector
    REQUIRE(roomNs == 92661.23046875);
    REQUIRE(std::uint64_t(roomNs / sectorNs) == 0); // the old count: 0 sectors, and the loop had no other exit
    CHECK(sectorsFitting(timeNs, sectorNs, limitNs, 1) == 1);
    CHECK(sectorsFitting(timeNs, sectorNs, limitNs, 256) == 1);
    const double afterNs = timeNs + double(1) * sectorNs; // where the cursor then stands: at the limit at most
    CHECK(afterNs <= limitNs);
    CHECK(afterNs + sectorNs > limitNs); // so the next pass stops at the test
}

TEST_CASE("sectorsFitting: a limit one sector away counts that sector even where the quotient says 0", "[disk][livelock]")
{
    // A 5400 rpm disk with 72 sectors a track: 60e9 / 5400 / 72 ns a sector.
    const double sectorNs = 60e9 / 5400.0 / 72.0; // 154320.98765... ns
    // Near 4.6e12 ns (a simulated hour and a quarter) a double's spacing is 2^-10 ns: t + s is rounded.
    const double timeNs = 0x1.0bc157ef370fap+42; // 4600000134364.244 ns
    const double limitNs = timeNs + sectorNs; // the cursor's own sum, rounded (here: down)
    REQUIRE(timeNs + sectorNs <= limitNs); // the transfer loop's test: the first sector fits
    const double roomNs = limitNs - timeNs; // exact (Sterbenz), and a hair under one sector
    REQUIRE(roomNs < sectorNs);
    REQUIRE(std::uint64_t(roomNs / sectorNs) == 0); // what the old count used: 0 sectors, no progress
    CHECK(sectorsFitting(timeNs, sectorNs, limitNs, 1) == 1);
    CHECK(sectorsFitting(timeNs, sectorNs, limitNs, 40) == 1);
    // After that one sector the cursor stands at the limit, not past it: the next test stops the loop.
    const double afterNs = timeNs + double(1) * sectorNs;
    CHECK(afterNs <= limitNs);
    CHECK(afterNs + sectorNs > limitNs);
}

TEST_CASE("sectorsFitting: away from the boundary it is the whole sectors in the room", "[disk][livelock]")
{
    const double sectorNs = 1000.0;
    // 3.5 sectors of room: 3 of 10 fit; all of 2; 3 of 3 (the last ends 500 ns before the limit).
    CHECK(sectorsFitting(1e6, sectorNs, 1e6 + 3500.0, 10) == 3);
    CHECK(sectorsFitting(1e6, sectorNs, 1e6 + 3500.0, 2) == 2);
    CHECK(sectorsFitting(1e6, sectorNs, 1e6 + 3500.0, 3) == 3);
    // Exactly 4 sectors of room (all exact in binary): 4 fit, the limit being the fourth's end.
    CHECK(sectorsFitting(1e6, sectorNs, 1e6 + 4000.0, 10) == 4);
    CHECK(sectorsFitting(1e6, sectorNs, 1e6 + 4000.0, 4) == 4);
    // An unbounded limit takes all.
    CHECK(sectorsFitting(1e6, sectorNs, HUGE_VAL, 17) == 17);
}
