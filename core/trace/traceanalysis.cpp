// SPDX-License-Identifier: GPL-3.0-or-later
#include "traceanalysis.h"

#include "tracesummary.h"

#include <algorithm>
#include <numeric>

namespace raidscope {

std::vector<LorenzPoint> lorenzCurve(std::vector<std::uint64_t> counts, int maxPoints)
{
    std::vector<LorenzPoint> out;
    if (counts.empty())
        return out;
    std::sort(counts.begin(), counts.end());
    const double total = double(std::accumulate(counts.begin(), counts.end(), std::uint64_t(0)));
    const std::size_t n = counts.size();
    const std::size_t points = std::min<std::size_t>(n, std::size_t(std::max(2, maxPoints) - 1));
    out.push_back({ 0, 0 });
    std::size_t k = 0;
    double cum = 0;
    for (std::size_t p = 1; p <= points; ++p) {
        const std::size_t upTo = n * p / points;
        for (; k < upTo; ++k)
            cum += double(counts[k]);
        out.push_back({ double(upTo) / double(n), total > 0 ? cum / total : 0 });
    }
    return out;
}

double giniIndex(const std::vector<LorenzPoint>& c)
{
    // 1 - 2 * area under the Lorenz curve (trapezoids).
    double area = 0;
    for (std::size_t i = 1; i < c.size(); ++i)
        area += (c[i].items - c[i - 1].items) * (c[i].share + c[i - 1].share) / 2;
    return c.size() < 2 ? 0 : 1 - 2 * area;
}

std::vector<LorenzPoint> deviceLorenz(const TraceSummary& s)
{
    std::vector<std::uint64_t> counts;
    for (const auto& d : s.devices)
        counts.push_back(d.ios);
    return lorenzCurve(std::move(counts));
}

std::vector<LorenzPoint> regionLorenz(const TraceSummary& s)
{
    std::vector<std::uint64_t> counts;
    for (const auto& d : s.devices) {
        const auto used = d.regions.usedCounts();
        counts.insert(counts.end(), used.begin(), used.end());
    }
    return lorenzCurve(std::move(counts));
}

int busiestDevice(const TraceSummary& s)
{
    int best = -1;
    for (std::size_t i = 0; i < s.devices.size(); ++i)
        if (best < 0 || s.devices[i].ios > s.devices[std::size_t(best)].ios)
            best = int(i);
    return best;
}

double busiestDeviceShare(const TraceSummary& s)
{
    const int b = busiestDevice(s);
    return b >= 0 && s.records ? double(s.devices[std::size_t(b)].ios) / double(s.records) : 0;
}

BusiestRegion busiestRegion(const TraceSummary& s)
{
    BusiestRegion best;
    std::uint64_t bestCount = 0;
    for (std::size_t d = 0; d < s.devices.size(); ++d) {
        const auto& c = s.devices[d].regions.counts();
        for (std::size_t i = 0; i < c.size(); ++i) {
            if (c[i] > bestCount) {
                bestCount = c[i];
                best.device = int(d);
                best.regionBytes = s.devices[d].regions.regionBytes();
                best.offsetBytes = std::uint64_t(i) * best.regionBytes;
            }
        }
    }
    best.share = s.records ? double(bestCount) / double(s.records) : 0;
    return best;
}

std::vector<SlowPeriod> slowPeriods(const TraceSummary& s)
{
    std::vector<SlowPeriod> out;
    const std::int64_t w = s.timeline.widthNs();
    // In 128 bits: a grid of 2^61 ns spanning the +-2^62 clamp ends past int64 (#52).
    __int128 t = s.timeline.startNs();
    bool open = false;
    double sum = 0;
    std::uint64_t responses = 0;
    for (const TraceTimeBucket& b : s.timeline.buckets()) {
        const bool slow = b.responses > 0 && b.responseSumNs / double(b.responses) * 1e-6 > s.options.slowThresholdMs;
        if (slow) {
            if (!open) {
                out.push_back({ std::int64_t(t), std::int64_t(t), 0, 0 }); // t < 2^63: a bucket's start
                sum = 0;
                responses = 0;
                open = true;
            }
            SlowPeriod& p = out.back();
            p.endNs = std::int64_t(std::min<__int128>(t + w, INT64_MAX));
            p.ios += b.ios;
            sum += b.responseSumNs;
            responses += b.responses;
            p.meanResponseMs = sum / double(responses) * 1e-6;
        } else {
            open = false;
        }
        t += w;
    }
    return out;
}

} // namespace raidscope
