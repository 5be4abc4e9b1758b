// SPDX-License-Identifier: GPL-3.0-or-later
// Failure during a run and rebuild onto a spare (#14 item 2): fail=, rebuild=, rebuild.delay,
// rebuild.unit; SIMRAID's stages (degraded, reconstruction, recovering) and the run's timeline.
#include "sim/arraysimulator.h"

#include "testsupport.h"

#include <QJsonArray>
#include <QJsonObject>

#include <catch2/catch.hpp>

#include <numeric>

using namespace raidscope;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;
using raidscope::test::makeSim;
using raidscope::test::makeWorkload;

namespace {

// 8 MiB members with 64 KiB chunks: 128 stripes, 16384 sectors a member; small, so runs are quick.
constexpr double kMemberBytes = 8.0 * 1024 * 1024;
constexpr std::uint64_t kMemberSectors = 16384;
// One 4 KiB read: the run's only user request, so the disks do (almost) nothing but the rebuild.
constexpr const char* kOneRequest = "random read=1 size=4KiB rate=1 count=1 seed=1";

SimResult run(const char* array, const char* workload)
{
    return makeSim(array)->run(makeWorkload(workload));
}

QString createError(const char* spec)
{
    QString error;
    CHECK_FALSE(ArraySimulator::create(QString::fromUtf8(spec), &error));
    return error;
}

const StageResult* stage(const SimResult& r, const char* name)
{
    for (const StageResult& s : r.stages)
        if (s.name == QLatin1String(name))
            return &s;
    return nullptr;
}

void checkStagesCoverTheRun(const SimResult& r)
{
    REQUIRE_FALSE(r.stages.empty());
    CHECK(r.stages.front().startNs == 0);
    for (std::size_t i = 1; i < r.stages.size(); ++i)
        CHECK(r.stages[i].startNs == r.stages[i - 1].endNs);
    CHECK(r.stages.back().endNs == r.simulatedNs);
    std::uint64_t requests = 0;
    for (const StageResult& s : r.stages)
        requests += s.requests;
    CHECK(requests == r.requests);
}

} // namespace

TEST_CASE("Rebuild: a fixed rate over an idle array takes the member's capacity / rate", "[sim][rebuild]")
{
    // 8 MiB at 1 MB/s: 8.388608 s; steps of one 64 KiB chunk start every 65.536 ms, so the last one
    // starts 65.5 ms before capacity / rate and ends a few ms later: within one step.
    const double stepNs = 65536.0 / 1e6 * 1e9;
    SECTION("failed= from the start")
    {
        const SimResult r = run("raid5 disks=4 chunk=64KiB size=8MiB failed=1 rebuild=rate:1MB/s", kOneRequest);
        REQUIRE(r.rebuild);
        CHECK(r.rebuild->completed);
        CHECK(r.rebuild->startNs == 0);
        CHECK_THAT(r.rebuild->durationNs(), WithinAbs(kMemberBytes / 1e6 * 1e9, stepNs));
        CHECK(r.rebuild->steps == 128);
        CHECK(r.rebuild->policy == u"rate:1MB/s");
    }
    SECTION("fail=DISK@TIME with rebuild.delay")
    {
        const SimResult r
            = run("raid5 disks=4 chunk=64KiB size=8MiB fail=2@1s rebuild=rate:2MiB/s rebuild.delay=500ms", kOneRequest);
        REQUIRE(r.rebuild);
        CHECK(r.rebuild->startNs == 1.5e9);
        // 8 MiB at 2 MiB/s: 4 s.
        CHECK_THAT(r.rebuild->durationNs(), WithinAbs(4e9, 65536.0 / (2.0 * 1024 * 1024) * 1e9));
        REQUIRE(r.failures.size() == 1);
        CHECK(r.failures[0].member == 2);
        CHECK(r.failures[0].atNs == 1'000'000'000);
        CHECK(r.disks[2].replaced);
        CHECK_FALSE(r.disks[2].failed);
    }
    SECTION("rebuild.unit: 16 KiB steps, four to a stripe, the same duration")
    {
        const SimResult r
            = run("raid5 disks=4 chunk=64KiB size=8MiB failed=1 rebuild=rate:1MB/s rebuild.unit=16KiB", kOneRequest);
        REQUIRE(r.rebuild);
        CHECK(r.rebuild->steps == 512);
        CHECK_THAT(r.rebuild->durationNs(), WithinAbs(kMemberBytes / 1e6 * 1e9, 16384.0 / 1e6 * 1e9));
    }
}

TEST_CASE("Rebuild: the reads touch each survivor once per stripe and the spare is written once", "[sim][rebuild]")
{
    // By hand: 128 stripes of 64 KiB chunks. share:1 rebuilds as fast as the disks go. The one user
    // request (a 4 KiB read, 8 sectors) may add one operation to one disk, or one to each survivor
    // when it is a degraded read.
    auto sectorsNear = [](const DiskResult& d, std::uint64_t expected) {
        CHECK(d.sectors >= expected);
        CHECK(d.sectors <= expected + 8);
    };
    SECTION("RAID 5 of 4: every survivor reads its member once, the spare writes its own")
    {
        const SimResult r = run("raid5 disks=4 chunk=64KiB size=8MiB failed=1 rebuild=share:1", kOneRequest);
        REQUIRE(r.rebuild);
        CHECK(r.rebuild->bytesRead == 3 * std::uint64_t(kMemberBytes));
        CHECK(r.rebuild->bytesWritten == std::uint64_t(kMemberBytes));
        for (int d : { 0, 2, 3 }) {
            CAPTURE(d);
            sectorsNear(r.disks[std::size_t(d)], kMemberSectors);
            CHECK(r.disks[std::size_t(d)].ops >= 128); // one read a stripe (none coalesce: one step a stripe)
            CHECK(r.disks[std::size_t(d)].ops <= 129);
        }
        sectorsNear(r.disks[1], kMemberSectors);
        CHECK(r.disks[1].ops == 128);
    }
    SECTION("RAID 6, both P+Q placements: D-2 of the D-1 survivors a stripe")
    {
        for (const char* spec : { "raid6 layout=left-symmetric disks=5 chunk=64KiB size=8MiB failed=1 rebuild=share:1",
                 "raid6 layout=continuous disks=5 chunk=64KiB size=8MiB failed=1 rebuild=share:1" }) {
            CAPTURE(spec);
            const SimResult r = run(spec, kOneRequest);
            REQUIRE(r.rebuild);
            CHECK(r.rebuild->bytesRead == 3 * std::uint64_t(kMemberBytes));
            CHECK(r.rebuild->bytesWritten == std::uint64_t(kMemberBytes));
            std::uint64_t survivors = 0;
            for (int d : { 0, 2, 3, 4 }) {
                CHECK(r.disks[std::size_t(d)].sectors <= kMemberSectors + 8);
                survivors += r.disks[std::size_t(d)].sectors;
            }
            CHECK(survivors >= 3 * kMemberSectors);
            CHECK(survivors <= 3 * kMemberSectors + 4 * 8);
            sectorsNear(r.disks[1], kMemberSectors);
        }
    }
    SECTION("RAID 6 with two failed: both spares in one pass, from all three survivors")
    {
        const SimResult r = run("raid6 disks=5 chunk=64KiB size=8MiB failed=1,3 rebuild=share:1", kOneRequest);
        REQUIRE(r.rebuild);
        CHECK(r.rebuild->members == std::vector<int> { 1, 3 });
        CHECK(r.rebuild->bytesWritten == 2 * std::uint64_t(kMemberBytes));
        for (int d : { 0, 2, 4 })
            sectorsNear(r.disks[std::size_t(d)], kMemberSectors);
        sectorsNear(r.disks[1], kMemberSectors);
        sectorsNear(r.disks[3], kMemberSectors);
    }
    SECTION("RAID 1 of 2: the other copy is read once")
    {
        const SimResult r = run("raid1 disks=2 chunk=64KiB size=8MiB failed=0 rebuild=share:1", kOneRequest);
        REQUIRE(r.rebuild);
        sectorsNear(r.disks[1], kMemberSectors);
        sectorsNear(r.disks[0], kMemberSectors);
        CHECK(r.rebuild->bytesRead == std::uint64_t(kMemberBytes));
    }
    SECTION("RAID 10 near of 4: only the failed member's mirror partner is read")
    {
        const SimResult r = run("raid10 disks=4 chunk=64KiB size=8MiB failed=0 rebuild=share:1", kOneRequest);
        REQUIRE(r.rebuild);
        sectorsNear(r.disks[1], kMemberSectors);
        sectorsNear(r.disks[0], kMemberSectors);
        CHECK(r.disks[2].sectors <= 8);
        CHECK(r.disks[3].sectors <= 8);
    }
    SECTION("RAID 10 far of 4: the member's data and far copies, from two partners")
    {
        const SimResult r = run("raid10 layout=far disks=4 chunk=64KiB size=8MiB failed=0 rebuild=share:1", kOneRequest);
        REQUIRE(r.rebuild);
        CHECK(r.rebuild->bytesWritten == std::uint64_t(kMemberBytes));
        CHECK(r.rebuild->bytesRead == std::uint64_t(kMemberBytes));
        sectorsNear(r.disks[0], kMemberSectors);
    }
}

TEST_CASE("Rebuild: a degraded then rebuilt array returns to healthy response times", "[sim][rebuild]")
{
    // Open loop at 100 random 8 KiB reads a second on a RAID 5 of 4 (some 20% busy): member 1 fails at
    // 5 s and is rebuilt at half the disks' time; the healthy-after stage's mean is the healthy run's.
    const char* workload = "random read=1 size=8KiB rate=100 count=6000 seed=3";
    const SimResult healthy = run("raid5 disks=4 chunk=64KiB size=64MiB", workload);
    const SimResult r = run("raid5 disks=4 chunk=64KiB size=64MiB fail=1@5s rebuild=share:0.5", workload);
    CHECK(r.requests == 6000);
    CHECK(r.lostRequests == 0);
    CHECK(healthy.stages.empty());
    checkStagesCoverTheRun(r);
    const StageResult* before = stage(r, "healthy");
    const StageResult* degraded = stage(r, "reconstruction");
    const StageResult* after = stage(r, "healthy-after");
    REQUIRE(before);
    REQUIRE(degraded);
    REQUIRE(after);
    CHECK(before->endNs == 5e9);
    REQUIRE(r.rebuild);
    CHECK(r.rebuild->completed);
    CHECK(degraded->startNs == 5e9);
    CHECK(degraded->endNs == r.rebuild->endNs);
    CHECK(degraded->responseMs.mean() > 1.2 * healthy.responseMs.mean());
    CHECK(after->requests > 2000);
    CHECK_THAT(after->responseMs.mean(), WithinRel(healthy.responseMs.mean(), 0.1));
    CHECK_THAT(before->responseMs.mean(), WithinRel(healthy.responseMs.mean(), 0.15));
}

TEST_CASE("Rebuild: policies share the disks with the users' requests", "[sim][rebuild]")
{
    const char* workload = "random read=0.7 size=8KiB rate=150 count=3000 seed=5";
    auto duration = [&](const char* array) {
        const SimResult r = run(array, workload);
        REQUIRE(r.rebuild);
        CHECK(r.rebuild->completed);
        CHECK(r.requests == 3000);
        checkStagesCoverTheRun(r);
        return r.rebuild->durationNs();
    };
    const double all = duration("raid5 disks=4 chunk=64KiB size=16MiB fail=0@1s rebuild=share:1");
    const double fifth = duration("raid5 disks=4 chunk=64KiB size=16MiB fail=0@1s rebuild=share:0.2");
    const double idle = duration("raid5 disks=4 chunk=64KiB size=16MiB fail=0@1s rebuild=idle:1MB/s");
    CHECK(fifth > 2 * all);
    // idle: never slower than its minimum rate (16 MiB at 1 MB/s: 16.8 s), plus one step.
    CHECK(idle <= 16.0 * 1024 * 1024 / 1e6 * 1e9 + 70e6);
    CHECK(idle > all);
}

TEST_CASE("Rebuild: requests waiting on a member when it fails are served from the survivors", "[sim][rebuild]")
{
    // A closed loop keeps 32 requests queued: member 2 fails under them. Nothing is lost or left behind.
    for (const char* array : { "raid5 disks=5 chunk=16KiB size=32MiB fail=2@300ms",
             "raid10 disks=4 chunk=16KiB size=32MiB fail=2@300ms rebuild=share:0.3",
             "raid6 disks=6 chunk=16KiB size=32MiB fail=2@300ms,4@600ms rebuild=rate:20MB/s" }) {
        CAPTURE(array);
        const SimResult r = run(array, "random read=0.6 size=16KiB outstanding=32 count=4000 seed=2");
        CHECK(r.requests == 4000);
        CHECK(r.lostRequests == 0);
        checkStagesCoverTheRun(r);
        // With no rebuild.delay the degraded stage is empty and left out: reconstruction starts at once.
        CHECK((stage(r, "degraded") || stage(r, "reconstruction")));
        CHECK(r.stages.front().name == u"healthy");
        CHECK(r.stages.front().endNs == 300e6);
    }
}

TEST_CASE("Rebuild: a closed loop has no recovering stage, with or without a healthy stage", "[sim][rebuild]")
{
    // A closed loop keeps its requests in the system: there is no queue to clear after the rebuild.
    for (const char* array : { "raid5 disks=4 chunk=64KiB size=8MiB failed=1 rebuild=rate:4MB/s",
             "raid5 disks=4 chunk=64KiB size=8MiB fail=1@500ms rebuild=rate:4MB/s" }) {
        CAPTURE(array);
        const SimResult r = run(array, "random size=8KiB outstanding=8 count=3000 seed=4");
        checkStagesCoverTheRun(r);
        REQUIRE(r.rebuild);
        CHECK_FALSE(stage(r, "recovering"));
        REQUIRE(stage(r, "healthy-after"));
        CHECK(stage(r, "healthy-after")->startNs == r.rebuild->endNs);
    }
}

TEST_CASE("Rebuild: the timeline bins the run, and only failure runs have the new JSON keys", "[sim][rebuild]")
{
    const SimResult r
        = run("raid5 disks=4 chunk=64KiB size=16MiB fail=3@2s rebuild=rate:4MB/s", "random size=8KiB rate=200 count=2000 seed=9");
    REQUIRE(r.rebuild);
    CHECK(r.timeline.bins.size() <= SimTimeline::kMaxBins);
    CHECK(r.timeline.bins.size() >= SimTimeline::kMaxBins / 2);
    CHECK(r.timeline.binNs * double(r.timeline.bins.size()) >= r.simulatedNs);
    std::uint64_t requests = 0, rebuilt = 0;
    for (const SimTimeline::Bin& b : r.timeline.bins) {
        requests += b.requests;
        rebuilt += b.rebuildBytes;
    }
    CHECK(requests == r.requests);
    CHECK(rebuilt == r.rebuild->bytesWritten);

    const QJsonObject json = r.toJson();
    CHECK(json.value(QStringLiteral("stages")).toArray().size() == qsizetype(r.stages.size()));
    const QJsonObject first = json.value(QStringLiteral("stages")).toArray().first().toObject();
    CHECK(first.value(QStringLiteral("name")).toString() == u"healthy");
    CHECK(first.value(QStringLiteral("percentilesMs")).toObject().contains(QStringLiteral("99")));
    const QJsonObject rebuild = json.value(QStringLiteral("rebuild")).toObject();
    CHECK(rebuild.value(QStringLiteral("durationNs")).toDouble() == r.rebuild->durationNs());
    CHECK(rebuild.value(QStringLiteral("policy")).toString() == u"rate:4MB/s");
    const QJsonObject timeline = json.value(QStringLiteral("timeline")).toObject();
    CHECK(timeline.value(QStringLiteral("meanMs")).toArray().size() == qsizetype(r.timeline.bins.size()));
    CHECK(json.value(QStringLiteral("disks")).toArray()[3].toObject().value(QStringLiteral("replaced")).toBool());

    const QJsonObject plain = run("raid5 disks=4 chunk=64KiB size=16MiB failed=3", "random size=8KiB rate=200 count=200 seed=9").toJson();
    for (const char* key : { "stages", "rebuild", "timeline", "failures" })
        CHECK_FALSE(plain.contains(QString::fromLatin1(key)));
    CHECK_FALSE(plain.value(QStringLiteral("disks")).toArray()[3].toObject().contains(QStringLiteral("replaced")));
}

TEST_CASE("Rebuild: merge() overlays stages by name and timelines by bin", "[sim][rebuild]")
{
    const char* array = "raid5 disks=4 chunk=64KiB size=8MiB fail=1@1s rebuild=rate:4MB/s";
    const SimResult a = run(array, "random size=8KiB rate=100 count=500 seed=1");
    const SimResult b = run(array, "random size=8KiB rate=100 count=500 seed=2");
    SimResult m = a;
    m.merge(b);
    REQUIRE(m.stages.size() >= a.stages.size());
    for (std::size_t i = 0; i < a.stages.size(); ++i) {
        CHECK(m.stages[i].name == a.stages[i].name);
        CHECK(m.stages[i].startNs == a.stages[i].startNs);
    }
    std::uint64_t requests = 0;
    for (const StageResult& s : m.stages)
        requests += s.requests;
    CHECK(requests == 1000);
    std::uint64_t binned = 0;
    for (const SimTimeline::Bin& bin : m.timeline.bins)
        binned += bin.requests;
    CHECK(binned == 1000);
    REQUIRE(m.rebuild);
    CHECK(m.rebuild->bytesWritten == a.rebuild->bytesWritten + b.rebuild->bytesWritten);
}

TEST_CASE("Rebuild: bad fail= and rebuild= keys are refused, naming the key", "[sim][rebuild]")
{
    const auto [spec, expected] = GENERATE(table<const char*, const char*>({
        { "raid0 disks=4 fail=1@2s", "raid0 has no redundancy" },
        { "raid0 disks=4 failed=1 rebuild=rate:10MB/s", "has no redundancy" },
        { "raid5 disks=4 fail=4@2s", "fail=4@2s: expected DISK@TIME with DISK from 0 to 3" },
        { "raid5 disks=4 fail=1", "expected DISK@TIME" },
        { "raid5 disks=4 fail=1@-2s", "fail=1@-2s" },
        { "raid5 disks=4 fail=1@nans", "fail=1@nans" },
        { "raid5 disks=4 fail=1@2", "fail=1@2" },
        { "raid5 disks=4 fail=1@2s,2@3s", "2 failed members in all (failed= and fail=) exceed what the array survives (1)" },
        { "raid5 disks=4 fail=1@2s,1@3s", "member 1 fails twice" },
        { "raid5 disks=4 failed=1 fail=1@3s", "member 1 is already failed" },
        { "raid10 disks=4 fail=0@1s,1@2s", "no copy left" },
        { "raid5 disks=4 rebuild=rate:10MB/s", "rebuild=rate:10MB/s: no member fails" },
        { "raid5 disks=4 failed=1 rebuild=rate:0MB/s", "rebuild=rate:0MB/s: expected a positive rate" },
        { "raid5 disks=4 failed=1 rebuild=rate:10", "has no unit" },
        { "raid5 disks=4 failed=1 rebuild=rate:infMB/s", "expected a positive rate" },
        { "raid5 disks=4 failed=1 rebuild=share:0", "rebuild=share:0: the share of disk time must be in (0, 1]" },
        { "raid5 disks=4 failed=1 rebuild=share:1.5", "must be in (0, 1]" },
        { "raid5 disks=4 failed=1 rebuild=share:nan", "must be in (0, 1]" },
        { "raid5 disks=4 failed=1 rebuild=idle:-5MB/s", "expected a positive rate" },
        { "raid5 disks=4 failed=1 rebuild=fast", "rebuild=fast is unknown" },
        { "raid5 disks=4 failed=1 rebuild=rate:5MB/s rebuild.delay=-1s", "rebuild.delay" },
        { "raid5 disks=4 failed=1 rebuild.delay=1s", "rebuild.delay=1s: needs rebuild=POLICY" },
        { "raid5 disks=4 chunk=64KiB failed=1 rebuild=share:1 rebuild.unit=48KiB", "rebuild.unit=48KiB: must be whole blocks" },
        { "raid5 disks=4 chunk=64KiB failed=1 rebuild=share:1 rebuild.unit=96KiB", "rebuild.unit=96KiB" },
        { "raid5 disks=4 failed=1 rebuild=share:1 rebuild.unit=0B", "rebuild.unit=0B" },
        { "raid5 disks=4 shared=1:2 fail=2@1s", "shared disk" },
    }));
    CAPTURE(spec);
    const QString error = createError(spec);
    CAPTURE(error.toStdString());
    CHECK(error.contains(QString::fromUtf8(expected)));
    CHECK_FALSE(error.contains(u'\n'));
}
