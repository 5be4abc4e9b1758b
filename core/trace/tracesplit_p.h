// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Internal to core/trace: summarizing a trace in parallel ranges (summarizeTrace() with jobs > 1).

#include "tracejob.h"

#include <optional>

namespace raidscope::trace {

/// The summary of `files` read in ranges on up to `jobs` threads and merged in order: the same as
/// reading them one after another. nullopt when that cannot be promised, and the caller reads
/// them serially (`rangeBytes`: the size ranges are cut at, 0 for one chosen from the input; tests
/// give small ones to cut mid-line): a format whose lines depend on earlier lines (blkparse, blktrace, fio, DiskSim),
/// files of different formats, a file that does not open, or a merge that was not exact.
std::optional<TraceSummaryResult> summarizeInRanges(const QStringList& files, const TraceJobOptions& options, int jobs,
                                                    std::stop_token stop, const Report<TraceSummarySnapshot>& report,
                                                    std::chrono::milliseconds reportInterval,
                                                    std::uint64_t rangeBytes = 0);

} // namespace raidscope::trace
