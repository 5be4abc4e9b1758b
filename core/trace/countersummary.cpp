// SPDX-License-Identifier: GPL-3.0-or-later
// A counter file's summary per device and per interval (#56): rates and means, as the counters have them.
#include "counterfile.h"

#include "units.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>

namespace raidscope {

CounterSummary summarizeCounters(CounterFile file)
{
    CounterSummary s;
    s.devices.resize(file.devices.size());
    std::vector<std::vector<double>> active(file.devices.size());
    std::vector<double> awaitSum(file.devices.size()), awaitIos(file.devices.size()), queueSum(file.devices.size()), utilSum(file.devices.size());
    double lastEnd = 0;
    for (const CounterInterval& c : file.intervals) {
        CounterDeviceSummary& d = s.devices[c.device];
        const double t = c.intervalS;
        ++d.intervals;
        d.durationS += t;
        // Each interval's rate times its length: the requests the counters say it completed.
        d.ios += c.iops * t;
        d.reads += c.readsPerS * t;
        d.writes += c.writesPerS * t;
        d.bytesRead += c.readBytesPerS * t;
        d.bytesWritten += c.writeBytesPerS * t;
        if (c.awaitKnown) {
            awaitSum[c.device] += c.awaitMs * c.iops * t;
            awaitIos[c.device] += c.iops * t;
        }
        queueSum[c.device] += c.queueSize * t;
        utilSum[c.device] += c.utilPercent * t;
        d.peakIops = std::max(d.peakIops, c.iops);
        d.peakUtilPercent = std::max(d.peakUtilPercent, c.utilPercent);
        if (c.iops > 0) {
            ++d.activeIntervals;
            active[c.device].push_back(c.iops);
        }
        lastEnd = std::max(lastEnd, double(c.startNs) * 1e-9 + t);
    }
    for (std::size_t i = 0; i < s.devices.size(); ++i) {
        CounterDeviceSummary& d = s.devices[i];
        d.name = file.devices[i];
        const double bytes = d.bytesRead + d.bytesWritten;
        if (d.durationS > 0) {
            d.meanIops = d.ios / d.durationS;
            d.meanMBps = bytes / d.durationS / 1e6;
            d.queueSize = queueSum[i] / d.durationS;
            d.utilPercent = utilSum[i] / d.durationS;
        }
        if (d.ios > 0) {
            d.readShare = d.reads / d.ios;
            d.meanSizeBytes = bytes / d.ios;
        }
        if (awaitIos[i] > 0)
            d.awaitMs = awaitSum[i] / awaitIos[i];
        d.readByteShare = bytes > 0 ? d.bytesRead / bytes : 0;
        d.meanReadBytes = d.reads > 0 ? d.bytesRead / d.reads : 0;
        d.meanWriteBytes = d.writes > 0 ? d.bytesWritten / d.writes : 0;
        auto& a = active[i];
        if (!a.empty()) {
            std::sort(a.begin(), a.end());
            d.medianActiveIops = a.size() % 2 ? a[a.size() / 2] : (a[a.size() / 2 - 1] + a[a.size() / 2]) / 2;
        }
    }
    s.durationS = lastEnd;
    s.file = std::move(file);
    return s;
}

QJsonObject CounterSummary::toJson() const
{
    QJsonArray devs;
    for (const CounterDeviceSummary& d : devices)
        devs.append(QJsonObject { { QStringLiteral("device"), QString::fromStdString(d.name) },
            { QStringLiteral("bytes"), d.bytesRead + d.bytesWritten },
            { QStringLiteral("intervals"), d.intervals }, { QStringLiteral("activeIntervals"), d.activeIntervals },
            { QStringLiteral("durationS"), d.durationS }, { QStringLiteral("ios"), d.ios }, { QStringLiteral("reads"), d.reads },
            { QStringLiteral("writes"), d.writes }, { QStringLiteral("bytesRead"), d.bytesRead },
            { QStringLiteral("bytesWritten"), d.bytesWritten }, { QStringLiteral("meanIops"), d.meanIops },
            { QStringLiteral("medianActiveIops"), d.medianActiveIops }, { QStringLiteral("peakIops"), d.peakIops },
            { QStringLiteral("meanMBps"), d.meanMBps }, { QStringLiteral("readShare"), d.readShare },
            { QStringLiteral("readByteShare"), d.readByteShare }, { QStringLiteral("meanSizeBytes"), d.meanSizeBytes },
            { QStringLiteral("meanReadBytes"), d.meanReadBytes }, { QStringLiteral("meanWriteBytes"), d.meanWriteBytes },
            { QStringLiteral("awaitMs"), d.awaitMs }, { QStringLiteral("queueSize"), d.queueSize },
            { QStringLiteral("utilPercent"), d.utilPercent }, { QStringLiteral("peakUtilPercent"), d.peakUtilPercent } });
    QJsonArray intervals;
    for (const CounterInterval& c : file.intervals) {
        const double bytes = c.readBytesPerS + c.writeBytesPerS;
        intervals.append(QJsonObject { { QStringLiteral("startS"), double(c.startNs) * 1e-9 },
            { QStringLiteral("intervalS"), c.intervalS }, { QStringLiteral("device"), QString::fromStdString(file.devices[c.device]) },
            { QStringLiteral("iops"), c.iops }, { QStringLiteral("mbps"), bytes / 1e6 },
            { QStringLiteral("readShare"), c.iops > 0 ? c.readsPerS / c.iops : 0.0 },
            { QStringLiteral("meanSizeBytes"), c.iops > 0 ? bytes / c.iops : 0.0 },
            { QStringLiteral("awaitMs"), c.awaitKnown ? QJsonValue(c.awaitMs) : QJsonValue(QJsonValue::Null) },
            { QStringLiteral("queueSize"), c.queueSize }, { QStringLiteral("utilPercent"), c.utilPercent } });
    }
    // The keys every trace summary has (DESIGN.md), as the counters give them: totals of rate x
    // interval, so not whole numbers; no size histogram, which counters cannot give (an empty one).
    double reads = 0, writes = 0, bytesRead = 0, bytesWritten = 0;
    for (const CounterDeviceSummary& d : devices) {
        reads += d.reads;
        writes += d.writes;
        bytesRead += d.bytesRead;
        bytesWritten += d.bytesWritten;
    }
    return QJsonObject { { QStringLiteral("format"), counterFormatName(file.format) },
        { QStringLiteral("records"), reads + writes }, { QStringLiteral("reads"), reads }, { QStringLiteral("writes"), writes },
        { QStringLiteral("bytesRead"), bytesRead }, { QStringLiteral("bytesWritten"), bytesWritten },
        { QStringLiteral("sizeHistogram"), QJsonArray() },
        { QStringLiteral("kind"), QStringLiteral("interval counters") },
        { QStringLiteral("perRequest"), false }, { QStringLiteral("file"), file.file },
        { QStringLiteral("detail"), file.detail }, { QStringLiteral("durationS"), durationS },
        { QStringLiteral("readShareFrom"), file.readsFromBytes ? QStringLiteral("bytes") : QStringLiteral("requests") },
        { QStringLiteral("devices"), devs }, { QStringLiteral("intervals"), intervals },
        { QStringLiteral("notes"), QJsonArray::fromStringList(file.notes) },
        // What `trace replay` and `advise` make of the file: the assumptions of its synthetic requests.
        { QStringLiteral("asWorkload"), QJsonArray::fromStringList(counterWorkloadAssumptions(file, 0, TraceReaderOptions {}.counterSeed)) } };
}

QString CounterSummary::toText() const
{
    QString t = QStringLiteral("counters:  %1 (%2)\n").arg(file.file, file.detail);
    t += QStringLiteral("kind:      interval counters, not a per-I/O trace: rates and means per device and "
                        "interval; no single request, size distribution or offset\n");
    t += QStringLiteral("\ndevice       ios         IOPS mean/median/peak   MB/s   read    size     await ms  queue  util\n");
    for (const CounterDeviceSummary& d : devices)
        t += QStringLiteral("  %1 %2 %3/%4/%5 %6 %7 %8 %9 %10 %11%\n")
                 .arg(QString::fromStdString(d.name), -10)
                 .arg(d.ios, -11, 'f', 0)
                 .arg(d.meanIops, 0, 'f', 1)
                 .arg(d.medianActiveIops, 0, 'f', 1)
                 .arg(d.peakIops, -9, 'f', 1)
                 .arg(d.meanMBps, 6, 'f', 2)
                 .arg(QString::number(d.readShare * 100, 'f', 1) + u'%', 6)
                 .arg(QString::number(d.meanSizeBytes / 1024, 'f', 1) + QStringLiteral(" KiB"), 10)
                 .arg(d.awaitMs, 8, 'f', 3)
                 .arg(d.queueSize, 6, 'f', 2)
                 .arg(d.utilPercent, 5, 'f', 1);
    t += QStringLiteral("\n(IOPS median/peak: over the intervals with any I/O; mean: over the whole %1 s)\n").arg(durationS, 0, 'f', 0);
    t += QStringLiteral("per interval: --json\n");
    for (const QString& n : file.notes)
        t += QStringLiteral("note:      %1\n").arg(n);
    t += QStringLiteral("\nas a workload (trace replay, advise):\n");
    for (const QString& n : counterWorkloadAssumptions(file, 0, TraceReaderOptions {}.counterSeed))
        t += QStringLiteral("  %1\n").arg(n);
    return t;
}

QStringList counterWorkloadAssumptions(const CounterFile& file, std::uint64_t regionBytes, std::uint64_t seed)
{
    QStringList out;
    out << QStringLiteral("synthetic: a request stream made from interval counters (%1), not traced requests").arg(file.detail);
    out << QStringLiteral("sizes: every request of an interval at that interval's mean read or write size, rounded to 512 B "
                          "(the counters have no size distribution)");
    out << QStringLiteral("locality: offsets uniformly random over %1, 4 KiB aligned (the counters have no offsets)")
               .arg(regionBytes ? formatBytesHuman(regionBytes) : QStringLiteral("the whole of each replayed array"));
    out << QStringLiteral("arrivals: Poisson within each interval, its request count fixed to rate x interval "
                          "(the count carried over from interval to interval, so the totals match); seed %1").arg(seed);
    if (file.readsFromBytes)
        out << QStringLiteral("read share: of bytes, taken as of requests (sar -d has no reads per second)");
    return out;
}

QStringList syntheticWorkloadNotes(const QStringList& files, std::uint64_t regionBytes, std::uint64_t seed)
{
    QStringList out;
    for (const QString& f : files) {
        if (sniffCounterPath(f) == CounterFormat::None)
            continue;
        CounterFile file;
        TraceError error;
        if (readCounterFile(f, file, error))
            out << counterWorkloadAssumptions(file, regionBytes, seed);
    }
    return out;
}

} // namespace raidscope
