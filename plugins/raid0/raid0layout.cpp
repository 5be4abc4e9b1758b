// SPDX-License-Identifier: GPL-3.0-or-later
#include "raid0layout.h"

namespace raidscope {

Raid0Layout::Raid0Layout(const ArrayParams& params)
    : m_params(params)
    , m_chunkBlocks(params.chunkBlocks())
{
}

DiskBlock Raid0Layout::dataPlace(std::uint64_t lba) const
{
    // drivers/md/raid0.c map_sector() with a single zone: chunk k -> device k % D, device chunk k / D.
    const std::uint64_t chunk = lba / m_chunkBlocks;
    const std::uint64_t disks = std::uint64_t(m_params.disks);
    return { int(chunk % disks), (chunk / disks) * m_chunkBlocks + lba % m_chunkBlocks };
}

void Raid0Layout::places(std::uint64_t lba, BlockPlaces& out) const
{
    out.data = dataPlace(lba);
    out.copies.clear();
    out.parity.clear();
}

} // namespace raidscope
