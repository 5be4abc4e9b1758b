// SPDX-License-Identifier: GPL-3.0-or-later
// The DiskSim import's dm_disk (disksimimport_p.h): its layout's zones and sparing, and its
// mechanical model's seek curve, as the preset holds them.
#include "disksimimport_p.h"

#include "diskgeometry.h"
#include "diskparameters.h"
#include "disksimimport.h"
#include "numberrange.h"
#include "seekcurve.h"

#include <QJsonArray>

#include <algorithm>
#include <climits>
#include <cmath>
#include <map>

namespace raidscope::disksim {

bool importLayout(Figures& figures, Importer& im, QJsonObject& o, int& nextCylinder, QString* error)
{
    const DiskSimValue& model = *figures.model;
    const DiskSimValue* layout = figures.layout;
    const DiskSimValue* zones = figures.zones;
    const auto& surfaces = figures.surfaces;
    const auto& cylinders = figures.cylinders;
    const auto& rpm = figures.rpm;
    const auto& headSwitch = figures.headSwitch;
    auto& g4 = figures.g4;
    QString err;

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
            return false;
        }
        sparing.scheme = SparingScheme(*scheme);
    }
    const auto range = layout->intOr(u"Rangesize for sparing", 0, &err);
    if (!range) {
        fail(error, err);
        return false;
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
    std::map<QString, std::pair<const DiskSimValue*, int>> zoneDropped; // key -> first value, zones
    const QStringList zoneHandled { QStringLiteral("First cylinder number"), QStringLiteral("Last cylinder number"),
        QStringLiteral("Blocks per track"), QStringLiteral("Skew for track switch"),
        QStringLiteral("Skew for cylinder switch"), QStringLiteral("Offset of first block"),
        QStringLiteral("Empty space at zone front"), QStringLiteral("Number of spares"), QStringLiteral("slips") };
    for (std::size_t i = 0; i < zones->items.size(); ++i) {
        const DiskSimValue& z = zones->items[i];
        if (!z.isBlock() || z.typeName != QLatin1String("dm_layout_g1_zone")) {
            fail(error, QStringLiteral("%1: expected a dm_layout_g1_zone in Zones").arg(z.where()));
            return false;
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
            return false;
        }
        if (!spares) {
            fail(error, err);
            return false;
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
            return false;
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
                    return false;
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
            return false;
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
        return false;
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
    return true;
}

bool importSeek(const Figures& figures, int nextCylinder, Importer& im, QJsonObject& o, QString* error)
{
    const DiskSimValue* mech = figures.mech;
    const auto& cylinders = figures.cylinders;
    const auto& settle = figures.settle;
    const auto& seekType = figures.seekType;
    QString err;

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
            return false;
        }
        const auto table = readDiskSimSeekFile(curveValue->pathRelativeToFile(), &err);
        if (!table) {
            fail(error, err);
            return false;
        }
        double rms = 0;
        const auto fitted = fitSeekFigures(*table, maxDistance, &rms);
        if (!fitted) {
            fail(
                error, QStringLiteral("%1: the seek table has too few points to fit a curve").arg(curveValue->where()));
            return false;
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
            return false;
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
            return false;
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
                return false;
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
        return false;
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
    return true;
}

} // namespace raidscope::disksim
