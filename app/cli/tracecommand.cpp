// SPDX-License-Identifier: GPL-3.0-or-later
// raidscope-cli trace summarize|replay|export: block I/O traces (whitepaper SWAT summaries and replay).
#include "cliargs.h"
#include "commands.h"

#include "trace/tracejob.h"
#include "units.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <cmath>
#include <cstdio>
#include <unistd.h>

namespace raidscope::cli {
namespace {

const char kUsage[] = "trace summarize FILE... [--format F] [--columns MAP] [--fio-time us|ms] [--on-error stop|skip] "
                      "[--slow-ms X] [--json] [--csv OUT]\n"
                      "       trace replay FILE... --array SPEC [--array SPEC ...] [--scale X] [--window S] [--slow-ms X] [--json]\n"
                      "       trace export FILE... --fio OUT [--target PATH]\n"
                      "formats: auto blkparse blktrace msr spc disksim fio csv alibaba tencent";

void progress(const char* what, double fraction)
{
    if (isatty(STDERR_FILENO))
        std::fprintf(stderr, "\r[%3d%%] %s", int(fraction * 100), what);
}

void endProgress()
{
    if (isatty(STDERR_FILENO))
        std::fputc('\n', stderr);
}

// --format, --columns, --fio-time, --on-error, --slow-ms into job options.
bool jobOptions(const CliArgs& a, TraceJobOptions& o, QString* error)
{
    const QString format = a.value(QStringLiteral("format"), QStringLiteral("auto"));
    if (format == u"alibaba" || format == u"tencent") {
        o.reader.format = TraceFormat::Csv;
        parseCsvMapping(format, &o.reader.csv, error);
    } else if (!parseTraceFormat(format, &o.reader.format)) {
        *error = QStringLiteral("--format %1: unknown (auto blkparse blktrace msr spc disksim fio csv alibaba tencent)").arg(format);
        return false;
    }
    if (a.has(QStringLiteral("columns"))) {
        if (!parseCsvMapping(a.value(QStringLiteral("columns")), &o.reader.csv, error)) {
            *error = QStringLiteral("--columns: ") + *error;
            return false;
        }
        o.reader.format = TraceFormat::Csv;
    }
    const QString fioTime = a.value(QStringLiteral("fio-time"), QStringLiteral("auto"));
    if (fioTime == u"us")
        o.reader.fioTimeUnit = FioTimeUnit::Microseconds;
    else if (fioTime == u"ms")
        o.reader.fioTimeUnit = FioTimeUnit::Milliseconds;
    else if (fioTime != u"auto") {
        *error = QStringLiteral("--fio-time %1: us, ms or auto").arg(fioTime);
        return false;
    }
    const QString onError = a.value(QStringLiteral("on-error"), QStringLiteral("stop"));
    if (onError == u"skip")
        o.onError = TraceErrorPolicy::Skip;
    else if (onError != u"stop") {
        *error = QStringLiteral("--on-error %1: stop or skip").arg(onError);
        return false;
    }
    if (a.has(QStringLiteral("slow-ms"))) {
        bool ok = false;
        o.summary.slowThresholdMs = a.value(QStringLiteral("slow-ms")).toDouble(&ok);
        if (!ok || o.summary.slowThresholdMs <= 0) {
            *error = QStringLiteral("--slow-ms: a positive number of milliseconds");
            return false;
        }
    }
    return true;
}

QString pct(double f)
{
    return QString::number(f * 100, 'f', 1) + u'%';
}

QString textSummary(const TraceSummary& s)
{
    QString t = QStringLiteral("trace:     %1 (%2)\n").arg(s.files.join(QStringLiteral(", ")), s.format.detail);
    t += QStringLiteral("requests:  %1 (%2 reads, %3 writes) over %4 s\n")
             .arg(s.records)
             .arg(s.reads)
             .arg(s.writes)
             .arg(s.durationSeconds(), 0, 'f', 3);
    const double bytes = double(s.bytesRead + s.bytesWritten);
    t += QStringLiteral("bytes:     %1 read, %2 written; reads are %3 of requests, %4 of bytes\n")
             .arg(formatBytesHuman(s.bytesRead), formatBytesHuman(s.bytesWritten), pct(s.records ? double(s.reads) / double(s.records) : 0),
                 pct(bytes > 0 ? double(s.bytesRead) / bytes : 0));
    t += QStringLiteral("\ntransfer size   count       cumulative\n");
    std::uint64_t cum = 0;
    int shown = 0;
    const auto hist = s.sizeHistogram();
    for (const auto& [size, count] : hist) {
        cum += count;
        if (++shown > 30) {
            t += QStringLiteral("  ... %1 more sizes (see --json)\n").arg(hist.size() - 30);
            break;
        }
        t += QStringLiteral("  %1 %2 %3\n").arg(formatBytes(size), -12).arg(count, -11).arg(pct(double(cum) / double(s.records)), 6);
    }
    t += QStringLiteral("\ndevice          ios         share   MB          run count\n");
    for (std::size_t i = 0; i < s.devices.size() && i < 40; ++i) {
        const TraceDeviceSummary& d = s.devices[i];
        t += QStringLiteral("  %1 %2 %3 %4 %5\n")
                 .arg(QString::fromStdString(d.name), -13)
                 .arg(d.ios, -11)
                 .arg(pct(s.records ? double(d.ios) / double(s.records) : 0), 6)
                 .arg(double(d.bytes) / 1e6, -11, 'f', 2)
                 .arg(d.runCount(), 0, 'f', 2);
    }
    const auto region = busiestRegion(s);
    t += QStringLiteral("\nskew:      busiest device %1 of I/Os (Gini %2); busiest %3 region %4 of I/Os (Gini %5)\n")
             .arg(pct(busiestDeviceShare(s)))
             .arg(giniIndex(deviceLorenz(s)), 0, 'f', 2)
             .arg(formatBytes(region.regionBytes))
             .arg(pct(region.share))
             .arg(giniIndex(regionLorenz(s)), 0, 'f', 2);
    t += QStringLiteral("sequential: run count %1 (Minerva 2.1: requests per sequential run)\n").arg(s.runCount(), 0, 'f', 2);
    if (s.hasResponseTimes()) {
        t += QStringLiteral("response:  mean %1 ms, p50 %2, p90 %3, p99 %4, max %5 ms (%6)\n")
                 .arg(s.responseMs.mean(), 0, 'f', 3)
                 .arg(s.responsePercentileMs(0.5), 0, 'f', 3)
                 .arg(s.responsePercentileMs(0.9), 0, 'f', 3)
                 .arg(s.responsePercentileMs(0.99), 0, 'f', 3)
                 .arg(s.responseMs.max(), 0, 'f', 3)
                 .arg(s.hasIssueCompletePairs() ? QStringLiteral("driver issue to completion") : QStringLiteral("from the trace"));
        double maxQd = 0;
        for (const auto& b : s.timeline.buckets())
            maxQd = std::max(maxQd, s.queueDepth(b));
        t += QStringLiteral("queue:     peak mean depth %1 per %2 s bucket (%3)\n")
                 .arg(maxQd, 0, 'f', 2)
                 .arg(double(s.timeline.widthNs()) * 1e-9, 0, 'g', 4)
                 .arg(s.queueDepthMethod());
        t += QStringLiteral("slow:      %1 periods with mean response above %2 ms\n").arg(slowPeriods(s).size()).arg(s.options.slowThresholdMs);
    } else {
        t += QStringLiteral("response:  not in this format (no queue depth, no slow periods)\n");
    }
    for (const QString& n : s.format.notes)
        t += QStringLiteral("note:      %1\n").arg(n);
    if (s.outOfOrder || s.zeroSize)
        t += QStringLiteral("anomalies: %1 out-of-order timestamps, %2 zero-size requests\n").arg(s.outOfOrder).arg(s.zeroSize);
    if (s.skipped) {
        t += QStringLiteral("skipped:   %1 malformed lines\n").arg(s.skipped);
        for (const QString& m : s.skippedMessages)
            t += QStringLiteral("  %1\n").arg(m);
    }
    return t;
}

int summarize(const CliArgs& a, const TraceJobOptions& o)
{
    const TraceSummaryResult r = summarizeTrace(a.positional().mid(1), o, {}, [](auto s) { progress("summarize", s->fraction); });
    endProgress();
    if (!r.ok)
        return fail(r.error);
    if (a.has(QStringLiteral("csv"))) {
        QFile f(a.value(QStringLiteral("csv")));
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(r.summary.toCsv().toUtf8()) < 0)
            return fail(QStringLiteral("--csv %1: cannot write").arg(f.fileName()));
    }
    out(a.flag(QStringLiteral("json")) ? QString::fromUtf8(QJsonDocument(r.summary.toJson()).toJson(QJsonDocument::Indented))
                                       : textSummary(r.summary));
    return Ok;
}

int replay(const CliArgs& a, const TraceJobOptions& o)
{
    TraceReplayOptions ro;
    ro.read = o;
    ro.arraySpecs = a.values(QStringLiteral("array"));
    ro.slowThresholdMs = o.summary.slowThresholdMs;
    if (ro.arraySpecs.isEmpty())
        return fail(QStringLiteral("trace replay: at least one --array SPEC"), Usage);
    bool ok = true;
    if (a.has(QStringLiteral("scale")))
        ro.timeScale = a.value(QStringLiteral("scale")).toDouble(&ok);
    if (!ok || !(ro.timeScale > 0))
        return fail(QStringLiteral("--scale: a positive factor (0.5 replays twice as fast)"), Usage);
    if (a.has(QStringLiteral("window")))
        ro.windowSeconds = a.value(QStringLiteral("window")).toDouble(&ok);
    if (!ok || !(ro.windowSeconds > 0))
        return fail(QStringLiteral("--window: a positive number of seconds"), Usage);
    const TraceReplayResult r = replayTrace(a.positional().mid(1), ro, {}, [](auto s) { progress("replay", s->fraction); });
    endProgress();
    if (!r.ok)
        return fail(r.error);
    if (a.flag(QStringLiteral("json"))) {
        out(QString::fromUtf8(QJsonDocument(r.toJson()).toJson(QJsonDocument::Indented)));
        return Ok;
    }
    QString t = QStringLiteral("%1 requests replayed at x%2 in %3 s windows; slow = window mean above %4 ms\n\n")
                    .arg(r.records)
                    .arg(ro.timeScale)
                    .arg(ro.windowSeconds)
                    .arg(ro.slowThresholdMs);
    t += QStringLiteral("   mean ms    p50 ms    p90 ms    p99 ms  slow periods  disk utilization %  array\n");
    for (const TraceReplayArray& x : r.arrays) {
        if (!x.error.isEmpty()) {
            t += QStringLiteral("  (refused: %1)  %2\n").arg(x.error, x.arraySpec);
            continue;
        }
        const SimResult& s = x.result;
        QStringList util;
        for (const DiskResult& d : s.disks)
            util << QString::number(d.utilization * 100, 'f', 0);
        t += QStringLiteral("%1 %2 %3 %4 %5  %6  %7\n")
                 .arg(s.responseMs.mean(), 10, 'f', 2)
                 .arg(s.percentileMs(0.5), 9, 'f', 2)
                 .arg(s.percentileMs(0.9), 9, 'f', 2)
                 .arg(s.percentileMs(0.99), 9, 'f', 2)
                 .arg(QStringLiteral("%1/%2").arg(x.slowPeriods).arg(x.windows), 12)
                 .arg(util.join(u' '), -18)
                 .arg(x.arraySpec);
    }
    out(t);
    return Ok;
}

int exportTrace(const CliArgs& a, const TraceJobOptions& o)
{
    if (!a.has(QStringLiteral("fio")))
        return fail(QStringLiteral("trace export: --fio OUT is required"), Usage);
    QString error;
    std::uint64_t n = 0;
    if (!exportFioLog(a.positional().mid(1), o, a.value(QStringLiteral("fio")),
            a.value(QStringLiteral("target"), QStringLiteral("/dev/sdX")), &error, &n))
        return fail(error);
    std::fprintf(stderr, "raidscope-cli: wrote %llu I/Os to %s (fio iolog v3, microseconds)\n", (unsigned long long)n,
                 qPrintable(a.value(QStringLiteral("fio"))));
    return Ok;
}

} // namespace

int runTrace(const QStringList& args)
{
    QString error;
    const auto a = CliArgs::parse(args,
        { QStringLiteral("format"), QStringLiteral("columns"), QStringLiteral("fio-time"), QStringLiteral("on-error"),
            QStringLiteral("slow-ms"), QStringLiteral("csv"), QStringLiteral("array"), QStringLiteral("scale"),
            QStringLiteral("window"), QStringLiteral("fio"), QStringLiteral("target") },
        { QStringLiteral("json") }, &error);
    if (!a)
        return fail(QStringLiteral("trace: ") + error, Usage);
    if (a->positional().size() < 2)
        return fail(QStringLiteral("usage: raidscope-cli %1").arg(QString::fromLatin1(kUsage)), Usage);
    TraceJobOptions o;
    if (!jobOptions(*a, o, &error))
        return fail(QStringLiteral("trace: ") + error, Usage);
    const QString sub = a->positional().front();
    if (sub == u"summarize")
        return summarize(*a, o);
    if (sub == u"replay")
        return replay(*a, o);
    if (sub == u"export")
        return exportTrace(*a, o);
    return fail(QStringLiteral("trace: unknown subcommand '%1' (summarize, replay, export)").arg(sub), Usage);
}

} // namespace raidscope::cli
