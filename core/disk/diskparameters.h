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
    /// DiskSim's "Buffer continuous read = 4" (disksim_diskcache.c, disk_buffer_get_max_readahead):
    /// read ahead only to the end of the track holding the sector after the request, one track more
    /// when the segment already held data from before that track (a sequential stream);
    /// readAheadSectors is then unused. Preset key cache.readAhead = "nextTrack".
    bool readAheadToTrackEnd = false;
    /// DiskSim's "Buffer continuous read = 1" (disksim_diskctlr.c, disk_initiate_seek: a background read
    /// that would switch heads or cylinders stops): read ahead up to readAheadSectors past the request, no
    /// further than the end of the track its last sector is on. Preset key cache.readAhead = "trackEnd".
    bool readAheadStopsAtTrackEnd = false;
};

/// A drive controller's host-side timing as DiskSim models it (disksim_diskctlr.c: disk_read_arrive,
/// disk_write_arrive, disk_request_complete, disk_get_blktranstime). When `enabled` it replaces
/// commandOverheadMs and busMBps for mechanical disks: the command overhead depends on the case
/// (read hit or miss, write with or without write-back) and on whether the previous request was a
/// read or a write; every transfer crosses the host interface at a time per sector, overlapped with
/// the media; a completion overhead follows the last sector. Indices [0] after a read, [1] after a write.
struct DiskHostTiming
{
    bool enabled = false;
    double readMsPerSector = 0; ///< host transfer per sector (DiskSim: max(bus block time, Bulk sector transfer time))
    double writeMsPerSector = 0;
    double readHitMs[2] = { 0, 0 }; ///< command overhead of a read the buffer holds
    double readMissMs[2] = { 0, 0 }; ///< before the mechanism starts a read it must fetch
    double writeHitMs[2] = { 0, 0 }; ///< command overhead of a write-back (fast) write
    double writeMissMs[2] = { 0, 0 }; ///< command overhead of a write-through write
    double readCompleteMs = 0; ///< after the last sector of a read crossed the interface
    double writeCompleteMs = 0;
    double dataPrepMs = 0; ///< before the first sector crosses the interface
    double reselectMs = 0; ///< a read miss reconnects to the host before its data crosses, a write-through write before it completes
    /// DiskSim's "Read disconnect afterread/afterwrite" (disk_read_arrive): a read miss disconnects after its
    /// command overhead and this; it cannot reconnect before.
    double readDisconnectMs[2] = { 0, 0 };
    /// DiskSim's "Write disconnect overhead" (disk_reconnection_or_transfer_complete): a write-through write
    /// disconnects once its data is in the buffer, taking this; it reconnects to complete no earlier.
    double writeDisconnectMs = 0;
    double readWatermark = 0; ///< a read miss's transfer waits for this fraction of min(request, segment)
    /// DiskSim's "Extra write disconnect" (disksim_diskcache.c, disk_buffer_block_available): a
    /// write-through write's media starts only once min(request, 10) sectors (15 from 45 sectors on)
    /// are in the buffer.
    bool extraWriteDisconnect = false;
    /// How a new command preempts the running read-ahead (disksim_diskctlr.c, disk_buffer_stopable_access;
    /// DiskSim's "Disconnect write if seek" and "Stop prefetch in sector" choose).
    enum class ReadAheadStop : std::uint8_t {
        AtCommand, ///< it runs on until the command overhead has passed (the model before DiskSim's rule)
        /// "Disconnect write if seek = 0": as the command arrives, a sector under the head given up; a track
        /// switch under way leaves the head on the new track and delays the command's seek by what was
        /// left of it (disk_check_hda adds DISK_SEEK_STOPTIME - now to the overhead's delay).
        AtOnce,
        InSector, ///< "= 1" with "Stop prefetch in sector = 1": mid-sector at once, a switch under way finishes first
        AtSectorEnd, ///< "= 1" with "Stop prefetch in sector = 0": the sector or switch under way finishes first
    };
    ReadAheadStop readAheadStop = ReadAheadStop::AtCommand;
    /// DiskSim's "Read-ahead on idle hit" (disksim_diskctlr.c, disk_check_hda_pending: readaheadifidle): a
    /// read hit on the read-ahead's segment restarts a read-ahead that had stopped; false: only a running
    /// one reads on to the hit's new end.
    bool readAheadOnIdleHit = true;
    /// DiskSim's "Allow read hits on write data" (disksim_diskcache.c, disk_buffer_check_read_segments skips a
    /// segment last written): false, a write-back write's sectors are not kept for reads.
    bool readHitsOnWriteData = true;
    /// DiskSim's "Minimum seek delay" (disksim_diskctlr.c, disk_check_hda_pending and disk_initiate_seek):
    /// a write's positioning takes at least this long.
    double minimumWriteSeekMs = 0;
    /// DiskSim's "Combine seq writes" with fast writes (disksim_diskcache.c, disk_buffer_check_write_segments:
    /// BUFFER_APPEND): a write-back write starting where the previous one ended, while that one's media
    /// write is under way, joins its segment and crosses the interface at once.
    bool combineSeqWrites = false;
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
    DiskHostTiming host; ///< the preset's optional "host" object

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
