// SPDX-License-Identifier: GPL-3.0-or-later
#include "raid10layout.h"

#include <algorithm>

namespace raidscope {

Raid10Layout::Raid10Layout(const ArrayParams& params, Variant variant, int copies)
    : m_params(params)
    , m_chunkBlocks(params.chunkBlocks())
{
    m_params.copies = copies;
    // drivers/md/raid10.c setup_geo(): layout n<copies> / f<copies> / o<copies>
    if (variant == Variant::Near) {
        m_nearCopies = copies;
    } else {
        m_farCopies = copies;
        m_farOffset = variant == Variant::Offset;
    }
    const std::uint64_t disks = std::uint64_t(m_params.disks);
    const std::uint64_t nearCopies = std::uint64_t(m_nearCopies);
    const std::uint64_t farCopies = std::uint64_t(m_farCopies);

    // drivers/md/raid10.c calc_sectors(), in chunks instead of sectors
    std::uint64_t size = m_params.diskBlocks / m_chunkBlocks;
    size /= farCopies;
    size *= disks;
    size /= nearCopies; // chunks in the array
    size *= std::uint64_t(copies);
    size = (size + disks - 1) / disks; // DIV_ROUND_UP: used chunks per device
    m_devChunks = size;
    m_strideBlocks = (m_farOffset ? 1 : size / farCopies) * m_chunkBlocks;

    // drivers/md/raid10.c raid10_run(): array size = raid10_size(mddev, 0, 0), i.e. from dev_sectors
    m_arrayChunks = m_devChunks / farCopies * disks / nearCopies;

    // The data disk of chunk k is (k * near_copies) mod D, so D chunks certainly repeat.
    m_patternBlocks = shortestChunkPeriod(disks, [this](std::uint64_t k) { return dataPlace(k * m_chunkBlocks).disk; })
        * m_chunkBlocks;
}

int Raid10Layout::dataDisks() const { return std::max(1, m_params.disks / m_nearCopies); }

DiskBlock Raid10Layout::dataPlace(std::uint64_t lba) const
{
    // drivers/md/raid10.c __raid10_find_phys(): the first (dev, sector) recorded
    const std::uint64_t disks = std::uint64_t(m_params.disks);
    const std::uint64_t chunk = lba / m_chunkBlocks * std::uint64_t(m_nearCopies);
    std::uint64_t stripe = chunk / disks;
    const int dev = int(chunk % disks);
    if (m_farOffset)
        stripe *= std::uint64_t(m_farCopies);
    return { dev, stripe * m_chunkBlocks + lba % m_chunkBlocks };
}

void Raid10Layout::places(std::uint64_t lba, BlockPlaces& out) const
{
    out.copies.clear();
    out.parity.clear();
    // drivers/md/raid10.c __raid10_find_phys(), far_set_size == raid_disks
    const DiskBlock first = dataPlace(lba);
    out.data = first;
    int dev = first.disk;
    std::uint64_t block = first.block;
    for (int n = 0; n < m_nearCopies; ++n) {
        int d = dev;
        std::uint64_t s = block;
        if (n > 0)
            out.copies.push_back({ d, s });
        for (int f = 1; f < m_farCopies; ++f) {
            d = (d + m_nearCopies) % m_params.disks;
            s += m_strideBlocks;
            out.copies.push_back({ d, s });
        }
        if (++dev >= m_params.disks) {
            dev = 0;
            block += m_chunkBlocks;
        }
    }
}

} // namespace raidscope
