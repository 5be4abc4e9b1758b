// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "layoutmodel.h"

#include <cstdint>
#include <map>
#include <vector>

namespace raidscope {

/// One chunk size the pattern allows, with the installed layouts that have that pattern and chunk.
struct ChunkHypothesis
{
    std::uint64_t chunkBlocks = 0;
    std::vector<Candidate> candidates;
};

/// Shear §2.3.2 reads blocks c-1 and c of random pattern instances: 2N reads. Relative to N reads at
/// multiples of the pattern, that takes twice as long inside a chunk and less across a boundary:
/// 1x for disjoint disks, between 1x and 2x when the two chunks' copies overlap.
/// What a candidate predicts for offset c (in blocks), as that ratio.
double predictedBoundaryRatio(const Candidate& c, std::uint64_t offsetBlocks);

/// The same for two blocks of one chunk (chunk 0): 2x for anything but a degraded chunk.
double predictedInsideRatio(const Candidate& c);

/// Offsets tested so far -> each measurement's time relative to N reads at pattern multiples.
using BoundarySamples = std::map<std::uint64_t, std::vector<double>>;

struct ChunkFit
{
    std::size_t hypothesis = 0;  ///< best chunk hypothesis (index)
    std::size_t candidate = 0;   ///< its best-fitting candidate (index in that hypothesis)
    double scale = 0;            ///< fitted log level shared by every offset (the normalisation's error)
    double score = 0;            ///< -2 log likelihood of the best
    double margin = 0;           ///< score of the best other chunk hypothesis minus the best's (inf when none)
    std::size_t runnerUp = 0;    ///< that other hypothesis
    std::size_t runnerUpCandidate = 0;
};

/// Rather than one fixed threshold between "inside" and "boundary" (which many-copy mirrors
/// overlap: their boundaries are only 10-20 % faster than the inside of a chunk), every chunk
/// hypothesis is scored by how well its layouts predict every offset measured, with one shared
/// level (a Gaussian prior around the measured one) fitted per candidate.
/// `levelLog` is log(N reads at pattern multiples / N reads one at a time): about log(1/k) for k
/// copies, scored against each candidate's own level as identification does (0 = not measured).
ChunkFit fitChunk(const std::vector<ChunkHypothesis>& hypotheses, const BoundarySamples& samples, double levelLog);

/// The offset whose next measurement best separates the fit's best and runner-up hypotheses
/// (the largest predicted difference over the current uncertainty); 0 when none differs.
std::uint64_t mostInformativeOffset(const std::vector<ChunkHypothesis>& hypotheses, const ChunkFit& fit,
                                    const BoundarySamples& samples);

} // namespace raidscope
