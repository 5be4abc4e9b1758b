// SPDX-License-Identifier: GPL-3.0-or-later
#include "shearprobe.h"
#include "prober_p.h"
#include "model/modelprobe.h"

#include "layout/layoutregistry.h"
#include "numberrange.h"
#include "stats/kmeans.h"
#include "units.h"

#include <QStringList>

#include <algorithm>
#include <cstdio>
#include <cmath>
#include <numeric>

namespace raidscope::probe_detail {

static QStringList phasesText(const std::vector<double>& v)
{
    QStringList out;
    for (double ms : v)
        out << QString::number(ms, 'f', 1);
    return out;
}

double median(std::vector<double> v)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

double medianTime(const std::map<std::uint64_t, double>& times)
{
    std::vector<double> v;
    v.reserve(times.size());
    for (const auto& [at, ms] : times)
        v.push_back(ms);
    return median(std::move(v));
}

double slowestOverMedian(const std::map<std::uint64_t, double>& times)
{
    if (times.size() < 3)
        return 0;
    const double mid = medianTime(times);
    const auto slowest = std::max_element(times.begin(), times.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
    return mid > 0 ? slowest->second / mid : 0;
}

Prober::Prober(IoTarget& target, const ProbeConfig& config, const LayoutRegistry& registry, std::stop_token stop,
       const Report<ProbeSnapshot>& report)
    : m_target(target)
    , m_config(config)
    , m_tuning(config.tuning)
    , m_registry(registry)
    , m_stop(std::move(stop))
    , m_report(report)
    , m_rng(config.seed)
    , m_throttle(std::chrono::milliseconds(50))
{
    m_blockBytes = std::max<std::uint32_t>(4096, target.blockBytes());
    m_capacityBlocks = target.capacityBytes() / m_blockBytes;
    m_n = m_baseN = std::max(4, config.readsPerTest);
    m_result.target = target.describe();
    m_trace = qEnvironmentVariableIsSet("RAIDSCOPE_PROBE_TRACE");
    m_result.blockBytes = m_blockBytes;
}

ProbeResult Prober::run()
{
    try {
        if (m_capacityBlocks < std::uint64_t(64 * m_baseN))
            throw std::runtime_error("the target is too small to probe");
        step(QStringLiteral("warm-up"), 0.0);
        warmUp();
        step(QStringLiteral("calibration"), 0.02);
        calibrate();
        recalibrateWithoutContrast();
        scaleForCredit();
        countCopies();
        step(QStringLiteral("redundancy"), 0.05);
        redundancy();
        scaleForCopies();
        step(QStringLiteral("pattern size"), 0.15);
        // One block's repeats answered without its disk, where reads queue behind a throttle: the scale
        // from distinct reads (md's stripe cache on a degraded RAID-4/5/6), and the scan on it.
        if (repeatsCached())
            scaleFromDistinctReads();
        patternSizes();
        searchPattern();
        // No pattern and no copies: a striped array whose reads a ceiling caps (a controller's or the
        // host's request limit) reads at fewer disks' rate than its layout, and the sizes of layouts
        // that read that slowly missed its pattern (probe-eval --realism seed 5013: zig-zag of 7 at
        // 800 IOPS a disk under a 3219/s ceiling read at 4 disks'). The scan again, over the layouts
        // that read at least as fast as measured.
        if (m_result.patternBlocks == 0 && contrasted()
            && (m_result.calibration.blockCopies < 2 || !looksLikeWholeDiskMirror())) {
            m_cappedScan = true;
            if (m_trace)
                std::fprintf(stderr, "scan again: capped\n");
            // A size rejected for want of a layout of its chunk is a hypothesis again where the capped
            // layouts bring new chunk sizes for it: a zig-zag of 12 at 8 KiB under a cap at 6.2 disks'
            // rate (fresh realism seed 61023) read its 48-block pattern at one disk's level, but no layout
            // fitted then had 24 chunks of 2 blocks, and the 6 of 8 taken instead were rejected.
            const auto chunksBefore = m_chunksFor;
            patternSizes();
            std::erase_if(m_rejected, [&](std::uint64_t p) {
                const auto now = m_chunksFor.find(p);
                const auto before = chunksBefore.find(p);
                return now != m_chunksFor.end() && (before == chunksBefore.end() || now->second != before->second);
            });
            m_scanned = 0;
            searchPattern();
        }
        // Still none, with writes far slower than any layout's whose reads look like these: a member
        // that reads never reach and every write does (RAID-4's parity disk) is slow, and lifts the
        // ratio by up to its factor (probe-eval --slow seed 29: RAID-4 of 5 with its parity disk at
        // half speed, 15.4 where 8 is predicted). The scan again over layouts with such a member.
        if (m_result.patternBlocks == 0 && m_result.readWriteRatio > 0 && m_result.calibration.blockCopies < 2
            && !looksLikeWholeDiskMirror()) {
            m_writeOnlyScan = true;
            if (m_trace)
                std::fprintf(stderr, "scan again: writeOnly\n");
            m_cappedScan = false;
            // Only these layouts' sizes, and a size rejected for want of such a layout is a hypothesis again.
            m_sizes.clear();
            m_rejected.clear();
            patternSizes();
            m_scanned = 0;
            if (!m_sizes.empty()) // some such layout writes that slowly
                searchPattern();
            m_writeOnlyScan = m_result.patternBlocks > 0;
        }
        // Still none: a member slower than the rest holds random reads to its own pace, about D/f
        // disks' worth where it is f times slower (Shear Fig. 18; probe-eval --slow seed 31032: RAID-0
        // of 5 with disk 0 at half speed read at 2.9 disks, under the first scan's 5/1.7). The scan
        // again over the layouts that read with up to slowDiskFactor times that many more disks. Not
        // where reads queue and one disk's load reads hardly slower than the array's: a ceiling holds
        // them (probe-eval --realism seed 13020, zig-zag of 3 under a 1510/s ceiling, four patterns
        // rejected for 175 k more I/Os), and a member slower than that hides the pattern anyway
        // (slowMemberHidesPattern()).
        // Nor where a rejected pattern showed two members on one disk (Shear Fig. 17), which reads
        // as a slow member too: its hint, naming that pattern, stands.
        if (m_result.patternBlocks == 0 && m_result.calibration.blockCopies < 2 && !looksLikeWholeDiskMirror()
            && (m_result.calibration.queuedMs <= 0 || contrasted()) && m_sharedHint.isEmpty()) {
            m_slowScan = true;
            if (m_trace)
                std::fprintf(stderr, "scan again: slow\n");
            m_cappedScan = false;
            patternSizes();
            m_scanned = 0;
            searchPattern();
            m_slowScan = m_result.patternBlocks > 0;
        }
        // Still none, where reads queue: a member far slower than the rest takes as long for its share
        // of spread reads as a fast disk for all of them, or nearly (Shear Fig. 18 past slowDiskFactor:
        // the rig's RAID-0 of 4 with member 2 at 60 of 300 IOPS, 1.05x; the simulator's RAID-6 of 8 so,
        // 1.6x), and random phases of the pattern read a fast member's level. Reads from a block of the
        // slow member (slowMemberRead()), at multiples of a size, all queue on it when the size is a
        // multiple of the pattern: the scan again from that block. Whether or not the rates look like
        // a mirror of whole disks': random reads spread over a RAID-5 of 5 with member 2 at a fifth of
        // the rate come as fast as one block's on a fast member, as a mirror's do. Only where a slow member may show: one disk's load hardly slower than the array's, the
        // calibration's blocks reading slowMemberFactor apart, or patterns found and rejected (the
        // simulator's RAID-6 ra of 8 with member 5 at 60 of 300 IOPS: 1.6x, no calibration block on
        // it, 17 hypotheses). Not everywhere: more reads re-rolled a RAID-1 of 15 under a ceiling
        // (probe-eval --realism seed 13024, exact before, undecided between 15 and 14 after).
        if (m_result.patternBlocks == 0 && m_result.calibration.blockCopies < 2 && m_result.calibration.queuedReadMs > 0
            && m_sharedHint.isEmpty() && (!contrasted() || calibrationRatesApart() || !m_rejected.empty())
            && slowMemberRead().slowMs > 0) {
            m_anchoredScan = true;
            // Two of the calibration's three blocks on the slow member (for 4 disks one time in six) gave
            // the device's scale from it: its rate, and N from its burst credit (QEMU's rate/10, f times
            // smaller than a fast member's). N then grows by f, so that a fast member's credit is as small
            // a part of its reads (the simulator's zig-zag of 4 with member 1 at 60 of 300 IOPS: N = 56,
            // and a chunk's two blocks read 1.45x one block's, not 2x, after a rest).
            const double f = m_result.calibration.queuedReadMs / m_slowMember.typicalMs;
            if (f >= m_tuning.slowMemberFactor)
                m_n = std::min(m_tuning.maxReadsPerTest, int(std::ceil(m_n * f / 8.0)) * 8);
            if (m_trace)
                std::fprintf(stderr, "scan again: anchored\n");
            m_cappedScan = m_slowScan = false;
            m_sizes.clear();
            m_rejected.clear();
            patternSizes();
            m_scanned = 0;
            searchPattern();
            m_anchoredScan = m_result.patternBlocks > 0;
        }
        step(QStringLiteral("identification"), 0.9);
        identify();
        ProbeVerdict& v = m_result.verdict;
        if (!v.identified && !m_sharedHint.isEmpty() && !v.has(ProbeFinding::Kind::SharedDisk))
            found(ProbeFinding::Kind::SharedDisk, QStringLiteral("matches no known layout: ") + m_sharedHint);
        // Nothing named where reads queue and no copies were counted: md's RAID-1 with a slow member reads
        // one block's copies unevenly (the copies test counts none) and random reads at the slow member's
        // pace, so no test above names it; but with k reads in flight md keeps them on members 0 ... k-1
        // (orderedMembers()). Last, so that it changes nothing the tests above name (its reads, a cap's
        // phase and the throttles' credit after them, had tipped a capped RAID-1 of 13, fresh realism seed
        // 79006, from exact to undecided).
        // The steps may have been read already, to count a mirror whose ratio matched them
        // (nameMirrorCountedInOrder()): a slow member's ratio does not, and is named here from them.
        if (!v.identified && m_result.calibration.blockCopies == 0 && m_result.calibration.queuedReadMs > 0
            && m_registry.find(QStringLiteral("raid1"))) {
            if (m_ordered.stepPerMs.empty()) {
                step(QStringLiteral("members"), 0.91);
                m_ordered = orderedMembers();
            }
            if (m_ordered.disks > 0) {
                const ProbeVerdict before = v;
                v = ProbeVerdict {};
                if (!nameOrderedMirror())
                    v = before;
            }
        }
        if (m_config.checkDisks && m_best && !m_orderedNamed) {
            step(QStringLiteral("disk speeds"), 0.92);
            diskSpeeds();
            // Disk speeds read through a layout that is not named are its reading: which disk is slow
            // stands only with it (an offset RAID-10 of 5 with member 2 at a fifth under a cap, undecided
            // as near RAID-10 of 15 x 12, said "disk 6 is slower than the others" and disk 7 too, as if
            // known; probe-eval --realism --slow --slow-speed 0.2 seed 203022).
            if (!v.identified)
                for (ProbeFinding& f : v.findings)
                    if ((f.kind == ProbeFinding::Kind::SlowDisk || f.kind == ProbeFinding::Kind::FastDisk) && !f.disks.empty())
                        f.text = QStringLiteral("if the array is %1, %2").arg(v.spec, f.text);
        }
    } catch (const Stopped&) {
        m_result.stopped = m_stop.stop_requested();
    } catch (const std::exception& e) {
        m_result.error = QString::fromUtf8(e.what());
    }
    m_result.ios = m_ios;
    m_result.verdict.blockBytes = m_blockBytes;
    shearSchedule();
    m_pending.verdict = std::make_shared<const ProbeVerdict>(m_result.verdict);
    flush(1.0, true);
    return m_result;
}

// The pattern-size scan over m_sizes, each size found a hypothesis tested by boundaries and pairs;
// then, with none, a mirror's narrow pattern.
void Prober::searchPattern()
{
    // A pattern size is a hypothesis: when no layout fits the pairs measured under it, the
    // scan goes on from there (RAID-5 left-asymmetric has sizes that nearly repeat).
    // A calibration block read slowMemberFactor slower than another is a slow member's, whose blocks
    // read slowly inside a chunk as well as across one: every boundary test against its own blocks'
    // times from the first hypothesis (the rig's RAID-0 of 8 at 16 KiB with member 2 at 60 of 311 IOPS,
    // read-only: its pattern found, offsets 8 and 12 of the slow member's chunk read 5.6x the level,
    // a 64 KiB chunk fitted, RAID-10 n2 of 4 undecided; the simulator's so too).
    if (calibrationRatesApart())
        m_normalizeBoundaries = true;
    for (int attempt = 0; attempt < 8; ++attempt) {
        if (attempt > 0)
            step(QStringLiteral("pattern size"), 0.15 + 0.1 * attempt);
        if (m_retryFrom) { // the size a rejected reduction came from, reduced again past it
            m_result.patternBlocks = m_retryFrom;
            m_retryFrom = 0;
            reducePattern();
            if (m_trace)
                std::fprintf(stderr, "again from the size found: %llu\n", static_cast<unsigned long long>(m_result.patternBlocks));
        } else if (m_anchoredScan)
            scanAnchored();
        else
            scanPattern();
        if (m_result.patternBlocks == 0)
            break;
        // Where reads queue and one disk's load hardly stands out, a slow member may be why, and a
        // size some of whose chunks sit on it reads slow from random phases (x-means' gcd took two
        // chunks of a RAID-4 of 5 with member 1 at 60 of 300 IOPS, both phases on the slow one): the
        // pattern must read as slowly from the slow member's block (slowBlockAgrees()).
        if (!m_anchoredScan && m_result.calibration.queuedReadMs > 0 && !contrasted()) {
            if (!slowBlockAgrees(m_result.patternBlocks)) {
                m_rejected.insert(m_result.patternBlocks);
                resetHypothesis();
                continue;
            }
            if (m_slowMember.slowMs > 0) {
                // Shear §2.3.1's gcd, from the slow block: a divisor that reads as slowly from it is a
                // smaller multiple of the pattern (x-means took 256 blocks of a RAID-0 of 4 at 64 KiB, its
                // pattern 64, with member 2 at 60 of 300 IOPS).
                // The sizes and chunks of the layouts a slow member holds back (scanAnchored()'s) join
                // the scan's: the parallelism window left RAID-0 of 4 out of a RAID-0 of 4 at 32 KiB
                // with member 2 at 60 of 300 IOPS, and its pattern was fitted with RAID-0 of 2's chunk.
                m_anchoredScan = true;
                patternSizes();
                m_anchoredScan = false;
                std::uint64_t p = m_result.patternBlocks;
                for (std::uint64_t q = 2; q <= p; ++q)
                    while (p % q == 0 && m_sizes.count(p / q) && !m_rejected.count(p / q) && slowBlockAgrees(p / q))
                        p /= q;
                m_result.patternBlocks = p;
                slowMemberKnown();
            }
        }
        // Once per probe a rejected pattern is tried again with each boundary test against its
        // own blocks' times, in case a slow member misled the chunk fit.
        bool fits = false;
        for (bool retry : { false, true }) {
            if (retry && m_normalizeBoundaries)
                break;
            if (retry) {
                m_normalizeBoundaries = true;
                const std::uint64_t p = m_result.patternBlocks;
                resetHypothesis();
                m_result.patternBlocks = p;
            }
            step(QStringLiteral("boundaries"), retry ? 0.5 : 0.45);
            boundaries();
            step(QStringLiteral("pairwise layout"), 0.6);
            pairwise();
            fits = anyCandidateFits();
            // A chunk read alone far slower than the others (slowChunkSeen()): a slow member's, whose
            // boundary tests read slowly inside a chunk as well as across one, and the chunk fit
            // against one level is off (identify() would withdraw it); the retry tests each against its own blocks (the simulator's
            // RAID-0 of 8 at 16 KiB with member 2 at 60 of 311 IOPS, read-only: pairs fitted, its chunk
            // fit 10.1 squared deviations an offset, and withdrawn).
            const bool slowChunk = fits && !retry && m_chunkFitPerOffset > m_tuning.chunkFitPoor
                && slowChunkFactor() >= m_tuning.slowMemberFactor;
            if (m_trace)
                std::fprintf(stderr, "%s: pattern %llu chunk %llu, %zu candidates, %s\n", retry ? "retry" : "hypothesis",
                             static_cast<unsigned long long>(m_result.patternBlocks),
                             static_cast<unsigned long long>(m_result.chunkBlocks), m_candidates.size(),
                             fits ? "fits" : "rejected");
            if (fits && !(slowChunk && !m_normalizeBoundaries))
                break;
        }
        // A divisor of the size the scan found, whose chunk size fits the boundary tests poorly (identify()
        // would withdraw it), with a slow member known: the divisor was taken from the slow member's
        // phase, where a near-pattern can read nearly as slowly as the pattern (probe-eval --slow seed
        // 29028, RAID-5 ra of 10 at 32 KiB with member 9 at half speed: 9 of its chunks, 90 % of their
        // reads on the slow member, 561 and 629 ms where the pattern read 604 and 599; chained of 9
        // fitted its pairs, the chunk fit 5.4 an offset). The found size is reduced again past it.
        const std::uint64_t reducedFrom = m_reducedFrom;
        const bool poorDivisor = fits && m_uneven && m_chunkFitPerOffset > m_tuning.chunkFitPoor
            && reducedFrom > m_result.patternBlocks && !m_rejected.count(reducedFrom);
        if (fits && !poorDivisor)
            break;
        fits = false;
        m_rejected.insert(m_result.patternBlocks);
        resetHypothesis();
        if (poorDivisor)
            m_retryFrom = reducedFrom;
    }
    m_retryFrom = 0;
    if (m_result.patternBlocks <= 1) { // no layout has a one-block pattern: read as none
        resetHypothesis();
        // Once: the second (capped) scan follows a first that ended here, and the narrow search
        // would only measure the redundancy again.
        if (!m_cappedScan && !m_writeOnlyScan && !m_anchoredScan && (m_narrowSearch = narrowMirrorPattern())) {
            step(QStringLiteral("boundaries"), 0.7);
            boundaries();
            step(QStringLiteral("pairwise layout"), 0.8);
            pairwise();
            if (!anyCandidateFits()) {
                // A lifted ratio's pattern that fits nothing was no mirror's: the scans that follow look
                // for every layout again, degraded ones too (the realism population's RAID-5 ra of 10 with
                // member 2 at a fifth: sizes of 12 and 18 chunks read in phases apart, as a slow member's
                // subsets of disks do in any layout).
                if (m_unevenFromLift)
                    m_narrowSearch = false;
                resetHypothesis();
            }
        }
    }
}

BatchTiming Prober::runBatch(const std::vector<ProbeIo>& ios, std::uint64_t& counter, int outstanding)
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

double Prober::timeBatch(const std::vector<ProbeIo>& ios, std::uint64_t& counter, int outstanding)
{
    return runBatch(ios, counter, outstanding).totalNs() * 1e-6;
}

// The batch's time after an idle pause long enough (pairRest times the refill of the calibration's
// burst credit, at most idlePauseMs) that every disk it reads starts with its full idle credit, as
// the first tests did. The singles, pairs and group a chunk's disks are judged by are then read in
// one state, whatever the test before drained: a single measured right after its pair, or a pair
// right after one sharing its chunk, read 0.14 of an excess where separate disks have none (a
// capped RAID-0 of 15 at 950 IOPS: 807 ms against 707; probe-eval --realism seeds 13022, 7010). A
// pause costs no I/O, where draining the disks first would cost the credit in reads each time.
//
// Returns the batch's time and (second) that time plus what the credit saved, the disks' work: each
// disk starts with the burst's reads in hand (QEMU gives every disk IOPS/10 reads, 100 ms of its own
// rate, so the time saved is the same on every disk and is the calibration's burst x one read's
// time, also where balanced copies share one block's reads). With the work, excesses are those of
// the model: two chunks on one disk, rested alike, read N/(N - credit) = 1.14 where N = 8 x credit
// (realism seed 7010: RAID-5 of 16 under a cap, every same-disk pair at 1.14), and a chunk's level
// against the queued one-disk level, measured back to back without credit, was 0.13 low.
std::pair<double, double> Prober::restedBatch(const std::vector<ProbeIo>& ios, std::uint64_t& counter, int outstanding)
{
    const ProbeCalibration& c = m_result.calibration;
    double creditMs = 0;
    if (m_tuning.pairRest > 0 && c.burstReads >= 1 && c.queuedReadMs > 0) {
        creditMs = c.burstReads * c.queuedReadMs;
        m_target.idle(std::min(m_tuning.idlePauseMs, m_tuning.pairRest * creditMs), m_stop);
        // Counted only where N was sized by it: a credit larger than maxReadsPerTest allows is no
        // one disk's (a far RAID-10 of 11 x 3 balancing one block's reads over its copies measured
        // 1395 reads, 2.8 s: realism seed 7032).
        if (m_tuning.readsPerBurst * c.burstReads > m_n)
            creditMs = 0;
    }
    const double ms = timeBatch(ios, counter, outstanding);
    return { ms, ms + creditMs };
}

// Requests in flight for the layout tests' batches: all of them at once (0), except under md's
// reads, where a few per disk let each read see the heads the last ones left (mdReadsInFlight). The
// counts of disks and copies keep their own (the calibration's queues, the mixed batches').
int Prober::layoutOutstanding() const
{
    if (m_tuning.mdReadsInFlight > 0 && mdReads() && parallelism() > 0)
        return std::max(2, int(std::ceil(m_tuning.mdReadsInFlight * parallelism())));
    return 0;
}

// Requests per millisecond in steady state: the completions from the first tenth (steadyFrom where
// reads queue behind a throttle) to the last tenth, so neither the start (queues filling, idle credit
// spent) nor the tail (the last disk finishing alone) biases the rate.
double Prober::steadyRatePerMs(const std::vector<ProbeIo>& ios, std::uint64_t& counter, int outstanding)
{
    return steadyRatePerMs(runBatch(ios, counter, outstanding));
}

double Prober::steadyRatePerMs(const BatchTiming& timing) const
{
    std::vector<double> t = timing.completionNs;
    std::sort(t.begin(), t.end());
    // Idle credit is a throttle's: where repeats are answered by a disk's cache, from the first tenth.
    const double from = m_result.calibration.queuedReadMs > 0 ? m_tuning.steadyFrom : 0.1;
    const std::size_t lo = std::size_t(double(t.size()) * from), hi = t.size() - 1 - t.size() / 10;
    return t[hi] > t[lo] ? double(hi - lo) / ((t[hi] - t[lo]) * 1e-6) : 0.0;
}

// N random instances of a period: block `offset` of instance i, i uniform. Distinct where a cache
// answers repeats of a block and the scale came from distinct reads (distinctReadCalibration()): the
// rig's degraded RAID-6 of 6 read 232 reads at 3 x its 192-block pattern in 500 ms, at the pattern in
// 680, its 1 GiB holding 455 instances of the larger.
void Prober::addRandomInstances(std::vector<ProbeIo>& ios, std::uint64_t period, std::uint64_t offset, int count)
{
    const std::uint64_t instances = (m_capacityBlocks - offset) / period;
    if (m_distinctScale && count > 1) {
        const std::vector<ProbeIo> distinct = distinctMultiples(offset, period, count);
        ios.insert(ios.end(), distinct.begin(), distinct.end());
        count -= int(distinct.size()); // the rest repeat, where the target holds fewer
    }
    for (int k = 0; k < count; ++k)
        ios.push_back(read(m_rng.below(instances) * period + offset));
}

std::vector<ProbeIo> Prober::randomBlocks(int count, bool write)
{
    std::vector<ProbeIo> ios;
    for (int k = 0; k < count; ++k)
        ios.push_back({ m_rng.below(m_capacityBlocks) * m_blockBytes, m_blockBytes, write });
    return ios;
}

void Prober::step(const QString& name, double fraction)
{
    flush(fraction, true);
    m_pending.step = name;
    m_fraction = fraction;
}

void Prober::flush(double fraction, bool force)
{
    if (!m_report || (!force && !m_throttle.due()))
        return;
    m_pending.fraction = fraction;
    m_pending.blockBytes = m_blockBytes;
    m_pending.ios = m_ios;
    m_pending.patternChunks = m_result.chunkBlocks ? m_result.patternBlocks / m_result.chunkBlocks : 0;
    m_report(std::make_shared<const ProbeSnapshot>(m_pending));
    const QString name = m_pending.step;
    m_pending = {};
    m_pending.step = name;
}

// `count` reads of one block at once.
double Prober::sameBlockMs(std::uint64_t block, int count)
{
    return timeBatch(std::vector<ProbeIo>(std::size_t(count), read(block)), m_ios.calibration);
}

// The same, after a batch that leaves the block's disk without idle credit (a throttle's burst).
double Prober::queuedBlockMs(std::uint64_t block, int count)
{
    sameBlockMs(block, count);
    return sameBlockMs(block, count);
}

// The device's own scale, before anything is compared (issue "Probe on real arrays").
// Shear §2.3: N random reads one at a time take N single-disk service times whatever the layout,
// the level that "all N reads on one disk" reaches, on a spinning disk. A throttled virtual disk
// (QEMU's iops limit, a cloud volume) answers a lone request at once: its one-disk level shows only
// when requests queue on it. One block read k times at once queues k reads on the block's disk
// (md keeps a sector's mirror reads on the disk whose head is on it), so the batch time grows as
// k over the disk's rate; a spinning disk's cache answers the repeats, and the serial level stands.
// An idle pause may give a burst allowance (QEMU: rate/10 requests at once after ~100 ms idle):
// then every test queues enough reads on its busiest disk that the allowance is a small part of it.
void Prober::calibrate(double serialMs)
{
    if (serialMs <= 0)
        serialMs = timeBatch(randomBlocks(m_n, false), m_ios.calibration, 1);
    // One disk's rate, from up to three blocks (mostly three disks), the median kept: a block on a
    // failed member is rebuilt from every survivor (the rig's degraded RAID-5 read it 1.8x too fast),
    // one on a slow member reads slowly.
    struct Rate
    {
        double perReadMs = 0;
        std::uint64_t block = 0;
        int k = 0;
        double levelReadMs = 0; // the doubled batch's time over its reads (the one-disk level's unit)
    };
    std::vector<Rate> rates;
    const bool pacedCalibration = m_tuning.pacedCalibration > 0 || m_pacedCalibration;
    bool checkPacing = pacedCalibration; // cleared when the first block's rate did not depend on its credit
    for (int i = 0; i < 3; ++i) {
        Rate r { 0, m_rng.below(m_capacityBlocks), m_n };
        // Back to back the disk has no idle credit left; double k until the time doubles with it.
        double tk = queuedBlockMs(r.block, r.k);
        int lastK = 0;
        bool paced = false; // a batch of the block read as fast as one spread over the array
        double firstMs = 0; // the first rate found, to compare the drained one with
        bool creditRanOut = false; // a doubled batch ran out of idle credit the smaller had (creditJumpRatio)
        for (; r.k <= m_tuning.calibrationMaxReads; r.k *= 2) {
            const double t2k = sameBlockMs(r.block, 2 * r.k);
            const double ratio = t2k / std::max(tk, 1e-6);
            if (m_trace)
                std::fprintf(stderr, "  double k=%d tk=%.2f t2k=%.2f ratio %.2f\n", r.k, tk, t2k, ratio);
            if (ratio > 1.6 && ratio < 2.5) {
                const double slopeMs = (t2k - tk) / r.k;
                const double previousMs = r.perReadMs;
                r.perReadMs = slopeMs;
                r.levelReadMs = t2k / (2 * r.k);
                if (firstMs == 0)
                    firstMs = slopeMs;
                lastK = r.k;
                // Repeats a cache answers (below) need no pacing check: its spread batches would
                // cost seconds on spinning disks (probe-eval --slow seed 29027: 5.3 s for 512 reads).
                if (!checkPacing || slopeMs < m_tuning.cacheHitFraction * serialMs / m_baseN)
                    break;
                // A rate that the whole array reaches as well is not the disk's: a ceiling over the
                // array (controller, host) paces the reads while the disk still spends burst credit
                // (probe-eval --realism seed 5005: 960 IOPS drives under a 6635/s ceiling read one
                // block's 32 and 64 at 0.15 ms each, as fast as 32 spread over seven disks). Larger
                // batches drain the credit until the disk's own rate shows against the spread; as
                // the credit runs out mid-batch the time grows faster than k, so a rate found after
                // such pacing counts once two doublings agree on it.
                const double spreadMs = timeBatch(randomBlocks(2 * r.k, false), m_ios.calibration);
                if (m_trace)
                    std::fprintf(stderr, "rate k=%d tk=%.2f t2k=%.2f spread=%.2f\n", r.k, tk, t2k, spreadMs);
                const bool contrasted = t2k >= m_tuning.minContrast * spreadMs;
                if (contrasted && (!paced || (previousMs > 0 && std::abs(slopeMs / previousMs - 1) < m_tuning.pacedRateAgreement)))
                    break;
                paced = paced || !contrasted;
                // The spread batch let the block's disk regain credit: drain it again at the next k.
                tk = queuedBlockMs(r.block, 2 * r.k);
                continue;
            }
            // No queueing (a disk cache answers the repeats): the serial level is the one-disk level.
            if (ratio < 1.3 && tk > 0.5 * serialMs * r.k / m_n)
                break;
            // The smaller batch read inside idle credit the larger ran out of: as paced, in a
            // calibration run again (creditJumpRatio).
            creditRanOut = creditRanOut || (m_pacedCalibration && ratio >= m_tuning.creditJumpRatio);
            tk = t2k;
        }
        if (r.perReadMs > 0)
            r.k = lastK; // the last batch size whose time doubled
        if ((paced || creditRanOut) && r.perReadMs > 0)
            ++m_pacedBlocks;
        // Paced all the way at one rate: no credit governs it, the block's reads spread as random
        // ones do (the simulator's RAID-1 that reads every copy of a block); the other blocks need
        // not go the same long way.
        if (paced && lastK >= m_tuning.calibrationMaxReads && std::abs(r.perReadMs / firstMs - 1) < m_tuning.pacedRateAgreement)
            checkPacing = false;
        // Repeats far cheaper than a random read were answered by a cache, not queued on the disk (the
        // simulated disk's cache: 0.07 ms against 12 ms; the rig at 1000 IOPS: 0.85 ms against 2.1 ms).
        if (r.perReadMs < m_tuning.cacheHitFraction * serialMs / m_baseN)
            r.perReadMs = 0;
        if (m_trace)
            std::fprintf(stderr, "rate block %llu: k=%d slope %.4f ms, level %.4f ms a read\n", static_cast<unsigned long long>(r.block),
                         r.k, r.perReadMs, r.levelReadMs);
        rates.push_back(r); // all three even when one shows no queueing: md's stripe cache answers
                            // repeats of a failed member's block (the rig's degraded RAID-5)
    }
    std::sort(rates.begin(), rates.end(), [](const Rate& x, const Rate& y) { return x.perReadMs < y.perReadMs; });
    for (const Rate& r : rates)
        if (r.perReadMs > 0)
            m_calibrationReads.emplace_back(r.perReadMs, r.block);
    const Rate& mid = rates[rates.size() / 2];
    {
        std::vector<double> repeats; // what a repeat cost, queued or cached (repeatsCached())
        for (const Rate& r : rates)
            if (r.levelReadMs > 0)
                repeats.push_back(r.levelReadMs);
        m_repeatReadMs = repeats.empty() ? 0 : median(repeats);
    }
    double perReadMs = mid.perReadMs;
    const std::uint64_t block = mid.block;
    // The burst test starts above the largest batch that showed a drained rate: a smaller one leaves
    // credit in the warm batch too (probe-eval --realism seed 5020: a RAID-1 of 16 at 200 IOPS reads a
    // block from every copy, 320 reads of credit; its third block's rate came at k = 32).
    const int k = pacedCalibration
        ? std::max_element(rates.begin(), rates.end(), [](const Rate& x, const Rate& y) { return x.k < y.k; })->k
        : mid.k;
    m_result.calibration.queuedReadMs = perReadMs;
    if (perReadMs > 0) {
        // Burst: the same batch after an idle pause, against the same batch back to back. Twice, on
        // two blocks (two disks, mostly), keeping the larger: a burst missed once (the rig showed
        // one such run) would leave every later test inside the allowance.
        double credit = 0;
        for (int attempt = 0; attempt < m_tuning.burstAttempts; ++attempt) {
            const std::uint64_t at = attempt == 0 ? block : m_rng.below(m_capacityBlocks);
            for (int burstK = 2 * k; burstK <= 4 * m_tuning.calibrationMaxReads; burstK *= 2) {
                m_target.idle(m_tuning.idlePauseMs, m_stop);
                const double idleMs = sameBlockMs(at, burstK);
                const double warmMs = queuedBlockMs(at, burstK);
                credit = std::max(credit, (warmMs - idleMs) / perReadMs);
                // The allowance (if any) is smaller than the batch: measured, once the warm batch
                // itself ran at the disk's rate (credit larger than the batch left both fast:
                // probe-eval --realism seed 902, a RAID-1 of 16 at 412 IOPS, 660 reads of credit;
                // seed 9000, a chained array of 5 at 960 IOPS whose first batch, 32 reads a copy, ran
                // inside each copy's 96 both ways: 0.23 reads of credit, N stayed 32, and a pattern
                // batch read 0.7 ms or 15.7 ms by whether its copies had rested).
                if (idleMs > 0.25 * warmMs && warmMs > m_tuning.burstWarmAtRate * burstK * perReadMs)
                    break;
            }
        }
        m_result.calibration.burstReads = credit;
        if (credit >= 1)
            m_n = std::max(m_n, int(std::ceil(m_tuning.readsPerBurst * credit / 8.0)) * 8);
    }
    m_n = std::min(m_n, m_tuning.maxReadsPerTest);
    // N reads of one block at once, back to back: the median of three blocks (mostly three disks: one
    // of them may sit on a slow member). Kept in the calibration, and telling whether reads queue.
    double queuedMs = 0;
    if (perReadMs > 0) {
        std::vector<double> levels;
        for (int i = 0; i < 3; ++i)
            levels.push_back(queuedBlockMs(m_rng.below(m_capacityBlocks), m_n));
        queuedMs = median(levels);
    }
    // The one-disk level for N reads: the serial time (a spinning disk) or, where reads queue, N at
    // the median block's last doubled batch's time a read (2k reads back to back, so without idle
    // credit). Not the N reads of one block above: Linux md's RAID-1, 4, 5 and 6 answer part of a
    // deep queue of one sector's repeats without the disk, RAID-0 and 10 do not (the rig, 29 arrays:
    // one block's N read 0.68-0.95 of N x the rate wherever N passed ~250 on md's RAID-1/4/5/6,
    // 0.99-1.01 on every RAID-0 and 10; a RAID-4 of 4 at 468 IOPS read 573 ms where its chunks read
    // 783 without the burst's credit, and every candidate failed on its level). Nor N x the slope:
    // the smaller batch of the doubling keeps some credit where k is near the burst, so the slope
    // runs high (the simulator's RAID-5 of 13 at 710 IOPS: 1.65 ms a read from the slope, 1.40 from
    // the batch, and 1/710 s is 1.41).
    // Where reads queue the level is the queued one: a throttled disk answers one read at a time with
    // the host's latency instead (the rig at 1000 IOPS: 2.1 ms a read serially, 0.85 queued).
    m_result.serialMs = queuedMs > 0 ? m_n * mid.levelReadMs : serialMs * m_n / m_baseN;
    m_result.calibration.serialMs = serialMs * m_n / m_baseN;
    m_result.calibration.queuedMs = queuedMs;
    m_result.calibration.readsPerTest = m_n;
    m_spreadMs = timeBatch(randomBlocks(m_n, false), m_ios.calibration);
    m_result.calibration.spreadMs = m_spreadMs;
    if (m_trace)
        std::fprintf(stderr, "calibration: N %d, one disk %.1f ms, spread %.1f ms, credit %.1f reads\n", m_n, m_result.serialMs,
                     m_spreadMs, m_result.calibration.burstReads);
}

// A calibration whose one-disk level read no slower than as many reads spread over the array found
// no disk's rate where reads queue: its blocks' repeats ran inside their disks' idle credit, paced by
// the host's overhead a request as the spread batch was (probe-eval --realism seed 47015: a chained
// array of 9 at 930 IOPS with 38 us a request read 32 and 64 repeats of two blocks at 0.038 ms each,
// a 9 x 2 x 93 reads' allowance; N stayed 32, one disk and the spread both 1.2 ms, no pattern). Once
// more with each rate checked against a spread batch and drained until two doublings agree
// (pacedCalibration), kept only where it found the first rates paced and a clear contrast
// (recalibratedContrast): a mirror of whole disks has none by nature (one block's reads spread as
// random ones do) and keeps its first calibration.
void Prober::recalibrateWithoutContrast()
{
    if (m_tuning.pacedCalibration > 0 || m_result.calibration.queuedReadMs <= 0
        || m_result.serialMs >= m_tuning.minContrast * m_spreadMs)
        return;
    if (m_trace)
        std::fprintf(stderr, "calibration without contrast: again, paced\n");
    const ProbeCalibration first = m_result.calibration;
    const double firstLevelMs = m_result.serialMs, firstSpreadMs = m_spreadMs, firstRepeatMs = m_repeatReadMs;
    const int firstN = m_n;
    const auto firstReads = m_calibrationReads;
    const Rng firstRng = m_rng; // a calibration not kept leaves the random blocks that follow as they were
    m_pacedCalibration = true;
    m_result.calibration = {};
    m_n = m_baseN;
    m_calibrationReads.clear();
    m_pacedBlocks = 0;
    // The first serial reads: after the calibration's batches a throttled disk has no credit left,
    // and serial reads at its pace would make its queued rate look like a cache's answer.
    calibrate(first.serialMs * m_baseN / firstN);
    m_pacedCalibration = false;
    // Only where the first rates were paced: some block's batch read as fast as a spread one before it
    // was drained, and drained, the fastest block reads slower than the first median did. Otherwise
    // the first rates were the disks' own, and the contrast was missing for another reason: a far
    // slower member holds the spread batch to its pace (the md rig's RAID-0 of 4 with member 2 at 60
    // of 300 IOPS: 3.33 ms a read both times, and two of the second calibration's three blocks on
    // member 2 set the level at its 16.7, no pattern; its near RAID-10 of 4 x 2 so had all three on
    // the slow member's copy, each contrasted at once, and a probe of 1470 s).
    const bool paced = m_pacedBlocks > 0 && !m_calibrationReads.empty() // first.queuedReadMs > 0 (above)
        && m_calibrationReads.front().first > first.queuedReadMs * (1 + m_tuning.pacedRateAgreement);
    if (paced && m_result.serialMs >= m_tuning.recalibratedContrast * m_spreadMs)
        return;
    m_result.calibration = first;
    m_result.serialMs = firstLevelMs;
    m_spreadMs = firstSpreadMs;
    m_repeatReadMs = firstRepeatMs;
    m_n = firstN;
    m_calibrationReads = firstReads;
    m_rng = firstRng;
}

// One disk's read time and idle credit from distinct blocks, where one block's repeats were
// answered without its disk: md reads a degraded RAID-4/5/6 through its stripe cache (no chunk-aligned
// bypass when degraded, drivers/md/raid5.c raid5_make_request()), and repeats of a sector still in it
// are answered there, some or all, by the run (the rig's RAID-5 of 5 at 300 IOPS with member 1 failed:
// 32 repeats at 0.17-0.31 ms a read, or 256 at 0.20-0.24, against 3.33 for the throttle; its random
// reads settled at 713-775/s). A batch of distinct random reads ends on the disk that got the most
// of them: its last completions come one of that disk's reads apart (or closer, where another disk
// finishes then too), so the last gaps average one read's time. On the rig (four degraded arrays at
// 300 IOPS, six batches of 512 each, the median of the batches kept) the mean of the last 3 gaps read
// 3.19-3.42 ms for 3.33; the largest of them 3.72-4.01, the mean of the last 12 2.83-3.30. The idle credit is what a
// rested batch saves against the same-sized batch back to back (every disk starts with the credit,
// so the saving is the credit times one read, however many disks share the batch), with a batch
// long enough that every disk outlasts its credit.
// Returns true when it found the one-disk level far above the calibration's (a cache's answer),
// and then N, the level and the spread time are the distinct reads'.
bool Prober::distinctReadCalibration()
{
    const int reads = std::min(4096, std::max(m_tuning.distinctReads, 4 * m_baseN)); // not the cached repeats' N
    std::vector<double> tails;
    for (int b = 0; b < m_tuning.distinctBatches; ++b) {
        std::vector<double> t = runBatch(randomBlocks(reads, false), m_ios.calibration, 0).completionNs;
        std::sort(t.begin(), t.end());
        const std::size_t gaps = std::min<std::size_t>(std::size_t(m_tuning.distinctTailGaps), t.size() - 1);
        tails.push_back((t.back() - t[t.size() - 1 - gaps]) / double(gaps) * 1e-6);
        if (m_trace) {
            std::fprintf(stderr, "tail gaps:");
            for (std::size_t i = t.size() - std::min<std::size_t>(12, t.size() - 1); i < t.size(); ++i)
                std::fprintf(stderr, " %.2f", (t[i] - t[i - 1]) * 1e-6);
            std::fprintf(stderr, "\n");
        }
    }
    const double readMs = median(tails);
    const double levelMs = m_result.serialMs / m_n;
    m_target.idle(m_tuning.idlePauseMs, m_stop);
    const double restedMs = timeBatch(randomBlocks(reads, false), m_ios.calibration);
    const double warmMs = timeBatch(randomBlocks(reads, false), m_ios.calibration);
    const double credit = std::max(0.0, (warmMs - restedMs) / readMs);
    if (m_trace) {
        std::fprintf(stderr, "distinct reads: tail gaps");
        for (double g : tails)
            std::fprintf(stderr, " %.2f", g);
        std::fprintf(stderr, " ms: %.3f ms a read against the level's %.3f; rested %.1f ms, warm %.1f: credit %.1f reads\n",
                     readMs, levelMs, restedMs, warmMs, credit);
    }
    if (readMs < m_tuning.distinctLevelFactor * levelMs)
        return false;
    setScale(readMs, credit);
    return true;
}

// The scale again from the pattern found on distinctReadCalibration()'s: N distinct multiples of p from
// its slowest phase all read one disk (a failed member's phase spreads, md rebuilding its chunks from
// every survivor, and reads faster), so back to back they give one disk's read time without the
// tails' jitter (the rig's degraded RAID-5 of 5: 3.81 ms a read from the tails, 3.26 from the
// pattern's slowest phases, 1/300 s is 3.33), and after an idle pause its credit without the host's
// time for the other disks' reads (the tails' rested batch: 13 reads, QEMU's 30). Returns whether
// the scale changed.
bool Prober::scaleFromPattern(std::uint64_t p)
{
    const std::uint64_t at = slowestPhase(p).second % p;
    const int reads = m_tuning.calibrationMaxReads;
    timeBatch(distinctMultiples(at, p, reads), m_ios.calibration); // drains the disk's credit
    const std::vector<ProbeIo> warm = distinctMultiples(at, p, reads);
    const double readMs = timeBatch(warm, m_ios.calibration) / double(warm.size());
    m_target.idle(m_tuning.idlePauseMs, m_stop);
    const std::vector<ProbeIo> rested = distinctMultiples(at, p, reads);
    const double restedMs = timeBatch(rested, m_ios.calibration);
    const double credit = std::max(0.0, double(rested.size()) - restedMs / readMs);
    if (m_trace)
        std::fprintf(stderr, "scale from pattern %llu at %llu: %.3f ms a read (tails %.3f), credit %.1f reads\n",
                     static_cast<unsigned long long>(p), static_cast<unsigned long long>(at), readMs,
                     m_result.calibration.queuedReadMs, credit);
    // Not one disk's: the phase spread after all (its slow reading was noise).
    if (readMs < m_result.calibration.queuedReadMs / m_tuning.distinctLevelFactor || warm.size() < std::size_t(reads) / 2)
        return false;
    setScale(readMs, credit);
    return true;
}

// N for a striped mirror under md's reads. The copies test counted k copies one read a step (one
// block's repeats queue on the copy whose head is on it, not a balancing controller's staircase), so
// the calibration sized N to one disk's credit, readsPerBurst of it on one disk. A pattern's reads
// spread over its copy set, N / k a disk, and every disk the test before left idle answers k times
// that part of its share from credit: near RAID-10 of 6 x 3 at 470 IOPS with 47.5 reads of credit
// and N = 384 read its pattern at the copy set's 270 ms and twice the pattern at 172-183, under the
// set's floor, no pattern named (fresh realism seed 61030; near 10 x 3 and 12 x 4 the same). N grows
// by k, so that the credit is again a readsPerBurst-th of each disk's reads. Only where random reads
// run at more disks' rate than a mirror of k whole disks reads (wholeMirrorReadDisks, as in
// identifyByCopies()): such a mirror has no pattern to scan, and its counts would only cost k times
// the reads (the rig's md RAID-1 of 8 at 300 IOPS, 30 reads of credit: N 240 to 1024).
void Prober::scaleForCopies()
{
    ProbeCalibration& c = m_result.calibration;
    if (c.blockCopies < 2 || c.copiesBalanced || c.burstReads < 1 || c.queuedReadMs <= 0
        || m_readRate * c.queuedReadMs <= m_tuning.wholeMirrorReadDisks * c.blockCopies)
        return;
    scaleTo(int(std::ceil(m_tuning.readsPerBurst * c.burstReads * c.blockCopies / 8.0)) * 8, "copies");
}

// N past maxReadsPerTest, where a calibration with contrast measured more idle credit than that N
// makes a small part of each test (see maxReadsPerTest). Only with contrast: a calibration without
// it is run again (recalibrateWithoutContrast()), and its "credit" is no disk's.
void Prober::scaleForCredit()
{
    const ProbeCalibration& c = m_result.calibration;
    if (contrasted() && c.burstReads >= 1 && m_n >= m_tuning.maxReadsPerTest)
        scaleTo(int(std::ceil(m_tuning.readsPerBurst * c.burstReads / 8.0)) * 8, "credit");
}

// N to `wanted` (at most twice maxReadsPerTest: a 2N pair batch in io_uring's 4096 slots), the
// levels scaled with it and the spread measured again.
void Prober::scaleTo(int wanted, const char* why)
{
    ProbeCalibration& c = m_result.calibration;
    const int n = std::min(2 * m_tuning.maxReadsPerTest, wanted);
    if (n <= m_n)
        return;
    const double scale = double(n) / m_n;
    m_result.serialMs *= scale; // N at the same time a read
    c.serialMs *= scale;
    c.queuedMs *= scale;
    m_n = c.readsPerTest = n;
    m_spreadMs = c.spreadMs = timeBatch(randomBlocks(m_n, false), m_ios.calibration);
    if (m_trace)
        std::fprintf(stderr, "N for the %s: %d, one disk %.1f ms, spread %.1f ms\n", why, m_n, m_result.serialMs, m_spreadMs);
}

// One disk's read time and idle credit (reads) from distinct reads: N, the level and the spread time.
void Prober::setScale(double readMs, double credit)
{
    // From the configured N: the calibration's came from the cached repeats' burst test.
    m_n = std::max(m_baseN, int(std::ceil(m_tuning.readsPerBurst * credit / 8.0)) * 8);
    m_n = std::min(m_n, m_tuning.maxReadsPerTest);
    ProbeCalibration& c = m_result.calibration;
    c.queuedReadMs = readMs;
    c.burstReads = credit;
    c.readsPerTest = m_n;
    m_result.serialMs = c.queuedMs = m_n * readMs;
    m_spreadMs = c.spreadMs = timeBatch(randomBlocks(m_n, false), m_ios.calibration);
}

// Whether a cache answered one block's repeats on a device whose reads queue (a throttle's), so that
// neither the calibration's scale nor the copies test is one disk's: a block read faster than
// cachedRepeatFraction of random reads spread over the whole array (no disk outpaces the array it is
// part of), or, where no block's repeats queued, some did and most did not (a spinning disk's cache
// answers every repeat) or every repeat cost more than hostCacheFraction of a serial random read (a
// spinning disk's cache answers at 0.006 of one, the simulator's; a host's at the host's cost, md's
// on the rig 0.15). Drops the copies test's count then (the rig's RAID-6 of 6 with member 1
// failed counted 2 copies, 1.35 1.69 2.97 4.05 reads, and was named a RAID-1 of 2: WRONG).
bool Prober::repeatsCached()
{
    ProbeCalibration& c = m_result.calibration;
    // The slowest block's repeats: a block of a far slower member queues on it at its pace, which
    // the array's random reads may well outpace (they go to the fast members too), so it is a disk's
    // and not a cache's (probe-eval --realism --slow --slow-speed 0.2 seed 47005, RAID-4 of 3 with
    // member 1 at 152 of 760 IOPS: the median block at 0.397 of the array's read, the slow one's at 2.0;
    // taken for cached, its scale came from the slow member's tails). md's cached blocks on the rig
    // read within 1.5x of each other (0.16-0.31 ms a read), all under 0.25 of the array's read.
    double slowestRepeatMs = c.queuedReadMs;
    for (const auto& [ms, block] : m_calibrationReads)
        slowestRepeatMs = std::max(slowestRepeatMs, ms);
    const double blockToArray = slowestRepeatMs * m_readRate;
    const double serialReadMs = c.readsPerTest > 0 ? c.serialMs / c.readsPerTest : 0; // a random read one at a time
    const double repeatToSerial = serialReadMs > 0 ? m_repeatReadMs / serialReadMs : 0;
    const bool cached = (c.queuedReadMs > 0 && m_readRate > 0 && blockToArray < m_tuning.cachedRepeatFraction)
        || (c.queuedReadMs <= 0 && (!m_calibrationReads.empty() || repeatToSerial > m_tuning.hostCacheFraction));
    if (m_trace)
        std::fprintf(stderr, "one block's reads against the array's: %.3f (%zu blocks queued), repeats against serial reads %.3f%s\n",
                     blockToArray, m_calibrationReads.size(), repeatToSerial, cached ? ": cached" : "");
    if (cached) {
        c.blockCopies = 0;
        c.copiesBalanced = false;
        c.copiesMs.clear();
    }
    return cached;
}

// The scale from distinct reads (distinctReadCalibration()) and the pattern scan on it, for the size
// only; once found, the scale again from its multiples (scaleFromPattern()). Everything the scan
// learned is dropped, as it was measured on another scale; the search itself follows (run()). Kept
// only where the pattern's multiples bear it out, else the calibration's scale comes back: a mirror's
// copies spending idle credit at the host's pace read as fast (probe-eval --realism seed 11001, near
// RAID-10 of 6 x 4 at 1000 IOPS: 0.21 of the array's read, its distinct scale 0.49 ms a read, the
// pattern's 0.07; on the tails' scale, N 576, it spent 1.3 M I/Os where it had 0.24 M).
void Prober::scaleFromDistinctReads()
{
    const ProbeCalibration calibration = m_result.calibration;
    const int n = m_n;
    const double serialMs = m_result.serialMs, spreadMs = m_spreadMs;
    if (!distinctReadCalibration())
        return;
    m_distinctScale = true;
    if (m_trace)
        std::fprintf(stderr, "scan: distinct (N %d)\n", m_n);
    patternSizes();
    scanPattern();
    const std::uint64_t p = m_result.patternBlocks;
    const bool scaled = p > 1 && scaleFromPattern(p);
    if (scaled && m_trace)
        std::fprintf(stderr, "scan again: scaled (N %d)\n", m_n);
    if (!scaled) {
        if (m_trace)
            std::fprintf(stderr, "distinct scale not borne out: back to the calibration's (N %d)\n", n);
        m_result.calibration = calibration;
        m_n = n;
        m_result.serialMs = serialMs;
        m_spreadMs = spreadMs;
        m_distinctScale = false;
    }
    resetScan();
}

// Everything the pattern scans learned, for a scan from nothing on a new scale.
void Prober::resetScan()
{
    resetHypothesis();
    m_cappedScan = m_slowScan = m_writeOnlyScan = m_anchoredScan = false;
    m_sizes.clear();
    m_rejected.clear();
    m_patternTimes.clear();
    m_result.pattern.clear();
    m_patternMin.clear();
    m_patternPhases.clear();
    m_chunksFor.clear();
    m_disksFor.clear();
    m_scanned = 0;
}

// A balancing controller's answer to k = 1, 2, ... reads of one block with c copies (`t`, ms): each
// copy takes one read of every c, so the time is a staircase of one disk read every c reads, flat
// between (the simulator's shortest queue: 0.96 0.96 2.96 2.97 4.96 ... for chained of 5, in the
// calibration's per-read). Its steps come every c reads on average: a read that completes while the
// batch is still arriving frees a copy early, so single periods vary by one (3, 4, 2, 4 for c = 3).
// Before the first whole step the time may rise by part of one: each drained copy waits out the
// rest of its own throttle's period, and those differ (realism seed 7004, far RAID-10 of 5 x 2 at
// 530 IOPS: 0.03 0.94 2.94 2.94 4.94 ..., in halves of a disk read); such a start is an offset,
// not a step, and the positions are counted from the first whole step.
Staircase staircase(const std::vector<double>& t, double tolerance)
{
    Staircase s;
    double top = 0;
    for (std::size_t i = 1; i < t.size(); ++i)
        top = std::max(top, t[i] - t[i - 1]);
    if (top <= 0) {
        s.shaped = false;
        return s;
    }
    std::vector<int> at; // k of each step
    std::vector<double> heights;
    for (std::size_t i = 1; i < t.size(); ++i) {
        const double d = t[i] - t[i - 1];
        if (d > 0.5 * top) {
            at.push_back(int(i) + 1);
            heights.push_back(d);
        } else if (std::abs(d) > tolerance * top && (!at.empty() || d < 0)) {
            s.shaped = false; // neither flat nor a step (nor, before the first, part of one)
        }
    }
    s.steps = int(at.size());
    s.stepMs = median(heights);
    for (double h : heights)
        s.shaped = s.shaped && std::abs(h / s.stepMs - 1) < 1.5 * tolerance;
    // The steps' positions against their index, a line fitted by least squares: each position
    // strays by a read or two (idle credit may delay the first, a few reads answered at once), and
    // the strays do not add up. Its spread gives the period's (a position is whole: 0.5 at least).
    const double L = double(at.size());
    if (at.size() >= 2) {
        double meanJ = (L - 1) / 2, meanK = 0, sxx = 0, sxy = 0;
        for (int k : at)
            meanK += double(k) / L;
        for (std::size_t j = 0; j < at.size(); ++j) {
            sxx += (double(j) - meanJ) * (double(j) - meanJ);
            sxy += (double(j) - meanJ) * (double(at[j]) - meanK);
        }
        s.period = sxy / sxx;
        double rss = 0;
        for (std::size_t j = 0; j < at.size(); ++j) {
            const double r = double(at[j]) - (meanK + s.period * (double(j) - meanJ));
            rss += r * r;
        }
        // At least half a read, and 15 % of the period: a RAID-1 of 6 strayed by 1.0 about its line.
        const double floor = std::max(0.5, 0.15 * s.period);
        const double spread = at.size() > 2 ? std::max(floor, std::sqrt(rss / (L - 2))) : floor;
        s.periodSigma = spread / std::sqrt(sxx);
    } else {
        s.period = double(at.front() - 1); // one step: at k = c + 1, as the first of them comes
        s.periodSigma = std::max(0.5, 0.15 * s.period);
    }
    s.copies = int(std::lround(s.period));
    s.whole = std::abs(s.period - s.copies) < tolerance;
    return s;
}

// How many disks serve one block's reads at once. k reads of one block, back to back, for k = 1,
// 2, ...: while k <= copies each copy takes one of them (md sends a read to an idle mirror first,
// drivers/md/raid1.c and raid10.c read_balance(); a balancing controller to the shortest queue) and
// the batch takes one queued read's time; at k = copies + 1 one copy serves two, one read longer.
// md reads far and offset copies from the lowest address only: such a block has one copy for reads.
// Only where reads queue: a cache answering the repeats (a spinning disk's) would hide the step.
void Prober::countCopies()
{
    const double perReadMs = m_result.calibration.queuedReadMs;
    if (perReadMs <= 0)
        return;
    const std::uint64_t block = 1 + m_rng.below(m_capacityBlocks - 1); // md's heads start at sector 0
    const int kMax = m_config.maxDisks + 2;
    // No idle credit left on any disk: random reads drain every copy of a mirror (one block's
    // repeats would drain only the copy md keeps them on; a credited copy answers at once and,
    // idle again, takes the next read too).
    timeBatch(randomBlocks(2 * m_n, false), m_ios.calibration);
    // md spreads random reads by head distance, unevenly: then batches of the block itself, each of
    // which gives every idle copy one read, as many times as a copy has credit (the rig's 8-disk
    // RAID-1 at 420 IOPS kept 42 reads of credit on its copies after the random reads alone).
    // Every copy a batch: a copy left out keeps its credit, answers its reads at once and takes more
    // than its share, which hides the step (probe-eval --realism seed 7037: md RAID-1 of 15, drained
    // 12 at a time, read 0.00-0.03 for k <= 6 and 0.77 from k = 7).
    const int drainK = kMax;
    for (int r = 0, rounds = int(std::ceil(m_result.calibration.burstReads)) + 2; r < rounds; ++r)
        sameBlockMs(block, drainK);
    std::vector<double>& t = m_result.calibration.copiesMs; // t[k - 1]: k reads of the block
    std::vector<std::vector<double>> samples; // samples[k - 1]: every batch of k reads timed
    auto measure = [&](int k, int repeats) {
        for (int r = 0; r < repeats; ++r)
            samples[std::size_t(k - 1)].push_back(sameBlockMs(block, k));
        t[std::size_t(k - 1)] = median(samples[std::size_t(k - 1)]);
    };
    bool stairs = false; // a step of other than one read: perhaps a balancing controller's staircase
    for (int k = 1; k <= kMax; ++k) {
        samples.emplace_back();
        t.push_back(0);
        measure(k, m_tuning.copiesRepeats);
        // A step neither near nothing nor near one read is timed again, both its sizes, with more
        // batches: the rig's batches of one block scatter by up to half a read (host latency, idle
        // credit regained between batches), and the median of five once read a RAID 10 n2 of 3 as
        // "0.37 0.98 1.86" (one copy), a RAID-1 of 7 as "0.78 0.92 0.90 0.50 1.11 0.92" (no count).
        if (k >= 2 && !stairs) {
            const double step = (t[std::size_t(k - 1)] - t[std::size_t(k - 2)]) / perReadMs;
            if (std::abs(step) > m_tuning.copiesClear && std::abs(step - 1) > m_tuning.copiesClear) {
                measure(k - 1, m_tuning.copiesMoreRepeats);
                measure(k, m_tuning.copiesMoreRepeats);
            }
        }
        // With `c` copies, one read more adds nothing while k < c (each copy takes one) and a whole
        // queued read from k = c on (they queue on one copy: md's nearest head; a one-copy block's
        // disk). Only the steps count: what a batch takes besides its busiest disk's reads (host
        // latency, idle credit regained between batches, md sending lone reads to alternate mirrors)
        // shifts every batch alike.
        if (k < 3)
            continue;
        if (!stairs) {
            const double last = (t[std::size_t(k - 1)] - t[std::size_t(k - 2)]) / perReadMs;
            const double before = (t[std::size_t(k - 2)] - t[std::size_t(k - 3)]) / perReadMs;
            auto whole = [&](double d) { return d > 1 - m_tuning.copiesStep && d < 1 + m_tuning.copiesStep; };
            if (whole(before) && whole(last)) {
                m_result.calibration.blockCopies = k - 2;
                break;
            }
            if (std::abs(before) <= m_tuning.copiesFlat)
                continue;
            stairs = true;
        }
        // A controller that balances (shortest queue) spreads the extra reads over the copies: a
        // staircase of one disk read every c reads (and the calibration saw c copies' rate as one
        // disk's). Read on while it stays one, until eight steps (or the largest batch) average out
        // the uneven ones: a RAID-1 of 6 spaced its first four 4, 8 and 5 reads apart.
        const Staircase s = staircase(t, m_tuning.balancedCopiesStep);
        if (!s.shaped)
            break; // neither flat nor one read, nor a staircase: no count
        if (s.steps < 8 && k < kMax)
            continue;
        if (s.whole && s.copies >= 2 && s.periodSigma < m_tuning.balancedCopiesStep) {
            m_result.calibration.blockCopies = s.copies;
            m_result.calibration.copiesBalanced = true;
            // One disk's read is the step: the calibration's one-block batches read at c disks' rate
            // (c of its per-read a step), or at a host's where idle credit answered them.
            m_result.serialMs = m_n * s.stepMs;
            m_result.calibration.queuedReadMs = s.stepMs;
            // The burst test counted its credit in the block's reads, c disks' rate: each copy saved
            // its own burst at once, so one disk's is a c-th (the time every disk saves, burst x
            // one disk's read, is what a rested batch adds back).
            m_result.calibration.burstReads /= s.copies;
        }
        break;
    }
    if (m_trace) {
        std::fprintf(stderr, "copies %d:", m_result.calibration.blockCopies);
        for (double ms : t)
            std::fprintf(stderr, " %.2f", ms / perReadMs);
        std::fprintf(stderr, "\n");
    }
}

// Shear §2.3.4: random read bandwidth over random write bandwidth. The write count grows until
// the bandwidth stops falling, so a write-back cache is flooded (Shear Fig. 16).
void Prober::redundancy()
{
    if (!m_config.measureRedundancy || !m_target.writable()) {
        // Read-only: no ratio, but the steady rate of random reads needs no writes, and with it
        // how many disks work in parallel (parallelism()), which tells a striped mirror from a
        // narrower one of the same pattern (the rig's read-only RAID 10 n2 of 6 against chained of 3).
        if (m_tuning.readOnlyReadRate > 0)
            measureReadRate(8 * m_n, true);
        return;
    }
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
    // Reads from 8N, doubled until two rates agree as the writes' did: a mirror's writes keep what
    // idle credit each copy had before them (every write reaches every copy, so all spend alike), and
    // a balancing controller spends it first on the reads that follow (probe-eval --realism seed
    // 11012: RAID-1 of 15 at 840 IOPS, whose calibration ran at the host's pace and never drained the
    // copies, read 33002/s over 8N and 12594/s over 64N, where 15 x 840 = 12600).
    measureReadRate(8 * m_n, true);
    // One block's reads at the same pace, right after: a balancing controller spreads them over every
    // copy as it spreads random reads (a mirror of whole disks reads both alike), where md keeps them
    // on one copy and a striped mirror has more disks than one block's copies.
    measureBlockReadRate();
}

void Prober::measureBlockReadRate()
{
    if (m_result.calibration.queuedReadMs > 0) {
        std::vector<ProbeIo> block(std::size_t(std::min(m_readCount, 16 * m_n)), read(m_rng.below(m_capacityBlocks)));
        m_blockReadRate = steadyRatePerMs(block, m_ios.redundancy, 2 * m_n);
        if (m_trace)
            std::fprintf(stderr, "one block's reads: %.0f/s\n", m_blockReadRate * 1e3);
    }
}

// Random reads until two batches' rates agree (each batch twice the last with `grow`): see redundancy().
void Prober::measureReadRate(int count, bool grow)
{
    double readRate = steadyRatePerMs(randomBlocks(count, false), m_ios.redundancy, 2 * m_n);
    for (int round = 0; round < 4; ++round) {
        if (grow)
            count *= 2;
        const double next = steadyRatePerMs(randomBlocks(count, false), m_ios.redundancy, 2 * m_n);
        const bool settled = next > 0.9 * readRate && next < 1.1 * readRate;
        readRate = next;
        if (settled)
            break;
    }
    if (m_trace)
        std::fprintf(stderr, "read rate settled at %d: %.0f/s (writes %.0f/s)\n", count, readRate * 1e3, m_writeRate * 1e3);
    // Weighed by requests; but a rate this much slower over at least as many reads as all before
    // replaces them: they ran in idle credit that outlasted two batches (realism seed 101022: RAID-1
    // of 13 at 590 IOPS read 256 and 512 at the host's pace, 21594/s, then 2048 at 7669/s, 13 x 590 =
    // 7670; averaged, the ratio read 17.7 for 13).
    // One block's reads, measured right after them (redundancy()), ran in the credit too: again.
    const bool credited = count >= m_readCount && readRate * m_tuning.creditedRateDrop < m_readRate;
    if (credited) {
        m_readRate = 0;
        m_readCount = 0;
    }
    m_readRate = (m_readRate * m_readCount + readRate * count) / (m_readCount + count);
    m_readCount += count;
    if (credited && m_blockReadRate > 0)
        measureBlockReadRate();
    m_result.readMBps = m_readRate * m_blockBytes / 1e3;
    m_pending.readMBps = m_result.readMBps;
    // A safe write (a device's: read the bytes, write them back) costs one read more than the write:
    // the rig's md RAID-10 n2 measured 3.0-3.3 and RAID-5 5.1 where the layouts' writes cost 2 and 4.
    m_result.measuredReadWriteRatio = m_writeRate > 0 ? m_readRate / m_writeRate : 0;
    m_result.readWriteRatio = m_writeRate > 0 ? m_result.measuredReadWriteRatio - m_target.readsPerWrite() : 0;
}

// More of the same: longer batches average the rates down when two answers are close.
void Prober::refineRedundancy(int count)
{
    const double writeRate = steadyRatePerMs(randomBlocks(count, true), m_ios.redundancy, 2 * m_n);
    m_writeRate = (m_writeRate * m_writeCount + writeRate * count) / (m_writeCount + count); // weighed by requests
    m_writeCount += count;
    measureReadRate(count);
}

// A member no read of the pattern reaches (RAID-4's parity disk, RAID-6 continuous's P and Q): the
// index of the first such member, or -1. With `writtenOnly`, a failed member (which no write reaches
// either) is not one: for what such a member explains (a ratio its slowness lifts), not for which
// pattern sizes to scan (a degraded array's come that way: Shear Fig. 19, RAID-5 of 10).
int Prober::writeOnlyMember(const Candidate& c, bool writtenOnly)
{
    std::vector<bool> read(std::size_t(c.disks), false);
    for (const Candidate::ChunkReads& r : c.reads) {
        for (int d : r.choices)
            read[std::size_t(d)] = true;
        for (const auto& [d, load] : r.fixed)
            read[std::size_t(d)] = true;
    }
    if (writtenOnly && c.failedDisk >= 0)
        read[std::size_t(c.failedDisk)] = true;
    const auto it = std::find(read.begin(), read.end(), false);
    return it == read.end() ? -1 : int(it - read.begin());
}

// Disks working in parallel on random reads: the steady read rate times one read's service time.
double Prober::parallelism() const
{
    return m_result.readMBps > 0 ? m_result.readMBps * 1e3 / m_blockBytes * m_result.serialMs / m_n : 0;
}

// An n-way mirror of whole disks reads with n disks and writes to all n: parallelism = ratio.
// Every block on every disk, and reads balanced over them: the read/write ratio counts the disks.
// Measured against one disk's rate (a spinning disk's serial reads), reads are as parallel as the
// ratio. Where reads queue, a balancing controller spreads one block's reads over every copy: random
// reads then come no faster than one block's, measured back to back after the writes (the
// calibration's one-block rate may be the host's pace over credited copies: probe-eval --realism
// seed 13025, RAID-1 of 13 at 790 IOPS read one block at 71 us a read, random ones at 97 us).
// md's nearest head keeps one block's reads on one disk while spreading random ones part way
// (parallelism and ratio both the part): that fits neither, and is left to the copies test.
bool Prober::looksLikeWholeDiskMirror() const
{
    if (m_result.readWriteRatio <= 0)
        return false;
    if (m_result.calibration.queuedReadMs > 0)
        return m_blockReadRate > 0 && std::abs(std::log(m_readRate / m_blockReadRate)) < m_tuning.wholeMirrorBlockSpread
            && m_result.readWriteRatio > 1.5;
    return std::abs(std::log(parallelism() / m_result.readWriteRatio)) < m_tuning.wholeMirrorParallelSpread;
}

bool Prober::ratioFits(const Candidate& c, double slack, bool underCap) const
{
    if (m_result.readWriteRatio <= 0 || m_uneven)
        return true; // not measured, or a slow disk's more than the layout's
    // A cap on host requests (a controller's or the host's) holds random reads under the layout's
    // parallelism, and a write (one request, several disk I/Os) less: the ratio falls by at most the
    // factor the reads fall short (probe-eval --realism seed 5: RAID-6 of 8 under a 2661/s ceiling
    // read at 6.0 disks and measured 4.37 for 5.9, and its true pattern was rejected). Only for a
    // pattern's own candidates (`underCap`): choosing the sizes to scan that way lets every wider
    // mirror in, and the scan wanders (the realism population's zig-zag of 7 under a ceiling).
    const double par = parallelism();
    const double low = underCap && par > 0 && par < c.readParallelism ? c.readWriteRatio * par / c.readParallelism : c.readWriteRatio;
    // A slow member only writes reach lifts the ratio by up to its factor (m_writeOnlyScan).
    const double high = c.readWriteRatio * (m_writeOnlyScan && writeOnlyMember(c, true) >= 0 ? m_tuning.slowDiskFactor : 1.0);
    const double r = ratioFor(c);
    return r > low * std::exp(-slack) && r < high * std::exp(slack);
}

// Shear §2.3.1: N random reads at multiples of an assumed pattern size p all land on one disk
// (set) when p is a multiple of the real pattern; the slowest cluster's gcd is the pattern.
// Rather than every p, only the sizes some installed layout could have are tried, smallest first.
void Prober::patternSizes()
{
    // Pattern lengths in chunks, and the copies a read can choose from, of the layouts whose
    // read/write ratio fits.
    std::map<std::uint64_t, std::set<int>> chunksToCopies;
    std::map<std::uint64_t, int> chunksToDisks; // the fewest disks of a layout with that many chunks
    const double parallel = parallelism();
    auto fits = [&](const Candidate& c) {
        // As many disks must serve reads as the steady read rate showed working in parallel. Under a
        // ceiling (the second scan) at least as many, and the read/write ratio tells nothing: the
        // ceiling caps reads and writes alike.
        if (m_cappedScan)
            return copiesFit(c) && (parallel <= 0 || c.readParallelism >= parallel / 1.7);
        if (m_writeOnlyScan && writeOnlyMember(c) < 0)
            return false;
        // From a slow member's block: it holds random reads to about D/f disks, and the read/write
        // ratio to its own shares of reads and writes.
        if (m_anchoredScan) {
            const double f = m_slowMember.slowMs / m_slowMember.typicalMs;
            return copiesFit(c) && (parallel <= 0 || (parallel < 1.7 * c.readParallelism && parallel * 1.7 * f > c.readParallelism));
        }
        if (m_slowScan)
            return ratioFits(c, std::log(1.6)) && copiesFit(c)
                && (parallel <= 0
                    || (parallel < 1.7 * c.readParallelism && parallel * 1.7 * m_tuning.slowDiskFactor > c.readParallelism));
        return ratioFits(c, std::log(1.6)) && copiesFit(c)
            && (parallel <= 0 || std::abs(std::log(parallel / c.readParallelism)) <= std::log(1.7));
    };
    for (const Candidate& c : enumerateCandidates(m_registry, m_blockBytes, m_blockBytes, 0, m_config.maxDisks, false)) {
        bool fit = fits(c);
        // A failed member: reads of its chunks load a whole row, so fewer disks seem to work in
        // parallel (Shear Fig. 19). The first and the last member stand for the others.
        // Degraded, about half as many (a failed chunk's read costs a whole row): worth a look
        // only when the measured parallelism is that low.
        const bool fewer = parallel > 0 && parallel < c.readParallelism / 1.7 && parallel > c.readParallelism / 4
            && ratioFits(c, std::log(1.6));
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
        auto [at, added] = chunksToDisks.emplace(c.patternChunks(), c.disks);
        at->second = std::min(at->second, c.disks);
    }
    std::map<std::uint64_t, std::set<int>>& sizes = m_sizes; // assumed pattern (blocks) -> copies when slow
    const std::uint64_t maxChunkBlocks = std::max<std::uint64_t>(1, m_config.maxChunkBytes / m_blockBytes);
    // Enough random instances of the largest size that N reads rarely repeat one (the configured N:
    // a calibrated N only makes each test longer, and a repeat still loads the same disk). A cache
    // answers repeats on a spinning disk (4N instances); where repeats queue on the disk like any
    // read (calibration), a repeat costs what a fresh instance would, and 2N suffice: the rig's
    // RAID-6 of 8 at 128 KiB on 128 MiB members has a 6 MiB pattern above a 128th of the array.
    const std::uint64_t instances = std::uint64_t((m_result.calibration.queuedReadMs > 0 ? 2 : 4) * m_baseN);
    const std::uint64_t limit = m_limit = m_capacityBlocks / instances;
    for (std::uint64_t chunk = 1; chunk <= maxChunkBlocks; chunk *= 2)
        for (const auto& [m, copies] : chunksToCopies)
            if (chunk * m <= limit && chunk * m > 1) {
                sizes[chunk * m].insert(copies.begin(), copies.end());
                m_chunksFor[chunk * m].insert(chunk);
                const int disks = chunksToDisks[m];
                auto [at, added] = m_disksFor.emplace(chunk * m, disks);
                at->second = std::min(at->second, disks);
            }
}

void Prober::scanPattern()
{
    // Smallest first. A size p is the pattern when N reads at its multiples are as slow as one
    // disk (set) can be for some layout with that pattern (serial time / copies), and its
    // multiples 2p and 3p are as slow again; a size that only happens to crowd a few disks
    // gets slower at its multiples instead.
    // The size confirmed at the slowest k-copy level (k > 1) so far: a near-pattern that crowds
    // a few copy sets can pass for a level, but the pattern's own set of k disks is slower.
    std::uint64_t mirrorLevel = 0;
    double mirrorMs = 0;
    int mirrorCopies = 0;
    const std::uint64_t limit = m_limit;
    for (const auto& [p, copies] : m_sizes) {
        if (p <= m_scanned || m_rejected.count(p))
            continue;
        m_scanned = p;
        double ms = testPattern(p);
        // ... and clearly slower than reads spread over every disk, or a k-copy mirror's level
        // could be mistaken for the spread of a wider array.
        // The typical size so far is the spread level; one batch of N spread reads is noisier.
        std::vector<double> tested;
        for (const auto& [q, t] : m_patternTimes)
            tested.push_back(t);
        const double spread = tested.size() >= 5 ? median(tested) : m_spreadMs;
        // A copy set's level 1.5x over the spread at least: N reads over 15 disks are so noisy
        // that a 15-way mirror showed a "12-copy" size at 1.32x. Narrower mirrors (D/k under 1.5)
        // are left to narrowMirrorPattern(), which measures with larger batches.
        int level = 0;
        // Nothing is slower than one disk but a slow disk: the one-disk level has no upper bound
        // but the slowest member a user would still call working (Shear Fig. 18: half speed).
        auto atLevelOf = [&](double t, int k, double levelMs) {
            return t > (k > 1 ? 1.5 : 1.3) * spread && t > 0.7 * levelMs && t < (k > 1 ? 1.4 : m_tuning.slowDiskFactor) * levelMs;
        };
        // A k-copy set's level, in the calibration's disks (levelUnit() for the scan): where the copies
        // are not known to be read from one copy or balanced, one block's repeats may have been read
        // at k disks' rate already, and the set reads at the calibration's level itself.
        auto copySetMs = [&](double t, int k) {
            const double ownMs = m_result.serialMs / k;
            if (k > 1 && !atLevelOf(t, k, ownMs) && copySetUnitOpen(k) && atLevelOf(t, k, m_result.serialMs))
                return m_result.serialMs;
            return ownMs;
        };
        auto atLevel = [&](double t, int k) { return atLevelOf(t, k, copySetMs(t, k)); };
        for (int k : copies)
            if (atLevel(ms, k))
                level = level ? std::min(level, k) : k;
        // A copy set's level read from its fast phases where its slow ones carry the median: a slow
        // member's copy sets read up to slowDiskFactor over the level, and two of three random phases
        // may land on them (probe-eval --slow seed 31022, an offset RAID-10 of 9 at 16 KiB with
        // member 3 at half speed: chunks 2 and 3 hold it, and its pattern read 171, 281, 302 ms, 2p
        // 314, 156, 157, 3p 324, 152, 316, at a level of 155). The multiples are then read so too.
        bool fastPhases = false;
        if (!level)
            for (int k : copies)
                if (k > 1 && ms >= 1.4 * m_result.serialMs / k && atLevel(fastPhasesMs(p), k)) {
                    level = k;
                    fastPhases = true;
                }
        if (fastPhases)
            ms = fastPhasesMs(p);
        // Slower than the copy-set level found so far by a fifth: two more phases before it can
        // replace that level, as one size's two phases scatter by up to a fifth on the rig (a RAID 10
        // n2 of 8 whose pattern read 337 ms, then its multiple 2560 at 416 and 415 ms, whose own
        // multiples lay past the scan's limit: the pattern was replaced, and nothing fitted).
        if (level > 1 && mirrorLevel && ms >= 1.2 * mirrorMs)
            ms = morePhases(p, ms);
        // No multiple within the scan's limit to confirm a level: two more phases of p itself, all of
        // which must read at it (probe-eval --slow seed 31022: the offset RAID-10 of 9 above read 301 and
        // 247 ms at 48384 blocks, 1344 of its patterns, both phases on the slow member's copy sets, and
        // was taken for a one-disk level; its other phases read 81-86).
        else if (level && 2 * p > limit && !fastPhases) {
            ms = morePhases(p, ms);
            if (!atLevel(ms, level))
                level = 0;
        }
        if (level && !(level > 1 && ms < 1.2 * mirrorMs)) {
            auto multiple = [&](std::uint64_t q) { // its level as p's was read: the median, or the fast phases'
                if (q > limit)
                    return ms;
                const double medianMs = testPattern(q);
                return fastPhases ? fastPhasesMs(q) : medianMs;
            };
            const double twice = multiple(2 * p), thrice = multiple(3 * p);
            // One disk from every phase tried: RAID-5 left-asymmetric's near-patterns ((D-1)
            // chunks) put most reads of some phases on one disk, but split others over two.
            // Against the one-disk time, not the size's own level: a near-pattern's phases all read
            // at 0.7 of it (RAID-5 left-asymmetric, 5 disks), which a relative floor let through.
            auto everyPhase = [&](double floorMs) {
                for (std::uint64_t q : { p, 2 * p, 3 * p })
                    if (const auto it = m_patternMin.find(q); it != m_patternMin.end() && it->second <= floorMs)
                        return false;
                return true;
            };
            const double spreadLimit = level > 1 && m_result.calibration.blockCopies >= 2 ? m_tuning.mirrorMultipleSpread : 1.25;
            const bool multiplesAgree = std::max(twice, thrice) < spreadLimit * ms && std::min(twice, thrice) > ms / spreadLimit;
            const bool evenOneDisk = everyPhase(m_tuning.phaseFloor * m_result.serialMs);
            // Or a slow member's (Shear Fig. 18): every phase over the fast members' floor
            // (onePhaseFloorMs()) and the slow phase reading as slowly again from p itself, whether or
            // not the medians of p and its multiples agree: they sit on the slow member or the fast ones
            // by how many phases hit it (the rig's RAID-0 of 3 with member 0 at 150 of 300 IOPS read 48
            // blocks at 1546, 673, 1445 ms and 96 and 144 at 672-1449 and 672-675).
            // That is where reads queue (a throttle), whose serial level is one fast member's. On
            // spinning disks, whose serial level averages the slow member in, the medians must agree
            // and the floor be lower (probe-eval --slow seeds 29, 31, 37 lost 3 exact without them).
            const bool slowCase = slowFloorApplies(p) && (m_result.calibration.queuedReadMs > 0 || multiplesAgree);
            const bool slowOneDisk = level == 1 && !(multiplesAgree && evenOneDisk) && slowCase
                && everyPhase(onePhaseFloorMs(p)) && slowPhaseRepeats(p, p, ms) && slowBlockAgrees(p);
            // A copy set's phases all read at its level or, on a slow member, slower: a phase under
            // the level's floor spread its reads over more copy sets than one (probe-eval --slow seed
            // 31062, chained declustering of 14 at 128 KiB with member 11 at half speed: half its
            // pattern read 77, 160 and 158 ms, two phases on the slow member and one at half the level,
            // and was taken for the pattern).
            const bool copySetPhases = level == 1 || everyPhase(0.7 * copySetMs(ms, level));
            if (m_trace)
                std::fprintf(stderr, "level %d at %llu: %.1f (serial %.1f, spread %.1f%s), 2p %.1f, 3p %.1f: %s%s%s\n", level,
                             static_cast<unsigned long long>(p), ms, m_result.serialMs, spread, fastPhases ? ", fast phases" : "",
                             twice, thrice, multiplesAgree ? "multiples agree" : "multiples differ",
                             copySetPhases ? "" : ", a phase under the copy set's floor", evenOneDisk ? ", even one disk" : "");
            if ((multiplesAgree && copySetPhases && (level > 1 || evenOneDisk)) || slowOneDisk) {
                if (level == 1) { // one disk: nothing can be slower, this is the pattern
                    m_result.patternBlocks = p;
                    m_scanCopies = 1;
                    break;
                }
                mirrorLevel = p; // a mirror's level; a one-disk level may still come
                mirrorMs = ms;
                mirrorCopies = level;
            }
        }
        if (m_patternTimes.size() >= 600)
            break; // a bound on the scan; the gcd of the slowest sizes decides below
    }
    if (!m_result.patternBlocks) {
        m_result.patternBlocks = mirrorLevel;
        m_scanCopies = mirrorCopies;
    }
    const std::uint64_t scanned = m_result.patternBlocks;
    reducePattern();
    decidePattern();
    if (m_trace)
        std::fprintf(stderr, "scan: %llu, reduced to %llu (N %d)\n", static_cast<unsigned long long>(scanned),
                     static_cast<unsigned long long>(m_result.patternBlocks), m_n);
    if (m_rejected.count(m_result.patternBlocks))
        m_result.patternBlocks = 0;
}

// Shear §2.3.1 from one block of a slow member (run()): N reads at multiples of p from the block's
// phase all queue on its disk when p is a multiple of the pattern, and take N of its reads' time (a
// member f times slower than the rest, f D times one fast disk's share of spread reads); a size that
// is not spreads them over several disks. Smallest first; the size, its multiples 2p and 3p, and p
// once more must each read anchoredLevel of that level.
void Prober::scanAnchored()
{
    // Past the scan's limit or with too few multiples, p and its other multiples decide.
    auto slowAt = [&](std::uint64_t q) {
        if (q > m_limit)
            return true;
        const double ms = slowBlockMs(q);
        if (ms >= 0)
            addPatternPoint(q, ms); // this scan's record: no random-phase scan reads it after
        return readsOnSlowBlock(ms);
    };
    for (const auto& [p, copies] : m_sizes) {
        if (p <= m_scanned || m_rejected.count(p))
            continue;
        m_scanned = p;
        if (slowAt(p) && slowAt(2 * p) && slowAt(3 * p) && slowAt(p)) {
            m_result.patternBlocks = p;
            break;
        }
        if (m_anchoredTimes.size() >= 600)
            break; // a bound on the scan, as scanPattern()'s (whose sizes do not count here)
    }
    if (m_result.patternBlocks == 0)
        return;
    for (std::size_t i = 0; i < m_patternTimes.size(); ++i)
        m_result.pattern[i].slow = m_patternTimes[i].first % m_result.patternBlocks == 0
            && m_patternTimes[i].second >= m_tuning.anchoredLevel * m_n * m_slowMember.slowMs;
    slowMemberKnown();
}

// The calibration's blocks' queued rates slowMemberFactor apart or more: one of them on a slow member.
bool Prober::calibrationRatesApart() const
{
    if (m_calibrationReads.size() < 2)
        return false;
    const auto [lo, hi] = std::minmax_element(m_calibrationReads.begin(), m_calibrationReads.end());
    return hi->first >= m_tuning.slowMemberFactor * lo->first;
}

// A hypothesis that read as the pattern from the slow member's block: the member is known before any
// layout is ranked (as reducePattern() has it from a pattern's slow phases), the ratio and parallelism
// read within its band, the boundaries against their own blocks' times, the pattern's level from those
// reads (patternLevel()), and the one-disk level a fast member's: N of the other blocks' queued reads
// (narrowMirrorPattern() may have averaged reads one at a time in, the slow member's among them: the
// simulator's RAID-0 of 3 with member 0 at 60 of 300 IOPS, 1309 ms for 933, and its chunks' level fell
// 0.33 short).
void Prober::slowMemberKnown()
{
    m_fromSlowBlock = true;
    m_uneven = true;
    m_slowFactor = std::max(m_slowFactor, m_slowMember.slowMs / m_slowMember.typicalMs);
    m_normalizeBoundaries = true;
    m_result.serialMs = m_slowMs = m_n * m_slowMember.typicalMs;
}

// Shear §2.3.1 takes the gcd of the slow sizes: every multiple of the pattern reads as slowly as the
// pattern itself. A confirmed size whose divisor p/q (q prime, p/q a size some layout has) is as slow
// is such a multiple; one phase of the divisor hit by an idle disk's burst must not hide it, so the
// confirmation asks for the median of its phases.
void Prober::reducePattern()
{
    std::uint64_t p = m_result.patternBlocks;
    if (p <= 1)
        return;
    const double level = testPattern(p);
    // As slow, from every phase: RAID-5 left-asymmetric's near-pattern (D-1 chunks of a D(D-1)-chunk
    // pattern) puts 60-80 % of a phase's reads on one disk, so its phases read at 0.6-0.8 of the level.
    // With a slow member among the pattern's phases (slowPhaseSeen(), its slow phase repeating from p
    // itself, not one batch's noise), a random phase of a divisor reads the slow member or a fast one,
    // as the pattern's do, and a near-pattern's phase on the slow member plus a fast one reads as one
    // fast disk: the divisor is read from the phase where the pattern read slowest instead.
    const std::uint64_t found = p;
    m_reducedFrom = p;
    // A copy set's (the scan's level k > 1): reads at its multiples from a slow member's phase queue
    // on it and the copies that wait for it, slowMemberFactor over the level or more, where one disk's
    // level (the serial one) hides them (probe-eval --slow seed 31022: the offset RAID-10 of 9 with
    // member 3 at half speed read its pattern's slow phases at 1.9-2.0 of the level, 0.96 of serial).
    const double slowest = slowestPhase(p).first;
    const bool slowCopySet = m_scanCopies > 1 && slowest >= m_tuning.slowMemberFactor * level
        && slowest <= m_tuning.slowDiskFactor * level;
    const bool slowMember = (slowFloorApplies(p) || slowCopySet) && slowPhaseRepeats(p, p, level);
    if (slowMember) {
        // A slow member, known before any layout is ranked: the read/write ratio and the parallelism
        // are read within its band, as diskSpeeds() has them once it measures the member (probe-eval
        // --slow seed 37038: a RAID-5 of 5 with member 0 at half speed measured 7.32 for 4, its
        // candidates were filtered out by the ratio, and RAID-6 right-asymmetric of 5 was named). Its
        // factor: the pattern's slow phases over its fast ones, medians, split at their geometric mean.
        std::vector<double> phases, slow, fast;
        for (std::uint64_t q : { p, 2 * p, 3 * p })
            if (const auto it = m_patternPhases.find(q); it != m_patternPhases.end())
                for (const auto& phase : it->second)
                    phases.push_back(phase.first);
        const auto [lo, hi] = std::minmax_element(phases.begin(), phases.end());
        const double cut = std::sqrt(*lo * *hi);
        for (double ms : phases)
            (ms > cut ? slow : fast).push_back(ms);
        m_uneven = true;
        if (!fast.empty())
            m_slowFactor = std::max(m_slowFactor, median(slow) / median(fast));
        // And the boundary tests against their own blocks' times from the first (searchPattern()'s
        // retry): against the pattern's level the slow member's offsets read twice as slow, and the
        // chunk fit withdrew the right layout (probe-eval --slow seed 31083, RAID-6 ra of 4 with member 3
        // at half speed: 5.7 squared deviations per offset).
        m_normalizeBoundaries = true;
    }
    auto asSlow = [&](std::uint64_t d) {
        if (slowMember)
            return slowPhaseRepeats(found, d, level);
        const double ms = testPattern(d);
        // Far slower than the pattern's level: no multiple of the pattern reads so but from a slow
        // member, and a divisor's phases that touch one do (the simulator's RAID-0 of 8 at 16 KiB with
        // member 2 at 60 of 311 IOPS: its pattern read 720 ms from two fast members' phases, half of it
        // 1832 and 1948 from the slow member's and a fast one's, and was taken for a multiple). The
        // divisor from the pattern's own phases instead.
        if (ms >= m_tuning.slowPhaseHigh * level)
            return samePhasesAsSlow(found, d);
        return ms > m_tuning.divisorLevel * level && m_patternMin[d] > m_tuning.divisorLevel * level;
    };
    for (std::uint64_t q = 2; q <= p; ++q) {
        while (p % q == 0 && p / q > 1 && m_sizes.count(p / q) && !m_rejected.count(p / q) && asSlow(p / q))
            p /= q;
    }
    m_result.patternBlocks = p;
}

void Prober::resetHypothesis()
{
    m_result.patternBlocks = 0;
    m_result.chunkBlocks = 0;
    m_result.chunkRunsBlocks.clear();
    m_result.boundaries.clear();
    m_result.pairs.clear();
    m_pairs.clear();
    m_single.clear();
    m_candidates.clear();
    m_resampled.clear();
    m_blockSingle.clear();
    m_groupRatio = m_groupMs = m_ceilingRatio = m_ceilingIops = 0;
    m_chunkFitPerOffset = 0;
    // A rejected hypothesis's slow member (its blocks, or its phases apart): another pattern reads it anew.
    if (m_unevenFromBlocks || m_unevenFromLift) {
        m_uneven = m_unevenFromBlocks = m_unevenFromLift = false;
        m_slowFactor = m_slowFactorBeforeBlocks;
    }
    m_fromSlowBlock = false;
    m_scanCopies = 0;
    m_reducedFrom = 0;
}

// N reads at multiples of p from a random phase. A multiple of the pattern is slow from every
// phase; some sizes are slow from some phases only (RAID-5 left-asymmetric: chunks 0, 10 and 20
// of a 6-disk array share disk 0, chunks 1, 11 and 21 do not), so a slow answer is checked from
// a second phase and the faster of the two kept.
// `offset` >= 0 reads from that phase (taken modulo p); otherwise a random one, kept with its offset
// (m_patternPhases).
double Prober::patternBatch(std::uint64_t p, int reads, std::int64_t offset)
{
    std::vector<ProbeIo> ios;
    const std::uint64_t at = offset >= 0 ? std::uint64_t(offset) % p : m_rng.below(p);
    addRandomInstances(ios, p, at, reads > 0 ? reads : m_n);
    const double ms = timeBatch(ios, m_ios.patternSize, layoutOutstanding());
    if (offset < 0 && reads <= 0)
        m_patternPhases[p].emplace_back(ms, at);
    return ms;
}

// The least time a phase of pattern size p may read at when p's multiples all read one disk (see
// scanPattern()): phaseFloor of the one-disk time. Shear Fig. 18: with one member f times slower, a
// one-disk size reads f t from the slow member's phases and t from the others', while the serial
// level, reads one at a time over every disk, averages the slow one in: serial = t (D - 1 + f) / D.
// Below that floor a fast member's phases read for D = 3, f = 2 (t = 0.75 serial; probe-eval --slow
// seed 31095, RAID-0 of 3 with disk 0 at half speed: 294, 605, 311 ms at its pattern, serial 400).
// Where the slowest phase of p, 2p or 3p reads slowPhaseHigh over the serial level (r = hi / serial),
// which one healthy disk does not, the floor is of the fast members' t = hi / f, solved from
// r = f D / (D - 1 + f): f = r (D - 1) / (D - r), with the fewest disks D of a layout with this
// pattern, the most lenient. A near-pattern's phase on a fast member reads 0.6-0.8 of t, still under.
double Prober::onePhaseFloorMs(std::uint64_t p) const
{
    const double serial = m_result.serialMs, floor = m_tuning.phaseFloor * serial;
    const double hi = slowestPhase(p).first;
    const auto disks = m_disksFor.find(p);
    const double r = serial > 0 ? hi / serial : 0;
    if (r < m_tuning.slowPhaseHigh || disks == m_disksFor.end() || disks->second <= r)
        return floor;
    const double d = disks->second, f = r * (d - 1) / (d - r);
    return f <= m_tuning.slowDiskFactor ? std::min(floor, m_tuning.phaseFloor * hi / f) : floor;
}

// Where reads queue and a block of a slow member is known (slowMemberRead()), a pattern taken from a
// slow phase must read from that block as slowly as N of its reads: a multiple of the pattern keeps
// them all on its disk. Two chunks of a RAID-0 of 4, the slow member's and another's, read 2.2x the
// serial level with member 2 at 60 of 300 IOPS, as one member at half speed would (the rig: RAID-0
// of 2 named, WRONG); from the slow block they read half of its level.
bool Prober::slowBlockAgrees(std::uint64_t p)
{
    if (m_result.calibration.queuedReadMs <= 0 || slowMemberRead().slowMs <= 0)
        return true;
    return readsOnSlowBlock(slowBlockMs(p));
}

// slowBlockMs() at anchoredLevel of N of the slow block's reads or more, or not measurable (< 0).
bool Prober::readsOnSlowBlock(double ms) const
{
    return ms < 0 || ms >= m_tuning.anchoredLevel * m_n * m_slowMember.slowMs;
}

// Reads at distinct multiples of q from the slow member's block (N, or as many as there are, at least
// N/2), as the time of N such reads: N of the block's own reads' time when all sit on its disk; -1 when
// q has too few multiples to tell. Distinct: md answers some repeats from its stripe cache (the rig's
// RAID-6 of 6 with member 2 at 60 of 462 IOPS, N = 400 on 1 GiB: its pattern read 0.98, 2p 0.93, 3p
// 0.91 ... 10p 0.78 of the level, each with fewer multiples to draw from). Kept in m_anchoredTimes;
// not in the random-phase scans' record, whose spread level and cached sizes it would skew.
double Prober::slowBlockMs(std::uint64_t q)
{
    const std::vector<ProbeIo> ios = distinctMultiples(m_slowMember.block % q, q, m_n);
    const int reads = int(ios.size());
    if (2 * reads < m_n)
        return -1;
    const double ms = timeBatch(ios, m_ios.patternSize, layoutOutstanding()) * m_n / reads;
    m_anchoredTimes.emplace_back(q, ms);
    if (m_trace)
        std::fprintf(stderr, "pattern %llu from the slow block: %.1f (level %.1f, %d reads)\n", static_cast<unsigned long long>(q), ms,
                     m_n * m_slowMember.slowMs, reads);
    return ms;
}

// `reads` distinct multiples of q from phase `at` (fewer where the target holds fewer), in random order
// as addRandomInstances() draws them: no block twice, where a cache may answer a repeat.
std::vector<ProbeIo> Prober::distinctMultiples(std::uint64_t at, std::uint64_t q, int reads)
{
    const std::uint64_t multiples = (m_capacityBlocks - at) / q;
    reads = int(std::min<std::uint64_t>(std::uint64_t(reads), multiples));
    std::set<std::uint64_t> picked;
    while (int(picked.size()) < reads)
        picked.insert(m_rng.below(multiples));
    std::vector<ProbeIo> ios;
    for (std::uint64_t k : picked)
        ios.push_back(read(k * q + at));
    for (std::size_t i = ios.size(); i > 1; --i)
        std::swap(ios[i - 1], ios[m_rng.below(i)]);
    return ios;
}

// The median of p's random phases below their widest gap, where that gap is slowPhaseHigh or more and
// the slowest phase within slowDiskFactor of the fastest: the phases off a slow member. Else the median
// of them all (testPattern()'s).
double Prober::fastPhasesMs(std::uint64_t p) const
{
    std::vector<double> phases;
    if (const auto it = m_patternPhases.find(p); it != m_patternPhases.end())
        for (const auto& phase : it->second)
            phases.push_back(phase.first);
    if (phases.empty()) {
        for (const auto& [tested, ms] : m_patternTimes)
            if (tested == p)
                return ms;
        return 0;
    }
    std::sort(phases.begin(), phases.end());
    std::size_t cut = 0;
    double widest = 1;
    for (std::size_t i = 1; i < phases.size(); ++i)
        if (phases[i - 1] > 0 && phases[i] / phases[i - 1] > widest) {
            widest = phases[i] / phases[i - 1];
            cut = i;
        }
    if (widest < m_tuning.slowPhaseHigh || phases.back() > m_tuning.slowDiskFactor * phases.front())
        return median(phases);
    return median(std::vector<double>(phases.begin(), phases.begin() + std::ptrdiff_t(cut)));
}

// Whether size d (a divisor of p) reads from each of p's random phases at divisorLevel of p's time
// there or more: a multiple of the pattern keeps each phase's reads on the disk (set) p's did.
bool Prober::samePhasesAsSlow(std::uint64_t p, std::uint64_t d)
{
    const auto it = m_patternPhases.find(p);
    if (it == m_patternPhases.end() || it->second.empty())
        return false;
    const std::vector<std::pair<double, std::uint64_t>> phases = it->second;
    for (const auto& [ms, at] : phases) {
        const double there = patternBatch(d, 0, std::int64_t(at));
        if (m_trace)
            std::fprintf(stderr, "pattern %llu from phase %llu of %llu: %.1f (need %.1f)\n", static_cast<unsigned long long>(d),
                         static_cast<unsigned long long>(at), static_cast<unsigned long long>(p), there, m_tuning.divisorLevel * ms);
        if (there < m_tuning.divisorLevel * ms)
            return false;
    }
    return true;
}

// The slowest random phase of p, 2p and 3p (ms) and its offset.
std::pair<double, std::uint64_t> Prober::slowestPhase(std::uint64_t p) const
{
    std::pair<double, std::uint64_t> slowest { 0, 0 };
    for (std::uint64_t q : { p, 2 * p, 3 * p })
        if (const auto it = m_patternPhases.find(q); it != m_patternPhases.end())
            for (const auto& phase : it->second)
                if (phase.first > slowest.first)
                    slowest = phase;
    return slowest;
}

// Whether the slowest phase of p, 2p or 3p reads slowPhaseHigh over the serial level, which one healthy
// disk's N reads do not, and no more than slowDiskFactor over it: a slow member's phase.
bool Prober::slowPhaseSeen(std::uint64_t p) const
{
    const double r = m_result.serialMs > 0 ? slowestPhase(p).first / m_result.serialMs : 0;
    return r >= m_tuning.slowPhaseHigh && r <= m_tuning.slowDiskFactor;
}

// Whether p's phases show a slow member to judge p by: where reads queue (a throttle) the serial level
// is one fast member's, and a phase over it by slowPhaseHigh is the slow one's (slowPhaseSeen()); on
// spinning disks the serial level averages the slow member in, and the floor of the fast members'
// time must be the lower one (onePhaseFloorMs()).
bool Prober::slowFloorApplies(std::uint64_t p) const
{
    if (m_result.calibration.queuedReadMs > 0)
        return slowPhaseSeen(p);
    return onePhaseFloorMs(p) < m_tuning.phaseFloor * m_result.serialMs;
}

// Whether size d, read from the phase where p, 2p or 3p read slowest (d divides p), reads as slowly
// as that phase, `level` at least divisorLevel of it, twice: every read of a multiple of the pattern
// from that phase lands on the slow member; a size that is not one spreads them over several disks.
bool Prober::slowPhaseRepeats(std::uint64_t p, std::uint64_t d, double level)
{
    const std::pair<double, std::uint64_t> slowest = slowestPhase(p);
    const double need = m_tuning.divisorLevel * std::max(level, slowest.first);
    for (int i = 0; i < 2; ++i) {
        const double ms = patternBatch(d, 0, std::int64_t(slowest.second));
        if (m_trace)
            std::fprintf(stderr, "pattern %llu from the slowest phase of %llu: %.1f (need %.1f)\n",
                         static_cast<unsigned long long>(d), static_cast<unsigned long long>(p), ms, need);
        if (ms < need)
            return false;
    }
    return true;
}

double Prober::testPattern(std::uint64_t p)
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
    if (m_trace)
        std::fprintf(stderr, "pattern %llu: %s\n", static_cast<unsigned long long>(p),
                     QStringList(phasesText(phases)).join(QLatin1Char(' ')).toUtf8().constData());
    addPatternPoint(p, ms);
    return ms;
}

// A size's time in the scan's record (m_patternTimes) and on the plot.
void Prober::addPatternPoint(std::uint64_t p, double ms)
{
    m_patternTimes.emplace_back(p, ms);
    m_result.pattern.push_back({ p, ms, false });
    m_pending.pattern.push_back({ p, ms, false });
    flush(m_fraction, false);
}

// The level of size p (`ms`, from testPattern()) with two more phases: the median of the three.
double Prober::morePhases(std::uint64_t p, double ms)
{
    const double a = patternBatch(p), b = patternBatch(p);
    const double more = median({ ms, a, b });
    m_patternMin[p] = std::min({ m_patternMin[p], a, b });
    for (auto& [tested, t] : m_patternTimes)
        if (tested == p)
            t = more;
    for (PatternPoint& point : m_result.pattern)
        if (point.patternBlocks == p)
            point.timeMs = more;
    if (m_trace)
        std::fprintf(stderr, "pattern %llu again: %.1f\n", static_cast<unsigned long long>(p), more);
    return more;
}

// A striped mirror with nearly as many copies as disks (raid10 with 4 copies on 5 disks) is
// only D/k = 1.25x slower at its pattern's multiples than reads spread over every disk: under
// the scan's margin, so it looks like a mirror of whole disks. The steady read rate tells them
// apart: an n-way mirror of whole disks reads with n disks, the striped one with more than its
// copies. Then the sizes of such layouts are measured again, three phases of 4N reads each,
// against a level between one copy set's and every disk's.
// Reads spread over more disks than the read/write ratio counts copies, by more than the
// measurement's noise (5 %): a striped mirror, not a mirror of whole disks.
bool Prober::moreDisksThanCopies() const
{
    const double n = std::round(m_result.readWriteRatio);
    return n >= 2 && parallelism() >= 1.1 * n;
}

bool Prober::narrowMirrorPattern()
{
    if (m_result.readWriteRatio <= 0)
        return false;
    // The one-at-a-time level, measured twice more (a spinning disk's). Where reads queue the level is
    // the queued one (calibrate()), which one-at-a-time reads do not measure: averaging them in cut the
    // level to a third (probe-eval --realism seed 5013: 269 ms for 809). Unless the queued level
    // failed to stand out from the spread (a burst that outlasted every calibration batch, seed 5028:
    // 1.1 ms for both), where the one-at-a-time reads are the better measure.
    if (!contrasted()) {
        std::vector<double> serial { m_result.serialMs };
        for (int i = 0; i < 2; ++i)
            serial.push_back(timeBatch(randomBlocks(m_n, false), m_ios.calibration, 1));
        m_result.serialMs = std::accumulate(serial.begin(), serial.end(), 0.0) / double(serial.size());
    }
    refineRedundancy(std::max(64 * m_baseN, 4 * m_n));
    const double parallel = parallelism();
    const double ratio = m_result.readWriteRatio;
    // A ratio over the disks reading in parallel (an n-way mirror of whole disks measures n for n): a slow
    // member (Shear Fig. 18) holds every write that has a copy on it, while reads go round it, and lifts
    // a striped mirror's ratio past its copies (liftedRatioExcess).
    // Where reads queue, only where the copies test counted a block's copies: a parity array's writes wait
    // on a slow member too, and its sizes that confine reads to disks holding the member or not read in
    // phases apart (the realism population's RAID-6 of 10-15 with a member at a fifth, copies counted 1:
    // 5 of 240 lost to such patterns).
    const bool copiesSeen = m_result.calibration.queuedReadMs <= 0 || m_result.calibration.blockCopies >= 2;
    const bool striped = moreDisksThanCopies();
    const bool lifted = !striped && copiesSeen && parallel > 0 && ratio > m_tuning.liftedRatioExcess * parallel;
    if (m_trace)
        std::fprintf(stderr, "narrow mirror search: ratio %.2f, %.2f disks in parallel%s\n", ratio, parallel, lifted ? ", the ratio lifted" : "");
    if (!striped && !lifted)
        return false;
    std::map<std::uint64_t, double> sizes; // assumed pattern -> the smallest D/k of layouts with it
    std::map<std::uint64_t, std::set<std::uint64_t>> chunks;
    const std::uint64_t maxChunkBlocks = std::max<std::uint64_t>(1, m_config.maxChunkBytes / m_blockBytes);
    for (const Candidate& c : enumerateCandidates(m_registry, m_blockBytes, m_blockBytes, 0, m_config.maxDisks, false)) {
        const double copies = double(c.reads.front().choices.size());
        const double spreadOver = c.readParallelism / copies;
        // D/k from 1.15 (less is not measurable) to 1.7 (more, the first scan finds).
        if (copies < 2 || spreadOver >= 1.7 || spreadOver < 1.15)
            continue;
        if (lifted) {
            // Lifted by a member at speed s: D disks read at D - 1 + s while writes run at s of their pace,
            // so the ratio rises by (D - 1 + s) / (s D). The s that explains it, and reads at that many disks.
            const double lift = ratio / c.readWriteRatio, d = c.readParallelism;
            if (lift < 1 / 1.3)
                continue;
            const double speed = lift > 1 ? (d - 1) / (lift * d - 1) : 1.0;
            if (parallel < (d - 1 + speed) / 1.15 || parallel > d * 1.15)
                continue;
        } else if (std::abs(std::log(m_result.readWriteRatio / c.readWriteRatio)) > std::log(1.3)
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
    // Each size's phases: the geometric mean, the fastest and the slowest.
    struct Phases {
        double ms = 0, fastest = 0, slowest = 0;
    };
    auto mean = [&](std::uint64_t p) {
        double logs = 0;
        Phases phases { 0, 1e300, 0 };
        for (int i = 0; i < 3; ++i) {
            const double one = patternBatch(p, reads) / 4;
            phases.fastest = std::min(phases.fastest, one);
            phases.slowest = std::max(phases.slowest, one);
            logs += std::log(one);
        }
        phases.ms = std::exp(logs / 3);
        m_result.pattern.push_back({ p, phases.ms, false });
        m_pending.pattern.push_back({ p, phases.ms, false });
        flush(m_fraction, false);
        if (m_trace)
            std::fprintf(stderr, "narrow size %llu: %.1f, phases %.1f to %.1f\n", static_cast<unsigned long long>(p), phases.ms,
                         phases.fastest, phases.slowest);
        return phases;
    };
    double spread = 0;
    for (int i = 0; i < 3; ++i)
        spread += std::log(timeBatch(randomBlocks(reads, false), m_ios.patternSize, layoutOutstanding()));
    spread = std::exp(spread / 3) / 4;
    for (const auto& [p, factor] : sizes) {
        // A third of the way (geometrically): md's far copies sit in separate regions, so reads
        // confined to one copy set also seek shorter, and their level is only about half as far up.
        const double threshold = spread * std::cbrt(factor);
        // A slow member: reads confined to one copy set read slower than the spread ones from phases whose
        // set holds it, as fast or faster from the others (the spread reads wait on it), slowPhasesApart
        // between them. With the ratio lifted such a size is the pattern even where its phases' mean
        // stays under the threshold (the far RAID-10 of 6 x 4 with member 1 at half speed: 110 against
        // 107, and 106 against 107 at twice the pattern). Phases apart, the slow member is known for the
        // pattern's hypothesis (m_unevenFromLift, undone with it): the ratio and parallelism are read in
        // its band, and the boundary tests against their own blocks' times.
        auto apart = [&](const Phases& x) { return x.slowest >= threshold && x.slowest >= m_tuning.slowPhasesApart * x.fastest; };
        auto confined = [&](const Phases& x) {
            if (!lifted)
                return x.ms >= threshold;
            // The lifted ratio lets in many more sizes, and the threshold a third of the way is within a
            // whole-disk mirror's noise (RAID-1 of 11 with member 3 at half speed: 47 sizes, two of them
            // 60.0 and 61.7 against 59.7), as a mean well over it is within md's nearest-head reads' (the
            // realism population's chained of 6 at 16 KiB with member 2 at a fifth under a cap: 6 blocks
            // at 314 against 261, fitted far RAID-10 of 24 x 8 at 4 KiB, WRONG): the phases apart only.
            return apart(x) && x.fastest <= spread;
        };
        const Phases first = mean(p);
        const Phases second = confined(first) ? mean(2 * p) : Phases {};
        // Twice the pattern, where p's phases read apart, may land every phase on sets holding the member
        // (4 of 5 for a far RAID-10 of 5 x 4: all three half the time), its mean then over the threshold.
        if (!confined(first) || !(confined(second) || (lifted && second.ms >= threshold)))
            continue;
        const bool slowPhases = apart(first) && apart(second);
        const double ms = first.ms;
        m_result.patternBlocks = p;
        m_slowMs = ms;
        if ((lifted || slowPhases) && !m_uneven) {
            m_uneven = m_unevenFromLift = true;
            m_normalizeBoundaries = true;
            m_slowFactorBeforeBlocks = m_slowFactor;
            m_slowFactor = std::max(m_slowFactor, first.slowest / first.fastest);
        }
        if (m_trace)
            std::fprintf(stderr, "narrow mirror pattern %llu: %.1f against %.1f%s%s\n", static_cast<unsigned long long>(p), ms, threshold,
                         lifted ? ", the ratio lifted" : "", slowPhases ? ", phases apart" : "");
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
void Prober::decidePattern()
{
    if (m_patternTimes.size() < 2)
        return;
    std::vector<double> logs;
    for (const auto& [p, ms] : m_patternTimes)
        logs.push_back(std::log(std::max(ms, 1e-6))); // a batch a cache answered at once is no -inf
    XMeansOptions options;
    options.kMax = 6;
    options.kmeans.seed = m_config.seed;
    const KMeansResult clusters = xmeans(logs, options);
    if (clusters.k < 1)
        return;
    const int slowest = clusters.k - 1;
    const double lo = *std::min_element(logs.begin(), logs.end());
    const double hi = *std::max_element(logs.begin(), logs.end());
    if (m_result.patternBlocks == 0 && (clusters.k < 2 || std::exp(hi - lo) < 1.3))
        return; // one regime only: every read can go to every disk
    if (m_result.patternBlocks == 0 && moreDisksThanCopies())
        return; // a narrow mirror's sizes differ by noise here: narrowMirrorPattern() measures them
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

// What Shear's fixed schedule spends on the same array with the same N (Shear §2.3, Fig. 7):
// every assumed pattern size up to twice the pattern, every boundary offset in the pattern,
// every pair of chunks, and the same redundancy test.
// Shear's fixed schedule on this array (issue "One probe model", item 5): counted apart from what
// the probe chose, with the paper's N (about 500 outstanding) and R = 1 for every array, not this
// probe's own N, which grows on real arrays.
void Prober::shearSchedule()
{
    std::uint64_t largest = 2 * m_result.patternBlocks;
    for (const auto& [tested, ms] : m_patternTimes)
        largest = std::max(largest, tested);
    m_result.shearSchedule = shearScheduleJson(m_result.patternBlocks, m_result.chunkBlocks, largest);
    m_result.shearScheduleIos = std::uint64_t(m_result.shearSchedule.value(QStringLiteral("total")).toInteger());
}

} // namespace raidscope::probe_detail

namespace raidscope {

namespace {

// The tuning fields by name, for probe-eval --tune.
struct DoubleField
{
    const char* name;
    double& (*field)(ProbeTuning&);
};
struct IntField
{
    const char* name;
    int& (*field)(ProbeTuning&);
};
const DoubleField kDoubleFields[] = {
        { "cacheHitFraction", [](ProbeTuning& t) -> double& { return t.cacheHitFraction; } },
        { "idlePauseMs", [](ProbeTuning& t) -> double& { return t.idlePauseMs; } },
        { "readsPerBurst", [](ProbeTuning& t) -> double& { return t.readsPerBurst; } },
        { "slowDiskFactor", [](ProbeTuning& t) -> double& { return t.slowDiskFactor; } },
        { "slowMemberFactor", [](ProbeTuning& t) -> double& { return t.slowMemberFactor; } },
        { "phaseFloor", [](ProbeTuning& t) -> double& { return t.phaseFloor; } },
        { "slowPhaseHigh", [](ProbeTuning& t) -> double& { return t.slowPhaseHigh; } },
        { "anchoredLevel", [](ProbeTuning& t) -> double& { return t.anchoredLevel; } },
        { "divisorLevel", [](ProbeTuning& t) -> double& { return t.divisorLevel; } },
        { "mirrorMultipleSpread", [](ProbeTuning& t) -> double& { return t.mirrorMultipleSpread; } },
        { "wholeMirrorSpread", [](ProbeTuning& t) -> double& { return t.wholeMirrorSpread; } },
        { "wholeMirrorSpreadDecided", [](ProbeTuning& t) -> double& { return t.wholeMirrorSpreadDecided; } },
        { "wholeMirrorWritesHigh", [](ProbeTuning& t) -> double& { return t.wholeMirrorWritesHigh; } },
        { "stripedMirrorWritesLow", [](ProbeTuning& t) -> double& { return t.stripedMirrorWritesLow; } },
        { "mirrorWritesApart", [](ProbeTuning& t) -> double& { return t.mirrorWritesApart; } },
        { "wholeMirrorParallelSpread", [](ProbeTuning& t) -> double& { return t.wholeMirrorParallelSpread; } },
        { "mirrorRatioSigma", [](ProbeTuning& t) -> double& { return t.mirrorRatioSigma; } },
        { "wholeMirrorBlockSpread", [](ProbeTuning& t) -> double& { return t.wholeMirrorBlockSpread; } },
        { "chunkFitPoor", [](ProbeTuning& t) -> double& { return t.chunkFitPoor; } },
        { "wholeMirrorReadDisks", [](ProbeTuning& t) -> double& { return t.wholeMirrorReadDisks; } },
        { "throttledMirrorRatioSigma", [](ProbeTuning& t) -> double& { return t.throttledMirrorRatioSigma; } },
        { "pacedCalibration", [](ProbeTuning& t) -> double& { return t.pacedCalibration; } },
        { "pacedRateAgreement", [](ProbeTuning& t) -> double& { return t.pacedRateAgreement; } },
        { "creditJumpRatio", [](ProbeTuning& t) -> double& { return t.creditJumpRatio; } },
        { "creditedRateDrop", [](ProbeTuning& t) -> double& { return t.creditedRateDrop; } },
        { "slowCopyAllowance", [](ProbeTuning& t) -> double& { return t.slowCopyAllowance; } },
        { "liftedRatioExcess", [](ProbeTuning& t) -> double& { return t.liftedRatioExcess; } },
        { "slowPhasesApart", [](ProbeTuning& t) -> double& { return t.slowPhasesApart; } },
        { "spreadCountTolerance", [](ProbeTuning& t) -> double& { return t.spreadCountTolerance; } },
        { "spreadMixedTolerance", [](ProbeTuning& t) -> double& { return t.spreadMixedTolerance; } },
        { "parallelExcess", [](ProbeTuning& t) -> double& { return t.parallelExcess; } },
        { "burstWarmAtRate", [](ProbeTuning& t) -> double& { return t.burstWarmAtRate; } },
        { "wholeMirrorWriteDisks", [](ProbeTuning& t) -> double& { return t.wholeMirrorWriteDisks; } },
        { "minContrast", [](ProbeTuning& t) -> double& { return t.minContrast; } },
        { "recalibratedContrast", [](ProbeTuning& t) -> double& { return t.recalibratedContrast; } },
        { "pairSigma", [](ProbeTuning& t) -> double& { return t.pairSigma; } },
        { "pairShift", [](ProbeTuning& t) -> double& { return t.pairShift; } },
        { "parallelSigma", [](ProbeTuning& t) -> double& { return t.parallelSigma; } },
        { "ratioSigma", [](ProbeTuning& t) -> double& { return t.ratioSigma; } },
        { "unevenRatioSigma", [](ProbeTuning& t) -> double& { return t.unevenRatioSigma; } },
        { "slowRatioNear", [](ProbeTuning& t) -> double& { return t.slowRatioNear; } },
        { "cappedRatioSigma", [](ProbeTuning& t) -> double& { return t.cappedRatioSigma; } },
        { "cappedMixedLoad", [](ProbeTuning& t) -> double& { return t.cappedMixedLoad; } },
        { "cappedMixedAtCap", [](ProbeTuning& t) -> double& { return t.cappedMixedAtCap; } },
        { "cappedMixedSigma", [](ProbeTuning& t) -> double& { return t.cappedMixedSigma; } },
        { "cappedMixedDrainMs", [](ProbeTuning& t) -> double& { return t.cappedMixedDrainMs; } },
        { "cappedMixedMoreCounts", [](ProbeTuning& t) -> double& { return t.cappedMixedMoreCounts; } },
        { "cappedMixedSettle", [](ProbeTuning& t) -> double& { return t.cappedMixedSettle; } },
        { "cappedMixedFit", [](ProbeTuning& t) -> double& { return t.cappedMixedFit; } },
        { "cappedMixedAgree", [](ProbeTuning& t) -> double& { return t.cappedMixedAgree; } },
        { "reject", [](ProbeTuning& t) -> double& { return t.reject; } },
        { "levelSigma", [](ProbeTuning& t) -> double& { return t.levelSigma; } },
        { "fastChunkAllowance", [](ProbeTuning& t) -> double& { return t.fastChunkAllowance; } },
        { "orderedStepHigh", [](ProbeTuning& t) -> double& { return t.orderedStepHigh; } },
        { "orderedTypicalLow", [](ProbeTuning& t) -> double& { return t.orderedTypicalLow; } },
        { "orderedMemberFloor", [](ProbeTuning& t) -> double& { return t.orderedMemberFloor; } },
        { "orderedLastShort", [](ProbeTuning& t) -> double& { return t.orderedLastShort; } },
        { "levelReject", [](ProbeTuning& t) -> double& { return t.levelReject; } },
        { "patternLevelReject", [](ProbeTuning& t) -> double& { return t.patternLevelReject; } },
        { "copiesStep", [](ProbeTuning& t) -> double& { return t.copiesStep; } },
        { "copiesFlat", [](ProbeTuning& t) -> double& { return t.copiesFlat; } },
        { "copiesClear", [](ProbeTuning& t) -> double& { return t.copiesClear; } },
        { "readOnlyReadRate", [](ProbeTuning& t) -> double& { return t.readOnlyReadRate; } },
        { "balancedCopiesStep", [](ProbeTuning& t) -> double& { return t.balancedCopiesStep; } },
        { "cappedMixedOutstanding", [](ProbeTuning& t) -> double& { return t.cappedMixedOutstanding; } },
        { "mdReadsInFlight", [](ProbeTuning& t) -> double& { return t.mdReadsInFlight; } },
        { "safeWriteMirrorRatioSigma", [](ProbeTuning& t) -> double& { return t.safeWriteMirrorRatioSigma; } },
        { "nearestSpeedBand", [](ProbeTuning& t) -> double& { return t.nearestSpeedBand; } },
        { "mixedCeilingExcess", [](ProbeTuning& t) -> double& { return t.mixedCeilingExcess; } },
        { "steadyFrom", [](ProbeTuning& t) -> double& { return t.steadyFrom; } },
        { "reconstructWriteRatioSigma", [](ProbeTuning& t) -> double& { return t.reconstructWriteRatioSigma; } },
        { "ceilingParallelism", [](ProbeTuning& t) -> double& { return t.ceilingParallelism; } },
        { "pairRest", [](ProbeTuning& t) -> double& { return t.pairRest; } },
        { "distinctLevelFactor", [](ProbeTuning& t) -> double& { return t.distinctLevelFactor; } },
        { "cachedRepeatFraction", [](ProbeTuning& t) -> double& { return t.cachedRepeatFraction; } },
        { "hostCacheFraction", [](ProbeTuning& t) -> double& { return t.hostCacheFraction; } },
};
const IntField kIntFields[] = {
        { "calibrationMaxReads", [](ProbeTuning& t) -> int& { return t.calibrationMaxReads; } },
        { "looseWriteDataChunks", [](ProbeTuning& t) -> int& { return t.looseWriteDataChunks; } },
        { "burstAttempts", [](ProbeTuning& t) -> int& { return t.burstAttempts; } },
        { "maxReadsPerTest", [](ProbeTuning& t) -> int& { return t.maxReadsPerTest; } },
        { "slowMemberSamples", [](ProbeTuning& t) -> int& { return t.slowMemberSamples; } },
        { "copiesRepeats", [](ProbeTuning& t) -> int& { return t.copiesRepeats; } },
        { "copiesMoreRepeats", [](ProbeTuning& t) -> int& { return t.copiesMoreRepeats; } },
        { "slowGroupDisks", [](ProbeTuning& t) -> int& { return t.slowGroupDisks; } },
        { "distinctReads", [](ProbeTuning& t) -> int& { return t.distinctReads; } },
        { "distinctBatches", [](ProbeTuning& t) -> int& { return t.distinctBatches; } },
        { "distinctTailGaps", [](ProbeTuning& t) -> int& { return t.distinctTailGaps; } },
};

} // namespace

QStringList tuningNames()
{
    QStringList names;
    for (const DoubleField& f : kDoubleFields)
        names << QString::fromLatin1(f.name);
    for (const IntField& f : kIntFields)
        names << QString::fromLatin1(f.name);
    return names;
}

bool setTuning(ProbeTuning& tuning, const QString& name, double value, QString* error)
{
    auto refuse = [&](const QString& why) {
        if (error)
            *error = why;
        return false;
    };
    // Every tuning is a time in ms, a fraction, a ratio or a count: from 0 to 10^6 holds them all
    // (the largest default is 1024) and keeps 1e308 from reaching the arithmetic.
    constexpr double kMaxTuning = 1e6;
    if (!checkNumberInRange(value, 0, kMaxTuning, nullptr))
        return refuse(QStringLiteral("%1: expected a number %2, got %3").arg(name, rangeText(0, kMaxTuning)).arg(value));
    for (const DoubleField& f : kDoubleFields)
        if (name == QLatin1String(f.name)) {
            f.field(tuning) = value;
            return true;
        }
    for (const IntField& f : kIntFields)
        if (name == QLatin1String(f.name)) {
            if (value != std::floor(value) || value < 1 || value > 4096)
                return refuse(QStringLiteral("%1: expected a whole number from 1 to 4096, got %2").arg(name).arg(value));
            f.field(tuning) = int(value);
            return true;
        }
    return refuse(QStringLiteral("unknown tuning %1 (known: %2)").arg(name, tuningNames().join(QStringLiteral(", "))));
}

bool setTunings(ProbeTuning& tuning, const QString& list, QString* error)
{
    for (const QString& item : list.split(u',', Qt::SkipEmptyParts)) {
        const QString name = item.section(u'=', 0, 0).trimmed();
        // A number here (nan and inf too, refused by setTuning() with its range). No '=' leaves an
        // empty value, which is no number either.
        bool ok = false;
        const double value = item.section(u'=', 1).trimmed().toDouble(&ok);
        if (!ok) {
            if (error)
                *error = QStringLiteral("%1: expected name=number").arg(item);
            return false;
        }
        if (!setTuning(tuning, name, value, error))
            return false;
    }
    return true;
}

ProbeResult runShearProbe(IoTarget& target, const ProbeConfig& config, const LayoutRegistry& registry,
                          std::stop_token stop, const Report<ProbeSnapshot>& report)
{
    probe_detail::Prober prober(target, config, registry, std::move(stop), report);
    return prober.run();
}

ProbeResult runShearProbe(IoTarget& target, const ProbeConfig& config, std::stop_token stop,
                          const Report<ProbeSnapshot>& report)
{
    return runShearProbe(target, config, LayoutRegistry::instance(), std::move(stop), report);
}

} // namespace raidscope
