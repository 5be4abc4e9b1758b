// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace raidscope {

/// One recording zone as a preset describes it. Skews are in sectors of this zone.
struct ZoneSpec
{
    int cylinders = 0;
    int sectorsPerTrack = 0;
    int trackSkewSectors = 0; ///< first sector of track h+1 is this far past that of track h (head switch)
    int cylinderSkewSectors = 0; ///< first sector of cylinder c+1 is this far past the last track of c
};

/// A zone with its derived placement on the disk.
struct DiskZone
{
    int firstCylinder = 0;
    int cylinders = 0;
    int sectorsPerTrack = 0;
    int trackSkewSectors = 0;
    int cylinderSkewSectors = 0;
    std::uint64_t firstLba = 0;
    std::uint64_t sectors = 0;
    double firstTrackAngle = 0; ///< angle of sector 0 of the zone's first track, in rotations [0, 1)
};

/// Where an LBA lives: zone index, cylinder (absolute), head (track in the cylinder), sector on the track.
struct PhysicalAddress
{
    int zone = 0;
    int cylinder = 0;
    int head = 0;
    int sector = 0;
    friend bool operator==(const PhysicalAddress&, const PhysicalAddress&) = default;
};

/// Zoned disk geometry: LBAs are laid cylinder by cylinder from the outermost cylinder 0, head 0
/// upward inside a cylinder, sector 0 upward on a track. Angular positions carry the skews of every
/// track before a sector (Shear §2.2 models "track and cylinder skewing"): crossing to the next head
/// shifts sector 0 by the track skew, crossing to the next cylinder by the cylinder skew, so a
/// sequential transfer finds the next track's first sector arriving just after the switch.
/// Immutable; all functions const, allocation-free and thread-safe.
class DiskGeometry
{
public:
    DiskGeometry() = default;
    /// Zones in order from the outermost cylinder; heads >= 1; sectorBytes is the LBA size (512).
    DiskGeometry(int heads, int sectorBytes, std::span<const ZoneSpec> zones);

    int heads() const { return m_heads; }
    int sectorBytes() const { return m_sectorBytes; }
    int cylinders() const { return m_cylinders; }
    std::uint64_t totalSectors() const { return m_totalSectors; }
    std::uint64_t capacityBytes() const { return m_totalSectors * std::uint64_t(m_sectorBytes); }
    const std::vector<DiskZone>& zones() const { return m_zones; }
    const DiskZone& zone(int index) const { return m_zones[std::size_t(index)]; }

    /// Zone index holding a cylinder (0 <= cylinder < cylinders()).
    int zoneOfCylinder(int cylinder) const;
    /// lba < totalSectors().
    PhysicalAddress locate(std::uint64_t lba) const;
    /// Inverse of locate().
    std::uint64_t lbaOf(const PhysicalAddress& at) const;
    /// Angle where sector 0 of track (cylinder, head) starts, in rotations [0, 1), measured in the
    /// frame where sector 0 of cylinder 0, head 0 starts at angle 0.
    double trackStartAngle(int zone, int cylinder, int head) const;
    /// Angle where a sector starts, in rotations [0, 1).
    double sectorAngle(const PhysicalAddress& at) const;
    /// Skew (in sectors of the zone) that trackStartAngle() adds for this track, before reduction
    /// modulo the track: the sum of the skews of the zone's tracks before it.
    std::uint64_t skewSectorsInZone(int zone, int cylinder, int head) const;

private:
    int m_heads = 0;
    int m_sectorBytes = 512;
    int m_cylinders = 0;
    std::uint64_t m_totalSectors = 0;
    std::vector<DiskZone> m_zones;
};

} // namespace raidscope
