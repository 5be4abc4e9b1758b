// SPDX-License-Identifier: GPL-3.0-or-later
// raidscope-cli trace replay --device DEV [--array SPEC...]: the trace measured on a real device (issue #55
// item 1), beside the simulated candidates with each one's error against the measurement (item 2).
#include "cliargs.h"
#include "commands.h"
#include "stoponsignal.h"
#include "tracecommand.h"

#include "io/outputfile.h"
#include "numberrange.h"
#include "trace/devicereplay.h"
#include "trace/measuredcomparison.h"
#include "units.h"

#include <QFileInfo>
#include <QIODevice>
#include <QJsonDocument>

#include <csignal>
#include <cstdio>
#include <optional>

namespace raidscope::cli {
namespace {

// What the text output says above the table: where it was measured, how, and what the trace's
// requests became on the way.
QString measuredPreamble(const DeviceReplayResult& r)
{
    QString t = QStringLiteral("measured on: %1\n").arg(r.description);
    const std::uint64_t writes = r.writesServed + r.writesSkipped;
    switch (r.writes) {
    case DeviceWriteMode::Skip:
        t += QStringLiteral("mode:        reads only; %1 of the trace's %2 requests are writes and were skipped (%3)%4\n")
                 .arg(r.writesSkipped)
                 .arg(r.records)
                 .arg(formatBytesHuman(r.writeBytesSkipped))
                 .arg(r.writesSkipped ? QStringLiteral(" (--allow-writes or --scratch replays them)") : QString());
        break;
    case DeviceWriteMode::Safe:
        t += QStringLiteral("mode:        safe writes; each of the %1 writes read its bytes first and wrote the same bytes "
                            "back: %2 extra reads (%3) beside the trace's; a write's response time includes its read%4\n")
                 .arg(writes)
                 .arg(r.extraReads)
                 .arg(formatBytesHuman(r.extraReadBytes))
                 .arg(r.writeBackMs.count()
                         ? QStringLiteral(", the write-back alone took %1 ms on average").arg(r.writeBackMs.mean(), 0, 'f', 3)
                         : QString());
        break;
    case DeviceWriteMode::Scratch:
        t += QStringLiteral("mode:        scratch; %1 writes of the trace's sizes were written (a pattern): the device's "
                            "bytes are changed\n")
                 .arg(r.writesServed);
        break;
    }
    if (r.depth > 0)
        t += QStringLiteral("loop:        closed, %1 requests kept in flight; the trace's times are not used\n").arg(r.depth);
    else
        t += QStringLiteral("loop:        open, at the trace's times x%1; %2 requests went more than %3 ms late (at most "
                            "%4 ms; at most %5 in flight)\n")
                 .arg(r.timeScale)
                 .arg(r.lateRequests)
                 .arg(kLateMs)
                 .arg(r.maxLateMs, 0, 'f', 2)
                 .arg(kOpenLoopMaxInFlight);
    t += QStringLiteral("placement:   offsets as the simulated replay places them on an array of %1 (wrapped on %2-byte "
                        "blocks); %3 requests widened to whole %4-byte device blocks for O_DIRECT; %5 cut to %6\n")
             .arg(formatBytesHuman(r.capacityBytes))
             .arg(std::max<std::uint32_t>(kReplayMappingBlockBytes, r.blockBytes))
             .arg(r.alignedRequests)
             .arg(r.blockBytes)
             .arg(r.truncatedRequests)
             .arg(formatBytes(kMaxReplayRequestBytes));
    t += QStringLiteral("device I/O:  %1 reads, %2 writes\n").arg(r.deviceReads).arg(r.deviceWrites);
    if (!r.forced.isEmpty())
        t += QStringLiteral("forced:      %1\n").arg(r.forced);
    if (r.cancelled)
        t += QStringLiteral("stopped:     by a signal after %1 of the trace's requests were read; the figures are of "
                            "the %2 served\n")
                 .arg(r.records)
                 .arg(r.readsServed + r.writesServed);
    return t + u'\n';
}

QString csvLine(const MeasuredRequest& m)
{
    return QStringLiteral("%1,%2,%3,%4,%5,%6,%7,%8,%9\n")
        .arg(m.index)
        .arg(m.traceNs * 1e-3, 0, 'f', 3)
        .arg(m.offsetBytes)
        .arg(m.sizeBytes)
        .arg(m.write ? QStringLiteral("W") : QStringLiteral("R"))
        .arg(m.arrivalNs * 1e-3, 0, 'f', 3)
        .arg(m.submittedNs * 1e-3, 0, 'f', 3)
        .arg(m.completedNs * 1e-3, 0, 'f', 3)
        .arg(m.responseNs() * 1e-3, 0, 'f', 3);
}

} // namespace

int replayOnDevice(const CliArgs& a, const TraceJobOptions& o)
{
    DeviceReplayOptions ro;
    ro.read = o;
    ro.devicePath = a.value(QStringLiteral("device"));
    ro.slowThresholdMs = o.summary.slowThresholdMs;
    if (ro.devicePath.isEmpty())
        return fail(QStringLiteral("trace replay --device: expected a block device or file, got an empty path"), Usage);
    // --array beside --device: each candidate simulated on the same requests, compared with the measurement (#55 item 2).
    MeasuredComparisonOptions co;
    co.arraySpecs = a.values(QStringLiteral("array"));
    co.traced = !co.arraySpecs.isEmpty();
    if (a.has(QStringLiteral("shard")))
        return fail(QStringLiteral("trace replay --device: --shard splits the --array candidates of a simulated replay; a "
                                   "measured one runs on one device, whole"),
            Usage);
    if (!co.arraySpecs.isEmpty() && a.has(QStringLiteral("depth")))
        return fail(QStringLiteral("trace replay --device --array: --depth: the simulated arrays replay at the trace's times "
                                   "only, so a closed loop cannot be compared; use --scale, or measure alone"),
            Usage);
    if (a.has(QStringLiteral("scale")) && a.has(QStringLiteral("depth")))
        return fail(QStringLiteral("trace replay --device: --scale and --depth: --scale times an open loop at the "
                                   "trace's times, --depth runs a closed loop that ignores them; give one"),
            Usage);
    if (a.flag(QStringLiteral("allow-writes")) && a.flag(QStringLiteral("scratch")))
        return fail(QStringLiteral("trace replay --device: --allow-writes and --scratch: safe writes leave the device's "
                                   "bytes as they were, scratch writes change them; give one"),
            Usage);
    ro.writes = a.flag(QStringLiteral("scratch")) ? DeviceWriteMode::Scratch
        : a.flag(QStringLiteral("allow-writes"))  ? DeviceWriteMode::Safe
                                                  : DeviceWriteMode::Skip;
    ro.force = a.flag(QStringLiteral("force"));
    QString error;
    if (a.has(QStringLiteral("depth"))) {
        const auto depth = a.integer(QStringLiteral("depth"), 1, kMaxReplayDepth, 1, &error);
        if (!depth)
            return fail(QStringLiteral("trace replay --device: ") + error, Usage);
        ro.depth = int(*depth);
    }
    if (a.has(QStringLiteral("scale"))) {
        const auto scale = parseNumberInRange(a.value(QStringLiteral("scale")), kMinReplayScale, kMaxReplayScale, nullptr);
        if (!scale)
            return fail(QStringLiteral("--scale %1: expected a positive factor %2 (0.5 replays twice as fast)")
                            .arg(a.value(QStringLiteral("scale")), rangeText(kMinReplayScale, kMaxReplayScale)),
                Usage);
        ro.timeScale = *scale;
    }
    if (a.has(QStringLiteral("window"))) {
        const auto window = parseNumberInRange(a.value(QStringLiteral("window")), kMinReplayWindowS, kMaxReplayWindowS, nullptr);
        if (!window)
            return fail(QStringLiteral("--window %1: expected a positive number of seconds %2")
                            .arg(a.value(QStringLiteral("window")), rangeText(kMinReplayWindowS, kMaxReplayWindowS)),
                Usage);
        ro.windowSeconds = *window;
    }
    const QStringList traces = a.positional().mid(1);
    for (const QString& trace : traces)
        if (QFileInfo(trace).exists() && QFileInfo(trace).canonicalFilePath() == QFileInfo(ro.devicePath).canonicalFilePath())
            return fail(QStringLiteral("trace replay --device %1: the device is also the trace").arg(ro.devicePath), Usage);

    // Ctrl-C stops between requests (never inside a safe write) and what ran is printed.
    std::stop_source stop;
    const StopOnSignal stopOnSignal(stop, "stopping the measured replay after the requests in flight");
    Throttle throttle(std::chrono::milliseconds(1000));
    const auto report = [&](std::shared_ptr<const DeviceReplaySnapshot> s) {
        if (throttle.due() || s->fraction >= 1) {
            const QByteArray what = QStringLiteral("measured replay: %1 served, %2 writes skipped")
                                        .arg(s->served)
                                        .arg(s->writesSkipped)
                                        .toUtf8();
            traceProgress(what.constData(), s->fraction);
        }
    };
    co.device = ro;
    // Progress of the whole job: the trace's own response times, the measurement, the simulations.
    const auto comparisonReport = [&](std::shared_ptr<const MeasuredComparisonSnapshot> s) {
        if (s->stage == MeasuredComparisonStage::Measuring)
            report(std::make_shared<const DeviceReplaySnapshot>(s->measuring));
        else if (throttle.due() || s->fraction >= 1)
            traceProgress(s->stage == MeasuredComparisonStage::Traced ? "reading the trace's response times"
                                                                      : "simulating the candidates",
                s->fraction);
    };
    MeasuredComparisonResult c;
    DeviceReplayResult& r = c.measured;
    if (a.has(QStringLiteral("latencies"))) {
        const QString path = a.value(QStringLiteral("latencies"));
        QString writeError;
        const bool written = writeOutputFile(path, QStringList(traces) << ro.devicePath,
            [&](QIODevice& file, QString* err) {
                file.write("index,traceUs,offsetBytes,sizeBytes,op,arrivalUs,submittedUs,completedUs,responseUs\n");
                bool failed = false;
                c = compareMeasuredReplay(traces, co, stop.get_token(), comparisonReport, [&](const MeasuredRequest& m) {
                    if (!failed && file.write(csvLine(m).toUtf8()) < 0)
                        failed = true;
                });
                if (!c.ok && err)
                    *err = c.error;
                return c.ok && !failed;
            },
            &writeError);
        if (!written && c.ok)
            return fail(QStringLiteral("trace replay --latencies: ") + writeError);
    } else {
        c = compareMeasuredReplay(traces, co, stop.get_token(), comparisonReport);
    }
    endTraceProgress();
    const int signo = stopOnSignal.signal() ? stopOnSignal.signal() : SIGINT;
    if (!c.ok && c.cancelled)
        return fail(QStringLiteral("trace replay --device: stopped by a signal before the measured replay began"), 128 + signo);
    if (!c.ok)
        return fail(QStringLiteral("trace replay --device: ") + c.error);
    const bool compared = !co.arraySpecs.isEmpty();
    const QJsonObject json = compared ? c.toJson() : r.toJson();
    int status = Ok;
    if (a.flag(QStringLiteral("json"))) {
        out(QString::fromUtf8(QJsonDocument(json).toJson(QJsonDocument::Indented)));
    } else if (compared) {
        out(measuredPreamble(r));
        status = printMeasuredComparison(c, ro.timeScale, ro.windowSeconds, ro.slowThresholdMs);
    } else {
        out(measuredPreamble(r));
        QJsonObject request { { QStringLiteral("scale"), ro.timeScale }, { QStringLiteral("window"), ro.windowSeconds },
            { QStringLiteral("slowMs"), ro.slowThresholdMs }, { QStringLiteral("json"), false } };
        if (ro.depth > 0)
            request[QStringLiteral("depth")] = ro.depth;
        status = printReplay(request, json.value(QStringLiteral("arrays")).toArray(), r.readsServed + r.writesServed);
    }
    if (c.cancelled)
        return fail(QStringLiteral("trace replay --device: stopped by a signal after %1 requests served; the figures "
                                   "above are theirs%2")
                        .arg(r.readsServed + r.writesServed)
                        .arg(compared ? QStringLiteral(", and the simulated candidates were not compared") : QString()),
            128 + signo);
    return status;
}

} // namespace raidscope::cli
