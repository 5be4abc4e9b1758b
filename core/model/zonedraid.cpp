// SPDX-License-Identifier: GPL-3.0-or-later
// The zoned-RAID response-time model (Lebrecht, Dingle & Knottenbelt, "Modelling and Validation of
// Response Times in Zoned RAID"). Section numbers below are the paper's. The paper takes its seek
// and rotation distributions from its references [20] and [10], which it does not restate; here
// they come from RaidScope's disk presets (zones, seek curve, rotation), as the header says.
#include "zonedraid.h"

#include "disk/diskparameters.h"
#include "disk/diskpreset.h"
#include "disk/seekcurve.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

namespace raidscope {
namespace {

    using cd = std::complex<double>;

    constexpr int kSeekGroups = 1024; // cylinders are grouped into at most this many bands for S
    constexpr int kSeekSteps = 1024; // seek times are rounded to a grid of this many steps

    double binomial(int n, int k)
    {
        double c = 1;
        for (int i = 1; i <= k; ++i)
            c = c * double(n - k + i) / double(i);
        return c;
    }

    // Adds the seek-time distribution of one curve to `atoms` (unnormalised), for cylinder bands with
    // the given weights and mean cylinders.
    void addSeekAtoms(const SeekCurve& curve, double settleMs, const std::vector<double>& weight,
        const std::vector<double>& centre, const std::vector<int>& size, double stepMs, std::vector<double>& atoms)
    {
        const auto add = [&](int distance, double p) {
            const double ms = distance == 0 ? 0.0 : curve.seekNs(distance) / 1e6 + settleMs;
            const auto at = std::size_t(std::clamp(std::lround(ms / stepMs), 0L, long(atoms.size() - 1)));
            atoms[at] += p;
        };
        const std::size_t groups = weight.size();
        for (std::size_t i = 0; i < groups; ++i) {
            // Both ends in one band of g cylinders, about evenly weighted: distance d with probability
            // 1/g for d = 0 and 2 (g - d) / g^2 otherwise.
            const int g = size[i];
            const double pp = weight[i] * weight[i];
            for (int d = 0; d < g; ++d)
                add(d, pp * (d == 0 ? 1.0 / g : 2.0 * (g - d) / (double(g) * g)));
            for (std::size_t j = i + 1; j < groups; ++j)
                add(int(std::lround(centre[j] - centre[i])), 2 * weight[i] * weight[j]);
        }
    }

} // namespace

// ---- §2.1: the zoned disk ----------------------------------------------------------------------

std::optional<ZonedDiskService> ZonedDiskService::fromParameters(
    const DiskParameters& disk, std::uint64_t blockBytes, QString* error)
{
    const auto fail = [&](const QString& why) {
        if (error)
            *error = why;
        return std::optional<ZonedDiskService> {};
    };
    if (disk.kind != DiskParameters::Kind::Mechanical)
        return fail(
            QStringLiteral("diskPreset: %1 is solid-state; the zoned model needs a mechanical disk").arg(disk.id));
    const auto& zones = disk.geometry.zones();
    const int cylinders = disk.geometry.cylinders();
    if (zones.empty() || cylinders < 2)
        return fail(QStringLiteral("diskPreset: %1 has no zones (at least 2 cylinders needed)").arg(disk.id));
    if (!(disk.rotationMs > 0) || !std::isfinite(disk.rotationMs))
        return fail(QStringLiteral("diskPreset: %1 has no rotation time").arg(disk.id));
    if (disk.geometry.sectorBytes() <= 0 || blockBytes < std::uint64_t(disk.geometry.sectorBytes()))
        return fail(QStringLiteral("blockBytes: %1 is below the disk's %2-byte sector")
                        .arg(blockBytes)
                        .arg(disk.geometry.sectorBytes()));

    ZonedDiskService z;
    z.m_rotationMs = disk.rotationMs;

    // T_k: a block of blockBytes / sectorBytes sectors, at the sector time of a zone chosen with
    // probability proportional to the zone's sectors (§2.1: "a random request is more likely to be
    // directed to a sector on an outer track ... faster to transfer data ... close to the circumference").
    const double blockSectors = double(blockBytes) / disk.geometry.sectorBytes();
    const double total = double(disk.geometry.totalSectors());
    for (const DiskZone& zone : zones)
        if (zone.sectors > 0)
            z.m_zoneSectorMs.emplace_back(
                double(zone.sectors) / total, blockSectors * disk.rotationMs / zone.sectorsPerTrack);

    // S: two independent locations, each on cylinder c with probability proportional to its sectors
    // (§2.1's weighting); the seek curve of the distance between them. Cylinders go into bands
    // (every cylinder its own band on disks of up to kSeekGroups cylinders).
    const int groups = std::min(cylinders, kSeekGroups);
    std::vector<double> weight(std::size_t(groups), 0.0), centre(std::size_t(groups), 0.0);
    std::vector<int> size(std::size_t(groups), 0);
    for (const DiskZone& zone : zones)
        for (int c = zone.firstCylinder; c < zone.firstCylinder + zone.cylinders; ++c) {
            const auto g = std::size_t(std::int64_t(c) * groups / cylinders);
            const double w = double(zone.sectorsPerTrack) * disk.geometry.heads() / total;
            weight[g] += w;
            centre[g] += w * c;
            ++size[g];
        }
    for (std::size_t g = 0; g < weight.size(); ++g)
        centre[g] = weight[g] > 0 ? centre[g] / weight[g] : 0;

    const SeekCurve read(disk.readSeek, cylinders - 1);
    const SeekCurve write(disk.writeSeek.value_or(disk.readSeek), cylinders - 1);
    const double settleMs = disk.writeSeek ? 0.0 : disk.writeSettleMs;
    double maxMs = 0;
    for (int d = 1; d < cylinders; d += std::max(1, cylinders / 4096))
        maxMs = std::max({ maxMs, read.seekNs(d) / 1e6, write.seekNs(d) / 1e6 + settleMs });
    maxMs = std::max({ maxMs, read.seekNs(cylinders - 1) / 1e6, write.seekNs(cylinders - 1) / 1e6 + settleMs });
    if (!(maxMs > 0) || !std::isfinite(maxMs))
        return fail(QStringLiteral("diskPreset: %1 has no seek curve").arg(disk.id));
    z.m_seekStepMs = maxMs / kSeekSteps;
    z.m_readSeek.assign(kSeekSteps + 1, 0.0);
    z.m_writeSeek.assign(kSeekSteps + 1, 0.0);
    addSeekAtoms(read, 0, weight, centre, size, z.m_seekStepMs, z.m_readSeek);
    addSeekAtoms(write, settleMs, weight, centre, size, z.m_seekStepMs, z.m_writeSeek);
    for (auto* atoms : { &z.m_readSeek, &z.m_writeSeek }) { // exact 1 despite rounding in the sums
        double sum = 0;
        for (double p : *atoms)
            sum += p;
        for (double& p : *atoms)
            p /= sum;
    }
    return z;
}

std::optional<ZonedDiskService> ZonedDiskService::fromPreset(
    const QString& presetId, std::uint64_t blockBytes, QString* error)
{
    const DiskPreset* preset = findDiskPreset(presetId);
    if (!preset) {
        if (error)
            *error = QStringLiteral("diskPreset: no preset named '%1'").arg(presetId);
        return std::nullopt;
    }
    QString why;
    const auto params = parseDiskParameters(*preset, &why);
    if (!params) {
        if (error)
            *error = QStringLiteral("diskPreset: %1: %2").arg(presetId, why);
        return std::nullopt;
    }
    return fromParameters(*params, blockBytes, error);
}

double ZonedDiskService::seekMoment(int k, bool write) const
{
    const auto& atoms = seekAtoms(write);
    double m = 0;
    for (std::size_t i = 0; i < atoms.size(); ++i)
        m += atoms[i] * std::pow(double(i) * m_seekStepMs, k);
    return m;
}

double ZonedDiskService::rotationMoment(int k) const { return std::pow(m_rotationMs, k) / (k + 1); }

double ZonedDiskService::transferMoment(int k, double blocks) const
{
    double m = 0;
    for (const auto& [p, ms] : m_zoneSectorMs)
        m += p * std::pow(blocks * ms, k);
    return m;
}

std::complex<double> ZonedDiskService::seekLst(std::complex<double> s, bool write) const
{
    // The atoms sit on a uniform grid: sum p_i z^i with z = e^{-s step}, by Horner (|z| <= 1).
    const auto& atoms = seekAtoms(write);
    const cd z = std::exp(-s * m_seekStepMs);
    cd acc = 0;
    for (auto it = atoms.rbegin(); it != atoms.rend(); ++it)
        acc = acc * z + *it;
    return acc;
}

std::complex<double> ZonedDiskService::rotationLst(std::complex<double> s) const
{
    // R uniform on [0, R_max]: (1 - e^{-s R_max}) / (s R_max).
    const cd x = s * m_rotationMs;
    if (std::abs(x) < 1e-6)
        return 1.0 - x / 2.0 + x * x / 6.0;
    return (1.0 - std::exp(-x)) / x;
}

std::complex<double> ZonedDiskService::transferLst(std::complex<double> s, double blocks) const
{
    cd acc = 0;
    for (const auto& [p, ms] : m_zoneSectorMs)
        acc += p * std::exp(-s * (blocks * ms));
    return acc;
}

// ---- service mixtures ---------------------------------------------------------------------------

double serviceMoment(const ZonedDiskService& disk, const ServiceMix& mix, int k)
{
    double total = 0;
    for (const ServicePart& part : mix) {
        // E[P^j] of the positioning, then E[(P + T)^k] = sum_j C(k, j) E[P^j] E[T^(k-j)].
        double pos[4] = { 1, 0, 0, 0 };
        for (int j = 1; j <= k; ++j) {
            switch (part.positioning) {
            case ServicePart::Positioning::None:
                pos[j] = 0;
                break;
            case ServicePart::Positioning::FullRotation:
                pos[j] = std::pow(disk.rotationMs(), j);
                break;
            case ServicePart::Positioning::SeekAndRotation:
                for (int i = 0; i <= j; ++i) {
                    const double seek = i == 0 ? 1.0
                                               : (1 - part.writeSeekFraction) * disk.seekMoment(i, false)
                            + part.writeSeekFraction * disk.seekMoment(i, true);
                    pos[j] += binomial(j, i) * seek * disk.rotationMoment(j - i);
                }
                break;
            }
        }
        double m = 0;
        for (int j = 0; j <= k; ++j)
            m += binomial(k, j) * pos[j] * (k - j == 0 ? 1.0 : disk.transferMoment(k - j, part.blocks));
        total += part.weight * m;
    }
    return total;
}

std::complex<double> serviceLst(const ZonedDiskService& disk, const ServiceMix& mix, std::complex<double> s)
{
    std::optional<cd> readSeek, writeSeek, rotation;
    cd total = 0;
    for (const ServicePart& part : mix) {
        cd pos = 1;
        switch (part.positioning) {
        case ServicePart::Positioning::None:
            break;
        case ServicePart::Positioning::FullRotation:
            pos = std::exp(-s * disk.rotationMs());
            break;
        case ServicePart::Positioning::SeekAndRotation: {
            cd seek = 0;
            if (part.writeSeekFraction < 1) {
                if (!readSeek)
                    readSeek = disk.seekLst(s, false);
                seek += (1 - part.writeSeekFraction) * *readSeek;
            }
            if (part.writeSeekFraction > 0) {
                if (!writeSeek)
                    writeSeek = disk.seekLst(s, true);
                seek += part.writeSeekFraction * *writeSeek;
            }
            if (!rotation)
                rotation = disk.rotationLst(s);
            pos = seek * *rotation;
            break;
        }
        }
        total += part.weight * pos * disk.transferLst(s, part.blocks);
    }
    return total;
}

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
    m_queues.push_back({ std::move(responseLst), meanMs });
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
        const LaplaceTransform& lst = m_queues[std::size_t(q)].lst;
        const double v = std::clamp(invertLaplaceEuler([&](cd s) { return lst(s) / s; }, t), 0.0, 1.0);
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
    double hi = (scaleMs > 0 && std::isfinite(scaleMs)) ? 4 * scaleMs : 1.0;
    for (int i = 0; i < 60 && 1 - cdf(hi) > 1e-7; ++i)
        hi *= 1.5;

    // Survival integrals by Simpson's rule: E[W] = int (1 - F), E[W^2] = int 2t (1 - F).
    constexpr int kIntervals = 600;
    const double h = hi / kIntervals;
    std::vector<double> f(kIntervals + 1);
    double m1 = 0, m2 = 0;
    for (int i = 0; i <= kIntervals; ++i) {
        const double t = i * h;
        f[std::size_t(i)] = cdf(t);
        const double w = (i == 0 || i == kIntervals) ? 1 : (i % 2 ? 4 : 2);
        m1 += w * (1 - f[std::size_t(i)]);
        m2 += w * 2 * t * (1 - f[std::size_t(i)]);
    }
    r.meanMs = m1 * h / 3;
    r.varianceMs2 = std::max(0.0, m2 * h / 3 - r.meanMs * r.meanMs);

    const auto quantile = [&](double p) {
        std::size_t i = 1;
        while (i < f.size() - 1 && f[i] < p)
            ++i;
        double lo = double(i - 1) * h, up = double(i) * h;
        for (int k = 0; k < 40; ++k) {
            const double mid = (lo + up) / 2;
            (cdf(mid) < p ? lo : up) = mid;
        }
        return (lo + up) / 2;
    };
    r.p50Ms = quantile(0.50);
    r.p90Ms = quantile(0.90);
    r.p95Ms = quantile(0.95);
    r.p99Ms = quantile(0.99);

    const double end = quantile(0.999);
    const double step = end / points;
    r.cdf.reserve(std::size_t(points) + 1);
    for (int i = 0; i <= points; ++i)
        r.cdf.push_back({ i * step, cdf(i * step) });
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

// ---- §3 and the Appendix: RAID 01 and RAID 5 --------------------------------------------------

namespace {

    ServiceMix positioned(double blocks, double writeSeekFraction)
    {
        return { ServicePart { 1, ServicePart::Positioning::SeekAndRotation, writeSeekFraction, blocks } };
    }

    // Builds the queues of one request stream on one disk model; records the worst utilization.
    class Builder
    {
    public:
        Builder(const ZonedDiskService& disk, ResponseMixture& out)
            : m_disk(std::make_shared<const ZonedDiskService>(disk))
            , m_out(out)
        { }
        double utilization = 0;

        double mean(const ServiceMix& mix) const { return serviceMoment(*m_disk, mix, 1); }
        double second(const ServiceMix& mix) const { return serviceMoment(*m_disk, mix, 2); }

        // §3.1's W_d(t, gamma, mu): an M/G/1 disk at rate gamma serving `mix` (mean 1 / mu).
        int mg1(double gamma, ServiceMix mix)
        {
            const double ex = mean(mix);
            utilization = std::max(utilization, gamma * ex);
            auto disk = m_disk;
            const double response = ex + gamma * second(mix) / (2 * std::max(1e-12, 1 - gamma * ex)); // P-K mean
            return m_out.addQueue([disk, gamma, ex, mix = std::move(mix)](
                                      cd s) { return pollaczekKhinchine(s, gamma, ex, serviceLst(*disk, mix, s)); },
                response);
        }

        // §2.5, §3.1.2: class 0 (rate lambda0, mix0) has non-preemptive priority over class 1, whose
        // service is the rate-weighted mixture of `low` (rate, mix) streams. Returns the class-0 queue
        // and one low-priority queue per entry of `low` (its wait plus its own service).
        std::vector<int> priority(
            double lambda0, const ServiceMix& mix0, const std::vector<std::pair<double, ServiceMix>>& low)
        {
            double lambda1 = 0;
            for (const auto& [rate, mix] : low)
                lambda1 += rate;
            ServiceMix mix1;
            for (const auto& [rate, mix] : low)
                for (ServicePart part : mix) {
                    part.weight *= lambda1 > 0 ? rate / lambda1 : 0;
                    mix1.push_back(part);
                }
            const double rho0 = lambda0 * mean(mix0);
            const double rho = rho0 + lambda1 * mean(mix1);
            utilization = std::max(utilization, rho);
            const double residual
                = (lambda0 * second(mix0) + lambda1 * second(mix1)) / 2; // Cobham's means, for the time axis
            const double safeRho = std::min(rho, 1 - 1e-12), safeRho0 = std::min(rho0, 1 - 1e-12);
            auto disk = m_disk;
            std::vector<int> queues;
            queues.push_back(m_out.addQueue(
                [disk, lambda0, lambda1, rho, mix0, mix1](cd s) {
                    return priorityHighLst(
                        s, lambda0, lambda1, rho, serviceLst(*disk, mix0, s), serviceLst(*disk, mix1, s));
                },
                mean(mix0) + residual / (1 - safeRho0)));
            for (const auto& [rate, own] : low) {
                queues.push_back(m_out.addQueue(
                    [disk, lambda0, lambda1, rho, mix0, mix1, own](cd s) {
                        const LaplaceTransform x0 = [&](cd z) { return serviceLst(*disk, mix0, z); };
                        const LaplaceTransform x1 = [&](cd z) { return serviceLst(*disk, mix1, z); };
                        return priorityLowWaitLst(s, lambda0, lambda1, rho, x0, x1) * serviceLst(*disk, own, s);
                    },
                    mean(own) + residual / ((1 - safeRho0) * (1 - safeRho))));
            }
            return queues;
        }

    private:
        std::shared_ptr<const ZonedDiskService> m_disk;
        ResponseMixture& m_out;
    };

    void raid01(const ZonedRaidRequest& q, Builder& build, ResponseMixture& out)
    {
        const double n = q.disks, b = q.blocks, lambda = q.ratePerMs, p = q.readFraction;
        // §3.2: the arrival rate at each disk of a mixed stream (the Appendix's rates when p is 0 or 1).
        const double gamma = lambda * (p * std::min(b, n) + (1 - p) * std::min(2 * b, n)) / n;
        if (p > 0) { // Appendix eq. 5
            if (b < n)
                out.addTerm(p, 1, { { build.mg1(gamma, positioned(1, 0)), b } });
            else
                out.addTerm(p, 1, { { build.mg1(gamma, positioned(b / n, 0)), n } });
        }
        if (p < 1) { // Appendix: RAID 01 write, both copies
            if (2 * b < n)
                out.addTerm(1 - p, 1, { { build.mg1(gamma, positioned(1, 1)), 2 * b } });
            else
                out.addTerm(1 - p, 1, { { build.mg1(gamma, positioned(2 * b / n, 1)), n } });
        }
    }

    void raid5(const ZonedRaidRequest& q, Builder& build, ResponseMixture& out)
    {
        using P = ServicePart::Positioning;
        const double n = q.disks, b = q.blocks, lambda = q.ratePerMs, p = q.readFraction;
        const int k = q.blocks / (q.disks - 1); // full stripes
        const double bmod = q.blocks % (q.disks - 1); // b_mod = b mod (n - 1)
        const bool small = 2 * bmod < n - 1; // §3.1.1: small partial stripe below (n - 1) / 2
        const double readGamma = lambda * std::min(b, n) / n; // §3.2's p_read lambda min(b, n) / n, per unit p
        const ServiceMix readMix = b < n ? positioned(1, 0) : positioned(b / n, 0); // Appendix eq. 5
        const double readQueues = b < n ? b : n;

        if (p >= 1) {
            out.addTerm(1, 1, { { build.mg1(readGamma, readMix), readQueues } });
            return;
        }

        // One write-only plan: a single class (rate at a disk, service, queues, time scale) or §3.1.1's
        // two classes (class 1 the pre-read subtask, class 0 the partial-stripe write).
        struct Single
        {
            double gamma;
            ServiceMix mix;
            double queues;
            double timeScale;
        };
        struct Classes
        {
            double gamma1, gamma0;
            ServiceMix mix1, mix0;
            double queues1, queues0;
        };
        std::optional<Single> single;
        std::optional<Classes> classes;
        if (bmod == 0) {
            // Appendix: whole stripes need no pre-read: n disks each write b / (n - 1) blocks.
            single = Single { lambda, positioned(b / (n - 1), 1), n, 1 };
        } else if (q.writeModel == ZonedRaidRequest::WriteModel::SingleClass) {
            if (k == 0 && small) {
                // Appendix: W_d(t/2, 2 lambda (b+1)/n, mu)^(b+1), 1/mu = ((2b+1)(E[R]+E[S]) + R_max) / (2(b+1)) +
                // E[T_1]: b+1 pre-reads (read seeks), b re-seeking writes and one full turn, averaged.
                single = Single { 2 * lambda * (b + 1) / n,
                    { { 0.5, P::SeekAndRotation, 0, 1 }, { b / (2 * (b + 1)), P::SeekAndRotation, 1, 1 },
                        { 1 / (2 * (b + 1)), P::FullRotation, 0, 1 } },
                    b + 1, 2 };
            } else if (k == 0) {
                // Appendix: W_d(t/2, lambda, 1/(E[R]+E[S]+E[T_1]))^(n/2); the seeks are the n-b-1 pre-reads'
                // and the b+1 writes'.
                single = Single { lambda, positioned(1, (b + 1) / n), n / 2, 2 };
            } else if (small) {
                // Appendix: W_d(t/2, lambda(n+b_mod+1)/n, mu)^((n+b_mod+1)/2),
                // 1/mu = ((n+b_mod)(E[R]+E[S]) + R_max)/(n+b_mod+1) + E[T_{k/2 + (b_mod+1)/n}] (as printed).
                const double blocks = k / 2.0 + (bmod + 1) / n;
                single = Single { lambda * (n + bmod + 1) / n,
                    { { (n + bmod) / (n + bmod + 1), P::SeekAndRotation, 1, blocks },
                        { 1 / (n + bmod + 1), P::FullRotation, 0, blocks } },
                    (n + bmod + 1) / 2, 2 };
            } else {
                // Appendix: as above with 1/mu = (n+b_mod+0.5)(E[R]+E[S])/(2n) + E[T_{(k+1)/2}]: positioning
                // with probability (n+b_mod+0.5)/(2n), none otherwise.
                const double blocks = (k + 1) / 2.0, w = (n + bmod + 0.5) / (2 * n);
                single = Single { lambda * (n + bmod + 1) / n,
                    { { w, P::SeekAndRotation, 1, blocks }, { 1 - w, P::None, 0, blocks } }, (n + bmod + 1) / 2, 2 };
            }
        } else if (k == 0 && small) {
            // §3.1.1 small partial stripe: b+1 pre-reads, then b+1 writes of which b re-seek and one waits
            // a full turn (mu_0); gamma_1 = gamma_0 = lambda (b+1)/n.
            classes = Classes { lambda * (b + 1) / n, lambda * (b + 1) / n, positioned(1, 0),
                { { b / (b + 1), P::SeekAndRotation, 1, 1 }, { 1 / (b + 1), P::FullRotation, 0, 1 } }, b + 1, b + 1 };
        } else if (k == 0) {
            // §3.1.1 large partial stripe: n-b-1 pre-reads, then b+1 writes.
            classes = Classes { lambda * (n - b - 1) / n, lambda * (b + 1) / n, positioned(1, 0), positioned(1, 1),
                n - b - 1, b + 1 };
        } else if (small) {
            // §3.1.1 full stripes then a small partial stripe: mu_1 = 1/(E[R]+E[S]+E[T_{k+b_mod/n}]) on n
            // disks, mu_0 = 1/((b_mod(E[R]+E[S]) + R_max)/(b_mod+1) + E[T_1]) on b_mod+1.
            classes = Classes { lambda, lambda * (bmod + 1) / n, positioned(k + bmod / n, 1),
                { { bmod / (bmod + 1), P::SeekAndRotation, 1, 1 }, { 1 / (bmod + 1), P::FullRotation, 0, 1 } }, n,
                bmod + 1 };
        } else {
            // §3.1.1 full stripes then a large partial stripe: mu_1 with E[T_{k+(n-b_mod-1)/n}], mu_0 =
            // 1/(b_mod(E[R]+E[S])/(b_mod+1) + E[T_1]): the last disk of the full stripe does not reposition.
            classes = Classes { lambda, lambda * (bmod + 1) / n, positioned(k + (n - bmod - 1) / n, 1),
                { { bmod / (bmod + 1), P::SeekAndRotation, 1, 1 }, { 1 / (bmod + 1), P::None, 0, 1 } }, n, bmod + 1 };
        }

        if (single) {
            // §3.2: gamma at a disk = p lambda min(b, n)/n + (1 - p) gamma_write; W = p W_read + (1 - p) W_write.
            const double gamma = p * readGamma + (1 - p) * single->gamma;
            if (p > 0)
                out.addTerm(p, 1, { { build.mg1(gamma, readMix), readQueues } });
            out.addTerm(1 - p, single->timeScale, { { build.mg1(gamma, single->mix), single->queues } });
            return;
        }

        const double gammaWrite = classes->gamma1 + classes->gamma0;
        const double w1 = classes->gamma1 / gammaWrite, w0 = classes->gamma0 / gammaWrite; // eq. 4's weights
        if (q.writeModel == ZonedRaidRequest::WriteModel::Multiclass) {
            // §3.1.1: W_1 = W_d(t, gamma, mu_1)^queues1, W_0 = W_d(t, gamma, mu_0)^queues0, eq. 4 at t/2.
            const double gamma = p * readGamma + (1 - p) * gammaWrite;
            if (p > 0)
                out.addTerm(p, 1, { { build.mg1(gamma, readMix), readQueues } });
            out.addTerm((1 - p) * w1, 2, { { build.mg1(gamma, classes->mix1), classes->queues1 } });
            out.addTerm((1 - p) * w0, 2, { { build.mg1(gamma, classes->mix0), classes->queues0 } });
            return;
        }
        // §3.1.2 and §3.2: partial-stripe writes at high priority ((1 - p) gamma_0); pre-reads and reads
        // at low priority (p lambda min(b, n)/n + (1 - p) gamma_1), each with its own service.
        std::vector<std::pair<double, ServiceMix>> low { { (1 - p) * classes->gamma1, classes->mix1 } };
        if (p > 0)
            low.emplace_back(p * readGamma, readMix);
        const std::vector<int> queues = build.priority((1 - p) * classes->gamma0, classes->mix0, low);
        out.addTerm((1 - p) * w1, 2, { { queues[1], classes->queues1 } });
        out.addTerm((1 - p) * w0, 2, { { queues[0], classes->queues0 } });
        if (p > 0)
            out.addTerm(p, 1, { { queues[2], readQueues } });
    }

} // namespace

QString zonedRaidRequestProblem(const ZonedRaidRequest& q)
{
    if (q.scheme != ZonedRaidRequest::Scheme::Raid01 && q.scheme != ZonedRaidRequest::Scheme::Raid5)
        return QStringLiteral("scheme: raid01 or raid5");
    if (q.scheme == ZonedRaidRequest::Scheme::Raid01 && (q.disks < 2 || q.disks % 2 || q.disks > 1024))
        return QStringLiteral("disks: a RAID 01 array has an even number of disks from 2 to 1024, not %1").arg(q.disks);
    if (q.scheme == ZonedRaidRequest::Scheme::Raid5 && (q.disks < 3 || q.disks > 1024))
        return QStringLiteral("disks: a RAID 5 array has 3 to 1024 disks, not %1").arg(q.disks);
    if (q.blockBytes < 512 || q.blockBytes > (std::uint64_t(1) << 30))
        return QStringLiteral("blockBytes: from 512 bytes to 1 GiB, not %1").arg(q.blockBytes);
    if (!std::isfinite(q.ratePerMs) || q.ratePerMs < 0)
        return QStringLiteral("ratePerMs: requests per ms must be a finite number, 0 or more");
    if (q.blocks < 1 || q.blocks > 1000000)
        return QStringLiteral("blocks: stripe units per request from 1 to 1000000, not %1").arg(q.blocks);
    if (!(q.readFraction >= 0 && q.readFraction <= 1))
        return QStringLiteral("readFraction: must be in 0..1");
    if (q.writeModel != ZonedRaidRequest::WriteModel::SingleClass
        && q.writeModel != ZonedRaidRequest::WriteModel::Multiclass
        && q.writeModel != ZonedRaidRequest::WriteModel::Priority)
        return QStringLiteral("writeModel: single, multiclass or priority");
    QString why;
    if (!ZonedDiskService::fromPreset(q.diskPreset, q.blockBytes, &why))
        return why;
    return {};
}

ResponseMixture zonedRaidMixture(const ZonedRaidRequest& request, const ZonedDiskService& disk, double* utilization)
{
    ResponseMixture mixture;
    Builder build(disk, mixture);
    if (request.scheme == ZonedRaidRequest::Scheme::Raid01)
        raid01(request, build, mixture);
    else
        raid5(request, build, mixture);
    if (utilization)
        *utilization = build.utilization;
    if (!(build.utilization < 1))
        return {};
    return mixture;
}

ZonedRaidResult evaluateZonedRaid(const ZonedRaidRequest& request, const ZonedDiskService& disk)
{
    double utilization = 0;
    const ResponseMixture mixture = zonedRaidMixture(request, disk, &utilization);
    if (!(utilization < 1)) {
        ZonedRaidResult r;
        r.saturated = true;
        r.utilization = utilization;
        const double inf = std::numeric_limits<double>::infinity();
        r.meanMs = r.varianceMs2 = r.p50Ms = r.p90Ms = r.p95Ms = r.p99Ms = inf;
        return r;
    }
    ZonedRaidResult r = summarizeResponse(mixture);
    r.utilization = utilization;
    return r;
}

ZonedRaidResult evaluateZonedRaid(const ZonedRaidRequest& request)
{
    const auto disk = ZonedDiskService::fromPreset(request.diskPreset, request.blockBytes);
    if (!disk) {
        ZonedRaidResult r;
        r.saturated = true;
        r.utilization = std::numeric_limits<double>::infinity();
        return r;
    }
    return evaluateZonedRaid(request, *disk);
}

} // namespace raidscope
