// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// An independent reference for the md-derived plugins: Linux md's mapping code transcribed from
// drivers/md/raid0.c, raid5.c and raid10.c, in 512-byte sectors as md works. It never calls a plugin.

#include <cstdint>
#include <vector>

namespace raidscope::mdref {

using sector_t = std::uint64_t;

struct DevSector
{
    int dev = 0;
    sector_t sector = 0;
};

/// drivers/md/raid0.c map_sector() for a single strip zone (all members the same size).
DevSector raid0MapSector(sector_t sector, int raidDisks, unsigned chunkSectors);
/// Single zone: each member rounded down to whole chunks, times the members.
sector_t raid0Size(sector_t memberSectors, int raidDisks, unsigned chunkSectors);

/// md's ALGORITHM_* values (include/linux/raid/pq.h / raid5.h).
enum Algorithm : int {
    ALGORITHM_LEFT_ASYMMETRIC = 0,
    ALGORITHM_RIGHT_ASYMMETRIC = 1,
    ALGORITHM_LEFT_SYMMETRIC = 2,
    ALGORITHM_RIGHT_SYMMETRIC = 3,
    ALGORITHM_PARITY_0 = 4,
    ALGORITHM_PARITY_N = 5,
};

struct R5Conf
{
    int level = 5; ///< 4, 5 or 6
    int algorithm = ALGORITHM_LEFT_SYMMETRIC;
    int raidDisks = 0;
    int chunkSectors = 0;
    int maxDegraded() const { return level == 6 ? 2 : 1; }
};

struct R5Result
{
    sector_t newSector = 0; ///< sector on the member
    int ddIdx = 0;
    int pdIdx = -1;
    int qdIdx = -1;
};

/// drivers/md/raid5.c raid5_compute_sector() (levels 4, 5, 6; the non-DDF algorithms).
R5Result raid5ComputeSector(const R5Conf& conf, sector_t rSector);
/// drivers/md/raid5.c raid5_size().
sector_t raid5Size(const R5Conf& conf, sector_t memberSectors);

/// drivers/md/raid10.h struct geom, with far_set_size = raid_disks (no use_far_sets).
struct R10Geom
{
    int raidDisks = 0;
    int nearCopies = 1;
    int farCopies = 1;
    int farOffset = 0;
    int farSetSize = 0;
    int chunkShift = 0;
    sector_t chunkMask = 0;
    sector_t stride = 0;
    sector_t devSectors = 0; ///< conf->dev_sectors
    int copies() const { return nearCopies * farCopies; }
};

/// setup_geo() for layout n<near> f<far> [o] plus calc_sectors(conf, memberSectors).
R10Geom raid10Setup(
    int raidDisks, int nearCopies, int farCopies, bool farOffset, unsigned chunkSectors, sector_t memberSectors);
/// drivers/md/raid10.c raid10_size(mddev, 0, 0) after raid10_run() set dev_sectors.
sector_t raid10Size(const R10Geom& geo);
/// drivers/md/raid10.c __raid10_find_phys(): every (devnum, addr) in slot order.
void raid10FindPhys(const R10Geom& geo, sector_t sector, std::vector<DevSector>& devs);

} // namespace raidscope::mdref
