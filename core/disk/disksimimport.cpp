// SPDX-License-Identifier: GPL-3.0-or-later
#include "disksimimport.h"

#include "diskparameters.h"
#include "disksimlayoutg4.h"
#include "disksimparams.h"
#include "numberrange.h"
#include "seekcurve.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QList>

#include <algorithm>
#include <climits>
#include <cmath>
#include <limits>
#include <map>

namespace raidscope {

namespace {

    bool fail(QString* error, const QString& what)
    {
        if (error)
            *error = what;
        return false;
    }

    // "cheetah9LP.model:21": the file name only, so warnings stay short and free of machine paths.
    QString shortWhere(const DiskSimValue& v)
    {
        return QFileInfo(v.file).fileName() + QLatin1Char(':') + QString::number(v.line);
    }

    QString fmt(double d) { return QString::number(d, 'g', 8); }

    class Importer
    {
    public:
        QStringList warnings;

        void warn(const DiskSimValue& v, QStringView key, const QString& what)
        {
            warnings << key.toString() + QStringLiteral(" (") + shortWhere(v) + QStringLiteral("): ") + what;
        }

        // Every entry of `block` outside `handled` that carries a setting (not 0, not an empty list).
        void warnUnhandled(const DiskSimValue& block, const QStringList& handled, const QString& why)
        {
            for (const DiskSimEntry& e : block.entries) {
                if (handled.contains(e.key))
                    continue;
                const DiskSimValue& v = e.value;
                if ((v.isNumber() && v.number == 0) || (v.isList() && v.items.empty()))
                    continue;
                QString value;
                if (v.isNumber() || v.isString())
                    value = QStringLiteral("= ") + v.text;
                else if (v.isList())
                    value = QStringLiteral("(a list of %1)").arg(v.items.size());
                else
                    value = QStringLiteral("(a %1 block)").arg(v.typeName);
                warn(v, e.key, value + QLatin1Char(' ') + why);
            }
        }
    };

    // The disk to import: the first instantiated disksim_disk, else the first disksim_disk block, else
    // the first dm_disk (a lone .model).
    struct Found
    {
        const DiskSimValue* disk = nullptr; // disksim_disk, may be null
        const DiskSimValue* model = nullptr; // dm_disk
        QString instance;
    };

} // namespace

std::optional<DiskSimImport> importDiskSim(const QString& path, QString* error)
{
    QString err;
    const auto doc = parseDiskSimFile(path, &err);
    if (!doc) {
        fail(error, err);
        return std::nullopt;
    }
    Importer im;
    const QString fileName = QFileInfo(path).fileName();

    // Find the disk.
    Found found;
    QStringList diskInstances;
    for (const DiskSimInstantiation& inst : doc->instantiations) {
        const DiskSimValue* def = doc->definition(inst.definition);
        if (def && def->typeName == QLatin1String("disksim_disk")) {
            for (const QString& name : inst.instances) {
                diskInstances << name;
                if (!found.disk) {
                    found.disk = def;
                    found.instance = name;
                }
            }
        }
    }
    if (!found.disk) {
        const auto disks = doc->blocksOfType(u"disksim_disk");
        if (!disks.empty())
            found.disk = disks.front();
    }
    if (found.disk) {
        found.model = found.disk->blockAt(u"Model", u"dm_disk", &err);
        if (!found.model) {
            fail(error, err);
            return std::nullopt;
        }
    } else {
        const auto models = doc->blocksOfType(u"dm_disk");
        if (models.empty()) {
            fail(error, fileName + QStringLiteral(": no disksim_disk or dm_disk block to import"));
            return std::nullopt;
        }
        found.model = models.front();
        im.warnings << QStringLiteral("%1: a lone dm_disk: no cache, overheads or transfer time (they live in the "
                                      "disksim_disk of a .diskspecs)")
                           .arg(shortWhere(*found.model));
    }
    if (diskInstances.size() > 1)
        im.warnings << QStringLiteral("%1: %2 disk instances (%3); imported %4 only")
                           .arg(fileName)
                           .arg(diskInstances.size())
                           .arg(diskInstances.join(QStringLiteral(", ")), found.instance);

    const DiskSimValue& model = *found.model;
    // dm_layout_g1 (zones), or dm_layout_g4 (an index of track patterns, the Maxtor 300 GB's): read into zones.
    const DiskSimValue* layout = model.find(u"Layout Model");
    const bool layoutG4 = layout && layout->isBlock() && layout->typeName == QLatin1String("dm_layout_g4");
    if (!layoutG4)
        layout = model.blockAt(u"Layout Model", u"dm_layout_g1", &err);
    const DiskSimValue* mech = layout ? model.blockAt(u"Mechanical Model", u"dm_mech_g1", &err) : nullptr;
    static const DiskSimValue noZones = [] {
        DiskSimValue v;
        v.kind = DiskSimValue::Kind::List;
        return v;
    }();
    const DiskSimValue* zones = !mech ? nullptr : layoutG4 ? &noZones : layout->listAt(u"Zones", &err);
    // Counts an int holds, or refused with their line (#52): 10^12 cylinders was narrowed to another count.
    const auto surfaces = zones ? model.intAt(u"Number of data surfaces", &err) : std::nullopt;
    const auto cylinders = surfaces ? model.intAt(u"Number of cylinders", &err) : std::nullopt;
    const auto rpm = cylinders ? mech->numberAt(u"Rotation speed (in rpms)", &err) : std::nullopt;
    const auto headSwitch = rpm ? mech->numberAt(u"Head switch time", &err) : std::nullopt;
    const auto settle = headSwitch ? mech->numberAt(u"Add. write settling delay", &err) : std::nullopt;
    const auto seekType = settle ? mech->stringAt(u"Seek type", &err) : std::nullopt;
    if (!seekType) {
        fail(error, err);
        return std::nullopt;
    }
    std::optional<LayoutG4Summary> g4;
    if (layoutG4 && *surfaces >= 1) {
        g4 = summarizeLayoutG4(*layout, int(*surfaces), &err);
        if (!g4) {
            fail(error, err);
            return std::nullopt;
        }
    }
    // A head switch of 0 to 1000 ms (drives take 0 to 1 ms): 1e300 overflowed the skew computed
    // from it (#52).
    if (!(*headSwitch >= 0 && *headSwitch <= 1000)) {
        fail(error, QStringLiteral("%1: 'Head switch time' = %2 ms must be from 0 to 1000 ms")
                        .arg(mech->find(u"Head switch time")->where(), QString::number(*headSwitch, 'g', 6)));
        return std::nullopt;
    }
    // A spindle from 1 to 10^6 rpm (drives spin at 3600 to 15000): 1e308 was taken and gave a
    // revolution of 0 ns.
    if (*surfaces < 1 || *cylinders < 2 || !(*rpm >= 1 && *rpm <= 1e6) || (zones->items.empty() && !g4)) {
        fail(error,
            QStringLiteral("%1: %2 needs surfaces >= 1, cylinders >= 2, rpm from 1 to 1000000 and zones (rpm %3)")
                .arg(shortWhere(model), model.blockLabel(), QString::number(*rpm, 'g', 6)));
        return std::nullopt;
    }

    QJsonObject o;
    const QString defName = found.disk ? found.disk->name : model.name;
    QString id = defName.toLower();
    for (QChar& c : id)
        if (!c.isLetterOrNumber())
            c = QLatin1Char('-');
    o[QStringLiteral("id")] = id.isEmpty() ? QStringLiteral("disksim-import") : id;
    o[QStringLiteral("name")] = QString(defName + QStringLiteral(" (imported from DiskSim)"));
    o[QStringLiteral("description")] = QStringLiteral("Imported from DiskSim parameters %1").arg(fileName);
    o[QStringLiteral("source")] = QString(QStringLiteral("DiskSim: ") + fileName);
    // Where the preset came from (issue 53, item 4); `disks import --validate` adds the validation it passed.
    o[QStringLiteral("provenance")] = QJsonObject { { QStringLiteral("kind"), QStringLiteral("disksim") },
        { QStringLiteral("reference"), QStringLiteral("DiskSim 4.0 parameters: %1 (%2)").arg(fileName, defName) },
        { QStringLiteral("validation"), QJsonArray {} } };
    o[QStringLiteral("sectorBytes")] = 512;
    o[QStringLiteral("heads")] = int(*surfaces);
    o[QStringLiteral("rpm")] = *rpm;
    o[QStringLiteral("headSwitchMs")] = *headSwitch;
    o[QStringLiteral("writeSettleMs")] = *settle;

    // Layout: DiskSim's dm_layout_g1 (diskmodel/layout_g1.c, layout_g1_load.c). RaidScope's zones are
    // contiguous from cylinder 0: cylinders before the first band, between bands and after the last are
    // not data in DiskSim; they belong to the zone before them (the first zone for leading ones) with
    // the band's own range recorded (dataCylinderOffset, dataCylinders), so cylinder numbers and seek
    // distances stay DiskSim's. Sparing, dead space, slips and the first block's offset follow DiskSim.
    SparingSpec sparing;
    if (const auto scheme = layout->integerAt(u"Sparing scheme used")) {
        if (*scheme < 0 || *scheme > 10) {
            fail(error, QStringLiteral("%1: Sparing scheme used %2 (DiskSim knows 0-10)")
                            .arg(layout->find(u"Sparing scheme used")->where())
                            .arg(*scheme));
            return std::nullopt;
        }
        sparing.scheme = SparingScheme(*scheme);
    }
    const auto range = layout->intOr(u"Rangesize for sparing", 0, &err);
    if (!range) {
        fail(error, err);
        return std::nullopt;
    }
    if (*range >= 1)
        sparing.rangeCylinders = *range;
    if (const auto mapping = layout->integerAt(u"LBN-to-PBN mapping scheme"); mapping && *mapping != 0)
        im.warn(*layout->find(u"LBN-to-PBN mapping scheme"), u"LBN-to-PBN mapping scheme",
            QStringLiteral("%1 (surfaces alternating by cylinder) not modelled; the normal mapping is used")
                .arg(*mapping));
    static const char* const schemeNames[] = { "none", "track", "sectorsPerCylinder", "sectorsPerTrack",
        "sectorsPerCylinderSlipToEnd", "sectorsPerCylinderAtFront", "sectorsPerCylinderAtFrontSlipToEnd",
        "sectorsAtEnd", "sectorsPerRange", "sectorsPerZone", "sectorsPerZoneSlipToEnd" };
    if (sparing.scheme != SparingScheme::None) {
        QJsonObject sj;
        sj[QStringLiteral("scheme")] = QLatin1String(schemeNames[int(sparing.scheme)]);
        if (sparing.scheme == SparingScheme::SectorsPerRange)
            sj[QStringLiteral("rangeCylinders")] = sparing.rangeCylinders;
        o[QStringLiteral("sparing")] = sj;
    }
    QJsonArray zoneArray;
    std::vector<ZoneSpec> specs;
    int nextCylinder = 0;
    std::map<QString, std::pair<const DiskSimValue*, int>> zoneDropped; // key -> first value, zones
    const QStringList zoneHandled { QStringLiteral("First cylinder number"), QStringLiteral("Last cylinder number"),
        QStringLiteral("Blocks per track"), QStringLiteral("Skew for track switch"),
        QStringLiteral("Skew for cylinder switch"), QStringLiteral("Offset of first block"),
        QStringLiteral("Empty space at zone front"), QStringLiteral("Number of spares"), QStringLiteral("slips") };
    for (std::size_t i = 0; i < zones->items.size(); ++i) {
        const DiskSimValue& z = zones->items[i];
        if (!z.isBlock() || z.typeName != QLatin1String("dm_layout_g1_zone")) {
            fail(error, QStringLiteral("%1: expected a dm_layout_g1_zone in Zones").arg(z.where()));
            return std::nullopt;
        }
        const auto firstCyl = z.intAt(u"First cylinder number", &err);
        // The last cylinder + 1 must be an int too (a zone's cylinder count).
        const auto lastCyl = firstCyl ? z.intAt(u"Last cylinder number", &err) : std::nullopt;
        const auto spt = lastCyl ? z.intAt(u"Blocks per track", &err) : std::nullopt;
        const auto trackSkew = spt ? z.numberAt(u"Skew for track switch", &err) : std::nullopt;
        const auto cylSkew = trackSkew ? z.numberAt(u"Skew for cylinder switch", &err) : std::nullopt;
        const auto dead = cylSkew ? z.intOr(u"Empty space at zone front", 0, &err) : std::nullopt;
        const auto spares = dead ? z.intOr(u"Number of spares", 0, &err) : std::nullopt;
        if (lastCyl && *lastCyl == INT_MAX) {
            err = QStringLiteral("%1: 'Last cylinder number' = %2 leaves no count of cylinders an int holds")
                      .arg(z.find(u"Last cylinder number")->where())
                      .arg(*lastCyl);
            fail(error, err);
            return std::nullopt;
        }
        if (!spares) {
            fail(error, err);
            return std::nullopt;
        }
        if (*firstCyl < nextCylinder || *lastCyl < *firstCyl || *firstCyl >= *cylinders || *spt < 1) {
            fail(error,
                QStringLiteral("%1: zone %2 (cylinders %3-%4, %5 blocks per track) overlaps the zone before it or "
                               "lies outside the %6 cylinders")
                    .arg(z.where())
                    .arg(i + 1)
                    .arg(*firstCyl)
                    .arg(*lastCyl)
                    .arg(*spt)
                    .arg(*cylinders));
            return std::nullopt;
        }
        if (*lastCyl >= *cylinders)
            // DiskSim reads a band's cylinders as given, first to last inclusive, and counts its blocks from
            // them (layout_g1_load.c: cylcnt = endcyl - startcyl + 1), with no test against Number of
            // cylinders: the band runs on past it, and so does the import.
            im.warn(*z.find(u"Last cylinder number"), u"Last cylinder number",
                QStringLiteral("%1 in zone %2 is past the last of the %3 cylinders (0-%4); as in DiskSim the zone "
                               "keeps its cylinders to %1, so the disk has %5")
                    .arg(*lastCyl)
                    .arg(i + 1)
                    .arg(*cylinders)
                    .arg(*cylinders - 1)
                    .arg(*lastCyl + 1));
        if (*firstCyl > nextCylinder && !zoneArray.isEmpty()) {
            // Spare cylinders between bands: part of the zone before, outside its band.
            const int extra = int(*firstCyl - nextCylinder);
            QJsonObject prev = zoneArray.last().toObject();
            prev[QStringLiteral("dataCylinders")] = specs.back().cylinders - specs.back().dataCylinderOffset;
            prev[QStringLiteral("cylinders")] = specs.back().cylinders + extra;
            specs.back().dataCylinders = specs.back().cylinders - specs.back().dataCylinderOffset;
            specs.back().cylinders += extra;
            zoneArray.replace(zoneArray.size() - 1, prev);
        }
        const int first = zoneArray.isEmpty() ? 0 : int(*firstCyl);
        const int count = int(*lastCyl) + 1 - first;
        auto skew = [&](double value, QStringView key) {
            const double r = std::round(value);
            if (r != value)
                im.warn(*z.find(key), key, QStringLiteral("%1 sectors rounded to %2").arg(fmt(value), fmt(r)));
            return int(r);
        };
        ZoneSpec spec;
        spec.cylinders = count;
        spec.sectorsPerTrack = int(*spt);
        spec.trackSkewSectors = skew(*trackSkew, u"Skew for track switch");
        spec.cylinderSkewSectors = skew(*cylSkew, u"Skew for cylinder switch");
        spec.dataCylinderOffset = int(*firstCyl) - first;
        if (const auto offset = z.numberAt(u"Offset of first block"))
            spec.firstBlockSectors = skew(*offset, u"Offset of first block");
        spec.deadSectors = *dead;
        spec.spares = *spares;
        if (const DiskSimValue* slips = z.listAt(u"slips")) {
            for (const DiskSimValue& v : slips->items) {
                // A whole number an int holds: 1e300 slips would overflow the conversion (#52).
                const auto slip = v.isNumber() ? wholeIfFits<int>(v.number) : std::nullopt;
                if (!slip || *slip < 0) {
                    fail(error, QStringLiteral("%1: slips must be non-negative integers").arg(v.where()));
                    return std::nullopt;
                }
                spec.slips.push_back(*slip);
            }
        }
        QJsonObject zj;
        zj[QStringLiteral("firstCylinder")] = first;
        zj[QStringLiteral("cylinders")] = count;
        zj[QStringLiteral("sectorsPerTrack")] = int(*spt);
        zj[QStringLiteral("trackSkewSectors")] = spec.trackSkewSectors;
        zj[QStringLiteral("cylinderSkewSectors")] = spec.cylinderSkewSectors;
        if (spec.dataCylinderOffset)
            zj[QStringLiteral("dataCylinderOffset")] = spec.dataCylinderOffset;
        zj[QStringLiteral("firstBlockSectors")] = std::max(0, spec.firstBlockSectors);
        if (spec.deadSectors)
            zj[QStringLiteral("deadSectors")] = spec.deadSectors;
        if (spec.spares)
            zj[QStringLiteral("spares")] = spec.spares;
        if (!spec.slips.empty()) {
            QJsonArray sl;
            for (int v : spec.slips)
                sl.append(v);
            zj[QStringLiteral("slips")] = sl;
        }
        spec.firstBlockSectors = std::max(0, spec.firstBlockSectors);
        zoneArray.append(zj);
        specs.push_back(spec);
        nextCylinder = int(*lastCyl) + 1;
        for (const DiskSimEntry& e : z.entries) {
            if (zoneHandled.contains(e.key))
                continue;
            if ((e.value.isNumber() && e.value.number == 0) || (e.value.isList() && e.value.items.empty()))
                continue;
            auto& slot = zoneDropped[e.key];
            if (!slot.first)
                slot.first = &e.value;
            ++slot.second;
        }
    }
    if (g4) {
        // dm_layout_g4: the zones summarizeLayoutG4() makes of the tree, spares per zone (disksimlayoutg4.h).
        sparing.scheme = SparingScheme::SectorsPerZone;
        o[QStringLiteral("sparing")] = QJsonObject { { QStringLiteral("scheme"), QStringLiteral("sectorsPerZone") } };
        if (const QString why = appendLayoutG4Zones(*g4, model.integerAt(u"Block count"), *rpm, *headSwitch, specs, zoneArray);
            !why.isEmpty()) {
            fail(error, QStringLiteral("%1: Layout Model: %2").arg(model.find(u"Layout Model")->where(), why));
            return std::nullopt;
        }
        nextCylinder = g4->cylinders;
        const DiskSimValue& at = *model.find(u"Layout Model");
        im.warn(at, u"Layout Model",
            layoutG4Warning(*g4));
        if (g4->cylinders != *cylinders)
            im.warn(*model.find(u"Number of cylinders"), u"Number of cylinders",
                QStringLiteral("%1; the layout's tracks reach cylinder %2, so the disk has %3")
                    .arg(*cylinders)
                    .arg(g4->cylinders - 1)
                    .arg(g4->cylinders));
    }
    if (nextCylinder < *cylinders) {
        // Cylinders after the last band: part of the last zone, outside its band.
        const int extra = int(*cylinders) - nextCylinder;
        QJsonObject last = zoneArray.last().toObject();
        last[QStringLiteral("dataCylinders")] = specs.back().cylinders - specs.back().dataCylinderOffset;
        last[QStringLiteral("cylinders")] = specs.back().cylinders + extra;
        specs.back().dataCylinders = specs.back().cylinders - specs.back().dataCylinderOffset;
        specs.back().cylinders += extra;
        zoneArray.replace(zoneArray.size() - 1, last);
    }
    for (const auto& [key, slot] : zoneDropped)
        im.warn(*slot.first, key,
            QStringLiteral("set in %1 of %2 zones (first: %3): not modelled (remapped defects)")
                .arg(slot.second)
                .arg(zones->items.size())
                .arg(slot.first->isList() ? QStringLiteral("a list of %1").arg(slot.first->items.size())
                                          : slot.first->text));
    // The zones' sectors in bytes an int64 holds before any geometry counts them (#52: cylinders x
    // surfaces x blocks per track, each an int, overflowed 64 bits).
    __int128 sectorsInAll = 0;
    for (const ZoneSpec& z : specs)
        sectorsInAll += __int128(z.cylinders) * *surfaces * z.sectorsPerTrack;
    if (sectorsInAll * 512 > INT64_MAX) {
        fail(error, QStringLiteral("%1: %2's zones hold more than 2^63 bytes (%3 surfaces)")
                        .arg(shortWhere(model), model.blockLabel())
                        .arg(*surfaces));
        return std::nullopt;
    }
    const DiskGeometry mapped(*surfaces, 512, specs, sparing);
    const std::uint64_t sectors = mapped.totalSectors();
    o[QStringLiteral("zones")] = zoneArray;
    o[QStringLiteral("capacityBytes")] = double(sectors * 512);
    // DiskSim takes the bands' blocks as the disk's size whatever Block count says (checknumblocks).
    if (const auto blocks = model.integerAt(u"Block count"); blocks && std::uint64_t(*blocks) != sectors)
        im.warn(*model.find(u"Block count"), u"Block count",
            QStringLiteral("%1 blocks; the bands give %2 after spares and dead space, the preset's capacity "
                           "(as in DiskSim)")
                .arg(*blocks)
                .arg(sectors));
    im.warnUnhandled(model,
        { QStringLiteral("Number of data surfaces"), QStringLiteral("Number of cylinders"),
            QStringLiteral("Block count"), QStringLiteral("Layout Model"), QStringLiteral("Mechanical Model") },
        QStringLiteral("not modelled"));
    im.warnUnhandled(*layout,
        { QStringLiteral("Zones"), QStringLiteral("Sparing scheme used"), QStringLiteral("Rangesize for sparing"),
            QStringLiteral("LBN-to-PBN mapping scheme"), QStringLiteral("TP"), QStringLiteral("IDX"),
            QStringLiteral("Slips"), QStringLiteral("Remaps") }, // the last four: dm_layout_g4's, in its warning
        QStringLiteral("not modelled"));

    // Seek curve.
    const int maxDistance = std::max(int(*cylinders), nextCylinder) - 1; // a band may run past Number of cylinders
    SeekFigures seek;
    std::optional<SeekFigures> writeSeek;
    QStringList mechHandled { QStringLiteral("Seek type"), QStringLiteral("Rotation speed (in rpms)"),
        QStringLiteral("Head switch time"), QStringLiteral("Add. write settling delay"),
        QStringLiteral("Single cylinder seek time") };
    const DiskSimValue& seekTypeValue = *mech->find(u"Seek type");
    if (*seekType == QLatin1String("extracted")) {
        const DiskSimValue* curveValue = mech->find(u"Full seek curve");
        if (!curveValue || !curveValue->isString()) {
            fail(error,
                QStringLiteral("%1: %2 has Seek type = extracted but no 'Full seek curve'")
                    .arg(seekTypeValue.where(), mech->blockLabel()));
            return std::nullopt;
        }
        const auto table = readDiskSimSeekFile(curveValue->pathRelativeToFile(), &err);
        if (!table) {
            fail(error, err);
            return std::nullopt;
        }
        double rms = 0;
        const auto fitted = fitSeekFigures(*table, maxDistance, &rms);
        if (!fitted) {
            fail(
                error, QStringLiteral("%1: the seek table has too few points to fit a curve").arg(curveValue->where()));
            return std::nullopt;
        }
        seek = *fitted;
        // The table itself is the curve (interpolated as DiskSim does); the two-function figures, a fit of
        // it, serve the analytical tools that take figures (the advisor, the zoned model's seek atoms use
        // the curve and so the table too).
        for (const DiskSimSeekPoint& p : *table)
            seek.table.push_back({ int(p.distanceCylinders), p.ms });
        if (!table->empty() && table->front().writeMs >= 0) {
            // A dual seek profile: writes seek by the 4th column (mech_g1_seektime.c's write table).
            std::vector<DiskSimSeekPoint> writes;
            for (const DiskSimSeekPoint& p : *table)
                writes.push_back({ p.distanceCylinders, p.writeMs });
            if (const auto w = fitSeekFigures(writes, maxDistance)) {
                writeSeek = *w;
                for (const DiskSimSeekPoint& p : writes)
                    writeSeek->table.push_back({ int(p.distanceCylinders), p.ms });
            }
        }
        mechHandled << QStringLiteral("Full seek curve");
    } else if (*seekType == QLatin1String("hpl") || *seekType == QLatin1String("hplplus10")) {
        // DiskSim's HPL equation [V1..V6]: d < V1: V2 + V3*sqrt(d), else V4 + V5*d; V6 the single-cylinder
        // time when not -1. The preset's curve holds it exactly (a + b*sqrt(d) through d = 1 and V1).
        const DiskSimValue* hpl = mech->listAt(u"HPL seek equation values", &err);
        if (!hpl) {
            fail(error, err);
            return std::nullopt;
        }
        std::vector<double> v;
        for (const DiskSimValue& item : hpl->items)
            if (item.isNumber())
                v.push_back(item.number);
        if (v.size() != 6 || v[0] < 2 || v[0] >= maxDistance) {
            fail(error,
                QStringLiteral("%1: expected 6 numbers in 'HPL seek equation values', the first in 2..%2")
                    .arg(hpl->where())
                    .arg(maxDistance - 1));
            return std::nullopt;
        }
        const int threshold = int(v[0]);
        seek.shortBelowCylinders = threshold;
        seek.shortMinMs = v[1] + v[2];
        seek.shortMaxMs = v[1] + v[2] * std::sqrt(double(threshold));
        seek.longMinMs = v[3] + v[4] * threshold;
        seek.longMaxMs = v[3] + v[4] * maxDistance;
        mechHandled << QStringLiteral("HPL seek equation values");
        if (v[5] != -1)
            im.warn(*hpl, u"HPL seek equation values",
                QStringLiteral("the single-cylinder time V6 = %1 ms is not modelled (the equation gives %2 ms)")
                    .arg(fmt(v[5]), fmt(seek.shortMinMs)));
        const DiskSimValue* ten = mech->find(u"First ten seek times");
        if (*seekType == QLatin1String("hplplus10")) {
            // diskmodel/mech_g1_seektime.c, dm_mech_g1_seek_1st10_plus_hpl: distances 1-10 from the list, the
            // equation beyond. As a table the preset's curve is exactly that: a point at every distance up to
            // V1 (the square-root part is not linear between them) and the linear part's two ends.
            std::vector<double> first;
            if (ten && ten->isList())
                for (const DiskSimValue& item : ten->items)
                    if (item.isNumber())
                        first.push_back(item.number);
            if (first.size() != 10) {
                fail(error,
                    QStringLiteral("%1: Seek type = hplplus10 needs 'First ten seek times' with 10 numbers")
                        .arg(ten ? ten->where() : seekTypeValue.where()));
                return std::nullopt;
            }
            for (int d = 1; d < threshold || d <= 10; ++d)
                seek.table.push_back({ d, d <= 10 ? first[std::size_t(d - 1)] : v[1] + v[2] * std::sqrt(double(d)) });
            for (int d : { std::max(threshold, 11), maxDistance })
                if (d > seek.table.back().distanceCylinders)
                    seek.table.push_back({ d, v[3] + v[4] * d });
        } else if (ten && ten->isList()) {
            im.warn(*ten, u"First ten seek times", QStringLiteral("not used by Seek type = %1").arg(*seekType));
        }
        mechHandled << QStringLiteral("First ten seek times");
    } else {
        fail(error,
            QStringLiteral("%1: Seek type = %2 is not supported (extracted, hpl, hplplus10)")
                .arg(seekTypeValue.where(), *seekType));
        return std::nullopt;
    }
    auto seekJsonOf = [](const SeekFigures& f) {
        QJsonObject j;
        j[QStringLiteral("shortBelowCylinders")] = f.shortBelowCylinders;
        j[QStringLiteral("shortMinMs")] = f.shortMinMs;
        j[QStringLiteral("shortMaxMs")] = f.shortMaxMs;
        j[QStringLiteral("longMinMs")] = f.longMinMs;
        j[QStringLiteral("longMaxMs")] = f.longMaxMs;
        if (!f.table.empty()) {
            QJsonArray points;
            for (const SeekFigures::TablePoint& p : f.table)
                points.append(QJsonArray { p.distanceCylinders, p.ms });
            j[QStringLiteral("table")] = points;
        }
        return j;
    };
    o[QStringLiteral("seek")] = seekJsonOf(seek);
    if (writeSeek) {
        o[QStringLiteral("writeSeek")] = seekJsonOf(*writeSeek);
        if (*settle != 0) // the model adds the settle only to a write curve it derives from the read one
            im.warn(*mech->find(u"Add. write settling delay"), u"Add. write settling delay",
                QStringLiteral("%1 ms not added to the dual profile's write seek times (DiskSim adds it)")
                    .arg(fmt(*settle)));
    }

    // DiskSim has no cylinder switch time of its own: a transfer moves on to the next track by a seek
    // (disksim_diskctlr.c, disk_buffer_sector_done -> disk_initiate_seek -> dm_seek_time_g1): to the next
    // cylinder the seek function's one-cylinder time or the head switch (head N-1 to 0), the longer.
    // "Single cylinder seek time" is only the seek function's for the 3-point curves and the HPL
    // equation's V6, which this import does not take.
    {
        const double oneMs = !seek.table.empty() ? SeekCurve(seek, maxDistance).seekNs(1) / 1e6 : seek.shortMinMs;
        o[QStringLiteral("cylinderSwitchMs")] = std::max(oneMs, o.value(QStringLiteral("headSwitchMs")).toDouble());
    }
    if (const DiskSimValue* access = mech->find(u"Access time type");
        access && access->text == QLatin1String("trackSwitchPlusRotation"))
        mechHandled << QStringLiteral("Access time type");
    im.warnUnhandled(*mech, mechHandled, QStringLiteral("not modelled"));

    // The drive: transfer, overheads, cache.
    double perSectorMs = 0;
    if (found.disk) {
        const DiskSimValue& disk = *found.disk;
        QStringList handled { QStringLiteral("Model"), QStringLiteral("Print stats"),
            QStringLiteral("Avg sectors per cylinder"), QStringLiteral("Bulk sector transfer time"),
            QStringLiteral("Per-request overhead time"), QStringLiteral("Number of buffer segments"),
            QStringLiteral("Segment size (in blks)"), QStringLiteral("Maximum read-ahead (blks)"),
            QStringLiteral("Fast write level"), QStringLiteral("Enable caching in buffer"),
            QStringLiteral("Buffer continuous read") };
        const DiskSimValue* bulk = disk.find(u"Bulk sector transfer time");
        if (bulk && bulk->isNumber() && bulk->number > 0) {
            perSectorMs = bulk->number;
            im.warn(*bulk, u"Bulk sector transfer time",
                QStringLiteral("%1 ms per sector -> busMBps %2 for the figures-based tools; the disk model "
                               "charges it on every transfer, overlapped with the media (host.readMsPerSector)")
                    .arg(fmt(perSectorMs), fmt(512.0 / (perSectorMs * 1000.0))));
        } else if (!found.instance.isEmpty()) {
            // The HP drives keep it on the bus the disk hangs from.
            const DiskSimTopologyNode* parent = nullptr;
            doc->topologyNode(found.instance, &parent);
            const DiskSimValue* bus = parent ? doc->definitionOfInstance(parent->name) : nullptr;
            const DiskSimValue* read = bus ? bus->find(u"Read block transfer time") : nullptr;
            if (read && read->isNumber() && read->number > 0) {
                perSectorMs = read->number;
                im.warn(*read, u"Read block transfer time",
                    QStringLiteral("the per-sector time of bus %1 (%2 ms) -> busMBps %3 for the figures-based "
                                   "tools; the disk model charges it on every transfer, overlapped with the media "
                                   "(host.readMsPerSector)")
                        .arg(parent->name, fmt(perSectorMs), fmt(512.0 / (perSectorMs * 1000.0))));
                const DiskSimValue* write = bus->find(u"Write block transfer time");
                if (write && write->isNumber() && write->number != read->number)
                    im.warn(*write, u"Write block transfer time",
                        QStringLiteral("%1 ms per sector: busMBps has the read time; host.writeMsPerSector has this")
                            .arg(fmt(write->number)));
            }
        }
        if (perSectorMs > 0)
            o[QStringLiteral("busMBps")] = 512.0 / (perSectorMs * 1000.0);

        // One fixed overhead for the figures-based tools: the per-request time plus the mean of the four
        // miss overheads. The disk model itself takes DiskSim's controller timing from "host" below.
        const QStringList overheads { QStringLiteral("Read hit over. after read"),
            QStringLiteral("Read hit over. after write"), QStringLiteral("Read miss over. after read"),
            QStringLiteral("Read miss over. after write"), QStringLiteral("Write hit over. after read"),
            QStringLiteral("Write hit over. after write"), QStringLiteral("Write miss over. after read"),
            QStringLiteral("Write miss over. after write") };
        double missSum = 0;
        for (const QString& k : overheads)
            if (k.contains(QLatin1String("miss")))
                missSum += disk.numberAt(k).value_or(0);
        const double overhead = disk.numberAt(u"Per-request overhead time").value_or(0) + missSum / 4;
        o[QStringLiteral("commandOverheadMs")] = overhead;
        handled << overheads;

        // DiskSim's controller timing (disksim_diskctlr.c), as DiskParameters::host holds it. Every
        // transfer crosses at the larger of the bus's and the disk's block time (disk_get_blktranstime).
        const double scale = disk.numberAt(u"Time scale for overheads").value_or(1);
        auto ms = [&](QStringView key) { return disk.numberAt(key).value_or(0) * scale; };
        const double bulkMs = disk.numberAt(u"Bulk sector transfer time").value_or(0);
        double hostRead = bulkMs, hostWrite = bulkMs;
        if (!found.instance.isEmpty()) {
            const DiskSimTopologyNode* parent = nullptr;
            doc->topologyNode(found.instance, &parent);
            const DiskSimValue* bus = parent ? doc->definitionOfInstance(parent->name) : nullptr;
            if (bus) {
                hostRead = std::max(hostRead, bus->numberAt(u"Read block transfer time").value_or(0));
                hostWrite = std::max(hostWrite, bus->numberAt(u"Write block transfer time").value_or(0));
            }
        }
        if (hostRead > 0) {
            QJsonObject host;
            host[QStringLiteral("readMsPerSector")] = hostRead;
            host[QStringLiteral("writeMsPerSector")] = hostWrite > 0 ? hostWrite : hostRead;
            auto pair = [&](const char* key, const QString& afterRead, const QString& afterWrite) {
                host[QLatin1String(key)] = QJsonArray { ms(afterRead), ms(afterWrite) };
            };
            pair("readHitMs", overheads[0], overheads[1]);
            pair("readMissMs", overheads[2], overheads[3]);
            pair("writeHitMs", overheads[4], overheads[5]);
            pair("writeMissMs", overheads[6], overheads[7]);
            host[QStringLiteral("readCompleteMs")] = ms(u"Read completion overhead");
            host[QStringLiteral("writeCompleteMs")] = ms(u"Write completion overhead");
            host[QStringLiteral("dataPrepMs")] = ms(u"Data preparation overhead");
            host[QStringLiteral("reselectMs")] = ms(u"First reselect overhead");
            pair("readDisconnectMs", QStringLiteral("Read disconnect afterread"), QStringLiteral("Read disconnect afterwrite"));
            host[QStringLiteral("writeDisconnectMs")] = ms(u"Write disconnect overhead");
            // How a command stops the prefetch (disk_buffer_stopable_access): at once without "Disconnect
            // write if seek", else after a seek under way and, without "Stop prefetch in sector", the sector.
            host[QStringLiteral("readAheadStop")] = disk.integerAt(u"Disconnect write if seek").value_or(1) == 0
                ? QStringLiteral("atOnce")
                : disk.integerAt(u"Stop prefetch in sector").value_or(1) != 0 ? QStringLiteral("inSector")
                                                                              : QStringLiteral("sectorEnd");
            host[QStringLiteral("minimumWriteSeekMs")] = disk.numberAt(u"Minimum seek delay").value_or(0);
            host[QStringLiteral("readAheadOnIdleHit")] = disk.integerAt(u"Read-ahead on idle hit").value_or(1) != 0;
            host[QStringLiteral("readHitsOnWriteData")] = disk.integerAt(u"Allow read hits on write data").value_or(1) != 0;
            const double water = disk.numberAt(u"High (read) water mark").value_or(0);
            host[QStringLiteral("readWatermark")] = std::clamp(water, 0.0, 1.0);
            if (disk.integerAt(u"Set watermark by reqsize").value_or(1) == 0 && water > 0)
                im.warn(*disk.find(u"Set watermark by reqsize"), u"Set watermark by reqsize",
                    QStringLiteral("0: the watermark is taken as a fraction of the request, not of the segment"));
            // Combine seq writes (BUFFER_APPEND) is modelled for fast (write-back) writes only.
            if (disk.integerAt(u"Combine seq writes").value_or(0) != 0
                && disk.integerAt(u"Fast write level").value_or(0) != 0)
                host[QStringLiteral("combineSeqWrites")] = true;
            if (disk.integerAt(u"Extra write disconnect").value_or(0) != 0) {
                host[QStringLiteral("extraWriteDisconnect")] = true;
                handled << QStringLiteral("Extra write disconnect");
            }
            o[QStringLiteral("host")] = host;
            handled << QStringLiteral("Time scale for overheads") << QStringLiteral("Read completion overhead")
                    << QStringLiteral("Write completion overhead") << QStringLiteral("Data preparation overhead")
                    << QStringLiteral("First reselect overhead") << QStringLiteral("High (read) water mark")
                    << QStringLiteral("Set watermark by reqsize") << QStringLiteral("Read disconnect afterread")
                    << QStringLiteral("Read disconnect afterwrite") << QStringLiteral("Write disconnect overhead")
                    << QStringLiteral("Stop prefetch in sector") << QStringLiteral("Minimum seek delay")
                    << QStringLiteral("Disconnect write if seek") << QStringLiteral("Read-ahead on idle hit")
                    << QStringLiteral("Allow read hits on write data") << QStringLiteral("Combine seq writes");
        }

        // Counts an int holds when given (#52: they were narrowed to int); absent, the cache is off.
        QString cacheError;
        const auto segments = disk.intOr(u"Number of buffer segments", 0, &cacheError);
        const auto segmentSectors = segments ? disk.intOr(u"Segment size (in blks)", 0, &cacheError) : std::nullopt;
        const auto readAhead = segmentSectors ? disk.intOr(u"Maximum read-ahead (blks)", 0, &cacheError) : std::nullopt;
        const auto fastWrite = readAhead ? disk.intOr(u"Fast write level", 0, &cacheError) : std::nullopt;
        const auto continuous = fastWrite ? disk.intOr(u"Buffer continuous read", 3, &cacheError) : std::nullopt;
        if (!continuous) {
            fail(error, cacheError);
            return std::nullopt;
        }
        const bool caching = disk.integerAt(u"Enable caching in buffer").value_or(1) != 0;
        if (caching && segments && *segments > 0 && segmentSectors && *segmentSectors > 0) {
            if (perSectorMs <= 0) {
                im.warn(*disk.find(u"Number of buffer segments"), u"Number of buffer segments",
                    QStringLiteral("the cache is dropped: no per-sector transfer time for its hits"));
            } else {
                QJsonObject cache;
                cache[QStringLiteral("segments")] = int(*segments);
                cache[QStringLiteral("segmentSectors")] = int(*segmentSectors);
                int ra = int(readAhead.value_or(0));
                if (ra > *segmentSectors) {
                    im.warn(*disk.find(u"Maximum read-ahead (blks)"), u"Maximum read-ahead (blks)",
                        QStringLiteral("%1 sectors capped at the segment size %2").arg(ra).arg(*segmentSectors));
                    ra = int(*segmentSectors);
                }
                // Buffer continuous read (disksim_diskcache.c, disk_buffer_get_max_readahead): 0 none,
                // 3 up to the maximum read-ahead, 4 to the end of the next track; 1 and 2 (track or
                // cylinder end) are read as 3.
                const DiskSimValue* contValue = disk.find(u"Buffer continuous read");
                const int cont = *continuous;
                if (cont == 0)
                    ra = 0;
                else if (cont == 4)
                    cache[QStringLiteral("readAhead")] = QStringLiteral("nextTrack");
                else if (cont == 1)
                    cache[QStringLiteral("readAhead")] = QStringLiteral("trackEnd");
                else if (cont != 3 && contValue)
                    im.warn(*contValue, u"Buffer continuous read",
                        QStringLiteral("= %1 (to the end of the cylinder) is modelled as 3, up to 'Maximum read-ahead'")
                            .arg(cont));
                cache[QStringLiteral("readAheadSectors")] = ra;
                cache[QStringLiteral("writeCacheEnabled")] = fastWrite.value_or(0) > 0;
                o[QStringLiteral("cache")] = cache;
            }
        }
        im.warnUnhandled(disk, handled, QStringLiteral("not modelled"));
    }

    // The order DiskSim serves the disk's queue in: its device driver's (disksim_iodriver's Scheduler; the
    // requests wait there, the validation files' disks taking one at a time, Max queue length = 1). Numbered
    // as disksim_ioqueue.h: 1 FCFS, 2 ELEVATOR_LBN, 3 CYCLE_LBN (C-LOOK), 4 SSTF_LBN. Arrays of the preset
    // order each member's queue so unless their spec says scheduler= (SimConfig::diskScheduler).
    QStringList notes;
    if (const auto drivers = doc->blocksOfType(u"disksim_iodriver"); !drivers.empty()) {
        const DiskSimValue* queue = drivers.front()->blockAt(u"Scheduler", u"disksim_ioqueue");
        const DiskSimValue* policy = queue ? queue->find(u"Scheduling policy") : nullptr;
        if (policy && policy->isNumber()) {
            const int p = int(policy->number);
            const char* const ids[] = { nullptr, "fifo", "elevator", "clook", "sstf" };
            const char* const names[] = { nullptr, "FCFS", "ELEVATOR_LBN", "CYCLE_LBN, C-LOOK", "SSTF_LBN" };
            if (p >= 1 && p <= 4 && policy->integral) {
                o[QStringLiteral("scheduler")] = QString::fromLatin1(ids[p]);
                notes << QStringLiteral("Scheduling policy (%1): = %2 (%3): the driver's queue order; arrays of this "
                                        "disk order each member's queue scheduler=%4 unless their spec gives scheduler=")
                             .arg(policy->where())
                             .arg(p)
                             .arg(QString::fromLatin1(names[p]), QString::fromLatin1(ids[p]));
            } else {
                im.warn(*policy, u"Scheduling policy",
                    QStringLiteral("= %1 not modelled (known: 1 FCFS, 2 ELEVATOR_LBN, 3 CYCLE_LBN, 4 SSTF_LBN): arrays "
                                   "of this disk queue FIFO unless their spec gives scheduler=")
                        .arg(policy->text));
            }
        }
    }

    const auto checked = parseDiskParameters(o, &err);
    if (!checked) {
        fail(error, QStringLiteral("%1: the imported preset is refused: %2").arg(fileName, err));
        return std::nullopt;
    }
    return DiskSimImport { o, im.warnings, notes };
}

} // namespace raidscope
