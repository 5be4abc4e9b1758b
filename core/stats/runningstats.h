// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>

namespace raidscope {

/// Count, mean, variance, min and max in O(1) memory (Welford's update); two summaries merge
/// exactly into the summary of both (Chan, Golub & LeVeque's pairwise formula).
class RunningStats
{
public:
    void add(double x)
    {
        ++m_n;
        const double delta = x - m_mean;
        m_mean += delta / double(m_n);
        m_m2 += delta * (x - m_mean);
        m_min = std::fmin(m_min, x);
        m_max = std::fmax(m_max, x);
    }

    void merge(const RunningStats& o)
    {
        if (o.m_n == 0)
            return;
        if (m_n == 0) {
            *this = o;
            return;
        }
        const double n = double(m_n + o.m_n);
        const double delta = o.m_mean - m_mean;
        m_m2 += o.m_m2 + delta * delta * double(m_n) * double(o.m_n) / n;
        m_mean += delta * double(o.m_n) / n;
        m_n += o.m_n;
        m_min = std::fmin(m_min, o.m_min);
        m_max = std::fmax(m_max, o.m_max);
    }

    /// The summary of `n` values with these figures (a saved result read back): `m2` is the sum of
    /// squared deviations from the mean, variance() times n.
    static RunningStats fromMoments(std::uint64_t n, double mean, double m2, double min, double max)
    {
        RunningStats s;
        if (n == 0)
            return s;
        s.m_n = n;
        s.m_mean = mean;
        s.m_m2 = m2;
        s.m_min = min;
        s.m_max = max;
        return s;
    }
    std::uint64_t count() const { return m_n; }
    double mean() const { return m_n ? m_mean : 0.0; }
    /// Population variance (divides by n), as a simulator reports the variance of what it saw.
    double variance() const { return m_n ? m_m2 / double(m_n) : 0.0; }
    double min() const { return m_n ? m_min : 0.0; }
    double max() const { return m_n ? m_max : 0.0; }

private:
    std::uint64_t m_n = 0;
    double m_mean = 0;
    double m_m2 = 0;
    double m_min = std::numeric_limits<double>::infinity();
    double m_max = -std::numeric_limits<double>::infinity();
};

} // namespace raidscope
