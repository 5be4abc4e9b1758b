// SPDX-License-Identifier: GPL-3.0-or-later
#include "seekcurve.h"

#include <algorithm>
#include <cmath>

namespace raidscope {

SeekCurve::SeekCurve(const SeekFigures& figures, int maxDistanceCylinders, double speed)
    : m_figures(figures)
    , m_maxDistance(maxDistanceCylinders)
    , m_threshold(std::max(2, figures.shortBelowCylinders))
{
    const double nsPerMs = 1e6 / speed;
    // Shear §2.2: "for short seek distances (less than 400 cylinders) the seek time is proportional
    // to the square root of the cylinder distance (with endpoints at 0.8 and 6.0 ms)": the end points
    // are d = 1 and d = threshold, so a + b*sqrt(1) = shortMin and a + b*sqrt(T) = shortMax.
    m_sqrtSlopeNs = (figures.shortMaxMs - figures.shortMinMs) / (std::sqrt(double(m_threshold)) - 1.0) * nsPerMs;
    m_sqrtBaseNs = figures.shortMinMs * nsPerMs - m_sqrtSlopeNs;
    // "for longer distances the seek time is proportional to the cylinder distance (with endpoints of
    // 6.0 and 8.0 ms)": the end points are d = threshold and the full stroke.
    const int span = std::max(1, maxDistanceCylinders - m_threshold);
    m_linearBaseNs = figures.longMinMs * nsPerMs;
    m_linearSlopeNs = (figures.longMaxMs - figures.longMinMs) / double(span) * nsPerMs;
    for (const SeekFigures::TablePoint& p : figures.table) {
        m_tableDistance.push_back(p.distanceCylinders);
        m_tableNs.push_back(p.ms * nsPerMs);
    }
}

double SeekCurve::tableNs(int d) const
{
    // Linear between the table's points (DiskSim interpolates its extracted curve the same way); below
    // the first point along the first segment, past the last along the last one (never below zero).
    const std::size_t n = m_tableDistance.size();
    if (n == 1)
        return m_tableNs[0];
    std::size_t hi = std::size_t(std::upper_bound(m_tableDistance.begin(), m_tableDistance.end(), d) - m_tableDistance.begin());
    hi = std::clamp<std::size_t>(hi, 1, n - 1);
    const std::size_t lo = hi - 1;
    const double t = double(d - m_tableDistance[lo]) / double(m_tableDistance[hi] - m_tableDistance[lo]);
    return std::max(0.0, m_tableNs[lo] + t * (m_tableNs[hi] - m_tableNs[lo]));
}

double SeekCurve::sqrtOf(int d) { return std::sqrt(double(d)); }

} // namespace raidscope
