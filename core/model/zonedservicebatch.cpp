// SPDX-License-Identifier: GPL-3.0-or-later
// The zoned-RAID model's service transform in batches, for the inversion (zonedraid_p.h): the seek
// atoms moved onto a coarse grid, and serviceLst() of a mixture at a progression of abscissae.
#include "zonedraid_p.h"

#include <algorithm>

namespace raidscope::zoned {

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

} // namespace

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

FastService::FastService(const ZonedDiskService& disk, const CoarseSeek& seek, const ServiceMix& mix)
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

void FastService::eval(cd s0, double h, int n, cd* out) const
{
    for (int from = 0; from < n; from += kBatch)
        evalBatch(s0 + cd(0, from * h), h, std::min(kBatch, n - from), out + from);
}

// e^{-s_k tau} x scale into re[k], im[k].
void FastService::progression(cd s0, double h, int n, double tau, double scale, double* re, double* im)
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

void FastService::evalBatch(cd s0, double h, int n, cd* out) const
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
void FastService::slow(cd s0, double h, int n, cd* out) const
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

} // namespace raidscope::zoned
