// SPDX-License-Identifier: GPL-3.0-or-later
#include "arraysimulator.h"

#include "disk/diskpreset.h"
#include "layout/layoutregistry.h"
#include "layout/requestplan.h"
#include "leakybucket.h"
#include "numberrange.h"
#include "readcache.h"
#include "replaymapping.h"
#include "rebuildplan.h"
#include "stagetracker.h"
#include "requestfeed.h"
#include "stats/rng.h"

#include <QScopeGuard>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <optional>

namespace raidscope {

namespace {

// The host CPU's jitter draws are their own sequence, so that adding hostoverhead= changes nothing
// else a seed decides (mirror choices, workloads).
constexpr std::uint64_t kJitterSeed = 0x6a177e5;

// Rebuild steps in flight at once: the next stripe's survivor reads overlap the spare's write of the
// one before, as md keeps several stripe_heads of a resync going. Two is the least that keeps the
// survivors and the spare both busy on an idle array.
constexpr std::size_t kRebuildStepsInFlight = 2;

} // namespace

struct ArraySimulator::Carry
{
    Carry(const SimConfig& config, std::size_t physicalDisks)
        : throttles(physicalDisks)
        , headSector(config.physical.size(), 0)
        , jitter(kJitterSeed)
    {
        // One throttle per physical disk (a QEMU drive is an image file): two members sharing a disk
        // share the throttle of the first of them.
        std::vector<bool> seen(physicalDisks, false);
        for (std::size_t m = 0; m < config.physical.size(); ++m) {
            const auto p = std::size_t(config.physical[m]);
            if (!seen[p] && config.throttleIops(int(m)) > 0)
                throttles[p] = LeakyBucket(config.throttleIops(int(m)), config.throttleBurst(int(m)));
            seen[p] = true;
        }
        // The ceiling admits requests one every 1/rate, with no burst.
        if (config.ceilingIops > 0)
            ceiling = LeakyBucket(config.ceilingIops, 0);
    }

    // Time `ns` becomes time 0: the end of a batch, or an idle gap, handed to the next batch.
    void shift(std::int64_t ns)
    {
        for (LeakyBucket& b : throttles)
            b.shift(ns);
        ceiling.shift(ns);
        hostFreeNs -= ns;
        clockNs += ns;
    }

    std::vector<LeakyBucket> throttles;    ///< per physical disk; disabled when not throttled
    LeakyBucket ceiling;                   ///< the whole array's request rate
    std::int64_t hostFreeNs = 0;           ///< when the host CPU is done with the completions it has
    /// Per member: where its last completed operation ended (md's head_position).
    std::vector<std::uint64_t> headSector;
    Rng jitter;
    std::int64_t clockNs = 0; ///< batches and gaps so far
};

class ArraySimulator::Engine
{
public:
    Engine(ArraySimulator& sim, std::stop_token stop, const Report<SimSnapshot>& report, Carry* carry)
        : m_layout(*sim.m_layout)
        , m_config(sim.m_config)
        , m_ownCarry(carry ? nullptr : std::make_unique<Carry>(sim.m_config, sim.m_disks.size()))
        , m_state(carry ? *carry : *m_ownCarry)
        , m_stop(std::move(stop))
        , m_report(report)
        , m_readCache(sim.m_config.readCacheBytes)
        , m_throttle(std::chrono::milliseconds(50))
        , m_planner(sim.planner())
        , m_timeDependent(sim.m_config.timeDependent())
        , m_rebuilder(*sim.m_layout, sim.m_config, kRebuildStepsInFlight)
    {
        m_arrayBytes = sim.arrayBytes();
        for (DiskModel& model : sim.m_disks) {
            model.reset();
            Disk d;
            d.model = &model;
            d.scheduler = m_disks.size() < sim.m_config.diskScheduler.size() ? sim.m_config.diskScheduler[m_disks.size()]
                                                                             : sim.m_config.scheduler;
            m_disks.push_back(d);
        }
        m_result.arraySpec = sim.m_arraySpec;
        for (std::size_t i = 0; i < m_disks.size(); ++i) {
            DiskResult r;
            for (std::size_t m = 0; m < m_config.physical.size(); ++m)
                if (m_config.physical[m] == int(i)) {
                    r.members.push_back(int(m));
                    r.preset = m_config.preset[m];
                    r.failed = m_config.failed[m];
                }
            m_result.disks.push_back(r);
        }
        m_rng = Rng(0x5eed);
        if (m_timeDependent)
            startFailures();
    }

    SimResult runWorkload(RequestFeed& feed)
    {
        const WorkloadSpec& spec = feed.spec();
        m_feed = &feed;
        m_target = spec.count;
        m_result.workloadSpec = spec.toText();
        m_closedLoop = !spec.openLoop();
        if (spec.openLoop()) {
            m_result.offeredRatePerSec = spec.ratePerSec;
            schedule(std::int64_t(feed.firstGapNs()), Arrival, 0);
        } else {
            m_result.outstanding = spec.outstanding;
            if (m_stages)
                m_stages->setClosedLoop(spec.outstanding);
            for (int i = 0; i < spec.outstanding && m_issued < m_target; ++i)
                issue(feed.next());
        }
        return loop();
    }

    std::vector<double> runBatch(std::span<const IoRequest> requests, int outstanding)
    {
        m_batch = requests;
        m_completions.assign(requests.size(), -1.0);
        m_target = requests.size();
        m_closedLoop = true;
        for (int i = 0; i < outstanding && m_issued < m_target; ++i)
            issue(m_batch[m_issued]);
        loop();
        return std::move(m_completions);
    }

    std::int64_t now() const { return m_now; }

    SimResult runReplay(const ReplaySource& source, double timeScale)
    {
        m_source = &source;
        m_timeScale = timeScale;
        m_target = ~0ull; // unknown until the source runs dry
        m_result.workloadSpec = QStringLiteral("replay, time x%1").arg(timeScale);
        if (const auto at = source.next(m_nextRecord) ? replayArrival() : std::nullopt)
            schedule(*at, Arrival, 0);
        else
            m_target = 0;
        SimResult r = loop();
        r.workloadSpec = QStringLiteral("replay of %1 records, time x%2").arg(m_issued).arg(timeScale);
        return r;
    }

private:
    enum Kind : std::uint32_t { DiskDone, Arrival, Dispatch, HostAck, Fail, SpareIn, RebuildTick, OpDropped };
    struct Event
    {
        std::int64_t t;
        std::uint64_t seq;
        Kind kind;
        std::uint32_t index;
        // Without branches: which of two events comes first is as good as random to a predictor. One
        // 128-bit comparison (t's sign bit flipped: signed order as unsigned), as GCC turns the
        // bool expression (t < o.t) | ((t == o.t) & (seq < o.seq)) back into branches.
        unsigned __int128 order() const
        {
            return (static_cast<unsigned __int128>(std::uint64_t(t) ^ (std::uint64_t(1) << 63)) << 64) | seq;
        }
        bool before(const Event& o) const { return order() < o.order(); }
    };
    // The pending events, earliest (then first scheduled) first: a 4-ary heap, half as deep as a binary
    // one, its four children compared without branches (the binary std::push_heap/pop_heap heap was
    // a fifth of the event loop). Events are totally ordered by (t, seq), so they leave in the same
    // order from any correct queue.
    //
    // take() hands out the earliest event but leaves its place at the root empty until the event has
    // been handled: most events schedule one of their own (a disk's next completion, the next arrival),
    // which then goes straight into the root and sinks, one pass instead of a pop's and a push's.
    // settle() removes a root nothing has filled.
    class EventQueue
    {
    public:
        bool empty() const { return m_heap.size() == (m_vacant ? 1u : 0u); }
        void push(const Event& e)
        {
            if (m_vacant) {
                m_vacant = false;
                siftDown(e);
                return;
            }
            std::size_t i = m_heap.size();
            m_heap.push_back(e);
            while (i > 0) {
                const std::size_t parent = (i - 1) / 4;
                if (!e.before(m_heap[parent]))
                    break;
                m_heap[i] = m_heap[parent];
                i = parent;
            }
            m_heap[i] = e;
        }
        /// The earliest event; its place stays the next push()'s until settle().
        Event take()
        {
            m_vacant = true;
            return m_heap.front();
        }
        void settle()
        {
            if (!m_vacant)
                return;
            m_vacant = false;
            const Event last = m_heap.back();
            m_heap.pop_back();
            if (!m_heap.empty())
                siftDown(last);
        }

    private:
        // Puts e at the root, whose event is gone, and sinks it to its place.
        void siftDown(const Event& e)
        {
            const std::size_t n = m_heap.size();
            std::size_t i = 0;
            for (;;) {
                const std::size_t first = 4 * i + 1;
                if (first >= n)
                    break;
                std::size_t c = first;
                if (first + 3 < n) {
                    const std::size_t a = m_heap[first + 1].before(m_heap[first]) ? first + 1 : first;
                    const std::size_t b = m_heap[first + 3].before(m_heap[first + 2]) ? first + 3 : first + 2;
                    c = m_heap[b].before(m_heap[a]) ? b : a;
                } else {
                    for (std::size_t k = first + 1; k < n; ++k)
                        c = m_heap[k].before(m_heap[c]) ? k : c;
                }
                if (!m_heap[c].before(e))
                    break;
                m_heap[i] = m_heap[c];
                i = c;
            }
            m_heap[i] = e;
        }

        std::vector<Event> m_heap;
        bool m_vacant = false; // m_heap[0] is taken: its event is being handled
    };
    struct Disk
    {
        DiskModel* model = nullptr;
        std::vector<PhysOp> queue; // [head, size) waiting
        std::size_t head = 0;
        bool busy = false;
        bool up = true; // elevator direction
        PhysOp current;
        std::uint64_t lastSector = 0;
        std::uint64_t lastStartSector = 0; // the first sector of the operation taken last (C-LOOK)
        SimConfig::Scheduler scheduler = SimConfig::Scheduler::Fifo;
        std::int64_t lastChangeNs = 0;
        double queueIntegral = 0;
        std::uint64_t waiting() const { return queue.size() - head; }
        std::uint64_t length() const { return waiting() + (busy ? 1 : 0); }
    };
    struct Request
    {
        std::int64_t arrivalNs = 0;
        std::uint64_t offset = 0;
        std::uint64_t bytes = 0;
        bool write = false;
        bool cached = false;   // acknowledged from the write-back cache; its ops destage in the background
        bool hostDone = false;  // the host has been told (or its CPU is handling the completion)
        bool ackPending = false; // the host CPU has the completion in hand (hostoverhead)
        bool freeOnAck = false;  // the disks are done too: free the request once the host has seen it
        std::vector<PhysOp> phase2; // writes that wait for the reads (read-modify-write, reconstruct-write)
        std::vector<PhysOp> planned; // the first phase, when planned ahead (RequestFeed)
        bool hasPlan = false;
        bool lost = false;           // some block has no surviving copy or parity
        std::uint64_t sequence = 0;  // order of issue
        bool rebuild = false;        // a rebuild step, not a host request
        bool failedOver = false;     // read again from the survivors after a member failed under it
        std::uint32_t planEpoch = 0; // failures that had happened when it was planned
    };
    struct RebuildStep
    {
        std::uint64_t step = 0;
        std::uint32_t slot = 0;
        std::uint64_t writtenBytes = 0;
        bool done = false;
    };

    void schedule(std::int64_t t, Kind kind, std::uint32_t index)
    {
        m_events.push({ t, m_seq++, kind, index });
    }

    std::uint32_t allocRequest()
    {
        if (!m_free.empty()) {
            const std::uint32_t id = m_free.back();
            m_free.pop_back();
            return id;
        }
        m_requests.emplace_back();
        m_pending.push_back(0);
        return std::uint32_t(m_requests.size() - 1);
    }

    // A request from the feed, with its disk operations if they were planned ahead.
    void issue(const PlannedRequest& p) { issue(p.io, &p); }

    void issue(const IoRequest& io, const PlannedRequest* planned = nullptr)
    {
        ++m_issued;
        const std::uint32_t id = allocRequest();
        Request& r = m_requests[id];
        r.arrivalNs = m_now;
        r.offset = io.offsetBytes;
        r.bytes = io.sizeBytes;
        r.write = io.write;
        m_pending[id] = 0;
        r.cached = false;
        r.hostDone = false;
        r.ackPending = false;
        r.freeOnAck = false;
        r.hasPlan = planned && planned->planned && !m_timeDependent; // plans depend on time: made at dispatch
        r.lost = r.hasPlan && planned->lost;
        r.planned.clear();
        r.phase2.clear();
        if (r.hasPlan) {
            r.planned.assign(planned->phase1.begin(), planned->phase1.end());
            r.phase2.assign(planned->phase2.begin(), planned->phase2.end());
            for (PhysOp& op : r.planned)
                op.request = id;
            for (PhysOp& op : r.phase2)
                op.request = id;
        }
        r.sequence = m_issued - 1;
        r.rebuild = false;
        r.failedOver = false;
        if (m_timeDependent)
            m_stages->issued(m_now);
        // The array's ceiling admits requests in issue order, then the controller takes its time.
        const std::int64_t admittedNs = m_state.ceiling.enabled() ? m_state.ceiling.admit(m_now) : m_now;
        const std::int64_t startNs = admittedNs + m_config.overheadNs;
        if (startNs > m_now)
            schedule(startNs, Dispatch, id);
        else
            dispatch(id);
    }

    void dispatch(std::uint32_t id)
    {
        Request& r = m_requests[id];
        if (r.write && m_config.writeCacheBytes > 0 && r.bytes <= m_config.writeCacheBytes) {
            if (m_dirtyBytes + r.bytes <= m_config.writeCacheBytes && m_waitingWrites.empty())
                admitWrite(id);
            else
                m_waitingWrites.push_back(id); // the cache is full: wait for destaging to free room
            return;
        }
        if (!r.write && m_readCache.enabled() && m_readCache.holds(r.offset, r.bytes)) {
            ++m_result.readCacheHits;
            acknowledge(id);
            finishRequest(id);
            return;
        }
        submit(id);
    }

    void admitWrite(std::uint32_t id)
    {
        Request& r = m_requests[id];
        m_dirtyBytes += r.bytes;
        r.cached = true;
        ++m_result.writeCacheHits;
        acknowledge(id);
        submit(id);
    }

    // Plans the request's disk operations and queues the first phase.
    void submit(std::uint32_t id)
    {
        Request& r = m_requests[id];
        m_phase1.clear();
        if (r.hasPlan) {
            m_phase1.swap(r.planned);
        } else {
            r.phase2.clear();
            if (m_timeDependent)
                planNow(r, id, m_phase1, r.phase2);
            else if (!m_planner.plan(IoRequest { r.offset, r.bytes, r.write }, id, m_phase1, r.phase2, r.lost))
                planMirrorRead(r.offset, r.bytes, id, nullptr, m_phase1);
        }
        if (r.lost)
            ++m_result.lostRequests;
        if (m_phase1.empty() && r.phase2.empty()) {
            finishRequest(id);
            return;
        }
        if (m_phase1.empty())
            std::swap(m_phase1, r.phase2);
        m_pending[id] = std::uint32_t(m_phase1.size());
        for (const PhysOp& op : m_phase1)
            enqueue(op);
    }

    std::uint64_t queueLength(int member) const
    {
        return m_disks[std::size_t(m_config.physical[std::size_t(member)])].length();
    }

    // Which copy of a mirrored block to read: -1 for the data place, else an index into copies.
    int pickCopy(const BlockPlaces& places)
    {
        const int n = int(places.copies.size()) + 1;
        switch (m_config.mirrorRead) {
        case SimConfig::MirrorRead::Primary:
            return -1;
        case SimConfig::MirrorRead::Random:
            return int(m_rng.below(std::uint64_t(n))) - 1;
        case SimConfig::MirrorRead::Nearest:
            return nearestCopy(places);
        case SimConfig::MirrorRead::ShortestQueue:
            break;
        }
        // Shortest queue; ties broken at random so that equal mirrors share the load.
        int best = -1;
        std::uint64_t bestLength = queueLength(places.data.disk);
        int ties = 1;
        for (int c = 0; c + 1 < n; ++c) {
            const std::uint64_t length = queueLength(places.copies[std::size_t(c)].disk);
            if (length < bestLength) {
                best = c;
                bestLength = length;
                ties = 1;
            } else if (length == bestLength && m_rng.below(std::uint64_t(++ties)) == 0) {
                best = c;
            }
        }
        return best;
    }

    // Reads of a mirrored array: one operation per chunk the request touches, each on the copy
    // pickCopy() chooses as the request reaches the disks; with `failed`, among the surviving copies.
    // Returns false when some chunk has no surviving copy.
    bool planMirrorRead(std::uint64_t offset, std::uint64_t bytes, std::uint32_t id, const std::vector<bool>* failed,
                        std::vector<PhysOp>& out)
    {
        const ArrayParams& p = m_layout.params();
        const std::uint64_t chunkBlocks = p.chunkBlocks();
        std::uint64_t lba = offset / p.blockBytes;
        const std::uint64_t end = (offset + bytes + p.blockBytes - 1) / p.blockBytes;
        bool whole = true;
        while (lba < end) {
            const std::uint64_t runEnd = std::min(end, (lba / chunkBlocks + 1) * chunkBlocks);
            m_layout.places(lba, m_places);
            if (failed && !survivingCopies(*failed)) {
                whole = false;
                lba = runEnd;
                continue;
            }
            const int c = pickCopy(m_places);
            const DiskBlock& at = c < 0 ? m_places.data : m_places.copies[std::size_t(c)];
            out.push_back(m_planner.physOp(at.disk, at.block, runEnd - lba, id, false));
            lba = runEnd;
        }
        return whole;
    }

    // Keeps in m_places only the copies on working members (the first of them as the data place).
    bool survivingCopies(const std::vector<bool>& failed)
    {
        std::size_t kept = 0;
        bool haveData = !failed[std::size_t(m_places.data.disk)];
        for (const DiskBlock& c : m_places.copies) {
            if (failed[std::size_t(c.disk)])
                continue;
            if (!haveData) {
                m_places.data = c;
                haveData = true;
            } else {
                m_places.copies[kept++] = c;
            }
        }
        m_places.copies.resize(kept);
        return haveData;
    }

    // Linux md's read_balance() for rotational members (raid10.c; raid1.c does the same in effect):
    // a copy whose disk is idle counts as distance 0, else the distance from where that member's last
    // completed operation ended; the first copy wins ties. Heads move only on completion, so the
    // reads of a batch issued at once all see the same heads and mostly go to one copy, as the md
    // rig measured (128 reads of one n2 chunk: 738 ms at 150 IOPS, one disk's time). Far and
    // offset copies: md always reads the lowest address.
    int nearestCopy(const BlockPlaces& places) const
    {
        int best = -1;
        std::uint64_t bestDistance = ~0ull;
        for (int c = -1; c < int(places.copies.size()); ++c) {
            const DiskBlock& at = c < 0 ? places.data : places.copies[std::size_t(c)];
            std::uint64_t distance = at.block;
            if (!m_config.lowestAddressReads && queueLength(at.disk) > 0) {
                const std::uint64_t sector = m_planner.physOp(at.disk, at.block, 1, 0, false).sector;
                const std::uint64_t head = m_state.headSector[std::size_t(at.disk)];
                distance = sector > head ? sector - head : head - sector;
            } else if (!m_config.lowestAddressReads) {
                distance = 0;
            }
            if (distance < bestDistance) {
                bestDistance = distance;
                best = c;
            }
        }
        return best;
    }

    void touchQueue(Disk& d)
    {
        d.queueIntegral += double(d.length()) * double(m_now - d.lastChangeNs);
        d.lastChangeNs = m_now;
    }

    void enqueue(const PhysOp& op)
    {
        if (m_timeDependent && m_rebuilder.state().failed[op.member]
            && m_requests[op.request].planEpoch < m_failEpoch[op.member]) {
            failOver(op); // planned before its member failed
            return;
        }
        Disk& d = m_disks[op.disk];
        touchQueue(d);
        d.queue.push_back(op);
        DiskResult& dr = m_result.disks[op.disk];
        dr.maxQueueLength = std::max(dr.maxQueueLength, d.length());
        if (!d.busy)
            startNext(op.disk);
    }

    // Takes the next operation by the queue discipline and hands it to the disk model.
    void startNext(std::uint32_t index)
    {
        Disk& d = m_disks[index];
        if (d.waiting() == 0)
            return;
        std::size_t pick = d.head;
        if (d.scheduler == SimConfig::Scheduler::CLook && d.waiting() > 1) {
            // DiskSim's CYCLE_LBN: its queue is kept in block order, and it takes the first at or past the last
            // one's first block, else (the sweep's end) the first of all; among equal blocks the earliest queued.
            std::size_t ahead = d.queue.size(), lowest = d.head;
            for (std::size_t i = d.head; i < d.queue.size(); ++i) {
                const std::uint64_t s = d.queue[i].sector;
                if (s >= d.lastStartSector && (ahead == d.queue.size() || s < d.queue[ahead].sector))
                    ahead = i;
                if (s < d.queue[lowest].sector)
                    lowest = i;
            }
            pick = ahead != d.queue.size() ? ahead : lowest;
        } else if (d.scheduler != SimConfig::Scheduler::Fifo && d.waiting() > 1) {
            // SSTF and elevator (LOOK) by LBA distance, which orders cylinders the same way.
            std::uint64_t best = ~0ull;
            for (int pass = 0; pass < 2 && best == ~0ull; ++pass) {
                for (std::size_t i = d.head; i < d.queue.size(); ++i) {
                    const std::uint64_t s = d.queue[i].sector;
                    std::uint64_t distance = s > d.lastSector ? s - d.lastSector : d.lastSector - s;
                    if (d.scheduler == SimConfig::Scheduler::Elevator && (d.up ? s < d.lastSector : s > d.lastSector))
                        continue;
                    if (distance < best) {
                        best = distance;
                        pick = i;
                    }
                }
                if (best == ~0ull)
                    d.up = !d.up; // nothing ahead: turn around
            }
        }
        if (pick != d.head) // swapping an operation with itself stalls the copy below (store forwarding)
            std::swap(d.queue[d.head], d.queue[pick]);
        d.current = d.queue[d.head++];
        if (d.head > 1024 && d.head * 2 > d.queue.size()) {
            d.queue.erase(d.queue.begin(), d.queue.begin() + std::ptrdiff_t(d.head));
            d.head = 0;
        }
        // Under overload hundreds of thousands of requests are in flight, and these were cache misses:
        // the request's slot and count, wanted when this operation completes, and the queue's next
        // operation, wanted when the disk takes it. Fetched now, they arrive meanwhile.
        const char* slot = reinterpret_cast<const char*>(&m_requests[d.current.request]);
        __builtin_prefetch(slot);
        __builtin_prefetch(slot + sizeof(Request) - 1);
        __builtin_prefetch(&m_pending[d.current.request]);
        if (d.head < d.queue.size())
            __builtin_prefetch(&d.queue[d.head]);
        d.busy = true;
        std::int64_t done = m_now;
        if (LeakyBucket& throttle = m_state.throttles[index]; throttle.enabled()) {
            // A throttled drive serves at its throttle's pace with no service time of its own: the
            // rig's images are host files read at some 50k IOPS, far faster than the throttle admits
            // requests, while a mechanical model underneath (9LZX: ~8 ms a random read) would be a
            // second, unreal limit. The host's per-request CPU cost is hostoverhead's.
            done = throttle.admit(m_now);
        } else {
            const ServiceResult s
                = d.model->service(d.current.sector, d.current.sectors, d.current.write, DiskModel::Ns(m_now));
            done = std::max<std::int64_t>(s.completion.count(), m_now);
        }
        DiskResult& dr = m_result.disks[index];
        dr.busyNs += double(done - m_now);
        if (m_timeDependent && m_requests[d.current.request].rebuild)
            m_rebuilder.addBusy(index, double(done - m_now));
        ++dr.ops;
        dr.sectors += d.current.sectors;
        ++m_result.diskOps;
        d.lastSector = d.current.sector + d.current.sectors;
        d.lastStartSector = d.current.sector;
        schedule(done, DiskDone, index);
    }

    void diskDone(std::uint32_t index)
    {
        Disk& d = m_disks[index];
        touchQueue(d);
        d.busy = false;
        m_state.headSector[d.current.member] = d.current.sector + d.current.sectors;
        const std::uint32_t id = d.current.request;
        startNext(index);
        opDone(id);
        if (m_timeDependent && m_rebuilder.active() && m_config.rebuild.kind == RebuildPolicy::Kind::Idle)
            tryRebuild(); // a disk may have gone idle
    }

    // One of a request's disk operations is done (or dropped: its member failed).
    void opDone(std::uint32_t id)
    {
        if (--m_pending[id] > 0) // the only field most completions touch: thousands of requests may be in flight
            return;
        Request& r = m_requests[id];
        if (!r.phase2.empty()) {
            std::swap(m_phase1, r.phase2);
            r.phase2.clear();
            m_pending[id] = std::uint32_t(m_phase1.size());
            for (const PhysOp& op : m_phase1)
                enqueue(op);
            return;
        }
        if (r.rebuild) {
            rebuildStepDone(id);
            return;
        }
        if (m_readCache.enabled())
            m_readCache.insert(r.offset, r.bytes);
        if (!r.hostDone)
            acknowledge(id);
        if (r.cached) {
            m_dirtyBytes -= r.bytes;
            finishRequest(id);
            admitWaitingWrites();
            return;
        }
        finishRequest(id);
    }

    void admitWaitingWrites()
    {
        while (!m_waitingWrites.empty()) {
            const std::uint32_t id = m_waitingWrites.front();
            if (m_dirtyBytes + m_requests[id].bytes > m_config.writeCacheBytes)
                return;
            m_waitingWrites.erase(m_waitingWrites.begin());
            admitWrite(id);
        }
    }

    // The array has completed the request towards the host. With hostoverhead the host's CPU then
    // handles the completion, one at a time (the rig's emulated guest CPU: some tens of microseconds
    // an I/O), and only then does the host see it. The cost is paid on completion, not submission,
    // so the reads of a batch reach md's read balancing at once, as an io_submit() of many does.
    void acknowledge(std::uint32_t id)
    {
        Request& r = m_requests[id];
        r.hostDone = true;
        if (m_config.hostOverheadNs <= 0) {
            hostSees(id);
            return;
        }
        std::int64_t costNs = m_config.hostOverheadNs;
        if (m_config.hostJitterNs > 0)
            costNs += std::llround((2 * m_state.jitter.uniform() - 1) * double(m_config.hostJitterNs));
        m_state.hostFreeNs = std::max(m_state.hostFreeNs, m_now) + costNs;
        r.ackPending = true;
        schedule(m_state.hostFreeNs, HostAck, id);
    }

    void hostAck(std::uint32_t id)
    {
        Request& r = m_requests[id];
        r.ackPending = false;
        hostSees(id);
        if (r.freeOnAck)
            m_free.push_back(id);
    }

    // The host sees the request complete: response time, counts, and in a closed loop the next request.
    void hostSees(std::uint32_t id)
    {
        Request& r = m_requests[id];
        const std::int64_t responseNs = m_now - r.arrivalNs;
        m_result.responseMs.add(double(responseNs) * 1e-6);
        m_result.responseNs.add(std::uint64_t(responseNs));
        ++m_result.requests;
        (r.write ? m_result.writes : m_result.reads) += 1;
        m_result.bytes += r.bytes;
        m_lastHostNs = m_now;
        if (m_timeDependent)
            m_stages->completed(m_now, responseNs);
        if (!m_completions.empty())
            m_completions[r.sequence] = double(m_now);
        if (m_source && m_source->completed)
            m_source->completed(double(r.arrivalNs), double(responseNs));
        if (m_closedLoop && m_issued < m_target)
            m_pendingIssues += 1; // issued after this event, so a request's slot is not reused under us
    }

    void finishRequest(std::uint32_t id)
    {
        Request& r = m_requests[id];
        if (!r.hostDone)
            acknowledge(id);
        if (r.ackPending)
            r.freeOnAck = true;
        else
            m_free.push_back(id);
    }

    // The next record's arrival on the clock; nullopt (the replay ends there) when it is not a time
    // or past 2^62 ns, where int64 time would overflow (ReplaySource's callers refuse such records first).
    std::optional<std::int64_t> replayArrival() const
    {
        const auto ns = integerIfFits<std::int64_t>(m_nextRecord.timeNs * m_timeScale);
        return ns && *ns >= 0 && *ns <= (std::int64_t(1) << 62) ? ns : std::nullopt;
    }

    void arrival()
    {
        if (m_feed) {
            const PlannedRequest p = m_feed->next();
            issue(p);
            if (m_issued < m_target)
                schedule(m_now + std::int64_t(p.gapNs), Arrival, 0);
            return;
        }
        const ReplayRecord rec = m_nextRecord;
        // Records beyond the array wrap into it, block-aligned; a request never runs past its end.
        // The same rule places a measured replay's requests on a device (replaymapping.h).
        const ReplayPlace place = mapReplayRequest(rec.offsetBytes, rec.sizeBytes, m_arrayBytes, m_layout.params().blockBytes);
        issue(IoRequest { place.offsetBytes, place.sizeBytes, rec.write });
        if (const auto at = m_source->next(m_nextRecord) ? replayArrival() : std::nullopt)
            schedule(std::max(m_now, *at), Arrival, 0);
        else
            m_target = m_issued;
    }

    SimResult loop()
    {
        const auto wallStart = std::chrono::steady_clock::now();
        std::uint64_t steps = 0;
        auto issuePending = [&] {
            while (m_pendingIssues > 0 && m_issued < m_target) {
                --m_pendingIssues;
                if (m_feed)
                    issue(m_feed->next());
                else
                    issue(m_batch[m_issued]);
            }
            m_pendingIssues = 0;
        };
        issuePending();
        while (!m_events.empty()) {
            const Event e = m_events.take();
            m_now = e.t;
            switch (e.kind) {
            case DiskDone: diskDone(e.index); break;
            case Arrival: arrival(); break;
            case Dispatch: dispatch(e.index); break;
            case HostAck: hostAck(e.index); break;
            case Fail: memberFails(m_config.failures[e.index]); break;
            case SpareIn: spareIn(e.index); break;
            case RebuildTick: rebuildTick(); break;
            case OpDropped: opDone(e.index); break;
            }
            issuePending();
            m_events.settle();
            if ((++steps & 4095) == 0) {
                if (m_stop.stop_requested())
                    break;
                if (m_report && m_throttle.due())
                    m_report(std::make_shared<const SimSnapshot>(SimSnapshot { fraction(), finish(wallStart) }));
            }
        }
        m_stopped = m_stop.stop_requested();
        return finish(wallStart);
    }

    double fraction() const
    {
        return m_target == ~0ull ? 0.0 : m_target ? double(m_result.requests) / double(m_target) : 1.0;
    }

    SimResult finish(std::chrono::steady_clock::time_point wallStart)
    {
        SimResult out = m_result;
        out.simulatedNs = double(m_lastHostNs);
        double spanNs = double(std::max(m_now, m_lastHostNs));
        if (m_timeDependent) {
            // The run lasts until the last failure and every rebuild are over, not only the requests.
            const bool over = m_events.empty() || m_stopped;
            spanNs = double(over && !m_stopped ? std::max(m_endNs, m_lastHostNs) : m_now);
            out.simulatedNs = spanNs;
            closeFailureResult(out, spanNs);
        }
        for (std::size_t i = 0; i < m_disks.size(); ++i) {
            DiskResult& dr = out.disks[i];
            const Disk& d = m_disks[i];
            const double integral = d.queueIntegral + double(d.length()) * double(m_now - d.lastChangeNs);
            dr.utilization = spanNs > 0 ? std::min(1.0, dr.busyNs / spanNs) : 0;
            dr.meanQueueLength = spanNs > 0 ? integral / spanNs : 0;
        }
        out.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - wallStart).count();
        return out;
    }

    const Layout& m_layout;
    const SimConfig& m_config;
    std::unique_ptr<Carry> m_ownCarry; // run() and replay() start from idle drives
    Carry& m_state;
    std::stop_token m_stop;
    Report<SimSnapshot> m_report;
    ReadCache m_readCache;
    Throttle m_throttle;
    RequestPlanner m_planner;
    std::uint64_t m_arrayBytes = 0;
    bool m_closedLoop = false;

    RequestFeed* m_feed = nullptr;
    const ReplaySource* m_source = nullptr;
    ReplayRecord m_nextRecord;
    std::span<const IoRequest> m_batch;
    std::vector<double> m_completions;
    double m_timeScale = 1;
    std::uint64_t m_target = 0;
    std::uint64_t m_issued = 0;
    std::uint64_t m_pendingIssues = 0;

    EventQueue m_events;
    std::uint64_t m_seq = 0;
    std::int64_t m_now = 0;
    std::int64_t m_lastHostNs = 0;
    std::vector<Disk> m_disks;
    std::vector<Request> m_requests;
    std::vector<std::uint32_t> m_pending; // per request: its operations not yet done, apart from the rest of Request (hot)
    std::vector<std::uint32_t> m_free;
    std::vector<std::uint32_t> m_waitingWrites;
    std::uint64_t m_dirtyBytes = 0;
    std::vector<PhysOp> m_phase1;
    BlockPlaces m_places;
    RequestPlan m_plan; // planPiece()'s, kept for its memory
    Rng m_rng;
    SimResult m_result;

    // Failures and rebuilds (fail=, rebuild=; SimConfig::timeDependent()). A failing member's waiting
    // operations fail over (failOver()); the one in service completes. Requests are planned at dispatch
    // (planNow()) against the members failed then, split at the running rebuild's boundary: below it a
    // member being rebuilt is served by its spare.
    bool m_timeDependent = false;
    bool m_stopped = false;
    Rebuilder m_rebuilder;
    std::optional<StageTracker> m_stages;
    std::vector<std::uint32_t> m_failEpoch; // per member: which failure it was (0: failed from the start)
    std::uint32_t m_epoch = 0;              // failures so far
    std::vector<int> m_awaiting;            // members whose spare is in, waiting for the next pass
    std::int64_t m_endNs = 0;               // the last failure or rebuild end
    std::int64_t m_tickNs = -1;             // the rebuild's pending wake-up
    bool m_passPending = false;             // a SpareIn event will start a pass
    static constexpr std::uint32_t kStartPass = ~0u;

    void startFailures()
    {
        m_rebuilder.state().failed = m_config.failed;
        m_failEpoch.assign(m_config.failed.size(), 0);
        m_stages.emplace(m_config.failedCount() > 0);
        const bool rebuild = m_config.rebuild.kind != RebuildPolicy::Kind::None;
        for (std::size_t m = 0; m < m_config.failed.size(); ++m)
            if (m_config.failed[m]) {
                m_result.failures.push_back({ int(m), 0 });
                if (rebuild)
                    schedule(m_config.rebuildDelayNs, SpareIn, std::uint32_t(m));
            }
        for (std::size_t i = 0; i < m_config.failures.size(); ++i)
            schedule(m_config.failures[i].atNs, Fail, std::uint32_t(i));
    }

    void memberFails(const MemberFailure& f)
    {
        const auto m = std::size_t(f.member);
        m_failEpoch[m] = ++m_epoch;
        m_rebuilder.state().failed[m] = true;
        m_result.failures.push_back(f);
        const auto phys = std::size_t(m_config.physical[m]);
        m_result.disks[phys].failed = true;
        m_endNs = std::max(m_endNs, m_now);
        m_stages->memberFailed(m_now);
        // What waits on the member fails over; the operation in service completes.
        Disk& d = m_disks[phys];
        touchQueue(d);
        std::vector<PhysOp> moved;
        std::size_t keep = d.head;
        for (std::size_t i = d.head; i < d.queue.size(); ++i) {
            if (d.queue[i].member == m)
                moved.push_back(d.queue[i]);
            else
                d.queue[keep++] = d.queue[i];
        }
        d.queue.resize(keep);
        for (const PhysOp& op : moved)
            failOver(op);
        if (m_config.rebuild.kind != RebuildPolicy::Kind::None)
            schedule(m_now + m_config.rebuildDelayNs, SpareIn, std::uint32_t(m));
    }

    // An operation for a member that has failed since its request was planned, as md handles an I/O
    // error on a failed device: a write is dropped (the stripe's parity or the other copies carry it;
    // a parity write's reads from the member are dropped too), and a read request is read again, whole,
    // from the survivors. Rebuild operations on a member that failed are dropped.
    void failOver(const PhysOp& op)
    {
        const std::uint32_t id = op.request;
        Request& r = m_requests[id];
        if (!op.write && !r.write && !r.rebuild && !r.failedOver) {
            r.failedOver = true;
            std::vector<PhysOp> again, none;
            planNow(r, id, again, none);
            m_pending[id] += std::uint32_t(again.size());
            for (const PhysOp& o : again)
                enqueue(o);
        }
        schedule(m_now, OpDropped, id); // not at once: the caller may be queueing the request's operations
    }

    void planNow(Request& r, std::uint32_t id, std::vector<PhysOp>& phase1, std::vector<PhysOp>& phase2)
    {
        r.planEpoch = m_epoch;
        r.lost = false;
        const FailureState& state = m_rebuilder.state();
        const std::uint64_t boundary = m_rebuilder.active()
            ? state.rebuiltStripes * m_layout.stripeBlocks() * m_layout.params().blockBytes
            : 0;
        const std::uint64_t end = r.offset + r.bytes;
        if (r.offset < boundary)
            planPiece(r, id, r.offset, std::min(end, boundary) - r.offset, state.failedFor(true), phase1, phase2);
        if (end > boundary) {
            const std::uint64_t from = std::max(r.offset, boundary);
            planPiece(r, id, from, end - from, state.failedFor(false), phase1, phase2);
        }
    }

    void planPiece(Request& r, std::uint32_t id, std::uint64_t offset, std::uint64_t bytes, std::vector<bool> failed,
                   std::vector<PhysOp>& phase1, std::vector<PhysOp>& phase2)
    {
        if (!r.write && m_layout.redundancy() == Redundancy::Mirror) {
            r.lost |= !planMirrorRead(offset, bytes, id, &failed, phase1);
            return;
        }
        PlanOptions options;
        options.alwaysReconstructWrite = m_config.alwaysReconstructWrite;
        options.failed = std::move(failed);
        options.listChunks = false;
        RequestPlan& plan = m_plan;
        planRequest(plan, m_layout, offset, bytes, r.write, nullptr, options);
        r.lost |= plan.lost;
        bool reads = false, writes = false;
        for (const DiskOp& op : plan.ops) {
            reads |= op.kind == DiskOp::Read;
            writes |= op.kind == DiskOp::Write;
        }
        for (const DiskOp& op : plan.ops) {
            const PhysOp phys = m_planner.physOp(op.disk, op.block, op.blocks, id, op.kind == DiskOp::Write);
            (reads && writes && phys.write ? phase2 : phase1).push_back(phys);
        }
    }

    // The spare takes the failed member's place: a fresh drive of the same model (preset and speed=).
    // The pass starts after the other events of this instant, so spares that come in together (failed=1,3)
    // are rebuilt in one pass.
    void spareIn(std::uint32_t member)
    {
        if (member == kStartPass) {
            m_passPending = false;
            if (!m_rebuilder.active() && !m_awaiting.empty())
                startPass();
            return;
        }
        const auto phys = std::size_t(m_config.physical[member]);
        m_disks[phys].model->reset();
        m_result.disks[phys].replaced = true;
        m_awaiting.push_back(int(member));
        if (!m_rebuilder.active() && !m_passPending) {
            m_passPending = true;
            schedule(m_now, SpareIn, kStartPass);
        }
    }

    void startPass()
    {
        if (!m_result.rebuild) {
            RebuildResult r;
            r.policy = m_config.rebuild.text;
            r.startNs = double(m_now);
            r.unitBytes = m_config.rebuildUnitBytes;
            r.delayNs = double(m_config.rebuildDelayNs);
            m_result.rebuild = r;
        }
        m_result.rebuild->members.insert(m_result.rebuild->members.end(), m_awaiting.begin(), m_awaiting.end());
        m_rebuilder.start(m_now, m_awaiting);
        m_awaiting.clear();
        m_stages->rebuildStarted(m_now);
        tryRebuild();
    }

    void tryRebuild()
    {
        for (;;) {
            const Rebuilder::Decision& d
                = m_rebuilder.next(m_now, [this](int member) { return queueLength(member) == 0; });
            switch (d.what) {
            case Rebuilder::Decision::Issue:
                issueStep(d);
                continue;
            case Rebuilder::Decision::WaitUntil:
            case Rebuilder::Decision::WaitForIdle:
                if (m_tickNs < m_now || m_tickNs > d.atNs) {
                    m_tickNs = d.atNs;
                    schedule(d.atNs, RebuildTick, 0);
                }
                return;
            case Rebuilder::Decision::Full:
                return;
            case Rebuilder::Decision::AllIssued:
                if (m_rebuilder.passDone())
                    endPass();
                return;
            }
        }
    }

    void rebuildTick()
    {
        if (m_now != m_tickNs)
            return; // superseded by an earlier wake-up
        m_tickNs = -1;
        tryRebuild();
    }

    // A step is a request of its own: the survivor reads, then the spare writes.
    void issueStep(const Rebuilder::Decision& d)
    {
        const std::uint32_t id = allocRequest();
        Request& r = m_requests[id];
        r = Request {};
        r.arrivalNs = m_now;
        r.rebuild = true;
        r.hostDone = true;
        r.planEpoch = m_epoch;
        std::vector<PhysOp> first;
        for (const DiskOp& op : d.reads)
            first.push_back(m_planner.physOp(op.disk, op.block, op.blocks, id, false));
        for (const DiskOp& op : d.writes)
            r.phase2.push_back(m_planner.physOp(op.disk, op.block, op.blocks, id, true));
        if (first.empty())
            first.swap(r.phase2);
        m_rebuilder.issued(id);
        m_pending[id] = std::uint32_t(first.size());
        for (const PhysOp& op : first)
            enqueue(op);
    }

    void rebuildStepDone(std::uint32_t id)
    {
        m_free.push_back(id);
        m_stages->rebuildBytes(m_now, m_rebuilder.stepDone(id));
        tryRebuild();
    }

    void endPass()
    {
        for (int m : m_rebuilder.finishPass())
            m_result.disks[std::size_t(m_config.physical[std::size_t(m)])].failed = false;
        m_result.rebuild->endNs = double(m_now);
        m_endNs = std::max(m_endNs, m_now);
        m_tickNs = -1;
        if (!m_awaiting.empty())
            startPass();
        else if (!m_rebuilder.state().anyFailed())
            m_stages->allRebuilt(m_now);
    }

    void closeFailureResult(SimResult& out, double endNs) const
    {
        m_stages->fill(out, endNs);
        if (m_config.rebuild.kind == RebuildPolicy::Kind::None)
            return;
        if (!out.rebuild) {
            RebuildResult r;
            r.policy = m_config.rebuild.text;
            r.startNs = endNs;
            r.unitBytes = m_config.rebuildUnitBytes;
            r.delayNs = double(m_config.rebuildDelayNs);
            out.rebuild = r;
        }
        out.rebuild->bytesRead = m_rebuilder.bytesRead();
        out.rebuild->bytesWritten = m_rebuilder.bytesWritten();
        out.rebuild->steps = m_rebuilder.steps();
        out.rebuild->completed = !m_rebuilder.active() && m_awaiting.empty() && !m_rebuilder.state().anyFailed();
        if (!out.rebuild->completed)
            out.rebuild->endNs = endNs;
    }
};

std::unique_ptr<ArraySimulator> ArraySimulator::create(const ResolvedArray& array, std::shared_ptr<const Layout> layout,
                                                       QString* error)
{
    auto config = parseSimConfig(array.spec, *layout, error);
    if (!config)
        return nullptr;
    std::vector<DiskModel> disks;
    for (int d = 0; d < layout->params().disks; ++d) {
        if (config->physical[std::size_t(d)] != int(disks.size()))
            continue; // the second partition of a shared disk
        const DiskPreset* preset = findDiskPreset(config->preset[std::size_t(d)]);
        auto model = preset ? DiskModel::fromPreset(*preset, DiskSpeed::uniform(config->speed[std::size_t(d)]), error) : std::nullopt;
        if (!model) {
            if (error && !preset)
                *error = QStringLiteral("unknown disk preset '%1'").arg(config->preset[std::size_t(d)]);
            return nullptr;
        }
        const std::uint64_t needSectors = layout->params().diskBlocks * (layout->params().blockBytes / 512);
        if (needSectors > model->totalSectors()) {
            if (error)
                *error = QStringLiteral("size: member %1 needs %2 sectors but disk '%3' has %4")
                             .arg(d)
                             .arg(needSectors)
                             .arg(config->preset[std::size_t(d)])
                             .arg(model->totalSectors());
            return nullptr;
        }
        disks.push_back(std::move(*model));
        // The member's queue order: what the spec says, else what its preset says (an imported DiskSim drive:
        // its driver's Scheduling policy, which DiskSim's runs of that file use), else FIFO.
        SimConfig::Scheduler scheduler = config->scheduler;
        if (!config->schedulerGiven) {
            const QString own = preset->json.value(QStringLiteral("scheduler")).toString();
            scheduler = own == u"clook" ? SimConfig::Scheduler::CLook
                : own == u"elevator"    ? SimConfig::Scheduler::Elevator
                : own == u"sstf"        ? SimConfig::Scheduler::Sstf
                                        : SimConfig::Scheduler::Fifo;
        }
        config->diskScheduler.push_back(scheduler);
    }
    return std::unique_ptr<ArraySimulator>(
        new ArraySimulator(std::move(layout), std::move(*config), std::move(disks), array.spec.toText()));
}

std::unique_ptr<ArraySimulator> ArraySimulator::create(const QString& arraySpec, QString* error)
{
    const auto spec = parseArraySpec(arraySpec, error);
    if (!spec)
        return nullptr;
    const LayoutRegistry& registry = LayoutRegistry::instance();
    const auto resolved = registry.resolve(*spec, error);
    if (!resolved)
        return nullptr;
    std::shared_ptr<const Layout> layout = registry.create(*spec, error);
    if (!layout)
        return nullptr;
    return create(*resolved, std::move(layout), error);
}

ArraySimulator::ArraySimulator(std::shared_ptr<const Layout> layout, SimConfig config, std::vector<DiskModel> disks,
                               QString spec)
    : m_layout(std::move(layout))
    , m_config(std::move(config))
    , m_disks(std::move(disks))
    , m_arraySpec(std::move(spec))
    , m_carry(std::make_unique<Carry>(m_config, m_disks.size()))
{
}

ArraySimulator::~ArraySimulator() = default;

SimResult ArraySimulator::run(const WorkloadSpec& spec, std::stop_token stop, const Report<SimSnapshot>& report)
{
    RequestFeed feed(*this, spec);
    return run(feed, std::move(stop), report);
}

SimResult ArraySimulator::run(RequestFeed& feed, std::stop_token stop, const Report<SimSnapshot>& report)
{
    const auto closer = qScopeGuard([&] { feed.close(); }); // a helper drawing ahead returns, however the run ends
    Engine engine(*this, std::move(stop), report, nullptr);
    return engine.runWorkload(feed);
}

RequestPlanner ArraySimulator::planner() const
{
    std::vector<std::uint64_t> sectors;
    for (const DiskModel& disk : m_disks)
        sectors.push_back(disk.totalSectors());
    return RequestPlanner(*m_layout, m_config, std::move(sectors));
}

std::vector<double> ArraySimulator::runBatch(std::span<const IoRequest> requests, int outstanding, std::stop_token stop)
{
    Engine engine(*this, std::move(stop), {}, m_carry.get());
    std::vector<double> completions = engine.runBatch(requests, std::max(1, outstanding));
    m_carry->shift(engine.now());
    return completions;
}

void ArraySimulator::idle(std::chrono::nanoseconds duration)
{
    m_carry->shift(std::max<std::int64_t>(0, duration.count()));
}

std::chrono::nanoseconds ArraySimulator::batchClock() const
{
    return std::chrono::nanoseconds(m_carry->clockNs);
}

SimResult ArraySimulator::replay(std::span<const ReplayRecord> records, double timeScale, std::stop_token stop,
                                 const Report<SimSnapshot>& report)
{
    std::size_t next = 0;
    const ReplaySource source { [&](ReplayRecord& r) {
                                   if (next == records.size())
                                       return false;
                                   r = records[next++];
                                   return true;
                               },
        {} };
    return replay(source, timeScale, std::move(stop), report);
}

SimResult ArraySimulator::replay(const ReplaySource& source, double timeScale, std::stop_token stop,
                                 const Report<SimSnapshot>& report)
{
    Engine engine(*this, std::move(stop), report, nullptr);
    return engine.runReplay(source, timeScale);
}

} // namespace raidscope
