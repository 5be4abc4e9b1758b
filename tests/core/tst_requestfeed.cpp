// SPDX-License-Identifier: GPL-3.0-or-later
// Issue #10 ("Shape", every core): a run's requests drawn and planned ahead by another thread
// (RequestFeed::help()), and the sweep's idle threads doing so for its last points, change no result.
// Expected values come from a second method: the plain WorkloadGenerator for the requests, a serial
// run (one thread, no helper) for the results.
#include "sim/arraysimulator.h"
#include "sim/outstandingsweep.h"
#include "sim/requestfeed.h"

#include "testsupport.h"

#include <catch2/catch.hpp>

#include <QJsonArray>
#include <QJsonDocument>
#include <QScopeGuard>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <random>
#include <thread>

using namespace raidscope;
using raidscope::test::makeSim;

namespace {

WorkloadSpec workload(const char* text) { return test::makeWorkload(text); }

// Every value of a result's JSON, key by key, so a difference names its field.
void checkSameResult(const QJsonObject& got, const QJsonObject& expected)
{
    CHECK(got.keys() == expected.keys());
    for (const QString& key : expected.keys()) {
        CAPTURE(key.toStdString());
        CHECK(QJsonDocument(QJsonArray { got.value(key) }).toJson(QJsonDocument::Compact)
              == QJsonDocument(QJsonArray { expected.value(key) }).toJson(QJsonDocument::Compact));
    }
}

// Arrays and workloads through every planning path: reads by the data place, writes through the RAID
// write paths (read-modify-write, reconstruct-write, md's paritywrite), degraded reads, mirror reads
// left to the simulator (shortest queue, random, nearest), the shared-disk partition, caches and the
// controller's overhead, open loops (their gaps are drawn with the requests).
const char* const kCases[][2] = {
    { "raid5 disks=8 chunk=64KiB", "random read=0.7 size=8KiB outstanding=16 count=6000 seed=1" },
    { "raid6 disks=6 chunk=8KiB failed=1", "random read=0.5 size=4KiB:50,128KiB:50 outstanding=8 count=3000 seed=6" },
    { "raid10 disks=4 chunk=16KiB", "random read=0.6 size=4KiB:60,64KiB:40 outstanding=8 count=4000 seed=3" },
    { "raid10 disks=4 chunk=16KiB mirrorread=random failed=1", "random read=0.8 size=32KiB outstanding=4 count=3000 seed=4" },
    { "raid1 disks=3 chunk=64KiB mirrorread=nearest", "random read=0.9 size=16KiB outstanding=4 count=3000 seed=5" },
    { "raid5 disks=4 chunk=32KiB paritywrite=md shared=0:1", "sequential read=0.3 size=64KiB outstanding=2 count=3000 seed=9" },
    { "raid5 disks=5 chunk=16KiB cache=1MiB readcache=4MiB overhead=50us scheduler=elevator",
        "random read=0.5 size=4KiB:70,256KiB:30 runcount=4 hot=20:80 outstanding=32 count=5000 seed=8" },
    { "raid0 disks=3 chunk=64KiB", "random read=0.5 size=8KiB rate=300 count=3000 seed=10" },
    { "raid5 disks=4 chunk=16KiB failed=2", "random read=0.7 size=4KiB:60,64KiB:40 rate=100 count=3000 seed=7" },
};

} // namespace

TEST_CASE("RequestFeed: the requests of the workload generator, draw for draw, however far a helper drew", "[sim][feed]")
{
    auto sim = makeSim("raid5 disks=4 chunk=16KiB");
    const auto [text, helperFirst] = GENERATE(table<const char*, bool>({
        { "random read=0.7 size=4KiB:60,64KiB:40 runcount=3 count=3000 seed=7", false },
        { "random read=0.7 size=4KiB:60,64KiB:40 runcount=3 count=3000 seed=7", true },
        { "random read=0.5 size=8KiB rate=200 count=1500 seed=3", false },
        { "random read=0.5 size=8KiB rate=200 count=1500 seed=3", true },
    }));
    CAPTURE(text, helperFirst);
    const WorkloadSpec spec = workload(text);
    // The serial run's draws: a gap first (open loop), then each request and the gap after it.
    WorkloadGenerator generator(spec, sim->arrayBytes(), sim->layout().params().blockBytes);
    const double firstGap = spec.openLoop() ? generator.nextGapNs() : 0;

    RequestFeed feed(*sim, spec);
    std::jthread helper;
    if (helperFirst) {
        helper = std::jthread([&] { feed.help(); });
        std::this_thread::sleep_for(std::chrono::milliseconds(20)); // it draws as far ahead as it may
    }
    const auto closed = qScopeGuard([&] { feed.close(); }); // the helper returns even if a REQUIRE fails
    CHECK(feed.firstGapNs() == firstGap);
    const RequestPlanner planner = sim->planner();
    std::vector<PhysOp> phase1, phase2;
    for (std::uint64_t i = 0; i < spec.count; ++i) {
        CAPTURE(i);
        const IoRequest expected = generator.next();
        const double gap = spec.openLoop() && i + 1 < spec.count ? generator.nextGapNs() : 0;
        const PlannedRequest got = feed.next();
        REQUIRE(got.io.offsetBytes == expected.offsetBytes);
        REQUIRE(got.io.sizeBytes == expected.sizeBytes);
        REQUIRE(got.io.write == expected.write);
        REQUIRE(got.gapNs == gap);
        // raid5 with no failed disk: every request is planned ahead, as the planner plans it now.
        REQUIRE(got.planned);
        phase1.clear();
        phase2.clear();
        bool lost = true;
        REQUIRE(planner.plan(expected, 0, phase1, phase2, lost));
        CHECK_FALSE(got.lost);
        REQUIRE(got.phase1.size() == phase1.size());
        REQUIRE(got.phase2.size() == phase2.size());
        for (std::size_t k = 0; k < phase1.size(); ++k)
            CHECK((got.phase1[k].sector == phase1[k].sector && got.phase1[k].sectors == phase1[k].sectors
                   && got.phase1[k].disk == phase1[k].disk && got.phase1[k].write == phase1[k].write));
        for (std::size_t k = 0; k < phase2.size(); ++k)
            CHECK((got.phase2[k].sector == phase2[k].sector && got.phase2[k].disk == phase2[k].disk
                   && got.phase2[k].write == phase2[k].write));
    }
}

TEST_CASE("RequestFeed: a run helped by another thread gives the serial result, value by value", "[sim][feed]")
{
    for (const auto& [arraySpec, workloadSpec] : kCases) {
        CAPTURE(arraySpec, workloadSpec);
        auto sim = makeSim(arraySpec);
        const WorkloadSpec spec = workload(workloadSpec);
        const QJsonObject serial = sim->run(spec).toJson();
        for (int headStartMs : { 0, 20 }) {
            // Helped from the start, or after the helper has drawn as far ahead as it may: the run
            // takes the helper's blocks, and draws its own when it catches up.
            CAPTURE(headStartMs);
            RequestFeed feed(*sim, spec);
            std::jthread helper([&] { feed.help(); });
            std::this_thread::sleep_for(std::chrono::milliseconds(headStartMs));
            checkSameResult(sim->run(feed).toJson(), serial); // run() closes the feed: the helper returns
        }
    }
}

TEST_CASE("RequestFeed: a helper goes home when the run ends or stops and help() after close returns at once", "[sim][feed]")
{
    auto sim = makeSim("raid5 disks=4 chunk=16KiB");
    const WorkloadSpec spec = workload("random read=0.5 size=4KiB count=1000000000 seed=2"); // would take minutes
    RequestFeed feed(*sim, spec);
    std::stop_source source;
    std::atomic<bool> helped = false;
    std::jthread helper([&] {
        feed.help();
        helped = true;
    });
    int reports = 0;
    const SimResult r = sim->run(feed, source.get_token(), [&](std::shared_ptr<const SimSnapshot>) {
        if (++reports == 2)
            source.request_stop();
    });
    CHECK(r.requests < spec.count);
    helper.join(); // returns: run() closed the feed
    CHECK(helped);
    feed.help(); // closed: nothing to do
    feed.close();
}

TEST_CASE("outstanding sweep: idle threads helping the last points give the serial results, value by value", "[sim][sweep][feed]")
{
    // BM_Sweep7's sweep, smaller: 7 points on fewer threads, so the last ones run helped.
    auto sim = makeSim("raid5 disks=8 chunk=64KiB");
    const WorkloadSpec w = workload("random read=0.7 size=8KiB count=20000 seed=1");
    const std::vector<int> values { 1, 2, 4, 8, 16, 32, 64 };
    const OutstandingSweepResult serial = runOutstandingSweep(*sim, w, values, {}, {}, 1);
    REQUIRE(serial.points.size() == values.size());
    for (int jobs : { 2, 3, 8 }) {
        CAPTURE(jobs);
        const OutstandingSweepResult parallel = runOutstandingSweep(*sim, w, values, {}, {}, jobs);
        CHECK_FALSE(parallel.cancelled);
        REQUIRE(parallel.points.size() == serial.points.size());
        for (std::size_t i = 0; i < values.size(); ++i) {
            CAPTURE(i);
            CHECK(parallel.points[i].outstanding == values[i]);
            checkSameResult(parallel.points[i].toJson(), serial.points[i].toJson());
        }
    }
}

TEST_CASE("outstanding sweep: a stop during a helped last point returns promptly, reporting nothing more", "[sim][sweep][feed]")
{
    auto sim = makeSim("raid5 disks=8 chunk=64KiB");
    const WorkloadSpec w = workload("random read=0.7 size=8KiB count=200000 seed=1");
    std::stop_source source;
    std::atomic<int> reportsAfterStop = 0;
    const OutstandingSweepResult r = runOutstandingSweep(*sim, w, { 1, 2, 4 }, source.get_token(),
        [&](std::shared_ptr<const SweepSnapshot> s) {
            if (source.stop_requested())
                ++reportsAfterStop;
            if (s->pointIndex == 2 && !s->pointDone) // the last point runs, one thread helping it
                source.request_stop();
        },
        2);
    CHECK(r.cancelled);
    REQUIRE(r.points.size() == 2);
    CHECK(r.points[1].outstanding == 2);
    CHECK(reportsAfterStop == 0);
}

TEST_CASE("RequestPlanner: a parity write's operations are planRequest()'s, in its order", "[sim][feed]")
{
    // plan() takes a short way for a healthy parity array's writes within a stripe (read-modify-write); the
    // second method is planRequest() itself, its operations split as plan() splits them: reads first,
    // the writes that wait for them second, each in planRequest()'s order.
    const char* const arrays[] = {
        "raid5 disks=8 chunk=64KiB", "raid5 layout=la disks=5 chunk=8KiB", "raid5 layout=rs disks=6 chunk=16KiB",
        "raid5 layout=ra disks=7 chunk=4KiB", "raid6 disks=28 chunk=32KiB", "raid6 layout=la disks=6 chunk=8KiB",
        "raid6 layout=continuous disks=7 chunk=16KiB", "raid6 layout=rs disks=5 chunk=16KiB", "raid4 disks=5 chunk=16KiB",
        "raid5 disks=3 chunk=16KiB", "raid6 disks=4 chunk=8KiB", "raid5 disks=6 chunk=16KiB paritywrite=md",
        "raid5 disks=6 chunk=16KiB shared=1:2",
    };
    std::mt19937_64 random(5);
    for (const char* array : arrays) {
        CAPTURE(array);
        auto sim = makeSim(array);
        const RequestPlanner planner = sim->planner();
        const std::uint64_t blockBytes = sim->layout().params().blockBytes;
        const std::uint64_t arrayBytes = sim->arrayBytes();
        PlanOptions options;
        options.alwaysReconstructWrite = sim->config().alwaysReconstructWrite;
        options.listChunks = false;
        std::vector<PhysOp> phase1, phase2, expected1, expected2;
        for (int i = 0; i < 3000; ++i) {
            // One block or a few (within a chunk or across), aligned or not; now and then a request past
            // the end, or empty.
            const std::uint64_t blocks = i % 3 == 0 ? 1 + random() % (3 * sim->layout().params().chunkBlocks()) : 1;
            IoRequest io { random() % (arrayBytes - blocks * blockBytes) / blockBytes * blockBytes, blocks * blockBytes, true };
            if (i % 7 == 1)
                io.offsetBytes += random() % blockBytes; // spans two blocks unless it starts the block
            if (i % 11 == 2)
                io.sizeBytes = 1 + random() % blockBytes;
            if (i % 13 == 3)
                io.offsetBytes = arrayBytes - blockBytes + (i % 2) * blockBytes;
            if (i % 17 == 4)
                io.sizeBytes = 0;
            CAPTURE(io.offsetBytes, io.sizeBytes);
            phase1.clear();
            phase2.clear();
            bool lost = true;
            planner.plan(io, 7, phase1, phase2, lost);
            const RequestPlan plan = planRequest(sim->layout(), io.offsetBytes, io.sizeBytes, true, nullptr, options);
            expected1.clear();
            expected2.clear();
            bool reads = false, writes = false;
            for (const DiskOp& op : plan.ops) {
                reads |= op.kind == DiskOp::Read;
                writes |= op.kind == DiskOp::Write;
            }
            for (const DiskOp& op : plan.ops) {
                const PhysOp phys = planner.physOp(op.disk, op.block, op.blocks, 7, op.kind == DiskOp::Write);
                (reads && writes && phys.write ? expected2 : expected1).push_back(phys);
            }
            auto same = [](const std::vector<PhysOp>& a, const std::vector<PhysOp>& b) {
                return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const PhysOp& x, const PhysOp& y) {
                    return x.sector == y.sector && x.sectors == y.sectors && x.request == y.request && x.disk == y.disk
                        && x.write == y.write && x.member == y.member;
                });
            };
            CHECK(lost == plan.lost);
            REQUIRE(same(phase1, expected1));
            REQUIRE(same(phase2, expected2));
        }
    }
}
