// SPDX-License-Identifier: GPL-3.0-or-later
// The probe model's parts (docs/design/probe.md), each against values worked by hand.
#include "layout/layoutregistry.h"
#include "probe/model/modelprobe.h"
#include "probe/model/search.h"
#include "probe/simtarget.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <memory>

using namespace raidscope;
using namespace raidscope::probemodel;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {

std::shared_ptr<const Candidate> make(const char* scheme, const char* variant, int disks, int copies, std::uint64_t chunkBytes,
                                      int failed = -1)
{
    auto c = std::make_shared<Candidate>();
    c->scheme = QString::fromUtf8(scheme);
    c->variant = QString::fromUtf8(variant);
    c->disks = disks;
    c->copies = copies;
    c->chunkBytes = chunkBytes;
    c->failedDisk = failed;
    REQUIRE(buildCandidate(*c, LayoutRegistry::instance(), 4096));
    return c;
}

Test reads(std::vector<Demand> demands, Test::Kind kind = Test::Kind::Pattern)
{
    Test t;
    t.kind = kind;
    t.demands = std::move(demands);
    return t;
}

DeviceScale disk5ms()
{
    DeviceScale s;
    s.serialReadMs = 5;
    s.floorMs = 1;
    return s;
}

} // namespace

TEST_CASE("Probe model: reads at random pattern instances reach the residues of their gcd", "[probe][model]")
{
    // RAID-0 of 4, chunks of 4 blocks: pattern 16 blocks, chunk k = blocks 4k..4k+3.
    auto at = [](std::uint64_t period, std::uint64_t offset) { return chunkShares({ period, offset, 1 }, 16, 4); };
    CHECK(at(16, 0) == std::vector<double> { 1, 0, 0, 0 });  // every read at block 0 of an instance
    CHECK(at(16, 5) == std::vector<double> { 0, 1, 0, 0 });  // block 5: chunk 1
    CHECK(at(32, 0) == std::vector<double> { 1, 0, 0, 0 });  // a multiple of the pattern
    CHECK(at(8, 0) == std::vector<double> { 0.5, 0, 0.5, 0 }); // residues 0, 8
    CHECK(at(4, 0) == std::vector<double> { 0.25, 0.25, 0.25, 0.25 });
    CHECK(at(1, 0) == std::vector<double> { 0.25, 0.25, 0.25, 0.25 });
    // gcd(6, 16) = 2 divides the chunk: every chunk holds two of the eight residues 1, 3, ..., 15.
    CHECK(at(6, 1) == std::vector<double> { 0.25, 0.25, 0.25, 0.25 });
    // gcd(24, 16) = 8: residues 4 and 12, chunks 1 and 3.
    CHECK(at(24, 4) == std::vector<double> { 0, 0.5, 0, 0.5 });
}

TEST_CASE("Probe model: member loads under each copy policy, worked by hand", "[probe][model]")
{
    const int n = 32;
    const auto raid0 = make("raid0", "", 4, 0, 16384);
    CHECK(memberLoads(*raid0, CopyReads::Balanced, reads({ { 16, 0, n } })) == std::vector<double> { 32, 0, 0, 0 });
    CHECK(memberLoads(*raid0, CopyReads::Balanced, reads({ { 4, 0, n } })) == std::vector<double> { 8, 8, 8, 8 });
    // A mirror of two: balanced reads split, one-copy reads stay on the first copy.
    const auto raid1 = make("raid1", "", 2, 2, 16384);
    CHECK(memberLoads(*raid1, CopyReads::Balanced, reads({ { 4, 0, n } })) == std::vector<double> { 16, 16 });
    CHECK(memberLoads(*raid1, CopyReads::OneCopy, reads({ { 4, 0, n } })) == std::vector<double> { 32, 0 });
    // md's nearest head keeps one chunk's reads on one copy, but reads spread over RAID-10's chunks
    // find idle copies: near RAID-10 of 4 x 2, chunks 0 and 1 on {0, 1} and {2, 3}.
    const auto near = make("raid10", "near", 4, 2, 16384);
    CHECK(memberLoads(*near, CopyReads::OneCopy, reads({ { near->patternBlocks, 0, n } })) == std::vector<double> { 32, 0, 0, 0 });
    CHECK(memberLoads(*near, CopyReads::OneCopy, reads({ { 4, 0, n } })) == std::vector<double> { 8, 8, 8, 8 });
    // A mirror of three takes 32 reads as whole requests: 11 + 11 + 10.
    const auto raid1of3 = make("raid1", "", 3, 3, 16384);
    const auto three = memberLoads(*raid1of3, CopyReads::Balanced, reads({ { 1, 0, n } }, Test::Kind::Spread));
    CHECK(std::vector<double>(three.begin(), three.end()) == std::vector<double> { 11, 11, 10 });
    // Chained declustering of 4: chunk 0 on {0, 1}, chunk 1 on {1, 2}. N reads of each: 2N over three
    // disks, so the best split leaves 2N/3 on the busiest (Shear §2.3.3's third regime), in whole
    // reads 22 + 21 + 21 for 2N = 64.
    const auto chained = make("chained", "", 4, 0, 16384);
    const auto loads = memberLoads(*chained, CopyReads::Balanced, reads({ { 16, 0, n }, { 16, 4, n } }, Test::Kind::Pair));
    CHECK_THAT(*std::max_element(loads.begin(), loads.end()), WithinRel(22.0, 1e-6));
    CHECK_THAT(*std::min_element(loads.begin(), loads.begin() + 3), WithinRel(21.0, 1e-6));
    CHECK_THAT(loads[0] + loads[1] + loads[2], WithinRel(2.0 * n, 1e-9));
    CHECK(loads[3] == 0);
    // Degraded RAID-5 of 4 (left-symmetric), member 0 failed: chunk 0's reads rebuild from the three
    // survivors of its row, one read each.
    const auto degraded = make("raid5", "left-symmetric", 4, 0, 16384, 0);
    CHECK(memberLoads(*degraded, CopyReads::Balanced, reads({ { degraded->patternBlocks, 0, n } }))
          == std::vector<double> { 0, 32, 32, 32 });
}

TEST_CASE("Probe model: a member's time for its queue, worked by hand", "[probe][model]")
{
    const DeviceScale s = disk5ms(); // 5 ms a read: a 1 ms floor and 4 ms of positioning on average
    CHECK_THAT(memberTimeMs(10, 10, MemberKind::Positioning, s, 1), WithinRel(50.0, 1e-12));
    CHECK_THAT(memberTimeMs(10, 10, MemberKind::Positioning, s, 0.5), WithinRel(100.0, 1e-12));
    CHECK_THAT(memberTimeMs(10, 10, MemberKind::RateLimited, s, 1), WithinRel(50.0, 1e-12));
    // Reordering, positioning uniform on [0, 8] ms: one read alone takes its mean, 1 + 4 ms.
    CHECK_THAT(memberTimeMs(1, 1, MemberKind::Reordering, s, 1), WithinRel(5.0, 1e-9));
    // Three queued: the nearest of 3 (8/4 = 2 ms), then of 2 (8/3), then the last (4), plus 3 floors.
    CHECK_THAT(memberTimeMs(3, 3, MemberKind::Reordering, s, 1), WithinRel(3 + 2 + 8.0 / 3 + 4, 1e-9));
    // Five with two in the queue at a time: three at the nearest of 2, then 2 and 1 as they drain.
    CHECK_THAT(memberTimeMs(5, 2, MemberKind::Reordering, s, 1), WithinRel(3 * (1 + 8.0 / 3) + 2 + 8.0 / 3 + 4, 1e-9));
    // Ordered by seek alone, with local reads at 2 ms: 3 ms of seek on top for a lone read. Three queued:
    // every read keeps its 2 ms, the seeks run at sqrt(2/4), sqrt(2/3), sqrt(2/2) of 3 ms as the queue
    // drains (2.121 + 2.449 + 3 = 7.571 ms); the midpoint rule gives sqrt(2) (2 sqrt(4.5) - 2 sqrt(1.5))
    // = 2.5359 of 3 ms, 7.608 ms: within 0.5 % of the sum.
    DeviceScale local = s;
    local.localReadMs = 2;
    CHECK_THAT(memberTimeMs(3, 3, MemberKind::SeekOrdered, local, 1), WithinRel(6 + 3 * (std::sqrt(0.5) + std::sqrt(2.0 / 3) + 1), 0.006));
    // A lone read at a time: the serial read's mean.
    CHECK_THAT(memberTimeMs(4, 1, MemberKind::SeekOrdered, local, 1), WithinRel(20.0, 0.002));
}

TEST_CASE("Probe model: predictions of Shear's tests, worked by hand", "[probe][model]")
{
    const DeviceScale s = disk5ms();
    const Environment e; // positioning members, balanced copies, no cache
    const auto raid0 = make("raid0", "", 4, 0, 16384);
    // N = 32 at multiples of the pattern: all on disk 0, 32 x 5 ms, no spread from placement.
    const Prediction onOne = predict(*raid0, e, s, reads({ { 16, 0, 32 } }));
    CHECK_THAT(onOne.ms, WithinRel(160.0, 1e-12));
    CHECK(onOne.logVariance == 0);
    // At multiples of 4 blocks each read picks one of the four chunks: 8 each on average, binomial
    // spread sqrt(32 x 1/4 x 3/4) = sqrt(6) reads, and the batch waits for the busiest of four:
    // 40 ms + 1.0294 (the mean of the largest of four standard normals) x 5 sqrt(6) ms = 52.6 ms.
    const Prediction spread = predict(*raid0, e, s, reads({ { 4, 0, 32 } }));
    CHECK_THAT(spread.ms, WithinRel(40 + 1.0294 * 5 * std::sqrt(6.0), 0.02));
    // A mirror of two: each write reaches both disks, so 32 writes take 32 x 5 ms on each.
    const auto raid1 = make("raid1", "", 2, 2, 16384);
    Test writes = reads({ { 1, 0, 32 } }, Test::Kind::Writes);
    writes.write = true;
    CHECK_THAT(predict(*raid1, e, s, writes).ms, WithinRel(160.0, 0.05));
}

TEST_CASE("Probe model: servers busy when each read chooses among a few of them, worked by hand", "[probe][model]")
{
    // One choice is random routing: product form over D stations, each busy q / (q + D - 1) of the time.
    CHECK_THAT(busyServers(6, 1, 6), WithinRel(36.0 / 11, 1e-9));
    CHECK_THAT(busyServers(2, 1, 2), WithinRel(4.0 / 3, 1e-9));
    // Every server a choice: a read waits only when all are busy.
    CHECK(busyServers(5, 5, 3) == 3);
    CHECK(busyServers(5, 5, 7) == 5);
    // Three servers, three reads, two choices of three. States (1,1,1) and (2,1,0): from (1,1,1) a completion
    // (rate 3) leaves one server idle, which the next read's two choices miss one time in three (rate 1 to
    // (2,1,0)); from (2,1,0) the longer queue's completion (rate 1) finds the idle one two times in three
    // (rate 2/3 back), the single's completion leaves two idle and the read takes one. Balance: pi(111) =
    // 2/3 pi(210), so pi = (2/5, 3/5) and 3 x 2/5 + 2 x 3/5 = 12/5 servers busy.
    CHECK_THAT(busyServers(3, 2, 3), WithinRel(12.0 / 5, 1e-9));
    // Four servers, four reads, two choices of six pairs: (1,1,1,1) to (2,1,1,0) at 4 x 1/2; back at 1/2; on
    // to (2,2,0,0) at 2 x 1/6; back at 2 x 5/6. pi = (5, 20, 4) / 29, busy (4 x 5 + 3 x 20 + 2 x 4) / 29.
    CHECK_THAT(busyServers(4, 2, 4), WithinRel(88.0 / 29, 1e-9));
}

TEST_CASE("Probe model: a batch with fewer reads in flight than it has, worked by hand", "[probe][model]")
{
    const DeviceScale s = disk5ms();
    const Environment e; // one read at a time per member, 5 ms each
    Test spread = reads({ { 1, 0, 60 } }, Test::Kind::Spread);
    // The reads start one per completion at the steady rate until the last has started, and the ones still
    // in flight then drain as the same reads issued at once would. A mirror of five: any member serves any
    // read, so with 5 in flight all five are busy and none waits: 55 reads at 5 a 5 ms, then 5 at once on
    // five members, 5 ms: 60 ms. With 6 in flight, still five at once: 54 reads in 54 ms, then six on five
    // members, 1.2 reads each (balanced copies split evenly), 6 ms.
    const auto five = make("raid1", "", 5, 5, 16384), four = make("raid1", "", 4, 4, 16384);
    spread.outstanding = 5;
    CHECK_THAT(predict(*five, e, s, spread).ms, WithinRel(60.0, 1e-9));
    spread.outstanding = 6;
    CHECK_THAT(predict(*five, e, s, spread).ms, WithinRel(60.0, 1e-9));
    // A mirror of four with 5 in flight: four at once, 55 reads at 4 a 5 ms, 68.75 ms, then 5 reads at
    // 1.25 a member, 6.25 ms: 75 ms.
    spread.outstanding = 5;
    CHECK_THAT(predict(*four, e, s, spread).ms, WithinRel(75.0, 1e-9));
    // RAID-0 of 2 with 2 in flight, each read on either member at random: the three states (2,0), (1,1)
    // and (0,2) alike likely (product form, equal demands), so each member is busy 2/3 of the time and
    // the pair serves 2 x 2/3 reads per 5 ms: 62 reads in 232.5 ms. The last two land at random: a
    // member's count 1 with variance 2 x 1/4, the later of two such members (Clark) 5 + 5 x sqrt(2 x 0.5)
    // x phi(0) ms.
    const auto two = make("raid0", "", 2, 0, 16384);
    Test spread64 = reads({ { 1, 0, 64 } }, Test::Kind::Spread);
    spread64.outstanding = 2;
    CHECK_THAT(predict(*two, e, s, spread64).ms, WithinRel(232.5 + 5 + 5 / std::sqrt(2 * M_PI), 1e-9));
    // Chained declustering of 4: chunk k's copies on members k and k+1, so each read chooses between two
    // members of four, and the copy sets overlap: with 4 in flight, 88/29 members busy (the chain above),
    // 60 reads in 60 x 5 x 29 / 88 ms. Then four reads, one a member on average; a chunk's share 1/4
    // gives a count variance 4 x 1/4 x 3/4, split over its two copies (a quarter each) and two chunks a
    // member: 0.375, the busiest of four such about 1.0294 standard deviations (Clark) over 5 ms.
    const auto chained = make("chained", "", 4, 0, 16384);
    spread64.outstanding = 4;
    CHECK_THAT(predict(*chained, e, s, spread64).ms, WithinRel(60.0 * 5 * 29 / 88 + 5 + 1.0294 * 5 * std::sqrt(0.375), 0.002));
    // A member at half speed in the mirror of five. The calibration's 5 ms serial read averaged over the
    // members a lone read reaches, so an ordinary member's read is u with 0.8 u + 0.2 x 2u = 5 ms: u =
    // 25/6 ms. Five at once serve 4/u + 1/(2u) = 4.5/u reads per ms: 55 reads in 55 u / 4.5. The balanced
    // loads of the 60 reads in whole reads are 14, 13, 7, 13, 13 (the slow member's 7 take 14 u); the last
    // five, a twelfth of them, drain in 14 u / 12.
    Environment slow;
    slow.slowDisk = 2;
    slow.slowSpeed = 0.5;
    spread.outstanding = 5;
    const double u = 25.0 / 6;
    CHECK_THAT(predict(*five, slow, s, spread).ms, WithinRel(55 * u / 4.5 + 14 * u / 12, 1e-9));
}

TEST_CASE("Probe model: the device's repeat noise, with its stated prior", "[probe][model]")
{
    NoiseEstimate e(0.05, 2);
    CHECK_THAT(e.sigma(), WithinRel(0.05, 1e-12)); // nothing measured: the prior
    e.addRepeats({ 100, 110, 90 });
    const double l1 = std::log(100.0), l2 = std::log(110.0), l3 = std::log(90.0);
    const double m = (l1 + l2 + l3) / 3;
    const double ss = (l1 - m) * (l1 - m) + (l2 - m) * (l2 - m) + (l3 - m) * (l3 - m);
    CHECK_THAT(e.sigma(), WithinRel(std::sqrt((ss + 2 * 0.05 * 0.05) / (2 + 2)), 1e-12));
}

TEST_CASE("Probe model: the posterior on synthetic evidence", "[probe][model]")
{
    const DeviceScale s = disk5ms();
    NoiseModel noise;
    noise.deviceSigma = 0.03;
    Posterior post(s, noise);
    const auto four = make("raid0", "", 4, 0, 16384), two = make("raid0", "", 2, 0, 16384);
    const auto raid4 = make("raid4", "parity-last", 5, 0, 16384); // reads as RAID-0 of 4
    Environment e;
    post.addHypotheses({ { four, e, logPrior(*four, e) }, { two, e, logPrior(*two, e) }, { raid4, e, logPrior(*raid4, e) } });
    // The truth is RAID-0 of 4: the pattern tests it predicts, measured exactly so.
    const std::vector<Test> tests = { reads({ { 8, 0, 32 } }), reads({ { 16, 0, 32 } }), reads({ { 4, 0, 32 } }) };
    for (const Test& t : tests)
        post.observe(t, predict(*four, e, s, t).ms);
    const std::vector<double> p = post.posteriors();
    CHECK(p[1] < 1e-6); // RAID-0 of 2 reads blocks 0 and 8 on one disk: 160 ms where 4 disks take ~100
    // RAID-4 of 5 reads as RAID-0 of 4: one class, whose posterior is the two together.
    const auto classes = post.classes(0.25, 0);
    REQUIRE(classes.size() == 2);
    CHECK(classes.front().members.size() == 2);
    CHECK_THAT(classes.front().posterior, WithinAbs(1.0, 1e-6));
    // RAID-0 is the commoner level: the class is led by it (prior 1 against RAID-4's 1/4).
    CHECK(classes.front().members.front() == 0);
    CHECK_THAT(p[0] / p[2], WithinRel(4.0, 1e-6));
}

TEST_CASE("Probe model: hypotheses joining late are left out only where prune would drop them", "[probe][model]")
{
    const DeviceScale s = disk5ms();
    NoiseModel noise;
    noise.deviceSigma = 0.03;
    const auto four = make("raid0", "", 4, 0, 16384), two = make("raid0", "", 2, 0, 16384);
    const auto raid4 = make("raid4", "parity-last", 5, 0, 16384);
    Environment e;
    const std::vector<Test> tests = { reads({ { 8, 0, 32 } }), reads({ { 16, 0, 32 } }), reads({ { 4, 0, 32 } }) };
    // All three from the start, then pruned; and RAID-0 of 4 first, the others joining after the tests.
    Posterior all(s, noise), late(s, noise);
    all.addHypotheses({ { four, e, logPrior(*four, e) }, { two, e, logPrior(*two, e) }, { raid4, e, logPrior(*raid4, e) } });
    late.addHypotheses({ { four, e, logPrior(*four, e) } });
    for (const Test& t : tests) {
        const double ms = predict(*four, e, s, t).ms;
        all.observe(t, ms);
        late.observe(t, ms);
    }
    late.addHypotheses({ { two, e, logPrior(*two, e) }, { raid4, e, logPrior(*raid4, e) } }, 1e-10);
    all.prune(1e-10);
    // RAID-0 of 2 puts the reads at multiples of 8 on one disk (160 ms where 100 were measured): both drop it;
    // RAID-4 of 5 reads as RAID-0 of 4 and stays, at the same posterior.
    REQUIRE(all.size() == 2);
    REQUIRE(late.size() == 2);
    CHECK(late.hypothesis(1).layout == raid4);
    CHECK_THAT(late.posteriors()[1], WithinAbs(all.posteriors()[1], 1e-12));
}

TEST_CASE("Probe model: the posterior on several threads equals the one on the calling thread", "[probe][model]")
{
    const DeviceScale s = disk5ms();
    const auto four = make("raid0", "", 4, 0, 16384), two = make("raid0", "", 2, 0, 16384);
    const auto raid4 = make("raid4", "parity-last", 5, 0, 16384);
    // About a thousand hypotheses, so the work is split: every member kind, every odd member and speed.
    std::vector<Hypothesis> hs;
    for (const auto& c : { four, two, raid4 })
        for (MemberKind kind : { MemberKind::Positioning, MemberKind::Reordering, MemberKind::SeekOrdered, MemberKind::RateLimited })
            for (int d = -1; d < c->disks; ++d)
                for (const auto& [speed, share] : oddMemberSpeeds()) {
                    Environment e;
                    e.kind = kind;
                    e.slowDisk = d;
                    e.slowSpeed = d < 0 ? 1 : speed;
                    e.speedShare = share;
                    e.ceiling = kind == MemberKind::RateLimited && d == 0;
                    hs.push_back({ c, e, logPrior(*c, e) });
                }
    REQUIRE(hs.size() > 800);
    Posterior one(s, NoiseModel {}), three(s, NoiseModel {});
    three.setJobs(3);
    one.addHypotheses(hs);
    three.addHypotheses(hs);
    Environment truth;
    truth.slowDisk = 1;
    truth.slowSpeed = 0.5;
    for (const Test& t : { reads({ { 8, 0, 32 } }), reads({ { 16, 0, 32 } }), reads({ { 4, 0, 32 } }), reads({ { 16, 4, 32 } }) }) {
        const double ms = predict(*four, truth, s, t).ms;
        one.observe(t, ms);
        three.observe(t, ms);
    }
    // And more joining late, with the prune floor's bound.
    one.addHypotheses(hs, 1e-10);
    three.addHypotheses(hs, 1e-10);
    REQUIRE(one.size() == three.size());
    for (std::size_t i = 0; i < one.size(); ++i) {
        CHECK(one.hypothesis(i).layout == three.hypothesis(i).layout);
        CHECK(one.posteriors()[i] == three.posteriors()[i]);
    }
}

TEST_CASE("Probe model: a write-back cache explains writes faster than any layout's", "[probe][model]")
{
    const DeviceScale s = disk5ms();
    Posterior post(s, NoiseModel {});
    const auto raid5 = make("raid5", "left-symmetric", 5, 0, 16384);
    Environment plain, cached;
    cached.writeBack = true;
    post.addHypotheses({ { raid5, plain, logPrior(*raid5, plain) }, { raid5, cached, logPrior(*raid5, cached) } });
    Test spread = reads({ { 1, 0, 64 } }, Test::Kind::Spread);
    Test writes = spread;
    writes.kind = Test::Kind::Writes;
    writes.write = true;
    post.observe(spread, predict(*raid5, plain, s, spread).ms);
    // Writes at a tenth of what RAID-5's four disk operations each would take.
    post.observe(writes, predict(*raid5, plain, s, writes).ms / 10);
    const std::vector<double> p = post.posteriors();
    CHECK(p[1] > 0.999);
    // And writes at the layout's own cost leave the cache at its prior odds or below.
    Posterior honest(s, NoiseModel {});
    honest.addHypotheses({ { raid5, plain, logPrior(*raid5, plain) }, { raid5, cached, logPrior(*raid5, cached) } });
    honest.observe(spread, predict(*raid5, plain, s, spread).ms);
    honest.observe(writes, predict(*raid5, plain, s, writes).ms);
    CHECK(honest.posteriors()[0] > 0.9);
}

TEST_CASE("Probe model: an array-wide request ceiling, its rate integrated out", "[probe][model]")
{
    // Rate-limited members whose lone read returns in 0.5 ms and whose rate is one read a millisecond:
    // the unit shift is log 2, above the throttle's bound of 0.
    DeviceScale s;
    s.serialReadMs = 0.5;
    s.floorMs = 0.5;
    NoiseModel noise;
    noise.deviceSigma = 0.03;
    Posterior post(s, noise);
    const auto four = make("raid0", "", 4, 0, 16384), two = make("raid0", "", 2, 0, 16384);
    Environment plain, capped;
    plain.kind = capped.kind = MemberKind::RateLimited;
    capped.ceiling = true;
    post.addHypotheses({ { four, plain, logPrior(*four, plain) }, { four, capped, logPrior(*four, capped) },
                         { two, plain, logPrior(*two, plain) }, { two, capped, logPrior(*two, capped) } });
    const Test one = reads({ { 16, 0, 32 } }), two0 = reads({ { 8, 0, 32 } }), four0 = reads({ { 4, 0, 32 } });
    const Test spread = reads({ { 1, 0, 64 } }, Test::Kind::Spread);
    // The ceiling's time is the test's requests at one member's serial read: 64 x 0.5 ms.
    CHECK_THAT(predict(*four, capped, s, spread).ceilingMs, WithinRel(32.0, 1e-12));
    CHECK(predict(*four, plain, s, spread).ceilingMs == 0);
    // The truth: RAID-0 of 4 at 1 ms a read under a ceiling of 1.6 members (1,600 reads a second). At
    // multiples of 16 blocks all 32 reads are on disk 0: 32 ms, which the ceiling (32 / 1.6 = 20 ms)
    // does not bind. Every test that spreads its reads is held to requests / 1.6 ms: 32 reads over two
    // disks or four, 20 ms (the disks alone: about 17.6 and 10.5); 64 reads anywhere, 40 ms (about 18.5).
    post.observe(one, 32);
    post.observe(two0, 20);
    post.observe(four0, 20);
    post.observe(spread, 40);
    const std::vector<double> p = post.posteriors();
    CHECK(p[1] > 0.99);
    // Its rate at the grid's point nearest 1.6 (steps of 5 %), and the member's unit at 1 ms.
    CHECK_THAT(post.ceilingMembers(1), WithinRel(1.6, 0.03));
    CHECK_THAT(post.shift(1), WithinAbs(std::log(2.0), 0.03));
    CHECK(post.ceilingMembers(0) == 0);
    // RAID-0 of 2 keeps the reads at multiples of 8 blocks on disk 0 (32 ms, not 20) with a ceiling or without.
    CHECK(p[2] < 1e-6);
    CHECK(p[3] < 1e-6);
}

namespace {

// -2 log (prior x marginal likelihood) of a hypothesis with a ceiling, by a second method: at each point of
// the ceiling's grid, each test's log time and variance (the ceiling's pace where it binds, the members'
// otherwise; a write-back cache's writes log-uniform below the layout's time), and the shared log shift
// integrated numerically against its Gaussian prior; then the grid's mean.
double ceilingScoreByQuadrature(const Hypothesis& h, const std::vector<Observation>& obs, const DeviceScale& s,
                                const NoiseModel& noise, double tau)
{
    const std::vector<double>& grid = ceilingGrid(h.layout->disks);
    const double s2 = noise.deviceSigma * noise.deviceSigma;
    double mean = 0;
    for (double k : grid) {
        std::vector<double> m, v;
        double cachedLog = 0; // log of the cache's writes' factor, which the shift does not move
        for (const Observation& o : obs) {
            const Prediction p = predict(*h.layout, h.env, s, o.test);
            const double lm = std::log(p.ms), lc = p.ceilingMs > 0 ? std::log(p.ceilingMs) - k : -INFINITY;
            const double y = std::log(o.ms);
            if (o.test.write && h.env.writeBack) {
                const double over = std::max(0.0, y - std::max(lm, lc)) / noise.deviceSigma;
                cachedLog += -std::log(noise.writeBackRange) - over * over / 2;
                continue;
            }
            m.push_back(y - (lc > lm ? lc : lm));
            v.push_back(lc > lm ? s2 : s2 + p.logVariance);
        }
        // The shift from -20 tau to 20 tau in 64,001 steps: a test far off its prediction pulls the shift's
        // posterior several tau from 0, and its width is the device's spread over the root of the tests.
        double integral = 0;
        const int steps = 64000;
        const double from = -20 * tau, dx = 40 * tau / steps;
        for (int j = 0; j <= steps; ++j) {
            const double shift = from + j * dx;
            double logDensity = -shift * shift / (2 * tau * tau) - std::log(std::sqrt(2 * M_PI) * tau);
            for (std::size_t i = 0; i < m.size(); ++i)
                logDensity += -(m[i] - shift) * (m[i] - shift) / (2 * v[i]) - std::log(2 * M_PI * v[i]) / 2;
            integral += (j == 0 || j == steps ? 0.5 : 1.0) * std::exp(logDensity) * dx;
        }
        mean += integral * std::exp(cachedLog) / double(grid.size());
    }
    return -2 * std::log(mean) - 2 * h.logPrior;
}

} // namespace

TEST_CASE("Probe model: a ceiling's grid integrated, against quadrature", "[probe][model]")
{
    // Disks of 5 ms under a ceiling, some of them behind a write-back cache; the times are those of a
    // RAID-5 of 5 under a ceiling of 2.3 members, with a few per cent of scatter, and writes a cache took.
    const DeviceScale s = disk5ms();
    NoiseModel noise;
    noise.deviceSigma = 0.04;
    const auto raid5 = make("raid5", "left-symmetric", 5, 0, 16384), raid0 = make("raid0", "", 5, 0, 16384);
    Environment capped, cachedCapped;
    capped.ceiling = cachedCapped.ceiling = true;
    cachedCapped.writeBack = true;
    const std::vector<Hypothesis> hypotheses { { raid5, capped, logPrior(*raid5, capped) },
                                               { raid5, cachedCapped, logPrior(*raid5, cachedCapped) },
                                               { raid0, capped, logPrior(*raid0, capped) } };
    Test writes = reads({ { 1, 0, 64 } }, Test::Kind::Writes);
    writes.write = true;
    const std::vector<Test> tests { reads({ { 1, 0, 64 } }, Test::Kind::Spread), reads({ { 16, 0, 32 } }), reads({ { 4, 0, 32 } }),
                                    reads({ { 1, 0, 256 } }, Test::Kind::Spread), writes, reads({ { 20, 0, 32 } }) };
    const double scatter[] = { 1.03, 0.97, 1.01, 1.05, 0.2, 0.98 };
    Posterior exact(s, noise);
    exact.addHypotheses(hypotheses);
    std::vector<Observation> seen;
    for (std::size_t t = 0; t < tests.size(); ++t) {
        const Prediction p = predict(*raid5, capped, s, tests[t]);
        const double ms = std::max(p.ms, p.ceilingMs / 2.3) * scatter[t];
        exact.observe(tests[t], ms);
        seen.push_back({ tests[t], ms });
        for (std::size_t i = 0; i < hypotheses.size(); ++i) {
            INFO("test " << t << ", hypothesis " << i);
            CHECK_THAT(exact.score(i), WithinAbs(ceilingScoreByQuadrature(hypotheses[i], seen, s, noise, noise.knownUnitSigma), 1e-6));
        }
    }
}

TEST_CASE("Probe model: the positive part of a member's time past its credit, worked by hand", "[probe][model]")
{
    // No spread: 100 ms of work less 30 ms of credit.
    auto [ms, v] = creditedMs(100, 0, 30);
    CHECK_THAT(ms, WithinRel(70.0, 1e-12));
    CHECK(v == 0);
    // X ~ N(10, 2²) against a credit of 10: E[(X - 10)+] = 2 phi(0) = 0.79788; E[(X - 10)+²] = 4 Phi(0) = 2,
    // so the variance is 2 - 0.63662 = 1.36338 and the log variance 1.36338 / 0.63662 = 2.14160.
    std::tie(ms, v) = creditedMs(10, 0.04, 10);
    CHECK_THAT(ms, WithinRel(0.797885, 1e-5));
    CHECK_THAT(v, WithinRel(2.14160, 1e-4));
    // Far past the credit nothing is taken off but the credit: 50 - 10 with sd 2.
    std::tie(ms, v) = creditedMs(50, 0.0016, 10);
    CHECK_THAT(ms, WithinRel(40.0, 1e-9));
    CHECK_THAT(v, WithinRel(4.0 / 1600, 1e-6));
}

TEST_CASE("Probe model: a throttle's burst credit, its bucket integrated out", "[probe][model]")
{
    // Rate-limited members whose lone read returns in 0.5 ms, paced at one read a millisecond (shift log 2),
    // each letting 32 requests start at once after a rest, behind a host that starts 20 members' worth of
    // requests a millisecond (ceiling: requests x 0.5 ms x 2 / 20 = requests / 20 ms).
    DeviceScale s;
    s.serialReadMs = 0.5;
    s.floorMs = 0.5;
    NoiseModel noise;
    noise.deviceSigma = 0.03;
    Posterior post(s, noise);
    const auto four = make("raid0", "", 4, 0, 16384);
    Environment plain, capped, credit;
    plain.kind = capped.kind = credit.kind = MemberKind::RateLimited;
    capped.ceiling = credit.ceiling = credit.credit = true;
    post.addHypotheses({ { four, plain, logPrior(*four, plain) }, { four, capped, logPrior(*four, capped) },
                         { four, credit, logPrior(*four, credit) } });
    // At multiples of 16 blocks every read is on disk 0. 32 reads: all from the bucket, so the host's
    // 32 / 20 = 1.6 ms. 64 and 128: (64 - 32) x 1 ms = 32 ms and (128 - 32) x 1 ms = 96 ms.
    post.observe(reads({ { 16, 0, 32 } }), 1.6);
    post.observe(reads({ { 16, 0, 64 } }), 32);
    post.observe(reads({ { 16, 0, 128 } }), 96);
    const std::vector<double> p = post.posteriors();
    CHECK(p[2] > 0.99);
    // The bucket and the ceiling at their modes: the refined grid's points are 2^(1/8) apart, the
    // ceiling's 1.2^(1/4).
    CHECK_THAT(post.creditRequests(2), WithinRel(32.0, 0.05));
    CHECK_THAT(post.ceilingMembers(2), WithinRel(20.0, 0.05));
    CHECK_THAT(post.shift(2), WithinAbs(std::log(2.0), 0.05));
    CHECK(post.creditRequests(1) == 0);
    // The search offers the same tests four and sixteen times as large.
    const auto tests = candidateTests(post, { 2 }, 32, false, 1024);
    CHECK(std::any_of(tests.begin(), tests.end(), [](const Test& t) { return t.requests() == 4 * 32; }));
    CHECK(std::any_of(tests.begin(), tests.end(), [](const Test& t) { return t.requests() == 16 * 32; }));
}

TEST_CASE("Probe model: the search picks a test that separates the leaders", "[probe][model]")
{
    const DeviceScale s = disk5ms();
    Posterior post(s, NoiseModel {});
    const auto four = make("raid0", "", 4, 0, 16384), two = make("raid0", "", 2, 0, 16384);
    Environment e;
    post.addHypotheses({ { four, e, 0 }, { two, e, 0 } });
    // Reads at multiples of 16 blocks land on disk 0 under both: nothing to learn from them.
    const Test same = reads({ { 16, 0, 32 } });
    const Test apart = reads({ { 8, 0, 32 } });
    // Nothing run yet: the two read alike on the first test, not on the second.
    CHECK(post.classes(0.25, 0, { same }).size() == 1);
    const auto classes = post.classes(0.25, 0, { same, apart });
    REQUIRE(classes.size() == 2);
    CHECK_THAT(separation(post, { 0, 1 }, { 0.5, 0.5 }, same), WithinAbs(0.0, 1e-12));
    // At multiples of 8 RAID-0 of 2 keeps every read on disk 0 and RAID-0 of 4 splits them over two.
    CHECK(separation(post, { 0, 1 }, { 0.5, 0.5 }, apart) > 0.2);
    const auto choice = nextTest(post, classes, { same, apart });
    REQUIRE(choice);
    CHECK(choice->test == apart);
}

TEST_CASE("Probe model: Shear's fixed schedule, counted by hand", "[probe][model]")
{
    // RAID-0 of 4, 4-block chunks: pattern 16, scanned to 32; N = 500, R = 1:
    // 32 x 500 pattern reads + 16 x 1000 boundary + 16 x 1000 pairs + 1000 for the ratio.
    CHECK(shearScheduleIos(16, 4, 32) == 32 * 500 + 16 * 1000 + 16 * 1000 + 1000);
}

TEST_CASE("Probe model: identifies a simulated array end to end", "[probe][model]")
{
    QString error;
    auto target = SimTarget::create(QStringLiteral("raid0 disks=4 chunk=16KiB"), &error);
    REQUIRE(target);
    ProbeConfig config;
    config.maxDisks = 8;
    config.maxChunkBytes = 64 * 1024;
    const ProbeResult r = runModelProbe(*target, config, LayoutRegistry::instance());
    INFO(r.error.toStdString() << r.verdict.findingTexts().join(QStringLiteral("; ")).toStdString());
    CHECK(r.error.isEmpty());
    CHECK(r.verdict.identified);
    CHECK(r.verdict.scheme == u"raid0");
    CHECK(r.verdict.disks == 4);
    CHECK(r.verdict.chunkBytes == 16384);
}
