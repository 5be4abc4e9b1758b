// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <chrono>
#include <cstdint>
#include <optional>
#include <span>
#include <stop_token>
#include <thread>
#include <vector>

namespace raidscope {

/// One probe I/O: a read, or a safe write (read the bytes, write the same bytes back).
struct ProbeIo
{
    std::uint64_t offsetBytes = 0;
    std::uint32_t sizeBytes = 4096;
    bool write = false;
};

/// What a batch took: each request's completion time, in nanoseconds since the batch started,
/// in the order the requests were given; nullopt and an error when the target failed or stopped.
struct BatchTiming
{
    std::vector<double> completionNs;
    /// Each request's own service time in nanoseconds, from its submission to its completion (for a
    /// safe write, of the write-back alone); empty when the target does not measure it.
    std::vector<double> latencyNs;
    double totalNs() const;
};

/// Where a probe sends its I/O (DESIGN.md "IoTarget"): a simulated array or a real block device or
/// file. Probes see only this. Not thread-safe: one batch at a time.
class IoTarget
{
public:
    virtual ~IoTarget() = default;

    /// Bytes the probe may address: [0, capacityBytes()).
    virtual std::uint64_t capacityBytes() const = 0;
    /// The smallest aligned unit (the device's logical block size, or the array's block).
    virtual std::uint32_t blockBytes() const = 0;
    /// Whether write requests are allowed (a device: only when the user asked with --allow-writes).
    virtual bool writable() const = 0;
    /// Reads each write request issues before it writes (a device's safe write reads the bytes it
    /// writes back: 1; a simulated array writes at once: 0). The probe's read/write ratio leaves them out.
    virtual int readsPerWrite() const { return 0; }
    /// A short description for reports: "simulated raid5 ..." or "/dev/sdb (loop, 64 MiB)".
    virtual QString describe() const = 0;

    /// Issues the requests in order, keeping `outstanding` in flight, and times each.
    /// A stop request ends the batch at a safe point (never between the read and the write-back of
    /// a safe write); the result is then nullopt with `error` saying "stopped".
    virtual std::optional<BatchTiming> run(std::span<const ProbeIo> requests, int outstanding, std::stop_token stop,
                                           QString* error) = 0;

    /// Leaves the target without I/O for about `ms`, so the probe can see whether an idle pause gives
    /// the next batch a burst allowance (QEMU's throttle, many cloud volumes). A device sleeps; a
    /// simulated array lets its own clock run. Returns early on a stop request.
    virtual void idle(double ms, std::stop_token stop)
    {
        const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double, std::milli>(ms);
        while (std::chrono::steady_clock::now() < until && !stop.stop_requested())
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
};

} // namespace raidscope
