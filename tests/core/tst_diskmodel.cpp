// SPDX-License-Identifier: GPL-3.0-or-later
// Disk model tests. Expected values are worked by hand from the preset figures (Shear §2.2 for
// ibm-9lzx) and written out in the comments; the random-positioning test checks the simulation
// against a second method (the seek curve averaged over cylinder pairs, plus half a revolution).
#include "disk/diskmodel.h"
#include "disk/diskpreset.h"
#include "disk/exactmath.h"
#include "disk/segmenttable.h"

#include <catch2/catch.hpp>

#include <QJsonArray>
#include <QJsonObject>

#include <bit>
#include <cmath>
#include <random>
#include <string>
#include <vector>

using namespace raidscope;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;
using namespace std::chrono_literals;

namespace {

DiskParameters parametersOf(const char* id)
{
    const DiskPreset* preset = findDiskPreset(QString::fromLatin1(id));
    REQUIRE(preset != nullptr);
    QString error;
    const auto parameters = parseDiskParameters(*preset, &error);
    INFO(error.toStdString());
    REQUIRE(parameters.has_value());
    return *parameters;
}

DiskModel modelOf(const char* id, DiskSpeed speed = {}) { return DiskModel(parametersOf(id), speed); }

double ms(std::chrono::nanoseconds ns) { return double(ns.count()) / 1e6; }

constexpr double kNsTolMs = 1e-5; // 10 ns: each part is rounded to whole nanoseconds

} // namespace

TEST_CASE("DiskModel: every preset loads and its capacity equals capacityBytes", "[disk]")
{
    const auto id = GENERATE(as<const char*> {}, "ibm-9lzx", "st3500630ns", "cheetah-15k", "nearline-7k2", "ssd");
    CAPTURE(id);
    const DiskPreset* preset = findDiskPreset(QString::fromLatin1(id));
    REQUIRE(preset != nullptr);
    for (const char* key : { "name", "description", "source" })
        CHECK_FALSE(preset->json.value(QLatin1String(key)).toString().isEmpty());
    const DiskModel disk = modelOf(id);
    CHECK(disk.capacityBytes() == preset->capacityBytes);
    if (!disk.isSolidState())
        CHECK(disk.geometry().capacityBytes() == preset->capacityBytes);
}

TEST_CASE("DiskModel: ibm-9lzx capacity is Shear's geometry", "[disk]")
{
    // 6530 cylinders x 10 heads x 272 sectors x 512 B = 9,093,939,200 B.
    CHECK(modelOf("ibm-9lzx").capacityBytes() == 6530ull * 10 * 272 * 512);
}

TEST_CASE("DiskModel: the seek curve passes through Shear's end points", "[disk]")
{
    const DiskModel disk = modelOf("ibm-9lzx");
    // Shear §2.2: sqrt part through (1, 0.8 ms) and (400, 6.0 ms): b = 5.2 / (sqrt(400) - 1) = 0.2736842,
    // a = 0.8 - b = 0.5263158; linear part through (400, 6.0 ms) and (6529, 8.0 ms).
    CHECK(disk.seekNs(0, false) == 0.0);
    CHECK_THAT(disk.seekNs(1, false) / 1e6, WithinAbs(0.8, 1e-9));
    CHECK_THAT(disk.seekNs(100, false) / 1e6, WithinAbs(0.5263158 + 0.2736842 * 10, 1e-6)); // 3.2631579 ms
    CHECK_THAT(disk.seekNs(399, false) / 1e6, WithinAbs(0.5263158 + 0.2736842 * std::sqrt(399.0), 1e-6)); // 5.99315
    CHECK_THAT(disk.seekNs(400, false) / 1e6, WithinAbs(6.0, 1e-9));
    CHECK_THAT(disk.seekNs(3000, false) / 1e6, WithinAbs(6.0 + 2.0 * 2600 / 6129, 1e-9)); // 6.8484255 ms
    CHECK_THAT(disk.seekNs(6529, false) / 1e6, WithinAbs(8.0, 1e-9));
    CHECK(disk.seekNs(-100, false) == disk.seekNs(100, false));
    // No write figures in Shear: writes seek like reads.
    CHECK(disk.seekNs(100, true) == disk.seekNs(100, false));
}

TEST_CASE("DiskModel: st3500630ns seeks follow the paper's read and write figures", "[disk]")
{
    const DiskModel disk = modelOf("st3500630ns");
    // Zoned-RAID paper §4: track to track 0.8 ms read / 1 ms write, full stroke (60800) 17 / 18 ms.
    CHECK_THAT(disk.seekNs(1, false) / 1e6, WithinAbs(0.8, 1e-9));
    CHECK_THAT(disk.seekNs(1, true) / 1e6, WithinAbs(1.0, 1e-9));
    CHECK_THAT(disk.seekNs(60800, false) / 1e6, WithinAbs(17.0, 1e-9));
    CHECK_THAT(disk.seekNs(60800, true) / 1e6, WithinAbs(18.0, 1e-9));
}

TEST_CASE("DiskModel: LBAs map to cylinder, head and sector with Shear's skews", "[disk]")
{
    const DiskGeometry g = modelOf("ibm-9lzx").geometry();
    // 272 sectors per track, 10 heads: 2720 sectors per cylinder. Sector 0 of track (c, h) starts
    // (c * 84 + (c * 9 + h) * 36) mod 272 sectors past that of track (0, 0).
    struct Row
    {
        std::uint64_t lba;
        int cylinder, head, sector, angleSectors;
    };
    const auto row = GENERATE(values<Row>({
        { 0, 0, 0, 0, 0 }, { 271, 0, 0, 271, 271 }, { 272, 0, 1, 0, 36 }, // one head switch: 36
        { 2720, 1, 0, 0, 136 }, // 84 + 9 * 36 = 408 = 136 mod 272
        { 3002, 1, 1, 10, 182 }, // 84 + 10 * 36 = 444 = 172 mod 272, + 10
        { 1000000, 367, 6, 128, 208 }, // 367 * 84 + (367 * 9 + 6) * 36 = 149952 = 80 mod 272, + 128
    }));
    CAPTURE(row.lba);
    const PhysicalAddress at = g.locate(row.lba);
    CHECK(at.zone == 0);
    CHECK(at.cylinder == row.cylinder);
    CHECK(at.head == row.head);
    CHECK(at.sector == row.sector);
    CHECK_THAT(g.sectorAngle(at), WithinAbs(row.angleSectors / 272.0, 1e-12));
    CHECK(g.lbaOf(at) == row.lba);
}

TEST_CASE("DiskGeometry: DiskSim's track sparing with dead space, a slipped track and the first block's offset",
    "[disk][sparing]")
{
    // Two heads. Zone 0: 4 cylinders of 10 sectors, track skew 2, cylinder skew 3, 5 dead sectors at the
    // front, 2 spare tracks, track 1 slipped, first block at sector 4. Zone 1: 2 cylinders of 8 sectors.
    // DiskSim (layout_g1_load.c, dm_layout_g1_compute_blksinband): 4*2*10 - 5 - 2*10 = 55 blocks, then 2*2*8 = 32.
    ZoneSpec z0 { 4, 10, 2, 3 };
    z0.firstBlockSectors = 4;
    z0.deadSectors = 5;
    z0.spares = 2;
    z0.slips = { 1 };
    ZoneSpec z1 { 2, 8, 1, 1 };
    z1.firstBlockSectors = 0;
    const ZoneSpec zones[] = { z0, z1 };
    const DiskGeometry g(2, 512, zones, { SparingScheme::Track, 1 });
    REQUIRE(g.mapped());
    CHECK(g.zone(0).sectors == 55);
    CHECK(g.totalSectors() == 87);
    struct Row
    {
        std::uint64_t lba;
        int cylinder, head, sector;
        double angle;
    };
    // g1_ltop_trackspare: lbn = lba + 5; track = lbn / 10, one more from track 1 on (slip); sector lbn % 10.
    // g1_map_pbn_skew: 4 + c*3 + (c*1 + h)*2 + sector, in tenths of a turn.
    const auto row = GENERATE(values<Row>({
        { 0, 0, 0, 5, 0.9 }, // lbn 5, track 0: (4 + 5) / 10
        { 4, 0, 0, 9, 0.3 }, // 13 / 10
        { 5, 1, 0, 0, 0.9 }, // lbn 10, track 1 -> 2: cylinder 1 head 0, (4 + 3 + 2) / 10
        { 24, 1, 1, 9, 0.0 }, // lbn 29, track 2 -> 3: (4 + 3 + 2*2 + 9) / 10 = 2.0
        { 54, 3, 0, 9, 0.8 }, // lbn 59, track 5 -> 6: (4 + 9 + 3*2 + 9) / 10 = 2.8
        { 55, 4, 0, 0, 0.0 }, // zone 1 from its own first block
    }));
    CAPTURE(row.lba);
    const PhysicalAddress at = g.locate(row.lba);
    CHECK(at.cylinder == row.cylinder);
    CHECK(at.head == row.head);
    CHECK(at.sector == row.sector);
    CHECK_THAT(g.sectorAngle(at), WithinAbs(row.angle, 1e-12));
    // The first track holds LBAs 0-4 (sectors 5-9); the slipped track is passed over.
    CHECK(g.contiguousSectors(0, g.locate(0)) == 5);
    CHECK(g.trackFirstLba(3) == 0);
    CHECK(g.trackFirstLba(7) == 5);
    CHECK(g.trackFirstLba(54) == 45);
}

TEST_CASE("DiskGeometry: DiskSim's sectors-per-zone and sectors-at-end sparing skip slipped sectors", "[disk][sparing]")
{
    // Two heads, 3 cylinders of 10 sectors.
    ZoneSpec z { 3, 10, 0, 0 };
    z.firstBlockSectors = 0;
    SECTION("sectors per zone (scheme 9): 4 spares, slips at zone sectors 3 and 12")
    {
        z.spares = 4;
        z.slips = { 3, 12 };
        const ZoneSpec zones[] = { z };
        const DiskGeometry g(2, 512, zones, { SparingScheme::SectorsPerZone, 1 });
        CHECK(g.totalSectors() == 56); // 60 - 4
        // g1_ltop_sectperzonespare: each slip at or below lbn + slips found so far adds one.
        CHECK(g.locate(2) == PhysicalAddress { 0, 0, 0, 2 });
        CHECK(g.locate(3) == PhysicalAddress { 0, 0, 0, 4 }); // slip 3
        CHECK(g.locate(10) == PhysicalAddress { 0, 0, 1, 1 }); // 10 + 1
        CHECK(g.locate(11) == PhysicalAddress { 0, 0, 1, 3 }); // 11 + 1 = 12 is slipped too: 13
        CHECK(g.contiguousSectors(0, g.locate(0)) == 3); // sectors 0-2, then LBA 3 on sector 4
        CHECK(g.contiguousSectors(3, g.locate(3)) == 6); // sectors 4-9
        // Each of the first two tracks loses a sector to a slip: track 0 holds LBAs 0-8, track 1 (zone
        // sectors 10-19, 12 slipped) LBAs 9-17, and track 2 (cylinder 1, head 0) begins at LBA 18.
        CHECK(g.trackEndLba(0) == 9);
        CHECK(g.trackEndLba(8) == 9);
        CHECK(g.trackEndLba(9) == 18);
        CHECK(g.trackEndLba(11) == 18);
        CHECK(g.locate(18) == PhysicalAddress { 0, 1, 0, 0 });
        CHECK(g.trackEndLba(18) == 28); // no slip on track 2: its 10 sectors
        CHECK(g.trackFirstLba(17) == 9);
    }
    SECTION("sectors at end (scheme 7): no spares, slips at 5 and 25 push later blocks on, across cylinders")
    {
        z.slips = { 5, 25 };
        const ZoneSpec zones[] = { z };
        const DiskGeometry g(2, 512, zones, { SparingScheme::SectorsAtEnd, 1 });
        CHECK(g.totalSectors() == 58); // 60 - 2 slips
        // g1_ltop_sectpercylspare, slip to end: 20 blocks per cylinder; slips on earlier cylinders count.
        CHECK(g.locate(4) == PhysicalAddress { 0, 0, 0, 4 });
        CHECK(g.locate(5) == PhysicalAddress { 0, 0, 0, 6 });
        CHECK(g.locate(19) == PhysicalAddress { 0, 1, 0, 0 }); // 19 + 1 = 20: cylinder 1
        CHECK(g.locate(20) == PhysicalAddress { 0, 1, 0, 1 });
        CHECK(g.locate(23) == PhysicalAddress { 0, 1, 0, 4 });
        CHECK(g.locate(24) == PhysicalAddress { 0, 1, 0, 6 }); // cylinder sector 25 slipped
    }
    SECTION("sectors per cylinder (scheme 2): a slip also pushes the next cylinder's first sector on")
    {
        z.trackSkewSectors = 2;
        z.cylinderSkewSectors = 3;
        z.spares = 1;
        z.slips = { 3 };
        const ZoneSpec zones[] = { z };
        const DiskGeometry g(2, 512, zones, { SparingScheme::SectorsPerCylinder, 1 });
        CHECK(g.totalSectors() == 57); // 60 - 1 per cylinder
        CHECK(g.locate(3) == PhysicalAddress { 0, 0, 0, 4 });
        // 19 blocks per cylinder: LBA 19 opens cylinder 1; g1_map_pbn_skew: 3 + 1*2 + 1 slip before it = 6.
        const PhysicalAddress at = g.locate(19);
        CHECK(at == PhysicalAddress { 0, 1, 0, 0 });
        CHECK_THAT(g.sectorAngle(at), WithinAbs(0.6, 1e-12));
    }
}

TEST_CASE("DiskModel: a slipped sector costs a sector's time in a transfer", "[disk][sparing]")
{
    // One head, 4 cylinders of 10 sectors, 10 ms a turn (1 ms a sector), no skews; in the sectors-per-zone
    // scheme a slip at zone sector 3: LBAs 0-2 on sectors 0-2, LBAs 3-5 on sectors 4-6. Reading LBAs 0-5
    // at time 0 with the head on cylinder 0 at angle 0: no seek, no initial wait, 6 sectors on the media
    // and 1 ms waiting for sector 4 to come round after sector 2 (the slipped sector 3 passes by).
    auto disk = [](bool slipped) {
        QJsonObject zone { { QStringLiteral("cylinders"), 4 }, { QStringLiteral("sectorsPerTrack"), 10 },
            { QStringLiteral("firstBlockSectors"), 0 } };
        if (slipped) {
            zone[QStringLiteral("slips")] = QJsonArray { 3 };
            zone[QStringLiteral("spares")] = 1; // the zone's one spare sector covers the slip: 39 blocks
        }
        const QJsonObject json {
            { QStringLiteral("id"), QStringLiteral("slipped") },
            { QStringLiteral("capacityBytes"), (slipped ? 39.0 : 40.0) * 512 },
            { QStringLiteral("rotationMs"), 10.0 },
            { QStringLiteral("headSwitchMs"), 0.0 },
            { QStringLiteral("cylinderSwitchMs"), 1.0 },
            { QStringLiteral("trackSkewSectors"), 0 },
            { QStringLiteral("cylinderSkewSectors"), 0 },
            { QStringLiteral("heads"), 1 },
            { QStringLiteral("sparing"), QJsonObject { { QStringLiteral("scheme"), QStringLiteral("sectorsPerZone") } } },
            { QStringLiteral("zones"), QJsonArray { zone } },
            { QStringLiteral("seek"),
                QJsonObject { { QStringLiteral("shortBelowCylinders"), 2 }, { QStringLiteral("shortMinMs"), 1.0 },
                    { QStringLiteral("shortMaxMs"), 1.5 }, { QStringLiteral("longMinMs"), 1.5 },
                    { QStringLiteral("longMaxMs"), 2.0 } } },
        };
        QString error;
        const auto p = parseDiskParameters(json, &error);
        INFO(error.toStdString());
        REQUIRE(p);
        return DiskModel(*p);
    };
    DiskModel slipped = disk(true);
    CHECK(slipped.totalSectors() == 39);
    const ServiceResult r = slipped.service(0, 6, false, 0ms);
    CHECK_THAT(ms(r.breakdown.seek), WithinAbs(0.0, kNsTolMs));
    CHECK_THAT(ms(r.breakdown.rotational), WithinAbs(1.0, kNsTolMs));
    CHECK_THAT(ms(r.breakdown.switches), WithinAbs(0.0, kNsTolMs));
    DiskModel plain = disk(false);
    const ServiceResult p = plain.service(0, 6, false, 0ms);
    CHECK_THAT(ms(p.breakdown.rotational), WithinAbs(0.0, kNsTolMs));
    CHECK_THAT(ms(r.completion - p.completion), WithinAbs(1.0, kNsTolMs));
}

TEST_CASE("DiskModel: zones follow one another in st3500630ns", "[disk]")
{
    const DiskGeometry g = modelOf("st3500630ns").geometry();
    REQUIRE(g.zones().size() == 16);
    CHECK(g.cylinders() == 60801); // zoned-RAID paper §4
    // Zone 0: 3800 cylinders x 16 heads x 1394 sectors = 84,755,200 sectors; the next LBA opens zone 1.
    const PhysicalAddress first = g.locate(84755200);
    CHECK(first == PhysicalAddress { 1, 3800, 0, 0 });
    CHECK(g.locate(84755199) == PhysicalAddress { 0, 3799, 15, 1393 });
    // The last sector: innermost zone, 690 sectors per track (8.33 / 0.012064 = 690.5).
    CHECK(g.locate(g.totalSectors() - 1) == PhysicalAddress { 15, 60800, 15, 689 });
}

TEST_CASE("DiskModel: a full-track read costs one rotation plus positioning", "[disk]")
{
    DiskModel disk = modelOf("ibm-9lzx");
    SECTION("from the head's own track at time 0: just the rotation")
    {
        // Sector 0 of track (0, 0) is under the head at t = 0: 272 sectors take 6 ms.
        const ServiceResult r = disk.service(0, 272, false, 0ns);
        CHECK_THAT(ms(r.completion), WithinAbs(6.0, kNsTolMs));
        CHECK(r.breakdown.seek == 0ns);
        CHECK(r.breakdown.rotational == 0ns);
    }
    SECTION("after a 100-cylinder seek")
    {
        // Seek 3.2631579 ms; track (100, 0) starts at 100 * 84 + 900 * 36 = 40800 = 0 mod 272, i.e.
        // angle 0, so the wait is 6 - 3.2631579 = 2.7368421 ms; then 6 ms: 12 ms in all.
        const ServiceResult r = disk.service(100 * 2720, 272, false, 0ns);
        CHECK_THAT(ms(r.breakdown.seek), WithinAbs(3.2631579, 1e-6));
        CHECK_THAT(ms(r.breakdown.rotational), WithinAbs(2.7368421, 1e-6));
        CHECK_THAT(ms(r.breakdown.transfer), WithinAbs(6.0, kNsTolMs));
        CHECK_THAT(ms(r.completion), WithinAbs(12.0, kNsTolMs));
        CHECK(disk.headCylinder() == 100);
    }
}

TEST_CASE("DiskModel: crossing a track pays the switch and the skew hides the rotation", "[disk]")
{
    SECTION("head switch on cheetah-15k")
    {
        // 500 sectors per 4 ms: 8 us a sector. Two tracks from t = 0: 4 ms, head switch 0.3 ms, then
        // sector 0 of head 1 arrives at the 38-sector skew, 0.304 ms: 4 us of waiting, then 4 ms.
        DiskModel disk = modelOf("cheetah-15k");
        const ServiceResult r = disk.service(0, 1000, false, 0ns);
        CHECK(r.breakdown.headSwitches == 1);
        CHECK_THAT(ms(r.breakdown.switches), WithinAbs(0.3, kNsTolMs));
        CHECK_THAT(ms(r.breakdown.rotational), WithinAbs(0.004, kNsTolMs));
        CHECK_THAT(ms(r.completion), WithinAbs(8.304, kNsTolMs));
    }
    SECTION("cylinder switch on ibm-9lzx")
    {
        // Track (0, 9) to (1, 0) from t = 0: head switch 0.8 ms to head 9, whose sector 0 is at
        // 9 * 36 = 324 = 52 mod 272 sectors = 1.1470588 ms, so 0.3470588 ms of waiting; 6 ms of
        // transfer ends at phase 52 sectors; cylinder switch 1.8 ms (81.6 sectors) and the 84-sector
        // skew leaves 2.4 sectors = 0.0529412 ms of waiting; 6 ms more. 15 ms in all.
        DiskModel disk = modelOf("ibm-9lzx");
        const ServiceResult r = disk.service(9 * 272, 544, false, 0ns);
        CHECK(r.breakdown.cylinderSwitches == 1);
        CHECK_THAT(ms(r.breakdown.seek), WithinAbs(0.8, kNsTolMs));
        CHECK_THAT(ms(r.breakdown.switches), WithinAbs(1.8, kNsTolMs));
        CHECK_THAT(ms(r.breakdown.rotational), WithinAbs(0.4, kNsTolMs));
        CHECK_THAT(ms(r.completion), WithinAbs(15.0, kNsTolMs));
        CHECK(disk.headCylinder() == 1);
    }
    SECTION("Shear's 36-sector track skew is 6 us short of its 0.8 ms head switch")
    {
        // 36 sectors = 36 * 6 / 272 = 0.7941176 ms < 0.8 ms: sector 0 of head 1 has just passed when
        // the switch ends, and the head waits 0.7941176 - 0.8 + 6 = 5.9941176 ms. See the preset's notes.
        DiskModel disk = modelOf("ibm-9lzx");
        const ServiceResult r = disk.service(0, 544, false, 0ns);
        CHECK(r.breakdown.headSwitches == 1);
        CHECK_THAT(ms(r.breakdown.rotational), WithinAbs(5.9941176, 1e-6));
        CHECK_THAT(ms(r.completion), WithinAbs(6 + 0.8 + 5.9941176 + 6, 1e-6));
    }
    SECTION("derived skews cover the switches in every zone")
    {
        // Presets without explicit skews get the smallest skew covering the switch: sector 0 of the
        // next track is at least a switch, and less than a switch plus one sector, past the end of
        // the previous track, for head switches and for cylinder switches, in every zone.
        for (const char* id : { "st3500630ns", "nearline-7k2" }) {
            const DiskModel disk = modelOf(id);
            const DiskGeometry& g = disk.geometry();
            for (int zone = 0; zone < int(g.zones().size()); ++zone) {
                const DiskZone& z = g.zone(zone);
                CAPTURE(id, zone);
                const double sectorNs = disk.rotationNs() / z.sectorsPerTrack;
                auto gapNs = [&](int c0, int h0, int c1, int h1) {
                    const double gap = g.trackStartAngle(zone, c1, h1) - g.trackStartAngle(zone, c0, h0);
                    return (gap - std::floor(gap)) * disk.rotationNs();
                };
                const int c = z.firstCylinder;
                // 1 ns slack: a skew equal to the switch is met exactly, as the model's arrival slack allows.
                CHECK(gapNs(c, 0, c, 1) >= disk.headSwitchNs() - 1.0);
                CHECK(gapNs(c, 0, c, 1) < disk.headSwitchNs() + sectorNs);
                CHECK(gapNs(c, g.heads() - 1, c + 1, 0) >= disk.cylinderSwitchNs() - 1.0);
                CHECK(gapNs(c, g.heads() - 1, c + 1, 0) < disk.cylinderSwitchNs() + sectorNs);
            }
        }
    }
}

TEST_CASE("DiskModel: random reads on ibm-9lzx average the mean seek plus half a rotation", "[disk]")
{
    // Second method: Shear's curve written out here, averaged over all cylinder pairs (x, y) uniform
    // on 0..6529: P(d) = 2 (C - d) / C^2 for d > 0. That gives 6.368 ms; plus 3 ms (half of 6 ms).
    const int cylinders = 6530;
    const double b = 5.2 / (std::sqrt(400.0) - 1), a = 0.8 - b;
    double meanSeekMs = 0;
    for (int d = 1; d < cylinders; ++d) {
        const double seekMs = d < 400 ? a + b * std::sqrt(double(d)) : 6.0 + 2.0 * (d - 400) / (cylinders - 1 - 400);
        meanSeekMs += 2.0 * (cylinders - d) / (double(cylinders) * cylinders) * seekMs;
    }
    REQUIRE_THAT(meanSeekMs, WithinAbs(6.368, 0.001));
    const double expectedMs = meanSeekMs + 3.0;

    // One zone, so a uniform LBA is a uniform cylinder. 20000 reads: the standard error of the mean
    // positioning (sd about 2.2 ms) is about 0.016 ms, so 1% is over five standard errors. One-sector
    // reads: longer ones would sometimes cross a head switch, which on this disk costs a revolution.
    DiskModel disk = modelOf("ibm-9lzx");
    std::mt19937_64 rng(20240601);
    std::uniform_int_distribution<std::uint64_t> lba(0, disk.totalSectors() - 1);
    const int reads = 20000;
    double positioningMs = 0;
    std::chrono::nanoseconds now = 0ns;
    for (int i = 0; i < reads; ++i) {
        const ServiceResult r = disk.service(lba(rng), 1, false, now);
        positioningMs += ms(r.breakdown.seek) + ms(r.breakdown.rotational);
        now = r.completion;
    }
    CHECK_THAT(positioningMs / reads, WithinRel(expectedMs, 0.01));
    CHECK(disk.counters().cacheMisses == std::uint64_t(reads));
}

TEST_CASE("DiskModel: sequential reads after the first hit the read-ahead cache", "[disk]")
{
    DiskModel disk = modelOf("ibm-9lzx");
    // 8-sector reads, each issued 0.5 ms after the previous completes. After the first (a miss), the
    // read-ahead fetches a sector every 22 us, ~23 per gap, ahead of the 8 each read takes.
    ServiceResult r = disk.service(0, 8, false, 0ns);
    CHECK(r.breakdown.cache == ServiceBreakdown::Cache::Miss);
    for (std::uint64_t i = 1; i < 20; ++i) {
        CAPTURE(i);
        r = disk.service(8 * i, 8, false, r.completion + 500us);
        CHECK(r.breakdown.cache == ServiceBreakdown::Cache::Hit);
        // A hit costs only bus time: 8 x 512 B at 80 MB/s = 51.2 us.
        CHECK_THAT(ms(r.completion - r.breakdown.start), WithinAbs(0.0512, kNsTolMs));
    }
    CHECK(disk.counters().cacheHits == 19);
    CHECK(disk.counters().cacheMisses == 1);

    SECTION("a write invalidates the segment it overlaps")
    {
        disk.service(16, 1, true, r.completion);
        CHECK(disk.counters().invalidations == 1);
        const ServiceResult again = disk.service(8, 8, false, disk.busyUntil());
        CHECK(again.breakdown.cache == ServiceBreakdown::Cache::Miss);
    }
}

TEST_CASE("DiskModel: back-to-back sequential reads stream at the media rate", "[disk]")
{
    // Issued as soon as the previous completes, 64 KiB reads catch the read-ahead in flight: no
    // positioning, and 10 reads of 128 sectors on cheetah-15k (8 us a sector) take about 10.24 ms
    // plus the first sector's wait (none at t = 0) and two head switches with their skews.
    DiskModel disk = modelOf("cheetah-15k");
    ServiceResult r = disk.service(0, 128, false, 0ns);
    for (std::uint64_t i = 1; i < 10; ++i) {
        r = disk.service(128 * i, 128, false, r.completion);
        CHECK(r.breakdown.seek == 0ns);
    }
    // 1280 sectors: 2 full tracks + 280; 1280 x 8 us + 2 x (0.3 + 0.004) ms = 10.848 ms.
    CHECK_THAT(ms(r.completion), WithinAbs(10.848, 0.001));
}

TEST_CASE("DiskModel: speed factor 2 halves rotation and seeks", "[disk]")
{
    DiskModel fast = modelOf("ibm-9lzx", DiskSpeed::uniform(2.0));
    CHECK_THAT(fast.rotationNs(), WithinAbs(3e6, 1e-6));
    CHECK_THAT(fast.seekNs(100, false) / 1e6, WithinAbs(3.2631579 / 2, 1e-6));
    // The 100-cylinder full-track read of the test above, at twice the speed: 6 ms instead of 12.
    const ServiceResult r = fast.service(100 * 2720, 272, false, 0ns);
    CHECK_THAT(ms(r.completion), WithinAbs(6.0, kNsTolMs));

    DiskModel fastSpindle = modelOf("ibm-9lzx", DiskSpeed { 2.0, 1.0 });
    CHECK_THAT(fastSpindle.rotationNs(), WithinAbs(3e6, 1e-6));
    CHECK_THAT(fastSpindle.seekNs(100, false) / 1e6, WithinAbs(3.2631579, 1e-6));
}

TEST_CASE("DiskModel: the ssd has a fixed latency and a bandwidth", "[disk]")
{
    DiskModel ssd = modelOf("ssd");
    // Read 8 sectors: 90 us + 4096 B / 540 MB/s (7.585 us) = 97.585 us; write: 30 us + 8.533 us.
    CHECK_THAT(ms(ssd.service(123456, 8, false, 0ns).completion), WithinAbs(0.097585, 1e-5));
    ssd.reset();
    CHECK_THAT(ms(ssd.service(7, 8, true, 0ns).completion), WithinAbs(0.038533, 1e-5));
}

TEST_CASE("DiskModel: write cache acknowledges after bus time and the mechanism follows", "[disk]")
{
    DiskModel disk = modelOf("nearline-7k2");
    // 0.1 ms overhead + 4096 B at 600 MB/s (6.827 us).
    const ServiceResult w = disk.service(1000000, 8, true, 0ns);
    CHECK(w.breakdown.cache == ServiceBreakdown::Cache::WriteBack);
    CHECK_THAT(ms(w.completion), WithinAbs(0.106827, 1e-5));
    // The next write waits for the first to reach the platter.
    const ServiceResult w2 = disk.service(50000000, 8, true, w.completion);
    CHECK(w2.breakdown.destageWait > 0ns);
    // What was written is readable from the cache.
    const ServiceResult r = disk.service(50000000, 8, false, w2.completion);
    CHECK(r.breakdown.cache == ServiceBreakdown::Cache::Hit);
}

TEST_CASE("DiskModel: the breakdown adds up to the service time", "[disk]")
{
    const auto id = GENERATE(as<const char*> {}, "ibm-9lzx", "st3500630ns", "cheetah-15k", "nearline-7k2", "ssd");
    CAPTURE(id);
    DiskModel disk = modelOf(id);
    std::mt19937_64 rng(7);
    std::uniform_int_distribution<std::uint64_t> lba(0, disk.totalSectors() - 1024);
    std::uniform_int_distribution<std::uint32_t> size(1, 1024);
    std::chrono::nanoseconds now = 0ns;
    for (int i = 0; i < 2000; ++i) {
        const bool sequential = i % 3 == 0;
        const std::uint64_t at = sequential ? std::uint64_t(i) * 64 : lba(rng);
        const ServiceResult r = disk.service(at, size(rng), i % 4 == 0, now);
        const ServiceBreakdown& b = r.breakdown;
        CHECK(b.start >= now);
        CHECK(r.completion >= b.start);
        if (b.cache != ServiceBreakdown::Cache::WriteBack) {
            const auto sum = b.overhead + b.destageWait + b.seek + b.rotational + b.transfer + b.switches;
            CHECK(std::abs((r.completion - b.start - sum).count()) <= 8);
        }
        now = r.completion + std::chrono::nanoseconds(std::int64_t(rng() % 2000000));
    }
}

namespace {

// A one-zone disk with DiskSim-style host timing, small enough to work by hand: 1 head, 100 sectors a
// track, 10 ms a revolution (0.1 ms a sector), no skews, no read-ahead.
DiskParameters hostedDisk(bool writeBack, bool nextTrackReadAhead = false, bool extraWriteDisconnect = false,
    int readAheadSectors = 0, const QJsonObject& hostExtra = {})
{
    QJsonObject json {
        { QStringLiteral("id"), QStringLiteral("hosted") },
        { QStringLiteral("capacityBytes"), 100.0 * 100 * 512 },
        { QStringLiteral("rotationMs"), 10.0 },
        { QStringLiteral("headSwitchMs"), 0.0 },
        { QStringLiteral("cylinderSwitchMs"), 1.0 },
        { QStringLiteral("trackSkewSectors"), 0 },
        { QStringLiteral("cylinderSkewSectors"), 0 },
        { QStringLiteral("heads"), 1 },
        { QStringLiteral("zones"), QJsonArray { QJsonObject { { QStringLiteral("cylinders"), 100 }, { QStringLiteral("sectorsPerTrack"), 100 } } } },
        { QStringLiteral("seek"),
            QJsonObject { { QStringLiteral("shortBelowCylinders"), 10 }, { QStringLiteral("shortMinMs"), 1.0 },
                { QStringLiteral("shortMaxMs"), 2.0 }, { QStringLiteral("longMinMs"), 2.0 }, { QStringLiteral("longMaxMs"), 3.0 } } },
        { QStringLiteral("cache"),
            QJsonObject { { QStringLiteral("segments"), 2 }, { QStringLiteral("segmentSectors"), 256 },
                { QStringLiteral("readAheadSectors"), readAheadSectors }, { QStringLiteral("writeCacheEnabled"), writeBack },
                { QStringLiteral("readAhead"), nextTrackReadAhead ? QStringLiteral("nextTrack") : QStringLiteral("sectors") } } },
        { QStringLiteral("host"),
            QJsonObject { { QStringLiteral("readMsPerSector"), 0.17 }, { QStringLiteral("writeMsPerSector"), 0.2 },
                { QStringLiteral("readHitMs"), QJsonArray { 0.3, 0.4 } }, { QStringLiteral("readMissMs"), QJsonArray { 0.5, 0.6 } },
                { QStringLiteral("writeHitMs"), QJsonArray { 0.7, 0.8 } }, { QStringLiteral("writeMissMs"), QJsonArray { 0.9, 1.0 } },
                { QStringLiteral("readCompleteMs"), 0.05 }, { QStringLiteral("writeCompleteMs"), 0.04 },
                { QStringLiteral("dataPrepMs"), 0.02 }, { QStringLiteral("reselectMs"), 0.1 },
                { QStringLiteral("extraWriteDisconnect"), extraWriteDisconnect } } },
    };
    QJsonObject host = json.value(QStringLiteral("host")).toObject();
    for (auto it = hostExtra.begin(); it != hostExtra.end(); ++it)
        host.insert(it.key(), it.value());
    json.insert(QStringLiteral("host"), host);
    QString error;
    const auto p = parseDiskParameters(json, &error);
    INFO(error.toStdString());
    REQUIRE(p);
    REQUIRE(p->host.enabled);
    return *p;
}

} // namespace

TEST_CASE("DiskModel: host timing: a read miss crosses the interface sector by sector after the media", "[disk][host]")
{
    DiskModel disk(hostedDisk(false));
    // At 0 the command arrives (after a read: DiskSim's initial state): the mechanism starts after the
    // read-miss overhead, 0.5 ms; sector 0 is under the head at 10.0 ms, the first sector is in the
    // buffer at 10.1 ms (watermark 1 sector); reselect 0.1 + data preparation 0.02 -> crossing starts at
    // 10.22 ms; the interface (0.17 ms) is slower than the media (0.1 ms), so 4 x 0.17 = 0.68 ms later,
    // 10.90 ms; the read completion overhead 0.05 ms -> 10.95 ms.
    const ServiceResult miss = disk.service(0, 4, false, 0ms);
    CHECK_THAT(ms(miss.completion), WithinAbs(10.95, kNsTolMs));
    CHECK(miss.breakdown.cache == ServiceBreakdown::Cache::Miss);
    // The same sectors again: a hit after a read, 0.3 + 0.02 + 4 x 0.17 + 0.05 = 1.05 ms.
    const ServiceResult hit = disk.service(0, 4, false, miss.completion);
    CHECK(hit.breakdown.cache == ServiceBreakdown::Cache::Hit);
    CHECK_THAT(ms(hit.completion - miss.completion), WithinAbs(1.05, kNsTolMs));
}

TEST_CASE("DiskModel: host timing: overheads follow the previous request's direction", "[disk][host]")
{
    DiskModel disk(hostedDisk(false));
    const ServiceResult miss = disk.service(200, 4, false, 0ms); // track 2, fills a segment
    // A write-through write of 4 sectors on track 0 arriving at 20 ms, after a read: write-miss overhead
    // 0.9 ms (the mechanism may start at 20.9, seeking 2 cylinders), data preparation 0.02 and
    // 4 x 0.2 ms of data: sector j is in the buffer at 20.92 + (j + 1) x 0.2 ms, the last at 21.72 ms,
    // long before sector 0 passes under the head at 30.0 ms; the write ends at 30.4, the disk (which
    // disconnected once the data was in) reselects the host, 0.1 ms, and the write completion overhead
    // 0.04 -> 30.54 ms.
    REQUIRE(ms(miss.completion) < 20);
    const ServiceResult write = disk.service(0, 4, true, 20ms);
    CHECK_THAT(ms(write.completion), WithinAbs(30.54, kNsTolMs));
    // A read hit after a write: 0.4 + 0.02 + 4 x 0.17 + 0.05 = 1.15 ms.
    const ServiceResult hit = disk.service(200, 4, false, 40ms);
    CHECK(hit.breakdown.cache == ServiceBreakdown::Cache::Hit);
    CHECK_THAT(ms(hit.completion) - 40, WithinAbs(1.15, kNsTolMs));
}

TEST_CASE("DiskModel: host timing: a write-back write is acknowledged after its data crossed", "[disk][host]")
{
    DiskModel disk(hostedDisk(true));
    // After a read (the initial state): write-hit overhead 0.7 + data preparation 0.02 + 4 x 0.2 + write
    // completion 0.04 = 1.56 ms.
    const ServiceResult w = disk.service(500, 4, true, 0ms);
    CHECK(w.breakdown.cache == ServiceBreakdown::Cache::WriteBack);
    CHECK_THAT(ms(w.completion), WithinAbs(1.56, kNsTolMs));
    // Another once the first is on the platter: 0.8 (after a write) + 0.02 + 0.8 + 0.04 = 1.66 ms.
    const ServiceResult w2 = disk.service(500, 4, true, 100ms);
    CHECK_THAT(ms(w2.completion) - 100, WithinAbs(1.66, kNsTolMs));
}

TEST_CASE("DiskModel: next-track read-ahead stops at the end of the track after the request", "[disk][host]")
{
    // DiskSim's Buffer continuous read = 4 on 100-sector tracks (1 head: a track is a cylinder).
    {
        // LBAs 10-13: the sector after (14) is on track 0, so the read-ahead runs to its end, LBA 100:
        // 86 sectors, counted when a far read stops it 100 ms later.
        DiskModel disk(hostedDisk(false, true));
        disk.service(10, 4, false, 0ms);
        disk.service(5000, 4, false, 100ms);
        CHECK(disk.counters().readAheadSectors == 86);
    }
    {
        // LBAs 98-101 cross onto track 1: the segment began before the track of the next sector (102), so
        // the read-ahead goes to that track's end (200) and a track more (300): 198 sectors.
        DiskModel disk(hostedDisk(false, true));
        disk.service(98, 4, false, 0ms);
        disk.service(5000, 4, false, 100ms);
        CHECK(disk.counters().readAheadSectors == 198);
    }
    {
        // The track ends where its last LBA is (DiskSim's dm_get_track_boundaries), not a zone's sectors per
        // track past its first: with a slip at zone sector 50 (sectors per zone sparing, 1 spare) track 0
        // holds LBAs 0-98 on sectors 0-49 and 51-99, so a read of LBAs 10-13 reads ahead 14-98, 85 sectors.
        DiskParameters p = hostedDisk(false, true);
        ZoneSpec zone { 100, 100, 0, 0 };
        zone.firstBlockSectors = 0;
        zone.spares = 1;
        zone.slips = { 50 };
        const ZoneSpec zones[] = { zone };
        p.geometry = DiskGeometry(1, 512, zones, { SparingScheme::SectorsPerZone, 1 });
        p.capacityBytes = p.geometry.capacityBytes();
        REQUIRE(p.geometry.totalSectors() == 9999);
        DiskModel disk(p);
        disk.service(10, 4, false, 0ms);
        disk.service(5000, 4, false, 100ms);
        CHECK(disk.counters().readAheadSectors == 85);
    }
    {
        // Without the scheme and with readAheadSectors 0 nothing is read ahead.
        DiskModel disk(hostedDisk(false, false));
        disk.service(10, 4, false, 0ms);
        disk.service(5000, 4, false, 100ms);
        CHECK(disk.counters().readAheadSectors == 0);
    }
}

TEST_CASE("DiskModel: host timing: a write-through sector not yet in the buffer waits for the next pass", "[disk][host]")
{
    DiskModel disk(hostedDisk(false));
    // A 4-sector write on track 0 arriving at 8.8 ms (after a read: overhead 0.9 ms, no seek): data
    // preparation ends at 9.72 ms and sector j is wholly in the buffer at 9.72 + (j + 1) x 0.2 ms: 9.92,
    // 10.12, 10.32, 10.52. Sector 0 passes at 10.0 ms and is written (10.0-10.1); sector 1 is not in yet
    // at 10.1, so it waits a revolution: sectors 1-3 are written 20.1-20.4 ms; reselect 0.1 and completion
    // overhead 0.04 -> 20.54 ms, 11.74 ms after the arrival.
    const ServiceResult w = disk.service(0, 4, true, std::chrono::microseconds(8800));
    CHECK_THAT(ms(w.completion), WithinAbs(20.54, kNsTolMs));
}

TEST_CASE("DiskModel: host timing: with extra write disconnects the media waits for 10 buffered sectors", "[disk][host]")
{
    // A 12-sector write-through write on track 0 arriving at 7.2 ms (after a read: overhead 0.9 ms, no
    // seek): data preparation ends at 8.12 ms, sector j is in the buffer at 8.12 + (j + 1) x 0.2 ms.
    // Without the rule each sector is in before the head reaches it (10.0 + j x 0.1 ms, j <= 11): the
    // write runs 10.0-11.2 ms, reselect 0.1 and completion overhead 0.04 -> 11.34 ms.
    DiskModel plain(hostedDisk(false));
    CHECK_THAT(ms(plain.service(0, 12, true, std::chrono::microseconds(7200)).completion), WithinAbs(11.34, kNsTolMs));
    // With it the media starts only once min(12, 10) = 10 sectors are in, at 8.12 + 2.0 = 10.12 ms: sector
    // 0 has just passed, so the write runs a revolution later, 20.0-21.2 ms -> 21.34 ms.
    DiskModel extra(hostedDisk(false, false, true));
    CHECK_THAT(ms(extra.service(0, 12, true, std::chrono::microseconds(7200)).completion), WithinAbs(21.34, kNsTolMs));
}

TEST_CASE("DiskModel: host timing: a write-through write completes after its disconnect and a reselect", "[disk][host]")
{
    // DiskSim's write path without fast writes (disksim_diskctlr.c): the disk disconnects once the data is
    // in (Write disconnect overhead, here 0.3 ms) and reselects the host (0.1 ms) when the media is done.
    // One sector at LBA 0 arriving at 8.8 ms after a read: overhead 0.9 -> 9.7, data preparation 0.02,
    // 0.2 ms of data: in the buffer at 9.92 ms; sector 0 passes 10.0-10.1 and is written. The disconnect
    // ends at 9.92 + 0.3 = 10.22 ms, after the media: reselect from there, 10.32, completion overhead 0.04
    // -> 10.36 ms. Without the disconnect overhead it would be 10.1 + 0.1 + 0.04 = 10.24 ms.
    DiskModel disk(hostedDisk(false, false, false, 0, QJsonObject { { QStringLiteral("writeDisconnectMs"), 0.3 } }));
    CHECK_THAT(ms(disk.service(0, 1, true, std::chrono::microseconds(8800)).completion), WithinAbs(10.36, kNsTolMs));
    DiskModel plain(hostedDisk(false));
    CHECK_THAT(ms(plain.service(0, 1, true, std::chrono::microseconds(8800)).completion), WithinAbs(10.24, kNsTolMs));
}

TEST_CASE("DiskModel: host timing: a read miss reconnects no earlier than its disconnect ends", "[disk][host]")
{
    // Read disconnect overhead [after a read, after a write] = [0.25, 0.07] ms (disk_read_arrive). A
    // 4-sector read of LBA 0 arriving at 9.5 ms after a read: miss overhead 0.5 -> 10.0; sector 0 is under
    // the head at once, the sectors are read 10.0-10.4 and the watermark (1 sector) is in at 10.1 ms. The
    // disconnect ends at 10.0 + 0.25 = 10.25 ms, so the reconnect is then: reselect 0.1 + data preparation
    // 0.02 -> 10.37; the interface is the slower, 4 x 0.17 -> 11.05; read completion 0.05 -> 11.10 ms.
    // Without it: 10.1 + 0.12 + 0.68 + 0.05 = 10.95 ms.
    DiskModel disk(
        hostedDisk(false, false, false, 0, QJsonObject { { QStringLiteral("readDisconnectMs"), QJsonArray { 0.25, 0.07 } } }));
    CHECK_THAT(ms(disk.service(0, 4, false, std::chrono::microseconds(9500)).completion), WithinAbs(11.10, kNsTolMs));
    DiskModel plain(hostedDisk(false));
    CHECK_THAT(ms(plain.service(0, 4, false, std::chrono::microseconds(9500)).completion), WithinAbs(10.95, kNsTolMs));
}

TEST_CASE("DiskModel: host timing: a write's positioning lasts at least the minimum seek delay", "[disk][host]")
{
    // Minimum seek delay 0.6 ms (disk_initiate_seek's mintime). One sector at LBA 13 (the head's track)
    // arriving at 0 after a read: the mechanism may start at 0.9, the data is in at 0.9 + 0.02 + 0.2 = 1.12.
    // Without the delay sector 13 passes at 1.3 and is written 1.3-1.4; reselect 0.1 and completion 0.04
    // -> 1.54 ms. With it the head is ready only at 0.9 + 0.6 = 1.5, after sector 13 went by: written a
    // revolution later, 11.3-11.4 -> 11.54 ms.
    DiskModel plain(hostedDisk(false));
    CHECK_THAT(ms(plain.service(13, 1, true, 0ms).completion), WithinAbs(1.54, kNsTolMs));
    DiskModel delayed(hostedDisk(false, false, false, 0, QJsonObject { { QStringLiteral("minimumWriteSeekMs"), 0.6 } }));
    CHECK_THAT(ms(delayed.service(13, 1, true, 0ms).completion), WithinAbs(11.54, kNsTolMs));
}

TEST_CASE("DiskModel: host timing: how a command stops the read-ahead", "[disk][host]")
{
    // The disk has 1 head, so every track change is a cylinder switch, 1.0 ms; no skews. A 10-sector read
    // of LBAs 80-89 at 0 (miss overhead 0.5): media 8.0-9.0, completion 9.97 ms (watermark 1 sector in at
    // 8.1, + 0.12, + 10 x 0.17, + 0.05). The read-ahead (50 sectors) goes on: LBAs 90-99 9.0-10.0, the
    // switch to cylinder 1 10.0-11.0, then waits for sector 0 there, at 20.0 ms.
    auto diskWith = [](const char* stop) {
        return DiskModel(hostedDisk(false, false, false, 50, QJsonObject { { QStringLiteral("readAheadStop"), QLatin1String(stop) } }));
    };
    SECTION("during the switch: at once, the rest of the switch delays the seek; or after the switch")
    {
        // A read of LBA 5036 (cylinder 50, sector 36: under the head at 13.6, 23.6, ... ms) arrives at
        // 10.5 ms, mid-switch; the miss overhead ends at 11.0. "atOnce" (Disconnect write if seek = 0): the
        // head counts as on cylinder 1 and the seek starts at 11.0 + the 0.5 ms left of the switch = 11.5;
        // 49 cylinders, 2.0 + (49 - 10) / 89 ms = 2.438202 -> 13.938: sector 36 has passed, read 23.6-24.0;
        // watermark 23.7 + 0.12 + 4 x 0.17 + 0.05 -> 24.55 ms. "inSector": the switch finishes at 11.0, the
        // seek starts then -> 13.438, in time for 13.6-14.0 -> 14.55 ms.
        for (const auto& [stop, doneMs] : { std::pair { "atOnce", 24.55 }, std::pair { "inSector", 14.55 } }) {
            DiskModel disk = diskWith(stop);
            CHECK_THAT(ms(disk.service(80, 10, false, 0ms).completion), WithinAbs(9.97, kNsTolMs));
            INFO(stop);
            CHECK_THAT(ms(disk.service(5036, 4, false, std::chrono::microseconds(10500)).completion), WithinAbs(doneMs, kNsTolMs));
        }
    }
    SECTION("waiting for a sector: at once, or once that sector is in")
    {
        // A read of LBA 5050 (sector 50: at 15.0, 25.0 ms) arrives at 11.5 ms: the switch is over and the
        // read-ahead waits for sector 0 of cylinder 1. "inSector" gives it up: the seek starts after the
        // overhead, 12.0 -> 14.438, read 15.0-15.4 -> 15.1 + 0.12 + 0.68 + 0.05 = 15.95 ms. "sectorEnd"
        // (Stop prefetch in sector = 0) reads sector 0 first, 20.0-20.1: seek from 20.1 -> 22.538, read
        // 25.0-25.4 -> 25.95 ms.
        for (const auto& [stop, doneMs] : { std::pair { "inSector", 15.95 }, std::pair { "sectorEnd", 25.95 } }) {
            DiskModel disk = diskWith(stop);
            disk.service(80, 10, false, 0ms);
            INFO(stop);
            CHECK_THAT(ms(disk.service(5050, 4, false, std::chrono::microseconds(11500)).completion), WithinAbs(doneMs, kNsTolMs));
        }
    }
}

TEST_CASE("DiskModel: host timing: a read hit restarts a stopped read-ahead only with Read-ahead on idle hit", "[disk][host]")
{
    // 50 sectors of read-ahead. A read of LBAs 0-3 at 0 misses (sector 0 at 10.0 ms), the read-ahead runs
    // to LBA 54 and stops, at 15.4 ms. At 100 ms LBAs 40-43 are a hit; its new end would be 44 + 50 = 94.
    // At 200 ms LBAs 80-83: with the rule the read-ahead went on from the hit (after its 0.3 ms overhead,
    // sector 54 at 105.4 ms, LBA 93 by 109.4) and they are a hit, 0.3 + 0.02 + 4 x 0.17 + 0.05 = 1.05 ms;
    // without it they are a miss on the head's track: overhead 0.5, sector 80 at 208.0, the watermark in at
    // 208.1, + 0.12 + 0.68 + 0.05 -> 208.95 ms, 8.95 ms.
    for (const auto& [onIdleHit, accessMs] : { std::pair { true, 1.05 }, std::pair { false, 8.95 } }) {
        DiskModel disk(
            hostedDisk(false, false, false, 50, QJsonObject { { QStringLiteral("readAheadOnIdleHit"), onIdleHit } }));
        disk.service(0, 4, false, 0ms);
        CHECK(disk.service(40, 4, false, 100ms).breakdown.cache == ServiceBreakdown::Cache::Hit);
        INFO(onIdleHit);
        CHECK_THAT(ms(disk.service(80, 4, false, 200ms).completion) - 200, WithinAbs(accessMs, kNsTolMs));
    }
}

TEST_CASE("DiskModel: host timing: written sectors serve reads only with Allow read hits on write data", "[disk][host]")
{
    // A write-back write of LBAs 500-503 (cylinder 5, sector 0) at 0; the mechanism writes them 10.0-10.4 ms.
    // At 100 ms a read of the same sectors, after a write: a hit, 0.4 + 0.02 + 4 x 0.17 + 0.05 = 1.15 ms;
    // without read hits on write data a miss on the head's track: overhead 0.6, sector 0 at 110.0, the
    // watermark in at 110.1, + 0.12 + 0.68 + 0.05 -> 110.95 ms, 10.95 ms.
    for (const auto& [hits, accessMs] : { std::pair { true, 1.15 }, std::pair { false, 10.95 } }) {
        DiskModel disk(hostedDisk(true, false, false, 0, QJsonObject { { QStringLiteral("readHitsOnWriteData"), hits } }));
        disk.service(500, 4, true, 0ms);
        INFO(hits);
        CHECK_THAT(ms(disk.service(500, 4, false, 100ms).completion) - 100, WithinAbs(accessMs, kNsTolMs));
    }
}

TEST_CASE("DiskModel: host timing: a write continuing the previous one joins its segment (BUFFER_APPEND)", "[disk][host]")
{
    // DiskSim's Combine seq writes with fast writes (disksim_diskcache.c, disk_buffer_check_write_segments).
    // W1, LBAs 50-53 (track 0, sector 50) at 0, after a read: overhead 0.7, data 0.72 + 4 x 0.2 -> 1.52,
    // acknowledged at 1.56 ms. Its media write seeks from 0.7 (no seek: track 0) and writes sector 50 as it
    // passes, 5.0-5.4 ms.
    for (const bool combine : { true, false }) {
        INFO(combine);
        DiskModel disk(hostedDisk(true, false, false, 0, QJsonObject { { QStringLiteral("combineSeqWrites"), combine } }));
        CHECK_THAT(ms(disk.service(50, 4, true, 0ms).completion), WithinAbs(1.56, kNsTolMs));
        // W2, LBAs 54-57 at 2 ms, W1's media still under way. Appended: after a write 0.8 -> 2.8, data 2.82 +
        // 4 x 0.2 -> 3.62, + 0.04 = 3.66 ms (1.66 ms). Not appended it waits for W1's media (5.4):
        // 5.4 + 0.02 + 0.8 + 0.04 = 6.26 ms.
        const ServiceResult w2 = disk.service(54, 4, true, 2ms);
        CHECK_THAT(ms(w2.completion), WithinAbs(combine ? 3.66 : 6.26, kNsTolMs));
        // A read miss of sector 60 at 4 ms: overhead after a write 0.6. Appended, W1's media write goes on
        // with 54-57 (their data in since 3.62), 5.4-5.8, and W2 then writes them again from sector 54,
        // which comes round at 15.4: 15.4-15.8; sector 60 at 16.0, in at 16.1, + reselect 0.1 + data
        // preparation 0.02 + 0.17 + completion 0.05 = 16.44 ms. Not appended: W2's data is in at 6.22,
        // sector 54 passes at 15.4 too (5.4 + 10), the same 16.44 ms.
        CHECK_THAT(ms(disk.service(60, 1, false, 4ms).completion), WithinAbs(16.44, kNsTolMs));
        // LBAs 50-57 are one segment when appended (a hit after a read: 0.3 + 0.02 + 8 x 0.17 + 0.05 = 1.73
        // ms), two otherwise (a partial hit: see below), so only the first is a hit.
        const ServiceResult r = disk.service(50, 8, false, 30ms);
        CHECK((r.breakdown.cache == ServiceBreakdown::Cache::Hit) == combine);
        if (combine)
            CHECK_THAT(ms(r.completion) - 30, WithinAbs(1.73, kNsTolMs));
    }
}

TEST_CASE("DiskModel: host timing: a read starting in an idle segment takes what it holds at once (BUFFER_PARTIAL)", "[disk][host]")
{
    // DiskSim's partial hit with Immed transfer partial hit (disksim_diskctlr.c, disk_read_arrive).
    DiskModel disk(hostedDisk(false));
    // A read miss of LBAs 0-3 at 0: 10.95 ms (first test above); the media read them 10.0-10.4, no
    // read-ahead. LBAs 2-5 at 19 ms, after a read: 2-3 are held and cross from 19 + 0.3 + 0.02 = 19.32,
    // until 19.66; the mechanism, after the read miss overhead (19.5), reads 4 and 5 as they pass,
    // 20.4-20.5 and 20.5-20.6; each crosses once read and after the one before: 20.5 + 0.17 = 20.67,
    // 20.67 + 0.17 = 20.84; + completion 0.05 = 20.89 ms.
    REQUIRE_THAT(ms(disk.service(0, 4, false, 0ms).completion), WithinAbs(10.95, kNsTolMs));
    const ServiceResult r = disk.service(2, 4, false, 19ms);
    CHECK_THAT(ms(r.completion), WithinAbs(20.89, kNsTolMs));
    // The segment now holds 0-5: a hit.
    CHECK(disk.service(0, 6, false, 30ms).breakdown.cache == ServiceBreakdown::Cache::Hit);
}

TEST_CASE("DiskModel: host timing: a read starting where a finished read-ahead stopped is a miss", "[disk][host]")
{
    // DiskSim (disksim_diskcache.c, disk_buffer_check_read_segments): a segment holds a read's first sector
    // when it lies below the segment's end; the very next one is an "almost read hit", off in the validated
    // drives, and a read-ahead that reached its end has released the mechanism (disk_release_hda). 50 sectors
    // of read-ahead: a read of LBAs 0-3 at 0 misses (10.95 ms, first test above) and the read-ahead reads
    // 4-53, 10.4-15.4 ms, and stops.
    DiskModel disk(hostedDisk(false, false, false, 50));
    REQUIRE_THAT(ms(disk.service(0, 4, false, 0ms).completion), WithinAbs(10.95, kNsTolMs));
    // LBAs 54-57 at 100 ms, after a read: a miss, overhead 0.5 -> 100.5, no seek; sector 54 comes round at
    // 105.4 and is in at 105.5 (the watermark), reselect 0.1 + data preparation 0.02 -> 105.62, then
    // 4 x 0.17 (the interface is the slower) -> 106.30, completion 0.05 -> 106.35 ms.
    const ServiceResult r = disk.service(54, 4, false, 100ms);
    CHECK(r.breakdown.cache == ServiceBreakdown::Cache::Miss);
    CHECK_THAT(ms(r.completion) - 100, WithinAbs(6.35, kNsTolMs));
}

TEST_CASE("DiskModel: host timing: a write stops the running read-ahead without emptying its segment", "[disk][host]")
{
    // DiskSim (disksim_diskcache.c, disk_buffer_set_segment) empties the segments a write overlaps only
    // when they merely hold data; one a read-ahead is filling keeps its sectors. A read hit while the
    // mechanism writes waits for it (disksim_diskctlr.c, disk_buffer_stopable_access: a write cannot be
    // stopped; disk_read_arrive disconnects). Write-back, 50 sectors of read-ahead: a read of LBAs 0-3 at 0
    // misses (10.95 ms) and the read-ahead reads 4-53 from 10.4 ms.
    DiskModel disk(hostedDisk(true, false, false, 50));
    REQUIRE_THAT(ms(disk.service(0, 4, false, 0ms).completion), WithinAbs(10.95, kNsTolMs));
    // A write of LBAs 2-3 at 12.0 ms, the read-ahead at LBA 20: write-hit overhead after a read 0.7 ->
    // 12.7 (the read-ahead stops there, at LBA 27), data preparation 0.02 and 2 x 0.2 -> 13.12, completion
    // 0.04 -> 13.16 ms. Its media write waits for sector 2 to come round: 20.2-20.4 ms.
    CHECK_THAT(ms(disk.service(2, 2, true, 12ms).completion), WithinAbs(13.16, kNsTolMs));
    // LBAs 10-13 at 14 ms are still in the read-ahead's segment: a hit, after a write, while the mechanism
    // writes. It disconnects after the read miss overhead (0.6 -> 14.6), reconnects when the write ends at
    // 20.4: reselect 0.1 + data preparation 0.02 -> 20.52, 4 x 0.17 -> 21.20, completion 0.05 -> 21.25 ms.
    const ServiceResult during = disk.service(10, 4, false, 14ms);
    CHECK(during.breakdown.cache == ServiceBreakdown::Cache::Hit);
    CHECK_THAT(ms(during.completion), WithinAbs(21.25, kNsTolMs));
    // LBAs 20-23 at 30 ms, the mechanism idle, after a read: 0.3 + 0.02 + 4 x 0.17 + 0.05 = 1.05 ms.
    const ServiceResult after = disk.service(20, 4, false, 30ms);
    CHECK(after.breakdown.cache == ServiceBreakdown::Cache::Hit);
    CHECK_THAT(ms(after.completion) - 30, WithinAbs(1.05, kNsTolMs));
    // Once the read-ahead has finished (at 15.4 ms) its segment merely holds data: a write of LBAs 2-3 at
    // 50 ms empties it (its media write 60.2-60.4), and LBAs 10-13 at 100 ms, after a write, are a miss:
    // overhead 0.6 -> 100.6, sector 10 at 101.0, in at 101.1, + 0.12 -> 101.22, + 0.68 -> 101.90, + 0.05 ->
    // 101.95 ms.
    DiskModel idle(hostedDisk(true, false, false, 50));
    idle.service(0, 4, false, 0ms);
    idle.service(2, 2, true, 50ms);
    const ServiceResult miss = idle.service(10, 4, false, 100ms);
    CHECK(miss.breakdown.cache == ServiceBreakdown::Cache::Miss);
    CHECK_THAT(ms(miss.completion) - 100, WithinAbs(1.95, kNsTolMs));
}

TEST_CASE("DiskModel: host timing: with Read-ahead on idle hit a hit reads ahead into the segment it found", "[disk][host]")
{
    // DiskSim (disksim_diskctlr.c, disk_check_hda_pending: readaheadifidle) reads ahead into the segment a hit
    // found, whichever segment the last read-ahead filled. 10 sectors of read-ahead. LBAs 0-3 at 0 miss
    // (10.95 ms, first test above) and the read-ahead fills segment A with 4-13, 10.4-11.4 ms. LBAs 5000-5003
    // (cylinder 50, sector 0) at 20 ms miss too: overhead 0.5 -> 20.5, a 50-cylinder seek, 2.0 + (50 - 10) /
    // 89 = 2.449 ms -> 22.949, sector 0 at 30.0: 30.95 ms; their read-ahead fills segment B, 30.4-31.4 ms.
    DiskModel disk(hostedDisk(false, false, false, 10));
    REQUIRE_THAT(ms(disk.service(0, 4, false, 0ms).completion), WithinAbs(10.95, kNsTolMs));
    REQUIRE_THAT(ms(disk.service(5000, 4, false, 20ms).completion), WithinAbs(30.95, kNsTolMs));
    // LBAs 2-5 at 40 ms: a hit in A, 0.3 + 0.02 + 4 x 0.17 + 0.05 = 1.05 ms. A's read-ahead resumes: once
    // the read miss overhead is done (40.5) the head seeks back to cylinder 0 (2.449 ms -> 42.949) and reads
    // LBAs 14-15 (the hit's end, 6, plus 10 sectors) as they pass, 51.4-51.6 ms.
    CHECK_THAT(ms(disk.service(2, 4, false, 40ms).completion) - 40, WithinAbs(1.05, kNsTolMs));
    // So LBAs 14-15 at 60 ms are a hit: 0.3 + 0.02 + 2 x 0.17 + 0.05 = 0.71 ms (a miss without it, the head
    // still on cylinder 50).
    const ServiceResult r = disk.service(14, 2, false, 60ms);
    CHECK(r.breakdown.cache == ServiceBreakdown::Cache::Hit);
    CHECK_THAT(ms(r.completion) - 60, WithinAbs(0.71, kNsTolMs));
}

TEST_CASE("DiskModel: host timing: a read the running read-ahead has not reached yet is a miss", "[disk][host]")
{
    // DiskSim (disksim_diskcache.c, disk_buffer_check_read_segments): a read hits a segment only from a
    // sector it holds; one the read-ahead will bring later is a miss, which stops the read-ahead. 50 sectors
    // of read-ahead: LBAs 0-3 at 0 miss (10.95 ms) and the read-ahead reads 4-53 from 10.4 ms, one sector a
    // 0.1 ms: at 11.0 ms it holds 4-9.
    DiskModel disk(hostedDisk(false, false, false, 50));
    REQUIRE_THAT(ms(disk.service(0, 4, false, 0ms).completion), WithinAbs(10.95, kNsTolMs));
    // LBAs 30-33 at 11.0 ms, after a read: a miss, overhead 0.5 -> 11.5, the head on its track; sector 30
    // passes 13.0-13.1, the watermark is in at 13.1, + reselect 0.1 + data preparation 0.02 -> 13.22, + 4 x
    // 0.17 -> 13.90, + completion 0.05 -> 13.95 ms (2.95 ms). Waiting for the read-ahead instead would take
    // the read hit overhead and end at 13.83 ms.
    const ServiceResult r = disk.service(30, 4, false, 11ms);
    CHECK(r.breakdown.cache == ServiceBreakdown::Cache::Miss);
    CHECK_THAT(ms(r.completion), WithinAbs(13.95, kNsTolMs));
}

TEST_CASE("exactmath: roundToInt64 and exactRemainder (by y or its inverse) equal std::llround and std::fmod bit for bit", "[disk]")
{
    // The disk model's fast paths must not move a result by an ulp: compared on edge cases and on
    // random arguments across the ranges a simulation uses (times to days, rotations of any speed).
    int mismatches = 0;
    std::string first;
    auto sameRemainder = [&](double x, double y) {
        const double expected = std::fmod(x, y);
        auto same = [&](double actual) {
            return std::isnan(expected) ? std::isnan(actual)
                                        : std::bit_cast<std::uint64_t>(actual) == std::bit_cast<std::uint64_t>(expected);
        };
        if (!same(exactRemainder(x, y)) && mismatches++ == 0)
            first = "fmod(" + std::to_string(x) + ", " + std::to_string(y) + ")";
        if (!same(exactRemainder(x, y, 1.0 / y)) && mismatches++ == 0) // with the inverse, as the disk model calls it
            first = "fmod(" + std::to_string(x) + ", " + std::to_string(y) + ") by its inverse";
    };
    auto sameRound = [&](double x) {
        if (roundToInt64(x) != std::llround(x) && mismatches++ == 0)
            first = "llround(" + std::to_string(x) + ")";
    };
    const double rotations[] = { 4e6, 6e6, 60e6 / 7200, 60e6 / 10025, 60e6 / 5400 / 1.3, 8333333.333333333, 1.0 };
    for (double y : rotations) {
        for (double x : { 0.0, -0.0, 1.0, y, std::nextafter(y, 0.0), std::nextafter(y, 1e300), 2 * y,
                          std::nextafter(2 * y, 0.0), 3 * y, std::nextafter(1e6 * y, 0.0), 0x1p52 * y, 1e300,
                          HUGE_VAL, -1.0, std::nan("") })
            sameRemainder(x, y);
        for (std::int64_t n : { 1ll, 2ll, 3ll, 7ll, 1000ll, 123456789ll, 1ll << 40 })
            for (double x : { double(n) * y, std::nextafter(double(n) * y, 0.0), std::nextafter(double(n) * y, 1e300) })
                sameRemainder(x, y);
    }
    std::mt19937_64 random(7);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    for (int i = 0; i < 2'000'000; ++i) {
        const double y = rotations[std::size_t(i) % std::size(rotations)] * (i % 3 == 0 ? 1.0 : 0.5 + unit(random));
        const double x = std::ldexp(unit(random), int(random() % 60)) * (i % 5 == 0 ? 1.0 : y);
        sameRemainder(x, y);
        sameRemainder(std::floor(x / y) * y, y);
        sameRemainder(std::nextafter(std::floor(x / y) * y, 0.0), y);
        sameRound(x);
        sameRound(-x);
        sameRound(std::floor(x) + 0.5);
        sameRound(-std::floor(x) - 0.5);
    }
    for (double x : { 0.0, -0.0, 0.5, -0.5, 0.49999999999999994, -0.49999999999999994, 1.5, 2.5, -2.5,
                      0x1p52 - 0.5, 0x1p52, 0x1p52 + 1, -0x1p52 - 1, 0x1p62, -0x1p62, 4503599627370495.5 })
        sameRound(x);
    INFO(first);
    REQUIRE(mismatches == 0);
}

TEST_CASE("FastDivisor32: the quotients and remainders of / and %", "[disk]")
{
    // DiskGeometry's addresses and angles divide by it; checked against the hardware's division on edge
    // cases and random arguments, for divisors of any size (heads, sectors per track, and beyond).
    std::mt19937_64 random(11);
    int mismatches = 0;
    std::string first;
    auto check = [&](std::uint32_t a, std::uint32_t d) {
        const FastDivisor32 f(d);
        if ((f.quotient(a) != a / d || f.remainder(a) != a % d) && mismatches++ == 0)
            first = std::to_string(a) + " / " + std::to_string(d);
    };
    std::vector<std::uint32_t> divisors { 1, 2, 3, 5, 7, 8, 10, 63, 64, 65, 272, 500, 1000, 0x7fffffff, 0x80000000u,
                                          0xfffffffeu, 0xffffffffu };
    for (int i = 0; i < 200; ++i)
        divisors.push_back(std::uint32_t(random() >> (32 + random() % 32)) | 1u);
    for (std::uint32_t d : divisors) {
        for (std::uint32_t a : { 0u, 1u, d - 1, d, d + 1, 2 * d - 1, 0x7fffffffu, 0x80000000u, 0xfffffffeu, 0xffffffffu })
            check(a, d);
        for (int i = 0; i < 20'000; ++i)
            check(std::uint32_t(random()), d);
        for (std::uint32_t k : { 1u, 2u, 3u, 1000u, 123457u })
            for (std::uint32_t a : { k * d - 1, k * d, k * d + 1 })
                check(a, d);
    }
    INFO(first);
    REQUIRE(mismatches == 0);
}

TEST_CASE("SegmentTable: its scans find what first-match loops over the segments find", "[disk]")
{
    // Segment counts odd, even and past 64; segments empty at 0 and elsewhere, overlapping, at the
    // ends of a 2^40-sector disk; queries around their edges.
    std::mt19937_64 random(11);
    for (std::size_t count : { std::size_t(1), std::size_t(3), std::size_t(16), std::size_t(64), std::size_t(70) }) {
        SegmentTable table;
        table.resize(count);
        std::vector<std::uint64_t> start(count, 0), end(count, 0), lastUse(count, 0);
        std::uint64_t clock = 0;
        const std::uint64_t disk = 1ull << 40;
        auto edge = [&]() -> std::uint64_t {
            const std::size_t i = std::size_t(random() % count);
            const std::uint64_t base = random() % 2 ? start[i] : end[i];
            const std::uint64_t d = random() % 3;
            return random() % 8 == 0 ? random() % disk : random() % 2 ? base + d : (base >= d ? base - d : 0);
        };
        int mismatches = 0;
        for (int step = 0; step < 20000; ++step) {
            const std::size_t i = std::size_t(random() % count);
            switch (random() % 4) {
            case 0: // a fill, sometimes near another segment
                start[i] = random() % 2 ? random() % disk : edge();
                end[i] = start[i] + random() % 1024;
                lastUse[i] = ++clock;
                break;
            case 1: // emptied
                start[i] = end[i] = random() % 3 ? 0 : random() % disk;
                lastUse[i] = random() % 3 ? 0 : ++clock;
                break;
            case 2: // used
                lastUse[i] = ++clock;
                break;
            default:
                break;
            }
            table.setStart(i, start[i]);
            table.setEnd(i, end[i]);
            table.setLastUse(i, lastUse[i]);
            const std::uint64_t lba = edge();
            const std::uint64_t to = lba + 1 + random() % 600;
            int found = -1;
            for (std::size_t k = 0; k < count && found < 0; ++k)
                if (start[k] <= lba && to <= end[k])
                    found = int(k);
            mismatches += table.find(lba, to) != found ? 1 : 0;
            std::vector<std::size_t> expected, actual;
            for (std::size_t k = 0; k < count; ++k)
                if (start[k] < to && lba < end[k] && end[k] != start[k])
                    expected.push_back(k);
            table.forEachOverlapping(lba, to, [&](std::size_t k) { actual.push_back(k); });
            mismatches += actual != expected ? 1 : 0;
            int victim = 0;
            for (std::size_t k = 0; k < count; ++k) {
                if (end[k] == start[k]) {
                    victim = int(k);
                    break;
                }
                if (lastUse[k] < lastUse[std::size_t(victim)])
                    victim = int(k);
            }
            mismatches += table.victim() != victim ? 1 : 0;
        }
        INFO(count << " segments");
        CHECK(mismatches == 0);
    }
}

TEST_CASE("DiskParameters: a geometry or capacity past 64 bits is refused, not converted (#52)", "[disk][hostile]")
{
    // A one-zone preset of 100 cylinders x 1 head x 10 sectors (1000 sectors, 512000 bytes), with
    // one field changed per case; the expected messages name the field and the bound by hand.
    const auto preset = [](double capacity, int cylinders, int heads, int sectorsPerTrack, double headSwitchMs) {
        return QJsonObject {
            { QStringLiteral("id"), QStringLiteral("big") },
            { QStringLiteral("capacityBytes"), capacity },
            { QStringLiteral("rotationMs"), 10.0 },
            { QStringLiteral("headSwitchMs"), headSwitchMs },
            { QStringLiteral("cylinderSwitchMs"), 1.0 },
            { QStringLiteral("cylinderSkewSectors"), 0 },
            { QStringLiteral("heads"), heads },
            { QStringLiteral("zones"),
                QJsonArray { QJsonObject { { QStringLiteral("cylinders"), cylinders },
                    { QStringLiteral("sectorsPerTrack"), sectorsPerTrack } } } },
            { QStringLiteral("seek"),
                QJsonObject { { QStringLiteral("shortBelowCylinders"), 2 }, { QStringLiteral("shortMinMs"), 1.0 },
                    { QStringLiteral("shortMaxMs"), 1.5 }, { QStringLiteral("longMinMs"), 1.5 },
                    { QStringLiteral("longMaxMs"), 2.0 } } },
        };
    };
    QString error;
    {
        const auto ok = parseDiskParameters(preset(512000, 100, 1, 10, 0.5), &error);
        INFO(error.toStdString());
        CHECK(ok);
    }
    // 1e30 bytes: a double-to-integer conversion that overflowed.
    CHECK_FALSE(parseDiskParameters(preset(1e30, 100, 1, 10, 0.5), &error));
    CHECK(error == u"disk preset 'big': 'capacityBytes' must be whole bytes below 2^63, got 1e+30");
    // 2000000000 x 100000 x 100000 = 2e19 sectors: three ints multiplied in an int overflowed.
    CHECK_FALSE(parseDiskParameters(preset(512000, 2000000000, 100000, 100000, 0.5), &error));
    CHECK(error == u"disk preset 'big': zone 2000000000 cylinders x 100000 heads x 100000 sectors per track takes the disk "
                   "past 2^63 bytes");
    // A 1e300 ms head switch with no trackSkewSectors: the covering skew (1e300 / (10 ms / 10)) is no int.
    CHECK_FALSE(parseDiskParameters(preset(512000, 100, 1, 10, 1e300), &error));
    CHECK(error == u"disk preset 'big': 'trackSkewSectors' unset, and a switch of 1e+300 ms covers more sectors than an int holds");
}
