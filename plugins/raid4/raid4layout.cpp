// SPDX-License-Identifier: GPL-3.0-or-later
#include "raid4layout.h"

namespace raidscope {

Raid4Layout::Raid4Layout(const ArrayParams& params, bool parityFirst)
    : m_params(params)
    , m_parityFirst(parityFirst)
    , m_chunkBlocks(params.chunkBlocks())
{
    // The parity disk never moves, so one stripe of D-1 data chunks repeats.
    m_patternBlocks = shortestChunkPeriod(std::uint64_t(m_params.disks - 1), [this](std::uint64_t k) {
        return dataPlace(k * m_chunkBlocks).disk;
    }) * m_chunkBlocks;
}

DiskBlock Raid4Layout::dataPlace(std::uint64_t lba) const
{
    // drivers/md/raid5.c raid5_compute_sector(): stripe = chunk / data_disks, dd_idx = chunk % data_disks;
    // level 4: pd_idx = data_disks; ALGORITHM_PARITY_0: pd_idx = 0, dd_idx++
    const std::uint64_t dataDisks = std::uint64_t(m_params.disks - 1);
    const std::uint64_t chunk = lba / m_chunkBlocks;
    const std::uint64_t stripe = chunk / dataDisks;
    const int dd = int(chunk % dataDisks) + (m_parityFirst ? 1 : 0);
    return { dd, stripe * m_chunkBlocks + lba % m_chunkBlocks };
}

void Raid4Layout::places(std::uint64_t lba, BlockPlaces& out) const
{
    out.data = dataPlace(lba);
    out.copies.clear();
    out.parity.clear();
    out.parity.push_back({ ParityPlace::P, { m_parityFirst ? 0 : m_params.disks - 1, out.data.block } });
}

} // namespace raidscope
