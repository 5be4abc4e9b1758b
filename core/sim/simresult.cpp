// SPDX-License-Identifier: GPL-3.0-or-later
#include "simresult.h"

#include <QJsonArray>

namespace raidscope {

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
        d.maxQueueLength = std::max(d.maxQueueLength, e.maxQueueLength);
        // Time-averaged, so each part counts with its simulated time.
        d.meanQueueLength
            = totalNs > 0 ? (d.meanQueueLength * simulatedNs + e.meanQueueLength * o.simulatedNs) / totalNs : 0;
        d.utilization = totalNs > 0 ? std::min(1.0, d.busyNs / totalNs) : 0;
    }
    simulatedNs = totalNs;
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
    QJsonArray histogram;
    for (const LogHistogram::Bucket& b : responseNs.buckets())
        histogram.append(QJsonObject { { QStringLiteral("lowMs"), b.low * 1e-6 }, { QStringLiteral("highMs"), b.high * 1e-6 },
            { QStringLiteral("count"), qint64(b.count) } });
    return QJsonObject {
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
}

} // namespace raidscope
