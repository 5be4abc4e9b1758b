// SPDX-License-Identifier: GPL-3.0-or-later
#include "simresult.h"

#include <QJsonArray>

#include <cmath>

namespace raidscope {

namespace {

// [{lowMs, highMs, count}] per non-empty bucket: what simResultFromJson() reads back exactly.
QJsonArray histogramJson(const LogHistogram& h)
{
    QJsonArray histogram;
    for (const LogHistogram::Bucket& b : h.buckets())
        histogram.append(QJsonObject { { QStringLiteral("lowMs"), b.low * 1e-6 }, { QStringLiteral("highMs"), b.high * 1e-6 },
            { QStringLiteral("count"), qint64(b.count) } });
    return histogram;
}

} // namespace

SimTimeline::Bin& SimTimeline::at(double ns)
{
    ns = std::max(ns, 0.0);
    auto index = std::size_t(ns / binNs);
    while (index >= kMaxBins) {
        widen(binNs * 2);
        index = std::size_t(ns / binNs);
    }
    if (index >= bins.size())
        bins.resize(index + 1);
    return bins[index];
}

void SimTimeline::add(double ns, double responseMs)
{
    Bin& b = at(ns);
    ++b.requests;
    b.sumMs += responseMs;
    b.maxMs = std::max(b.maxMs, responseMs);
}

void SimTimeline::widen(double width)
{
    if (width <= binNs)
        return;
    const auto factor = std::size_t(std::llround(width / binNs));
    std::vector<Bin> wide((bins.size() + factor - 1) / factor);
    for (std::size_t i = 0; i < bins.size(); ++i) {
        Bin& w = wide[i / factor];
        w.requests += bins[i].requests;
        w.sumMs += bins[i].sumMs;
        w.maxMs = std::max(w.maxMs, bins[i].maxMs);
        w.rebuildBytes += bins[i].rebuildBytes;
    }
    bins = std::move(wide);
    binNs = width;
}

void SimTimeline::merge(const SimTimeline& o)
{
    if (o.bins.empty())
        return;
    SimTimeline other = o;
    const double width = std::max(binNs, other.binNs);
    widen(width);
    other.widen(width);
    if (other.bins.size() > bins.size())
        bins.resize(other.bins.size());
    for (std::size_t i = 0; i < other.bins.size(); ++i) {
        Bin& b = bins[i];
        b.requests += other.bins[i].requests;
        b.sumMs += other.bins[i].sumMs;
        b.maxMs = std::max(b.maxMs, other.bins[i].maxMs);
        b.rebuildBytes += other.bins[i].rebuildBytes;
    }
    while (bins.size() > kMaxBins)
        widen(binNs * 2);
}

void SimResult::merge(const SimResult& o)
{
    const double totalNs = simulatedNs + o.simulatedNs;
    if (disks.empty()) {
        if (arraySpec.isEmpty())
            arraySpec = o.arraySpec;
        workloadSpec = o.workloadSpec;
        outstanding = o.outstanding;
        offeredRatePerSec = o.offeredRatePerSec;
        for (const DiskResult& e : o.disks) {
            DiskResult d = e;
            d.ops = d.sectors = d.maxQueueLength = 0;
            d.busyNs = d.meanQueueLength = d.utilization = 0;
            disks.push_back(std::move(d));
        }
    }
    requests += o.requests;
    reads += o.reads;
    writes += o.writes;
    bytes += o.bytes;
    lostRequests += o.lostRequests;
    writeCacheHits += o.writeCacheHits;
    readCacheHits += o.readCacheHits;
    diskOps += o.diskOps;
    wallSeconds += o.wallSeconds;
    responseMs.merge(o.responseMs);
    responseNs.merge(o.responseNs);
    for (std::size_t i = 0; i < disks.size(); ++i) {
        DiskResult& d = disks[i];
        static const DiskResult none;
        const DiskResult& e = i < o.disks.size() ? o.disks[i] : none;
        d.ops += e.ops;
        d.sectors += e.sectors;
        d.busyNs += e.busyNs;
        d.failed = d.failed || e.failed;
        d.replaced = d.replaced || e.replaced;
        d.maxQueueLength = std::max(d.maxQueueLength, e.maxQueueLength);
        // Time-averaged, so each part counts with its simulated time.
        d.meanQueueLength
            = totalNs > 0 ? (d.meanQueueLength * simulatedNs + e.meanQueueLength * o.simulatedNs) / totalNs : 0;
        d.utilization = totalNs > 0 ? std::min(1.0, d.busyNs / totalNs) : 0;
    }
    simulatedNs = totalNs;

    // Failure runs overlay (see the header).
    if (failures.empty())
        failures = o.failures;
    std::vector<bool> paired(stages.size(), false);
    for (const StageResult& e : o.stages) {
        std::size_t i = 0;
        while (i < stages.size() && (paired[i] || stages[i].name != e.name))
            ++i;
        if (i == stages.size()) {
            stages.push_back(e);
            paired.push_back(true);
            continue;
        }
        paired[i] = true;
        StageResult& s = stages[i];
        s.requests += e.requests;
        s.inSystemNsIntegral += e.inSystemNsIntegral;
        s.responseMs.merge(e.responseMs);
        s.responseNs.merge(e.responseNs);
    }
    if (o.rebuild && !rebuild) {
        rebuild = o.rebuild;
    } else if (o.rebuild) {
        rebuild->bytesRead += o.rebuild->bytesRead;
        rebuild->bytesWritten += o.rebuild->bytesWritten;
        rebuild->steps += o.rebuild->steps;
        rebuild->completed = rebuild->completed && o.rebuild->completed;
    }
    timeline.merge(o.timeline);
}

QJsonObject SimResult::toJson() const
{
    QJsonArray disksJson;
    for (const DiskResult& d : disks) {
        QJsonArray members;
        for (int m : d.members)
            members.append(m);
        disksJson.append(QJsonObject { { QStringLiteral("utilization"), d.utilization },
            { QStringLiteral("ops"), qint64(d.ops) }, { QStringLiteral("sectors"), qint64(d.sectors) },
            { QStringLiteral("meanQueueLength"), d.meanQueueLength },
            { QStringLiteral("maxQueueLength"), qint64(d.maxQueueLength) }, { QStringLiteral("members"), members },
            { QStringLiteral("preset"), d.preset }, { QStringLiteral("failed"), d.failed } });
    }
    const QJsonArray histogram = histogramJson(responseNs);
    QJsonObject json {
        { QStringLiteral("version"), 1 },
        { QStringLiteral("array"), arraySpec },
        { QStringLiteral("workload"), workloadSpec },
        { QStringLiteral("requests"), qint64(requests) },
        { QStringLiteral("reads"), qint64(reads) },
        { QStringLiteral("writes"), qint64(writes) },
        { QStringLiteral("bytes"), qint64(bytes) },
        { QStringLiteral("outstanding"), outstanding },
        { QStringLiteral("simulatedSeconds"), simulatedSeconds() },
        { QStringLiteral("iops"), iops() },
        { QStringLiteral("mbps"), mbps() },
        { QStringLiteral("meanMs"), responseMs.mean() },
        { QStringLiteral("varianceMs2"), responseMs.variance() },
        { QStringLiteral("minMs"), responseMs.min() },
        { QStringLiteral("maxMs"), responseMs.max() },
        { QStringLiteral("percentilesMs"),
            QJsonObject { { QStringLiteral("50"), percentileMs(0.5) }, { QStringLiteral("90"), percentileMs(0.9) },
                { QStringLiteral("99"), percentileMs(0.99) } } },
        { QStringLiteral("histogramMs"), histogram },
        { QStringLiteral("diskOps"), qint64(diskOps) },
        { QStringLiteral("lostRequests"), qint64(lostRequests) },
        { QStringLiteral("writeCacheHits"), qint64(writeCacheHits) },
        { QStringLiteral("readCacheHits"), qint64(readCacheHits) },
        { QStringLiteral("disks"), disksJson },
    };
    if (!failures.empty() || !stages.empty() || rebuild)
        addFailureJson(json);
    return json;
}

// Only for runs with fail= or rebuild=, so that other runs' JSON stays as it was.
void SimResult::addFailureJson(QJsonObject& json) const
{
    QJsonArray disksJson = json.value(QStringLiteral("disks")).toArray();
    for (qsizetype i = 0; i < disksJson.size() && std::size_t(i) < disks.size(); ++i)
        if (disks[std::size_t(i)].replaced) {
            QJsonObject d = disksJson[i].toObject();
            d.insert(QStringLiteral("replaced"), true);
            disksJson[i] = d;
        }
    json.insert(QStringLiteral("disks"), disksJson);

    QJsonArray failuresJson;
    for (const MemberFailure& f : failures)
        failuresJson.append(QJsonObject { { QStringLiteral("member"), f.member }, { QStringLiteral("atNs"), double(f.atNs) } });
    json.insert(QStringLiteral("failures"), failuresJson);

    QJsonArray stagesJson;
    for (const StageResult& s : stages)
        stagesJson.append(QJsonObject { { QStringLiteral("name"), s.name }, { QStringLiteral("startNs"), s.startNs },
            { QStringLiteral("varianceMs2"), s.responseMs.variance() },
            { QStringLiteral("minMs"), s.responseMs.count() ? s.responseMs.min() : 0.0 },
            { QStringLiteral("histogramMs"), histogramJson(s.responseNs) },
            { QStringLiteral("inSystemNsIntegral"), s.inSystemNsIntegral },
            { QStringLiteral("endNs"), s.endNs }, { QStringLiteral("durationNs"), s.durationNs() },
            { QStringLiteral("requests"), qint64(s.requests) }, { QStringLiteral("meanMs"), s.responseMs.mean() },
            { QStringLiteral("maxMs"), s.responseMs.count() ? s.responseMs.max() : 0.0 },
            { QStringLiteral("percentilesMs"),
                QJsonObject { { QStringLiteral("50"), s.percentileMs(0.5) }, { QStringLiteral("90"), s.percentileMs(0.9) },
                    { QStringLiteral("99"), s.percentileMs(0.99) } } },
            { QStringLiteral("meanInSystem"), s.meanInSystem() } });
    json.insert(QStringLiteral("stages"), stagesJson);

    if (rebuild) {
        QJsonArray members;
        for (int m : rebuild->members)
            members.append(m);
        json.insert(QStringLiteral("rebuild"),
            QJsonObject { { QStringLiteral("policy"), rebuild->policy }, { QStringLiteral("members"), members },
                { QStringLiteral("startNs"), rebuild->startNs }, { QStringLiteral("endNs"), rebuild->endNs },
                { QStringLiteral("durationNs"), rebuild->durationNs() }, { QStringLiteral("completed"), rebuild->completed },
                { QStringLiteral("delayNs"), rebuild->delayNs }, { QStringLiteral("unitBytes"), qint64(rebuild->unitBytes) },
                { QStringLiteral("bytesRead"), qint64(rebuild->bytesRead) },
                { QStringLiteral("bytesWritten"), qint64(rebuild->bytesWritten) },
                { QStringLiteral("steps"), qint64(rebuild->steps) } });
    }

    QJsonArray requests, meanMs, maxMs, rebuildBytes;
    for (const SimTimeline::Bin& b : timeline.bins) {
        requests.append(qint64(b.requests));
        meanMs.append(b.requests ? b.sumMs / double(b.requests) : 0.0);
        maxMs.append(b.maxMs);
        rebuildBytes.append(qint64(b.rebuildBytes));
    }
    json.insert(QStringLiteral("timeline"),
        QJsonObject { { QStringLiteral("binNs"), timeline.binNs }, { QStringLiteral("requests"), requests },
            { QStringLiteral("meanMs"), meanMs }, { QStringLiteral("maxMs"), maxMs },
            { QStringLiteral("rebuildBytes"), rebuildBytes } });
}

} // namespace raidscope
