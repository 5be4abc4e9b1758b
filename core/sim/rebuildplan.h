// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "layout/requestplan.h"
#include "simconfig.h"

#include <cstdint>
#include <deque>
#include <functional>
#include <vector>

namespace raidscope {

/// Which members are out of service while the simulator runs with failures (fail=, rebuild=).
struct FailureState
{
    std::vector<bool> failed;     ///< per member: failed and not yet wholly rebuilt
    std::vector<bool> rebuilding; ///< per member: being rebuilt by the running pass
    std::uint64_t rebuiltStripes = 0; ///< the running pass has rebuilt stripes [0, rebuiltStripes)

    bool anyFailed() const;
    /// The members a request to a stripe below the boundary (`below`) or at or above it finds failed:
    /// below it a member being rebuilt is served by its spare.
    std::vector<bool> failedFor(bool below) const;
};

/// A rebuild onto spares, stripe by stripe: step k reconstructs, for the logical stripes it covers, the
/// chunks (rows of them, with rebuild.unit below the chunk) the members being rebuilt hold, from the
/// survivors: a parity stripe's first dataDisks() surviving chunks in the order data, P, Q (RAID 5:
/// every survivor; RAID 6: D-2 of them, as md's degraded reads choose), a mirrored chunk's first
/// surviving copy (the data place, then its copies in layout order). Each step's reads on one disk are
/// coalesced where they touch.
class RebuildPlanner
{
public:
    /// `unitBytes`: per member and step, whole blocks dividing the chunk, or whole chunks (SimConfig checks).
    RebuildPlanner(const Layout& layout, std::uint64_t unitBytes);

    std::uint64_t stripes() const { return m_stripes; }
    std::uint64_t steps() const { return m_steps; }
    /// Stripes wholly rebuilt once steps 0..step are.
    std::uint64_t rebuiltAfter(std::uint64_t step) const;
    /// The survivor reads and spare writes of step `step` in `state` (appended); false when some
    /// chunk has too few survivors (data lost).
    bool plan(std::uint64_t step, const FailureState& state, std::vector<DiskOp>& reads, std::vector<DiskOp>& writes) const;

private:
    const Layout& m_layout;
    std::uint64_t m_chunkBlocks = 0;
    std::uint64_t m_stripeBlocks = 0;
    std::uint64_t m_stripes = 0;
    std::uint64_t m_unitBlocks = 0;
    std::uint64_t m_stripesPerStep = 1; ///< unit >= chunk
    std::uint64_t m_stepsPerStripe = 1; ///< unit < chunk
    std::uint64_t m_steps = 0;
};

/// The rebuild passes of a run (rebuild=): which step comes next and when the policy lets it start.
/// A pass rebuilds every member whose spare is in when it starts, all in one sweep over the stripes;
/// a spare that comes in meanwhile waits for the next pass. At most `stepsInFlight` steps run at once.
/// Policies (SimConfig::rebuild): rate — step k starts no earlier than start + (bytes per member of the
/// steps before it) / rate, so an idle array rebuilds a member in its capacity / rate; share — a step
/// starts while the rebuild's busy time on each disk it uses is at most share x the pass's elapsed
/// time (busy time counted as each operation starts service); idle — a step starts when every disk it
/// uses has nothing queued or in service, or, whatever the queues, when the pass has fallen behind the
/// minimum rate.
class Rebuilder
{
public:
    Rebuilder(const Layout& layout, const SimConfig& config, std::size_t stepsInFlight);

    FailureState& state() { return m_state; }
    const FailureState& state() const { return m_state; }
    bool active() const { return m_active; }
    const RebuildPlanner& planner() const { return m_planner; }

    /// Starts a pass over `members` (their spares are in).
    void start(std::int64_t nowNs, const std::vector<int>& members);

    struct Decision
    {
        enum What : std::uint8_t { Issue, WaitUntil, WaitForIdle, Full, AllIssued } what = AllIssued;
        std::int64_t atNs = 0;          ///< WaitUntil; WaitForIdle: when the minimum rate forces a step
        std::vector<DiskOp> reads, writes; ///< Issue: the step's operations (members' disk blocks)
    };
    /// What the next step may do at `nowNs`; `idle(member)`: the member's disk has nothing queued.
    /// After Issue, the caller queues the operations and calls issued() with their slot.
    const Decision& next(std::int64_t nowNs, const std::function<bool(int member)>& idle);
    void issued(std::uint32_t slot);
    /// Rebuild service time on a physical disk (share=).
    void addBusy(std::size_t physicalDisk, double ns);
    /// A step's operations are done: returns the bytes it wrote; advances the rebuilt boundary.
    std::uint64_t stepDone(std::uint32_t slot);
    /// Every step issued and done: the members are rebuilt; ends the pass and returns them.
    bool passDone() const { return m_active && m_cursor == m_planner.steps() && m_inFlight.empty(); }
    std::vector<int> finishPass();

    std::uint64_t bytesRead() const { return m_bytesRead; }
    std::uint64_t bytesWritten() const { return m_bytesWritten; }
    std::uint64_t steps() const { return m_stepsDone; }

private:
    struct InFlight
    {
        std::uint64_t step = 0;
        std::uint32_t slot = 0;
        std::uint64_t writtenBytes = 0;
        bool done = false;
    };
    bool planStep();

    const SimConfig& m_config;
    RebuildPlanner m_planner;
    std::size_t m_stepsInFlight;
    std::uint64_t m_blockBytes;
    FailureState m_state;
    bool m_active = false;
    std::int64_t m_startNs = 0;
    std::uint64_t m_cursor = 0;          ///< next step to issue
    bool m_planned = false;              ///< m_decision holds step m_cursor's operations
    double m_memberBytesIssued = 0;      ///< bytes per rebuilt member of the steps issued
    std::uint64_t m_stepBytes = 0;       ///< bytes the planned step writes
    int m_members = 0;
    std::deque<InFlight> m_inFlight;
    std::vector<double> m_busyNs;        ///< per physical disk, this pass
    Decision m_decision;
    std::uint64_t m_bytesRead = 0, m_bytesWritten = 0, m_stepsDone = 0;
};

} // namespace raidscope
