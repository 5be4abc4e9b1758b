// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Ruemmler and Wilkes' demerit figure ("An introduction to disk drive modeling", IEEE Computer 1994):
// the root mean square of the horizontal distance between two response-time distributions' CDFs,
// i.e. sqrt(integral over u in [0,1] of (Qa(u) - Qb(u))^2 du) with Q the quantile functions. For two
// sample sets of one size this is demeritMs() of disk/diskvalidate.h (both sorted, i-th paired); the
// functions here take sets of different sizes and histograms, as replays of one trace on a device and
// on simulated arrays give (a reads-only measurement serves fewer requests than a simulation).

#include <cstdint>
#include <vector>

namespace raidscope {

class LogHistogram;

/// A value carrying `weight` of a distribution's mass (a sample: 1; a histogram bucket: its count).
struct WeightedValue
{
    double value = 0;
    double weight = 1;
};

/// The demerit of two empirical distributions, in the values' unit: each is the step quantile
/// function of its weighted values (sorted here), and the integral is exact over the merged steps.
/// NaN when either has no weight.
double demerit(std::vector<WeightedValue> a, std::vector<WeightedValue> b);

/// The same for two sample sets (each value weight 1); equals demeritMs() when the sizes are equal.
double sampleDemerit(const std::vector<double>& a, const std::vector<double>& b);

/// The demerit in ms of two response-time histograms in ns (SimResult::responseNs and friends): each
/// bucket's count at the value LogHistogram::quantile() gives it (exact below 64 ns, else the bucket's
/// middle, within 1/128 of the value), so the figure is within about 1 % of the samples' own.
double histogramDemeritMs(const LogHistogram& aNs, const LogHistogram& bNs);

} // namespace raidscope
