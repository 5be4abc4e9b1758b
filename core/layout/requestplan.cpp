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
                        QString* error, const PlanOptions& options)
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
    const std::uint64_t stripeBlocks = layout.stripeBlocks();
    const int dataDisks = layout.dataDisks();
    auto failed = [&](int disk) { return options.isFailed(disk); };
    auto parityRole = [](const ParityPlace& pp) { return pp.kind == ParityPlace::P ? DiskOp::ParityP : DiskOp::ParityQ; };

    if (!write || !parity) {
        for (std::uint64_t lba = plan.firstLba; lba < endLba; ++lba) {
            layout.places(lba, places);
            if (write) { // striped or mirrored: every surviving copy
                bool any = false;
                if (!failed(places.data.disk)) {
                    ops.push_back({ places.data.disk, DiskOp::Write, DiskOp::Data, places.data.block });
                    any = true;
                }
                for (const DiskBlock& c : places.copies)
                    if (!failed(c.disk)) {
                        ops.push_back({ c.disk, DiskOp::Write, DiskOp::Mirror, c.block });
                        any = true;
                    }
                plan.lost |= !any;
                continue;
            }
            if (!failed(places.data.disk)) {
                ops.push_back({ places.data.disk, DiskOp::Read, DiskOp::Data, places.data.block });
                continue;
            }
            const auto copy = std::find_if(places.copies.begin(), places.copies.end(), [&](const DiskBlock& c) { return !failed(c.disk); });
            if (copy != places.copies.end()) {
                ops.push_back({ copy->disk, DiskOp::Read, DiskOp::Mirror, copy->block });
                continue;
            }
            if (!parity) {
                plan.lost = true;
                continue;
            }
            // Rebuild from the row's survivors: the stripe's other data and enough parity.
            const std::uint64_t stripe = lba / stripeBlocks;
            const std::uint64_t row = lba % chunkBlocks;
            int missing = 1;
            BlockPlaces other;
            for (int j = 0; j < dataDisks; ++j) {
                const std::uint64_t member = stripe * stripeBlocks + std::uint64_t(j) * chunkBlocks + row;
                if (member == lba)
                    continue;
                layout.places(member, other);
                if (failed(other.data.disk))
                    ++missing;
                else
                    ops.push_back({ other.data.disk, DiskOp::Read, DiskOp::Rebuild, other.data.block });
            }
            int parityRead = 0;
            for (const ParityPlace& pp : places.parity)
                if (!failed(pp.at.disk) && parityRead < missing) {
                    ops.push_back({ pp.at.disk, DiskOp::Read, DiskOp::Rebuild, pp.at.block });
                    ++parityRead;
                }
            plan.lost |= parityRead < missing;
        }
        plan.ops = coalesce(ops);
        return plan;
    }

    // Parity write: group the written blocks by (stripe, row) and decide each row as md does.
    std::map<std::uint64_t, std::map<std::uint64_t, std::vector<int>>> rows; // stripe -> row -> data indices
    for (std::uint64_t lba = plan.firstLba; lba < endLba; ++lba) {
        const std::uint64_t stripe = lba / stripeBlocks;
        const std::uint64_t inStripe = lba % stripeBlocks;
        rows[stripe][inStripe % chunkBlocks].push_back(int(inStripe / chunkBlocks));
    }
    std::vector<BlockPlaces> row(static_cast<std::size_t>(dataDisks));
    for (const auto& [stripe, stripeRows] : rows) {
        StripeUpdate update { stripe, int(stripeRows.size()), ParityMethod::FullStripe };
        bool first = true;
        for (const auto& [depth, written] : stripeRows) {
            auto isWritten = [&](int j) { return std::find(written.begin(), written.end(), j) != written.end(); };
            for (int j = 0; j < dataDisks; ++j)
                layout.places(stripe * stripeBlocks + std::uint64_t(j) * chunkBlocks + depth, row[std::size_t(j)]);
            const std::vector<ParityPlace>& parityPlaces = row.front().parity;
            int failedUnwritten = 0, failedTotal = 0, liveParity = 0;
            for (int j = 0; j < dataDisks; ++j)
                if (failed(row[std::size_t(j)].data.disk)) {
                    ++failedTotal;
                    failedUnwritten += isWritten(j) ? 0 : 1;
                }
            for (const ParityPlace& pp : parityPlaces) {
                failedTotal += failed(pp.at.disk) ? 1 : 0;
                liveParity += failed(pp.at.disk) ? 0 : 1;
            }
            if (failedTotal > int(parityPlaces.size())) {
                plan.lost = true;
                continue;
            }
            const int w = int(written.size());
            ParityMethod method = ParityMethod::FullStripe;
            if (failedUnwritten > 0) {
                // New parity needs a failed block's old data: only old data + old parity give it.
                method = ParityMethod::ReadModifyWrite;
            } else if (w < dataDisks) {
                const int rmwReads = w + liveParity;
                const int rcwReads = dataDisks - w;
                const bool dataFailed = failedTotal > 0 && failedTotal > int(parityPlaces.size()) - liveParity;
                method = !options.alwaysReconstructWrite && !dataFailed && rmwReads < rcwReads
                    ? ParityMethod::ReadModifyWrite
                    : ParityMethod::ReconstructWrite;
            }
            if (liveParity == 0)
                method = ParityMethod::FullStripe; // nothing to keep consistent: just write the data
            update.method = first || update.method == method ? method : ParityMethod::Mixed;
            first = false;
            for (int j = 0; j < dataDisks; ++j) {
                const DiskBlock& at = row[std::size_t(j)].data;
                if (failed(at.disk))
                    continue;
                if (isWritten(j)) {
                    ops.push_back({ at.disk, DiskOp::Write, DiskOp::Data, at.block });
                    if (method == ParityMethod::ReadModifyWrite)
                        ops.push_back({ at.disk, DiskOp::Read, failedUnwritten ? DiskOp::Rebuild : DiskOp::OldData, at.block });
                } else if (method == ParityMethod::ReconstructWrite || (method == ParityMethod::ReadModifyWrite && failedUnwritten)) {
                    ops.push_back({ at.disk, DiskOp::Read, failedUnwritten ? DiskOp::Rebuild : DiskOp::OtherData, at.block });
                }
            }
            for (const ParityPlace& pp : parityPlaces) {
                if (failed(pp.at.disk))
                    continue;
                ops.push_back({ pp.at.disk, DiskOp::Write, parityRole(pp), pp.at.block });
                if (method == ParityMethod::ReadModifyWrite)
                    ops.push_back({ pp.at.disk, DiskOp::Read, failedUnwritten ? DiskOp::Rebuild : DiskOp::OldParity, pp.at.block });
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
    case DiskOp::Rebuild: return "rebuild";
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
