// SPDX-License-Identifier: GPL-3.0-or-later
// Workspaces (#16 item 1): a file written today opens in every later RaidScope with the values it
// was written with; save -> open -> save gives the same bytes; a bad file says what is wrong in one
// line naming the field.
#include "probe/simtarget.h"
#include "sim/arraysimulator.h"
#include "sim/workload.h"
#include "trace/tracejob.h"
#include "workspace/simresultjson.h"
#include "workspace/workspace.h"

#include <catch2/catch.hpp>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>

using namespace raidscope;

namespace {

const QString kSample = QStringLiteral(RAIDSCOPE_TEST_DATA "/workspace/sample-v1.raidscope");

QByteArray readAll(const QString& path)
{
    QFile f(path);
    REQUIRE(f.open(QIODevice::ReadOnly));
    return f.readAll();
}

// The error a workspace object gives, or an empty string when it reads.
QString errorOf(const QByteArray& bytes)
{
    QString error;
    const auto w = parseWorkspace(bytes, &error);
    if (w)
        return {};
    CHECK_FALSE(error.isEmpty());
    CHECK_FALSE(error.contains(u'\n'));
    return error;
}

QByteArray bytesOf(const QJsonObject& o) { return QJsonDocument(o).toJson(); }

// A small sweep, run for real: outstanding 1 and 4, 2000 random 4 KiB reads each.
OutstandingSweepResult sampleSweep()
{
    QString error;
    auto sim = ArraySimulator::create(QStringLiteral("raid5 layout=left-asymmetric disks=4 chunk=16KiB"), &error);
    INFO(error.toStdString());
    REQUIRE(sim);
    const auto spec = parseWorkloadSpec(QStringLiteral("random read=1 size=4KiB count=2000 seed=7"), &error);
    REQUIRE(spec);
    auto result = runOutstandingSweep(*sim, *spec, { 1, 4 }, {}, {}, 1);
    result.workloadSpec = QStringLiteral("random read=1 size=4KiB count=2000 seed=7");
    return result;
}

// Every page filled with results from today's code (the sample file's recipe).
Workspace sampleWorkspace()
{
    Workspace w;
    w.page = QStringLiteral("simulate");
    w.array = WorkspaceArray { QStringLiteral("raid5 layout=left-asymmetric disks=4 chunk=16KiB"), QStringLiteral("write:0:128KiB") };

    WorkspaceProbe probe;
    probe.simSpec = QStringLiteral("raid5 layout=left-asymmetric disks=4 chunk=16KiB");
    QString error;
    auto target = SimTarget::create(probe.simSpec, &error);
    REQUIRE(target);
    probe.result = runShearProbe(*target, ProbeConfig {});
    w.probe = probe;

    WorkspaceSimulate simulate;
    simulate.arraySpec = QStringLiteral("raid5 layout=left-asymmetric disks=4 chunk=16KiB");
    simulate.workloadSpec = QStringLiteral("random read=1 size=4KiB count=2000 seed=7");
    simulate.sweep = QStringLiteral("1,4");
    simulate.results = sampleSweep();
    w.simulate = simulate;

    // The trace is named relative to tests/data in the file, so the sample holds no machine path.
    const QString trace = QStringLiteral(RAIDSCOPE_TEST_DATA "/traces/msr_small.csv");
    WorkspaceTraces traces;
    traces.files = { QStringLiteral("traces/msr_small.csv") };
    TraceJobOptions options;
    options.jobs = 1;
    TraceSummaryResult summary = summarizeTrace({ trace }, options);
    REQUIRE(summary.ok);
    traces.summary = summary.summary;
    traces.summary->files = traces.files;
    traces.candidates = { QStringLiteral("raid5 disks=5 chunk=16KiB"), QStringLiteral("raid5 disks=5 chunk=64KiB") };
    TraceReplayOptions replay;
    replay.read = options;
    replay.arraySpecs = traces.candidates;
    TraceReplayResult replayed = replayTrace({ trace }, replay);
    REQUIRE(replayed.ok);
    traces.replay = replayed;
    traces.replayShown = true;
    w.traces = traces;

    WorkspaceAdvisor advisor;
    advisor.arraySpec = QStringLiteral("raid5 disks=8 chunk=16KiB disk=cheetah-15k");
    advisor.sizes = QStringLiteral("8KiB:60,32KiB:25,128KiB:15");
    w.advisor = advisor;

    WorkspaceModels models;
    QFile minervaFile(QStringLiteral(RAIDSCOPE_TEST_DATA "/models/minerva_raid5.json"));
    REQUIRE(minervaFile.open(QIODevice::ReadOnly));
    const auto minerva = minervaInputFromJson(QJsonDocument::fromJson(minervaFile.readAll()).array().at(0).toObject(), &error);
    REQUIRE(minerva);
    models.minerva = *minerva;
    models.response = WorkspaceResponse { QStringLiteral("raid5"), 4, QStringLiteral("128KiB"), QStringLiteral("st3500630ns"),
        10, 5, 1, QStringLiteral("single"), false, 20000 };
    w.models = models;
    return w;
}

} // namespace

// Writes the sample kept in tests/data/workspace (hidden; run once when the file is to be made again:
// RAIDSCOPE_WORKSPACE_SAMPLE=path tst_core "[.generate-workspace]").
TEST_CASE("Workspace: write the sample file", "[.generate-workspace]")
{
    const QString path = qEnvironmentVariable("RAIDSCOPE_WORKSPACE_SAMPLE");
    REQUIRE_FALSE(path.isEmpty());
    QString error;
    REQUIRE(writeWorkspaceFile(path, sampleWorkspace(), &error));
}

TEST_CASE("Workspace: the version 1 sample written by RaidScope 0.1 opens with its values", "[workspace]")
{
    QString error;
    const auto w = readWorkspaceFile(kSample, &error);
    INFO(error.toStdString());
    REQUIRE(w);
    // The values the sample was made with (sampleWorkspace() above, tests/data/workspace/README.md).
    CHECK(w->page == u"simulate");
    REQUIRE(w->array);
    CHECK(w->array->spec == u"raid5 layout=left-asymmetric disks=4 chunk=16KiB");
    CHECK(w->array->request == u"write:0:128KiB");

    // The probe identified what it probed (Shear's method on RAID-5 left-asymmetric, 4 disks, 16 KiB).
    REQUIRE(w->probe);
    CHECK(w->probe->simulated);
    REQUIRE(w->probe->result);
    const ProbeVerdict& verdict = w->probe->result->verdict;
    CHECK(verdict.identified);
    CHECK(verdict.scheme == u"raid5");
    CHECK(verdict.variant == u"left-asymmetric");
    CHECK(verdict.disks == 4);
    CHECK(verdict.chunkBytes == 16 * 1024);

    // The sweep: two points of 2000 reads of 4 KiB each, at 1 and 4 outstanding.
    REQUIRE(w->simulate);
    CHECK(w->simulate->sweep == u"1,4");
    REQUIRE(w->simulate->results);
    const OutstandingSweepResult& sweep = *w->simulate->results;
    CHECK(sweep.outstanding == std::vector<int> { 1, 4 });
    REQUIRE(sweep.points.size() == 2);
    const SimResult& p = sweep.points[1];
    CHECK(p.outstanding == 4);
    CHECK(p.requests == 2000);
    CHECK(p.reads == 2000);
    CHECK(p.writes == 0);
    CHECK(p.bytes == 2000 * 4096);
    CHECK(p.responseNs.total() == 2000);
    CHECK(p.disks.size() == 4);
    // The numbers are what `raidscope-cli simulate --array "raid5 layout=left-asymmetric disks=4
    // chunk=16KiB" --workload "random read=1 size=4KiB count=2000 seed=7" --sweep outstanding=1,4
    // --jobs 1 --json` printed when the sample was made (the CLI's own run, not this file read back):
    // at 4 in flight 269.41 IOPS, mean 14.84 ms, p99 36.96 ms over 7.42 simulated seconds; at 1,
    // 105.44 IOPS and a mean of 9.48 ms (a random 4 KiB read on the IBM 9LZX: seek, half a turn at
    // 10k rpm, transfer).
    using Catch::Matchers::WithinRel;
    CHECK_THAT(p.iops(), WithinRel(269.4114943365509, 1e-12));
    CHECK_THAT(p.responseMs.mean(), WithinRel(14.835308824499995, 1e-12));
    CHECK_THAT(p.percentileMs(0.99), WithinRel(36.962304, 1e-12));
    CHECK_THAT(p.percentileMs(0.5), WithinRel(12.386304, 1e-12));
    CHECK_THAT(p.simulatedSeconds(), WithinRel(7.423588236, 1e-12));
    CHECK_THAT(sweep.points[0].iops(), WithinRel(105.44303129714989, 1e-12));
    CHECK_THAT(sweep.points[0].responseMs.mean(), WithinRel(9.48379411800001, 1e-12));

    REQUIRE(w->traces);
    CHECK(w->traces->files == QStringList { QStringLiteral("traces/msr_small.csv") });
    REQUIRE(w->traces->summary);
    CHECK(w->traces->summary->records == 29); // msr_small.csv: a header and 29 requests
    CHECK(w->traces->candidates.size() == 2);
    REQUIRE(w->traces->replay);
    CHECK(w->traces->replay->arrays.size() == 2);
    CHECK(w->traces->replay->records == 29);
    CHECK(w->traces->replay->arrays[0].result.requests == 29);

    REQUIRE(w->advisor);
    CHECK(w->advisor->sizes == u"8KiB:60,32KiB:25,128KiB:15");
    REQUIRE(w->models);
    REQUIRE(w->models->minerva);
    CHECK(w->models->minerva->lu.type == MinervaLuType::Raid5);
    CHECK(w->models->minerva->lu.size == 5);
    CHECK(w->models->minerva->streams.size() == 2);
    REQUIRE(w->models->response);
    CHECK(w->models->response->disk == u"st3500630ns");
}

TEST_CASE("Workspace: save, open and save again gives the same JSON", "[workspace]")
{
    SECTION("the sample file")
    {
        QString error;
        const auto first = parseWorkspace(readAll(kSample), &error);
        INFO(error.toStdString());
        REQUIRE(first);
        const QByteArray saved = workspaceBytes(*first);
        const auto second = parseWorkspace(saved, &error);
        REQUIRE(second);
        CHECK(workspaceBytes(*second) == saved);
    }
    SECTION("a sweep just run: every number of every point comes back")
    {
        const OutstandingSweepResult sweep = sampleSweep();
        QString error;
        const auto back = outstandingSweepFromJson(sweep.toJson(), &error);
        INFO(error.toStdString());
        REQUIRE(back);
        CHECK(bytesOf(back->toJson()) == bytesOf(sweep.toJson()));
        // The figures derived on writing (percentiles from the histogram, seconds from nanoseconds).
        CHECK(back->points[0].percentileMs(0.99) == sweep.points[0].percentileMs(0.99));
        CHECK(back->points[0].iops() == sweep.points[0].iops());
        CHECK(back->points[0].responseMs.variance() == sweep.points[0].responseMs.variance());
    }
    SECTION("an empty workspace, and pages without results")
    {
        Workspace w;
        w.array = WorkspaceArray { QStringLiteral("raid0 disks=2"), {} };
        w.simulate = WorkspaceSimulate { QStringLiteral("raid0 disks=2"), QStringLiteral("random"), QStringLiteral("1"), std::nullopt };
        const QByteArray saved = workspaceBytes(w);
        QString error;
        const auto back = parseWorkspace(saved, &error);
        INFO(error.toStdString());
        REQUIRE(back);
        CHECK_FALSE(back->probe);
        CHECK_FALSE(back->simulate->results);
        CHECK(workspaceBytes(*back) == saved);
    }
    SECTION("the Models page's tab: each of its three comes back as itself")
    {
        // The page's tabs in order: Throughput (Minerva), Response time (zoned RAID), Calibration (Minerva).
        const char* names[] = { "throughput", "response", "calibration" };
        for (int tab = 0; tab < 3; ++tab) {
            Workspace w;
            w.models = WorkspaceModels {};
            w.models->tab = tab;
            const QByteArray saved = workspaceBytes(w);
            INFO(saved.toStdString());
            CHECK(saved.contains(QByteArray("\"tab\": \"").append(names[tab]).append("\"")));
            QString error;
            const auto back = parseWorkspace(saved, &error);
            INFO(error.toStdString());
            REQUIRE(back);
            REQUIRE(back->models);
            CHECK(back->models->tab == tab);
        }
    }
}

TEST_CASE("Workspace: a file that is not one this version reads gives one clear line", "[workspace]")
{
    const QByteArray good = readAll(kSample);
    const QJsonObject root = QJsonDocument::fromJson(good).object();
    auto with = [&](const QString& key, const QJsonValue& v) {
        QJsonObject o = root;
        o[key] = v;
        return bytesOf(o);
    };

    CHECK(errorOf(good).isEmpty());
    CHECK(errorOf("{\"format\": \"raidscope-workspace\", \"version\": 1,").startsWith(u"not JSON: "));
    CHECK(errorOf("[1, 2]") == u"not a RaidScope workspace: expected a JSON object, found an array");
    CHECK(errorOf(with(QStringLiteral("format"), QStringLiteral("raidscope-probe")))
        == u"format: 'raidscope-probe' is not a RaidScope workspace (expected 'raidscope-workspace')");
    CHECK(errorOf(with(QStringLiteral("version"), 2))
        == u"version: 2 is newer than this RaidScope reads (1 and earlier); open it with a later RaidScope");
    CHECK(errorOf(with(QStringLiteral("version"), QStringLiteral("1")))
        == u"version: expected a whole number from 1, found a string");
    CHECK(errorOf(with(QStringLiteral("page"), 3)) == u"page: expected a string, found a number");
    // A page this build does not have (added later) is read; the window then shows the Array page.
    CHECK(errorOf(with(QStringLiteral("page"), QStringLiteral("disks"))).isEmpty());
    {
        QJsonObject o = root;
        o.remove(QStringLiteral("format"));
        CHECK(errorOf(bytesOf(o)) == u"format: missing");
    }
    // A field deep inside a result is named by its whole path.
    {
        QJsonObject pages = root[QStringLiteral("pages")].toObject();
        QJsonObject simulate = pages[QStringLiteral("simulate")].toObject();
        QJsonObject results = simulate[QStringLiteral("results")].toObject();
        QJsonArray sweep = results[QStringLiteral("sweep")].toArray();
        QJsonObject point = sweep[1].toObject();
        point.remove(QStringLiteral("requests"));
        sweep[1] = point;
        results[QStringLiteral("sweep")] = sweep;
        simulate[QStringLiteral("results")] = results;
        pages[QStringLiteral("simulate")] = simulate;
        CHECK(errorOf(with(QStringLiteral("pages"), pages)) == u"pages.simulate.results.sweep[1].requests: missing");
    }
    {
        QJsonObject pages = root[QStringLiteral("pages")].toObject();
        QJsonObject probe = pages[QStringLiteral("probe")].toObject();
        QJsonObject result = probe[QStringLiteral("result")].toObject();
        QJsonObject verdict = result[QStringLiteral("verdict")].toObject();
        verdict[QStringLiteral("disks")] = QStringLiteral("four");
        result[QStringLiteral("verdict")] = verdict;
        probe[QStringLiteral("result")] = result;
        pages[QStringLiteral("probe")] = probe;
        const QString error = errorOf(with(QStringLiteral("pages"), pages));
        CHECK(error.startsWith(u"pages.probe.result.verdict.disks: "));
    }
    QString error;
    CHECK_FALSE(readWorkspaceFile(QStringLiteral(RAIDSCOPE_TEST_DATA "/workspace/no-such.raidscope"), &error));
    CHECK(error.startsWith(QStringLiteral(RAIDSCOPE_TEST_DATA "/workspace/no-such.raidscope: ")));
}

TEST_CASE("Workspace: written atomically and never over a trace it refers to", "[workspace]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString trace = dir.filePath(QStringLiteral("trace.csv"));
    {
        QFile f(trace);
        REQUIRE(f.open(QIODevice::WriteOnly));
        f.write("0,R,0,4096\n");
    }
    Workspace w;
    w.traces = WorkspaceTraces {};
    w.traces->files = { trace };
    QString error;
    CHECK_FALSE(writeWorkspaceFile(trace, w, &error));
    CHECK(error.contains(QStringLiteral("trace.csv")));
    CHECK(readAll(trace) == "0,R,0,4096\n");

    const QString path = dir.filePath(QStringLiteral("day.raidscope"));
    REQUIRE(writeWorkspaceFile(path, w, &error));
    CHECK(readAll(path) == workspaceBytes(w));
    CHECK(QDir(dir.path()).entryList(QDir::Files).size() == 2); // no temporary left beside it
}
