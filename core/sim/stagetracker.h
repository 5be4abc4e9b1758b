// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "simresult.h"

#include <cstdint>
#include <vector>

namespace raidscope {

/// The stages of a run with failures (StageResult) and its timeline, from the simulator's events.
/// A request counts in the stage and the timeline bin where the host sees it complete.
/// "recovering" ends when the requests in the system (issued, not yet seen complete by the host) first
/// fall to or below their time-averaged number in the healthy stage before the first failure, or to 0
/// when the run had no healthy stage (failed= from the start): the queue the rebuild left is cleared.
/// A closed loop keeps its requests in the system, so its recovering stage ends as it begins.
class StageTracker
{
public:
    /// At time 0: "healthy", or "degraded" when members are failed from the start.
    explicit StageTracker(bool failedAtStart);

    /// A closed loop keeps `requests` in the system: "recovering" ends once it is back to them (at once).
    void setClosedLoop(int requests) { m_closedLoop = requests; }

    void issued(std::int64_t nowNs);
    void completed(std::int64_t nowNs, std::int64_t responseNs);
    void memberFailed(std::int64_t nowNs);
    void rebuildStarted(std::int64_t nowNs);
    /// No member is failed any more.
    void allRebuilt(std::int64_t nowNs);
    void rebuildBytes(std::int64_t nowNs, std::uint64_t bytes);

    /// Puts the stages, the last one closed at `endNs`, and the timeline into `out`.
    void fill(SimResult& out, double endNs) const;

private:
    void enter(const char* name, std::int64_t nowNs);
    void touch(std::int64_t nowNs);
    bool in(const char* name) const;
    void checkRecovered(std::int64_t nowNs);

    std::vector<StageResult> m_stages;
    SimTimeline m_timeline;
    std::int64_t m_inSystem = 0;
    std::int64_t m_changeNs = 0;
    double m_reference = -1; ///< requests in the system, time-averaged over the first healthy stage
    int m_closedLoop = 0;
};

} // namespace raidscope
