// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "layout.h"

namespace raidscope {

/// RAID-1 (Linux md raid1): every member holds block b at block b. The data place is disk 0; the
/// other members hold the copies. There is no striping, so the pattern is one chunk.
class Raid1Layout final : public Layout
{
public:
    explicit Raid1Layout(const ArrayParams& params);

    const ArrayParams& params() const override { return m_params; }
    std::uint64_t patternBlocks() const override { return m_params.chunkBlocks(); }
    std::uint64_t logicalBlocks() const override { return m_params.diskBlocks; }
    int dataDisks() const override { return 1; }
    Redundancy redundancy() const override { return Redundancy::Mirror; }
    int copies() const override { return m_params.disks; }
    int faultTolerance() const override { return m_params.disks - 1; }
    SmallWriteCost smallWriteCost() const override { return { 0, m_params.disks }; }
    DiskBlock dataPlace(std::uint64_t lba) const override;
    void places(std::uint64_t lba, BlockPlaces& out) const override;

private:
    ArrayParams m_params;
};

} // namespace raidscope
