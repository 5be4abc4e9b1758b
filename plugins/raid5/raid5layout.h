// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "layout.h"

namespace raidscope {

/// RAID-5 as Linux md lays it out (drivers/md/raid5.c raid5_compute_sector(), level 5): stripe s is
/// disk chunk row s on every member, with D-1 data chunks and one parity chunk.
class Raid5Layout final : public Layout
{
public:
    /// md's ALGORITHM_* for level 5 (the values differ; only the arithmetic matters here).
    enum class Algorithm { LeftAsymmetric, RightAsymmetric, LeftSymmetric, RightSymmetric };

    Raid5Layout(const ArrayParams& params, Algorithm algorithm);

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
    struct ChunkMap
    {
        int dataDisk;
        int parityDisk;
        std::uint64_t stripe;
    };
    ChunkMap mapChunk(std::uint64_t chunk) const;

    ArrayParams m_params;
    Algorithm m_algorithm;
    std::uint64_t m_chunkBlocks;
    std::uint64_t m_patternBlocks = 0;
};

} // namespace raidscope
