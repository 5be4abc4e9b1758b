// SPDX-License-Identifier: GPL-3.0-or-later
#include "diskgeometry.h"

#include <cmath>

namespace raidscope {

namespace {
    double fractionOf(double rotations)
    {
        const double f = rotations - std::floor(rotations);
        return f >= 1.0 ? 0.0 : f;
    }
} // namespace

DiskGeometry::DiskGeometry(int heads, int sectorBytes, std::span<const ZoneSpec> zones)
    : m_heads(heads)
    , m_sectorBytes(sectorBytes)
{
    m_zones.reserve(zones.size());
    int cylinder = 0;
    std::uint64_t lba = 0;
    for (const ZoneSpec& spec : zones) {
        DiskZone z;
        z.firstCylinder = cylinder;
        z.cylinders = spec.cylinders;
        z.sectorsPerTrack = spec.sectorsPerTrack;
        z.trackSkewSectors = spec.trackSkewSectors;
        z.cylinderSkewSectors = spec.cylinderSkewSectors;
        z.firstLba = lba;
        z.sectors = std::uint64_t(spec.cylinders) * std::uint64_t(heads) * std::uint64_t(spec.sectorsPerTrack);
        if (!m_zones.empty()) {
            // The zone's first track follows the previous zone's last track across a cylinder
            // boundary: it is shifted by this zone's cylinder skew, counted in this zone's sectors.
            const DiskZone& prev = m_zones.back();
            const double lastTrack
                = trackStartAngle(int(m_zones.size()) - 1, prev.firstCylinder + prev.cylinders - 1, heads - 1);
            z.firstTrackAngle = fractionOf(lastTrack + double(spec.cylinderSkewSectors) / spec.sectorsPerTrack);
        }
        m_zones.push_back(z);
        cylinder += spec.cylinders;
        lba += z.sectors;
    }
    m_cylinders = cylinder;
    m_totalSectors = lba;
}

int DiskGeometry::zoneOfCylinder(int cylinder) const
{
    int index = 0;
    const int last = int(m_zones.size()) - 1;
    while (index < last && cylinder >= m_zones[std::size_t(index) + 1].firstCylinder)
        ++index;
    return index;
}

PhysicalAddress DiskGeometry::locate(std::uint64_t lba) const
{
    int index = 0;
    const int last = int(m_zones.size()) - 1;
    while (index < last && lba >= m_zones[std::size_t(index) + 1].firstLba)
        ++index;
    const DiskZone& z = m_zones[std::size_t(index)];
    const std::uint64_t offset = lba - z.firstLba;
    const std::uint64_t perTrack = std::uint64_t(z.sectorsPerTrack);
    const std::uint64_t track = offset / perTrack; // tracks into the zone
    PhysicalAddress at;
    at.zone = index;
    at.cylinder = z.firstCylinder + int(track / std::uint64_t(m_heads));
    at.head = int(track % std::uint64_t(m_heads));
    at.sector = int(offset % perTrack);
    return at;
}

std::uint64_t DiskGeometry::lbaOf(const PhysicalAddress& at) const
{
    const DiskZone& z = m_zones[std::size_t(at.zone)];
    const std::uint64_t track
        = std::uint64_t(at.cylinder - z.firstCylinder) * std::uint64_t(m_heads) + std::uint64_t(at.head);
    return z.firstLba + track * std::uint64_t(z.sectorsPerTrack) + std::uint64_t(at.sector);
}

std::uint64_t DiskGeometry::skewSectorsInZone(int zone, int cylinder, int head) const
{
    // Within a zone, before track (c, h) lie c cylinder crossings and c*(heads-1) + h head crossings.
    const DiskZone& z = m_zones[std::size_t(zone)];
    const std::uint64_t c = std::uint64_t(cylinder - z.firstCylinder);
    return c * std::uint64_t(z.cylinderSkewSectors)
        + (c * std::uint64_t(m_heads - 1) + std::uint64_t(head)) * std::uint64_t(z.trackSkewSectors);
}

double DiskGeometry::trackStartAngle(int zone, int cylinder, int head) const
{
    const DiskZone& z = m_zones[std::size_t(zone)];
    // Reduce modulo the track in integers first so the double keeps full precision.
    const std::uint64_t skew = skewSectorsInZone(zone, cylinder, head) % std::uint64_t(z.sectorsPerTrack);
    return fractionOf(z.firstTrackAngle + double(skew) / z.sectorsPerTrack);
}

double DiskGeometry::sectorAngle(const PhysicalAddress& at) const
{
    const DiskZone& z = m_zones[std::size_t(at.zone)];
    return fractionOf(trackStartAngle(at.zone, at.cylinder, at.head) + double(at.sector) / z.sectorsPerTrack);
}

} // namespace raidscope
