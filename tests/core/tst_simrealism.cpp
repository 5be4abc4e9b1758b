// SPDX-License-Identifier: GPL-3.0-or-later
// What a real, virtualised array adds to the disk model: QEMU's per-drive throttle (iops, burst), the
// host's CPU per I/O (hostoverhead), a ceiling on the whole array, md's nearest-head mirror reads,
// and the state a throttle keeps between batches. Expected values are worked from the bucket model
// by hand and set beside what the md-qemu rig measured (its README, "Observed timings").
#include "probe/simtarget.h"
#include "sim/arraysimulator.h"
#include "sim/leakybucket.h"

#include "testsupport.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace raidscope;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {

using raidscope::test::makeSim;

constexpr std::uint64_t kChunkBytes = 16384;

// Reads of chunk `position` of a pattern of `patternChunks` 16 KiB chunks, at spread-out repetitions
// of the pattern (the rig's "same-disk" reads).
std::vector<IoRequest> readsAt(int position, int patternChunks, int count, std::uint64_t salt = 0)
{
    std::vector<IoRequest> out;
    for (int i = 0; i < count; ++i) {
        const std::uint64_t repetition = (std::uint64_t(i) * 7919 + salt * 104729) % 2000;
        out.push_back(
            { (repetition * std::uint64_t(patternChunks) + std::uint64_t(position)) * kChunkBytes, 4096, false });
    }
    return out;
}

// `perDisk` reads on each of the first `disks` members of a raid0 of `members` disks.
std::vector<IoRequest> spread(int disks, int members, int perDisk)
{
    std::vector<IoRequest> out;
    for (int i = 0; i < perDisk; ++i)
        for (int d = 0; d < disks; ++d) {
            const auto more = readsAt(d, members, 1, std::uint64_t(i + 1));
            out.push_back(more.front());
        }
    return out;
}

double batchMs(ArraySimulator& sim, const std::vector<IoRequest>& requests)
{
    const std::vector<double> t = sim.runBatch(requests, int(requests.size()));
    return *std::max_element(t.begin(), t.end()) * 1e-6;
}

std::vector<IoRequest> concat(std::vector<IoRequest> a, const std::vector<IoRequest>& b)
{
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

QString createError(const char* spec)
{
    QString error;
    CHECK_FALSE(ArraySimulator::create(QString::fromUtf8(spec), &error));
    return error;
}

} // namespace

TEST_CASE("LeakyBucket: after idle burst + 1 requests start at once, then one every 1/rate", "[sim][realism]")
{
    // 150 IOPS, bucket 15: levels 0..15 admit at once (16 requests), the 17th waits until the level
    // has leaked from 16 to 15, 1/150 s.
    LeakyBucket b(150, 15);
    std::vector<std::int64_t> start;
    for (int i = 0; i < 64; ++i)
        start.push_back(b.admit(0));
    for (int i = 0; i < 16; ++i)
        CHECK(start[std::size_t(i)] == 0);
    CHECK_THAT(double(start[16]), WithinAbs(1e9 / 150, 2));
    CHECK_THAT(double(start[63]), WithinAbs(48e9 / 150, 64)); // (64 - 16) / 150 s = 320 ms
    // One second later the bucket is empty again: a full burst.
    b.shift(start[63] + 1'000'000'000);
    CHECK(b.level(0) == 0.0);
    CHECK(b.admit(0) == 0);
    // burst=0 is a plain rate: the second request waits a whole interval.
    LeakyBucket plain(1000, 0);
    CHECK(plain.admit(0) == 0);
    CHECK(plain.admit(0) == 1'000'000);
    CHECK_FALSE(LeakyBucket().enabled());
    CHECK(LeakyBucket().admit(42) == 42);
}

TEST_CASE("iops: one disk's batch after idle and back to back, as the rig measured", "[sim][realism]")
{
    // raid0 on 4 disks: chunk position 0 of every stripe is on disk 0.
    auto sim = makeSim("raid0 disks=4 chunk=16KiB iops=150");
    const auto oneDisk = readsAt(0, 4, 64);
    // After idle: (64 - 16) / 150 s = 320 ms (rig: 321 ms for k = 64, and 322.7 ms in rep 0).
    CHECK_THAT(batchMs(*sim, oneDisk), WithinAbs(320.0, 0.01));
    // Back to back: the bucket is still full, no credit: 64 / 150 s = 426.7 ms (rig: 426.0-426.9 ms).
    CHECK_THAT(batchMs(*sim, oneDisk), WithinAbs(426.667, 0.01));
    // 1 ms of host time between batches leaks 0.15 requests.
    sim->idle(std::chrono::milliseconds(1));
    CHECK_THAT(batchMs(*sim, oneDisk), WithinAbs(425.667, 0.01));
    // A rest of 1 s empties the bucket: the burst again.
    sim->idle(std::chrono::seconds(1));
    CHECK_THAT(batchMs(*sim, oneDisk), WithinAbs(320.0, 0.01));
    CHECK_THAT(double(sim->batchClock().count()) * 1e-6, WithinAbs(320 + 426.667 + 1 + 425.667 + 1000 + 320, 0.05));
}

TEST_CASE("iops: a batch spread over the disks beats one disk by the burst and the rate", "[sim][realism]")
{
    // 32 reads after idle: 8 on each of 4 disks all fit in the burst (16), so 0 ms; on one disk
    // (32 - 16) / 150 s = 106.7 ms (rig: 108 ms for k = 32).
    CHECK(batchMs(*makeSim("raid0 disks=4 chunk=16KiB iops=150"), spread(4, 4, 8)) == 0.0);
    CHECK_THAT(batchMs(*makeSim("raid0 disks=4 chunk=16KiB iops=150"), readsAt(0, 4, 32)), WithinAbs(106.667, 0.01));

    // iops=300, burst 30: 64 reads on one disk take (64 - 31) / 300 s = 110 ms after idle; 16 on
    // each of 4 disks fit in the burst.
    CHECK_THAT(batchMs(*makeSim("raid0 disks=4 chunk=16KiB iops=300"), readsAt(0, 4, 64)), WithinAbs(110.0, 0.01));
    CHECK(batchMs(*makeSim("raid0 disks=4 chunk=16KiB iops=300"), spread(4, 4, 16)) == 0.0);

    // The rig's demo: a spread batch right after a same-disk batch. Disk 0 has no credit left
    // (16 / 150 s = 106.7 ms), the others idled and absorb their 16 at once; the rig saw 67-133 ms.
    auto sim = makeSim("raid0 disks=4 chunk=16KiB iops=150");
    batchMs(*sim, readsAt(0, 4, 64));
    CHECK_THAT(batchMs(*sim, spread(4, 4, 16)), WithinAbs(106.667, 0.01));

    // The rig's pair test, back to back: 32 reads on disk 0 and 32 on disk j. Disk 0 never rests,
    // disk j did: 32 / 150 s = 213.3 ms (rig 210.9-213.9 ms); both halves on disk 0: 64 / 150 s =
    // 426.7 ms (rig 426.9 ms).
    CHECK_THAT(batchMs(*sim, concat(readsAt(0, 4, 32), readsAt(1, 4, 32, 1))), WithinAbs(213.333, 0.01));
    CHECK_THAT(batchMs(*sim, concat(readsAt(0, 4, 32), readsAt(0, 4, 32, 1))), WithinAbs(426.667, 0.01));
}

TEST_CASE("iops: burst, per-member rates and speed set each drive's throttle", "[sim][realism]")
{
    // burst=0: a plain rate, (64 - 1) / 150 s.
    CHECK_THAT(
        batchMs(*makeSim("raid0 disks=4 chunk=16KiB iops=150 burst=0"), readsAt(0, 4, 64)), WithinAbs(420.0, 0.01));
    // burst=40: (64 - 41) / 150 s.
    CHECK_THAT(
        batchMs(*makeSim("raid0 disks=4 chunk=16KiB iops=150 burst=40"), readsAt(0, 4, 64)), WithinAbs(153.333, 0.01));
    // Member 2 at 60 IOPS (the rig's IOPS_DISK=2:60) has a bucket of 6: (64 - 7) / 60 s = 950 ms;
    // the others stay at 300 IOPS: (64 - 31) / 300 s = 110 ms.
    auto slow = makeSim("raid0 disks=4 chunk=16KiB iops=300,2:60");
    CHECK_THAT(batchMs(*slow, readsAt(2, 4, 64)), WithinAbs(950.0, 0.01));
    CHECK_THAT(batchMs(*slow, readsAt(1, 4, 64)), WithinAbs(110.0, 0.01));
    // speed=2:0.5 halves member 2's rate and so its default burst: 150 IOPS, bucket 15.
    CHECK_THAT(
        batchMs(*makeSim("raid0 disks=4 chunk=16KiB iops=300 speed=2:0.5"), readsAt(2, 4, 64)), WithinAbs(320.0, 0.01));
    // Only member 2 throttled: the other members keep their mechanical service.
    auto one = makeSim("raid0 disks=4 chunk=16KiB iops=2:150");
    CHECK_THAT(batchMs(*one, readsAt(2, 4, 64)), WithinAbs(320.0, 0.01));
    CHECK(batchMs(*one, readsAt(1, 4, 8)) > 10.0); // eight ~8 ms random reads on a 9LZX
}

TEST_CASE("ceiling: the whole array starts at most N requests a second", "[sim][realism]")
{
    // Four drives at 1000 IOPS with a bucket of 100 would take 100 spread reads at once; a ceiling
    // of 1000 IOPS admits one every millisecond: (100 - 1) ms.
    CHECK(batchMs(*makeSim("raid0 disks=4 chunk=16KiB iops=1000"), spread(4, 4, 25)) == 0.0);
    CHECK_THAT(
        batchMs(*makeSim("raid0 disks=4 chunk=16KiB iops=1000 ceiling=1000"), spread(4, 4, 25)), WithinAbs(99.0, 0.01));

    // A closed loop on eight SSDs (~11,000 random reads a second each) runs at the ceiling.
    QString error;
    const auto w = parseWorkloadSpec(QStringLiteral("random outstanding=64 count=20000 seed=21"), &error);
    REQUIRE(w);
    const SimResult free = makeSim("raid0 disks=8 disk=ssd")->run(*w);
    const SimResult capped = makeSim("raid0 disks=8 disk=ssd ceiling=2000")->run(*w);
    CHECK(free.iops() > 20000);
    CHECK_THAT(capped.iops(), WithinRel(2000.0, 0.01));
}

TEST_CASE("hostoverhead: the host's CPU time per I/O, one completion at a time", "[sim][realism]")
{
    // A throttle that never delays (bucket 1000) and no service time under it: one request at a time,
    // 100 reads cost 100 x 50 us = 5 ms of host CPU and nothing else.
    const auto reads = readsAt(0, 4, 100);
    auto serial = [&](const char* spec) {
        const std::vector<double> t = makeSim(spec)->runBatch(reads, 1);
        return t.back() * 1e-6;
    };
    CHECK(serial("raid0 disks=4 chunk=16KiB iops=1000 burst=1000") == 0.0);
    CHECK_THAT(serial("raid0 disks=4 chunk=16KiB iops=1000 burst=1000 hostoverhead=50us"), WithinAbs(5.0, 1e-6));
    // Jitter of +-20 us (uniform, sd 11.5 us an I/O): the sum stays within a few sd (115 us) of 5 ms.
    const double jittered = serial("raid0 disks=4 chunk=16KiB iops=1000 burst=1000 hostoverhead=50us:20us");
    CHECK_THAT(jittered, WithinAbs(5.0, 0.4));
    CHECK(jittered != 5.0);
    // Deterministic: the same spec gives the same times.
    CHECK(serial("raid0 disks=4 chunk=16KiB iops=1000 burst=1000 hostoverhead=50us:20us") == jittered);

    // Concurrent: 16 reads of a burst on one drive complete together, and the host takes them one
    // after another: 16 x 50 us = 0.8 ms (the rig measured 1.2 ms for k = 16 at 150 IOPS).
    CHECK_THAT(batchMs(*makeSim("raid0 disks=4 chunk=16KiB iops=150 hostoverhead=50us"), readsAt(0, 4, 16)),
        WithinAbs(0.8, 1e-6));

    // On SSDs (a fixed latency per read) a serial batch grows by N x overhead. (On a mechanical disk
    // it need not: arriving 200 us later mostly just shortens the rotational wait.)
    auto ssd = [&](const char* spec) {
        const std::vector<double> t = makeSim(spec)->runBatch(readsAt(0, 2, 100), 1);
        return t.back() * 1e-6;
    };
    CHECK_THAT(ssd("raid0 disks=2 chunk=16KiB disk=ssd hostoverhead=200us") - ssd("raid0 disks=2 chunk=16KiB disk=ssd"),
        WithinAbs(20.0, 0.01));
}

TEST_CASE("mirrorread=nearest: md sends the reads of one chunk mostly to one copy", "[sim][realism]")
{
    // raid10 near, 4 disks, 2 copies: chunk position 0 of the 2-chunk pattern lives on disks 0 and 1.
    // 128 reads issued at once: the first goes to idle disk 0, the second to idle disk 1, the rest
    // see both heads at 0 (heads move on completion) and take the first copy: 127 on disk 0,
    // (127 - 16) / 150 s = 740 ms (rig: 738 ms for n2, 4 disks, 128 reads at 150 IOPS).
    const auto reads = readsAt(0, 2, 128);
    auto nearest = makeSim("raid10 disks=4 chunk=16KiB mirrorread=nearest iops=150");
    CHECK_THAT(batchMs(*nearest, reads), WithinAbs(740.0, 0.01));
    // Shortest queue splits them evenly: (64 - 16) / 150 s = 320 ms.
    CHECK_THAT(batchMs(*makeSim("raid10 disks=4 chunk=16KiB iops=150"), reads), WithinAbs(320.0, 0.01));

    // Without a throttle, on mechanical disks, still mostly one copy. A replay of 64 reads arriving
    // together gives the per-disk operation counts.
    std::vector<ReplayRecord> records;
    for (const IoRequest& io : readsAt(0, 2, 64, 3))
        records.push_back({ 0, io.offsetBytes, io.sizeBytes, false });
    const SimResult r = makeSim("raid10 disks=4 chunk=16KiB mirrorread=nearest")->replay(records);
    REQUIRE(r.disks.size() == 4);
    const double onOne = double(std::max(r.disks[0].ops, r.disks[1].ops)) / double(r.disks[0].ops + r.disks[1].ops);
    CHECK(onOne >= 0.8);

    // Far copies: md reads the lowest address, so chunk 0 and chunk 4 of raid10 f2 on 4 disks both
    // read disk 0 (rig at 500 IOPS, 128 reads back to back: 256 ms shared against 126-128 ms).
    auto far = makeSim("raid10 layout=far disks=4 chunk=16KiB mirrorread=nearest iops=500");
    batchMs(*far, spread(4, 4, 100)); // every drive out of credit
    const double shared = batchMs(*far, concat(readsAt(0, 4, 64), readsAt(4, 4, 64, 1)));
    const double apart = batchMs(*far, concat(readsAt(0, 4, 64), readsAt(2, 4, 64, 1)));
    CHECK_THAT(shared, WithinAbs(256.0, 0.01));
    CHECK_THAT(apart, WithinAbs(128.0, 0.01));
}

TEST_CASE("SimTarget: throttle state carries across probe batches with the spec's gap", "[sim][realism]")
{
    QString error;
    auto target = SimTarget::create(QStringLiteral("raid0 disks=4 chunk=16KiB iops=150"), &error);
    REQUIRE(target);
    std::vector<ProbeIo> onDisk0, onDisk1;
    for (const IoRequest& io : readsAt(0, 4, 64))
        onDisk0.push_back({ io.offsetBytes, 4096, false });
    for (const IoRequest& io : readsAt(1, 4, 64))
        onDisk1.push_back({ io.offsetBytes, 4096, false });
    auto total = [&](const std::vector<ProbeIo>& ios) {
        const auto t = target->run(ios, 64, {}, &error);
        REQUIRE(t);
        return t->totalNs() * 1e-6;
    };
    CHECK_THAT(total(onDisk0), WithinAbs(320.0, 0.01));
    // The default gap of 1 ms leaks 0.15 requests: 64 / 150 s - 1 ms.
    CHECK_THAT(total(onDisk0), WithinAbs(425.667, 0.01));
    // Disk 1 sat idle all along: the burst.
    CHECK_THAT(total(onDisk1), WithinAbs(320.0, 0.01));
    CHECK_THAT(double(target->clock().count()) * 1e-6, WithinAbs(320 + 1 + 425.667 + 1 + 320, 0.05));

    auto noGap = SimTarget::create(QStringLiteral("raid0 disks=4 chunk=16KiB iops=150 gap=0ms"), &error);
    REQUIRE(noGap);
    noGap->run(onDisk0, 64, {}, &error);
    CHECK_THAT(noGap->run(onDisk0, 64, {}, &error)->totalNs() * 1e-6, WithinAbs(426.667, 0.01));
    auto longGap = SimTarget::create(QStringLiteral("raid0 disks=4 chunk=16KiB iops=150 gap=1s"), &error);
    REQUIRE(longGap);
    longGap->run(onDisk0, 64, {}, &error);
    CHECK_THAT(longGap->run(onDisk0, 64, {}, &error)->totalNs() * 1e-6, WithinAbs(320.0, 0.01));
}

TEST_CASE("Without realism keys every batch is the same as on a fresh simulator", "[sim][realism]")
{
    // The disk mechanics restart idle each batch, and nothing else is carried: the probe's results on
    // plain specs stay what they were before throttles existed.
    const auto reads = concat(readsAt(0, 4, 20), readsAt(1, 4, 20, 2));
    for (const char* spec :
        { "raid0 disks=4 chunk=16KiB", "raid10 disks=4 chunk=16KiB", "raid10 disks=4 chunk=16KiB mirrorread=random" }) {
        INFO(spec);
        auto sim = makeSim(spec);
        const auto first = sim->runBatch(reads, 16);
        const auto second = sim->runBatch(reads, 16);
        CHECK(first == second);
        CHECK(makeSim(spec)->runBatch(reads, 16) == first);
    }
}

TEST_CASE("Realism keys: bad values say which key and why", "[sim][realism]")
{
    CHECK(createError("raid5 disks=4 iops=-3")
              .contains(QStringLiteral("iops: expected a positive rate (requests per second) from 0.001 to 1000000000, got -3")));
    CHECK(createError("raid5 disks=4 iops=fast").contains(QStringLiteral("iops: expected a positive rate")));
    CHECK(createError("raid5 disks=4 iops=300,9:50")
              .contains(QStringLiteral("iops=300,9:50: expected RATE or DISK:RATE with DISK from 0 to 3")));
    CHECK(createError("raid5 disks=4 iops=300,200").contains(QStringLiteral("one rate for every member")));
    CHECK(createError("raid5 disks=4 iops=300 burst=-1")
              .contains(QStringLiteral("burst: expected a number of requests from 0 to 1000000000, got -1")));
    CHECK(createError("raid5 disks=4 burst=30").contains(QStringLiteral("needs iops=RATE")));
    CHECK(createError("raid5 disks=4 ceiling=0")
              .contains(QStringLiteral("ceiling: expected a positive rate (requests per second) from 0.001 to 1000000000, got 0")));
    // #52: one request in 10^12 s overflowed simulated time (negative), 1e-300 was taken as no ceiling
    CHECK(createError("raid5 disks=4 iops=1e-12").contains(QStringLiteral("iops: expected a positive rate (requests per second) from 0.001 to 1000000000, got 1e-12")));
    CHECK(createError("raid5 disks=4 ceiling=1e-300").contains(QStringLiteral("got 1e-300")));
    CHECK(createError("raid5 disks=4 hostoverhead=50")
              .contains(QStringLiteral("hostoverhead: duration '50' has no unit")));
    // #52: a sign is read as part of the number, so a negative time is refused with the range
    // (0 to 10^6 s, docs/design/io.md), not called "not a duration".
    CHECK(createError("raid5 disks=4 hostoverhead=-5us")
              .contains(QStringLiteral("hostoverhead: expected a duration from 0 to 1000000s, got -5us")));
    CHECK(createError("raid5 disks=4 hostoverhead=10us:20us").contains(QStringLiteral("jitter may not exceed")));
    CHECK(
        createError("raid5 disks=4 hostoverhead=1us:1us:1us").contains(QStringLiteral("expected TIME or TIME:JITTER")));
    CHECK(createError("raid5 disks=4 gap=-1ms").contains(QStringLiteral("gap: expected a duration from 0 to 1000000s, got -1ms")));
    CHECK(createError("raid5 disks=4 gap=1000001s").contains(QStringLiteral("gap: expected a duration from 0 to 1000000s, got 1000001s")));
    QString topError;
    CHECK(ArraySimulator::create(QStringLiteral("raid5 disks=4 gap=1000000s"), &topError)); // the top, allowed
    CHECK(createError("raid5 disks=4 gap=1").contains(QStringLiteral("gap: duration '1' has no unit")));
    CHECK(createError("raid10 disks=4 mirrorread=closest")
              .contains(QStringLiteral("(known: shortest, random, primary, nearest)")));
}
