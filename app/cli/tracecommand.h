// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What `trace replay` and `trace replay --device` share (tracecommand.cpp, tracedevicecommand.cpp).

#include <QJsonArray>
#include <QJsonObject>

#include <cstdint>

namespace raidscope {
struct TraceJobOptions;
struct MeasuredComparisonResult;
}

namespace raidscope::cli {

class CliArgs;

// The workspace's bounds: a replay from 1000 times as fast to 1000 times as slow, windows from
// 1 ms to 10^9 s (10^18 ns fits the simulator's clock; --window 1e10 and --scale 1e30 overflowed it).
inline constexpr double kMinReplayScale = 0.001, kMaxReplayScale = 1000, kMinReplayWindowS = 0.001,
                        kMaxReplayWindowS = 1e9;

/// What `trace replay` prints from each candidate's TraceReplayArray::toJson(): `request` holds
/// "scale", "window", "slowMs", "json" and, for a closed loop, "depth".
int printReplay(const QJsonObject& request, const QJsonArray& arrays, std::uint64_t records);
/// `trace replay`: through each --array, or measured with --device.
int replayTrace(const CliArgs& a, const TraceJobOptions& o);
/// `trace analyze`: through the --array's layout and each --candidate's, without timing (traceanalyzecommand.cpp).
int analyzeTrace(const CliArgs& a, const TraceJobOptions& o);
/// `trace replay --device DEV`: the trace measured on a block device or file.
int replayOnDevice(const CliArgs& a, const TraceJobOptions& o);
/// The table of `trace replay --device DEV --array SPEC...` (tracecomparisoncommand.cpp): as traced,
/// measured, each candidate, with the error columns against the measured row; then what differs.
int printMeasuredComparison(const MeasuredComparisonResult& r, double timeScale, double windowSeconds, double slowMs);
/// "\r[ 42%] what" on stderr when it is a terminal.
void traceProgress(const char* what, double fraction);
void endTraceProgress();

} // namespace raidscope::cli
