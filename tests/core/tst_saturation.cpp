// SPDX-License-Identifier: GPL-3.0-or-later
#include "sim/arraysimulator.h"
#include "sim/saturation.h"
#include "testsupport.h"

#include <catch2/catch.hpp>

#include <vector>

using namespace raidscope;
using Catch::Matchers::WithinRel;

namespace {

// One disk that took `serviceMs` per request, `requests` of them arriving over `spanS`.
SimResult oneDisk(std::uint64_t requests, double serviceMs)
{
    SimResult r;
    r.requests = requests;
    DiskResult d;
    d.ops = requests;
    d.busyNs = double(requests) * serviceMs * 1e6;
    r.disks.push_back(d);
    return r;
}

} // namespace

// #54: "offered 800 IOPS, this array saturates near 450" on the Traces page's replay.
TEST_CASE("Saturation: one disk of 10 ms per request serves at most 100 requests a second", "[core][saturation]")
{
    // By hand: 1000 requests x 10 ms = 10 s of disk time. Over 5 s they are offered at 200/s,
    // twice the 1 / 10 ms = 100/s the disk can do: rho = 2.
    const SaturationVerdict over = assessSaturation(oneDisk(1000, 10), 5e9);
    CHECK(over.saturated());
    CHECK_THAT(over.offeredIops, WithinRel(200.0, 1e-12));
    CHECK_THAT(over.capacityIops, WithinRel(100.0, 1e-12));
    CHECK_THAT(over.utilizationLaw, WithinRel(2.0, 1e-12));
    CHECK(over.bottleneckDisk == 0);
    CHECK(over.text() == u"offered 200 IOPS, this array saturates near 100: response times grow without bound");

    // Over 20 s: 50/s, rho = 0.5, sustained; over 10.5 s: 95.2/s, rho = 0.952, near.
    const SaturationVerdict under = assessSaturation(oneDisk(1000, 10), 20e9);
    CHECK(under.state == SaturationVerdict::State::Sustained);
    CHECK(under.text() == u"offered 50 IOPS, this array sustains about 100 (busiest disk 50 % of its time)");
    CHECK(assessSaturation(oneDisk(1000, 10), 10.5e9).state == SaturationVerdict::State::Near);

    // The busiest of several disks decides: disk 1 with 20 ms per request caps the array at 50/s.
    SimResult two = oneDisk(1000, 10);
    two.disks.push_back(oneDisk(1000, 20).disks.front());
    const SaturationVerdict bottleneck = assessSaturation(two, 10e9);
    CHECK(bottleneck.bottleneckDisk == 1);
    CHECK_THAT(bottleneck.capacityIops, WithinRel(50.0, 1e-12));
    CHECK(bottleneck.saturated());

    // Nothing to judge: no requests, no span, no disk time.
    CHECK(assessSaturation(SimResult {}, 1e9).state == SaturationVerdict::State::Unknown);
    CHECK(assessSaturation(oneDisk(1000, 10), 0).state == SaturationVerdict::State::Unknown);
    CHECK(assessSaturation(oneDisk(1000, 0), 1e9).text().isEmpty());
    // A burst of 3 requests in 30 us states no rate (under 100 requests).
    CHECK(assessSaturation(oneDisk(3, 10), 30e3).state == SaturationVerdict::State::Unknown);
}

TEST_CASE("Saturation: a replay above the verdict's capacity has response times that keep growing", "[core][saturation]")
{
    // A second method: an open queue offered more than it serves falls behind linearly, so the last
    // requests wait far longer than the first. 4 KiB random reads on one 9LZX disk (about 10 ms each)
    // at 400/s for 3 s, and at 20/s for 10 s.
    const auto run = [](double ratePerSec, double seconds) {
        auto sim = test::makeSim("raid0 disks=1 chunk=64KiB");
        std::vector<ReplayRecord> records;
        std::uint64_t x = 12345;
        for (int i = 0; i < int(seconds * ratePerSec); ++i) {
            x = x * 6364136223846793005ull + 1442695040888963407ull;
            records.push_back({ double(i) / ratePerSec * 1e9, (x >> 20) % (1ull << 20) * 4096, 4096, false });
        }
        std::vector<double> responseMs;
        std::size_t next = 0;
        const ReplaySource source { [&](ReplayRecord& r) {
                                       if (next == records.size())
                                           return false;
                                       r = records[next++];
                                       return true;
                                   },
            [&](double, double responseNs) { responseMs.push_back(responseNs * 1e-6); } };
        SimResult result = sim->replay(source);
        const double spanNs = records.back().timeNs;
        return std::make_tuple(result, spanNs, responseMs);
    };
    const auto [fast, fastSpan, fastMs] = run(400, 3);
    const SaturationVerdict v = assessSaturation(fast, fastSpan);
    CHECK(v.saturated());
    CHECK(v.capacityIops < 400);
    // Completion order is arrival order closely enough at one disk: the last tenth against the first.
    const std::size_t tenth = fastMs.size() / 10;
    double first = 0, last = 0;
    for (std::size_t i = 0; i < tenth; ++i) {
        first += fastMs[i];
        last += fastMs[fastMs.size() - 1 - i];
    }
    CHECK(last > 10 * first);

    const auto [slow, slowSpan, slowMs] = run(20, 10);
    const SaturationVerdict s = assessSaturation(slow, slowSpan);
    CHECK(s.state == SaturationVerdict::State::Sustained);
    CHECK(s.capacityIops > 20);
}

// #54 item 4: the knee of a load curve, Kleinrock's power X / R at its greatest.
TEST_CASE("Saturation: the knee of a load curve is its point of greatest throughput per response time", "[core][saturation]")
{
    // Powers by hand: 100/10 = 10, 180/11 = 16.4, 200/20 = 10, 205/40 = 5.1: the knee is the second.
    const std::vector<LoadPoint> curve { { 100, 10 }, { 180, 11 }, { 200, 20 }, { 205, 40 } };
    CHECK(loadCurveKnee(curve) == 1);
    // Still climbing at the end (powers 10, 15, 20): the knee lies beyond the sweep.
    const std::vector<LoadPoint> rising { { 100, 10 }, { 300, 20 }, { 600, 30 } };
    CHECK(loadCurveKnee(rising) == -1);
    // Two points do not make a curve.
    CHECK(loadCurveKnee(std::vector<LoadPoint> { { 100, 10 }, { 180, 11 } }) == -1);
}
