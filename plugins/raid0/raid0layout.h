// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "layout.h"

namespace raidscope {

/// RAID-0: chunk k on disk k mod D, at disk chunk k div D (Shear Fig. 1; md raid0 with one zone).
class Raid0Layout final : public Layout
{
public:
    explicit Raid0Layout(const ArrayParams& params);

    const ArrayParams& params() const override { return m_params; }
    std::uint64_t patternBlocks() const override { return std::uint64_t(m_params.disks) * m_chunkBlocks; }
    std::uint64_t logicalBlocks() const override { return m_params.diskBlocks * std::uint64_t(m_params.disks); }
    int dataDisks() const override { return m_params.disks; }
    Redundancy redundancy() const override { return Redundancy::None; }
    int faultTolerance() const override { return 0; }
    SmallWriteCost smallWriteCost() const override { return { 0, 1 }; }
    DiskBlock dataPlace(std::uint64_t lba) const override;
    void places(std::uint64_t lba, BlockPlaces& out) const override;

private:
    ArrayParams m_params;
    std::uint64_t m_chunkBlocks;
};

} // namespace raidscope
