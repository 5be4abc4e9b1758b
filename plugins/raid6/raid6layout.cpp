// SPDX-License-Identifier: GPL-3.0-or-later
#include "raid6layout.h"

namespace raidscope {

Raid6Layout::Raid6Layout(const ArrayParams& params, Algorithm algorithm)
    : m_params(params)
    , m_algorithm(algorithm)
    , m_chunkBlocks(params.chunkBlocks())
{
    // P and Q rotate with period D stripes of D-2 chunks, so D(D-2) chunks certainly repeat
    // (md left-symmetric on 6 disks with 8 KiB chunks: 24 chunks, 192 KiB; continuous: D chunks).
    const std::uint64_t disks = std::uint64_t(m_params.disks);
    m_patternBlocks = shortestChunkPeriod(disks * (disks - 2), [this](std::uint64_t k) { return mapChunk(k).dataDisk; })
        * m_chunkBlocks;
}

Raid6Layout::ChunkMap Raid6Layout::mapChunk(std::uint64_t chunk) const
{
    const int raidDisks = m_params.disks;
    const int dataDisks = raidDisks - 2;
    const std::uint64_t stripe = chunk / std::uint64_t(dataDisks);
    int dd = int(chunk % std::uint64_t(dataDisks));
    const int rotation = int(stripe % std::uint64_t(raidDisks));
    int pd = 0;
    int qd = 0;
    // drivers/md/raid5.c raid5_compute_sector(), case 6
    switch (m_algorithm) {
    case Algorithm::LeftAsymmetric:
        pd = raidDisks - 1 - rotation;
        qd = pd + 1;
        if (pd == raidDisks - 1) {
            ++dd; // Q D D D P
            qd = 0;
        } else if (dd >= pd) {
            dd += 2; // D D P Q D
        }
        break;
    case Algorithm::RightAsymmetric:
        pd = rotation;
        qd = pd + 1;
        if (pd == raidDisks - 1) {
            ++dd;
            qd = 0;
        } else if (dd >= pd) {
            dd += 2;
        }
        break;
    case Algorithm::LeftSymmetric:
        pd = raidDisks - 1 - rotation;
        qd = (pd + 1) % raidDisks;
        dd = (pd + 2 + dd) % raidDisks;
        break;
    case Algorithm::RightSymmetric:
        pd = rotation;
        qd = (pd + 1) % raidDisks;
        dd = (pd + 2 + dd) % raidDisks;
        break;
    case Algorithm::Continuous: {
        // Shear §3.1 P+Q: data round-robin over all disks; P and Q follow the stripe's last data chunk
        const std::uint64_t first = stripe * std::uint64_t(dataDisks);
        const std::uint64_t disks = std::uint64_t(raidDisks);
        dd = int(chunk % disks);
        pd = int((first + std::uint64_t(dataDisks)) % disks);
        qd = int((first + std::uint64_t(dataDisks) + 1) % disks);
        break;
    }
    }
    return { dd, pd, qd, stripe };
}

DiskBlock Raid6Layout::dataPlace(std::uint64_t lba) const
{
    const ChunkMap m = mapChunk(lba / m_chunkBlocks);
    return { m.dataDisk, m.stripe * m_chunkBlocks + lba % m_chunkBlocks };
}

void Raid6Layout::places(std::uint64_t lba, BlockPlaces& out) const
{
    const ChunkMap m = mapChunk(lba / m_chunkBlocks);
    const std::uint64_t block = m.stripe * m_chunkBlocks + lba % m_chunkBlocks;
    out.data = { m.dataDisk, block };
    out.copies.clear();
    out.parity.clear();
    out.parity.push_back({ ParityPlace::P, { m.pDisk, block } });
    out.parity.push_back({ ParityPlace::Q, { m.qDisk, block } });
}

} // namespace raidscope
