// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Replays of one trace side by side (issue #55 item 2): what the traced system answered, what a
// device measured, and what each simulated candidate predicted, with each prediction's error
// against the measurement (relative error of mean, p90, p99 and IOPS; Ruemmler and Wilkes' demerit
// of the response-time distributions).

#include "stats/loghistogram.h"

#include <QJsonObject>
#include <QString>

#include <cstdint>
#include <optional>
#include <vector>

namespace raidscope {

struct TraceReplayArray;
struct TraceSummary;

/// Where a row's response times come from.
enum class ReplayRole : std::uint8_t {
    Traced,    ///< the trace's own response times: the traced system
    Measured,  ///< replayed on a device (replayTraceOnDevice())
    Simulated, ///< replayed through a simulated array (replayTrace())
};

/// One replay's figures. Percentiles from the response-time histogram, clamped to the exact extremes.
struct ReplayFigures
{
    ReplayRole role = ReplayRole::Simulated;
    QString label;             ///< the array spec, "measured on PATH", or "as traced"
    QString error;             ///< a refused candidate: no figures
    std::uint64_t requests = 0;
    double meanMs = 0, p50Ms = 0, p90Ms = 0, p99Ms = 0;
    /// Requests completed per second: over the replay (last completion), or the trace's span for
    /// the traced row. Open loop: near the trace's rate unless the array falls behind.
    std::optional<double> iops;
    LogHistogram responseNs;

    /// A replay's figures; `role` Measured or Simulated.
    static ReplayFigures of(const TraceReplayArray& array, ReplayRole role);
    /// The trace's own response times; nullopt when the trace has none (no latency column, no
    /// issue-complete pairs).
    static std::optional<ReplayFigures> traced(const TraceSummary& summary);
};

/// A row's error against the measured row: (predicted - measured) / measured for mean, p90, p99 and
/// IOPS (NaN where the measured figure is 0 or a side has none), and the demerit (ms) of the two
/// response-time distributions (stats/demerit.h), with the demerit as a fraction of the measured mean.
struct PredictionError
{
    double meanRel = 0, p90Rel = 0, p99Rel = 0, iopsRel = 0;
    double demeritMs = 0;
    double demeritRel = 0;
    QJsonObject toJson() const;
};
PredictionError predictionError(const ReplayFigures& predicted, const ReplayFigures& measured);

/// Whether an analytical model predicts this replay, and why not.
struct AnalyticalModelNote
{
    bool applies = false;
    QString reason;
};
/// No analytical model in RaidScope takes a trace: Minerva gives an array's maximum request rate for
/// streams (the Advisor quotes it for a trace's size mix), not response times at the trace's rate, and
/// the zoned-RAID model needs Poisson arrivals of one size in whole stripe units from stripe
/// boundaries. Stated, not approximated.
AnalyticalModelNote traceReplayAnalyticalModel();

struct ReplayComparisonRow
{
    ReplayFigures figures;
    std::optional<PredictionError> vsMeasured; ///< every row but the measured one and refused candidates
};

struct ReplayComparison
{
    std::vector<ReplayComparisonRow> rows; ///< as traced (when known), measured, each simulated candidate
    std::size_t measuredRow = 0;
    AnalyticalModelNote analytical;
    /// {"against":"measured","rows":[{"role","label","requests","meanMs","p50Ms","p90Ms","p99Ms","iops",
    /// "vsMeasured":{"meanRel","p90Rel","p99Rel","iopsRel","demeritMs","demeritRel"}}],"analyticalModel":{...}}
    QJsonObject toJson() const;
};

/// The rows in that order, each with its error against `measured`.
ReplayComparison compareReplays(const std::optional<ReplayFigures>& traced, const ReplayFigures& measured,
    const std::vector<ReplayFigures>& simulated);

} // namespace raidscope
