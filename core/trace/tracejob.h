// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "job.h"
#include "sim/saturation.h"
#include "sim/simresult.h"
#include "tracereader.h"
#include "tracesummary.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <stop_token>
#include <vector>

namespace raidscope {

/// What to do with a malformed line: stop at the first (the default) or skip it and count it.
enum class TraceErrorPolicy : std::uint8_t { Stop, Skip };

/// The request records of a reader one at a time, as a replay and the layout analysis take them:
/// other kinds of record (completions, raw driver events) and, with `device` >= 0, other devices'
/// requests are passed over; a malformed line stops the read under TraceErrorPolicy::Stop (and
/// always when fatal), else it is skipped and counted.
class TraceRequestStream
{
public:
    TraceRequestStream(TraceReader& reader, TraceErrorPolicy policy, int device = -1)
        : m_reader(reader)
        , m_policy(policy)
        , m_device(device)
    {
    }
    /// The next request; false at the end, or at an error that stops the read (error() says which).
    bool next(TraceRecord& record);
    /// The error that stopped the read; empty at a clean end.
    const QString& error() const { return m_error; }
    std::uint64_t skippedLines() const { return m_skipped; }

private:
    TraceReader& m_reader;
    TraceErrorPolicy m_policy;
    int m_device;
    QString m_error;
    std::uint64_t m_skipped = 0;
};

/// A summarize job's settings.
/// A slow-period threshold (--slow-ms) from 1 us to 10^9 ms (11.6 days).
inline constexpr double kMinSlowMs = 0.001, kMaxSlowMs = 1e9;

struct TraceJobOptions
{
    TraceReaderOptions reader;
    TraceErrorPolicy onError = TraceErrorPolicy::Stop;
    TraceSummaryOptions summary;
    /// Threads (0: one per core): summaries read files and ranges of large files in parallel,
    /// replays run their candidate arrays in parallel; the results are the same as with 1.
    int jobs = 0;
};

/// Progress of a summarize job: how far through the input, and the summary so far (may be null
/// between snapshots that only move the progress bar).
struct TraceSummarySnapshot
{
    double fraction = 0;
    std::uint64_t bytesDone = 0;
    std::uint64_t bytesTotal = 0;
    std::uint64_t records = 0;
    std::shared_ptr<const TraceSummary> partial;
};

/// The outcome of a summarize job. `summary` holds what was read even when it failed or was cancelled.
struct TraceSummaryResult
{
    TraceSummary summary;
    bool ok = false;
    bool cancelled = false;
    QString error; ///< the first malformed line under TraceErrorPolicy::Stop, or why the files could not be read
};

/// One byte range of a trace file, read on its own: how a large file is summarized on every core
/// (each range on a thread) and on several machines (`trace summarize --partial --range A:B`).
struct TracePartSummary
{
    TraceSummary summary;
    std::vector<TraceError> errors; ///< the first kMaxMessages lines skipped, numbered within the range
    std::optional<TraceError> stopError; ///< the error that ended the range (policy stop, or fatal)
    std::uint64_t lines = 0; ///< lines read, to number the next range's lines within the file
    bool complete = false; ///< read to its end or to stopError, not stopped by `tick`
};

/// Reads bytes [begin, end) of `path` (both at line starts; see traceLineStart()) as `info` says the
/// whole file is written (a range past the first line has no header). Only formats with one record
/// per line and nothing carried from line to line can be read so: traceSplittable(). `tick` is
/// called every 4096 records with the bytes consumed since its last call; false stops the read.
TracePartSummary summarizeTraceRange(const QString& path, std::uint64_t begin, std::uint64_t end,
                                     const TraceJobOptions& options, const TraceFormatInfo& info,
                                     const std::function<bool(std::uint64_t bytes)>& tick = {});
/// MSR, SPC and CSV traces: one record per line, no state from line to line (but a header on line 1).
bool traceSplittable(TraceFormat format);
/// The first line start at or after byte `pos` of `path` (a line starts at 0 or after a '\n'); the
/// file's size when none; nullopt when the file does not open.
std::optional<std::uint64_t> traceLineStart(const QString& path, std::uint64_t pos);

/// Reads `files` as one trace (per-CPU blktrace files merged by time, other files one after the
/// other) and summarizes it. Runs on the caller's thread; check `stop` to cancel. Reports a
/// snapshot with a copy of the partial summary at most every `reportInterval`.
TraceSummaryResult summarizeTrace(const QStringList& files, const TraceJobOptions& options, std::stop_token stop = {},
                                  const Report<TraceSummarySnapshot>& report = {},
                                  std::chrono::milliseconds reportInterval = std::chrono::milliseconds(200));

/// Replay settings: candidate arrays compared side by side (whitepaper, the mail-server replay).
struct TraceReplayOptions
{
    TraceJobOptions read;
    QStringList arraySpecs;
    double timeScale = 1.0; ///< 0.5 replays twice as fast
    /// Slow periods are windows of this much trace time whose requests' mean response time exceeds
    /// slowThresholdMs. The replay itself is continuous: queues carry over the whole trace.
    double windowSeconds = 1.0;
    double slowThresholdMs = 100;
    /// Only the first `device` (by reader order) is replayed when the trace has several; -1: all,
    /// onto one array, offsets as they are.
    int device = -1;
    /// The trace's writes are left out (and counted), so that the requests replayed are those a
    /// reads-only measured replay serves (#55): a comparison with it is of the same requests.
    bool skipWrites = false;
};

/// One candidate array's replay.
struct TraceReplayArray
{
    QString arraySpec;
    QString error; ///< the spec was refused
    SimResult result; ///< all windows merged
    int windows = 0;
    int slowPeriods = 0; ///< windows whose mean response time exceeds the threshold
    /// From the first request's arrival to the last's, on the replay's (scaled) clock.
    double arrivalSpanNs = 0;
    /// Whether the trace's rate exceeds what this array sustains (assessSaturation()).
    SaturationVerdict saturation() const { return assessSaturation(result, arrivalSpanNs); }
    QJsonObject toJson() const;
};

struct TraceReplaySnapshot
{
    double fraction = 0;
    std::vector<TraceReplayArray> partial;
};

struct TraceReplayResult
{
    std::vector<TraceReplayArray> arrays;
    std::uint64_t records = 0;
    std::uint64_t writesSkipped = 0; ///< TraceReplayOptions::skipWrites: the trace's writes left out
    bool ok = false;
    bool cancelled = false;
    QString error;
    QJsonObject toJson() const;
};

/// Replays a trace through each array at the trace's own timing (scaled), streaming: at most one
/// window of records is held in memory. Up to `options.read.jobs` candidates replay at once, each
/// with its own reader and simulator; reports then come from the worker threads, one at a time.
TraceReplayResult replayTrace(const QStringList& files, const TraceReplayOptions& options, std::stop_token stop = {},
                              const Report<TraceReplaySnapshot>& report = {});

} // namespace raidscope
