// SPDX-License-Identifier: GPL-3.0-or-later
#include "sim/arraysimulator.h"
#include "sim/workload.h"

#include "testsupport.h"

#include <catch2/catch.hpp>

using namespace raidscope;
using Catch::Matchers::WithinAbs;

namespace {

WorkloadSpec spec(const char* text)
{
    return test::makeWorkload(text);
}

QString specError(const char* text)
{
    return test::workloadSpecError(text);
}

} // namespace

TEST_CASE("WorkloadSpec: DESIGN.md's example and defaults", "[core][workload]")
{
    const WorkloadSpec w = spec("random read=0.5 size=32KiB outstanding=16 count=100000 seed=7");
    CHECK(w.pattern == WorkloadSpec::Random);
    CHECK(w.readFraction == 0.5);
    REQUIRE(w.sizes.size() == 1);
    CHECK(w.sizes[0].bytes == 32768u);
    CHECK(w.outstanding == 16);
    CHECK(w.count == 100000u);
    CHECK(w.seed == 7u);
    CHECK_FALSE(w.openLoop());

    const WorkloadSpec mix = spec("random size=4KiB:60,64KiB:40 rate=200 hot=20:80 region=1GiB");
    REQUIRE(mix.sizes.size() == 2);
    CHECK_THAT(mix.sizes[0].weight, WithinAbs(0.6, 1e-12));
    CHECK_THAT(mix.meanSizeBytes(), WithinAbs(0.6 * 4096 + 0.4 * 65536, 1e-6));
    CHECK(mix.openLoop());
    CHECK(mix.hotSpaceFraction == 0.2);
    CHECK(mix.hotIoFraction == 0.8);
    CHECK(mix.regionBytes == 1ull << 30);

    QString error;
    const auto again = parseWorkloadSpec(mix.toText(), &error);
    REQUIRE(again);
    CHECK(again->toText() == mix.toText());
}

TEST_CASE("WorkloadSpec: the echo is the spec used, and reads back to itself", "[core][workload]")
{
    // Found by fuzz_spec: weights were echoed as rounded percentages (260:400:40 as 37.1429, 57.1429,
    // 5.71429) and read= to six digits, so the echo, read again, was another workload.
    QString error;
    const auto w = parseWorkloadSpec(QStringLiteral("random read=0.123456789 size=4KiB:260,64KiB:400,64KiB:40 hot=7:93"), &error);
    REQUIRE(w);
    CHECK(w->toText() == u"random read=0.123456789 size=4KiB:260,64KiB:400,64KiB:40 outstanding=1 count=10000 hot=7:93 seed=1");
    CHECK(w->sizes[0].weight == Approx(260.0 / 700));
    const auto again = parseWorkloadSpec(w->toText(), &error);
    REQUIRE(again);
    CHECK(again->toText() == w->toText());
    CHECK(again->readFraction == w->readFraction);
    CHECK(again->sizes[1].weight == w->sizes[1].weight);
    // A mix built in code (no weights written) prints its percentages, which read back the same.
    WorkloadSpec built;
    built.sizes = { { 4096, 1.0 / 3 }, { 65536, 2.0 / 3 } };
    const auto fromBuilt = parseWorkloadSpec(built.toText(), &error);
    REQUIRE(fromBuilt);
    CHECK(fromBuilt->toText() == built.toText()); // 33.3333333333 and 66.6666666667, now as written
    CHECK(parseWorkloadSpec(fromBuilt->toText(), &error)->toText() == fromBuilt->toText());
}

TEST_CASE("WorkloadSpec: errors name the key", "[core][workload]")
{
    CHECK(specError("").contains(QStringLiteral("empty workload spec")));
    CHECK(specError("zigzag read=1").contains(QStringLiteral("unknown workload pattern 'zigzag'")));
    CHECK(specError("random read=1.5").contains(QStringLiteral("read=1.5 must be a number from 0 to 1")));
    CHECK(specError("random size=4096").contains(QStringLiteral("size: size '4096' has no unit")));
    CHECK(specError("random outstanding=0").contains(QStringLiteral("outstanding=0")));
    CHECK(specError("random outstanding=4 rate=100").contains(QStringLiteral("not both")));
    CHECK(specError("random hot=80").contains(QStringLiteral("hot=80 must be SPACE%:IO%")));
    CHECK(specError("random depth=4").contains(QStringLiteral("unknown workload key 'depth'")));
    CHECK(specError("random count=0").contains(QStringLiteral("count=0")));
    CHECK(specError("random read").contains(QStringLiteral("'read' is not key=value")));
}

TEST_CASE("WorkloadGenerator: mix, alignment, skew and run lengths as specified", "[core][workload]")
{
    const std::uint64_t arrayBytes = 1ull << 30;
    SECTION("read fraction, sizes and alignment")
    {
        WorkloadGenerator g(spec("random read=0.3 size=4KiB:50,16KiB:50 seed=3"), arrayBytes, 4096);
        int reads = 0, small = 0;
        const int n = 100000;
        for (int i = 0; i < n; ++i) {
            const IoRequest r = g.next();
            reads += r.write ? 0 : 1;
            small += r.sizeBytes == 4096 ? 1 : 0;
            REQUIRE(r.offsetBytes % 4096 == 0);
            REQUIRE(r.offsetBytes + r.sizeBytes <= arrayBytes);
        }
        // Binomial standard deviation at n = 1e5 is about 0.0016: 4 sigma.
        CHECK_THAT(double(reads) / n, WithinAbs(0.3, 0.007));
        CHECK_THAT(double(small) / n, WithinAbs(0.5, 0.007));
    }
    SECTION("hot=20:80 puts 80% of requests in the first 20% of the region")
    {
        WorkloadGenerator g(spec("random hot=20:80 region=100MiB seed=5"), arrayBytes, 4096);
        int hot = 0;
        const int n = 100000;
        for (int i = 0; i < n; ++i) {
            const IoRequest r = g.next();
            REQUIRE(r.offsetBytes < 100ull << 20);
            hot += r.offsetBytes < 20ull << 20 ? 1 : 0;
        }
        CHECK_THAT(double(hot) / n, WithinAbs(0.8, 0.006));
    }
    SECTION("runcount is the mean sequential run length")
    {
        WorkloadGenerator g(spec("random runcount=8 seed=9"), arrayBytes, 4096);
        IoRequest prev = g.next();
        int runs = 1;
        const int n = 200000;
        for (int i = 1; i < n; ++i) {
            const IoRequest r = g.next();
            runs += r.offsetBytes == prev.offsetBytes + prev.sizeBytes ? 0 : 1;
            prev = r;
        }
        CHECK_THAT(double(n) / runs, WithinAbs(8.0, 0.25));
    }
    SECTION("sequential runs on and wraps at the region's end")
    {
        WorkloadGenerator g(spec("sequential size=64KiB region=256KiB"), arrayBytes, 4096);
        const std::uint64_t expected[] = { 0, 65536, 131072, 196608, 0, 65536 };
        for (std::uint64_t e : expected)
            CHECK(g.next().offsetBytes == e);
    }
    SECTION("open loop gaps average 1/rate")
    {
        WorkloadGenerator g(spec("random rate=250 seed=2"), arrayBytes, 4096);
        double sum = 0;
        for (int i = 0; i < 100000; ++i)
            sum += g.nextGapNs();
        CHECK_THAT(sum / 100000, WithinAbs(4e6, 4e6 * 0.02)); // mean 4 ms; sd of the mean 0.3 %
    }
}

// align=SIZE: random offsets on multiples of a size larger than the array's block (the zoned-RAID
// paper's requests start at a stripe boundary), refused when not a multiple of the block.

TEST_CASE("WorkloadSpec: align= parsed, echoed, and absent by default", "[core][workload]")
{
    const WorkloadSpec plain = spec("random read=0 size=640KiB rate=10 count=20000");
    CHECK(plain.alignBytes == 0u);
    // Without align= nothing is written: the text and JSON are as before the key existed.
    CHECK(plain.toText() == u"random read=0 size=640KiB rate=10 count=20000 seed=1");
    CHECK_FALSE(plain.toJson().contains(QStringLiteral("alignBytes")));

    const WorkloadSpec aligned = spec("random read=0 size=640KiB rate=10 count=20000 align=384KiB");
    CHECK(aligned.alignBytes == 384u * 1024);
    CHECK(aligned.toText() == u"random read=0 size=640KiB rate=10 count=20000 align=384KiB seed=1");
    CHECK(aligned.toJson().value(QStringLiteral("alignBytes")).toInteger() == 384 * 1024);
    // The echo reads back to the same spec.
    CHECK(spec(aligned.toText().toUtf8().constData()).alignBytes == aligned.alignBytes);

    QString error;
    CHECK_FALSE(parseWorkloadSpec(QStringLiteral("random align=0"), &error));
    CHECK(error.startsWith(u"align: "));
    CHECK_FALSE(parseWorkloadSpec(QStringLiteral("random align=12"), &error)); // sizes carry a unit
    CHECK(error.startsWith(u"align: "));
}

TEST_CASE("WorkloadGenerator: offsets are multiples of the alignment", "[core][workload]")
{
    const WorkloadSpec w = spec("random read=0.5 size=128KiB,640KiB count=1000 align=384KiB seed=3");
    const std::uint64_t arrayBytes = 3ull * 1000 * 1000 * 1000; // not a multiple of 384 KiB
    WorkloadGenerator generator(w, arrayBytes, w.alignBytes);
    bool offStripeUnit = false;
    for (int i = 0; i < 5000; ++i) {
        const IoRequest r = generator.next();
        REQUIRE(r.offsetBytes % (384 * 1024) == 0);
        REQUIRE(r.offsetBytes + r.sizeBytes <= arrayBytes);
        offStripeUnit = offStripeUnit || r.offsetBytes % (768 * 1024) != 0;
    }
    CHECK(offStripeUnit); // every slot used, not only multiples of a larger size
}

TEST_CASE("checkWorkloadAlign: align= must be a multiple of the array's block", "[core][workload]")
{
    QString error;
    CHECK(checkWorkloadAlign(spec("random"), 4096, &error)); // no align=: the block
    CHECK(checkWorkloadAlign(spec("random align=384KiB"), 4096, &error));
    CHECK(checkWorkloadAlign(spec("random align=4KiB"), 4096, &error));
    CHECK_FALSE(checkWorkloadAlign(spec("random align=6KiB"), 4096, &error));
    CHECK(
        error == u"align=6KiB is not a multiple of the array's block (block=4KiB): requests start on block boundaries");
    CHECK_FALSE(checkWorkloadAlign(spec("random align=2KiB"), 4096, &error));
    CHECK(error.startsWith(u"align=2KiB is not a multiple"));
}

TEST_CASE("ArraySimulator: align= reaches the generator (full-stripe RAID 5 writes)", "[core][workload][sim]")
{
    // 4-disk RAID 5 with 128 KiB chunks: a stripe holds 384 KiB of data. Writes of one stripe aligned
    // to it are full-stripe writes, 4 disk writes each and no pre-reads; at the block's alignment
    // most straddle two stripes and need pre-reads.
    QString error;
    auto sim = ArraySimulator::create(QStringLiteral("raid5 disks=4 chunk=128KiB disk=st3500630ns"), &error);
    INFO(error.toStdString());
    REQUIRE(sim);
    const WorkloadSpec aligned = spec("random read=0 size=384KiB rate=10 count=300 align=384KiB");
    REQUIRE(sim->checkWorkload(aligned, &error));
    REQUIRE(checkWorkloadAlign(aligned, sim->layout().params().blockBytes, &error));
    const SimResult a = sim->run(aligned);
    REQUIRE(a.requests == 300u);
    CHECK(a.diskOps == 4 * a.requests);
    CHECK(a.workloadSpec.contains(QStringLiteral(" align=384KiB ")));

    const SimResult b = sim->run(spec("random read=0 size=384KiB rate=10 count=300"));
    REQUIRE(b.requests == 300u);
    CHECK(b.diskOps > 5 * b.requests);
    CHECK_FALSE(b.workloadSpec.contains(QStringLiteral("align")));
}

TEST_CASE("WorkloadSpec: a size mix with bare sizes and zero weights echoes as written", "[core][workload]")
{
    // Found by fuzz_spec: a bare size (weight 1) or a zero weight made the echo fall back to
    // normalised percentages, 12 digits of which did not read back to the same text.
    const WorkloadSpec w = spec("random read=0 size=4B:30,64KiB:000,64MiB:40,64M,664MiB:0");
    CHECK(w.toText() == u"random read=0 size=4B:30,64KiB:0,64MiB:40,64MiB:1,664MiB:0 outstanding=1 count=10000 seed=1");
    CHECK(spec(w.toText().toUtf8().constData()).toText() == w.toText());
    CHECK(w.sizes[3].weight == Approx(1.0 / 71));
}
