// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "job.h"
#include "simresult.h"
#include "workload.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QString>

#include <optional>
#include <stop_token>
#include <vector>

namespace raidscope {

class ArraySimulator;

/// The largest number of outstanding I/Os a sweep accepts.
inline constexpr int kMaxSweepOutstanding = 65536;

/// The outstanding I/Os a sweep runs when none are given (whitepaper Illustration 4's doubling).
QString defaultOutstandingList();

/// "1,2,4,8" -> {1, 2, 4, 8}: comma-separated numbers of outstanding I/Os from 1 to
/// kMaxSweepOutstanding, spaces around them and empty items ignored, in the order given.
/// nullopt and a one-line error ("'x' is not a number of outstanding I/Os from 1 to 65536") when
/// malformed or empty.
std::optional<std::vector<int>> parseOutstandingList(const QString& text, QString* error);

/// The `simulate --sweep` form, "outstanding=1,2,4,8": only outstanding I/Os can be swept; the
/// list as parseOutstandingList() reads it.
std::optional<std::vector<int>> parseOutstandingSweep(const QString& text, QString* error);

/// Progress of a sweep: a delta, the point running and its statistics so far (or, with
/// `pointDone`, its final result; every point is reported done exactly once, in order).
struct SweepSnapshot
{
    double fraction = 0;  ///< of the whole sweep, moving within a point
    int pointIndex = 0;
    int pointCount = 1;
    bool pointDone = false;
    SimResult point;
};

/// A sweep's points and what they were run with.
struct OutstandingSweepResult
{
    QString arraySpec;          ///< canonical
    QString workloadSpec;       ///< the workload as given (its own outstanding or rate)
    std::vector<int> outstanding; ///< the values swept; empty: one run as the workload says
    std::vector<SimResult> points; ///< one per value finished, in order
    bool cancelled = false;     ///< stopped before the last point; `points` holds those finished

    /// {"version": 1, "kind": "sweep" | "run", "array", "workload", "outstanding": [N...],
    ///  "sweep": [SimResult::toJson()...]} — what `simulate --sweep --json` prints and the Simulate
    /// page saves.
    QJsonObject toJson() const;
    /// The same object from the points' SimResult::toJson() (a sharded sweep's merge).
    static QJsonObject toJson(const QString& arraySpec, const QString& workloadSpec, const std::vector<int>& outstanding,
                              const QJsonArray& points);
};

/// Runs `spec` once per value of `outstanding` (closed loop: each point keeps that many requests in
/// flight, whatever the spec's outstanding or rate), e.g. 1, 2, 4, ... 64; with an empty list, once
/// as the spec says. Reports each point's progress as the simulator does (throttled), and each
/// point's end. Checks `stop` as the simulator does; a point stopped half-way is dropped.
///
/// The points are independent: up to `jobs` of them run at once (0: defaultJobs()), each on its own
/// simulator made from `simulator.arraySpec()`, with the same results as one after another. Reports
/// then come from the worker threads, one at a time, and keep the serial order: the progress of the
/// first unfinished point only, and each point's end once, in order. After a stop, nothing more is
/// reported, and `points` holds the points reported done. A thread left with no point to start helps
/// a running one, drawing and planning its requests ahead of its simulation (RequestFeed), so the
/// last points do not run alone while the other threads idle.
OutstandingSweepResult runOutstandingSweep(ArraySimulator& simulator, const WorkloadSpec& spec,
                                           const std::vector<int>& outstanding, std::stop_token stop = {},
                                           const Report<SweepSnapshot>& report = {}, int jobs = 0);

} // namespace raidscope
