// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "diskgeometry.h"
#include "seekcurve.h"

#include <QJsonObject>
#include <QString>

#include <cstdint>
#include <optional>

namespace raidscope {

struct DiskPreset;

/// The disk's segmented read-ahead cache (Shear §2.2: "a simple segmented cache").
struct DiskCacheFigures
{
    int segments = 0; ///< 0: no cache
    int segmentSectors = 0; ///< sectors one segment holds
    int readAheadSectors = 0; ///< sectors prefetched past the end of a read (within the segment)
    bool writeCacheEnabled = false; ///< false: write-through
};

/// Every figure of a disk preset, checked, in the preset's own units. MB is 10^6 bytes.
struct DiskParameters
{
    enum class Kind { Mechanical, SolidState };

    QString id;
    Kind kind = Kind::Mechanical;
    std::uint64_t capacityBytes = 0; ///< as the preset declares it; equals the geometry's capacity
    int sectorBytes = 512;
    double commandOverheadMs = 0; ///< fixed controller/command time of every operation
    double busMBps = 0; ///< interface rate, for cache hits and write-back acknowledgements

    // Mechanical disks.
    DiskGeometry geometry;
    double rotationMs = 0;
    double headSwitchMs = 0;
    double cylinderSwitchMs = 0;
    double writeSettleMs = 0; ///< added to a write's seek when there is no separate write curve
    SeekFigures readSeek;
    std::optional<SeekFigures> writeSeek;
    DiskCacheFigures cache;

    // Solid-state disks: no positioning, a fixed latency and a bandwidth per direction.
    std::uint64_t logicalSectors = 0;
    double readLatencyMs = 0;
    double writeLatencyMs = 0;
    double readMBps = 0;
    double writeMBps = 0;
};

/// Parses a preset's JSON (resources/disks/*.json). nullopt and a one-line reason naming the key
/// when a figure is missing or inconsistent, including capacityBytes differing from the geometry's.
std::optional<DiskParameters> parseDiskParameters(const QJsonObject& json, QString* error = nullptr);
/// The same for a loaded preset.
std::optional<DiskParameters> parseDiskParameters(const DiskPreset& preset, QString* error = nullptr);

} // namespace raidscope
