// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "layout/layout.h"

#include <QString>

#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

namespace raidscope {

class LayoutRegistry;

/// What an installed layout predicts a Shear probe will see (Shear §2.3, §3): a candidate answer
/// (scheme, variant, disks, copies, chunk; optionally one failed member and md's parity writes).
struct Candidate
{
    QString scheme;
    QString variant;
    int disks = 0;
    int copies = 0;            ///< 0 when the scheme takes no `copies`
    std::uint64_t chunkBytes = 0;
    int failedDisk = -1;       ///< degraded-mode candidate: this member has failed
    bool mdParityWrites = false; ///< Linux md's reconstruct-always parity writes (Shear §4)
    /// Linux md's mirror reads on far or offset copies: always the copy with the lowest address on
    /// its member (drivers/md/raid10.c, read_balance(): "for far > 1 always use the lowest address"),
    /// so reads never balance and read like RAID-0 over the same members.
    bool mdMirrorReads = false;
    std::shared_ptr<const Layout> layout;
    /// withWrites()'s copy of this candidate with its read/write figures (built on first use).
    mutable std::shared_ptr<const Candidate> completed;

    std::uint64_t patternBlocks = 0;
    double readWriteRatio = 1; ///< random read throughput / random write throughput (Shear §2.3.4)
    bool writesRead = false;   ///< a small write reads first (read-modify-write or reconstruct-write)
    /// What a safe write's own read (a device's: read the bytes, write them back) adds to the ratio:
    /// 1 where the disks a write keeps busiest serve reads too, 0 where a disk no read reaches bounds
    /// the writes (RAID-4's parity disk: the read lands on a data disk with time to spare).
    double safeReadCost = 1;
    double readParallelism = 1; ///< disks' worth of random reads served at once (a degraded read costs a row)
    /// Per member, the disk operations of one random one-block read (copies balanced) and of one
    /// random one-block write, averaged over a whole rotation of the layout; and the most operations
    /// one write does on one member (2 for a read-modify-write's read and write, 1 for a mirror's).
    std::vector<double> readOpsPerRead, writeOpsPerWrite;
    double writeOpsOnOneDisk = 1;
    /// False when built without the read/write figures above (buildCandidate's `withWrites`):
    /// withWrites() completes them on first use.
    bool writesBuilt = true;

    /// The array spec that builds this candidate (`failed=`, `paritywrite=md` and md's
    /// `mirrorread=nearest` included).
    QString spec() const;
    /// Only the layout's keys (scheme, variant, disks, copies, chunk): a spec LayoutRegistry builds.
    QString layoutSpec() const;
    /// Data chunks in the pattern (the unit the pairwise step addresses).
    std::uint64_t patternChunks() const { return patternBlocks / layout->params().chunkBlocks(); }

    /// Time, in units of one disk serving N random reads, for N random reads of pattern chunk `a`
    /// plus N of chunk `b` (a == b: 2N of one chunk). Mirrored reads may go to any surviving copy and
    /// balance (so the time is the makespan of the best split); a degraded parity read loads every
    /// survivor of its row.
    double pairCost(std::uint64_t a, std::uint64_t b) const;
    /// Time for N random reads of pattern chunk `a` alone, in the same unit.
    double singleCost(std::uint64_t a) const;

    // Per pattern chunk: the disks that can serve a read (a balanced choice), or fixed loads.
    struct ChunkReads
    {
        std::vector<int> choices;           ///< any one of these serves it (size >= 1), or empty:
        std::vector<std::pair<int, double>> fixed; ///< every read loads these disks by these amounts
    };
    std::vector<ChunkReads> reads;

    /// Disks that can serve one read of a block at once (the most common over the pattern's chunks):
    /// what the probe's copies test counts.
    int blockCopies() const;
};

/// Builds the predictions of one candidate; false when the layout cannot be made. Without `withWrites`
/// the read/write figures (readWriteRatio, safeReadCost, readParallelism, the per-member operations),
/// which walk a whole rotation of the layout, are left for withWrites().
bool buildCandidate(Candidate& c, const LayoutRegistry& registry, std::uint64_t blockBytes, QString* error = nullptr,
                    bool withWrites = true);
/// `c` with its read/write figures, built once (thread-safe) where buildCandidate() left them out.
const Candidate& withWrites(const Candidate& c, std::uint64_t blockBytes);

/// Every layout the installed plugins can make with this chunk and block, up to `maxDisks` members,
/// whose pattern is `patternBlocks` (0: any), healthy and (when `withDegraded`) with each member failed.
std::vector<Candidate> enumerateCandidates(const LayoutRegistry& registry, std::uint64_t chunkBytes,
                                           std::uint64_t blockBytes, std::uint64_t patternBlocks, int maxDisks,
                                           bool withDegraded, bool withWrites = true);

} // namespace raidscope
