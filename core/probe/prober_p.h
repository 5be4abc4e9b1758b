// SPDX-License-Identifier: GPL-3.0-or-later
// The Shear probe's state and steps (private to core/probe). The steps are defined in three files:
// shearprobe.cpp (run, I/O, redundancy, pattern size), probelayout.cpp (chunk boundaries and the
// pairwise layout) and probeidentify.cpp (matching against the installed layouts, findings).
#pragma once

#include "chunkfit.h"
#include "layoutmodel.h"
#include "shearprobe.h"
#include "stats/rng.h"

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <utility>
#include <vector>

namespace raidscope {

class LayoutRegistry;

namespace probe_detail {

struct Stopped
{
};


double median(std::vector<double> v);
/// The median of a map's times (a chunk's or block's reads alone).
double medianTime(const std::map<std::uint64_t, double>& times);
/// The slowest of those times over their median: 0 with fewer than three.
double slowestOverMedian(const std::map<std::uint64_t, double>& times);

/// A staircase of steps every `copies` reads (period: their mean spacing), each `stepMs` high.
struct Staircase
{
    int copies = 0;
    int steps = 0;
    double period = 0;
    double periodSigma = 0; ///< the period's standard error, from the positions' spread about a line
    double stepMs = 0;
    bool shaped = true; ///< every step within tolerance of the median, flat between
    bool whole = false; ///< the period within tolerance of a whole number of reads
};
Staircase staircase(const std::vector<double>& t, double tolerance);

class Prober
{
public:
    Prober(IoTarget& target, const ProbeConfig& config, const LayoutRegistry& registry, std::stop_token stop,
           const Report<ProbeSnapshot>& report);
    ProbeResult run();

private:
    // --- I/O --------------------------------------------------------------------------------------
    BatchTiming runBatch(const std::vector<ProbeIo>& ios, std::uint64_t& counter, int outstanding);
    double timeBatch(const std::vector<ProbeIo>& ios, std::uint64_t& counter, int outstanding = 0);
    std::pair<double, double> restedBatch(const std::vector<ProbeIo>& ios, std::uint64_t& counter, int outstanding = 0);
    int layoutOutstanding() const;
    double steadyRatePerMs(const std::vector<ProbeIo>& ios, std::uint64_t& counter, int outstanding);
    double steadyRatePerMs(const BatchTiming& timing) const;
    ProbeIo read(std::uint64_t block) const { return { block * m_blockBytes, m_blockBytes, false }; }
    void addRandomInstances(std::vector<ProbeIo>& ios, std::uint64_t period, std::uint64_t offset, int count);
    std::vector<ProbeIo> randomBlocks(int count, bool write);

    // --- reporting ---------------------------------------------------------------------------------
    void step(const QString& name, double fraction);
    void flush(double fraction, bool force);

    // --- steps -------------------------------------------------------------------------------------
    // A disk idle for a while may answer a first burst at once: spend a few reads before timing.
    void warmUp() { timeBatch(randomBlocks(2 * m_n, false), m_ios.warmup); }
    void calibrate(double serialMs = 0);
    void recalibrateWithoutContrast();
    void scaleForCopies();
    void scaleForCredit();
    void scaleTo(int wanted, const char* why);
    bool distinctReadCalibration();
    bool scaleFromPattern(std::uint64_t p);
    void setScale(double readMs, double credit);
    void resetScan();
    bool repeatsCached();
    void scaleFromDistinctReads();
    std::vector<ProbeIo> distinctMultiples(std::uint64_t at, std::uint64_t q, int reads);
    double sameBlockMs(std::uint64_t block, int count);
    double queuedBlockMs(std::uint64_t block, int count);
    void countCopies();
    void searchPattern();
    /// Where reads queue: the calibrated one-disk level stands clearly above reads spread over the array.
    bool contrasted() const
    {
        return m_result.calibration.queuedMs > 0 && m_result.serialMs > m_tuning.minContrast * m_spreadMs;
    }
    bool copiesFit(const Candidate& c) const;
    void identifyByCopies(int copies);
    void ceilingHidesDisks(int disks);
    bool countDisksUnderCap();
    /// Confidence in a count `here` standard errors from its mean against its neighbour `next` away.
    static double mirrorCountConfidence(double here, double next);
    void decideMirrorCount(int neighbour, double here, double next);
    void nameWholeDiskMirror(int disks);

    // --- redundancy and pattern size (shearprobe.cpp) ------------------------------------------------
    void redundancy();
    void measureReadRate(int count, bool grow = false);
    void measureBlockReadRate(); // one block's repeats at the random reads' pace: m_blockReadRate
    void noteSharedPairs(double observedLevel);
    void refineRedundancy(int count);
    double parallelism() const;
    bool looksLikeWholeDiskMirror() const;
    bool ratioFits(const Candidate& c, double slack, bool underCap = false) const;
    double ratioFor(const Candidate& c) const;
    void patternSizes();
    void scanPattern();
    void reducePattern();
    void resetHypothesis();
    double patternBatch(std::uint64_t p, int reads = 0, std::int64_t offset = -1);
    double onePhaseFloorMs(std::uint64_t p) const;
    bool slowPhaseSeen(std::uint64_t p) const;
    bool slowFloorApplies(std::uint64_t p) const;
    std::pair<double, std::uint64_t> slowestPhase(std::uint64_t p) const;
    double fastPhasesMs(std::uint64_t p) const;
    void slowChunkSeen();
    bool samePhasesAsSlow(std::uint64_t p, std::uint64_t d);
    double slowChunkFactor() const;
    bool slowPhaseRepeats(std::uint64_t p, std::uint64_t d, double level);
    double testPattern(std::uint64_t p);
    double morePhases(std::uint64_t p, double ms);
    bool moreDisksThanCopies() const;
    bool narrowMirrorPattern();
    void decidePattern();

    // --- chunk boundaries and pairwise layout (probelayout.cpp) ---------------------------------------
    bool anyCandidateFits();
    int testSharedPairs(const Candidate& c);
    double testBoundary(std::uint64_t c);
    std::vector<Candidate> stripedCandidates(std::uint64_t chunkBlocks, std::uint64_t patternBlocks) const;
    std::vector<ChunkHypothesis> chunkHypotheses(std::uint64_t p) const;
    double slowBlocksFactor() const;
    void boundaries();
    void scanBoundaries();
    void chunkRuns(std::vector<std::uint64_t> found);
    double single(std::uint64_t a);
    double blockSingle(std::uint64_t b);
    double slowChunk(std::uint64_t a) const;
    bool pairJudged(const Candidate& c, const std::pair<std::uint64_t, std::uint64_t>& key) const;
    bool copiesExplain(int k, double f) const;

    // How much longer N reads of a plus N of b take than the slower alone, in units of the faster
    // alone: 1 when they share a disk (the reads queue behind each other), 0 on separate disks,
    // between when copies overlap (chained declustering: 1/3). Unlike Shear's raw times it does
    // not mistake a slow disk for a shared one (Shear §5.1 heterogeneity).
    static double excess(double pair, double ta, double tb) { return (pair - std::max(ta, tb)) / std::min(ta, tb); }
    double testPair(std::uint64_t a, std::uint64_t b);
    double observedExcess(std::uint64_t a, std::uint64_t b, double pairMs) const;
    static double predictedExcess(const Candidate& c, std::uint64_t a, std::uint64_t b);
    // Observed minus predicted excess, in units of a single-copy layout's noise. An excess divides
    // by one chunk's N reads; with k copies those are N/k per disk, so its noise grows as sqrt(k).
    double pairError(const Candidate& c, const std::pair<std::uint64_t, std::uint64_t>& key, double pairMs) const;
    static double pairNoise(const Candidate& c);
    bool consistent(const Candidate& c) const;
    void pairwise();
    void verify(const Candidate* lead);
    double groupRatio(const std::vector<std::uint64_t>& reps);
    std::pair<double, double> pairBatch(std::uint64_t a, std::uint64_t b);
    void copySetGroup(const Candidate& lead);


    // --- identification (probeidentify.cpp) --------------------------------------------------------
    double score(const Candidate& c) const;
    double levelError(const Candidate& c) const;
    double levelErrorIn(const Candidate& c, double unit) const;
    double levelUnit(const Candidate& c) const;
    bool copySetUnitOpen(int k) const;
    double parallelismFor(const Candidate& c) const;
    double fastChunkMiss(const Candidate& c) const;
    static std::optional<std::uint64_t> lostCopyChunk(const Candidate& c);
    double ratioSigmaOf(const Candidate& c) const;
    double cappedRatio(const Candidate& c) const;
    double cappedRatioMiss(const Candidate& c) const;
    double maxPairError(const Candidate& c) const;
    double patternLevel() const;
    double patternLevelError(const Candidate& c, double observed) const;
    double patternLevelErrorIn(const Candidate& c, double observed, double unit) const;
    void identifyUnstriped();
    bool wholeDiskMirrorWithSlowMember();
    bool slowMemberBySpreadBatch(int copies);
    struct MixedBatch
    {
        double reads = 0, writes = 0, ms = 0;
    };
    MixedBatch mixedBatchAtOnce(int disks);
    struct InFlightCount
    {
        int disks = 0;           ///< the best count
        double confidence = 0;   ///< its share of the candidates' likelihood
        int runnerUp = 0;        ///< the next best, 0 if none
        double runnerUpConfidence = 0;
        bool fits = false;       ///< the rates fit the best count in absolute terms
        QString rates;           ///< "with 4, 5, 6 reads in flight: 0.65, 0.81, 0.90 of the full rate"
    };
    InFlightCount membersInFlight(const std::vector<int>& candidates);
    /// A mirror of whole disks counted in md's member order (orderedMembers()).
    struct OrderedMembers
    {
        int disks = 0;                 ///< 0: the steps do not read as md's ordered members
        std::vector<double> stepPerMs; ///< step k (member k - 1's rate), k = 1 ... measured
        double typicalPerMs = 0;       ///< the median member's step
        double sigmaPerMs = 0;         ///< a step's noise, from the knee's rates read twice
        /// With D reads in flight, the reads past the idle credit that took slowMemberFactor times the
        /// median read or longer: their share and median time (a slow last member's, not a cap's)
        double slowShare = 0;
        double slowReadMs = 0;
        double confidence = 0;         ///< D against D - 1 and D + 1
        int runnerUp = 0;
        double runnerUpConfidence = 0;
    };
    OrderedMembers orderedMembers();
    bool nameOrderedMirror();
    bool nameMirrorCountedInOrder();
    bool lastStepShort() const;
    bool lastMemberSlow() const;
    void orderedDiskFindings(const QString& lead);
    void orderedMemberSpeeds();
    void identify();
    void rank();
    int remeasureOutliers(const Candidate& c);
    void misconfigurationDetail(const Candidate& c);
    void diskSpeeds();
    void diskFindings(double band);
    void undecided(); ///< the finding "too weak to decide between" the verdict and its runner-up
    /// One block's queued read time against the median of other blocks' (slowMemberFactor or more: a
    /// slow member), from the calibration's blocks and up to slowMemberSamples more; {0, 0} when none
    /// stands out.
    struct SlowMember
    {
        double slowMs = 0;       ///< its block's queued time a read; 0 when no block stood out
        double typicalMs = 0;    ///< the other blocks' median
        std::uint64_t block = 0; ///< the slow block
        bool measured = false;
    };
    const SlowMember& slowMemberRead(); ///< measured once, then kept
    SlowMember m_slowMember;
    void scanAnchored();
    bool slowBlockAgrees(std::uint64_t p);
    double slowBlockMs(std::uint64_t q);
    bool readsOnSlowBlock(double ms) const;
    void addPatternPoint(std::uint64_t p, double ms);
    void slowBlockOnSlowDisk(const Candidate& c);
    void slowMemberHidesPattern(double contrast);
    /// Takes the name back from an identified verdict: the finding "too weak to decide on" it, and why.
    void withdraw(const QString& why, std::vector<std::pair<QString, double>> values = {});
    /// Adds a finding to the verdict.
    void found(ProbeFinding::Kind kind, QString text, std::vector<int> disks = {},
               std::vector<std::pair<QString, double>> values = {});
    void shearSchedule(); // shearprobe.cpp

    IoTarget& m_target;
    const ProbeConfig& m_config;
    const ProbeTuning& m_tuning;
    const LayoutRegistry& m_registry;
    std::stop_token m_stop;
    const Report<ProbeSnapshot>& m_report;
    Rng m_rng;
    Throttle m_throttle;
    std::uint32_t m_blockBytes = 4096;
    std::uint64_t m_capacityBlocks = 0;
    int m_n = 32;     // reads per test: the configured N, or more after calibration
    int m_baseN = 32; // the configured N
    bool m_trace = false; // RAIDSCOPE_PROBE_TRACE: each test's phases on stderr, for rig analysis
    double m_fraction = 0;
    IoCounts m_ios;
    ProbeResult m_result;
    ProbeSnapshot m_pending;
    std::vector<std::pair<std::uint64_t, double>> m_patternTimes;
    std::map<std::uint64_t, std::set<int>> m_sizes; // assumed pattern sizes to try -> copies when slow
    std::set<std::uint64_t> m_rejected;            // pattern sizes no layout fitted
    std::map<std::uint64_t, double> m_patternMin;  // fastest phase of each size tried
    std::map<std::uint64_t, std::vector<std::pair<double, std::uint64_t>>> m_patternPhases; // each size's random phases: ms, offset
    std::map<std::uint64_t, int> m_disksFor;       // assumed pattern -> the fewest disks of a layout with it
    std::uint64_t m_scanned = 0;                   // sizes up to this one are tried
    std::uint64_t m_limit = 0;
    double m_slowMs = 0;
    double m_spreadMs = 0;
    double m_readRate = 0, m_writeRate = 0; // requests per ms in steady state
    int m_writeCount = 0, m_readCount = 0; // requests behind the rates
    double m_blockReadRate = 0; // one block's reads per ms, right after the random reads' (where reads queue)
    double m_groupRatio = 0; // one chunk per disk read at once, against one disk's time
    double m_groupMs = 0;    // that batch's time
    double m_ceilingRatio = 0; // the group's ratio when no pair of it shares a disk: an array-wide limit
    double m_ceilingIops = 0;  // the request rate the group batch reached then
    std::map<std::uint64_t, std::set<std::uint64_t>> m_chunksFor; // assumed pattern -> chunk sizes a layout has with it
    std::map<std::pair<std::uint64_t, std::uint64_t>, double> m_pairs;
    std::map<std::uint64_t, double> m_single; // pattern chunk -> N reads of it
    std::vector<Candidate> m_candidates;
    const Candidate* m_best = nullptr;
    bool m_sharedChecked = false;       // rank() measured the answer's same-disk pairs
    QString m_sharedHint;               // a rejected pattern's evidence of two members on one disk
    int m_sharedHintPairs = 0;          // the chunk pairs that fit it
    double m_chunkFitPerOffset = 0;     // boundaries(): the chosen chunk size's fit (-2 log likelihood) per offset
    bool m_narrowSearch = false;        // narrowMirrorPattern() found the pattern
    bool m_slowScan = false;            // the pattern scan again, for layouts a slow member holds back (run())
    bool m_cappedScan = false;          // the pattern scan again, for layouts a ceiling slows (run())
    bool m_writeOnlyScan = false;       // ... for layouts with a member only writes reach; kept when it found the pattern
    bool m_anchoredScan = false;        // ... from a slow member's block (scanAnchored()); kept when it found the pattern
    std::vector<std::pair<std::uint64_t, double>> m_anchoredTimes; // sizes read from the slow member's block: p, ms
    bool m_fromSlowBlock = false;       // the hypothesis read as the pattern from the slow member's block
    void slowMemberKnown();
    bool calibrationRatesApart() const;
    static int writeOnlyMember(const Candidate& c, bool writtenOnly = false);
    int m_discriminatingPairs = 0;      // pairs rank() measured to split the best two
    int m_ratioRounds = 0;              // rounds of refineRedundancy() spent deciding between ratios
    int m_remeasureBudget = 8;          // outlier pairs measured again, at most
    std::set<std::uint64_t> m_resampled; // chunks whose single was measured twice
    std::map<std::uint64_t, double> m_blockSingle; // pattern block -> N reads of it
    bool m_uneven = false; // disks of unequal speed: the ratio and parallelism are the slow disk's
    // A slow disk, or an array-wide request ceiling (which caps the random reads, not the writes):
    // the read/write ratio and the parallelism then tell redundancy from none, not the layout.
    bool ratioLoose() const { return m_uneven || capped(); }
    /// A ceiling on host requests: the group test saw one, or random reads fell far short of the answer's.
    bool capped() const { return m_ceilingRatio > 0 || m_readsCapped; }
    /// Disks of unequal speed and no cap on the whole array: the ratios are bounded by m_slowFactor.
    bool slowMemberOnly() const { return m_uneven && m_ceilingRatio <= 0 && !m_readsCapped; }
    double outsideSlowBand(double logRatio) const;
    double outsideSlowRatioBand(const Candidate& c, double logRatio) const;
    double chunkReadMs(std::uint64_t k); // 2N random reads of pattern chunk k
    bool mirrorDiskSpeeds(const Candidate& c); // false: slow chunks no one disk of `c` holds
    static std::vector<DiskSpeedPoint> mirrorDisks(const Candidate& c, const std::map<std::uint64_t, double>& times);
    double slowGroupCut(const std::map<std::uint64_t, double>& times) const;
    bool slowChunksOnOneDisk(const Candidate& c, const std::map<std::uint64_t, double>& times) const;
    std::map<std::uint64_t, double> m_chunkTimes; // mirrorDiskSpeeds(): pattern chunk -> read alone, ms
    /// md reads a block's copies by head distance (the copies test counted them one read a step, no
    /// balancing staircase), or `c` reads far and offset copies from the lowest address as md does.
    bool mdStyleReads(const Candidate& c) const;
    /// The copies test counted a block's copies one read a step (md's read_balance(): an idle copy
    /// first, then the nearest head), not a balancing controller's staircase.
    bool mdReads() const { return m_result.calibration.blockCopies >= 2 && !m_result.calibration.copiesBalanced; }
    double speedBand(const Candidate& c) const; // a disk off the median by more than this is slow (fast)
    std::uint64_t m_reducedFrom = 0; // the size reducePattern() last started from
    std::uint64_t m_retryFrom = 0;   // a size to reduce again past a rejected divisor (searchPattern())
    bool m_unevenFromChunks = false; // m_uneven set by slowChunkSeen(), before any member was read one by one
    // Set by boundaries() from slowBlocksFactor() for one pattern hypothesis: undone with it (resetHypothesis()), with the
    // slow factor it had before.
    bool m_unevenFromBlocks = false;
    // Set by narrowMirrorPattern() where a lifted ratio's pattern read in phases apart: a slow member known for
    // that hypothesis, undone with it like m_unevenFromBlocks (the two never both: each only where m_uneven is not).
    bool m_unevenFromLift = false;
    double m_slowFactorBeforeBlocks = 1; // m_slowFactor before either of the two set it
    int m_scanCopies = 0; // the copies of the level at which scanPattern() took the pattern (1: one disk)
    double m_slowFactor = 1; // the slowest (or fastest) member's time against the median's
    bool m_countedUnderCap = false; // countDisksUnderCap() named the mirror
    bool m_countedInOrder = false;  // nameMirrorCountedInOrder() named the mirror from md's ordered members
    double m_underCapCount = 0;     // countDisksUnderCap()'s first count of disks; 0 where the cap set the pace
    OrderedMembers m_ordered; // orderedMembers(): md's members counted in order
    bool m_orderedNamed = false; // nameOrderedMirror() named the mirror
    bool m_readsCapped = false; // random reads far under the answer's parallelism: a ceiling
    std::vector<std::pair<double, std::uint64_t>> m_calibrationReads; // the calibration's blocks that queued: time a read, block
    bool m_pacedCalibration = false; // recalibrateWithoutContrast(): the calibration checks its rates' pacing
    int m_pacedBlocks = 0;           // the calibration's blocks whose rate came after a batch paced as a spread one
    double m_repeatReadMs = 0; // the calibration's blocks' median time a repeat, queued or cached
    bool m_distinctScale = false; // the scale came from distinct reads: pattern batches read no block twice
    bool m_normalizeBoundaries = false; // boundary tests against their blocks' own times (a retry)
};

} // namespace probe_detail
} // namespace raidscope
