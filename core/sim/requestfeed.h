// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "layout/requestplan.h"
#include "workload.h"

#include <array>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <span>
#include <vector>

namespace raidscope {

class ArraySimulator;
struct SimConfig;

/// One disk operation of a logical request: on a physical disk, in 512-byte sectors.
struct PhysOp
{
    std::uint64_t sector = 0;
    std::uint32_t sectors = 0;
    std::uint32_t request = 0; ///< the simulator's slot of the logical request
    std::uint32_t disk = 0;    ///< physical disk
    bool write = false;
    std::uint32_t member = 0;
};

/// What RequestPlanner::plan() found out about a write on the way (the layout analysis's, #56): its
/// stripes by the method md chose for them (ParityMethod order; none without parity), and how many of
/// its operations are the request's own data writes (the rest are reads, parity and mirror-copy writes).
struct WritePlanSummary
{
    std::array<std::uint32_t, 4> stripesByMethod {};
    std::uint32_t dataWrites = 0;
};

/// Turns a logical request into disk operations where they depend on the request alone: everything
/// but the reads of a healthy mirrored array, which pick a copy by the disks' queues and heads as they
/// reach the controller (the simulator plans those). Immutable: any thread may plan.
class RequestPlanner
{
public:
    /// `diskSectors`: the size of each physical disk.
    RequestPlanner(const Layout& layout, const SimConfig& config, std::vector<std::uint64_t> diskSectors);

    /// Appends the request's first operations to `phase1` and the writes that wait for its reads
    /// (read-modify-write, reconstruct-write) to `phase2`, all for request slot `request`; `lost`: some
    /// block has no surviving copy or parity. false, and nothing planned, for a mirror read (above).
    /// `summary`, when given, is set for a write (left alone for a read).
    bool plan(const IoRequest& io, std::uint32_t request, std::vector<PhysOp>& phase1, std::vector<PhysOp>& phase2,
              bool& lost, WritePlanSummary* summary = nullptr) const;
    /// A read on the data place of every chunk it touches, one operation per chunk: plan()'s read of a
    /// healthy array, and a healthy mirror's read where its primary copy serves it.
    void planDataRead(const IoRequest& io, std::uint32_t request, std::vector<PhysOp>& out) const;
    /// `blocks` layout blocks from `block` of member disk `member`, where they are on its physical disk.
    PhysOp physOp(int member, std::uint64_t block, std::uint64_t blocks, std::uint32_t request, bool write) const
    {
        if (m_anySecondPartition)
            return physOpOnPartition(member, block, blocks, request, write);
        return PhysOp { block * m_sectorsPerBlock, std::uint32_t(blocks * m_sectorsPerBlock), request,
            m_physical[std::size_t(member)], write, std::uint32_t(member) };
    }

private:
    /// physOp() when some member is the second half of another member's disk.
    PhysOp physOpOnPartition(int member, std::uint64_t block, std::uint64_t blocks, std::uint32_t request,
                             bool write) const;
    /// plan() of a write within one stripe by read-modify-write on a healthy parity array, the commonest
    /// write of small random and sequential workloads, without planRequest()'s general machinery; false
    /// (and nothing planned) for any other request, which planRequest() then plans.
    bool planStripeParityWrite(const IoRequest& io, std::uint32_t request, std::vector<PhysOp>& phase1,
                               std::vector<PhysOp>& phase2, WritePlanSummary* summary) const;

    const Layout& m_layout;
    const SimConfig& m_config;
    std::vector<std::uint64_t> m_diskSectors;
    PlanOptions m_options;
    std::uint32_t m_sectorsPerBlock = 8;
    std::vector<std::uint32_t> m_physical; ///< SimConfig::physical, kept here for the inline physOp()
    bool m_anySecondPartition = false;     ///< some member is a second partition (SimConfig::secondPartition)
    bool m_healthy = true;      ///< no failed member: reads by the data place (or a mirror's copy)
    bool m_mirrorReads = false; ///< reads go to the simulator (see plan())
    bool m_stripeParityWrites = false; ///< planStripeParityWrite() may plan (healthy, parity, md's choice)
    std::uint64_t m_arrayBytes = 0;
    std::uint64_t m_stripeBlocks = 0;
    int m_dataDisks = 0;
};

/// A request as the feed hands it over; the spans stay valid until the next call of RequestFeed::next().
struct PlannedRequest
{
    IoRequest io;
    double gapNs = 0;      ///< open loop: the time from this arrival to the next (none after the last)
    bool planned = false;  ///< false: the simulator plans it (RequestPlanner::plan())
    bool lost = false;
    std::span<const PhysOp> phase1, phase2;
};

/// The requests of one ArraySimulator::run(): drawn from the workload and planned in blocks. The run's
/// thread draws a block when it needs one; another thread may meanwhile draw blocks ahead (help()),
/// so drawing and planning overlap the simulation. Blocks are drawn one at a time, in order, by
/// whichever thread: the requests are those of a serial run, draw for draw.
class RequestFeed
{
public:
    /// The requests of `spec` on the array of `simulator`, which must outlive the run.
    RequestFeed(const ArraySimulator& simulator, const WorkloadSpec& spec);
    ~RequestFeed(); ///< close()
    RequestFeed(const RequestFeed&) = delete;
    RequestFeed& operator=(const RequestFeed&) = delete;

    const WorkloadSpec& spec() const { return m_spec; }
    /// Open loop: the time to the first arrival (drawn before the first request, as the generator does).
    double firstGapNs() const { return m_firstGapNs; }
    /// The next request; the run's thread only, at most spec().count times.
    PlannedRequest next();
    /// From another thread: draws blocks ahead of the run until every request is drawn or the feed is
    /// closed, then returns. Returns at once when another thread is helping or the feed is closed.
    void help();
    /// No more drawing: help() returns soon, and close() waits until it has. run() closes its feed
    /// when it ends, however it ends; the feed's sim may go then.
    void close();

private:
    struct Entry
    {
        IoRequest io;
        double gapNs = 0;
        std::uint32_t phase1End = 0; ///< into Block::ops: phase 1 from the previous entry's phase2End
        std::uint32_t phase2End = 0;
        bool planned = false;
        bool lost = false;
    };
    struct Block
    {
        std::vector<Entry> entries;
        std::vector<PhysOp> ops;
    };

    Block takeBlock(std::unique_lock<std::mutex>& lock);
    Block drawNext(std::unique_lock<std::mutex>& lock);
    void draw(Block& block, std::uint64_t requests);

    WorkloadSpec m_spec;
    RequestPlanner m_planner;
    // The drawing thread's (the one that set m_drawing) alone.
    WorkloadGenerator m_generator;
    std::uint64_t m_drawn = 0;     ///< open loop: requests drawn (their gaps)
    std::vector<PhysOp> m_phase2;
    double m_firstGapNs = 0;

    // The run's thread's alone.
    Block m_current;
    std::size_t m_next = 0;

    std::mutex m_lock; // guards what follows
    std::condition_variable m_changed;
    std::deque<Block> m_ready;  ///< drawn ahead, in order
    std::vector<Block> m_spare; ///< consumed, kept for their memory
    std::uint64_t m_claimed = 0; ///< requests drawn or being drawn
    bool m_drawing = false;
    bool m_helping = false;
    bool m_closed = false;
};

} // namespace raidscope
