// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <cstdint>
#include <optional>
#include <vector>

namespace raidscope {

struct ArraySpec;

/// The controller and member-disk settings of a simulated array, from the array spec's simulation
/// keys (DESIGN.md's table): cache, readcache, overhead, scheduler, mirrorread, paritywrite, failed,
/// speed, member, shared.
struct SimConfig
{
    enum class Scheduler : std::uint8_t { Fifo, Sstf, Elevator };
    enum class MirrorRead : std::uint8_t { ShortestQueue, Random, Primary };

    std::uint64_t writeCacheBytes = 0; ///< controller write-back cache; 0: write-through
    std::uint64_t readCacheBytes = 0;  ///< controller read cache (LRU of 64 KiB segments); 0: none
    std::int64_t overheadNs = 0;       ///< controller time per logical request
    Scheduler scheduler = Scheduler::Fifo;
    MirrorRead mirrorRead = MirrorRead::ShortestQueue;
    bool alwaysReconstructWrite = false; ///< paritywrite=md: Linux md as Shear §4 measured it
    std::vector<bool> failed;            ///< per member
    std::vector<double> speed;           ///< per member, 1 = the preset's speed
    std::vector<QString> preset;         ///< per member, the array's `disk=` unless member=I:ID
    std::vector<int> physical;           ///< per member, the physical disk it is a partition of
    int physicalDisks = 0;

    /// The member's first sector on its physical disk: 0, or half the disk for the second
    /// partition of a shared disk (shared=I:J, Shear Fig. 17's misconfiguration).
    std::vector<bool> secondPartition;

    int failedCount() const;
};

/// Reads the simulation keys of a spec for an array of `disks` members, with the spec's `disk=` preset
/// as the default; a one-line error naming the key when a value is malformed or out of range.
std::optional<SimConfig> parseSimConfig(const ArraySpec& spec, int disks, int faultTolerance, QString* error);

} // namespace raidscope
