// SPDX-License-Identifier: GPL-3.0-or-later
#include "demerit.h"

#include "loghistogram.h"

#include <algorithm>
#include <cmath>

namespace raidscope {

double demerit(std::vector<WeightedValue> a, std::vector<WeightedValue> b)
{
    const auto total = [](const std::vector<WeightedValue>& v) {
        double sum = 0;
        for (const WeightedValue& x : v)
            sum += x.weight > 0 ? x.weight : 0;
        return sum;
    };
    const double ta = total(a), tb = total(b);
    if (!(ta > 0) || !(tb > 0))
        return std::nan("");
    const auto byValue = [](const WeightedValue& x, const WeightedValue& y) { return x.value < y.value; };
    std::sort(a.begin(), a.end(), byValue);
    std::sort(b.begin(), b.end(), byValue);
    // Walk both quantile functions at once: on each stretch of u where neither steps, both are
    // constant, so the stretch adds its width x the squared difference.
    std::size_t i = 0, j = 0;
    double ua = 0, ub = 0; // the cumulative fraction at the end of a[i] and of b[j]
    const auto skipEmpty = [](const std::vector<WeightedValue>& v, std::size_t& k) {
        while (k < v.size() && !(v[k].weight > 0))
            ++k;
    };
    skipEmpty(a, i);
    skipEmpty(b, j);
    if (i < a.size())
        ua = a[i].weight / ta;
    if (j < b.size())
        ub = b[j].weight / tb;
    double u = 0, sum = 0;
    while (i < a.size() && j < b.size()) {
        const double next = std::min(ua, ub);
        const double d = a[i].value - b[j].value;
        sum += (next - u) * d * d;
        u = next;
        // Step whichever ended here (both when they end together); the last steps end at 1 on both.
        if (ua <= next) {
            ++i;
            skipEmpty(a, i);
            if (i < a.size())
                ua += a[i].weight / ta;
        }
        if (ub <= next) {
            ++j;
            skipEmpty(b, j);
            if (j < b.size())
                ub += b[j].weight / tb;
        }
    }
    // Rounding may leave one set with a sliver past the other's last step: it is at most a few ulps wide.
    return std::sqrt(std::max(0.0, sum));
}

double sampleDemerit(const std::vector<double>& a, const std::vector<double>& b)
{
    std::vector<WeightedValue> wa, wb;
    wa.reserve(a.size());
    wb.reserve(b.size());
    for (double x : a)
        wa.push_back({ x, 1 });
    for (double x : b)
        wb.push_back({ x, 1 });
    return demerit(std::move(wa), std::move(wb));
}

double histogramDemeritMs(const LogHistogram& aNs, const LogHistogram& bNs)
{
    const auto points = [](const LogHistogram& h) {
        std::vector<WeightedValue> out;
        for (const LogHistogram::Bucket& k : h.buckets())
            // As LogHistogram::quantile() places a bucket: its low end below kSub (one value wide), else its middle.
            out.push_back({ (k.low < LogHistogram::kSub ? k.low : 0.5 * (k.low + k.high)) * 1e-6, double(k.count) });
        return out;
    };
    return demerit(points(aNs), points(bNs));
}

} // namespace raidscope
