// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "probe/iotarget.h"

#include <QString>

#include <cstdint>
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
