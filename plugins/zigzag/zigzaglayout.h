// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "layout.h"

namespace raidscope {

/// ZIGZAG striping (Shear Fig. 1): RAID-0 whose odd stripes run from the last disk back to the first.
class ZigzagLayout final : public Layout
{
public:
    explicit ZigzagLayout(const ArrayParams& params);

    const ArrayParams& params() const override { return m_params; }
    std::uint64_t patternBlocks() const override { return m_patternBlocks; }
    std::uint64_t logicalBlocks() const override { return m_params.diskBlocks * std::uint64_t(m_params.disks); }
    int dataDisks() const override { return m_params.disks; }
    Redundancy redundancy() const override { return Redundancy::None; }
    int faultTolerance() const override { return 0; }
    SmallWriteCost smallWriteCost() const override { return { 0, 1 }; }
    DiskBlock dataPlace(std::uint64_t lba) const override;
    void places(std::uint64_t lba, BlockPlaces& out) const override;

    int diskOfChunk(std::uint64_t chunk) const;

private:
    ArrayParams m_params;
    std::uint64_t m_chunkBlocks;
    std::uint64_t m_patternBlocks = 0;
};

} // namespace raidscope
