// SPDX-License-Identifier: GPL-3.0-or-later
#include "stats/loghistogram.h"
#include "stats/rng.h"
#include "stats/runningstats.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

using namespace raidscope;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

TEST_CASE("RunningStats: mean and variance equal the two-pass formulas, and merge", "[core][stats]")
{
    // Second method: the textbook two-pass mean and population variance over the same samples.
    Rng rng(42);
    std::vector<double> xs;
    for (int i = 0; i < 10000; ++i)
        xs.push_back(5.0 + 3.0 * rng.uniform() + (i % 7));
    double sum = 0;
    for (double x : xs)
        sum += x;
    const double mean = sum / double(xs.size());
    double ss = 0;
    for (double x : xs)
        ss += (x - mean) * (x - mean);
    const double variance = ss / double(xs.size());

    RunningStats all, first, second;
    for (std::size_t i = 0; i < xs.size(); ++i) {
        all.add(xs[i]);
        (i < 3000 ? first : second).add(xs[i]);
    }
    first.merge(second);
    CHECK_THAT(all.mean(), WithinRel(mean, 1e-12));
    CHECK_THAT(all.variance(), WithinRel(variance, 1e-9));
    CHECK_THAT(first.mean(), WithinRel(mean, 1e-12));
    CHECK_THAT(first.variance(), WithinRel(variance, 1e-9));
    CHECK(first.count() == xs.size());
    CHECK(all.min() == *std::min_element(xs.begin(), xs.end()));
    CHECK(all.max() == *std::max_element(xs.begin(), xs.end()));
}

TEST_CASE("LogHistogram: quantiles within 1/64 of the exact order statistic", "[core][stats]")
{
    // Second method: sort the samples and take the order statistic.
    Rng rng(7);
    std::vector<std::uint64_t> xs;
    LogHistogram h, a, b;
    for (int i = 0; i < 50000; ++i) {
        const auto x = std::uint64_t(rng.exponential(4e6)) + 100000; // ns: a response-time-like tail
        xs.push_back(x);
        h.add(x);
        (i % 2 ? a : b).add(x);
    }
    a.merge(b);
    std::sort(xs.begin(), xs.end());
    for (double q : { 0.1, 0.5, 0.9, 0.99 }) {
        const double exact = double(xs[std::size_t(q * double(xs.size())) - 1]);
        CAPTURE(q);
        CHECK_THAT(h.quantile(q), WithinRel(exact, 1.0 / 64));
        CHECK(a.quantile(q) == h.quantile(q));
    }
    CHECK(h.total() == xs.size());
    CHECK_THAT(h.cdf(xs[xs.size() / 2]), WithinAbs(0.5, 0.02));
}

TEST_CASE("LogHistogram: bucket edges", "[core][stats]")
{
    // Below 64 each value has its own bucket; above, 64 buckets per power of two.
    CHECK(LogHistogram::bucketOf(0) == 0);
    CHECK(LogHistogram::bucketOf(63) == 63);
    CHECK(LogHistogram::bucketOf(64) == 64);
    CHECK(LogHistogram::bucketOf(127) == 127);
    CHECK(LogHistogram::bucketOf(128) == 128);  // [128, 130)
    CHECK(LogHistogram::bucketOf(129) == 128);
    CHECK(LogHistogram::bucketLow(128) == 128.0);
    CHECK(LogHistogram::bucketHigh(128) == 130.0);
    CHECK(LogHistogram::bucketOf(~0ull) == LogHistogram::kBuckets - 1);
}
