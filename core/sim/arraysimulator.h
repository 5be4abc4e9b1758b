// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "disk/diskmodel.h"
#include "job.h"
#include "layout/layout.h"
#include "simconfig.h"
#include "simresult.h"
#include "workload.h"

#include <QString>

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <stop_token>
#include <vector>

namespace raidscope {

struct ResolvedArray;
class RequestFeed;
class RequestPlanner;

/// One record of a trace to replay: when it arrives, where, how much, which way.
struct ReplayRecord
{
    double timeNs = 0; ///< from the run's start; timeNs x the time scale at most 2^62 (146 years), else the replay ends there
    std::uint64_t offsetBytes = 0;
    std::uint64_t sizeBytes = 0;
    bool write = false;
};

/// Records pulled one at a time, so a trace of any length replays in bounded memory, and a callback
/// per completed request (its arrival and response time), e.g. to find slow periods.
struct ReplaySource
{
    std::function<bool(ReplayRecord&)> next;                        ///< false when there are no more
    std::function<void(double arrivalNs, double responseNs)> completed; ///< optional
};

/// Progress of a run: the fraction done and the statistics so far.
struct SimSnapshot
{
    double fraction = 0;
    SimResult partial;
};

/// A discrete-event simulation of an array: logical requests go through the controller (write-back
/// and read caches, RAID write paths, degraded mode, mirror read balancing) into per-disk queues
/// served by DiskModel, or by a QEMU-style throttle (iops=); members may fail during a run and be
/// rebuilt onto spares (fail=, rebuild=; SimResult::stages). Time is integral nanoseconds; results
/// are deterministic for a seed. A simulator can run many workloads one after another; each run()
/// and replay() starts from idle disks, while batches (runBatch()) carry over what a real host and
/// its drives remember between them.
class ArraySimulator
{
public:
    /// From a resolved array spec (registry.resolve()) and the layout its plugin created.
    static std::unique_ptr<ArraySimulator> create(const ResolvedArray& array, std::shared_ptr<const Layout> layout,
                                                  QString* error);
    /// Parses, resolves and creates in one step with the process-wide registry.
    static std::unique_ptr<ArraySimulator> create(const QString& arraySpec, QString* error);

    ~ArraySimulator();

    const Layout& layout() const { return *m_layout; }
    const SimConfig& config() const { return m_config; }
    const QString& arraySpec() const { return m_arraySpec; }

    /// The array's logical capacity in bytes: what a workload addresses.
    std::uint64_t arrayBytes() const { return m_layout->logicalBlocks() * m_layout->params().blockBytes; }
    /// checkWorkloadFits() on this array: call before run(), which would cut a region or a request
    /// size larger than the array down without a word.
    bool checkWorkload(const WorkloadSpec& spec, QString* error) const
    {
        return checkWorkloadFits(spec, arrayBytes(), error) && checkWorkloadAlign(spec, m_layout->params().blockBytes, error);
    }
    /// Runs a closed- or open-loop workload to `spec.count` completed requests (fewer if stopped).
    SimResult run(const WorkloadSpec& spec, std::stop_token stop = {}, const Report<SimSnapshot>& report = {});
    /// The same for the workload of `feed` (made for this simulator), which another thread may draw and
    /// plan ahead meanwhile (RequestFeed::help()); the result is the same. Closes the feed at the end.
    SimResult run(RequestFeed& feed, std::stop_token stop = {}, const Report<SimSnapshot>& report = {});
    /// What plans this array's requests (RequestFeed's, and the simulator's own).
    RequestPlanner planner() const;
    /// Issues `requests` in order keeping `outstanding` in flight and returns each request's
    /// completion time in nanoseconds since the first was issued (the probe's IoTarget). The disk
    /// mechanics start idle every batch; the throttles' buckets (iops, ceiling), the host CPU
    /// (hostoverhead) and md's head positions (mirrorread=nearest) carry over from the previous batch
    /// as it ended, so a second batch issued at once gets no burst credit, as on QEMU.
    std::vector<double> runBatch(std::span<const IoRequest> requests, int outstanding, std::stop_token stop = {});
    /// The host issues nothing for `duration` after a batch: the throttles leak, so a drive that has
    /// rested regains its burst (SimTarget waits the spec's gap= between batches).
    void idle(std::chrono::nanoseconds duration);
    /// Simulated time the batches and idle gaps have taken since the simulator was created.
    std::chrono::nanoseconds batchClock() const;
    /// Replays records at their own times scaled by `timeScale` (0.5: twice as fast).
    SimResult replay(std::span<const ReplayRecord> records, double timeScale = 1.0, std::stop_token stop = {},
                     const Report<SimSnapshot>& report = {});
    /// The same, pulling records from `source` as simulated time reaches them; queues carry over
    /// for the whole trace. Records should come in time order; a late one is issued at once.
    SimResult replay(const ReplaySource& source, double timeScale = 1.0, std::stop_token stop = {},
                     const Report<SimSnapshot>& report = {});

private:
    ArraySimulator(std::shared_ptr<const Layout> layout, SimConfig config, std::vector<DiskModel> disks, QString spec);
    class Engine;
    struct Carry;

    std::shared_ptr<const Layout> m_layout;
    SimConfig m_config;
    std::vector<DiskModel> m_disks; ///< one per physical disk
    QString m_arraySpec;
    std::unique_ptr<Carry> m_carry; ///< what one batch leaves to the next
};

} // namespace raidscope
