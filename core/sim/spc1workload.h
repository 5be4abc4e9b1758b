// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "stats/rng.h"
#include "workload.h"

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

namespace raidscope {

/// How an SPC-1 stream addresses its ASU.
enum class Spc1Pattern : std::uint8_t {
    Uniform,    ///< uniform random over the whole ASU, one 4 KiB block
    Hrrw,       ///< hierarchical reuse random walk in a hot spot of 5 % of the ASU, one 4 KiB block
    Sequential, ///< incremental runs, sizes from spc1SizeMix()
};

/// One of SPC-1's eight I/O streams, as a business scaling unit (BSU) runs it.
struct Spc1Stream
{
    std::string_view name; ///< "ASU1-1" ... "ASU3-1"
    int asu = 1;           ///< 1 (data store), 2 (user store), 3 (log)
    int intensityPermille = 0; ///< share of the BSU's 50 I/O per second, in thousandths (35: 0.035)
    int readPercent = 0;   ///< reads in percent (the rest are writes)
    Spc1Pattern pattern = Spc1Pattern::Uniform;
    /// Where the stream works in its ASU, in percent of the ASU: the hot spot of an HRRW stream (its
    /// start; 5 % long), the span a sequential run starts in (start, length) and the run's length.
    int fromPercent = 0, spanPercent = 0, runPercent = 0;
};

/// The eight streams, in SPC-1's order (stream index 0..7 = ASU1-1 ... ASU3-1).
const std::array<Spc1Stream, 8>& spc1Streams();

/// The transfer sizes of the sequential streams: 4 KiB blocks and their weight out of 25.
struct Spc1Size
{
    int blocks = 1;
    int weight = 0;
};
const std::array<Spc1Size, 5>& spc1SizeMix();

inline constexpr std::uint64_t kSpc1BlockBytes = 4096; ///< SPC-1 addresses 4 KiB blocks
inline constexpr int kSpc1IopsPerBsu = 50;
inline constexpr std::uint32_t kSpc1LeafBlocks = 8;     ///< an HRRW leaf: 8 blocks, 32 KiB
inline constexpr int kSpc1HrrwMinLevels = 6;            ///< the walk's smallest subtree: 2^6 leaves
/// The smallest ASU-1 or ASU-2 whose 5 % hot spot holds the walk's smallest subtree (64 leaves):
/// 20 x 64 x 8 blocks of 4 KiB = 40 MiB (NetApp spc1.h: "The minimum size of ASU1 or ASU2").
inline constexpr std::uint64_t kSpc1MinAsuBytes = 20ull * 64 * kSpc1LeafBlocks * kSpc1BlockBytes;

/// Where the three ASUs lie in an array: consecutively from offset 0, 45 %, 45 % and 10 % of the
/// capacity, each starting and ending on a multiple of `unitBytes` (4 KiB or the array's block).
struct Spc1Layout
{
    std::array<std::uint64_t, 3> startBytes {};
    std::array<std::uint64_t, 3> sizeBytes {};
    static Spc1Layout of(std::uint64_t arrayBytes, std::uint64_t alignBytes);
    /// The least capacity whose ASU-1 and ASU-2 reach kSpc1MinAsuBytes.
    static std::uint64_t minArrayBytes(std::uint64_t alignBytes);
};

/// A request and the stream (0..7, an index into spc1Streams()) that issued it.
struct Spc1Request
{
    IoRequest io;
    int stream = 0;
};

/// Draws SPC-1-like requests. The arrivals of SPC-1's streams are independent Poisson processes
/// (one per stream per BSU), so their union is one Poisson process of 50 x BSU per second whose
/// every arrival belongs to a stream with probability intensity / 1 and to each of its BSU's
/// instances alike: the caller draws the gaps (WorkloadGenerator::nextGapNs()), this class the stream,
/// the instance and what that instance does next. Deterministic per seed; no allocation per request.
class Spc1Generator
{
public:
    /// `bsu` > 0; the array must hold Spc1Layout::minArrayBytes() (checkWorkloadFits()).
    Spc1Generator(int bsu, std::uint64_t seed, std::uint64_t arrayBytes, std::uint64_t alignBytes);

    Spc1Request next();
    const Spc1Layout& layout() const { return m_layout; }

private:
    struct Hotspot // one HRRW region: a tree of 2^levels leaves, and each leaf's next block to read
    {
        std::uint64_t firstBlock = 0; ///< in the ASU
        std::uint32_t leaves = 0;     ///< leaves in the region
        std::uint32_t treeLeaves = 0; ///< 2^levels <= leaves
        int levels = 0;
        std::vector<std::uint8_t> nextRead; ///< per leaf of the region
    };
    struct WalkState // one HRRW stream instance
    {
        std::uint32_t treeStart = 0; ///< its tree's first leaf in the region
        std::uint32_t leaf = 0;      ///< current leaf, in the tree
        std::uint64_t rewriteBlock = 0; ///< in the region
        bool started = false;
        bool rewrite = false;
    };
    struct RunState // one sequential stream instance, in blocks of the ASU
    {
        std::uint64_t next = 0;
        std::uint64_t end = 0;
        bool started = false;
    };

    std::uint64_t hrrwBlock(int stream, bool write);
    std::uint64_t sequentialBlock(int stream, std::uint32_t blocks);
    std::uint32_t drawBlocks();

    Rng m_rng;
    int m_bsu;
    Spc1Layout m_layout;
    std::array<std::uint64_t, 3> m_asuBlocks {};
    std::array<std::uint8_t, 1000> m_streamOf {}; ///< a draw below 1000 -> the stream (intensities in thousandths)
    std::array<std::uint8_t, 25> m_blocksOf {};   ///< a draw below 25 -> blocks of a sequential request
    std::array<Hotspot, 3> m_hotspots;            ///< of ASU1-2, ASU1-4, ASU2-2
    std::array<std::vector<WalkState>, 3> m_walks; ///< per hotspot, per BSU
    std::array<std::vector<RunState>, 3> m_runs;   ///< ASU1-3, ASU2-3, ASU3-1, per BSU
};

} // namespace raidscope
