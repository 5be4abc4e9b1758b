// SPDX-License-Identifier: GPL-3.0-or-later
#include "sim/workload.h"

#include <catch2/catch.hpp>

using namespace raidscope;
using Catch::Matchers::WithinAbs;

namespace {

WorkloadSpec spec(const char* text)
{
    QString error;
    const auto s = parseWorkloadSpec(QString::fromUtf8(text), &error);
    INFO(error.toStdString());
    REQUIRE(s);
    return *s;
}

QString specError(const char* text)
{
    QString error;
    CHECK_FALSE(parseWorkloadSpec(QString::fromUtf8(text), &error));
    return error;
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
