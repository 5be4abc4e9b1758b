// SPDX-License-Identifier: GPL-3.0-or-later
#include "stats/kmeans.h"
#include "stats/rng.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <numbers>
#include <vector>

using namespace raidscope;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {

/// Standard normal by Box-Muller over the project's reproducible Rng.
double gaussian(Rng& rng)
{
    const double u1 = 1.0 - rng.uniform(); // (0, 1]
    const double u2 = rng.uniform();
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(2 * std::numbers::pi * u2);
}

struct Synthetic
{
    std::vector<double> values; ///< row-major
    std::vector<int> truth; ///< generating cluster of each row
    int dims = 1;
};

/// `perCluster` points around each mean (rows of dims values), sigma per dimension, interleaved so the
/// input order says nothing about the clusters.
Synthetic makeClusters(const std::vector<std::vector<double>>& means, double sigma, int perCluster, std::uint64_t seed)
{
    Rng rng(seed);
    Synthetic s;
    s.dims = int(means.front().size());
    for (int i = 0; i < perCluster; ++i)
        for (std::size_t c = 0; c < means.size(); ++c) {
            for (double m : means[c])
                s.values.push_back(m + sigma * gaussian(rng));
            s.truth.push_back(int(c));
        }
    return s;
}

bool allFinite(const KMeansResult& r)
{
    for (double c : r.centers)
        if (!std::isfinite(c))
            return false;
    return std::isfinite(r.sse) && std::isfinite(r.bic);
}

} // namespace

TEST_CASE("KMeans: well separated 1-D Gaussians are recovered exactly", "[core][stats][kmeans]")
{
    // Generating parameters: means 0, 100, 200, sigma 2, 200 points each. Separation is 50 sigma,
    // so no point crosses a midpoint (a 25-sigma draw); each center is its cluster's sample mean,
    // within 5 standard errors (5 * 2 / sqrt(200) = 0.71) of the generating mean.
    const auto data = makeClusters({ { 0.0 }, { 100.0 }, { 200.0 } }, 2.0, 200, 11);
    const KMeansResult r = kmeans(data.values, 3, { .seed = 5 });
    REQUIRE(r.k == 3);
    CHECK(r.labels == data.truth); // clusters are numbered by increasing center, like the generator's
    CHECK(r.sizes == std::vector<int> { 200, 200, 200 });
    const double tolerance = 5 * 2.0 / std::sqrt(200.0);
    for (int c = 0; c < 3; ++c)
        CHECK_THAT(r.center(c), WithinAbs(100.0 * c, tolerance));

    // Second method: the sample means and the within-group sum of squares from the truth labels.
    std::vector<double> sum(3, 0.0);
    for (std::size_t i = 0; i < data.values.size(); ++i)
        sum[std::size_t(data.truth[i])] += data.values[i];
    double sse = 0;
    for (std::size_t i = 0; i < data.values.size(); ++i) {
        const double d = data.values[i] - sum[std::size_t(data.truth[i])] / 200.0;
        sse += d * d;
    }
    for (int c = 0; c < 3; ++c)
        CHECK_THAT(r.center(c), WithinAbs(sum[std::size_t(c)] / 200.0, 1e-9));
    CHECK_THAT(r.sse, WithinRel(sse, 1e-9));
    CHECK(r.iterations >= 1);
}

TEST_CASE("KMeans: well separated 2-D Gaussians are recovered exactly", "[core][stats][kmeans]")
{
    // Four clusters whose x coordinates increase (the result's order), sigma 1.5 per dimension, 150
    // points each; nearest centers are >= 50 apart (>= 16 sigma to the midpoint). Centers within
    // 5 standard errors per coordinate: 5 * 1.5 / sqrt(150) = 0.61.
    const std::vector<std::vector<double>> means { { 0, 0 }, { 30, 60 }, { 60, -20 }, { 90, 40 } };
    const auto data = makeClusters(means, 1.5, 150, 23);
    const KMeansResult r = kmeans(PointsView { data.values, 2 }, 4, { .seed = 9, .restarts = 5 });
    REQUIRE(r.k == 4);
    REQUIRE(r.dims == 2);
    CHECK(r.labels == data.truth);
    const double tolerance = 5 * 1.5 / std::sqrt(150.0);
    for (int c = 0; c < 4; ++c) {
        CHECK_THAT(r.center(c, 0), WithinAbs(means[std::size_t(c)][0], tolerance));
        CHECK_THAT(r.center(c, 1), WithinAbs(means[std::size_t(c)][1], tolerance));
    }

    SECTION("the same seed gives the same answer")
    {
        const KMeansResult again = kmeans(PointsView { data.values, 2 }, 4, { .seed = 9, .restarts = 5 });
        CHECK(again.labels == r.labels);
        CHECK(again.centers == r.centers);
        CHECK(again.sse == r.sse);
    }
}

TEST_CASE("KMeans: degenerate input has a defined answer", "[core][stats][kmeans]")
{
    SECTION("no points")
    {
        const KMeansResult r = kmeans(std::vector<double> {}, 3);
        CHECK(r.k == 0);
        CHECK(r.labels.empty());
        CHECK(r.sse == 0);
        CHECK(xmeans(std::vector<double> {}).k == 0);
    }
    SECTION("all points equal: one cluster, zero SSE, finite BIC")
    {
        const std::vector<double> same(50, 7.25);
        const KMeansResult r = kmeans(same, 3);
        CHECK(r.k == 1);
        CHECK(r.center(0) == 7.25);
        CHECK(r.sse == 0);
        CHECK(r.sizes == std::vector<int> { 50 });
        const KMeansResult x = xmeans(same, { .kMin = 1, .kMax = 6, .kmeans = {} });
        CHECK(x.k == 1);
        CHECK(allFinite(x));
        const KMeansResult x3 = xmeans(same, { .kMin = 3, .kMax = 6, .kmeans = {} });
        CHECK(x3.k == 1);
        CHECK(allFinite(x3));
    }
    SECTION("fewer points than k: one cluster per point")
    {
        const std::vector<double> two { 1.0, 3.0 };
        const KMeansResult r = kmeans(two, 5);
        CHECK(r.k == 2);
        CHECK(r.labels == std::vector<int> { 0, 1 });
        CHECK(r.sse == 0);
        const KMeansResult x = xmeans(two, { .kMin = 1, .kMax = 5, .kmeans = {} });
        CHECK(x.k >= 1);
        CHECK(allFinite(x));
        CHECK(xmeans(std::vector<double> { 4.0 }).k == 1);
    }
    SECTION("two exact values, repeated: two clusters with zero variance")
    {
        std::vector<double> v;
        for (int i = 0; i < 20; ++i)
            v.push_back(i % 4 == 0 ? 2.0 : 1.0);
        const KMeansResult r = kmeans(v, 4);
        CHECK(r.k == 2);
        CHECK(r.sizes == std::vector<int> { 15, 5 });
        const KMeansResult x = xmeans(v, { .kMin = 1, .kMax = 8, .kmeans = {} });
        CHECK(x.k == 2);
        CHECK(allFinite(x));
    }
    SECTION("k below 1 is taken as 1; a trailing partial row is ignored")
    {
        const std::vector<double> v { 1, 2, 3, 4, 5 };
        CHECK(kmeans(v, 0).k == 1);
        CHECK(kmeans(PointsView { v, 2 }, 2).labels.size() == 2);
    }
}

TEST_CASE("KMeans: BIC matches Pelleg & Moore's formula worked by hand", "[core][stats][kmeans]")
{
    // Points {0, 1, 10, 11}, K = 2: centers 0.5 and 10.5, SSE = 4 * 0.25 = 1, R = 4, M = 1.
    // sigma^2 = SSE / (M (R - K)) = 0.5; l = 2 * 2 log(2/4) - 4/2 log(2 pi 0.5) - 1 / (2 * 0.5);
    // p = (K - 1) + M K + 1 = 4; BIC = l - 4/2 log 4.
    const std::vector<double> v { 0, 1, 10, 11 };
    const KMeansResult r = kmeans(v, 2);
    REQUIRE(r.k == 2);
    REQUIRE(r.sse == 1.0);
    const double expected = 4 * std::log(0.5) - 2 * std::log(std::numbers::pi) - 1 - 2 * std::log(4.0);
    CHECK_THAT(bicScore(PointsView { v, 1 }, r), WithinRel(expected, 1e-12));
    CHECK(bicScore(PointsView { v, 1 }, kmeans(v, 4)) == std::numeric_limits<double>::lowest()); // R <= K
}

TEST_CASE("XMeans: picks the number of clusters the data was made with", "[core][stats][kmeans]")
{
    // 1-D: means 100 apart, sigma 3, 100 points each; 2-D: centers on a circle of radius 60, sigma 2.
    const int k = GENERATE(1, 2, 3, 5);
    CAPTURE(k);
    const XMeansOptions options { .kMin = 1, .kMax = 10, .kmeans = { .seed = 3 } };

    std::vector<std::vector<double>> means1;
    std::vector<std::vector<double>> means2;
    for (int c = 0; c < k; ++c) {
        means1.push_back({ 100.0 * c });
        const double angle = 2 * std::numbers::pi * (c + 0.25) / k;
        means2.push_back({ 60 * std::cos(angle), 60 * std::sin(angle) });
    }
    const auto data1 = makeClusters(means1, 3.0, 100, 100 + std::uint64_t(k));
    const KMeansResult r1 = xmeans(data1.values, options);
    CHECK(r1.k == k);
    CHECK(r1.labels == data1.truth);
    CHECK(allFinite(r1));

    const auto data2 = makeClusters(means2, 2.0, 100, 200 + std::uint64_t(k));
    const KMeansResult r2 = xmeans(PointsView { data2.values, 2 }, options);
    CHECK(r2.k == k);
    CHECK(allFinite(r2));
}

TEST_CASE("XMeans: Shear-like pattern-size times at 1x and 2x a unit form two clusters", "[core][stats][kmeans]")
{
    // Shear §2.3.1: assumed pattern sizes 1..64 blocks with a true pattern of 8 blocks; the multiples
    // of 8 send every request to one disk and take twice the unit (10 ms), the rest the unit; 3 %
    // multiplicative noise. x-means must find two clusters and the slowest must be the multiples.
    Rng rng(2024);
    std::vector<double> timesMs;
    std::vector<int> truth;
    for (int p = 1; p <= 64; ++p) {
        const bool slow = p % 8 == 0;
        timesMs.push_back((slow ? 20.0 : 10.0) * (1 + 0.03 * gaussian(rng)));
        truth.push_back(slow ? 1 : 0);
    }
    const KMeansResult r = xmeans(timesMs, { .kMin = 1, .kMax = 8, .kmeans = { .seed = 1 } });
    REQUIRE(r.k == 2);
    CHECK(r.labels == truth);
    CHECK(r.sizes == std::vector<int> { 56, 8 });
    CHECK_THAT(r.center(0), WithinAbs(10.0, 5 * 0.3 / std::sqrt(56.0)));
    CHECK_THAT(r.center(1), WithinAbs(20.0, 5 * 0.6 / std::sqrt(8.0)));
}
