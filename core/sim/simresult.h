// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "stats/loghistogram.h"
#include "stats/runningstats.h"
#include "simconfig.h"

#include <QJsonObject>
#include <QString>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

namespace raidscope {

/// What one physical disk did during a run.
struct DiskResult
{
    QString preset;
    std::vector<int> members;      ///< array members on this disk (two for a shared disk)
    bool failed = false;
    std::uint64_t ops = 0;
    std::uint64_t sectors = 0;
    double busyNs = 0;
    double utilization = 0;        ///< busy time / simulated time
    double meanQueueLength = 0;    ///< time-averaged, the operation in service included
    std::uint64_t maxQueueLength = 0;
    bool replaced = false;         ///< a spare took the place of its failed member during the run (rebuild=)
};

/// A span of a run with a failure (fail=, or failed= with rebuild=): SIMRAID's stages after a disk
/// failure, with the response times of the requests that completed in it.
/// Names: "healthy" (before the first failure), "degraded" (a member failed, no rebuild running),
/// "reconstruction" (from the first rebuild's start until every failed member is rebuilt), "recovering"
/// (from then until the requests in the system first fall to their mean in the healthy stage, or to
/// none without one), "healthy-after". A member failing after the rebuild opens "degraded" again, so
/// a name may recur; the stages are contiguous and cover the run.
struct StageResult
{
    QString name;
    double startNs = 0;
    double endNs = 0;
    std::uint64_t requests = 0;   ///< completed in the stage
    double inSystemNsIntegral = 0; ///< requests in the system (issued, not yet seen by the host) x time
    RunningStats responseMs;
    LogHistogram responseNs;

    double durationNs() const { return endNs - startNs; }
    /// Time-averaged requests in the system (queued or in service) during the stage.
    double meanInSystem() const { return endNs > startNs ? inSystemNsIntegral / (endNs - startNs) : 0; }
    double percentileMs(double q) const
    {
        return responseMs.count() ? std::clamp(responseNs.quantile(q) * 1e-6, responseMs.min(), responseMs.max()) : 0;
    }
};

/// The rebuilds of a run onto spares (rebuild=): from the first rebuild's start to the last one's end.
struct RebuildResult
{
    QString policy;               ///< rebuild= as given, e.g. "rate:50MB/s"
    std::vector<int> members;     ///< members rebuilt (or being rebuilt when the run ended)
    double startNs = 0;
    double endNs = 0;             ///< when the last spare write of the last rebuild completed
    bool completed = false;       ///< false: the run stopped before every member was rebuilt
    std::uint64_t unitBytes = 0;  ///< rebuild.unit
    double delayNs = 0;           ///< rebuild.delay
    std::uint64_t bytesRead = 0;  ///< from the survivors
    std::uint64_t bytesWritten = 0; ///< to the spares
    std::uint64_t steps = 0;

    double durationNs() const { return endNs - startNs; }
};

/// Requests completed and their response times per bin of simulated time (by completion time), and
/// the spares' bytes written per bin. Bins start 1 us wide and double (pairs merge) whenever the run
/// would need more than kMaxBins, so a run has from kMaxBins / 2 to kMaxBins bins once it is longer
/// than kMaxBins us.
struct SimTimeline
{
    static constexpr std::size_t kMaxBins = 1000;
    static constexpr double kFirstBinNs = 1000;
    struct Bin
    {
        std::uint64_t requests = 0;
        double sumMs = 0;
        double maxMs = 0;
        std::uint64_t rebuildBytes = 0;
    };
    double binNs = kFirstBinNs;
    std::vector<Bin> bins;

    /// The bin of time `ns`, widening the bins as needed.
    Bin& at(double ns);
    void add(double ns, double responseMs);
    /// Merges pairs of bins until they are `width` wide (a power of two times the present width).
    void widen(double width);
    /// Overlays `other` bin by bin (runs of the same array, e.g. other seeds), at the wider of the two widths.
    void merge(const SimTimeline& other);
    bool empty() const { return bins.empty(); }
};

/// The result of a simulation run; every statistic is streaming, so memory does not grow with
/// the number of requests.
struct SimResult
{
    QString arraySpec;
    QString workloadSpec;
    std::uint64_t requests = 0;    ///< logical requests completed
    std::uint64_t reads = 0;
    std::uint64_t writes = 0;
    std::uint64_t bytes = 0;
    std::uint64_t lostRequests = 0;  ///< requests that touched data with no surviving copy
    std::uint64_t writeCacheHits = 0; ///< writes acknowledged from the controller's write-back cache
    std::uint64_t readCacheHits = 0;
    std::uint64_t diskOps = 0;
    int outstanding = 0;           ///< closed loop: the requests kept in flight; 0 for open loop
    double offeredRatePerSec = 0;  ///< open loop
    double simulatedNs = 0;
    double wallSeconds = 0;
    RunningStats responseMs;
    LogHistogram responseNs;
    std::vector<DiskResult> disks;

    /// Only for runs with fail= or rebuild= (else empty, and toJson() has none of their keys).
    std::vector<MemberFailure> failures; ///< failures that happened (failed= members at time 0 included)
    std::vector<StageResult> stages;
    std::optional<RebuildResult> rebuild;
    SimTimeline timeline;

    double simulatedSeconds() const { return simulatedNs * 1e-9; }
    double iops() const { return simulatedNs > 0 ? double(requests) / simulatedSeconds() : 0; }
    /// Decimal megabytes (10^6 bytes) per second, as disk data sheets and the whitepaper use.
    double mbps() const { return simulatedNs > 0 ? double(bytes) / simulatedSeconds() / 1e6 : 0; }
    /// From the histogram (within 1/64), clamped to the exact minimum and maximum.
    double percentileMs(double q) const
    {
        return std::clamp(responseNs.quantile(q) * 1e-6, responseMs.min(), responseMs.max());
    }

    /// Adds `other` as if it had run after this one on the same array: counts, simulated and wall
    /// time add up; response-time statistics merge exactly; per disk, ops, sectors and busy time add
    /// up, utilization becomes busy time / the summed simulated time and the mean queue length is
    /// weighted by each part's simulated time; the maximum queue length is the larger. Merging into
    /// an empty result (no disks) takes `other`'s disks, workload, outstanding and rate; a non-empty
    /// array spec is kept. Disks pair by index. Stages, the rebuild and the timeline are overlaid, as
    /// for runs of one array with other seeds: stages pair by name in order (the first unpaired stage of
    /// the name), their counts and statistics merge and their spans stay this result's (other's stages
    /// with no partner are appended as they are); the rebuild's bytes and steps add up and its times
    /// stay this result's; the timeline adds up bin by bin.
    void merge(const SimResult& other);

    /// DESIGN.md's `simulate --json` object: requests, iops, mbps, meanMs, varianceMs2,
    /// percentilesMs {50, 90, 99}, disks [{utilization, ops}], and more; with fail= or rebuild=, also
    /// failures, stages, rebuild and timeline (docs in the project README, "Failures and rebuilds").
    QJsonObject toJson() const;

private:
    void addFailureJson(QJsonObject& json) const;
};

} // namespace raidscope
