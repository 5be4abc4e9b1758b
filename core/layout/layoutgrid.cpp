// SPDX-License-Identifier: GPL-3.0-or-later
#include "layoutgrid.h"

#include <algorithm>
#include <map>

namespace raidscope {
namespace {

// Where stripe `s` puts things, disk numbers only: per data chunk its data disk, its copies' disks and
// the stripe's parity disks (P before Q, as the plugin lists them).
std::vector<int> stripeDisks(const Layout& layout, std::uint64_t stripe, BlockPlaces& places)
{
    std::vector<int> out;
    const std::uint64_t perStripe = std::uint64_t(layout.dataDisks());
    const std::uint64_t cb = layout.params().chunkBlocks();
    for (std::uint64_t j = 0; j < perStripe; ++j) {
        layout.places((stripe * perStripe + j) * cb, places);
        out.push_back(places.data.disk);
        for (const DiskBlock& c : places.copies)
            out.push_back(c.disk);
        out.push_back(-1); // separates the copies from the parity
        for (const ParityPlace& pp : places.parity)
            out.push_back(pp.at.disk);
        out.push_back(-2);
    }
    return out;
}

} // namespace

std::optional<std::uint64_t> layoutRotationStripes(const Layout& layout, std::uint64_t maxStripes)
{
    const std::uint64_t perStripe = std::uint64_t(layout.dataDisks());
    const std::uint64_t chunkBlocks = layout.params().chunkBlocks();
    if (perStripe == 0 || chunkBlocks == 0)
        return std::nullopt;
    const std::uint64_t stripes = std::min(2 * maxStripes, layout.logicalBlocks() / chunkBlocks / perStripe);
    BlockPlaces places;
    std::vector<std::vector<int>> sig;
    sig.reserve(std::size_t(stripes));
    for (std::uint64_t s = 0; s < stripes; ++s)
        sig.push_back(stripeDisks(layout, s, places));
    for (std::uint64_t period = 1; 2 * period <= stripes; ++period) {
        bool repeats = true;
        for (std::uint64_t s = 0; s < period && repeats; ++s)
            repeats = sig[std::size_t(s)] == sig[std::size_t(s + period)];
        if (repeats)
            return period;
    }
    return std::nullopt;
}

LayoutGrid buildLayoutGrid(const Layout& layout, std::uint64_t minChunks, int maxRows)
{
    LayoutGrid grid;
    const ArrayParams& p = layout.params();
    grid.disks = p.disks;
    grid.chunkBlocks = p.chunkBlocks();
    grid.patternChunks = layout.patternBlocks() / grid.chunkBlocks;
    const std::uint64_t perStripe = std::uint64_t(layout.dataDisks());
    // A full rotation when the grid can hold it: the lesson of RAID 5 is where its parity goes, and
    // left-symmetric's data pattern (D chunks) ends before the parity has visited every disk.
    // md's parity rotations take at most D stripes: searched that far even when fewer rows are drawn.
    const auto rotation = layoutRotationStripes(layout, std::uint64_t(std::max({ maxRows, 2 * p.disks, 1 })));
    grid.rotationChunks = rotation ? *rotation * perStripe : 0;
    std::uint64_t chunks = std::max({ grid.patternChunks, minChunks, grid.rotationChunks });
    chunks = (chunks + perStripe - 1) / perStripe * perStripe; // whole stripes
    chunks = std::min<std::uint64_t>(chunks, layout.logicalBlocks() / grid.chunkBlocks);
    grid.chunksShown = chunks;

    // (row, disk) -> cell; the first writer of a cell wins (a well-formed layout never collides).
    std::map<std::pair<std::uint64_t, int>, GridCell> cells;
    auto put = [&](const DiskBlock& at, GridCell cell) {
        cells.emplace(std::make_pair(at.block / grid.chunkBlocks, at.disk), cell);
    };
    BlockPlaces places;
    for (std::uint64_t k = 0; k < chunks; ++k) {
        layout.places(k * grid.chunkBlocks, places);
        const bool inPattern = k < grid.patternChunks;
        put(places.data, { GridCell::Data, k, inPattern });
        for (const DiskBlock& c : places.copies)
            put(c, { GridCell::Copy, k, inPattern });
        const std::uint64_t stripe = k / perStripe;
        for (const ParityPlace& pp : places.parity)
            put(pp.at, { pp.kind == ParityPlace::P ? GridCell::ParityP : GridCell::ParityQ, stripe, inPattern });
    }
    for (const auto& [key, cell] : cells) {
        if (grid.rows.empty() || grid.rows.back() != key.first) {
            if (int(grid.rows.size()) == maxRows) {
                grid.truncated = true;
                break;
            }
            grid.rows.push_back(key.first);
            grid.cells.emplace_back(std::size_t(grid.disks));
        }
        grid.cells.back()[std::size_t(key.second)] = cell;
    }
    return grid;
}

} // namespace raidscope
