// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Shared by the counter readers (counterfile.cpp: sysstat's JSON; typeperfcsv.cpp: Windows PDH CSV).

#include "counterfile.h"

#include <cstddef>
#include <string_view>
#include <vector>

namespace raidscope::counters {

/// Gives each sample's intervals their start and length. `endS[i]` is sample i's end in seconds from
/// any origin, `lengthS[i]` its length, `firstOf[i]` its first interval in `out.intervals` (a sample's
/// intervals are together). Starts count from the first sample's start and never fall before the
/// previous sample's end: a clock set back, or timestamps closer than the interval, move a sample
/// later with its length and rates kept, so that synthetic requests come in time order and
/// intervals do not overlap. Returns how many samples moved (for a note).
int placeIntervals(CounterFile& out, const std::vector<double>& endS, const std::vector<double>& lengthS,
                   const std::vector<std::size_t>& firstOf);

/// The median of the positive steps between consecutive `endS` (a tool that sleeps a fixed interval
/// between samples); 0 when there is none.
double medianStepS(const std::vector<double>& endS);

/// Windows performance counters as `typeperf` or `relog -f csv` write them (PDH CSV).
bool parseTypeperfCsv(std::string_view data, const QString& name, CounterFile& out, TraceError& error);

} // namespace raidscope::counters
