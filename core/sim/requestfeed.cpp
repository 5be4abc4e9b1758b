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
    m_stripeParityWrites = m_healthy && !config.alwaysReconstructWrite
        && (redundancy == Redundancy::SingleParity || redundancy == Redundancy::DoubleParity);
    m_arrayBytes = layout.logicalBlocks() * layout.params().blockBytes;
    m_stripeBlocks = layout.stripeBlocks();
    m_dataDisks = layout.dataDisks();
}

void RequestPlanner::planDataRead(const IoRequest& io, std::uint32_t request, std::vector<PhysOp>& out) const
{
    const ArrayParams& p = m_layout.params();
    const std::uint64_t chunkBlocks = p.chunkBlocks();
    std::uint64_t lba = io.offsetBytes / p.blockBytes;
    const std::uint64_t end = (io.offsetBytes + io.sizeBytes + p.blockBytes - 1) / p.blockBytes;
    while (lba < end) {
        const std::uint64_t runEnd = std::min(end, (lba / chunkBlocks + 1) * chunkBlocks);
        const DiskBlock at = m_layout.dataPlace(lba);
        out.push_back(physOp(at.disk, at.block, runEnd - lba, request, false));
        lba = runEnd;
    }
}

bool RequestPlanner::plan(const IoRequest& io, std::uint32_t request, std::vector<PhysOp>& phase1,
                          std::vector<PhysOp>& phase2, bool& lost, WritePlanSummary* summary) const
{
    lost = false;
    if (!io.write && m_healthy) {
        if (m_mirrorReads)
            return false;
        planDataRead(io, request, phase1);
        return true;
    }
    if (io.write && m_stripeParityWrites && planStripeParityWrite(io, request, phase1, phase2, summary))
        return true;
    // Writes, and reads of a degraded array: through the planner (RAID write paths, rebuild reads).
    thread_local RequestPlan plan; // its vectors' memory, kept (more than one thread may plan)
    planRequest(plan, m_layout, io.offsetBytes, io.sizeBytes, io.write, nullptr, m_options);
    lost = plan.lost;
    if (summary && io.write) {
        *summary = {};
        for (const StripeUpdate& u : plan.stripes)
            ++summary->stripesByMethod[std::size_t(u.method)];
        for (const DiskOp& op : plan.ops)
            summary->dataWrites += op.kind == DiskOp::Write && op.role == DiskOp::Data ? 1 : 0;
    }
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

bool RequestPlanner::planStripeParityWrite(const IoRequest& io, std::uint32_t request, std::vector<PhysOp>& phase1,
                                           std::vector<PhysOp>& phase2, WritePlanSummary* summary) const
{
    // What planRequest() makes of it, step by step: a request past the end or empty is its to refuse;
    // unaligned ends are widened to whole blocks as there. Within one stripe a row (a depth in the
    // chunks) has as many written blocks w as the request's chunks that reach that depth; md's choice
    // between read-modify-write (w + parity reads) and reconstruct-write (the row's other data) is
    // read-modify-write here only (2w + parities < data disks for the most written row), else
    // planRequest() decides. Each chunk's blocks lie in a run on its disk (what a chunk is; reads rely on
    // it too); each row's parity places are those of its first block (place(0) there), and when the
    // touched rows are consecutive and each parity's places run alike on one disk of their own,
    // planRequest()'s block operations coalesce to one read and one write per disk, sorted by disk, then
    // kind: the reads in disk order are phase 1 and the writes in disk order phase 2. Any other shape
    // goes to planRequest().
    const ArrayParams& p = m_layout.params();
    if (io.sizeBytes == 0 || io.offsetBytes >= m_arrayBytes || io.sizeBytes > m_arrayBytes - io.offsetBytes)
        return false;
    const std::uint64_t chunkBlocks = p.chunkBlocks();
    const std::uint64_t lba = io.offsetBytes / p.blockBytes;
    const std::uint64_t end = (io.offsetBytes + io.sizeBytes + p.blockBytes - 1) / p.blockBytes;
    const std::uint64_t stripeStart = lba - lba % m_stripeBlocks;
    if (end - stripeStart > m_stripeBlocks)
        return false; // more than one stripe
    const std::uint64_t first = lba - stripeStart, last = end - 1 - stripeStart; // in the stripe
    const std::uint64_t firstChunk = first / chunkBlocks, lastChunk = last / chunkBlocks;
    const std::uint64_t firstDepth = first % chunkBlocks, lastDepth = last % chunkBlocks;
    // The rows touched, [rowBegin, rowEnd), and the most written one's w.
    std::uint64_t rowBegin = firstDepth, rowEnd = lastDepth + 1;
    std::uint64_t mostWritten = 1;
    if (lastChunk == firstChunk + 1) {
        if (lastDepth + 1 < firstDepth)
            return false; // rows [0, lastDepth] and [firstDepth, chunk): two runs of parity
        rowBegin = 0;
        rowEnd = chunkBlocks;
        mostWritten = lastDepth >= firstDepth ? 2 : 1;
    } else if (lastChunk > firstChunk + 1) {
        rowBegin = 0;
        rowEnd = chunkBlocks;
        mostWritten = lastChunk - firstChunk - 1 + (lastDepth >= firstDepth ? 2 : 1);
    }
    constexpr std::size_t kMaxParity = 2;
    struct Run
    {
        int disk;
        std::uint64_t block;
        std::uint64_t blocks;
    };
    thread_local std::vector<Run> runs; // the data runs, then each parity's
    thread_local BlockPlaces row;       // its vectors' memory, kept
    runs.clear();
    std::size_t parities = 0;
    for (std::uint64_t depth = rowBegin; depth < rowEnd; ++depth) {
        m_layout.places(stripeStart + depth, row);
        if (depth == rowBegin) {
            parities = row.parity.size();
            if (parities == 0 || parities > kMaxParity || !(2 * mostWritten + parities < std::uint64_t(m_dataDisks)))
                return false;
            for (const ParityPlace& pp : row.parity)
                runs.push_back(Run { pp.at.disk, pp.at.block, rowEnd - rowBegin });
            continue;
        }
        if (row.parity.size() != parities)
            return false;
        for (std::size_t k = 0; k < parities; ++k) {
            const DiskBlock& b = row.parity[k].at;
            if (b.disk != runs[k].disk || b.block != runs[k].block + (depth - rowBegin))
                return false;
        }
    }
    for (std::uint64_t chunk = firstChunk; chunk <= lastChunk; ++chunk) {
        const std::uint64_t from = std::max(first, chunk * chunkBlocks);
        const std::uint64_t to = std::min(last + 1, (chunk + 1) * chunkBlocks);
        const DiskBlock at = m_layout.dataPlace(stripeStart + from);
        runs.push_back(Run { at.disk, at.block, to - from });
    }
    for (std::size_t i = 1; i < runs.size(); ++i) { // by disk
        const Run r = runs[i];
        std::size_t j = i;
        for (; j > 0 && r.disk < runs[j - 1].disk; --j)
            runs[j] = runs[j - 1];
        runs[j] = r;
    }
    for (std::size_t i = 1; i < runs.size(); ++i)
        if (runs[i].disk == runs[i - 1].disk)
            return false; // two runs on one disk: planRequest() sorts and coalesces them
    for (const Run& r : runs)
        phase1.push_back(physOp(r.disk, r.block, r.blocks, request, false));
    for (const Run& r : runs)
        phase2.push_back(physOp(r.disk, r.block, r.blocks, request, true));
    if (summary) {
        // One stripe, every row by read-modify-write (each row has at most mostWritten blocks written,
        // so rmw's reads are fewer there too); one data run a chunk touched.
        *summary = {};
        summary->stripesByMethod[std::size_t(ParityMethod::ReadModifyWrite)] = 1;
        summary->dataWrites = std::uint32_t(lastChunk - firstChunk + 1);
    }
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
