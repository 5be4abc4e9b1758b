// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <algorithm>
#include <cstdint>

namespace raidscope {

/// Where a trace record lands on a target of `capacityBytes` (> 0) addressed in `blockBytes`
/// (> 0): the one rule of a trace replay, simulated (ArraySimulator::replay()) or measured on a
/// device (replayTraceOnDevice()), so both put every request in the same place.
/// The size is clamped to 1..capacityBytes; a request that fits is left where it is (unaligned
/// if the trace says so); one that would run past the end (offset + size past capacity, or past
/// 2^64) wraps into [0, capacity - size] by the remainder, rounded down to a block.
/// Example, capacity 1 MiB, block 4 KiB, a 4 KiB request at 3 MiB + 8 KiB (3153920): 3153920 mod
/// (1048576 - 4096 + 1) = 20477, rounded down to a block: 16384.
struct ReplayPlace
{
    std::uint64_t offsetBytes = 0;
    std::uint64_t sizeBytes = 0;
};

constexpr ReplayPlace mapReplayRequest(std::uint64_t offsetBytes, std::uint64_t sizeBytes, std::uint64_t capacityBytes,
                                       std::uint64_t blockBytes)
{
    ReplayPlace p { offsetBytes, std::clamp<std::uint64_t>(sizeBytes, 1, capacityBytes) };
    if (p.offsetBytes > capacityBytes - p.sizeBytes) // offset + size could pass 2^64
        p.offsetBytes = (p.offsetBytes % (capacityBytes - p.sizeBytes + 1)) / blockBytes * blockBytes;
    return p;
}

} // namespace raidscope
