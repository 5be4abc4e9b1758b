// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// DiskSim's dm_layout_g4 (diskmodel/layout_g4.c, layout_g4_load.c; the Maxtor 300 GB of valid/dualseek_example)
// read far enough to give RaidScope's zones. A g4 layout maps LBNs by a tree: track patterns (TP: the LBNs
// a track holds and its physical sectors) under index nodes (IDX: run-length entries, each placing
// instances of a child at an LBN and cylinder offset, cylinders rising or, serpentine, falling), the
// last node the root; Slips push LBNs past slipped sectors and Remaps move defective ones.
//
// The import walks the tree to every track, counts the LBNs each cylinder holds, and makes zones of
// the cylinders whose LBNs per track (averaged over the surfaces, rounded up) are the same: each zone's
// media rate per cylinder is DiskSim's, and the sectors a cylinder of the zone holds beyond its LBNs,
// with the slipped ones, are the zone's spares (DiskSim's sectors-per-zone sparing), so the disk has
// DiskSim's blocks and each zone starts at DiskSim's LBN. What the zones cannot hold is said by the
// caller's warnings: the order of tracks inside a cylinder run (serpentine), each surface's own sectors
// per track, the patterns' skews, where in a zone the slips fall, and remapped defects.

#include <QJsonArray>
#include <QString>

#include <cstdint>
#include <optional>
#include <vector>

namespace raidscope {

struct DiskSimValue;
struct ZoneSpec;

struct LayoutG4Zone
{
    int firstCylinder = 0;
    int cylinders = 0;
    int sectorsPerTrack = 0; ///< the zone's LBNs per track, the tracks' average, rounded up
    std::uint64_t blocks = 0; ///< LBNs in the zone after its slips (DiskSim's, in LBN order)
    std::uint64_t spares = 0; ///< cylinders * surfaces * sectorsPerTrack - blocks
};

struct LayoutG4Summary
{
    std::vector<LayoutG4Zone> zones; ///< contiguous from cylinder 0
    int cylinders = 0; ///< the highest cylinder the tree reaches, plus one
    std::uint64_t treeBlocks = 0; ///< LBNs the index covers, slipped positions included
    std::uint64_t slipped = 0; ///< the Slips' total
    std::uint64_t tracks = 0; ///< tracks the tree reaches
    std::uint64_t tracksMissing = 0; ///< (cylinder, surface) pairs below `cylinders` it does not (spare tracks)
    std::uint64_t remaps = 0;
    bool serpentine = false; ///< some run walks its cylinders downwards
    bool mixedSurfaces = false; ///< tracks of one cylinder differ in their physical sectors per track
};

/// The zones of a dm_layout_g4 block for a disk of `surfaces` surfaces; nullopt and "file:line: what" when the
/// tree is malformed (a child out of range, a loop, an entry of the wrong length).
std::optional<LayoutG4Summary> summarizeLayoutG4(const DiskSimValue& layout, int surfaces, QString* error);

/// The zones as a preset's JSON (appended to `zonesJson`) and as ZoneSpecs (appended to `specs`), for
/// sectors-per-zone sparing. DiskSim's disk has `blockCount` blocks when given (disk.modspec's dm_sectors; g4's
/// ltop refuses an LBN past it): LBNs the tree holds beyond them become spares of the last zone. The skews,
/// which g4 holds as angles per index entry, are a head switch's worth of whole sectors in every zone.
/// Returns why the zones cannot be taken (a zone's spares past what an int holds), empty when they can.
QString appendLayoutG4Zones(LayoutG4Summary& g4, std::optional<std::int64_t> blockCount, double rpm, double headSwitchMs,
    std::vector<ZoneSpec>& specs, QJsonArray& zonesJson);
/// The import's one warning for a g4 layout: what the zones hold and what they do not.
QString layoutG4Warning(const LayoutG4Summary& g4);

} // namespace raidscope
