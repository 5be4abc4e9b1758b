// SPDX-License-Identifier: GPL-3.0-or-later
// The zoned-RAID response-time model's queueing part (Lebrecht, Dingle & Knottenbelt, "Modelling and
// Validation of Response Times in Zoned RAID"; section numbers are the paper's): M/G/1 and priority
// queue transforms, fork-join maxima and their mixtures, and the summary of a response-time cdf.
#include "zonedraid.h"

#include <algorithm>
#include <cmath>

namespace raidscope {

namespace {

    using cd = std::complex<double>;

} // namespace

// ---- queues: §2.1 (M/G/1) and §2.5 (priority) --------------------------------------------------

std::complex<double> pollaczekKhinchine(
    std::complex<double> s, double arrivalPerMs, double serviceMeanMs, std::complex<double> x)
{
    const double rho = arrivalPerMs * serviceMeanMs;
    return (1 - rho) * s * x / (s - arrivalPerMs * (1.0 - x));
}

std::complex<double> priorityHighLst(std::complex<double> s, double lambda0, double lambda1, double rho,
    std::complex<double> x0, std::complex<double> x1)
{
    // §2.5 eq. 2.
    return ((1 - rho) * s + lambda1 * (1.0 - x1)) * x0 / (lambda0 * (x0 - 1.0) + s);
}

std::complex<double> priorityLowWaitLst(std::complex<double> s, double lambda0, double lambda1, double rho,
    const LaplaceTransform& x0, const LaplaceTransform& x1)
{
    // §2.5: M*(s) = X0*(s + lambda0 (1 - M*(s))), the class-0 busy period's LST; the iteration is
    // a contraction for Re s > 0 (its derivative is at most rho0 < 1 in modulus).
    cd m = x0(s);
    for (int i = 0; i < 500; ++i) {
        const cd next = x0(s + lambda0 * (1.0 - m));
        const bool done = std::abs(next - m) < 1e-15;
        m = next;
        if (done)
            break;
    }
    const cd sigma = s + lambda0 * (1.0 - m);
    // Eq. 3 without its final X1*(s) (the waiting time), denominator as the header reads it.
    return (1 - rho) * sigma / (lambda1 * x1(sigma) - lambda1 + s);
}

// ---- §2.2 fork-join maxima and eq. 1 mixtures ----------------------------------------------------

int ResponseMixture::addQueue(LaplaceTransform responseLst, double meanMs)
{
    m_queues.push_back({ std::move(responseLst), meanMs, {} });
    return int(m_queues.size()) - 1;
}

int ResponseMixture::addQueue(LaplaceTransform responseLst, double meanMs, LaplaceProgression progression)
{
    m_queues.push_back({ std::move(responseLst), meanMs, std::move(progression) });
    return int(m_queues.size()) - 1;
}

void ResponseMixture::addTerm(double weight, double timeScale, std::vector<std::pair<int, double>> queueExponents)
{
    if (weight > 0)
        m_terms.push_back({ weight, timeScale, std::move(queueExponents) });
}

double ResponseMixture::cdf(double tMs) const
{
    if (!(tMs > 0))
        return 0;
    // Each queue's cdf at each time needed, once: invert W*(s)/s.
    struct Cached
    {
        int queue;
        double t;
        double value;
    };
    std::vector<Cached> cache;
    const auto queueCdf = [&](int q, double t) {
        for (const Cached& c : cache)
            if (c.queue == q && c.t == t)
                return c.value;
        const Queue& queue = m_queues[std::size_t(q)];
        double v = 0;
        if (queue.progression) { // the 27 abscissae in one call
            const EulerAbscissae a = eulerAbscissae(t);
            cd values[kEulerAbscissae];
            queue.progression({ a.x, 0 }, a.h, kEulerAbscissae, values);
            for (int k = 0; k < kEulerAbscissae; ++k) { // values[k] /= s_k, written out
                const double re = a.x, im = k * a.h, q = 1 / (re * re + im * im);
                values[k] = { (values[k].real() * re + values[k].imag() * im) * q,
                    (values[k].imag() * re - values[k].real() * im) * q };
            }
            v = invertLaplaceEulerSum(values, t);
        } else {
            v = invertLaplaceEuler([&](cd s) { return queue.lst(s) / s; }, t);
        }
        v = std::clamp(v, 0.0, 1.0);
        cache.push_back({ q, t, v });
        return v;
    };
    double total = 0;
    for (const Term& term : m_terms) {
        double product = 1;
        for (const auto& [q, exponent] : term.factors)
            product *= std::pow(queueCdf(q, tMs / term.timeScale), exponent);
        total += term.weight * product;
    }
    return std::clamp(total, 0.0, 1.0);
}

double ResponseMixture::scaleMs() const
{
    double scale = 0;
    for (const Term& term : m_terms)
        for (const auto& [q, exponent] : term.factors)
            scale = std::max(
                scale, term.timeScale * m_queues[std::size_t(q)].meanMs * (1 + std::log(std::max(1.0, exponent))));
    return scale;
}

// ---- summaries ----------------------------------------------------------------------------------

ZonedRaidResult summarizeResponse(const std::function<double(double)>& cdf, double scaleMs, int points)
{
    ZonedRaidResult r;
    points = std::max(points, 2);
    // Each evaluation of the cdf is a numerical inversion, so this asks for as few as it can: the
    // curve's points plus a short tail grid, a bracket for the 99.9th percentile, and a few
    // regula falsi steps per percentile.
    std::vector<std::pair<double, double>> seen { { 0.0, 0.0 } }; // (t, F(t)) before the curve exists
    double hi = (scaleMs > 0 && std::isfinite(scaleMs)) ? 4 * scaleMs : 1.0;
    double fHi = cdf(hi);
    seen.emplace_back(hi, fHi);
    for (int i = 0; i < 60 && 1 - fHi > 1e-7; ++i) {
        hi *= 1.5;
        fHi = cdf(hi);
        seen.emplace_back(hi, fHi);
    }

    // The root of F(t) = p in [lo, up], F(lo) < p <= F(up): the Illinois variant of regula falsi
    // (Dowell & Jarratt 1971), superlinear on a smooth cdf, with bisection if it stalls; to a
    // relative 1e-10 in t.
    const auto solve = [&](double p, double lo, double fLo, double up, double fUp) {
        int side = 0;
        for (int k = 0; k < 100 && up - lo > 1e-10 * up; ++k) {
            double t = (fUp > fLo) ? lo + (p - fLo) * (up - lo) / (fUp - fLo) : (lo + up) / 2;
            if (!(t > lo && t < up) || k % 8 == 7)
                t = (lo + up) / 2;
            const double f = cdf(t);
            if (f < p) {
                lo = t;
                fLo = f;
                if (side == -1)
                    fUp = p + (fUp - p) / 2;
                side = -1;
            } else {
                up = t;
                fUp = f;
                if (side == 1)
                    fLo = p - (p - fLo) / 2;
                side = 1;
            }
            if (f == p)
                return t;
        }
        return (lo + up) / 2;
    };
    const auto bracketIn = [&](const std::vector<std::pair<double, double>>& ts, double p) {
        std::size_t i = 1;
        while (i < ts.size() - 1 && ts[i].second < p)
            ++i;
        return solve(p, ts[i - 1].first, ts[i - 1].second, ts[i].first, ts[i].second);
    };

    const double end = bracketIn(seen, 0.999);
    const double step = end / points;
    r.cdf.reserve(std::size_t(points) + 1);
    std::vector<std::pair<double, double>> curve;
    curve.reserve(std::size_t(points) + 1);
    for (int i = 0; i <= points; ++i) {
        const double t = i * step;
        curve.emplace_back(t, cdf(t));
        r.cdf.push_back({ t, curve.back().second });
    }
    r.p50Ms = bracketIn(curve, 0.50);
    r.p90Ms = bracketIn(curve, 0.90);
    r.p95Ms = bracketIn(curve, 0.95);
    r.p99Ms = bracketIn(curve, 0.99);

    // Survival integrals by Simpson's rule: E[W] = int (1 - F), E[W^2] = int 2t (1 - F), on the
    // curve's grid (its even part) and then on kTail intervals from there to hi.
    double m1 = 0, m2 = 0;
    const auto simpson = [&](const std::vector<std::pair<double, double>>& g, std::size_t intervals, double h) {
        double a = 0, b = 0;
        for (std::size_t i = 0; i <= intervals; ++i) {
            const double w = (i == 0 || i == intervals) ? 1 : (i % 2 ? 4 : 2);
            a += w * (1 - g[i].second);
            b += w * 2 * g[i].first * (1 - g[i].second);
        }
        m1 += a * h / 3;
        m2 += b * h / 3;
    };
    const std::size_t even = std::size_t(points - points % 2);
    simpson(curve, even, step);
    const double from = curve[even].first;
    if (hi > from) {
        constexpr int kTail = 24;
        const double h = (hi - from) / kTail;
        std::vector<std::pair<double, double>> tail { curve[even] };
        for (int i = 1; i <= kTail; ++i) {
            const double t = i == kTail ? hi : from + i * h;
            tail.emplace_back(t, i == kTail ? fHi : cdf(t));
        }
        simpson(tail, kTail, h);
    }
    r.meanMs = m1;
    r.varianceMs2 = std::max(0.0, m2 - m1 * m1);

    r.pdf.reserve(r.cdf.size());
    for (std::size_t i = 0; i < r.cdf.size(); ++i) {
        const std::size_t a = i == 0 ? 0 : i - 1, b = std::min(i + 1, r.cdf.size() - 1);
        r.pdf.push_back({ r.cdf[i].ms, std::max(0.0, (r.cdf[b].p - r.cdf[a].p) / (double(b - a) * step)) });
    }
    return r;
}

ZonedRaidResult summarizeResponse(const ResponseMixture& mixture, int points)
{
    return summarizeResponse([&](double t) { return mixture.cdf(t); }, mixture.scaleMs(), points);
}

} // namespace raidscope
