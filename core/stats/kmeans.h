// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace raidscope {

/// Points for clustering: `count` rows of `dims` values, row-major in one flat array (1-D data is
/// just the values with dims = 1).
struct PointsView
{
    std::span<const double> values;
    int dims = 1;

    std::size_t count() const { return dims > 0 ? values.size() / std::size_t(dims) : 0; }
    const double* row(std::size_t i) const { return values.data() + i * std::size_t(dims); }
};

struct KMeansOptions
{
    std::uint64_t seed = 1; ///< k-means++ seeding draws from raidscope::Rng(seed): same seed, same answer
    int restarts = 10; ///< independent k-means++ starts; the lowest SSE wins
    int maxIterations = 100; ///< Lloyd iterations per start
};

/// A clustering. Clusters are numbered in increasing order of their centers (lexicographic over the
/// dimensions), so in 1-D label 0 is the smallest values and label k-1 the largest (Shear's "slowest
/// cluster", §2.3.1, is then simply the last one).
struct KMeansResult
{
    int k = 0; ///< clusters actually found: min(requested k, distinct points); 0 for no points
    int dims = 1;
    std::vector<int> labels; ///< cluster of each point, in input order
    std::vector<double> centers; ///< k rows of dims values, row-major
    std::vector<int> sizes; ///< points in each cluster (never 0)
    double sse = 0; ///< sum of squared distances of the points to their centers
    int iterations = 0; ///< Lloyd iterations of the winning start
    double bic = 0; ///< BIC of this model (filled by xmeans(); see bicScore())

    double center(int cluster, int dim = 0) const { return centers[std::size_t(cluster * dims + dim)]; }
};

/// k-means with k-means++ seeding (Arthur & Vassilvitskii 2007) and `restarts` starts, keeping the
/// lowest SSE (Shear §2.3.2 and §2.3.3 cluster completion times with k = 2).
/// Defined answers for degenerate input, never NaN: no points gives k = 0; fewer distinct points
/// than k gives one cluster per distinct point (k shrinks); k < 1 is treated as 1.
KMeansResult kmeans(const PointsView& points, int k, const KMeansOptions& options = {});

/// 1-D convenience: kmeans({values, 1}, k, options).
KMeansResult kmeans(std::span<const double> values, int k, const KMeansOptions& options = {});

/// Bayesian information criterion of a clustering of `points` under Pelleg & Moore's identical
/// spherical Gaussians with pooled variance (x-means, ICML 2000, §2.3); larger is better. Finite for
/// any input: zero variance is floored at a tiny fraction of the data's scale; a model with as many
/// clusters as points (no degrees of freedom left for the variance) scores lowest().
double bicScore(const PointsView& points, const KMeansResult& model);

struct XMeansOptions
{
    int kMin = 1;
    int kMax = 8;
    KMeansOptions kmeans; ///< seed, restarts and iterations of every k-means run inside
};

/// x-means (Pelleg & Moore 2000): start from k-means with kMin, then repeatedly Improve-Structure
/// (split each center in two by a local 2-means over its points and keep the split when the
/// children's BIC beats the parent's) and Improve-Params (k-means over all points from the new
/// centers) until no split is kept or kMax is reached. Because that local test stalls when every
/// two-way split lowers the BIC (e.g. five clusters on a circle), plain k-means for each K in
/// kMin..kMax is scored too; the model with the best BIC of all is returned, with its BIC in `bic`
/// (Shear §2.3.1 uses it to cluster pattern-size times).
KMeansResult xmeans(const PointsView& points, const XMeansOptions& options = {});

/// 1-D convenience: xmeans({values, 1}, options).
KMeansResult xmeans(std::span<const double> values, const XMeansOptions& options = {});

} // namespace raidscope
