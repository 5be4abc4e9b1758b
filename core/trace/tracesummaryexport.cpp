// SPDX-License-Identifier: GPL-3.0-or-later
// TraceSummary as JSON (DESIGN.md's summary object plus more keys) and as CSV tables.
#include "tracesummary.h"

#include <QJsonArray>

#include <string_view>

namespace raidscope {

namespace {

QString qs(const std::string& s)
{
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

QJsonArray lorenzJson(const std::vector<LorenzPoint>& curve)
{
    QJsonArray a;
    for (const LorenzPoint& p : curve)
        a.append(QJsonArray { p.items, p.share });
    return a;
}

double u(std::uint64_t v)
{
    return double(v); // JSON numbers are doubles; exact up to 2^53
}

} // namespace

QJsonObject TraceSummary::toJson() const
{
    QJsonObject o;
    o[QStringLiteral("version")] = 1;
    o[QStringLiteral("format")] = traceFormatName(format.format);
    o[QStringLiteral("formatDetail")] = format.detail;
    o[QStringLiteral("files")] = QJsonArray::fromStringList(files);
    o[QStringLiteral("notes")] = QJsonArray::fromStringList(notes());
    // The counts, each in its section ("" top level, "anomalies", "errors").
    QJsonObject anomalies, errors;
    TraceCounters::forEach([&](const char* section, const char* key, auto member) {
        const std::string_view s(section);
        QJsonObject& into = s.empty() ? o : s == "anomalies" ? anomalies : errors;
        into[QLatin1String(key)] = u(this->*member);
    });
    o[QStringLiteral("timeOrigin")] = format.timeOrigin;
    o[QStringLiteral("hasTimestamps")] = format.hasTimestamps;
    // Without offsets (a counter file's synthetic stream) the regions' skew and the runs are the
    // assumption's: left out, as response times are when the format has none.
    const bool offsets = format.has(TraceField::Offsets);
    o[QStringLiteral("hasOffsets")] = offsets;
    o[QStringLiteral("firstSeconds")] = double(firstNs) * 1e-9;
    o[QStringLiteral("durationSeconds")] = durationSeconds();
    const double bytes = double(bytesRead + bytesWritten);
    o[QStringLiteral("mix")] = QJsonObject {
        { QStringLiteral("readFractionByCount"), records ? double(reads) / double(records) : 0 },
        { QStringLiteral("readFractionByBytes"), bytes > 0 ? double(bytesRead) / bytes : 0 },
    };

    QJsonArray sizes;
    std::uint64_t cum = 0;
    for (const auto& [size, count] : sizeHistogram()) {
        cum += count;
        sizes.append(QJsonObject { { QStringLiteral("bytes"), u(size) }, { QStringLiteral("count"), u(count) },
            { QStringLiteral("cumulativePercent"), records ? 100.0 * double(cum) / double(records) : 0 } });
    }
    o[QStringLiteral("sizeHistogram")] = sizes;
    o[QStringLiteral("sizeHistogramRounded")] = sizesRounded;

    QJsonArray devs;
    for (const TraceDeviceSummary& d : devices) {
        QJsonObject dev {
            { QStringLiteral("device"), qs(d.name) },
            { QStringLiteral("ios"), u(d.ios) },
            { QStringLiteral("bytes"), u(d.bytes) },
            { QStringLiteral("reads"), u(d.reads) },
            { QStringLiteral("writes"), u(d.ios - d.reads) },
            { QStringLiteral("bytesRead"), u(d.bytesRead) },
            { QStringLiteral("bytesWritten"), u(d.bytes - d.bytesRead) },
            { QStringLiteral("share"), records ? double(d.ios) / double(records) : 0 },
            { QStringLiteral("runs"), u(d.runs) },
            { QStringLiteral("runCount"), d.runCount() },
            { QStringLiteral("maxOffsetBytes"), u(d.maxEndBytes) },
            { QStringLiteral("regionBytes"), u(d.regions.regionBytes()) },
        };
        if (!offsets)
            for (const char* key : { "runs", "runCount", "regionBytes" })
                dev.remove(QLatin1String(key));
        devs.append(dev);
    }
    o[QStringLiteral("devices")] = devs;

    const BusiestRegion region = busiestRegion(*this);
    const int busiest = busiestDevice(*this);
    const auto dl = deviceLorenz(*this);
    const auto rl = regionLorenz(*this);
    QJsonObject skew {
        { QStringLiteral("busiestDevice"), busiest >= 0 ? qs(devices[std::size_t(busiest)].name) : QString() },
        { QStringLiteral("busiestDeviceShare"), busiestDeviceShare(*this) },
        { QStringLiteral("deviceLorenz"), lorenzJson(dl) },
        { QStringLiteral("deviceGini"), giniIndex(dl) },
    };
    if (offsets) {
        skew[QStringLiteral("busiestRegion")] =
            QJsonObject { { QStringLiteral("device"), region.device >= 0 ? qs(devices[std::size_t(region.device)].name) : QString() },
                { QStringLiteral("offsetBytes"), u(region.offsetBytes) },
                { QStringLiteral("regionBytes"), u(region.regionBytes) }, { QStringLiteral("share"), region.share } };
        skew[QStringLiteral("regionLorenz")] = lorenzJson(rl);
        skew[QStringLiteral("regionGini")] = giniIndex(rl);
        o[QStringLiteral("sequentiality")] = QJsonObject {
            { QStringLiteral("definition"), QStringLiteral("Minerva 2.1: mean number of consecutive sequential requests per device") },
            { QStringLiteral("runs"), u(totalRuns()) },
            { QStringLiteral("runCount"), runCount() },
        };
    }
    o[QStringLiteral("skew")] = skew;
    if (hasResponseTimes()) {
        o[QStringLiteral("responseTime")] = QJsonObject {
            { QStringLiteral("source"), hasIssueCompletePairs() ? QStringLiteral("issue-complete") : QStringLiteral("trace") },
            { QStringLiteral("count"), u(responseMs.count()) },
            { QStringLiteral("meanMs"), responseMs.mean() },
            { QStringLiteral("p50Ms"), responsePercentileMs(0.5) },
            { QStringLiteral("p90Ms"), responsePercentileMs(0.9) },
            { QStringLiteral("p99Ms"), responsePercentileMs(0.99) },
            { QStringLiteral("maxMs"), responseMs.max() },
        };
    } else {
        o[QStringLiteral("responseTime")] = QJsonValue::Null;
    }

    const double widthS = double(timeline.widthNs()) * 1e-9;
    QJsonArray t, iops, mbps, qd, rt;
    double at = secondsBetween(firstNs, timeline.startNs());
    const bool hasQd = queueDepthMethod() != u"none";
    for (const TraceTimeBucket& b : timeline.buckets()) {
        t.append(at);
        iops.append(double(b.ios) / widthS);
        mbps.append(double(b.bytes) / widthS / 1e6);
        if (hasQd)
            qd.append(queueDepth(b));
        if (hasResponseTimes())
            rt.append(b.responses ? b.responseSumNs / double(b.responses) * 1e-6 : 0.0);
        at += widthS;
    }
    QJsonObject tl { { QStringLiteral("bucketSeconds"), widthS }, { QStringLiteral("startSeconds"), t },
        { QStringLiteral("iops"), iops }, { QStringLiteral("mbps"), mbps } };
    tl[QStringLiteral("queueDepthMethod")] = queueDepthMethod();
    if (hasQd)
        tl[QStringLiteral("queueDepth")] = qd;
    if (hasResponseTimes())
        tl[QStringLiteral("meanResponseMs")] = rt;
    o[QStringLiteral("timeline")] = tl;

    QJsonArray periods;
    const auto slow = slowPeriods(*this);
    for (const SlowPeriod& p : slow)
        periods.append(QJsonObject { { QStringLiteral("startSeconds"), secondsBetween(firstNs, p.startNs) },
            { QStringLiteral("endSeconds"), secondsBetween(firstNs, p.endNs) },
            { QStringLiteral("meanResponseMs"), p.meanResponseMs }, { QStringLiteral("ios"), u(p.ios) } });
    o[QStringLiteral("slowPeriods")] = QJsonObject { { QStringLiteral("thresholdMs"), options.slowThresholdMs },
        { QStringLiteral("bucketSeconds"), widthS },
        { QStringLiteral("count"), hasResponseTimes() ? QJsonValue(double(slow.size())) : QJsonValue(QJsonValue::Null) },
        { QStringLiteral("periods"), periods } };
    o[QStringLiteral("anomalies")] = anomalies;
    errors[QStringLiteral("messages")] = QJsonArray::fromStringList(skippedMessages);
    o[QStringLiteral("errors")] = errors;
    return o;
}

QString TraceSummary::toCsv() const
{
    QString s;
    s += QStringLiteral("# summary\nkey,value\n");
    s += QStringLiteral("format,%1\nrecords,%2\nreads,%3\nwrites,%4\nbytesRead,%5\nbytesWritten,%6\n")
             .arg(traceFormatName(format.format))
             .arg(records)
             .arg(reads)
             .arg(writes)
             .arg(bytesRead)
             .arg(bytesWritten);
    s += QStringLiteral("durationSeconds,%1\n").arg(durationSeconds(), 0, 'g', 12);
    if (format.has(TraceField::Offsets)) // a counter file's synthetic offsets have no runs or regions of their own
        s += QStringLiteral("runCount,%1\n").arg(runCount(), 0, 'g', 6);
    s += QStringLiteral("busiestDeviceShare,%1\n").arg(busiestDeviceShare(*this), 0, 'g', 6);
    if (format.has(TraceField::Offsets))
        s += QStringLiteral("busiestRegionShare,%1\n").arg(busiestRegion(*this).share, 0, 'g', 6);
    s += QStringLiteral("queueDepthMethod,%1\n").arg(queueDepthMethod());
    if (hasResponseTimes())
        s += QStringLiteral("responseMeanMs,%1\nresponseP50Ms,%2\nresponseP90Ms,%3\nresponseP99Ms,%4\nslowPeriods,%5\n")
                 .arg(responseMs.mean(), 0, 'g', 6)
                 .arg(responsePercentileMs(0.5), 0, 'g', 6)
                 .arg(responsePercentileMs(0.9), 0, 'g', 6)
                 .arg(responsePercentileMs(0.99), 0, 'g', 6)
                 .arg(slowPeriods(*this).size());
    s += QStringLiteral("\n# sizes\nbytes,count,cumulativePercent\n");
    std::uint64_t cum = 0;
    for (const auto& [bytes, count] : sizeHistogram()) {
        cum += count;
        s += QStringLiteral("%1,%2,%3\n").arg(bytes).arg(count).arg(records ? 100.0 * double(cum) / double(records) : 0, 0, 'f', 3);
    }
    s += QStringLiteral("\n# devices\ndevice,ios,reads,bytes,bytesRead,runCount\n");
    for (const TraceDeviceSummary& d : devices) {
        QString name = qs(d.name);
        if (name.contains(u',') || name.contains(u'"'))
            name = u'"' + name.replace(QStringLiteral("\""), QStringLiteral("\"\"")) + u'"';
        s += QStringLiteral("%1,%2,%3,%4,%5,%6\n").arg(name).arg(d.ios).arg(d.reads).arg(d.bytes).arg(d.bytesRead)
                 .arg(format.has(TraceField::Offsets) ? QString::number(d.runCount(), 'g', 6) : QString()); // empty: no offsets
    }
    s += QStringLiteral("\n# timeline\nstartSeconds,ios,reads,bytes,meanResponseMs,queueDepth\n");
    const double widthS = double(timeline.widthNs()) * 1e-9;
    double at = secondsBetween(firstNs, timeline.startNs());
    for (const TraceTimeBucket& b : timeline.buckets()) {
        s += QStringLiteral("%1,%2,%3,%4,%5,%6\n")
                 .arg(at, 0, 'g', 12)
                 .arg(b.ios)
                 .arg(b.reads)
                 .arg(b.bytes)
                 .arg(b.responses ? b.responseSumNs / double(b.responses) * 1e-6 : 0.0, 0, 'g', 6)
                 .arg(queueDepth(b), 0, 'g', 6);
        at += widthS;
    }
    return s;
}

} // namespace raidscope
