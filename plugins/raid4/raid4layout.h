// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "layout.h"

namespace raidscope {

/// RAID-4: one disk holds every stripe's parity. parity-last is md level 4 (pd_idx = data_disks);
/// parity-first is md's ALGORITHM_PARITY_0 (pd_idx = 0, data index + 1). Stripe s is disk chunk row s.
class Raid4Layout final : public Layout
{
public:
    Raid4Layout(const ArrayParams& params, bool parityFirst);

    const ArrayParams& params() const override { return m_params; }
    std::uint64_t patternBlocks() const override { return m_patternBlocks; }
    std::uint64_t logicalBlocks() const override { return m_params.diskBlocks * std::uint64_t(m_params.disks - 1); }
    int dataDisks() const override { return m_params.disks - 1; }
    Redundancy redundancy() const override { return Redundancy::SingleParity; }
    int faultTolerance() const override { return 1; }
    SmallWriteCost smallWriteCost() const override { return { 2, 2 }; }
    DiskBlock dataPlace(std::uint64_t lba) const override;
    void places(std::uint64_t lba, BlockPlaces& out) const override;

private:
    ArrayParams m_params;
    bool m_parityFirst;
    std::uint64_t m_chunkBlocks;
    std::uint64_t m_patternBlocks = 0;
};

} // namespace raidscope
