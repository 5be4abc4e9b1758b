// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "iotarget.h"
#include "job.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <memory>
#include <optional>
#include <stop_token>
#include <vector>

namespace raidscope {

class LayoutRegistry;

struct ProbeConfig
{
    int readsPerTest = 32;            ///< N: random requests per timed test (Shear §2.3 "N random segments")
    int maxDisks = 32;                ///< candidate arrays up to this many members
    std::uint64_t maxChunkBytes = 1 << 20;
    bool measureRedundancy = true;    ///< needs writes (safe: the same bytes written back)
    bool checkDisks = true;           ///< per-disk speed after identification (Shear §5.1, Fig. 18)
    bool fullPairwise = false;        ///< every chunk pair, as Shear did, instead of an adaptive choice
    std::uint64_t seed = 1;
};

// Raw series, one point per timed test; what the live plots draw.
struct PatternPoint
{
    std::uint64_t patternBlocks = 0; ///< assumed pattern size p
    double timeMs = 0;
    bool slow = false; ///< in the slowest cluster (filled when the step ends)
};
struct BoundaryPoint
{
    std::uint64_t offsetBlocks = 0; ///< c: blocks c-1 and c of random patterns
    double timeMs = 0;
    bool boundary = false;
};
struct PairPoint
{
    std::uint64_t a = 0, b = 0; ///< chunks of the pattern
    double timeMs = 0;
    double ratio = 0; ///< excess over the slower chunk alone, in units of the faster: 1 same disk, 0 apart
};
struct WritePoint
{
    int writes = 0;
    double mbps = 0;
};
struct DiskSpeedPoint
{
    int disk = 0;
    double timeMs = 0;
    double relative = 1; ///< time / median time: 2 = twice as slow
};

/// I/Os issued per step (Shear Fig. 7 counts them the same way).
struct IoCounts
{
    std::uint64_t warmup = 0, calibration = 0, redundancy = 0, patternSize = 0, boundaries = 0, pairwise = 0, disks = 0;
    std::uint64_t total() const { return warmup + calibration + redundancy + patternSize + boundaries + pairwise + disks; }
    QJsonObject toJson() const;
};

struct ProbeVerdict
{
    bool identified = false;
    QString scheme, variant;
    int disks = 0;
    int copies = 0;
    std::uint64_t chunkBytes = 0;
    std::uint64_t patternBytes = 0;
    int failedDisk = -1;
    bool mdParityWrites = false;
    double confidence = 0;
    QString spec;               ///< the identified array as a spec
    QStringList equivalents;    ///< other layouts no Shear measurement can tell apart from it
    QString runnerUp;
    double runnerUpConfidence = 0;
    QStringList findings;       ///< misconfiguration, slow/fast/failed disk, md writes, weak evidence
};

/// A live update: the step, progress and the points measured since the last snapshot.
struct ProbeSnapshot
{
    QString step;
    double fraction = 0;
    IoCounts ios;
    std::uint64_t patternChunks = 0; ///< known once the pattern and chunk are: the heatmap's size
    std::vector<PatternPoint> pattern;
    std::vector<BoundaryPoint> boundaries;
    std::vector<PairPoint> pairs;
    std::vector<WritePoint> writes;
    double readMBps = 0;
    std::vector<DiskSpeedPoint> disks;
    std::shared_ptr<const ProbeVerdict> verdict; ///< set in the last snapshot
};

struct ProbeResult
{
    QString target;
    ProbeVerdict verdict;
    IoCounts ios;
    std::uint64_t shearScheduleIos = 0; ///< Shear's fixed schedule on the same array with the same N
    QJsonObject shearSchedule;          ///< its parts
    std::uint64_t patternBlocks = 0;
    std::uint64_t chunkBlocks = 0;
    std::uint32_t blockBytes = 0;
    double serialMs = 0;                ///< N random reads one at a time: the one-disk time
    double readWriteRatio = 0;
    double readMBps = 0;
    std::vector<PatternPoint> pattern;
    std::vector<BoundaryPoint> boundaries;
    std::vector<std::uint64_t> chunkRunsBlocks; ///< sizes between detected boundaries (ZIG-ZAG: unequal)
    std::vector<PairPoint> pairs;
    /// The identified layout's excess for every chunk pair, row-major K x K (K = pattern / chunk, at
    /// most 512; empty when nothing was identified): what the pairs not measured would show.
    std::vector<double> predictedExcess;
    std::vector<WritePoint> writes;
    std::vector<DiskSpeedPoint> disks;
    QString error;                      ///< the target failed
    bool stopped = false;

    /// DESIGN.md's `probe --json` object: verdict, ios {total, perStep, shearSchedule}, steps {...}.
    QJsonObject toJson() const;
};

/// The inverse of ProbeResult::toJson(): a saved `probe --json` object back as the result it was
/// (toJson() of it gives the same object). nullopt, and in `error` one line naming the first field
/// that is missing or wrong ("steps.pairs[3].ratio: expected a number, found a string"), when the
/// object is not a probe result this version reads.
std::optional<ProbeResult> probeResultFromJson(const QJsonObject& json, QString* error);

/// Shear's probe (Denehy et al., §2.3): pattern size, chunk boundaries, pairwise layout, redundancy,
/// then identification against what every installed layout plugin predicts. Adaptive: the tests
/// are chosen to tell the remaining candidate layouts apart, so far fewer I/Os are spent than in
/// Shear's fixed schedule.
ProbeResult runShearProbe(IoTarget& target, const ProbeConfig& config, std::stop_token stop = {},
                          const Report<ProbeSnapshot>& report = {});
/// The same with an explicit registry (tests).
ProbeResult runShearProbe(IoTarget& target, const ProbeConfig& config, const LayoutRegistry& registry,
                          std::stop_token stop, const Report<ProbeSnapshot>& report);

} // namespace raidscope
