// SPDX-License-Identifier: GPL-3.0-or-later
#include "rebuildplan.h"

#include "numberrange.h"

#include <algorithm>
#include <cmath>

namespace raidscope {

namespace {

// A due time on the simulator's clock: at most 2^62 ns (146 years), "not within this run". A slow
// rebuild rate (rebuild=rate:1B/s of a terabyte member) puts it far past int64 nanoseconds, where
// converting the double would overflow.
std::int64_t clockTime(double ns)
{
    constexpr std::int64_t kFarNs = std::int64_t(1) << 62;
    return std::min(kFarNs, integerIfFits<std::int64_t>(ns).value_or(kFarNs));
}

} // namespace

bool FailureState::anyFailed() const
{
    return std::find(failed.begin(), failed.end(), true) != failed.end();
}

std::vector<bool> FailureState::failedFor(bool below) const
{
    std::vector<bool> out = failed;
    if (below)
        for (std::size_t m = 0; m < out.size() && m < rebuilding.size(); ++m)
            out[m] = out[m] && !rebuilding[m];
    return out;
}

RebuildPlanner::RebuildPlanner(const Layout& layout, std::uint64_t unitBytes)
    : m_layout(layout)
    , m_chunkBlocks(layout.params().chunkBlocks())
    , m_stripeBlocks(layout.stripeBlocks())
{
    m_stripes = (layout.logicalBlocks() + m_stripeBlocks - 1) / m_stripeBlocks;
    m_unitBlocks = std::max<std::uint64_t>(1, unitBytes / layout.params().blockBytes);
    if (m_unitBlocks >= m_chunkBlocks) {
        m_stripesPerStep = m_unitBlocks / m_chunkBlocks;
        m_steps = (m_stripes + m_stripesPerStep - 1) / m_stripesPerStep;
    } else {
        m_stepsPerStripe = m_chunkBlocks / m_unitBlocks;
        m_steps = m_stripes * m_stepsPerStripe;
    }
}

std::uint64_t RebuildPlanner::rebuiltAfter(std::uint64_t step) const
{
    if (m_stepsPerStripe == 1)
        return std::min(m_stripes, (step + 1) * m_stripesPerStep);
    return (step + 1) / m_stepsPerStripe;
}

namespace {

// Sorted by disk, kind and block; runs that touch merged.
void coalesce(std::vector<DiskOp>& ops)
{
    std::sort(ops.begin(), ops.end(), [](const DiskOp& a, const DiskOp& b) {
        return a.disk != b.disk ? a.disk < b.disk : a.kind != b.kind ? a.kind < b.kind : a.block < b.block;
    });
    std::size_t out = 0;
    for (std::size_t i = 0; i < ops.size(); ++i) {
        if (out > 0 && ops[out - 1].disk == ops[i].disk && ops[out - 1].kind == ops[i].kind
            && ops[out - 1].block + ops[out - 1].blocks == ops[i].block) {
            ops[out - 1].blocks += ops[i].blocks;
            continue;
        }
        ops[out++] = ops[i];
    }
    ops.resize(out);
}

} // namespace

bool RebuildPlanner::plan(std::uint64_t step, const FailureState& state, std::vector<DiskOp>& reads,
                          std::vector<DiskOp>& writes) const
{
    std::uint64_t firstStripe = 0, endStripe = 0, row = 0, rows = m_chunkBlocks;
    if (m_stepsPerStripe == 1) {
        firstStripe = step * m_stripesPerStep;
        endStripe = std::min(m_stripes, firstStripe + m_stripesPerStep);
    } else {
        firstStripe = step / m_stepsPerStripe;
        endStripe = firstStripe + 1;
        row = (step % m_stepsPerStripe) * m_unitBlocks;
        rows = m_unitBlocks;
    }
    auto isFailed = [&](int disk) { return state.failed[std::size_t(disk)]; };
    auto isTarget = [&](int disk) { return state.rebuilding[std::size_t(disk)]; };
    const bool mirror = m_layout.redundancy() == Redundancy::Mirror;
    const int dataDisks = m_layout.dataDisks();
    const std::uint64_t logical = m_layout.logicalBlocks();
    bool whole = true;
    BlockPlaces places;
    std::vector<DiskBlock> stripeData; // a parity stripe's data places, in order
    const std::size_t readsBefore = reads.size(), writesBefore = writes.size();
    for (std::uint64_t s = firstStripe; s < endStripe; ++s) {
        stripeData.clear();
        std::vector<ParityPlace> parity;
        std::uint64_t n = rows;
        for (int j = 0; j < dataDisks; ++j) {
            const std::uint64_t lba = s * m_stripeBlocks + std::uint64_t(j) * m_chunkBlocks + row;
            if (lba >= logical)
                break;
            n = std::min(rows, logical - lba);
            m_layout.places(lba, places);
            if (!mirror) {
                stripeData.push_back(places.data);
                if (parity.empty())
                    parity = places.parity;
                continue;
            }
            // A mirrored chunk: write each copy on a member being rebuilt from the first surviving copy.
            const DiskBlock* source = nullptr;
            bool anyTarget = false;
            for (int c = -1; c < int(places.copies.size()); ++c) {
                const DiskBlock& at = c < 0 ? places.data : places.copies[std::size_t(c)];
                anyTarget |= isTarget(at.disk);
                if (!source && !isFailed(at.disk))
                    source = &at;
            }
            if (!anyTarget)
                continue;
            if (!source) {
                whole = false;
                continue;
            }
            reads.push_back({ source->disk, source->block, n, DiskOp::Read, DiskOp::Rebuild });
            for (int c = -1; c < int(places.copies.size()); ++c) {
                const DiskBlock& at = c < 0 ? places.data : places.copies[std::size_t(c)];
                if (isTarget(at.disk))
                    writes.push_back({ at.disk, at.block, n, DiskOp::Write, DiskOp::Rebuild });
            }
        }
        if (mirror || stripeData.empty())
            continue;
        // A parity stripe: the chunks on members being rebuilt, from dataDisks() survivors.
        bool anyTarget = false;
        for (const DiskBlock& d : stripeData)
            anyTarget |= isTarget(d.disk);
        for (const ParityPlace& p : parity)
            anyTarget |= isTarget(p.at.disk);
        if (!anyTarget)
            continue;
        int sources = 0;
        for (const DiskBlock& d : stripeData)
            if (!isFailed(d.disk) && sources < dataDisks) {
                reads.push_back({ d.disk, d.block, n, DiskOp::Read, DiskOp::Rebuild });
                ++sources;
            }
        for (const ParityPlace& p : parity)
            if (!isFailed(p.at.disk) && sources < dataDisks) {
                reads.push_back({ p.at.disk, p.at.block, n, DiskOp::Read, DiskOp::Rebuild });
                ++sources;
            }
        // A short last stripe has fewer data chunks; its missing ones count as zeros.
        whole &= sources >= int(stripeData.size());
        for (const DiskBlock& d : stripeData)
            if (isTarget(d.disk))
                writes.push_back({ d.disk, d.block, n, DiskOp::Write, DiskOp::Rebuild });
        for (const ParityPlace& p : parity)
            if (isTarget(p.at.disk))
                writes.push_back({ p.at.disk, p.at.block, n, DiskOp::Write, DiskOp::Rebuild });
    }
    std::vector<DiskOp> r(reads.begin() + std::ptrdiff_t(readsBefore), reads.end());
    std::vector<DiskOp> w(writes.begin() + std::ptrdiff_t(writesBefore), writes.end());
    coalesce(r);
    coalesce(w);
    reads.resize(readsBefore);
    writes.resize(writesBefore);
    reads.insert(reads.end(), r.begin(), r.end());
    writes.insert(writes.end(), w.begin(), w.end());
    return whole;
}

Rebuilder::Rebuilder(const Layout& layout, const SimConfig& config, std::size_t stepsInFlight)
    : m_config(config)
    , m_planner(layout, config.rebuildUnitBytes ? config.rebuildUnitBytes : layout.params().chunkBytes)
    , m_stepsInFlight(std::max<std::size_t>(1, stepsInFlight))
    , m_blockBytes(layout.params().blockBytes)
{
    m_state.failed.assign(std::size_t(layout.params().disks), false);
    m_state.rebuilding.assign(std::size_t(layout.params().disks), false);
    m_busyNs.assign(std::size_t(config.physicalDisks), 0.0);
}

void Rebuilder::start(std::int64_t nowNs, const std::vector<int>& members)
{
    m_active = true;
    m_startNs = nowNs;
    m_cursor = 0;
    m_planned = false;
    m_memberBytesIssued = 0;
    m_members = int(members.size());
    m_inFlight.clear();
    std::fill(m_busyNs.begin(), m_busyNs.end(), 0.0);
    m_state.rebuiltStripes = 0;
    for (int m : members)
        m_state.rebuilding[std::size_t(m)] = true;
}

bool Rebuilder::planStep()
{
    m_decision.reads.clear();
    m_decision.writes.clear();
    m_planner.plan(m_cursor, m_state, m_decision.reads, m_decision.writes);
    m_stepBytes = 0;
    for (const DiskOp& op : m_decision.writes)
        m_stepBytes += op.blocks * m_blockBytes;
    m_planned = true;
    return !m_decision.writes.empty();
}

const Rebuilder::Decision& Rebuilder::next(std::int64_t nowNs, const std::function<bool(int member)>& idle)
{
    Decision& d = m_decision;
    for (;;) {
        if (!m_active || m_cursor == m_planner.steps()) {
            d.what = Decision::AllIssued;
            return d;
        }
        if (m_inFlight.size() >= m_stepsInFlight) {
            d.what = Decision::Full;
            return d;
        }
        if (!m_planned && !planStep()) {
            // Nothing of the members being rebuilt in these stripes: done at once.
            m_inFlight.push_back({ m_cursor++, ~0u, 0, true });
            m_planned = false;
            stepDone(~0u);
            continue;
        }
        break;
    }
    const double elapsedNs = double(nowNs - m_startNs);
    switch (m_config.rebuild.kind) {
    case RebuildPolicy::Kind::None: // no pass starts without a policy; as fast as the window allows
        d.what = Decision::Issue;
        break;
    case RebuildPolicy::Kind::Rate: {
        const auto dueNs = clockTime(double(m_startNs) + std::ceil(m_memberBytesIssued / m_config.rebuild.bytesPerSec * 1e9));
        d.what = dueNs <= nowNs ? Decision::Issue : Decision::WaitUntil;
        d.atNs = dueNs;
        break;
    }
    case RebuildPolicy::Kind::Share: {
        double dueNs = double(m_startNs);
        for (const auto* ops : { &d.reads, &d.writes })
            for (const DiskOp& op : *ops) {
                const double busy = m_busyNs[std::size_t(m_config.physical[std::size_t(op.disk)])];
                if (busy > m_config.rebuild.share * elapsedNs)
                    dueNs = std::max(dueNs, double(m_startNs) + busy / m_config.rebuild.share);
            }
        d.atNs = clockTime(std::ceil(dueNs));
        d.what = d.atNs <= nowNs ? Decision::Issue : Decision::WaitUntil;
        break;
    }
    case RebuildPolicy::Kind::Idle: {
        bool allIdle = true;
        for (const auto* ops : { &d.reads, &d.writes })
            for (const DiskOp& op : *ops)
                allIdle = allIdle && idle(op.disk);
        const auto dueNs = clockTime(double(m_startNs) + std::ceil(m_memberBytesIssued / m_config.rebuild.bytesPerSec * 1e9));
        d.what = allIdle || dueNs <= nowNs ? Decision::Issue : Decision::WaitForIdle;
        d.atNs = dueNs;
        break;
    }
    }
    return d;
}

void Rebuilder::issued(std::uint32_t slot)
{
    m_inFlight.push_back({ m_cursor++, slot, m_stepBytes, false });
    m_memberBytesIssued += double(m_stepBytes) / double(std::max(1, m_members));
    for (const DiskOp& op : m_decision.reads)
        m_bytesRead += op.blocks * m_blockBytes;
    m_bytesWritten += m_stepBytes;
    m_planned = false;
}

void Rebuilder::addBusy(std::size_t physicalDisk, double ns)
{
    m_busyNs[physicalDisk] += ns;
}

std::uint64_t Rebuilder::stepDone(std::uint32_t slot)
{
    std::uint64_t bytes = 0;
    for (InFlight& f : m_inFlight)
        if (f.slot == slot && !f.done) {
            f.done = true;
            bytes = f.writtenBytes;
            break;
        }
    // Steps end out of order; the boundary moves past the ones done in order.
    while (!m_inFlight.empty() && m_inFlight.front().done) {
        m_state.rebuiltStripes = m_planner.rebuiltAfter(m_inFlight.front().step);
        m_inFlight.pop_front();
        ++m_stepsDone;
    }
    return bytes;
}

std::vector<int> Rebuilder::finishPass()
{
    std::vector<int> members;
    for (std::size_t m = 0; m < m_state.rebuilding.size(); ++m)
        if (m_state.rebuilding[m]) {
            members.push_back(int(m));
            m_state.rebuilding[m] = false;
            m_state.failed[m] = false;
        }
    m_state.rebuiltStripes = 0;
    m_active = false;
    return members;
}

} // namespace raidscope
