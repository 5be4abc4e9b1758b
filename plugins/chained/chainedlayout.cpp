// SPDX-License-Identifier: GPL-3.0-or-later
#include "chainedlayout.h"

namespace raidscope {

ChainedLayout::ChainedLayout(const ArrayParams& params)
    : m_params(params)
    , m_chunkBlocks(params.chunkBlocks())
{
    m_params.copies = 2;
    // Primaries go round-robin, so D chunks repeat (48 KiB for 6 disks and 8 KiB chunks, Shear Fig. 13).
    m_patternBlocks = shortestChunkPeriod(std::uint64_t(m_params.disks), [this](std::uint64_t k) {
        return dataPlace(k * m_chunkBlocks).disk;
    }) * m_chunkBlocks;
}

std::uint64_t ChainedLayout::logicalBlocks() const
{
    const std::uint64_t diskChunks = m_params.diskBlocks / m_chunkBlocks;
    return std::uint64_t(m_params.disks) * (diskChunks / 2) * m_chunkBlocks;
}

DiskBlock ChainedLayout::dataPlace(std::uint64_t lba) const
{
    // Shear Fig. 1 (chained declustering): primary of chunk k on disk k % D, row 2 (k / D)
    const std::uint64_t disks = std::uint64_t(m_params.disks);
    const std::uint64_t chunk = lba / m_chunkBlocks;
    return { int(chunk % disks), 2 * (chunk / disks) * m_chunkBlocks + lba % m_chunkBlocks };
}

void ChainedLayout::places(std::uint64_t lba, BlockPlaces& out) const
{
    out.data = dataPlace(lba);
    out.copies.clear();
    out.parity.clear();
    // Shear Fig. 1: the backup sits on the next disk, in the row below the primary
    out.copies.push_back({ (out.data.disk + 1) % m_params.disks, out.data.block + m_chunkBlocks });
}

} // namespace raidscope
