// SPDX-License-Identifier: GPL-3.0-or-later
#include "simresultjson.h"

#include "jsonfields.h"

#include <QJsonArray>

#include <cmath>

namespace raidscope {
namespace {

// The double `x` whose `forward(x)` is `target`, starting from the guess `x`: the writers derive
// what they print (seconds from nanoseconds, the variance from the sum of squares), so the reader
// steps a few ulps from the inverse until the writer's arithmetic gives the printed number back.
template<typename Forward>
double invert(double x, double target, Forward forward)
{
    if (!std::isfinite(x) || !std::isfinite(target))
        return x;
    for (int i = 0; i < 64 && forward(x) != target; ++i)
        x = std::nextafter(x, forward(x) < target ? HUGE_VAL : -HUGE_VAL);
    return x;
}

// The response-time histogram ("histogramMs") and statistics ("meanMs", "varianceMs2", "minMs",
// "maxMs") of a result or a stage. The histogram first: it says how many times the statistics summarise.
void readResponseTimes(FieldReader& f, const QJsonObject& o, const QString& path, LogHistogram& histogramNs,
                       RunningStats& statsMs)
{
    const QString histogramPath = FieldReader::join(path, QStringLiteral("histogramMs"));
    const QJsonArray histogram = f.array(o, path, QStringLiteral("histogramMs"));
    for (qsizetype i = 0; i < histogram.size() && !f.failed(); ++i) {
        const QString at = FieldReader::item(histogramPath, i);
        const QJsonObject b = f.asObject(histogram[i], at);
        const double lowMs = f.finite(b, at, QStringLiteral("lowMs"), 0);
        const std::uint64_t count = f.count(b, at, QStringLiteral("count"));
        if (f.failed())
            break;
        const auto lowNs = std::uint64_t(std::llround(std::min(lowMs * 1e6, 9.2e18)));
        const int index = LogHistogram::bucketOf(lowNs);
        if (LogHistogram::bucketLow(index) * 1e-6 != lowMs) {
            f.fail(FieldReader::join(at, QStringLiteral("lowMs")),
                QStringLiteral("%1 is not where a bucket of the response-time histogram starts").arg(lowMs));
            break;
        }
        if (count == 0) {
            f.fail(FieldReader::join(at, QStringLiteral("count")), QStringLiteral("0: only non-empty buckets are written"));
            break;
        }
        histogramNs.add(std::uint64_t(LogHistogram::bucketLow(index)), count);
    }
    const double meanMs = f.number(o, path, QStringLiteral("meanMs"));
    const double varianceMs2 = f.number(o, path, QStringLiteral("varianceMs2"));
    const double minMs = f.number(o, path, QStringLiteral("minMs"));
    const double maxMs = f.number(o, path, QStringLiteral("maxMs"));
    const std::uint64_t n = histogramNs.total();
    if (!f.failed() && n > 0) {
        const double m2 = invert(varianceMs2 * double(n), varianceMs2, [n](double m) { return m / double(n); });
        statsMs = RunningStats::fromMoments(n, meanMs, m2, minMs, maxMs);
    }
}

// What a run with fail= or rebuild= adds (SimResult::addFailureJson()): failures, stages, the
// rebuild and the timeline; absent from other runs.
void readFailureJson(FieldReader& f, const QJsonObject& o, const QString& path, SimResult& r)
{
    if (!o.contains(QStringLiteral("stages")))
        return;
    const QString failuresPath = FieldReader::join(path, QStringLiteral("failures"));
    const QJsonArray failures = f.array(o, path, QStringLiteral("failures"));
    for (qsizetype i = 0; i < failures.size() && !f.failed(); ++i) {
        const QString at = FieldReader::item(failuresPath, i);
        const QJsonObject e = f.asObject(failures[i], at);
        r.failures.push_back({ int(f.whole(e, at, QStringLiteral("member"), 0, 65535)), f.whole(e, at, QStringLiteral("atNs"), 0) });
    }
    const QString stagesPath = FieldReader::join(path, QStringLiteral("stages"));
    const QJsonArray stages = f.array(o, path, QStringLiteral("stages"));
    for (qsizetype i = 0; i < stages.size() && !f.failed(); ++i) {
        const QString at = FieldReader::item(stagesPath, i);
        const QJsonObject e = f.asObject(stages[i], at);
        StageResult s;
        s.name = f.string(e, at, QStringLiteral("name"));
        s.startNs = f.finite(e, at, QStringLiteral("startNs"), 0);
        s.endNs = f.finite(e, at, QStringLiteral("endNs"), 0);
        s.requests = f.count(e, at, QStringLiteral("requests"));
        s.inSystemNsIntegral = f.finite(e, at, QStringLiteral("inSystemNsIntegral"), 0);
        readResponseTimes(f, e, at, s.responseNs, s.responseMs);
        r.stages.push_back(std::move(s));
    }
    if (o.contains(QStringLiteral("rebuild"))) {
        const QString at = FieldReader::join(path, QStringLiteral("rebuild"));
        const QJsonObject e = f.object(o, path, QStringLiteral("rebuild"));
        RebuildResult b;
        b.policy = f.string(e, at, QStringLiteral("policy"));
        const QString membersPath = FieldReader::join(at, QStringLiteral("members"));
        const QJsonArray members = f.array(e, at, QStringLiteral("members"));
        for (qsizetype m = 0; m < members.size() && !f.failed(); ++m)
            b.members.push_back(int(f.asWhole(members[m], FieldReader::item(membersPath, m), 0, 65535)));
        b.startNs = f.finite(e, at, QStringLiteral("startNs"), 0);
        b.endNs = f.finite(e, at, QStringLiteral("endNs"), 0);
        b.completed = f.boolean(e, at, QStringLiteral("completed"));
        b.delayNs = f.finite(e, at, QStringLiteral("delayNs"), 0);
        b.unitBytes = f.count(e, at, QStringLiteral("unitBytes"));
        b.bytesRead = f.count(e, at, QStringLiteral("bytesRead"));
        b.bytesWritten = f.count(e, at, QStringLiteral("bytesWritten"));
        b.steps = f.count(e, at, QStringLiteral("steps"));
        r.rebuild = std::move(b);
    }
    const QString at = FieldReader::join(path, QStringLiteral("timeline"));
    const QJsonObject t = f.object(o, path, QStringLiteral("timeline"));
    r.timeline.binNs = f.finite(t, at, QStringLiteral("binNs"), 0);
    const QJsonArray requests = f.array(t, at, QStringLiteral("requests"));
    const QJsonArray meanMs = f.array(t, at, QStringLiteral("meanMs"));
    const QJsonArray maxMs = f.array(t, at, QStringLiteral("maxMs"));
    const QJsonArray rebuildBytes = f.array(t, at, QStringLiteral("rebuildBytes"));
    if (!f.failed() && (meanMs.size() != requests.size() || maxMs.size() != requests.size() || rebuildBytes.size() != requests.size()))
        f.fail(at, QStringLiteral("requests, meanMs, maxMs and rebuildBytes differ in length"));
    for (qsizetype i = 0; i < requests.size() && !f.failed(); ++i) {
        SimTimeline::Bin b;
        b.requests = std::uint64_t(f.asWhole(requests[i], FieldReader::item(FieldReader::join(at, QStringLiteral("requests")), i), 0));
        const double mean = f.asFinite(meanMs[i], FieldReader::item(FieldReader::join(at, QStringLiteral("meanMs")), i), 0);
        const double n = double(b.requests);
        b.sumMs = b.requests ? invert(mean * n, mean, [n](double sum) { return sum / n; }) : 0;
        b.maxMs = f.asFinite(maxMs[i], FieldReader::item(FieldReader::join(at, QStringLiteral("maxMs")), i), 0);
        b.rebuildBytes = std::uint64_t(f.asWhole(rebuildBytes[i], FieldReader::item(FieldReader::join(at, QStringLiteral("rebuildBytes")), i), 0));
        r.timeline.bins.push_back(b);
    }
}

std::optional<SimResult> readSimResult(FieldReader& f, const QJsonObject& o, const QString& path)
{
    SimResult r;
    if (f.whole(o, path, QStringLiteral("version"), 1, 1) != 1)
        return std::nullopt;
    r.arraySpec = f.string(o, path, QStringLiteral("array"));
    r.workloadSpec = f.string(o, path, QStringLiteral("workload"));
    r.requests = f.count(o, path, QStringLiteral("requests"));
    r.reads = f.count(o, path, QStringLiteral("reads"));
    r.writes = f.count(o, path, QStringLiteral("writes"));
    r.bytes = f.count(o, path, QStringLiteral("bytes"));
    r.outstanding = f.integer(o, path, QStringLiteral("outstanding"), 0);
    const double seconds = f.finite(o, path, QStringLiteral("simulatedSeconds"), 0);
    r.simulatedNs = invert(seconds * 1e9, seconds, [](double ns) { return ns * 1e-9; });
    r.diskOps = f.count(o, path, QStringLiteral("diskOps"));
    r.lostRequests = f.count(o, path, QStringLiteral("lostRequests"));
    r.writeCacheHits = f.count(o, path, QStringLiteral("writeCacheHits"));
    r.readCacheHits = f.count(o, path, QStringLiteral("readCacheHits"));

    readResponseTimes(f, o, path, r.responseNs, r.responseMs);

    const QString disksPath = FieldReader::join(path, QStringLiteral("disks"));
    const QJsonArray disks = f.array(o, path, QStringLiteral("disks"));
    for (qsizetype i = 0; i < disks.size() && !f.failed(); ++i) {
        const QString at = FieldReader::item(disksPath, i);
        const QJsonObject d = f.asObject(disks[i], at);
        DiskResult disk;
        disk.preset = f.string(d, at, QStringLiteral("preset"));
        disk.failed = f.boolean(d, at, QStringLiteral("failed"));
        disk.ops = f.count(d, at, QStringLiteral("ops"));
        disk.sectors = f.count(d, at, QStringLiteral("sectors"));
        disk.utilization = f.number(d, at, QStringLiteral("utilization"));
        disk.meanQueueLength = f.number(d, at, QStringLiteral("meanQueueLength"));
        disk.maxQueueLength = f.count(d, at, QStringLiteral("maxQueueLength"));
        const QString membersPath = FieldReader::join(at, QStringLiteral("members"));
        const QJsonArray members = f.array(d, at, QStringLiteral("members"));
        for (qsizetype m = 0; m < members.size() && !f.failed(); ++m)
            disk.members.push_back(int(f.asWhole(members[m], FieldReader::item(membersPath, m), 0, 65535)));
        disk.replaced = d.contains(QStringLiteral("replaced")) && f.boolean(d, at, QStringLiteral("replaced"));
        disk.busyNs = disk.utilization * r.simulatedNs;
        r.disks.push_back(std::move(disk));
    }
    readFailureJson(f, o, path, r);
    if (f.failed())
        return std::nullopt;
    return r;
}

} // namespace

std::optional<SimResult> simResultFromJson(const QJsonObject& json, QString* error, const QString& path)
{
    FieldReader f;
    auto r = readSimResult(f, json, path);
    if (!r && error)
        *error = f.error();
    return r;
}

std::optional<OutstandingSweepResult> outstandingSweepFromJson(const QJsonObject& json, QString* error,
                                                               const QString& path)
{
    FieldReader f;
    OutstandingSweepResult out;
    f.whole(json, path, QStringLiteral("version"), 1, 1);
    const QString kind = f.string(json, path, QStringLiteral("kind"));
    out.arraySpec = f.string(json, path, QStringLiteral("array"));
    out.workloadSpec = f.string(json, path, QStringLiteral("workload"));
    const QString valuesPath = FieldReader::join(path, QStringLiteral("outstanding"));
    const QJsonArray values = f.array(json, path, QStringLiteral("outstanding"));
    for (qsizetype i = 0; i < values.size() && !f.failed(); ++i)
        out.outstanding.push_back(int(f.asWhole(values[i], FieldReader::item(valuesPath, i), 1, kMaxSweepOutstanding)));
    if (!f.failed() && kind != (out.outstanding.empty() ? u"run" : u"sweep"))
        f.fail(FieldReader::join(path, QStringLiteral("kind")),
            QStringLiteral("'%1' does not match %2 outstanding values (expected %3)")
                .arg(kind)
                .arg(out.outstanding.size())
                .arg(out.outstanding.empty() ? QStringLiteral("run") : QStringLiteral("sweep")));
    const QString pointsPath = FieldReader::join(path, QStringLiteral("sweep"));
    const QJsonArray points = f.array(json, path, QStringLiteral("sweep"));
    if (!f.failed() && !out.outstanding.empty() && std::size_t(points.size()) > out.outstanding.size())
        f.fail(pointsPath, QStringLiteral("%1 points for %2 outstanding values").arg(points.size()).arg(out.outstanding.size()));
    for (qsizetype i = 0; i < points.size() && !f.failed(); ++i) {
        const QString at = FieldReader::item(pointsPath, i);
        if (auto r = readSimResult(f, f.asObject(points[i], at), at))
            out.points.push_back(std::move(*r));
    }
    // A sweep saved after Cancel holds the points finished before it.
    out.cancelled = !out.outstanding.empty() && out.points.size() < out.outstanding.size();
    if (f.failed()) {
        if (error)
            *error = f.error();
        return std::nullopt;
    }
    return out;
}

std::optional<TraceReplayResult> traceReplayFromJson(const QJsonObject& json, QString* error, const QString& path)
{
    FieldReader f;
    TraceReplayResult out;
    out.records = f.count(json, path, QStringLiteral("records"));
    const QString arraysPath = FieldReader::join(path, QStringLiteral("arrays"));
    const QJsonArray arrays = f.array(json, path, QStringLiteral("arrays"));
    for (qsizetype i = 0; i < arrays.size() && !f.failed(); ++i) {
        const QString at = FieldReader::item(arraysPath, i);
        const QJsonObject a = f.asObject(arrays[i], at);
        TraceReplayArray array;
        array.arraySpec = f.string(a, at, QStringLiteral("array"));
        if (a.contains(QStringLiteral("error"))) {
            array.error = f.string(a, at, QStringLiteral("error"));
        } else {
            array.windows = f.integer(a, at, QStringLiteral("windows"), 0);
            array.slowPeriods = f.integer(a, at, QStringLiteral("slowPeriods"), 0);
            // Written since #54; older workspaces have no span and state no saturation.
            if (a.contains(QStringLiteral("arrivalSpanS")))
                array.arrivalSpanNs = f.finite(a, at, QStringLiteral("arrivalSpanS"), 0) * 1e9;
            if (auto r = readSimResult(f, a, at))
                array.result = std::move(*r);
            // toJson() puts the candidate's spec over the run's; they are the same spec.
            array.result.arraySpec = array.arraySpec;
        }
        out.arrays.push_back(std::move(array));
    }
    if (f.failed()) {
        if (error)
            *error = f.error();
        return std::nullopt;
    }
    out.ok = true;
    return out;
}

std::optional<StudyResult> studyResultFromJson(const QJsonObject& json, QString* error, const QString& path)
{
    FieldReader f;
    StudyResult out;
    f.whole(json, path, QStringLiteral("version"), 1, 1);
    if (!f.failed() && f.string(json, path, QStringLiteral("kind")) != u"study")
        f.fail(FieldReader::join(path, QStringLiteral("kind")), QStringLiteral("not a study (raidscope-cli study --json)"));
    StudySpec& spec = out.spec;
    spec.arraySpec = f.string(json, path, QStringLiteral("array"));
    spec.workloadSpec = f.string(json, path, QStringLiteral("workload"));
    spec.limitMs = f.finite(json, path, QStringLiteral("limitMs"), 0);
    spec.maxBsu = int(f.whole(json, path, QStringLiteral("maxBsu"), 1, kMaxStudyBsu));
    out.cancelled = f.boolean(json, path, QStringLiteral("cancelled"));
    const QString factorsPath = FieldReader::join(path, QStringLiteral("factors"));
    const QJsonArray factors = f.array(json, path, QStringLiteral("factors"));
    if (!f.failed() && (factors.isEmpty() || factors.size() > 2))
        f.fail(factorsPath, QStringLiteral("%1 factors: a study has one or two").arg(factors.size()));
    for (qsizetype i = 0; i < factors.size() && !f.failed(); ++i) {
        const QString at = FieldReader::item(factorsPath, i);
        const QJsonObject o = f.asObject(factors[i], at);
        spec.factors.push_back({ f.string(o, at, QStringLiteral("key")), f.strings(o, at, QStringLiteral("values")) });
    }
    const QString pointsPath = FieldReader::join(path, QStringLiteral("points"));
    const QJsonArray points = f.array(json, path, QStringLiteral("points"));
    for (qsizetype i = 0; i < points.size() && !f.failed(); ++i) {
        const QString at = FieldReader::item(pointsPath, i);
        const QJsonObject o = f.asObject(points[i], at);
        StudyPoint p;
        const QString valuesPath = FieldReader::join(at, QStringLiteral("values"));
        const QJsonObject values = f.object(o, at, QStringLiteral("values"));
        for (const StudyFactor& factor : spec.factors) {
            if (f.failed())
                break;
            p.values << f.string(values, valuesPath, factor.key);
        }
        p.arraySpec = f.string(o, at, QStringLiteral("array"));
        p.workloadSpec = f.string(o, at, QStringLiteral("workload"));
        if (o.contains(QStringLiteral("maxBsu"))) {
            p.maxBsu = int(f.whole(o, at, QStringLiteral("maxBsu"), 0, kMaxStudyBsu));
            p.atSearchEnd = f.boolean(o, at, QStringLiteral("atSearchEnd"));
        }
        const QString runsPath = FieldReader::join(at, QStringLiteral("runs"));
        const QJsonArray runs = f.array(o, at, QStringLiteral("runs"));
        for (qsizetype k = 0; k < runs.size() && !f.failed(); ++k) {
            const QString runAt = FieldReader::item(runsPath, k);
            const QJsonObject r = f.asObject(runs[k], runAt);
            StudyRun run;
            run.bsu = int(f.whole(r, runAt, QStringLiteral("bsu"), 0, kMaxStudyBsu));
            run.meanMs = f.finite(r, runAt, QStringLiteral("meanMs"), 0);
            run.p90Ms = f.finite(r, runAt, QStringLiteral("p90Ms"), 0);
            run.iops = f.finite(r, runAt, QStringLiteral("iops"), 0);
            run.passes = f.boolean(r, runAt, QStringLiteral("passes"));
            p.runs.push_back(run);
        }
        if (!f.failed() && o.contains(QStringLiteral("result"))) {
            const QString resultAt = FieldReader::join(at, QStringLiteral("result"));
            if (auto r = readSimResult(f, f.object(o, at, QStringLiteral("result")), resultAt))
                p.result = std::move(*r);
        }
        out.points.push_back(std::move(p));
    }
    if (f.failed()) {
        if (error)
            *error = f.error();
        return std::nullopt;
    }
    return out;
}

} // namespace raidscope
