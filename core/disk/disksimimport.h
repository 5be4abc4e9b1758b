// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Turns a DiskSim 4.0 disk description (a .parv with its .diskspecs/.model/.seek, or a lone .model)
// into a RaidScope disk preset (the JSON of resources/disks/*.json). The preset schema is smaller
// than DiskSim's: whatever it cannot hold is reported as a warning naming the DiskSim key and its
// file:line, never dropped silently. Numeric settings equal to 0 and empty lists are DiskSim's "off"
// and are not reported.

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace raidscope {

struct SeekFigures;

/// One line of a DiskSim `.seek` file: "distance, time".
struct DiskSimSeekPoint
{
    int distanceCylinders = 0;
    double ms = 0;
    double writeMs = -1; ///< a dual-seek file's 4th column (distance, read, deviation, write); -1 when absent
};

/// Reads a DiskSim extracted seek curve: a first line "Seek distances measured: N", then N lines
/// "distance,<blanks>time" (cylinders, ms), distances rising from >= 1, times finite and >= 0; a third
/// column (the time's deviation) is read over, a fourth is the write seek time (DiskSim's dual seek
/// profile, valid/dualseek_example/README), in every line or none.
/// nullopt and a one-line "file:line: expected ..." otherwise (also for a count that differs from N).
std::optional<std::vector<DiskSimSeekPoint>> readDiskSimSeekFile(const QString& path, QString* error = nullptr);
/// The same for text held in memory; `fileName` names it in messages.
std::optional<std::vector<DiskSimSeekPoint>> parseDiskSimSeekText(
    const QByteArray& text, const QString& fileName, QString* error = nullptr);

/// The two-function curve (seekcurve.h) closest to a table in root mean square over its points: the
/// threshold is the table distance that minimises it, the square-root part runs through the table's
/// time at distance 1 with a least-squares slope over the points below the threshold, the linear part
/// is the least-squares line over the points from the threshold on, continued to the full stroke. `rmsMs` receives the
/// fit's error. The table needs >= 3 points and a distance >= 2 below maxDistanceCylinders.
std::optional<SeekFigures> fitSeekFigures(
    const std::vector<DiskSimSeekPoint>& table, int maxDistanceCylinders, double* rmsMs = nullptr);

struct DiskSimImport
{
    QJsonObject presetJson; ///< accepted by parseDiskParameters()
    QStringList warnings; ///< one line each: "Key (file:line): what is lost or approximated"
    /// One line each: "Key (file:line): what the preset takes from it and how it is used", where the file's
    /// setting changes how RaidScope simulates the disk by default (the driver's Scheduling policy).
    QStringList notes;
};

/// Imports the (first) disk of a DiskSim top file (.parv, .diskspecs) or the dm_disk of a .model file.
/// nullopt and a one-line reason on a parse error, a missing figure, an unsupported seek type or a
/// result that parseDiskParameters() refuses.
std::optional<DiskSimImport> importDiskSim(const QString& parvOrModelPath, QString* error = nullptr);

} // namespace raidscope
