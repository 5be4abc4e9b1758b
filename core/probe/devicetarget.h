// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "probe/iotarget.h"

#include <QString>

#include <cstdint>
#include <functional>
#include <memory>

struct io_uring; // liburing's ring; kept out of this header (liburing is linked privately)

namespace raidscope {

/// How a real device or file may be used.
struct DeviceOptions
{
    bool allowWrites = false; ///< open read-write and accept safe writes (--allow-writes)
    bool force
        = false; ///< probe even a mounted or busy device; use buffered I/O on a file whose filesystem rejects O_DIRECT
};

/// One request of a stream (DeviceTarget::runStream()).
struct StreamIo
{
    enum class Op : std::uint8_t {
        Read,      ///< read the bytes
        SafeWrite, ///< Shear §2.3: read the bytes, then write the same bytes back (two device I/Os)
        Write,     ///< write a fixed, non-zero, incompressible pattern over the bytes (a scratch device)
    };
    std::uint64_t offsetBytes = 0;
    std::uint32_t sizeBytes = 0;
    Op op = Op::Read;
    /// Not submitted before this many ns after the stream started (an open loop's arrival); 0: at once.
    double releaseNs = 0;
};

/// A request of a stream as it completed; times in ns since the stream started.
struct StreamCompletion
{
    std::uint64_t index = 0; ///< in the order IoStream::next gave it, from 0
    StreamIo io;
    double submittedNs = 0;     ///< its first (or only) I/O submitted
    double lastSubmittedNs = 0; ///< its last I/O (a safe write's write-back) submitted
    double completedNs = 0;
};

/// Requests pulled one at a time, so a stream of any length runs in bounded memory.
struct IoStream
{
    /// The next request; false when there are no more. Pulled when the previous one was submitted.
    std::function<bool(StreamIo&)> next;
    std::function<void(const StreamCompletion&)> completed; ///< optional; in completion order
    int outstanding = 1; ///< most requests in flight, clamped to 1..4096 (a safe write counts once)
    /// Bytes of requests in flight at most (one request may always go): bounds the buffers.
    std::uint64_t maxInFlightBytes = std::uint64_t(256) << 20;
};

/// What a stream did.
struct StreamOutcome
{
    std::uint64_t completed = 0;    ///< requests completed
    std::uint64_t deviceReads = 0;  ///< I/Os the device served, a safe write's read included
    std::uint64_t deviceWrites = 0;
    std::uint64_t deviceBytes = 0;
    double endNs = 0;               ///< the last completion
    double busyNs = 0;              ///< time with at least one request in flight
    double inFlightNsIntegral = 0;  ///< requests in flight x time
    std::uint32_t maxInFlight = 0;
    bool stopped = false;           ///< a stop request left requests unsubmitted
    QString error;                  ///< one line naming the device; empty when all went well
};

/// A real block device or regular file as an IoTarget (DESIGN.md "IoTarget"): O_DIRECT, buffers
/// aligned to the logical block size, io_uring with the requested number of requests in flight, and
/// each request timed with CLOCK_MONOTONIC. A write is Shear's safe write (§2.3): the block is read
/// and the same bytes are written back; a stop request is honoured only between such pairs.
class DeviceTarget final : public IoTarget
{
public:
    ~DeviceTarget() override;
    DeviceTarget(const DeviceTarget&) = delete;
    DeviceTarget& operator=(const DeviceTarget&) = delete;

    std::uint64_t capacityBytes() const override { return m_capacityBytes; }
    std::uint32_t blockBytes() const override { return m_blockBytes; }
    bool writable() const override { return m_writable; }
    int readsPerWrite() const override { return 1; } // read, then the same bytes written back
    QString describe() const override;

    /// Every request must be block-aligned, inside [0, capacityBytes()) and, for a write, allowed;
    /// the whole batch is checked before anything is issued. `outstanding` is clamped to 1..4096.
    /// Also fills BatchTiming::latencyNs. Errors are one line naming the device.
    std::optional<BatchTiming> run(
        std::span<const ProbeIo> requests, int outstanding, std::stop_token stop, QString* error) override;

    /// Runs requests as `stream` gives them, keeping up to `stream.outstanding` in flight, each
    /// submitted no earlier than its release time, and reports each completion. Each request must be
    /// block-aligned, inside [0, capacityBytes()) and, for a write of either kind, allowed; the
    /// first that is not ends the stream with an error (what was submitted before it completes).
    /// A stop request ends it between requests (never inside a safe write); an I/O error ends it
    /// after the requests in flight complete. Buffers are aligned and reused; their memory is at most
    /// about stream.maxInFlightBytes, or one request's size.
    StreamOutcome runStream(const IoStream& stream, std::stop_token stop);

    const QString& path() const { return m_path; }
    bool isBlockDevice() const { return m_blockDevice; }
    /// False only for a forced regular file on a filesystem that rejects O_DIRECT.
    bool isDirect() const { return m_direct; }

private:
    friend std::unique_ptr<DeviceTarget> openDeviceTarget(const QString&, const DeviceOptions&, QString*);
    DeviceTarget() = default;
    bool ensureRing(unsigned entries, QString* error);
    QString fail(const QString& what) const;

    QString m_path;
    int m_fd = -1;
    std::uint64_t m_capacityBytes = 0;
    std::uint32_t m_blockBytes = 512;
    std::uint32_t m_memoryAlignBytes = 4096;
    bool m_writable = false;
    bool m_blockDevice = false;
    bool m_direct = true;
    QString m_note; ///< why it was opened anyway (forced), shown by describe()
    struct RingExit
    {
        void operator()(::io_uring* ring) const noexcept; ///< io_uring_queue_exit(), then the memory
    };
    std::unique_ptr<::io_uring, RingExit> m_ring; ///< set up by ensureRing(), torn down as it goes
    unsigned m_ringEntries = 0;
};

/// Opens a block device or regular file for probing. Refuses, with one line naming the device and
/// saying why, unless `options.force`: a device that is mounted (itself, a partition of the same disk,
/// its whole disk, or a holder such as md, dm or LVM), held by an md/dm/LVM holder, or opened
/// exclusively by another process (EBUSY on O_EXCL); a file on a filesystem that rejects O_DIRECT.
/// Always refuses (nullptr and `error`): a missing path, permission denied, a device smaller than one
/// block, a path that is neither a block device nor a regular file, io_uring unavailable.
std::unique_ptr<DeviceTarget> openDeviceTarget(const QString& path, const DeviceOptions& options, QString* error);

/// Why the block device at `path` is in use (mounted, a partition or holder mounted, held by md/dm/
/// LVM), as one sentence; empty when /proc/self/mountinfo and /sys show no use, or for a non-device.
QString blockDeviceInUse(const QString& path);

} // namespace raidscope
