// SPDX-License-Identifier: GPL-3.0-or-later
// raidscope-cli trace summarize|replay|export: block I/O traces (whitepaper SWAT summaries and replay).
#include "cliargs.h"
#include "commands.h"
#include "stoponsignal.h"

#include "io/outputfile.h"
#include "trace/traceexport.h"
#include "trace/tracejob.h"
#include "units.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <optional>
#include <unistd.h>

namespace raidscope::cli {
namespace {

enum class TraceSubcommand : std::uint8_t { Any, Summarize, Replay, Export };

std::optional<TraceSubcommand> traceSubcommand(const QString& name)
{
    if (name == u"summarize")
        return TraceSubcommand::Summarize;
    if (name == u"replay")
        return TraceSubcommand::Replay;
    if (name == u"export")
        return TraceSubcommand::Export;
    return std::nullopt;
}

QString traceDescription(TraceSubcommand sub)
{
    switch (sub) {
    case TraceSubcommand::Summarize:
        return QStringLiteral("Summarizes traces as the whitepaper's SWAT views: transfer sizes, read/write mix, "
                              "devices, skew, run count, response times, queue depth and slow periods. Files given "
                              "together are merged by time.");
    case TraceSubcommand::Replay:
        return QStringLiteral("Replays traces through each --array in time windows and compares response times, "
                              "slow periods and disk utilization.");
    case TraceSubcommand::Export:
        return QStringLiteral("Writes traces as a fio iolog v3 (microseconds) for replaying on a real device.");
    case TraceSubcommand::Any: break;
    }
    return {};
}

// Every trace subcommand accepts every option (as it always has); each one's help shows those it uses.
void addTraceOptions(CliArgs& a, TraceSubcommand sub)
{
    const auto add = [&](std::initializer_list<TraceSubcommand> usedBy, const QString& name, const QString& valueName,
                         const QString& description) {
        const bool shown = sub == TraceSubcommand::Any || std::find(usedBy.begin(), usedBy.end(), sub) != usedBy.end();
        if (!shown)
            a.hiddenOption(name, !valueName.isEmpty());
        else if (valueName.isEmpty())
            a.flag(name, description);
        else
            a.option(name, valueName, description);
    };
    using enum TraceSubcommand;
    add({ Summarize, Replay, Export }, QStringLiteral("format"), QStringLiteral("F"),
        QStringLiteral("Reads the traces as F: auto (default) blkparse blktrace msr spc disksim fio csv alibaba tencent."));
    add({ Summarize, Replay, Export }, QStringLiteral("columns"), QStringLiteral("MAP"),
        QStringLiteral("Reads CSV with this column mapping, e.g. 'time=5:us,device=1,op=2,offset=3,size=4'."));
    add({ Summarize, Replay, Export }, QStringLiteral("fio-time"), QStringLiteral("us|ms"),
        QStringLiteral("The unit of fio iolog v3 times, instead of the one detected."));
    add({ Summarize, Replay, Export }, QStringLiteral("on-error"), QStringLiteral("stop|skip"),
        QStringLiteral("On a malformed line, stop (default) or count and skip it."));
    add({ Summarize, Replay }, QStringLiteral("slow-ms"), QStringLiteral("X"),
        QStringLiteral("A period whose mean response time is above X ms is slow."));
    add({ Summarize, Replay }, QStringLiteral("jobs"), QStringLiteral("N"),
        QStringLiteral("Uses up to N threads (default: one per core): files and ranges of a large file are summarized "
                       "at once, candidate arrays replayed at once; the results do not change."));
    add({ Summarize }, QStringLiteral("csv"), QStringLiteral("OUT"), QStringLiteral("Also writes the summary's tables as CSV to OUT."));
    add({ Replay }, QStringLiteral("array"), QStringLiteral("SPEC"), QStringLiteral("An array to replay through; repeat for more."));
    add({ Replay }, QStringLiteral("scale"), QStringLiteral("X"),
        QStringLiteral("Multiplies the trace's times by X (0.5 replays twice as fast)."));
    add({ Replay }, QStringLiteral("window"), QStringLiteral("S"), QStringLiteral("Window length in seconds (default 1)."));
    add({ Export }, QStringLiteral("fio"), QStringLiteral("OUT"), QStringLiteral("The iolog to write."));
    add({ Export }, QStringLiteral("target"), QStringLiteral("PATH"), QStringLiteral("The device the iolog names (default /dev/sdX)."));
    add({ Summarize, Replay }, QStringLiteral("json"), QString(), QStringLiteral("Prints the result as one JSON object."));
}

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
    const auto jobs = a.jobs(error);
    if (!jobs)
        return false;
    o.jobs = *jobs;
    if (a.has(QStringLiteral("slow-ms"))) {
        bool ok = false;
        o.summary.slowThresholdMs = a.value(QStringLiteral("slow-ms")).toDouble(&ok);
        if (!ok || !std::isfinite(o.summary.slowThresholdMs) || o.summary.slowThresholdMs <= 0) {
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
    const QStringList files = a.positional().mid(1);
    const QString csv = a.value(QStringLiteral("csv"));
    // Refused before reading: the summary must never be written over a trace it reads.
    if (a.has(QStringLiteral("csv")))
        if (const QString problem = outputPathProblem(csv, files); !problem.isEmpty())
            return fail(QStringLiteral("--csv ") + problem);
    const TraceSummaryResult r = summarizeTrace(files, o, {}, [](auto s) { progress("summarize", s->fraction); });
    endProgress();
    if (!r.ok)
        return fail(r.error);
    QString error;
    if (a.has(QStringLiteral("csv")) && !writeOutputFile(csv, r.summary.toCsv().toUtf8(), files, &error))
        return fail(QStringLiteral("--csv ") + error);
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
    if (!ok || !std::isfinite(ro.timeScale) || !(ro.timeScale > 0))
        return fail(QStringLiteral("--scale %1: expected a positive factor (0.5 replays twice as fast)")
                        .arg(a.value(QStringLiteral("scale"))),
            Usage);
    if (a.has(QStringLiteral("window")))
        ro.windowSeconds = a.value(QStringLiteral("window")).toDouble(&ok);
    if (!ok || !std::isfinite(ro.windowSeconds) || !(ro.windowSeconds > 0))
        return fail(QStringLiteral("--window %1: expected a positive number of seconds").arg(a.value(QStringLiteral("window"))),
            Usage);
    const TraceReplayResult r = replayTrace(a.positional().mid(1), ro, {}, [](auto s) { progress("replay", s->fraction); });
    endProgress();
    if (!r.ok)
        return fail(r.error);
    // Every array refused: nothing was replayed, so say why (the first array's reason) and fail.
    if (!r.arrays.empty()
        && std::all_of(r.arrays.begin(), r.arrays.end(), [](const TraceReplayArray& x) { return !x.error.isEmpty(); }))
        return fail(QStringLiteral("trace replay: no --array could be simulated; --array %1: %2")
                        .arg(r.arrays.front().arraySpec, r.arrays.front().error));
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
    // Ctrl-C cancels the output file: nothing half-written is left, not even the temporary file.
    std::stop_source stop;
    const StopOnSignal stopOnSignal(stop, "stopping the export; no output file is written");
    const TraceExportResult r = exportFioLog(a.positional().mid(1), o, a.value(QStringLiteral("fio")),
        a.value(QStringLiteral("target"), QStringLiteral("/dev/sdX")), stop.get_token(),
        [](auto s) { progress("export", s->fraction); });
    endProgress();
    if (r.cancelled)
        return fail(QStringLiteral("trace export: stopped by a signal; %1 was not written").arg(a.value(QStringLiteral("fio"))),
            128 + (stopOnSignal.signal() ? stopOnSignal.signal() : SIGINT));
    if (!r.ok)
        return fail(r.error);
    std::fprintf(stderr, "raidscope-cli: wrote %llu I/Os to %s (fio iolog v3, microseconds)\n",
                 (unsigned long long)r.written, qPrintable(r.outPath));
    return Ok;
}

} // namespace

int runTrace(const QStringList& args)
{
    // Which of summarize, replay and export: the first positional, found by a parse that knows every option.
    CliArgs any(QStringLiteral("trace"), QStringLiteral("(summarize | replay | export) FILE..."),
        QStringLiteral("Reads block I/O traces (the format recognised from the content): summarizes them as the "
                       "SWAT views, replays them through simulated arrays, or exports them as a fio iolog. "
                       "raidscope-cli trace SUBCOMMAND --help lists a subcommand's options."));
    addTraceOptions(any, TraceSubcommand::Any);
    if (const auto done = any.parseArguments(args))
        return *done;
    const QString name = any.positional().value(0);
    const auto sub = traceSubcommand(name);
    if (!sub && any.helpRequested()) {
        out(any.helpText());
        return Ok;
    }
    if (!name.isEmpty() && !sub && any.positional().size() >= 2)
        return fail(QStringLiteral("trace: unknown subcommand '%1' (summarize, replay, export)").arg(name), Usage);
    if (!sub || (any.positional().size() < 2 && !any.helpRequested()))
        return fail(QStringLiteral("trace: expected summarize, replay or export and the trace FILEs "
                                   "(raidscope-cli trace --help lists the options)"),
            Usage);

    CliArgs a(QStringLiteral("trace ") + name, *sub == TraceSubcommand::Replay ? QStringLiteral("FILE... --array SPEC...")
                                                    : *sub == TraceSubcommand::Export ? QStringLiteral("FILE... --fio OUT")
                                                                                     : QStringLiteral("FILE..."),
        traceDescription(*sub));
    addTraceOptions(a, *sub);
    if (const auto done = a.parse(args))
        return *done;
    TraceJobOptions o;
    QString error;
    if (!jobOptions(a, o, &error))
        return fail(QStringLiteral("trace: ") + error, Usage);
    switch (*sub) {
    case TraceSubcommand::Summarize: return summarize(a, o);
    case TraceSubcommand::Replay: return replay(a, o);
    case TraceSubcommand::Export: return exportTrace(a, o);
    case TraceSubcommand::Any: break;
    }
    return Usage;
}

} // namespace raidscope::cli
