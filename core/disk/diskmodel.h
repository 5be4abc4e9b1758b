// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "diskgeometry.h"
#include "diskparameters.h"
#include "seekcurve.h"
#include "segmenttable.h"

#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

namespace raidscope {

struct DiskPreset;

/// Scales a disk's mechanics, for heterogeneous arrays (Shear §5.1, Fig. 18: fast/slow rotating,
/// fast/slow seeking disks). 2.0 is twice as fast: rotation (hence media rate) or seeks and
/// head/cylinder switches take half the time. Skews stay in sectors, as on a real format.
struct DiskSpeed
{
    double rotation = 1.0;
    double seek = 1.0;
    static DiskSpeed uniform(double factor) { return { factor, factor }; }
};

/// How one operation's time was spent. The parts add up to completion - start.
struct ServiceBreakdown
{
    enum class Cache : std::uint8_t {
        None, ///< no cache involved (a write-through write, a read on a disk without cache)
        Miss, ///< a read the cache did not hold: the mechanism served it
        Hit, ///< a read wholly in a cache segment: controller and bus time only
        ReadAhead, ///< a read the running read-ahead reached: it waited for the stream, no positioning
        WriteBack, ///< a write acknowledged from the write cache; the mechanism writes it afterwards
    };
    std::chrono::nanoseconds start { 0 }; ///< when the disk began the operation (>= now)
    std::chrono::nanoseconds overhead { 0 }; ///< command overhead (an SSD: plus its fixed access latency)
    std::chrono::nanoseconds destageWait { 0 }; ///< waiting for the mechanism to finish a write-back
    std::chrono::nanoseconds seek { 0 }; ///< positioning: seek, or a head switch on the same cylinder
    std::chrono::nanoseconds rotational { 0 }; ///< waiting for sectors, at the start and after track switches
    std::chrono::nanoseconds transfer { 0 }; ///< sectors passing under the head (media), or bus time
    std::chrono::nanoseconds switches { 0 }; ///< head and cylinder switches while transferring
    int headSwitches = 0;
    int cylinderSwitches = 0;
    Cache cache = Cache::None;
};

struct ServiceResult
{
    std::chrono::nanoseconds completion { 0 }; ///< when the host sees the operation complete
    ServiceBreakdown breakdown;
};

/// Running totals since construction or reset().
struct DiskCounters
{
    std::uint64_t reads = 0;
    std::uint64_t writes = 0;
    std::uint64_t sectorsRead = 0;
    std::uint64_t sectorsWritten = 0;
    std::uint64_t cacheHits = 0; ///< reads served wholly from a segment
    std::uint64_t readAheadHits = 0; ///< reads served by waiting for the running read-ahead
    std::uint64_t cacheMisses = 0; ///< reads the mechanism served from a seek
    std::uint64_t readAheadSectors = 0; ///< sectors prefetched (counted when a read-ahead stops or is checked)
    std::uint64_t invalidations = 0; ///< segments dropped because a write overlapped them
    std::uint64_t writeBacks = 0; ///< writes acknowledged from the write cache
    std::uint64_t headSwitches = 0;
    std::uint64_t cylinderSwitches = 0;
};

/// One member disk: where its head is and what it is doing, and the service time of each operation.
///
/// Mechanical disks follow Shear §2.2 (seek curve, rotation, head and cylinder switch, track and
/// cylinder skew, segmented cache); zoned geometry after the zoned-RAID paper §2.1 (more sectors,
/// faster transfer on outer tracks). The platters turn continuously from time 0: at time t the head
/// is over angle (t mod rotation) / rotation of every track.
///
/// Operations are served one at a time in the order given (no command queueing); an operation
/// handed over while the disk is busy starts when the previous one completes. After a read the disk
/// keeps reading ahead into the read's segment until the next command arrives (preemptible
/// read-ahead). A write-cached write is acknowledged after bus time and written by the mechanism at
/// once afterwards, so the next mechanical operation waits for it.
///
/// service() does not allocate. Not thread-safe: one model per simulated disk.
class DiskModel
{
public:
    using Ns = std::chrono::nanoseconds;

    explicit DiskModel(const DiskParameters& parameters, DiskSpeed speed = {});
    /// nullopt and a reason when the preset's figures are missing or inconsistent.
    static std::optional<DiskModel> fromPreset(
        const DiskPreset& preset, DiskSpeed speed = {}, QString* error = nullptr);

    /// Serves `sectors` (> 0) LBAs from startLba, arriving at `now`.
    ServiceResult service(std::uint64_t startLba, std::uint32_t sectors, bool isWrite, Ns now);

    /// Back to time 0, head on cylinder 0 head 0, cache empty, counters zero.
    void reset();

    const DiskParameters& parameters() const { return m_params; }
    const DiskGeometry& geometry() const { return m_params.geometry; }
    bool isSolidState() const { return m_params.kind == DiskParameters::Kind::SolidState; }
    std::uint64_t capacityBytes() const;
    std::uint64_t totalSectors() const;
    const DiskCounters& counters() const { return m_counters; }

    /// Where the head is now (after the last operation, or where the read-ahead has taken it).
    int headCylinder() const { return m_at.cylinder; }
    int headNumber() const { return m_at.head; }
    /// When the last operation handed to service() completes for the host.
    Ns busyUntil() const { return Ns(std::int64_t(m_busyUntilNs)); }

    double rotationNs() const { return m_rotationNs; }
    double headSwitchNs() const { return m_headSwitchNs; }
    double cylinderSwitchNs() const { return m_cylinderSwitchNs; }
    double commandOverheadNs() const { return m_overheadNs; }
    /// Time one sector takes to pass under the head in a zone.
    double sectorNs(int zone) const { return m_zoneSectorNs[std::size_t(zone)]; }
    /// Seek time for a distance, read or write curve, with the speed factor applied.
    double seekNs(int distanceCylinders, bool isWrite) const;
    /// Bus time for a number of sectors (cache hits, write-back acknowledgements).
    double busNs(std::uint64_t sectors) const;

private:
    // A transfer in progress: the head is on `at`'s track and free at `timeNs`.
    struct Cursor
    {
        PhysicalAddress at;
        std::uint64_t lba = 0;
        double timeNs = 0;
        // On a mapped geometry: LBAs [lba, runEnd) lie on the sectors from at.sector on, on at's track (what
        // DiskGeometry::contiguousSectors() found when the transfer reached that track), so locate(lba) is `at`
        // while lba < runEnd. 0: not known.
        std::uint64_t runEnd = 0;
    };
    struct Parts
    {
        double rotationalNs = 0;
        double transferNs = 0;
        double switchNs = 0;
        int headSwitches = 0;
        int cylinderSwitches = 0;
        // Host-interface pipeline (DiskParameters::host): when hostNsPerSector > 0, every sector
        // read from the media also crosses the interface, no earlier than it left the media and
        // after the sector before it; hostEndNs is when the last one so far has crossed.
        double hostNsPerSector = 0;
        double hostEndNs = 0;
    };

    // service() for a disk with DiskParameters::host: DiskSim's controller timing.
    ServiceResult serveHosted(std::uint64_t startLba, std::uint64_t end, bool isWrite, double startNs);
    ServiceResult serveSolidState(std::uint64_t sectors, bool isWrite, double startNs);
    double rotationalWaitNs(double timeNs, double angle) const;
    // Transfers up to `sectors` from the cursor, stopping before a sector that would end after
    // limitNs; returns the sectors transferred and advances the cursor.
    std::uint64_t transfer(Cursor& cursor, std::uint64_t sectors, double limitNs, Parts& parts) const;
    // Brings the read-ahead up to timeNs: its segment grows by what the head read meanwhile.
    void advanceReadAhead(double timeNs);
    void stopReadAhead(double timeNs);
    // The hosted path's preemption of the read-ahead by a command arriving at arrivalNs, decoded at commandNs;
    // returns how much later than otherwise the command's positioning may start (a switch given up).
    double preemptReadAhead(double arrivalNs, double commandNs);
    // Where the head reaches `lba` for a command arriving at arrivalNs whose overhead is done at
    // overheadDoneNs: the read-ahead preempted, the mechanism free, then the seek or head switch
    // (its time in *positionNsOut when given).
    Cursor positionAfterCommand(std::uint64_t lba, double arrivalNs, double overheadDoneNs, double* positionNsOut = nullptr);
    // A cursor on `at` (locate(lba)) at timeNs.
    Cursor cursorAt(const PhysicalAddress& at, std::uint64_t lba, double timeNs) const;
    void startReadAhead(int segment, const Cursor& from, std::uint64_t requestEnd);
    // One past the last LBA a read ending at requestEnd, in a segment starting at segmentStart, reads ahead to.
    std::uint64_t readAheadEnd(std::uint64_t segmentStart, std::uint64_t requestStart, std::uint64_t requestEnd) const;
    int findSegment(std::uint64_t lba, std::uint64_t end) const;
    int victimSegment() const;
    // Drops the segments overlapping [lba, end), all but `spare` (-1: none).
    void invalidate(std::uint64_t lba, std::uint64_t end, int spare = -1);
    void fillSegment(int segment, std::uint64_t lba, std::uint64_t end);
    void readAheadSegmentEnds(bool touch);
    ServiceResult afterService(const ServiceResult& r, const Cursor& c, std::uint64_t startLba, std::uint64_t end,
                               bool isWrite, bool keep);

    DiskParameters m_params;
    DiskSpeed m_speed;
    SeekCurve m_readSeek;
    SeekCurve m_writeSeek;
    double m_rotationNs = 0;
    double m_inverseRotationNs = 0; ///< 1 / m_rotationNs, for the phase's exactRemainder()
    std::vector<double> m_zoneSectorNs; ///< per zone, m_rotationNs / its sectors per track (one division fewer a track)
    double m_headSwitchNs = 0;
    double m_cylinderSwitchNs = 0;
    double m_writeSettleNs = 0;
    double m_overheadNs = 0;
    double m_busNsPerSector = 0;
    double m_ssdReadNsPerSector = 0;
    double m_ssdWriteNsPerSector = 0;

    PhysicalAddress m_at; // the head's track (sector unused)
    double m_busyUntilNs = 0; // host-visible completion of the last operation
    double m_mechanismFreeNs = 0; // when the mechanism finishes (later than busy after a write-back)
    double m_writeMediaEndNs = 0; // the hosted path: when the last write's media access ends
    SegmentTable m_segments; // sized once in the constructor; [start, end), end == start: empty
    std::uint64_t m_useClock = 0;
    bool m_readAheadActive = false;
    int m_readAheadSegment = -1;
    Cursor m_readAhead;
    std::uint64_t m_readAheadLimit = 0; // one past the last LBA the read-ahead will fetch
    DiskCounters m_counters;
    bool m_lastWasWrite = false; // DiskSim starts as if after a read (disksim_disk.c: lastflags = READ)
    // The hosted path's sequential write-back writes (DiskHostTiming::combineSeqWrites): whether the last
    // write-back write's media write may still take an appended write, the LBAs its segment's writes span,
    // and where that media write stands when done.
    bool m_appendOpen = false;
    std::uint64_t m_appendFirst = 0;
    std::uint64_t m_appendEnd = 0;
    Cursor m_appendCursor;
};

} // namespace raidscope
