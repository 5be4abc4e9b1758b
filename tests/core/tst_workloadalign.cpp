// SPDX-License-Identifier: GPL-3.0-or-later
// align=SIZE: random offsets on multiples of a size larger than the array's block (the zoned-RAID
// paper's requests start at a stripe boundary), refused when not a multiple of the block.
#include "sim/arraysimulator.h"
#include "sim/workload.h"

#include <catch2/catch.hpp>

using namespace raidscope;

namespace {

WorkloadSpec spec(const char* text)
{
    QString error;
    const auto s = parseWorkloadSpec(QString::fromUtf8(text), &error);
    INFO(error.toStdString());
    REQUIRE(s);
    return *s;
}

} // namespace

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
