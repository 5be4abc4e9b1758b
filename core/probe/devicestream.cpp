// SPDX-License-Identifier: GPL-3.0-or-later
// DeviceTarget's I/O: one io_uring loop (runStream()) that the probe's batches (run()) and a measured
// trace replay (trace/devicereplay.h) share.
#include "probe/devicetarget.h"

#include <liburing.h>

#include <time.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <optional>
#include <vector>

namespace raidscope {

namespace {

    QString errnoText(int error) { return QString::fromLocal8Bit(std::strerror(error)); }

    struct FreeMemory
    {
        void operator()(void* memory) const noexcept { std::free(memory); }
    };
    /// Memory for O_DIRECT transfers from posix_memalign(), freed when it goes; empty when allocation failed.
    using AlignedBuffer = std::unique_ptr<void, FreeMemory>;

    AlignedBuffer allocateAligned(std::size_t alignBytes, std::size_t bytes)
    {
        void* memory = nullptr;
        return AlignedBuffer(posix_memalign(&memory, alignBytes, bytes) == 0 ? memory : nullptr);
    }

    double monotonicNs()
    {
        timespec ts {};
        clock_gettime(CLOCK_MONOTONIC, &ts);
        return double(ts.tv_sec) * 1e9 + double(ts.tv_nsec);
    }

    /// A scratch write's bytes: splitmix64, so neither zeros (which thin-provisioned and compressing
    /// devices treat specially) nor anything a device could deduplicate.
    void fillPattern(void* memory, std::size_t bytes, std::uint64_t seed)
    {
        auto* out = static_cast<unsigned char*>(memory);
        std::uint64_t x = seed;
        for (std::size_t i = 0; i < bytes; i += 8) {
            std::uint64_t z = (x += 0x9E3779B97F4A7C15ull);
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
            z ^= z >> 31;
            std::memcpy(out + i, &z, std::min<std::size_t>(8, bytes - i));
        }
    }

    // How long the loop sleeps or waits at most before it looks at the stop token and the clock again.
    constexpr double kPollNs = 10e6;
    // The last stretch before a release is spun, not slept: a sleep's wake-up comes 50 us to several
    // ms late (timer slack, a busy machine), which an open loop would count in every response time.
    // Measured on this project's build machine, 2000 reads at 1 ms: sleeping to the release was
    // 344 us late on average (p50 122 us); see docs/design/measured-replay.md for the figures after.
    constexpr double kSpinNs = 200e3;

} // namespace

std::optional<BatchTiming> DeviceTarget::run(
    std::span<const ProbeIo> requests, int outstanding, std::stop_token stop, QString* error)
{
    const auto failWith = [&](const QString& why) -> std::optional<BatchTiming> {
        if (error)
            *error = fail(why);
        return std::nullopt;
    };

    // Check the whole batch first, so a refused batch issues nothing.
    for (std::size_t i = 0; i < requests.size(); ++i) {
        const ProbeIo& r = requests[i];
        if (r.write && !m_writable)
            return failWith(QStringLiteral("request %1 is a write, and writes are not allowed (open with "
                                           "--allow-writes)")
                                .arg(i));
        if (r.sizeBytes == 0 || r.sizeBytes % m_blockBytes != 0 || r.offsetBytes % m_blockBytes != 0)
            return failWith(QStringLiteral("request %1 (offset %2, %3 bytes) is not aligned to the %4-byte block")
                                .arg(i)
                                .arg(r.offsetBytes)
                                .arg(r.sizeBytes)
                                .arg(m_blockBytes));
        if (r.offsetBytes >= m_capacityBytes || r.sizeBytes > m_capacityBytes - r.offsetBytes)
            return failWith(QStringLiteral("request %1 (offset %2, %3 bytes) is past the end (capacity %4 bytes)")
                                .arg(i)
                                .arg(r.offsetBytes)
                                .arg(r.sizeBytes)
                                .arg(m_capacityBytes));
    }
    BatchTiming timing;
    if (requests.empty())
        return timing;
    if (stop.stop_requested())
        return failWith(QStringLiteral("stopped"));

    timing.completionNs.assign(requests.size(), 0.0);
    timing.latencyNs.assign(requests.size(), 0.0);
    std::size_t next = 0;
    IoStream stream;
    stream.next = [&](StreamIo& io) {
        if (next == requests.size())
            return false;
        const ProbeIo& r = requests[next++];
        io = StreamIo { r.offsetBytes, r.sizeBytes, r.write ? StreamIo::Op::SafeWrite : StreamIo::Op::Read, 0 };
        return true;
    };
    stream.completed = [&](const StreamCompletion& c) {
        timing.completionNs[c.index] = c.completedNs;
        timing.latencyNs[c.index] = c.completedNs - c.lastSubmittedNs; // a safe write's write-back alone
    };
    stream.outstanding = int(std::min<std::size_t>(requests.size(), std::size_t(std::clamp(outstanding, 1, 4096))));
    stream.maxInFlightBytes = std::numeric_limits<std::uint64_t>::max(); // a batch is the probe's own, small
    const StreamOutcome outcome = runStream(stream, stop);
    if (!outcome.error.isEmpty()) {
        if (error)
            *error = outcome.error;
        return std::nullopt;
    }
    if (outcome.stopped)
        return failWith(QStringLiteral("stopped"));
    return timing;
}

StreamOutcome DeviceTarget::runStream(const IoStream& stream, std::stop_token stop)
{
    StreamOutcome outcome;
    const std::size_t slotCount = std::size_t(std::clamp(stream.outstanding, 1, 4096));
    if (!ensureRing(unsigned(slotCount), &outcome.error))
        return outcome;

    struct Slot
    {
        StreamCompletion request;
        bool writeBack = false;  ///< the read half of a safe write is done; the write-back is in flight
        bool holdsPattern = false; ///< the buffer holds the scratch pattern (no read has overwritten it)
        AlignedBuffer buffer;
        std::size_t capacityBytes = 0;
    };
    std::vector<Slot> pool(slotCount);
    std::vector<std::size_t> freeSlots;
    for (std::size_t s = slotCount; s-- > 0;)
        freeSlots.push_back(s);
    io_uring* ring = m_ring.get();
    std::vector<std::size_t> prepared; // slots whose SQE waits for the next submit
    std::optional<StreamIo> pending;   // pulled, not yet submitted
    std::uint64_t pulled = 0;
    bool exhausted = false;
    std::size_t inFlight = 0;
    std::uint64_t inFlightBytes = 0;
    QString& ioError = outcome.error;

    const double startNs = monotonicNs();
    const auto now = [&] { return monotonicNs() - startNs; };
    double lastChangeNs = 0;
    // Busy time and the in-flight integral, brought up to `t` before the number in flight changes.
    const auto account = [&](double t) {
        if (inFlight > 0) {
            outcome.busyNs += t - lastChangeNs;
            outcome.inFlightNsIntegral += double(inFlight) * (t - lastChangeNs);
        }
        lastChangeNs = t;
    };
    const auto prepare = [&](std::size_t s, bool write) {
        io_uring_sqe* sqe = io_uring_get_sqe(ring);
        if (!sqe) { // cannot happen: one SQE per slot and the ring has at least as many entries
            io_uring_submit(ring);
            sqe = io_uring_get_sqe(ring);
        }
        const StreamIo& r = pool[s].request.io;
        if (write)
            io_uring_prep_write(sqe, m_fd, pool[s].buffer.get(), r.sizeBytes, r.offsetBytes);
        else
            io_uring_prep_read(sqe, m_fd, pool[s].buffer.get(), r.sizeBytes, r.offsetBytes);
        io_uring_sqe_set_data64(sqe, s);
        prepared.push_back(s);
    };
    const auto check = [&](const StreamIo& r) -> QString {
        if (r.op != StreamIo::Op::Read && !m_writable)
            return QStringLiteral("request %1 is a write, and writes are not allowed").arg(pulled);
        if (r.sizeBytes == 0 || r.sizeBytes % m_blockBytes != 0 || r.offsetBytes % m_blockBytes != 0)
            return QStringLiteral("request %1 (offset %2, %3 bytes) is not aligned to the %4-byte block")
                .arg(pulled)
                .arg(r.offsetBytes)
                .arg(r.sizeBytes)
                .arg(m_blockBytes);
        if (r.offsetBytes >= m_capacityBytes || r.sizeBytes > m_capacityBytes - r.offsetBytes)
            return QStringLiteral("request %1 (offset %2, %3 bytes) is past the end (capacity %4 bytes)")
                .arg(pulled)
                .arg(r.offsetBytes)
                .arg(r.sizeBytes)
                .arg(m_capacityBytes);
        return {};
    };
    const auto finish = [&](std::size_t s, double t) {
        account(t);
        Slot& sl = pool[s];
        sl.request.completedNs = t;
        const StreamIo& r = sl.request.io;
        ++outcome.completed;
        outcome.endNs = std::max(outcome.endNs, t);
        inFlightBytes -= r.sizeBytes;
        --inFlight;
        freeSlots.push_back(s);
        if (stream.completed)
            stream.completed(sl.request);
    };

    bool stopped = false;
    while (true) {
        // New requests only while no stop and no error: a safe write, once begun, is finished below.
        while (!stopped && ioError.isEmpty() && !freeSlots.empty()) {
            if (!pending) {
                StreamIo io;
                if (exhausted || !stream.next || !stream.next(io)) {
                    exhausted = true;
                    break;
                }
                if (const QString bad = check(io); !bad.isEmpty()) {
                    ioError = fail(bad);
                    break;
                }
                pending = io;
            }
            if (stop.stop_requested()) {
                stopped = true;
                break;
            }
            if (pending->releaseNs > now())
                break;
            if (inFlight > 0 && inFlightBytes + pending->sizeBytes > stream.maxInFlightBytes)
                break;
            const std::size_t s = freeSlots.back();
            Slot& sl = pool[s];
            if (sl.capacityBytes < pending->sizeBytes) {
                sl.buffer.reset();
                sl.capacityBytes = 0;
                sl.buffer = allocateAligned(m_memoryAlignBytes, pending->sizeBytes);
                if (!sl.buffer) {
                    ioError = fail(QStringLiteral("cannot allocate an aligned I/O buffer of %1 bytes").arg(pending->sizeBytes));
                    break;
                }
                sl.capacityBytes = pending->sizeBytes;
                sl.holdsPattern = false;
            }
            if (pending->op == StreamIo::Op::Write && !sl.holdsPattern) {
                fillPattern(sl.buffer.get(), sl.capacityBytes, 0x5241494453434F50ull + s); // "RAIDSCOP"
                sl.holdsPattern = true;
            } else if (pending->op != StreamIo::Op::Write) {
                sl.holdsPattern = false;
            }
            freeSlots.pop_back();
            sl.request = StreamCompletion { pulled++, *pending, 0, 0, 0 };
            sl.writeBack = false;
            pending.reset();
            account(now());
            ++inFlight;
            inFlightBytes += sl.request.io.sizeBytes;
            outcome.maxInFlight = std::max<std::uint32_t>(outcome.maxInFlight, std::uint32_t(inFlight));
            prepare(s, sl.request.io.op == StreamIo::Op::Write);
        }
        if (!prepared.empty()) {
            const double t = now();
            for (std::size_t s : prepared) {
                Slot& sl = pool[s];
                if (!sl.writeBack)
                    sl.request.submittedNs = t;
                sl.request.lastSubmittedNs = t;
            }
            prepared.clear();
            const int rc = io_uring_submit(ring);
            if (rc < 0) {
                // Nothing of this submit reached the kernel; forget it, drain what did.
                ioError = fail(QStringLiteral("io_uring submit failed: %1").arg(errnoText(-rc)));
                break;
            }
        }
        const bool waitingToRelease = pending && !stopped && ioError.isEmpty() && !freeSlots.empty();
        const double releaseInNs = waitingToRelease ? pending->releaseNs - now() : 0;
        if (inFlight == 0) {
            if (!waitingToRelease)
                break;
            if (releaseInNs > kSpinNs) { // idle until the next arrival, looking at the stop token meanwhile
                const double sleepNs = std::min(releaseInNs - kSpinNs, kPollNs);
                timespec ts { time_t(sleepNs / 1e9), long(std::fmod(sleepNs, 1e9)) };
                nanosleep(&ts, nullptr);
            }
            continue;
        }

        io_uring_cqe* cqe = nullptr;
        int rc = 0;
        if (waitingToRelease && releaseInNs > 0 && releaseInNs <= kSpinNs) {
            rc = io_uring_peek_cqe(ring, &cqe); // spin to the release, reaping what completes meanwhile
            if (rc == -EAGAIN)
                continue;
        } else if (waitingToRelease && releaseInNs > 0) {
            const double waitNs = std::min(releaseInNs - kSpinNs, kPollNs);
            __kernel_timespec ts { (long long)(waitNs / 1e9), (long long)(std::fmod(waitNs, 1e9)) };
            rc = io_uring_wait_cqe_timeout(ring, &cqe, &ts);
            if (rc == -ETIME || rc == -EINTR)
                continue;
        } else {
            rc = io_uring_wait_cqe(ring, &cqe);
            while (rc == -EINTR)
                rc = io_uring_wait_cqe(ring, &cqe);
        }
        if (rc < 0) {
            ioError = fail(QStringLiteral("waiting for io_uring completions failed: %1").arg(errnoText(-rc)));
            break;
        }
        unsigned head = 0;
        unsigned seen = 0;
        io_uring_for_each_cqe(ring, head, cqe)
        {
            ++seen;
            const double t = now();
            const std::size_t s = std::size_t(io_uring_cqe_get_data64(cqe));
            Slot& sl = pool[s];
            const StreamIo& r = sl.request.io;
            const bool wrote = sl.writeBack || r.op == StreamIo::Op::Write;
            const int res = cqe->res;
            if (res < 0 || std::uint32_t(res) != r.sizeBytes) {
                if (ioError.isEmpty())
                    ioError = fail(QStringLiteral("%1 at offset %2 (%3 bytes) failed: %4")
                                       .arg(sl.writeBack ? QStringLiteral("write-back")
                                               : wrote   ? QStringLiteral("write")
                                                         : QStringLiteral("read"))
                                       .arg(r.offsetBytes)
                                       .arg(r.sizeBytes)
                                       .arg(res < 0 ? errnoText(-res) : QStringLiteral("short transfer of %1 bytes").arg(res)));
                // A failed or short read is never written back; the request is not reported.
                account(t);
                inFlightBytes -= r.sizeBytes;
                --inFlight;
                freeSlots.push_back(s);
                continue;
            }
            ++(wrote ? outcome.deviceWrites : outcome.deviceReads);
            outcome.deviceBytes += r.sizeBytes;
            if (r.op == StreamIo::Op::SafeWrite && !sl.writeBack) {
                // Shear §2.3 safe write: the bytes just read go back to the same place, unchanged.
                sl.writeBack = true;
                prepare(s, true);
            } else {
                finish(s, t);
            }
        }
        io_uring_cq_advance(ring, seen);
    }

    // After a failed submit or wait, in-flight requests still own their buffers: reap them first,
    // finishing any safe write whose read half is done (liburing keeps unsubmitted SQEs queued, so
    // submit_and_wait retries them).
    while (inFlight > 0) {
        prepared.clear();
        io_uring_cqe* cqe = nullptr;
        int rc = io_uring_submit_and_wait(ring, 1);
        if (rc >= 0 || rc == -EINTR || rc == -EAGAIN || rc == -EBUSY)
            rc = io_uring_peek_cqe(ring, &cqe);
        if (rc == -EAGAIN || rc == -EINTR)
            continue;
        if (rc < 0 || !cqe)
            break; // the ring is unusable: the buffers are leaked below rather than freed under the kernel
        const std::size_t s = std::size_t(io_uring_cqe_get_data64(cqe));
        const StreamIo& r = pool[s].request.io;
        const bool finishPair = r.op == StreamIo::Op::SafeWrite && !pool[s].writeBack && cqe->res == int(r.sizeBytes);
        io_uring_cqe_seen(ring, cqe);
        if (finishPair) {
            pool[s].writeBack = true;
            prepare(s, true);
            continue;
        }
        account(now());
        --inFlight;
    }
    if (inFlight > 0) // the ring is unusable and the kernel may still write them: leaked, not freed
        for (Slot& s : pool)
            static_cast<void>(s.buffer.release());
    outcome.stopped = stopped;
    return outcome;
}

} // namespace raidscope
