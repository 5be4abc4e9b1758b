// SPDX-License-Identifier: GPL-3.0-or-later
// TraceSummary on synthetic records (answers worked by hand), the summarize job, replay and fio export.
#include "trace/traceexport.h"
#include "trace/tracejob.h"

#include <catch2/catch.hpp>

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QTemporaryDir>

#include <stop_token>

using namespace raidscope;

namespace {

TraceRecord req(std::int64_t timeNs, std::uint64_t offset, std::uint64_t size, bool write = false, std::int64_t responseNs = -1)
{
    TraceRecord r;
    r.timeNs = timeNs;
    r.offsetBytes = offset;
    r.sizeBytes = size;
    r.write = write;
    r.responseNs = responseNs;
    return r;
}

QString fixture(const char* name)
{
    return QStringLiteral(RAIDSCOPE_TEST_DATA "/traces/") + QString::fromLatin1(name);
}

} // namespace

TEST_CASE("trace summary: sizes, mix and cumulative percentage (Illustration 8)")
{
    TraceSummary s;
    TraceAccumulator acc(s);
    const auto d = s.deviceSlot("a");
    acc.add(req(0, 0, 8192), d);
    acc.add(req(1, 0, 8192, true), d);
    acc.add(req(2, 0, 131072, true), d);
    acc.add(req(3, 0, 1000), d); // not a multiple of 512
    const auto cum = s.cumulativeSizes();
    REQUIRE(cum.size() == 3);
    CHECK(cum[0] == std::pair<std::uint64_t, double> { 1000, 25.0 });
    CHECK(cum[1] == std::pair<std::uint64_t, double> { 8192, 75.0 });
    CHECK(cum[2].second == 100.0);
    CHECK(s.bytesWritten == 8192 + 131072);
    const QJsonObject j = s.toJson();
    for (const char* key : { "format", "records", "reads", "writes", "bytesRead", "bytesWritten", "sizeHistogram", "devices",
             "skew", "sequentiality", "timeline", "slowPeriods", "mix" })
        CHECK(j.contains(QLatin1String(key)));
    CHECK(j[QStringLiteral("sizeHistogram")].toArray()[1].toObject()[QStringLiteral("bytes")].toInt() == 8192);
    CHECK(j[QStringLiteral("sizeHistogram")].toArray()[1].toObject()[QStringLiteral("count")].toInt() == 2);
    CHECK(j[QStringLiteral("devices")].toArray()[0].toObject()[QStringLiteral("device")].toString() == u"a");
    CHECK(j[QStringLiteral("responseTime")].isNull());
}

TEST_CASE("trace summary: run count as Minerva 2.1 defines it")
{
    TraceSummary s;
    TraceAccumulator acc(s);
    const auto a = s.deviceSlot("a"), b = s.deviceSlot("b");
    // a: 0-4K, 4K-8K, 8K-12K sequential (one run), then 100K (second run): 4 requests in 2 runs.
    // b interleaves but is a separate stream, so it does not break a's runs: 2 requests, 2 runs.
    acc.add(req(0, 0, 4096), a);
    acc.add(req(1, 1 << 20, 4096), b);
    acc.add(req(2, 4096, 4096), a);
    acc.add(req(3, 8192, 4096), a);
    acc.add(req(4, 0, 4096), b);
    acc.add(req(5, 102400, 4096), a);
    CHECK(s.devices[a].runs == 2);
    CHECK(s.devices[a].runCount() == 2.0);
    CHECK(s.devices[b].runs == 2);
    CHECK(s.runCount() == Approx(6.0 / 4));
}

TEST_CASE("trace summary: skew, Lorenz curve and Gini")
{
    // Whitepaper "Skew": one controller of 20 gets 50 % of the I/O.
    TraceSummary s;
    TraceAccumulator acc(s);
    for (int dev = 0; dev < 20; ++dev) {
        const auto slot = s.deviceSlot(std::to_string(dev));
        const int n = dev == 0 ? 190 : 10;
        for (int i = 0; i < n; ++i)
            acc.add(req(i, std::uint64_t(i) * 4096, 4096), slot);
    }
    CHECK(busiestDevice(s) == 0);
    CHECK(busiestDeviceShare(s) == Approx(0.5));
    const auto curve = deviceLorenz(s);
    CHECK(curve.front().share == 0);
    CHECK(curve.back().items == 1.0);
    CHECK(curve.back().share == Approx(1.0));
    // The 19 quiet devices (95 %) carry half the I/Os.
    CHECK(curve[19].items == Approx(0.95));
    CHECK(curve[19].share == Approx(0.5));
    CHECK(giniIndex(curve) == Approx(0.45));
    CHECK(giniIndex(lorenzCurve({ 5, 5, 5, 5 })) == Approx(0.0));
    const auto region = busiestRegion(s);
    CHECK(region.device == 0);
    CHECK(region.offsetBytes == 0);
}

TEST_CASE("trace summary: bounded time buckets widen; queue depth by Little's law; slow periods")
{
    TraceSummaryOptions o;
    o.maxTimeBuckets = 64;
    o.slowThresholdMs = 50;
    TraceSummary s(o);
    TraceAccumulator acc(s);
    const auto d = s.deviceSlot("x");
    // One request per 10 ms for 100 s, response 5 ms, except 2..3 s and 50..51 s at 200 ms.
    for (int i = 0; i < 10000; ++i) {
        const std::int64_t t = std::int64_t(i) * 10000000;
        const bool slow = (t >= 2000000000 && t < 3000000000LL) || (t >= 50000000000LL && t < 51000000000LL);
        acc.add(req(t, 0, 4096, false, slow ? 200000000 : 5000000), d);
    }
    const auto buckets = s.timeline.buckets();
    CHECK(buckets.size() <= 64);
    CHECK(s.timeline.widthNs() >= 100000000000LL / 64);
    std::uint64_t ios = 0;
    for (const auto& b : buckets)
        ios += b.ios;
    CHECK(ios == 10000);
    CHECK(s.queueDepthMethod() == u"littles-law");
    // Little: L = lambda W = 100/s * 5 ms = 0.5 in a quiet bucket.
    CHECK(s.queueDepth(buckets[10]) == Approx(0.5).epsilon(0.05)); // a full bucket (the last is partial)
    const auto slow = slowPeriods(s);
    REQUIRE(slow.size() == 2);
    // Buckets are 1 ms times a power of two (here 2.048 s): a slow second overlaps its bucket.
    CHECK(slow[0].startNs < 3000000000LL);
    CHECK(slow[0].endNs > 2000000000LL);
    CHECK(slow[1].startNs < 51000000000LL);
    CHECK(slow[1].endNs > 50000000000LL);
    CHECK(s.responsePercentileMs(0.5) == Approx(5.0).epsilon(0.02));
}

TEST_CASE("trace summary: out-of-order times before the first bucket move the window")
{
    TraceSummary s;
    TraceAccumulator acc(s);
    const auto d = s.deviceSlot("x");
    acc.add(req(5000000000LL, 0, 512), d);
    acc.add(req(1000000000LL, 0, 512), d);
    acc.add(req(-3000000000LL, 0, 512), d); // negative times (a clock before the origin) are kept
    CHECK(s.outOfOrder == 2);
    CHECK(s.firstNs == -3000000000LL);
    CHECK(s.timeline.startNs() <= -3000000000LL);
    std::uint64_t ios = 0;
    for (const auto& b : s.timeline.buckets())
        ios += b.ios;
    CHECK(ios == 3);
}

TEST_CASE("trace job: progress snapshots, cancel, and the job over several files")
{
    int snapshots = 0;
    double last = 0;
    TraceJobOptions o;
    const auto r = summarizeTrace({ fixture("msr_edge_crlf.csv"), fixture("msr_header_only.csv") }, o, {},
        [&](std::shared_ptr<const TraceSummarySnapshot> s) {
            ++snapshots;
            last = s->fraction;
            CHECK(s->partial);
        });
    REQUIRE(r.ok);
    CHECK(r.summary.records == 4);
    CHECK(r.summary.files.size() == 2);
    CHECK(snapshots >= 1);
    CHECK(last == 1.0);
    std::stop_source stop;
    stop.request_stop();
    const auto c = summarizeTrace({ fixture("msr_edge_crlf.csv") }, o, stop.get_token());
    CHECK(c.cancelled);
    CHECK(!c.ok);
    const auto missing = summarizeTrace({ fixture("no_such_file.csv") }, o);
    CHECK(!missing.ok);
    CHECK(missing.error.contains(QStringLiteral("no_such_file.csv")));
    const auto unknown = summarizeTrace({ fixture("README.md") }, o);
    CHECK(!unknown.ok);
    CHECK(unknown.error.contains(QStringLiteral("unknown trace format")));
}

TEST_CASE("trace export: fio iolog v3 round trip")
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("hm.fio"));
    const QString src = fixture("alibaba_small.csv");
    const TraceExportResult e = exportFioLog({ src }, {}, out, QStringLiteral("/dev/sd%d"));
    REQUIRE(e.ok);
    CHECK(e.written == 3);
    TraceJobOptions o;
    const auto a = summarizeTrace({ src }, o);
    const auto b = summarizeTrace({ out }, o);
    REQUIRE(b.ok);
    CHECK(b.summary.format.format == TraceFormat::FioLog);
    CHECK(b.summary.format.detail.contains(QStringLiteral("microseconds")));
    CHECK(b.summary.records == a.summary.records);
    CHECK(b.summary.bytesWritten == a.summary.bytesWritten);
    CHECK(b.summary.sizeHistogram() == a.summary.sizeHistogram());
    CHECK(b.summary.devices.size() == 2);
    CHECK(b.summary.durationSeconds() == Approx(a.summary.durationSeconds()).margin(1e-6));
    const TraceExportResult v2 = exportFioLog({ fixture("fio_v2.log") }, {}, out, QStringLiteral("/dev/sdb"));
    CHECK(!v2.ok);
    CHECK(v2.error.contains(QStringLiteral("no timestamps")));
}

TEST_CASE("trace replay: candidate arrays side by side")
{
    TraceReplayOptions o;
    o.arraySpecs = { QStringLiteral("raid5 disks=5 chunk=16KiB"), QStringLiteral("raid5 disks=5 chunk=64KiB"),
        QStringLiteral("raid99 disks=2") };
    o.windowSeconds = 0.001;
    const auto r = replayTrace({ fixture("disksim_ns.trace") }, o);
    REQUIRE(r.ok);
    CHECK(r.records == 4);
    REQUIRE(r.arrays.size() == 3);
    for (int i = 0; i < 2; ++i) {
        CHECK(r.arrays[std::size_t(i)].error.isEmpty());
        CHECK(r.arrays[std::size_t(i)].result.requests == 4);
        CHECK(r.arrays[std::size_t(i)].result.disks.size() == 5);
        CHECK(r.arrays[std::size_t(i)].result.responseMs.mean() > 0);
    }
    CHECK(!r.arrays[2].error.isEmpty());
    CHECK(r.toJson()[QStringLiteral("arrays")].toArray().size() == 3);
    const auto v2 = replayTrace({ fixture("fio_v2.log") }, o);
    CHECK(!v2.ok);
}

TEST_CASE("trace summary: times at both clamps on the fewest buckets stay in the table and in int64 (#52)")
{
    // Times are clamped to +-2^62 ns: a span of 2^63 ns, which the widest grid (1 ms x 2^42 =
    // 4.4e18 ns, where the widening stops) cuts into 4 buckets at most. With 2 buckets (once
    // allowed) the index ran past the table; bucket ends and slow periods there pass int64.
    TraceSummaryOptions o;
    o.maxTimeBuckets = TraceTimeline::kMinBuckets;
    o.slowThresholdMs = 1;
    TraceSummary s(o);
    TraceAccumulator acc(s);
    const auto d = s.deviceSlot("x");
    acc.add(req(INT64_MIN, 0, 512, false, 5000000), d); // 5 ms response: slow
    acc.add(req(INT64_MAX, 4096, 512, false, 5000000), d);
    TraceRecord c;
    c.kind = TraceRecord::Kind::Completion;
    c.timeNs = 0;
    c.responseNs = INT64_MAX; // busy to the clamp
    acc.add(c, d);
    const auto buckets = s.timeline.buckets();
    CHECK(buckets.size() <= std::size_t(TraceTimeline::kMinBuckets));
    std::uint64_t ios = 0;
    for (const auto& b : buckets)
        ios += b.ios;
    CHECK(ios == 2);
    CHECK(s.timeline.startNs() <= -(std::int64_t(1) << 62));
    const auto slow = slowPeriods(s);
    REQUIRE_FALSE(slow.empty());
    CHECK(slow.back().endNs >= (std::int64_t(1) << 62)); // the last bucket's end, not a wrapped value
    CHECK(slow.front().startNs <= -(std::int64_t(1) << 62));
}
