// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "layout.h"

namespace raidscope {

/// Chained declustering (Hsiao and DeWitt) as drawn in Shear Fig. 1: the primary of chunk k on disk
/// k mod D at disk chunk row 2(k div D), its backup on disk (k+1) mod D one row below.
class ChainedLayout final : public Layout
{
public:
    explicit ChainedLayout(const ArrayParams& params);

    const ArrayParams& params() const override { return m_params; }
    std::uint64_t patternBlocks() const override { return m_patternBlocks; }
    /// Each pair of rows holds D primaries; an odd last row is unused.
    std::uint64_t logicalBlocks() const override;
    int dataDisks() const override { return m_params.disks; }
    Redundancy redundancy() const override { return Redundancy::Mirror; }
    int copies() const override { return 2; }
    int faultTolerance() const override { return 1; }
    SmallWriteCost smallWriteCost() const override { return { 0, 2 }; }
    DiskBlock dataPlace(std::uint64_t lba) const override;
    void places(std::uint64_t lba, BlockPlaces& out) const override;

private:
    ArrayParams m_params;
    std::uint64_t m_chunkBlocks;
    std::uint64_t m_patternBlocks = 0;
};

} // namespace raidscope
