// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sim/outstandingsweep.h"
#include "sim/simresult.h"
#include "sim/study.h"
#include "trace/tracejob.h"

#include <QJsonObject>
#include <QString>

#include <optional>

namespace raidscope {

// The reading side of the simulator's and the replay's JSON (SimResult::toJson(),
// OutstandingSweepResult::toJson(), TraceReplayResult::toJson()), for a workspace that shows saved
// results again without running anything. Each reader is the inverse of its writer: toJson() of
// what it returns gives the object it read, key for key and number for number. What the JSON does
// not hold comes back as zero: a run's wall-clock time, an open loop's offered rate, a disk's busy
// nanoseconds (its utilization is kept). Errors are one line naming the field by its path below
// `path` ("sweep[2].histogramMs[0].count: expected a whole number ...").

/// A SimResult from SimResult::toJson().
std::optional<SimResult> simResultFromJson(const QJsonObject& json, QString* error, const QString& path = {});

/// A sweep or a single run from OutstandingSweepResult::toJson() (`simulate --sweep --json`, the
/// Simulate page's Save JSON).
std::optional<OutstandingSweepResult> outstandingSweepFromJson(const QJsonObject& json, QString* error,
                                                               const QString& path = {});

/// A replay comparison from TraceReplayResult::toJson() (its arrays and records; `ok`, `cancelled`
/// and `error` are not in that object and come back as ok, not cancelled, no error).
std::optional<TraceReplayResult> traceReplayFromJson(const QJsonObject& json, QString* error, const QString& path = {});

/// A study from StudyResult::toJson() (`study --json`, the Study page's Save JSON).
std::optional<StudyResult> studyResultFromJson(const QJsonObject& json, QString* error, const QString& path = {});

} // namespace raidscope
