// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "layout.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace raidscope {

/// One chunk-sized cell of a layout diagram (Shear Fig. 1): disks as columns, disk chunk rows as rows.
struct GridCell
{
    enum Role : std::uint8_t { Empty, Data, Copy, ParityP, ParityQ };
    Role role = Empty;
    std::uint64_t number = 0; ///< logical chunk for Data/Copy, stripe for ParityP/ParityQ
    bool inPattern = false;   ///< part of the first pattern (Shear marks it in italics)
};

struct LayoutGrid
{
    int disks = 0;
    std::uint64_t chunkBlocks = 0;
    std::uint64_t patternChunks = 0;
    /// Logical chunks until data, copies and parity are on the same disks again: a full parity rotation
    /// (RAID-5 left-symmetric of D: D stripes, though its data pattern is D chunks); 0 when none was
    /// found within the stripes searched (see layoutRotationStripes()).
    std::uint64_t rotationChunks = 0;
    std::uint64_t chunksShown = 0;
    std::vector<std::uint64_t> rows;           ///< disk chunk row of each grid row, ascending (gaps allowed)
    std::vector<std::vector<GridCell>> cells;  ///< [grid row][disk]
    bool truncated = false;                    ///< more rows than maxRows were needed

    const GridCell& at(std::size_t row, int disk) const { return cells[row][std::size_t(disk)]; }
};

/// The fewest stripes after which every chunk's data, mirror copies and parity are on the same member
/// disks as `stripes` earlier (compared stripe by stripe over two periods); nullopt when no period up to
/// `maxStripes` repeats. RAID-4 and RAID-0: 1; RAID-5/6 left-symmetric of D: D.
std::optional<std::uint64_t> layoutRotationStripes(const Layout& layout, std::uint64_t maxStripes);

/// Lays out the first whole stripes covering at least one pattern and one full rotation of the parity
/// and copies over the disks (when it fits in `maxRows`), and at least `minChunks` logical chunks, with
/// their copies and parity, keeping at most `maxRows` disk chunk rows.
LayoutGrid buildLayoutGrid(const Layout& layout, std::uint64_t minChunks = 0, int maxRows = 64);

} // namespace raidscope
