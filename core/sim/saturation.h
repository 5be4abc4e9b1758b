// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <span>

namespace raidscope {

struct SimResult;

/// Whether an open-loop run (a trace replay, a workload with rate=) offered its array more requests
/// per second than the array can serve, from the run's own disk busy times (assessSaturation()).
struct SaturationVerdict
{
    double offeredIops = 0;   ///< requests / the span over which they arrived
    double capacityIops = 0;  ///< requests / the busiest disk's busy time; 0 when no disk worked
    int bottleneckDisk = -1;  ///< the busiest physical disk
    double utilizationLaw = 0; ///< offered x the busiest disk's busy time per request (rho); 1: saturated
    enum class State : unsigned char { Unknown, Sustained, Near, Saturated } state = State::Unknown;

    bool saturated() const { return state == State::Saturated; }
    /// "offered 800 IOPS, this array saturates near 450: response times grow without bound", or
    /// "offered 120 IOPS, this array sustains about 450 (busiest disk 27 % of its time)".
    QString text() const;
};

/// Assesses `result` of an open-loop run whose requests arrived over `arrivalSpanNs`.
///
/// The criterion is the utilization law (U_k = X D_k): each request takes, on average, D_k = busy
/// time of disk k / requests of that disk's time, so disk k can serve at most 1 / D_k requests per
/// second and the array at most 1 / max_k D_k = requests / the busiest disk's busy time (its
/// bottleneck). An arrival rate lambda with rho = lambda max_k D_k >= 1 keeps the bottleneck busy all
/// the time and still falls behind: a queue with rho >= 1 has no steady state, its backlog grows in
/// proportion to the run's length, and so do the response times (saturated). From rho >= 0.9 the
/// response time is already many service times (M/M/1: S / (1 - rho), ten at 0.9): near saturation.
/// D_k is measured at the run's own queue depths (a scheduler's shorter seeks under a long queue
/// included), so the capacity is what this array reaches under this load, stated as "near". Under 100
/// requests nothing is stated (Unknown): their rate is too uncertain (about 1 / sqrt(n)).
SaturationVerdict assessSaturation(const SimResult& result, double arrivalSpanNs);

/// One point of a closed-loop load curve: throughput and mean response time at some requests in flight.
struct LoadPoint
{
    double iops = 0;
    double meanMs = 0;
};

/// The knee of a closed-loop load curve (#54 item 4): the point of greatest power, throughput over
/// mean response time (Kleinrock's power, "Power and deterministic rules of thumb for probabilistic
/// problems in computer communications", ICC 1979). Up to it another request in flight buys more
/// throughput than it adds response time; beyond it, less: response grows while throughput levels
/// off. The index of that point in `points` (ascending requests in flight); -1 with fewer than three
/// points, or when the greatest power is the last point (the knee lies beyond the sweep).
int loadCurveKnee(std::span<const LoadPoint> points);

} // namespace raidscope
