// SPDX-License-Identifier: GPL-3.0-or-later
#include "diskgeometry.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <mutex>

namespace raidscope {

namespace {

// Tables of k / sectorsPerTrack for tracks of at most this many sectors (32 KiB of doubles).
constexpr int kMaxFractionTable = 4096;

// The table for one number of sectors per track, shared by every geometry that has it (DiskGeometry's
// copies and the members of an array: one table in the cache, not one a drive).
std::shared_ptr<const std::vector<double>> fractionTable(int sectorsPerTrack)
{
    static std::mutex lock;
    static std::map<int, std::weak_ptr<const std::vector<double>>> tables;
    const std::lock_guard<std::mutex> guard(lock);
    std::weak_ptr<const std::vector<double>>& slot = tables[sectorsPerTrack];
    if (auto table = slot.lock())
        return table;
    auto table = std::make_shared<std::vector<double>>();
    table->reserve(std::size_t(sectorsPerTrack));
    for (int k = 0; k < sectorsPerTrack; ++k)
        table->push_back(double(std::uint64_t(k)) / sectorsPerTrack); // as trackStartAngle() and sectorAngle() divide
    slot = table;
    return table;
}

// a / d for a >= 0 and d > 0, by the FastDivisor32 made for d when a fits in 32 bits (the same quotient,
// FastDivisor32's proof), else by the division: locate() divides two or three times per call.
std::int64_t divide(const FastDivisor32& divisor, std::int64_t a, std::int64_t d)
{
    if (a >= 0 && a <= 0xffffffff && d > 0 && std::int64_t(divisor.divisor()) == d)
        return std::int64_t(divisor.quotient(std::uint32_t(a)));
    return a / d;
}

} // namespace

DiskGeometry::DiskGeometry(int heads, int sectorBytes, std::span<const ZoneSpec> zones, SparingSpec sparing)
    : m_heads(heads)
    , m_sectorBytes(sectorBytes)
    , m_sparing(sparing)
{
    m_zones.reserve(zones.size());
    m_perCylinder = FastDivisor32(std::uint32_t(std::max(1, heads)));
    m_mapped = sparing.scheme != SparingScheme::None;
    m_wholeTracks = sparing.scheme == SparingScheme::None || sparing.scheme == SparingScheme::Track;
    const SparingScheme scheme = sparing.scheme;
    m_skewSlips = scheme == SparingScheme::SectorsPerTrack || scheme == SparingScheme::SectorsPerCylinder
        || scheme == SparingScheme::SectorsPerCylinderSlipToEnd || scheme == SparingScheme::SectorsPerCylinderAtFront
        || scheme == SparingScheme::SectorsPerCylinderAtFrontSlipToEnd;
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
        z.bandFirstCylinder = cylinder + spec.dataCylinderOffset;
        z.bandCylinders = spec.dataCylinders > 0 ? spec.dataCylinders : spec.cylinders - spec.dataCylinderOffset;
        z.deadSectors = spec.deadSectors;
        z.spares = spec.spares;
        z.slips = spec.slips;
        if (spec.dataCylinderOffset != 0 || z.bandCylinders != spec.cylinders || spec.deadSectors != 0
            || !spec.slips.empty())
            m_mapped = true;
        // DiskSim's dm_layout_g1_compute_blksinband (diskmodel/layout_g1_load.c): the band's sectors less
        // the dead space and what the sparing scheme sets aside.
        const std::int64_t cyls = z.bandCylinders;
        const std::int64_t perTrack = spec.sectorsPerTrack;
        std::int64_t blocks = cyls * heads * perTrack - spec.deadSectors;
        const std::int64_t slipCount = std::int64_t(spec.slips.size());
        switch (sparing.scheme) {
        case SparingScheme::None: break;
        case SparingScheme::Track: blocks -= std::int64_t(spec.spares) * perTrack; break;
        case SparingScheme::SectorsPerTrack: blocks -= std::int64_t(spec.spares) * cyls * heads; break;
        case SparingScheme::SectorsAtEnd: blocks -= slipCount; break;
        case SparingScheme::SectorsPerZone: blocks -= spec.spares; break;
        case SparingScheme::SectorsPerZoneSlipToEnd: blocks -= spec.spares + slipCount; break;
        case SparingScheme::SectorsPerCylinder:
        case SparingScheme::SectorsPerCylinderAtFront: blocks -= std::int64_t(spec.spares) * cyls; break;
        case SparingScheme::SectorsPerCylinderSlipToEnd:
        case SparingScheme::SectorsPerCylinderAtFrontSlipToEnd:
            blocks -= std::int64_t(spec.spares) * cyls + slipCount;
            break;
        case SparingScheme::SectorsPerRange:
            blocks -= std::int64_t(spec.spares) * (cyls / std::max(1, sparing.rangeCylinders));
            break;
        }
        z.sectors = std::uint64_t(std::max<std::int64_t>(0, blocks));
        if (spec.firstBlockSectors >= 0) {
            // "Offset of first block" in sectors (DiskSim's default skew units): firstblkangle.
            z.firstTrackAngle = fractionOfTurn(double(spec.firstBlockSectors) / spec.sectorsPerTrack);
        } else if (!m_zones.empty()) {
            // The zone's first track follows the previous zone's last track across a cylinder
            // boundary: it is shifted by this zone's cylinder skew, counted in this zone's sectors.
            const DiskZone& prev = m_zones.back();
            const double lastTrack
                = trackStartAngle(int(m_zones.size()) - 1, prev.firstCylinder + prev.cylinders - 1, heads - 1);
            z.firstTrackAngle = fractionOfTurn(lastTrack + double(spec.cylinderSkewSectors) / spec.sectorsPerTrack);
        }
        m_zones.push_back(std::move(z));
        makeArithmetic();
        cylinder += spec.cylinders;
        lba += m_zones.back().sectors;
    }
    m_cylinders = cylinder;
    m_totalSectors = lba;
}

// The arithmetic of the zone just added.
void DiskGeometry::makeArithmetic()
{
    const DiskZone& z = m_zones.back();
    ZoneArithmetic a;
    a.perTrack = FastDivisor32(std::uint32_t(std::max(1, z.sectorsPerTrack)));
    // The LBNs of a cylinder in the sectors-per-cylinder sparing schemes (g1_ltop_sectpercylspare).
    const std::int64_t cylinderLbns = std::int64_t(z.sectorsPerTrack) * m_heads - z.spares;
    if (cylinderLbns > 0 && cylinderLbns <= 0xffffffff)
        a.cylinderLbns = FastDivisor32(std::uint32_t(cylinderLbns));
    if (z.sectorsPerTrack > 0 && z.sectorsPerTrack <= kMaxFractionTable) {
        m_fractionTables.push_back(fractionTable(z.sectorsPerTrack));
        a.fraction = m_fractionTables.back()->data();
    }
    m_arithmetic.push_back(a);
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
    // The last zone whose first LBA is at most lba (zones' first LBAs do not decrease), by bisection:
    // a drive has up to some 60 zones (DiskSim's Ultrastar 18ES: 55).
    const int last = int(m_zones.size()) - 1;
    const auto zoneAfter = std::upper_bound(m_zones.begin() + 1, m_zones.begin() + 1 + std::max(0, last), lba,
        [](std::uint64_t value, const DiskZone& zone) { return value < zone.firstLba; });
    const int index = int(zoneAfter - (m_zones.begin() + 1));
    const DiskZone& z = m_zones[std::size_t(index)];
    PhysicalAddress at;
    at.zone = index;
    if (!m_mapped) {
        const std::uint64_t offset = lba - z.firstLba;
        if (offset <= 0xffffffffu) { // (the same quotients by multiplications, faster)
            const FastDivisor32& perTrack = m_arithmetic[std::size_t(index)].perTrack;
            const std::uint32_t track = perTrack.quotient(std::uint32_t(offset));
            const std::uint32_t cylinder = m_perCylinder.quotient(track);
            at.cylinder = z.firstCylinder + int(cylinder);
            at.head = int(track - cylinder * m_perCylinder.divisor());
            at.sector = int(std::uint32_t(offset) - track * perTrack.divisor());
            return at;
        }
        const std::uint64_t perTrack = std::uint64_t(z.sectorsPerTrack);
        const std::uint64_t track = offset / perTrack; // tracks into the zone
        at.cylinder = z.firstCylinder + int(track / std::uint64_t(m_heads));
        at.head = int(track % std::uint64_t(m_heads));
        at.sector = int(offset % perTrack);
        return at;
    }
    // DiskSim's logical-to-physical mapping per sparing scheme (diskmodel/layout_g1.c, g1_ltop_*; the
    // MAP_ADDSLIPS part: slips, no remapped defects). lbn counts from the band's front, dead space included.
    const std::int64_t spt = z.sectorsPerTrack;
    const std::int64_t surfaces = m_heads;
    const std::int64_t perCyl = spt * surfaces;
    const ZoneArithmetic& a = m_arithmetic[std::size_t(index)];
    std::int64_t lbn = std::int64_t(lba - z.firstLba) + z.deadSectors;
    std::int64_t cyl = 0;
    std::int64_t inCyl = 0; // sector index within the cylinder
    switch (m_sparing.scheme) {
    case SparingScheme::None: { // g1_ltop_nosparing; lbn / perCyl as (lbn / spt) / heads, the same integer
        const std::int64_t track = divide(a.perTrack, lbn, spt);
        cyl = divide(m_perCylinder, track, surfaces);
        inCyl = lbn - cyl * perCyl;
        break;
    }
    case SparingScheme::Track: { // g1_ltop_trackspare: spare tracks at the band's end, slipped tracks skipped
        std::int64_t track = divide(a.perTrack, lbn, spt);
        const std::int64_t sector = lbn - track * spt;
        for (int slip : z.slips)
            if (slip <= track)
                ++track;
        cyl = divide(m_perCylinder, track, surfaces);
        at.cylinder = z.bandFirstCylinder + int(cyl);
        at.head = int(track - cyl * surfaces);
        at.sector = int(sector);
        return at;
    }
    case SparingScheme::SectorsPerTrack: { // g1_ltop_sectpertrackspare
        const std::int64_t perTrackLbns = spt - z.spares;
        const std::int64_t track = lbn / perTrackLbns;
        std::int64_t s = lbn % perTrackLbns;
        const std::int64_t first = spt * track;
        for (int slip : z.slips)
            if (slip >= first && slip - first <= s)
                ++s;
        cyl = track / surfaces;
        inCyl = (track % surfaces) * spt + s;
        break;
    }
    case SparingScheme::SectorsPerZone:
    case SparingScheme::SectorsPerZoneSlipToEnd: { // g1_ltop_sectperzonespare
        std::int64_t slips = 0;
        for (int slip : z.slips)
            if (slip <= lbn + slips)
                ++slips;
        lbn += slips;
        const std::int64_t track = divide(a.perTrack, lbn, spt);
        cyl = divide(m_perCylinder, track, surfaces);
        inCyl = lbn - cyl * perCyl;
        break;
    }
    case SparingScheme::SectorsPerRange: { // g1_ltop_sectperrangespare
        const std::int64_t range = std::max(1, m_sparing.rangeCylinders);
        const std::int64_t perRange = perCyl * range;
        const std::int64_t lbnsPerRange = perRange - z.spares;
        const std::int64_t rangeNo = lbn / lbnsPerRange;
        std::int64_t s = lbn % lbnsPerRange;
        const std::int64_t first = rangeNo * perRange;
        std::int64_t slips = 0;
        for (int slip : z.slips)
            if (slip >= first && slip - first <= s + slips)
                ++slips;
        s += slips;
        cyl = rangeNo * range + s / perCyl;
        inCyl = s % perCyl;
        break;
    }
    default: { // the sectors-per-cylinder schemes and SectorsAtEnd: g1_ltop_sectpercylspare
        const bool slipToEnd = m_sparing.scheme == SparingScheme::SectorsPerCylinderSlipToEnd
            || m_sparing.scheme == SparingScheme::SectorsPerCylinderAtFrontSlipToEnd
            || m_sparing.scheme == SparingScheme::SectorsAtEnd;
        const std::int64_t lbnsPerCyl = perCyl - z.spares;
        cyl = divide(a.cylinderLbns, lbn, lbnsPerCyl);
        std::int64_t s = lbn - cyl * lbnsPerCyl;
        const std::int64_t first = cyl * perCyl;
        std::int64_t slips = 0;
        for (int slip : z.slips)
            if ((slipToEnd && slip / perCyl < cyl) || (slip >= first && slip - first <= s + slips))
                ++slips;
        s += slips;
        const std::int64_t more = divide(a.cylinderLbns, s, lbnsPerCyl);
        cyl += more;
        inCyl = s - more * lbnsPerCyl;
        break;
    }
    }
    at.cylinder = z.bandFirstCylinder + int(cyl);
    const std::int64_t head = divide(a.perTrack, inCyl, spt);
    at.head = int(head);
    at.sector = int(inCyl - head * spt);
    return at;
}

// Whether LBAs map one to one onto sectors in ascending physical order (zone, cylinder, head, sector), which
// the searches below rest on. True where the sparing scheme skips sectors by one shift for the whole band:
// whole spare or slipped tracks (g1_ltop_trackspare), slips counted over the zone (g1_ltop_sectperzonespare),
// or slips of earlier cylinders carried on (g1_ltop_sectpercylspare with slip-to-end, and SectorsAtEnd).
// Not where slips are counted within a cylinder, track or range: more slips there than spares push its last
// LBAs onto the next one's first sectors, which its own LBAs take again (DiskSim's ST41601N: LBAs 1133884 and
// 1133885 both on cylinder 793, head 0, sector 0); there the sector-by-sector walks of the tree before stay.
static bool oneToOneAscending(SparingScheme scheme)
{
    switch (scheme) {
    case SparingScheme::None:
    case SparingScheme::Track:
    case SparingScheme::SectorsPerZone:
    case SparingScheme::SectorsPerZoneSlipToEnd:
    case SparingScheme::SectorsAtEnd:
    case SparingScheme::SectorsPerCylinderSlipToEnd:
    case SparingScheme::SectorsPerCylinderAtFrontSlipToEnd: return true;
    case SparingScheme::SectorsPerCylinder:
    case SparingScheme::SectorsPerCylinderAtFront:
    case SparingScheme::SectorsPerTrack:
    case SparingScheme::SectorsPerRange: return false;
    }
    return false;
}

// On a one-to-one ascending mapping the LBAs of one track are one unbroken range of at most its sectors per
// track, and if lba + k lies k sectors past lba on lba's track, so does every LBA between: "still on the run"
// holds for a prefix of k. A binary search over k then finds the same end as walking sector by sector
// (tests/core/tst_diskgeometrysearch.cpp compares the two on DiskSim's drives), in log2(sectors per track)
// calls of locate() instead of one a sector.
std::uint64_t DiskGeometry::contiguousSectors(std::uint64_t lba, const PhysicalAddress& at, std::uint64_t maxSectors) const
{
    const std::uint64_t onTrack = std::uint64_t(m_zones[std::size_t(at.zone)].sectorsPerTrack - at.sector);
    if (!m_mapped)
        return onTrack;
    // At most: the rest of the track, the rest of the disk, what the caller wants; at least 1.
    const std::uint64_t limit = std::min({ onTrack, m_totalSectors - std::min(m_totalSectors, lba), maxSectors });
    if (limit <= 1)
        return 1;
    if (m_wholeTracks) { // the rest of the track, to the zone's last LBA
        const DiskZone& z = m_zones[std::size_t(at.zone)];
        return std::min(limit, z.firstLba + z.sectors - lba);
    }
    const auto continues = [&](std::uint64_t k) {
        const PhysicalAddress p = locate(lba + k);
        return p.cylinder == at.cylinder && p.head == at.head && p.sector == at.sector + int(k);
    };
    if (!oneToOneAscending(m_sparing.scheme)) { // the walk
        std::uint64_t n = 1;
        while (n < limit && continues(n))
            ++n;
        return n;
    }
    if (continues(limit - 1)) // the usual case: the run goes on to the limit
        return limit;
    // The smallest k in [1, limit - 1] where the run breaks (it breaks at limit - 1).
    std::uint64_t lo = 1;
    std::uint64_t hi = limit - 1;
    while (lo < hi) {
        const std::uint64_t mid = lo + (hi - lo) / 2;
        if (continues(mid))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

std::uint64_t DiskGeometry::trackFirstLba(std::uint64_t lba) const
{
    const PhysicalAddress at = locate(lba);
    if (!m_mapped)
        return lba - std::uint64_t(at.sector);
    const auto onTrack = [&](std::uint64_t x) {
        const PhysicalAddress p = locate(x);
        return p.cylinder == at.cylinder && p.head == at.head;
    };
    if (!oneToOneAscending(m_sparing.scheme)) { // the walk back
        while (lba > 0 && onTrack(lba - 1))
            --lba;
        return lba;
    }
    // At most at.sector LBAs precede lba on its track; where none of the track's sectors before lba is
    // slipped or spare, the first is exactly that far back (two calls of locate() tell), else bisection.
    std::uint64_t lo = lba - std::min(lba, std::uint64_t(at.sector)); // candidates [lo, lba]; lba is on the track
    if (m_wholeTracks) // the track's first sector, or the zone's first LBA (dead space before it)
        return std::max(lo, m_zones[std::size_t(at.zone)].firstLba);
    if (lo == lba || (onTrack(lo) && (lo == 0 || !onTrack(lo - 1))))
        return lo;
    std::uint64_t hi = lba;
    while (lo < hi) {
        const std::uint64_t mid = lo + (hi - lo) / 2;
        if (onTrack(mid))
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

std::uint64_t DiskGeometry::trackEndLba(std::uint64_t lba) const
{
    const PhysicalAddress at = locate(lba);
    const std::uint64_t spt = std::uint64_t(m_zones[std::size_t(at.zone)].sectorsPerTrack);
    if (!m_mapped)
        return lba - std::uint64_t(at.sector) + spt;
    const auto onTrack = [&](std::uint64_t x) {
        const PhysicalAddress p = locate(x);
        return p.cylinder == at.cylinder && p.head == at.head;
    };
    if (oneToOneAscending(m_sparing.scheme)) {
        // Where no sector after lba's on the track is slipped or spare, the track ends the rest of the track
        // past lba: two calls of locate() tell (the first LBA off the track is unique, LBAs ascending).
        const std::uint64_t guess = std::min(m_totalSectors, lba + (spt - std::uint64_t(at.sector)));
        if (m_wholeTracks) { // the track's last sector, or the zone's last LBA
            const DiskZone& z = m_zones[std::size_t(at.zone)];
            return std::min(guess, z.firstLba + z.sectors);
        }
        if ((guess - 1 == lba || onTrack(guess - 1)) && (guess == m_totalSectors || !onTrack(guess)))
            return guess;
    }
    // As the tree before searched (on a mapping with LBAs doubled up, its answer too): the first LBA off the
    // track between lba + 1 and lba + spt, by bisection.
    std::uint64_t on = lba;
    std::uint64_t off = std::min(m_totalSectors, lba + spt);
    while (off - on > 1) {
        const std::uint64_t mid = on + (off - on) / 2;
        if (onTrack(mid))
            on = mid;
        else
            off = mid;
    }
    return off;
}

std::pair<std::uint64_t, std::uint64_t> DiskGeometry::trackRange(std::uint64_t lba) const
{
    if (m_mapped && !m_wholeTracks)
        return { trackFirstLba(lba), trackEndLba(lba) };
    // trackFirstLba() and trackEndLba()'s closed forms from one locate().
    const PhysicalAddress at = locate(lba);
    const DiskZone& z = m_zones[std::size_t(at.zone)];
    const std::uint64_t first = lba - std::uint64_t(at.sector);
    const std::uint64_t end = first + std::uint64_t(z.sectorsPerTrack);
    if (!m_mapped)
        return { first, end };
    const std::uint64_t zoneEnd = z.firstLba + z.sectors;
    return { std::max(first, z.firstLba), std::min({ end, m_totalSectors, zoneEnd }) };
}

std::uint64_t DiskGeometry::lbaOf(const PhysicalAddress& at) const
{
    const DiskZone& z = m_zones[std::size_t(at.zone)];
    const std::uint64_t track
        = std::uint64_t(at.cylinder - z.firstCylinder) * std::uint64_t(m_heads) + std::uint64_t(at.head);
    return z.firstLba + track * std::uint64_t(z.sectorsPerTrack) + std::uint64_t(at.sector);
}

std::uint64_t DiskGeometry::skewWithSlips(int zone, int cylinder, int head) const
{
    // Within a zone (DiskSim: its band), before track (c, h) lie c cylinder crossings and
    // c*(heads-1) + h head crossings (g1_map_pbn_skew).
    const DiskZone& z = m_zones[std::size_t(zone)];
    const std::int64_t c = std::int64_t(cylinder - z.bandFirstCylinder);
    std::int64_t skew = c * z.cylinderSkewSectors + (c * (m_heads - 1) + head) * std::int64_t(z.trackSkewSectors);
    const SparingScheme scheme = m_sparing.scheme;
    if (scheme == SparingScheme::SectorsPerTrack || scheme == SparingScheme::SectorsPerCylinder
        || scheme == SparingScheme::SectorsPerCylinderSlipToEnd || scheme == SparingScheme::SectorsPerCylinderAtFront
        || scheme == SparingScheme::SectorsPerCylinderAtFrontSlipToEnd) {
        // g1_map_pbn_skew: in these schemes a slip before the track pushes its sectors on by one.
        std::int64_t tracks = c * m_heads;
        if (scheme == SparingScheme::SectorsPerTrack)
            tracks += head;
        const std::int64_t cutoff = tracks * z.sectorsPerTrack;
        for (int slip : z.slips)
            if (slip < cutoff)
                ++skew;
    }
    // Tracks before the band (not data) would give a negative count: reduce modulo the track.
    const std::int64_t spt = z.sectorsPerTrack;
    return skew >= 0 ? std::uint64_t(skew) : std::uint64_t(((skew % spt) + spt) % spt);
}

} // namespace raidscope
