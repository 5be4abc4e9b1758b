// SPDX-License-Identifier: GPL-3.0-or-later
#include "loghistogram.h"

#include <bit>
#include <cmath>

namespace raidscope {

int LogHistogram::bucketOf(std::uint64_t value)
{
    // Values below kSub map to themselves; above, the top kSubBits+1 bits give the bucket:
    // exponent e = position of the highest bit minus kSubBits, mantissa = the next kSubBits bits.
    if (value < std::uint64_t(kSub))
        return int(value);
    const int e = 63 - std::countl_zero(value) - kSubBits; // >= 0
    const int mantissa = int((value >> e) & (kSub - 1));
    return (e + 1) * kSub + mantissa;
}

double LogHistogram::bucketLow(int index)
{
    if (index < kSub)
        return double(index);
    const int e = index / kSub - 1;
    const int mantissa = index % kSub;
    return std::ldexp(double(kSub + mantissa), e);
}

double LogHistogram::bucketHigh(int index)
{
    if (index < kSub)
        return double(index + 1);
    const int e = index / kSub - 1;
    return bucketLow(index) + std::ldexp(1.0, e);
}

void LogHistogram::merge(const LogHistogram& o)
{
    for (std::size_t i = 0; i < m_counts.size(); ++i)
        m_counts[i] += o.m_counts[i];
    m_total += o.m_total;
}

double LogHistogram::quantile(double q) const
{
    if (m_total == 0)
        return 0.0;
    const double target = q * double(m_total);
    std::uint64_t seen = 0;
    for (int i = 0; i < kBuckets; ++i) {
        if (m_counts[std::size_t(i)] == 0)
            continue;
        seen += m_counts[std::size_t(i)];
        if (double(seen) >= target)
            return i < kSub ? bucketLow(i) : 0.5 * (bucketLow(i) + bucketHigh(i));
    }
    return bucketLow(kBuckets - 1);
}

double LogHistogram::cdf(std::uint64_t value) const
{
    if (m_total == 0)
        return 0.0;
    const int last = bucketOf(value);
    std::uint64_t seen = 0;
    for (int i = 0; i <= last; ++i)
        seen += m_counts[std::size_t(i)];
    return double(seen) / double(m_total);
}

std::vector<LogHistogram::Bucket> LogHistogram::buckets() const
{
    std::vector<Bucket> out;
    for (int i = 0; i < kBuckets; ++i)
        if (m_counts[std::size_t(i)] != 0)
            out.push_back({ bucketLow(i), bucketHigh(i), m_counts[std::size_t(i)] });
    return out;
}

} // namespace raidscope
