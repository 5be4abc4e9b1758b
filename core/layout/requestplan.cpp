// SPDX-License-Identifier: GPL-3.0-or-later
#include "requestplan.h"

#include "units.h"

#include <algorithm>
#include <set>
#include <tuple>

namespace raidscope {
namespace {

// One block of a disk operation. Ordered by disk, kind, role and block as DiskOps are listed; disk,
// kind and role packed in one word, so that sorting a request's few operations is two compares each.
struct BlockOp
{
    BlockOp() = default;
    BlockOp(int disk, DiskOp::Kind kind, DiskOp::Role role, std::uint64_t block)
        : group((std::uint64_t(std::uint32_t(disk)) << 16) | (std::uint64_t(kind) << 8) | std::uint64_t(role))
        , block(block)
    {
    }
    std::uint64_t group;
    std::uint64_t block;
    int disk() const { return int(group >> 16); }
    DiskOp::Kind kind() const { return DiskOp::Kind((group >> 8) & 0xff); }
    DiskOp::Role role() const { return DiskOp::Role(group & 0xff); }
    bool operator<(const BlockOp& o) const { return group < o.group || (group == o.group && block < o.block); }
    bool operator==(const BlockOp& o) const { return group == o.group && block == o.block; }
};

// What one call of planRequest() works in, kept per thread so that a simulation planning millions of
// requests allocates none of it per request (the simulator's RequestFeed plans on more than one thread).
struct Scratch
{
    struct Written // a written block: its stripe, its row (depth in the chunk), its data index
    {
        std::uint64_t stripe;
        std::uint64_t depth;
        int index;
        auto key() const { return std::tie(stripe, depth, index); }
        bool operator<(const Written& o) const { return key() < o.key(); }
    };
    std::vector<BlockOp> ops;
    BlockPlaces places, other;
    std::vector<Written> written;
    std::vector<BlockPlaces> row;        ///< the places of a row's data blocks, fetched as needed ...
    std::vector<std::uint64_t> rowFetch; ///< ... those fetched for row number rowCount (else stale)
    std::vector<std::uint8_t> isWritten; ///< per data index, for the row at hand
    std::uint64_t rowCount = 0;
};

// Many block operations (a write of several rows) have few groups (disk, kind, role), each listed in
// nearly ascending block order as the rows are visited: a stable counting sort by group, then each
// group by insertion (linear when already in order), is the same list as std::sort's and several
// times faster. More than kMaxGroups groups: std::sort.
void sortManyBlockOps(std::vector<BlockOp>& blockOps)
{
    constexpr std::size_t kMaxGroups = 32;
    std::uint64_t groups[kMaxGroups];
    std::uint32_t begin[kMaxGroups + 1];
    std::size_t k = 0;
    thread_local std::vector<std::uint8_t> groupOf;
    thread_local std::vector<BlockOp> sorted;
    const std::size_t n = blockOps.size();
    groupOf.resize(n);
    std::size_t last = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint64_t g = blockOps[i].group;
        if (k > 0 && groups[last] == g) {
            groupOf[i] = std::uint8_t(last);
            continue;
        }
        std::size_t j = 0;
        while (j < k && groups[j] != g)
            ++j;
        if (j == k) {
            if (k == kMaxGroups) {
                std::sort(blockOps.begin(), blockOps.end());
                return;
            }
            groups[k++] = g;
        }
        groupOf[i] = std::uint8_t(j);
        last = j;
    }
    // The groups in ascending order: rank[j] is group j's place.
    std::uint8_t rank[kMaxGroups];
    for (std::size_t j = 0; j < k; ++j) {
        std::size_t r = 0;
        for (std::size_t m = 0; m < k; ++m)
            r += groups[m] < groups[j] ? 1 : 0;
        rank[j] = std::uint8_t(r);
    }
    std::uint32_t count[kMaxGroups] = {};
    for (std::size_t i = 0; i < n; ++i)
        ++count[rank[groupOf[i]]];
    begin[0] = 0;
    for (std::size_t r = 0; r < k; ++r)
        begin[r + 1] = begin[r] + count[r];
    std::uint32_t at[kMaxGroups];
    std::copy(begin, begin + k, at);
    sorted.resize(n);
    for (std::size_t i = 0; i < n; ++i)
        sorted[at[rank[groupOf[i]]]++] = blockOps[i];
    for (std::size_t r = 0; r < k; ++r) { // one group: by block
        for (std::size_t i = begin[r] + 1; i < begin[r + 1]; ++i) {
            const BlockOp b = sorted[i];
            std::size_t j = i;
            for (; j > begin[r] && b.block < sorted[j - 1].block; --j)
                sorted[j] = sorted[j - 1];
            sorted[j] = b;
        }
    }
    blockOps.swap(sorted);
}

// A request's few block operations (a small RAID 6 write has six) sort fastest without branches: each
// element's place is the number of elements before it (a stable rank: equal ones keep their order),
// compared as one 128-bit key, so no comparison is mispredicted (insertion sort's were half of a
// small write's coalescing). More of them sort by insertion, many by std::sort. The elements are
// distinct after unique() and equal ones identical, so any sort gives the same list.
void sortBlockOps(std::vector<BlockOp>& blockOps)
{
    const std::size_t n = blockOps.size();
    if (n <= 8) {
        using Key = unsigned __int128;
        Key keys[8];
        BlockOp copy[8];
        for (std::size_t i = 0; i < n; ++i) {
            copy[i] = blockOps[i];
            keys[i] = (Key(blockOps[i].group) << 64) | Key(blockOps[i].block);
        }
        for (std::size_t i = 0; i < n; ++i) {
            std::size_t rank = 0;
            for (std::size_t j = 0; j < i; ++j)
                rank += keys[j] <= keys[i] ? 1 : 0;
            for (std::size_t j = i + 1; j < n; ++j)
                rank += keys[j] < keys[i] ? 1 : 0;
            blockOps[rank] = copy[i];
        }
        return;
    }
    if (n > 16) {
        sortManyBlockOps(blockOps);
        return;
    }
    for (std::size_t i = 1; i < n; ++i) {
        const BlockOp b = blockOps[i];
        std::size_t j = i;
        for (; j > 0 && b < blockOps[j - 1]; --j)
            blockOps[j] = blockOps[j - 1];
        blockOps[j] = b;
    }
}

// Sorted, duplicates dropped and runs of consecutive blocks merged, in one pass: a block equal to the
// last one listed is the end of the run at hand (same group, block + blocks - 1).
void coalesce(std::vector<BlockOp>& blockOps, std::vector<DiskOp>& out)
{
    sortBlockOps(blockOps);
    out.clear();
    out.reserve(blockOps.size()); // one allocation at most, not one per doubling
    std::uint64_t lastGroup = 0;
    for (const BlockOp& b : blockOps) {
        if (!out.empty() && lastGroup == b.group) {
            DiskOp& last = out.back();
            if (last.block + last.blocks == b.block) {
                ++last.blocks;
                continue;
            }
            if (last.block + last.blocks - 1 == b.block)
                continue; // a duplicate
        }
        out.push_back(DiskOp { b.disk(), b.block, 1, b.kind(), b.role() });
        lastGroup = b.group;
    }
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
    planRequest(plan, layout, offsetBytes, sizeBytes, write, error, options);
    return plan;
}

void planRequest(RequestPlan& plan, const Layout& layout, std::uint64_t offsetBytes, std::uint64_t sizeBytes,
                 bool write, QString* error, const PlanOptions& options)
{
    plan.firstLba = 0;
    plan.blocks = 0;
    plan.write = false;
    plan.aligned = true;
    plan.lost = false;
    plan.chunks.clear();
    plan.stripes.clear();
    plan.ops.clear();
    const ArrayParams& p = layout.params();
    const std::uint64_t arrayBytes = layout.logicalBlocks() * p.blockBytes;
    if (sizeBytes == 0 || offsetBytes >= arrayBytes || sizeBytes > arrayBytes - offsetBytes) {
        if (error)
            *error = sizeBytes == 0 ? QStringLiteral("request size is zero")
                                    : QStringLiteral("request [%1, +%2) runs past the array's end (%3)")
                                          .arg(formatBytes(offsetBytes), formatBytes(sizeBytes), formatBytes(arrayBytes));
        return;
    }
    plan.write = write;
    plan.firstLba = offsetBytes / p.blockBytes;
    const std::uint64_t endLba = (offsetBytes + sizeBytes + p.blockBytes - 1) / p.blockBytes;
    plan.blocks = endLba - plan.firstLba;
    plan.aligned = offsetBytes % p.blockBytes == 0 && sizeBytes % p.blockBytes == 0;

    const std::uint64_t chunkBlocks = p.chunkBlocks();
    for (std::uint64_t lba = plan.firstLba; options.listChunks && lba < endLba;) {
        const std::uint64_t chunk = lba / chunkBlocks;
        const std::uint64_t end = std::min(endLba, (chunk + 1) * chunkBlocks);
        plan.chunks.push_back(ChunkTouch { chunk, layout.dataPlace(lba).disk, lba, end - lba });
        lba = end;
    }

    thread_local Scratch scratch;
    std::vector<BlockOp>& ops = scratch.ops;
    ops.clear();
    BlockPlaces& places = scratch.places;
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
            BlockPlaces& other = scratch.other;
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
            // Linux md (paritywrite=md) reads every survivor of the row: need_this_block() in
            // drivers/md/raid5.c fetches all other blocks of a stripe with a failed member, a RAID-6's
            // Q too (the rig's RAID-6 of 6 with member 1 failed: chunk 0's rebuild loaded the disk of
            // row 0's Q as much as its P).
            int parityRead = 0;
            for (const ParityPlace& pp : places.parity)
                if (!failed(pp.at.disk) && (parityRead < missing || options.alwaysReconstructWrite)) {
                    ops.push_back({ pp.at.disk, DiskOp::Read, DiskOp::Rebuild, pp.at.block });
                    ++parityRead;
                }
            plan.lost |= parityRead < missing;
        }
        coalesce(ops, plan.ops);
        return;
    }

    // Parity write: group the written blocks by (stripe, row) and decide each row as md does.
    std::vector<Scratch::Written>& written = scratch.written;
    written.clear();
    for (std::uint64_t lba = plan.firstLba; lba < endLba; ++lba) {
        const std::uint64_t stripe = lba / stripeBlocks;
        const std::uint64_t inStripe = lba % stripeBlocks;
        written.push_back({ stripe, inStripe % chunkBlocks, int(inStripe / chunkBlocks) });
    }
    std::sort(written.begin(), written.end()); // by stripe, row, data index
    // A row's places are fetched only when needed: a healthy row needs its first block's (the row's
    // parity places), the written blocks' and, for a reconstruct-write, the others'; with a failed
    // member every block's, to count the failures. layout.places() is most of a write's planning time.
    const bool anyFailed = std::find(options.failed.begin(), options.failed.end(), true) != options.failed.end();
    if (scratch.row.size() < std::size_t(dataDisks)) {
        scratch.row.resize(std::size_t(dataDisks));
        scratch.rowFetch.assign(std::size_t(dataDisks), 0);
    }
    scratch.isWritten.assign(std::size_t(dataDisks), 0);
    for (std::size_t first = 0; first < written.size();) {
        const std::uint64_t stripe = written[first].stripe;
        std::size_t stripeEnd = first;
        int rowsInStripe = 0;
        for (; stripeEnd < written.size() && written[stripeEnd].stripe == stripe; ++stripeEnd)
            rowsInStripe += stripeEnd == first || written[stripeEnd].depth != written[stripeEnd - 1].depth ? 1 : 0;
        StripeUpdate update { stripe, rowsInStripe, ParityMethod::FullStripe };
        bool firstRow = true;
        for (std::size_t rowBegin = first; rowBegin < stripeEnd;) {
            const std::uint64_t depth = written[rowBegin].depth;
            std::size_t rowEnd = rowBegin;
            while (rowEnd < stripeEnd && written[rowEnd].depth == depth)
                ++rowEnd;
            const std::uint64_t rowId = ++scratch.rowCount;
            auto place = [&](int j) -> const BlockPlaces& {
                BlockPlaces& at = scratch.row[std::size_t(j)];
                if (scratch.rowFetch[std::size_t(j)] != rowId) {
                    layout.places(stripe * stripeBlocks + std::uint64_t(j) * chunkBlocks + depth, at);
                    scratch.rowFetch[std::size_t(j)] = rowId;
                }
                return at;
            };
            for (std::size_t k = rowBegin; k < rowEnd; ++k)
                scratch.isWritten[std::size_t(written[k].index)] = 1;
            auto isWritten = [&](int j) { return scratch.isWritten[std::size_t(j)] != 0; };
            const std::vector<ParityPlace>& parityPlaces = place(0).parity;
            int failedUnwritten = 0, failedTotal = 0, liveParity = 0;
            if (anyFailed)
                for (int j = 0; j < dataDisks; ++j)
                    if (failed(place(j).data.disk)) {
                        ++failedTotal;
                        failedUnwritten += isWritten(j) ? 0 : 1;
                    }
            for (const ParityPlace& pp : parityPlaces) {
                failedTotal += failed(pp.at.disk) ? 1 : 0;
                liveParity += failed(pp.at.disk) ? 0 : 1;
            }
            const int w = int(rowEnd - rowBegin);
            const bool lost = failedTotal > int(parityPlaces.size());
            plan.lost |= lost;
            ParityMethod method = ParityMethod::FullStripe; // (of no use when the row is lost)
            // A failed block that is written has no old data to read: a read-modify-write cannot
            // take it out of the parity. A failed block that is not written cannot be read for a
            // reconstruct-write. With neither, the cheaper of the two; with one, the other (md's
            // handle_stripe_dirtying() counts a failed device as 2 * disks reads, so it never
            // picks a method that needs one); with both, every live block is read, the missing
            // ones rebuilt and the parity computed anew (md's need_this_block(): "we need to
            // reconstruct the content of that device, so all other devices must be read").
            const bool rebuildAll = failedUnwritten > 0 && failedTotal - failedUnwritten > int(parityPlaces.size()) - liveParity;
            if (failedUnwritten > 0) {
                method = ParityMethod::ReadModifyWrite;
            } else if (w < dataDisks) {
                const int rmwReads = w + liveParity;
                const int rcwReads = dataDisks - w;
                const bool dataFailed = failedTotal > 0 && failedTotal > int(parityPlaces.size()) - liveParity;
                method = !options.alwaysReconstructWrite && !dataFailed && rmwReads < rcwReads
                    ? ParityMethod::ReadModifyWrite
                    : ParityMethod::ReconstructWrite;
            }
            if (!lost) {
                if (liveParity == 0)
                    method = ParityMethod::FullStripe; // nothing to keep consistent: just write the data
                update.method = firstRow || update.method == method ? method : ParityMethod::Mixed;
                firstRow = false;
                // Every data block of the row when the others are read, else only the written ones (the
                // operations are sorted at the end: the order they are listed in does not matter).
                const bool readOthers = method == ParityMethod::ReconstructWrite || rebuildAll;
                const std::size_t blocks = readOthers ? std::size_t(dataDisks) : rowEnd - rowBegin;
                for (std::size_t n = 0; n < blocks; ++n) {
                    const int j = readOthers ? int(n) : written[rowBegin + n].index;
                    const DiskBlock& at = place(j).data;
                    if (failed(at.disk))
                        continue;
                    if (isWritten(j)) {
                        ops.push_back({ at.disk, DiskOp::Write, DiskOp::Data, at.block });
                        if (method == ParityMethod::ReadModifyWrite)
                            ops.push_back({ at.disk, DiskOp::Read, rebuildAll ? DiskOp::Rebuild : DiskOp::OldData, at.block });
                    } else {
                        ops.push_back({ at.disk, DiskOp::Read, rebuildAll ? DiskOp::Rebuild : DiskOp::OtherData, at.block });
                    }
                }
                for (const ParityPlace& pp : parityPlaces) {
                    if (failed(pp.at.disk))
                        continue;
                    ops.push_back({ pp.at.disk, DiskOp::Write, parityRole(pp), pp.at.block });
                    if (method == ParityMethod::ReadModifyWrite)
                        ops.push_back({ pp.at.disk, DiskOp::Read, rebuildAll ? DiskOp::Rebuild : DiskOp::OldParity, pp.at.block });
                }
            }
            for (std::size_t k = rowBegin; k < rowEnd; ++k)
                scratch.isWritten[std::size_t(written[k].index)] = 0;
            rowBegin = rowEnd;
        }
        plan.stripes.push_back(update);
        first = stripeEnd;
    }
    coalesce(ops, plan.ops);
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
