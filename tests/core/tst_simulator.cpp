// SPDX-License-Identifier: GPL-3.0-or-later
#include "sim/arraysimulator.h"
#include "sim/outstandingsweep.h"

#include "testsupport.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace raidscope;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {

using raidscope::test::makeSim;

SimResult run(const char* array, const char* workload)
{
    QString error;
    const auto w = parseWorkloadSpec(QString::fromUtf8(workload), &error);
    INFO(workload << ": " << error.toStdString());
    REQUIRE(w);
    return makeSim(array)->run(*w);
}

} // namespace

TEST_CASE("ArraySimulator: random reads scale with the number of disks", "[sim]")
{
    // Closed loop with 8 requests per disk keeps every disk busy: D disks do about D times the
    // random reads of one (each disk serves its own share independently).
    const SimResult one = run("raid0 disks=1 chunk=64KiB", "random outstanding=8 count=6000 seed=1");
    const SimResult four = run("raid0 disks=4 chunk=64KiB", "random outstanding=32 count=24000 seed=1");
    CHECK(one.requests == 6000);
    CHECK(four.requests == 24000);
    CHECK_THAT(four.iops() / one.iops(), WithinRel(4.0, 0.08));
    for (const DiskResult& d : four.disks)
        CHECK(d.utilization > 0.9);
}

TEST_CASE("ArraySimulator: RAID-1 reads twice the bandwidth it writes", "[sim]")
{
    // A write goes to both mirrors, a read to one of them (shortest queue): bandwidth ratio 2.
    const SimResult reads = run("raid1 disks=2", "random read=1 outstanding=16 count=8000 seed=2");
    const SimResult writes = run("raid1 disks=2", "random read=0 outstanding=16 count=8000 seed=2");
    CHECK_THAT(reads.mbps() / writes.mbps(), WithinRel(2.0, 0.1));
    CHECK(writes.diskOps == 2 * writes.requests);
    CHECK(reads.diskOps == reads.requests);
}

TEST_CASE("ArraySimulator: a RAID-5 small random write costs 4 disk operations, md's more", "[sim]")
{
    // Read-modify-write: read old data and parity, write new data and parity (Shear §2.3.4's ratio of 4).
    const SimResult rmw = run("raid5 disks=5 chunk=16KiB", "random read=0 size=4KiB outstanding=8 count=2000 seed=3");
    CHECK(rmw.diskOps == 4 * rmw.requests);
    // Shear §4: Linux md reads the other D-2 data blocks instead: D = 5 operations on 5 disks.
    const SimResult md = run("raid5 disks=5 chunk=16KiB paritywrite=md", "random read=0 size=4KiB outstanding=8 count=2000 seed=3");
    CHECK(md.diskOps == 5 * md.requests);
    // RAID-6: 3 reads + 3 writes on 8 disks (rmw 3 reads < rcw 5 reads).
    const SimResult r6 = run("raid6 disks=8 chunk=16KiB", "random read=0 size=4KiB outstanding=8 count=2000 seed=3");
    CHECK(r6.diskOps == 6 * r6.requests);
}

TEST_CASE("ArraySimulator: a write-back cache absorbs a burst smaller than itself, not a larger one", "[sim]")
{
    // 32 writes of 64 KiB (2 MiB) all issued at once. With a 4 MiB cache each is acknowledged at
    // once (only the 50 us controller overhead); with 512 KiB most wait for destaging to free room.
    const char* burst = "random read=0 size=64KiB outstanding=32 count=32 seed=4";
    const SimResult big = run("raid5 disks=5 chunk=64KiB cache=4MiB overhead=50us", burst);
    CHECK(big.writeCacheHits == 32);
    CHECK_THAT(big.responseMs.max(), WithinAbs(0.05, 1e-6));
    const SimResult small = run("raid5 disks=5 chunk=64KiB cache=512KiB overhead=50us", burst);
    CHECK(small.writeCacheHits == 32); // each is admitted, but only when room frees up
    CHECK(small.responseMs.max() > 20.0);  // at least a few disk operations' worth of waiting
    CHECK(small.percentileMs(0.9) > 10 * big.percentileMs(0.9));
}

TEST_CASE("ArraySimulator: degraded reads touch every survivor", "[sim]")
{
    // raid5 on 5 disks with disk 2 failed: a 4 KiB read lands on disk 2 with probability 1/5 and is
    // then rebuilt from the 4 survivors, so disk operations per read = 4/5 * 1 + 1/5 * 4 = 1.6.
    const SimResult r = run("raid5 disks=5 chunk=16KiB failed=2", "random outstanding=8 count=20000 seed=5");
    CHECK(r.lostRequests == 0);
    CHECK_THAT(double(r.diskOps) / double(r.requests), WithinAbs(1.6, 0.03));
    CHECK(r.disks[2].failed);
    CHECK(r.disks[2].ops == 0);
    for (int d : { 0, 1, 3, 4 })
        CHECK(r.disks[std::size_t(d)].ops > 4000);
    // RAID-0 has nothing to rebuild from.
    QString error;
    CHECK_FALSE(ArraySimulator::create(QStringLiteral("raid0 disks=4 failed=1"), &error));
    CHECK(error.contains(QStringLiteral("exceed what the array survives (0)")));
}

TEST_CASE("ArraySimulator: open-loop utilization equals rate times mean service time", "[sim]")
{
    // Second method for the service time: one request at a time (closed loop, 1 outstanding) has no
    // queueing, so its mean response time is the mean service time. Utilization law: U = X * S.
    const SimResult alone = run("raid0 disks=1 chunk=64KiB", "random outstanding=1 count=20000 seed=6");
    const double serviceMs = alone.responseMs.mean();
    const SimResult open = run("raid0 disks=1 chunk=64KiB", "random rate=40 count=20000 seed=7");
    CHECK_THAT(open.disks[0].utilization, WithinRel(40 * serviceMs / 1000, 0.05));
    CHECK_THAT(open.iops(), WithinRel(40.0, 0.03));
}

TEST_CASE("ArraySimulator: misconfigured and heterogeneous arrays", "[sim]")
{
    // shared=1:2: members 1 and 2 are two partitions of one physical disk (Shear Fig. 17).
    const SimResult shared = run("raid0 disks=4 chunk=16KiB shared=1:2", "random outstanding=16 count=8000 seed=8");
    REQUIRE(shared.disks.size() == 3);
    CHECK(shared.disks[1].members == std::vector<int> { 1, 2 });
    // That disk serves half the requests, the other two a quarter each.
    CHECK_THAT(double(shared.disks[1].ops) / double(shared.diskOps), WithinAbs(0.5, 0.03));

    // speed=0:0.5 makes disk 0 half as fast; with requests spread evenly it is the busiest.
    const SimResult slow = run("raid0 disks=4 chunk=16KiB speed=0:0.5", "random rate=100 count=8000 seed=9");
    for (int d = 1; d < 4; ++d)
        CHECK(slow.disks[0].utilization > 1.5 * slow.disks[std::size_t(d)].utilization);
}

TEST_CASE("ArraySimulator: a sweep of outstanding I/Os saturates", "[sim]")
{
    // More outstanding I/Os: IOPS rise towards the disks' limit, response time keeps rising (Little).
    auto sim = makeSim("raid5 disks=6 chunk=64KiB");
    QString error;
    const auto w = parseWorkloadSpec(QStringLiteral("random count=6000 seed=10"), &error);
    REQUIRE(w);
    const auto points = runOutstandingSweep(*sim, *w, { 1, 4, 16, 64 }).points;
    REQUIRE(points.size() == 4);
    for (std::size_t i = 1; i < points.size(); ++i) {
        CHECK(points[i].iops() > points[i - 1].iops());
        CHECK(points[i].responseMs.mean() > points[i - 1].responseMs.mean());
    }
    // Little's law: N = X * R in a closed loop.
    for (const SimResult& p : points)
        CHECK_THAT(p.iops() * p.responseMs.mean() / 1000, WithinRel(double(p.outstanding), 0.03));
}

TEST_CASE("ArraySimulator: bad simulation keys say which and why", "[sim]")
{
    QString error;
    CHECK_FALSE(ArraySimulator::create(QStringLiteral("raid5 disks=4 failed=7"), &error));
    CHECK(error.contains(QStringLiteral("failed=7: '7' is not a member disk (0 to 3)")));
    CHECK_FALSE(ArraySimulator::create(QStringLiteral("raid5 disks=4 scheduler=lifo"), &error));
    CHECK(error.contains(QStringLiteral("scheduler=lifo is unknown")));
    CHECK_FALSE(ArraySimulator::create(QStringLiteral("raid5 disks=4 cache=12"), &error));
    CHECK(error.contains(QStringLiteral("cache: size '12' has no unit")));
    CHECK_FALSE(ArraySimulator::create(QStringLiteral("raid5 disks=4 speed=9:2"), &error));
    CHECK(error.contains(QStringLiteral("speed=9:2")));
    CHECK_FALSE(ArraySimulator::create(QStringLiteral("raid5 disks=4 member=1:floppy"), &error));
    CHECK(error.contains(QStringLiteral("unknown disk preset 'floppy'")));
    CHECK_FALSE(ArraySimulator::create(QStringLiteral("raid5 disks=4 shared=1:1"), &error));
    CHECK(error.contains(QStringLiteral("two different members")));
    CHECK_FALSE(ArraySimulator::create(QStringLiteral("raid5 disks=4 size=100GiB"), &error));
    CHECK(error.contains(QStringLiteral("size: member 0 needs")));
}

TEST_CASE("ArraySimulator: a batch on two disks finishes sooner than on one (Shear's premise)", "[sim]")
{
    // raid0, 2 disks, 64 KiB chunks: offsets 0 and 64 KiB are on different disks, 0 and 128 KiB on
    // the same one. 40 random-ish reads split over two disks take about half as long as on one.
    auto sim = makeSim("raid0 disks=2 chunk=64KiB");
    std::vector<IoRequest> twoDisks, oneDisk;
    for (std::uint64_t i = 0; i < 40; ++i) {
        const std::uint64_t stripe = (i * 7919) % 50000; // spread over the disk
        twoDisks.push_back({ (stripe * 2 + (i % 2)) * 65536, 4096, false });
        oneDisk.push_back({ stripe * 2 * 65536, 4096, false });
    }
    const std::vector<double> a = sim->runBatch(twoDisks, 40);
    const std::vector<double> b = sim->runBatch(oneDisk, 40);
    REQUIRE(a.size() == 40);
    REQUIRE(b.size() == 40);
    const double endA = *std::max_element(a.begin(), a.end());
    const double endB = *std::max_element(b.begin(), b.end());
    CHECK_THAT(endA / endB, WithinAbs(0.5, 0.12));
    for (double t : a)
        CHECK(t > 0);
}

TEST_CASE("ArraySimulator: shortest-seek-first and elevator beat FIFO on a deep queue", "[sim]")
{
    // With 32 random reads queued on one disk, picking the nearest next shortens seeks (Ruemmler &
    // Wilkes' square-root regime), so the same requests finish sooner than in arrival order.
    const char* workload = "random outstanding=32 count=4000 seed=12";
    const SimResult fifo = run("raid0 disks=1 scheduler=fifo", workload);
    const SimResult sstf = run("raid0 disks=1 scheduler=sstf", workload);
    const SimResult elevator = run("raid0 disks=1 scheduler=elevator", workload);
    CHECK(sstf.iops() > 1.3 * fifo.iops());
    CHECK(elevator.iops() > 1.3 * fifo.iops());
    CHECK(sstf.requests == fifo.requests);
}
