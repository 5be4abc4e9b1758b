// SPDX-License-Identifier: GPL-3.0-or-later
#include "zigzaglayout.h"

namespace raidscope {

ZigzagLayout::ZigzagLayout(const ArrayParams& params)
    : m_params(params)
    , m_chunkBlocks(params.chunkBlocks())
{
    // Two stripes (one forward, one backward) certainly repeat; for D >= 2 nothing shorter does.
    const std::uint64_t fullChunks = 2 * std::uint64_t(m_params.disks);
    m_patternBlocks
        = shortestChunkPeriod(fullChunks, [this](std::uint64_t k) { return diskOfChunk(k); }) * m_chunkBlocks;
}

int ZigzagLayout::diskOfChunk(std::uint64_t chunk) const
{
    // Shear Fig. 1: stripe s = k / D, j = k % D; even stripes go to disk j, odd ones to disk D-1-j.
    const std::uint64_t disks = std::uint64_t(m_params.disks);
    const std::uint64_t stripe = chunk / disks;
    const std::uint64_t j = chunk % disks;
    return int(stripe % 2 == 0 ? j : disks - 1 - j);
}

DiskBlock ZigzagLayout::dataPlace(std::uint64_t lba) const
{
    const std::uint64_t chunk = lba / m_chunkBlocks;
    const std::uint64_t stripe = chunk / std::uint64_t(m_params.disks);
    return { diskOfChunk(chunk), stripe * m_chunkBlocks + lba % m_chunkBlocks };
}

void ZigzagLayout::places(std::uint64_t lba, BlockPlaces& out) const
{
    out.data = dataPlace(lba);
    out.copies.clear();
    out.parity.clear();
}

} // namespace raidscope
