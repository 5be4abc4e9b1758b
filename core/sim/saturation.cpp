// SPDX-License-Identifier: GPL-3.0-or-later
#include "saturation.h"

#include "simresult.h"

#include <cmath>
#include <cstdint>

namespace raidscope {
namespace {

// rho from which the response time is many service times (M/M/1: S / (1 - rho) is 10 S at 0.9).
constexpr double kNearRho = 0.9;
// Fewer requests state no rate: the offered rate n / span of Poisson arrivals is off by about
// 1 / sqrt(n) (10 % at 100), and a burst of a few requests says nothing about a sustained load.
constexpr std::uint64_t kMinRequests = 100;

QString iops(double v)
{
    return QString::number(v, 'f', v < 10 ? 1 : 0);
}

} // namespace

SaturationVerdict assessSaturation(const SimResult& result, double arrivalSpanNs)
{
    SaturationVerdict v;
    if (result.requests < kMinRequests || !(arrivalSpanNs > 0) || !std::isfinite(arrivalSpanNs))
        return v;
    v.offeredIops = double(result.requests) / (arrivalSpanNs * 1e-9);
    double busiestNs = 0;
    for (std::size_t k = 0; k < result.disks.size(); ++k)
        if (result.disks[k].busyNs > busiestNs) {
            busiestNs = result.disks[k].busyNs;
            v.bottleneckDisk = int(k);
        }
    if (!(busiestNs > 0))
        return v; // every request from a cache: no disk to saturate
    const double demandNs = busiestNs / double(result.requests); // D_max
    v.capacityIops = 1e9 / demandNs;
    v.utilizationLaw = v.offeredIops * demandNs * 1e-9;
    v.state = v.utilizationLaw >= 1 ? SaturationVerdict::State::Saturated
        : v.utilizationLaw >= kNearRho ? SaturationVerdict::State::Near
                                       : SaturationVerdict::State::Sustained;
    return v;
}

QString SaturationVerdict::text() const
{
    switch (state) {
    case State::Unknown: return {};
    case State::Saturated:
        return QStringLiteral("offered %1 IOPS, this array saturates near %2: response times grow without bound")
            .arg(iops(offeredIops), iops(capacityIops));
    case State::Near:
        return QStringLiteral("offered %1 IOPS, this array saturates near %2: close to it, response times are many "
                              "service times")
            .arg(iops(offeredIops), iops(capacityIops));
    case State::Sustained:
        return QStringLiteral("offered %1 IOPS, this array sustains about %2 (busiest disk %3 % of its time)")
            .arg(iops(offeredIops), iops(capacityIops))
            .arg(QString::number(utilizationLaw * 100, 'f', 0));
    }
    return {};
}

int loadCurveKnee(std::span<const LoadPoint> points)
{
    if (points.size() < 3)
        return -1;
    int best = -1;
    double bestPower = 0;
    for (std::size_t i = 0; i < points.size(); ++i) {
        const LoadPoint& p = points[i];
        if (!(p.meanMs > 0) || !(p.iops > 0))
            continue;
        const double power = p.iops / p.meanMs;
        if (best < 0 || power > bestPower) {
            best = int(i);
            bestPower = power;
        }
    }
    return best == int(points.size()) - 1 ? -1 : best;
}

} // namespace raidscope
