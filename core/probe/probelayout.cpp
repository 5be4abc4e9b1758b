// SPDX-License-Identifier: GPL-3.0-or-later
// Shear §2.3.2 and §2.3.3: chunk boundaries and the pairwise layout of the pattern's chunks.
#include "prober_p.h"

#include "chunkfit.h"
#include "layout/layoutregistry.h"
#include "units.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

namespace raidscope::probe_detail {

// Pairs `c` puts on one disk (or copy set) that are not measured yet, up to four spread over the
// pattern: a near-pattern (RAID-5 on 16 disks read at multiples of 15 chunks lands on one or two
// disks) passes for a smaller layout whose other pairs agree, but its "same disk" pairs are apart.
int Prober::testSharedPairs(const Candidate& c)
{
    const std::uint64_t K = c.patternChunks();
    int tested = 0;
    for (std::uint64_t a = 0; a < K && tested < 4; ++a)
        for (std::uint64_t b = a + 1; b < K; ++b)
            if (!m_pairs.count({ a, b }) && predictedExcess(c, a, b) > 0.9) {
                testPair(a, b);
                ++tested;
                a += K / 4;
                break;
            }
    return tested;
}

// Some candidate predicts every pair within 0.3 and the level; the closest gets its outliers
// measured again once, and its same-disk pairs checked, before the answer stands.
bool Prober::anyCandidateFits()
{
    if (m_groupRatio > 1.5) {
        if (m_trace)
            std::fprintf(stderr, "group ratio %.2f: two chunks of one disk group\n", m_groupRatio);
        return false;
    }
    bool remeasured = false;
    int shared = 0;
    const double observedLevel = patternLevel(); // the pattern tests are done: one value for all
    while (true) {
        const Candidate* closest = nullptr;
        double error = 1e9;
        for (const Candidate& c : m_candidates) {
            if (std::abs(levelError(c)) >= m_tuning.levelReject || !ratioFits(c, 0.3, true)
                || std::abs(patternLevelError(c, observedLevel)) > m_tuning.patternLevelReject || !copiesFit(c))
                continue;
            if (const double e = maxPairError(c); e < error) {
                closest = &c;
                error = e;
            }
        }
        if (m_trace && closest)
            std::fprintf(stderr, "closest: %s, pair error %.2f, level %.2f, group %.2f\n", closest->spec().toUtf8().constData(),
                         error, levelError(*closest), m_groupRatio);
        if (m_trace && !closest)
            for (const Candidate& c : m_candidates)
                std::fprintf(stderr, "none fits: %s: pairs %.2f, level %.2f, ratio %.2f for %.2f%s, pattern level %.2f, copies %s\n",
                             c.spec().toUtf8().constData(), maxPairError(c), levelError(c), m_result.readWriteRatio,
                             c.readWriteRatio, ratioFits(c, 0.3, true) ? "" : " (off)", patternLevelError(c, observedLevel),
                             copiesFit(c) ? "fit" : "differ");
        if (error <= 0.3) {
            // Up to three candidates in turn: when one fails its same-disk pairs, the next closest.
            if (shared == 3 || testSharedPairs(*closest) == 0)
                return true;
            ++shared;
            continue;
        }
        if (!closest || error > 0.6 || remeasured || remeasureOutliers(*closest) == 0) {
            noteSharedPairs(observedLevel);
            return false;
        }
        remeasured = true;
    }
}

// A rejected hypothesis with a layout that fits every chunk pair but some that read as one disk where
// it has two (a pair's excess near 1, Shear Fig. 17): two members may share a physical disk. Kept
// for the verdict in case no later hypothesis is identified (the scan goes on from such a pattern,
// and a two-chunk size further on fits with its one pair: the simulator's RAID-0 of 4 with members
// 1 and 2 on one disk, pattern 16 blocks, pairs 1-2 at 0.85 and 1.06, the rest under 0.06). The
// layout with the most pairs fitting, at least three and twice those that do not.
void Prober::noteSharedPairs(double observedLevel)
{
    for (const Candidate& c : m_candidates) {
        if (std::abs(levelError(c)) >= m_tuning.levelReject || std::abs(patternLevelError(c, observedLevel)) > m_tuning.patternLevelReject)
            continue;
        QStringList pairs;
        int fitting = 0;
        for (const auto& [key, ms] : m_pairs) {
            const double predicted = predictedExcess(c, key.first, key.second);
            if (std::abs(pairError(c, key, ms)) <= 0.3)
                ++fitting;
            else if (predicted < 0.3 && observedExcess(key.first, key.second, ms) - predicted > 0.6)
                pairs << QStringLiteral("%1-%2").arg(key.first).arg(key.second);
            else {
                pairs.clear();
                break; // off otherwise too: not this layout with two members on one disk
            }
        }
        if (pairs.isEmpty() || fitting < 3 || fitting < 2 * pairs.size() || fitting <= m_sharedHintPairs)
            continue;
        m_sharedHintPairs = fitting;
        m_sharedHint = QStringLiteral("with a %1 pattern and %2 chunks, %3 fits %4 chunk pairs but not %5, which read as "
                                      "one disk; two members may share one physical disk (Shear Fig. 17)")
                           .arg(formatBytes(m_result.patternBlocks * m_blockBytes),
                               formatBytes(m_result.chunkBlocks * m_blockBytes), c.spec())
                           .arg(fitting)
                           .arg(pairs.join(QStringLiteral(", ")));
    }
}

// Shear §2.3.2: blocks c-1 and c of random pattern instances. When c is a boundary between two
// disks the 2N reads share two disks (fast); inside a chunk they queue on one (twice as slow).
double Prober::testBoundary(std::uint64_t c)
{
    const std::uint64_t p = m_result.patternBlocks;
    // Interleaved, as the pairwise step's reads are: a controller that sends each read to the
    // copy with the shortest queue balances the two chunks' reads only when they arrive mixed
    // (all of c-1 first would fill the disks they share before c's reads arrive).
    std::vector<ProbeIo> ios;
    for (int k = 0; k < m_n; ++k) {
        addRandomInstances(ios, p, c - 1, 1);
        addRandomInstances(ios, p, c % p, 1);
    }
    const double ms = timeBatch(ios, m_ios.boundaries, layoutOutstanding());
    // The fit in the chunk step decides which offsets are boundaries; a live view sees none before.
    m_result.boundaries.push_back({ c, ms, false });
    m_pending.boundaries.push_back({ c, ms, false });
    flush(m_fraction, false);
    return ms;
}

// The layouts, healthy or degraded, with this chunk and pattern whose read/write ratio fits.
// Mirrors of whole disks (every chunk on every disk) have no pattern: identifyUnstriped() names them.
std::vector<Candidate> Prober::stripedCandidates(std::uint64_t chunkBlocks, std::uint64_t patternBlocks) const
{
    // Healthy only for the narrow-mirror search: its pattern is already a mirror's read pattern.
    std::vector<Candidate> out = enumerateCandidates(m_registry, chunkBlocks * m_blockBytes, m_blockBytes, patternBlocks,
                                                     m_config.maxDisks, !m_narrowSearch);
    // Slow blocks seen (slowBlocksFactor()): the ratio tells the member, not the layout, but a mirror let
    // in past it must explain the blocks' factor with its copies (copiesExplain()).
    std::erase_if(out, [&](const Candidate& c) {
        const bool explains = m_unevenFromBlocks && copiesExplain(c.mdMirrorReads ? 1 : c.blockCopies(), m_slowFactor);
        return !(explains || ratioFits(c, std::log(1.8), true)) || (c.layout->copies() >= c.disks && !c.mdMirrorReads);
    });
    return out;
}

// The chunk sizes some installed layout has with pattern `p`, each with its candidates.
std::vector<ChunkHypothesis> Prober::chunkHypotheses(std::uint64_t p) const
{
    std::vector<ChunkHypothesis> hypotheses;
    if (const auto it = m_chunksFor.find(p); it != m_chunksFor.end())
        for (std::uint64_t h : it->second) {
            ChunkHypothesis hypothesis { h, stripedCandidates(h, p) };
            if (!hypothesis.candidates.empty())
                hypotheses.push_back(std::move(hypothesis));
        }
    return hypotheses;
}

// The boundary tests' blocks read alone (blockSingle()), at least three: the slowest slowMemberFactor
// over their median sits on a slow member, as a chunk read alone does (slowChunkSeen()); its factor
// over the median, else 0. boundaries() lets it join m_slowFactor for this pattern hypothesis (a
// rejected one undoes it: widened so without bound,
// the simulator's RAID-5 rs of 15 at 4 KiB with member 3 at a fifth let a degraded near RAID-10 of
// 21 x 5 fit pattern 84, and a chained of 6 whose md reads sat on the slow copy, blocks 4-5x, was named
// RAID-5 of 3, WRONG; stripedCandidates() has which mirrors explain the factor). Every block of a healthy
// layout reads alone at one disk's pace or its copies' (probe-eval --realism --slow --slow-speed 0.2
// seed 207026: chained of 7 at 32 KiB with member 0 at a fifth, blocks of chunks 0 and 6 1369-1440 ms,
// the rest 801-817; its ratio 6.90 for chained's 3 had left it out, and no layout fitted the pairs).
double Prober::slowBlocksFactor() const
{
    const double f = slowestOverMedian(m_blockSingle);
    if (f < m_tuning.slowMemberFactor)
        return 0;
    if (m_trace)
        std::fprintf(stderr, "a block read alone %.2fx the median of %zu: a slow member\n", f, m_blockSingle.size());
    return f;
}

// Only chunk sizes some installed layout has with this pattern are possible, so rather than
// every offset c (Shear) the offsets that tell those chunk sizes apart are measured, and each
// chunk hypothesis is scored by how well its layouts predict them all (chunkfit.h). A fixed
// threshold cannot work for every layout: a 4-copy mirror's boundaries are only 10-20 % faster
// than the inside of its chunks, a single-copy layout's twice as fast.
void Prober::boundaries()
{
    const std::uint64_t p = m_result.patternBlocks;
    if (m_slowMs <= 0)
        m_slowMs = testPattern(p);
    std::vector<ChunkHypothesis> hypotheses = chunkHypotheses(p);
    if (hypotheses.empty()) {
        scanBoundaries();
        return;
    }
    BoundarySamples samples;
    const double level = m_result.serialMs > 0 ? std::log(m_slowMs / m_result.serialMs) : 0.0;
    // Against the pattern's level; on a retry against the slower of the two blocks read alone, like
    // a pair's excess: a slow member (Shear Fig. 18) doubles both the inside and the boundary times
    // of its blocks, which a fit against one level reads as a wrong chunk size.
    auto measure = [&](std::uint64_t c) {
        const double ms = testBoundary(c);
        const double against = m_normalizeBoundaries ? std::max(blockSingle(c - 1), blockSingle(c % p)) : m_slowMs;
        samples[c].push_back(ms / against);
        if (m_trace)
            std::fprintf(stderr, "boundary %llu: %.1f ms against %.1f\n", static_cast<unsigned long long>(c), ms, against);
    };
    for (const ChunkHypothesis& h : hypotheses)
        measure(std::min(h.chunkBlocks, p));
    // Blocks read alone (the tests' own levels) slowMemberFactor apart: a slow member (slowBlocksFactor()).
    // The mirrors whose copies explain that factor join the layouts the ratio chose (the member bends
    // the ratio), each new chunk size's first offset measured, and the ratio and parallelism are read
    // within the member's band (m_uneven) while this pattern stands.
    bool widened = false; // tried once a hypothesis
    auto widen = [&] {
        if (widened || !m_normalizeBoundaries || m_uneven)
            return;
        const double f = slowBlocksFactor();
        if (f <= 0)
            return;
        widened = true;
        m_unevenFromBlocks = true; // read by stripedCandidates()
        m_slowFactorBeforeBlocks = m_slowFactor;
        m_slowFactor = std::max(m_slowFactor, f);
        std::size_t before = 0, after = 0;
        for (const ChunkHypothesis& h : hypotheses)
            before += h.candidates.size();
        std::vector<ChunkHypothesis> wider = chunkHypotheses(p);
        for (const ChunkHypothesis& h : wider)
            after += h.candidates.size();
        if (after == before) { // no mirror explains the slow blocks: the layouts stand as the ratio chose them
            m_unevenFromBlocks = false;
            m_slowFactor = m_slowFactorBeforeBlocks;
            return;
        }
        m_uneven = true;
        hypotheses = std::move(wider);
        for (const ChunkHypothesis& h : hypotheses)
            if (!samples.count(std::min(h.chunkBlocks, p)))
                measure(std::min(h.chunkBlocks, p));
    };
    widen();
    // Decided at a likelihood ratio of e^4.5 (90:1) over the next chunk size, or after 24 more tests.
    constexpr double kDecided = 9.0;
    ChunkFit fit = fitChunk(hypotheses, samples, level);
    for (int extra = 0; extra < 24 && fit.margin < kDecided; ++extra) {
        const std::uint64_t c = mostInformativeOffset(hypotheses, fit, samples);
        if (c == 0)
            break;
        measure(c);
        widen();
        fit = fitChunk(hypotheses, samples, level);
    }
    std::uint64_t chunk = hypotheses[fit.hypothesis].chunkBlocks;
    // For a short pattern, one test per chunk boundary shows chunks of unequal length (ZIG-ZAG),
    // and one inside each chunk draws the boundaries as Shear's plots do (Fig. 5, 13): every
    // offset when chunks are two blocks. A long pattern shows its first four chunks so.
    {
        const std::uint64_t shown = p / chunk <= 16 ? p : 4 * chunk;
        for (std::uint64_t c = chunk; c <= shown; c += chunk)
            for (const std::uint64_t at : { c - chunk / 2, c })
                if (!samples.count(at))
                    measure(at);
        widen();
        fit = fitChunk(hypotheses, samples, level);
        chunk = hypotheses[fit.hypothesis].chunkBlocks;
    }
    m_result.chunkBlocks = chunk;
    m_chunkFitPerOffset = fit.score / double(samples.size());
    if (m_trace)
        std::fprintf(stderr, "chunk fit: %llu blocks, score %.1f over %zu offsets, margin %.1f\n",
                     static_cast<unsigned long long>(chunk), fit.score, samples.size(), fit.margin);
    m_candidates = std::move(hypotheses[fit.hypothesis].candidates);

    // Which offsets were boundaries: below the level halfway (geometrically) between the best
    // layout's inside-a-chunk ratio and its boundary ratio, after the fitted level.
    const Candidate& best = m_candidates[fit.candidate];
    const double inside = predictedInsideRatio(best);
    double across = predictedBoundaryRatio(best, chunk);
    if (across > 0.95 * inside)
        across = inside / 2;
    const double threshold = std::exp(fit.scale) * std::sqrt(inside * across) * m_slowMs;
    std::vector<std::uint64_t> found { 0 };
    // Each offset against its own blocks where the tests were (a slow member's boundaries read as
    // slowly as a fast member's inside: the rig's RAID-0 of 4 with member 2 at 60 of 300 IOPS read
    // 3700 ms across its chunks 1-2, 1500 inside chunk 0).
    for (BoundaryPoint& b : m_result.boundaries) {
        const auto it = samples.find(b.offsetBlocks);
        b.boundary = m_normalizeBoundaries && it != samples.end() && !it->second.empty()
            ? std::accumulate(it->second.begin(), it->second.end(), 0.0) / double(it->second.size()) * m_slowMs < threshold
            : b.timeMs < threshold;
    }
    for (const auto& [c, v] : samples) {
        double sum = 0;
        for (double r : v)
            sum += r;
        if (c % chunk == 0 && sum / double(v.size()) * m_slowMs < threshold)
            found.push_back(c);
    }
    chunkRuns(found);
    // Decided: the live plot may mark them now.
    m_pending.boundariesDecided = true;
    for (const BoundaryPoint& b : m_result.boundaries)
        if (b.boundary)
            m_pending.decidedBoundaries.push_back(b.offsetBlocks);
    flush(m_fraction, true);
}

// Shear's scan, for a pattern no installed layout has: offsets c = 1, 2, ... until two
// boundaries fix the chunk (their gcd), under one fixed threshold.
void Prober::scanBoundaries()
{
    m_chunkFitPerOffset = 0; // no hypotheses fitted: nothing for identify() to judge
    const std::uint64_t p = m_result.patternBlocks;
    std::vector<std::uint64_t> found { 0 };
    std::set<std::uint64_t> tested;
    auto testAt = [&](std::uint64_t c) {
        tested.insert(c);
        // Inside a chunk 2N reads queue on its disk(s): twice one chunk's time. Across a
        // boundary they spread: 1x for single copies, 1.5x for 3 overlapping copies, 1.6x for 4.
        if (testBoundary(c) / m_slowMs < 1.8)
            found.push_back(c);
    };
    for (std::uint64_t c = 1; c < p && found.size() < 3; ++c)
        testAt(c);
    std::uint64_t chunk = p;
    for (std::uint64_t b : found)
        chunk = std::gcd(chunk, b);
    if (p / chunk <= 16)
        for (std::uint64_t c = chunk; c <= p; c += chunk)
            if (!tested.count(c))
                testAt(c);
    m_result.chunkBlocks = std::max<std::uint64_t>(1, chunk);
    chunkRuns(found);
}

// Sizes between the boundaries found, over one pattern (ZIG-ZAG's first and last chunks of a
// stripe look twice as large: Shear Fig. 5).
void Prober::chunkRuns(std::vector<std::uint64_t> found)
{
    const std::uint64_t p = m_result.patternBlocks;
    std::sort(found.begin(), found.end());
    found.erase(std::unique(found.begin(), found.end()), found.end());
    if (found.back() != p)
        found.push_back(p);
    if (p / m_result.chunkBlocks <= 16)
        for (std::size_t i = 1; i < found.size(); ++i)
            m_result.chunkRunsBlocks.push_back(found[i] - found[i - 1]);
}

// N reads of block `b` of random patterns: its disk's time (cached until the hypothesis changes).
double Prober::blockSingle(std::uint64_t b)
{
    if (const auto done = m_blockSingle.find(b); done != m_blockSingle.end())
        return done->second;
    std::vector<ProbeIo> ios;
    addRandomInstances(ios, m_result.patternBlocks, b, m_n);
    return m_blockSingle[b] = timeBatch(ios, m_ios.boundaries, layoutOutstanding());
}

// N reads of chunk `a` in random patterns (random block of the chunk each time): one disk's
// time for that chunk, or less when copies share the reads. Cached.
double Prober::single(std::uint64_t a)
{
    const auto done = m_single.find(a);
    if (done != m_single.end())
        return done->second;
    std::vector<ProbeIo> ios;
    for (int k = 0; k < m_n; ++k)
        addRandomInstances(ios, m_result.patternBlocks, a * m_result.chunkBlocks + m_rng.below(m_result.chunkBlocks), 1);
    const double ms = restedBatch(ios, m_ios.pairwise, layoutOutstanding()).second;
    m_single[a] = ms;
    return ms;
}

// Shear §2.3.3: N reads of chunk a and N of chunk b in random patterns, for chunk pairs. Pairs
// are chosen to split the candidate layouts still standing, instead of all chunks^2 of them.
double Prober::testPair(std::uint64_t a, std::uint64_t b)
{
    const auto key = std::make_pair(std::min(a, b), std::max(a, b));
    const auto done = m_pairs.find(key);
    if (done != m_pairs.end())
        return done->second;
    const auto [batchMs, ms] = pairBatch(a, b);
    m_pairs[key] = ms;
    const double e = excess(ms, single(a), single(b));
    if (m_trace)
        std::fprintf(stderr, "pair %llu,%llu: %.1f ms (alone %.1f, %.1f), excess %.2f\n", static_cast<unsigned long long>(key.first),
                     static_cast<unsigned long long>(key.second), ms, single(a), single(b), e);
    m_result.pairs.push_back({ key.first, key.second, batchMs, e });
    m_pending.pairs.push_back({ key.first, key.second, batchMs, e });
    flush(m_fraction, false);
    return ms;
}

// N reads of chunk a and N of chunk b, interleaved, rested: the batch's time and its reads' (restedBatch()).
std::pair<double, double> Prober::pairBatch(std::uint64_t a, std::uint64_t b)
{
    const std::uint64_t chunk = m_result.chunkBlocks;
    std::vector<ProbeIo> ios;
    for (int k = 0; k < m_n; ++k) {
        addRandomInstances(ios, m_result.patternBlocks, a * chunk + m_rng.below(chunk), 1);
        addRandomInstances(ios, m_result.patternBlocks, b * chunk + m_rng.below(chunk), 1);
    }
    return restedBatch(ios, m_ios.pairwise, layoutOutstanding());
}

double Prober::observedExcess(std::uint64_t a, std::uint64_t b, double pairMs) const
{
    return excess(pairMs, m_single.at(a), m_single.at(b));
}

double Prober::predictedExcess(const Candidate& c, std::uint64_t a, std::uint64_t b)
{
    return excess(c.pairCost(a, b), c.singleCost(a), c.singleCost(b));
}

// The candidate's own copies set the noise it expects: judged by the observed level instead, a
// near-pattern whose chunks straddle two disks lent a single-copy layout a mirror's tolerance.
double Prober::pairError(const Candidate& c, const std::pair<std::uint64_t, std::uint64_t>& key, double pairMs) const
{
    return (observedExcess(key.first, key.second, pairMs) - predictedExcess(c, key.first, key.second)) / pairNoise(c);
}

double Prober::pairNoise(const Candidate& c)
{
    // The copies that share a chunk's reads: md's far and offset copies are read from the lowest
    // address only, one disk, as RAID-0 (an offset RAID-10 of 14 x 3 whose 13 pairs read 0.00, on
    // disks rested alike, paid 14.3 for a tolerance it does not have, more than RAID-5 of 14 paid
    // for a ratio of 2.98 against its 4: probe-eval --realism seed 9005).
    return std::sqrt(double(c.mdMirrorReads ? 1 : std::clamp(c.layout->copies(), 1, 16)));
}

// The copies test's count against the disks the candidate reads one block from, when it counted
// two or more (a flat step that a balancing controller cannot fake). A count of one is no evidence:
// a controller that balances one block's reads over c throttled copies looks, in steady state, like
// one disk at c times the rate (the calibration measured that rate as one disk's).
bool Prober::copiesFit(const Candidate& c) const
{
    const int measured = m_result.calibration.blockCopies;
    return measured < 2 || c.blockCopies() == measured;
}

bool Prober::consistent(const Candidate& c) const
{
    if (std::abs(levelError(c)) > m_tuning.levelReject || !copiesFit(c))
        return false;
    for (const auto& [key, ms] : m_pairs)
        if (pairJudged(c, key) && std::abs(pairError(c, key, ms)) > m_tuning.reject)
            return false;
    return true;
}

void Prober::pairwise()
{
    const std::uint64_t K = m_result.patternBlocks / m_result.chunkBlocks;
    if (m_candidates.empty()) { // the boundary step's hypotheses already made them
        m_candidates = stripedCandidates(m_result.chunkBlocks, m_result.patternBlocks);
    }
    // Reads of single chunks across the pattern: the level every candidate must match.
    for (std::uint64_t i = 0; i < std::min<std::uint64_t>(K, 6); ++i)
        single(i * K / std::min<std::uint64_t>(K, 6));

    if (m_config.fullPairwise || K <= 4) {
        for (std::uint64_t a = 0; a < K; ++a)
            for (std::uint64_t b = a + 1; b < K; ++b)
                testPair(a, b);
    }
    std::vector<std::size_t> alive(m_candidates.size());
    std::iota(alive.begin(), alive.end(), 0);
    std::erase_if(alive, [&](std::size_t i) { return !consistent(m_candidates[i]); });
    for (int round = 0; round < 4 * int(K) && alive.size() > 1; ++round) {
        // The untested pair whose predictions differ most among the candidates left.
        double bestSpread = 0;
        std::pair<std::uint64_t, std::uint64_t> best { 0, 0 };
        const bool all = K * K <= 400;
        const int samples = all ? int(K * K) : 400;
        for (int s = 0; s < samples; ++s) {
            std::uint64_t a = all ? std::uint64_t(s) / K : m_rng.below(K);
            std::uint64_t b = all ? std::uint64_t(s) % K : m_rng.below(K);
            if (a == b)
                continue;
            if (a > b)
                std::swap(a, b);
            if (m_pairs.count({ a, b }))
                continue;
            // Among the candidates that would judge the pair (pairJudged(): a mirror does not judge
            // one with a slow member's chunk).
            double lo = 1e9, hi = -1e9;
            for (std::size_t i : alive) {
                if (!pairJudged(m_candidates[i], { a, b }))
                    continue;
                const double r = predictedExcess(m_candidates[i], a, b);
                lo = std::min(lo, r);
                hi = std::max(hi, r);
            }
            if (hi - lo > bestSpread) {
                bestSpread = hi - lo;
                best = { a, b };
            }
        }
        if (bestSpread < 0.2)
            break;
        testPair(best.first, best.second);
        std::erase_if(alive, [&](std::size_t i) { return !consistent(m_candidates[i]); });
    }
    verify(alive.empty() ? nullptr : &m_candidates[alive.front()]);
}

// Every pair of n items in rounds of disjoint pairs (the circle method: item 0 fixed, the rest
// rotated a place each round), so that no pair reads a chunk the test just before it read. A disk
// the previous test left idle regains its idle credit (QEMU's burst), as the singles it is compared
// with had; one that test kept busy has none. In row order (0-1, 0-2, 0-3 ...) every pair after a
// row's first started on a drained disk: a capped RAID-0 of 15 at 950 IOPS read 807 ms against 707
// ms alone, an excess of 0.14 on separate disks (probe-eval --realism seed 13022).
static std::vector<std::pair<std::size_t, std::size_t>> roundRobinPairs(std::size_t n)
{
    std::vector<std::pair<std::size_t, std::size_t>> pairs;
    const std::size_t m = n + n % 2; // an odd count gets a bye: the slot n pairs with nothing
    std::vector<std::size_t> ring(m);
    std::iota(ring.begin(), ring.end(), std::size_t(0));
    for (std::size_t round = 0; round + 1 < m; ++round) {
        for (std::size_t i = 0; i < m / 2; ++i) {
            const std::size_t a = ring[i], b = ring[m - 1 - i];
            if (a < n && b < n)
                pairs.emplace_back(std::min(a, b), std::max(a, b));
        }
        std::rotate(ring.begin() + 1, ring.end() - 1, ring.end());
    }
    return pairs;
}

// N reads of each chunk in `reps` at once, against the slowest of them alone: a slow member (Shear
// Fig. 18) makes the group as slow as its own chunk, not as two chunks on one disk.
double Prober::groupRatio(const std::vector<std::uint64_t>& reps)
{
    std::vector<ProbeIo> ios;
    for (std::uint64_t k : reps)
        for (int i = 0; i < m_n; ++i)
            addRandomInstances(ios, m_result.patternBlocks, k * m_result.chunkBlocks + m_rng.below(m_result.chunkBlocks), 1);
    const auto [groupBatchMs, groupMs] = restedBatch(ios, m_ios.pairwise);
    m_groupMs = groupBatchMs; // the request rate it reached (the ceiling's) counts real time
    double slowest = 0;
    for (std::uint64_t k : reps)
        slowest = std::max(slowest, single(k));
    return groupMs / slowest;
}

// The group test of a striped mirror: one chunk from each of the copy sets that share no disk,
// read at once, take one set's time unless something caps the array's requests. Slow, with no
// pair of them sharing a disk: a ceiling (m_ceilingRatio), so that a verdict that fits only under a
// cap stands (rank()). Only where the reads look capped for the lead, as rank() takes them. The
// capped offset RAID-10 of 16 x 2 at 380 IOPS a disk under 3704/s (probe-eval --realism seed 59036)
// reads 8 such chunks; without the test it had no cap to show.
void Prober::copySetGroup(const Candidate& lead)
{
    std::vector<std::uint64_t> sets;
    std::set<int> used;
    for (std::uint64_t k = 0; k < lead.patternChunks(); ++k) {
        const auto& r = lead.reads[std::size_t(k)];
        if (r.choices.empty() || !r.fixed.empty()
            || std::any_of(r.choices.begin(), r.choices.end(), [&](int d) { return used.count(d) > 0; }))
            continue;
        sets.push_back(k);
        used.insert(r.choices.begin(), r.choices.end());
    }
    const std::size_t pairs = sets.size() * (sets.size() - 1) / 2;
    if (sets.size() < 3 || pairs > std::size_t(m_tuning.slowGroupDisks) * std::size_t(m_tuning.slowGroupDisks - 1) / 2)
        return;
    const double ratio = groupRatio(sets);
    if (m_trace)
        std::fprintf(stderr, "copy sets' group: %zu chunks, %.2fx the slowest alone\n", sets.size(), ratio);
    if (ratio <= 1.5)
        return;
    // The pairs are the lead's check, not the hypothesis' evidence: kept out of m_pairs, where a wrong
    // lead's shared-looking pairs would stand as a hint of two members on one disk (noteSharedPairs())
    // and keep later scans from running (a capped zig-zag of 12 at 128 KiB, fresh realism seed 53037,
    // found its pattern only on the slow scan that such a hint stops).
    for (const auto& [i, j] : roundRobinPairs(sets.size()))
        if (excess(pairBatch(sets[i], sets[j]).second, single(sets[i]), single(sets[j])) > 0.5)
            return; // two sets share a disk after all
    m_ceilingRatio = ratio;
    m_ceilingIops = double(sets.size()) * m_n / m_groupMs * 1e3;
}

// Verification against the leading candidate: one chunk per disk, all read at once (N each).
// If no two of them share a disk the batch takes one disk's time; two members on one physical
// disk (Shear Fig. 17) make it twice as slow, and then the pairs are tested to name them.
void Prober::verify(const Candidate* lead)
{
    if (!lead)
        return;
    const std::uint64_t K = lead->patternChunks();
    std::map<int, std::uint64_t> chunkOnDisk;
    bool singleCopy = true;
    for (std::uint64_t k = 0; k < K; ++k) {
        const auto& r = lead->reads[std::size_t(k)];
        singleCopy &= r.choices.size() == 1;
        if (!r.choices.empty() && !chunkOnDisk.count(r.choices.front()))
            chunkOnDisk[r.choices.front()] = k;
    }
    std::vector<std::uint64_t> reps;
    for (const auto& [d, k] : chunkOnDisk)
        reps.push_back(k);
    bool testPairs = !singleCopy;
    if (singleCopy && reps.size() > 2) {
        m_groupRatio = groupRatio(reps);
        testPairs = m_groupRatio > 1.5;
    }
    if (lead->failedDisk >= 0) {
        // A failed disk's chunks load every survivor: check that against a chunk on each other disk.
        for (std::uint64_t k = 0; k < K; ++k)
            if (lead->reads[std::size_t(k)].choices.empty()) {
                for (std::uint64_t r : reps)
                    testPair(k, r);
                break;
            }
    }
    testSharedPairs(*lead);
    if (!singleCopy && parallelism() > 0 && parallelism() < m_tuning.ceilingParallelism * lead->readParallelism)
        copySetGroup(*lead);
    if (!testPairs)
        return;
    // Every pair of the group when it was slow (up to slowGroupDisks disks): the pairs that share a
    // disk name the misconfiguration (Shear Fig. 17).
    const bool slowGroup = singleCopy && m_groupRatio > 1.5;
    const std::size_t slowPairs = std::size_t(m_tuning.slowGroupDisks) * std::size_t(m_tuning.slowGroupDisks - 1) / 2;
    std::size_t budget = slowGroup ? slowPairs : 24;
    bool everyPair = true, shared = false;
    for (const auto& [i, j] : roundRobinPairs(reps.size())) {
        if (budget == 0) {
            everyPair = false;
            break;
        }
        --budget;
        const double ms = testPair(reps[i], reps[j]);
        shared |= observedExcess(reps[i], reps[j], ms) > 0.5;
    }
    if (slowGroup && everyPair && !shared) {
        // No two of the chunks share a disk, yet all of them at once are slow: a limit on the whole
        // array's request rate (a controller's or host's ceiling), not a shared disk.
        m_ceilingRatio = m_groupRatio;
        m_ceilingIops = double(reps.size()) * m_n / m_groupMs * 1e3;
        m_groupRatio = 0;
    }
}

} // namespace raidscope::probe_detail
