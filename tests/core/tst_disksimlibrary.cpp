// SPDX-License-Identifier: GPL-3.0-or-later
// DiskSim 4.0's whole drive library (tests/data/disksim, DiskSim's valid/ folder): every single-disk
// description imports, becomes a disk model and serves requests. The figures checked were read by hand
// from the files (file:line given) or worked from DiskSim's own formulas, never taken from the import.
#include "disk/diskmodel.h"
#include "disk/diskparameters.h"
#include "disk/disksimimport.h"
#include "disk/disksimlayoutg4.h"
#include "disk/diskgeometry.h"
#include "disk/diskvalidate.h"

#include "disksimfiles.h"

#include <catch2/catch.hpp>

#include <QDir>

#include <cmath>
#include <random>

using namespace raidscope;

namespace {

QString libraryFile(const char* name) { return QDir(QStringLiteral(RAIDSCOPE_TEST_DATA "/disksim")).filePath(QString::fromLatin1(name)); }

struct Imported
{
    DiskSimImport import;
    DiskParameters params;
};

Imported importLibraryDrive(const char* name, const QString& path = {})
{
    QString error;
    auto imported = importDiskSim(path.isEmpty() ? libraryFile(name) : path, &error);
    INFO(name << ": " << error.toStdString());
    REQUIRE(imported);
    auto params = parseDiskParameters(imported->presetJson, &error);
    INFO(error.toStdString());
    REQUIRE(params);
    return { std::move(*imported), std::move(*params) };
}

bool anyWarning(const QStringList& warnings, const QString& startsWith, const QString& contains = {})
{
    for (const QString& w : warnings)
        if (w.startsWith(startsWith) && w.contains(contains))
            return true;
    return false;
}

} // namespace

TEST_CASE("DiskSim library: all 14 single-disk descriptions of valid/ import and serve requests", "[disk][disksim][import]")
{
    const char* const name = GENERATE(as<const char*> {}, "atlas10k.parv", "atlas_III.parv", "barracuda.parv",
        "cheetah4LP.parv", "cheetah9LP.parv", "dec_rz26.parv", "hp_c2247a.parv", "hp_c2490a.parv", "hp_c3323a.parv",
        "ibm18es.parv", "st41601n.parv", "dualseek_example/maxtor300g.parv", "hp_c2249a.diskspecs",
        "hp_c3323a.diskspecs");
    CAPTURE(name);
    const Imported d = importLibraryDrive(name);
    DiskModel disk(d.params);
    REQUIRE(disk.totalSectors() > 0);
    // A few hundred random reads and writes end, each after it started.
    std::mt19937_64 rng(53);
    std::uniform_int_distribution<std::uint64_t> where(0, disk.totalSectors() - 64);
    DiskModel::Ns now { 0 };
    for (int i = 0; i < 400; ++i) {
        const ServiceResult r = disk.service(where(rng), 1 + std::uint32_t(rng() % 64), (i % 3) == 0, now);
        REQUIRE(r.completion > now);
        now = r.completion;
    }
}

TEST_CASE("DiskSim library: a negative write settling delay is carried into the model", "[disk][disksim][import]")
{
    // dec_rz26_validate.model: Add. write settling delay = -0.483000; hp_c2490a_validate.model: -0.642000.
    const Imported rz26 = importLibraryDrive("dec_rz26.parv");
    CHECK(rz26.params.writeSettleMs == Approx(-0.483));
    const Imported c2490 = importLibraryDrive("hp_c2490a.parv");
    CHECK(c2490.params.writeSettleMs == Approx(-0.642));
    // DiskSim (mech_g1.c, dm_seek_time_g1) adds it to a write's seek: a write's seek is 0.642 ms shorter than
    // a read's, never below 0 (disk_initiate_seek lengthens a seek below its minimum, 0 here).
    DiskModel disk(c2490.params);
    const double readNs = disk.seekNs(1000, false);
    CHECK(disk.seekNs(1000, true) == Approx(readNs - 0.642e6));
    CHECK(disk.seekNs(1, true) >= 0);
}

TEST_CASE("DiskSim library: a zone whose last cylinder equals Number of cylinders keeps it, as DiskSim does", "[disk][disksim][import]")
{
    // hp_c2490a_validate.model: Number of cylinders = 2629, the last zone's Last cylinder number = 2629.
    // layout_g1_load.c (dm_layout_g1_compute_blksinband) counts a band's cylinders as endcyl - startcyl + 1
    // and its blocks as cylinders x Blocks per track x 18 surfaces, less the Empty space at zone front and,
    // with track sparing (scheme 1), less Number of spares x Blocks per track. Summed over the zones of the
    // file that is 4,165,272, the file's own Block count; the last cylinder left out, 18 tracks fewer.
    const Imported d = importLibraryDrive("hp_c2490a.parv");
    CHECK(d.params.geometry.cylinders() == 2630);
    CHECK(d.params.geometry.totalSectors() == 4165272);
    CHECK(anyWarning(d.import.warnings, QStringLiteral("Last cylinder number (hp_c2490a_validate.model:"),
        QStringLiteral("2629 in zone 11")));
}

TEST_CASE("DiskSim library: the Maxtor's dm_layout_g4 and dual seek profile", "[disk][disksim][import]")
{
    const Imported d = importLibraryDrive("dualseek_example/maxtor300g.parv");
    // maxtor300g.model: Block count = 585937499, Number of data surfaces = 8, 10001 rpm.
    CHECK(d.params.geometry.totalSectors() == 585937499);
    CHECK(d.params.geometry.heads() == 8);
    CHECK(d.params.rotationMs == Approx(60000.0 / 10001));
    // maxtor300g_dual.seek line 2: "1, 0.5257, 0.024385, 0.6757": read 0.5257 ms, write 0.6757 ms at one cylinder.
    REQUIRE(d.params.writeSeek.has_value());
    REQUIRE_FALSE(d.params.readSeek.table.empty());
    CHECK(d.params.readSeek.table.front().ms == Approx(0.5257));
    CHECK(d.params.writeSeek->table.front().ms == Approx(0.6757));
    DiskModel disk(d.params);
    CHECK(disk.seekNs(1, false) == Approx(0.5257e6));
    CHECK(disk.seekNs(1, true) == Approx(0.6757e6));
    // What the zones cannot hold is said, naming the key and file:line (the dm_layout_g4 block, maxtor300g-layout.model:1).
    CHECK(anyWarning(d.import.warnings, QStringLiteral("Layout Model (maxtor300g-layout.model:1): dm_layout_g4"),
        QStringLiteral("serpentine")));
}

TEST_CASE("DiskSim library: a dm_layout_g4 zone with more spares than an int holds is refused, not narrowed",
          "[disk][disksim][import]")
{
    // 2^20 cylinders of 8 surfaces at 1,024 sectors a track hold 2^33 sectors; with 2^30 LBNs the zone's
    // spares are 2^33 - 2^30 = 7,516,192,768, past 2^31 - 1. Narrowed to an int that would be -1,073,741,824.
    LayoutG4Summary g4;
    g4.zones.push_back({ 0, 1 << 20, 1024, std::uint64_t(1) << 30, (std::uint64_t(1) << 33) - (std::uint64_t(1) << 30) });
    std::vector<ZoneSpec> specs;
    QJsonArray zones;
    const QString why = appendLayoutG4Zones(g4, std::nullopt, 7200, 1.0, specs, zones);
    CHECK(why.contains(QStringLiteral("7516192768 spare sectors")));
    CHECK(specs.empty());
    CHECK(zones.isEmpty());
    // 2^20 cylinders x 8 surfaces x 128 sectors are 2^30: every sector an LBN, no spares, taken.
    LayoutG4Summary fits;
    fits.zones.push_back({ 0, 1 << 20, 128, std::uint64_t(1) << 30, 0 });
    CHECK(appendLayoutG4Zones(fits, std::nullopt, 7200, 1.0, specs, zones).isEmpty());
    REQUIRE(specs.size() == 1);
    CHECK(specs.front().spares == 0);
    CHECK(specs.front().sectorsPerTrack == 128);
}

namespace {

// DiskSim's own demerit for each validated drive: what its valid/runvalid prints as expected ("rms should
// be about ..."), in ms to three decimals, so a figure up to half a unit of the last place above it is
// still DiskSim's. The five drives of the shared folder are read there, the rest from tests/data/disksim.
struct Published
{
    const char* parv;
    bool shared;
    double disksimMs;
};

double binnedDemerit(const Published& p, QString* why)
{
    const QString parv = p.shared ? test::disksimValidationFile(p.parv) : libraryFile(p.parv);
    QString trace = parv;
    trace.replace(QStringLiteral(".parv"), QStringLiteral(".trace"));
    if (p.shared && !QFileInfo::exists(parv)) {
        *why = QStringLiteral("absent");
        return std::nan("");
    }
    const Imported d = importLibraryDrive(QFileInfo(parv).fileName().toLatin1().constData(), parv);
    DiskModel disk(d.params);
    QString error;
    const auto requests = readValidationTrace(trace, &error);
    INFO(error.toStdString());
    REQUIRE(requests);
    const auto v = validateDisk(disk, *requests, &error);
    INFO(error.toStdString());
    REQUIRE(v);
    return v->binnedDemeritMs;
}

} // namespace

TEST_CASE("DiskSim library: each validation drive's demerit is at or under DiskSim's own", "[disk][disksim][validate]")
{
    const Published p = GENERATE(values<Published>({ { "atlas_III.parv", true, 0.378 }, { "barracuda.parv", false, 0.349 },
        { "cheetah4LP.parv", false, 0.318 }, { "cheetah9LP.parv", true, 0.107 }, { "ibm18es.parv", true, 0.135 },
        { "atlas10k.parv", false, 0.268 }, { "hp_c2247a.parv", true, 0.090 }, { "hp_c3323a.parv", true, 0.306 },
        { "hp_c2490a.parv", false, 0.254 }, { "dec_rz26.parv", false, 0.340 } }));
    CAPTURE(p.parv, p.disksimMs);
    QString why;
    const double ms = binnedDemerit(p, &why);
    if (why == QLatin1String("absent")) {
        WARN("skipped: " << p.parv << " is not in the shared folder");
        return;
    }
    CAPTURE(ms);
    CHECK(ms <= p.disksimMs + 0.0005);
}

TEST_CASE("DiskSim library: Buffer continuous read = 1 reads ahead to the end of the request's last track only", "[disk][disksim][import]")
{
    // dec_rz26.diskspecs:43 Buffer continuous read = 1 (BUFFER_READ_UNTIL_TRACK_END): disk_initiate_seek stops a
    // background read that would switch heads or cylinders. dec_rz26_validate.model: 58 blocks a track with one
    // spare sector a track (scheme 3), so 57 LBNs a track; Empty space at zone front = 23142 sectors = 399 tracks
    // of 58, so LBN 0 starts track 399 and LBNs 57k..57k+56 fill one track. Maximum read-ahead 57.
    const Imported d = importLibraryDrive("dec_rz26.parv");
    CHECK(d.params.cache.readAheadStopsAtTrackEnd);
    CHECK(d.params.cache.readAheadSectors == 57);
    CHECK(d.params.geometry.trackEndLba(57 * 100 + 10) == 57 * 101);
    DiskModel disk(d.params);
    // A 4-sector read at LBN 5710 of the track 5700-5756: the read-ahead stops at 5757, the track's end, and
    // a read of 5757 right after is a miss (a head switch away); a read inside the track is a hit.
    const auto first = disk.service(5710, 4, false, DiskModel::Ns(0));
    const auto later = first.completion + DiskModel::Ns(30'000'000); // 30 ms: the read-ahead has long ended
    const auto inside = disk.service(5750, 4, false, later);
    CHECK(inside.breakdown.cache == ServiceBreakdown::Cache::Hit);
    const auto next = disk.service(5757, 4, false, inside.completion + DiskModel::Ns(30'000'000));
    CHECK(next.breakdown.cache == ServiceBreakdown::Cache::Miss);
}
