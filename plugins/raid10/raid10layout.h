// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "layout.h"

namespace raidscope {

/// Linux md raid10 (drivers/md/raid10.c) with far_set_size = raid_disks (no use_far_sets):
/// near: near_copies = copies; far: far_copies = copies; offset: far_copies = copies, far_offset.
/// The first place md records for a block is its data place, the rest are its copies.
class Raid10Layout final : public Layout
{
public:
    enum class Variant { Near, Far, Offset };

    Raid10Layout(const ArrayParams& params, Variant variant, int copies);

    const ArrayParams& params() const override { return m_params; }
    std::uint64_t patternBlocks() const override { return m_patternBlocks; }
    std::uint64_t logicalBlocks() const override { return m_arrayChunks * m_chunkBlocks; }
    /// D / near_copies chunks are "a stripe" only when near_copies divides D; otherwise the rows
    /// hold a fractional number of chunks and we report the floor (at least 1). Callers needing exact
    /// geometry should use the places, not this figure.
    int dataDisks() const override;
    Redundancy redundancy() const override { return Redundancy::Mirror; }
    int copies() const override { return m_nearCopies * m_farCopies; }
    int faultTolerance() const override { return copies() - 1; }
    SmallWriteCost smallWriteCost() const override { return { 0, copies() }; }
    DiskBlock dataPlace(std::uint64_t lba) const override;
    void places(std::uint64_t lba, BlockPlaces& out) const override;

    /// md's conf->dev_sectors and conf->geo.stride, in chunks (calc_sectors()).
    std::uint64_t usedChunksPerDisk() const { return m_devChunks; }
    std::uint64_t strideChunks() const { return m_strideBlocks / m_chunkBlocks; }

private:
    ArrayParams m_params;
    std::uint64_t m_chunkBlocks;
    int m_nearCopies = 1;
    int m_farCopies = 1;
    bool m_farOffset = false;
    std::uint64_t m_devChunks = 0;
    std::uint64_t m_strideBlocks = 0;
    std::uint64_t m_arrayChunks = 0;
    std::uint64_t m_patternBlocks = 0;
};

} // namespace raidscope
