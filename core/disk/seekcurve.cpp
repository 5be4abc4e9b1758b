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
}

double SeekCurve::sqrtOf(int d) { return std::sqrt(double(d)); }

} // namespace raidscope
