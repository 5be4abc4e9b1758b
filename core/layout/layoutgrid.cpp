// SPDX-License-Identifier: GPL-3.0-or-later
#include "layoutgrid.h"

#include <algorithm>
#include <map>

namespace raidscope {

LayoutGrid buildLayoutGrid(const Layout& layout, std::uint64_t minChunks, int maxRows)
{
    LayoutGrid grid;
    const ArrayParams& p = layout.params();
    grid.disks = p.disks;
    grid.chunkBlocks = p.chunkBlocks();
    grid.patternChunks = layout.patternBlocks() / grid.chunkBlocks;
    const std::uint64_t perStripe = std::uint64_t(layout.dataDisks());
    std::uint64_t chunks = std::max(grid.patternChunks, minChunks);
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
