// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <algorithm>
#include <cstdint>

namespace raidscope {

struct TraceSummaryCodec;

/// Count, mean, min and max of integer samples (e.g. nanoseconds) reported in a unit of choice
/// (`unit` per sample unit: 1e-6 gives milliseconds from nanoseconds). The sum is kept exactly, so
/// summaries of the parts of a data set merge, in any grouping, into bit for bit the summary of the
/// whole, which lets a trace be summarized in parallel ranges (RunningStats' floating-point update
/// and merge round differently).
class IntegerStats
{
    friend struct TraceSummaryCodec; // a partial summary's JSON (trace summarize --partial)
public:
    explicit IntegerStats(double unit = 1e-6)
        : m_unit(unit)
    {
    }
    void add(std::int64_t x)
    {
        ++m_n;
        m_sum += x;
        m_min = std::min(m_min, x);
        m_max = std::max(m_max, x);
    }
    void merge(const IntegerStats& o)
    {
        m_n += o.m_n;
        m_sum += o.m_sum;
        m_min = std::min(m_min, o.m_min);
        m_max = std::max(m_max, o.m_max);
    }
    std::uint64_t count() const { return m_n; }
    /// In the unit given at construction.
    double mean() const { return m_n ? double(m_sum) / double(m_n) * m_unit : 0.0; }
    double min() const { return m_n ? double(m_min) * m_unit : 0.0; }
    double max() const { return m_n ? double(m_max) * m_unit : 0.0; }

private:
    double m_unit;
    std::uint64_t m_n = 0;
    __int128 m_sum = 0;
    std::int64_t m_min = INT64_MAX;
    std::int64_t m_max = INT64_MIN;
};

} // namespace raidscope
