// SPDX-License-Identifier: GPL-3.0-or-later
#include "chunkfit.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace raidscope {
namespace {

constexpr double kSampleSigma = 0.05; // log spread of one 2N-read batch (measured: inside a chunk 1.80-2.04x)
constexpr double kModelSigma = 0.04;  // how far balanced mirror reads stray from the water-filling ideal
constexpr double kScaleSigma = 0.15;  // the level of N reads at pattern multiples is itself measured
constexpr double kPointCap = 25.0;    // one offset at most 5 sigma off: a slow disk under one pair
constexpr double kLevelSigma = 0.15;  // of the level against one disk: as identification scores it
constexpr double kFailedPrior = 10.0; // prefer the healthy explanation, as identification does

double meanSingle(const Candidate& c)
{
    double sum = 0;
    for (std::uint64_t a = 0; a < c.patternChunks(); ++a)
        sum += c.singleCost(a);
    return sum / double(c.patternChunks());
}

// Shear §2.3.2: offset c reads blocks c-1 and c, so chunks (c-1)/chunk and c/chunk of the pattern.
double ratio(const Candidate& c, std::uint64_t offsetBlocks, double level)
{
    const std::uint64_t chunk = c.layout->params().chunkBlocks();
    const std::uint64_t p = c.patternBlocks;
    return c.pairCost(((offsetBlocks + p - 1) % p) / chunk, (offsetBlocks % p) / chunk) / level;
}

double meanLog(const std::vector<double>& v)
{
    double sum = 0;
    for (double x : v)
        sum += std::log(x);
    return sum / double(v.size());
}

double variance(std::size_t samples) { return kModelSigma * kModelSigma + kSampleSigma * kSampleSigma / double(samples); }

struct CandidateScore
{
    double score = 0;
    double scale = 0;
};

// Σ (e_x - s)² / var_x + s² / σs², minimised over the shared level s (closed form), each offset's
// term capped so one odd pair cannot outweigh the rest.
CandidateScore scoreCandidate(const Candidate& c, const BoundarySamples& samples, double levelLog)
{
    const double level = meanSingle(c);
    double weight = 1.0 / (kScaleSigma * kScaleSigma), weighted = 0;
    std::vector<std::pair<double, double>> residuals; // e, 1/var
    for (const auto& [x, v] : samples) {
        if (v.empty())
            continue;
        const double e = meanLog(v) - std::log(ratio(c, x, level));
        const double w = 1.0 / variance(v.size());
        residuals.emplace_back(e, w);
        weight += w;
        weighted += w * e;
    }
    CandidateScore s;
    s.scale = weighted / weight;
    s.score = s.scale * s.scale / (kScaleSigma * kScaleSigma) + (c.failedDisk >= 0 ? kFailedPrior : 0.0);
    if (levelLog != 0) {
        const double d = (levelLog - std::log(level)) / kLevelSigma;
        s.score += d * d;
    }
    for (const auto& [e, w] : residuals)
        s.score += std::min(kPointCap, (e - s.scale) * (e - s.scale) * w);
    return s;
}

} // namespace

double predictedBoundaryRatio(const Candidate& c, std::uint64_t offsetBlocks)
{
    return ratio(c, offsetBlocks, meanSingle(c));
}

double predictedInsideRatio(const Candidate& c)
{
    return c.pairCost(0, 0) / meanSingle(c);
}

ChunkFit fitChunk(const std::vector<ChunkHypothesis>& hypotheses, const BoundarySamples& samples, double levelLog)
{
    constexpr double inf = std::numeric_limits<double>::infinity();
    std::vector<double> best(hypotheses.size(), inf);
    std::vector<std::size_t> bestCandidate(hypotheses.size(), 0);
    std::vector<double> scale(hypotheses.size(), 0);
    for (std::size_t h = 0; h < hypotheses.size(); ++h)
        for (std::size_t i = 0; i < hypotheses[h].candidates.size(); ++i) {
            const CandidateScore s = scoreCandidate(hypotheses[h].candidates[i], samples, levelLog);
            if (s.score < best[h]) {
                best[h] = s.score;
                bestCandidate[h] = i;
                scale[h] = s.scale;
            }
        }
    ChunkFit fit;
    fit.score = inf;
    fit.margin = inf;
    for (std::size_t h = 0; h < hypotheses.size(); ++h)
        if (best[h] < fit.score) {
            fit.hypothesis = h;
            fit.score = best[h];
        }
    fit.candidate = bestCandidate[fit.hypothesis];
    fit.scale = scale[fit.hypothesis];
    for (std::size_t h = 0; h < hypotheses.size(); ++h)
        if (h != fit.hypothesis && best[h] - fit.score < fit.margin) {
            fit.margin = best[h] - fit.score;
            fit.runnerUp = h;
            fit.runnerUpCandidate = bestCandidate[h];
        }
    return fit;
}

std::uint64_t mostInformativeOffset(const std::vector<ChunkHypothesis>& hypotheses, const ChunkFit& fit,
                                    const BoundarySamples& samples)
{
    if (!std::isfinite(fit.margin))
        return 0;
    const Candidate& a = hypotheses[fit.hypothesis].candidates[fit.candidate];
    const Candidate& b = hypotheses[fit.runnerUp].candidates[fit.runnerUpCandidate];
    const double levelA = meanSingle(a), levelB = meanSingle(b);
    std::uint64_t best = 0;
    double bestGain = 0;
    // Any offset of the pattern (c = p is the boundary between two instances), tested or not.
    for (std::uint64_t x = 1; x <= a.patternBlocks; ++x) {
        const double difference = std::log(ratio(a, x, levelA) / ratio(b, x, levelB));
        // What one more sample adds to the squared separation at this offset.
        const auto tested = samples.find(x);
        const std::size_t n = tested == samples.end() ? 0 : tested->second.size();
        const double gain = difference * difference * (1.0 / variance(n + 1) - (n ? 1.0 / variance(n) : 0.0));
        if (gain > bestGain * 1.0001) { // the smallest offset of equal gain
            bestGain = gain;
            best = x;
        }
    }
    return best;
}

} // namespace raidscope
