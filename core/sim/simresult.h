// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "stats/loghistogram.h"
#include "stats/runningstats.h"

#include <QJsonObject>
#include <QString>

#include <algorithm>
#include <cstdint>
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
    /// array spec is kept. Disks pair by index.
    void merge(const SimResult& other);

    /// DESIGN.md's `simulate --json` object: requests, iops, mbps, meanMs, varianceMs2,
    /// percentilesMs {50, 90, 99}, disks [{utilization, ops}], and more.
    QJsonObject toJson() const;
};

} // namespace raidscope
