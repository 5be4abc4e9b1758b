// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <cstdint>
#include <optional>
#include <vector>

namespace raidscope {

struct ArraySpec;
class Layout;

/// A member that fails during a run (`fail=DISK@TIME`).
struct MemberFailure
{
    int member = 0;
    std::int64_t atNs = 0; ///< since the run's start
};

/// How a rebuild onto a spare shares the disks with the users' requests (`rebuild=`).
struct RebuildPolicy
{
    enum class Kind : std::uint8_t {
        None,  ///< no rebuild: a failed member stays failed (degraded mode)
        Rate,  ///< rate:RATE: stripe steps start on a schedule of RATE rebuilt bytes per second per member
        Share, ///< share:F: a step starts while the rebuild's busy time on each of its disks is <= F * elapsed
        Idle,  ///< idle:RATE: a step starts when its disks have nothing queued, or to keep up RATE at least
    };
    Kind kind = Kind::None;
    double bytesPerSec = 0; ///< Rate: the rate; Idle: the minimum rate (decimal MB/s as given x 10^6)
    double share = 0;       ///< Share: the fraction of each disk's time, in (0, 1]
    QString text;           ///< as the spec gave it, e.g. "rate:50MB/s"
};

/// The controller and member-disk settings of a simulated array, from the array spec's simulation
/// keys (DESIGN.md's table): cache, readcache, overhead, scheduler, mirrorread, paritywrite, failed,
/// speed, member, shared, and what a real, virtualised array adds (the md-qemu rig's README): iops,
/// burst, hostoverhead, ceiling, gap; and failures during a run with a rebuild onto a spare: fail,
/// rebuild, rebuild.delay, rebuild.unit.
struct SimConfig
{
    /// CLook: DiskSim's CYCLE_LBN (disksim_ioqueue.c, ioqueue_get_request_from_lbn_scan_queue): the lowest
    /// start at or past the last one taken, else the lowest of all.
    enum class Scheduler : std::uint8_t { Fifo, Sstf, Elevator, CLook };
    /// Nearest: Linux md's read_balance() for rotational members (drivers/md/raid1.c, raid10.c).
    enum class MirrorRead : std::uint8_t { ShortestQueue, Random, Primary, Nearest };

    std::uint64_t writeCacheBytes = 0; ///< controller write-back cache; 0: write-through
    std::uint64_t readCacheBytes = 0;  ///< controller read cache (LRU of 64 KiB segments); 0: none
    std::int64_t overheadNs = 0;       ///< controller time per logical request
    Scheduler scheduler = Scheduler::Fifo;
    bool schedulerGiven = false; ///< the spec said scheduler=: it wins over what a member's preset says
    /// Per physical disk: `scheduler` when given, else the disk preset's own ("scheduler", e.g. an imported
    /// DiskSim drive's driver policy), else FIFO. Filled by ArraySimulator::create(); empty: `scheduler`.
    std::vector<Scheduler> diskScheduler;
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

    /// Per member: the rate of a QEMU-style throttle (`throttling.iops-total`) in requests per
    /// second, before the member's speed factor; 0: not throttled. A throttled member has no
    /// mechanical service time under its throttle (see throttleIops()).
    std::vector<double> iops;
    /// The throttle's bucket size in requests (LeakyBucket); unset: each member's rate / 10, as QEMU.
    std::optional<double> burstRequests;
    double ceilingIops = 0;          ///< the whole array's limit on host requests started per second; 0: none
    std::int64_t hostOverheadNs = 0; ///< host CPU time per completed request, one request at a time
    std::int64_t hostJitterNs = 0;   ///< each request's host CPU time is uniform in overhead +- jitter
    std::int64_t batchGapNs = 1'000'000; ///< host time between two probe batches (SimTarget)
    /// mirrorread=nearest on md raid10 with far or offset copies: md reads the copy with the lowest
    /// address, never balancing (raid10.c read_balance(): "for far > 1 always use the lowest address").
    bool lowestAddressReads = false;

    /// fail=DISK@TIME[,DISK@TIME...]: members that fail during the run, in time order.
    std::vector<MemberFailure> failures;
    RebuildPolicy rebuild;
    std::int64_t rebuildDelayNs = 0;  ///< rebuild.delay: from a failure until its spare is in and rebuilding starts
    std::uint64_t rebuildUnitBytes = 0; ///< rebuild.unit: bytes per member a rebuild step moves; the chunk size

    /// Failures during the run or a rebuild: disk operations then depend on when a request reaches the
    /// controller, so the simulator plans every request itself as it is dispatched.
    bool timeDependent() const { return !failures.empty() || rebuild.kind != RebuildPolicy::Kind::None; }

    int failedCount() const;
    /// A member's throttle rate with its speed factor applied (speed=2:0.5 halves it); 0: none.
    double throttleIops(int member) const;
    /// A member's throttle bucket size: burst=N, or its rate / 10 (QEMU's default without iops-total-max).
    double throttleBurst(int member) const;
};

/// Reads the simulation keys of a spec for the array `layout` maps (its members), with the spec's
/// `disk=` preset as the default; a one-line error naming the key when a value is malformed or out of
/// range, not a finite number, or when the failed= members leave some data with no surviving copy
/// (firstLostBlock(): which disks fail matters, not only how many).
std::optional<SimConfig> parseSimConfig(const ArraySpec& spec, const Layout& layout, QString* error);

} // namespace raidscope
