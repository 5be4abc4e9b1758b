// SPDX-License-Identifier: GPL-3.0-or-later
#include "diskmodel.h"

#include "diskpreset.h"
#include "exactmath.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace raidscope {

namespace {
    constexpr double kNoLimit = std::numeric_limits<double>::infinity();
    // A sector whose start is this close behind the head counts as arriving now: float rounding of
    // a transfer that simply continues onto the next sector.
    constexpr double kArrivalSlackNs = 1.0;

    std::chrono::nanoseconds toNs(double ns) { return std::chrono::nanoseconds(roundToInt64(ns)); }
} // namespace

DiskModel::DiskModel(const DiskParameters& parameters, DiskSpeed speed)
    : m_params(parameters)
    , m_speed(speed)
{
    const double nsPerMs = 1e6;
    m_overheadNs = m_params.commandOverheadMs * nsPerMs;
    if (m_params.busMBps > 0)
        m_busNsPerSector = double(m_params.sectorBytes) * 1e3 / m_params.busMBps; // MB = 10^6 B
    if (isSolidState()) {
        m_ssdReadNsPerSector = double(m_params.sectorBytes) * 1e3 / m_params.readMBps;
        m_ssdWriteNsPerSector = double(m_params.sectorBytes) * 1e3 / m_params.writeMBps;
        return;
    }
    const int fullStroke = m_params.geometry.cylinders() - 1;
    m_readSeek = SeekCurve(m_params.readSeek, fullStroke, speed.seek);
    m_writeSeek = SeekCurve(m_params.writeSeek.value_or(m_params.readSeek), fullStroke, speed.seek);
    if (!m_params.writeSeek)
        m_writeSettleNs = m_params.writeSettleMs * nsPerMs / speed.seek;
    m_rotationNs = m_params.rotationMs * nsPerMs / speed.rotation;
    m_inverseRotationNs = 1.0 / m_rotationNs;
    for (const DiskZone& z : m_params.geometry.zones())
        m_zoneSectorNs.push_back(m_rotationNs / z.sectorsPerTrack);
    // Head and cylinder switches are arm/settle time: they scale with the seek speed.
    m_headSwitchNs = m_params.headSwitchMs * nsPerMs / speed.seek;
    m_cylinderSwitchNs = m_params.cylinderSwitchMs * nsPerMs / speed.seek;
    m_segments.resize(std::size_t(std::max(0, m_params.cache.segments)));
}

std::optional<DiskModel> DiskModel::fromPreset(const DiskPreset& preset, DiskSpeed speed, QString* error)
{
    const auto parameters = parseDiskParameters(preset, error);
    if (!parameters)
        return std::nullopt;
    return DiskModel(*parameters, speed);
}

void DiskModel::reset()
{
    m_at = {};
    m_busyUntilNs = 0;
    m_mechanismFreeNs = 0;
    m_writeMediaEndNs = 0;
    m_segments.clearAll();
    m_useClock = 0;
    m_readAheadActive = false;
    m_readAheadSegment = -1;
    m_readAhead = {};
    m_readAheadLimit = 0;
    m_counters = {};
    m_lastWasWrite = false;
    m_appendOpen = false;
    m_appendFirst = m_appendEnd = 0;
    m_appendCursor = {};
}

std::uint64_t DiskModel::totalSectors() const
{
    return isSolidState() ? m_params.logicalSectors : m_params.geometry.totalSectors();
}

std::uint64_t DiskModel::capacityBytes() const { return totalSectors() * std::uint64_t(m_params.sectorBytes); }

double DiskModel::seekNs(int distanceCylinders, bool isWrite) const
{
    if (!isWrite)
        return m_readSeek.seekNs(distanceCylinders);
    const double ns = m_writeSeek.seekNs(distanceCylinders);
    return ns > 0 ? std::max(0.0, ns + m_writeSettleNs) : 0.0; // a negative settle shortens, never below 0
}

double DiskModel::busNs(std::uint64_t sectors) const { return double(sectors) * m_busNsPerSector; }

inline double DiskModel::rotationalWaitNs(double timeNs, double angle) const
{
    // The platters turn continuously from time 0, so the head is over angle (t mod rotation) / rotation.
    const double phaseNs = exactRemainder(timeNs, m_rotationNs, m_inverseRotationNs); // std::fmod's result
    double waitNs = angle * m_rotationNs - phaseNs;
    if (waitNs < 0)
        waitNs += m_rotationNs;
    if (waitNs >= m_rotationNs - kArrivalSlackNs)
        waitNs = 0;
    return waitNs;
}

std::uint64_t DiskModel::transfer(Cursor& c, std::uint64_t sectors, double limitNs, Parts& parts) const
{
    const DiskGeometry& g = m_params.geometry;
    const int lastZone = int(g.zones().size()) - 1;
    std::uint64_t done = 0;
    while (done < sectors) {
        if (g.mapped()) {
            // Sparing, slips or dead space: the next LBA is where DiskSim's mapping puts it (a slipped
            // sector is passed over on the same track, spare tracks and cylinders are skipped).
            if (c.lba >= g.totalSectors())
                break;
            if (c.lba >= c.runEnd) { // else locate(c.lba) is c.at: no switch, nothing to change
                const PhysicalAddress next = g.locate(c.lba);
                if (next.cylinder != c.at.cylinder) {
                    c.timeNs += m_cylinderSwitchNs;
                    parts.switchNs += m_cylinderSwitchNs;
                    ++parts.cylinderSwitches;
                } else if (next.head != c.at.head) {
                    c.timeNs += m_headSwitchNs;
                    parts.switchNs += m_headSwitchNs;
                    ++parts.headSwitches;
                }
                c.at = next;
                // The whole run from here (one call of locate() where it reaches the track's end), kept for
                // the sectors this transfer or a later one takes from it.
                c.runEnd = c.lba + g.contiguousSectors(c.lba, c.at);
            }
        } else if (c.at.sector == g.zone(c.at.zone).sectorsPerTrack) {
            // Off the end of a track: the next track of the cylinder, else the next cylinder.
            if (c.lba >= g.totalSectors())
                break;
            if (c.at.head + 1 < g.heads()) {
                ++c.at.head;
                c.timeNs += m_headSwitchNs;
                parts.switchNs += m_headSwitchNs;
                ++parts.headSwitches;
            } else {
                ++c.at.cylinder;
                c.at.head = 0;
                if (c.at.zone < lastZone && c.at.cylinder >= g.zone(c.at.zone + 1).firstCylinder)
                    ++c.at.zone;
                c.timeNs += m_cylinderSwitchNs;
                parts.switchNs += m_cylinderSwitchNs;
                ++parts.cylinderSwitches;
            }
            c.at.sector = 0;
        }
        const int perTrack = g.zone(c.at.zone).sectorsPerTrack;
        const double sectorNs = m_zoneSectorNs[std::size_t(c.at.zone)]; // m_rotationNs / perTrack
        if (c.timeNs + sectorNs > limitNs)
            break; // the test below without the wait's maths: no wait (>= 0) brings the sector's end earlier
        // After a switch the skew puts sector 0 just past where the head lands: the wait is short
        // when the skew covers the switch, nearly a revolution when it does not.
        const double waitNs = rotationalWaitNs(c.timeNs, g.sectorAngle(c.at));
        if (c.timeNs + waitNs + sectorNs > limitNs)
            break; // the one test of whether a sector fits: its end as the cursor will compute it
        c.timeNs += waitNs;
        parts.rotationalNs += waitNs;
        std::uint64_t k = std::min<std::uint64_t>(
            sectors - done, g.mapped() ? c.runEnd - c.lba : g.contiguousSectors(c.lba, c.at));
        if (limitNs != kNoLimit)
            k = sectorsFitting(c.timeNs, sectorNs, limitNs, k); // >= 1: the first sector is the test's (issue 53)
        if (parts.hostNsPerSector > 0) {
            // Sector j of this run leaves the media at t0 + j*s and crosses in h after the later of that
            // and the previous crossing: the last ends at max(e + k*h, t0 + (k+1)*h + m*(s-h)), m = k
            // when the media is the slower (s > h), else 1.
            const double h = parts.hostNsPerSector;
            const double t0 = c.timeNs;
            const double m = sectorNs > h ? double(k) : 1.0;
            parts.hostEndNs = std::max(parts.hostEndNs + double(k) * h, t0 + double(k + 1) * h + m * (sectorNs - h));
        }
        c.timeNs += double(k) * sectorNs;
        parts.transferNs += double(k) * sectorNs;
        c.at.sector += int(k);
        c.lba += k;
        done += k;
        if (c.at.sector < perTrack && !g.mapped())
            break; // the request, or the time limit, ended inside this track
    }
    return done;
}

int DiskModel::findSegment(std::uint64_t lba, std::uint64_t end) const { return m_segments.find(lba, end); }

int DiskModel::victimSegment() const { return m_segments.victim(); }

void DiskModel::fillSegment(int segment, std::uint64_t lba, std::uint64_t end)
{
    const auto i = std::size_t(segment);
    const std::uint64_t size = std::uint64_t(m_params.cache.segmentSectors);
    m_segments.setStart(i, end - lba > size ? end - size : lba); // a read larger than a segment keeps its tail
    m_segments.setEnd(i, end);
    m_segments.setLastUse(i, ++m_useClock);
}

void DiskModel::invalidate(std::uint64_t lba, std::uint64_t end, int spare)
{
    m_segments.forEachOverlapping(lba, end, [this, spare](std::size_t i) {
        if (int(i) == spare)
            return;
        m_segments.clear(i);
        ++m_counters.invalidations;
    });
}

// The read-ahead's segment now ends where the read-ahead got to (and is used now when `touch`); it is
// a ring, so read-ahead past its size overwrites its oldest sectors.
void DiskModel::readAheadSegmentEnds(bool touch)
{
    const auto i = std::size_t(m_readAheadSegment);
    const std::uint64_t end = m_readAhead.lba;
    m_segments.setEnd(i, end);
    if (touch)
        m_segments.setLastUse(i, ++m_useClock);
    const std::uint64_t size = std::uint64_t(m_params.cache.segmentSectors);
    if (end - m_segments.start(i) > size)
        m_segments.setStart(i, end - size);
}

std::uint64_t DiskModel::readAheadEnd(std::uint64_t segmentStart, std::uint64_t requestStart, std::uint64_t requestEnd) const
{
    const std::uint64_t total = totalSectors();
    if (m_params.cache.readAheadStopsAtTrackEnd && requestEnd > 0 && requestEnd < total)
        return std::min(requestEnd + std::uint64_t(m_params.cache.readAheadSectors),
            m_params.geometry.trackEndLba(requestEnd - 1)); // the head may not leave the request's last track
    if (!m_params.cache.readAheadToTrackEnd)
        return std::min(total, requestEnd + std::uint64_t(m_params.cache.readAheadSectors));
    if (requestEnd >= total)
        return total;
    // DiskSim's BUFFER_DEC_PREFETCH_SCHEME (disksim_diskcache.c, disk_buffer_get_max_readahead): to the
    // end of the track holding the sector after the request (dm_get_track_boundaries: its last LBA, so a
    // track with a slipped sector ends an LBA sooner), plus the sectors of a track (those of the request's
    // first track, dm_get_sectors_lbn) when the segment began before that track.
    const DiskGeometry& g = m_params.geometry;
    const auto [trackStart, trackEnd] = g.trackRange(requestEnd);
    std::uint64_t limit = trackEnd;
    if (segmentStart < trackStart)
        limit += std::uint64_t(g.zone(g.locate(requestStart).zone).sectorsPerTrack);
    return std::min(total, limit);
}

DiskModel::Cursor DiskModel::cursorAt(const PhysicalAddress& at, std::uint64_t lba, double timeNs) const
{
    // On a mapped geometry the run from lba, found once for every transfer from this cursor and its copies
    // (a read's watermark probe and the read itself): transfer() would find the same on its first step.
    const DiskGeometry& g = m_params.geometry;
    return Cursor { at, lba, timeNs, g.mapped() && lba < g.totalSectors() ? lba + g.contiguousSectors(lba, at) : 0 };
}

void DiskModel::startReadAhead(int segment, const Cursor& from, std::uint64_t requestEnd)
{
    if (m_params.cache.readAheadSectors <= 0 && !m_params.cache.readAheadToTrackEnd)
        return;
    m_readAheadActive = true;
    m_readAheadSegment = segment;
    m_readAhead = from;
    const std::uint64_t start = m_segments.start(std::size_t(segment));
    m_readAheadLimit = readAheadEnd(start, start, requestEnd);
}

void DiskModel::advanceReadAhead(double timeNs)
{
    if (!m_readAheadActive || m_readAhead.lba >= m_readAheadLimit)
        return;
    // A command right behind the read (a busy disk's usual case) leaves no time for a sector on the
    // track the head is on: transfer() would stop at its first test, before changing anything, and the
    // segment already ends where the read-ahead is.
    // On a mapped geometry the same holds while the cursor is inside its run (Cursor::runEnd): no locate(),
    // no switch, the first test stops the transfer.
    const DiskGeometry& g = m_params.geometry;
    const int zone = m_readAhead.at.zone;
    const bool onTrack = g.mapped() ? m_readAhead.lba < m_readAhead.runEnd
                                    : m_readAhead.at.sector < g.zone(zone).sectorsPerTrack;
    if (onTrack && m_readAhead.timeNs + m_zoneSectorNs[std::size_t(zone)] > timeNs)
        return;
    Parts parts;
    const std::uint64_t n = transfer(m_readAhead, m_readAheadLimit - m_readAhead.lba, timeNs, parts);
    m_counters.readAheadSectors += n;
    m_counters.headSwitches += std::uint64_t(parts.headSwitches);
    m_counters.cylinderSwitches += std::uint64_t(parts.cylinderSwitches);
    readAheadSegmentEnds(false);
}

void DiskModel::stopReadAhead(double timeNs)
{
    if (!m_readAheadActive)
        return;
    advanceReadAhead(timeNs);
    m_readAheadActive = false;
    m_at = m_readAhead.at;
    // A switch already begun finishes before the mechanism can move again.
    m_mechanismFreeNs = std::max(m_mechanismFreeNs, m_readAhead.timeNs);
}

DiskModel::Cursor DiskModel::positionAfterCommand(std::uint64_t lba, double arrivalNs, double overheadDoneNs, double* positionNsOut)
{
    const double switchLeftNs = preemptReadAhead(arrivalNs, overheadDoneNs);
    const double fromNs = std::max(overheadDoneNs, m_mechanismFreeNs) + switchLeftNs;
    const PhysicalAddress at = m_params.geometry.locate(lba);
    const double seekOnlyNs = at.cylinder == m_at.cylinder ? 0.0 : m_readSeek.seekNs(at.cylinder - m_at.cylinder);
    const double positionNs = std::max(seekOnlyNs, at.head != m_at.head ? m_headSwitchNs : 0.0);
    if (positionNsOut)
        *positionNsOut = positionNs;
    return cursorAt(at, lba, fromNs + positionNs);
}

double DiskModel::preemptReadAhead(double arrivalNs, double commandNs)
{
    using Stop = DiskHostTiming::ReadAheadStop;
    const Stop mode = m_params.host.readAheadStop;
    if (!m_readAheadActive || mode == Stop::AtCommand) {
        stopReadAhead(commandNs);
        return 0;
    }
    // DiskSim (disksim_diskctlr.c, disk_buffer_stopable_access) decides as the command arrives. The cursor
    // then stands after the last whole sector; past arrivalNs only if a track switch is under way (the
    // head already counts as on the new track, as DiskSim's mech_state does once the switch's seek is
    // set up).
    advanceReadAhead(arrivalNs);
    const bool inSwitch = m_readAhead.timeNs > arrivalNs;
    double freeNs = std::min(m_readAhead.timeNs, arrivalNs);
    double delayNs = 0;
    if (inSwitch && mode == Stop::AtOnce)
        delayNs = m_readAhead.timeNs - arrivalNs; // DISK_SEEK_STOPTIME, added to the overhead's delay
    else if (inSwitch)
        freeNs = m_readAhead.timeNs; // BUFFER_PREEMPT: released at the seek's end (disk_buffer_seekdone)
    else if (mode == Stop::AtSectorEnd && m_readAhead.lba < m_readAheadLimit) {
        // BUFFER_PREEMPT: released once the sector it reads or waits for is in (disk_buffer_sector_done).
        Parts parts;
        m_counters.readAheadSectors += transfer(m_readAhead, 1, kNoLimit, parts);
        m_counters.headSwitches += std::uint64_t(parts.headSwitches);
        m_counters.cylinderSwitches += std::uint64_t(parts.cylinderSwitches);
        readAheadSegmentEnds(false);
        freeNs = m_readAhead.timeNs;
    }
    m_readAheadActive = false;
    m_at = m_readAhead.at;
    m_mechanismFreeNs = std::max(m_mechanismFreeNs, freeNs);
    return delayNs;
}

ServiceResult DiskModel::serveSolidState(std::uint64_t sectors, bool isWrite, double startNs)
{
    // No positioning: a fixed access latency and a bandwidth per direction.
    ServiceResult r;
    const double latencyNs = (isWrite ? m_params.writeLatencyMs : m_params.readLatencyMs) * 1e6;
    const double transferNs = double(sectors) * (isWrite ? m_ssdWriteNsPerSector : m_ssdReadNsPerSector);
    r.breakdown.start = toNs(startNs);
    r.breakdown.overhead = toNs(m_overheadNs + latencyNs);
    r.breakdown.transfer = toNs(transferNs);
    m_busyUntilNs = startNs + m_overheadNs + latencyNs + transferNs;
    r.completion = r.breakdown.start + r.breakdown.overhead + r.breakdown.transfer;
    return r;
}

ServiceResult DiskModel::service(std::uint64_t startLba, std::uint32_t sectors, bool isWrite, Ns now)
{
    const std::uint64_t total = totalSectors();
    startLba = std::min(startLba, total - 1);
    const std::uint64_t end = std::min(total, startLba + std::max<std::uint32_t>(1, sectors));
    const std::uint64_t count = end - startLba;
    const double startNs = std::max(double(now.count()), m_busyUntilNs);
    if (isWrite) {
        ++m_counters.writes;
        m_counters.sectorsWritten += count;
    } else {
        ++m_counters.reads;
        m_counters.sectorsRead += count;
    }
    if (isSolidState())
        return serveSolidState(count, isWrite, startNs);
    if (m_params.host.enabled)
        return serveHosted(startLba, end, isWrite, startNs);

    ServiceResult r;
    ServiceBreakdown& b = r.breakdown;
    b.start = toNs(startNs);
    b.overhead = toNs(m_overheadNs);
    const double commandNs = double(b.start.count() + b.overhead.count()); // the command is decoded
    const bool cached = !m_segments.empty();

    if (!isWrite && cached) {
        advanceReadAhead(commandNs); // the read-ahead ran on while the command arrived
        const int hit = findSegment(startLba, end);
        if (hit >= 0) {
            // Wholly in a segment: controller and bus time only.
            b.cache = ServiceBreakdown::Cache::Hit;
            b.transfer = toNs(busNs(count));
            m_segments.setLastUse(std::size_t(hit), ++m_useClock);
            ++m_counters.cacheHits;
            if (m_readAheadActive && hit == m_readAheadSegment) {
                // A sequential reader keeps the read-ahead going past its new end.
                if (m_readAhead.lba >= m_readAheadLimit)
                    m_readAhead.timeNs = std::max(m_readAhead.timeNs, commandNs);
                m_readAheadLimit
                    = std::max(m_readAheadLimit, std::min(total, end + std::uint64_t(m_params.cache.readAheadSectors)));
            }
            r.completion = b.start + b.overhead + b.transfer;
            m_busyUntilNs = double(r.completion.count());
            return r;
        }
        if (m_readAheadActive && startLba >= m_segments.start(std::size_t(m_readAheadSegment))
            && startLba <= std::max(m_readAhead.lba, m_readAheadLimit)) {
            // The read-ahead is on its way to these sectors: wait for it, no positioning.
            b.cache = ServiceBreakdown::Cache::ReadAhead;
            ++m_counters.readAheadHits;
            if (m_readAhead.lba >= m_readAheadLimit) // it had finished and the head idled on its track
                m_readAhead.timeNs = std::max(m_readAhead.timeNs, commandNs);
            Parts parts;
            transfer(m_readAhead, end - m_readAhead.lba, kNoLimit, parts);
            const double doneNs = std::max(m_readAhead.timeNs, commandNs);
            // The head's work before the command was decoded is not this operation's time.
            double transferNs = doneNs - commandNs - parts.rotationalNs - parts.switchNs;
            double rotationalNs = parts.rotationalNs;
            double switchNs = parts.switchNs;
            if (transferNs < 0) {
                rotationalNs += transferNs;
                transferNs = 0;
                if (rotationalNs < 0) {
                    switchNs = std::max(0.0, switchNs + rotationalNs);
                    rotationalNs = 0;
                }
            }
            b.rotational = toNs(rotationalNs);
            b.switches = toNs(switchNs);
            b.transfer = toNs(transferNs);
            b.headSwitches = parts.headSwitches;
            b.cylinderSwitches = parts.cylinderSwitches;
            m_counters.headSwitches += std::uint64_t(parts.headSwitches);
            m_counters.cylinderSwitches += std::uint64_t(parts.cylinderSwitches);
            readAheadSegmentEnds(true);
            m_readAheadLimit
                = std::max(m_readAheadLimit, std::min(total, end + std::uint64_t(m_params.cache.readAheadSectors)));
            m_at = m_readAhead.at;
            r.completion = b.start + b.overhead + b.rotational + b.switches + b.transfer;
            m_busyUntilNs = double(r.completion.count());
            m_mechanismFreeNs = m_readAhead.timeNs;
            return r;
        }
        ++m_counters.cacheMisses;
        b.cache = ServiceBreakdown::Cache::Miss;
    }
    stopReadAhead(commandNs); // a new command preempts the read-ahead; the head stays where it got to
    if (isWrite && cached)
        invalidate(startLba, end);

    const bool writeBack = isWrite && m_params.cache.writeCacheEnabled;
    double mechanismStartNs = std::max(commandNs, m_mechanismFreeNs);
    b.destageWait = toNs(mechanismStartNs - commandNs);
    if (writeBack) {
        // One write is buffered at a time: acknowledged once the previous one is on the platter
        // and this one's data has crossed the bus; the mechanism writes it right after.
        b.cache = ServiceBreakdown::Cache::WriteBack;
        b.transfer = toNs(busNs(count));
        ++m_counters.writeBacks;
        r.completion = b.start + b.overhead + b.destageWait + b.transfer;
        mechanismStartNs = double(r.completion.count());
    }

    const PhysicalAddress at = m_params.geometry.locate(startLba);
    double positionNs = 0;
    if (at.cylinder != m_at.cylinder)
        positionNs = seekNs(at.cylinder - m_at.cylinder, isWrite);
    else if (at.head != m_at.head)
        positionNs = m_headSwitchNs;
    Cursor c = cursorAt(at, startLba, mechanismStartNs + positionNs);
    Parts parts;
    transfer(c, count, kNoLimit, parts);
    m_at = c.at;
    m_mechanismFreeNs = c.timeNs;
    m_counters.headSwitches += std::uint64_t(parts.headSwitches);
    m_counters.cylinderSwitches += std::uint64_t(parts.cylinderSwitches);

    if (!writeBack) {
        b.seek = toNs(positionNs);
        b.rotational = toNs(parts.rotationalNs);
        b.transfer = toNs(parts.transferNs);
        b.switches = toNs(parts.switchNs);
        b.headSwitches = parts.headSwitches;
        b.cylinderSwitches = parts.cylinderSwitches;
        r.completion = b.start + b.overhead + b.destageWait + b.seek + b.rotational + b.transfer + b.switches;
    }
    return afterService(r, c, startLba, end, isWrite, cached && (!isWrite || writeBack));
}

// What a served request leaves behind: its blocks in a segment when the cache keeps them (a read's
// read-ahead going on from where it ended), and the disk busy until it completes.
ServiceResult DiskModel::afterService(const ServiceResult& r, const Cursor& c, std::uint64_t startLba, std::uint64_t end,
                                      bool isWrite, bool keep)
{
    if (keep) {
        const int segment = victimSegment();
        fillSegment(segment, startLba, end);
        if (!isWrite)
            startReadAhead(segment, c, end);
    }
    m_busyUntilNs = double(r.completion.count());
    return r;
}

ServiceResult DiskModel::serveHosted(std::uint64_t startLba, std::uint64_t end, bool isWrite, double startNs)
{
    // DiskSim's controller (disksim_diskctlr.c): the command overhead by case and by the previous
    // request's direction (disk_read_arrive, disk_write_arrive), the host transfer per sector on every
    // transfer (disk_get_blktranstime: the larger of the bus's and the disk's block time), overlapped
    // with the media, a read miss reconnecting once the buffer holds its watermark
    // (disk_buffer_request_complete's watermark: max(1, min(segment, request) * high water mark)),
    // and the completion overhead (disk_request_complete).
    const DiskHostTiming& h = m_params.host;
    const int after = m_lastWasWrite ? 1 : 0;
    m_lastWasWrite = isWrite;
    const double msNs = 1e6;
    const std::uint64_t count = end - startLba;
    const double hostNs = (isWrite ? h.writeMsPerSector : h.readMsPerSector) * msNs;
    const bool cached = !m_segments.empty();
    ServiceResult r;
    ServiceBreakdown& b = r.breakdown;
    b.start = toNs(startNs);
    auto finish = [&](double completionNs) {
        r.completion = toNs(completionNs);
        m_busyUntilNs = double(r.completion.count());
        return r;
    };

    if (!isWrite) {
        if (cached) {
            advanceReadAhead(startNs); // the hit check is made as the command arrives
            const int hit = findSegment(startLba, end);
            if (hit >= 0) {
                b.cache = ServiceBreakdown::Cache::Hit;
                m_segments.setLastUse(std::size_t(hit), ++m_useClock);
                ++m_counters.cacheHits;
                if (startNs < m_writeMediaEndNs) {
                    // The mechanism is still writing a write's sectors: an access that cannot be stopped
                    // (disksim_diskctlr.c, disk_buffer_stopable_access: FALSE for BUFFER_WRITING), so the hit
                    // disconnects after the read miss and read disconnect overheads (disk_read_arrive), waits for
                    // the media write to end (disk_release_hda), reconnects (disk_check_bus: first reselect plus
                    // data preparation) and sends its sectors.
                    const double disconnectedNs = startNs + (h.readMissMs[after] + h.readDisconnectMs[after]) * msNs;
                    const double busStartNs = std::max(disconnectedNs, m_writeMediaEndNs) + (h.reselectMs + h.dataPrepMs) * msNs;
                    const double doneNs = busStartNs + double(count) * hostNs + h.readCompleteMs * msNs;
                    b.overhead = toNs((h.readMissMs[after] + h.readDisconnectMs[after] + h.reselectMs + h.dataPrepMs
                                          + h.readCompleteMs) * msNs);
                    b.transfer = toNs(double(count) * hostNs);
                    b.destageWait = toNs(std::max(0.0, doneNs - startNs) - double((b.overhead + b.transfer).count()));
                    return finish(doneNs);
                }
                b.overhead = toNs((h.readHitMs[after] + h.dataPrepMs + h.readCompleteMs) * msNs);
                b.transfer = toNs(double(count) * hostNs);
                // A read-ahead that had stopped starts again only with Read-ahead on idle hit, once the
                // hit's overhead has passed (disk_check_hda_pending, initiate_seek after overhead_done).
                const bool idle = m_readAhead.lba >= m_readAheadLimit;
                if (m_readAheadActive && hit == m_readAheadSegment && (h.readAheadOnIdleHit || !idle)) {
                    const std::uint64_t limit = readAheadEnd(m_segments.start(std::size_t(hit)), startLba, end);
                    if (idle && limit > m_readAheadLimit)
                        m_readAhead.timeNs = std::max(m_readAhead.timeNs, startNs + h.readHitMs[after] * msNs);
                    m_readAheadLimit = std::max(m_readAheadLimit, limit);
                } else if (h.readAheadOnIdleHit && (!m_readAheadActive || hit != m_readAheadSegment)) {
                    // DiskSim reads ahead into the segment the hit found (disksim_diskctlr.c, disk_check_hda_pending:
                    // readaheadifidle, the segment's end short of disk_buffer_get_max_readahead), the mechanism
                    // leaving any other read-ahead (disk_buffer_stopable_access) and seeking to the segment's end
                    // once the command overhead is done (disk_read_arrive's overhead_done: the read miss overhead).
                    const auto i = std::size_t(hit);
                    const std::uint64_t limit = readAheadEnd(m_segments.start(i), startLba, end);
                    const std::uint64_t from = m_segments.end(i);
                    if (from < limit) {
                        const Cursor to = positionAfterCommand(from, startNs, startNs + h.readMissMs[after] * msNs);
                        m_readAheadActive = true;
                        m_readAheadSegment = hit;
                        m_readAhead = to;
                        m_readAheadLimit = limit;
                        m_appendOpen = false;
                    }
                }
                return finish(startNs + double(b.overhead.count() + b.transfer.count()));
            }
            const int part = findSegment(startLba, startLba + 1);
            if (m_readAheadActive && m_readAhead.lba >= m_readAheadLimit) {
                // The read-ahead had finished: its access is over and its segment merely holds data (DiskSim's
                // disk_release_hda: BUFFER_CLEAN, no longer BUFFER_READING), whichever segment this read finds.
                // A partial hit is DiskSim's BUFFER_PARTIAL on an idle segment, served below.
                m_readAheadActive = false;
                m_at = m_readAhead.at;
                m_mechanismFreeNs = std::max(m_mechanismFreeNs, m_readAhead.timeNs);
            }
            if (m_readAheadActive && startLba >= m_segments.start(std::size_t(m_readAheadSegment))
                && startLba < m_readAhead.lba) {
                // A partial hit on the running read-ahead: hit overhead, then each sector crosses as
                // the read-ahead brings it (Immed transfer partial hit). Only when the segment holds the
                // read's first sector already (disksim_diskcache.c, disk_buffer_check_read_segments: blkno
                // below the segment's end); one the read-ahead has not reached yet makes a miss, which stops
                // it (BUFFER_NOMATCH; the "almost read hit" on the very next sector is off in the validated
                // drives).
                b.cache = ServiceBreakdown::Cache::ReadAhead;
                ++m_counters.readAheadHits;
                const double busStartNs = startNs + (h.readHitMs[after] + h.dataPrepMs) * msNs;
                if (m_readAhead.lba >= m_readAheadLimit)
                    m_readAhead.timeNs = std::max(m_readAhead.timeNs, startNs);
                // Sectors already in the segment cross at the interface rate from busStart.
                const std::uint64_t held = m_readAhead.lba > startLba ? std::min(count, m_readAhead.lba - startLba) : 0;
                Parts parts;
                if (startLba > m_readAhead.lba) // sectors before the request are read ahead, not sent
                    transfer(m_readAhead, startLba - m_readAhead.lba, kNoLimit, parts);
                parts.hostNsPerSector = hostNs;
                parts.hostEndNs = busStartNs + double(held) * hostNs;
                if (end > m_readAhead.lba)
                    transfer(m_readAhead, end - m_readAhead.lba, kNoLimit, parts);
                m_counters.headSwitches += std::uint64_t(parts.headSwitches);
                m_counters.cylinderSwitches += std::uint64_t(parts.cylinderSwitches);
                readAheadSegmentEnds(true);
                m_readAheadLimit = std::max(
                    m_readAheadLimit, readAheadEnd(m_segments.start(std::size_t(m_readAheadSegment)), startLba, end));
                m_at = m_readAhead.at;
                m_mechanismFreeNs = m_readAhead.timeNs;
                m_appendOpen = false;
                const double doneNs = parts.hostEndNs + h.readCompleteMs * msNs;
                b.overhead = toNs((h.readHitMs[after] + h.dataPrepMs + h.readCompleteMs) * msNs);
                b.transfer = toNs(std::max(0.0, doneNs - startNs) - double(b.overhead.count()));
                return finish(doneNs);
            }
            if (part >= 0 && (!m_readAheadActive || part != m_readAheadSegment) && m_mechanismFreeNs <= startNs) {
                // DiskSim's BUFFER_PARTIAL with Immed transfer partial hit (disksim_diskctlr.c, disk_read_arrive:
                // enough_ready_to_go, no access to stop): the read hit overhead, the sectors held cross at once;
                // the mechanism, after the read miss overhead (overhead_done), reads on from the segment's end
                // and each sector crosses as it comes.
                b.cache = ServiceBreakdown::Cache::ReadAhead;
                ++m_counters.readAheadHits;
                m_appendOpen = false;
                const auto i = std::size_t(part);
                const std::uint64_t from = m_segments.end(i);
                const double busStartNs = startNs + (h.readHitMs[after] + h.dataPrepMs) * msNs;
                // A read-ahead on another segment is stopped as for a miss (disk_buffer_stopable_access).
                double positionNs = 0;
                Cursor c = positionAfterCommand(from, startNs, startNs + h.readMissMs[after] * msNs, &positionNs);
                Parts parts;
                parts.hostNsPerSector = hostNs;
                parts.hostEndNs = busStartNs + double(from - startLba) * hostNs;
                transfer(c, end - from, kNoLimit, parts);
                m_counters.headSwitches += std::uint64_t(parts.headSwitches);
                m_counters.cylinderSwitches += std::uint64_t(parts.cylinderSwitches);
                m_at = c.at;
                m_mechanismFreeNs = c.timeNs;
                const double doneNs = parts.hostEndNs + h.readCompleteMs * msNs;
                b.overhead = toNs((h.readHitMs[after] + h.dataPrepMs + h.readCompleteMs) * msNs);
                b.seek = toNs(positionNs);
                b.rotational = toNs(parts.rotationalNs);
                b.switches = toNs(parts.switchNs);
                b.transfer = toNs(std::max(0.0, doneNs - startNs) - double((b.overhead + b.seek + b.rotational + b.switches).count()));
                r.completion = toNs(doneNs);
                m_segments.setEnd(i, end);
                if (end - m_segments.start(i) > std::uint64_t(m_params.cache.segmentSectors))
                    m_segments.setStart(i, end - std::uint64_t(m_params.cache.segmentSectors));
                m_segments.setLastUse(i, ++m_useClock);
                startReadAhead(part, c, end);
                m_busyUntilNs = double(r.completion.count());
                return r;
            }
            ++m_counters.cacheMisses;
            b.cache = ServiceBreakdown::Cache::Miss;
        }
    }

    // The mechanism: a read miss, or a write. Its work waits for the command overhead.
    const double overheadMs = isWrite
        ? (m_params.cache.writeCacheEnabled ? h.writeHitMs[after] : h.writeMissMs[after])
        : h.readMissMs[after];
    const double commandNs = startNs + overheadMs * msNs;
    b.overhead = toNs(overheadMs * msNs);
    // A write empties the overlapping segments that merely hold data (disksim_diskcache.c, disk_buffer_set_segment:
    // BUFFER_CLEAN with no request), not the one a read-ahead still running as it arrives fills (BUFFER_READING):
    // stopped by the write, that one keeps its sectors, those the write overwrites included.
    int reading = -1;
    if (isWrite && cached && m_readAheadActive) {
        advanceReadAhead(startNs);
        if (m_readAhead.lba < m_readAheadLimit)
            reading = m_readAheadSegment;
    }
    const double switchLeftNs = preemptReadAhead(startNs, commandNs);
    if (isWrite && cached)
        invalidate(startLba, end, reading);
    const bool writeBack = isWrite && m_params.cache.writeCacheEnabled;
    // DiskSim's BUFFER_APPEND (disksim_diskcache.c, disk_buffer_check_write_segments; disksim_diskctlr.c,
    // disk_buffer_stopable_access lets it transfer at once): a write-back write starting where the previous
    // one ended, that one's media write still under way, and the segment with room for it (its size more
    // than the new start less the first unwritten LBA, taken here as the first write's start).
    const std::uint64_t segmentSectors = std::uint64_t(std::max(0, m_params.cache.segmentSectors));
    const bool append = writeBack && h.combineSeqWrites && m_appendOpen && startLba == m_appendEnd
        && startNs < m_mechanismFreeNs && startLba - m_appendFirst < segmentSectors;
    const std::uint64_t appendedTo = m_appendEnd;
    m_appendOpen = false;
    double mechanismStartNs = append ? commandNs : std::max(commandNs, m_mechanismFreeNs);
    // The seek, not the data, waits for a track switch the read-ahead gave up (disk_check_hda).
    const double seekFromNs = mechanismStartNs + switchLeftNs;
    b.destageWait = toNs((writeBack ? mechanismStartNs : seekFromNs) - commandNs);
    // A write's data crosses after the overhead and the data preparation.
    const double dataStartNs = mechanismStartNs + h.dataPrepMs * msNs;
    const double writeDataNs = dataStartNs + double(count) * hostNs;
    if (writeBack) {
        // Its media write seeks as soon as the overhead is done, not once the data is in (disk_write_arrive
        // calls disk_activate_write at once; overhead_done holds the mechanism); each sector waits for its data.
        b.cache = ServiceBreakdown::Cache::WriteBack;
        ++m_counters.writeBacks;
        b.transfer = toNs(writeDataNs - mechanismStartNs);
        r.completion = toNs(writeDataNs + h.writeCompleteMs * msNs);
    }
    if (append) {
        // The media write under way goes on to the segment's new end, each sector once its data is in
        // (disk_buffer_sector_done: lastblkno = the segment's end). The appended request is still a
        // request of its own: it gets the mechanism afterwards and writes its sectors again from its own
        // first one (firstblkno = its inblkno), the head having just passed them.
        Cursor cont = m_appendCursor;
        Parts contParts;
        for (std::uint64_t j = 0; j < count && dataStartNs + double(j + 1) * hostNs <= cont.timeNs; ++j)
            transfer(cont, 1, kNoLimit, contParts);
        m_counters.headSwitches += std::uint64_t(contParts.headSwitches);
        m_counters.cylinderSwitches += std::uint64_t(contParts.cylinderSwitches);
        m_at = cont.at;
        m_mechanismFreeNs = cont.timeNs;
        mechanismStartNs = std::max(mechanismStartNs, cont.timeNs);
    }

    const PhysicalAddress at = m_params.geometry.locate(startLba);
    // DiskSim's positioning (diskmodel/mech_g1.c, dm_seek_time_g1): the longer of the seek and the head
    // switch, and a write's settling delay after any of them.
    const double seekOnlyNs = at.cylinder == m_at.cylinder ? 0.0
        : isWrite ? m_writeSeek.seekNs(at.cylinder - m_at.cylinder)
                  : m_readSeek.seekNs(at.cylinder - m_at.cylinder);
    double positionNs = std::max(seekOnlyNs, at.head != m_at.head ? m_headSwitchNs : 0.0);
    if (positionNs > 0 && isWrite)
        positionNs += m_writeSettleNs; // negative too: DiskSim adds its seekwritedelta whatever its sign
    if (isWrite) // not before the minimum seek delay (disksim_diskctlr.c, disk_initiate_seek's mintime: a seek
        // time below it, a negative settle's included, is lengthened to it)
        positionNs = std::max(positionNs, h.minimumWriteSeekMs * msNs / m_speed.seek);
    const double readyNs = std::max(mechanismStartNs, seekFromNs) + positionNs;
    Cursor c = cursorAt(at, startLba, readyNs);
    Parts parts;
    bool readDone = false; // the read's transfer is the watermark probe's
    if (!isWrite) {
        // The transfer starts once the buffer holds the watermark (and the host was reselected).
        const std::uint64_t segment = m_params.cache.segmentSectors > 0 ? std::uint64_t(m_params.cache.segmentSectors) : count;
        const std::uint64_t water
            = std::max<std::uint64_t>(1, std::uint64_t(double(std::min(segment, count)) * h.readWatermark));
        Cursor probe = c;
        Parts probeParts;
        const std::uint64_t waterSectors = std::min(water, count);
        transfer(probe, waterSectors, kNoLimit, probeParts);
        parts.hostNsPerSector = hostNs;
        // It disconnected after the command overhead and the read disconnect overhead (disk_read_arrive's
        // DISCONNECT) and reconnects (disk_check_bus: first reselect plus data preparation) no earlier.
        const double disconnectedNs = commandNs + h.readDisconnectMs[after] * msNs;
        parts.hostEndNs = std::max(probe.timeNs, disconnectedNs) + (h.reselectMs + h.dataPrepMs) * msNs;
        // Sectors already on the media before the reconnect cross back to back from there.
        // A watermark of the whole read, all on the first track's run (a small read, the usual case): the read's
        // transfer below would repeat the probe's one step (the same wait, the same k sectors) and add the host
        // pipeline's end for that run. Both from the probe, with the very operations transfer() does.
        const DiskGeometry& g = m_params.geometry;
        const std::uint64_t firstRun
            = g.mapped() ? c.runEnd - std::min(c.runEnd, c.lba) : std::uint64_t(g.zone(c.at.zone).sectorsPerTrack - c.at.sector);
        if (waterSectors == count && count <= firstRun) {
            const double sectorNs = m_zoneSectorNs[std::size_t(c.at.zone)];
            const double t0 = c.timeNs + probeParts.rotationalNs; // the cursor after its wait, as transfer() adds it
            if (hostNs > 0) {
                const double m = sectorNs > hostNs ? double(count) : 1.0;
                parts.hostEndNs = std::max(parts.hostEndNs + double(count) * hostNs,
                    t0 + double(count + 1) * hostNs + m * (sectorNs - hostNs));
            }
            parts.rotationalNs = probeParts.rotationalNs;
            parts.transferNs = probeParts.transferNs;
            c = probe;
            readDone = true;
        }
    }
    if (isWrite) {
        // Write-through or write-back: the media writes a sector only once it is wholly in the buffer; one that has
        // not crossed the interface when the head reaches it waits for the next pass (DiskSim's media
        // access writes from inblkno up to the segment's end, disksim_diskctlr.c
        // disk_buffer_sector_done: firstblkno = inblkno, lastblkno = the segment's end).
        const std::uint64_t first
            = writeBack || !h.extraWriteDisconnect ? 1 : count < 45 ? std::min<std::uint64_t>(count, 10) : 15;
        for (std::uint64_t j = 0; j < count; ++j) {
            c.timeNs = std::max(c.timeNs, dataStartNs + double(std::max(j + 1, first)) * hostNs);
            transfer(c, 1, kNoLimit, parts);
        }
    } else if (!readDone) {
        transfer(c, count, kNoLimit, parts);
    }
    m_at = c.at;
    m_mechanismFreeNs = c.timeNs;
    if (isWrite)
        m_writeMediaEndNs = c.timeNs;
    m_counters.headSwitches += std::uint64_t(parts.headSwitches);
    m_counters.cylinderSwitches += std::uint64_t(parts.cylinderSwitches);
    b.seek = toNs(positionNs);
    b.rotational = toNs(parts.rotationalNs);
    b.switches = toNs(parts.switchNs);
    b.headSwitches = parts.headSwitches;
    b.cylinderSwitches = parts.cylinderSwitches;
    if (!writeBack) {
        double doneNs = parts.hostEndNs + h.readCompleteMs * msNs;
        if (isWrite) {
            // A write-through write disconnects once its data is in (disksim_diskctlr.c,
            // disk_buffer_transfer_size: DISCONNECT_REQUESTED without fast writes; the write disconnect
            // overhead in disk_reconnection_or_transfer_complete) and reconnects when the media is done
            // (disk_check_bus: first reselect overhead), then completes.
            const double disconnectedNs = dataStartNs + double(count) * hostNs + h.writeDisconnectMs * msNs;
            doneNs = std::max(c.timeNs, disconnectedNs) + (h.reselectMs + h.writeCompleteMs) * msNs;
        }
        r.completion = toNs(doneNs);
        const double accounted = double((b.start + b.overhead + b.destageWait + b.seek + b.rotational + b.switches).count());
        b.transfer = toNs(std::max(0.0, doneNs - accounted));
    }
    if (writeBack) {
        m_appendOpen = true;
        m_appendFirst = append ? m_appendFirst : startLba;
        m_appendEnd = end;
        m_appendCursor = c;
    }
    // Written sectors, write-back or write-through (DiskSim gives either a segment, disk_buffer_set_segment),
    // serve later reads only with Allow read hits on write data.
    bool keep = cached && (!isWrite || h.readHitsOnWriteData);
    if (keep && append) {
        // The appended sectors join the previous write's segment.
        const int seg = findSegment(appendedTo - 1, appendedTo);
        if (seg >= 0) {
            const auto i = std::size_t(seg);
            m_segments.setEnd(i, end);
            if (end - m_segments.start(i) > segmentSectors)
                m_segments.setStart(i, end - segmentSectors);
            m_segments.setLastUse(i, ++m_useClock);
            keep = false;
        }
    }
    return afterService(r, c, startLba, end, isWrite, keep);
}

} // namespace raidscope
