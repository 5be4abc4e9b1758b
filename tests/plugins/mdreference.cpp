// SPDX-License-Identifier: GPL-3.0-or-later
// Transcribed from Linux drivers/md (raid0.c map_sector(), raid5.c raid5_compute_sector() and
// raid5_size(), raid10.c __raid10_find_phys(), calc_sectors(), raid10_size(), setup_geo()), keeping md's
// names and statement order so the two can be read side by side. sector_div(a, b) divides a in place
// and returns the remainder, as in the kernel.
#include "mdreference.h"

namespace raidscope::mdref {
namespace {

    std::uint32_t sector_div(sector_t& a, std::uint32_t b)
    {
        const std::uint32_t rem = std::uint32_t(a % b);
        a /= b;
        return rem;
    }

    bool is_power_of_2(unsigned n) { return n != 0 && (n & (n - 1)) == 0; }

    int ffz(unsigned word) // first zero bit
    {
        int bit = 0;
        while (word & 1u) {
            word >>= 1;
            ++bit;
        }
        return bit;
    }

    sector_t DIV_ROUND_UP_SECTOR_T(sector_t a, sector_t b) { return (a + b - 1) / b; }

} // namespace

DevSector raid0MapSector(sector_t sector, int raidDisks, unsigned chunk_sects)
{
    // find_zone() with one zone leaves the sector as it is: *sector_offset = sector
    const int nb_dev = raidDisks;
    sector_t sector_offset = sector;
    unsigned sect_in_chunk;
    sector_t chunk;
    if (is_power_of_2(chunk_sects)) {
        const int chunksect_bits = ffz(~chunk_sects);
        sect_in_chunk = unsigned(sector & (chunk_sects - 1));
        sector >>= chunksect_bits;
        chunk = sector_offset;
        sector_div(chunk, std::uint32_t(nb_dev) << chunksect_bits);
    } else {
        sect_in_chunk = sector_div(sector, chunk_sects);
        chunk = sector_offset;
        sector_div(chunk, chunk_sects * std::uint32_t(nb_dev));
    }
    sector_offset = (chunk * chunk_sects) + sect_in_chunk;
    // conf->devlist[(zone - conf->strip_zone) * raid_disks + sector_div(sector, zone->nb_dev)], zone 0
    const int dev = int(sector_div(sector, std::uint32_t(nb_dev)));
    return { dev, sector_offset };
}

sector_t raid0Size(sector_t memberSectors, int raidDisks, unsigned chunkSectors)
{
    // raid0_size(): sum of (rdev->sectors & ~(chunk_sectors - 1))
    return (memberSectors & ~sector_t(chunkSectors - 1)) * sector_t(raidDisks);
}

R5Result raid5ComputeSector(const R5Conf& conf, sector_t r_sector)
{
    sector_t stripe, stripe2;
    sector_t chunk_number;
    unsigned int chunk_offset;
    int pd_idx, qd_idx;
    sector_t new_sector;
    const int algorithm = conf.algorithm;
    const int sectors_per_chunk = conf.chunkSectors;
    const int raid_disks = conf.raidDisks;
    const int data_disks = raid_disks - conf.maxDegraded();
    int dd_idx_value;
    int* dd_idx = &dd_idx_value;

    chunk_offset = sector_div(r_sector, std::uint32_t(sectors_per_chunk));
    chunk_number = r_sector;

    stripe = chunk_number;
    *dd_idx = int(sector_div(stripe, std::uint32_t(data_disks)));
    stripe2 = stripe;
    pd_idx = qd_idx = -1;
    switch (conf.level) {
    case 4:
        pd_idx = data_disks;
        break;
    case 5:
        switch (algorithm) {
        case ALGORITHM_LEFT_ASYMMETRIC:
            pd_idx = data_disks - int(sector_div(stripe2, std::uint32_t(raid_disks)));
            if (*dd_idx >= pd_idx)
                (*dd_idx)++;
            break;
        case ALGORITHM_RIGHT_ASYMMETRIC:
            pd_idx = int(sector_div(stripe2, std::uint32_t(raid_disks)));
            if (*dd_idx >= pd_idx)
                (*dd_idx)++;
            break;
        case ALGORITHM_LEFT_SYMMETRIC:
            pd_idx = data_disks - int(sector_div(stripe2, std::uint32_t(raid_disks)));
            *dd_idx = (pd_idx + 1 + *dd_idx) % raid_disks;
            break;
        case ALGORITHM_RIGHT_SYMMETRIC:
            pd_idx = int(sector_div(stripe2, std::uint32_t(raid_disks)));
            *dd_idx = (pd_idx + 1 + *dd_idx) % raid_disks;
            break;
        case ALGORITHM_PARITY_0:
            pd_idx = 0;
            (*dd_idx)++;
            break;
        case ALGORITHM_PARITY_N:
            pd_idx = data_disks;
            break;
        }
        break;
    case 6:
        switch (algorithm) {
        case ALGORITHM_LEFT_ASYMMETRIC:
            pd_idx = raid_disks - 1 - int(sector_div(stripe2, std::uint32_t(raid_disks)));
            qd_idx = pd_idx + 1;
            if (pd_idx == raid_disks - 1) {
                (*dd_idx)++; /* Q D D D P */
                qd_idx = 0;
            } else if (*dd_idx >= pd_idx)
                (*dd_idx) += 2; /* D D P Q D */
            break;
        case ALGORITHM_RIGHT_ASYMMETRIC:
            pd_idx = int(sector_div(stripe2, std::uint32_t(raid_disks)));
            qd_idx = pd_idx + 1;
            if (pd_idx == raid_disks - 1) {
                (*dd_idx)++; /* Q D D D P */
                qd_idx = 0;
            } else if (*dd_idx >= pd_idx)
                (*dd_idx) += 2; /* D D P Q D */
            break;
        case ALGORITHM_LEFT_SYMMETRIC:
            pd_idx = raid_disks - 1 - int(sector_div(stripe2, std::uint32_t(raid_disks)));
            qd_idx = (pd_idx + 1) % raid_disks;
            *dd_idx = (pd_idx + 2 + *dd_idx) % raid_disks;
            break;
        case ALGORITHM_RIGHT_SYMMETRIC:
            pd_idx = int(sector_div(stripe2, std::uint32_t(raid_disks)));
            qd_idx = (pd_idx + 1) % raid_disks;
            *dd_idx = (pd_idx + 2 + *dd_idx) % raid_disks;
            break;
        case ALGORITHM_PARITY_0:
            pd_idx = 0;
            qd_idx = 1;
            (*dd_idx) += 2;
            break;
        case ALGORITHM_PARITY_N:
            pd_idx = data_disks;
            qd_idx = data_disks + 1;
            break;
        }
        break;
    }
    new_sector = sector_t(stripe) * sector_t(sectors_per_chunk) + chunk_offset;
    return { new_sector, *dd_idx, pd_idx, qd_idx };
}

sector_t raid5Size(const R5Conf& conf, sector_t sectors)
{
    // raid5_size(): sectors &= ~(chunk_sectors - 1); return sectors * (raid_disks - max_degraded)
    sectors &= ~(sector_t(conf.chunkSectors) - 1);
    return sectors * sector_t(conf.raidDisks - conf.maxDegraded());
}

R10Geom raid10Setup(int raidDisks, int nc, int fc, bool fo, unsigned chunk, sector_t memberSectors)
{
    // setup_geo(): geo->far_set_size = disks unless use_far_sets (layout bit 17)
    R10Geom geo;
    geo.raidDisks = raidDisks;
    geo.nearCopies = nc;
    geo.farCopies = fc;
    geo.farOffset = fo ? 1 : 0;
    geo.farSetSize = raidDisks;
    geo.chunkMask = chunk - 1;
    geo.chunkShift = ffz(~chunk);

    // calc_sectors(conf, mddev->dev_sectors)
    sector_t size = memberSectors;
    size = size >> geo.chunkShift;
    sector_div(size, std::uint32_t(geo.farCopies));
    size = size * sector_t(geo.raidDisks);
    sector_div(size, std::uint32_t(geo.nearCopies));
    /* 'size' is now the number of chunks in the array */
    /* calculate "used chunks per device" */
    size = size * sector_t(geo.copies());
    size = DIV_ROUND_UP_SECTOR_T(size, sector_t(geo.raidDisks));
    geo.devSectors = size << geo.chunkShift;
    if (geo.farOffset)
        geo.stride = sector_t(1) << geo.chunkShift;
    else {
        sector_div(size, std::uint32_t(geo.farCopies));
        geo.stride = size << geo.chunkShift;
    }
    return geo;
}

sector_t raid10Size(const R10Geom& geo)
{
    // raid10_size(mddev, 0, 0): sectors = conf->dev_sectors, raid_disks = conf->geo.raid_disks
    sector_t size = geo.devSectors >> geo.chunkShift;
    sector_div(size, std::uint32_t(geo.farCopies));
    size = size * sector_t(geo.raidDisks);
    sector_div(size, std::uint32_t(geo.nearCopies));
    return size << geo.chunkShift;
}

void raid10FindPhys(const R10Geom& g, sector_t r10bio_sector, std::vector<DevSector>& devs)
{
    const R10Geom* geo = &g;
    int n, f;
    sector_t sector;
    sector_t chunk;
    sector_t stripe;
    int dev;
    int last_far_set_start, last_far_set_size;

    devs.clear();
    last_far_set_start = (geo->raidDisks / geo->farSetSize) - 1;
    last_far_set_start *= geo->farSetSize;

    last_far_set_size = geo->farSetSize;
    last_far_set_size += (geo->raidDisks % geo->farSetSize);

    /* now calculate first sector/dev */
    chunk = r10bio_sector >> geo->chunkShift;
    sector = r10bio_sector & geo->chunkMask;

    chunk *= sector_t(geo->nearCopies);
    stripe = chunk;
    dev = int(sector_div(stripe, std::uint32_t(geo->raidDisks)));
    if (geo->farOffset)
        stripe *= sector_t(geo->farCopies);

    sector += stripe << geo->chunkShift;

    /* and calculate all the others */
    for (n = 0; n < geo->nearCopies; n++) {
        int d = dev;
        int set;
        sector_t s = sector;
        devs.push_back({ d, s });

        for (f = 1; f < geo->farCopies; f++) {
            set = d / geo->farSetSize;
            d += geo->nearCopies;

            if ((geo->raidDisks % geo->farSetSize) && (d > last_far_set_start)) {
                d -= last_far_set_start;
                d %= last_far_set_size;
                d += last_far_set_start;
            } else {
                d %= geo->farSetSize;
                d += geo->farSetSize * set;
            }
            s += geo->stride;
            devs.push_back({ d, s });
        }
        dev++;
        if (dev >= geo->raidDisks) {
            dev = 0;
            sector += (geo->chunkMask + 1);
        }
    }
}

} // namespace raidscope::mdref
