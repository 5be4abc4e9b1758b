// SPDX-License-Identifier: GPL-3.0-or-later
#include "sim/simresult.h"

#include <catch2/catch.hpp>

using namespace raidscope;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {

DiskResult disk(std::uint64_t ops, std::uint64_t sectors, double busyNs, double meanQueue, std::uint64_t maxQueue)
{
    DiskResult d;
    d.preset = QStringLiteral("ibm-9lzx");
    d.members = { 0 };
    d.ops = ops;
    d.sectors = sectors;
    d.busyNs = busyNs;
    d.meanQueueLength = meanQueue;
    d.maxQueueLength = maxQueue;
    return d;
}

// Two small runs on a one-disk array, every number chosen by hand.
SimResult first()
{
    SimResult r;
    r.arraySpec = QStringLiteral("raid0 disks=1");
    r.workloadSpec = QStringLiteral("random outstanding=2");
    r.outstanding = 2;
    r.requests = 3;
    r.reads = 2;
    r.writes = 1;
    r.bytes = 3 * 4096;
    r.diskOps = 3;
    r.writeCacheHits = 1;
    r.simulatedNs = 1e9; // 1 s
    r.wallSeconds = 0.25;
    for (double ms : { 1.0, 2.0, 3.0 }) {
        r.responseMs.add(ms);
        r.responseNs.add(std::uint64_t(ms * 1e6));
    }
    r.disks = { disk(3, 24, 0.5e9, 1.0, 2) }; // busy half of 1 s, queue 1 on average
    r.disks[0].utilization = 0.5;
    return r;
}

SimResult second()
{
    SimResult r;
    r.arraySpec = QStringLiteral("raid0 disks=1");
    r.workloadSpec = QStringLiteral("random outstanding=2");
    r.outstanding = 2;
    r.requests = 1;
    r.writes = 1;
    r.bytes = 8192;
    r.diskOps = 2;
    r.lostRequests = 1;
    r.readCacheHits = 2;
    r.simulatedNs = 3e9; // 3 s
    r.wallSeconds = 0.5;
    r.responseMs.add(6.0);
    r.responseNs.add(6000000);
    r.disks = { disk(2, 16, 2.5e9, 3.0, 5) };
    r.disks[0].failed = true;
    r.disks[0].utilization = 2.5 / 3;
    return r;
}

} // namespace

TEST_CASE("SimResult: merge adds counts and times and weights disk means by simulated time", "[sim][simresult]")
{
    SimResult a = first();
    a.merge(second());
    // By hand: counts add up, 1 s + 3 s of simulated time.
    CHECK(a.requests == 4);
    CHECK(a.reads == 2);
    CHECK(a.writes == 2);
    CHECK(a.bytes == 20480);
    CHECK(a.diskOps == 5);
    CHECK(a.lostRequests == 1);
    CHECK(a.writeCacheHits == 1);
    CHECK(a.readCacheHits == 2);
    CHECK(a.simulatedNs == 4e9);
    CHECK_THAT(a.wallSeconds, WithinAbs(0.75, 1e-12));
    // Response times 1, 2, 3, 6 ms: mean 3, population variance (4 + 1 + 0 + 9) / 4 = 3.5.
    CHECK(a.responseMs.count() == 4);
    CHECK_THAT(a.responseMs.mean(), WithinRel(3.0, 1e-12));
    CHECK_THAT(a.responseMs.variance(), WithinRel(3.5, 1e-12));
    CHECK(a.responseMs.min() == 1.0);
    CHECK(a.responseMs.max() == 6.0);
    CHECK(a.responseNs.total() == 4);
    // 4 requests in 4 s: 1 IOPS; 20480 bytes in 4 s = 0.00512 MB/s.
    CHECK_THAT(a.iops(), WithinRel(1.0, 1e-12));
    CHECK_THAT(a.mbps(), WithinRel(0.00512, 1e-12));
    REQUIRE(a.disks.size() == 1);
    const DiskResult& d = a.disks[0];
    CHECK(d.ops == 5);
    CHECK(d.sectors == 40);
    CHECK(d.busyNs == 3e9);
    CHECK_THAT(d.utilization, WithinRel(0.75, 1e-12));       // 3 s busy of 4 s
    CHECK_THAT(d.meanQueueLength, WithinRel(2.5, 1e-12));   // (1 * 1 s + 3 * 3 s) / 4 s
    CHECK(d.maxQueueLength == 5);
    CHECK(d.failed);
    CHECK(d.preset == u"ibm-9lzx");
    // The first part's description is kept.
    CHECK(a.arraySpec == u"raid0 disks=1");
    CHECK(a.outstanding == 2);
}

TEST_CASE("SimResult: merging into an empty result gives the other result", "[sim][simresult]")
{
    SimResult acc;
    acc.arraySpec = QStringLiteral("raid0 disks=1 chunk=64KiB"); // kept: the caller's canonical spec
    const SimResult b = second();
    acc.merge(b);
    CHECK(acc.arraySpec == u"raid0 disks=1 chunk=64KiB");
    CHECK(acc.workloadSpec == b.workloadSpec);
    CHECK(acc.outstanding == 2);
    CHECK(acc.requests == 1);
    CHECK(acc.simulatedNs == 3e9);
    REQUIRE(acc.disks.size() == 1);
    CHECK(acc.disks[0].ops == 2);
    CHECK_THAT(acc.disks[0].meanQueueLength, WithinRel(3.0, 1e-12));
    CHECK_THAT(acc.disks[0].utilization, WithinRel(2.5 / 3, 1e-12));
    CHECK(acc.disks[0].members == std::vector<int> { 0 });
    CHECK(acc.toJson().value(QStringLiteral("requests")).toInt() == 1);

    SECTION("and merging an empty result changes nothing")
    {
        const QJsonObject before = acc.toJson();
        acc.merge(SimResult {});
        CHECK(acc.toJson() == before);
    }
}

TEST_CASE("SimResult: merge with no simulated time leaves disk means at zero", "[sim][simresult]")
{
    SimResult a;
    SimResult b;
    b.disks = { disk(0, 0, 0, 0, 0) };
    a.merge(b);
    REQUIRE(a.disks.size() == 1);
    CHECK(a.disks[0].utilization == 0);
    CHECK(a.disks[0].meanQueueLength == 0);
}
