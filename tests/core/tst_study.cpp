// SPDX-License-Identifier: GPL-3.0-or-later
#include "sim/arraysimulator.h"
#include "sim/study.h"
#include "sim/workload.h"
#include "workspace/simresultjson.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <set>

using namespace raidscope;

namespace {
QString S(const char* text)
{
    return QString::fromUtf8(text);
}
} // namespace

TEST_CASE("largestPassing finds the threshold of a monotone predicate", "[study]")
{
    for (int threshold : { 1, 2, 3, 7, 64, 65, 100, 999, 1000 }) {
        std::set<int> seen;
        int runs = 0;
        const int found = largestPassing(1, 1000, [&](int n) {
            ++runs;
            CHECK(seen.insert(n).second); // never the same load twice
            return n <= threshold;
        });
        CHECK(found == threshold);
        // Doubling to the first failure, then bisection: about 2 log2(threshold) + 2 runs.
        CHECK(runs <= 2 * int(std::ceil(std::log2(threshold + 1))) + 2);
    }
}

TEST_CASE("largestPassing: nothing passes, everything passes, one value", "[study]")
{
    CHECK(largestPassing(1, 50, [](int) { return false; }) == 0);
    CHECK(largestPassing(1, 50, [](int) { return true; }) == 50);
    CHECK(largestPassing(5, 5, [](int n) { return n == 5; }) == 5);
    CHECK(largestPassing(5, 4, [](int) { return true; }) == 4); // an empty range: nothing found
    // A response time rising with the load, as a queue's does: 1 / (1 - rho) with 40 BSUs saturating;
    // mean <= 30 ms at 5 ms service needs rho <= 5/6: 33.3 BSUs, so 33.
    const auto meanMs = [](int bsu) { return 5.0 / (1.0 - bsu / 40.0); };
    CHECK(largestPassing(1, 4096, [&](int bsu) { return bsu < 40 && meanMs(bsu) <= 30.0; }) == 33);
}

TEST_CASE("withSpecKey sets one key of a spec", "[study]")
{
    CHECK(withSpecKey(S("raid6 disks=28 overhead=27us"), S("overhead"), S("324us")) == S("raid6 disks=28 overhead=324us"));
    CHECK(withSpecKey(S("raid6 disks=28"), S("chunk"), S("16KiB")) == S("raid6 disks=28 chunk=16KiB"));
    CHECK(withSpecKey(S("raid6  disks=28   chunk=8KiB"), S("scheme"), S("raid5")) == S("raid5 disks=28 chunk=8KiB"));
    CHECK(withSpecKey(S("spc1 bsu=3 bsu=4 duration=10s"), S("bsu"), S("9")) == S("spc1 bsu=9 duration=10s"));
    // A key that begins like another is not it.
    CHECK(withSpecKey(S("raid5 disks=4 diskspeed=2"), S("disk"), S("x")) == S("raid5 disks=4 diskspeed=2 disk=x"));
}

TEST_CASE("parseStudyFactor reads KEY=VALUES and names what is wrong", "[study]")
{
    QString error;
    const auto f = parseStudyFactor(S(" overhead=27us, 81us,324us "), &error);
    REQUIRE(f);
    CHECK(f->key == S("overhead"));
    CHECK(f->values == QStringList { S("27us"), S("81us"), S("324us") });

    CHECK_FALSE(parseStudyFactor(S("overhead"), &error));
    CHECK(error.contains(S("KEY=VALUE")));
    CHECK_FALSE(parseStudyFactor(S("overhead="), &error));
    CHECK(error.contains(S("no values")));
    CHECK_FALSE(parseStudyFactor(S("chunk=16KiB,16KiB"), &error));
    CHECK(error.contains(S("twice")));
    CHECK_FALSE(parseStudyFactor(S("bsu=0,5"), &error));
    CHECK(error.contains(S("'0'")));
    CHECK_FALSE(parseStudyFactor(S("Over Head=1"), &error));
    CHECK(error.contains(S("not a key")));
}

TEST_CASE("checkStudy refuses what cannot run, naming it", "[study]")
{
    StudySpec spec;
    spec.arraySpec = S("raid5 disks=5 chunk=32KiB");
    spec.workloadSpec = S("random read=0.5 rate=100 count=100");
    spec.factors = { *parseStudyFactor(S("overhead=27us,324us"), nullptr) };
    QString error;
    CHECK_FALSE(checkStudy(spec, &error));
    CHECK(error.contains(S("spc1")));

    spec.workloadSpec = S("spc1 duration=1s");
    spec.factors.clear();
    CHECK_FALSE(checkStudy(spec, &error));
    CHECK(error.contains(S("one or two factors")));

    spec.factors = { *parseStudyFactor(S("overhed=27us"), nullptr) };
    CHECK_FALSE(checkStudy(spec, &error));
    CHECK(error.contains(S("overhed")));

    spec.factors = { *parseStudyFactor(S("overhead=27us"), nullptr) };
    spec.limitMs = std::nan("");
    CHECK_FALSE(checkStudy(spec, &error));
    CHECK(error.contains(S("--limit")));
}

TEST_CASE("A study's most BSUs pass the limit and one more does not", "[study]")
{
    StudySpec spec;
    spec.arraySpec = S("raid5 disks=4 chunk=32KiB disk=cheetah-15k size=256MiB");
    spec.workloadSpec = S("spc1 duration=5s seed=2");
    spec.factors = { *parseStudyFactor(S("overhead=27us,2ms"), nullptr) };
    spec.limitMs = 20;
    spec.maxBsu = 200;
    QString error;
    REQUIRE(checkStudy(spec, &error));
    const StudyResult r = runStudy(spec, {}, {}, 1);
    REQUIRE(r.points.size() == 2);
    for (const StudyPoint& p : r.points) {
        REQUIRE(p.maxBsu);
        REQUIRE(*p.maxBsu > 0);
        REQUIRE_FALSE(p.atSearchEnd);
        // Checked by running the simulator directly, not through the search.
        const auto meanAt = [&](int bsu) {
            auto sim = ArraySimulator::create(p.arraySpec, &error);
            REQUIRE(sim);
            const auto w = parseWorkloadSpec(withSpecKey(p.workloadSpec, S("bsu"), QString::number(bsu)), &error);
            REQUIRE(w);
            return sim->run(*w).responseMs.mean();
        };
        CHECK(meanAt(*p.maxBsu) <= spec.limitMs);
        CHECK(meanAt(*p.maxBsu + 1) > spec.limitMs);
    }
    // 2 ms of controller time per request cannot serve more than the 27 us one.
    CHECK(*r.points[1].maxBsu <= *r.points[0].maxBsu);
}

TEST_CASE("A study with a failure and rebuild reads back from its JSON", "[study]")
{
    StudySpec spec;
    spec.arraySpec = S("raid5 disks=4 chunk=32KiB disk=cheetah-15k size=128MiB fail=1@1s");
    spec.workloadSpec = S("spc1 duration=3s seed=1");
    spec.factors = { *parseStudyFactor(S("rebuild=rate:40MB/s,share:0.5"), nullptr),
                     *parseStudyFactor(S("bsu=4"), nullptr) };
    QString error;
    REQUIRE(checkStudy(spec, &error));
    const StudyResult r = runStudy(spec, {}, {}, 2);
    REQUIRE(r.points.size() == 2);
    for (const StudyPoint& p : r.points) {
        REQUIRE(p.result);
        REQUIRE(p.result->rebuild);
        CHECK(p.result->rebuild->completed);
        // No rebuild.delay: no degraded stage; the load (3 s) ends before the rebuild, so no recovering.
        REQUIRE(p.result->stages.size() >= 2);
        CHECK(p.result->stages[0].name == S("healthy"));
        CHECK(p.result->stages[1].name == S("reconstruction"));
        CHECK_FALSE(p.result->timeline.empty());
    }
    // 128 MiB at 40 MB/s: at least 3.36 s (the disks permitting).
    CHECK(r.points[0].result->rebuild->durationNs() >= 134217728.0 / 40e6 * 1e9 * 0.99);
    const QJsonObject json = r.toJson();
    const auto back = studyResultFromJson(json, &error);
    INFO(error.toStdString());
    REQUIRE(back);
    CHECK(back->toJson() == json);
    CHECK_FALSE(studyResultFromJson(QJsonObject { { S("version"), 1 }, { S("kind"), S("sweep") } }, &error));
    CHECK(error.contains(S("kind")));
}
