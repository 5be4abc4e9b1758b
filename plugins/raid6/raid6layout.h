// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "layout.h"

namespace raidscope {

/// RAID-6 (P+Q). The four rotations are Linux md's (drivers/md/raid5.c raid5_compute_sector(), level 6);
/// Continuous is Shear's P+Q (§3.1), not md: data chunk k on disk k mod D as in RAID-0, each stripe's
/// P and Q on the two disks after its last data chunk. Stripe s is disk chunk row s in every variant.
class Raid6Layout final : public Layout
{
public:
    enum class Algorithm { LeftAsymmetric, RightAsymmetric, LeftSymmetric, RightSymmetric, Continuous };

    Raid6Layout(const ArrayParams& params, Algorithm algorithm);

    const ArrayParams& params() const override { return m_params; }
    std::uint64_t patternBlocks() const override { return m_patternBlocks; }
    std::uint64_t logicalBlocks() const override { return m_params.diskBlocks * std::uint64_t(m_params.disks - 2); }
    int dataDisks() const override { return m_params.disks - 2; }
    Redundancy redundancy() const override { return Redundancy::DoubleParity; }
    int faultTolerance() const override { return 2; }
    SmallWriteCost smallWriteCost() const override { return { 3, 3 }; }
    DiskBlock dataPlace(std::uint64_t lba) const override;
    void places(std::uint64_t lba, BlockPlaces& out) const override;

private:
    struct ChunkMap
    {
        int dataDisk;
        int pDisk;
        int qDisk;
        std::uint64_t stripe;
    };
    ChunkMap mapChunk(std::uint64_t chunk) const;

    ArrayParams m_params;
    Algorithm m_algorithm;
    std::uint64_t m_chunkBlocks;
    std::uint64_t m_patternBlocks = 0;
};

} // namespace raidscope
