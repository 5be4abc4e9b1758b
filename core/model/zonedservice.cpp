// SPDX-License-Identifier: GPL-3.0-or-later
// The zoned-RAID response-time model (Lebrecht, Dingle & Knottenbelt, "Modelling and Validation of
// Response Times in Zoned RAID"), its §2.1 part: the zoned disk's service time and mixtures of it.
// Section numbers below are the paper's. The paper takes its seek and rotation distributions from its
// references [20] and [10], which it does not restate; here they come from RaidScope's disk presets
// (zones, seek curve, rotation), as the header says.
#include "zonedraid.h"

#include "disk/diskparameters.h"
#include "disk/diskpreset.h"
#include "disk/seekcurve.h"

#include <algorithm>
#include <cmath>

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

} // namespace raidscope
