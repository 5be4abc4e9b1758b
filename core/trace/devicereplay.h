// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A trace replayed on a real block device or file (issue #55 item 1): the measured counterpart of
// replayTrace()'s simulated arrays, filling the same TraceReplayArray so that every printer and
// JSON writer of a simulated replay shows it.

#include "job.h"
#include "stats/runningstats.h"
#include "tracejob.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <functional>
#include <stop_token>

namespace raidscope {

/// What a measured replay does with the trace's writes.
enum class DeviceWriteMode : std::uint8_t {
    Skip,    ///< reads only: writes are not issued, and are counted (the default)
    Safe,    ///< each write is a safe write: the bytes are read and the same bytes written back (--allow-writes)
    Scratch, ///< writes of the trace's sizes with a pattern, on a device holding nothing (--scratch)
};

/// Open loop: the most requests in flight at once; a request due while that many are waits, and is
/// counted as late when it goes more than kLateMs after its time.
inline constexpr int kOpenLoopMaxInFlight = 1024;
/// Closed loop (--depth): 1..4096 in flight, io_uring's and DeviceTarget's bound.
inline constexpr int kMaxReplayDepth = 4096;
/// A request larger than this is cut to it (and counted): it bounds each I/O buffer. 8 MiB is past
/// what Linux issues as one request on common devices (max_sectors_kb 1280 to 4096 KiB).
inline constexpr std::uint64_t kMaxReplayRequestBytes = std::uint64_t(8) << 20;
/// A device or file smaller than this is refused: the trace's offsets would fold onto a few blocks.
inline constexpr std::uint64_t kMinReplayDeviceBytes = std::uint64_t(1) << 20;
/// Offsets wrap into the device on this block, the default `block=` of an array spec, so a request
/// lands where a simulated array of the device's size puts it (or on the device's own block if larger).
inline constexpr std::uint32_t kReplayMappingBlockBytes = 4096;
/// An open-loop request submitted more than this after its (scaled) time is late.
inline constexpr double kLateMs = 1.0;

struct DeviceReplayOptions
{
    TraceJobOptions read;
    QString devicePath;
    double timeScale = 1.0; ///< open loop: 0.5 replays twice as fast
    int depth = 0;          ///< > 0: closed loop, this many in flight, the trace's times ignored; 0: open loop
    DeviceWriteMode writes = DeviceWriteMode::Skip;
    bool force = false;     ///< as the probe's: a device in use, a signature under --scratch, buffered I/O on tmpfs
    double windowSeconds = 1.0;
    double slowThresholdMs = 100;
    int device = -1;        ///< as TraceReplayOptions::device: only this trace device; -1: all
};

/// One measured request, for a per-request log. Times in ns since the replay started.
struct MeasuredRequest
{
    std::uint64_t index = 0;      ///< served requests, from 0, in completion order
    double traceNs = 0;           ///< its time in the trace, from the first record (unscaled)
    std::uint64_t offsetBytes = 0; ///< on the device, as mapped
    std::uint32_t sizeBytes = 0;
    bool write = false;
    double arrivalNs = 0;         ///< open loop: when it was due (traceNs x scale); closed loop: its submission
    double submittedNs = 0;
    double completedNs = 0;
    double responseNs() const { return completedNs - arrivalNs; }
    double serviceNs() const { return completedNs - submittedNs; }
};

struct DeviceReplaySnapshot
{
    double fraction = 0;
    std::uint64_t records = 0;
    std::uint64_t served = 0;
    std::uint64_t writesSkipped = 0;
};

struct DeviceReplayResult
{
    /// "measured on PATH": the summary, windows and slow periods as a simulated candidate has them.
    /// Its one disk is the device: ops and sectors it served, busy = time with a request in flight.
    TraceReplayArray array;
    QString path;
    QString description; ///< DeviceTarget::describe()
    std::uint64_t capacityBytes = 0;
    std::uint32_t blockBytes = 0;
    bool blockDevice = false;
    DeviceWriteMode writes = DeviceWriteMode::Skip;
    int depth = 0;
    double timeScale = 1.0;
    QString forced; ///< what --force overrode, empty when nothing

    std::uint64_t records = 0;           ///< request records read from the trace
    std::uint64_t readsServed = 0;
    std::uint64_t writesServed = 0;
    std::uint64_t writesSkipped = 0;     ///< DeviceWriteMode::Skip
    std::uint64_t writeBytesSkipped = 0;
    std::uint64_t extraReads = 0;        ///< DeviceWriteMode::Safe: the read before each write-back
    std::uint64_t extraReadBytes = 0;
    std::uint64_t alignedRequests = 0;   ///< moved or grown to whole device blocks for O_DIRECT
    std::uint64_t truncatedRequests = 0; ///< cut to kMaxReplayRequestBytes
    std::uint64_t lateRequests = 0;      ///< open loop: submitted more than kLateMs after their time
    double maxLateMs = 0;
    RunningStats writeBackMs;            ///< DeviceWriteMode::Safe: the write-back alone
    std::uint64_t deviceReads = 0;       ///< I/Os the device served
    std::uint64_t deviceWrites = 0;

    bool ok = false;        ///< no error; also true when cancelled, with what ran
    bool cancelled = false;
    QString error;

    /// "reads only", "safe writes (each write read first and written back unchanged)", "scratch writes".
    QString modeText() const;
    /// {"records","arrays":[array.toJson() with "measured" details],"measured":{...}}: what a
    /// simulated replay prints, plus the device, the mode and what was skipped, added or changed.
    QJsonObject toJson() const;
};

/// Why `path` may not take a scratch replay's real writes: one line naming it and what was found
/// (a file system or other signature in its first bytes, a mount, a holder, a loop device over the
/// file); empty when it may. With `force` nothing is refused and what would have been is put in
/// `*forced`. A device whose first bytes cannot be read is refused even with force.
QString scratchRefusal(const QString& path, bool force, QString* forced);

/// Replays `files` on `options.devicePath` through io_uring with O_DIRECT, streaming: records are
/// read as they are issued, so memory does not grow with the trace. Offsets are placed as the
/// simulated replay places them (mapReplayRequest(), on kReplayMappingBlockBytes), then widened
/// to whole device blocks where the trace's are not. Open loop at the trace's times x
/// options.timeScale, or closed loop at options.depth. Runs on the caller's thread; a stop request
/// ends it between requests (never inside a safe write) with what ran. `perRequest`, when given,
/// sees every served request as it completes.
DeviceReplayResult replayTraceOnDevice(const QStringList& files, const DeviceReplayOptions& options,
    std::stop_token stop = {}, const Report<DeviceReplaySnapshot>& report = {},
    const std::function<void(const MeasuredRequest&)>& perRequest = {});

} // namespace raidscope
