// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <vector>

namespace raidscope {

/// The figures of a two-function seek curve, as Shear §2.2 states them for the IBM 9LZX.
struct SeekFigures
{
    int shortBelowCylinders = 0; ///< distances below this use the square-root part
    double shortMinMs = 0; ///< seek time at distance 1 (track to track)
    double shortMaxMs = 0; ///< square-root part at distance shortBelowCylinders
    double longMinMs = 0; ///< linear part at distance shortBelowCylinders
    double longMaxMs = 0; ///< linear part at the full stroke (cylinders - 1)
    /// A measured seek table (DiskSim's extracted curve: distance in cylinders, time in ms, rising
    /// distances from 1). When given it is the curve, interpolated linearly between its points and
    /// extended by its last segment; the figures above are then only a fit of it.
    struct TablePoint
    {
        int distanceCylinders = 0;
        double ms = 0;
    };
    std::vector<TablePoint> table;
};

/// Ruemmler & Wilkes's two-function seek curve as Shear §2.2 gives it: for 0 < d < threshold,
/// a + b*sqrt(d) through (1, shortMin) and (threshold, shortMax); for d >= threshold, linear through
/// (threshold, longMin) and (maxDistance, longMax); zero for d = 0. Times are divided by `speed`
/// (a faster-seeking disk). Immutable, allocation-free, thread-safe.
class SeekCurve
{
public:
    SeekCurve() = default;
    /// maxDistanceCylinders is the full stroke, cylinders - 1; it must exceed the threshold.
    SeekCurve(const SeekFigures& figures, int maxDistanceCylinders, double speed = 1.0);

    /// Seek time in nanoseconds for a move of `distanceCylinders` (either direction).
    double seekNs(int distanceCylinders) const
    {
        const int d = distanceCylinders < 0 ? -distanceCylinders : distanceCylinders;
        if (d == 0)
            return 0.0;
        if (!m_tableDistance.empty())
            return tableNs(d);
        if (d < m_threshold)
            return m_sqrtBaseNs + m_sqrtSlopeNs * sqrtOf(d);
        return m_linearBaseNs + m_linearSlopeNs * double(d - m_threshold);
    }
    const SeekFigures& figures() const { return m_figures; }
    int maxDistanceCylinders() const { return m_maxDistance; }

private:
    static double sqrtOf(int d);
    double tableNs(int d) const;
    std::vector<int> m_tableDistance; ///< the table's, when the figures carry one
    std::vector<double> m_tableNs;

    SeekFigures m_figures;
    int m_maxDistance = 0;
    int m_threshold = 1;
    double m_sqrtBaseNs = 0;
    double m_sqrtSlopeNs = 0;
    double m_linearBaseNs = 0;
    double m_linearSlopeNs = 0;
};

} // namespace raidscope
