// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "layout.h"

#include <QString>

#include <cstdint>
#include <vector>

namespace raidscope {

/// One contiguous run of blocks on one member disk that a logical request turns into.
struct DiskOp
{
    enum Kind : std::uint8_t { Read, Write };
    enum Role : std::uint8_t {
        Data,       ///< the request's own data
        Mirror,     ///< another copy of the request's data
        ParityP,
        ParityQ,
        OldData,    ///< read-modify-write: the old contents of the blocks being written
        OldParity,  ///< read-modify-write: the old parity
        OtherData,  ///< reconstruct-write: the stripe's data the request does not write
        Rebuild,    ///< degraded: a survivor read to rebuild a failed disk's block
    };
    int disk = 0;
    std::uint64_t block = 0;  ///< first disk block (units of blockBytes)
    std::uint64_t blocks = 0;
    Kind kind = Read;
    Role role = Data;
};

/// How a parity stripe's update is done (the method md picks per stripe row; see planRequest()).
enum class ParityMethod : std::uint8_t { FullStripe, ReadModifyWrite, ReconstructWrite, Mixed };

struct StripeUpdate
{
    std::uint64_t stripe = 0;
    int rows = 0;        ///< block rows (depths within the chunk) of the stripe the write touches
    ParityMethod method = ParityMethod::FullStripe;
};

/// A logical chunk the request touches: its number, the disk it lives on and the part touched.
struct ChunkTouch
{
    std::uint64_t chunk = 0;
    int disk = 0;
    std::uint64_t firstLba = 0;
    std::uint64_t blocks = 0;
};

struct RequestPlan
{
    std::uint64_t firstLba = 0;
    std::uint64_t blocks = 0;
    bool write = false;
    bool aligned = true; ///< false when offset or size are not whole blocks (the ends are widened)
    bool lost = false;   ///< degraded beyond repair: some block has no surviving copy or parity
    std::vector<ChunkTouch> chunks;
    std::vector<StripeUpdate> stripes; ///< parity schemes, writes only
    std::vector<DiskOp> ops;           ///< coalesced, sorted by disk, kind, role, block

    int disksTouched() const;
    std::uint64_t opBlocks(DiskOp::Kind kind) const;
};

struct PlanOptions
{
    /// Always reconstruct-write on a partial parity stripe, as Shear §4 found Linux md's RAID-5 did
    /// ("read in the entire set of old blocks and then write out the new block and parity"); and, as
    /// md does, a degraded read fetches every surviving block of its row (a RAID-6's Q as well as P).
    bool alwaysReconstructWrite = false;
    /// Failed member disks (index = disk); empty: none failed.
    std::vector<bool> failed;
    /// Fill RequestPlan::chunks; the simulator's planners, which need only the operations, save a
    /// layout lookup a chunk.
    bool listChunks = true;

    bool isFailed(int disk) const { return std::size_t(disk) < failed.size() && failed[std::size_t(disk)]; }
};

/// Turns a logical request into disk operations.
/// Reads go to each block's data place. Mirrored writes go to every copy. Parity writes are decided
/// per block row of a stripe as Linux md decides per stripe_head (drivers/md/raid5.c
/// handle_stripe_dirtying): all data of the row written -> no reads; otherwise read-modify-write
/// (old data + old parity) when it needs strictly fewer reads than reconstruct-write (the row's
/// other data), else reconstruct-write.
/// With failed disks: reads of a lost block go to a surviving copy, or rebuild it from every survivor
/// of its parity row; writes skip failed disks and, in a row with a failed data disk, read what the
/// new parity needs (the row's other survivors). `lost` is set when redundancy is exceeded.
/// `error` is set and an empty plan returned when the request is empty or past the array's end.
RequestPlan planRequest(const Layout& layout, std::uint64_t offsetBytes, std::uint64_t sizeBytes, bool write,
                        QString* error = nullptr, const PlanOptions& options = {});
/// The same into `plan`, whose vectors keep their memory from one request to the next (the simulator's
/// planners plan millions).
void planRequest(RequestPlan& plan, const Layout& layout, std::uint64_t offsetBytes, std::uint64_t sizeBytes,
                 bool write, QString* error = nullptr, const PlanOptions& options = {});

const char* toString(DiskOp::Role role);
const char* toString(ParityMethod method);

} // namespace raidscope
