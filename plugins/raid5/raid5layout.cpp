// SPDX-License-Identifier: GPL-3.0-or-later
#include "raid5layout.h"

namespace raidscope {

Raid5Layout::Raid5Layout(const ArrayParams& params, Algorithm algorithm)
    : m_params(params)
    , m_algorithm(algorithm)
    , m_chunkBlocks(params.chunkBlocks())
{
    // Parity rotates with period D stripes of D-1 chunks; left-symmetric repeats after D chunks,
    // the others only after D(D-1) (Shear §3: 48 KiB and 240 KiB for 6 disks, 8 KiB chunks).
    const std::uint64_t disks = std::uint64_t(m_params.disks);
    m_patternBlocks = shortestChunkPeriod(disks * (disks - 1), [this](std::uint64_t k) { return mapChunk(k).dataDisk; })
        * m_chunkBlocks;
}

Raid5Layout::ChunkMap Raid5Layout::mapChunk(std::uint64_t chunk) const
{
    // drivers/md/raid5.c raid5_compute_sector(), case 5
    const int raidDisks = m_params.disks;
    const int dataDisks = raidDisks - 1;
    const std::uint64_t stripe = chunk / std::uint64_t(dataDisks);
    int dd = int(chunk % std::uint64_t(dataDisks));
    const int rotation = int(stripe % std::uint64_t(raidDisks)); // sector_div(stripe2, raid_disks)
    int pd = 0;
    switch (m_algorithm) {
    case Algorithm::LeftAsymmetric:
        pd = dataDisks - rotation;
        if (dd >= pd)
            ++dd;
        break;
    case Algorithm::RightAsymmetric:
        pd = rotation;
        if (dd >= pd)
            ++dd;
        break;
    case Algorithm::LeftSymmetric:
        pd = dataDisks - rotation;
        dd = (pd + 1 + dd) % raidDisks;
        break;
    case Algorithm::RightSymmetric:
        pd = rotation;
        dd = (pd + 1 + dd) % raidDisks;
        break;
    }
    return { dd, pd, stripe };
}

DiskBlock Raid5Layout::dataPlace(std::uint64_t lba) const
{
    const ChunkMap m = mapChunk(lba / m_chunkBlocks);
    return { m.dataDisk, m.stripe * m_chunkBlocks + lba % m_chunkBlocks };
}

void Raid5Layout::places(std::uint64_t lba, BlockPlaces& out) const
{
    const ChunkMap m = mapChunk(lba / m_chunkBlocks);
    const std::uint64_t block = m.stripe * m_chunkBlocks + lba % m_chunkBlocks;
    out.data = { m.dataDisk, block };
    out.copies.clear();
    out.parity.clear();
    out.parity.push_back({ ParityPlace::P, { m.parityDisk, block } });
}

} // namespace raidscope
