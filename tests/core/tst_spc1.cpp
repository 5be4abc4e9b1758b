// SPDX-License-Identifier: GPL-3.0-or-later
// The SPC-1-like workload (issue 14). Expected values are written out here from the SPC-1 stream
// table as NetApp's spc1.c gives it (intensities IN035 ... IN281 of a BSU's 50 I/O per second,
// rnd(10) < 5 or < 3 for reads, smix_lengths[] for the sequential sizes, hot spots of asu_size / 20
// at 15 %, 70 % and 47 %), not read back from spc1Streams(), which is checked against them.
#include "sim/arraysimulator.h"
#include "sim/spc1workload.h"
#include "sim/workload.h"

#include "testsupport.h"

#include <catch2/catch.hpp>

#include <array>
#include <cmath>
#include <map>

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

// SPC-1's streams, written out from the specification's table (see the file's head).
struct Expected
{
    int asu;
    double intensity;
    double read;
    bool sequential;
};
constexpr std::array<Expected, 8> kSpc1 { {
    { 1, 0.035, 0.5, false }, // ASU1-1 uniform random
    { 1, 0.281, 0.5, false }, // ASU1-2 hierarchical reuse random walk
    { 1, 0.070, 1.0, true },  // ASU1-3 sequential read
    { 1, 0.210, 0.5, false }, // ASU1-4 hierarchical reuse random walk
    { 2, 0.018, 0.3, false }, // ASU2-1 uniform random
    { 2, 0.070, 0.3, false }, // ASU2-2 hierarchical reuse random walk
    { 2, 0.035, 1.0, true },  // ASU2-3 sequential read
    { 3, 0.281, 0.0, true },  // ASU3-1 sequential write
} };
// The sequential streams' transfer sizes: 1, 2, 4, 8, 16 blocks of 4 KiB, 10, 6, 5, 2, 2 of 25.
const std::map<std::uint64_t, double> kSequentialSizes { { 4096, 0.40 }, { 8192, 0.24 }, { 16384, 0.20 },
    { 32768, 0.08 }, { 65536, 0.08 } };

// |observed - p| within 5 binomial standard deviations of n draws.
void checkProportion(std::uint64_t hits, std::uint64_t n, double p, const char* what)
{
    INFO(what << ": " << hits << " of " << n << ", expected p = " << p);
    REQUIRE(n > 0);
    const double sigma = std::sqrt(p * (1 - p) / double(n));
    CHECK_THAT(double(hits) / double(n), WithinAbs(p, std::max(5 * sigma, 1e-12)));
}

} // namespace

TEST_CASE("spc1: the stream table is SPC-1's", "[core][spc1]")
{
    const auto& streams = spc1Streams();
    REQUIRE(streams.size() == kSpc1.size());
    double total = 0;
    for (std::size_t i = 0; i < streams.size(); ++i) {
        INFO("stream " << i << " " << streams[i].name);
        CHECK(streams[i].asu == kSpc1[i].asu);
        CHECK(streams[i].intensityPermille / 1000.0 == Approx(kSpc1[i].intensity));
        CHECK(streams[i].readPercent / 100.0 == Approx(kSpc1[i].read));
        CHECK((streams[i].pattern == Spc1Pattern::Sequential) == kSpc1[i].sequential);
        total += kSpc1[i].intensity;
    }
    CHECK(total == Approx(1.0)); // a BSU is 50 I/O per second in all
    CHECK(streams[0].name == "ASU1-1");
    CHECK(streams[7].name == "ASU3-1");
    CHECK(streams[1].pattern == Spc1Pattern::Hrrw);
    CHECK(streams[3].pattern == Spc1Pattern::Hrrw);
    CHECK(streams[5].pattern == Spc1Pattern::Hrrw);
}

TEST_CASE("spc1: the spec, its defaults and its echo", "[core][spc1]")
{
    const WorkloadSpec w = spec("spc1 bsu=20");
    CHECK(w.pattern == WorkloadSpec::Spc1);
    CHECK(w.bsu == 20);
    CHECK(w.openLoop());
    CHECK(w.ratePerSec == 1000.0);            // 50 I/O per second per BSU
    CHECK(w.durationNs == 60'000'000'000);    // the default minute
    CHECK(w.count == 60000u);                 // 1000/s for 60 s
    CHECK(w.seed == 1u);
    CHECK(w.toText() == u"spc1 bsu=20 duration=60s seed=1");

    const WorkloadSpec odd = spec("SPC1 seed=9 duration=1500ms bsu=3");
    CHECK(odd.count == 225u); // 150/s for 1.5 s
    CHECK(odd.toText() == u"spc1 bsu=3 duration=1500ms seed=9");
    CHECK(spec(odd.toText().toUtf8().constData()).toText() == odd.toText());

    // 7 requests at 50/s: 140 ms, rounded to the nearest request (7.0 exactly here).
    CHECK(spec("spc1 bsu=1 duration=140ms").count == 7u);
    CHECK(spec("spc1 bsu=1 duration=149ms").count == 7u);  // 7.45
    CHECK(spec("spc1 bsu=1 duration=151ms").count == 8u);  // 7.55
    const WorkloadSpec brief = spec("spc1 bsu=1000 duration=250us"); // 12.5 requests, rounded up
    CHECK(brief.count == 13u);
    CHECK(brief.toText() == u"spc1 bsu=1000 duration=250us seed=1");

    // count= instead of duration=: the run is that many requests, and the echo says so.
    const WorkloadSpec counted = spec("spc1 bsu=2 count=777 seed=4");
    CHECK(counted.count == 777u);
    CHECK(counted.durationNs == 0);
    CHECK(counted.ratePerSec == 100.0);
    CHECK(counted.toText() == u"spc1 bsu=2 count=777 seed=4");
    CHECK(spec(counted.toText().toUtf8().constData()).toText() == counted.toText());

    // JSON: the spec, the BSUs and the whole mix's read fraction and mean size, from the table:
    // reads 0.035 x 0.5 + 0.281 x 0.5 + 0.070 + 0.210 x 0.5 + 0.018 x 0.3 + 0.070 x 0.3 + 0.035;
    // sizes 4 KiB for the random streams (0.614 of requests), the sequential 0.386 average
    // (10 x 1 + 6 x 2 + 5 x 4 + 2 x 8 + 2 x 16) / 25 = 3.6 blocks.
    const QJsonObject json = w.toJson();
    CHECK(json.value(QStringLiteral("spec")).toString() == w.toText());
    CHECK(json.value(QStringLiteral("bsu")).toInt() == 20);
    CHECK(json.value(QStringLiteral("durationNs")).toInteger() == 60'000'000'000);
    CHECK(json.value(QStringLiteral("ratePerSec")).toDouble() == 1000.0);
    CHECK(json.value(QStringLiteral("count")).toInteger() == 60000);
    CHECK(json.value(QStringLiteral("readFraction")).toDouble() == Approx(0.3944));
    CHECK(json.value(QStringLiteral("meanSizeBytes")).toDouble() == Approx(4096 * (0.614 + 0.386 * 3.6)));
    CHECK_FALSE(counted.toJson().contains(QStringLiteral("durationNs")));
    // Other patterns' JSON has no spc1 keys.
    CHECK_FALSE(spec("random rate=10").toJson().contains(QStringLiteral("bsu")));
}

TEST_CASE("spc1: errors name the key", "[core][spc1]")
{
    CHECK(specError("spc1").contains(QStringLiteral("spc1 needs bsu=N")));
    CHECK(specError("spc1 duration=10s").contains(QStringLiteral("spc1 needs bsu=N")));
    CHECK(specError("spc1 bsu=0").startsWith(u"bsu=0 must be a whole number from 1 to 200000"));
    CHECK(specError("spc1 bsu=-3").startsWith(u"bsu=-3 must be"));
    CHECK(specError("spc1 bsu=2.5").startsWith(u"bsu=2.5 must be"));
    CHECK(specError("spc1 bsu=200001").startsWith(u"bsu=200001 must be"));
    CHECK(specError("spc1 bsu=nan").startsWith(u"bsu=nan must be"));
    for (const char* key : { "read=0.5", "size=8KiB", "outstanding=4", "rate=100", "runcount=4", "region=1GiB",
             "hot=20:80", "align=8KiB" }) {
        const QString text = QStringLiteral("spc1 bsu=1 ") + QString::fromUtf8(key);
        QString error;
        CHECK_FALSE(parseWorkloadSpec(text, &error));
        const QString name = QString::fromUtf8(key).section(u'=', 0, 0);
        INFO(error.toStdString());
        CHECK(error.startsWith(name + QStringLiteral("= does not apply to spc1")));
        CHECK_FALSE(error.contains(u'\n'));
    }
    CHECK(specError("spc1 bsu=1 depth=3").contains(QStringLiteral("unknown workload key 'depth' (spc1 knows: bsu, duration, count, seed)")));
    CHECK(specError("spc1 bsu=1 bsu=2").contains(QStringLiteral("key 'bsu' is given twice")));
    CHECK(specError("spc1 bsu=1 duration=nans").startsWith(u"duration=nans must be a time above 0"));
    CHECK(specError("spc1 bsu=1 duration=infs").startsWith(u"duration=infs must be a time above 0"));
    CHECK(specError("spc1 bsu=1 duration=-infs").startsWith(u"duration=-infs must be"));
    CHECK(specError("spc1 bsu=1 duration=0s").startsWith(u"duration=0s must be a time above 0"));
    CHECK(specError("spc1 bsu=1 duration=-5s").startsWith(u"duration=-5s must be"));
    CHECK(specError("spc1 bsu=1 duration=10").startsWith(u"duration=10 must be a time above 0 with a unit"));
    CHECK(specError("spc1 bsu=1 duration=10h").startsWith(u"duration=10h must be"));
    CHECK(specError("spc1 bsu=1 duration=1s count=5").contains(QStringLiteral("either duration= or count=")));
    CHECK(specError("spc1 bsu=1 count=0").startsWith(u"count=0"));
    // Too short for one request (0.05 of one), or more than a run may simulate (10^10).
    CHECK(specError("spc1 bsu=1 duration=1ms").startsWith(u"duration=1ms at bsu=1 (50 I/O per second) is 0.05 requests"));
    CHECK(specError("spc1 bsu=200000 duration=1000s").contains(QStringLiteral("is 10000000000 requests; a run takes 1 to 1000000000")));
    // The spc1 keys are spc1's alone.
    CHECK(specError("random bsu=3").startsWith(u"bsu= applies to spc1 only"));
    CHECK(specError("sequential duration=1s").startsWith(u"duration= applies to spc1 only"));
    CHECK(specError("raid5 bsu=3").contains(QStringLiteral("(known: random, sequential, spc1)")));
}

TEST_CASE("spc1: the array must hold the ASUs' minimum, in whole 4 KiB blocks", "[core][spc1]")
{
    // ASU-1 and ASU-2 each need 20 x 2^6 x 8 = 10240 blocks of 4 KiB (40 MiB) so that their 5 % hot
    // spots hold the walk's 64 leaves of 8 blocks. 45 % of u blocks, rounded down, reaches 10240
    // from u = 22756 (22755 x 0.45 = 10239.75).
    const std::uint64_t least = 22756ull * 4096;
    CHECK(Spc1Layout::minArrayBytes(4096) == least);
    const WorkloadSpec w = spec("spc1 bsu=1");
    QString error;
    CHECK(checkWorkloadFits(w, least, &error));
    CHECK(checkWorkloadFits(w, least + 4095, &error));
    CHECK_FALSE(checkWorkloadFits(w, least - 1, &error));
    CHECK(error.startsWith(u"spc1 needs an array of at least 88.9 MiB (ASU-1 and ASU-2, 45 % each, of 40MiB or more)"));
    CHECK_FALSE(error.contains(u'\n'));

    CHECK(checkWorkloadAlign(w, 4096, &error));
    CHECK(checkWorkloadAlign(w, 512, &error));
    CHECK_FALSE(checkWorkloadAlign(w, 8192, &error));
    CHECK(error.contains(QStringLiteral("block=8KiB")));

    // Through the simulator: two members of 40 MiB are 80 MiB, too small.
    auto small = ArraySimulator::create(QStringLiteral("raid0 disks=2 size=40MiB"), &error);
    REQUIRE(small);
    CHECK_FALSE(small->checkWorkload(w, &error));
    CHECK(error.startsWith(u"spc1 needs an array of at least"));
    auto big = ArraySimulator::create(QStringLiteral("raid0 disks=2 size=48MiB"), &error);
    REQUIRE(big);
    CHECK(big->checkWorkload(w, &error));
    auto coarse = ArraySimulator::create(QStringLiteral("raid0 disks=2 block=8KiB"), &error);
    REQUIRE(coarse);
    CHECK_FALSE(coarse->checkWorkload(w, &error));
}

TEST_CASE("spc1: a long run reproduces SPC-1's stream mix", "[core][spc1]")
{
    // 100 GiB and a bit: ASU-1 and ASU-2 45 %, ASU-3 10 % of the whole 4 KiB blocks, one after another.
    const std::uint64_t arrayBytes = (100ull << 30) + 12345;
    const std::uint64_t blocks = arrayBytes / 4096;
    const std::uint64_t asuBytes[3] = { blocks * 45 / 100 * 4096, blocks * 45 / 100 * 4096, blocks * 10 / 100 * 4096 };
    const std::uint64_t asuStart[3] = { 0, asuBytes[0], asuBytes[0] + asuBytes[1] };
    // The hot spots: 5 % of the ASU from 15 % and 70 % of ASU-1 and 47 % of ASU-2 (in whole blocks).
    auto hotspot = [&](int asu, int percent) {
        const std::uint64_t asuBlocks = asuBytes[asu - 1] / 4096;
        const std::uint64_t first = asuStart[asu - 1] + asuBlocks * std::uint64_t(percent) / 100 * 4096;
        return std::pair<std::uint64_t, std::uint64_t> { first, first + asuBlocks / 20 * 4096 };
    };
    const std::pair<std::uint64_t, std::uint64_t> hot[8] = { {}, hotspot(1, 15), {}, hotspot(1, 70), {}, hotspot(2, 47), {}, {} };

    const int bsu = 10;
    WorkloadSpec w = spec("spc1 bsu=10 seed=11");
    WorkloadGenerator generator(w, arrayBytes, 4096);
    Spc1Generator direct(bsu, 11, arrayBytes, 4096);
    CHECK(direct.layout().sizeBytes[0] == asuBytes[0]);
    CHECK(direct.layout().sizeBytes[2] == asuBytes[2]);
    CHECK(direct.layout().startBytes[2] == asuStart[2]);

    const std::uint64_t n = 2'000'000;
    std::array<std::uint64_t, 8> count {}, reads {};
    std::array<std::map<std::uint64_t, std::uint64_t>, 8> sizes;
    std::array<double, 8> offsetSum {};
    std::uint64_t totalBytes = 0, totalReads = 0;
    bool inAsu = true, aligned = true, inHotspot = true;
    for (std::uint64_t i = 0; i < n; ++i) {
        const IoRequest r = generator.next();
        const int s = generator.lastStream();
        REQUIRE(s >= 0);
        REQUIRE(s < 8);
        const int asu = kSpc1[std::size_t(s)].asu;
        ++count[std::size_t(s)];
        reads[std::size_t(s)] += r.write ? 0 : 1;
        totalReads += r.write ? 0 : 1;
        ++sizes[std::size_t(s)][r.sizeBytes];
        totalBytes += r.sizeBytes;
        offsetSum[std::size_t(s)] += double(r.offsetBytes - asuStart[asu - 1]);
        inAsu = inAsu && r.offsetBytes >= asuStart[asu - 1] && r.offsetBytes + r.sizeBytes <= asuStart[asu - 1] + asuBytes[asu - 1];
        aligned = aligned && r.offsetBytes % 4096 == 0;
        if (hot[s].second)
            inHotspot = inHotspot && r.offsetBytes >= hot[s].first && r.offsetBytes + r.sizeBytes <= hot[s].second;
    }
    CHECK(inAsu);
    CHECK(aligned);
    CHECK(inHotspot);
    for (std::size_t s = 0; s < 8; ++s) {
        INFO("stream " << spc1Streams()[s].name);
        checkProportion(count[s], n, kSpc1[s].intensity, "share of requests");
        checkProportion(reads[s], count[s], kSpc1[s].read, "read fraction");
        if (kSpc1[s].sequential) {
            for (const auto& [bytes, p] : kSequentialSizes)
                checkProportion(sizes[s][bytes], count[s], p, "transfer size");
            CHECK(sizes[s].size() == kSequentialSizes.size());
        } else {
            CHECK(sizes[s].size() == 1);
            CHECK(sizes[s][4096] == count[s]); // one 4 KiB block
        }
    }
    // The uniform streams' mean offset is the middle of their ASU (sd of the mean: L / sqrt(12 n)).
    for (std::size_t s : { std::size_t(0), std::size_t(4) }) {
        const double length = double(asuBytes[kSpc1[s].asu - 1]);
        CHECK_THAT(offsetSum[s] / double(count[s]), WithinAbs(length / 2, 5 * length / std::sqrt(12.0 * double(count[s]))));
    }
    // The whole run: 39.44 % reads, 8.2 KB a request.
    checkProportion(totalReads, n, 0.3944, "all reads");
    CHECK(double(totalBytes) / double(n) == Approx(4096 * (0.614 + 0.386 * 3.6)).epsilon(0.005));

    // The same seed draws the same requests, through WorkloadGenerator or directly; another seed others.
    WorkloadGenerator again(w, arrayBytes, 4096);
    Spc1Generator same(bsu, 11, arrayBytes, 4096);
    Spc1Generator other(bsu, 12, arrayBytes, 4096);
    Spc1Generator twin(bsu, 11, arrayBytes, 4096);
    int differ = 0;
    for (int i = 0; i < 10000; ++i) {
        const Spc1Request a = same.next(), b = twin.next(), c = other.next();
        REQUIRE(a.io.offsetBytes == b.io.offsetBytes);
        REQUIRE(a.io.sizeBytes == b.io.sizeBytes);
        REQUIRE(a.io.write == b.io.write);
        REQUIRE(a.stream == b.stream);
        differ += a.io.offsetBytes != c.io.offsetBytes ? 1 : 0;
    }
    CHECK(differ > 9000);
    WorkloadGenerator first(w, arrayBytes, 4096);
    for (int i = 0; i < 1000; ++i) {
        const IoRequest a = first.next(), b = again.next();
        REQUIRE(a.offsetBytes == b.offsetBytes);
        REQUIRE(first.lastStream() == again.lastStream());
    }
    // Poisson arrivals at 50 x BSU per second: gaps of 2 ms on average at 10 BSUs.
    double gaps = 0;
    for (int i = 0; i < 100000; ++i)
        gaps += first.nextGapNs();
    CHECK_THAT(gaps / 100000, WithinAbs(2e6, 2e6 * 5 / std::sqrt(100000.0)));
    CHECK(WorkloadGenerator(spec("random"), arrayBytes, 4096).lastStream() == -1);
}

TEST_CASE("spc1: sequential streams run on; the walk reuses its neighbourhood", "[core][spc1]")
{
    // One BSU: each stream has one instance, so a stream's requests follow each other.
    const std::uint64_t arrayBytes = 20ull << 30;
    Spc1Generator g(1, 5, arrayBytes, 4096);
    const Spc1Layout& l = g.layout();
    std::array<IoRequest, 8> last {};
    std::array<bool, 8> seen {};
    std::array<std::uint64_t, 8> steps {}, contiguous {}, near {};
    std::uint64_t writePairs = 0, sameWrite = 0;
    std::array<IoRequest, 8> lastWrite {};
    std::array<bool, 8> wrote {};
    for (int i = 0; i < 1'000'000; ++i) {
        const Spc1Request r = g.next();
        const std::size_t s = std::size_t(r.stream);
        if (seen[s]) {
            ++steps[s];
            contiguous[s] += r.io.offsetBytes == last[s].offsetBytes + last[s].sizeBytes ? 1 : 0;
            const std::uint64_t d = r.io.offsetBytes > last[s].offsetBytes ? r.io.offsetBytes - last[s].offsetBytes
                                                                           : last[s].offsetBytes - r.io.offsetBytes;
            near[s] += d < 64 * 32768 ? 1 : 0; // within 64 leaves of 32 KiB
        }
        if (s == 1 && r.io.write) {
            if (wrote[s]) {
                ++writePairs;
                sameWrite += r.io.offsetBytes == lastWrite[s].offsetBytes ? 1 : 0;
            }
            wrote[s] = true;
            lastWrite[s] = r.io;
        }
        seen[s] = true;
        last[s] = r.io;
    }
    // Runs of 10 % of the ASU (30 % of ASU-3) at 3.6 blocks a request: a new run every ~65000
    // (ASU-1, 0.9 GiB runs) or ~44000 (ASU-3) requests; nearly every request follows on from the last.
    for (std::size_t s : { std::size_t(2), std::size_t(6), std::size_t(7) }) {
        INFO("stream " << spc1Streams()[s].name);
        CHECK(double(contiguous[s]) / double(steps[s]) > 0.999);
    }
    // Random streams are not sequential.
    CHECK(double(contiguous[0]) / double(steps[0]) < 0.001);
    // The walk: with probability 0.56 it stays in the 64-leaf subtree it is in (and may go up, and
    // come back, otherwise), so at least 56 % of its steps land within 64 leaves; a uniform choice in
    // the 5 % hot spot (46 MiB here) would do so about 4 % of the time.
    for (std::size_t s : { std::size_t(1), std::size_t(3), std::size_t(5) }) {
        INFO("stream " << spc1Streams()[s].name);
        const double p = double(near[s]) / double(steps[s]);
        CHECK(p > 0.56 + 5 * std::sqrt(0.56 * 0.44 / double(steps[s])));
    }
    // 15 % of the walk's writes are written again at the stream's next write.
    CHECK(double(sameWrite) / double(writePairs) > 0.15 - 5 * std::sqrt(0.15 * 0.85 / double(writePairs)));
    CHECK(l.startBytes[1] == l.sizeBytes[0]);
}

TEST_CASE("spc1: simulated end to end on the 28-disk RAID 6", "[core][spc1][sim]")
{
    QString error;
    auto sim = ArraySimulator::create(QStringLiteral("raid6 disks=28 chunk=32KiB cache=2GiB disk=cheetah-15k"), &error);
    INFO(error.toStdString());
    REQUIRE(sim);
    const WorkloadSpec w = spec("spc1 bsu=20 duration=10s seed=3");
    REQUIRE(sim->checkWorkload(w, &error));
    const SimResult r = sim->run(w);
    CHECK(r.requests == 10000u);
    CHECK(r.workloadSpec == u"spc1 bsu=20 duration=10s seed=3");
    checkProportion(r.reads, r.requests, 0.3944, "reads");
    // 1000 requests a second offered, well under what 28 disks take: the run takes about 10 s.
    CHECK(r.iops() == Approx(1000).epsilon(0.05));
    CHECK(r.offeredRatePerSec == 1000.0);
    // Deterministic for the seed.
    const SimResult again = sim->run(w);
    CHECK(again.responseMs.mean() == r.responseMs.mean());
    CHECK(again.reads == r.reads);
}
