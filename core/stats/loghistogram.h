// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace raidscope {

struct TraceSummaryCodec;

/// A mergeable histogram of non-negative integers (e.g. response times in nanoseconds) with
/// log-linear buckets: 64 linear sub-buckets per power of two, so a quantile read back is within
/// 1/64 (1.6 %) of the true value. Fixed size (no allocation after construction), O(1) add.
class LogHistogram
{
    friend struct TraceSummaryCodec; // a partial summary's JSON (trace summarize --partial)
public:
    static constexpr int kSubBits = 6;
    static constexpr int kSub = 1 << kSubBits;
    static constexpr int kBuckets = (64 - kSubBits + 1) * kSub;

    void add(std::uint64_t value, std::uint64_t count = 1)
    {
        m_counts[std::size_t(bucketOf(value))] += count;
        m_total += count;
    }
    void merge(const LogHistogram& o);

    std::uint64_t total() const { return m_total; }
    /// The value below which a fraction q (0..1) of the samples lie (the bucket's middle).
    double quantile(double q) const;
    /// Fraction of samples <= value (bucket resolution).
    double cdf(std::uint64_t value) const;

    struct Bucket
    {
        double low;  ///< inclusive
        double high; ///< exclusive
        std::uint64_t count;
    };
    /// The non-empty buckets in ascending order.
    std::vector<Bucket> buckets() const;

    static int bucketOf(std::uint64_t value);
    static double bucketLow(int index);
    static double bucketHigh(int index);

private:
    std::array<std::uint64_t, kBuckets> m_counts {};
    std::uint64_t m_total = 0;
};

} // namespace raidscope
