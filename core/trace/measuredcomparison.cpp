// SPDX-License-Identifier: GPL-3.0-or-later
#include "measuredcomparison.h"

#include <QFileInfo>
#include <QJsonArray>

namespace raidscope {

namespace {

    // Shares of the progress bar: a summary pass reads the trace as fast as the disk gives it, the
    // measurement takes the trace's own span, a simulation of it a fraction of that.
    constexpr double kTracedShare = 0.05;
    constexpr double kSimulatedShare = 0.15;

} // namespace

QString measuredComparisonProblem(const MeasuredComparisonOptions& o)
{
    if (o.device.depth > 0 && !o.arraySpecs.isEmpty())
        return QStringLiteral("a closed loop (depth %1) cannot be compared: the simulated replay runs at the trace's "
                              "times only; measure at the trace's times (with a time scale) to compare")
            .arg(o.device.depth);
    return {};
}

QJsonObject MeasuredComparisonResult::toJson() const
{
    QJsonObject o = measured.toJson();
    QJsonArray arrays = o.value(QStringLiteral("arrays")).toArray();
    for (const TraceReplayArray& a : simulated.arrays)
        arrays.append(a.toJson());
    o[QStringLiteral("arrays")] = arrays;
    o[QStringLiteral("comparison")] = comparison.toJson();
    o[QStringLiteral("caveats")] = QJsonArray::fromStringList(caveats);
    if (!simulated.arrays.empty())
        o[QStringLiteral("simulatedRecords")] = double(simulated.records);
    return o;
}

MeasuredComparisonResult compareMeasuredReplay(const QStringList& files, const MeasuredComparisonOptions& options,
    std::stop_token stop, const Report<MeasuredComparisonSnapshot>& report,
    const std::function<void(const MeasuredRequest&)>& perRequest)
{
    MeasuredComparisonResult out;
    if (const QString why = measuredComparisonProblem(options); !why.isEmpty()) {
        out.error = why;
        return out;
    }
    const bool simulate = !options.arraySpecs.isEmpty();
    // The trace is read once per part (its own response times, the measurement, the simulations).
    if (simulate || options.traced)
        for (const QString& f : files)
            if (QFileInfo(f).exists() && !QFileInfo(f).isFile()) {
                out.error = QStringLiteral("%1: a pipe, FIFO or device can be read only once, and a comparison reads "
                                           "the trace for the measurement and again for the simulated arrays: save it "
                                           "to a file first")
                                .arg(f);
                return out;
            }
    const double tracedShare = options.traced ? kTracedShare : 0;
    const double simulatedShare = simulate ? kSimulatedShare : 0;
    const double measuredShare = 1 - tracedShare - simulatedShare;
    const auto post = [&](MeasuredComparisonSnapshot s) {
        if (report)
            report(std::make_shared<const MeasuredComparisonSnapshot>(std::move(s)));
    };

    // The trace's own response times, for the "as traced" row.
    if (options.traced) {
        const TraceSummaryResult summary = summarizeTrace(files, options.device.read, stop,
            [&](std::shared_ptr<const TraceSummarySnapshot> s) {
                post({ MeasuredComparisonStage::Traced, s->fraction * tracedShare, {}, nullptr, {} });
            });
        if (summary.cancelled || stop.stop_requested()) {
            out.cancelled = true;
            return out;
        }
        if (!summary.ok) {
            out.error = summary.error;
            return out;
        }
        out.traced = ReplayFigures::traced(summary.summary);
    }

    out.measured = replayTraceOnDevice(files, options.device, stop,
        [&](std::shared_ptr<const DeviceReplaySnapshot> s) {
            post({ MeasuredComparisonStage::Measuring, tracedShare + s->fraction * measuredShare, *s, nullptr, {} });
        },
        perRequest);
    if (!out.measured.ok) {
        out.error = out.measured.error;
        return out;
    }
    const ReplayFigures measured = ReplayFigures::of(out.measured.array, ReplayRole::Measured);
    if (out.measured.cancelled) {
        // What ran is kept and compared with nothing: a simulation of part of a trace is not of the same requests.
        out.cancelled = true;
        out.comparison = compareReplays(out.traced, measured, {});
        out.ok = true;
        return out;
    }
    auto measuredCopy = std::make_shared<const DeviceReplayResult>(out.measured);

    std::vector<ReplayFigures> simulatedRows;
    if (simulate) {
        post({ MeasuredComparisonStage::Simulating, tracedShare + measuredShare, {}, measuredCopy, {} });
        TraceReplayOptions ro;
        ro.read = options.device.read;
        ro.arraySpecs = options.arraySpecs;
        ro.timeScale = options.device.timeScale;
        ro.windowSeconds = options.device.windowSeconds;
        ro.slowThresholdMs = options.device.slowThresholdMs;
        ro.device = options.device.device;
        ro.skipWrites = options.device.writes == DeviceWriteMode::Skip;
        out.simulated = replayTrace(files, ro, stop, [&](std::shared_ptr<const TraceReplaySnapshot> s) {
            post({ MeasuredComparisonStage::Simulating, tracedShare + measuredShare + s->fraction * simulatedShare, {},
                measuredCopy, s->partial });
        });
        if (out.simulated.cancelled || stop.stop_requested()) {
            out.cancelled = true;
            out.comparison = compareReplays(out.traced, measured, {});
            out.ok = true;
            return out;
        }
        if (!out.simulated.ok) {
            out.error = out.simulated.error;
            return out;
        }
        for (const TraceReplayArray& a : out.simulated.arrays)
            simulatedRows.push_back(ReplayFigures::of(a, ReplayRole::Simulated));
    }
    out.comparison = compareReplays(out.traced, measured, simulatedRows);

    // What differs between the rows, said once.
    if (out.measured.writes == DeviceWriteMode::Skip && out.measured.writesSkipped > 0)
        out.caveats << QStringLiteral("reads only: the trace's %1 writes were left out of the measured and the "
                                      "simulated replays alike%2")
                           .arg(out.measured.writesSkipped)
                           .arg(out.traced ? QStringLiteral("; the as-traced row has every request's response time")
                                           : QString());
    if (out.measured.writes == DeviceWriteMode::Safe && out.measured.writesServed > 0)
        out.caveats << QStringLiteral("safe writes: each of the %1 measured writes read its bytes before writing them "
                                      "back, so its response time includes a read; a simulated write has none")
                           .arg(out.measured.writesServed);
    if (out.measured.alignedRequests > 0)
        out.caveats << QStringLiteral("%1 measured requests were widened to whole %2-byte device blocks (O_DIRECT); "
                                      "the simulated arrays took them as they are")
                           .arg(out.measured.alignedRequests)
                           .arg(out.measured.blockBytes);
    if (out.measured.lateRequests > 0)
        out.caveats << QStringLiteral("%1 measured requests were issued more than %2 ms after their time; their "
                                      "lateness counts in their response time")
                           .arg(out.measured.lateRequests)
                           .arg(kLateMs);
    out.ok = true;
    post({ MeasuredComparisonStage::Simulating, 1.0, {}, measuredCopy, out.simulated.arrays });
    return out;
}

} // namespace raidscope
