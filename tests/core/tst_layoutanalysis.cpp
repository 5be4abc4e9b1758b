// SPDX-License-Identifier: GPL-3.0-or-later
// A trace through the layout (#56): cases worked by hand from md's layouts and write paths, and per-member
// operation counts against the simulator's own replay of the same trace (the second method).
#include "trace/layoutanalysis.h"
#include "trace/tracejob.h"

#include "stats/rng.h"

#include <catch2/catch.hpp>

#include <QFile>
#include <QTemporaryDir>

#include <numeric>

using namespace raidscope;

namespace {

constexpr std::uint64_t KiB = 1024;

std::unique_ptr<LayoutAnalyzer> analyzer(const char* spec)
{
    QString error;
    auto a = LayoutAnalyzer::create(QString::fromLatin1(spec), &error);
    INFO(error.toStdString());
    REQUIRE(a);
    return a;
}

QString fixture(const char* name)
{
    return QStringLiteral(RAIDSCOPE_TEST_DATA "/traces/") + QString::fromLatin1(name);
}

std::vector<std::uint64_t> opsPerMember(const LayoutAnalysis& a)
{
    std::vector<std::uint64_t> out;
    for (const MemberLoad& m : a.members)
        out.push_back(m.ops());
    return out;
}

// An MSR-format trace of `records` requests (fixed seed): offsets anywhere in `spanBytes`, 512-byte
// aligned or not, sizes from 512 B to 1 MiB, a third of them writes, 0.1 ms apart.
QString syntheticTrace(const QTemporaryDir& dir, int records, std::uint64_t spanBytes)
{
    const QString path = dir.filePath(QStringLiteral("synthetic.csv"));
    QFile f(path);
    REQUIRE(f.open(QIODevice::WriteOnly));
    Rng rng(5601);
    const std::uint64_t sizes[] = { 512, 4096, 8192, 16384, 65536, 131072, 196608, 262144, 1048576, 12288 };
    std::uint64_t ticks = 128166372000000000ULL;
    for (int i = 0; i < records; ++i) {
        ticks += 1000; // 100 ns ticks: 0.1 ms
        std::uint64_t offset = rng.below(spanBytes / 512) * 512;
        if (rng.below(4) == 0)
            offset = rng.below(spanBytes / (64 * KiB)) * 64 * KiB; // chunk-aligned now and then
        const std::uint64_t size = sizes[rng.below(10)];
        const bool write = rng.below(3) == 0;
        f.write(QStringLiteral("%1,host,0,%2,%3,%4,100\n").arg(ticks).arg(write ? QStringLiteral("Write") : QStringLiteral("Read")).arg(offset).arg(size).toUtf8());
    }
    return path;
}

} // namespace

TEST_CASE("LayoutAnalyzer: RAID 5 write paths of 4 disks, 64 KiB chunk, worked by hand", "[trace][layoutanalysis]")
{
    // left-symmetric (md's default): stripe s has its parity on disk 3 - s % 4, and its data chunk i on
    // disk (parity + 1 + i) % 4. Stripe 0: P on 3, data on 0, 1, 2; stripe 1: P on 2, data on 3, 0, 1.
    auto a = analyzer("raid5 disks=4 chunk=64KiB");
    SECTION("an aligned 192 KiB write is a full stripe: 3 data writes and P, no reads")
    {
        a->add(0, 0, 192 * KiB, true);
        const LayoutAnalysis r = a->result();
        const WritePathCount& full = r.writePaths[std::size_t(WritePath::FullStripe)];
        CHECK(full.requests == 1);
        CHECK(full.diskOps == 4);
        CHECK(full.extraOps == 1); // P
        for (const MemberLoad& m : r.members) {
            CHECK(m.writeOps == 1);
            CHECK(m.readOps == 0);
            CHECK(m.bytesWritten == 64 * KiB);
        }
        CHECK(r.alignment.stripeAligned == 1);
        CHECK(r.alignment.crossings[2] == 1); // boundaries at 64 and 128 KiB
    }
    SECTION("a 4 KiB write: rmw's 2 reads tie rcw's 2 other data, and md takes reconstruct-write on a tie")
    {
        // drivers/md/raid5.c handle_stripe_dirtying: rmw only when rmw < rcw (ties too, with rmw_level
        // PARITY_PREFER_RMW, not the default). Stripe 1, chunk 0: data on disk 3, P on disk 2; the row's
        // other data on disks 0 and 1 are read; data and P written: 2 reads + 2 writes either way.
        a->add(0, 192 * KiB, 4 * KiB, true);
        const LayoutAnalysis r = a->result();
        const WritePathCount& rcw = r.writePaths[std::size_t(WritePath::ReconstructWrite)];
        CHECK(rcw.requests == 1);
        CHECK(rcw.diskOps == 4);
        CHECK(rcw.extraOps == 3);
        CHECK(opsPerMember(r) == std::vector<std::uint64_t> { 1, 1, 1, 1 });
        CHECK(r.members[0].readOps == 1);
        CHECK(r.members[1].readOps == 1);
        CHECK(r.members[2].writeOps == 1);
        CHECK(r.members[3].writeOps == 1);
        CHECK(r.members[0].bytesRead == 4 * KiB);
        CHECK(r.alignment.chunkAligned == 1);
        CHECK(r.alignment.stripeAligned == 1);
    }
    SECTION("two whole chunks of three: reconstruct-write reads the third (1 read against 3 for rmw)")
    {
        a->add(0, 0, 128 * KiB, true);
        const LayoutAnalysis r = a->result();
        const WritePathCount& rcw = r.writePaths[std::size_t(WritePath::ReconstructWrite)];
        CHECK(rcw.requests == 1);
        CHECK(rcw.diskOps == 4); // read chunk 2 on disk 2; write disks 0, 1 and P on 3
        CHECK(rcw.extraOps == 2);
        CHECK(r.members[2].readOps == 1);
        CHECK(r.members[2].writeOps == 0);
        CHECK(r.members[3].writeOps == 1);
    }
    SECTION("reads go to the data place and split at chunk boundaries")
    {
        a->add(0, 192 * KiB, 4 * KiB, false); // stripe 1, chunk 0: disk 3
        a->add(1, 0, 4 * KiB, false);         // stripe 0, chunk 0: disk 0
        a->add(2, 32 * KiB, 128 * KiB, false); // chunks 0, 1, 2 (disks 0, 1, 2): 2 boundaries
        a->add(3, 32 * KiB, 64 * KiB, false);  // chunks 0, 1: 1 boundary
        const LayoutAnalysis r = a->result();
        CHECK(opsPerMember(r) == std::vector<std::uint64_t> { 3, 2, 1, 1 });
        CHECK(r.members[0].bytesRead == 4 * KiB + 32 * KiB + 32 * KiB);
        CHECK(r.alignment.crossings == std::array<std::uint64_t, 3> { 2, 1, 1 });
        CHECK(r.alignment.chunkAligned == 2);
        CHECK(r.alignment.stripeAligned == 2);
        CHECK(r.alignment.multiStripe == 0);
        CHECK(r.diskOps == 7);
        CHECK(r.memberSkew() == Approx(3.0 / (7.0 / 4))); // 3 over the mean of 1.75
        CHECK(r.hottestMember() == 0);
        // chunk 0 is touched by three requests, chunk 1 by two
        REQUIRE(r.hotChunks.size() >= 2);
        CHECK(r.hotChunks[0].chunk == 0);
        CHECK(r.hotChunks[0].requests == 3);
        CHECK(r.hotChunks[1].chunk == 1);
        CHECK(r.hotChunks[1].requests == 2);
        CHECK(r.hotChunkError == 0);
    }
}

TEST_CASE("LayoutAnalyzer: RAID 5 of 5 disks, a 4 KiB write is read-modify-write", "[trace][layoutanalysis]")
{
    // 4 data disks: rmw reads old data and P (2) < rcw's 3 other data. Stripe 0: P on disk 4, chunk 0 on
    // disk 0, so disks 0 and 4 each get a read and a write.
    auto a = analyzer("raid5 disks=5 chunk=64KiB");
    a->add(0, 0, 4 * KiB, true);
    const LayoutAnalysis r = a->result();
    const WritePathCount& rmw = r.writePaths[std::size_t(WritePath::ReadModifyWrite)];
    CHECK(rmw.requests == 1);
    CHECK(rmw.diskOps == 4);
    CHECK(rmw.extraOps == 3);
    CHECK(opsPerMember(r) == std::vector<std::uint64_t> { 2, 0, 0, 0, 2 });
    CHECK(r.members[0].readOps == 1);
    CHECK(r.members[4].writeOps == 1);
    CHECK(r.members[4].bytesRead == 4 * KiB);
}

TEST_CASE("LayoutAnalyzer: RAID 6, RAID 0 and RAID 10 writes, worked by hand", "[trace][layoutanalysis]")
{
    SECTION("RAID 6 of 8 (6 data): a 4 KiB write reads data, P, Q (3 < 5 other data) and writes them")
    {
        auto a = analyzer("raid6 disks=8 chunk=64KiB");
        a->add(0, 0, 4 * KiB, true);
        const LayoutAnalysis r = a->result(); // by value: a reference into the temporary would dangle
        const WritePathCount& rmw = r.writePaths[std::size_t(WritePath::ReadModifyWrite)];
        CHECK(rmw.requests == 1);
        CHECK(rmw.diskOps == 6);
        CHECK(rmw.extraOps == 5);
    }
    SECTION("RAID 6 of 6 (4 data): rmw's 3 reads are not fewer than rcw's 3, so reconstruct-write")
    {
        auto a = analyzer("raid6 disks=6 chunk=64KiB");
        a->add(0, 0, 4 * KiB, true);
        const LayoutAnalysis r = a->result(); // by value: a reference into the temporary would dangle
        const WritePathCount& rcw = r.writePaths[std::size_t(WritePath::ReconstructWrite)];
        CHECK(rcw.requests == 1);
        CHECK(rcw.diskOps == 6); // 3 reads + data, P, Q
        CHECK(rcw.extraOps == 5);
    }
    SECTION("RAID 0 writes are direct with no extra operations; RAID 10 writes each copy")
    {
        auto r0 = analyzer("raid0 disks=2 chunk=64KiB");
        r0->add(0, 60 * KiB, 8 * KiB, true); // chunks 0 and 1: disks 0 and 1
        const LayoutAnalysis direct = r0->result();
        const WritePathCount& d0 = direct.writePaths[std::size_t(WritePath::Direct)];
        CHECK(d0.requests == 1);
        CHECK(d0.diskOps == 2);
        CHECK(d0.extraOps == 0);
        auto r10 = analyzer("raid10 disks=4 chunk=64KiB");
        r10->add(0, 0, 4 * KiB, true); // near 2: chunk 0 on disks 0 and 1
        const LayoutAnalysis r = r10->result();
        CHECK(r.writePaths[std::size_t(WritePath::Direct)].diskOps == 2);
        CHECK(r.writePaths[std::size_t(WritePath::Direct)].extraOps == 1);
        CHECK(opsPerMember(r) == std::vector<std::uint64_t> { 1, 1, 0, 0 });
        CHECK(r.mirrorReadsOnPrimary); // shortest-queue reads cannot be placed without timing
    }
}

TEST_CASE("LayoutAnalyzer: requests past the end wrap as a replay's do", "[trace][layoutanalysis]")
{
    // 2 MiB of array: a 4 KiB request at 3 MiB + 8 KiB (3153920) goes to 3153920 mod (2 MiB - 4 KiB + 1)
    // = 1060863, down to a block: 1056768 = chunk 16 (of 64 KiB), on disk 16 % 2 = 0.
    auto a = analyzer("raid0 disks=2 chunk=64KiB size=1MiB");
    a->add(0, 3153920, 4 * KiB, false);
    const LayoutAnalysis r = a->result();
    CHECK(r.wrapped == 1);
    CHECK(opsPerMember(r) == std::vector<std::uint64_t> { 1, 0 });
    REQUIRE(r.hotChunks.size() == 1);
    CHECK(r.hotChunks[0].chunk == 16);
}

TEST_CASE("MemberTimeline: a fixed number of buckets that widen as the trace grows", "[trace][layoutanalysis]")
{
    auto a = analyzer("raid0 disks=2 chunk=64KiB");
    a->add(0, 0, 4 * KiB, false);            // 0 ms: bucket 0 (1 ms wide)
    a->add(0.5e6, 64 * KiB, 4 * KiB, false); // 0.5 ms: bucket 0, disk 1
    a->add(150e6, 0, 4 * KiB, false);        // 150 ms: bucket 150
    {
        const MemberTimeline t = a->result().timeline; // a copy: result() returns by value
        CHECK(t.bucketWidth == 1e6);
        CHECK(t.used == 151);
        CHECK(t.at(0, 0) == 1);
        CHECK(t.at(1, 0) == 1);
        CHECK(t.at(0, 150) == 1);
    }
    a->add(250e6, 0, 4 * KiB, false); // past 200 x 1 ms: buckets of 2 ms, 250 ms in bucket 125
    const MemberTimeline t = a->result().timeline;
    CHECK(t.bucketWidth == 2e6);
    CHECK(t.used == 126);
    CHECK(t.at(0, 0) == 1);
    CHECK(t.at(1, 0) == 1);
    CHECK(t.at(0, 75) == 1); // 150 ms
    CHECK(t.at(0, 125) == 1);
    CHECK(t.ops.size() == 2 * MemberTimeline::kBuckets);
}

TEST_CASE("HotChunkCounter: Misra-Gries keeps a frequent chunk within its error bound", "[trace][layoutanalysis]")
{
    HotChunkCounter c;
    // 10000 distinct chunks once each, and chunk 7 another 3000 times, interleaved: 13000 touches,
    // so a count is short by at most 13000 / 4097 = 3 (Misra & Gries), and 7 must be kept.
    for (std::uint64_t i = 0; i < 10000; ++i) {
        c.add(100 + i);
        if (i % 10 < 3)
            c.add(7);
    }
    const auto top = c.top(1);
    REQUIRE(top.size() == 1);
    CHECK(top[0].chunk == 7);
    CHECK(c.error() <= 13000 / (HotChunkCounter::kCounters + 1));
    CHECK(top[0].requests <= 3000);
    CHECK(top[0].requests + c.error() >= 3000);
}

TEST_CASE("analyzeTraceLayout: per-member operations equal the simulator's replay of the same trace", "[trace][layoutanalysis]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const auto spec = GENERATE(as<const char*> {}, "raid0 disks=4 chunk=64KiB", "raid5 disks=5 chunk=16KiB",
        "raid5 disks=4 chunk=64KiB layout=la", "raid6 disks=6 chunk=32KiB", "raid10 disks=4 chunk=64KiB mirrorread=primary",
        "raid10 disks=6 copies=3 layout=far mirrorread=primary", "raid5 disks=5 chunk=64KiB failed=2",
        "raid5 disks=4 chunk=64KiB paritywrite=md");
    const auto trace = GENERATE(as<const char*> {}, "msr_small.csv", "synthetic");
    CAPTURE(spec, trace);
    const QString file = QString::fromLatin1(trace) == u"synthetic" ? syntheticTrace(dir, 3000, 2ULL << 30) : fixture(trace);
    LayoutAnalysisOptions o;
    o.arraySpecs = { QString::fromLatin1(spec) };
    o.read.jobs = 1;
    const LayoutAnalysisResult a = analyzeTraceLayout({ file }, o);
    INFO(a.error.toStdString());
    REQUIRE(a.ok);
    TraceReplayOptions ro;
    ro.read.jobs = 1;
    ro.arraySpecs = o.arraySpecs;
    const TraceReplayResult s = replayTrace({ file }, ro);
    INFO(s.error.toStdString());
    REQUIRE(s.ok);
    REQUIRE(s.arrays.size() == 1);
    const SimResult& sim = s.arrays[0].result;
    CHECK(a.records == (QString::fromLatin1(trace) == u"synthetic" ? 3000u : 29u));
    CHECK(a.records == s.records);
    const LayoutAnalysis& r = a.arrays[0];
    CHECK(r.requests == sim.requests);
    REQUIRE(r.members.size() == sim.disks.size());
    std::vector<std::uint64_t> simOps;
    for (const DiskResult& d : sim.disks)
        simOps.push_back(d.ops);
    CHECK(opsPerMember(r) == simOps);
    CHECK(r.diskOps == sim.diskOps);
    std::uint64_t sectors = 0;
    for (const DiskResult& d : sim.disks)
        sectors += d.sectors;
    std::uint64_t bytes = 0;
    for (const MemberLoad& m : r.members)
        bytes += m.bytesRead + m.bytesWritten;
    CHECK(bytes == sectors * 512);
}

TEST_CASE("analyzeTraceLayout: mirror reads by queue length agree per mirror pair", "[trace][layoutanalysis]")
{
    // The simulator's default mirrorread=shortest-queue picks a copy by the queues of the moment, so
    // only what each pair of near copies (disks 0+1, 2+3) did is independent of timing.
    LayoutAnalysisOptions o;
    o.arraySpecs = { QStringLiteral("raid10 disks=4 chunk=16KiB") };
    o.read.jobs = 1;
    const LayoutAnalysisResult a = analyzeTraceLayout({ fixture("msr_small.csv") }, o);
    REQUIRE(a.ok);
    TraceReplayOptions ro;
    ro.arraySpecs = o.arraySpecs;
    const TraceReplayResult s = replayTrace({ fixture("msr_small.csv") }, ro);
    REQUIRE(s.ok);
    const auto& d = s.arrays[0].result.disks;
    const auto& m = a.arrays[0].members;
    CHECK(a.arrays[0].mirrorReadsOnPrimary);
    CHECK(m[0].ops() + m[1].ops() == d[0].ops + d[1].ops);
    CHECK(m[2].ops() + m[3].ops() == d[2].ops + d[3].ops);
}

TEST_CASE("analyzeTraceLayout: candidates and the chunk sweep side by side, every thread count alike", "[trace][layoutanalysis]")
{
    LayoutAnalysisOptions o;
    o.arraySpecs = { QStringLiteral("raid5 disks=4 chunk=64KiB"), QStringLiteral("raid0 disks=4"), QStringLiteral("raid99 disks=2") };
    o.sweepChunkBytes = defaultSweepChunkBytes();
    REQUIRE(o.sweepChunkBytes.size() == 7); // 16, 32, 64, 128, 256, 512, 1024 KiB
    o.read.jobs = 1;
    const LayoutAnalysisResult one = analyzeTraceLayout({ fixture("msr_small.csv") }, o);
    o.read.jobs = 3;
    const LayoutAnalysisResult three = analyzeTraceLayout({ fixture("msr_small.csv") }, o);
    REQUIRE(one.ok);
    CHECK(one.records == 29);
    REQUIRE(one.arrays.size() == 3);
    CHECK(!one.arrays[2].error.isEmpty());
    REQUIRE(one.chunkSweep.size() == 7);
    CHECK(one.chunkSweep[0].chunkBytes == 16 * KiB);
    CHECK(one.chunkSweep[6].chunkBytes == 1024 * KiB);
    // The sweep's 64 KiB row is the first array itself.
    CHECK(opsPerMember(one.chunkSweep[2]) == opsPerMember(one.arrays[0]));
    CHECK(one.toJson() == three.toJson());
    // msr_small's 29 requests, offsets and sizes read off the file: only 158138368 = 2413 x 64 KiB is on a
    // 64 KiB boundary; the four 64 KiB requests (611680256, 89698304, 1025015808, 1073127424) start
    // inside a chunk and cross one boundary each; every 4 KiB and 8 KiB request stays in its chunk.
    const AlignmentCounts& al = one.arrays[0].alignment;
    CHECK(al.chunkAligned == 1);
    CHECK(al.crossings[0] == 25);
    CHECK(al.crossings[1] == 4);
    CHECK(al.crossings[2] == 0);
}

TEST_CASE("analyzeTraceLayout: errors name the array or the line", "[trace][layoutanalysis]")
{
    LayoutAnalysisOptions o;
    o.arraySpecs = { QStringLiteral("raid5 disks=2") };
    const LayoutAnalysisResult r = analyzeTraceLayout({ fixture("msr_small.csv") }, o);
    CHECK(!r.ok);
    CHECK(r.error.startsWith(QStringLiteral("--array raid5 disks=2: ")));
    o.arraySpecs = { QStringLiteral("raid0 disks=2") };
    const LayoutAnalysisResult bad = analyzeTraceLayout({ fixture("msr_bad.csv") }, o);
    CHECK(!bad.ok);
    CHECK(bad.error.contains(QStringLiteral("msr_bad.csv:")));
}
