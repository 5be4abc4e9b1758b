// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <vector>

namespace raidscope {

class TraceSummary;

/// A point of a Lorenz curve: the least busy `items` fraction of devices/regions gets `share` of the I/Os.
struct LorenzPoint
{
    double items = 0;
    double share = 0;
};

/// A maximal run of time buckets whose mean response time exceeds the threshold.
struct SlowPeriod
{
    std::int64_t startNs = 0;
    std::int64_t endNs = 0;
    double meanResponseMs = 0;
    std::uint64_t ios = 0;
};

/// The busiest LBA region of any device and its share of all I/Os.
struct BusiestRegion
{
    int device = -1;
    std::uint64_t offsetBytes = 0;
    std::uint64_t regionBytes = 0;
    double share = 0;
};

// What a consultant reads off a summary (whitepaper "Skew" and Scenario 2): computed from a
// summary on demand, never stored in it, so a summary stays mergeable.

/// The Lorenz curve of `counts` (at most `maxPoints` points, from (0, 0) to (1, 1)).
std::vector<LorenzPoint> lorenzCurve(std::vector<std::uint64_t> counts, int maxPoints = 101);
/// The Gini index of a Lorenz curve: 1 - 2 * the area under it (trapezoids); 0 for fewer than 2 points.
double giniIndex(const std::vector<LorenzPoint>& curve);
/// Lorenz curve of the devices' I/Os.
std::vector<LorenzPoint> deviceLorenz(const TraceSummary& s);
/// Lorenz curve of the I/Os over every device's LBA regions (up to each device's highest region used).
std::vector<LorenzPoint> regionLorenz(const TraceSummary& s);
/// The device with the most I/Os (the first of equals); -1 when there are none.
int busiestDevice(const TraceSummary& s);
/// The busiest device's share of all I/Os.
double busiestDeviceShare(const TraceSummary& s);
BusiestRegion busiestRegion(const TraceSummary& s);
/// Maximal runs of time buckets whose mean response time exceeds s.options.slowThresholdMs.
std::vector<SlowPeriod> slowPeriods(const TraceSummary& s);

} // namespace raidscope
