// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 57: DiskGeometry's closed forms and bisections (locate()'s divisions by multiplication and its zone
// found by bisection, contiguousSectors(), trackFirstLba(), trackEndLba(), trackRange()) against the slow
// way they replaced, kept here as the reference: DiskSim's logical-to-physical mapping with plain integer
// division and a linear zone search (diskmodel/layout_g1.c, g1_ltop_*, as the tree before issue 57 had it),
// and track runs and bounds found by walking LBA by LBA, as that tree did (its trackEndLba() bisected over
// at most a track's sectors past the LBA, the same answer as the walk so bounded). On every description of DiskSim's drive library
// (tests/data/disksim): every LBA of the first and last tracks of each zone, of the tracks around each slip,
// and of random tracks.
#include "disk/diskgeometry.h"
#include "disk/diskparameters.h"
#include "disk/disksimimport.h"

#include <catch2/catch.hpp>

#include <QDir>

#include <algorithm>
#include <random>
#include <vector>

using namespace raidscope;

namespace {

// The mapping as the tree before issue 57 computed it, division by division.
PhysicalAddress referenceLocate(const DiskGeometry& g, std::uint64_t lba)
{
    const auto& zones = g.zones();
    int index = 0;
    const int last = int(zones.size()) - 1;
    while (index < last && lba >= zones[std::size_t(index) + 1].firstLba)
        ++index;
    const DiskZone& z = zones[std::size_t(index)];
    PhysicalAddress at;
    at.zone = index;
    const std::int64_t spt = z.sectorsPerTrack;
    const std::int64_t surfaces = g.heads();
    const std::int64_t perCyl = spt * surfaces;
    if (!g.mapped()) {
        const std::int64_t offset = std::int64_t(lba - z.firstLba);
        at.cylinder = z.firstCylinder + int(offset / perCyl);
        at.head = int(offset / spt % surfaces);
        at.sector = int(offset % spt);
        return at;
    }
    std::int64_t lbn = std::int64_t(lba - z.firstLba) + z.deadSectors;
    std::int64_t cyl = 0;
    std::int64_t inCyl = 0;
    switch (g.sparing().scheme) {
    case SparingScheme::None:
        cyl = lbn / perCyl;
        inCyl = lbn % perCyl;
        break;
    case SparingScheme::Track: {
        std::int64_t track = lbn / spt;
        for (int slip : z.slips)
            if (slip <= track)
                ++track;
        cyl = track / surfaces;
        inCyl = (track % surfaces) * spt + lbn % spt;
        break;
    }
    case SparingScheme::SectorsPerTrack: {
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
    case SparingScheme::SectorsPerZoneSlipToEnd: {
        std::int64_t slips = 0;
        for (int slip : z.slips)
            if (slip <= lbn + slips)
                ++slips;
        lbn += slips;
        cyl = lbn / perCyl;
        inCyl = lbn % perCyl;
        break;
    }
    case SparingScheme::SectorsPerRange: {
        const std::int64_t range = std::max(1, g.sparing().rangeCylinders);
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
    default: {
        const SparingScheme scheme = g.sparing().scheme;
        const bool slipToEnd = scheme == SparingScheme::SectorsPerCylinderSlipToEnd
            || scheme == SparingScheme::SectorsPerCylinderAtFrontSlipToEnd || scheme == SparingScheme::SectorsAtEnd;
        const std::int64_t lbnsPerCyl = perCyl - z.spares;
        cyl = lbn / lbnsPerCyl;
        std::int64_t s = lbn % lbnsPerCyl;
        const std::int64_t first = cyl * perCyl;
        std::int64_t slips = 0;
        for (int slip : z.slips)
            if ((slipToEnd && slip / perCyl < cyl) || (slip >= first && slip - first <= s + slips))
                ++slips;
        s += slips;
        cyl += s / lbnsPerCyl;
        inCyl = s % lbnsPerCyl;
        break;
    }
    }
    at.cylinder = z.bandFirstCylinder + int(cyl);
    at.head = int(inCyl / spt);
    at.sector = int(inCyl % spt);
    return at;
}

// LBAs [first, end) with their reference addresses, and the walks over them.
struct Window
{
    std::uint64_t first = 0;
    std::vector<PhysicalAddress> at;
    const PhysicalAddress& of(std::uint64_t lba) const { return at[std::size_t(lba - first)]; }
    std::uint64_t end() const { return first + at.size(); }
};

bool sameTrack(const PhysicalAddress& a, const PhysicalAddress& b) { return a.cylinder == b.cylinder && a.head == b.head; }

void checkWindow(const DiskGeometry& g, std::uint64_t from, std::uint64_t to)
{
    // The walks reach up to a track either side of an LBA checked.
    const std::uint64_t margin = 2 * std::uint64_t(std::max_element(g.zones().begin(), g.zones().end(),
        [](const DiskZone& a, const DiskZone& b) { return a.sectorsPerTrack < b.sectorsPerTrack; })->sectorsPerTrack);
    Window w;
    w.first = from - std::min(from, margin);
    const std::uint64_t end = std::min(g.totalSectors(), to + margin);
    for (std::uint64_t lba = w.first; lba < end; ++lba)
        w.at.push_back(referenceLocate(g, lba));
    for (std::uint64_t lba = from; lba < std::min(to, g.totalSectors()); ++lba) {
        CAPTURE(lba);
        const PhysicalAddress& at = w.of(lba);
        REQUIRE(g.locate(lba) == at);
        const int spt = g.zone(at.zone).sectorsPerTrack;
        // contiguousSectors() as it walked: on while the next LBA is the next sector of the track.
        std::uint64_t run = 1;
        if (g.mapped()) {
            while (run < std::uint64_t(spt - at.sector) && lba + run < g.totalSectors()) {
                const PhysicalAddress& p = w.of(lba + run);
                if (!sameTrack(p, at) || p.sector != at.sector + int(run))
                    break;
                ++run;
            }
        } else {
            run = std::uint64_t(spt - at.sector);
        }
        REQUIRE(g.contiguousSectors(lba, at) == run);
        REQUIRE(g.contiguousSectors(lba, at, 3) == (g.mapped() ? std::min<std::uint64_t>(run, 3) : run));
        // The track's LBAs: back and on while on the same track.
        std::uint64_t first = lba;
        while (first > 0 && first > w.first && sameTrack(w.of(first - 1), at))
            --first;
        // Forward, the tree before looked no further than a track's sectors past lba (a mapping that puts two
        // LBAs on one sector, the ST41601N's, can hold one more).
        std::uint64_t past = lba + 1;
        const std::uint64_t reach = std::min(g.totalSectors(), lba + std::uint64_t(spt));
        while (past < reach && sameTrack(w.of(past), at))
            ++past;
        if (!g.mapped())
            past = lba - std::uint64_t(at.sector) + std::uint64_t(spt); // a plain track is whole
        REQUIRE(g.trackFirstLba(lba) == first);
        REQUIRE(g.trackEndLba(lba) == past);
        REQUIRE(g.trackRange(lba) == std::pair(first, past));
    }
}

} // namespace

TEST_CASE("DiskGeometry: runs and track bounds on DiskSim's drives are those of the sector-by-sector walk", "[disk][geometry]")
{
    const char* const name = GENERATE(as<const char*> {}, "atlas10k.parv", "atlas_III.parv", "barracuda.parv",
        "cheetah4LP.parv", "cheetah9LP.parv", "dec_rz26.parv", "hp_c2247a.parv", "hp_c2490a.parv", "hp_c3323a.parv",
        "ibm18es.parv", "st41601n.parv", "dualseek_example/maxtor300g.parv", "hp_c2249a.diskspecs",
        "hp_c3323a.diskspecs");
    CAPTURE(name);
    QString error;
    auto imported = importDiskSim(QDir(QStringLiteral(RAIDSCOPE_TEST_DATA "/disksim")).filePath(QString::fromLatin1(name)), &error);
    REQUIRE(imported);
    auto params = parseDiskParameters(imported->presetJson, &error);
    REQUIRE(params);
    const DiskGeometry& g = params->geometry;
    for (const DiskZone& z : g.zones()) {
        const std::uint64_t spt = std::uint64_t(z.sectorsPerTrack);
        const std::uint64_t zoneEnd = z.firstLba + z.sectors;
        checkWindow(g, z.firstLba, std::min(zoneEnd, z.firstLba + 2 * spt));
        checkWindow(g, zoneEnd - std::min(z.sectors, 2 * spt), zoneEnd);
        // Around each slip: a track number (track sparing) or a sector of the band, roughly that far into the
        // zone's LBAs.
        for (int slip : z.slips) {
            const std::uint64_t into = g.sparing().scheme == SparingScheme::Track ? std::uint64_t(slip) * spt : std::uint64_t(slip);
            const std::uint64_t near = z.firstLba + std::min(z.sectors, into - std::min<std::uint64_t>(into, std::uint64_t(z.deadSectors)));
            checkWindow(g, near - std::min(near, 2 * spt), std::min(g.totalSectors(), near + 2 * spt));
        }
    }
    std::mt19937_64 rng(57);
    for (int i = 0; i < 40; ++i) {
        const std::uint64_t lba = rng() % g.totalSectors();
        checkWindow(g, lba, std::min(g.totalSectors(), lba + 600));
    }
}
