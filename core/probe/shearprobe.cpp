// SPDX-License-Identifier: GPL-3.0-or-later
#include "shearprobe.h"

#include "layout/layoutregistry.h"
#include "chunkfit.h"
#include "layoutmodel.h"
#include "stats/kmeans.h"
#include "stats/rng.h"
#include "units.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <set>

namespace raidscope {
namespace {

struct Stopped
{
};

constexpr double kPairSigma = 0.08;  // spread of an observed pair ratio around its prediction
constexpr double kPairShift = 0.1;   // prior spread of the shift shared by every pair's excess
constexpr double kParallelSigma = 0.12; // of log(disks reading in parallel): measured 13.9-15.8 for 16 disks
constexpr double kRatioSigma = 0.08; // of log(read/write ratio): writes cost more than reads on a disk
constexpr double kReject = 0.22;
constexpr double kLevelSigma = 0.15; // of log(one chunk's read time / the serial time)
constexpr double kLevelReject = 0.25; // further off than this (1.28x) rules a candidate out     // a pair this far off its prediction rules a candidate out

double median(std::vector<double> v)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

class Prober
{
public:
    Prober(IoTarget& target, const ProbeConfig& config, const LayoutRegistry& registry, std::stop_token stop,
           const Report<ProbeSnapshot>& report)
        : m_target(target)
        , m_config(config)
        , m_registry(registry)
        , m_stop(std::move(stop))
        , m_report(report)
        , m_rng(config.seed)
        , m_throttle(std::chrono::milliseconds(50))
    {
        m_blockBytes = std::max<std::uint32_t>(4096, target.blockBytes());
        m_capacityBlocks = target.capacityBytes() / m_blockBytes;
        m_n = std::max(4, config.readsPerTest);
        m_result.target = target.describe();
        m_result.blockBytes = m_blockBytes;
    }

    ProbeResult run()
    {
        try {
            if (m_capacityBlocks < std::uint64_t(64 * m_n))
                throw std::runtime_error("the target is too small to probe");
            step(QStringLiteral("warm-up"), 0.0);
            warmUp();
            calibrate();
            step(QStringLiteral("redundancy"), 0.05);
            redundancy();
            step(QStringLiteral("pattern size"), 0.15);
            patternSizes();
            // A pattern size is a hypothesis: when no layout fits the pairs measured under it, the
            // scan goes on from there (RAID-5 left-asymmetric has sizes that nearly repeat).
            for (int attempt = 0; attempt < 8; ++attempt) {
                if (attempt > 0)
                    step(QStringLiteral("pattern size"), 0.15 + 0.1 * attempt);
                scanPattern();
                if (m_result.patternBlocks == 0)
                    break;
                step(QStringLiteral("boundaries"), 0.45);
                boundaries();
                step(QStringLiteral("pairwise layout"), 0.6);
                pairwise();
                if (anyCandidateFits())
                    break;
                m_rejected.insert(m_result.patternBlocks);
                resetHypothesis();
            }
            if (m_result.patternBlocks <= 1) { // no layout has a one-block pattern: read as none
                resetHypothesis();
                if (narrowMirrorPattern()) {
                    step(QStringLiteral("boundaries"), 0.7);
                    boundaries();
                    step(QStringLiteral("pairwise layout"), 0.8);
                    pairwise();
                    if (!anyCandidateFits())
                        resetHypothesis();
                }
            }
            step(QStringLiteral("identification"), 0.9);
            identify();
            if (m_config.checkDisks && m_best) {
                step(QStringLiteral("disk speeds"), 0.92);
                diskSpeeds();
            }
        } catch (const Stopped&) {
            m_result.stopped = m_stop.stop_requested();
        } catch (const std::exception& e) {
            m_result.error = QString::fromUtf8(e.what());
        }
        m_result.ios = m_ios;
        shearSchedule();
        m_pending.verdict = std::make_shared<const ProbeVerdict>(m_result.verdict);
        flush(1.0, true);
        return m_result;
    }

private:
    // --- I/O --------------------------------------------------------------------------------------

    BatchTiming runBatch(const std::vector<ProbeIo>& ios, std::uint64_t& counter, int outstanding)
    {
        if (m_stop.stop_requested())
            throw Stopped {};
        QString error;
        auto timing = m_target.run(ios, outstanding > 0 ? outstanding : int(ios.size()), m_stop, &error);
        if (!timing) {
            if (m_stop.stop_requested())
                throw Stopped {};
            throw std::runtime_error(error.toStdString());
        }
        counter += ios.size();
        return std::move(*timing);
    }

    double timeBatch(const std::vector<ProbeIo>& ios, std::uint64_t& counter, int outstanding = 0)
    {
        return runBatch(ios, counter, outstanding).totalNs() * 1e-6;
    }

    // Requests per millisecond in steady state: the middle 80 % of completions, so neither the
    // start (queues filling) nor the tail (the last disk finishing alone) biases the rate.
    double steadyRatePerMs(const std::vector<ProbeIo>& ios, std::uint64_t& counter, int outstanding)
    {
        std::vector<double> t = runBatch(ios, counter, outstanding).completionNs;
        std::sort(t.begin(), t.end());
        const std::size_t lo = t.size() / 10, hi = t.size() - 1 - t.size() / 10;
        return t[hi] > t[lo] ? double(hi - lo) / ((t[hi] - t[lo]) * 1e-6) : 0.0;
    }

    ProbeIo read(std::uint64_t block) const { return { block * m_blockBytes, m_blockBytes, false }; }

    // N random instances of a period: block `offset` of instance i, i uniform.
    void addRandomInstances(std::vector<ProbeIo>& ios, std::uint64_t period, std::uint64_t offset, int count)
    {
        const std::uint64_t instances = (m_capacityBlocks - offset) / period;
        for (int k = 0; k < count; ++k)
            ios.push_back(read(m_rng.below(instances) * period + offset));
    }

    std::vector<ProbeIo> randomBlocks(int count, bool write)
    {
        std::vector<ProbeIo> ios;
        for (int k = 0; k < count; ++k)
            ios.push_back({ m_rng.below(m_capacityBlocks) * m_blockBytes, m_blockBytes, write });
        return ios;
    }

    // --- reporting ---------------------------------------------------------------------------------

    void step(const QString& name, double fraction)
    {
        flush(fraction, true);
        m_pending.step = name;
        m_fraction = fraction;
    }

    void flush(double fraction, bool force)
    {
        if (!m_report || (!force && !m_throttle.due()))
            return;
        m_pending.fraction = fraction;
        m_pending.ios = m_ios;
        m_pending.patternChunks = m_result.chunkBlocks ? m_result.patternBlocks / m_result.chunkBlocks : 0;
        m_report(std::make_shared<const ProbeSnapshot>(m_pending));
        const QString name = m_pending.step;
        m_pending = {};
        m_pending.step = name;
    }

    // --- steps -------------------------------------------------------------------------------------

    // A disk idle for a while may answer a first burst at once: spend a few reads before timing.
    void warmUp() { timeBatch(randomBlocks(2 * m_n, false), m_ios.warmup); }

    // N random reads one at a time take N single-disk service times whatever the layout:
    // the level that "all N reads on one disk" reaches.
    // N random reads all at once spread over every disk: the fastest a batch can be.
    void calibrate()
    {
        m_result.serialMs = timeBatch(randomBlocks(m_n, false), m_ios.calibration, 1);
        m_spreadMs = timeBatch(randomBlocks(m_n, false), m_ios.calibration);
    }

    // Shear §2.3.4: random read bandwidth over random write bandwidth. The write count grows until
    // the bandwidth stops falling, so a write-back cache is flooded (Shear Fig. 16).
    void redundancy()
    {
        if (!m_config.measureRedundancy || !m_target.writable())
            return;
        int count = 4 * m_n;
        const int outstanding = 2 * m_n;
        double previous = 0;
        double writeRate = 0;
        for (int round = 0; round < 8; ++round, count *= 2) {
            writeRate = steadyRatePerMs(randomBlocks(count, true), m_ios.redundancy, outstanding);
            const double mbps = writeRate * m_blockBytes / 1e3;
            m_result.writes.push_back({ count, mbps });
            m_pending.writes.push_back({ count, mbps });
            flush(m_fraction, false);
            if (previous > 0 && writeRate > 0.85 * previous && writeRate < 1.15 * previous)
                break;
            previous = writeRate;
        }
        m_writeCount = count;
        m_writeRate = writeRate;
        measureReadRate(8 * m_n);
    }

    void measureReadRate(int count)
    {
        const double readRate = steadyRatePerMs(randomBlocks(count, false), m_ios.redundancy, 2 * m_n);
        m_readRate = (m_readRate * m_readCount + readRate * count) / (m_readCount + count);
        m_readCount += count;
        m_result.readMBps = m_readRate * m_blockBytes / 1e3;
        m_pending.readMBps = m_result.readMBps;
        m_result.readWriteRatio = m_writeRate > 0 ? m_readRate / m_writeRate : 0;
    }

    // More of the same: longer batches average the rates down when two answers are close.
    void refineRedundancy(int count)
    {
        const double writeRate = steadyRatePerMs(randomBlocks(count, true), m_ios.redundancy, 2 * m_n);
        m_writeRate = (m_writeRate * m_writeCount + writeRate * count) / (m_writeCount + count); // weighed by requests
        m_writeCount += count;
        measureReadRate(count);
    }

    // Disks working in parallel on random reads: the steady read rate times one read's service time.
    double parallelism() const
    {
        return m_result.readMBps > 0 ? m_result.readMBps * 1e3 / m_blockBytes * m_result.serialMs / m_n : 0;
    }

    // An n-way mirror of whole disks reads with n disks and writes to all n: parallelism = ratio.
    bool looksLikeWholeDiskMirror() const
    {
        return m_result.readWriteRatio > 0 && std::abs(std::log(parallelism() / m_result.readWriteRatio)) < 0.25;
    }

    bool ratioFits(double predicted, double slack) const
    {
        if (m_result.readWriteRatio <= 0)
            return true; // not measured
        return std::abs(std::log(m_result.readWriteRatio / predicted)) < slack;
    }

    // Shear §2.3.1: N random reads at multiples of an assumed pattern size p all land on one disk
    // (set) when p is a multiple of the real pattern; the slowest cluster's gcd is the pattern.
    // Rather than every p, only the sizes some installed layout could have are tried, smallest first.
    void patternSizes()
    {
        // Pattern lengths in chunks, and the copies a read can choose from, of the layouts whose
        // read/write ratio fits.
        std::map<std::uint64_t, std::set<int>> chunksToCopies;
        const double parallel = parallelism();
        auto fits = [&](const Candidate& c) {
            // As many disks must serve reads as the steady read rate showed working in parallel.
            return ratioFits(c.readWriteRatio, std::log(1.6))
                && (parallel <= 0 || std::abs(std::log(parallel / c.readParallelism)) <= std::log(1.7));
        };
        for (const Candidate& c : enumerateCandidates(m_registry, m_blockBytes, m_blockBytes, 0, m_config.maxDisks, false)) {
            bool fit = fits(c);
            // A failed member: reads of its chunks load a whole row, so fewer disks seem to work in
            // parallel (Shear Fig. 19). The first and the last member stand for the others.
            // Degraded, about half as many (a failed chunk's read costs a whole row): worth a look
            // only when the measured parallelism is that low.
            const bool fewer = parallel > 0 && parallel < c.readParallelism / 1.7 && parallel > c.readParallelism / 4
                && ratioFits(c.readWriteRatio, std::log(1.6));
            for (int failed : { 0, c.disks - 1 }) {
                if (fit || !fewer || c.layout->faultTolerance() == 0)
                    break;
                Candidate degraded = c;
                degraded.failedDisk = failed;
                fit = buildCandidate(degraded, m_registry, m_blockBytes) && fits(degraded);
            }
            if (!fit)
                continue;
            chunksToCopies[c.patternChunks()].insert(int(c.reads.front().choices.size()));
        }
        std::map<std::uint64_t, std::set<int>>& sizes = m_sizes; // assumed pattern (blocks) -> copies when slow
        const std::uint64_t maxChunkBlocks = std::max<std::uint64_t>(1, m_config.maxChunkBytes / m_blockBytes);
        const std::uint64_t limit = m_limit = m_capacityBlocks / std::uint64_t(4 * m_n);
        for (std::uint64_t chunk = 1; chunk <= maxChunkBlocks; chunk *= 2)
            for (const auto& [m, copies] : chunksToCopies)
                if (chunk * m <= limit && chunk * m > 1) {
                    sizes[chunk * m].insert(copies.begin(), copies.end());
                    m_chunksFor[chunk * m].insert(chunk);
                }
    }

    void scanPattern()
    {
        // Smallest first. A size p is the pattern when N reads at its multiples are as slow as one
        // disk (set) can be for some layout with that pattern (serial time / copies), and its
        // multiples 2p and 3p are as slow again; a size that only happens to crowd a few disks
        // gets slower at its multiples instead.
        double lo = 1e300, hi = 0;
        // The size confirmed at the slowest k-copy level (k > 1) so far: a near-pattern that crowds
        // a few copy sets can pass for a level, but the pattern's own set of k disks is slower.
        std::uint64_t mirrorLevel = 0;
        double mirrorMs = 0;
        const std::uint64_t limit = m_limit;
        for (const auto& [p, copies] : m_sizes) {
            if (p <= m_scanned || m_rejected.count(p))
                continue;
            m_scanned = p;
            const double ms = testPattern(p);
            lo = std::min(lo, ms);
            hi = std::max(hi, ms);
            // ... and clearly slower than reads spread over every disk, or a k-copy mirror's level
            // could be mistaken for the spread of a wider array.
            // The typical size so far is the spread level; one batch of N spread reads is noisier.
            std::vector<double> tested;
            for (const auto& [q, t] : m_patternTimes)
                tested.push_back(t);
            const double spread = tested.size() >= 5 ? median(tested) : m_spreadMs;
            int level = 0;
            for (int k : copies)
                if (ms > 1.3 * spread && ms > 0.7 * m_result.serialMs / k && ms < 1.4 * m_result.serialMs / k)
                    level = level ? std::min(level, k) : k;
            if (level && !(level > 1 && ms < 1.2 * mirrorMs)) {
                const double twice = 2 * p <= limit ? testPattern(2 * p) : ms;
                const double thrice = 3 * p <= limit ? testPattern(3 * p) : ms;
                // One disk from every phase tried: RAID-5 left-asymmetric's near-patterns ((D-1)
                // chunks) put most reads of some phases on one disk, but split others over two.
                auto everyPhase = [&](std::uint64_t q) {
                    const auto it = m_patternMin.find(q);
                    return it == m_patternMin.end() || it->second > 0.75 * m_result.serialMs;
                };
                const bool oneDisk = everyPhase(p) && everyPhase(2 * p) && everyPhase(3 * p);
                if (std::max(twice, thrice) < 1.25 * ms && std::min(twice, thrice) > 0.8 * ms && (level > 1 || oneDisk)) {
                    if (level == 1) { // one disk: nothing can be slower, this is the pattern
                        m_result.patternBlocks = p;
                        break;
                    }
                    mirrorLevel = p; // a mirror's level; a one-disk level may still come
                    mirrorMs = ms;
                }
            }
            if (m_patternTimes.size() >= 600)
                break; // a bound on the scan; the gcd of the slowest sizes decides below
        }
        if (!m_result.patternBlocks)
            m_result.patternBlocks = mirrorLevel;
        decidePattern();
        if (m_rejected.count(m_result.patternBlocks))
            m_result.patternBlocks = 0;
    }

    // Some candidate predicts every pair within 0.3 and the level; the closest gets its outliers
    // measured again once before the pattern hypothesis is given up.
    bool anyCandidateFits()
    {
        if (m_groupRatio > 1.5)
            return false;
        for (int round = 0; round < 2; ++round) {
            const Candidate* closest = nullptr;
            double error = 1e9;
            for (const Candidate& c : m_candidates)
                if (std::abs(levelError(c)) < kLevelReject && ratioFits(c.readWriteRatio, 0.3) && maxPairError(c) < error) {
                    closest = &c;
                    error = maxPairError(c);
                }
            if (error <= 0.3)
                return true;
            if (!closest || error > 0.6 || round == 1 || remeasureOutliers(*closest) == 0)
                return false;
        }
        return false;
    }

    void resetHypothesis()
    {
        m_result.patternBlocks = 0;
        m_result.chunkBlocks = 0;
        m_result.chunkRunsBlocks.clear();
        m_result.boundaries.clear();
        m_result.pairs.clear();
        m_pairs.clear();
        m_single.clear();
        m_pairNoise = 0;
        m_candidates.clear();
        m_resampled.clear();
        m_groupRatio = 0;
    }

    // N reads at multiples of p from a random phase. A multiple of the pattern is slow from every
    // phase; some sizes are slow from some phases only (RAID-5 left-asymmetric: chunks 0, 10 and 20
    // of a 6-disk array share disk 0, chunks 1, 11 and 21 do not), so a slow answer is checked from
    // a second phase and the faster of the two kept.
    double patternBatch(std::uint64_t p, int reads = 0)
    {
        std::vector<ProbeIo> ios;
        addRandomInstances(ios, p, m_rng.below(p), reads > 0 ? reads : m_n);
        return timeBatch(ios, m_ios.patternSize);
    }

    double testPattern(std::uint64_t p)
    {
        for (const auto& [tested, ms] : m_patternTimes)
            if (tested == p)
                return ms;
        auto once = [&] { return patternBatch(p); };
        // Two phases, and a third when they disagree, then the median: a size slow from one phase
        // only is not the pattern, and a real pattern whose phase hit a failed disk (its reads
        // spread to every survivor) or a fast one is still slow from the other two.
        std::vector<double> phases { once(), once() };
        if (std::abs(std::log(phases[0] / phases[1])) > std::log(1.3))
            phases.push_back(once());
        double ms = median(phases);
        m_patternMin[p] = *std::min_element(phases.begin(), phases.end());
        m_patternTimes.emplace_back(p, ms);
        m_result.pattern.push_back({ p, ms, false });
        m_pending.pattern.push_back({ p, ms, false });
        flush(m_fraction, false);
        return ms;
    }

    // A striped mirror with nearly as many copies as disks (raid10 with 4 copies on 5 disks) is
    // only D/k = 1.25x slower at its pattern's multiples than reads spread over every disk: under
    // the scan's margin, so it looks like a mirror of whole disks. The steady read rate tells them
    // apart: an n-way mirror of whole disks reads with n disks, the striped one with more than its
    // copies. Then the sizes of such layouts are measured again, three phases of 4N reads each,
    // against a level between one copy set's and every disk's.
    bool narrowMirrorPattern()
    {
        if (m_result.readWriteRatio <= 0)
            return false;
        std::vector<double> serial { m_result.serialMs };
        for (int i = 0; i < 2; ++i)
            serial.push_back(timeBatch(randomBlocks(m_n, false), m_ios.calibration, 1));
        m_result.serialMs = std::accumulate(serial.begin(), serial.end(), 0.0) / double(serial.size());
        refineRedundancy(64 * m_n);
        const double parallel = parallelism();
        const double n = std::round(m_result.readWriteRatio);
        // More disks than copies, by more than the measurement's noise (5 %).
        if (n < 2 || parallel < 1.1 * n)
            return false;
        std::map<std::uint64_t, double> sizes; // assumed pattern -> the smallest D/k of layouts with it
        std::map<std::uint64_t, std::set<std::uint64_t>> chunks;
        const std::uint64_t maxChunkBlocks = std::max<std::uint64_t>(1, m_config.maxChunkBytes / m_blockBytes);
        for (const Candidate& c : enumerateCandidates(m_registry, m_blockBytes, m_blockBytes, 0, m_config.maxDisks, false)) {
            const double copies = double(c.reads.front().choices.size());
            const double spreadOver = c.readParallelism / copies;
            // D/k from 1.15 (less is not measurable) to 1.7 (more, the first scan finds).
            if (copies < 2 || spreadOver >= 1.7 || spreadOver < 1.15
                || std::abs(std::log(m_result.readWriteRatio / c.readWriteRatio)) > std::log(1.3)
                || std::abs(std::log(parallel / c.readParallelism)) > std::log(1.15))
                continue;
            for (std::uint64_t chunk = 1; chunk <= maxChunkBlocks; chunk *= 2) {
                const std::uint64_t p = chunk * c.patternChunks();
                if (p <= 1 || p > m_limit)
                    continue;
                sizes[p] = sizes.count(p) ? std::min(sizes[p], spreadOver) : spreadOver;
                chunks[p].insert(chunk);
            }
        }
        if (sizes.empty())
            return false;
        // Batches of 4N: with N reads over 5 disks, the slowest disk's tail is as large as the contrast.
        const int reads = 4 * m_n;
        auto mean = [&](std::uint64_t p) {
            double logs = 0;
            for (int i = 0; i < 3; ++i)
                logs += std::log(patternBatch(p, reads));
            const double ms = std::exp(logs / 3) / 4;
            m_result.pattern.push_back({ p, ms, false });
            m_pending.pattern.push_back({ p, ms, false });
            flush(m_fraction, false);
            return ms;
        };
        double spread = 0;
        for (int i = 0; i < 3; ++i)
            spread += std::log(timeBatch(randomBlocks(reads, false), m_ios.patternSize));
        spread = std::exp(spread / 3) / 4;
        for (const auto& [p, factor] : sizes) {
            // A third of the way (geometrically): md's far copies sit in separate regions, so reads
            // confined to one copy set also seek shorter, and their level is only about half as far up.
            const double threshold = spread * std::cbrt(factor);
            const double ms = mean(p);
            if (ms < threshold || mean(2 * p) < threshold)
                continue;
            m_result.patternBlocks = p;
            m_slowMs = ms;
            m_chunksFor[p].insert(chunks[p].begin(), chunks[p].end());
            for (PatternPoint& point : m_result.pattern)
                point.slow = point.patternBlocks % p == 0;
            return true;
        }
        return false;
    }

    // Shear §2.3.1's decision: x-means over the times, the slowest cluster (trimmed to the times
    // near the slowest, so a cluster lumping one-disk and two-disk sizes does not spoil the gcd),
    // the gcd of its sizes. Kept as a check on the adaptive answer, and as the answer when the
    // adaptive scan found none.
    void decidePattern()
    {
        if (m_patternTimes.size() < 2)
            return;
        std::vector<double> logs;
        for (const auto& [p, ms] : m_patternTimes)
            logs.push_back(std::log(ms));
        XMeansOptions options;
        options.kMax = 6;
        options.kmeans.seed = m_config.seed;
        const KMeansResult clusters = xmeans(logs, options);
        const int slowest = clusters.k - 1;
        const double lo = *std::min_element(logs.begin(), logs.end());
        const double hi = *std::max_element(logs.begin(), logs.end());
        if (m_result.patternBlocks == 0 && (clusters.k < 2 || std::exp(hi - lo) < 1.3))
            return; // one regime only: every read can go to every disk
        std::uint64_t g = 0;
        for (std::size_t i = 0; i < m_patternTimes.size(); ++i) {
            if (clusters.labels[i] != slowest || logs[i] < hi - std::log(1.25) || m_rejected.count(m_patternTimes[i].first))
                continue;
            g = std::gcd(g, m_patternTimes[i].first);
        }
        if (m_result.patternBlocks == 0)
            m_result.patternBlocks = g;
        if (m_result.patternBlocks == 0)
            return;
        double slowMs = 0;
        int slowCount = 0;
        for (std::size_t i = 0; i < m_patternTimes.size(); ++i) {
            const bool slow = m_patternTimes[i].first % m_result.patternBlocks == 0;
            m_result.pattern[i].slow = slow;
            if (slow) {
                slowMs += m_patternTimes[i].second;
                ++slowCount;
            }
        }
        m_slowMs = slowCount ? slowMs / slowCount : std::exp(hi);
    }

    // Shear §2.3.2: blocks c-1 and c of random pattern instances. When c is a boundary between two
    // disks the 2N reads share two disks (fast); inside a chunk they queue on one (twice as slow).
    double testBoundary(std::uint64_t c)
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
        const double ms = timeBatch(ios, m_ios.boundaries);
        // Provisional for the live plot; the fit below decides.
        const bool boundary = ms / m_slowMs < 1.8;
        m_result.boundaries.push_back({ c, ms, boundary });
        m_pending.boundaries.push_back({ c, ms, boundary });
        flush(m_fraction, false);
        return ms;
    }

    // The layouts, healthy or degraded, with this chunk and pattern whose read/write ratio fits.
    // Mirrors of whole disks (every chunk on every disk) have no pattern: identifyUnstriped() names them.
    std::vector<Candidate> stripedCandidates(std::uint64_t chunkBlocks, std::uint64_t patternBlocks) const
    {
        std::vector<Candidate> out = enumerateCandidates(m_registry, chunkBlocks * m_blockBytes, m_blockBytes, patternBlocks,
                                                         m_config.maxDisks, true);
        std::erase_if(out, [&](const Candidate& c) {
            return !ratioFits(c.readWriteRatio, std::log(1.8)) || c.layout->copies() >= c.disks;
        });
        return out;
    }

    // Only chunk sizes some installed layout has with this pattern are possible, so rather than
    // every offset c (Shear) the offsets that tell those chunk sizes apart are measured, and each
    // chunk hypothesis is scored by how well its layouts predict them all (chunkfit.h). A fixed
    // threshold cannot work for every layout: a 4-copy mirror's boundaries are only 10-20 % faster
    // than the inside of its chunks, a single-copy layout's twice as fast.
    void boundaries()
    {
        const std::uint64_t p = m_result.patternBlocks;
        if (m_slowMs <= 0)
            m_slowMs = testPattern(p);
        std::vector<ChunkHypothesis> hypotheses;
        if (const auto it = m_chunksFor.find(p); it != m_chunksFor.end())
            for (std::uint64_t h : it->second) {
                ChunkHypothesis hypothesis { h, stripedCandidates(h, p) };
                if (!hypothesis.candidates.empty())
                    hypotheses.push_back(std::move(hypothesis));
            }
        if (hypotheses.empty()) {
            scanBoundaries();
            return;
        }
        BoundarySamples samples;
        const double level = m_result.serialMs > 0 ? std::log(m_slowMs / m_result.serialMs) : 0.0;
        auto measure = [&](std::uint64_t c) { samples[c].push_back(testBoundary(c) / m_slowMs); };
        for (const ChunkHypothesis& h : hypotheses)
            measure(std::min(h.chunkBlocks, p));
        // Decided at a likelihood ratio of e^4.5 (90:1) over the next chunk size, or after 24 more tests.
        constexpr double kDecided = 9.0;
        ChunkFit fit = fitChunk(hypotheses, samples, level);
        for (int extra = 0; extra < 24 && fit.margin < kDecided; ++extra) {
            const std::uint64_t c = mostInformativeOffset(hypotheses, fit, samples);
            if (c == 0)
                break;
            measure(c);
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
            fit = fitChunk(hypotheses, samples, level);
            chunk = hypotheses[fit.hypothesis].chunkBlocks;
        }
        m_result.chunkBlocks = chunk;
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
        for (BoundaryPoint& b : m_result.boundaries)
            b.boundary = b.timeMs < threshold;
        for (const auto& [c, v] : samples) {
            double sum = 0;
            for (double r : v)
                sum += r;
            if (c % chunk == 0 && sum / double(v.size()) * m_slowMs < threshold)
                found.push_back(c);
        }
        chunkRuns(found);
    }

    // Shear's scan, for a pattern no installed layout has: offsets c = 1, 2, ... until two
    // boundaries fix the chunk (their gcd), under one fixed threshold.
    void scanBoundaries()
    {
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
    void chunkRuns(std::vector<std::uint64_t> found)
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

    // N reads of chunk `a` in random patterns (random block of the chunk each time): one disk's
    // time for that chunk, or less when copies share the reads. Cached.
    double single(std::uint64_t a)
    {
        const auto done = m_single.find(a);
        if (done != m_single.end())
            return done->second;
        std::vector<ProbeIo> ios;
        for (int k = 0; k < m_n; ++k)
            addRandomInstances(ios, m_result.patternBlocks, a * m_result.chunkBlocks + m_rng.below(m_result.chunkBlocks), 1);
        const double ms = timeBatch(ios, m_ios.pairwise);
        m_single[a] = ms;
        m_pairNoise = 0;
        return ms;
    }

    // How much longer N reads of a plus N of b take than the slower alone, in units of the faster
    // alone: 1 when they share a disk (the reads queue behind each other), 0 on separate disks,
    // between when copies overlap (chained declustering: 1/3). Unlike Shear's raw times it does
    // not mistake a slow disk for a shared one (Shear §5.1 heterogeneity).
    static double excess(double pair, double ta, double tb) { return (pair - std::max(ta, tb)) / std::min(ta, tb); }

    // Shear §2.3.3: N reads of chunk a and N of chunk b in random patterns, for chunk pairs. Pairs
    // are chosen to split the candidate layouts still standing, instead of all chunks^2 of them.
    double testPair(std::uint64_t a, std::uint64_t b)
    {
        const auto key = std::make_pair(std::min(a, b), std::max(a, b));
        const auto done = m_pairs.find(key);
        if (done != m_pairs.end())
            return done->second;
        const std::uint64_t chunk = m_result.chunkBlocks;
        std::vector<ProbeIo> ios;
        for (int k = 0; k < m_n; ++k) {
            addRandomInstances(ios, m_result.patternBlocks, a * chunk + m_rng.below(chunk), 1);
            addRandomInstances(ios, m_result.patternBlocks, b * chunk + m_rng.below(chunk), 1);
        }
        const double ms = timeBatch(ios, m_ios.pairwise);
        m_pairs[key] = ms;
        const double e = excess(ms, single(a), single(b));
        m_result.pairs.push_back({ key.first, key.second, ms, e });
        m_pending.pairs.push_back({ key.first, key.second, ms, e });
        flush(m_fraction, false);
        return ms;
    }

    double observedExcess(std::uint64_t a, std::uint64_t b, double pairMs) const
    {
        return excess(pairMs, m_single.at(a), m_single.at(b));
    }

    static double predictedExcess(const Candidate& c, std::uint64_t a, std::uint64_t b)
    {
        return excess(c.pairCost(a, b), c.singleCost(a), c.singleCost(b));
    }

    // Observed minus predicted excess, in units of the noise of a single-copy layout's. An excess
    // divides by one chunk's N reads; with k copies those are N/k per disk, so its noise grows as
    // sqrt(k) (k from the observed level: one disk's time over one chunk's).
    double pairError(const Candidate& c, const std::pair<std::uint64_t, std::uint64_t>& key, double pairMs) const
    {
        if (m_pairNoise <= 0) {
            std::vector<double> singles;
            for (const auto& [a, ms] : m_single)
                singles.push_back(ms);
            const double copies = singles.empty() ? 1.0 : m_result.serialMs / median(singles);
            m_pairNoise = std::sqrt(std::clamp(copies, 1.0, 16.0));
        }
        return (observedExcess(key.first, key.second, pairMs) - predictedExcess(c, key.first, key.second)) / m_pairNoise;
    }

    bool consistent(const Candidate& c) const
    {
        if (std::abs(levelError(c)) > kLevelReject)
            return false;
        for (const auto& [key, ms] : m_pairs)
            if (std::abs(pairError(c, key, ms)) > kReject)
                return false;
        return true;
    }

    void pairwise()
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
                double lo = 1e9, hi = -1e9;
                for (std::size_t i : alive) {
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

    // Verification against the leading candidate: one chunk per disk, all read at once (N each).
    // If no two of them share a disk the batch takes one disk's time; two members on one physical
    // disk (Shear Fig. 17) make it twice as slow, and then the pairs are tested to name them.
    void verify(const Candidate* lead)
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
            std::vector<ProbeIo> ios;
            for (std::uint64_t k : reps)
                for (int i = 0; i < m_n; ++i)
                    addRandomInstances(ios, m_result.patternBlocks, k * m_result.chunkBlocks + m_rng.below(m_result.chunkBlocks), 1);
            std::vector<double> singles;
            for (const auto& [a, ms] : m_single)
                singles.push_back(ms);
            m_groupRatio = timeBatch(ios, m_ios.pairwise) / *std::max_element(singles.begin(), singles.end());
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
        if (!testPairs)
            return;
        int budget = singleCopy ? 40 : 24;
        for (std::size_t i = 0; i < reps.size() && budget > 0; ++i)
            for (std::size_t j = i + 1; j < reps.size() && budget > 0; ++j, --budget)
                testPair(reps[i], reps[j]);
    }

    // --- identification ----------------------------------------------------------------------------

    double score(const Candidate& c) const
    {
        // Pairs, less one shift shared by every pair (a Gaussian prior of 0.1): the balancing tail of
        // many copies, and md's far copies seeking between regions when two chunks share a disk, make
        // every excess a little larger than the water-filling ideal; which pairs overlap still decides.
        double s = 0, sum = 0;
        for (const auto& [key, ms] : m_pairs) {
            const double d = pairError(c, key, ms) / kPairSigma;
            s += d * d;
            sum += d;
        }
        const double shiftPrior = kPairSigma * kPairSigma / (kPairShift * kPairShift); // in units of kPairSigma
        s -= sum * sum / (double(m_pairs.size()) + shiftPrior);
        if (m_result.readWriteRatio > 0) {
            // Writes that only write cost about what reads do, so such a ratio is measured tighter
            // than one of read-modify-writes (whose writes land a rotation after their reads).
            const double d = std::log(m_result.readWriteRatio / c.readWriteRatio) / (c.writesRead ? kRatioSigma : 0.06);
            s += d * d;
        }
        // Disks reading in parallel (the steady read rate against one disk's): tells 3 disks from 6
        // when every pair merely shifts (near, 2 copies: pairs overlap one disk or none).
        if (parallelism() > 0) {
            const double d = std::log(parallelism() / c.readParallelism) / kParallelSigma;
            s += d * d;
        }
        // How slow reads of one chunk are against N reads one at a time: 1 for one disk, 1/k when
        // k copies share the reads. Tells raid5 from a 4-copy raid10 with the same ratio and pairs.
        const double level = levelError(c) / kLevelSigma;
        s += level * level;
        // Prefer the healthy explanation when a failed member explains nothing more.
        if (c.failedDisk >= 0)
            s += 10.0;
        if (c.mdParityWrites)
            s += 3.0;
        return s;
    }

    // log(observed / predicted) of how slow reads of one chunk are against N reads one at a time:
    // 1 for one disk, 1/k when k copies share the reads. Tells raid5 from a 4-copy raid10 with the
    // same ratio and pairs, and a near-pattern (two disks) from the pattern (one).
    double levelError(const Candidate& c) const
    {
        if (m_single.empty() || m_result.serialMs <= 0)
            return 0;
        // The median over chunks, so one slower or faster disk (Shear Fig. 18) does not decide it.
        std::vector<double> logs;
        for (const auto& [a, ms] : m_single)
            logs.push_back(std::log(ms / m_result.serialMs / c.singleCost(a)));
        return median(logs);
    }

    double maxPairError(const Candidate& c) const
    {
        double worst = 0;
        for (const auto& [key, ms] : m_pairs)
            worst = std::max(worst, std::abs(pairError(c, key, ms)));
        return worst;
    }

    void identifyUnstriped()
    {
        // Every read can go anywhere: an n-way mirror of whole disks. Its read/write ratio is n
        // (a read takes one disk, a write all n), so the ratio counts the disks.
        ProbeVerdict& v = m_result.verdict;
        if (m_result.readWriteRatio <= 0) {
            v.findings << QStringLiteral("no pattern: every assumed pattern size reads equally fast, so every "
                                         "block is readable from every disk, but without a write test the number "
                                         "of copies is unknown (run with writes allowed)");
            return;
        }
        if (!looksLikeWholeDiskMirror()) {
            v.findings << QStringLiteral("matches no known layout: no pattern, but %1 disks read in parallel while "
                                         "the read/write ratio is %2; a mirror of whole disks would show the same number")
                              .arg(parallelism(), 0, 'f', 1)
                              .arg(m_result.readWriteRatio, 0, 'f', 2);
            return;
        }
        // n and n+1 copies differ by a few percent at large n: measure longer until decided.
        for (int round = 0; round < 3; ++round) {
            const double r = m_result.readWriteRatio;
            const double gap = std::abs(std::log(r / double(std::lround(r))));
            const double nextGap = std::abs(std::log(r / (std::lround(r) + (r > std::lround(r) ? 1 : -1))));
            if (nextGap - gap > 0.06)
                break;
            refineRedundancy(64 * m_n * (round + 1)); // n and n+1 disks differ by 1/n: thousands of requests
        }
        const int disks = int(std::lround(m_result.readWriteRatio));
        const double off = std::abs(std::log(m_result.readWriteRatio / std::max(1, disks)));
        if (disks < 2 || off > 0.2 || !m_registry.find(QStringLiteral("raid1"))) {
            v.findings << QStringLiteral("matches no known layout: no pattern, and a read/write ratio of %1 that is "
                                         "no whole number of copies")
                              .arg(m_result.readWriteRatio, 0, 'f', 2);
            return;
        }
        v.scheme = QStringLiteral("raid1");
        v.disks = disks;
        v.copies = disks;
        v.spec = QStringLiteral("raid1 disks=%1").arg(disks);
        v.equivalents << QStringLiteral("raid10 disks=%1 copies=%1 (any layout, any chunk)").arg(disks);
        if (disks == 2)
            v.equivalents << QStringLiteral("chained disks=2 (any chunk)");
        // Neighbouring copy counts are the alternatives. A mirror's writes cost what its reads do
        // (no read-modify-write), so its ratio is measured to a few percent.
        constexpr double mirrorSigma = 0.03;
        const double here = std::log(m_result.readWriteRatio / disks) / mirrorSigma;
        const double next = std::log(m_result.readWriteRatio / (disks + (m_result.readWriteRatio > disks ? 1 : -1))) / mirrorSigma;
        v.confidence = 1.0 / (1.0 + std::exp(-0.5 * (next * next - here * here)));
        v.runnerUp = QStringLiteral("raid1 disks=%1").arg(disks + (m_result.readWriteRatio > disks ? 1 : -1));
        v.runnerUpConfidence = 1 - v.confidence;
        v.identified = v.confidence >= 0.8;
        if (!v.identified)
            v.findings << QStringLiteral("the evidence is too weak to decide between %1 and %2").arg(v.spec, v.runnerUp);
    }

    void identify()
    {
        if (m_result.patternBlocks == 0) {
            identifyUnstriped();
            return;
        }
        rank();
    }

    void rank()
    {
        ProbeVerdict& v = m_result.verdict;
        v.equivalents.clear();
        if (m_candidates.empty()) {
            v.findings << QStringLiteral("matches no known layout: no installed layout has a %1 pattern with %2 chunks%3")
                              .arg(formatBytes(m_result.patternBlocks * m_blockBytes),
                                  formatBytes(m_result.chunkBlocks * m_blockBytes),
                                  m_result.readWriteRatio > 0
                                      ? QStringLiteral(" and a read/write ratio near %1").arg(m_result.readWriteRatio, 0, 'f', 1)
                                      : QString());
            return;
        }
        std::vector<std::pair<double, std::size_t>> ranked;
        for (std::size_t i = 0; i < m_candidates.size(); ++i)
            ranked.emplace_back(score(m_candidates[i]), i);
        std::sort(ranked.begin(), ranked.end());
        const Candidate& best = m_candidates[ranked.front().second];
        // Group layouts whose every prediction equals the best's: no Shear measurement tells them apart.
        const std::uint64_t K = best.patternChunks();
        auto samePredictions = [&](const Candidate& o) {
            if (o.patternBlocks != best.patternBlocks || (o.failedDisk >= 0) != (best.failedDisk >= 0)
                || std::abs(o.pairCost(0, 0) - best.pairCost(0, 0)) > 1e-9
                || std::abs(std::log(o.readWriteRatio / best.readWriteRatio)) > 0.05)
                return false;
            for (std::uint64_t a = 0; a < K; ++a)
                for (std::uint64_t b = a; b < K && b < a + 64; ++b)
                    if (std::abs(o.pairCost(a, b) / o.pairCost(0, 0) - best.pairCost(a, b) / best.pairCost(0, 0)) > 1e-6)
                        return false;
            return true;
        };
        double total = 0, bestGroup = 0, runner = 0;
        const Candidate* runnerUp = nullptr;
        for (const auto& [s, i] : ranked) {
            const double likelihood = std::exp(-0.5 * (s - ranked.front().first));
            total += likelihood;
            const Candidate& c = m_candidates[i];
            if (&c == &best || samePredictions(c)) {
                bestGroup += likelihood;
                if (&c != &best && c.failedDisk == best.failedDisk && c.mdParityWrites == best.mdParityWrites)
                    v.equivalents << c.spec();
            } else if (!runnerUp) {
                runnerUp = &c;
                runner = likelihood;
            }
        }
        v.equivalents.removeDuplicates();
        m_best = &best;
        v.scheme = best.scheme;
        v.variant = best.variant;
        v.disks = best.disks;
        v.copies = best.copies;
        v.chunkBytes = best.chunkBytes;
        v.patternBytes = best.patternBlocks * m_blockBytes;
        v.failedDisk = best.failedDisk;
        v.mdParityWrites = best.mdParityWrites;
        v.spec = best.spec();
        v.confidence = bestGroup / total;
        if (runnerUp) {
            v.runnerUp = runnerUp->spec();
            v.runnerUpConfidence = runner / total;
        }
        // One pair far off may be bad luck (many copies balance unevenly in a short batch): such
        // pairs are measured again and averaged before anything is called a mismatch.
        if (remeasureOutliers(best) > 0)
            return rank();
        const double worst = std::max(maxPairError(best), std::abs(levelError(best)) > kLevelReject ? 1.0 : 0.0);
        if (m_groupRatio > 1.5 && worst <= 0.3) {
            v.identified = false;
            v.findings << QStringLiteral("matches no known layout: one chunk from each disk of %1, read together, "
                                         "took %2x one disk's time; two members may share one physical disk")
                              .arg(best.spec())
                              .arg(m_groupRatio, 0, 'f', 2);
            return;
        }
        if (worst > 0.3) {
            v.identified = false;
            v.findings << QStringLiteral("matches no known layout: the closest, %1, is off by %2 in a chunk pair's "
                                         "time; two members may share one physical disk (Shear Fig. 17)")
                              .arg(best.spec())
                              .arg(worst, 0, 'f', 2);
            misconfigurationDetail(best);
            return;
        }
        // Undecided between layouts whose read/write ratios differ (md's writes or not, 4 or 5
        // copies): the ratio is measured longer, a quarter of its noise per round.
        if (v.confidence < 0.8 && runnerUp && m_ratioRounds < 3 && m_result.readWriteRatio > 0
            && std::abs(std::log(best.readWriteRatio / runnerUp->readWriteRatio)) > 0.1) {
            refineRedundancy(16 * m_n << m_ratioRounds++);
            v.findings.clear();
            return rank();
        }
        v.identified = v.confidence >= 0.8;
        if (!v.identified)
            v.findings << QStringLiteral("the evidence is too weak to decide between %1 and %2").arg(best.spec(), v.runnerUp);
        if (best.failedDisk >= 0)
            v.findings << QStringLiteral("disk %1 has failed: the array runs degraded, its chunks are rebuilt from "
                                         "every other disk (Shear Fig. 19)")
                              .arg(best.failedDisk);
        if (best.mdParityWrites)
            v.findings << QStringLiteral("small writes read the rest of the stripe instead of old data and parity "
                                         "(as Linux md did in Shear section 4)");
    }

    // Pairs a candidate predicts more than 0.3 off, measured again with their chunks' singles and
    // averaged: many copies balance unevenly in a short batch, and an excess divides by one
    // chunk's time. At most `m_remeasureBudget` pairs over the whole probe; how many were measured.
    int remeasureOutliers(const Candidate& c)
    {
        std::vector<std::pair<std::uint64_t, std::uint64_t>> off;
        for (const auto& [key, ms] : m_pairs)
            if (std::abs(pairError(c, key, ms)) > 0.3)
                off.push_back(key);
        int again = 0;
        for (const auto& key : off) {
            if (m_remeasureBudget == 0)
                break;
            --m_remeasureBudget;
            ++again;
            const double first = m_pairs[key];
            m_pairs.erase(key);
            for (const std::uint64_t x : { key.first, key.second })
                if (m_resampled.insert(x).second) {
                    const double old = m_single[x];
                    m_single.erase(x);
                    m_single[x] = 0.5 * (old + single(x));
                }
            m_pairs[key] = 0.5 * (first + testPair(key.first, key.second));
        }
        return again;
    }

    void misconfigurationDetail(const Candidate& c)
    {
        QStringList pairs;
        for (const auto& [key, ms] : m_pairs) {
            if (pairError(c, key, ms) > 0.3)
                pairs << QStringLiteral("%1-%2").arg(key.first).arg(key.second);
        }
        if (!pairs.isEmpty())
            m_result.verdict.findings << QStringLiteral("chunk pairs slower than %1 predicts (same disk where they "
                                                        "should not be): %2")
                                             .arg(c.spec(), pairs.mid(0, 12).join(QStringLiteral(", ")));
    }

    // Shear §5.1, Fig. 18: N reads of one chunk per disk; a disk much slower or faster than the
    // median stands out.
    void diskSpeeds()
    {
        const Candidate& c = *m_best;
        if (c.layout->redundancy() == Redundancy::Mirror || c.failedDisk >= 0 || m_result.patternBlocks == 0)
            return;
        std::map<int, std::uint64_t> chunkOnDisk;
        for (std::uint64_t k = 0; k < c.patternChunks(); ++k) {
            const auto& r = c.reads[std::size_t(k)];
            if (r.choices.size() == 1 && !chunkOnDisk.count(r.choices.front()))
                chunkOnDisk[r.choices.front()] = k;
        }
        std::vector<double> times;
        for (const auto& [disk, k] : chunkOnDisk) {
            std::vector<ProbeIo> ios;
            for (int i = 0; i < 2 * m_n; ++i)
                addRandomInstances(ios, m_result.patternBlocks, k * m_result.chunkBlocks + m_rng.below(m_result.chunkBlocks), 1);
            const double ms = timeBatch(ios, m_ios.disks);
            m_result.disks.push_back({ disk, ms, 1 });
            times.push_back(ms);
        }
        const double mid = median(times);
        for (DiskSpeedPoint& d : m_result.disks) {
            d.relative = d.timeMs / mid;
            if (d.relative > 1.25)
                m_result.verdict.findings << QStringLiteral("disk %1 is slower than the others (%2x the median time)")
                                                 .arg(d.disk)
                                                 .arg(d.relative, 0, 'f', 2);
            else if (d.relative < 0.8)
                m_result.verdict.findings << QStringLiteral("disk %1 is faster than the others (%2x the median time)")
                                                 .arg(d.disk)
                                                 .arg(d.relative, 0, 'f', 2);
        }
        m_pending.disks = m_result.disks;
    }

    // What Shear's fixed schedule spends on the same array with the same N (Shear §2.3, Fig. 7):
    // every assumed pattern size up to twice the pattern, every boundary offset in the pattern,
    // every pair of chunks, and the same redundancy test.
    void shearSchedule()
    {
        const std::uint64_t n = std::uint64_t(m_n);
        const std::uint64_t p = m_result.patternBlocks;
        const std::uint64_t k = m_result.chunkBlocks ? p / m_result.chunkBlocks : 0;
        std::uint64_t largest = 2 * p;
        for (const auto& [tested, ms] : m_patternTimes)
            largest = std::max(largest, tested);
        const std::uint64_t pattern = std::max<std::uint64_t>(largest, 1) * n; // every size from 1 block
        const std::uint64_t boundaries = p * 2 * n;
        const std::uint64_t pairs = k * k * 2 * n;
        m_result.shearScheduleIos = pattern + boundaries + pairs + m_ios.redundancy;
        m_result.shearSchedule = QJsonObject { { QStringLiteral("patternSize"), qint64(pattern) },
            { QStringLiteral("boundaries"), qint64(boundaries) }, { QStringLiteral("pairwise"), qint64(pairs) },
            { QStringLiteral("redundancy"), qint64(m_ios.redundancy) },
            { QStringLiteral("total"), qint64(m_result.shearScheduleIos) } };
    }

    IoTarget& m_target;
    const ProbeConfig& m_config;
    const LayoutRegistry& m_registry;
    std::stop_token m_stop;
    const Report<ProbeSnapshot>& m_report;
    Rng m_rng;
    Throttle m_throttle;
    std::uint32_t m_blockBytes = 4096;
    std::uint64_t m_capacityBlocks = 0;
    int m_n = 32;
    double m_fraction = 0;
    IoCounts m_ios;
    ProbeResult m_result;
    ProbeSnapshot m_pending;
    std::vector<std::pair<std::uint64_t, double>> m_patternTimes;
    std::map<std::uint64_t, std::set<int>> m_sizes; // assumed pattern sizes to try -> copies when slow
    std::set<std::uint64_t> m_rejected;            // pattern sizes no layout fitted
    std::map<std::uint64_t, double> m_patternMin;  // fastest phase of each size tried
    std::uint64_t m_scanned = 0;                   // sizes up to this one are tried
    std::uint64_t m_limit = 0;
    double m_slowMs = 0;
    double m_spreadMs = 0;
    double m_readRate = 0, m_writeRate = 0; // requests per ms in steady state
    int m_writeCount = 0, m_readCount = 0; // requests behind the rates
    double m_groupRatio = 0; // one chunk per disk read at once, against one disk's time
    std::map<std::uint64_t, std::set<std::uint64_t>> m_chunksFor; // assumed pattern -> chunk sizes a layout has with it
    std::map<std::pair<std::uint64_t, std::uint64_t>, double> m_pairs;
    std::map<std::uint64_t, double> m_single; // pattern chunk -> N reads of it
    std::vector<Candidate> m_candidates;
    const Candidate* m_best = nullptr;
    mutable double m_pairNoise = 0;     // pairError()'s unit, once singles are measured
    int m_ratioRounds = 0;              // rounds of refineRedundancy() spent deciding between ratios
    int m_remeasureBudget = 8;          // outlier pairs measured again, at most
    std::set<std::uint64_t> m_resampled; // chunks whose single was measured twice
};

} // namespace

ProbeResult runShearProbe(IoTarget& target, const ProbeConfig& config, const LayoutRegistry& registry,
                          std::stop_token stop, const Report<ProbeSnapshot>& report)
{
    Prober prober(target, config, registry, std::move(stop), report);
    return prober.run();
}

ProbeResult runShearProbe(IoTarget& target, const ProbeConfig& config, std::stop_token stop,
                          const Report<ProbeSnapshot>& report)
{
    return runShearProbe(target, config, LayoutRegistry::instance(), std::move(stop), report);
}

} // namespace raidscope
