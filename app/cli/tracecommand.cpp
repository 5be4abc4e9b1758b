// SPDX-License-Identifier: GPL-3.0-or-later
// raidscope-cli trace summarize|replay|analyze|export: block I/O traces (whitepaper SWAT summaries, replay, the layout).
#include "cliargs.h"
#include "commands.h"
#include "shard.h"
#include "stoponsignal.h"
#include "tracecommand.h"

#include "io/outputfile.h"
#include "trace/counterfile.h"
#include "trace/traceexport.h"
#include "trace/tracejob.h"
#include "numberrange.h"
#include "units.h"

#include <QJsonArray>
#include <QFileInfo>
#include <QJsonDocument>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <map>
#include <optional>
#include <sys/stat.h>
#include <unistd.h>

namespace raidscope::cli {
namespace {

enum class TraceSubcommand : std::uint8_t { Any, Summarize, Replay, Analyze, Export };

std::optional<TraceSubcommand> traceSubcommand(const QString& name)
{
    if (name == u"summarize")
        return TraceSubcommand::Summarize;
    if (name == u"replay")
        return TraceSubcommand::Replay;
    if (name == u"analyze")
        return TraceSubcommand::Analyze;
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
                              "slow periods and disk utilization; with --device, measures them on a real block "
                              "device or file, and with both, puts each simulated array's error beside the measurement.");
    case TraceSubcommand::Analyze:
        return QStringLiteral("Streams traces through the --array's layout and controller without timing (the simulator's "
                              "mapping): operations per member and over time, each write's path (full-stripe, "
                              "reconstruct-write, read-modify-write) and its extra disk operations, chunk and stripe "
                              "alignment, hot chunks and member skew; the same for each --candidate, and for the array at "
                              "each --chunks size side by side.");
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
        else if (name == u"array" || name == u"candidate") // "repeat for more"
            a.listOption(name, valueName, description);
        else
            a.option(name, valueName, description);
    };
    using enum TraceSubcommand;
    add({ Summarize, Replay, Analyze, Export }, QStringLiteral("format"), QStringLiteral("F"),
        QStringLiteral("Reads the traces as F: auto (default) blkparse blktrace msr spc disksim fio csv alibaba tencent; "
                       "interval counters: sadf (sadf -j of sar -d), iostat (iostat -x -o JSON), typeperf (Windows PhysicalDisk counters, PDH CSV)."));
    add({ Summarize, Replay, Analyze, Export }, QStringLiteral("columns"), QStringLiteral("MAP"),
        QStringLiteral("Reads CSV with this column mapping, e.g. 'time=5:us,device=1,op=2,offset=3,size=4'."));
    add({ Summarize, Replay, Analyze, Export }, QStringLiteral("fio-time"), QStringLiteral("us|ms"),
        QStringLiteral("The unit of fio iolog v3 times, instead of the one detected."));
    add({ Summarize, Replay, Analyze, Export }, QStringLiteral("on-error"), QStringLiteral("stop|skip"),
        QStringLiteral("On a malformed line, stop (default) or count and skip it."));
    add({ Summarize, Replay }, QStringLiteral("slow-ms"), QStringLiteral("X"),
        QStringLiteral("A period whose mean response time is above X ms is slow."));
    add({ Summarize, Replay, Analyze }, QStringLiteral("jobs"), QStringLiteral("N"),
        QStringLiteral("Uses up to N threads (default: one per core): files and ranges of a large file are summarized "
                       "at once, candidate arrays replayed at once; the results do not change."));
    add({ Summarize }, QStringLiteral("partial"), QString(),
        QStringLiteral("Prints a partial summary of one FILE (or of --range A:B of it) for `raidscope-cli merge`."));
    add({ Summarize }, QStringLiteral("range"), QStringLiteral("A:B"),
        QStringLiteral("With --partial: only the lines that start in bytes [A, B) of an MSR, SPC or CSV file."));
    add({ Summarize }, QStringLiteral("csv"), QStringLiteral("OUT"), QStringLiteral("Also writes the summary's tables as CSV to OUT."));
    add({ Replay, Analyze }, QStringLiteral("array"), QStringLiteral("SPEC"), QStringLiteral("An array to replay through; repeat for more. With --device, each is simulated on the same "
                       "requests and compared with the measurement (errors of mean, p90, p99, IOPS; demerit). "
                       "For analyze: the array under study, once."));
    add({ Analyze }, QStringLiteral("candidate"), QStringLiteral("SPEC"),
        QStringLiteral("With analyze: another array to analyze beside the --array; repeat for more."));
    add({ Analyze }, QStringLiteral("chunks"), QStringLiteral("LIST"),
        QStringLiteral("With analyze: the chunk sizes of the --array compared side by side (default 16KiB,32KiB,...,1MiB; "
                       "none: no comparison)."));
    add({ Analyze }, QStringLiteral("hot"), QStringLiteral("N"), QStringLiteral("With analyze: hot chunks listed (default 10)."));
    add({ Replay }, QStringLiteral("scale"), QStringLiteral("X"),
        QStringLiteral("Multiplies the trace's times by X (0.5 replays twice as fast)."));
    add({ Replay }, QStringLiteral("shard"), QStringLiteral("I/N"),
        QStringLiteral("Replays only shard I of N of the --array candidates and prints a partial JSON for `raidscope-cli merge`."));
    add({ Replay }, QStringLiteral("window"), QStringLiteral("S"), QStringLiteral("Window length in seconds (default 1)."));
    add({ Replay }, QStringLiteral("device"), QStringLiteral("DEV"),
        QStringLiteral("Replays the trace measured on block device or file DEV (io_uring, O_DIRECT), alone or beside the "
                       "--array candidates: reads only unless --allow-writes or --scratch."));
    add({ Replay }, QStringLiteral("depth"), QStringLiteral("N"),
        QStringLiteral("With --device: closed loop, N requests kept in flight, the trace's times ignored (instead of --scale)."));
    add({ Replay }, QStringLiteral("allow-writes"), QString(),
        QStringLiteral("With --device: each write of the trace reads its bytes and writes the same bytes back (the probe's "
                       "safe write); the device's bytes stay as they were."));
    add({ Replay }, QStringLiteral("scratch"), QString(),
        QStringLiteral("With --device: the trace's writes are written for real (a pattern), only on a device with no file "
                       "system or other signature, not mounted and not held."));
    add({ Replay }, QStringLiteral("force"), QString(),
        QStringLiteral("With --device: replays on a device in use, or --scratch over a signature, as the probe's --force."));
    add({ Replay }, QStringLiteral("latencies"), QStringLiteral("OUT"),
        QStringLiteral("With --device: writes every served request (place, times, response) as CSV to OUT."));
    add({ Export }, QStringLiteral("fio"), QStringLiteral("OUT"), QStringLiteral("The iolog to write."));
    add({ Export }, QStringLiteral("target"), QStringLiteral("PATH"), QStringLiteral("The device the iolog names (default /dev/sdX)."));
    add({ Summarize, Replay, Analyze }, QStringLiteral("json"), QString(), QStringLiteral("Prints the result as one JSON object."));
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
    o.reader.formatRemedy = QStringLiteral("give one with --format");
    o.reader.columnsRemedy = QStringLiteral("--columns, or a preset: alibaba, tencent");
    const QString format = a.value(QStringLiteral("format"), QStringLiteral("auto"));
    if (format == u"alibaba" || format == u"tencent") {
        o.reader.format = TraceFormat::Csv;
        parseCsvMapping(format, &o.reader.csv, error);
    } else if (!parseTraceFormat(format, &o.reader.format)) {
        *error = QStringLiteral("--format %1: unknown (auto blkparse blktrace msr spc disksim fio csv alibaba tencent sadf iostat typeperf)").arg(format);
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
    const auto slowMs = a.number(QStringLiteral("slow-ms"), QStringLiteral("a positive number of milliseconds"),
        kMinSlowMs, kMaxSlowMs, o.summary.slowThresholdMs, error);
    o.summary.slowThresholdMs = slowMs.value_or(0);
    return slowMs.has_value();
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
    for (const QString& n : s.notes())
        t += QStringLiteral("note:      %1\n").arg(n);
    if (s.outOfOrder || s.zeroSize)
        t += QStringLiteral("anomalies: %1 out-of-order timestamps, %2 zero-size requests\n").arg(s.outOfOrder).arg(s.zeroSize);
    if (s.pastAddressSpace)
        t += QStringLiteral("anomalies: %1 requests end past 2^64 bytes (offset + size; a replay wraps them into the array)\n")
                 .arg(s.pastAddressSpace);
    if (s.skipped) {
        t += QStringLiteral("skipped:   %1 malformed lines\n").arg(s.skipped);
        for (const QString& m : s.skippedMessages)
            t += QStringLiteral("  %1\n").arg(m);
    }
    return t;
}

QJsonObject errorJson(const TraceError& e)
{
    return QJsonObject { { QStringLiteral("file"), e.file }, { QStringLiteral("line"), QString::number(e.line) },
        { QStringLiteral("field"), e.field }, { QStringLiteral("fieldName"), e.fieldName },
        { QStringLiteral("message"), e.message } };
}

TraceError errorFromJson(const QJsonObject& o)
{
    TraceError e;
    e.file = o.value(QStringLiteral("file")).toString();
    e.line = o.value(QStringLiteral("line")).toString().toULongLong();
    e.field = o.value(QStringLiteral("field")).toInt();
    e.fieldName = o.value(QStringLiteral("fieldName")).toString();
    e.message = o.value(QStringLiteral("message")).toString();
    return e;
}

// --range A:B: two byte offsets, A < B.
bool parseRange(const QString& text, std::uint64_t* begin, std::uint64_t* end)
{
    const QStringList parts = text.split(u':');
    const auto first = parts.size() == 2 ? parseIntegerInRange<std::uint64_t>(parts[0], 0, ~0ull, nullptr) : std::nullopt;
    const auto last = parts.size() == 2 ? parseIntegerInRange<std::uint64_t>(parts[1], 0, ~0ull, nullptr) : std::nullopt;
    *begin = first.value_or(0);
    *end = last.value_or(0);
    return first && last && *begin < *end;
}

// `trace summarize FILE --partial [--range A:B]`: the summary of one file, or of the lines that
// start in bytes [A, B) of it, with everything `merge` needs to join it to the other parts.
int summarizePartial(const CliArgs& a, const TraceJobOptions& o)
{
    const QStringList files = a.positional().mid(1);
    if (files.size() != 1)
        return fail(QStringLiteral("trace summarize --partial: one FILE per partial (give each file, or each range of "
                                   "one, its own partial; merge joins them in the order given)"),
            Usage);
    if (a.has(QStringLiteral("csv")))
        return fail(QStringLiteral("trace summarize --partial: --csv belongs to the merge's output, not a part's"), Usage);
    const QString path = files.front();
    QString error;
    const auto size = std::uint64_t(std::max<qint64>(0, QFileInfo(path).size()));
    std::uint64_t begin = 0, end = size;
    TracePartSummary part;
    if (a.has(QStringLiteral("range"))) {
        if (!parseRange(a.value(QStringLiteral("range")), &begin, &end))
            return fail(QStringLiteral("--range %1: expected A:B, byte offsets with A < B (e.g. --range 0:1073741824)")
                            .arg(a.value(QStringLiteral("range"))),
                Usage);
        if (QFileInfo(path).exists() && !QFileInfo(path).isFile())
            return fail(QStringLiteral("--range: %1 is not a regular file (a range needs a file that can be read from the middle)").arg(path));
        // The format as the whole file states it (a range past the first line has no header).
        auto whole = TraceReader::open(path, o.reader, &error);
        if (!whole)
            return fail(error);
        const TraceFormatInfo info = whole->info();
        whole.reset();
        if (!info.compression.isEmpty())
            return fail(QStringLiteral("--range: %1 is %2-compressed, so it cannot be read from the middle (summarize it "
                                       "whole with --partial, or decompress it first)")
                            .arg(path, info.compression));
        if (!traceSplittable(info.format))
            return fail(QStringLiteral("--range: %1 is %2, whose lines depend on earlier ones; only MSR, SPC and CSV traces "
                                       "can be read in ranges (summarize the whole file with --partial)")
                            .arg(path, info.name));
        // Each line belongs to the range it starts in: both ends move to the next line start.
        const auto b = traceLineStart(path, std::min(begin, size));
        const auto e = traceLineStart(path, std::min(end, size));
        if (!b || !e)
            return fail(QStringLiteral("%1: cannot be opened").arg(path));
        begin = *b;
        end = *e;
        part = summarizeTraceRange(path, begin, end, o, info);
        if (part.stopError) {
            TraceError e = *part.stopError;
            if (begin > 0 && e.line > 0) { // numbered within the range (merge numbers them within the file)
                e.line -= 1;
                e.file += QStringLiteral(" (the range from byte %1)").arg(begin);
            }
            return fail(e.text());
        }
    } else {
        TraceJobOptions serial = o;
        const TraceSummaryResult r = summarizeTrace(files, serial, {}, [](auto s) { progress("summarize", s->fraction); });
        endProgress();
        if (!r.ok)
            return fail(r.error);
        part.summary = r.summary;
        part.complete = true;
    }
    QJsonArray errors;
    for (const TraceError& e : part.errors)
        errors.append(errorJson(e));
    const QJsonObject partial { { QStringLiteral("raidscopePartial"), 1 }, { QStringLiteral("command"), QStringLiteral("trace summarize") },
        { QStringLiteral("request"),
            QJsonObject { { QStringLiteral("json"), a.flag(QStringLiteral("json")) },
                { QStringLiteral("onError"), a.value(QStringLiteral("on-error"), QStringLiteral("stop")) } } },
        { QStringLiteral("part"),
            QJsonObject { { QStringLiteral("path"), path }, { QStringLiteral("name"), QFileInfo(path).fileName() },
                { QStringLiteral("sizeBytes"), QString::number(size) }, { QStringLiteral("begin"), QString::number(begin) },
                { QStringLiteral("end"), QString::number(end) }, { QStringLiteral("lines"), QString::number(part.lines) } } },
        { QStringLiteral("errors"), errors }, { QStringLiteral("summary"), part.summary.toPartialJson() } };
    out(QString::fromUtf8(QJsonDocument(partial).toJson(QJsonDocument::Compact)) + u'\n');
    return Ok;
}

int summarize(const CliArgs& a, const TraceJobOptions& o)
{
    if (a.flag(QStringLiteral("partial")))
        return summarizePartial(a, o);
    if (a.has(QStringLiteral("range")))
        return fail(QStringLiteral("trace summarize: --range goes with --partial (a part of a file to merge later)"), Usage);
    const QStringList files = a.positional().mid(1);
    const QString csv = a.value(QStringLiteral("csv"));
    // Refused before reading: the summary must never be written over a trace it reads.
    if (a.has(QStringLiteral("csv")))
        if (const QString problem = outputPathProblem(csv, files); !problem.isEmpty())
            return fail(QStringLiteral("--csv ") + problem);
    // Interval counters (sadf -j, iostat -o JSON) are summarized as what they are: rates and means per
    // device and interval, not requests (#56). `trace replay` and `advise` read them as synthetic requests.
    if (std::any_of(files.begin(), files.end(), [](const QString& f) { return sniffCounterPath(f) != CounterFormat::None; })
        || counterFormatOf(o.reader.format) != CounterFormat::None) {
        if (files.size() != 1)
            return fail(QStringLiteral("trace summarize: a counter file (sadf -j, iostat -o JSON, typeperf CSV) is summarized alone: give it as the one FILE"), Usage);
        if (a.has(QStringLiteral("csv")))
            return fail(QStringLiteral("trace summarize: --csv writes a trace's tables; a counter file's intervals are in --json"), Usage);
        CounterFile file;
        TraceError e;
        if (!readCounterFile(files.front(), file, e))
            return fail(e.text());
        const CounterSummary s = summarizeCounters(std::move(file));
        out(a.flag(QStringLiteral("json")) ? QString::fromUtf8(QJsonDocument(s.toJson()).toJson(QJsonDocument::Indented)) : s.toText());
        return Ok;
    }
    const TraceSummaryResult r = summarizeTrace(files, o, {}, [](auto s) { progress("summarize", s->fraction); });
    endProgress();
    if (!r.ok)
        return fail(r.error);
    QString error;
    if (a.has(QStringLiteral("csv")) && !writeOutputFile(csv, r.summary.toCsv().toUtf8(), files, &error))
        return fail(QStringLiteral("trace summarize: ") + error);
    out(a.flag(QStringLiteral("json")) ? QString::fromUtf8(QJsonDocument(r.summary.toJson()).toJson(QJsonDocument::Indented))
                                       : textSummary(r.summary));
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

void traceProgress(const char* what, double fraction) { progress(what, fraction); }
void endTraceProgress() { endProgress(); }

int printMergedSummaries(const std::vector<PartialFile>& partials)
{
    // The parts of each file in byte order, the files in the order they first come; each file's parts
    // must tile it from byte 0 to its end.
    struct Part
    {
        const PartialFile* file;
        QJsonObject part;
        std::uint64_t begin, end, size;
    };
    QStringList paths;
    std::map<QString, std::vector<Part>> byPath;
    const QJsonObject request = partials.front().json.value(QStringLiteral("request")).toObject();
    for (const PartialFile& p : partials) {
        if (p.json.value(QStringLiteral("request")).toObject() != request)
            return fail(QStringLiteral("merge: %1 was made with other options (--json, --on-error) than %2").arg(p.path, partials.front().path));
        const QJsonObject part = p.json.value(QStringLiteral("part")).toObject();
        const QString path = part.value(QStringLiteral("path")).toString();
        if (!byPath.count(path))
            paths << path;
        byPath[path].push_back(Part { &p, part, part.value(QStringLiteral("begin")).toString().toULongLong(),
            part.value(QStringLiteral("end")).toString().toULongLong(), part.value(QStringLiteral("sizeBytes")).toString().toULongLong() });
    }
    std::optional<TraceSummary> merged;
    QStringList names;
    for (const QString& path : paths) {
        std::vector<Part>& parts = byPath[path];
        std::sort(parts.begin(), parts.end(), [](const Part& x, const Part& y) { return x.begin < y.begin; });
        std::uint64_t at = 0, linesBefore = 0;
        for (const Part& part : parts) {
            if (part.begin != at || part.size != parts.front().size)
                return fail(QStringLiteral("merge: %1: bytes %2 to %3 are in no partial, or in two (%4 starts at %5)")
                                .arg(path)
                                .arg(std::min(at, part.begin))
                                .arg(std::max(at, part.begin))
                                .arg(part.file->path)
                                .arg(part.begin));
            QString error;
            auto summary = TraceSummary::fromPartialJson(part.file->json.value(QStringLiteral("summary")).toObject(), &error);
            if (!summary)
                return fail(QStringLiteral("merge: %1: %2").arg(part.file->path, error));
            if (merged && (summary->format.detail != merged->format.detail || summary->options.slowThresholdMs != merged->options.slowThresholdMs))
                return fail(QStringLiteral("merge: %1 is %2 (slow above %3 ms), the parts before it %4 (%5 ms): one summary "
                                           "needs one format and the same options")
                                .arg(part.file->path, summary->format.detail)
                                .arg(summary->options.slowThresholdMs)
                                .arg(merged->format.detail)
                                .arg(merged->options.slowThresholdMs));
            // A range's skipped lines are numbered within the range: number them within the file.
            for (const QJsonValue& v : part.file->json.value(QStringLiteral("errors")).toArray()) {
                TraceError e = errorFromJson(v.toObject());
                if (part.begin > 0 && e.line > 0)
                    e.line = linesBefore + e.line - 1;
                if (summary->skippedMessages.size() < TraceSummary::kMaxMessages)
                    summary->skippedMessages << e.text();
            }
            if (!merged) {
                merged = TraceSummary(summary->options);
                merged->format = summary->format;
            }
            merged->merge(*summary);
            linesBefore += part.part.value(QStringLiteral("lines")).toString().toULongLong();
            at = part.end;
        }
        if (at != parts.front().size)
            return fail(QStringLiteral("merge: %1: bytes %2 to %3 (the end) are in no partial").arg(path).arg(at).arg(parts.front().size));
        names << parts.front().part.value(QStringLiteral("name")).toString();
    }
    if (!merged->mergeExact())
        return fail(QStringLiteral("merge: the parts cannot be merged exactly (more than %1 arrivals of a later part came "
                                   "before the earlier part's last): summarize the trace in fewer parts")
                        .arg(TraceSummary::kInOrderHead));
    merged->files = names;
    out(request.value(QStringLiteral("json")).toBool() ? QString::fromUtf8(QJsonDocument(merged->toJson()).toJson(QJsonDocument::Indented))
                                                        : textSummary(*merged));
    return Ok;
}

int runTrace(const QStringList& args)
{
    // Which of summarize, replay, analyze and export: the first positional, found by a parse that knows every option.
    CliArgs any(QStringLiteral("trace"), QStringLiteral("(summarize | replay | analyze | export) FILE..."),
        QStringLiteral("Reads block I/O traces (the format recognised from the content): summarizes them as the "
                       "SWAT views, replays them through simulated arrays, analyzes them through an array's layout, or "
                       "exports them as a fio iolog. "
                       "raidscope-cli trace SUBCOMMAND --help lists a subcommand's options."));
    addTraceOptions(any, TraceSubcommand::Any);
    any.allowRepeats();
    if (const auto done = any.parseArguments(args))
        return *done;
    const QString name = any.positional().value(0);
    const auto sub = traceSubcommand(name);
    if (!sub && any.helpRequested()) {
        out(any.helpText());
        return Ok;
    }
    if (!name.isEmpty() && !sub && any.positional().size() >= 2)
        return fail(QStringLiteral("trace: unknown subcommand '%1' (summarize, replay, analyze, export)").arg(name), Usage);
    if (!sub || (any.positional().size() < 2 && !any.helpRequested()))
        return fail(QStringLiteral("trace: expected summarize, replay, analyze or export and the trace FILEs "
                                   "(raidscope-cli trace --help lists the options)"),
            Usage);

    CliArgs a(QStringLiteral("trace ") + name, *sub == TraceSubcommand::Replay ? QStringLiteral("FILE... (--array SPEC... | --device DEV)")
                                                    : *sub == TraceSubcommand::Analyze ? QStringLiteral("FILE... --array SPEC [--candidate SPEC...]")
                                                    : *sub == TraceSubcommand::Export ? QStringLiteral("FILE... --fio OUT")
                                                                                     : QStringLiteral("FILE..."),
        traceDescription(*sub));
    addTraceOptions(a, *sub);
    if (const auto done = a.parse(args))
        return *done;
    // The same trace twice (by another name, a symlink, a hard link) was summed twice without a
    // word (#52). Regular files only: a pipe named twice is refused where it is read.
    // (--partial takes one FILE and says so itself.)
    const QStringList files = a.flag(QStringLiteral("partial")) ? QStringList() : a.positional().mid(1);
    for (qsizetype i = 0; i < files.size(); ++i) {
        struct stat first {};
        if (::stat(QFile::encodeName(files[i]).constData(), &first) != 0 || !S_ISREG(first.st_mode))
            continue;
        for (qsizetype j = i + 1; j < files.size(); ++j) {
            struct stat other {};
            if (::stat(QFile::encodeName(files[j]).constData(), &other) == 0 && other.st_dev == first.st_dev
                && other.st_ino == first.st_ino)
                return fail(QStringLiteral("trace %1: %2 and %3 are the same file; give each trace once")
                                .arg(name, files[i], files[j]),
                    Usage);
        }
    }
    TraceJobOptions o;
    QString error;
    if (!jobOptions(a, o, &error))
        return fail(QStringLiteral("trace: ") + error, Usage);
    switch (*sub) {
    case TraceSubcommand::Summarize: return summarize(a, o);
    case TraceSubcommand::Replay: return replayTrace(a, o);
    case TraceSubcommand::Analyze: return analyzeTrace(a, o);
    case TraceSubcommand::Export: return exportTrace(a, o);
    case TraceSubcommand::Any: break;
    }
    return Usage;
}

} // namespace raidscope::cli
