// SPDX-License-Identifier: GPL-3.0-or-later
#include "stats/kmeans.h"

#include "stats/rng.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <numeric>

namespace raidscope {

namespace {

    double squaredDistance(const double* a, const double* b, int dims)
    {
        double d = 0;
        for (int j = 0; j < dims; ++j) {
            const double t = a[j] - b[j];
            d += t * t;
        }
        return d;
    }

    /// Nearest center of a point and its squared distance; ties go to the lower index.
    std::pair<int, double> nearest(const double* x, const std::vector<double>& centers, int k, int dims)
    {
        int best = 0;
        double bestD = std::numeric_limits<double>::infinity();
        for (int c = 0; c < k; ++c) {
            const double d = squaredDistance(x, centers.data() + std::size_t(c * dims), dims);
            if (d < bestD) {
                bestD = d;
                best = c;
            }
        }
        return { best, bestD };
    }

    /// k-means++ seeding (Arthur & Vassilvitskii 2007): the first center uniformly, each next one with
    /// probability proportional to the squared distance to the nearest center chosen so far. Stops early
    /// (fewer than k centers) when every point coincides with a chosen center.
    std::vector<double> seedPlusPlus(const PointsView& points, int k, Rng& rng)
    {
        const std::size_t n = points.count();
        const int dims = points.dims;
        std::vector<double> centers;
        centers.reserve(std::size_t(k * dims));
        const std::size_t first = std::size_t(rng.below(n));
        centers.insert(centers.end(), points.row(first), points.row(first) + dims);
        std::vector<double> d2(n);
        for (std::size_t i = 0; i < n; ++i)
            d2[i] = squaredDistance(points.row(i), centers.data(), dims);
        for (int c = 1; c < k; ++c) {
            const double total = std::accumulate(d2.begin(), d2.end(), 0.0);
            if (!(total > 0))
                break;
            double target = rng.uniform() * total;
            std::size_t pick = n;
            for (std::size_t i = 0; i < n; ++i) {
                if (d2[i] <= 0)
                    continue;
                pick = i; // the last point with weight, should rounding leave target above the sum
                target -= d2[i];
                if (target < 0)
                    break;
            }
            const std::size_t at = centers.size();
            centers.insert(centers.end(), points.row(pick), points.row(pick) + dims);
            for (std::size_t i = 0; i < n; ++i)
                d2[i] = std::min(d2[i], squaredDistance(points.row(i), centers.data() + at, dims));
        }
        return centers;
    }

    /// Lloyd's iterations from the given centers (their count is k). An emptied cluster takes over the
    /// point farthest from its center, so every cluster keeps at least one point while the points are
    /// distinct enough to allow it.
    KMeansResult lloyd(const PointsView& points, std::vector<double> centers, int maxIterations)
    {
        const std::size_t n = points.count();
        const int dims = points.dims;
        const int k = int(centers.size()) / dims;
        KMeansResult r;
        r.k = k;
        r.dims = dims;
        r.labels.assign(n, -1);
        r.sizes.assign(std::size_t(k), 0);
        std::vector<double> dist(n, 0);
        for (int iter = 0; iter < std::max(1, maxIterations); ++iter) {
            bool changed = false;
            std::fill(r.sizes.begin(), r.sizes.end(), 0);
            for (std::size_t i = 0; i < n; ++i) {
                const auto [c, d] = nearest(points.row(i), centers, k, dims);
                changed = changed || c != r.labels[i];
                r.labels[i] = c;
                dist[i] = d;
                ++r.sizes[std::size_t(c)];
            }
            for (int c = 0; c < k; ++c) {
                if (r.sizes[std::size_t(c)] > 0)
                    continue;
                std::size_t far = n;
                for (std::size_t i = 0; i < n; ++i)
                    if (dist[i] > 0 && r.sizes[std::size_t(r.labels[i])] > 1 && (far == n || dist[i] > dist[far]))
                        far = i;
                if (far == n)
                    continue; // nothing to take; cannot happen with at least k distinct points
                --r.sizes[std::size_t(r.labels[far])];
                r.labels[far] = c;
                r.sizes[std::size_t(c)] = 1;
                dist[far] = 0;
                std::copy(points.row(far), points.row(far) + dims, centers.begin() + c * dims);
                changed = true;
            }
            r.iterations = iter + 1;
            if (!changed && iter > 0)
                break;
            std::vector<double> sums(std::size_t(k * dims), 0.0);
            for (std::size_t i = 0; i < n; ++i)
                for (int j = 0; j < dims; ++j)
                    sums[std::size_t(r.labels[i] * dims + j)] += points.row(i)[j];
            for (int c = 0; c < k; ++c)
                if (r.sizes[std::size_t(c)] > 0)
                    for (int j = 0; j < dims; ++j)
                        centers[std::size_t(c * dims + j)] = sums[std::size_t(c * dims + j)] / r.sizes[std::size_t(c)];
            if (!changed)
                break;
        }
        r.sse = 0;
        for (std::size_t i = 0; i < n; ++i)
            r.sse += squaredDistance(points.row(i), centers.data() + std::size_t(r.labels[i] * dims), dims);
        r.centers = std::move(centers);
        return r;
    }

    /// Renumbers clusters in increasing lexicographic order of their centers.
    void sortClusters(KMeansResult& r)
    {
        std::vector<int> order(std::size_t(r.k));
        std::iota(order.begin(), order.end(), 0);
        const int dims = r.dims;
        std::sort(order.begin(), order.end(), [&](int a, int b) {
            return std::lexicographical_compare(r.centers.begin() + a * dims, r.centers.begin() + (a + 1) * dims,
                r.centers.begin() + b * dims, r.centers.begin() + (b + 1) * dims);
        });
        std::vector<int> newIndex(std::size_t(r.k));
        std::vector<double> centers(r.centers.size());
        std::vector<int> sizes(r.sizes.size());
        for (int i = 0; i < r.k; ++i) {
            newIndex[std::size_t(order[std::size_t(i)])] = i;
            std::copy_n(r.centers.begin() + order[std::size_t(i)] * dims, dims, centers.begin() + i * dims);
            sizes[std::size_t(i)] = r.sizes[std::size_t(order[std::size_t(i)])];
        }
        for (int& label : r.labels)
            label = newIndex[std::size_t(label)];
        r.centers = std::move(centers);
        r.sizes = std::move(sizes);
    }

    PointsView sanitized(const PointsView& points)
    {
        PointsView p = points;
        p.dims = std::max(1, p.dims);
        p.values = p.values.first(p.count() * std::size_t(p.dims)); // drop a trailing partial row
        return p;
    }

    KMeansResult kmeansImpl(const PointsView& points, int k, const KMeansOptions& options, Rng& rng)
    {
        KMeansResult best;
        best.dims = points.dims;
        if (points.count() == 0)
            return best;
        k = std::max(1, k);
        double bestSse = std::numeric_limits<double>::infinity();
        for (int start = 0; start < std::max(1, options.restarts); ++start) {
            KMeansResult r = lloyd(points, seedPlusPlus(points, k, rng), options.maxIterations);
            if (r.sse < bestSse) {
                bestSse = r.sse;
                best = std::move(r);
            }
        }
        sortClusters(best);
        return best;
    }

    /// Points of one cluster, copied out, for Improve-Structure's local 2-means.
    std::vector<double> clusterRows(const PointsView& points, const KMeansResult& model, int cluster)
    {
        std::vector<double> rows;
        rows.reserve(std::size_t(model.sizes[std::size_t(cluster)] * points.dims));
        for (std::size_t i = 0; i < points.count(); ++i)
            if (model.labels[i] == cluster)
                rows.insert(rows.end(), points.row(i), points.row(i) + points.dims);
        return rows;
    }

} // namespace

KMeansResult kmeans(const PointsView& points, int k, const KMeansOptions& options)
{
    Rng rng(options.seed);
    return kmeansImpl(sanitized(points), k, options, rng);
}

KMeansResult kmeans(std::span<const double> values, int k, const KMeansOptions& options)
{
    return kmeans(PointsView { values, 1 }, k, options);
}

double bicScore(const PointsView& pointsIn, const KMeansResult& model)
{
    // Pelleg & Moore, "X-means", ICML 2000, §2.3 ("Model searching"): identical spherical Gaussians,
    //   BIC(M_j) = l_j(D) - p_j / 2 * log R,   p_j = (K - 1) + M K + 1,
    //   sigma^2 = 1 / (R - K) * sum_i ||x_i - mu_(i)||^2,
    //   l(D_n) = -R_n/2 log(2 pi) - R_n M / 2 log(sigma^2) - (R_n - K) / 2 + R_n log R_n - R_n log R.
    // We evaluate the same maximum-likelihood log-likelihood exactly rather than through the printed
    // per-cluster terms, whose known slips (log 2 pi not multiplied by M; the residual term summing
    // to (R - K^2)/2 instead of M (R - K)/2) matter once K or M grow: with the pooled per-dimension
    // variance sigma^2 = SSE / (M (R - K)),
    //   l(D) = sum_n R_n log(R_n / R) - R M / 2 log(2 pi sigma^2) - SSE / (2 sigma^2).
    // For M = 1 and K <= 2 this differs from the printed form by at most a constant 1/2.
    const PointsView points = sanitized(pointsIn);
    const std::size_t n = points.count();
    const int k = model.k;
    if (n == 0 || k == 0)
        return 0;
    const double R = double(n);
    const double M = double(points.dims);
    if (n <= std::size_t(k))
        return std::numeric_limits<double>::lowest();

    // Floor the variance at 1e-12 of the data's own per-dimension variance (or of 1 when all points
    // are equal), so a perfect fit scores high but finite.
    std::vector<double> mean(std::size_t(points.dims), 0.0);
    for (std::size_t i = 0; i < n; ++i)
        for (int j = 0; j < points.dims; ++j)
            mean[std::size_t(j)] += points.row(i)[j] / R;
    double sst = 0;
    for (std::size_t i = 0; i < n; ++i)
        sst += squaredDistance(points.row(i), mean.data(), points.dims);
    const double scale2 = sst > 0 ? sst / (R * M) : 1.0;
    const double variance = std::max(model.sse / (M * (R - double(k))), 1e-12 * scale2);

    double logLikelihood = -R * M / 2 * std::log(2 * std::numbers::pi * variance) - model.sse / (2 * variance);
    for (int size : model.sizes)
        if (size > 0)
            logLikelihood += double(size) * std::log(double(size) / R);
    const double parameters = double(k - 1) + M * double(k) + 1;
    return logLikelihood - parameters / 2 * std::log(R);
}

KMeansResult xmeans(const PointsView& pointsIn, const XMeansOptions& options)
{
    const PointsView points = sanitized(pointsIn);
    const int kMin = std::max(1, options.kMin);
    const int kMax = std::max(kMin, options.kMax);
    Rng rng(options.kmeans.seed);

    // Improve-Params for the starting K.
    KMeansResult model = kmeansImpl(points, kMin, options.kmeans, rng);
    model.bic = bicScore(points, model);
    if (points.count() == 0)
        return model;
    KMeansResult best = model;

    while (model.k < kMax) {
        // Improve-Structure: each center against its two children, on that center's points only.
        struct Split
        {
            int cluster;
            double gain;
            std::vector<double> children;
        };
        std::vector<Split> splits;
        for (int c = 0; c < model.k; ++c) {
            if (model.sizes[std::size_t(c)] < 3)
                continue; // two children need at least one degree of freedom left for the variance
            const std::vector<double> rows = clusterRows(points, model, c);
            const PointsView local { rows, points.dims };
            KMeansResult parent;
            parent.k = 1;
            parent.dims = points.dims;
            parent.sizes = { model.sizes[std::size_t(c)] };
            for (std::size_t i = 0; i < local.count(); ++i)
                parent.sse += squaredDistance(local.row(i), model.centers.data() + c * points.dims, points.dims);
            const KMeansResult children = kmeansImpl(local, 2, options.kmeans, rng);
            if (children.k < 2)
                continue; // all the cluster's points are equal
            const double gain = bicScore(local, children) - bicScore(local, parent);
            if (gain > 0)
                splits.push_back({ c, gain, children.centers });
        }
        if (splits.empty())
            break;
        // Beyond kMax, keep the splits that raise the BIC most (Pelleg & Moore stop at K_max).
        std::stable_sort(splits.begin(), splits.end(), [](const Split& a, const Split& b) { return a.gain > b.gain; });
        splits.resize(std::min(splits.size(), std::size_t(kMax - model.k)));
        std::vector<bool> isSplit(std::size_t(model.k), false);
        std::vector<double> centers;
        for (const Split& s : splits) {
            isSplit[std::size_t(s.cluster)] = true;
            centers.insert(centers.end(), s.children.begin(), s.children.end());
        }
        for (int c = 0; c < model.k; ++c)
            if (!isSplit[std::size_t(c)])
                centers.insert(centers.end(), model.centers.begin() + c * points.dims,
                    model.centers.begin() + (c + 1) * points.dims);

        // Improve-Params over all points from the new centers.
        model = lloyd(points, std::move(centers), options.kmeans.maxIterations);
        sortClusters(model);
        model.bic = bicScore(points, model);
        if (model.bic > best.bic)
            best = model;
    }

    // The local test cannot see past a split that lowers the BIC: five equal clusters on a circle
    // lose more in the mixing term (sum R_n log(R_n / R)) on any two-way split than they gain in
    // likelihood, so Improve-Structure stops at K = 1. Pelleg & Moore's baseline (§4) scores
    // k-means for every K by BIC; we add those models to the candidates, and the best BIC wins.
    for (int k = kMin; k <= kMax && std::size_t(k) <= points.count(); ++k) {
        KMeansResult candidate = kmeansImpl(points, k, options.kmeans, rng);
        if (candidate.k < k)
            break; // fewer distinct points than k: larger K gives the same model
        candidate.bic = bicScore(points, candidate);
        if (candidate.bic > best.bic)
            best = std::move(candidate);
    }
    return best;
}

KMeansResult xmeans(std::span<const double> values, const XMeansOptions& options)
{
    return xmeans(PointsView { values, 1 }, options);
}

} // namespace raidscope
