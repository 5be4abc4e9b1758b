// SPDX-License-Identifier: GPL-3.0-or-later
// The zoned-RAID model's workload run through the simulator, so that model and simulation of the
// same array can be set side by side (the Models page, the validation).
#include "zonedsimulation.h"

#include "sim/arraysimulator.h"
#include "units.h"

#include <algorithm>
#include <cmath>

namespace raidscope {

ZonedRaidSimulation zonedRaidSimulation(const ZonedRaidRequest& q, std::uint64_t count, std::uint64_t seed)
{
    const bool raid01 = q.scheme == ZonedRaidRequest::Scheme::Raid01;
    const QString chunk = formatBytes(q.blockBytes);
    // The paper's requests start at a stripe boundary: the data of one row of chunks (n - 1 for
    // RAID 5, n / 2 with two copies).
    const std::uint64_t stripeBytes = q.blockBytes * std::uint64_t(raid01 ? q.disks / 2 : q.disks - 1);
    ZonedRaidSimulation s;
    s.arraySpec = raid01 ? QStringLiteral("raid10 layout=near disks=%1 copies=2 chunk=%2 disk=%3").arg(q.disks).arg(chunk, q.diskPreset)
                         : QStringLiteral("raid5 disks=%1 chunk=%2 disk=%3").arg(q.disks).arg(chunk, q.diskPreset);
    // The paper's rate is per millisecond, the workload's per second (rounded to 1e-6/ms so that
    // 0.03/ms reads 30, not 29.999999999999996).
    const double perSecond = std::round(q.ratePerMs * 1e6) / 1000;
    s.workloadSpec = QStringLiteral("random rate=%1 size=%2 read=%3 align=%4 count=%5 seed=%6")
                         .arg(QString::number(perSecond, 'g', 12), formatBytes(q.blockBytes * std::uint64_t(q.blocks)),
                             QString::number(q.readFraction, 'g', 12), formatBytes(stripeBytes))
                         .arg(count)
                         .arg(seed);
    return s;
}

std::optional<SimulatedResponse> simulateZonedRaid(const ZonedRaidRequest& q, std::uint64_t count, std::stop_token stop,
                                                   QString* error)
{
    const ZonedRaidSimulation s = zonedRaidSimulation(q, count);
    auto sim = ArraySimulator::create(s.arraySpec, error);
    if (!sim)
        return std::nullopt;
    const auto workload = parseWorkloadSpec(s.workloadSpec, error);
    if (!workload || !sim->checkWorkload(*workload, error))
        return std::nullopt;
    const SimResult r = sim->run(*workload, stop);
    if (stop.stop_requested()) {
        *error = QString();
        return std::nullopt;
    }
    SimulatedResponse out;
    for (const DiskResult& d : r.disks)
        out.busiestUtilization = std::max(out.busiestUtilization, d.utilization);
    out.requests = r.responseMs.count();
    out.meanMs = r.responseMs.mean();
    out.varianceMs2 = r.responseMs.variance();
    out.p50Ms = r.percentileMs(0.5);
    out.p90Ms = r.percentileMs(0.9);
    out.p95Ms = r.percentileMs(0.95);
    out.p99Ms = r.percentileMs(0.99);
    for (int i = 1; i < 200; ++i)
        out.cdf.push_back({ r.percentileMs(i / 200.0), i / 200.0 });
    constexpr int kBins = 40;
    const double lo = r.percentileMs(0.005), hi = r.percentileMs(0.995);
    if (hi > lo) {
        std::vector<double> mass(kBins, 0.0);
        const double width = (hi - lo) / kBins;
        for (int i = 1; i < 1000; ++i) {
            const double t = r.percentileMs(i / 1000.0);
            if (t >= lo && t <= hi)
                mass[std::size_t(std::min(kBins - 1, int((t - lo) / width)))] += 0.001;
        }
        for (int b = 0; b < kBins; ++b)
            out.pdf.push_back({ lo + (b + 0.5) * width, mass[std::size_t(b)] / width });
    }
    return out;
}

} // namespace raidscope
