// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QVariantMap>
#include <QtPlugin>

#include <cstdint>
#include <memory>
#include <numeric>
#include <vector>

namespace raidscope {

/// A place on one member disk; `block` counts units of ArrayParams::blockBytes from the disk's start.
struct DiskBlock
{
    int disk = 0;
    std::uint64_t block = 0;
    friend bool operator==(const DiskBlock&, const DiskBlock&) = default;
};

struct ParityPlace
{
    enum Kind : std::uint8_t { P, Q };
    Kind kind = P;
    DiskBlock at;
};

/// The data place of a logical block, the other copies of a mirrored block, and the parity places
/// of its stripe at the same depth. Callers reuse one object so places() need not allocate.
struct BlockPlaces
{
    DiskBlock data;
    std::vector<DiskBlock> copies;
    std::vector<ParityPlace> parity;
};

enum class Redundancy : std::uint8_t { None, Mirror, SingleParity, DoubleParity };

/// Disk operations one small (sub-chunk, block-aligned) random write costs in steady state.
struct SmallWriteCost
{
    int reads = 0;
    int writes = 1;
};

/// Parameters already checked by the registry against the plugin's JSON metadata.
struct ArrayParams
{
    int disks = 0;
    std::uint64_t chunkBytes = 64 * 1024;
    std::uint64_t blockBytes = 4 * 1024;
    std::uint64_t diskBlocks = 0; ///< usable blocks of each member (units of blockBytes)
    int copies = 0;               ///< mirror copies; 0 when the scheme does not take them
    QString variant;              ///< canonical variant id, empty for schemes without variants
    QVariantMap extra;            ///< further keys the plugin's JSON lists under "Parameters"

    std::uint64_t chunkBlocks() const { return chunkBytes / blockBytes; }
};

/// One RAID scheme's map from logical blocks to member disks.
/// Immutable once created; all functions are const and thread-safe; dataPlace() never allocates.
class Layout
{
public:
    virtual ~Layout() = default;

    virtual const ArrayParams& params() const = 0;
    /// Blocks until every logical block lands on the same disk again (Shear §2.1 "pattern").
    virtual std::uint64_t patternBlocks() const = 0;
    /// Logical blocks the array exposes.
    virtual std::uint64_t logicalBlocks() const = 0;
    /// Data chunks in one stripe; stripes are contiguous runs of dataDisks() chunks of logical blocks.
    virtual int dataDisks() const = 0;
    virtual Redundancy redundancy() const = 0;
    /// Copies of each data block, the data place included (1 without mirroring).
    virtual int copies() const { return 1; }
    /// Member disks that may fail without data loss in every case.
    virtual int faultTolerance() const = 0;
    virtual SmallWriteCost smallWriteCost() const = 0;

    virtual DiskBlock dataPlace(std::uint64_t lba) const = 0;
    virtual void places(std::uint64_t lba, BlockPlaces& out) const = 0;

    /// Logical blocks in one stripe of data.
    std::uint64_t stripeBlocks() const { return std::uint64_t(dataDisks()) * params().chunkBlocks(); }
};

/// What a plugin exports; its identity (id, name, variants, disk range) lives in its JSON metadata.
class LayoutFactory
{
public:
    virtual ~LayoutFactory() = default;
    /// nullptr and a one-line reason ("raid5 needs disks >= 3, got 2") when params are impossible.
    virtual std::unique_ptr<Layout> create(const ArrayParams& params, QString* error) const = 0;
};

/// The shortest period, in chunks, of a chunk -> disk map that certainly repeats every
/// `fullPeriodChunks` chunks: the smallest divisor d of it with diskOf(k + d) == diskOf(k) for all k.
template<typename DiskOfChunk>
std::uint64_t shortestChunkPeriod(std::uint64_t fullPeriodChunks, DiskOfChunk diskOf)
{
    for (std::uint64_t d = 1; d < fullPeriodChunks; ++d) {
        if (fullPeriodChunks % d != 0)
            continue;
        bool repeats = true;
        for (std::uint64_t k = 0; k + d < 2 * fullPeriodChunks && repeats; ++k)
            repeats = diskOf(k) == diskOf(k + d);
        if (repeats)
            return d;
    }
    return fullPeriodChunks;
}

} // namespace raidscope

#define RaidScopeLayoutFactory_iid "org.raidscope.LayoutFactory/1"
Q_DECLARE_INTERFACE(raidscope::LayoutFactory, RaidScopeLayoutFactory_iid)
