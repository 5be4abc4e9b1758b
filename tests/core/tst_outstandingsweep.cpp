// SPDX-License-Identifier: GPL-3.0-or-later
#include "sim/arraysimulator.h"
#include "sim/outstandingsweep.h"

#include "testsupport.h"

#include <catch2/catch.hpp>

#include <QJsonArray>


using namespace raidscope;
using raidscope::test::makeSim;

namespace {

WorkloadSpec workload(const char* text) { return test::makeWorkload(text); }

} // namespace

TEST_CASE("parseOutstandingList: comma-separated outstanding I/Os", "[sim][sweep]")
{
    QString error;
    CHECK(parseOutstandingList(QStringLiteral("1,2,4,8"), &error) == std::vector<int> { 1, 2, 4, 8 });
    // Spaces around values and empty items are ignored; the order given is kept.
    CHECK(parseOutstandingList(QStringLiteral(" 8, 2 ,,1, "), &error) == std::vector<int> { 8, 2, 1 });
    CHECK(parseOutstandingList(QStringLiteral("65536"), &error) == std::vector<int> { 65536 });
    CHECK(parseOutstandingList(defaultOutstandingList(), &error) == std::vector<int> { 1, 2, 4, 8, 16, 32, 64 });

    SECTION("bad values are named")
    {
        const auto [text, bad] = GENERATE(table<const char*, const char*>({ { "1,2,x", "x" }, { "0", "0" },
            { "4,65537", "65537" }, { "-1", "-1" }, { "2.5", "2.5" }, { "1 2", "1 2" } }));
        CAPTURE(text);
        error.clear();
        CHECK_FALSE(parseOutstandingList(QString::fromUtf8(text), &error));
        CHECK(error == QStringLiteral("'%1' is not a number of outstanding I/Os from 1 to 65536").arg(QString::fromUtf8(bad)));
    }
    SECTION("no values says what to give")
    {
        for (const char* text : { "", " ", ",,", " , " }) {
            CAPTURE(text);
            CHECK_FALSE(parseOutstandingList(QString::fromUtf8(text), &error));
            CHECK(error == u"no values: give the outstanding I/Os to run, e.g. 1,2,4,8,16,32,64");
        }
    }
}

TEST_CASE("parseOutstandingSweep: only outstanding=LIST can be swept", "[sim][sweep]")
{
    QString error;
    CHECK(parseOutstandingSweep(QStringLiteral("outstanding=1,2,4"), &error) == std::vector<int> { 1, 2, 4 });
    CHECK_FALSE(parseOutstandingSweep(QStringLiteral("rate=100,200"), &error));
    CHECK(error == u"only outstanding=N,N,... can be swept");
    CHECK_FALSE(parseOutstandingSweep(QStringLiteral("1,2,4"), &error));
    CHECK(error == u"only outstanding=N,N,... can be swept");
    CHECK_FALSE(parseOutstandingSweep(QStringLiteral("outstanding=1,y"), &error));
    CHECK(error == u"'y' is not a number of outstanding I/Os from 1 to 65536");
    CHECK_FALSE(parseOutstandingSweep(QStringLiteral("outstanding="), &error));
    CHECK(error.startsWith(QStringLiteral("no values")));
}

TEST_CASE("runOutstandingSweep: progress moves within each point and every point ends once", "[sim][sweep]")
{
    auto sim = makeSim("raid5 disks=4 chunk=64KiB");
    // 20000 requests are several times the 4096 simulator events between checks (about one event per
    // request here), and the simulator's first check reports at once, so each point reports at least
    // once before it ends.
    const WorkloadSpec w = workload("random count=20000 seed=4");
    std::vector<SweepSnapshot> seen;
    const OutstandingSweepResult r = runOutstandingSweep(*sim, w, { 1, 4, 16 }, {},
        [&](std::shared_ptr<const SweepSnapshot> s) { seen.push_back(*s); });
    REQUIRE(r.points.size() == 3);
    CHECK_FALSE(r.cancelled);
    REQUIRE_FALSE(seen.empty());
    double last = 0;
    int done = 0;
    std::vector<int> within(3, 0);
    for (const SweepSnapshot& s : seen) {
        CHECK(s.pointCount == 3);
        CHECK(s.fraction >= last); // never goes back
        last = s.fraction;
        CHECK(s.pointIndex == done); // points in order; a point's reports come before its end
        if (s.pointDone) {
            CHECK(s.fraction == double(done + 1) / 3);
            CHECK(s.point.requests == 20000);
            ++done;
        } else {
            // Within point i: between i/3 and (i+1)/3, with the point's statistics so far.
            CHECK(s.fraction >= double(s.pointIndex) / 3);
            CHECK(s.fraction < double(s.pointIndex + 1) / 3);
            CHECK(s.point.requests < 20000);
            ++within[std::size_t(s.pointIndex)];
        }
    }
    CHECK(done == 3);
    CHECK(last == 1.0);
    for (int n : within)
        CHECK(n >= 1);
    // Each point is closed loop at its value, whatever the spec said.
    CHECK(r.points[0].outstanding == 1);
    CHECK(r.points[1].outstanding == 4);
    CHECK(r.points[2].outstanding == 16);
}

TEST_CASE("runOutstandingSweep: a stop keeps the finished points and drops the one running", "[sim][sweep]")
{
    auto sim = makeSim("raid0 disks=2 chunk=64KiB");
    const WorkloadSpec w = workload("random count=3000 seed=2");

    SECTION("stopped after the first point")
    {
        std::stop_source source;
        int reportsAfterStop = 0;
        const OutstandingSweepResult r = runOutstandingSweep(*sim, w, { 1, 2, 4 }, source.get_token(),
            [&](std::shared_ptr<const SweepSnapshot> s) {
                if (source.stop_requested())
                    ++reportsAfterStop;
                if (s->pointDone && s->pointIndex == 0)
                    source.request_stop();
            });
        CHECK(r.cancelled);
        REQUIRE(r.points.size() == 1);
        CHECK(r.points[0].outstanding == 1);
        CHECK(r.points[0].requests == 3000);
        CHECK(reportsAfterStop == 0);
        CHECK(r.toJson().value(QStringLiteral("sweep")).toArray().size() == 1);
    }
    SECTION("stopped before it starts")
    {
        std::stop_source source;
        source.request_stop();
        const OutstandingSweepResult r = runOutstandingSweep(*sim, w, { 1, 2 }, source.get_token());
        CHECK(r.cancelled);
        CHECK(r.points.empty());
    }
}

TEST_CASE("OutstandingSweepResult: the JSON the CLI prints and the Simulate page saves", "[sim][sweep]")
{
    auto sim = makeSim("raid5 disks=4 chunk=16KiB");
    const WorkloadSpec w = workload("random size=8KiB count=300 seed=9");
    const QJsonObject o = runOutstandingSweep(*sim, w, { 2, 8 }).toJson();
    CHECK(o.keys() == QStringList { QStringLiteral("array"), QStringLiteral("kind"), QStringLiteral("outstanding"),
                          QStringLiteral("sweep"), QStringLiteral("version"), QStringLiteral("workload") });
    CHECK(o.value(QStringLiteral("version")).toInt() == 1);
    CHECK(o.value(QStringLiteral("kind")).toString() == u"sweep");
    CHECK(o.value(QStringLiteral("array")).toString() == sim->arraySpec());
    CHECK(o.value(QStringLiteral("workload")).toString() == w.toText());
    CHECK(o.value(QStringLiteral("outstanding")).toArray() == QJsonArray { 2, 8 });
    const QJsonArray sweep = o.value(QStringLiteral("sweep")).toArray();
    REQUIRE(sweep.size() == 2);
    for (int i = 0; i < 2; ++i) {
        const QJsonObject p = sweep.at(i).toObject();
        CAPTURE(i);
        CHECK(p.value(QStringLiteral("outstanding")).toInt() == (i == 0 ? 2 : 8));
        CHECK(p.value(QStringLiteral("requests")).toInt() == 300);
        // DESIGN.md's simulate keys.
        for (const char* key : { "iops", "mbps", "meanMs", "varianceMs2", "percentilesMs", "disks" })
            CHECK(p.contains(QString::fromLatin1(key)));
        CHECK(p.value(QStringLiteral("percentilesMs")).toObject().keys()
            == QStringList { QStringLiteral("50"), QStringLiteral("90"), QStringLiteral("99") });
        CHECK(p.value(QStringLiteral("disks")).toArray().size() == 4);
    }

    SECTION("with no values it is one run as the workload says")
    {
        const WorkloadSpec open = workload("random rate=50 count=100 seed=9");
        const OutstandingSweepResult r = runOutstandingSweep(*sim, open, {});
        REQUIRE(r.points.size() == 1);
        CHECK_FALSE(r.cancelled);
        CHECK(r.points[0].outstanding == 0); // open loop, as the spec says
        CHECK(r.points[0].offeredRatePerSec == 50);
        const QJsonObject j = r.toJson();
        CHECK(j.value(QStringLiteral("kind")).toString() == u"run");
        CHECK(j.value(QStringLiteral("outstanding")).toArray().isEmpty());
        CHECK(j.value(QStringLiteral("sweep")).toArray().size() == 1);
    }
}
