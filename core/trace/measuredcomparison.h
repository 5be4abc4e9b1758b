// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A trace measured on a device and replayed through simulated candidates, side by side (issue #55
// item 2): the job that `trace replay --device DEV --array SPEC ...` and the Traces page's
// "Measured on a device" candidate run.

#include "devicereplay.h"
#include "replaycomparison.h"
#include "tracejob.h"

#include <QJsonObject>
#include <QStringList>

#include <memory>
#include <optional>
#include <stop_token>
#include <vector>

namespace raidscope {

struct MeasuredComparisonOptions
{
    /// The measured replay; its read options, window and slow threshold are the simulated ones' too.
    DeviceReplayOptions device;
    QStringList arraySpecs; ///< the simulated candidates (may be empty: the measured row alone)
    /// Read the trace's own response times first (one more pass over the trace) for the "as traced" row.
    bool traced = true;
};

/// Which part of the job is running.
enum class MeasuredComparisonStage : std::uint8_t { Traced, Measuring, Simulating };

struct MeasuredComparisonSnapshot
{
    MeasuredComparisonStage stage = MeasuredComparisonStage::Measuring;
    double fraction = 0; ///< of the whole job
    DeviceReplaySnapshot measuring; ///< while measuring
    std::shared_ptr<const DeviceReplayResult> measured; ///< once measured: its row can be shown
    std::vector<TraceReplayArray> simulatedPartial; ///< while simulating
};

struct MeasuredComparisonResult
{
    DeviceReplayResult measured;
    TraceReplayResult simulated;          ///< its arrays in MeasuredComparisonOptions::arraySpecs order
    std::optional<ReplayFigures> traced;
    ReplayComparison comparison;          ///< filled when the measured replay ran (ok, or cancelled with what ran)
    /// What the simulated candidates replayed differently from the measurement, one statement each
    /// (the writes both skip, a safe write's read, a closed loop's absence in the simulator).
    QStringList caveats;
    bool ok = false;
    bool cancelled = false;
    QString error;
    /// The measured replay's toJson() ("records", "arrays": measured first, then the simulated
    /// candidates, "measured"), with "comparison" (ReplayComparison::toJson()) and "caveats".
    QJsonObject toJson() const;
};

/// Empty when the options can be run together; else one line saying why (a closed loop: the
/// simulated replay runs at the trace's times only).
QString measuredComparisonProblem(const MeasuredComparisonOptions& options);

/// Runs on the caller's thread: the trace's own response times (when asked), the measured replay,
/// then the simulated candidates with the same requests (a reads-only measurement: without the
/// trace's writes). A stop during the measurement keeps what ran and skips the simulation.
MeasuredComparisonResult compareMeasuredReplay(const QStringList& files, const MeasuredComparisonOptions& options,
    std::stop_token stop = {}, const Report<MeasuredComparisonSnapshot>& report = {},
    const std::function<void(const MeasuredRequest&)>& perRequest = {});

} // namespace raidscope
