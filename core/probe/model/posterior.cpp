// SPDX-License-Identifier: GPL-3.0-or-later
#include "posterior.h"

#include "parallel.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <optional>

namespace raidscope::probemodel {

QString Hypothesis::spec() const
{
    QString s = layout->spec();
    if (env.copyReads == CopyReads::OneCopy && !layout->mdMirrorReads && layout->blockCopies() > 1)
        s += QStringLiteral(" mirrorread=nearest");
    if (env.slowDisk >= 0)
        s += QStringLiteral(" speed=%1:%2").arg(env.slowDisk).arg(env.slowSpeed, 0, 'g', 3);
    return s;
}

double logPrior(const Candidate& c, const Environment& e)
{
    // Levels: the ones md creates by default (and most controllers ship) first; the rest at half or
    // a quarter: a wrong exotic answer needs twice or four times the evidence of a common one.
    double w = 0.25;
    const QString& s = c.scheme;
    if (s == u"raid0" || s == u"raid1")
        w = 1;
    else if (s == u"raid5" || s == u"raid6")
        w = c.variant == u"left-symmetric" ? 1 : 0.5;
    else if (s == u"raid10")
        w = c.variant == u"near" ? 1 : 0.5;
    // One layout, two names: a RAID-10 or chained array whose every member holds every block is a
    // RAID-1, and named so first.
    if ((s == u"raid10" && c.copies == c.disks) || (s == u"chained" && c.disks == 2))
        w *= 0.5;
    double p = std::log(w);
    // Two copies are the common case where copies are a choice (RAID-1 mirrors every member).
    if (c.copies > 2 && s != u"raid1")
        p += std::log(0.5) * double(c.copies - 2);
    // A degraded array: one in twenty arrays met, its failed member any of its D.
    if (c.failedDisk >= 0)
        p += std::log(0.05 / double(c.disks));
    // md's choices and a controller's (reconstruct-always writes, lowest-address far reads): even odds.
    if (c.mdParityWrites)
        p += std::log(0.5);
    if (c.mdMirrorReads)
        p += std::log(0.5);
    if (e.copyReads == CopyReads::OneCopy)
        p += std::log(0.5);
    if (e.writeBack)
        p += std::log(0.1);
    // One member slower or faster than the others: one array in ten (a replaced disk, a worn one), any
    // of its D members, its speed spread over oddMemberSpeeds()'s grid by `speedShare`.
    if (e.slowDisk >= 0)
        p += std::log(0.1 / double(c.disks) * e.speedShare);
    // A ceiling below the members' rate together: one array in ten (a volume's or a controller's limit,
    // the host's CPU); its rate log-uniform over ceilingGrid(), integrated in Posterior::score.
    // Burst credit: the rule for a throttle (QEMU's keeps rate / 10 whatever it is told; cloud volumes
    // sell it): half the weight of none among rate-limited members. Its ceiling is the host's own cost per request,
    // which every host has, so it carries no prior of its own.
    if (e.credit)
        p += std::log(0.5);
    else if (e.ceiling)
        p += std::log(0.1);
    return p;
}

void NoiseEstimate::addRepeats(const std::vector<double>& ms, double modelLogVariance)
{
    if (ms.size() < 2)
        return;
    std::vector<double> logs;
    for (double m : ms)
        if (m > 0)
            logs.push_back(std::log(m));
    if (logs.size() < 2)
        return;
    const double mean = std::accumulate(logs.begin(), logs.end(), 0.0) / double(logs.size());
    double ss = 0;
    for (double l : logs)
        ss += (l - mean) * (l - mean);
    // The squares' expectation is (n - 1)(device + model): the model's part is counted once, in the
    // likelihood. A group spread less than the model says adds nothing beyond its degrees of freedom.
    m_sum += std::max(0.0, ss - double(logs.size() - 1) * std::max(0.0, modelLogVariance));
    m_dof += double(logs.size() - 1);
}

double NoiseEstimate::sigma() const
{
    return std::sqrt((m_sum + m_weight * m_prior * m_prior) / (m_dof + m_weight));
}

double Posterior::unitSigma(const Hypothesis& h) const
{
    return h.env.kind == MemberKind::RateLimited ? m_noise.freeUnitSigma : m_noise.knownUnitSigma;
}

namespace {

// Hypotheses whose reads land alike: one layout and copy policy, and, where copies are balanced in time,
// one odd member's speed. Their load profiles are computed once.
bool sameLoads(const Hypothesis& a, const Hypothesis& b)
{
    if (a.layout != b.layout || a.env.copyReads != b.env.copyReads)
        return false;
    if (!hasCopyChoices(*a.layout))
        return true;
    return a.env.slowDisk == b.env.slowDisk && (a.env.slowDisk < 0 || a.env.slowSpeed == b.env.slowSpeed);
}

} // namespace

namespace {

// The terms of one hypothesis' marginal likelihood with its shared log shift s ~ N(0, tau²)
// integrated out: residuals r_i = obs_i - pred_i with variances v_i.
struct Terms
{
    double sumR2 = 0, sumR = 0, sumW = 0, logDet = 0, extra = 0;

    /// One observation's log time y against a prediction (its log and log variance); `cachedWrite`:
    /// writes a write-back cache acknowledges.
    void add(double y, double logMs, double logVar, bool cachedWrite, const NoiseModel& noise)
    {
        if (!std::isfinite(logMs)) {
            extra += 1e6; // predicts no time at all where the device took some
            return;
        }
        const double r = y - logMs;
        if (cachedWrite) {
            // Writes acknowledged by the cache: any time up to the uncached layout's, log-uniform.
            const double over = r > 0 ? r / noise.deviceSigma : 0;
            extra += 2 * std::log(noise.writeBackRange) + over * over;
            return;
        }
        const double v = noise.deviceSigma * noise.deviceSigma + logVar;
        addGaussian(r, v, std::log(2 * M_PI * v));
    }
    /// A residual r of variance v (the noise's included), its log(2 pi v) given.
    void addGaussian(double r, double v, double logTwoPiV)
    {
        sumR2 += r * r / v;
        sumR += r / v;
        sumW += 1 / v;
        logDet += logTwoPiV;
    }
    /// The least over the shift of sum (r - s)²/v + s²/tau².
    double quadratic(double tau2) const { return sumR2 - sumR * sumR / (sumW + 1 / tau2); }
};

} // namespace

// Ranges of [0, count) for up to `jobs` threads, each starting where a run of hypotheses that share
// their load profiles starts (`starts(i)`: whether i begins one), so each range computes its own.
template<typename Starts>
static std::vector<std::size_t> rangesAt(std::size_t count, int jobs, const Starts& starts)
{
    std::vector<std::size_t> bounds { 0 };
    const std::size_t pieces = jobs > 1 && count >= 256 ? std::size_t(jobs) * 4 : 1;
    for (std::size_t k = 1; k < pieces; ++k) {
        std::size_t i = std::max(bounds.back() + 1, count * k / pieces);
        while (i < count && !starts(i))
            ++i;
        if (i >= count)
            break;
        bounds.push_back(i);
    }
    bounds.push_back(count);
    return bounds;
}

void Posterior::addHypotheses(std::vector<Hypothesis> hypotheses, double dropBelow)
{
    const std::size_t observed = m_observations.size();
    // A hypothesis whose score must come out over the best's by more than -2 log(dropBelow) would go at
    // the next prune(dropBelow): its observations are then not all predicted. The bound: the least
    // quadratic form over the shift never falls as observations join (a minimum over more terms); the
    // cache's terms and the determinant's are at least 0 and log(2 pi sigma²) each; the rest at least 0.
    double cut = std::numeric_limits<double>::infinity(), logDetFloor = 0;
    if (dropBelow > 0 && observed > 0 && !m_hypotheses.empty()) {
        const std::vector<double>& scores = this->scores();
        cut = *std::min_element(scores.begin(), scores.end()) - 2 * std::log(dropBelow);
        logDetFloor = double(observed) * std::min(0.0, std::log(2 * M_PI * m_noise.deviceSigma * m_noise.deviceSigma));
    }
    invalidate();
    const std::vector<std::size_t> bounds = rangesAt(hypotheses.size(), m_jobs,
        [&](std::size_t i) { return !sameLoads(hypotheses[i - 1], hypotheses[i]); });
    std::vector<std::vector<std::pair<std::size_t, Row>>> kept(bounds.size() - 1);
    parallelFor(int(bounds.size() - 1), m_jobs, [&](int piece) {
        std::vector<LoadProfile> profiles(observed); // per observation, for the run of hypotheses that share them
        std::vector<bool> profiled(observed, false);
        for (std::size_t i = bounds[std::size_t(piece)]; i < bounds[std::size_t(piece) + 1]; ++i) {
            const Hypothesis& h = hypotheses[i];
            if (i == bounds[std::size_t(piece)] || !sameLoads(hypotheses[i - 1], h))
                profiled.assign(observed, false);
            const bool bounded = std::isfinite(cut) && !h.env.ceiling && !h.env.credit; // a grid is scored whole
            const double tau2 = unitSigma(h) * unitSigma(h);
            Terms t;
            bool dropped = false;
            Row row;
            for (std::size_t o = 0; o < observed && !dropped; ++o) {
                if (!profiled[o]) {
                    profiles[o] = loadProfile(*h.layout, h.env, m_observations[o].test, m_scale);
                    profiled[o] = true;
                }
                const Prediction p = predict(profiles[o], h.env, m_scale, m_observations[o].test);
                const double logMs = p.ms > 0 ? std::log(p.ms) : -std::numeric_limits<double>::infinity();
                row.logMs.push_back(logMs);
                row.logVar.push_back(p.logVariance);
                if (h.env.ceiling)
                    row.logCeiling.push_back(p.ceilingMs > 0 ? std::log(p.ceilingMs) : -std::numeric_limits<double>::infinity());
                if (!bounded)
                    continue;
                t.add(m_logObserved[o], logMs, p.logVariance, m_observations[o].test.write && h.env.writeBack, m_noise);
                dropped = t.quadratic(tau2) + t.extra + logDetFloor - 2 * h.logPrior > cut;
            }
            if (!dropped)
                kept[std::size_t(piece)].emplace_back(i, std::move(row));
        }
    });
    std::size_t total = 0;
    for (const auto& piece : kept)
        total += piece.size();
    m_hypotheses.reserve(m_hypotheses.size() + total);
    m_rows.reserve(m_rows.size() + total);
    for (auto& piece : kept)
        for (auto& [i, row] : piece) {
            m_hypotheses.push_back(std::move(hypotheses[i]));
            m_rows.push_back(std::move(row));
        }
}

void Posterior::invalidate()
{
    m_scores.clear();
    m_posteriors.clear();
}

void Posterior::observe(const Test& test, double ms)
{
    invalidate();
    m_observations.push_back({ test, ms });
    m_logObserved.push_back(std::log(std::max(ms, 1e-9)));
    // Hypotheses that share where the reads land: their profile computed once.
    const std::vector<std::size_t> bounds = rangesAt(m_hypotheses.size(), m_jobs,
        [&](std::size_t i) { return !sameLoads(m_hypotheses[i - 1], m_hypotheses[i]); });
    parallelFor(int(bounds.size() - 1), m_jobs, [&](int piece) {
        LoadProfile profile;
        for (std::size_t i = bounds[std::size_t(piece)]; i < bounds[std::size_t(piece) + 1]; ++i) {
            const Hypothesis& h = m_hypotheses[i];
            if (i == bounds[std::size_t(piece)] || !sameLoads(m_hypotheses[i - 1], h))
                profile = loadProfile(*h.layout, h.env, test, m_scale);
            const Prediction p = predict(profile, h.env, m_scale, test);
            m_rows[i].logMs.push_back(p.ms > 0 ? std::log(p.ms) : -std::numeric_limits<double>::infinity());
            m_rows[i].logVar.push_back(p.logVariance);
            if (h.env.ceiling)
                m_rows[i].logCeiling.push_back(p.ceilingMs > 0 ? std::log(p.ceilingMs) : -std::numeric_limits<double>::infinity());
        }
    });
}

std::pair<double, double> Posterior::effective(double logMs, double logVar, double logCeiling, Nuisance n) const
{
    // Burst credit: every member's bucket full at the test's start takes the same time's worth off its
    // work (creditGrid), the busiest member's positive part.
    if (!std::isnan(n.logCredit) && std::isfinite(logMs)) {
        const auto [ms, v] = creditedMs(std::exp(logMs), logVar, std::exp(n.logCredit) * m_scale.serialReadMs);
        logMs = ms > 0 ? std::log(ms) : -std::numeric_limits<double>::infinity();
        logVar = v;
    }
    // The batch ends when its busiest member does, or when the ceiling has let its last request start,
    // whichever is later; the ceiling's pace is the host's own and adds no spread of where reads land.
    if (!std::isnan(n.logKappa) && logCeiling - n.logKappa > logMs)
        return { logCeiling - n.logKappa, 0.0 };
    return { logMs, logVar };
}

std::pair<double, double> Posterior::effective(std::size_t i, std::size_t o, Nuisance n) const
{
    const Row& row = m_rows[i];
    return effective(row.logMs[o], row.logVar[o],
        o < row.logCeiling.size() ? row.logCeiling[o] : -std::numeric_limits<double>::infinity(), n);
}

Posterior::Nuisance Posterior::nuisance(std::size_t i) const
{
    if (!m_hypotheses[i].env.ceiling && !m_hypotheses[i].env.credit)
        return {};
    scores(); // the modes are found with the scores
    return m_modes[i];
}

const std::vector<double>& Posterior::scores() const
{
    if (m_scores.size() == m_hypotheses.size() && !m_hypotheses.empty())
        return m_scores;
    m_modes.assign(m_hypotheses.size(), Nuisance {});
    m_scores.assign(m_hypotheses.size(), 0.0);
    const std::vector<std::size_t> bounds = rangesAt(m_hypotheses.size(), m_jobs, [](std::size_t) { return true; });
    parallelFor(int(bounds.size() - 1), m_jobs, [&](int piece) {
        for (std::size_t i = bounds[std::size_t(piece)]; i < bounds[std::size_t(piece) + 1]; ++i)
            m_scores[i] = score(i);
    });
    return m_scores;
}

double Posterior::ceilingMembers(std::size_t i) const
{
    const double k = nuisance(i).logKappa;
    return std::isnan(k) ? 0 : std::exp(k);
}

double Posterior::creditRequests(std::size_t i) const
{
    const double b = nuisance(i).logCredit;
    return std::isnan(b) ? 0 : std::exp(b);
}

template<typename Effective>
static Terms terms(const std::vector<Observation>& obs, const std::vector<double>& logObserved, const Effective& effective,
                   const Hypothesis& h, const NoiseModel& noise)
{
    Terms t;
    for (std::size_t o = 0; o < obs.size(); ++o) {
        const auto [logMs, logVar] = effective(o);
        t.add(logObserved[o], logMs, logVar, obs[o].test.write && h.env.writeBack, noise);
    }
    return t;
}

// -2 log (prior x marginal likelihood) from one hypothesis' terms, its shift's prior spread tau.
static double finishScore(const Terms& t, const Hypothesis& h, double tau)
{
    const double tau2 = tau * tau;
    // -2 log of the Gaussian marginal: sum r²/v - (sum r/v)² / (sum 1/v + 1/tau²) + log det terms.
    const double quad = t.quadratic(tau2);
    double bound = 0;
    if (h.env.kind == MemberKind::RateLimited) {
        // A throttle serves queued reads no faster than a lone read returns: its unit is at least the
        // serial read's, the shift at least 0. Held there, the fit costs shift² (sum w + 1/tau²) more.
        const double s = t.sumR / (t.sumW + 1 / tau2);
        if (s < 0)
            bound = s * s * (t.sumW + 1 / tau2);
    }
    return quad + bound + t.logDet + std::log(1 + tau2 * t.sumW) + t.extra - 2 * h.logPrior;
}

namespace {

struct ScoreScratch
{
    struct Point
    {
        double score, weight;
    };
    std::vector<double> lm, lv, threshold, scores;
    std::vector<std::size_t> order, cached;
    std::vector<Point> points;
};

} // namespace

double Posterior::score(std::size_t i) const
{
    const Hypothesis& h = m_hypotheses[i];
    if (!h.env.ceiling && !h.env.credit)
        return scoreAt(i, {});
    // The ceiling's rate and the bucket's size integrated over their grids, each point an equal share
    // of the prior: -2 log (mean over the grid of exp(-score/2)).
    static const std::vector<double> none { std::numeric_limits<double>::quiet_NaN() };
    const std::vector<double>& kappas = !h.env.ceiling ? none : h.env.credit ? creditCeilingGrid() : ceilingGrid(h.layout->disks);
    const std::vector<double>& credits = h.env.credit ? creditGrid() : none;
    if (kappas.empty() || credits.empty())
        return std::numeric_limits<double>::infinity();
    const Row& row = m_rows[i];
    const std::size_t gridSize = kappas.size() * credits.size();
    // Per bucket, the member term's credit (its transcendental part) is applied once. Then, as the ceiling
    // rises through the grid (kappa ascending: the ceiling's pace falls), each observation passes once from
    // the ceiling's regime (its time lc - kappa, spread only the device's) to the members' (lm, spread
    // s2 + lv), at kappa = lc - lm. The ceiling regime's terms are polynomials in kappa, kept as sums, so a
    // point costs its share of those passes rather than a pass over every observation. A write-back
    // cache's writes (only their excess counts) are summed point by point; they are few.
    const std::size_t count = m_observations.size();
    const double s2 = m_noise.deviceSigma * m_noise.deviceSigma, ceilingLogDet = std::log(2 * M_PI * s2);
    const double inf = std::numeric_limits<double>::infinity();
    // Scratch kept per thread: scoring runs once per hypothesis and test, and would otherwise allocate each time.
    thread_local ScoreScratch scratch;
    std::vector<double>&lm = scratch.lm, &lv = scratch.lv, &threshold = scratch.threshold;
    std::vector<std::size_t>&order = scratch.order, &cached = scratch.cached;
    lm.resize(count);
    lv.resize(count);
    threshold.resize(count);
    struct Sums
    {
        double n = 0, a = 0, aa = 0;             // the ceiling regime: count, sum and sum of squares of y - lc
        double r2 = 0, r = 0, w = 0, ld = 0, extra = 0; // the members' regime: Terms' own sums
    } start, at;
    std::size_t next = 0;
    double lastK = -inf;
    auto memberTerm = [&](std::size_t o, Sums& into) {
        if (!std::isfinite(lm[o])) {
            into.extra += 1e6; // predicts no time at all where the device took some (Terms::add)
            return;
        }
        const double v = s2 + lv[o], r = m_logObserved[o] - lm[o];
        into.r2 += r * r / v;
        into.r += r / v;
        into.w += 1 / v;
        into.ld += std::log(2 * M_PI * v);
    };
    auto atCredit = [&](double b) {
        order.clear();
        cached.clear();
        start = {};
        for (std::size_t o = 0; o < count; ++o) {
            std::tie(lm[o], lv[o]) = effective(row.logMs[o], row.logVar[o], -inf, { std::numeric_limits<double>::quiet_NaN(), b });
            const double lc = o < row.logCeiling.size() ? row.logCeiling[o] : -inf;
            if (m_observations[o].test.write && h.env.writeBack) {
                cached.push_back(o);
                continue;
            }
            // The ceiling regime while lc - kappa > lm: kappa under lc - lm (never where lc is -inf;
            // always where lm is and lc is not).
            threshold[o] = lc == -inf ? -inf : lm[o] == -inf ? inf : lc - lm[o];
            if (threshold[o] == -inf) {
                memberTerm(o, start);
                continue;
            }
            const double a = m_logObserved[o] - lc;
            start.n += 1;
            start.a += a;
            start.aa += a * a;
            order.push_back(o);
        }
        std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return threshold[x] < threshold[y]; });
        at = start;
        next = 0;
        lastK = -inf;
    };
    auto atCeiling = [&](double k) {
        if (k < lastK) {
            at = start;
            next = 0;
        }
        lastK = k;
        for (; next < order.size() && !(threshold[order[next]] > k); ++next) {
            const std::size_t o = order[next];
            const double a = m_logObserved[o] - row.logCeiling[o];
            at.n -= 1;
            at.a -= a;
            at.aa -= a * a;
            memberTerm(o, at);
            if (at.n == 0)
                at.a = at.aa = 0; // no rounding left behind
        }
        // The ceiling regime's residuals are a + kappa, of variance s2 each.
        Terms t { at.r2, at.r, at.w, at.ld, at.extra };
        if (at.n > 0) {
            t.sumR2 += (at.aa + 2 * k * at.a + at.n * k * k) / s2;
            t.sumR += (at.a + at.n * k) / s2;
            t.sumW += at.n / s2;
            t.logDet += at.n * ceilingLogDet;
        }
        for (std::size_t o : cached) {
            const double lc = o < row.logCeiling.size() ? row.logCeiling[o] : -inf;
            if (lc - k > lm[o])
                t.add(m_logObserved[o], lc - k, 0.0, true, m_noise);
            else
                t.add(m_logObserved[o], lm[o], lv[o], true, m_noise);
        }
        return finishScore(t, h, unitSigma(h));
    };
    // The coarse grid, each point the prior's share of one cell.
    std::vector<double>& scores = scratch.scores;
    scores.resize(gridSize);
    double best = std::numeric_limits<double>::infinity();
    std::size_t bestB = 0, bestK = 0;
    for (std::size_t b = 0; b < credits.size(); ++b) {
        atCredit(credits[b]);
        for (std::size_t k = 0; k < kappas.size(); ++k) {
            const double v = scores[b * kappas.size() + k] = atCeiling(kappas[k]);
            if (v < best) {
                best = v;
                bestB = b;
                bestK = k;
            }
        }
    }
    Nuisance mode { kappas[bestK], credits[bestB] };
    if (!std::isfinite(best)) {
        if (m_modes.size() == m_hypotheses.size())
            m_modes[i] = mode;
        return best;
    }
    // Where credit is a hypothesis, a test loading a member near its bucket is timed by the difference,
    // so the likelihood can be narrower than a cell: the cells next to the coarse mode are summed again on
    // a grid four times as fine in each (a quarter of a cell's share per point and axis).
    std::vector<ScoreScratch::Point>& points = scratch.points;
    points.clear();
    auto near = [](std::size_t a, std::size_t b) { return (a > b ? a - b : b - a) <= 1; };
    const bool refine = h.env.credit;
    for (std::size_t b = 0; b < credits.size(); ++b)
        for (std::size_t k = 0; k < kappas.size(); ++k)
            if (!refine || !near(b, bestB) || !near(k, bestK))
                points.push_back({ scores[b * kappas.size() + k], 1.0 });
    if (refine) {
        auto fine = [](const std::vector<double>& grid, std::size_t at) {
            std::vector<double> out;
            if (grid.size() < 2 || std::isnan(grid[at])) {
                out.push_back(grid[at]);
                return out;
            }
            const double step = grid[1] - grid[0];
            const double from = grid[at > 0 ? at - 1 : at] - step / 2, to = grid[std::min(at + 1, grid.size() - 1)] + step / 2;
            for (double x = from + step / 8; x < to; x += step / 4)
                out.push_back(x);
            return out;
        };
        const std::vector<double> fineB = fine(credits, bestB), fineK = fine(kappas, bestK);
        const double weight = (fineB.size() > 1 ? 0.25 : 1.0) * (fineK.size() > 1 ? 0.25 : 1.0);
        for (double b : fineB) {
            atCredit(b);
            for (double k : fineK) {
                const double v = atCeiling(k);
                points.push_back({ v, weight });
                if (v < best) {
                    best = v;
                    mode = { k, b };
                }
            }
        }
    }
    if (m_modes.size() == m_hypotheses.size())
        m_modes[i] = mode;
    double sum = 0;
    // A point over 1,491 past the best adds exp(-745.5), which is 0 in a double: skipped, and so is
    // the slow path of exp's underflow.
    for (const ScoreScratch::Point& p : points)
        if (p.score - best < 1491)
            sum += p.weight * std::exp(-0.5 * (p.score - best));
    return best - 2 * std::log(sum / double(gridSize));
}

double Posterior::scoreAt(std::size_t i, Nuisance n) const
{
    const Hypothesis& h = m_hypotheses[i];
    return finishScore(terms(m_observations, m_logObserved, [&](std::size_t o) { return effective(i, o, n); }, h, m_noise), h, unitSigma(h));
}

double Posterior::shift(std::size_t i) const
{
    const Hypothesis& h = m_hypotheses[i];
    const Nuisance k = nuisance(i);
    const Terms t = terms(m_observations, m_logObserved, [&](std::size_t o) { return effective(i, o, k); }, h, m_noise);
    const double tau2 = unitSigma(h) * unitSigma(h);
    const double s = t.sumR / (t.sumW + 1 / tau2);
    return h.env.kind == MemberKind::RateLimited ? std::max(0.0, s) : s;
}

std::pair<double, double> Posterior::fit(std::size_t i) const
{
    const Hypothesis& h = m_hypotheses[i];
    const Nuisance k = nuisance(i);
    const Terms t = terms(m_observations, m_logObserved, [&](std::size_t o) { return effective(i, o, k); }, h, m_noise);
    const double s = shift(i);
    // sum (r - s)² / v = sum r²/v - 2 s sum r/v + s² sum 1/v
    const double chi2 = t.sumR2 - 2 * s * t.sumR + s * s * t.sumW;
    double n = 0;
    for (const Observation& o : m_observations)
        n += o.test.write && h.env.writeBack ? 0 : 1;
    return { chi2, std::max(1.0, n - 1) };
}

double Posterior::modelLogVariance(std::size_t o) const
{
    const std::vector<double>& post = posteriors();
    double v = 0;
    // Each hypothesis' variance as its likelihood takes it: at its ceiling's and bucket's mode (a ceiling
    // that binds paces the batch with no spread of where reads land).
    for (std::size_t i = 0; i < post.size() && i < m_rows.size(); ++i)
        if (o < m_rows[i].logVar.size() && post[i] > 0)
            v += post[i] * effective(i, o, nuisance(i)).second;
    return v;
}

const std::vector<double>& Posterior::posteriors() const
{
    if (m_posteriors.size() == m_hypotheses.size() && !m_hypotheses.empty())
        return m_posteriors;
    std::vector<double>& s = m_posteriors;
    s = scores();
    double best = std::numeric_limits<double>::infinity();
    for (double v : s)
        best = std::min(best, v);
    double total = 0;
    for (double& v : s) {
        v = std::exp(-0.5 * (v - best));
        total += v;
    }
    for (double& v : s)
        v = total > 0 ? v / total : 0;
    return s;
}

std::pair<double, double> Posterior::predictLog(std::size_t i, const Test& t) const
{
    const Hypothesis& h = m_hypotheses[i];
    const Prediction p = predict(*h.layout, h.env, m_scale, t);
    auto [logMs, logVar] = effective(std::log(std::max(p.ms, 1e-9)), p.logVariance,
        p.ceilingMs > 0 ? std::log(p.ceilingMs) : -std::numeric_limits<double>::infinity(), nuisance(i));
    logMs = std::max(logMs, std::log(1e-9));
    double var = m_noise.deviceSigma * m_noise.deviceSigma + logVar;
    if (t.write && h.env.writeBack) {
        // The cache's time for these writes is one unknown of the device, log-uniform below the
        // uncached layout's (see terms()). Once the same test has run, that unknown is known to within
        // the repeat noise: a repeat lands where the earlier ones did (their mean log, capped at this
        // hypothesis' uncached time), so it tells hypotheses apart only through that cap.
        double sum = 0;
        int seen = 0;
        for (const Observation& o : m_observations)
            if (o.test == t) {
                sum += std::log(std::max(o.ms, 1e-9));
                ++seen;
            }
        // (No ceiling applies to writes a cache takes: logMs is the uncached time.)
        if (seen > 0)
            return { std::min(sum / seen, logMs), var + m_noise.deviceSigma * m_noise.deviceSigma / seen };
        // Not run yet: anywhere in the cache's range, its mean and variance.
        return { logMs + shift(i) - m_noise.writeBackRange / 2, var + m_noise.writeBackRange * m_noise.writeBackRange / 12 };
    }
    return { logMs + shift(i), var };
}

std::vector<std::size_t> Posterior::best(std::size_t count) const
{
    const std::vector<double>& post = posteriors();
    std::vector<std::size_t> order(post.size());
    std::iota(order.begin(), order.end(), 0);
    count = std::min(count, order.size());
    std::partial_sort(order.begin(), order.begin() + std::ptrdiff_t(count), order.end(),
        [&](std::size_t a, std::size_t b) { return post[a] > post[b]; });
    order.resize(count);
    return order;
}

std::vector<HypothesisClass> Posterior::classes(double tolerance, double floor, const std::vector<Test>& unseen,
                                                std::size_t most) const
{
    const std::vector<double>& post = posteriors();
    std::vector<std::size_t> order(post.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return post[a] > post[b]; });
    const double top = order.empty() ? 0 : post[order.front()];
    std::vector<HypothesisClass> out;
    std::vector<std::size_t> heads;
    std::vector<std::vector<double>> headLogs; // each head's predictions of the unseen tests, shift included
    const double limit = tolerance * m_noise.deviceSigma;
    auto unseenLogs = [&](std::size_t i) {
        std::vector<double> logs;
        for (const Test& t : unseen)
            logs.push_back(predictLog(i, t).first);
        return logs;
    };
    auto alike = [&](std::size_t head, std::size_t i, const std::vector<double>& iLogs, const std::vector<double>& hLogs) {
        const double sa = shift(head), sb = shift(i);
        const Nuisance ka = nuisance(head), kb = nuisance(i);
        for (std::size_t o = 0; o < m_observations.size(); ++o)
            if (!(std::abs(effective(head, o, ka).first + sa - effective(i, o, kb).first - sb) <= limit))
                return false;
        for (std::size_t k = 0; k < iLogs.size(); ++k)
            if (!(std::abs(iLogs[k] - hLogs[k]) <= limit))
                return false;
        return true;
    };
    for (std::size_t rank = 0; rank < order.size() && rank < most; ++rank) {
        const std::size_t i = order[rank];
        if (post[i] < floor * top)
            break;
        const std::vector<double> logs = unseenLogs(i);
        bool placed = false;
        for (std::size_t c = 0; c < out.size() && !placed; ++c)
            if (alike(heads[c], i, logs, headLogs[c])) {
                out[c].members.push_back(i);
                out[c].posterior += post[i];
                placed = true;
            }
        if (!placed) {
            out.push_back({ { i }, post[i] });
            heads.push_back(i);
            headLogs.push_back(logs);
        }
    }
    std::stable_sort(out.begin(), out.end(), [](const HypothesisClass& a, const HypothesisClass& b) { return a.posterior > b.posterior; });
    return out;
}

std::size_t Posterior::prune(double floor)
{
    // A hypothesis' score does not depend on the others': the kept ones keep theirs (and their modes),
    // and only the normalised posteriors are computed again.
    const std::vector<double> post = posteriors(); // a copy: pruning changes the hypotheses
    m_posteriors.clear();
    const double best = post.empty() ? 0 : *std::max_element(post.begin(), post.end());
    std::size_t kept = 0;
    for (std::size_t i = 0; i < post.size(); ++i)
        if (post[i] >= floor * best) {
            if (kept != i) {
                m_hypotheses[kept] = std::move(m_hypotheses[i]);
                m_rows[kept] = std::move(m_rows[i]);
                m_scores[kept] = m_scores[i];
                m_modes[kept] = m_modes[i];
            }
            ++kept;
        }
    const std::size_t dropped = m_hypotheses.size() - kept;
    m_hypotheses.resize(kept);
    m_rows.resize(kept);
    m_scores.resize(kept);
    m_modes.resize(kept);
    return dropped;
}

} // namespace raidscope::probemodel
