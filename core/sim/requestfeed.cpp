// SPDX-License-Identifier: GPL-3.0-or-later
#include "requestfeed.h"

#include "arraysimulator.h"
#include "simconfig.h"

#include <algorithm>

namespace raidscope {

namespace {

// Requests drawn at a time: the lock and wake-up of a block (a few microseconds) vanish in its
// drawing (about 50 us: a request takes some 0.2 us to draw and plan on BM_Sweep7's raid5, 23% of
// a point's time in its profile).
constexpr std::uint64_t kBlockRequests = 256;
// Blocks a helper draws ahead of the run. Drawing is about a quarter of a point's time (same
// profile), so the helper mostly waits here, and the run finds its next block ready.
constexpr std::size_t kBlocksAhead = 8;

} // namespace

RequestPlanner::RequestPlanner(const Layout& layout, const SimConfig& config, std::vector<std::uint64_t> diskSectors)
    : m_layout(layout)
    , m_config(config)
    , m_diskSectors(std::move(diskSectors))
    , m_sectorsPerBlock(std::uint32_t(layout.params().blockBytes / 512))
    , m_healthy(config.failedCount() == 0)
    , m_mirrorReads(m_healthy && layout.redundancy() == Redundancy::Mirror)
{
    m_options.alwaysReconstructWrite = config.alwaysReconstructWrite;
    m_options.failed = config.failed;
    m_options.listChunks = false;
    for (const int disk : config.physical)
        m_physical.push_back(std::uint32_t(disk));
    m_anySecondPartition = std::find(config.secondPartition.begin(), config.secondPartition.end(), true)
        != config.secondPartition.end();
    const Redundancy redundancy = layout.redundancy();
    m_chunkParityWrites = m_healthy && !config.alwaysReconstructWrite
        && (redundancy == Redundancy::SingleParity || redundancy == Redundancy::DoubleParity);
    m_arrayBytes = layout.logicalBlocks() * layout.params().blockBytes;
    m_stripeBlocks = layout.stripeBlocks();
    m_dataDisks = layout.dataDisks();
}

bool RequestPlanner::plan(const IoRequest& io, std::uint32_t request, std::vector<PhysOp>& phase1,
                          std::vector<PhysOp>& phase2, bool& lost) const
{
    lost = false;
    if (!io.write && m_healthy) {
        if (m_mirrorReads)
            return false;
        // A read of a healthy array: one operation per chunk it touches.
        const ArrayParams& p = m_layout.params();
        const std::uint64_t chunkBlocks = p.chunkBlocks();
        std::uint64_t lba = io.offsetBytes / p.blockBytes;
        const std::uint64_t end = (io.offsetBytes + io.sizeBytes + p.blockBytes - 1) / p.blockBytes;
        while (lba < end) {
            const std::uint64_t runEnd = std::min(end, (lba / chunkBlocks + 1) * chunkBlocks);
            const DiskBlock at = m_layout.dataPlace(lba);
            phase1.push_back(physOp(at.disk, at.block, runEnd - lba, request, false));
            lba = runEnd;
        }
        return true;
    }
    if (io.write && m_chunkParityWrites && planChunkParityWrite(io, request, phase1, phase2))
        return true;
    // Writes, and reads of a degraded array: through the planner (RAID write paths, rebuild reads).
    thread_local RequestPlan plan; // its vectors' memory, kept (more than one thread may plan)
    planRequest(plan, m_layout, io.offsetBytes, io.sizeBytes, io.write, nullptr, m_options);
    lost = plan.lost;
    bool reads = false, writes = false;
    for (const DiskOp& op : plan.ops) {
        reads |= op.kind == DiskOp::Read;
        writes |= op.kind == DiskOp::Write;
    }
    for (const DiskOp& op : plan.ops) {
        const PhysOp phys = physOp(op.disk, op.block, op.blocks, request, op.kind == DiskOp::Write);
        (reads && writes && phys.write ? phase2 : phase1).push_back(phys);
    }
    return true;
}

bool RequestPlanner::planChunkParityWrite(const IoRequest& io, std::uint32_t request, std::vector<PhysOp>& phase1,
                                          std::vector<PhysOp>& phase2) const
{
    // What planRequest() makes of it, step by step: a request past the end or empty is its to refuse;
    // unaligned ends are widened to whole blocks as there. In one chunk every block is in a row of its
    // own (its depth), so each row has one written block; the row's parity places are those of its first
    // block (place(0) there); md's choice between read-modify-write (1 + parity reads) and
    // reconstruct-write (the row's other data) is read-modify-write here only, else planRequest()
    // decides. The chunk's blocks lie in a run on its disk (what a chunk is; reads rely on it too), and
    // when each parity's places run alike on one disk of their own, planRequest()'s block operations
    // coalesce to one read and one write per disk, sorted by disk, then kind: the reads in disk order are
    // phase 1 and the writes in disk order phase 2. Any other shape goes to planRequest().
    const ArrayParams& p = m_layout.params();
    if (io.sizeBytes == 0 || io.offsetBytes >= m_arrayBytes || io.sizeBytes > m_arrayBytes - io.offsetBytes)
        return false;
    const std::uint64_t chunkBlocks = p.chunkBlocks();
    const std::uint64_t lba = io.offsetBytes / p.blockBytes;
    const std::uint64_t end = (io.offsetBytes + io.sizeBytes + p.blockBytes - 1) / p.blockBytes;
    if (lba / chunkBlocks != (end - 1) / chunkBlocks)
        return false;
    const std::uint64_t n = end - lba;
    thread_local BlockPlaces written, row; // their vectors' memory, kept
    m_layout.places(lba, written);
    const std::uint64_t inStripe = lba % m_stripeBlocks;
    const std::uint64_t rowOffset = inStripe - inStripe % chunkBlocks; // from a row's first block to the chunk's
    constexpr std::size_t kMaxPlaces = 4;
    DiskBlock at[kMaxPlaces]; // the data, then each parity, at the first row
    std::size_t places = 0;
    for (std::uint64_t i = 0; i < n; ++i) {
        const std::vector<ParityPlace>* parity = &written.parity;
        if (rowOffset != 0 || i != 0) {
            m_layout.places(lba + i - rowOffset, row);
            parity = &row.parity;
        }
        if (i == 0) {
            const int liveParity = int(parity->size());
            if (liveParity == 0 || std::size_t(liveParity) + 1 > kMaxPlaces
                || !(1 < m_dataDisks && 1 + liveParity < m_dataDisks - 1))
                return false;
            at[0] = written.data;
            for (const ParityPlace& pp : *parity)
                at[++places] = pp.at;
            ++places;
            continue;
        }
        if (parity->size() + 1 != places)
            return false;
        for (std::size_t k = 0; k + 1 < places; ++k) {
            const DiskBlock& b = (*parity)[k].at;
            if (b.disk != at[k + 1].disk || b.block != at[k + 1].block + i)
                return false;
        }
    }
    for (std::size_t i = 1; i < places; ++i) { // by disk
        const DiskBlock b = at[i];
        std::size_t j = i;
        for (; j > 0 && b.disk < at[j - 1].disk; --j)
            at[j] = at[j - 1];
        at[j] = b;
    }
    for (std::size_t i = 1; i < places; ++i)
        if (at[i].disk == at[i - 1].disk)
            return false; // two places on one disk: planRequest() sorts and coalesces them
    for (std::size_t i = 0; i < places; ++i)
        phase1.push_back(physOp(at[i].disk, at[i].block, n, request, false));
    for (std::size_t i = 0; i < places; ++i)
        phase2.push_back(physOp(at[i].disk, at[i].block, n, request, true));
    return true;
}

PhysOp RequestPlanner::physOpOnPartition(int member, std::uint64_t block, std::uint64_t blocks, std::uint32_t request,
                                         bool write) const
{
    const std::uint32_t disk = std::uint32_t(m_config.physical[std::size_t(member)]);
    PhysOp op { block * m_sectorsPerBlock, std::uint32_t(blocks * m_sectorsPerBlock), request, disk, write,
        std::uint32_t(member) };
    if (m_config.secondPartition[std::size_t(member)]) {
        // Shear Fig. 17's misconfiguration: this member is the second half of another member's disk.
        const std::uint64_t total = m_diskSectors[disk];
        op.sector = (op.sector + total / 2) % total;
        if (op.sector + op.sectors > total)
            op.sector = total - op.sectors;
    }
    return op;
}

RequestFeed::RequestFeed(const ArraySimulator& simulator, const WorkloadSpec& spec)
    : m_spec(spec)
    , m_planner(simulator.planner())
    , m_generator(spec, simulator.arrayBytes(), std::max(simulator.layout().params().blockBytes, spec.alignBytes))
{
    if (spec.openLoop())
        m_firstGapNs = m_generator.nextGapNs();
}

RequestFeed::~RequestFeed()
{
    close();
}

PlannedRequest RequestFeed::next()
{
    if (m_next == m_current.entries.size()) {
        std::unique_lock<std::mutex> lock(m_lock);
        m_spare.push_back(std::move(m_current));
        m_current = takeBlock(lock);
        m_next = 0;
    }
    const std::uint32_t begin = m_next ? m_current.entries[m_next - 1].phase2End : 0;
    const Entry& e = m_current.entries[m_next++];
    const std::span<const PhysOp> ops(m_current.ops);
    return PlannedRequest { e.io, e.gapNs, e.planned, e.lost, ops.subspan(begin, e.phase1End - begin),
        ops.subspan(e.phase1End, e.phase2End - e.phase1End) };
}

void RequestFeed::help()
{
    std::unique_lock<std::mutex> lock(m_lock);
    if (m_helping || m_closed)
        return;
    m_helping = true;
    while (!m_closed && m_claimed < m_spec.count) {
        if (m_drawing || m_ready.size() >= kBlocksAhead)
            m_changed.wait(lock);
        else
            m_ready.push_back(drawNext(lock));
    }
    m_helping = false;
    m_changed.notify_all();
}

void RequestFeed::close()
{
    std::unique_lock<std::mutex> lock(m_lock);
    m_closed = true;
    m_changed.notify_all();
    m_changed.wait(lock, [this] { return !m_helping; });
}

// The run's next block: drawn ahead, being drawn by the helper (then waited for), or drawn here.
RequestFeed::Block RequestFeed::takeBlock(std::unique_lock<std::mutex>& lock)
{
    while (m_ready.empty() && m_drawing)
        m_changed.wait(lock);
    if (m_ready.empty())
        return drawNext(lock);
    Block block = std::move(m_ready.front());
    m_ready.pop_front();
    // The helper refills once half the blocks ahead are gone, not at every block: waking it costs the
    // run a system call.
    if (m_ready.size() + 1 == kBlocksAhead / 2)
        m_changed.notify_all();
    return block;
}

// Claims the next requests and draws them with the lock released: one drawing thread at a time, so
// the blocks come in the generator's order whoever draws them.
RequestFeed::Block RequestFeed::drawNext(std::unique_lock<std::mutex>& lock)
{
    const std::uint64_t count = std::min(kBlockRequests, m_spec.count - m_claimed);
    m_claimed += count;
    m_drawing = true;
    Block block;
    if (!m_spare.empty()) {
        block = std::move(m_spare.back());
        m_spare.pop_back();
    }
    lock.unlock();
    draw(block, count);
    lock.lock();
    m_drawing = false;
    m_changed.notify_all();
    return block;
}

void RequestFeed::draw(Block& block, std::uint64_t count)
{
    block.entries.clear();
    block.ops.clear();
    for (std::uint64_t i = 0; i < count; ++i) {
        Entry e;
        e.io = m_generator.next();
        // Open loop: each arrival draws the gap to the next, as the serial run's arrivals did.
        if (m_spec.openLoop() && ++m_drawn < m_spec.count)
            e.gapNs = m_generator.nextGapNs();
        e.planned = m_planner.plan(e.io, 0, block.ops, m_phase2, e.lost);
        e.phase1End = std::uint32_t(block.ops.size());
        block.ops.insert(block.ops.end(), m_phase2.begin(), m_phase2.end());
        m_phase2.clear();
        e.phase2End = std::uint32_t(block.ops.size());
        block.entries.push_back(e);
    }
}

} // namespace raidscope
