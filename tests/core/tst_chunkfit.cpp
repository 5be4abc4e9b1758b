// SPDX-License-Identifier: GPL-3.0-or-later
#include "layout/layoutregistry.h"
#include "probe/chunkfit.h"

#include <catch2/catch.hpp>

#include <cmath>

using namespace raidscope;
using Catch::Matchers::WithinAbs;

namespace {

Candidate make(const char* scheme, const char* variant, int disks, int copies, std::uint64_t chunkBytes)
{
    Candidate c;
    c.scheme = QString::fromUtf8(scheme);
    c.variant = QString::fromUtf8(variant);
    c.disks = disks;
    c.copies = copies;
    c.chunkBytes = chunkBytes;
    REQUIRE(buildCandidate(c, LayoutRegistry::instance(), 4096));
    return c;
}

} // namespace

TEST_CASE("Chunk fit: boundary ratios worked by hand", "[probe][chunkfit]")
{
    // Offset c reads blocks c-1 and c: 2N reads against N of one chunk.
    // raid0, 4 disks, 4-block chunks: inside a chunk 2N reads on one disk (2x); at c = 4 chunks 0
    // and 1 on two disks (1x).
    const Candidate raid0 = make("raid0", "", 4, 0, 16384);
    CHECK(predictedInsideRatio(raid0) == 2.0);
    CHECK(predictedBoundaryRatio(raid0, 2) == 2.0);
    CHECK(predictedBoundaryRatio(raid0, 4) == 1.0);
    CHECK(predictedBoundaryRatio(raid0, 16) == 1.0); // chunk 3 of one pattern, chunk 0 of the next
    // Chained declustering, 4 disks: chunk 0 on {0,1}, chunk 1 on {1,2}: 2N reads over 3 disks is
    // 2/3 of one disk's N; one chunk's N reads over 2 disks is 1/2: ratio 4/3 (Shear's third regime).
    const Candidate chained = make("chained", "", 4, 0, 16384);
    CHECK_THAT(predictedBoundaryRatio(chained, 4), WithinAbs(4.0 / 3.0, 1e-12));
    CHECK_THAT(predictedInsideRatio(chained), WithinAbs(2.0, 1e-12));
    // md raid10 far, 12 disks, 4 copies: chunk a on disks a..a+3, chunk a+1 on a+1..a+4. 2N reads,
    // each half limited to its 4 disks, over 5 disks: at best 2/5; one chunk alone 1/4: ratio 1.6,
    // only 20 % under the inside ratio of 2.
    const Candidate far = make("raid10", "far", 12, 4, 16384);
    CHECK_THAT(predictedBoundaryRatio(far, 4), WithinAbs(1.6, 1e-12));
}

TEST_CASE("Chunk fit: the chunk whose layouts predict every offset wins", "[probe][chunkfit]")
{
    // A 16-block pattern of raid0: 4 disks x 4 blocks, or 8 x 2, or 2 x 8.
    std::vector<ChunkHypothesis> hypotheses;
    hypotheses.push_back({ 2, { make("raid0", "", 8, 0, 8192) } });
    hypotheses.push_back({ 4, { make("raid0", "", 4, 0, 16384) } });
    hypotheses.push_back({ 8, { make("raid0", "", 2, 0, 32768) } });
    // Measured as a 4-block chunk shows: offsets 2 inside (2x), 4 and 8 boundaries (1x), with
    // everything 5 % slow (the level the fit absorbs).
    const BoundarySamples samples { { 2, { 2.1, 2.1 } }, { 4, { 1.05 } }, { 8, { 1.05 } } };
    const ChunkFit fit = fitChunk(hypotheses, samples, 0.0);
    CHECK(hypotheses[fit.hypothesis].chunkBlocks == 4);
    CHECK_THAT(fit.scale, WithinAbs(std::log(1.05), 0.01));
    // The 2-block hypothesis misses offset 2 by log 2 = 0.69, 10 sigma: decided.
    CHECK(fit.margin > 9.0);

    // With only offset 4 measured (a boundary for chunks 2 and 4 alike) nothing is decided, and
    // the next test goes where the two leading hypotheses predict different ratios.
    const BoundarySamples one { { 4, { 1.0 } } };
    const ChunkFit open = fitChunk(hypotheses, one, 0.0);
    CHECK(open.margin < 1.0);
    const std::uint64_t next = mostInformativeOffset(hypotheses, open, one);
    REQUIRE(next > 0);
    const double a = predictedBoundaryRatio(hypotheses[open.hypothesis].candidates[open.candidate], next);
    const double b = predictedBoundaryRatio(hypotheses[open.runnerUp].candidates[open.runnerUpCandidate], next);
    CHECK_THAT(std::abs(std::log(a / b)), WithinAbs(std::log(2.0), 1e-9));
}

TEST_CASE("Chunk fit: the level against one disk tells copies apart", "[probe][chunkfit]")
{
    // The same boundary ratios, but N reads at pattern multiples took 1/4 of N serial reads: the
    // 4-copy candidate fits, a 2-copy one (level 1/2) is log 2 / 0.15 = 4.6 sigma off.
    std::vector<ChunkHypothesis> hypotheses;
    hypotheses.push_back({ 4, { make("raid10", "near", 4, 2, 16384), make("raid10", "near", 8, 4, 16384) } });
    const BoundarySamples samples { { 2, { 2.0 } }, { 4, { 1.0 } } };
    const ChunkFit fit = fitChunk(hypotheses, samples, std::log(0.25));
    CHECK(hypotheses[0].candidates[fit.candidate].copies == 4);
}
