// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/zonedraid.h"

#include <QString>

#include <cstdint>
#include <optional>
#include <stop_token>
#include <vector>

namespace raidscope {

/// The zoned-RAID model's request as the simulator runs it: the same array (RAID 01 as md's raid10
/// near layout with 2 copies: mirrored pairs, striped) on the same disk preset, and an open-loop
/// Poisson workload of the same rate, size and read share, each request starting at a stripe boundary
/// (align= the data of one row of chunks: (n - 1) blocks for RAID 5, n / 2 for RAID 01) as the paper's do.
struct ZonedRaidSimulation
{
    QString arraySpec;
    QString workloadSpec;
};
ZonedRaidSimulation zonedRaidSimulation(const ZonedRaidRequest& request, std::uint64_t count, std::uint64_t seed = 1);

/// What the simulator measured, in the model's terms.
struct SimulatedResponse
{
    double meanMs = 0;
    double varianceMs2 = 0;
    double p50Ms = 0, p90Ms = 0, p95Ms = 0, p99Ms = 0;
    std::vector<ResponsePoint> cdf; ///< 199 quantiles, 0.5 % to 99.5 %
    /// A histogram of 40 equal bins from the 0.5 % to the 99.5 % quantile, as densities per ms at the
    /// bins' centres (each of 999 quantiles carries 0.1 % of the requests).
    std::vector<ResponsePoint> pdf;
    std::uint64_t requests = 0;
    double busiestUtilization = 0; ///< of any disk; an open loop near 1 has no steady state
};
/// Runs it; nullopt with the reason (the spec refused, or stopped).
std::optional<SimulatedResponse> simulateZonedRaid(const ZonedRaidRequest& request, std::uint64_t count, std::stop_token stop,
                                                   QString* error);

} // namespace raidscope
