// SPDX-License-Identifier: GPL-3.0-or-later
#include "devicereplay.h"

#include "probe/devicesignature.h"
#include "probe/devicetarget.h"
#include "replaywindows.h"
#include "sim/replaymapping.h"
#include "units.h"

#include <QJsonArray>

#include <algorithm>
#include <map>
#include <set>

namespace raidscope {

namespace {

// The latest arrival an open loop waits for: 2^62 ns (146 years), the simulated replay's bound.
constexpr double kMaxReplayNs = 4611686018427387904.0;

QString modeKey(DeviceWriteMode m)
{
    switch (m) {
    case DeviceWriteMode::Skip: return QStringLiteral("reads-only");
    case DeviceWriteMode::Safe: return QStringLiteral("safe-writes");
    case DeviceWriteMode::Scratch: return QStringLiteral("scratch");
    }
    return {};
}

} // namespace

QString DeviceReplayResult::modeText() const
{
    switch (writes) {
    case DeviceWriteMode::Skip: return QStringLiteral("reads only");
    case DeviceWriteMode::Safe:
        return QStringLiteral("safe writes (each write reads its bytes and writes the same bytes back)");
    case DeviceWriteMode::Scratch: return QStringLiteral("scratch writes (the trace's writes, with a pattern)");
    }
    return {};
}

QJsonObject DeviceReplayResult::toJson() const
{
    QJsonObject measured {
        { QStringLiteral("device"), path },
        { QStringLiteral("description"), description },
        { QStringLiteral("capacityBytes"), double(capacityBytes) },
        { QStringLiteral("blockBytes"), double(blockBytes) },
        { QStringLiteral("blockDevice"), blockDevice },
        { QStringLiteral("writes"), modeKey(writes) },
        { QStringLiteral("mode"), modeText() },
        { QStringLiteral("loop"), depth > 0 ? QStringLiteral("closed") : QStringLiteral("open") },
        { QStringLiteral("depth"), depth },
        { QStringLiteral("scale"), timeScale },
        { QStringLiteral("records"), double(records) },
        { QStringLiteral("readsServed"), double(readsServed) },
        { QStringLiteral("writesServed"), double(writesServed) },
        { QStringLiteral("writesSkipped"), double(writesSkipped) },
        { QStringLiteral("writeBytesSkipped"), double(writeBytesSkipped) },
        { QStringLiteral("extraReads"), double(extraReads) },
        { QStringLiteral("extraReadBytes"), double(extraReadBytes) },
        { QStringLiteral("alignedRequests"), double(alignedRequests) },
        { QStringLiteral("truncatedRequests"), double(truncatedRequests) },
        { QStringLiteral("lateRequests"), double(lateRequests) },
        { QStringLiteral("maxLateMs"), maxLateMs },
        { QStringLiteral("deviceReads"), double(deviceReads) },
        { QStringLiteral("deviceWrites"), double(deviceWrites) },
        { QStringLiteral("cancelled"), cancelled },
    };
    if (writeBackMs.count())
        measured[QStringLiteral("writeBackMeanMs")] = writeBackMs.mean();
    if (!forced.isEmpty())
        measured[QStringLiteral("forced")] = forced;
    QJsonObject a = array.toJson();
    // The utilization law needs a serial server; a device (an SSD, a RAID, a loop over a file) serves
    // requests in parallel, so its busy time says nothing of its capacity: no saturation verdict.
    a.remove(QStringLiteral("saturation"));
    a[QStringLiteral("measured")] = measured;
    return QJsonObject { { QStringLiteral("records"), double(readsServed + writesServed) },
        { QStringLiteral("arrays"), QJsonArray { a } }, { QStringLiteral("measured"), measured } };
}

QString scratchRefusal(const QString& path, bool force, QString* forced)
{
    const SignatureScan scan = scanDeviceSignature(path);
    if (!scan.ok)
        return scan.error;
    QStringList found;
    if (scan.found)
        found << QStringLiteral("it holds %1").arg(scan.found->text());
    if (const QString use = blockDeviceInUse(path); !use.isEmpty())
        found << use;
    const QStringList loops = loopDevicesBackedBy(path);
    if (!loops.isEmpty())
        found << QStringLiteral("it backs loop device %1").arg(loops.join(QStringLiteral(", ")));
    if (found.isEmpty())
        return {};
    if (force) {
        if (forced)
            *forced = QStringLiteral("--scratch forced: ") + found.join(QStringLiteral("; "));
        return {};
    }
    return QStringLiteral("%1: %2; refusing to write a scratch replay over it (--force overrides)")
        .arg(path, found.join(QStringLiteral("; ")));
}

DeviceReplayResult replayTraceOnDevice(const QStringList& files, const DeviceReplayOptions& options,
    std::stop_token stop, const Report<DeviceReplaySnapshot>& report,
    const std::function<void(const MeasuredRequest&)>& perRequest)
{
    DeviceReplayResult out;
    out.path = options.devicePath;
    out.writes = options.writes;
    out.depth = options.depth;
    out.timeScale = options.timeScale;
    const auto failWith = [&](const QString& why) {
        out.error = why;
        return out;
    };
    if (options.depth < 0 || options.depth > kMaxReplayDepth)
        return failWith(QStringLiteral("depth %1: expected 1 to %2 requests in flight").arg(options.depth).arg(kMaxReplayDepth));
    const bool closedLoop = options.depth > 0;

    // A block device in use is refused in every mode (a read-only replay on a mounted file system
    // measures its cache and disturbs its users), as the probe refuses it.
    if (const QString use = blockDeviceInUse(options.devicePath); !use.isEmpty()) {
        if (!options.force)
            return failWith(use + QStringLiteral("; refusing to replay on a device in use (--force overrides)"));
        out.forced = QStringLiteral("forced: ") + use;
    }
    if (options.writes == DeviceWriteMode::Scratch) {
        QString forced;
        if (const QString why = scratchRefusal(options.devicePath, options.force, &forced); !why.isEmpty())
            return failWith(why);
        if (!forced.isEmpty())
            out.forced = forced;
    }
    QString error;
    const DeviceOptions open { .allowWrites = options.writes != DeviceWriteMode::Skip, .force = options.force };
    auto target = openDeviceTarget(options.devicePath, open, &error);
    if (!target)
        return failWith(error);
    out.description = target->describe();
    out.capacityBytes = target->capacityBytes();
    out.blockBytes = target->blockBytes();
    out.blockDevice = target->isBlockDevice();
    if (out.capacityBytes < kMinReplayDeviceBytes)
        return failWith(QStringLiteral("%1 is too small for a replay: %2 bytes, less than %3 (the trace's offsets "
                                       "would fold onto a few blocks)")
                            .arg(options.devicePath)
                            .arg(out.capacityBytes)
                            .arg(formatBytes(kMinReplayDeviceBytes)));

    auto reader = TraceReader::open(files, options.read.reader, &error);
    if (!reader)
        return failWith(error);
    if (!closedLoop && !reader->info().hasTimestamps)
        return failWith(QStringLiteral("%1 has no timestamps, so it cannot be replayed at its own timing; replay it "
                                       "closed-loop with --depth N")
                            .arg(reader->info().detail));

    const std::uint64_t block = out.blockBytes;
    const std::uint64_t mappingBlock = std::max<std::uint64_t>(kReplayMappingBlockBytes, block);
    const std::int64_t windowNs = std::max<std::int64_t>(1000000, std::int64_t(std::min(options.windowSeconds * 1e9, 1e18)));
    ReplayWindows windows(windowNs, options.slowThresholdMs);

    // What the trace said of each request pulled and not yet completed (at most the requests in
    // flight and one more), by stream index; and their window keys, to close the windows before them.
    struct Pulled
    {
        double traceNs = 0;
        bool write = false;
    };
    std::map<std::uint64_t, Pulled> inFlight;
    std::multiset<double> openKeys;
    std::uint64_t pulled = 0;
    bool started = false;
    std::int64_t first = 0;
    double lastArrivalNs = 0;
    QString readError;
    TraceRecord rec;
    SimResult& sim = out.array.result;
    Throttle throttle(std::chrono::milliseconds(200));
    const auto snapshot = [&](double fraction) {
        if (report)
            report(std::make_shared<const DeviceReplaySnapshot>(DeviceReplaySnapshot { fraction, out.records,
                out.readsServed + out.writesServed, out.writesSkipped }));
    };

    IoStream stream;
    stream.outstanding = closedLoop ? options.depth : kOpenLoopMaxInFlight;
    stream.next = [&](StreamIo& io) {
        for (;;) {
            const TraceReader::Status s = reader->next(rec);
            if (s == TraceReader::Status::End)
                return false;
            if (s == TraceReader::Status::Error) {
                if (options.read.onError == TraceErrorPolicy::Stop || reader->error().fatal) {
                    readError = reader->error().text();
                    return false;
                }
                continue;
            }
            if (rec.kind != TraceRecord::Kind::Request)
                continue;
            if (options.device >= 0 && rec.device != std::uint32_t(options.device))
                continue;
            if (!started) {
                first = rec.timeNs;
                started = true;
            }
            ++out.records;
            if ((out.records & 1023) == 0 && throttle.due())
                snapshot(reader->fractionDone());
            const double traceNs = double(std::max<__int128>(0, __int128(rec.timeNs) - first));
            if (!closedLoop && !(traceNs * options.timeScale < kMaxReplayNs)) {
                readError = QStringLiteral("%1: request %2 comes %3 s after the first, which at time x%4 is past the "
                                           "replay's clock (%5 s)")
                                .arg(files.join(QStringLiteral(", ")))
                                .arg(out.records)
                                .arg(traceNs * 1e-9, 0, 'g', 6)
                                .arg(options.timeScale)
                                .arg(kMaxReplayNs * 1e-9, 0, 'g', 3);
                return false;
            }
            if (rec.write && options.writes == DeviceWriteMode::Skip) {
                ++out.writesSkipped;
                out.writeBytesSkipped += rec.sizeBytes;
                continue;
            }
            // The simulated replay's place on an array of the device's size, then whole device blocks.
            const ReplayPlace place = mapReplayRequest(rec.offsetBytes, rec.sizeBytes, out.capacityBytes, mappingBlock);
            const std::uint64_t start = place.offsetBytes / block * block;
            const std::uint64_t end
                = std::min(out.capacityBytes / block * block, (place.offsetBytes + place.sizeBytes + block - 1) / block * block);
            std::uint64_t size = end - start;
            if (start != place.offsetBytes || size != place.sizeBytes)
                ++out.alignedRequests;
            if (size > kMaxReplayRequestBytes) {
                size = kMaxReplayRequestBytes;
                ++out.truncatedRequests;
            }
            io.offsetBytes = start;
            io.sizeBytes = std::uint32_t(size);
            io.op = !rec.write ? StreamIo::Op::Read
                : options.writes == DeviceWriteMode::Safe ? StreamIo::Op::SafeWrite
                                                          : StreamIo::Op::Write;
            io.releaseNs = closedLoop ? 0 : traceNs * options.timeScale;
            lastArrivalNs = io.releaseNs;
            inFlight.emplace(pulled++, Pulled { traceNs, rec.write });
            if (!closedLoop)
                openKeys.insert(traceNs);
            return true;
        }
    };
    stream.completed = [&](const StreamCompletion& c) {
        const auto it = inFlight.find(c.index);
        const Pulled p = it != inFlight.end() ? it->second : Pulled {};
        if (it != inFlight.end())
            inFlight.erase(it);
        const double arrivalNs = closedLoop ? c.submittedNs : c.io.releaseNs;
        const double responseNs = c.completedNs - arrivalNs;
        const double responseMs = responseNs * 1e-6;
        if (!closedLoop) {
            const double lateMs = (c.submittedNs - c.io.releaseNs) * 1e-6;
            if (lateMs > kLateMs)
                ++out.lateRequests;
            out.maxLateMs = std::max(out.maxLateMs, lateMs);
        }
        ++(p.write ? out.writesServed : out.readsServed);
        ++(p.write ? sim.writes : sim.reads);
        ++sim.requests;
        sim.bytes += c.io.sizeBytes;
        sim.responseMs.add(responseMs);
        sim.responseNs.add(responseNs);
        sim.timeline.add(c.completedNs, responseMs);
        if (c.io.op == StreamIo::Op::SafeWrite) {
            ++out.extraReads;
            out.extraReadBytes += c.io.sizeBytes;
            out.writeBackMs.add((c.completedNs - c.lastSubmittedNs) * 1e-6);
        }
        // Open loop: windows of trace time, as the simulated replay has them; closed loop, where the
        // trace's times are not kept, windows of the replay's own clock by completion. A window closes
        // once no request pulled and unfinished can fall in it; a later record out of time order
        // (counted as outOfOrder by trace summarize) that falls in a closed window opens it again and
        // counts it twice, where the simulated replay, holding every window, counts it once.
        if (closedLoop) {
            windows.add(c.completedNs, responseMs);
            windows.closeBefore(c.completedNs);
        } else {
            windows.add(p.traceNs, responseMs);
            if (const auto key = openKeys.find(p.traceNs); key != openKeys.end())
                openKeys.erase(key);
            windows.closeBefore(openKeys.empty() ? p.traceNs : *openKeys.begin());
        }
        if (perRequest)
            perRequest(MeasuredRequest { sim.requests - 1, p.traceNs, c.io.offsetBytes, c.io.sizeBytes, p.write,
                arrivalNs, c.submittedNs, c.completedNs });
        if (throttle.due())
            snapshot(reader->fractionDone());
    };

    const StreamOutcome outcome = target->runStream(stream, stop);
    out.deviceReads = outcome.deviceReads;
    out.deviceWrites = outcome.deviceWrites;
    sim.arraySpec = QStringLiteral("measured on %1").arg(options.devicePath);
    out.array.arraySpec = sim.arraySpec;
    sim.workloadSpec = closedLoop
        ? QStringLiteral("measured replay of %1 records, closed loop at depth %2").arg(sim.requests).arg(options.depth)
        : QStringLiteral("measured replay of %1 records, time x%2").arg(sim.requests).arg(options.timeScale);
    sim.outstanding = closedLoop ? options.depth : 0;
    sim.diskOps = outcome.deviceReads + outcome.deviceWrites;
    sim.simulatedNs = outcome.endNs;
    sim.wallSeconds = outcome.endNs * 1e-9;
    DiskResult disk;
    disk.preset = options.devicePath;
    disk.members = { 0 };
    disk.ops = sim.diskOps;
    disk.sectors = outcome.deviceBytes / 512;
    disk.busyNs = outcome.busyNs;
    disk.utilization = outcome.endNs > 0 ? std::min(1.0, outcome.busyNs / outcome.endNs) : 0;
    disk.meanQueueLength = outcome.endNs > 0 ? outcome.inFlightNsIntegral / outcome.endNs : 0;
    disk.maxQueueLength = outcome.maxInFlight;
    sim.disks = { disk };
    out.array.arrivalSpanNs = closedLoop ? outcome.endNs : lastArrivalNs;
    if (!closedLoop && lastArrivalNs > 0)
        sim.offeredRatePerSec = double(sim.requests) / (lastArrivalNs * 1e-9);
    out.array.windows = windows.windows();
    out.array.slowPeriods = windows.slowPeriods();
    if (!outcome.error.isEmpty())
        return failWith(outcome.error);
    if (!readError.isEmpty())
        return failWith(readError);
    out.cancelled = outcome.stopped;
    out.ok = true;
    snapshot(1.0);
    return out;
}

} // namespace raidscope
