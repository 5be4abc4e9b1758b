// SPDX-License-Identifier: GPL-3.0-or-later
#include "layout/layoutregistry.h"
#include "probe/layoutmodel.h"
#include "probe/shearprobe.h"
#include "probe/prober_p.h"
#include "probe/simtarget.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <deque>
#include <tuple>

using namespace raidscope;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {

ProbeResult probe(const char* spec, const ProbeConfig& config)
{
    QString error;
    auto target = SimTarget::create(QString::fromUtf8(spec), &error);
    INFO(spec << ": " << error.toStdString());
    REQUIRE(target);
    return runShearProbe(*target, config);
}

ProbeResult probe(const char* spec, std::uint64_t seed = 1)
{
    ProbeConfig config;
    config.seed = seed;
    return probe(spec, config);
}

void requireVerdict(const ProbeResult& r, const char* scheme, const char* variant, int disks, std::uint64_t chunkBytes)
{
    const ProbeVerdict& v = r.verdict;
    INFO("verdict: " << v.spec.toStdString() << " findings: " << v.findingTexts().join(QStringLiteral("; ")).toStdString());
    CHECK(v.identified);
    CHECK(v.scheme == QString::fromUtf8(scheme));
    CHECK(v.variant == QString::fromUtf8(variant));
    CHECK(v.disks == disks);
    CHECK(v.chunkBytes == chunkBytes);
}

// A miss must be "undecided", never a wrong layout named: the probe of `spec` names no layout, or
// one of the truth's scheme (and, when given, exactly `truthSpec`).
void checkNeverWrong(const char* spec, std::uint64_t seed, const char* truthScheme, const char* truthSpec = nullptr)
{
    const ProbeResult r = probe(spec, seed);
    INFO(spec << " -> " << r.verdict.spec.toStdString());
    if (r.verdict.identified) {
        CHECK(r.verdict.scheme == QString::fromUtf8(truthScheme));
        if (truthSpec)
            CHECK(r.verdict.spec == QString::fromUtf8(truthSpec));
    }
}

} // namespace

TEST_CASE("Candidate: pair costs follow the disks the reads can use", "[probe][model]")
{
    // Worked by hand. raid0 on 4 disks: chunks 0 and 4 share disk 0 (2N reads on one disk: cost 2),
    // chunks 0 and 1 do not (cost 1). Chained declustering on 4 disks: chunk 0 on disks {0,1},
    // chunk 1 on {1,2}: 2N reads over 3 disks, cost 2/3; chunk 0 and 2 ({2,3}): 2N over 4, cost 1/2.
    const LayoutRegistry& registry = LayoutRegistry::instance();
    Candidate raid0;
    raid0.scheme = QStringLiteral("raid0");
    raid0.disks = 4;
    raid0.chunkBytes = 16384;
    REQUIRE(buildCandidate(raid0, registry, 4096));
    CHECK(raid0.patternChunks() == 4);
    CHECK(raid0.pairCost(0, 0) == 2.0);
    CHECK(raid0.pairCost(0, 1) == 1.0);
    CHECK_THAT(raid0.readWriteRatio, WithinAbs(1.0, 1e-9));

    Candidate chained;
    chained.scheme = QStringLiteral("chained");
    chained.disks = 4;
    chained.chunkBytes = 16384;
    REQUIRE(buildCandidate(chained, registry, 4096));
    CHECK_THAT(chained.pairCost(0, 1), WithinAbs(2.0 / 3.0, 1e-9));
    CHECK_THAT(chained.pairCost(0, 2), WithinAbs(0.5, 1e-9));
    CHECK_THAT(chained.pairCost(0, 0), WithinAbs(1.0, 1e-9));
    CHECK_THAT(chained.readWriteRatio, WithinAbs(2.0, 1e-9)); // reads over 4 disks, writes on 2 of them

    // RAID-5 on 5 disks: a small write is read-modify-write, 4 operations; reads use all 5 disks.
    Candidate raid5;
    raid5.scheme = QStringLiteral("raid5");
    raid5.variant = QStringLiteral("left-symmetric");
    raid5.disks = 5;
    raid5.chunkBytes = 16384;
    REQUIRE(buildCandidate(raid5, registry, 4096));
    CHECK_THAT(raid5.readWriteRatio, WithinAbs(4.0, 1e-9));
    // Degraded: disk 0 failed; a read of its chunk loads the 4 survivors once each (cost 1), and
    // with any other chunk one survivor carries 2 (cost 2).
    Candidate degraded = raid5;
    degraded.failedDisk = 0;
    REQUIRE(buildCandidate(degraded, registry, 4096));
    CHECK(degraded.singleCost(0) == 1.0);
    CHECK(degraded.pairCost(0, 1) == 2.0);
}

TEST_CASE("Candidate: what a safe write's own read adds to the ratio", "[probe][model]")
{
    // Worked by hand, per written block. RAID-5 of 5: a write loads every disk 4/5, a read 1/5; with
    // its read first, 1 per disk: ratio 1 / (1/5) = 5, one more than 4. Chained of 4: a write 2/4, a
    // read 1/4; 3/4 over 1/4 = 3, one more than 2. RAID-4 of 6 (5 data disks): the parity disk takes
    // 2 of every write and no read, a data disk 2/5 of writes and 1/5 of reads (3/5 with the safe
    // read): the parity disk still bounds the writes, 2 / (1/5) = 10 with or without the read.
    const LayoutRegistry& registry = LayoutRegistry::instance();
    auto build = [&](const char* scheme, const char* variant, int disks) {
        Candidate c;
        c.scheme = QString::fromUtf8(scheme);
        c.variant = QString::fromUtf8(variant);
        c.disks = disks;
        c.chunkBytes = 16384;
        REQUIRE(buildCandidate(c, registry, 4096));
        return c;
    };
    const Candidate raid5 = build("raid5", "left-symmetric", 5);
    CHECK_THAT(raid5.safeReadCost, WithinAbs(1.0, 1e-9));
    const Candidate chained = build("chained", "", 4);
    CHECK_THAT(chained.safeReadCost, WithinAbs(1.0, 1e-9));
    const Candidate raid4 = build("raid4", "parity-last", 6);
    CHECK_THAT(raid4.readWriteRatio, WithinAbs(10.0, 1e-9));
    CHECK_THAT(raid4.safeReadCost, WithinAbs(0.0, 1e-9));
}

TEST_CASE("Shear probe: every configuration of Shear section 3 identified exactly", "[probe][shear]")
{
    // Shear §3: 6 disks, 8 KiB chunks; Fig. 5: RAID-0 4x16K, 8x8K, 16x4K and ZIG-ZAG 6x8K.
    requireVerdict(probe("raid0 disks=6 chunk=8KiB"), "raid0", "", 6, 8192);
    requireVerdict(probe("raid5 layout=ls disks=6 chunk=8KiB"), "raid5", "left-symmetric", 6, 8192);
    requireVerdict(probe("raid5 layout=la disks=6 chunk=8KiB"), "raid5", "left-asymmetric", 6, 8192);
    requireVerdict(probe("raid5 layout=rs disks=6 chunk=8KiB"), "raid5", "right-symmetric", 6, 8192);
    requireVerdict(probe("raid5 layout=ra disks=6 chunk=8KiB"), "raid5", "right-asymmetric", 6, 8192);
    requireVerdict(probe("raid6 layout=continuous disks=6 chunk=8KiB"), "raid6", "continuous", 6, 8192);
    requireVerdict(probe("raid0 disks=4 chunk=16KiB"), "raid0", "", 4, 16384);
    requireVerdict(probe("raid0 disks=8 chunk=8KiB"), "raid0", "", 8, 8192);
    requireVerdict(probe("raid0 disks=16 chunk=4KiB"), "raid0", "", 16, 4096);
    const ProbeResult zigzag = probe("zigzag disks=6 chunk=8KiB");
    requireVerdict(zigzag, "zigzag", "", 6, 8192);
    // Fig. 5's last graph: the first and last chunks of each stripe look twice as large.
    CHECK(zigzag.chunkRunsBlocks == std::vector<std::uint64_t> { 2, 2, 2, 2, 2, 4, 2, 2, 2, 2, 2 });

    // Shear's "RAID-1" is three striped mirror pairs: md raid10 near, 2 copies; pattern 24 KiB.
    const ProbeResult mirrored = probe("raid10 disks=6 chunk=8KiB");
    requireVerdict(mirrored, "raid10", "near", 6, 8192);
    CHECK(mirrored.verdict.patternBytes == 24 * 1024);
    // Chained declustering: 48 KiB pattern, three regimes in the pairwise layout (Shear Fig. 13);
    // md's raid10 far and offset layouts with 2 copies read the same way and are named with it.
    const ProbeResult chained = probe("chained disks=6 chunk=8KiB");
    requireVerdict(chained, "chained", "", 6, 8192);
    CHECK(chained.verdict.patternBytes == 48 * 1024);
    CHECK(chained.verdict.equivalents.contains(QStringLiteral("raid10 layout=offset disks=6 copies=2 chunk=8KiB")));
}

TEST_CASE("Shear probe: a slow disk, a failed disk and a misconfiguration are found", "[probe][shear]")
{
    // Shear Fig. 18: one disk half as fast.
    const ProbeResult slow = probe("raid0 disks=6 chunk=8KiB speed=2:0.5");
    requireVerdict(slow, "raid0", "", 6, 8192);
    const ProbeFinding* slowDisk = slow.verdict.find(ProbeFinding::Kind::SlowDisk);
    REQUIRE(slowDisk);
    CHECK(slowDisk->disks == std::vector<int> { 2 });
    // Half the speed (rotation and seek): its N reads take about twice the median's.
    CHECK(slowDisk->value(u"relative") > 1.5);
    CHECK(slowDisk->value(u"relative") < 2.5);
    // Shear Fig. 19: ten disks, the fifth removed.
    const ProbeResult failed = probe("raid5 disks=10 chunk=8KiB failed=4");
    requireVerdict(failed, "raid5", "left-symmetric", 10, 8192);
    CHECK(failed.verdict.failedDisk == 4);
    const ProbeFinding* failedDisk = failed.verdict.find(ProbeFinding::Kind::FailedDisk);
    REQUIRE(failedDisk);
    CHECK(failedDisk->disks == std::vector<int> { 4 });
    // Shear Fig. 17: two members are partitions of one physical disk.
    const ProbeResult shared = probe("raid0 disks=4 chunk=16KiB shared=1:2");
    CHECK_FALSE(shared.verdict.identified);
    // Members 1 and 2 are chunks 1 and 2 of the 4-chunk pattern: their pair reads as one disk (excess
    // about 1), the other five pairs as two. The pattern is rejected (no layout has two members on one
    // disk) and the scan goes on, but the finding names the pair from the rejected pattern, on any seed.
    for (const std::uint64_t seed : { 1, 2, 3 }) {
        const ProbeResult r = seed == 1 ? shared : probe("raid0 disks=4 chunk=16KiB shared=1:2", seed);
        INFO("seed " << seed << ": " << r.verdict.findingTexts().join(QStringLiteral("; ")).toStdString());
        CHECK_FALSE(r.verdict.identified);
        const ProbeFinding* f = r.verdict.find(ProbeFinding::Kind::SharedDisk);
        REQUIRE(f);
        CHECK(f->text.contains(QStringLiteral("raid0 disks=4 chunk=16KiB fits 5 chunk pairs but not 1-2")));
    }
}

TEST_CASE("Shear probe: a half-speed member of a narrow array is named", "[probe][shear]")
{
    // Shear Fig. 18 on few disks. RAID-0 of 3, member 0 at half speed: one disk's N reads take t on a
    // fast member and 2t on the slow one, while reads one at a time average (1 + 1 + 2) / 3 = 4t/3, so
    // the fast members' phases of the pattern read at 0.75 of that serial level, where a healthy
    // array's near-patterns read. The pattern is 3 chunks of 128 KiB, the slow member disk 0, 2x. Named
    // on most seeds (the spread reads wait on the slow member, and some seeds leave the contrast under
    // the floor): never a wrong layout.
    int named = 0;
    for (const std::uint64_t seed : { 1, 2, 3, 4 }) {
        const ProbeResult r = probe("raid0 disks=3 chunk=128KiB speed=0:0.5", seed);
        const ProbeVerdict& v = r.verdict;
        INFO("seed " << seed << ": " << v.spec.toStdString() << "; " << v.findingTexts().join(QStringLiteral("; ")).toStdString());
        CHECK((!v.identified || v.spec == QStringLiteral("raid0 disks=3 chunk=128KiB")));
        const ProbeFinding* slowDisk = v.find(ProbeFinding::Kind::SlowDisk);
        if (v.identified && slowDisk && slowDisk->disks == std::vector<int> { 0 }) {
            CHECK(slowDisk->value(u"relative") > 1.5);
            CHECK(slowDisk->value(u"relative") < 2.5);
            ++named;
        }
    }
    CHECK(named >= 3);
    // RAID-0 of 6: reads and writes load its disks alike, so a slow member leaves the read/write
    // ratio at 1, and a far RAID-10 of 6 x 2 (2) is no equal of it (it was, inside the even band).
    const ProbeResult six = probe("raid0 disks=6 chunk=32KiB speed=0:0.5", 31029);
    requireVerdict(six, "raid0", "", 6, 32 * 1024);
    const ProbeFinding* slowDisk = six.verdict.find(ProbeFinding::Kind::SlowDisk);
    REQUIRE(slowDisk);
    CHECK(slowDisk->disks == std::vector<int> { 0 });
    // RAID-5 left-symmetric of 5 at 16 KiB, member 0 at half speed: both phases of its pattern (5
    // chunks) fell on the slow member, its multiples' medians on fast ones, and the ratio (7.3 for 4)
    // left it out of the candidates until the slow member was taken as known; RAID-6 right-asymmetric
    // of 5 (a 15-chunk pattern) was named. Reads cannot tell it from RAID-4 of 6 (equivalents).
    const ProbeResult five = probe("raid5 layout=left-symmetric disks=5 chunk=16KiB speed=0:0.5", 37038);
    const ProbeVerdict& v = five.verdict;
    INFO(v.spec.toStdString() << "; " << v.findingTexts().join(QStringLiteral("; ")).toStdString());
    CHECK(v.identified);
    CHECK((v.spec == QStringLiteral("raid5 layout=left-symmetric disks=5 chunk=16KiB")
           || v.equivalents.contains(QStringLiteral("raid5 layout=left-symmetric disks=5 chunk=16KiB"))));
    CHECK(v.patternBytes == 5 * 16 * 1024);
    const ProbeFinding* slowFive = v.find(ProbeFinding::Kind::SlowDisk);
    REQUIRE(slowFive);
    CHECK(slowFive->disks == std::vector<int> { 0 });
}

TEST_CASE("Shear probe: fewer I/Os than Shear's fixed schedule, and every I/O counted", "[probe][shear]")
{
    const ProbeResult r = probe("raid5 layout=la disks=8 chunk=64KiB");
    requireVerdict(r, "raid5", "left-asymmetric", 8, 65536);
    const IoCounts& io = r.ios;
    CHECK(io.total() == io.warmup + io.calibration + io.redundancy + io.patternSize + io.boundaries + io.pairwise + io.disks);
    // Shear's schedule on this array: pattern 8*7 chunks of 16 blocks = 896 blocks; every assumed
    // size to twice that, every offset, every chunk pair (56^2), 32 reads each (pairs: 64).
    CHECK(r.shearScheduleIos >= 2 * 896 * 32 + 896 * 64 + 56 * 56 * 64);
    CHECK(io.total() * 10 <= r.shearScheduleIos);
}

TEST_CASE("Shear probe: mirrors with many copies, striped or whole-disk", "[probe][shear]")
{
    // 4 copies over 12 disks: a boundary is only 20 % faster than the inside of a chunk (chunk
    // fit), and 4 copies against 5 rests on the level and the read/write ratio.
    const ProbeResult far = probe("raid10 layout=far disks=12 copies=4 chunk=16KiB");
    requireVerdict(far, "raid10", "far", 12, 16384);
    CHECK(far.verdict.copies == 4);
    CHECK(far.verdict.equivalents.contains(QStringLiteral("raid10 layout=offset disks=12 copies=4 chunk=16KiB")));
    // 4 copies over 5 disks: the pattern's reads are only 5/4 slower than reads spread everywhere;
    // the read rate says 5 disks work in parallel where the ratio says 4 copies. Any two chunks
    // then share 3 disks whatever the layout, so near, far and offset read alike.
    const ProbeResult narrow = probe("raid10 layout=near disks=5 copies=4 chunk=16KiB");
    requireVerdict(narrow, "raid10", "near", 5, 16384);
    CHECK(narrow.verdict.copies == 4);
    CHECK(narrow.verdict.equivalents.contains(QStringLiteral("raid10 layout=far disks=5 copies=4 chunk=16KiB")));
    // A whole-disk mirror of 4: no pattern, 4 disks in parallel, ratio 4.
    const ProbeResult whole = probe("raid1 disks=4");
    CHECK(whole.verdict.identified);
    CHECK(whole.verdict.scheme == u"raid1");
    CHECK(whole.verdict.disks == 4);
    CHECK(whole.patternBlocks == 0);
}

TEST_CASE("Shear probe: calibrated on a throttled array, as on QEMU's per-disk iops limit", "[probe][shear][realism]")
{
    // 300 IOPS per member: one queued read costs 1000/300 ms; after an idle pause a member starts
    // its burst of 300/10 requests, plus the one the bucket admits at its edge (QEMU), at once.
    // N then grows to 8 times the burst, in eights: ceil(8 * 31 / 8) * 8 = 248.
    const ProbeResult r = probe("raid5 layout=la disks=5 chunk=32KiB iops=300");
    requireVerdict(r, "raid5", "left-asymmetric", 5, 32768);
    CHECK_THAT(r.calibration.queuedReadMs, WithinAbs(1000.0 / 300, 0.1));
    CHECK_THAT(r.calibration.burstReads, WithinAbs(31, 2));
    CHECK(r.calibration.readsPerTest == 248);
    // The one-disk level is the queued one: N reads at 300 per second, far above N served one by one.
    CHECK_THAT(r.serialMs, WithinAbs(248 * 1000.0 / 300, 30));
    // The array without a throttle keeps Shear's N.
    CHECK(probe("raid5 layout=la disks=5 chunk=32KiB").calibration.readsPerTest == 32);
}

TEST_CASE("Shear probe: read-only, layouts that differ only in writes are named together", "[probe][shear]")
{
    // md RAID-4 reads never touch its parity disk: without the write test, 7 disks of RAID-4 read
    // exactly as 6 of RAID-0.
    ProbeConfig config;
    config.measureRedundancy = false;
    const ProbeResult r = probe("raid4 disks=7 chunk=128KiB", config);
    INFO(r.verdict.spec.toStdString() << " / " << r.verdict.equivalents.join(QStringLiteral("; ")).toStdString());
    CHECK(r.verdict.identified);
    QStringList named = r.verdict.equivalents;
    named << r.verdict.spec;
    CHECK(named.contains(QStringLiteral("raid4 layout=parity-last disks=7 chunk=128KiB")));
    CHECK(named.contains(QStringLiteral("raid0 disks=6 chunk=128KiB")));
}

TEST_CASE("Shear probe: a slow member is named and does not change the layout found", "[probe][shear]")
{
    // A write loads two disks and a read one, so a slow disk lowers the write rate more: the
    // read/write ratio then says nothing about the layout (md's writes or not stay open).
    for (const auto& [spec, variant, disks, chunk, slow] :
         { std::tuple { "raid5 disks=8 chunk=16KiB speed=3:0.5", "left-symmetric", 8, 16384, 3 },
             std::tuple { "raid5 layout=la disks=6 chunk=8KiB speed=2:0.5", "left-asymmetric", 6, 8192, 2 } }) {
        const ProbeResult r = probe(spec);
        INFO(spec << " -> " << r.verdict.spec.toStdString() << " / "
                  << r.verdict.equivalents.join(QStringLiteral("; ")).toStdString());
        CHECK(r.verdict.identified);
        QStringList named = r.verdict.equivalents;
        named << r.verdict.spec;
        CHECK(named.contains(QStringLiteral("raid5 layout=%1 disks=%2 chunk=%3KiB").arg(QString::fromUtf8(variant)).arg(disks).arg(chunk / 1024)));
        const ProbeFinding* slowDisk = r.verdict.find(ProbeFinding::Kind::SlowDisk);
        REQUIRE(slowDisk);
        CHECK(slowDisk->disks == std::vector<int> { slow });
    }
}

TEST_CASE("Shear probe: a slow member of a striped mirror is named by the chunks it holds", "[probe][shear]")
{
    // Chained declustering of 11, disk 3 at half speed (probe-eval --slow seed 29, array 80): chunk 3
    // (primary on disk 3) and chunk 2 (its copy on disk 3) read at about twice the median, every other
    // chunk at the median; disks 2 and 4 also hold a fast chunk, so only disk 3 is slow. Mirrors were
    // skipped before and nothing was named.
    const ProbeResult r = probe("chained disks=11 chunk=8KiB speed=3:0.5", 29080);
    requireVerdict(r, "chained", "", 11, 8192);
    const ProbeFinding* slowDisk = r.verdict.find(ProbeFinding::Kind::SlowDisk);
    REQUIRE(slowDisk);
    CHECK(slowDisk->disks == std::vector<int> { 3 });
    CHECK(slowDisk->value(u"relative") > 1.5);
    CHECK(slowDisk->value(u"relative") < 2.5);
    int slowFindings = 0;
    for (const ProbeFinding& f : r.verdict.findings)
        slowFindings += f.kind == ProbeFinding::Kind::SlowDisk ? 1 : 0;
    CHECK(slowFindings == 1);
    // A healthy striped mirror shows no slow or fast member.
    const ProbeResult healthy = probe("chained disks=6 chunk=8KiB", 3);
    CHECK_FALSE(healthy.verdict.has(ProbeFinding::Kind::SlowDisk));
    CHECK_FALSE(healthy.verdict.has(ProbeFinding::Kind::FastDisk));
}

// Whether the verdict is `truth` (or names it among its equivalents) with `disk` named slow, from
// `low` to `high` times the median member's time.
void checkSlowMemberNamed(const ProbeResult& r, const char* truth, int disk, double low, double high)
{
    const ProbeVerdict& v = r.verdict;
    INFO("verdict: " << v.spec.toStdString() << " / " << v.equivalents.join(QStringLiteral("; ")).toStdString()
                     << " findings: " << v.findingTexts().join(QStringLiteral("; ")).toStdString());
    CHECK(v.identified);
    CHECK((v.spec == QLatin1String(truth) || v.equivalents.contains(QLatin1String(truth))));
    const ProbeFinding* slow = v.find(ProbeFinding::Kind::SlowDisk);
    REQUIRE(slow);
    CHECK(slow->disks == std::vector<int> { disk });
    CHECK(slow->value(u"relative") > low);
    CHECK(slow->value(u"relative") < high);
}

TEST_CASE("Shear probe: a slow member among copy sets, near-patterns and a fifth of the rate", "[probe][shear]")
{
    // Chained declustering of 14 at 128 KiB, member 11 at half speed (probe-eval --slow seed 31062):
    // half the pattern (7 chunks: two copy sets a phase) read 77, 160 and 158 ms, two phases on the
    // slow member's copy sets, at the pattern's 2-copy level; a phase at half the level rules it out.
    checkSlowMemberNamed(probe("chained disks=14 chunk=128KiB speed=11:0.5", 31062), "chained disks=14 chunk=128KiB", 11, 1.5,
        2.5);
    // Offset RAID-10 of 9 x 2 at 16 KiB, member 3 at half speed (seed 31022): its copy sets holding
    // the member read twice their level, as one fast disk does; the pattern's level from its fast
    // phases, and a size with no multiple in reach from four phases, not two. Offset x 2 reads as
    // chained declustering.
    checkSlowMemberNamed(probe("raid10 layout=offset disks=9 copies=2 chunk=16KiB speed=3:0.5", 31022),
        "raid10 layout=offset disks=9 copies=2 chunk=16KiB", 3, 1.5, 2.5);
    // RAID-5 right-asymmetric of 10 at 32 KiB, member 9 at half speed (seed 29028): 9 chunks put 90 %
    // of a phase's reads on the slow member and read nearly as slowly as the pattern (90 chunks); its
    // chunk fit poor, the size found is reduced again past it.
    checkSlowMemberNamed(probe("raid5 layout=right-asymmetric disks=10 chunk=32KiB speed=9:0.5", 29028),
        "raid5 layout=right-asymmetric disks=10 chunk=32KiB", 9, 1.5, 2.5);
    // A member at a fifth of the others' rate, as the rig's IOPS_DISK=2:60 on 311 IOPS members, read-
    // only: RAID-0 of 8 at 16 KiB read 1.55 disks in parallel; chunk 2 read alone 4.7x the others (a
    // slow member before any layout is ranked), half the pattern 2.5x from the slow member's phases
    // (read again from the pattern's own), the boundaries against their own blocks. 311/60 = 5.2.
    ProbeConfig config;
    config.measureRedundancy = false;
    for (std::uint64_t seed : { 1, 2 }) {
        config.seed = seed;
        checkSlowMemberNamed(probe("raid0 disks=8 chunk=16KiB iops=311 burst=31 speed=2:0.193", config),
            "raid0 disks=8 chunk=16KiB", 2, 4.0, 6.5);
    }
}

TEST_CASE("Shear probe: a mirror whose copies explain slow blocks is tried, and one that cannot is not",
    "[probe][shear][realism]")
{
    // Chained of 7 at 32 KiB under md's nearest-head reads, member 0 at a fifth (probe-eval --realism
    // --slow --slow-speed 0.2, seed 207026): writes wait on it (a ratio of 6.9 where chained has 2 and
    // the safe write's read 1), so the ratio had left chained out. Chunks 0 and 6 hold a copy on
    // member 0: read alone over a copy at 1 and one at 0.2 they take 1/1.2 of N reads where the
    // others take 1/2, 2/1.2 = 1.67x (and under 2x, k/(k-1) with the copy stalled).
    checkSlowMemberNamed(
        probe("chained disks=7 chunk=32KiB iops=500 hostoverhead=54us:23us mirrorread=nearest speed=0:0.2", 207026),
        "chained disks=7 chunk=32KiB", 0, 1.5, 2.0);
    // A chained of 6 whose md reads stayed on the slow copy (its blocks 4-5x the median: more than two
    // balanced copies allow) must not open the layouts to every single-copy one: it was named RAID-5
    // right-symmetric of 3 (WRONG) when they were (seed 203025).
    const ProbeResult six =
        probe("chained disks=6 chunk=16KiB iops=900 hostoverhead=39us:16us ceiling=4478 mirrorread=nearest speed=2:0.2", 203025);
    INFO("verdict: " << six.verdict.spec.toStdString());
    CHECK((!six.verdict.identified || six.verdict.spec == QLatin1String("chained disks=6 chunk=16KiB")));
}

TEST_CASE("Shear probe: a slow member lifting a striped mirror's ratio past its copies is found by its phases",
    "[probe][shear]")
{
    // Far RAID-10 of 6 x 4 at 32 KiB, member 1 at half speed (probe-eval --slow seed 29026). Each write
    // reaches 4 of the 6 members, so writes run at half pace while reads go round the slow member: the
    // ratio becomes 4 x 5.5 / (0.5 x 6) = 7.33 (measured 7.25), past any window around 4, and the array
    // was called RAID-1 of 7, undecided. A batch of reads at the pattern's multiples lands on one copy
    // set of 4 members; the 4 sets holding member 1 wait on it (N/4 reads at half speed: twice a healthy
    // set's time), the other 2 read faster than reads spread over all 6 do. Its chunks read alone the
    // same: chunks 0, 1, 4 and 5 (copies on disks k..k+3) at twice chunks 2 and 3.
    checkSlowMemberNamed(probe("raid10 layout=far disks=6 copies=4 chunk=32KiB speed=1:0.5", 29026),
        "raid10 layout=far disks=6 copies=4 chunk=32KiB", 1, 1.5, 2.3);
    // Near RAID-10 of 4 x 3, member 0 at half speed (seed 29093): 3 of its 4 copy sets hold member 0
    // ({0,1,2}, {3,0,1}, {2,3,0}), so the chunks' median is the slow member's pace and disk speeds are
    // read against the disks' median, not the chunks'.
    checkSlowMemberNamed(probe("raid10 layout=near disks=4 copies=3 chunk=32KiB speed=0:0.5", 29093),
        "raid10 layout=near disks=4 copies=3 chunk=32KiB", 0, 1.5, 2.3);
    // Far RAID-10 of 5 x 4, member 4 at half speed (seed 31060): 4 of its 5 copy sets hold the member, so
    // the pattern's phases read 72-140 ms apart and all three phases of twice the pattern, 127-147, sit on
    // such sets. Near RAID-10 of 5 x 4 has the same copy sets (chunk k on the 4 members from -k, far's from
    // k: the same overlaps pair by pair) and is its equivalent; in either, member 4 holds chunks 1-4.
    checkSlowMemberNamed(probe("raid10 layout=far disks=5 copies=4 chunk=64KiB speed=4:0.5", 31060),
        "raid10 layout=far disks=5 copies=4 chunk=64KiB", 4, 1.4, 2.3);
}

TEST_CASE("Shear probe: a whole-disk mirror's slow member is not counted as disks, and a cap's look-alikes are named together",
    "[probe][shear][realism]")
{
    // RAID-1 of 4 at 690 IOPS with member 0 at 138 (probe-eval --realism --slow --slow-speed 0.2, seed
    // 215005). Every write waits on member 0, reads go to all four: 3 x 690 + 138 = 2208 reads a second
    // against 138 writes, a ratio of 16 = 5 x 3 + 1, and it was named RAID-1 of 16 (WRONG) though the
    // copies test counted 4. Sixteen members at the writes' 138 a second would need 16 reads in flight
    // for 2208; 4 in flight read at that rate.
    // Its 472 reads at once split evenly over the four copies, 118 on member 0 at 138 a second: 855 ms,
    // 4 x 138 a second, and that counts the disks (Prober::slowMemberBySpreadBatch()).
    const ProbeResult four = probe("raid1 disks=4 chunk=8KiB iops=690 hostoverhead=45us:22us speed=0:0.2", 215005);
    INFO("verdict: " << four.verdict.spec.toStdString());
    CHECK((!four.verdict.identified || four.verdict.spec == QLatin1String("raid1 disks=4")));
    CHECK(four.verdict.identified);
    // Near RAID-10 of 16 x 2 at 360 IOPS under a 3906/s cap (seed 219012), its copies balanced: one
    // block reads at 720/s, two members' rate, which the calibration takes for one disk. md's far RAID-10
    // of 8 x 2, reading the lowest address as RAID-0 of 8 disks of 720/s, then predicts every time the
    // same (pattern 8 chunks, pairs on disjoint disks, a ratio of 2 under the same cap): it was named
    // alone, WRONG. Named, the true layout must be among the equivalents.
    const ProbeResult near = probe("raid10 layout=near disks=16 copies=2 chunk=128KiB iops=360 hostoverhead=26us:8us ceiling=3906", 219012);
    INFO("verdict: " << near.verdict.spec.toStdString() << " / " << near.verdict.equivalents.join(QStringLiteral("; ")).toStdString());
    const QString truth = QStringLiteral("raid10 layout=near disks=16 copies=2 chunk=128KiB");
    CHECK((!near.verdict.identified || near.verdict.spec == truth || near.verdict.equivalents.contains(truth)));
}

TEST_CASE("Shear probe: a striped mirror reading at more disks' rate than its copies is no mirror of whole disks",
    "[probe][shear][realism]")
{
    // Far RAID-10 of 10 x 3 at 480 IOPS, member 5 at a fifth of the rate (probe-eval --realism --slow
    // --slow-speed 0.2, seed 47039): writes wait on the slow member (a ratio of 13.7 where the layout
    // has 3), so no pattern size was scanned, and the copies test's 3 named RAID-1 of 3 (WRONG). Its
    // random reads go to the faster copies: 9 members at 480 and one at 96, 4416 a second, 9.2 disks'
    // worth of one member's rate, where a mirror of 3 whole disks reads with 3 at most.
    const ProbeResult r = probe("raid10 layout=far disks=10 copies=3 chunk=16KiB iops=480 hostoverhead=51us:21us speed=5:0.2", 47039);
    INFO(r.verdict.spec.toStdString() << ": " << r.verdict.findingTexts().join(QStringLiteral("; ")).toStdString());
    CHECK_FALSE((r.verdict.identified && r.verdict.scheme == QStringLiteral("raid1")));
    const ProbeFinding* striped = r.verdict.find(ProbeFinding::Kind::NoLayout);
    REQUIRE(striped);
    CHECK_THAT(striped->value(u"readDisks"), WithinRel(9.2, 0.15));
}

TEST_CASE("Shear probe: a slow member is judged against sampled blocks, not the calibration's credited ones",
    "[probe][shear][realism]")
{
    // Zig-zag of 2 at 8 KiB, 680 IOPS drives under a ceiling of their summed 1360/s (probe-eval
    // --realism seed 53002): the calibration's doubled batches ran on idle credit, 0.74 ms a read where a
    // drive takes 1/680 s = 1.47 ms; the first sampled block read 1.46 and was taken for a member twice
    // as slow, and the scan from its block named RAID-4 of 3 with a failed disk. Against other sampled
    // blocks it is a drive like the rest: no slow member, and never a wrong layout.
    const ProbeResult r = probe("zigzag disks=2 chunk=8KiB iops=680 hostoverhead=30us:12us ceiling=1360", 53002);
    INFO(r.verdict.spec.toStdString() << ": " << r.verdict.findingTexts().join(QStringLiteral("; ")).toStdString());
    CHECK_FALSE((r.verdict.identified && r.verdict.scheme != QStringLiteral("zigzag")));
    CHECK_FALSE(r.verdict.has(ProbeFinding::Kind::SlowDisk));
    CHECK(r.verdict.failedDisk < 0);
}

TEST_CASE("Shear probe: a slow member moves the read/write ratio by at most its own factor", "[probe][shear]")
{
    // RAID-0 of 6, disk 2 at half speed (probe-eval --slow seed 29, array 44): the ratio measured
    // 1.12. RAID-0 predicts 1 and RAID-5 of 6 (the same reads: left-symmetric rotates data over every
    // disk) 4; a disk twice as slow moves a ratio by 2x at most, so 1.12 rules RAID-5 out. With the
    // ratio merely loosened the two stayed undecided.
    const ProbeResult r0 = probe("raid0 disks=6 chunk=8KiB speed=2:0.5", 29044);
    requireVerdict(r0, "raid0", "", 6, 8192);
    // RAID-5 of 8, disk 3 at half speed: ratio 5.2 against RAID-5's 4 (inside the band) and a RAID-6
    // of 8's 6; the pairs and levels decide, and RAID-6 (named before) is no longer the answer.
    const ProbeResult r5 = probe("raid5 disks=8 chunk=16KiB speed=3:0.5", 1);
    INFO(r5.verdict.spec.toStdString());
    CHECK(r5.verdict.scheme == QStringLiteral("raid5"));
    CHECK(r5.verdict.disks == 8);
}

TEST_CASE("Shear probe: layouts that read alike and whose ratios a slow member blurs are named together", "[probe][shear]")
{
    // RAID-6 continuous of 8, disk 4 at half speed (probe-eval --slow seed 29, array 58). RAID-4 of 9
    // and RAID-5 left-symmetric of 8 read exactly as it does (data over 8 disks in turn). Their
    // ratios differ: RAID-4's writes queue on the parity disk, two operations each against one
    // read's eighth: 16; RAID-6's read-modify-write, 6 operations over 8 disks: 6; RAID-5 with md's
    // reconstruct writes: 8. A member at 2x moves a ratio by up to 2x either way, so a measured
    // 8.6 (2x inside 16 and 6 both) cannot tell RAID-4 from RAID-6: both are named, one of them
    // the verdict (before, the two stayed undecided).
    const ProbeResult r = probe("raid6 layout=continuous disks=8 chunk=8KiB speed=4:0.5", 29058);
    INFO(r.verdict.spec.toStdString() << " / " << r.verdict.equivalents.join(QStringLiteral("; ")).toStdString());
    CHECK(r.verdict.identified);
    QStringList named = r.verdict.equivalents;
    named << r.verdict.spec;
    CHECK(named.contains(QStringLiteral("raid6 layout=continuous disks=8 chunk=8KiB")));
    CHECK(named.contains(QStringLiteral("raid4 layout=parity-last disks=9 chunk=8KiB")));
    const ProbeFinding* slowDisk = r.verdict.find(ProbeFinding::Kind::SlowDisk);
    REQUIRE(slowDisk);
    CHECK(slowDisk->value(u"relative") > 1.5);
}

TEST_CASE("Shear probe: a slow member that only writes reach is found by the write test", "[probe][shear]")
{
    // RAID-4 of 6, parity-last, its parity disk 5 at half speed (probe-eval --slow seed 29, array 98).
    // Reads never reach the parity disk, so every read looks healthy; each small write reads and
    // writes parity: 2 operations on disk 5 per write against a read's 1/5 on each data disk, a ratio
    // of 10, and 20 with disk 5 at half speed. Before, that ratio ruled RAID-4 out of the pattern
    // scan and nothing was named.
    const ProbeResult r = probe("raid4 layout=parity-last disks=6 chunk=16KiB speed=5:0.5", 29098);
    INFO(r.verdict.spec.toStdString() << " / " << r.verdict.findingTexts().join(QStringLiteral("; ")).toStdString());
    CHECK(r.verdict.identified);
    CHECK(r.verdict.scheme == u"raid4");
    CHECK(r.verdict.disks == 6);
    CHECK(r.verdict.chunkBytes == 16384);
    const ProbeFinding* slow = r.verdict.find(ProbeFinding::Kind::SlowDisk);
    REQUIRE(slow);
    // The parity member in the verdict's own numbering: the last disk for parity-last, the first for parity-first.
    CHECK(slow->disks == std::vector<int> { r.verdict.variant == u"parity-last" ? 5 : 0 });
    CHECK(slow->value(u"relative") > 1.6);
    CHECK(slow->value(u"relative") < 2.4);
}

TEST_CASE("Shear probe: a mirror of whole disks with a slow member is counted, its member left unnamed", "[probe][shear]")
{
    // RAID-1 of 5, disk 2 at half speed (probe-eval --slow seed 29, array 20). Reads go to the shortest
    // queue: 4 members at 1/t and one at 1/(2t), 4.5/t; every write waits for the slow copy, 1/(2t):
    // a ratio of 2 x 4 + 1 = 9 where a healthy RAID-1 of 5 has 5. With k reads in flight each finds an
    // idle member while k <= 5, so the read rate reaches 4.5/t first at k = 5: the disks are counted,
    // and the ratio then gives the member's factor, (9 - 1) / (5 - 1) = 2. Which member is slow cannot
    // be told: any copy serves a read, so no read can be aimed at one.
    const ProbeResult r = probe("raid1 disks=5 chunk=8KiB speed=2:0.5", 29020);
    requireVerdict(r, "raid1", "", 5, 0);
    const ProbeFinding* slow = r.verdict.find(ProbeFinding::Kind::SlowDisk);
    REQUIRE(slow);
    CHECK(slow->disks.empty());
    CHECK(slow->value(u"readWriteRatio") == Approx(9).epsilon(0.05));
    CHECK(slow->value(u"relative") == Approx(2).epsilon(0.05));
    CHECK(slow->value(u"fullRateAtReads") == 5);
    // A healthy mirror of whole disks is named as before, with no such finding.
    const ProbeResult healthy = probe("raid1 disks=5 chunk=8KiB", 29020);
    requireVerdict(healthy, "raid1", "", 5, 0);
    CHECK_FALSE(healthy.verdict.has(ProbeFinding::Kind::SlowDisk));
}

TEST_CASE("Shear probe: a striped mirror with a slow member nears its full read rate gradually", "[probe][shear]")
{
    // Far RAID-10 of 6 with 4 copies, disk 1 at half speed (probe-eval --slow seed 29, array 26): no
    // pattern found, and its ratio and parallelism fit a RAID-1 of 6 with a member 1.3x slower. But a
    // read finds an idle copy only when one of its 4 disks is idle, so with 6 reads in flight the array
    // reads under its full rate, where a mirror of 6 whole disks reads at it: not named RAID-1 of 6.
    checkNeverWrong("raid10 layout=far disks=6 copies=4 chunk=32KiB speed=1:0.5", 29026, "raid10");
}

TEST_CASE("Shear probe: a striped mirror with a slow member is not taken for a mirror of whole disks", "[probe][shear]")
{
    // RAID-10 near of 4, 3 copies, disk 0 at half speed (probe-eval --slow seed 29, array 93): no
    // pattern found, and writes that wait on the slow disk lift the ratio to 5.2 while reads run at
    // 4.6 disks. A mirror of whole disks reads as parallel as its ratio (22 healthy RAID-1: within
    // 4.2 %), so this is no RAID-1 of 5, as it was named.
    checkNeverWrong("raid10 layout=near disks=4 copies=3 chunk=32KiB speed=0:0.5", 29093, "raid10");
}

TEST_CASE("Shear probe: a failed member is not a member that only writes reach", "[probe][shear]")
{
    // RAID-5 right-asymmetric of 16 at 128 KiB, 370 IOPS a disk under a 3224/s ceiling (probe-eval
    // --realism seed 7, array 10). Its rows of 15 data chunks repeat nearly, and the scan for layouts
    // with a member only writes reach (RAID-4's parity disk) took a degraded near RAID-10 of 15 x 2
    // with disk 3 failed for one: no read reaches a failed member, but no write does either. Its
    // ratio, 2.33 measured for 1.00, was then excused as that member's slowness, and the array was
    // named near RAID-10 of 15 with a failed disk at confidence 0.996.
    checkNeverWrong("raid5 layout=right-asymmetric disks=16 chunk=128KiB iops=370 hostoverhead=68us:31us ceiling=3224", 7010, "raid5");
}

TEST_CASE("Shear probe: a layout that fits only under a cap no test showed is not named", "[probe][shear]")
{
    // Chained declustering of 8 at 4 KiB, 280 IOPS a disk (probe-eval --realism seed 7, array 2). Its
    // random reads came at 4 disks' rate; far RAID-10 of 32 x 3, whose 32-chunk pattern is a multiple of
    // the truth's 8, fitted the pairs, and its 32 disks' parallelism was put down to a cap on the reads
    // that no test had shown (the group test finds ceilings; a mirror's lead has none): named at 0.85.
    checkNeverWrong("chained disks=8 chunk=4KiB iops=280 hostoverhead=38us:0us", 7002, "chained", "chained disks=8 chunk=4KiB");
}

TEST_CASE("Shear probe: a striped mirror under a cap shows the cap by its disjoint copy sets read together", "[probe][shear]")
{
    // Offset RAID-10 of 16 x 2 at 16 KiB, 380 IOPS a disk under a 3704/s ceiling (fresh realism seed
    // 59036). The cap holds random reads at 9.6 of 16 disks and the read/write ratio at 1.22 of 2, so
    // the first scan's sizes (ratio and parallelism of the layouts) left it out: no pattern at all.
    // The capped scan finds the 16-chunk pattern; a candidate with a member failed (ratio 1, 8 disks)
    // then fitted the capped rates better, though every chunk it serves from one copy read as fast as
    // the rest (796 ms). Eight chunks on disjoint copy sets, read together, took 2.4x one set's time
    // with no two sharing a disk: a cap, which lets the healthy layout stand. Chained of 16, far and
    // offset 16 x 2 read alike here (md's far and offset copies are not read at the lowest address).
    const ProbeResult r = probe("raid10 layout=offset disks=16 copies=2 chunk=16KiB iops=380 hostoverhead=70us:30us ceiling=3704", 59036);
    INFO(r.verdict.spec.toStdString() << " / " << r.verdict.equivalents.join(QStringLiteral("; ")).toStdString());
    REQUIRE(r.verdict.identified);
    CHECK(r.verdict.failedDisk == -1);
    CHECK(r.verdict.disks == 16);
    CHECK(r.verdict.chunkBytes == 16 * 1024);
    const QString truth = QStringLiteral("raid10 layout=offset disks=16 copies=2 chunk=16KiB");
    CHECK((r.verdict.spec == truth || r.verdict.equivalents.contains(truth)));
    CHECK(r.verdict.has(ProbeFinding::Kind::RequestCeiling));
}

TEST_CASE("Shear probe: a capped mirror of whole disks is counted by mixed batches, also where the ratio left two counts",
    "[probe][shear]")
{
    // md's nearest head, a cap under the disks' rate: the ratio counts the cap, 9.7 disks of 12 (fresh
    // realism seed 43030, 460 IOPS under 4466/s) and 8.45 of 11 (seed 53009, 190 under 1606/s). The
    // first was named 10 and withdrawn, never counted: one block's repeats spread over idle copies at
    // the host's pace (0.24 ms, no queue), and the count under the cap wanted a queued read time. The
    // second was undecided between 8 and 9, so the mixed batch that finds a cap was never run. Each
    // write reaches all D disks and each read one, so one write in 9 at 190 IOPS runs at 855/s for 8
    // disks and 990/s for 11, under the cap: the counts come from such batches.
    const ProbeResult r12 = probe("raid1 disks=12 chunk=4KiB iops=460 hostoverhead=71us:20us ceiling=4466 mirrorread=nearest", 43030);
    requireVerdict(r12, "raid1", "", 12, 0);
    CHECK(r12.verdict.has(ProbeFinding::Kind::RequestCeiling));
    const ProbeResult r11 = probe("raid1 disks=11 chunk=4KiB iops=190 hostoverhead=23us:8us ceiling=1606 mirrorread=nearest", 53009);
    requireVerdict(r11, "raid1", "", 11, 0);
    CHECK_FALSE(r11.verdict.has(ProbeFinding::Kind::Undecided));
    // RAID-1 of 3 at 170 IOPS under a 372/s cap (fresh seed 67005): the cap, 2.19 disks' rate, paced the
    // copies test into counting 2, and random reads outran 2 copies: no mirror of 2, and nothing named.
    // One block's reads came as fast as random ones (373/s and 372/s), a mirror of whole disks, and
    // mixed batches under the cap count it: for D = 3 and one write in three, each disk is busy
    // (1 + 2/3) / 170 s per three requests, 306/s.
    const ProbeResult r3 = probe("raid1 disks=3 chunk=32KiB iops=170 hostoverhead=46us:6us ceiling=372 mirrorread=nearest", 67005);
    requireVerdict(r3, "raid1", "", 3, 0);
}

TEST_CASE("Shear probe: a capped mirror's count undecided between two takes more batches", "[probe][shear]")
{
    // RAID-1 of 15 at 550 IOPS under md's reads and a 6167/s cap (11.2 disks' rate; fresh realism seed
    // 221028). Each write reaches all 15 disks, each read one: at f = 0.047 writes a batch runs at
    // W / (f + (1 - f) / D) = 4.98/ms for 15, 5.16 for 16, both under the cap. Three counts, 14.67,
    // 15.03 and 16.50, left 15 at 0.58 against 16; more batches decide.
    requireVerdict(probe("raid1 disks=15 chunk=128KiB iops=550 hostoverhead=70us:0us ceiling=6167 mirrorread=nearest", 221028),
        "raid1", "", 15, 0);
}

TEST_CASE("Shear probe: a mirror whose one block reads slower than random ones is counted in md's member order",
    "[probe][shear]")
{
    // RAID-1 of 13 at 950 IOPS under md's reads (fresh realism seed 223005): a block's repeats go to the
    // copies whose heads lie near it, random reads to all 13, so one block read slower than random ones
    // and the whole-disk test failed; the ratio, 13.54, lies nearer 14. With k reads in flight md puts
    // them on members 0 ... k-1 (the first idle member): each step adds one disk's 950/s up to 13, then
    // nothing, which counts 13 whatever the ratio's rounding.
    requireVerdict(probe("raid1 disks=13 chunk=4KiB iops=950 hostoverhead=59us:26us mirrorread=nearest", 223005), "raid1", "", 13, 0);
}

TEST_CASE("Shear probe: disk speeds read through a layout not named say so", "[probe][shear]")
{
    // Offset RAID-10 of 5 with member 2 at a fifth under a cap (probe-eval --realism --slow
    // --slow-speed 0.2 seed 203022): left undecided as near RAID-10 of 15 x 12, whose placement of the
    // chunks put the slow reads on its disks 6 and 7, two disks the array does not have. Such findings
    // carry the layout they assume.
    const ProbeResult r = probe("raid10 layout=offset disks=5 copies=2 chunk=16KiB iops=750 hostoverhead=45us:11us ceiling=2604 speed=2:0.2", 203022);
    int diskFindings = 0;
    for (const ProbeFinding& f : r.verdict.findings)
        if ((f.kind == ProbeFinding::Kind::SlowDisk || f.kind == ProbeFinding::Kind::FastDisk) && !f.disks.empty()) {
            ++diskFindings;
            INFO(f.text.toStdString());
            CHECK((r.verdict.identified || f.text.startsWith(QStringLiteral("if the array is ") + r.verdict.spec + QStringLiteral(", disk "))));
        }
    // Undecided on this build with two such findings; a build that names it makes this case moot.
    if (!r.verdict.identified)
        CHECK(diskFindings > 0);
}

TEST_CASE("Shear probe: balanced copies under a cap find their pattern at the calibration's own level", "[probe][shear]")
{
    // Chained declustering of 6 at 390 IOPS under a 1766/s cap (fresh realism seed 271037): a
    // controller that balances a chunk's reads over its two copies read one block's repeats at 2 x 390
    // = 780/s, so the calibration's "one disk" is the copy pair, and the copies test, paced in and out
    // of idle credit by the cap, counted 2 without a staircase. The pattern, 6 chunks of 8 KiB = 12
    // blocks, read 2.0-2.3x the spread batch (780/s against 1766/s, less the copies' credit) but near
    // the calibration's level, where a 2-copy set was looked for at half of it; no size was taken.
    const ProbeResult r = probe("chained disks=6 chunk=8KiB iops=390 hostoverhead=23us:9us ceiling=1766", 271037);
    CHECK(r.patternBlocks == 12);
    requireVerdict(r, "chained", "", 6, 8192);
}

TEST_CASE("Shear probe: a mirror capped at its own disks' rate is not taken for a wider one", "[probe][shear]")
{
    // RAID-1 of 2 at 500 IOPS under a 1000/s cap (fresh realism seed 221037): reads and writes alike
    // name 2 disks (ratio 2). The mixed batch at once, 43 writes and 85 reads, keeps each disk busy
    // (43 + 85 / 2) / 500 s = 171 ms; after writes alone it ran 129 ms, the cap's 128, on a disk's idle
    // credit the cap had never let the reads spend, and the verdict was withdrawn as a mirror of more
    // disks under the cap. The batches the cap does not reach count 2 (f = 1/2: W / (f + (1 - f) / 2)
    // = 667/s for 2 disks, 750/s for 3), which now keeps it. The same with md's nearest head (seed
    // 239003: 250 IOPS under 500/s).
    requireVerdict(probe("raid1 disks=2 chunk=4KiB iops=500 hostoverhead=77us:17us ceiling=1000", 221037), "raid1", "", 2, 0);
    requireVerdict(probe("raid1 disks=2 chunk=64KiB iops=250 hostoverhead=67us:27us ceiling=500 mirrorread=nearest", 239003),
        "raid1", "", 2, 0);
    // A mirror of 3 under a cap at 2 disks' rate still counts 3 (750/s against the 2's 667/s).
    requireVerdict(probe("raid1 disks=3 chunk=4KiB iops=500 hostoverhead=40us:10us ceiling=1000", 5), "raid1", "", 3, 0);
}

TEST_CASE("Shear probe: a balanced striped mirror whose copies no test counted is measured in its copies' disks", "[probe][shear]")
{
    // Chained declustering of 13 and 14 at 128 KiB under caps (fresh realism seeds 43006 and 59025: 700
    // IOPS under 5404/s, 930 under 8583/s), reads to the shorter queue of a chunk's two copies. One
    // block's repeats ran at two disks' rate (1400/s = 2 x 700), so the calibration's "one disk" was
    // two; the cap paced the copies test's small batches in and out of idle credit and it counted
    // nothing. The patterns (13 and 14 chunks) read at 0.87 of that level, and every chained candidate,
    // predicting half of one disk, was off by log 2: no layout named. Either unit is now tried for a
    // balanced mirror, and the chunks read decide. (With N from its credit, scaleForCredit(), the chained
    // of 13's copies test now counts 2 on this stream; the chained of 14's still counts nothing.)
    const ProbeResult c13 = probe("chained disks=13 chunk=128KiB iops=700 hostoverhead=25us:6us ceiling=5404", 43006);
    requireVerdict(c13, "chained", "", 13, 128 * 1024);
    const ProbeResult c14 = probe("chained disks=14 chunk=128KiB iops=930 hostoverhead=14us:0us ceiling=8583", 59025);
    CHECK(c14.calibration.blockCopies == 0);
    requireVerdict(c14, "chained", "", 14, 128 * 1024);
    // Not for a mirror of whole disks, whose random reads come no faster than one block's: a balanced
    // RAID-1 of 7 (fresh seed 47035), whose copies test counted nothing either, fitted near RAID-10 of
    // 14 x 7 at 4 KiB in its copies' unit.
    const ProbeResult mirror = probe("raid1 disks=7 chunk=16KiB iops=550 hostoverhead=28us:7us", 47035);
    requireVerdict(mirror, "raid1", "", 7, 0);
}

TEST_CASE("Shear probe: four copies' idle credit is a small part of a copy set's reads", "[probe][shear][realism]")
{
    // Near RAID-10 of 13 x 4 at 64 KiB, 980 IOPS, md's nearest head (fresh realism seed 61019), and far
    // RAID-10 of 16 x 4 at 4 KiB, 890 IOPS (seed 61028): QEMU's burst is 98 and 89 reads a disk. At
    // N = 1024 a copy set's four disks take 256 reads each and a rested set answered 98 of them from
    // credit: its pattern read 0.65-0.75 of the set's level, a drained one 1.0, and no pattern was
    // named. With N up to 2048 the credit is under a fifth of each disk's 512: the near array is named.
    const ProbeResult near = probe("raid10 layout=near disks=13 copies=4 chunk=64KiB iops=980 hostoverhead=16us:1us mirrorread=nearest", 61019);
    CHECK(near.calibration.readsPerTest > 1024);
    requireVerdict(near, "raid10", "near", 13, 64 * 1024);
    // The far array balances one block's reads over its 4 copies, so the calibration's credit is four
    // disks', 4 x 89 = 356 reads: N = 8 x 356 = 2848, held to 2048. Its copy sets still read 0.83-1.0
    // of their level by whether they rested, and whether its pattern stands depends on the phases
    // drawn (exact on one stream, undecided on another): never a wrong layout.
    const ProbeResult far = probe("raid10 layout=far disks=16 copies=4 chunk=4KiB iops=890 hostoverhead=14us:2us", 61028);
    CHECK(far.calibration.readsPerTest == 2048);
    INFO(far.verdict.spec.toStdString());
    CHECK((!far.verdict.identified || far.verdict.spec == u"raid10 layout=far disks=16 copies=4 chunk=4KiB"));
}

TEST_CASE("Shear probe: a capped array's pattern rejected for want of its chunk is tried again with the capped layouts",
    "[probe][shear]")
{
    // Zig-zag of 12 at 8 KiB, 230 IOPS under a 1425/s cap (fresh realism seed 61023): random reads at
    // 6.2 of 12 disks, so the first scan's layouts (reading within 1.7x of that) had no 24-chunk pattern
    // of 2-block chunks. Its 48-block pattern read at one disk's level; taken with 8-block chunks
    // (6 chunks) it was rejected, and the capped scan, whose layouts include the zig-zag, passed it by.
    // The boundary tests show 2-block chunks: every even offset reads two disks (731 ms against the
    // level's 744), the zig-zag's turns at 24 and 48 one (1668 and 1566).
    const ProbeResult r = probe("zigzag disks=12 chunk=8KiB iops=230 hostoverhead=20us:8us ceiling=1425", 61023);
    requireVerdict(r, "zigzag", "", 12, 8 * 1024);
}

TEST_CASE("Shear probe: a verdict whose own chunks put several disks off the median is not named", "[probe][shear]")
{
    // Chained declustering of 6 at 8 KiB, disk 0 at half speed (probe-eval --slow seed 41, array 4):
    // a 3-chunk near-pattern fitted near RAID-10 of 9 x 3, named at 0.93. Its chunks read one by one
    // put 4 of the 6 disks measured at 0.71x the median: no layout with one slow member does that.
    checkNeverWrong("chained disks=6 chunk=8KiB speed=0:0.5", 41004, "chained", "chained disks=6 chunk=8KiB");
}

TEST_CASE("Shear probe: a balanced mirror's disks are counted once the reads have spent the copies' idle credit", "[probe][shear]")
{
    // probe-eval --realism seeds 13025 and 11012: RAID-1 of 13 at 790 IOPS and of 15 at 840, reads
    // balanced over the copies. The calibration ran at the host's pace (71 and 26 us a request) on
    // credited copies; the first 8N reads after the writes spent credit the copies had kept through
    // them (33002/s where 15 x 840 = 12600). Undecided before; the ratio now counts 13 and 15.
    const ProbeResult r13 = probe("raid1 disks=13 chunk=16KiB iops=790 hostoverhead=71us:2us", 13025);
    requireVerdict(r13, "raid1", "", 13, 0);
    const ProbeResult r15 = probe("raid1 disks=15 chunk=32KiB iops=840 hostoverhead=26us:9us", 11012);
    requireVerdict(r15, "raid1", "", 15, 0);
    // RAID-1 of 4 at 940 IOPS (seed 5028): the balancing controller's staircase (steps at 1.72 1.80
    // 2.97 3.75 queued reads) counted 2 copies, but one block's reads came as fast as random ones and
    // the ratio read 4.00: the ratio counts.
    const ProbeResult r4 = probe("raid1 disks=4 chunk=4KiB iops=940 hostoverhead=34us:7us", 5028);
    requireVerdict(r4, "raid1", "", 4, 0);
    // md's nearest head (seed 7037): the copies test, drained on every copy, counts 15.
    const ProbeResult md = probe("raid1 disks=15 chunk=4KiB iops=230 hostoverhead=22us:8us mirrorread=nearest", 7037);
    requireVerdict(md, "raid1", "", 15, 0);
    CHECK(md.calibration.blockCopies == 15);
    // A cap at 14.3 disks' rate (12706/s over 15 x 890, seed 13024) read 14.27: no whole number of
    // disks within the settled spread, so no RAID-1 of 14.
    checkNeverWrong("raid1 disks=15 chunk=8KiB iops=890 hostoverhead=65us:12us ceiling=12706 mirrorread=nearest", 13024, "raid1",
        "raid1 disks=15");
    // Spinning disks, md's nearest head: reads crowd a few copies and the ratio read 9 for 8; the mixed
    // batch ran at 0.20 of what 9 whole disks give, and the name is withdrawn.
    checkNeverWrong("raid1 disks=8 chunk=16KiB mirrorread=nearest", 318, "raid1", "raid1 disks=8");
}

TEST_CASE("Shear probe: an answer whose chunk size fits the boundary tests poorly is not named", "[probe][shear]")
{
    // Chained of 6 at 4 KiB, throttled, md's reads (probe-eval --realism seed 7024): md's nearest head
    // split the pattern's multiples unevenly, the pattern was taken at 12 blocks, not 6, and the chunk
    // fit chose 8 KiB at 11.3 squared deviations per offset (answers found right: under 3). It was
    // named chained of 6 at 8 KiB once the read/write ratio came out right (2.01).
    const ProbeResult r = probe("chained disks=6 chunk=4KiB iops=860 hostoverhead=50us:0us mirrorread=nearest", 7024);
    INFO(r.verdict.spec.toStdString());
    CHECK((!r.verdict.identified || (r.verdict.scheme == u"chained" && r.verdict.chunkBytes == 4096)));
}

TEST_CASE("Shear probe: a throttled mirror's ratio between two disk counts is not taken as either", "[probe][shear]")
{
    // RAID-1 of 10 at 610 IOPS a disk (probe-eval --realism seed 5, array 10): idle credit lands
    // unevenly on reads and writes and the ratio read 10.94, which counts neither 10 nor 11 disks
    // within the throttled spread; it was named RAID-1 of 11.
    const ProbeResult r = probe("raid1 disks=10 chunk=8KiB iops=610 hostoverhead=31us:0us", 5010);
    INFO(r.verdict.spec.toStdString());
    CHECK((!r.verdict.identified || r.verdict.disks == 10));
}

TEST_CASE("Shear probe: with pacedCalibration a balanced mirror's idle credit is drained and its disks counted", "[probe][shear]")
{
    // RAID-1 of 16 at 200 IOPS, QEMU's burst of 20 a disk (probe-eval --realism seed 5, array 20): one
    // block's reads spread over every copy, so a batch meets 16 x 20 = 320 reads of credit. The burst
    // test counts once its back-to-back batch runs at the disk's rate (always, since realism seed
    // 9000; before, only with pacedCalibration, and off the ratio read 28.75: no layout). On, the
    // rate is also checked against spread reads, and the ratio counts the 16 disks to a few percent:
    // named RAID-1 of 16 with the tight sigma.
    const char* spec = "raid1 disks=16 chunk=8KiB iops=200 hostoverhead=38us:19us";
    QString error;
    auto target = SimTarget::create(QString::fromUtf8(spec), &error);
    REQUIRE(target);
    ProbeConfig config;
    config.seed = 5020;
    REQUIRE(setTuning(config.tuning, QStringLiteral("pacedCalibration"), 1, &error));
    REQUIRE(setTuning(config.tuning, QStringLiteral("throttledMirrorRatioSigma"), 0.02, &error));
    const ProbeResult on = runShearProbe(*target, config);
    CHECK(on.calibration.burstReads > 160); // at least half the 320 reads of credit
    CHECK(std::abs(on.readWriteRatio / 16 - 1) < 0.03);
    requireVerdict(on, "raid1", "", 16, 0);
    const ProbeResult off = probe(spec, 5020);
    INFO(off.verdict.spec.toStdString());
    CHECK((!off.verdict.identified || off.verdict.disks == 16));
}

TEST_CASE("Probe staircase: a balancing controller's steps counted by their spacing", "[probe]")
{
    // Two copies read in turn: one disk read (2 ms) more at 3, 5, 7 and 9 reads, flat between.
    const probe_detail::Staircase two = probe_detail::staircase({ 1, 1, 3, 3, 5, 5, 7, 7, 9 }, 0.3);
    CHECK(two.shaped);
    CHECK(two.whole);
    CHECK(two.copies == 2);
    CHECK(two.steps == 4);
    CHECK_THAT(two.stepMs, WithinAbs(2, 1e-9));
    CHECK_THAT(two.period, WithinAbs(2, 1e-9));
    // Steps at 3, 7, 15, 20, 27 and 34 reads (a throttled RAID-1 of 6): the least-squares line through
    // (0, 3) ... (5, 34) has slope sum((j - 2.5)(k - 106/6)) / sum((j - 2.5)^2) = 110 / 17.5.
    std::vector<double> t;
    for (int k = 1, level = 0; k <= 34; ++k) {
        for (int step : { 3, 7, 15, 20, 27, 34 })
            level += k == step ? 1 : 0;
        t.push_back(0.1 + 6.4 * level);
    }
    const probe_detail::Staircase six = probe_detail::staircase(t, 0.3);
    CHECK(six.shaped);
    CHECK_THAT(six.period, WithinAbs(110.0 / 17.5, 1e-9));
    CHECK(six.copies == 6);
    CHECK(six.whole);
    // md's nearest head: one read more per read from k = 3 on is no staircase of period 2 or more.
    const probe_detail::Staircase md = probe_detail::staircase({ 0.7, 0.7, 1.7, 2.7, 3.7, 4.7, 5.7, 6.7, 7.7 }, 0.3);
    CHECK(md.copies == 1);
    // A step of half the others is neither flat nor a step.
    CHECK_FALSE(probe_detail::staircase({ 1, 1, 3, 3, 4, 4, 6 }, 0.3).shaped);
    // Before the first whole step, part of one is the copies' throttle phases, an offset (far RAID-10
    // of 5 x 2 at 530 IOPS, in halves of a disk read): whole steps at 3, 5, 7 and 9, period 2.
    const probe_detail::Staircase start = probe_detail::staircase({ 0.03, 0.94, 2.94, 2.94, 4.94, 4.94, 6.94, 6.94, 8.94 }, 0.3);
    CHECK(start.shaped);
    CHECK(start.steps == 4);
    CHECK_THAT(start.period, WithinAbs(2, 1e-9));
    CHECK(start.copies == 2);
    // A fall is no part of a step, first or not.
    CHECK_FALSE(probe_detail::staircase({ 1, 0.2, 2.2, 2.2, 4.2, 4.2, 6.2 }, 0.3).shaped);
}

TEST_CASE("Shear probe: a throttled disk's one-disk level is N reads at its drained rate", "[probe][shear][realism]")
{
    // RAID-5 of 13 at 710 IOPS: N queued reads on one disk take N x 1000/710 ms once the idle credit
    // is spent. The doubling's slope runs high here (its smaller batch keeps some credit: 1.65 ms a
    // read), so the level is the larger batch's time a read, not the slope's (probe-eval --realism
    // seed 9030).
    const ProbeResult r = probe("raid5 layout=left-asymmetric disks=13 chunk=8KiB iops=710 hostoverhead=72us:19us", 9030);
    REQUIRE(r.calibration.readsPerTest > 0);
    CHECK_THAT(r.serialMs, WithinRel(r.calibration.readsPerTest * 1000.0 / 710, 0.03));
    requireVerdict(r, "raid5", "left-asymmetric", 13, 8192);
}

TEST_CASE("Shear probe: a balancing controller's mirror copies counted, one disk's read taken from the step", "[probe][shear][realism]")
{
    // Throttled members behind the simulator's shortest-queue balancing: one block's queued reads
    // spread over its copies, so the calibration's per-read is the copies' rate, not one disk's.
    // Chained of 5 at 610 IOPS (probe-eval --realism seed 11037): named far RAID-10 of 5 x 3 with
    // md's reads before the staircase counted its 2 copies. One disk's queued read is 1000/610 ms.
    const ProbeResult chained = probe("chained disks=5 chunk=64KiB iops=610 hostoverhead=70us:11us", 11037);
    CHECK(chained.calibration.copiesBalanced);
    CHECK(chained.calibration.blockCopies == 2);
    CHECK_THAT(chained.calibration.queuedReadMs, WithinAbs(1000.0 / 610, 0.05));
    requireVerdict(chained, "chained", "", 5, 65536);
    // RAID-1 of 6 at 320 IOPS: six copies, 1000/320 ms a read. With its disks drained of their whole
    // burst (6 x 32 reads of credit over the copies), the steps come 8, 5, 7 and 7 reads apart: reads
    // that finish while the batch is still arriving (32 us each) free a copy early, and the period
    // fits 6.75, no whole count. The copies are then not counted rather than miscounted, and the
    // mixed batches name the mirror.
    const ProbeResult mirror = probe("raid1 disks=6 chunk=64KiB iops=320 hostoverhead=32us:0us", 7038);
    CHECK((mirror.calibration.blockCopies == 0 || mirror.calibration.blockCopies == 6));
    if (mirror.calibration.copiesBalanced)
        CHECK_THAT(mirror.calibration.queuedReadMs, WithinAbs(1000.0 / 320, 0.1));
    requireVerdict(mirror, "raid1", "", 6, 0);
    // Near RAID-10 of 6 x 3 at 320 IOPS: named RAID-4 of 3 before (its 3 copies uncounted).
    checkNeverWrong("raid10 layout=near disks=6 copies=3 chunk=64KiB iops=320 hostoverhead=32us:0us", 1, "raid10");
}

TEST_CASE("Shear probe: the burst test drains a credit larger than its batch, and counts it per disk", "[probe][shear][realism]")
{
    // Chained of 5 at 960 IOPS (probe-eval --realism seed 9000): one block's reads spread over its 2
    // copies, each with QEMU's burst of 960/10 = 96 reads. The first burst batch (64 reads, 32 a copy)
    // ran inside the credit both after the pause and back to back, so the burst read 0.23 reads, N
    // stayed 32, and the pattern tests read 0.7 ms where a copy's credit answered them and 15.7 where
    // it did not: no pattern. Now the test doubles until the back-to-back batch runs at the rate: 2 x
    // 96 reads of the block, one copy's 96 once the copies are counted.
    const ProbeResult r = probe("chained disks=5 chunk=4KiB iops=960 hostoverhead=22us:10us", 9000);
    REQUIRE(r.calibration.copiesBalanced);
    CHECK(r.calibration.blockCopies == 2);
    CHECK_THAT(r.calibration.burstReads, WithinAbs(96, 3));
    CHECK_THAT(r.calibration.queuedReadMs, WithinAbs(1000.0 / 960, 0.03));
    CHECK(r.calibration.readsPerTest >= 8 * 96);
    requireVerdict(r, "chained", "", 5, 4096);
}

TEST_CASE("Shear probe: a calibration without contrast is run again with its rates drained", "[probe][shear][realism]")
{
    // Chained of 9 at 930 IOPS, 38 us of host overhead a request (probe-eval --realism seed 47015): two
    // of the calibration's blocks read 32 and 64 repeats at 0.038 ms each, inside their copies' 2 x 93
    // reads of idle credit, paced by the host as a spread batch is, and one disk's level came out as
    // the spread's: no pattern. Drained, one block's reads run at its 2 copies' rate, and the copies
    // test counts them: one disk's queued read is 1000 / 930 ms, its level N of them, over the spread.
    const ProbeResult chained = probe("chained disks=9 chunk=128KiB iops=930 hostoverhead=38us:14us", 47015);
    REQUIRE(chained.calibration.readsPerTest > 0);
    CHECK(chained.calibration.blockCopies == 2);
    CHECK_THAT(chained.calibration.queuedReadMs, WithinRel(1000.0 / 930, 0.03));
    CHECK_THAT(chained.serialMs, WithinRel(chained.calibration.readsPerTest * 1000.0 / 930, 0.03));
    CHECK(chained.serialMs >= 1.5 * chained.calibration.spreadMs);
    requireVerdict(chained, "chained", "", 9, 131072);
    // Far RAID-10 of 10 x 3 at 960 IOPS with no jitter (seed 47039): the same, 3 copies a block.
    const ProbeResult far = probe("raid10 layout=far disks=10 copies=3 chunk=16KiB iops=960 hostoverhead=39us:0us", 47039);
    INFO("far: " << far.verdict.spec.toStdString());
    CHECK(far.calibration.blockCopies == 3);
    CHECK_THAT(far.serialMs, WithinRel(far.calibration.readsPerTest * 1000.0 / 960, 0.03));
    CHECK(far.serialMs >= 1.5 * far.calibration.spreadMs);
    CHECK((!far.verdict.identified || far.verdict.spec == QStringLiteral("raid10 layout=far disks=10 copies=3 chunk=16KiB")));
    // Chained of 4 at 200 IOPS under a cap at 3 disks' rate (seed 67026): run again, its one-disk level
    // stood only 1.52x over the spread and its copies test was thrown by the credit; taken, it named
    // RAID-1 of 2. Under recalibratedContrast the first calibration stands, and nothing wrong is named.
    checkNeverWrong("chained disks=4 chunk=8KiB iops=200 hostoverhead=10us:5us ceiling=606", 67026, "chained", "chained disks=4 chunk=8KiB");
}

TEST_CASE("Shear probe: under md's reads a striped mirror's tests read k times one disk's credit", "[probe][shear][realism]")
{
    // Near RAID-10 of 6 x 3 at 470 IOPS under md's nearest head (fresh realism seed 61030): QEMU's
    // burst is 470 / 10 = 47 reads a disk, so N = 8 x 47 put the credit at an eighth of one disk's
    // reads; a pattern's reads spread over its 3 copies, 128 a disk, and a rested copy set answered
    // 47 of them at once (twice the pattern read 172 ms against the pattern's 270): no pattern. With
    // 3 copies counted and random reads at 6 disks' rate, N is 8 x 47 x 3 = 1128 (the credit as
    // measured, 47 +- 3: 1056 to 1200).
    const ProbeResult near = probe("raid10 layout=near disks=6 copies=3 chunk=32KiB iops=470 hostoverhead=45us:12us mirrorread=nearest", 61030);
    CHECK(near.calibration.blockCopies == 3);
    CHECK_FALSE(near.calibration.copiesBalanced);
    CHECK_THAT(near.calibration.burstReads, WithinAbs(47, 3));
    CHECK(near.calibration.readsPerTest >= 8 * 44 * 3);
    CHECK(near.calibration.readsPerTest <= 8 * 50 * 3);
    requireVerdict(near, "raid10", "near", 6, 32768);
    // A mirror of 3 whole disks reads at no more than its copies' rate: its N stays one disk's
    // credit's, 8 x 47 (no pattern to scan; its counts would only cost three times the reads).
    const ProbeResult mirror = probe("raid1 disks=3 chunk=32KiB iops=470 hostoverhead=45us:12us mirrorread=nearest", 1);
    CHECK(mirror.calibration.blockCopies == 3);
    CHECK(mirror.calibration.readsPerTest <= 8 * 48);
    requireVerdict(mirror, "raid1", "", 3, 0);
}

TEST_CASE("Shear probe: under md's reads a striped mirror's chunks are read one by one a few at a time", "[probe][shear][realism]")
{
    // Healthy near RAID-10 of 15 x 3 at 580 IOPS under md's nearest head (fresh realism seed 67010):
    // its chunk pairs, fed a few requests per disk at a time, read every chunk alone within 4 % of
    // another; the per-disk test issued each chunk's 2N reads at once and md split them over the
    // copies by the heads of that moment: one chunk at 1.72x the median, its copy set of 3 disks
    // named slow, and the verdict withdrawn. No member is slow, so none may be named.
    const ProbeResult r = probe("raid10 layout=near disks=15 copies=3 chunk=64KiB iops=580 hostoverhead=43us:8us mirrorread=nearest", 67010);
    requireVerdict(r, "raid10", "near", 15, 65536);
    CHECK(r.verdict.find(ProbeFinding::Kind::SlowDisk) == nullptr);
    CHECK(r.verdict.find(ProbeFinding::Kind::FastDisk) == nullptr);
    REQUIRE_FALSE(r.disks.empty());
    for (const DiskSpeedPoint& d : r.disks)
        CHECK_THAT(d.relative, WithinAbs(1, 0.3));
}

TEST_CASE("Shear probe: with a far slower member a striped mirror's copies are no mirror of whole disks", "[probe][shear][realism]")
{
    // The md rig's near RAID-10 of 4 x 2 at 300 IOPS with member 2 at 60 (IOPS_DISK=2:60), read-only:
    // the copies test counts 2, no pattern shows, and random reads, held to the slow member's pace, run
    // at 0.40 of the 2 copies' rate, under the bound a striped mirror must pass: it was named RAID-1 of
    // 2 (WRONG). The simulator's md reads do the same on seeds 2, 6 and 7. A block read 2.5x slower than
    // another (the slow member's, 16.6 ms against 3.3) now leaves the mirror unnamed, and says why.
    ProbeConfig config;
    config.measureRedundancy = false;
    for (std::uint64_t seed : { 2, 6, 7 }) {
        config.seed = seed;
        const ProbeResult r = probe("raid10 layout=near disks=4 copies=2 chunk=32KiB iops=300,2:60 mirrorread=nearest", config);
        INFO("seed " << seed << ": " << r.verdict.spec.toStdString() << "; "
                     << r.verdict.findingTexts().join(QStringLiteral("; ")).toStdString());
        CHECK((!r.verdict.identified || r.verdict.spec == QStringLiteral("raid10 layout=near disks=4 copies=2 chunk=32KiB")));
        if (!r.verdict.identified && r.patternBlocks == 0)
            CHECK(r.verdict.findingTexts().join(QStringLiteral(" ")).contains(QStringLiteral("slower than the others")));
    }
}

TEST_CASE("Shear probe: a mirror of whole disks under a request cap is not named by the disks the cap shows", "[probe][shear][realism]")
{
    // RAID-1 of 6 at 300 IOPS under a 1200/s cap: reads at 4 disks' rate, writes at one disk's, so
    // the ratio reads 4. A batch of one write in 5 keeps each of 6 disks busy n/5 + (4n/5)/6 = n/3
    // disk reads, 4 named disks n/5 + (4n/5)/4 = 2n/5: 1.2x faster than the named 4 allow, and the
    // cap (n/4 of a disk's time) is not reached. Named RAID-1 of 4 before the mixed test; now the
    // mixed batches count the disks. With f of the requests writes, each disk is busy f + (1 - f) / 6
    // of a disk's time per request: at f = 0.2, 0.3333 against 0.3667 for 5 disks and 0.3143 for 7.
    const ProbeResult r = probe("raid1 disks=6 iops=300 ceiling=1200", 6);
    INFO(r.verdict.findingTexts().join(QStringLiteral("; ")).toStdString());
    requireVerdict(r, "raid1", "", 6, 0);
    const auto ceiling = std::find_if(r.verdict.findings.begin(), r.verdict.findings.end(), [](const ProbeFinding& f) {
        return f.kind == ProbeFinding::Kind::RequestCeiling;
    });
    REQUIRE(ceiling != r.verdict.findings.end());
    CHECK_THAT(ceiling->value(u"ceilingPerSecond"), WithinRel(1200.0, 0.02));
    const double f = ceiling->value(u"writeFraction");
    CHECK_THAT(ceiling->value(u"mixedPerSecond"), WithinRel(300 / (f + (1 - f) / 6), 0.02));
    // The same mirror without the cap: one disk's work per disk exactly as predicted, and named.
    requireVerdict(probe("raid1 disks=6 iops=300", 6), "raid1", "", 6, 0);
    // A chained of 3 with md's reads counted 2 copies and writes at 3/2 disks' rate (seed 11004):
    // named RAID-1 of 2 while the limit stood at 1.5 disks.
    checkNeverWrong("chained disks=3 chunk=8KiB iops=330 hostoverhead=52us:23us mirrorread=nearest", 11004, "chained");
}

TEST_CASE("Shear probe: writes at one disk's rate keep a mirror of 2 whole disks named where its reads spread evenly", "[probe][shear][realism]")
{
    // Chained of 2 (every chunk on both disks: a RAID-1 of 2) with md's reads (probe-eval --realism
    // seed 7022): the copies test counts 2, random reads spread over 1.77 disks' worth, above 0.8 of
    // the copies where a striped mirror of 3 disks and 2 copies (the rig's md RAID-10 n2 of 3) read
    // 1.69. That one writes at 3/2 disks' rate; a mirror of 2 whole disks writes at one disk's, as
    // measured here (1.000), so the writes name it.
    const char* spec = "chained disks=2 chunk=16KiB iops=570 hostoverhead=11us:4us mirrorread=nearest";
    const ProbeResult r = probe(spec, 7022);
    CHECK(r.calibration.blockCopies == 2);
    requireVerdict(r, "raid1", "", 2, 0);
    CHECK(r.verdict.equivalents.contains(QStringLiteral("chained disks=2 (any chunk)")));
    // Read-only, the same array spreads its reads alike, and without writes stays undecided.
    ProbeConfig config;
    config.seed = 7022;
    config.measureRedundancy = false;
    const ProbeResult ro = probe(spec, config);
    INFO(ro.verdict.spec.toStdString() << ": " << ro.verdict.findingTexts().join(QStringLiteral("; ")).toStdString());
    CHECK_FALSE(ro.verdict.identified);
}

TEST_CASE("Shear probe: under md's nearest head a striped mirror's even disks are not called slow or fast", "[probe][shear][realism]")
{
    // md sends a batch of one chunk's reads to its copies by where their heads stand, so chunk times
    // of an even array issued all at once spread by that split: this near RAID-10 of 8 x 2 read its
    // four chunks at 1.33, 0.96, 0.98 and 1.02 of their median (seed 103: 1.23 to 0.83; seed 108: 0.80
    // to 1.42). At the balanced band (1.25) disks 0 and 1 were called slow and, two disks off, the
    // answer withdrawn; under md's reads the band is 1.6. Fed a few requests per disk at a time, as the
    // layout tests are (chunkReadMs()), each chunk's reads see the heads move and split evenly: every
    // chunk within 5 % of the median on all three seeds, no disk named either way.
    const char* spec = "raid10 layout=near disks=8 copies=2 chunk=32KiB iops=700 hostoverhead=50us:10us mirrorread=nearest";
    for (std::uint64_t seed : { 103, 104, 108 }) {
        const ProbeResult r = probe(spec, seed);
        INFO("seed " << seed);
        REQUIRE(r.calibration.blockCopies == 2);
        REQUIRE_FALSE(r.calibration.copiesBalanced);
        requireVerdict(r, "raid10", "near", 8, 32768);
        REQUIRE(r.disks.size() == 8);
        for (const DiskSpeedPoint& d : r.disks)
            CHECK_THAT(d.relative, WithinAbs(1, 0.05));
        for (const ProbeFinding& f : r.verdict.findings) {
            CHECK(f.kind != ProbeFinding::Kind::SlowDisk);
            CHECK(f.kind != ProbeFinding::Kind::FastDisk);
        }
    }
}

TEST_CASE("Shear probe: under md's nearest head near and chained layouts are read a few requests per disk at a time", "[probe][shear][realism]")
{
    // md sends a read to an idle copy, else to the copy whose head (where its last read ended) is
    // nearest. A batch issued at once sees one set of heads, so each chunk's reads split over its
    // copies by chance and the levels and boundaries fit no layout; fed three per disk at a time,
    // each read sees the heads move and a chunk reads as its copies together, as the models assume.
    const char* chained = "chained disks=6 chunk=16KiB iops=350 hostoverhead=40us:10us mirrorread=nearest";
    const char* near = "raid10 layout=near disks=5 copies=2 chunk=16KiB iops=450 hostoverhead=40us:10us mirrorread=nearest";
    const ProbeResult c = probe(chained, 110);
    REQUIRE(c.calibration.blockCopies == 2);
    REQUIRE_FALSE(c.calibration.copiesBalanced);
    requireVerdict(c, "chained", "", 6, 16384);
    requireVerdict(probe(near, 104), "raid10", "near", 5, 16384);

    // The same arrays with every batch at once: the chained one is not named, and nothing wrong is (the
    // near one, whose first scan found no pattern, is named right since striped mirrors get the capped
    // scan too: md's crowded reads make the array look capped).
    for (const auto& [spec, seed, truth] : { std::tuple { chained, 110, "chained disks=6 chunk=16KiB" },
             std::tuple { near, 104, "raid10 layout=near disks=5 copies=2 chunk=16KiB" } }) {
        ProbeConfig config;
        config.seed = std::uint64_t(seed);
        config.tuning.mdReadsInFlight = 0;
        const ProbeResult atOnce = probe(spec, config);
        INFO(spec << " at once: " << atOnce.verdict.spec.toStdString());
        CHECK((!atOnce.verdict.identified || atOnce.verdict.layoutSpec == QString::fromUtf8(truth)));
        if (std::string_view(truth).starts_with("chained"))
            CHECK_FALSE(atOnce.verdict.identified);
    }
}

TEST_CASE("Shear probe: a mirror of whole disks under a request cap is counted by mixed batches the cap does not reach", "[probe][shear][realism]")
{
    // RAID-1 of 8 at 540 IOPS under a 3123/s cap (probe-eval --realism seed 13012): reads at 5.78
    // disks' rate, no whole number, so nothing was named. Writes, one request each, keep all 8 disks
    // busy at 540/s; with f of the requests writes the disks allow 540 / (f + (1 - f) / 8) per second.
    const ProbeResult r8 = probe("raid1 disks=8 chunk=8KiB iops=540 hostoverhead=16us:8us ceiling=3123", 13012);
    CHECK_THAT(r8.readWriteRatio, WithinRel(3123.0 / 540, 0.02));
    requireVerdict(r8, "raid1", "", 8, 0);
    // RAID-1 of 16 at 310 IOPS under a 3780/s cap (seed 7014): 12.2 disks' rate.
    requireVerdict(probe("raid1 disks=16 chunk=32KiB iops=310 hostoverhead=63us:23us ceiling=3780", 7014), "raid1", "", 16, 0);
    // A far RAID-10 of 10 x 3 under a cap at 1.7 disks' rate (seed 5009): writes at 3.65 disks' rate,
    // taken for one disk's where the calibration read at the cap's pace; its two batches counted
    // 3.01 and 2.25 disks of a whole mirror, and it was named RAID-1 of 2.
    checkNeverWrong("raid10 layout=far disks=10 copies=3 chunk=16KiB iops=1000 hostoverhead=68us:14us ceiling=6247", 5009, "raid10");
    // md's nearest head sends a batch's reads to few copies, so no batch counts the disks (seed 13038).
    checkNeverWrong("raid1 disks=13 chunk=64KiB iops=520 hostoverhead=24us:12us ceiling=4926 mirrorread=nearest", 13038,
        "raid1", "raid1 disks=13");
}

TEST_CASE("Shear probe: under a cap, md's reads are counted with few requests in flight, and a striped mirror counts apart", "[probe][shear][realism]")
{
    // RAID-1 of 9 at 930 IOPS under a 6660/s cap with md's reads. Issued all at once, a mixed batch
    // finds every copy busy and md sends its reads by head distance, unevenly: it counted 7.93 and
    // 8.81 and was named RAID-1 of 8. With 1.5 requests in flight per disk the cap allows, reads find
    // idle copies: the three counts (two of random writes, one of writes to one block) agree on 9.
    const ProbeResult r9 = probe("raid1 disks=9 chunk=8KiB iops=930 hostoverhead=31us:7us ceiling=6660 mirrorread=nearest", 517);
    requireVerdict(r9, "raid1", "", 9, 0);
    const auto ceiling = std::find_if(r9.verdict.findings.begin(), r9.verdict.findings.end(), [](const ProbeFinding& f) {
        return f.kind == ProbeFinding::Kind::RequestCeiling;
    });
    REQUIRE(ceiling != r9.verdict.findings.end());
    CHECK_THAT(ceiling->value(u"disks"), WithinAbs(9, 0.5));
    // RAID-1 of 13 under a cap: 13.45, 13.84 and 13.00 (named 11 all at once). Their spread is the
    // count's error: 13 and 14 both stay in reach, so neither is named.
    checkNeverWrong("raid1 disks=13 chunk=8KiB iops=890 hostoverhead=68us:17us ceiling=7121 mirrorread=nearest", 508,
        "raid1", "raid1 disks=13");
    // A near RAID-10 of 4 x 3 under a cap at 2.4 disks' rate (realism seed 13008): a write loads 3
    // of its 4 disks, so random mixed batches count its 3 copies (3.48, 3.30) as a RAID-1 of 3
    // would; writes all to one block load only that block's copies, counted 2.36 (1.4 predicted),
    // and no mirror of whole disks is named.
    checkNeverWrong("raid10 layout=near disks=4 copies=3 chunk=128KiB iops=940 hostoverhead=30us:14us ceiling=2292 mirrorread=nearest",
        13008, "raid10");
}

TEST_CASE("Shear probe: a RAID-4 whose writes cost less than its model is named with the RAID-5 that reads alike", "[probe][shear]")
{
    // The md rig's RAID-4 of 5 at 463 IOPS with writes read/write ratio 5.91, where read-modify-write
    // predicts 8 (the parity disk's two I/Os a write) and RAID-5 left-symmetric of 4, which reads
    // exactly alike (data chunk k on disk k mod 4), predicts 4: it was named that RAID-5. A parity disk
    // 1.35x faster than the rest gives the simulator the same cheap writes: 8 / 1.35 = 5.9.
    const ProbeResult r = probe("raid4 layout=parity-last disks=5 chunk=32KiB iops=463 speed=4:1.35", 4);
    INFO(r.verdict.spec.toStdString() << " / " << r.verdict.equivalents.join(QStringLiteral(", ")).toStdString());
    CHECK_THAT(r.readWriteRatio, WithinRel(8 / 1.35, 0.1));
    REQUIRE(r.verdict.identified);
    CHECK((r.verdict.spec == u"raid4 layout=parity-last disks=5 chunk=32KiB"
        || r.verdict.equivalents.contains(QStringLiteral("raid4 layout=parity-last disks=5 chunk=32KiB"))));
    // Where the writes cost what the model says, the ratio still tells the two apart.
    const ProbeResult plain = probe("raid4 layout=parity-last disks=5 chunk=32KiB iops=463", 3);
    requireVerdict(plain, "raid4", "parity-last", 5, 32768);
    CHECK_FALSE(plain.verdict.equivalents.contains(QStringLiteral("raid5 layout=left-symmetric disks=4 chunk=32KiB")));
}

TEST_CASE("Probe tuning: every constant settable by name, and nothing else", "[probe]")
{
    ProbeTuning t;
    QString error;
    CHECK(setTuning(t, QStringLiteral("pairSigma"), 0.11, &error));
    CHECK(t.pairSigma == 0.11);
    CHECK(setTuning(t, QStringLiteral("maxReadsPerTest"), 512, &error));
    CHECK(t.maxReadsPerTest == 512);
    CHECK_FALSE(setTuning(t, QStringLiteral("maxReadsPerTest"), 2.5, &error));
    CHECK(error.contains(QStringLiteral("whole number")));
    CHECK_FALSE(setTuning(t, QStringLiteral("noSuchThing"), 1, &error));
    CHECK(error.contains(QStringLiteral("unknown tuning noSuchThing")));
    CHECK_FALSE(setTuning(t, QStringLiteral("levelSigma"), -1, &error));
    CHECK(t.levelSigma == ProbeTuning {}.levelSigma);
    CHECK(setTuning(t, QStringLiteral("pacedRateAgreement"), 0.3, &error));
    CHECK(t.pacedRateAgreement == 0.3);
    CHECK(setTuning(t, QStringLiteral("burstWarmAtRate"), 0.5, &error));
    CHECK(t.burstWarmAtRate == 0.5);
    CHECK(tuningNames().size() == 87); // the struct's fields, counted by hand
}

namespace {

// A simulated array that a test changes in one way: everything else is the simulator's.
class SimWrapper : public IoTarget
{
public:
    explicit SimWrapper(std::unique_ptr<SimTarget> sim)
        : m_sim(std::move(sim))
    {
    }
    std::uint64_t capacityBytes() const override { return m_sim->capacityBytes(); }
    std::uint32_t blockBytes() const override { return m_sim->blockBytes(); }
    bool writable() const override { return m_sim->writable(); }
    QString describe() const override { return m_sim->describe(); }
    void idle(double ms, std::stop_token stop) override { m_sim->idle(ms, stop); }

protected:
    std::unique_ptr<SimTarget> m_sim;
};

// A simulated array written as a device is: each write reads its bytes first (DeviceTarget's safe
// write). Here the read goes out with the write, which loads the disks the same way.
// With `readlessEvery` n > 0, every n-th write goes out without its read: a device whose safe writes
// cost less than a read and a write each, as md's mirrors on the rig wrote (a far RAID-10 of 3 x 2
// at 516 writes a second where a read and two writes over 3 disks at 458 IOPS allow 458).
class SafeWriteSim final : public SimWrapper
{
public:
    explicit SafeWriteSim(std::unique_ptr<SimTarget> sim, int readlessEvery = 0)
        : SimWrapper(std::move(sim))
        , m_readlessEvery(readlessEvery)
    {
    }
    bool writable() const override { return true; }
    int readsPerWrite() const override { return 1; }
    std::optional<BatchTiming> run(std::span<const ProbeIo> requests, int outstanding, std::stop_token stop,
                                   QString* error) override
    {
        std::vector<ProbeIo> expanded;
        std::vector<std::size_t> at;
        for (const ProbeIo& io : requests) {
            if (io.write && (m_readlessEvery == 0 || ++m_writes % m_readlessEvery != 0))
                expanded.push_back({ io.offsetBytes, io.sizeBytes, false });
            at.push_back(expanded.size());
            expanded.push_back(io);
        }
        auto t = m_sim->run(expanded, outstanding, stop, error);
        if (!t)
            return t;
        BatchTiming out;
        for (std::size_t i : at)
            out.completionNs.push_back(t->completionNs[i]);
        return out;
    }

private:
    int m_readlessEvery = 0;
    std::uint64_t m_writes = 0;
};

// A simulated array whose deep queues of one sector's repeats finish early, as Linux md's RAID-1,
// 4, 5 and 6 do on the rig: one block read 368 times at once took 0.73 of the disk's time (a RAID-4
// of 4 at 468 IOPS: 573 ms, where 368 reads of its chunks took 783 without idle credit), while
// batches up to ~250 and reads of different blocks take the disk's time.
class DeepRepeatSim final : public SimWrapper
{
public:
    using SimWrapper::SimWrapper;
    std::optional<BatchTiming> run(std::span<const ProbeIo> requests, int outstanding, std::stop_token stop,
                                   QString* error) override
    {
        auto t = m_sim->run(requests, outstanding, stop, error);
        const bool oneSector = std::all_of(requests.begin(), requests.end(), [&](const ProbeIo& io) {
            return !io.write && io.offsetBytes == requests.front().offsetBytes;
        });
        if (t && requests.size() > 300 && oneSector)
            for (double& ns : t->completionNs)
                ns *= 0.73;
        return t;
    }
};

// A simulated array whose first three batches of k reads of one block take factor[k] times as long:
// the scatter the rig's batches of one block showed (host latency, idle credit regained between
// batches), where the median of five read a RAID 10 n2 of 3 x 2 as "0.37 0.98 1.86" reads.
class SlowRepeatsSim final : public SimWrapper
{
public:
    SlowRepeatsSim(std::unique_ptr<SimTarget> sim, std::map<std::size_t, double> factor)
        : SimWrapper(std::move(sim))
        , m_factor(std::move(factor))
    {
    }
    std::optional<BatchTiming> run(std::span<const ProbeIo> requests, int outstanding, std::stop_token stop,
                                   QString* error) override
    {
        auto t = m_sim->run(requests, outstanding, stop, error);
        const bool oneBlock = std::all_of(requests.begin(), requests.end(), [&](const ProbeIo& io) {
            return !io.write && io.offsetBytes == requests.front().offsetBytes;
        });
        const auto it = m_factor.find(requests.size());
        if (t && oneBlock && it != m_factor.end() && m_slowed[requests.size()]++ < 3)
            for (double& ns : t->completionNs)
                ns *= it->second;
        return t;
    }

private:
    std::map<std::size_t, double> m_factor;
    std::map<std::size_t, int> m_slowed;
};

// A simulated array behind a cache of recently read blocks that answers their repeats without a disk,
// each at the host's cost in turn, as md's stripe cache answers a degraded RAID-4/5/6's (the rig's
// RAID-5 of 5 at 300 IOPS with member 1 failed: 32 repeats of a block at 0.17-0.31 ms a read; stripes
// stay cached until 256 newer ones push them out, stripe_cache_size).
class StripeCacheSim final : public SimWrapper
{
public:
    using SimWrapper::SimWrapper;
    std::optional<BatchTiming> run(std::span<const ProbeIo> requests, int outstanding, std::stop_token stop,
                                   QString* error) override
    {
        std::vector<ProbeIo> missed;
        std::vector<std::ptrdiff_t> at; // index in `missed`, or -1: answered by the cache
        for (const ProbeIo& io : requests) {
            const bool hit = io.write ? (forget(io.offsetBytes), false) : cached(io.offsetBytes);
            at.push_back(hit ? -1 : std::ptrdiff_t(missed.size()));
            if (!hit) {
                missed.push_back(io);
                if (!io.write)
                    remember(io.offsetBytes);
            }
        }
        BatchTiming out;
        std::optional<BatchTiming> t;
        if (!missed.empty() && !(t = m_sim->run(missed, std::min<int>(outstanding, int(missed.size())), stop, error)))
            return t;
        double hostNs = 0;
        for (std::ptrdiff_t i : at)
            out.completionNs.push_back(i < 0 ? (hostNs += 200e3) : t->completionNs[std::size_t(i)]);
        return out;
    }

private:
    bool cached(std::uint64_t offset) const { return std::find(m_recent.begin(), m_recent.end(), offset) != m_recent.end(); }
    void remember(std::uint64_t offset)
    {
        m_recent.push_back(offset);
        if (m_recent.size() > 256)
            m_recent.pop_front();
    }
    void forget(std::uint64_t offset) { m_recent.erase(std::remove(m_recent.begin(), m_recent.end(), offset), m_recent.end()); }
    std::deque<std::uint64_t> m_recent;
};

} // namespace

// Probes `spec` simulated behind a test's wrapper (built from the SimTarget and `args`).
template <class Wrapper, class... Args>
ProbeResult probeThrough(const char* spec, const ProbeConfig& config, Args&&... args)
{
    auto sim = SimTarget::create(QString::fromUtf8(spec), nullptr);
    INFO(spec);
    REQUIRE(sim);
    Wrapper target(std::move(sim), std::forward<Args>(args)...);
    return runShearProbe(target, config);
}

TEST_CASE("Shear probe: a degraded array whose repeats a cache answers is scaled from distinct reads", "[probe][shear][realism]")
{
    // Arrays at 300 IOPS a disk (QEMU's burst of 30) with member 1 failed, behind a cache of the last
    // 256 blocks read, as md reads a degraded array on the rig. One block's repeats cost the host's
    // 0.2 ms each: the calibration took that for a disk's read, and the probe named nothing (the rig's
    // RAID-5 of 5) or a mirror of 2 from the copies test (the rig's RAID-6 of 6). From distinct reads
    // the disk's read is 1/300 s, and the layout is named with the failed member. The RAID-6 as md
    // reads it degraded, every survivor of a row (paritywrite=md).
    // RAID-5 left-symmetric of 5 reads as RAID-4 of 6 with its parity disk unread: either will do.
    const std::pair<const char*, const char*> arrays[] = {
        { "raid5 layout=left-symmetric disks=5 chunk=64KiB iops=300 burst=30 failed=1", "raid5 layout=left-symmetric disks=5 chunk=64KiB failed=1" },
        { "raid6 layout=left-symmetric disks=6 chunk=32KiB iops=300 burst=30 failed=1 paritywrite=md",
          "raid6 layout=left-symmetric disks=6 chunk=32KiB failed=1 paritywrite=md" },
    };
    for (const auto& [spec, truth] : arrays) {
        ProbeConfig config;
        config.seed = 3;
        config.measureRedundancy = false;
        const ProbeResult r = probeThrough<StripeCacheSim>(spec, config);
        CHECK(r.calibration.blockCopies == 0); // the copies test's count dropped: repeats were cached
        CHECK_THAT(r.calibration.queuedReadMs, WithinRel(1000.0 / 300, 0.15));
        CHECK(r.calibration.burstReads > 15);
        CHECK(r.calibration.burstReads < 45);
        const ProbeVerdict& v = r.verdict;
        INFO("verdict: " << v.spec.toStdString() << " (" << v.equivalents.join(QStringLiteral(", ")).toStdString()
                         << ") findings: " << v.findingTexts().join(QStringLiteral("; ")).toStdString());
        REQUIRE(v.identified);
        CHECK((v.spec == QLatin1String(truth) || v.equivalents.contains(QLatin1String(truth))));
        CHECK(v.failedDisk == 1);
        // Without the checks (repeats cached by no host) the probe does not get there.
        config.tuning.cachedRepeatFraction = 0;
        config.tuning.hostCacheFraction = 1;
        CHECK_FALSE(probeThrough<StripeCacheSim>(spec, config).verdict.identified);
    }
}

TEST_CASE("Shear probe: the copies test times an unclear step again", "[probe][shear][realism]")
{
    // A near RAID-10 of 4 x 2 under md's nearest head: k reads of one block take one batch's time
    // for k <= 2 (each copy takes one; here 0.60 of a queued read, on idle credit) and one read more
    // for each further read: 0.60 0.60 1.60 2.60. Three of the first five pairs slowed 1.9x and three
    // triples 1.3x make the medians 0.60 1.14 2.08: steps of 0.54 and 0.94, both "whole" to the
    // old rule, which counted one copy, as on the rig. 0.54 is within 0.3 of neither none nor one,
    // so those sizes are timed ten times more and the medians of fifteen are the true 0.60 and 1.60.
    const char* spec = "raid10 layout=near disks=4 copies=2 chunk=32KiB iops=400 hostoverhead=40us:10us mirrorread=nearest";
    for (const bool again : { true, false }) {
        ProbeConfig config;
        config.seed = 7;
        if (!again)
            config.tuning.copiesClear = 2; // every step within 2 reads of none: clear, never timed again
        const ProbeResult r = probeThrough<SlowRepeatsSim>(spec, config, std::map<std::size_t, double> { { 2, 1.9 }, { 3, 1.3 } });
        INFO("again " << again << ", copies test: " << r.calibration.copiesMs.size() << " sizes");
        REQUIRE(r.calibration.copiesMs.size() >= 3);
        CHECK(r.calibration.blockCopies == (again ? 2 : 1));
    }
}

TEST_CASE("Shear probe: a read-only probe measures the random read rate and no ratio", "[probe][shear][realism]")
{
    // A near RAID-10 of 6 x 2, each disk throttled to 300 reads a second: random reads over all six
    // come at up to 6 x 300 = 1800 a second, which no three-disk layout of the same pattern (chained
    // of 3, 2 copies) reaches. Read-only (as a device without --allow-writes): no write, no ratio.
    const char* spec = "raid10 layout=near disks=6 copies=2 chunk=64KiB iops=300 hostoverhead=40us:10us mirrorread=nearest";
    ProbeConfig config;
    config.seed = 3;
    config.measureRedundancy = false;
    const ProbeResult r = probe(spec, config);
    CHECK(r.writes.empty());
    CHECK(r.readWriteRatio == 0);
    const double readsPerSecond = r.readMBps * 1e6 / r.blockBytes;
    CHECK(readsPerSecond > 0.8 * 1800);
    CHECK(readsPerSecond < 1.05 * 1800);
    requireVerdict(r, "raid10", "near", 6, 65536);
    // Left unmeasured, as before: nothing to read the parallelism from.
    config.tuning.readOnlyReadRate = 0;
    CHECK(probe(spec, config).readMBps == 0);
}

TEST_CASE("Shear probe: the one-disk level does not come from a deep queue of one sector's repeats", "[probe][shear][realism]")
{
    // The rig's RAID-4 of 4 at 468 IOPS (a burst of 47 reads after idle): with the level from one
    // block's N repeats, every chunk read 0.35 above it and every candidate failed on its level.
    auto sim = SimTarget::create(QStringLiteral("raid4 disks=4 chunk=16KiB iops=468 burst=47"), nullptr);
    REQUIRE(sim);
    DeepRepeatSim target(std::move(sim));
    ProbeConfig config;
    config.seed = 5;
    const ProbeResult r = runShearProbe(target, config);
    REQUIRE(r.calibration.readsPerTest > 300);
    CHECK(r.calibration.queuedMs < 0.8 * r.serialMs); // the repeats' shortcut, seen and left out
    CHECK_THAT(r.serialMs, WithinRel(r.calibration.readsPerTest * 1000.0 / 468, 0.05));
    requireVerdict(r, "raid4", "parity-last", 4, 16384);
}

TEST_CASE("Shear probe: a member far slower than the rest is named from reads of its own block", "[probe][shear][realism]")
{
    // RAID-5 of 5, RAID-0 of 4 and RAID-6 of 6, each disk throttled to 300 IOPS but member 2 to 60 (the
    // md rig's IOPS_DISK=2:60): reads spread over the array put a fifth (a quarter, a sixth) of a batch
    // on member 2, which takes 5 x 1/5 (5 x 1/4, 5 x 1/6) of N fast reads' time, about as long as N
    // reads on one fast disk, so a random phase of the pattern (on a fast member, mostly) reads like the spread. One
    // block read 5 times slower (300 / 60) than the others is on member 2; N reads at multiples of the
    // pattern from that block all queue on member 2 (5 N fast reads' time), at other sizes they spread
    // (at most half of them on it). The layout is then named, and member 2 with it, about 5x slower.
    // RAID-5 left-symmetric of 5 reads as RAID-0 of 5 (chunk n on disk n mod 5): an equivalent.
    for (const auto& [spec, truth] : { std::pair { "raid5 layout=left-symmetric disks=5 chunk=64KiB iops=300,2:60",
                                                   "raid5 layout=left-symmetric disks=5 chunk=64KiB" },
                                       std::pair { "raid0 disks=4 chunk=32KiB iops=300,2:60", "raid0 disks=4 chunk=32KiB" },
                                       std::pair { "raid6 layout=left-symmetric disks=6 chunk=32KiB iops=300,2:60",
                                                   "raid6 layout=left-symmetric disks=6 chunk=32KiB" } }) {
        ProbeConfig config;
        config.seed = 1;
        config.measureRedundancy = false;
        const ProbeResult r = probe(spec, config);
        const ProbeVerdict& v = r.verdict;
        INFO(spec << " -> " << v.spec.toStdString() << "; " << v.findingTexts().join(QStringLiteral("; ")).toStdString());
        CHECK(v.identified);
        CHECK((v.spec == QString::fromUtf8(truth) || v.equivalents.contains(QString::fromUtf8(truth))));
        CHECK_FALSE(v.has(ProbeFinding::Kind::WeakEvidence));
        const ProbeFinding* slowDisk = v.find(ProbeFinding::Kind::SlowDisk);
        REQUIRE(slowDisk);
        CHECK(slowDisk->disks == std::vector<int> { 2 });
        CHECK_THAT(slowDisk->value(u"relative"), WithinRel(5.0, 0.1));
    }
    // All members alike: the slow-member test finds none, and the spread reads tell the layout.
    ProbeConfig config;
    config.seed = 1;
    config.measureRedundancy = false;
    requireVerdict(probe("raid0 disks=4 chunk=32KiB iops=300", config), "raid0", "", 4, 32768);
}

TEST_CASE("Shear probe: md's RAID-1 with a slow member is counted in member order and the member named", "[probe][shear][realism]")
{
    // md's read_balance() sends a read to the first member with nothing pending (member order), so with
    // k reads in flight members 0 ... k-1 serve them, each at its throttle's rate: 1 to 7 in flight read
    // 300, 600, 660, 960, 1260, 1260, 1260 a second for a RAID-1 of 5 at 300 IOPS with member 2 at 60.
    // Each step past the first adds one member's rate, and the member 60 / 300 = 1/5 as fast is named
    // by its place, 5x slower.
    struct Case
    {
        const char* spec;
        bool writes;
        int slow;
        int disks = 5;
    };
    for (const Case& c : { Case { "raid1 disks=5 iops=300,2:60 mirrorread=nearest hostoverhead=40us:10us", false, 2 },
                           Case { "raid1 disks=5 iops=300,2:60 mirrorread=nearest hostoverhead=40us:10us", true, 2 },
                           Case { "raid1 disks=5 iops=300,0:60 mirrorread=nearest hostoverhead=40us:10us", true, 0 },
                           // The last member: its short step could be a cap's, but the writes run at its rate, and
                           // with 5 in flight 60 / 1260 of the reads take its 16.7 ms where a cap delays all alike.
                           Case { "raid1 disks=5 iops=300,4:60 mirrorread=nearest hostoverhead=40us:10us", true, 4 },
                           Case { "raid1 disks=5 iops=300,4:60 mirrorread=nearest hostoverhead=40us:10us", false, 4 },
                           // 11 copies counted, but writes at member 0's 82 a second against reads at 4194 (a ratio
                           // of 51, 5 x 10 + 1) had named RAID-1 of 40 (probe-eval --realism --slow seed 201034).
                           Case { "raid1 disks=11 iops=410 hostoverhead=28us:3us mirrorread=nearest speed=0:0.2", true, 0, 11 } }) {
        ProbeConfig config;
        config.seed = 1;
        config.measureRedundancy = c.writes;
        const ProbeResult r = probe(c.spec, config);
        const ProbeVerdict& v = r.verdict;
        INFO(c.spec << (c.writes ? " (writes)" : "") << " -> " << v.spec.toStdString() << "; "
                    << v.findingTexts().join(QStringLiteral("; ")).toStdString());
        CHECK(v.identified);
        CHECK(v.spec == QStringLiteral("raid1 disks=%1").arg(c.disks));
        const ProbeFinding* slowDisk = v.find(ProbeFinding::Kind::SlowDisk);
        REQUIRE(slowDisk);
        CHECK(slowDisk->disks == std::vector<int> { c.slow });
        CHECK_THAT(slowDisk->value(u"relative"), WithinRel(5.0, 0.1));
    }
    // A healthy mirror under a cap at 1300 of its 1500 a second: its last step short (100 of 300), every
    // read delayed alike, so no member is slow, and no count from the steps.
    ProbeConfig config;
    config.seed = 1;
    config.measureRedundancy = false;
    const ProbeVerdict v = probe("raid1 disks=5 iops=300 ceiling=1300 mirrorread=nearest hostoverhead=40us:10us", config).verdict;
    INFO(v.spec.toStdString() << "; " << v.findingTexts().join(QStringLiteral("; ")).toStdString());
    CHECK_FALSE(v.has(ProbeFinding::Kind::SlowDisk));
    CHECK((!v.identified || v.spec == QStringLiteral("raid1 disks=5")));
    // Balanced by shortest queue, a RAID-1 of 2 with member 1 at a fifth reads 200 + 40 a second and writes
    // 40: a ratio of 6 (5 x 1 + 1), but 2 reads in flight already reach the full rate, as 2 members do
    // and 6 do not. Never RAID-1 of 6 (probe-eval --realism --slow seed 207034 named it so).
    {
        ProbeConfig withWrites;
        withWrites.seed = 207034;
        const ProbeVerdict two = probe("raid1 disks=2 iops=200 hostoverhead=17us:3us speed=1:0.2", withWrites).verdict;
        INFO(two.spec.toStdString() << "; " << two.findingTexts().join(QStringLiteral("; ")).toStdString());
        CHECK((!two.identified || two.spec == QStringLiteral("raid1 disks=2")));
        CHECK(two.identified); // counted by a batch at once, which waits on member 1 (the case below)
    }
    // A striped mirror with the same slow member never reads in member order: not named a RAID-1.
    const ProbeVerdict near = probe("raid10 disks=4 chunk=32KiB iops=300,2:60 mirrorread=nearest hostoverhead=40us:10us", config).verdict;
    INFO(near.spec.toStdString());
    CHECK(near.scheme != QStringLiteral("raid1"));
}

TEST_CASE("Shear probe: a balanced mirror of whole disks with a slow member is counted by a batch issued at once",
    "[probe][shear][realism]")
{
    // Shortest-queue reads pass a slow member by and every write waits for it: RAID-1 of D at r with one
    // member at r / 5 reads (D - 1 + 1/5) r and writes r / 5, a ratio of 5 (D - 1) + 1 (RAID-1 of 7: 31,
    // named RAID-1 of 31 and left undecided, probe-eval --realism --slow seed 215033). A batch issued at
    // once splits evenly, each read taking the then shortest queue, and waits on the slow member's share:
    // N reads at once at D times its rate, D times the writes'. The factor is the spec's, 270 / 54.
    struct Case
    {
        const char* spec;
        std::uint64_t seed;
        int disks;
        double factor;
        bool safeWrites;
    };
    for (const Case& c : { Case { "raid1 disks=7 chunk=32KiB iops=270 hostoverhead=43us:21us speed=1:0.2", 215033, 7, 5.0, false },
                           Case { "raid1 disks=8 chunk=16KiB iops=380 hostoverhead=33us:7us speed=2:0.2", 217038, 8, 5.0, false },
                           Case { "raid1 disks=5 chunk=64KiB iops=400 hostoverhead=30us:5us speed=3:0.25", 5, 5, 4.0, false },
                           // A device's safe writes read first: one read more a write, spread over the copies.
                           Case { "raid1 disks=5 chunk=64KiB iops=400 hostoverhead=30us:5us speed=3:0.25", 5, 5, 4.0, true } }) {
        ProbeConfig config;
        config.seed = c.seed;
        const ProbeResult r = c.safeWrites ? probeThrough<SafeWriteSim>(c.spec, config) : probe(c.spec, config);
        const ProbeVerdict& v = r.verdict;
        INFO(c.spec << (c.safeWrites ? " (safe writes)" : "") << " -> " << v.spec.toStdString() << "; "
                    << v.findingTexts().join(QStringLiteral("; ")).toStdString());
        CHECK(v.identified);
        CHECK(v.spec == QStringLiteral("raid1 disks=%1").arg(c.disks));
        const ProbeFinding* slowDisk = v.find(ProbeFinding::Kind::SlowDisk);
        REQUIRE(slowDisk);
        CHECK(slowDisk->disks.empty()); // every member holds every block: none can be named
        CHECK_THAT(slowDisk->value(u"relative"), WithinRel(c.factor, 0.1));
    }
    // A healthy balanced mirror (its ratio its disks') never gets a slow member from the batch.
    const ProbeVerdict healthy = probe("raid1 disks=6 chunk=32KiB iops=300 hostoverhead=40us:10us", 7).verdict;
    INFO(healthy.spec.toStdString() << "; " << healthy.findingTexts().join(QStringLiteral("; ")).toStdString());
    CHECK(healthy.spec == QStringLiteral("raid1 disks=6"));
    CHECK_FALSE(healthy.has(ProbeFinding::Kind::SlowDisk));
}

TEST_CASE("Shear probe: a slow member never lowers a mirror's ratio nor lifts the reads over the disks", "[probe][shear][realism]")
{
    // RAID-0 of 14 with member 4 at a fifth: reads and writes both wait on it, each reaching it as often,
    // so the ratio stays RAID-0's 1 (measured 1.08). md's far RAID-10 of 14 x 2 and x 3 read as RAID-0
    // and predict 2 and 3; their writes reach the slow member twice and three times as often as the reads,
    // never less, so the measured ratio below theirs rules them out (probe-eval --realism --slow
    // --slow-speed 0.2 seed 209019 had it undecided between RAID-0 and far x 3).
    // RAID-0 of 15 with member 3 at a fifth read at 14.1 disks' rate, the chunks read alone at the
    // calibration's level: degraded RAID-5s of 15 (7.5 disks' reads predicted) fitted inside the member's
    // 5.26x band, and their many failed-member variants left it undecided (seed 211010).
    for (const auto& [spec, seed, name, member] :
        { std::tuple { "raid0 disks=14 chunk=8KiB iops=220 hostoverhead=30us:14us speed=4:0.2", 209019, "raid0 disks=14 chunk=8KiB", 4 },
          std::tuple { "raid0 disks=15 chunk=16KiB iops=500 hostoverhead=66us:5us speed=3:0.2", 211010, "raid0 disks=15 chunk=16KiB", 3 } }) {
        const ProbeResult r = probe(spec, std::uint64_t(seed));
        const ProbeVerdict& v = r.verdict;
        INFO(spec << " -> " << v.spec.toStdString() << "; " << v.findingTexts().join(QStringLiteral("; ")).toStdString());
        CHECK(v.identified);
        CHECK(v.spec == QLatin1String(name));
        const ProbeFinding* slowDisk = v.find(ProbeFinding::Kind::SlowDisk);
        REQUIRE(slowDisk);
        CHECK(slowDisk->disks == std::vector<int> { member });
    }
}

TEST_CASE("Shear probe: reads served by more disks than the answer has withdraw it", "[probe][shear][realism]")
{
    // Chained of 16 at 64 KiB, capped, md's nearest-head reads: its 1 MiB pattern is also chained of 8 at
    // 128 KiB's and near RAID-10 of 8 x 2 at 256 KiB's, and the boundary tests under md's reads gave the
    // wider chunk. Both were named (probe-eval --realism --slow --slow-speed 0.2 seeds 205029 and
    // 215027, WRONG), though random reads ran at 11.2 and 10.2 disks' rate where 8 disks give 8 at most.
    for (const auto& [spec, seed] : { std::pair { "chained disks=16 chunk=64KiB iops=680 hostoverhead=29us:14us ceiling=9616 mirrorread=nearest", 205029 },
                                      std::pair { "chained disks=16 chunk=64KiB iops=390 hostoverhead=64us:11us ceiling=5786 mirrorread=nearest", 215027 } }) {
        const ProbeVerdict v = probe(spec, std::uint64_t(seed)).verdict;
        INFO(spec << " -> " << v.spec.toStdString() << "; " << v.findingTexts().join(QStringLiteral("; ")).toStdString());
        const QString truth = QStringLiteral("chained disks=16 chunk=64KiB");
        CHECK((!v.identified || v.layoutSpec == truth || v.equivalents.contains(truth)));
        if (!v.identified && v.disks == 8) {
            const ProbeFinding* undecided = v.find(ProbeFinding::Kind::Undecided);
            REQUIRE(undecided);
            CHECK(undecided->value(u"parallelism") > 1.2 * 8);
        }
    }
    // With a slow member too, where the chunks read alone agree with the calibration's disk: far RAID-10 of
    // 8 x 3 at 32 KiB, member 3 at a fifth, under a cap, read at 48.6 disks' rate and was named far RAID-10
    // of 32 x 24 at 4 KiB (seed 219033, WRONG).
    const ProbeVerdict far = probe("raid10 layout=far disks=8 copies=3 chunk=32KiB iops=480 hostoverhead=70us:7us ceiling=2944 speed=3:0.2", 219033).verdict;
    INFO(far.spec.toStdString() << "; " << far.findingTexts().join(QStringLiteral("; ")).toStdString());
    CHECK((!far.identified || far.layoutSpec == QLatin1String("raid10 layout=far disks=8 copies=3 chunk=32KiB")));
}

TEST_CASE("Shear probe: a RAID-4's safe writes are bounded by its parity disk, their reads cost nothing", "[probe][shear]")
{
    // RAID-4 of 6 with each disk throttled to 441 IOPS: reads over the 5 data disks come at 5 x 441
    // a second; every write reads and writes the parity disk, 441 / 2 a second, whether or not it
    // reads its own block first on a data disk (which has time to spare). Measured with safe writes
    // the ratio is that of the writes alone, 10, not one more. (The rig's md RAID-4 of 6 at 441
    // IOPS measured 8.84 and, with one read taken off for every layout, was named RAID-6
    // continuous of 5.)
    ProbeConfig config;
    config.seed = 19;
    const ProbeResult r = probeThrough<SafeWriteSim>("raid4 disks=6 chunk=32KiB iops=441 hostoverhead=40us:10us", config);
    CHECK_THAT(r.measuredReadWriteRatio, WithinRel(10.0, 0.15));
    requireVerdict(r, "raid4", "parity-last", 6, 32768);
}

TEST_CASE("Shear probe: a safe write's own read is left out of the read/write ratio", "[probe][shear]")
{
    // RAID-10 near, 2 copies on 4 disks: a write costs two disk writes, a safe write one read more, so
    // reads over 4 disks run up to 3x as fast as safe writes (less here: the read and the write of a
    // block meet at the same place on the disk, with no seek between), 2x as fast as writes alone.
    auto sim = SimTarget::create(QStringLiteral("raid10 disks=4 chunk=16KiB"), nullptr);
    REQUIRE(sim);
    SafeWriteSim target(std::move(sim));
    ProbeConfig config;
    const ProbeResult r = runShearProbe(target, config);
    CHECK(r.measuredReadWriteRatio > 2.4);
    CHECK(r.measuredReadWriteRatio < 3.3);
    CHECK(r.readWriteRatio == r.measuredReadWriteRatio - 1);
    requireVerdict(r, "raid10", "near", 4, 16384);
}

TEST_CASE("Shear probe: a device's mirror is not named a parity layout for writes cheaper than its model", "[probe][shear]")
{
    // md's far RAID-10 of 3 x 2 reads every block from the copy with the lowest address, so its reads
    // are RAID-0's over 3 disks, as RAID-4 of 4's and RAID-5 of 3's are; only the read/write ratio
    // tells them apart: 2 against 3. On the rig it measured 1.69 (writes 1.12x faster than a read and
    // two writes allow) and, held to 0.06 in log while a parity layout of 3 data chunks is allowed
    // 0.35, it was named RAID-4 of 4. Here a third of the safe writes go out without their read: reads
    // run at 3 disks' rate, a write costs two writes and two thirds of a read over 3 disks (8/9 of a
    // disk's time each), so the ratio less the read is 3 x 8/9 - 1 = 1.67 for 2.
    auto sim = SimTarget::create(QStringLiteral("raid10 layout=far disks=3 copies=2 chunk=128KiB iops=458 mirrorread=nearest"), nullptr);
    REQUIRE(sim);
    SafeWriteSim target(std::move(sim), 3);
    ProbeConfig config;
    config.seed = 2732;
    const ProbeResult r = runShearProbe(target, config);
    INFO(r.verdict.spec.toStdString() << " at " << r.verdict.confidence << ": "
                                      << r.verdict.findingTexts().join(QStringLiteral("; ")).toStdString());
    CHECK_THAT(r.readWriteRatio, WithinRel(1.67, 0.1));
    // Both ratios within twice their spread of 1.67 (the mirror's 0.17 for safe writes, the parity
    // layout's 0.35): nothing measured tells them apart, and the verdict says so.
    QStringList named = r.verdict.equivalents;
    named << r.verdict.spec;
    INFO(named.join(QStringLiteral("; ")).toStdString());
    if (r.verdict.identified)
        CHECK(named.contains(QStringLiteral("raid10 layout=far disks=3 copies=2 chunk=128KiB mirrorread=nearest")));
}

TEST_CASE("Shear probe: a striped array under a request ceiling is found by a second scan", "[probe][shear]")
{
    // Seven 800 IOPS drives under a 3219/s ceiling read at four drives' rate: the layouts that read
    // that slowly have no 14-chunk pattern, so the first scan never tries zig-zag's. The truth is the
    // simulated array; the ceiling is named from one chunk of each disk read at once.
    const ProbeResult r = probe("zigzag disks=7 chunk=32KiB iops=800 hostoverhead=72us:29us ceiling=3219", 5013);
    requireVerdict(r, "zigzag", "", 7, 32768);
    CHECK(r.verdict.patternBytes == 14 * 32768);
    CHECK(r.verdict.has(ProbeFinding::Kind::RequestCeiling));
}

TEST_CASE("Shear probe: a large capped striped array has its slow group's pairs measured disk-fresh, and the cap named", "[probe][shear][realism]")
{
    // RAID-0 of 15 at 950 IOPS under an 11249/s ceiling (probe-eval --realism seed 13022). One chunk
    // of each disk read at once took 2.35x one disk's time: a cap, or two members on one disk (Shear
    // Fig. 17), which only every pair of the 15 (105) tells apart. With 66 pairs at most nothing was
    // named. Measured row by row (0-1, 0-2 ...), every pair after a row's first began on a disk the
    // test before had drained of its idle credit (95 reads at 950 IOPS: 100 ms) and read 807 ms
    // against 707 alone: an excess of 0.14 where separate disks have 0.
    const ProbeResult r = probe("raid0 disks=15 chunk=128KiB iops=950 hostoverhead=44us:3us ceiling=11249", 13022);
    requireVerdict(r, "raid0", "", 15, 131072);
    CHECK(r.verdict.has(ProbeFinding::Kind::RequestCeiling));
    REQUIRE(r.pairs.size() >= 105);
    for (const PairPoint& p : r.pairs) { // RAID-0: no two chunks of the pattern share a disk
        INFO("pair " << p.a << "-" << p.b);
        CHECK(std::abs(p.ratio) < 0.05);
    }
}

TEST_CASE("Shear probe: under a cap a pattern's candidates keep their capped ratio, and same-disk pairs read an excess of 1", "[probe][shear][realism]")
{
    // RAID-5 right-asymmetric of 16 at 370 IOPS under a 3224/s ceiling (probe-eval --realism seed
    // 7010). Reads run at the cap, 3224/370 = 8.7 of 16 disks, writes near the disks' rate, so the
    // ratio reads about 4 x 8.7/16 = 2.18 (2.13 measured). The candidate list for its 240-chunk
    // pattern dropped every layout whose own ratio was over 1.8x the measured one, the healthy
    // RAID-5 of 16 (4) among them, and only degraded ones were left to fail the pairs.
    const ProbeResult r = probe("raid5 layout=right-asymmetric disks=16 chunk=128KiB iops=370 hostoverhead=68us:31us ceiling=3224", 7010);
    requireVerdict(r, "raid5", "right-asymmetric", 16, 131072);
    CHECK(r.readWriteRatio < 2.18 * 1.1);
    // Every disk starts a single or a pair rested, with QEMU's burst (IOPS/10 reads) in hand, and N
    // is 8 bursts: two chunks on one disk read (2N - burst) against (N - burst) alone, an excess of
    // N/(N - burst) = 8/7 = 1.14 in the batches' times. With the burst's time added back (the
    // disks' work) it is the model's 1; chunks on separate disks stay at 0.
    int shared = 0;
    for (const PairPoint& p : r.pairs) {
        INFO("pair " << p.a << "-" << p.b << ": " << p.ratio);
        CHECK((std::abs(p.ratio) < 0.05 || std::abs(p.ratio - 1) < 0.05));
        shared += p.ratio > 0.5;
    }
    CHECK(shared > 0);
}

TEST_CASE("Shear probe: a ceiling lowers the read/write ratio by at most the reads' shortfall", "[probe][shear]")
{
    // RAID-6 of 8 at 440 IOPS a disk under a 2661/s ceiling on requests (probe-eval --realism seed 5,
    // array 8): random reads at 6 of 8 disks' rate, writes (one request, six disk I/Os) hardly capped,
    // so the ratio read 4.3 for 5.9. Its true 768-block pattern fitted every pair but was rejected on
    // the ratio alone, and a million I/Os later nothing was identified.
    const ProbeResult r = probe("raid6 layout=right-asymmetric disks=8 chunk=64KiB iops=440 hostoverhead=38us:15us ceiling=2661", 5008);
    requireVerdict(r, "raid6", "right-asymmetric", 8, 65536);
    CHECK(r.verdict.patternBytes == 48 * 65536);
}

TEST_CASE("Shear probe: under a request ceiling the ratio falls by the reads' shortfall, which tells RAID-4 from RAID-6", "[probe][shear]")
{
    // RAID-4 of 8 at 520 IOPS under a 2928/s ceiling on requests (probe-eval --realism seed 7023):
    // reads run at the ceiling, 5.6 of the 7 data disks' rate, and a write (one request) at the
    // parity disk's 260/s, so the ratio reads about 14 x 2928 / (7 x 520) = 11.3. RAID-6 continuous
    // of 7 has the same pairs and predicts 6 x 2928 / 3640 = 4.8 under that ceiling; with the ratio
    // only loosely compared the two split 0.8 to 0.2 and nothing was named.
    const ProbeResult r = probe("raid4 layout=parity-first disks=8 chunk=32KiB iops=520 hostoverhead=32us:6us ceiling=2928", 7023);
    INFO(r.verdict.spec.toStdString() << " / " << r.verdict.equivalents.join(QStringLiteral(", ")).toStdString());
    CHECK(std::abs(r.readWriteRatio / 11.3 - 1) < 0.1);
    REQUIRE(r.verdict.identified);
    CHECK(r.verdict.scheme == u"raid4");
    CHECK(r.verdict.disks == 8);
    CHECK(r.verdict.chunkBytes == 32768);
    // Parity first or last only renumbers the disks: no timing tells them apart.
    CHECK((r.verdict.variant == u"parity-first"
        || r.verdict.equivalents.contains(QStringLiteral("raid4 layout=parity-first disks=8 chunk=32KiB"))));
}

TEST_CASE("Shear probe: md's mirror reads on throttled disks", "[probe][shear]")
{
    // Linux md sends a read to an idle copy first and the rest to one copy (raid1.c read_balance):
    // k reads of one block take one queued read up to k = copies, one more per read beyond. The
    // truth here is the simulated array itself.
    SECTION("a 3-way md RAID-1 is counted by its copies, no pattern needed")
    {
        const ProbeResult r = probe("raid1 disks=3 mirrorread=nearest iops=300");
        CHECK(r.calibration.blockCopies == 3);
        CHECK(r.verdict.identified);
        CHECK(r.verdict.scheme == u"raid1");
        CHECK(r.verdict.disks == 3);
    }
    SECTION("md reads far copies at the lowest address: RAID-10 far reads as RAID-0, writes name it")
    {
        const ProbeResult r = probe("raid10 layout=far disks=4 copies=2 chunk=64KiB mirrorread=nearest iops=300");
        CHECK(r.calibration.blockCopies == 1);
        CHECK(r.verdict.identified);
        CHECK(r.verdict.mdMirrorReads);
        QStringList named = r.verdict.equivalents;
        named << r.verdict.spec;
        CHECK(named.contains(QStringLiteral("raid10 layout=far disks=4 copies=2 chunk=64KiB mirrorread=nearest")));
    }
    SECTION("a block of a single-copy layout is read from one disk")
    {
        const ProbeResult r = probe("raid5 disks=4 chunk=32KiB iops=400");
        CHECK(r.calibration.blockCopies == 1);
        CHECK(r.verdict.spec == u"raid5 layout=left-symmetric disks=4 chunk=32KiB");
    }
}

TEST_CASE("Shear probe: under the contrast floor no layout is named, nor what a layout would say", "[probe][shear]")
{
    // The rig's RAID-0 of 4 with one member at a fifth of the others' rate read one disk's N reads
    // only 1.03x slower than N over the array, fitted RAID-4 of 3 at 8 KiB, and named disk 0 failed.
    // Raising the floor past any contrast makes every array that weak: the RAID-5 below (a failed
    // member, identified with it at the usual floor) must come out undecided, with no failed disk.
    ProbeConfig config;
    config.seed = 3;
    config.tuning.minContrast = 1000;
    const ProbeResult r = probe("raid5 disks=5 chunk=16KiB failed=2", config);
    INFO("verdict: " << r.verdict.spec.toStdString() << " findings: " << r.verdict.findingTexts().join(QStringLiteral("; ")).toStdString());
    CHECK_FALSE(r.verdict.identified);
    CHECK(r.verdict.has(ProbeFinding::Kind::WeakEvidence));
    CHECK_FALSE(r.verdict.has(ProbeFinding::Kind::FailedDisk));
    CHECK_FALSE(r.verdict.has(ProbeFinding::Kind::MdParityWrites));
}

TEST_CASE("Probe snapshots: no boundary is marked live until the boundary step decides, once (#54)", "[probe][snapshot]")
{
    // RAID-0 of 3 at 8 KiB: 4 KiB blocks, 2 a chunk, so the boundaries are the even offsets (by hand).
    QString error;
    auto target = SimTarget::create(QStringLiteral("raid0 disks=3 chunk=8KiB"), &error);
    INFO(error.toStdString());
    REQUIRE(target);
    int liveMarked = 0, decidedSnapshots = 0;
    std::vector<std::uint64_t> decided;
    const ProbeResult r = runShearProbe(*target, ProbeConfig {}, {}, [&](std::shared_ptr<const ProbeSnapshot> s) {
        for (const BoundaryPoint& b : s->boundaries)
            liveMarked += b.boundary;
        if (s->boundariesDecided) {
            ++decidedSnapshots;
            decided = s->decidedBoundaries;
        }
    });
    REQUIRE(r.verdict.identified);
    CHECK(liveMarked == 0);
    CHECK(decidedSnapshots == 1);
    REQUIRE_FALSE(decided.empty());
    for (std::uint64_t c : decided) {
        CAPTURE(c);
        CHECK(c % 2 == 0);
    }
    // What was decided live is what the result holds.
    std::vector<std::uint64_t> final;
    for (const BoundaryPoint& b : r.boundaries)
        if (b.boundary)
            final.push_back(b.offsetBlocks);
    CHECK(final == decided);
}
