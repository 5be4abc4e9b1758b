// SPDX-License-Identifier: GPL-3.0-or-later
#include "survival.h"

#include <algorithm>

namespace raidscope {

std::optional<std::uint64_t> firstLostBlock(const Layout& layout, const std::vector<bool>& failed)
{
    const auto isFailed = [&](int disk) { return std::size_t(disk) < failed.size() && failed[std::size_t(disk)]; };
    const int count = int(std::count(failed.begin(), failed.end(), true));
    if (count <= layout.faultTolerance())
        return std::nullopt;
    // Copies sit at places that depend only on where the data chunk sits, so one pattern of chunks
    // shows every combination; a few patterns more cover layouts whose copies shift per stripe row.
    const std::uint64_t chunk = std::max<std::uint64_t>(layout.params().chunkBlocks(), 1);
    const std::uint64_t span = std::max<std::uint64_t>(layout.patternBlocks(), chunk)
        * std::uint64_t(std::max(layout.params().disks, 1));
    const std::uint64_t end = std::min({ layout.logicalBlocks(), span, std::uint64_t(1) << 24 });
    // Parity rebuilds at most as many members as it has parity chunks; without redundancy, none:
    // the first block on a failed disk is lost.
    const bool mirrored = layout.redundancy() == Redundancy::Mirror;
    BlockPlaces places;
    for (std::uint64_t lba = 0; lba < end; lba += chunk) {
        layout.places(lba, places);
        if (!isFailed(places.data.disk))
            continue;
        if (!mirrored || std::none_of(places.copies.begin(), places.copies.end(), [&](const DiskBlock& c) { return !isFailed(c.disk); }))
            return lba;
    }
    return mirrored ? std::nullopt : std::optional<std::uint64_t>(0);
}

} // namespace raidscope
