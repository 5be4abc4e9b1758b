// SPDX-License-Identifier: GPL-3.0-or-later
// Hostile input in core: values that used to slip through range checks (nan, inf), misleading
// messages, inputs cut down without a word, and which failed disks an array survives.
#include "layout/layoutjson.h"
#include "layout/layoutregistry.h"
#include "layout/survival.h"
#include "sim/arraysimulator.h"
#include "sim/workload.h"

#include "testsupport.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <catch2/catch.hpp>

using namespace raidscope;

namespace {

QString simError(const char* spec)
{
    QString error;
    const auto sim = ArraySimulator::create(QString::fromUtf8(spec), &error);
    return sim ? QString() : error;
}

QString workloadError(const char* spec)
{
    QString error;
    return parseWorkloadSpec(QString::fromUtf8(spec), &error) ? QString() : error;
}

WorkloadSpec workload(const char* spec)
{
    QString error;
    const auto w = parseWorkloadSpec(QString::fromUtf8(spec), &error);
    INFO(spec << ": " << error.toStdString());
    REQUIRE(w);
    return *w;
}

std::vector<bool> failedSet(int disks, std::initializer_list<int> failed)
{
    std::vector<bool> f(std::size_t(disks), false);
    for (int d : failed)
        f[std::size_t(d)] = true;
    return f;
}

} // namespace

TEST_CASE("Hostile: speed= refuses nan and infinity, which the range check let through", "[hostile][sim]")
{
    CHECK(simError("raid1 disks=2 speed=1:nan").contains(QStringLiteral("speed=1:nan: factor 'nan' must be from 0.05 to 20")));
    CHECK(simError("raid1 disks=2 speed=1:inf").contains(QStringLiteral("speed=1:inf")));
    CHECK(simError("raid1 disks=2 speed=0:-inf").contains(QStringLiteral("speed=0:-inf")));
    CHECK(simError("raid1 disks=2 speed=1:20").isEmpty());
    CHECK(simError("raid1 disks=2 speed=1:0.05").isEmpty());
}

TEST_CASE("Hostile: a member given twice in speed=, member= or failed= is refused, naming it (#52)", "[hostile][sim]")
{
    // speed=1:0.5,1:2 gave member 1 the last factor, 2, in silence; failed=1,1 read as one failure.
    CHECK(simError("raid1 disks=2 speed=1:0.5,1:2").endsWith(QStringLiteral("speed=1:0.5,1:2: member 1 is given twice")));
    CHECK(simError("raid0 disks=3 member=2:ibm-9lzx,0:ibm-9lzx,2:ibm-9lzx")
              .endsWith(QStringLiteral("member=2:ibm-9lzx,0:ibm-9lzx,2:ibm-9lzx: member 2 is given twice")));
    CHECK(simError("raid5 disks=4 failed=1,1").endsWith(QStringLiteral("failed=1,1: member 1 is given twice")));
    CHECK(simError("raid0 disks=3 iops=300,2:60,2:70").endsWith(QStringLiteral("iops=300,2:60,2:70: member 2 is given twice")));
    // Different members are still fine, in any order.
    CHECK(simError("raid1 disks=2 speed=1:0.5,0:2").isEmpty());
    CHECK(simError("raid6 disks=5 failed=3,1").isEmpty());
}

TEST_CASE("Hostile: workload numbers refuse nan and infinity", "[hostile][sim]")
{
    CHECK(workloadError("random read=nan").contains(QStringLiteral("read=nan must be a number from 0 to 1")));
    CHECK(workloadError("random rate=inf").contains(QStringLiteral("rate=inf")));
    CHECK(workloadError("random runcount=nan").contains(QStringLiteral("runcount=nan")));
    CHECK(workloadError("random size=4KiB:nan,8KiB:1").contains(QStringLiteral("size weight 'nan'")));
    CHECK(workloadError("random hot=nan:80").contains(QStringLiteral("hot=nan:80: the space part 'nan'")));
}

TEST_CASE("Hostile: count= names its range, and a run has a documented bound", "[hostile][sim]")
{
    // 10^20 does not fit 64 bits: the message was "must be a whole number above 0".
    CHECK(workloadError("random count=100000000000000000000")
          == QStringLiteral("count=100000000000000000000 must be a whole number from 1 to 1000000000 "
                            "(a few minutes of simulation)"));
    CHECK(workloadError("random count=1000000000000").startsWith(QStringLiteral("count=1000000000000 must be")));
    CHECK(workloadError("random count=1000000001").startsWith(QStringLiteral("count=1000000001 must be")));
    CHECK(workloadError("random count=0").startsWith(QStringLiteral("count=0 must be")));
    CHECK(workloadError("random count=1000000000").isEmpty());
}

TEST_CASE("Hostile: hot= reports a range error as a range error", "[hostile][sim]")
{
    CHECK(workloadError("random hot=120:10")
          == QStringLiteral("hot=120:10: the space part '120' must be a number from 0 to 100"));
    CHECK(workloadError("random hot=20:101")
          == QStringLiteral("hot=20:101: the I/O part '101' must be a number from 0 to 100"));
    CHECK(workloadError("random hot=20").contains(QStringLiteral("must be SPACE%:IO%")));
}

TEST_CASE("Hostile: a region or request size larger than the array is refused, not cut down", "[hostile][sim]")
{
    // raid0 of two members of 1 GiB (whole 64 KiB chunks): 2 GiB = 2147483648 bytes.
    const auto sim = test::makeSim("raid0 disks=2 chunk=64KiB size=1GiB");
    REQUIRE(sim->arrayBytes() == 2147483648ull);
    QString error;
    CHECK_FALSE(sim->checkWorkload(workload("random region=3GiB"), &error));
    CHECK(error == QStringLiteral("region=3GiB is larger than the array (2 GiB = 2147483648 bytes); give region=2GiB at most"));
    CHECK(sim->checkWorkload(workload("random region=2GiB"), &error));
    CHECK_FALSE(sim->checkWorkload(workload("random size=4GiB"), &error));
    CHECK(error == QStringLiteral("size=4GiB is larger than the array it addresses (2GiB)"));
    CHECK_FALSE(sim->checkWorkload(workload("random region=1KiB size=4KiB"), &error));
    CHECK(error == QStringLiteral("size=4KiB is larger than the region it addresses (1KiB)"));
    CHECK_FALSE(sim->checkWorkload(workload("random size=4KiB:50,2MiB:50 region=1MiB"), &error));
    CHECK(error.startsWith(QStringLiteral("size=2MiB is larger than the region")));
    CHECK(sim->checkWorkload(workload("random size=4KiB region=4KiB"), &error));
}

TEST_CASE("Hostile: chunk=0B says what is wrong", "[hostile][layout]")
{
    CHECK(test::specError(QStringLiteral("raid0 disks=2 chunk=0B"))
          == QStringLiteral("chunk=0B: a chunk must hold at least one block (block=4KiB)"));
}

TEST_CASE("Hostile: which failed disks an array survives depends on which, not how many", "[hostile][sim][layout]")
{
    SECTION("raid10 near, 4 disks: mirror pairs are disks 0+1 and 2+3")
    {
        const auto layout = test::makeLayout(QStringLiteral("raid10 disks=4 chunk=64KiB"));
        CHECK_FALSE(firstLostBlock(*layout, failedSet(4, { 0, 2 })));
        CHECK_FALSE(firstLostBlock(*layout, failedSet(4, { 1, 3 })));
        CHECK_FALSE(firstLostBlock(*layout, failedSet(4, { 0, 3 })));
        // Both disks of the first pair: logical block 0 (chunk 0 on disks 0 and 1) is lost.
        CHECK(firstLostBlock(*layout, failedSet(4, { 0, 1 })) == std::optional<std::uint64_t>(0));
        // Both of the second pair: chunk 1 (logical blocks 16..31 of 4 KiB) is the first lost.
        CHECK(firstLostBlock(*layout, failedSet(4, { 2, 3 })) == std::optional<std::uint64_t>(16));
        CHECK(firstLostBlock(*layout, failedSet(4, { 0, 1, 2 })).has_value());
    }
    SECTION("chained declustering, 4 disks: chunk on disk d, its copy on disk d+1")
    {
        const auto layout = test::makeLayout(QStringLiteral("chained disks=4 chunk=64KiB"));
        CHECK_FALSE(firstLostBlock(*layout, failedSet(4, { 0, 2 })));
        CHECK_FALSE(firstLostBlock(*layout, failedSet(4, { 1, 3 })));
        CHECK(firstLostBlock(*layout, failedSet(4, { 0, 1 })).has_value());
        CHECK(firstLostBlock(*layout, failedSet(4, { 3, 0 })).has_value());
    }
    SECTION("parity: no more than the parity count, whichever disks")
    {
        const auto raid5 = test::makeLayout(QStringLiteral("raid5 disks=4 chunk=64KiB"));
        CHECK_FALSE(firstLostBlock(*raid5, failedSet(4, { 2 })));
        CHECK(firstLostBlock(*raid5, failedSet(4, { 0, 2 })).has_value());
        const auto raid6 = test::makeLayout(QStringLiteral("raid6 disks=5 chunk=64KiB"));
        CHECK_FALSE(firstLostBlock(*raid6, failedSet(5, { 0, 3 })));
        CHECK(firstLostBlock(*raid6, failedSet(5, { 0, 1, 3 })).has_value());
    }
    SECTION("the simulator takes one disk of each mirror pair and loses nothing")
    {
        CHECK(simError("raid10 disks=4 failed=0,1").startsWith(
            QStringLiteral("failed=0,1: logical block 0 has no copy left on a working disk")));
        CHECK(simError("raid5 disks=4 failed=0,2")
              == QStringLiteral("failed=0,2: 2 failed disks exceed what the array survives (1)"));
        const auto sim = test::makeSim("raid10 disks=4 chunk=64KiB failed=0,2");
        const SimResult r = sim->run(workload("random read=0.5 size=64KiB outstanding=4 count=400 seed=3"));
        CHECK(r.requests == 400);
        CHECK(r.lostRequests == 0);
        REQUIRE(r.disks.size() == 4);
        CHECK(r.disks[0].ops == 0);
        CHECK(r.disks[2].ops == 0);
        CHECK(r.disks[1].ops > 0);
        CHECK(r.disks[3].ops > 0);
    }
}

TEST_CASE("Hostile: the streamed layout JSON is QJsonDocument's text byte for byte", "[hostile][layout]")
{
    const LayoutRegistry& reg = LayoutRegistry::instance();
    for (const char* text : { "raid6 disks=6 chunk=8KiB", "raid10 layout=far disks=4 chunk=16KiB", "raid0 disks=3",
             "raid1 disks=3", "chained disks=5 chunk=4KiB" }) {
        INFO(text);
        QString error;
        const auto spec = parseArraySpec(QString::fromUtf8(text), &error);
        REQUIRE(spec);
        const auto resolved = reg.resolve(*spec, &error);
        REQUIRE(resolved);
        const auto layout = reg.create(*spec, &error);
        REQUIRE(layout);
        // 20000 blocks: more than one 64 KiB piece; also one block and none.
        for (const auto& [first, end] : std::vector<std::pair<std::uint64_t, std::uint64_t>> { { 0, 20000 }, { 7, 8 }, { 5, 5 } }) {
            const QByteArray expected
                = QJsonDocument(layoutToJson(*resolved, *layout, first, end)).toJson(QJsonDocument::Indented);
            QByteArray streamed;
            int pieces = 0;
            REQUIRE(writeLayoutJson(*resolved, *layout, first, end, [&](const QByteArray& piece) {
                streamed += piece;
                ++pieces;
                return true;
            }));
            CHECK(streamed == expected);
            if (end - first == 20000)
                CHECK(pieces > 1);
        }
    }
}

TEST_CASE("Hostile: a JSON array spec with a huge byte count is refused before any conversion", "[hostile][layout]")
{
    // 1e300 converted to qint64 is undefined behaviour; the range is checked first.
    QString error;
    const QJsonObject json { { QStringLiteral("scheme"), QStringLiteral("raid0") }, { QStringLiteral("disks"), 2 },
        { QStringLiteral("chunkBytes"), 1e300 } };
    CHECK_FALSE(parseArraySpecJson(json, &error));
    CHECK(error == QStringLiteral("\"chunkBytes\" must be a whole number of bytes"));
    const QJsonObject negative { { QStringLiteral("scheme"), QStringLiteral("raid0") }, { QStringLiteral("disks"), 2 },
        { QStringLiteral("chunkBytes"), -4096 } };
    CHECK_FALSE(parseArraySpecJson(negative, &error));
}
