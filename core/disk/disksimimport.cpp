// SPDX-License-Identifier: GPL-3.0-or-later
// Turns a DiskSim disk description into a RaidScope preset (disksimimport.h). This file finds the disk
// and checks its figures, then runs the stages of disksimimport_p.h: the dm_disk's layout and seek
// curve (disksimimportmodel.cpp), the disksim_disk and its driver (disksimimportdrive.cpp).
#include "disksimimport.h"
#include "disksimimport_p.h"

#include "diskparameters.h"

#include <QFileInfo>
#include <QJsonArray>

namespace raidscope {

namespace disksim {

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

} // namespace disksim

using disksim::fail;
using disksim::Figures;
using disksim::Found;
using disksim::Importer;
using disksim::shortWhere;

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

    Figures figures { &model, layout, mech, zones, surfaces, cylinders, rpm, headSwitch, settle, seekType,
        std::move(g4) };
    int nextCylinder = 0;
    if (!disksim::importLayout(figures, im, o, nextCylinder, error)
        || !disksim::importSeek(figures, nextCylinder, im, o, error)
        || !disksim::importDrive(found, &*doc, im, o, error))
        return std::nullopt;

    QStringList notes;
    disksim::importScheduler(&*doc, im, o, notes);

    const auto checked = parseDiskParameters(o, &err);
    if (!checked) {
        fail(error, QStringLiteral("%1: the imported preset is refused: %2").arg(fileName, err));
        return std::nullopt;
    }
    return DiskSimImport { o, im.warnings, notes };
}

} // namespace raidscope
