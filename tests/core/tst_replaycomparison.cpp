// SPDX-License-Identifier: GPL-3.0-or-later
// Replays of one trace compared (#55 item 2): the demerit on tiny sets worked out by hand, the
// relative errors of a prediction against a measurement, the rows' order, and the whole job on a file.
#include "devicefixtures.h"
#include "disk/diskvalidate.h"
#include "stats/demerit.h"
#include "trace/measuredcomparison.h"
#include "trace/replaycomparison.h"

#include <catch2/catch.hpp>

#include <QFile>
#include <QJsonArray>

#include <cmath>

using namespace raidscope;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {

/// A replay result of these response times (ms), all done in `spanSeconds`.
TraceReplayArray arrayOf(const QString& spec, const std::vector<double>& ms, double spanSeconds)
{
    TraceReplayArray a;
    a.arraySpec = spec;
    for (double v : ms) {
        a.result.responseMs.add(v);
        a.result.responseNs.add(std::uint64_t(v * 1e6));
    }
    a.result.requests = ms.size();
    a.result.simulatedNs = spanSeconds * 1e9;
    return a;
}

} // namespace

TEST_CASE("Demerit: sets of one size, worked by hand, agree with the disk validation's", "[core][stats][demerit]")
{
    // Sorted and paired: differences 1, 2, 3; sqrt((1 + 4 + 9) / 3) = sqrt(14/3) = 2.1602469.
    const std::vector<double> a { 3, 1, 2 }, b { 2, 6, 4 };
    CHECK_THAT(sampleDemerit(a, b), WithinRel(std::sqrt(14.0 / 3), 1e-12));
    CHECK_THAT(sampleDemerit(a, b), WithinRel(demeritMs(a, b), 1e-12)); // disk/diskvalidate.h, a second method
    CHECK_THAT(sampleDemerit(b, a), WithinRel(sampleDemerit(a, b), 1e-12));
    CHECK(sampleDemerit(a, a) == 0);
}

TEST_CASE("Demerit: sets of different sizes, worked by hand on the quantile functions", "[core][stats][demerit]")
{
    // {1, 3} against {2}: Q_a is 1 on [0, 1/2) and 3 on [1/2, 1), Q_b is 2: 1/2 x 1 + 1/2 x 1 = 1.
    CHECK_THAT(sampleDemerit({ 1, 3 }, { 2 }), WithinRel(1.0, 1e-12));
    // {0, 10} against {1, 2, 3, 4}: quarters (0-1)^2, (0-2)^2, (10-3)^2, (10-4)^2 = 1, 4, 49, 36; mean 22.5.
    CHECK_THAT(sampleDemerit({ 0, 10 }, { 1, 2, 3, 4 }), WithinRel(std::sqrt(22.5), 1e-12));
    CHECK_THAT(sampleDemerit({ 4, 3, 2, 1 }, { 10, 0 }), WithinRel(std::sqrt(22.5), 1e-12));
    // Thirds against halves: {0, 0, 6} against {0, 6}: Q differ on [1/2, 2/3) only, by 6: 36/6 = 6.
    CHECK_THAT(sampleDemerit({ 0, 0, 6 }, { 0, 6 }), WithinRel(std::sqrt(6.0), 1e-12));
    CHECK(std::isnan(sampleDemerit({}, { 1 })));
}

TEST_CASE("Demerit: histograms, exact below 64 ns, within 1 % above", "[core][stats][demerit]")
{
    LogHistogram a, b;
    for (std::uint64_t ns : { 10, 20, 30 })
        a.add(ns);
    for (std::uint64_t ns : { 20, 40, 60 })
        b.add(ns);
    // Differences 10, 20, 30 ns: sqrt((100 + 400 + 900) / 3) = 21.602 ns.
    CHECK_THAT(histogramDemeritMs(a, b), WithinRel(std::sqrt(1400.0 / 3) * 1e-6, 1e-12));
    // Counts weigh: 10 ns twice against 20 and 40 ns: halves (10-20)^2 and (10-40)^2, mean 500 ns^2.
    LogHistogram c, d;
    c.add(10, 2);
    d.add(20);
    d.add(40);
    CHECK_THAT(histogramDemeritMs(c, d), WithinRel(std::sqrt(500.0) * 1e-6, 1e-12));
    // 1, 2, 3, 4 ms against 2, 4, 6, 8 ms: per request sqrt(30/4) ms; buckets are 1/64 wide.
    LogHistogram e, f;
    for (double ms : { 1, 2, 3, 4 })
        e.add(std::uint64_t(ms * 1e6));
    for (double ms : { 2, 4, 6, 8 })
        f.add(std::uint64_t(ms * 1e6));
    CHECK_THAT(histogramDemeritMs(e, f), WithinRel(std::sqrt(7.5), 0.01));
}

TEST_CASE("predictionError: relative errors and the demerit against the measured", "[core][trace][comparison]")
{
    // Measured: 1..4 ms in 1 s (mean 2.5 ms, 4 IOPS); predicted: twice as slow, twice the rate.
    const ReplayFigures measured = ReplayFigures::of(arrayOf(QStringLiteral("measured on x"), { 1, 2, 3, 4 }, 1), ReplayRole::Measured);
    const ReplayFigures predicted = ReplayFigures::of(arrayOf(QStringLiteral("raid0 disks=2"), { 2, 4, 6, 8 }, 0.5), ReplayRole::Simulated);
    CHECK(measured.meanMs == 2.5);
    REQUIRE(measured.iops);
    CHECK_THAT(*measured.iops, WithinRel(4.0, 1e-12));
    // p90 and p99 are the top bucket, clamped to the exact maxima 4 and 8 ms.
    CHECK(measured.p99Ms == 4);
    CHECK(predicted.p99Ms == 8);
    const PredictionError e = predictionError(predicted, measured);
    CHECK_THAT(e.meanRel, WithinRel(1.0, 1e-12));
    CHECK_THAT(e.p90Rel, WithinRel(1.0, 1e-12));
    CHECK_THAT(e.p99Rel, WithinRel(1.0, 1e-12));
    CHECK_THAT(e.iopsRel, WithinRel(1.0, 1e-12));
    CHECK_THAT(e.demeritMs, WithinRel(std::sqrt(7.5), 0.01));
    CHECK_THAT(e.demeritRel, WithinRel(std::sqrt(7.5) / 2.5, 0.01));
    // The measured row against itself: no error.
    const PredictionError none = predictionError(measured, measured);
    CHECK(none.meanRel == 0);
    CHECK(none.demeritMs == 0);
}

TEST_CASE("compareReplays: as traced, measured, then the candidates; a refused one has no error", "[core][trace][comparison]")
{
    const ReplayFigures measured = ReplayFigures::of(arrayOf(QStringLiteral("measured on x"), { 1, 2, 3, 4 }, 1), ReplayRole::Measured);
    ReplayFigures traced = ReplayFigures::of(arrayOf(QStringLiteral("as traced"), { 1, 2, 3, 4 }, 1), ReplayRole::Traced);
    TraceReplayArray refused;
    refused.arraySpec = QStringLiteral("raid5 disks=1");
    refused.error = QStringLiteral("raid5 needs disks >= 3, got 1");
    const ReplayComparison c = compareReplays(traced, measured,
        { ReplayFigures::of(arrayOf(QStringLiteral("raid0 disks=2"), { 2, 4, 6, 8 }, 1), ReplayRole::Simulated),
            ReplayFigures::of(refused, ReplayRole::Simulated) });
    REQUIRE(c.rows.size() == 4);
    CHECK(c.measuredRow == 1);
    CHECK(c.rows[0].figures.role == ReplayRole::Traced);
    REQUIRE(c.rows[0].vsMeasured);
    CHECK(c.rows[0].vsMeasured->meanRel == 0);
    CHECK_FALSE(c.rows[1].vsMeasured);
    REQUIRE(c.rows[2].vsMeasured);
    CHECK_THAT(c.rows[2].vsMeasured->meanRel, WithinRel(1.0, 1e-12));
    CHECK_FALSE(c.rows[3].vsMeasured);
    CHECK_FALSE(c.analytical.applies);
    CHECK(c.analytical.reason.contains(QStringLiteral("zoned-RAID")));

    const QJsonObject json = c.toJson();
    const QJsonArray rows = json.value(QStringLiteral("rows")).toArray();
    REQUIRE(rows.size() == 4);
    CHECK(rows[1].toObject().value(QStringLiteral("role")).toString() == QStringLiteral("measured"));
    CHECK(rows[2].toObject().value(QStringLiteral("vsMeasured")).toObject().value(QStringLiteral("iopsRel")).toDouble() == 0);
    CHECK(rows[3].toObject().contains(QStringLiteral("error")));
    CHECK(json.value(QStringLiteral("analyticalModel")).toObject().value(QStringLiteral("applies")) == QJsonValue(false));
    // No measured response times: the relative errors do not exist, and JSON says null, not NaN.
    const ReplayFigures zero = ReplayFigures::of(arrayOf(QStringLiteral("m"), { 0, 0 }, 1), ReplayRole::Measured);
    const PredictionError e = predictionError(measured, zero);
    CHECK(std::isnan(e.meanRel));
    CHECK(e.toJson().value(QStringLiteral("meanRel")).isNull());
}

TEST_CASE("compareMeasuredReplay: a file measured beside two simulated arrays, on the same reads", "[core][trace][comparison][devicereplay]")
{
    testing::TestFile file;
    const QString trace = file.dir.filePath(QStringLiteral("trace.csv"));
    {
        // 40 requests, one every 2 ms, every fourth a write; MSR's ResponseTime column is 100 ticks = 10 us.
        QFile f(trace);
        REQUIRE(f.open(QIODevice::WriteOnly));
        f.write("Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime\n");
        for (int i = 0; i < 40; ++i)
            f.write(QStringLiteral("%1,host,0,%2,%3,4096,100\n")
                        .arg(128166372000000000ull + std::uint64_t(i) * 20000)
                        .arg(i % 4 == 3 ? QStringLiteral("Write") : QStringLiteral("Read"))
                        .arg(std::uint64_t(i) * 7919 % 4096 * 4096)
                        .toUtf8());
    }
    const QByteArray before = testing::checksum(file.path);
    MeasuredComparisonOptions o;
    o.device.devicePath = file.path;
    o.arraySpecs = { QStringLiteral("raid0 disks=2 chunk=16KiB"), QStringLiteral("raid5 disks=3 chunk=16KiB") };
    int snapshots = 0;
    const MeasuredComparisonResult r = compareMeasuredReplay({ trace }, o, {}, [&](auto) { ++snapshots; });
    INFO(r.error.toStdString());
    REQUIRE(r.ok);
    CHECK(snapshots > 0);
    CHECK(r.measured.readsServed == 30);
    CHECK(r.measured.writesSkipped == 10);
    REQUIRE(r.simulated.arrays.size() == 2);
    for (const TraceReplayArray& a : r.simulated.arrays)
        CHECK(a.result.requests == 30); // the same reads, without the writes the measurement skipped
    CHECK(r.simulated.writesSkipped == 10);
    REQUIRE(r.traced);
    CHECK(r.traced->requests == 40);
    CHECK_THAT(r.traced->meanMs, WithinAbs(0.01, 1e-9));
    REQUIRE(r.comparison.rows.size() == 4);
    CHECK(r.comparison.measuredRow == 1);
    for (std::size_t i : { 0, 2, 3 }) {
        REQUIRE(r.comparison.rows[i].vsMeasured);
        CHECK(std::isfinite(r.comparison.rows[i].vsMeasured->demeritMs));
        CHECK(std::isfinite(r.comparison.rows[i].vsMeasured->meanRel));
    }
    CHECK(r.caveats.join(u' ').contains(QStringLiteral("reads only")));
    const QJsonObject json = r.toJson();
    CHECK(json.value(QStringLiteral("arrays")).toArray().size() == 3);
    CHECK(json.value(QStringLiteral("comparison")).toObject().value(QStringLiteral("rows")).toArray().size() == 4);
    CHECK(testing::checksum(file.path) == before);

    SECTION("a closed loop is refused beside simulated arrays, in one line")
    {
        MeasuredComparisonOptions closed = o;
        closed.device.depth = 4;
        const MeasuredComparisonResult c = compareMeasuredReplay({ trace }, closed);
        CHECK_FALSE(c.ok);
        CHECK(c.error.contains(QStringLiteral("closed loop")));
    }
}
