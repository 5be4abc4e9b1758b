// SPDX-License-Identifier: GPL-3.0-or-later
#include "raid1layout.h"

namespace raidscope {

Raid1Layout::Raid1Layout(const ArrayParams& params)
    : m_params(params)
{
    m_params.copies = params.disks;
}

DiskBlock Raid1Layout::dataPlace(std::uint64_t lba) const
{
    // drivers/md/raid1.c: every mirror is written at the same sector; we call disk 0 the data place.
    return { 0, lba };
}

void Raid1Layout::places(std::uint64_t lba, BlockPlaces& out) const
{
    out.data = dataPlace(lba);
    out.copies.clear();
    out.parity.clear();
    for (int d = 1; d < m_params.disks; ++d)
        out.copies.push_back({ d, lba });
}

} // namespace raidscope
