// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cmath>
#include <cstdint>
#include <memory>
#include <span>
#include <utility>
#include <vector>

namespace raidscope {

/// One recording zone as a preset describes it. Skews are in sectors of this zone.
struct ZoneSpec
{
    int cylinders = 0;
    int sectorsPerTrack = 0;
    int trackSkewSectors = 0; ///< first sector of track h+1 is this far past that of track h (head switch)
    int cylinderSkewSectors = 0; ///< first sector of cylinder c+1 is this far past the last track of c
    // DiskSim's layout (diskmodel/layout_g1.c, a dm_layout_g1_zone "band"); the defaults give the plain
    // mapping where every sector of the zone is data.
    int dataCylinderOffset = 0; ///< cylinders of this zone before the band's first cylinder (not data)
    int dataCylinders = 0; ///< cylinders of the band; 0: all from dataCylinderOffset on
    int firstBlockSectors = -1; ///< "Offset of first block": the band's first track starts at this many
                                ///< sectors from angle 0; -1: it follows the zone before across a cylinder skew
    int deadSectors = 0; ///< "Empty space at zone front": sectors at the band's front outside the mapping
    int spares = 0; ///< "Number of spares": tracks or sectors per track/cylinder/range/zone by the scheme
    std::vector<int> slips; ///< "slips": slipped locations (tracks or zone-relative sectors by the scheme)
};

/// DiskSim's sparing schemes ("Sparing scheme used", diskmodel/layout_g1.h), numbered as there.
enum class SparingScheme {
    None = 0,
    Track = 1, ///< spare tracks at the end of the band
    SectorsPerCylinder = 2,
    SectorsPerTrack = 3,
    SectorsPerCylinderSlipToEnd = 4,
    SectorsPerCylinderAtFront = 5,
    SectorsPerCylinderAtFrontSlipToEnd = 6,
    SectorsAtEnd = 7,
    SectorsPerRange = 8,
    SectorsPerZone = 9,
    SectorsPerZoneSlipToEnd = 10,
};

struct SparingSpec
{
    SparingScheme scheme = SparingScheme::None;
    int rangeCylinders = 1; ///< "Rangesize for sparing" (SectorsPerRange)
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
    int bandFirstCylinder = 0; ///< first cylinder of the mapped band (== firstCylinder in the plain layout)
    int bandCylinders = 0;
    int deadSectors = 0;
    int spares = 0;
    std::vector<int> slips;
};

/// Division of 32-bit numbers by a divisor fixed in advance, by multiplications (Lemire, Kaser and Kurz,
/// "Faster remainder by direct computation", 2019: with M = ceil(2^64 / d), exact for every 32-bit a and
/// d): the same quotients and remainders as / and %, without a division's latency.
class FastDivisor32
{
public:
    FastDivisor32() = default;
    explicit FastDivisor32(std::uint32_t d)
        : m_magic(d > 1 ? ~std::uint64_t(0) / d + 1 : 0)
        , m_d(d)
    {
    }
    std::uint32_t divisor() const { return m_d; }
    std::uint32_t quotient(std::uint32_t a) const
    {
        return m_d > 1 ? std::uint32_t((static_cast<unsigned __int128>(m_magic) * a) >> 64) : a;
    }
    std::uint32_t remainder(std::uint32_t a) const
    {
        return std::uint32_t((static_cast<unsigned __int128>(m_magic * a) * m_d) >> 64); // d = 1: M = 0, 0
    }

private:
    std::uint64_t m_magic = 0;
    std::uint32_t m_d = 1;
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
    DiskGeometry(int heads, int sectorBytes, std::span<const ZoneSpec> zones, SparingSpec sparing = {});

    int heads() const { return m_heads; }
    int sectorBytes() const { return m_sectorBytes; }
    int cylinders() const { return m_cylinders; }
    std::uint64_t totalSectors() const { return m_totalSectors; }
    std::uint64_t capacityBytes() const { return m_totalSectors * std::uint64_t(m_sectorBytes); }
    const std::vector<DiskZone>& zones() const { return m_zones; }
    const DiskZone& zone(int index) const { return m_zones[std::size_t(index)]; }
    const SparingSpec& sparing() const { return m_sparing; }
    /// True when LBAs do not simply fill every sector of every zone in order (sparing, slips, dead
    /// space or bands narrower than their zones): consecutive LBAs may then skip sectors or tracks.
    bool mapped() const { return m_mapped; }

    /// Zone index holding a cylinder (0 <= cylinder < cylinders()).
    int zoneOfCylinder(int cylinder) const;
    /// lba < totalSectors().
    PhysicalAddress locate(std::uint64_t lba) const;
    /// How many LBAs from lba (which locate() puts at `at`) lie on consecutive sectors of at's track; on a
    /// mapped geometry at most maxSectors (>= 1) of them (the rest of the track on a plain one, whatever
    /// maxSectors). At least 1.
    std::uint64_t contiguousSectors(std::uint64_t lba, const PhysicalAddress& at,
        std::uint64_t maxSectors = ~std::uint64_t(0)) const;
    /// The first LBA on the track of lba (lba < totalSectors()).
    std::uint64_t trackFirstLba(std::uint64_t lba) const;
    /// One past the last LBA on the track of lba (lba < totalSectors()): fewer than a zone's sectors per
    /// track past trackFirstLba() when a slipped sector or a spare lies on the track.
    std::uint64_t trackEndLba(std::uint64_t lba) const;
    /// trackFirstLba() and trackEndLba() of lba together (one locate() fewer).
    std::pair<std::uint64_t, std::uint64_t> trackRange(std::uint64_t lba) const;
    /// Inverse of locate() (plain layout only).
    std::uint64_t lbaOf(const PhysicalAddress& at) const;
    /// Angle where sector 0 of track (cylinder, head) starts, in rotations [0, 1), measured in the
    /// frame where sector 0 of cylinder 0, head 0 starts at angle 0.
    double trackStartAngle(int zone, int cylinder, int head) const
    {
        const DiskZone& z = m_zones[std::size_t(zone)];
        // Reduce modulo the track in integers first so the double keeps full precision (a 32-bit
        // division when it fits: the same remainder, faster).
        const std::uint64_t inZone = skewSectorsInZone(zone, cylinder, head);
        const ZoneArithmetic& a = m_arithmetic[std::size_t(zone)];
        const std::uint64_t skew = inZone <= 0xffffffffu ? a.perTrack.remainder(std::uint32_t(inZone))
                                                          : inZone % std::uint64_t(z.sectorsPerTrack);
        return fractionOfTurn(z.firstTrackAngle + trackFraction(a, z, skew));
    }
    /// Angle where a sector starts, in rotations [0, 1).
    double sectorAngle(const PhysicalAddress& at) const
    {
        const DiskZone& z = m_zones[std::size_t(at.zone)];
        const double track = trackStartAngle(at.zone, at.cylinder, at.head);
        return fractionOfTurn(track + trackFraction(m_arithmetic[std::size_t(at.zone)], z, std::uint64_t(at.sector)));
    }
    /// Skew (in sectors of the zone) that trackStartAngle() adds for this track, before reduction
    /// modulo the track: the sum of the skews of the zone's tracks before it.
    std::uint64_t skewSectorsInZone(int zone, int cylinder, int head) const
    {
        if (m_skewSlips)
            return skewWithSlips(zone, cylinder, head);
        // Within a zone (DiskSim: its band), before track (c, h) lie c cylinder crossings and
        // c*(heads-1) + h head crossings (g1_map_pbn_skew).
        const DiskZone& z = m_zones[std::size_t(zone)];
        const std::int64_t c = std::int64_t(cylinder - z.bandFirstCylinder);
        const std::int64_t skew
            = c * z.cylinderSkewSectors + (c * (m_heads - 1) + head) * std::int64_t(z.trackSkewSectors);
        // Tracks before the band (not data) would give a negative count: reduce modulo the track.
        const std::int64_t spt = z.sectorsPerTrack;
        return skew >= 0 ? std::uint64_t(skew) : std::uint64_t(((skew % spt) + spt) % spt);
    }

    /// rotations - floor(rotations), and 0 for a result that rounds to 1.
    static double fractionOfTurn(double rotations)
    {
        // An angle plus a fraction of a track is in (0, 2): floor() is 0 or 1, so the same subtraction
        // without floor()'s long chain of conversions (a fifth of a disk operation's angle maths).
        // Not at 0, where floor() gives -0.0 for -0.0 and the difference's sign would tell.
        if (rotations > 0 && rotations < 2) {
            const double f = rotations - (rotations >= 1 ? 1.0 : 0.0);
            return f >= 1.0 ? 0.0 : f;
        }
        const double f = rotations - std::floor(rotations);
        return f >= 1.0 ? 0.0 : f;
    }

private:
    /// What the angle and address maths divide by, per zone, made once: its sectors per track as a
    /// FastDivisor32, and k / sectorsPerTrack for every k below it (a table shared by every geometry of
    /// that many sectors per track: the drives of an array share one). The divisions were the longest
    /// waits of a disk operation's transfer, two a track.
    struct ZoneArithmetic
    {
        FastDivisor32 perTrack;
        FastDivisor32 cylinderLbns; ///< sectors per cylinder less the spares, where that is positive
        const double* fraction = nullptr; ///< null: divide (a track too long for a table)
    };
    /// double(k) / sectorsPerTrack: from the table, the very double the division gives.
    static double trackFraction(const ZoneArithmetic& a, const DiskZone& z, std::uint64_t k)
    {
        if (a.fraction && k < std::uint64_t(z.sectorsPerTrack))
            return a.fraction[k];
        return double(k) / z.sectorsPerTrack;
    }
    void makeArithmetic();

    /// skewSectorsInZone() where slips shift sectors (some sparing schemes).
    std::uint64_t skewWithSlips(int zone, int cylinder, int head) const;

    int m_heads = 0;
    int m_sectorBytes = 512;
    int m_cylinders = 0;
    std::uint64_t m_totalSectors = 0;
    std::vector<DiskZone> m_zones;
    SparingSpec m_sparing;
    bool m_mapped = false;
    bool m_skewSlips = false; ///< the sparing scheme's slips shift skews
    /// Every track's LBAs fill its sectors from where the zone's LBAs begin to where they end, one after
    /// another (no sparing, or spare and slipped whole tracks: g1_ltop_nosparing, g1_ltop_trackspare map
    /// an LBN to sector lbn mod sectors per track of a whole track), so a track's run and bounds are closed
    /// forms in the LBA and its sector, clamped to the zone's LBAs.
    bool m_wholeTracks = true;
    std::vector<ZoneArithmetic> m_arithmetic; ///< per zone
    FastDivisor32 m_perCylinder; ///< heads
    std::vector<std::shared_ptr<const std::vector<double>>> m_fractionTables; ///< what m_arithmetic points into
};

} // namespace raidscope
