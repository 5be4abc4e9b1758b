// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Shared by the DiskSim import's files: disksimimport.cpp finds the disk and checks its figures,
// disksimimportmodel.cpp turns its dm_disk's layout and seek curve into the preset's, and
// disksimimportdrive.cpp its disksim_disk (transfer, overheads, cache) and its driver's scheduler.

#include "disksimlayoutg4.h"
#include "disksimparams.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace raidscope::disksim {

// The import's messages (disksimimport.cpp): fail() sets *error and returns false; a value's
// "file:line" with the file name only; a number with 8 significant digits.
bool fail(QString* error, const QString& what);
QString shortWhere(const DiskSimValue& v);
QString fmt(double d);

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

// What importDiskSim() has found in the dm_disk and checked (every optional here is set) before
// the stages below turn it into the preset.
struct Figures
{
    const DiskSimValue* model = nullptr; // dm_disk
    const DiskSimValue* layout = nullptr; // dm_layout_g1 or dm_layout_g4
    const DiskSimValue* mech = nullptr; // dm_mech_g1
    const DiskSimValue* zones = nullptr; // dm_layout_g1's Zones; an empty list for dm_layout_g4
    std::optional<int> surfaces, cylinders;
    std::optional<double> rpm, headSwitch, settle;
    std::optional<QString> seekType;
    std::optional<LayoutG4Summary> g4; // dm_layout_g4 only
};

// The stages, in the order importDiskSim() runs them (the warnings come in that order). Each returns
// false with *error set (see fail()) on what the import refuses.
/// The zones, sparing and capacity; `nextCylinder` receives the cylinder after the last band.
bool importLayout(Figures& figures, Importer& im, QJsonObject& o, int& nextCylinder, QString* error);
/// The seek curve (and a dual profile's write curve) and the cylinder switch time.
bool importSeek(const Figures& figures, int nextCylinder, Importer& im, QJsonObject& o, QString* error);
/// The disksim_disk's transfer time, overheads, controller timing and cache.
bool importDrive(const Found& found, const DiskSimDocument* doc, Importer& im, QJsonObject& o, QString* error);
/// The device driver's queue order, as the preset's scheduler and a note.
void importScheduler(const DiskSimDocument* doc, Importer& im, QJsonObject& o, QStringList& notes);

} // namespace raidscope::disksim
