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
            QStringLiteral("disk: %1 is solid-state; the zoned model needs a mechanical disk").arg(disk.id));
    const auto& zones = disk.geometry.zones();
    const int cylinders = disk.geometry.cylinders();
    if (zones.empty() || cylinders < 2)
        return fail(QStringLiteral("disk: %1 has no zones (at least 2 cylinders needed)").arg(disk.id));
    if (!(disk.rotationMs > 0) || !std::isfinite(disk.rotationMs))
        return fail(QStringLiteral("disk: %1 has no rotation time").arg(disk.id));
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
        return fail(QStringLiteral("disk: %1 has no seek curve").arg(disk.id));
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
            *error = QStringLiteral("disk: no preset named '%1'").arg(presetId);
        return std::nullopt;
    }
    QString why;
    const auto params = parseDiskParameters(*preset, &why);
    if (!params) {
        if (error)
            *error = QStringLiteral("disk: %1: %2").arg(presetId, why);
        return std::nullopt;
    }
    return fromParameters(*params, blockBytes, error);
}

double ZonedDiskService::seekMoment(int k, bool write) const
{
    const auto& atoms = seekAtoms(write);
    double m = 0;
    for (std::size_t i = 0; i < atoms.size(); ++i) {
        if (atoms[i] == 0)
            continue;
        const double t = double(i) * m_seekStepMs;
        double power = 1;
        for (int j = 0; j < k; ++j)
            power *= t;
        m += atoms[i] * power;
    }
    return m;
}

double ZonedDiskService::rotationMoment(int k) const { return std::pow(m_rotationMs, k) / (k + 1); }

double ZonedDiskService::transferMoment(int k, double blocks) const
{
    double m = 0;
    for (const auto& [p, ms] : m_zoneSectorMs)
        m += p * std::pow(blocks * ms + m_overheadMs, k);
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
        acc += p * std::exp(-s * (blocks * ms + m_overheadMs));
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

// ---- the service transform in batches, for the inversion ------------------------------------------

namespace {

    // The seek atoms for the model's transforms: the 1025 atoms of the fine grid (step d) moved onto
    // the kCoarseSeekSteps + 1 nodes of a grid 16 times coarser (step D = 16 d) with cubic Lagrange
    // interpolation weights (nodes j0-1 .. j0+2 around the atom, shifted inward at the ends): the
    // signed measure that results has the same E[S^k], k = 0..3, and its transform is the fine one's
    // with e^{-sx} replaced by its cubic interpolant through the nearest nodes (error of order
    // |sD|^4, damped by the rotational latency's transform, which falls like 1 / |s| R_max). The
    // Euler inversion then sums 65 terms rather than 1025 per abscissa.
    constexpr int kCoarseSeekSteps = 64;

    struct CoarseSeek
    {
        double stepMs = 0; // node j at j x stepMs
        std::vector<double> read, write;
    };

    std::vector<double> coarseAtoms(const std::vector<double>& fine, int factor, int steps)
    {
        std::vector<double> coarse(std::size_t(steps) + 1, 0.0);
        for (std::size_t i = 0; i < fine.size(); ++i) {
            if (fine[i] == 0)
                continue;
            const double u = double(i) / factor; // position in coarse steps
            const int first = std::clamp(int(std::floor(u)) - 1, 0, steps - 3);
            // Lagrange basis on nodes first .. first + 3: prod_{o != m} (u - first - o) / (m - o).
            const double d[4] = { u - first, u - first - 1, u - first - 2, u - first - 3 };
            const double w[4] = { d[1] * d[2] * d[3] / -6.0, d[0] * d[2] * d[3] / 2.0, d[0] * d[1] * d[3] / -2.0,
                d[0] * d[1] * d[2] / 6.0 };
            for (int m = 0; m < 4; ++m)
                coarse[std::size_t(first + m)] += fine[i] * w[m];
        }
        return coarse;
    }

    CoarseSeek coarseSeek(const ZonedDiskService& disk)
    {
        CoarseSeek c;
        const int fineSteps = int(disk.seekAtoms(false).size()) - 1;
        const int factor = std::max(1, fineSteps / kCoarseSeekSteps);
        const int steps = (fineSteps + factor - 1) / factor;
        c.stepMs = disk.seekStepMs() * factor;
        if (steps < 3) { // too few atoms to coarsen: keep them
            c.stepMs = disk.seekStepMs();
            c.read = disk.seekAtoms(false);
            c.write = disk.seekAtoms(true);
            return c;
        }
        c.read = coarseAtoms(disk.seekAtoms(false), factor, steps);
        c.write = coarseAtoms(disk.seekAtoms(true), factor, steps);
        return c;
    }

    // Plain complex arithmetic (std::complex's operator* checks for infinities and NaN through a
    // library call; the values here are finite).
    struct C
    {
        double re = 0, im = 0;
    };
    inline C mul(C a, C b) { return { a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re }; }
    inline C div(C a, C b)
    {
        const double q = 1 / (b.re * b.re + b.im * b.im);
        return { (a.re * b.re + a.im * b.im) * q, (a.im * b.re - a.re * b.im) * q };
    }
    inline C cexp(cd z)
    {
        const double m = std::exp(z.real());
        return { m * std::cos(z.imag()), m * std::sin(z.imag()) };
    }

    constexpr int kBatch = 32; // at most this many abscissae per call (the Euler inversion uses 27)

    // serviceLst() of one mixture at the progression s_k = s0 + i k h, k < n: every exponential
    // e^{-s_k tau} is e^{-s0 tau} (e^{-i h tau})^k, one multiplication per abscissa.
    class FastService
    {
    public:
        FastService(const ZonedDiskService& disk, const CoarseSeek& seek, const ServiceMix& mix)
            : m_rotationMs(disk.rotationMs())
            , m_seekStepMs(seek.stepMs)
        {
            for (const ServicePart& part : mix) {
                Part fast { part.weight, part.positioning, -1, -1 };
                if (part.positioning == ServicePart::Positioning::SeekAndRotation) {
                    for (std::size_t i = 0; i < m_seekFractions.size(); ++i)
                        if (m_seekFractions[i] == part.writeSeekFraction)
                            fast.seek = int(i);
                    if (fast.seek < 0) {
                        fast.seek = int(m_seeks.size());
                        m_seekFractions.push_back(part.writeSeekFraction);
                        std::vector<double> atoms(seek.read.size());
                        for (std::size_t j = 0; j < atoms.size(); ++j)
                            atoms[j] = (1 - part.writeSeekFraction) * seek.read[j] + part.writeSeekFraction * seek.write[j];
                        m_seeks.push_back(std::move(atoms));
                    }
                }
                for (std::size_t i = 0; i < m_transferBlocks.size(); ++i)
                    if (m_transferBlocks[i] == part.blocks)
                        fast.transfer = int(i);
                if (fast.transfer < 0) {
                    fast.transfer = int(m_transferBlocks.size());
                    m_transferBlocks.push_back(part.blocks);
                }
                m_parts.push_back(fast);
            }
            for (double blocks : m_transferBlocks) {
                std::vector<std::pair<double, double>> zones;
                for (const auto& [p, ms] : disk.zoneTransfers())
                    zones.emplace_back(p, blocks * ms + disk.overheadMs());
                m_transfers.push_back(std::move(zones));
            }
        }

        void eval(cd s0, double h, int n, cd* out) const
        {
            for (int from = 0; from < n; from += kBatch)
                evalBatch(s0 + cd(0, from * h), h, std::min(kBatch, n - from), out + from);
        }

    private:
        struct Part
        {
            double weight;
            ServicePart::Positioning positioning;
            int seek, transfer;
        };

        // e^{-s_k tau} x scale into re[k], im[k].
        static void progression(cd s0, double h, int n, double tau, double scale, double* re, double* im)
        {
            C e = cexp(-s0 * tau);
            e.re *= scale;
            e.im *= scale;
            const C w { std::cos(h * tau), -std::sin(h * tau) };
            for (int k = 0; k < n; ++k) {
                re[k] = e.re;
                im[k] = e.im;
                e = mul(e, w);
            }
        }

        void evalBatch(cd s0, double h, int n, cd* out) const
        {
            double outRe[kBatch] {}, outIm[kBatch] {};
            // R uniform on [0, R_max]: (1 - e^{-s R_max}) / (s R_max).
            double rotRe[kBatch], rotIm[kBatch], fullRe[kBatch], fullIm[kBatch];
            progression(s0, h, n, m_rotationMs, 1, fullRe, fullIm);
            for (int k = 0; k < n; ++k) {
                const C x { s0.real() * m_rotationMs, (s0.imag() + k * h) * m_rotationMs };
                C r;
                if (x.re * x.re + x.im * x.im < 1e-12) { // 1 - x/2 + x^2/6
                    const C x2 = mul(x, x);
                    r = { 1 - x.re / 2 + x2.re / 6, -x.im / 2 + x2.im / 6 };
                } else {
                    r = div({ 1 - fullRe[k], -fullIm[k] }, x);
                }
                rotRe[k] = r.re;
                rotIm[k] = r.im;
            }
            // Each seek mixture: Horner over the coarse nodes at z_k = e^{-s_k D}, all k at once.
            double seekRe[4][kBatch], seekIm[4][kBatch];
            for (std::size_t q = 0; q < m_seeks.size() && q < 4; ++q) {
                double zRe[kBatch], zIm[kBatch];
                progression(s0, h, n, m_seekStepMs, 1, zRe, zIm);
                double* aRe = seekRe[q];
                double* aIm = seekIm[q];
                for (int k = 0; k < n; ++k)
                    aRe[k] = aIm[k] = 0;
                const std::vector<double>& atoms = m_seeks[q];
                for (auto it = atoms.rbegin(); it != atoms.rend(); ++it) {
                    const double c = *it;
                    for (int k = 0; k < n; ++k) {
                        const double re = aRe[k] * zRe[k] - aIm[k] * zIm[k] + c;
                        const double im = aRe[k] * zIm[k] + aIm[k] * zRe[k];
                        aRe[k] = re;
                        aIm[k] = im;
                    }
                }
            }
            // Each transfer length: the zones' exponentials.
            double trRe[4][kBatch], trIm[4][kBatch];
            for (std::size_t q = 0; q < m_transfers.size() && q < 4; ++q) {
                double eRe[kBatch], eIm[kBatch];
                for (int k = 0; k < n; ++k)
                    trRe[q][k] = trIm[q][k] = 0;
                for (const auto& [p, tau] : m_transfers[q]) {
                    progression(s0, h, n, tau, p, eRe, eIm);
                    for (int k = 0; k < n; ++k) {
                        trRe[q][k] += eRe[k];
                        trIm[q][k] += eIm[k];
                    }
                }
            }
            for (const Part& part : m_parts) {
                if (part.seek >= 4 || part.transfer >= 4) { // more distinct parts than the arrays hold
                    for (int k = 0; k < n; ++k)
                        out[k] = 0;
                    slow(s0, h, n, out);
                    return;
                }
                const double* tRe = trRe[part.transfer];
                const double* tIm = trIm[part.transfer];
                for (int k = 0; k < n; ++k) {
                    C pos { 1, 0 };
                    if (part.positioning == ServicePart::Positioning::FullRotation)
                        pos = { fullRe[k], fullIm[k] };
                    else if (part.positioning == ServicePart::Positioning::SeekAndRotation)
                        pos = mul({ seekRe[part.seek][k], seekIm[part.seek][k] }, { rotRe[k], rotIm[k] });
                    const C x = mul(pos, { tRe[k], tIm[k] });
                    outRe[k] += part.weight * x.re;
                    outIm[k] += part.weight * x.im;
                }
            }
            for (int k = 0; k < n; ++k)
                out[k] = { outRe[k], outIm[k] };
        }

        // Mixtures of more than four seek curves or transfer lengths (none of the paper's): one part
        // at a time.
        void slow(cd s0, double h, int n, cd* out) const
        {
            for (int k = 0; k < n; ++k) {
                const cd s = s0 + cd(0, k * h);
                cd total = 0;
                for (const Part& part : m_parts) {
                    cd pos = 1;
                    if (part.positioning == ServicePart::Positioning::FullRotation)
                        pos = std::exp(-s * m_rotationMs);
                    else if (part.positioning == ServicePart::Positioning::SeekAndRotation) {
                        const cd z = std::exp(-s * m_seekStepMs);
                        cd acc = 0;
                        const auto& atoms = m_seeks[std::size_t(part.seek)];
                        for (auto it = atoms.rbegin(); it != atoms.rend(); ++it)
                            acc = acc * z + *it;
                        const cd x = s * m_rotationMs;
                        pos = acc * (std::abs(x) < 1e-6 ? 1.0 - x / 2.0 + x * x / 6.0 : (1.0 - std::exp(-x)) / x);
                    }
                    cd t = 0;
                    for (const auto& [p, tau] : m_transfers[std::size_t(part.transfer)])
                        t += p * std::exp(-s * tau);
                    total += part.weight * pos * t;
                }
                out[k] = total;
            }
        }

        double m_rotationMs, m_seekStepMs;
        std::vector<double> m_seekFractions, m_transferBlocks;
        std::vector<std::vector<double>> m_seeks;
        std::vector<std::vector<std::pair<double, double>>> m_transfers;
        std::vector<Part> m_parts;
    };

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
            , m_seek(std::make_shared<const CoarseSeek>(coarseSeek(disk)))
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
            const double response = ex + gamma * second(mix) / (2 * std::max(1e-12, 1 - gamma * ex)); // P-K mean
            auto fast = std::make_shared<const FastService>(*m_disk, *m_seek, mix);
            return m_out.addQueue(
                [fast, gamma, ex](cd s) {
                    cd x;
                    fast->eval(s, 0, 1, &x);
                    return pollaczekKhinchine(s, gamma, ex, x);
                },
                response,
                [fast, gamma, ex](cd s0, double h, int n, cd* out) {
                    fast->eval(s0, h, n, out);
                    // pollaczekKhinchine() without the library's complex division.
                    const double rho = gamma * ex;
                    for (int k = 0; k < n; ++k) {
                        const C sk { s0.real(), s0.imag() + k * h }, x { out[k].real(), out[k].imag() };
                        const C w = div(mul({ (1 - rho) * sk.re, (1 - rho) * sk.im }, x),
                            { sk.re - gamma * (1 - x.re), sk.im + gamma * x.im });
                        out[k] = { w.re, w.im };
                    }
                });
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
            const auto fast = [&](const ServiceMix& mix) {
                auto service = std::make_shared<const FastService>(*m_disk, *m_seek, mix);
                return [service](cd s) {
                    cd x;
                    service->eval(s, 0, 1, &x);
                    return x;
                };
            };
            const LaplaceTransform x0 = fast(mix0), x1 = fast(mix1);
            std::vector<int> queues;
            queues.push_back(m_out.addQueue(
                [x0, x1, lambda0, lambda1, rho](cd s) { return priorityHighLst(s, lambda0, lambda1, rho, x0(s), x1(s)); },
                mean(mix0) + residual / (1 - safeRho0)));
            for (const auto& [rate, own] : low) {
                queues.push_back(m_out.addQueue(
                    [x0, x1, lambda0, lambda1, rho, xOwn = fast(own)](
                        cd s) { return priorityLowWaitLst(s, lambda0, lambda1, rho, x0, x1) * xOwn(s); },
                    mean(own) + residual / ((1 - safeRho0) * (1 - safeRho))));
            }
            return queues;
        }

    private:
        std::shared_ptr<const ZonedDiskService> m_disk;
        std::shared_ptr<const CoarseSeek> m_seek;
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
        // The disk that §3.1.1 and the Appendix give a full turn R_max: exactly that, or (the default,
        // ZonedRaidRequest::FullTurn::Reposition) a write seek and rotational latency like the other
        // writes, the reading under which our means reproduce the paper's printed model columns on
        // those rows (docs/records/zoned-raid-minerva.md).
        const bool exactTurn = q.fullTurn == ZonedRaidRequest::FullTurn::Exact;
        const P turn = exactTurn ? P::FullRotation : P::SeekAndRotation;
        const double turnSeek = exactTurn ? 0 : 1;
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
                        { 1 / (2 * (b + 1)), turn, turnSeek, 1 } },
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
                        { 1 / (n + bmod + 1), turn, turnSeek, blocks } },
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
                { { b / (b + 1), P::SeekAndRotation, 1, 1 }, { 1 / (b + 1), turn, turnSeek, 1 } }, b + 1, b + 1 };
        } else if (k == 0) {
            // §3.1.1 large partial stripe: n-b-1 pre-reads, then b+1 writes.
            classes = Classes { lambda * (n - b - 1) / n, lambda * (b + 1) / n, positioned(1, 0), positioned(1, 1),
                n - b - 1, b + 1 };
        } else if (small) {
            // §3.1.1 full stripes then a small partial stripe: mu_1 = 1/(E[R]+E[S]+E[T_{k+b_mod/n}]) on n
            // disks, mu_0 = 1/((b_mod(E[R]+E[S]) + R_max)/(b_mod+1) + E[T_1]) on b_mod+1.
            classes = Classes { lambda, lambda * (bmod + 1) / n, positioned(k + bmod / n, 1),
                { { bmod / (bmod + 1), P::SeekAndRotation, 1, 1 }, { 1 / (bmod + 1), turn, turnSeek, 1 } }, n,
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
    if (!(q.overheadMs >= 0 && q.overheadMs <= 1000))
        return QStringLiteral("overheadMs: per disk access, from 0 to 1000 ms");
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
    Builder build(disk.withOverheadMs(request.overheadMs), mixture);
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
