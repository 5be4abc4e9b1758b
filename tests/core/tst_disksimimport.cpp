// SPDX-License-Identifier: GPL-3.0-or-later
// The DiskSim importer on the five validation drives of ../shared/disksim-validation, read in place
// (they stay outside the project). Every expected figure was read by hand from the files (file:line
// given), never taken from the importer's output.
#include "disk/diskmodel.h"
#include "disk/diskparameters.h"
#include "disk/disksimimport.h"
#include "disk/seekcurve.h"

#include "disksimfiles.h"

#include <catch2/catch.hpp>

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QTemporaryDir>

#include <cmath>
#include <tuple>

using namespace raidscope;

namespace {

using raidscope::test::disksimValidationFile;

bool anyWarning(const QStringList& warnings, const QString& startsWith, const QString& contains = {})
{
    for (const QString& w : warnings)
        if (w.startsWith(startsWith) && w.contains(contains))
            return true;
    return false;
}

// A validation drive imported and read back as RaidScope's disk parameters (the file exists).
struct ImportedDrive
{
    DiskSimImport import;
    DiskParameters params;
};
ImportedDrive importDrive(const QString& path)
{
    QString error;
    auto imported = importDiskSim(path, &error);
    INFO(error.toStdString());
    REQUIRE(imported);
    auto params = parseDiskParameters(imported->presetJson, &error);
    INFO(error.toStdString());
    REQUIRE(params);
    return { std::move(*imported), std::move(*params) };
}

struct Drive
{
    const char* parv;
    double rpm;
    int heads;
    int zones; ///< DiskSim zones (gaps of spare cylinders are folded into the zone before)
    int cylinders;
    int zone1Spt;
    int zone1TrackSkew;
    double headSwitchMs;
    double writeSettleMs;
    const char* seekFile; ///< nullptr: HPL equation
    int seekLastDistance;
    double seekLastMs;
    double seekFirstMs; ///< the table at distance 1
    double perSectorMs; ///< the disk's Bulk sector transfer time, or the HP bus hop
    int cacheSegments;
    int segmentSectors;
    int readAheadSectors;
    bool writeBack;
};

} // namespace

TEST_CASE("DiskSim import: the five validation drives become presets", "[disk][disksim][import]")
{
    // rpm, surfaces, cylinders, zones: the .model files' dm_disk/dm_mech_g1; zone 1's "Blocks per track"
    // and "Skew for track switch"; head switch and "Add. write settling delay" from dm_mech_g1; the
    // last line of each .seek; cache and transfer from the .diskspecs (HP: BUS1 of the .parv, line 93).
    const Drive drives[] = {
        // cheetah9LP.model:2-3,13,16,755,768,769; cheetah9LP.seek:107; cheetah9LP.diskspecs:5,34,36,45,49
        { "cheetah9LP.parv", 10045, 12, 11, 6962, 254, 97, 0.03, 0.461, "cheetah9LP.seek", 6894, 10.627, 0.831, 0.105,
            3, 561, 561, true },
        // atlas_III.model:2-3,13,191,204,205; atlas_III.seek:118; atlas_III.diskspecs:5,34,36,45,49
        { "atlas_III.parv", 7200, 10, 9, 8057, 256, 75, 0.999, 0.0, "atlas_III.seek", 7998, 15.36, 1.663, 0.106, 6, 64,
            64, true },
        // ibm18es.model:2-3,13,831,844,845; ibm18es.seek:152; ibm18es.diskspecs:5,34,36,45,49
        { "ibm18es.parv", 7200, 5, 55, 11474, 390, 58, 0.062, 0.126, "ibm18es.seek", 11377, 12.853, 1.062, 0.101, 7,
            511, 511, true },
        // hp_c3323a_validate.model:6-7,17,118,139,140; hp_c3323a_validate.seek:68; hp_c3323a.parv:93 (bus hop)
        { "hp_c3323a.parv", 5396, 7, 8, 2982, 120, 17, 0.65, 0.07, "hp_c3323a_validate.seek", 2976, 18.1161353,
            1.178043, 0.1455, 2, 512, 256, false },
        // hp_c2247a_validate.model:2-3,13,160,181,161-168 (HPL 300, 3.81, 0.33, 7.75, 0.0059, -1); hp_c2247a.parv:93
        { "hp_c2247a.parv", 5400, 13, 8, 2051, 96, 14, 0.89, 0.65, nullptr, 0, 0, 3.81 + 0.33, 0.17010, 2, 256, 128,
            false },
    };
    for (const Drive& d : drives) {
        const QString path = disksimValidationFile(d.parv);
        REQUIRE_VALIDATION(path);
        DYNAMIC_SECTION(d.parv)
        {
            QString error;
            const auto imported = importDiskSim(path, &error);
            INFO(error.toStdString());
            REQUIRE(imported);
            const QJsonObject& o = imported->presetJson;
            for (const QString& w : imported->warnings)
                UNSCOPED_INFO(w.toStdString());

            CHECK(o.value(QStringLiteral("rpm")).toDouble() == d.rpm);
            CHECK(o.value(QStringLiteral("heads")).toInt() == d.heads);
            const QJsonArray zones = o.value(QStringLiteral("zones")).toArray();
            CHECK(zones.size() == d.zones);
            const QJsonObject z1 = zones.first().toObject();
            CHECK(z1.value(QStringLiteral("sectorsPerTrack")).toInt() == d.zone1Spt);
            CHECK(z1.value(QStringLiteral("trackSkewSectors")).toInt() == d.zone1TrackSkew);
            CHECK(o.value(QStringLiteral("headSwitchMs")).toDouble() == Approx(d.headSwitchMs));
            CHECK(o.value(QStringLiteral("writeSettleMs")).toDouble() == Approx(d.writeSettleMs));
            const double busMBps = 512.0 / (d.perSectorMs * 1000.0);
            CHECK(o.value(QStringLiteral("busMBps")).toDouble() == Approx(busMBps));
            const QJsonObject cache = o.value(QStringLiteral("cache")).toObject();
            CHECK(cache.value(QStringLiteral("segments")).toInt() == d.cacheSegments);
            CHECK(cache.value(QStringLiteral("segmentSectors")).toInt() == d.segmentSectors);
            CHECK(cache.value(QStringLiteral("readAheadSectors")).toInt() == d.readAheadSectors);
            CHECK(cache.value(QStringLiteral("writeCacheEnabled")).toBool() == d.writeBack);

            const auto params = parseDiskParameters(o, &error);
            INFO(error.toStdString());
            REQUIRE(params);
            CHECK(params->geometry.cylinders() == d.cylinders);
            CHECK(params->readSeek.shortMinMs == Approx(d.seekFirstMs));

            if (d.seekFile) {
                // The table itself, read by hand, and the fitted curve near it at the full stroke.
                const auto table = readDiskSimSeekFile(disksimValidationFile(d.seekFile), &error);
                REQUIRE(table);
                CHECK(table->front().distanceCylinders == 1);
                CHECK(table->front().ms == Approx(d.seekFirstMs));
                CHECK(table->back().distanceCylinders == d.seekLastDistance);
                CHECK(table->back().ms == Approx(d.seekLastMs));
                // The preset keeps the table and the curve goes through its points, linearly between them.
                const SeekCurve curve(params->readSeek, params->geometry.cylinders() - 1);
                CHECK(params->readSeek.table.size() == table->size());
                CHECK(curve.seekNs(d.seekLastDistance) / 1e6 == Approx(d.seekLastMs));
                CHECK(curve.seekNs(1) / 1e6 == Approx(d.seekFirstMs));
                const auto& a = (*table)[table->size() / 2];
                const auto& b = (*table)[table->size() / 2 + 1];
                if (b.distanceCylinders - a.distanceCylinders >= 2) {
                    const int mid = (a.distanceCylinders + b.distanceCylinders) / 2;
                    const double t = double(mid - a.distanceCylinders) / (b.distanceCylinders - a.distanceCylinders);
                    CHECK(curve.seekNs(mid) / 1e6 == Approx(a.ms + t * (b.ms - a.ms)));
                }
                CHECK_FALSE(anyWarning(imported->warnings, QStringLiteral("Full seek curve ("), QStringLiteral("fitted")));
            } else {
                // The HPL equation exactly: V2 + V3*sqrt(300) and V4 + V5*d.
                CHECK(params->readSeek.shortBelowCylinders == 300);
                CHECK(params->readSeek.shortMaxMs == Approx(3.81 + 0.33 * std::sqrt(300.0)));
                CHECK(params->readSeek.longMinMs == Approx(7.75 + 0.0059 * 300));
                CHECK(params->readSeek.longMaxMs == Approx(7.75 + 0.0059 * 2050));
                CHECK_FALSE(
                    anyWarning(imported->warnings, QStringLiteral("First ten seek times (hp_c2247a_validate.model:")));
            }

            // What the schema cannot hold is named, with its file:line.
            if (d.perSectorMs == 0.105 || d.perSectorMs == 0.106 || d.perSectorMs == 0.101)
                CHECK(anyWarning(imported->warnings, QStringLiteral("Bulk sector transfer time (")));
            else
                CHECK(anyWarning(
                    imported->warnings, QStringLiteral("Read block transfer time ("), QStringLiteral("bus bus1")));
            // The per-case overheads are the model's now (host), not warnings.
            CHECK_FALSE(anyWarning(imported->warnings, QStringLiteral("Write miss over. after write (")));
            CHECK(anyWarning(imported->warnings, QStringLiteral("Scheduler (")));
            CHECK(params->host.enabled);
            CHECK(params->host.readMsPerSector == Approx(d.perSectorMs));
        }
    }
}

TEST_CASE("DiskSim import: dropped settings are named with their file:line", "[disk][disksim][import]")
{
    const QString path = disksimValidationFile("cheetah9LP.parv");
    REQUIRE_VALIDATION(path);
    QString error;
    const auto imported = importDiskSim(path, &error);
    INFO(error.toStdString());
    REQUIRE(imported);
    const QStringList& w = imported->warnings;
    for (const QString& line : w)
        UNSCOPED_INFO(line.toStdString());
    // Sparing, spares, slips, dead space and the spare cylinder between zones are DiskSim's layout now.
    CHECK_FALSE(anyWarning(w, QStringLiteral("First cylinder number (cheetah9LP.model:")));
    CHECK_FALSE(anyWarning(w, QStringLiteral("Number of spares (cheetah9LP.model:")));
    CHECK_FALSE(anyWarning(w, QStringLiteral("slips (cheetah9LP.model:")));
    CHECK_FALSE(anyWarning(w, QStringLiteral("Sparing scheme used (cheetah9LP.model:")));
    CHECK(anyWarning(w, QStringLiteral("Fast write level")) == false); // mapped: writeCacheEnabled
    CHECK(anyWarning(w, QStringLiteral("Rotation speed")) == false); // mapped: rpm
    // cheetah9LP.model:12 "Last cylinder number = 846", :58 "First cylinder number = 848" (zone 2): zone 1
    // keeps DiskSim's cylinder numbers, its band 0..846 plus the spare cylinder 847 outside the band.
    const QJsonObject o = imported->presetJson;
    CHECK(o.value(QStringLiteral("sparing")).toObject().value(QStringLiteral("scheme")).toString()
        == QStringLiteral("sectorsPerZone")); // cheetah9LP.model:7 "Sparing scheme used = 9"
    const QJsonObject z1 = o.value(QStringLiteral("zones")).toArray().first().toObject();
    CHECK(z1.value(QStringLiteral("cylinders")).toInt() == 848);
    CHECK(z1.value(QStringLiteral("dataCylinders")).toInt() == 847);
    CHECK(z1.value(QStringLiteral("spares")).toInt() == 1270); // cheetah9LP.model:18
}

TEST_CASE("DiskSim import: HP C3323A's track sparing gives DiskSim's block count", "[disk][disksim][import][sparing]")
{
    const QString path = disksimValidationFile("hp_c3323a.parv");
    REQUIRE_VALIDATION(path);
    QString error;
    const auto imported = importDiskSim(path, &error);
    INFO(error.toStdString());
    REQUIRE(imported);
    const auto params = parseDiskParameters(imported->presetJson, &error);
    INFO(error.toStdString());
    REQUIRE(params);
    // hp_c3323a_validate.model, 7 surfaces, track sparing (scheme 1): per zone cylinders x 7 x blocks per
    // track - empty space - spares x blocks per track (DiskSim's dm_layout_g1_compute_blksinband):
    // 994*7*120 - 1320 - 224*120 = 806,760; 141*7*116 - 35*116 = 110,432; 176*7*112 - 28*112 = 134,848;
    // 315*7*104 - 49*104 = 224,224; 341*7*96 - 49*96 = 224,448; 289*7*88 - 35*88 = 174,944;
    // 353*7*80 - 35*80 = 194,880; 373*7*72 - 35*72 = 185,472; in all 2,056,008 (the file's Block count,
    // 1,743,672, is overridden by DiskSim's checknumblocks).
    const DiskGeometry& g = params->geometry;
    CHECK(g.totalSectors() == 2056008);
    CHECK(g.zone(0).sectors == 806760);
    CHECK(g.zone(1).firstLba == 806760);
    // Block 0 sits past the 1320 sectors of empty space: track 11 (cylinder 1, head 4), sector 0.
    CHECK(g.locate(0) == PhysicalAddress { 0, 1, 4, 0 });
    // Zone 1's last block, 806,759: lbn 808,079 is track 6733 (cylinder 961, head 6), sector 119; the
    // 224 spare tracks follow (cylinders 961-993).
    CHECK(g.locate(806759) == PhysicalAddress { 0, 961, 6, 119 });
    CHECK(g.locate(806760) == PhysicalAddress { 1, 994, 0, 0 });
    CHECK(anyWarning(imported->warnings, QStringLiteral("Block count (hp_c3323a_validate.model:"),
        QStringLiteral("2056008")));
}

TEST_CASE("DiskSim import: a lone .model imports without cache or transfer time", "[disk][disksim][import]")
{
    const QString path = disksimValidationFile("atlas_III.model");
    REQUIRE_VALIDATION(path);
    QString error;
    const auto imported = importDiskSim(path, &error);
    INFO(error.toStdString());
    REQUIRE(imported);
    CHECK_FALSE(imported->presetJson.contains(QStringLiteral("cache")));
    CHECK(anyWarning(imported->warnings, QStringLiteral("atlas_III.model:1: a lone dm_disk")));
    CHECK(parseDiskParameters(imported->presetJson));
}

TEST_CASE("DiskSim .seek files: malformed tables are refused with file:line", "[disk][disksim][import]")
{
    QString error;
    const QString name = QStringLiteral("bad.seek");
    auto refused = [&](const char* text) {
        error.clear();
        CHECK_FALSE(parseDiskSimSeekText(QByteArray(text), name, &error));
        return error;
    };
    CHECK(refused("Seek distances: 2\n1, 1.0\n2, 2.0\n").startsWith(QStringLiteral("bad.seek:1: expected")));
    CHECK(refused("Seek distances measured: 2\n1, 1.0\n2; 2.0\n").startsWith(QStringLiteral("bad.seek:3: expected")));
    CHECK(refused("Seek distances measured: 2\n1, 1.0\n1, 2.0\n").startsWith(QStringLiteral("bad.seek:3: expected")));
    CHECK(refused("Seek distances measured: 3\n1, 1.0\n2, 2.0\n").startsWith(QStringLiteral("bad.seek:3: expected 3")));
    CHECK(refused("Seek distances measured: 1\n1, 1.0\n2, 2.0\n").startsWith(QStringLiteral("bad.seek:3: more")));
    CHECK(refused("Seek distances measured: 2\n1, -1.0\n2, 2.0\n").startsWith(QStringLiteral("bad.seek:2: expected")));
    CHECK(refused("Seek distances measured: 1\n0, 1.0\n").startsWith(QStringLiteral("bad.seek:2: expected")));

    const auto ok = parseDiskSimSeekText("Seek distances measured: 2\n1,\t0.5\n10,   2.25", name, &error);
    REQUIRE(ok);
    CHECK(ok->size() == 2);
    CHECK(ok->back().distanceCylinders == 10);
    CHECK(ok->back().ms == 2.25);

    // An importer refuses a drive whose .seek is malformed, naming the .seek's line.
    const QString path = disksimValidationFile("cheetah9LP.seek");
    REQUIRE_VALIDATION(path);
    const auto table = readDiskSimSeekFile(path, &error);
    INFO(error.toStdString());
    REQUIRE(table);
    CHECK(table->size() == 106); // cheetah9LP.seek:1 "Seek distances measured: 106"
}

TEST_CASE(
    "DiskSim import: a drive whose .seek is malformed is refused with the .seek's file:line", "[disk][disksim][import]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    auto write = [&](const char* name, const QByteArray& text) {
        QFile f(dir.filePath(QString::fromLatin1(name)));
        REQUIRE(f.open(QIODevice::WriteOnly));
        f.write(text);
    };
    // 100 cylinders x 2 surfaces x 10 sectors = 2000 blocks, as "Block count" says.
    write("m.model",
        "dm_disk M {\n"
        "   Number of data surfaces = 2,\n"
        "   Number of cylinders = 100,\n"
        "   Block count = 2000,\n"
        "   Layout Model = dm_layout_g1 {\n"
        "      Zones = [ dm_layout_g1_zone {\n"
        "         First cylinder number = 0,\n"
        "         Last cylinder number = 99,\n"
        "         Blocks per track = 10,\n"
        "         Skew for track switch = 1,\n"
        "         Skew for cylinder switch = 2\n"
        "      } ]\n"
        "   },\n"
        "   Mechanical Model = dm_mech_g1 {\n"
        "      Seek type = extracted,\n"
        "      Full seek curve = m.seek,\n"
        "      Add. write settling delay = 0,\n"
        "      Head switch time = 0.1,\n"
        "      Rotation speed (in rpms) = 6000\n"
        "   }\n"
        "}\n");
    const QString model = dir.filePath(QStringLiteral("m.model"));
    QString error;

    write("m.seek", "Seek distances measured: 3\n1, 1.0\n2, x\n50, 3.0\n");
    CHECK_FALSE(importDiskSim(model, &error));
    CHECK(error.endsWith(QStringLiteral("m.seek:3: expected 'distance, time' (cylinders, ms)")));

    write("m.seek", "Seek distances measured: 4\n1, 1.0\n4, 2.0\n50, 3.0\n99, 4.0\n");
    const auto imported = importDiskSim(model, &error);
    INFO(error.toStdString());
    REQUIRE(imported);
    CHECK(imported->presetJson.value(QStringLiteral("capacityBytes")).toDouble() == 2000.0 * 512);
    CHECK(imported->presetJson.value(QStringLiteral("rpm")).toDouble() == 6000);
    CHECK_FALSE(anyWarning(imported->warnings, QStringLiteral("Block count")));
    CHECK(parseDiskParameters(imported->presetJson));
}

TEST_CASE("DiskSim import: the controller's overheads and the HP bus hop become host timing", "[disk][disksim][import][host]")
{
    const QString path = disksimValidationFile("hp_c2247a.parv");
    REQUIRE_VALIDATION(path);
    const ImportedDrive drive = importDrive(path);
    const auto* imported = &drive.import;
    const auto* p = &drive.params;
    const DiskHostTiming& h = p->host;
    // hp_c2247a.parv:93-94 (BUS1: read 0.17010, write 0.18686 ms per block); the disk's own bulk time is 0.
    CHECK(h.readMsPerSector == Approx(0.17010));
    CHECK(h.writeMsPerSector == Approx(0.18686));
    // hp_c2247a.diskspecs:58-69: read hit 0.953430, read miss 0.558210, writes 0.823910 (after read and
    // after write alike), completion 0.056650 / 0.050450, data preparation 0.025190, first reselect
    // 0.162490; :39 high water mark 0.75.
    CHECK(h.readHitMs[0] == Approx(0.953430));
    CHECK(h.readHitMs[1] == Approx(0.953430));
    CHECK(h.readMissMs[0] == Approx(0.558210));
    CHECK(h.writeMissMs[1] == Approx(0.823910));
    CHECK(h.readCompleteMs == Approx(0.056650));
    CHECK(h.writeCompleteMs == Approx(0.050450));
    CHECK(h.dataPrepMs == Approx(0.025190));
    CHECK(h.reselectMs == Approx(0.162490));
    CHECK(h.readWatermark == Approx(0.75));
    CHECK(h.extraWriteDisconnect); // hp_c2247a.diskspecs:74 "Extra write disconnect = 1"
    // :71-73 read disconnect after a read 0.022660, after a write 0.045510, write disconnect 0.165650; :54
    // "Disconnect write if seek = 0" (the prefetch stops at once); :80 "Minimum seek delay = 0.600000".
    CHECK(h.readDisconnectMs[0] == Approx(0.022660));
    CHECK(h.readDisconnectMs[1] == Approx(0.045510));
    CHECK(h.writeDisconnectMs == Approx(0.165650));
    CHECK(h.readAheadStop == DiskHostTiming::ReadAheadStop::AtOnce);
    CHECK(h.minimumWriteSeekMs == Approx(0.6));
    // :47 "Read-ahead on idle hit = 1", :12 "Allow read hits on write data = 1".
    CHECK(h.readAheadOnIdleHit);
    CHECK(h.readHitsOnWriteData);
    for (const char* key : { "Read disconnect afterread (", "Write disconnect overhead (", "Minimum seek delay (",
             "Stop prefetch in sector (", "Disconnect write if seek (", "Read-ahead on idle hit (",
             "Allow read hits on write data (" })
        CHECK_FALSE(anyWarning(imported->warnings, QLatin1String(key)));

    // A 4-sector read the buffer holds crosses bus1 sector by sector: hit overhead 0.95343 + data
    // preparation 0.02519 + 4 x 0.17010 + completion 0.05665 = 1.71567 ms.
    DiskModel disk(*p);
    const ServiceResult miss = disk.service(1000, 4, false, std::chrono::nanoseconds(0));
    const ServiceResult hit = disk.service(1000, 4, false, miss.completion);
    CHECK(hit.breakdown.cache == ServiceBreakdown::Cache::Hit);
    CHECK(double((hit.completion - miss.completion).count()) / 1e6 == Approx(0.95343 + 0.02519 + 4 * 0.17010 + 0.05665).margin(1e-5));
}

TEST_CASE("DiskSim import: hplplus10 seeks and the one-cylinder seek of a transfer's cylinder switch", "[disk][disksim][import]")
{
    // hp_c2247a_validate.model:156-180: Seek type = hplplus10, HPL [300, 3.81, 0.33, 7.75, 0.0059, -1], first
    // ten 2.89 3.68 3.81 3.98 4.27 4.65 4.52 4.65 4.82 4.99 ms (mech_g1_seektime.c,
    // dm_mech_g1_seek_1st10_plus_hpl): distances 1-10 from the list, 11 by the root, 3.81 + 0.33 x sqrt(11)
    // = 4.904485 ms (DiskSim's debug trace shows 4.904485 for an 11-cylinder seek), 300 and up linear.
    const QString path = disksimValidationFile("hp_c2247a.parv");
    REQUIRE_VALIDATION(path);
    const ImportedDrive drive = importDrive(path);
    const auto* p = &drive.params;
    const SeekCurve curve(p->readSeek, p->geometry.cylinders() - 1);
    const double first[] = { 2.89, 3.68, 3.81, 3.98, 4.27, 4.65, 4.52, 4.65, 4.82, 4.99 };
    for (int d = 1; d <= 10; ++d)
        CHECK(curve.seekNs(d) / 1e6 == Approx(first[d - 1]));
    CHECK(curve.seekNs(11) / 1e6 == Approx(4.904485).margin(1e-6));
    CHECK(curve.seekNs(299) / 1e6 == Approx(3.81 + 0.33 * std::sqrt(299.0)));
    CHECK(curve.seekNs(300) / 1e6 == Approx(7.75 + 0.0059 * 300));
    CHECK(curve.seekNs(1000) / 1e6 == Approx(7.75 + 0.0059 * 1000));
    CHECK(curve.seekNs(2050) / 1e6 == Approx(7.75 + 0.0059 * 2050));

    // A transfer reaching the next cylinder seeks one cylinder from the last head to head 0
    // (disk_buffer_sector_done -> disk_initiate_seek -> dm_seek_time_g1): the longer of the seek function
    // at distance 1 and the head switch, not "Single cylinder seek time" (0.2 ms on both HP drives).
    // HP C2247A: max(2.89, 0.89); HP C3323A: hp_c3323a_validate.seek:2 1.178043 against 0.65; IBM 18ES:
    // ibm18es.seek:2 1.062 (its Single cylinder seek time is 1.086) against 0.062; Cheetah 9LP 0.831
    // against 0.03; Atlas III 1.663 against 0.999.
    for (const auto& [file, switchMs] : { std::pair { "hp_c2247a.parv", 2.89 }, std::pair { "hp_c3323a.parv", 1.178043 },
             std::pair { "ibm18es.parv", 1.062 }, std::pair { "cheetah9LP.parv", 0.831 }, std::pair { "atlas_III.parv", 1.663 } }) {
        const auto loaded = importDiskSim(disksimValidationFile(file));
        REQUIRE(loaded);
        INFO(file);
        CHECK(loaded->presetJson.value(QStringLiteral("cylinderSwitchMs")).toDouble() == Approx(switchMs));
    }
}

TEST_CASE("DiskSim import: Read-ahead on idle hit and Allow read hits on write data", "[disk][disksim][import][host]")
{
    // ibm18es.diskspecs:12 "Allow read hits on write data = 0", :47 "Read-ahead on idle hit = 0";
    // cheetah9LP.diskspecs:12 and :47, 1 and 0.
    for (const auto& [file, onIdleHit, hitsOnWrites] :
        { std::tuple { "ibm18es.parv", false, false }, std::tuple { "cheetah9LP.parv", false, true } }) {
        const QString path = disksimValidationFile(file);
        REQUIRE_VALIDATION(path);
        const ImportedDrive drive = importDrive(path);
        const auto* p = &drive.params;
        INFO(file);
        CHECK(p->host.readAheadOnIdleHit == onIdleHit);
        CHECK(p->host.readHitsOnWriteData == hitsOnWrites);
    }
}

TEST_CASE("DiskSim import: Buffer continuous read = 4 becomes next-track read-ahead", "[disk][disksim][import][host]")
{
    // cheetah9LP.diskspecs:43 "Buffer continuous read = 4"; ibm18es.diskspecs:43 "= 3" (up to the maximum read-ahead).
    for (const auto& [file, nextTrack] : { std::pair { "cheetah9LP.parv", true }, std::pair { "ibm18es.parv", false } }) {
        const QString path = disksimValidationFile(file);
        REQUIRE_VALIDATION(path);
        const ImportedDrive drive = importDrive(path);
        const auto* imported = &drive.import;
        const auto* p = &drive.params;
        CHECK(p->cache.readAheadToTrackEnd == nextTrack);
        CHECK_FALSE(anyWarning(imported->warnings, QStringLiteral("Buffer continuous read (")));
    }
}

TEST_CASE("DiskSim import: a count past an int is refused with its file:line, not narrowed (#52)", "[disk][disksim][import]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    auto write = [&](const char* name, const QByteArray& text) {
        QFile f(dir.filePath(QString::fromLatin1(name)));
        REQUIRE(f.open(QIODevice::WriteOnly));
        f.write(text);
    };
    // The drive of the .seek test above (100 cylinders x 2 surfaces x 10 sectors) with one count
    // written past 2^31 - 1 = 2147483647: int(10^12) would have been 727379968 cylinders.
    const auto model = [](const char* cylinders, const char* spares) -> QByteArray {
        return QByteArray("dm_disk M {\n"
                          "   Number of data surfaces = 2,\n"
                          "   Number of cylinders = ")
            + cylinders
            + ",\n"
              "   Block count = 2000,\n"
              "   Layout Model = dm_layout_g1 {\n"
              "      Zones = [ dm_layout_g1_zone {\n"
              "         First cylinder number = 0,\n"
              "         Last cylinder number = 99,\n"
              "         Blocks per track = 10,\n"
              "         Number of spares = "
            + spares
            + ",\n"
              "         Skew for track switch = 1,\n"
              "         Skew for cylinder switch = 2\n"
              "      } ]\n"
              "   },\n"
              "   Mechanical Model = dm_mech_g1 {\n"
              "      Seek type = extracted,\n"
              "      Full seek curve = m.seek,\n"
              "      Add. write settling delay = 0,\n"
              "      Head switch time = 0.1,\n"
              "      Rotation speed (in rpms) = 6000\n"
              "   }\n"
              "}\n";
    };
    write("m.seek", "Seek distances measured: 4\n1, 1.0\n4, 2.0\n50, 3.0\n99, 4.0\n");
    const QString path = dir.filePath(QStringLiteral("m.model"));
    QString error;

    write("m.model", model("1000000000000", "0"));
    CHECK_FALSE(importDiskSim(path, &error));
    CHECK(error.endsWith(QStringLiteral("m.model:3: 'Number of cylinders' = 1000000000000 is outside -2147483648 to 2147483647")));

    write("m.model", model("100", "5000000000"));
    CHECK_FALSE(importDiskSim(path, &error));
    CHECK(error.endsWith(QStringLiteral("m.model:10: 'Number of spares' = 5000000000 is outside -2147483648 to 2147483647")));

    // The same drive with counts an int holds imports.
    write("m.model", model("100", "0"));
    INFO(error.toStdString());
    CHECK(importDiskSim(path, &error));
}

TEST_CASE("DiskSim import: a cache count past an int is refused with its file:line (#52)", "[disk][disksim][import][host]")
{
    // cheetah9LP.diskspecs:34 "Number of buffer segments = 3", written as 5000000000: narrowed to an
    // int it was 705032704 segments.
    const QString parv = disksimValidationFile("cheetah9LP.parv");
    REQUIRE_VALIDATION(parv);
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    for (const char* name : { "cheetah9LP.parv", "cheetah9LP.diskspecs", "cheetah9LP.model", "cheetah9LP.seek" }) {
        QFile in(disksimValidationFile(name));
        REQUIRE(in.open(QIODevice::ReadOnly));
        QByteArray text = in.readAll();
        if (QByteArray(name).endsWith(".diskspecs")) {
            REQUIRE(text.contains("Number of buffer segments = 3,"));
            text.replace("Number of buffer segments = 3,", "Number of buffer segments = 5000000000,");
        }
        QFile out(dir.filePath(QString::fromLatin1(name)));
        REQUIRE(out.open(QIODevice::WriteOnly));
        out.write(text);
    }
    QString error;
    CHECK_FALSE(importDiskSim(dir.filePath(QStringLiteral("cheetah9LP.parv")), &error));
    CHECK(error.endsWith(
        QStringLiteral("cheetah9LP.diskspecs:34: 'Number of buffer segments' = 5000000000 is outside -2147483648 to 2147483647")));
}
