// SPDX-License-Identifier: GPL-3.0-or-later
#include "requestplan.h"

#include "units.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace raidscope {
namespace {

struct BlockOp
{
    int disk;
    DiskOp::Kind kind;
    DiskOp::Role role;
    std::uint64_t block;
    auto key() const { return std::tie(disk, kind, role, block); }
    bool operator<(const BlockOp& o) const { return key() < o.key(); }
};

std::vector<DiskOp> coalesce(std::vector<BlockOp>& blockOps)
{
    std::sort(blockOps.begin(), blockOps.end());
    blockOps.erase(std::unique(blockOps.begin(), blockOps.end(),
                       [](const BlockOp& a, const BlockOp& b) { return a.key() == b.key(); }),
        blockOps.end());
    std::vector<DiskOp> out;
    for (const BlockOp& b : blockOps) {
        if (!out.empty()) {
            DiskOp& last = out.back();
            if (last.disk == b.disk && last.kind == b.kind && last.role == b.role && last.block + last.blocks == b.block) {
                ++last.blocks;
                continue;
            }
        }
        out.push_back(DiskOp { b.disk, b.block, 1, b.kind, b.role });
    }
    return out;
}

} // namespace

int RequestPlan::disksTouched() const
{
    std::set<int> disks;
    for (const DiskOp& op : ops)
        disks.insert(op.disk);
    return int(disks.size());
}

std::uint64_t RequestPlan::opBlocks(DiskOp::Kind kind) const
{
    std::uint64_t n = 0;
    for (const DiskOp& op : ops)
        if (op.kind == kind)
            n += op.blocks;
    return n;
}

RequestPlan planRequest(const Layout& layout, std::uint64_t offsetBytes, std::uint64_t sizeBytes, bool write,
                        QString* error)
{
    RequestPlan plan;
    const ArrayParams& p = layout.params();
    const std::uint64_t arrayBytes = layout.logicalBlocks() * p.blockBytes;
    if (sizeBytes == 0 || offsetBytes >= arrayBytes || sizeBytes > arrayBytes - offsetBytes) {
        if (error)
            *error = sizeBytes == 0 ? QStringLiteral("request size is zero")
                                    : QStringLiteral("request [%1, +%2) runs past the array's end (%3)")
                                          .arg(formatBytes(offsetBytes), formatBytes(sizeBytes), formatBytes(arrayBytes));
        return plan;
    }
    plan.write = write;
    plan.firstLba = offsetBytes / p.blockBytes;
    const std::uint64_t endLba = (offsetBytes + sizeBytes + p.blockBytes - 1) / p.blockBytes;
    plan.blocks = endLba - plan.firstLba;
    plan.aligned = offsetBytes % p.blockBytes == 0 && sizeBytes % p.blockBytes == 0;

    const std::uint64_t chunkBlocks = p.chunkBlocks();
    for (std::uint64_t lba = plan.firstLba; lba < endLba;) {
        const std::uint64_t chunk = lba / chunkBlocks;
        const std::uint64_t end = std::min(endLba, (chunk + 1) * chunkBlocks);
        plan.chunks.push_back(ChunkTouch { chunk, layout.dataPlace(lba).disk, lba, end - lba });
        lba = end;
    }

    std::vector<BlockOp> ops;
    BlockPlaces places;
    const bool parity = layout.redundancy() == Redundancy::SingleParity || layout.redundancy() == Redundancy::DoubleParity;
    if (!write || !parity) {
        for (std::uint64_t lba = plan.firstLba; lba < endLba; ++lba) {
            layout.places(lba, places);
            if (!write) {
                ops.push_back({ places.data.disk, DiskOp::Read, DiskOp::Data, places.data.block });
                continue;
            }
            ops.push_back({ places.data.disk, DiskOp::Write, DiskOp::Data, places.data.block });
            for (const DiskBlock& c : places.copies)
                ops.push_back({ c.disk, DiskOp::Write, DiskOp::Mirror, c.block });
        }
        plan.ops = coalesce(ops);
        return plan;
    }

    // Parity write: group the written blocks by (stripe, row) and decide each row as md does.
    const std::uint64_t stripeBlocks = layout.stripeBlocks();
    const int dataDisks = layout.dataDisks();
    std::map<std::uint64_t, std::map<std::uint64_t, std::vector<int>>> rows; // stripe -> row -> data indices
    for (std::uint64_t lba = plan.firstLba; lba < endLba; ++lba) {
        const std::uint64_t stripe = lba / stripeBlocks;
        const std::uint64_t inStripe = lba % stripeBlocks;
        rows[stripe][inStripe % chunkBlocks].push_back(int(inStripe / chunkBlocks));
    }
    for (const auto& [stripe, stripeRows] : rows) {
        StripeUpdate update { stripe, int(stripeRows.size()), ParityMethod::FullStripe };
        bool first = true;
        for (const auto& [row, written] : stripeRows) {
            const int nParity = layout.redundancy() == Redundancy::DoubleParity ? 2 : 1;
            const int w = int(written.size());
            ParityMethod method = ParityMethod::FullStripe;
            if (w < dataDisks) {
                const int rmwReads = w + nParity;
                const int rcwReads = dataDisks - w;
                method = rmwReads < rcwReads ? ParityMethod::ReadModifyWrite : ParityMethod::ReconstructWrite;
            }
            update.method = first || update.method == method ? method : ParityMethod::Mixed;
            first = false;
            for (int j = 0; j < dataDisks; ++j) {
                const std::uint64_t lba = stripe * stripeBlocks + std::uint64_t(j) * chunkBlocks + row;
                layout.places(lba, places);
                const bool isWritten = std::find(written.begin(), written.end(), j) != written.end();
                if (isWritten) {
                    ops.push_back({ places.data.disk, DiskOp::Write, DiskOp::Data, places.data.block });
                    if (method == ParityMethod::ReadModifyWrite)
                        ops.push_back({ places.data.disk, DiskOp::Read, DiskOp::OldData, places.data.block });
                } else if (method == ParityMethod::ReconstructWrite) {
                    ops.push_back({ places.data.disk, DiskOp::Read, DiskOp::OtherData, places.data.block });
                }
            }
            for (const ParityPlace& pp : places.parity) {
                ops.push_back({ pp.at.disk, DiskOp::Write, pp.kind == ParityPlace::P ? DiskOp::ParityP : DiskOp::ParityQ,
                    pp.at.block });
                if (method == ParityMethod::ReadModifyWrite)
                    ops.push_back({ pp.at.disk, DiskOp::Read, DiskOp::OldParity, pp.at.block });
            }
        }
        plan.stripes.push_back(update);
    }
    plan.ops = coalesce(ops);
    return plan;
}

const char* toString(DiskOp::Role role)
{
    switch (role) {
    case DiskOp::Data: return "data";
    case DiskOp::Mirror: return "mirror";
    case DiskOp::ParityP: return "parity-p";
    case DiskOp::ParityQ: return "parity-q";
    case DiskOp::OldData: return "old-data";
    case DiskOp::OldParity: return "old-parity";
    case DiskOp::OtherData: return "other-data";
    }
    return "?";
}

const char* toString(ParityMethod method)
{
    switch (method) {
    case ParityMethod::FullStripe: return "full-stripe write";
    case ParityMethod::ReadModifyWrite: return "read-modify-write";
    case ParityMethod::ReconstructWrite: return "reconstruct-write";
    case ParityMethod::Mixed: return "mixed";
    }
    return "?";
}

} // namespace raidscope
