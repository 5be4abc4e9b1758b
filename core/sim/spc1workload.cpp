// SPDX-License-Identifier: GPL-3.0-or-later
#include "spc1workload.h"

#include <algorithm>
#include <bit>
#include <numeric>

namespace raidscope {

// SPC-1's streams as NetApp's open-source SPC-1 workload generator (spc1.c V1.4, 2009, BSD licence;
// a copy at github.com/lpabon/spc1) runs them, one reading of the SPC-1 specification's table of
// I/O streams (Storage Performance Council, SPC Benchmark 1):
//
//   stream  ASU  intensity  read  transfer        address                      spc1.c
//   ASU1-1   1     0.035    0.5   4 KiB           uniform over ASU-1           asu1_1(), IN035, rnd(10) < 5
//   ASU1-2   1     0.281    0.5   4 KiB           HRRW, hot spot at 15 %       asu1_2(), IN281, hrrw1 at PERCENT(asu1, 15)
//   ASU1-3   1     0.070    1.0   smix            sequential from 20 % + U(40 %), runs of 10 %   asu1_3(), IN070
//   ASU1-4   1     0.210    0.5   4 KiB           HRRW, hot spot at 70 %       asu1_4(), IN210, hrrw2 at PERCENT(asu1, 70)
//   ASU2-1   2     0.018    0.3   4 KiB           uniform over ASU-2           asu2_1(), IN018, rnd(10) < 3
//   ASU2-2   2     0.070    0.3   4 KiB           HRRW, hot spot at 47 %       asu2_2(), IN070, hrrw3 at PERCENT(asu2, 47)
//   ASU2-3   2     0.035    1.0   smix            sequential from 20 % + U(40 %), runs of 10 %   asu2_3(), IN035
//   ASU3-1   3     0.281    0.0   smix            sequential from U(70 %), runs of 30 %          asu3_1(), IN281
//
// Intensities are fractions of a BSU's 50 I/O per second (IOPS_PER_BSU) and sum to 1. Every hot
// spot is 5 % of its ASU (hrrw_init(..., asu_size / 20)). "smix" is smix_lengths[]: 1, 2, 4, 8 or 16
// blocks of 4 KiB with weights 10, 6, 5, 2, 2 out of 25.
//
// Choices where spc1.c offers several (its comments call them CLASSIC, FIXED and V2): we follow
// HRRW_FIXED, its "simple fix" of the classic walk: the walk starts at level k = 6 (2^6 leaves of
// 8 blocks), each stream instance's tree of the largest power of two leaves sits at a random leaf in
// the hot spot, and the leaves' read cursors are kept per leaf of the hot spot, shared by the
// instances. A write reuses the leaf's last read block half the time (else a random block of it),
// lands on a leaf that is a multiple of 8, and 15 % of the time is written again at the stream's next
// write. Sequential runs start on any block (not CLASSIC's 64 KiB boundaries) and restart when the
// next transfer would reach the run's end. ASU2-1 addresses every block (CLASSIC and the
// specification; FIXED's even blocks are marked FIXME in spc1.c).
//
// spc1.c grows ASUs below the walk's minimum by a multiplier and divides the addresses back ("does
// not comply with the letter of the specification"); we refuse such arrays instead
// (checkWorkloadFits()).

namespace {

constexpr std::array<Spc1Stream, 8> kStreams { {
    { "ASU1-1", 1, 35, 50, Spc1Pattern::Uniform, 0, 100, 0 },
    { "ASU1-2", 1, 281, 50, Spc1Pattern::Hrrw, 15, 5, 0 },
    { "ASU1-3", 1, 70, 100, Spc1Pattern::Sequential, 20, 40, 10 },
    { "ASU1-4", 1, 210, 50, Spc1Pattern::Hrrw, 70, 5, 0 },
    { "ASU2-1", 2, 18, 30, Spc1Pattern::Uniform, 0, 100, 0 },
    { "ASU2-2", 2, 70, 30, Spc1Pattern::Hrrw, 47, 5, 0 },
    { "ASU2-3", 2, 35, 100, Spc1Pattern::Sequential, 20, 40, 10 },
    { "ASU3-1", 3, 281, 0, Spc1Pattern::Sequential, 0, 70, 30 },
} };

constexpr std::array<Spc1Size, 5> kSizes { { { 1, 10 }, { 2, 6 }, { 4, 5 }, { 8, 2 }, { 16, 2 } } };

constexpr int kHrrwUpPercent = 44;     // spc1.c hrrw(): one level up while rnd(100) < 44
constexpr int kRewritePercent = 15;    // "15% of the time do two writes"
constexpr int kReuseReadPercent = 50;  // "50% of the time use the last read block"
constexpr std::uint32_t kWriteLeafMultiple = 8; // new_leaf -= new_leaf % 8 on writes

// Streams with per-instance state: which hot spot or run table they use.
constexpr int hotspotOf(int stream) { return stream == 1 ? 0 : stream == 3 ? 1 : 2; }
constexpr int runOf(int stream) { return stream == 2 ? 0 : stream == 6 ? 1 : 2; }

constexpr bool tableSumsToOne()
{
    int total = 0;
    for (const Spc1Stream& s : kStreams)
        total += s.intensityPermille;
    return total == 1000;
}
static_assert(tableSumsToOne(), "SPC-1's intensities sum to 1 (50 I/O per second per BSU)");

} // namespace

const std::array<Spc1Stream, 8>& spc1Streams()
{
    return kStreams;
}

const std::array<Spc1Size, 5>& spc1SizeMix()
{
    return kSizes;
}

// SPC-1's ASUs: ASU-1 45 %, ASU-2 45 %, ASU-3 10 % of the capacity (the test.c of the spc1.c copy above
// sizes them 45, 45 and 10 GB); laid out one after the other.
Spc1Layout Spc1Layout::of(std::uint64_t arrayBytes, std::uint64_t alignBytes)
{
    const std::uint64_t unit = std::lcm(kSpc1BlockBytes, std::max<std::uint64_t>(alignBytes, 1));
    const std::uint64_t units = arrayBytes / unit;
    Spc1Layout l;
    l.sizeBytes = { units * 45 / 100 * unit, units * 45 / 100 * unit, units * 10 / 100 * unit };
    l.startBytes = { 0, l.sizeBytes[0], l.sizeBytes[0] + l.sizeBytes[1] };
    return l;
}

std::uint64_t Spc1Layout::minArrayBytes(std::uint64_t alignBytes)
{
    const std::uint64_t unit = std::lcm(kSpc1BlockBytes, std::max<std::uint64_t>(alignBytes, 1));
    const std::uint64_t asuUnits = (kSpc1MinAsuBytes + unit - 1) / unit;
    return (asuUnits * 100 + 44) / 45 * unit; // the least units with units * 45 / 100 >= asuUnits
}

Spc1Generator::Spc1Generator(int bsu, std::uint64_t seed, std::uint64_t arrayBytes, std::uint64_t alignBytes)
    : m_rng(seed ^ 0x5350432d31ull) // not WorkloadGenerator's sequence (that draws the gaps): "SPC-1"
    , m_bsu(std::max(bsu, 1))
    , m_layout(Spc1Layout::of(arrayBytes, alignBytes))
{
    for (int a = 0; a < 3; ++a)
        m_asuBlocks[std::size_t(a)] = m_layout.sizeBytes[std::size_t(a)] / kSpc1BlockBytes;
    std::size_t at = 0;
    for (std::size_t s = 0; s < kStreams.size(); ++s)
        for (int i = 0; i < kStreams[s].intensityPermille; ++i)
            m_streamOf[at++] = std::uint8_t(s);
    at = 0;
    for (const Spc1Size& size : kSizes)
        for (int i = 0; i < size.weight; ++i)
            m_blocksOf[at++] = std::uint8_t(size.blocks);

    for (int stream : { 1, 3, 5 }) {
        const Spc1Stream& s = kStreams[std::size_t(stream)];
        const std::uint64_t asuBlocks = m_asuBlocks[std::size_t(s.asu - 1)];
        Hotspot& h = m_hotspots[std::size_t(hotspotOf(stream))];
        h.firstBlock = asuBlocks * std::uint64_t(s.fromPercent) / 100;
        h.leaves = std::uint32_t(std::min<std::uint64_t>(asuBlocks / 20 / kSpc1LeafBlocks, 1u << 31));
        h.levels = h.leaves ? std::bit_width(h.leaves) - 1 : 0;
        h.treeLeaves = h.leaves ? std::uint32_t(1) << h.levels : 0;
        h.nextRead.assign(h.leaves, 0);
        m_walks[std::size_t(hotspotOf(stream))].assign(std::size_t(m_bsu), WalkState {});
    }
    for (auto& runs : m_runs)
        runs.assign(std::size_t(m_bsu), RunState {});
}

std::uint32_t Spc1Generator::drawBlocks()
{
    return m_blocksOf[m_rng.below(m_blocksOf.size())];
}

// One step of the hierarchical reuse random walk of `stream`'s instance (spc1.c hrrw(), HRRW_FIXED):
// a block of the hot spot.
std::uint64_t Spc1Generator::hrrwBlock(int stream, bool write)
{
    Hotspot& h = m_hotspots[std::size_t(hotspotOf(stream))];
    if (h.leaves == 0) // an ASU too small for a hot spot (checkWorkloadFits() refuses it): uniform
        return m_rng.below(std::max<std::uint64_t>(m_asuBlocks[std::size_t(kStreams[std::size_t(stream)].asu - 1)], 1));
    WalkState& w = m_walks[std::size_t(hotspotOf(stream))][m_rng.below(std::uint64_t(m_bsu))];
    if (!w.started) { // hrrw_per_stream(): the tree somewhere in the hot spot, a random leaf of it
        w.started = true;
        w.treeStart = std::uint32_t(m_rng.below(h.leaves - h.treeLeaves + 1));
        w.leaf = std::uint32_t(m_rng.below(h.treeLeaves));
    }
    if (write && w.rewrite) {
        w.rewrite = false;
        return h.firstBlock + w.rewriteBlock;
    }
    // The walk climbs from level k = 6 one level at a time with probability 0.44 (not above the
    // tree), then lands anywhere in the subtree of that level that holds the current leaf.
    int level = std::min(kSpc1HrrwMinLevels, h.levels);
    while (level < h.levels && m_rng.below(100) < kHrrwUpPercent)
        ++level;
    const std::uint32_t subtree = std::uint32_t(1) << level;
    std::uint32_t leaf = (w.leaf & ~(subtree - 1)) + std::uint32_t(m_rng.below(subtree));
    if (write)
        leaf -= leaf % kWriteLeafMultiple;
    w.leaf = leaf;
    const std::uint32_t regionLeaf = w.treeStart + leaf;
    std::uint8_t& cursor = h.nextRead[regionLeaf];
    std::uint32_t block;
    if (!write) { // reads go round the leaf's 8 blocks
        block = cursor;
        cursor = std::uint8_t((cursor + 1) % kSpc1LeafBlocks);
    } else {
        block = m_rng.below(100) < kReuseReadPercent ? (cursor + kSpc1LeafBlocks - 1) % kSpc1LeafBlocks
                                                     : std::uint32_t(m_rng.below(kSpc1LeafBlocks));
    }
    const std::uint64_t inRegion = std::uint64_t(regionLeaf) * kSpc1LeafBlocks + block;
    if (write && m_rng.below(100) < kRewritePercent) {
        w.rewrite = true;
        w.rewriteBlock = inRegion;
    }
    return h.firstBlock + inRegion;
}

// The next transfer of `stream`'s instance: on from the last, or a new run when it would reach the
// run's end (spc1.c asu1_3(), asu2_3(), asu3_1()).
std::uint64_t Spc1Generator::sequentialBlock(int stream, std::uint32_t blocks)
{
    const Spc1Stream& s = kStreams[std::size_t(stream)];
    RunState& r = m_runs[std::size_t(runOf(stream))][m_rng.below(std::uint64_t(m_bsu))];
    if (!r.started || r.next + blocks >= r.end) {
        const std::uint64_t asuBlocks = m_asuBlocks[std::size_t(s.asu - 1)];
        r.started = true;
        r.next = asuBlocks * std::uint64_t(s.fromPercent) / 100
            + m_rng.below(std::max<std::uint64_t>(asuBlocks * std::uint64_t(s.spanPercent) / 100, 1));
        r.end = r.next + asuBlocks * std::uint64_t(s.runPercent) / 100;
    }
    const std::uint64_t block = r.next;
    r.next += blocks;
    return block;
}

Spc1Request Spc1Generator::next()
{
    Spc1Request out;
    const int stream = m_streamOf[m_rng.below(m_streamOf.size())];
    const Spc1Stream& s = kStreams[std::size_t(stream)];
    out.stream = stream;
    out.io.write = s.readPercent == 0 || (s.readPercent < 100 && int(m_rng.below(100)) >= s.readPercent);
    std::uint32_t blocks = 1;
    std::uint64_t block = 0;
    switch (s.pattern) {
    case Spc1Pattern::Uniform:
        block = m_rng.below(std::max<std::uint64_t>(m_asuBlocks[std::size_t(s.asu - 1)], 1));
        break;
    case Spc1Pattern::Hrrw:
        block = hrrwBlock(stream, out.io.write);
        break;
    case Spc1Pattern::Sequential:
        blocks = drawBlocks();
        block = sequentialBlock(stream, blocks);
        break;
    }
    out.io.offsetBytes = m_layout.startBytes[std::size_t(s.asu - 1)] + block * kSpc1BlockBytes;
    out.io.sizeBytes = std::uint64_t(blocks) * kSpc1BlockBytes;
    return out;
}

} // namespace raidscope
