// SPDX-License-Identifier: GPL-3.0-or-later
// Every core: the pool itself, and parallel == serial (the same JSON) for the outstanding sweep, the
// trace replay's candidates and trace summaries read in ranges (probe-eval is checked from the command
// line, tests/cli/parallel.cmake). Expected values of the merge tests were worked out by hand.
#include "parallel.h"
#include "sim/arraysimulator.h"
#include "sim/outstandingsweep.h"
#include "trace/tracejob.h"
#include "trace/tracesplit_p.h"

#include "testsupport.h"

#include <catch2/catch.hpp>

#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>

#include <atomic>
#include <mutex>
#include <stdexcept>

using namespace raidscope;
using raidscope::test::makeSim;

namespace {

QString fixture(const char* name)
{
    return QStringLiteral(RAIDSCOPE_TEST_DATA "/") + QString::fromLatin1(name);
}

QByteArray json(const QJsonObject& o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

WorkloadSpec workload(const char* text) { return test::makeWorkload(text); }

// The summary read serially (one thread) and in ranges of `rangeBytes` on three threads.
struct Both
{
    TraceSummaryResult serial;
    TraceSummaryResult split;
};

Both summarizeBoth(const QStringList& files, TraceJobOptions o, std::uint64_t rangeBytes)
{
    o.jobs = 1;
    Both b { summarizeTrace(files, o), {} };
    o.jobs = 3;
    auto split = trace::summarizeInRanges(files, o, 3, {}, {}, std::chrono::milliseconds(200), rangeBytes);
    REQUIRE(split); // these formats split, and the merge was exact
    b.split = std::move(*split);
    return b;
}

void writeFile(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    REQUIRE(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    REQUIRE(f.write(bytes) == bytes.size());
}

TraceRecord at(std::int64_t timeNs)
{
    TraceRecord r;
    r.timeNs = timeNs;
    r.sizeBytes = 512;
    return r;
}

} // namespace

TEST_CASE("parallelFor: every task once, results announced in order", "[parallel]")
{
    for (int jobs : { 1, 2, 3, 8 }) {
        std::vector<std::atomic<int>> runs(50);
        std::vector<int> announced;
        parallelFor(50, jobs, [&](int i) { ++runs[std::size_t(i)]; },
            [&](int i) {
                CHECK(runs[std::size_t(i)] == 1); // announced after its task ended
                announced.push_back(i);
            });
        for (const auto& n : runs)
            CHECK(n == 1);
        REQUIRE(announced.size() == 50);
        for (int i = 0; i < 50; ++i)
            CHECK(announced[std::size_t(i)] == i);
    }
    parallelFor(0, 4, [](int) { FAIL("no task for a count of 0"); });
    CHECK_THROWS_WITH(parallelFor(6, 3,
                          [](int i) {
                              if (i == 2 || i == 4)
                                  throw std::runtime_error("task " + std::to_string(i));
                          }),
        "task 2");
}

TEST_CASE("parseJobs: an integer >= 1, one clear error otherwise", "[parallel]")
{
    QString error;
    CHECK(parseJobs(QStringLiteral("4"), &error) == 4);
    CHECK(parseJobs(QStringLiteral(" 1 "), &error) == 1);
    for (const char* bad : { "0", "-2", "x", "", "1.5" }) {
        CHECK_FALSE(parseJobs(QString::fromLatin1(bad), &error));
        CHECK(error == QStringLiteral("'%1' is not a number of threads (an integer >= 1)").arg(QString::fromLatin1(bad)));
    }
    CHECK(resolveJobs(3) == 3);
    CHECK(resolveJobs(0) == defaultJobs());
    CHECK(defaultJobs() >= 1);
}

TEST_CASE("outstanding sweep: parallel points give the serial JSON; reports stay in order", "[parallel][sweep]")
{
    auto sim = makeSim("raid5 disks=4 chunk=16KiB");
    const WorkloadSpec w = workload("random read=0.7 size=4KiB:60,64KiB:40 count=4000 seed=7");
    const std::vector<int> values { 1, 2, 4, 8, 16, 32, 64 };
    const QByteArray serial = json(runOutstandingSweep(*sim, w, values, {}, {}, 1).toJson());
    for (int jobs : { 2, 3, 7 }) {
        std::mutex lock;
        std::vector<SweepSnapshot> seen;
        const OutstandingSweepResult r = runOutstandingSweep(*sim, w, values, {},
            [&](std::shared_ptr<const SweepSnapshot> s) {
                const std::lock_guard<std::mutex> guard(lock);
                seen.push_back(*s);
            },
            jobs);
        CHECK(json(r.toJson()) == serial);
        int done = 0;
        double last = 0;
        for (const SweepSnapshot& s : seen) {
            CHECK(s.pointIndex == done);
            CHECK(s.fraction >= last);
            last = s.fraction;
            done += s.pointDone ? 1 : 0;
        }
        CHECK(done == 7);
    }
}

TEST_CASE("outstanding sweep: a stop in parallel keeps the points reported done, in order", "[parallel][sweep]")
{
    auto sim = makeSim("raid0 disks=2 chunk=64KiB");
    const WorkloadSpec w = workload("random count=3000 seed=2");
    std::stop_source source;
    int reportsAfterStop = 0;
    const OutstandingSweepResult r = runOutstandingSweep(*sim, w, { 1, 2, 4, 8 }, source.get_token(),
        [&](std::shared_ptr<const SweepSnapshot> s) {
            if (source.stop_requested())
                ++reportsAfterStop;
            if (s->pointDone && s->pointIndex == 1)
                source.request_stop();
        },
        3);
    CHECK(r.cancelled);
    REQUIRE(r.points.size() == 2);
    CHECK(r.points[0].outstanding == 1);
    CHECK(r.points[1].outstanding == 2);
    CHECK(reportsAfterStop == 0);
}

TEST_CASE("trace replay: candidates in parallel give the serial JSON", "[parallel][trace]")
{
    TraceReplayOptions o;
    o.arraySpecs = QStringList { QStringLiteral("raid5 disks=4 chunk=16KiB"), QStringLiteral("raid10 disks=4 chunk=64KiB"),
        QStringLiteral("raid0 disks=3 chunk=32KiB") };
    o.slowThresholdMs = 20;
    const QStringList files { fixture("golden/replay_msr.csv") };
    o.read.jobs = 1;
    const TraceReplayResult serial = replayTrace(files, o);
    REQUIRE(serial.ok);
    CHECK(serial.records == 600);
    o.read.jobs = 3;
    const TraceReplayResult parallel = replayTrace(files, o);
    REQUIRE(parallel.ok);
    CHECK(json(parallel.toJson()) == json(serial.toJson()));

    // A refused spec stays in its place; an unreadable trace is the same error either way.
    o.arraySpecs.insert(1, QStringLiteral("raid5 disks=1"));
    o.read.jobs = 1;
    const auto refusedSerial = replayTrace(files, o);
    o.read.jobs = 2;
    const auto refusedParallel = replayTrace(files, o);
    CHECK(json(refusedParallel.toJson()) == json(refusedSerial.toJson()));
    CHECK_FALSE(refusedParallel.arrays[1].error.isEmpty());
    const auto missing = replayTrace({ fixture("traces/no_such.csv") }, o);
    CHECK_FALSE(missing.ok);
    CHECK(missing.error.contains(QStringLiteral("no_such.csv")));
}

TEST_CASE("trace summary: ranges cut mid-line merge into the serial JSON", "[parallel][trace]")
{
    // 600 MSR lines of ~50 bytes in ranges of 97, 1000 and 5000 bytes: every nominal cut falls inside
    // a line and moves to the next line start.
    for (std::uint64_t rangeBytes : { 97, 1000, 5000 }) {
        TraceJobOptions o;
        o.summary.slowThresholdMs = 15;
        const Both b = summarizeBoth({ fixture("golden/replay_msr.csv") }, o, rangeBytes);
        REQUIRE(b.serial.ok);
        REQUIRE(b.split.ok);
        CHECK(b.split.summary.records == 600);
        CHECK(json(b.split.summary.toJson()) == json(b.serial.summary.toJson()));
        CHECK(b.split.summary.toCsv() == b.serial.summary.toCsv());
    }
    // Several files, CRLF and a header line, SPC, a CSV preset and a mapping with a header.
    const QStringList msr { fixture("traces/msr_edge_crlf.csv"), fixture("golden/replay_msr.csv"),
        fixture("traces/msr_header_only.csv") };
    for (std::uint64_t rangeBytes : { 1, 40, 333 }) {
        TraceJobOptions o;
        Both b = summarizeBoth(msr, o, rangeBytes);
        CHECK(json(b.split.summary.toJson()) == json(b.serial.summary.toJson()));
        b = summarizeBoth({ fixture("traces/spc_small.spc") }, o, rangeBytes);
        CHECK(json(b.split.summary.toJson()) == json(b.serial.summary.toJson()));
        b = summarizeBoth({ fixture("traces/alibaba_small.csv") }, o, rangeBytes);
        CHECK(json(b.split.summary.toJson()) == json(b.serial.summary.toJson()));
        QString error;
        REQUIRE(parseCsvMapping(QStringLiteral("time=1:us,device=2,op=3,offset=4:sector,size=5:sector,response=6:us,header,sep=;"),
            &o.reader.csv, &error));
        o.reader.format = TraceFormat::Csv;
        b = summarizeBoth({ fixture("traces/custom_header.csv") }, o, rangeBytes);
        CHECK(b.split.summary.records == 2);
        CHECK(json(b.split.summary.toJson()) == json(b.serial.summary.toJson()));
    }
}

TEST_CASE("trace summary in ranges: out-of-order arrivals and errors as the serial read", "[parallel][trace]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    // Arrivals 10, 20, 15, 5, 25, 25, 30, 1 (ticks of 100 ns): out of order are 15, 5 and 1 (each
    // before the latest arrival so far, 20, 20 and 30), so 3, wherever the ranges are cut.
    QByteArray text;
    const int ticks[] = { 10, 20, 15, 5, 25, 25, 30, 1 };
    int line = 0;
    for (int t : ticks)
        text += QByteArray("1281663720000000") + QByteArray::number(t).rightJustified(2, '0') + ",hm,0,Read,"
            + QByteArray::number(512 * ++line) + ",512,100\n";
    const QString shuffled = dir.filePath(QStringLiteral("shuffled.csv"));
    writeFile(shuffled, text);
    for (std::uint64_t rangeBytes : { 1, 45, 100 }) {
        const Both b = summarizeBoth({ shuffled }, {}, rangeBytes);
        CHECK(b.split.summary.outOfOrder == 3);
        CHECK(json(b.split.summary.toJson()) == json(b.serial.summary.toJson()));
    }

    // A malformed line in the middle: skipped and counted with its line number in the file, or the
    // first one stops the read with the same message.
    QByteArray bad = text;
    bad += "128166372000000040,hm,0,Read,xyz,512,100\n";
    bad += text;
    bad += "128166372000000050,hm,0,Both,0,512,100\n";
    const QString badPath = dir.filePath(QStringLiteral("bad.csv"));
    writeFile(badPath, bad);
    for (std::uint64_t rangeBytes : { 1, 60, 200 }) {
        TraceJobOptions o;
        o.onError = TraceErrorPolicy::Skip;
        const Both b = summarizeBoth({ badPath }, o, rangeBytes);
        CHECK(b.split.summary.skipped == 2);
        REQUIRE(b.split.summary.skippedMessages.size() == 2);
        CHECK(b.split.summary.skippedMessages[0].startsWith(QStringLiteral("bad.csv:9:")));
        CHECK(b.split.summary.skippedMessages[1].startsWith(QStringLiteral("bad.csv:18:")));
        CHECK(json(b.split.summary.toJson()) == json(b.serial.summary.toJson()));
        o.onError = TraceErrorPolicy::Stop;
        const Both stopped = summarizeBoth({ badPath }, o, rangeBytes);
        CHECK_FALSE(stopped.split.ok);
        CHECK(stopped.split.error.startsWith(QStringLiteral("bad.csv:9: field 5")));
        CHECK(stopped.split.error == stopped.serial.error);
    }
}

TEST_CASE("trace summary merge: out-of-order arrivals across parts (worked by hand)", "[parallel][trace]")
{
    // Serially 10, 20 | 15, 5, 25: 15 and 5 come before 20, so 2 out of order. Part B alone sees
    // only 5 (before 15); the merge adds the in-order 15 that is before A's last arrival, 20.
    TraceSummary a, b;
    TraceAccumulator fa(a), fb(b);
    const auto da = a.deviceSlot("d"), db = b.deviceSlot("d");
    for (int t : { 10, 20 })
        fa.add(at(t), da);
    for (int t : { 15, 5, 25 })
        fb.add(at(t), db);
    CHECK(b.outOfOrder == 1);
    a.merge(b);
    CHECK(a.outOfOrder == 2);
    CHECK(a.firstNs == 5);
    CHECK(a.lastNs == 25);
    CHECK(a.mergeExact());

    // More in-order arrivals before A's last than the head keeps: the count cannot be exact.
    TraceSummary c, d;
    TraceAccumulator fc(c), fd(d);
    fc.add(at(1000000), c.deviceSlot("d"));
    const auto dd = d.deviceSlot("d");
    for (std::size_t i = 0; i <= TraceSummary::kInOrderHead; ++i)
        fd.add(at(std::int64_t(i)), dd);
    c.merge(d);
    CHECK_FALSE(c.mergeExact());
}

TEST_CASE("trace summary: the mean response time is exact whatever the grouping", "[parallel][trace]")
{
    // 1, 2 and 4 ms: mean 7/3 ms, min 1, max 4.
    IntegerStats whole, left, right;
    for (std::int64_t ns : { 1000000, 2000000, 4000000 })
        whole.add(ns);
    left.add(1000000);
    right.add(2000000);
    right.add(4000000);
    left.merge(right);
    CHECK(whole.mean() == Approx(7.0 / 3.0).epsilon(1e-15));
    CHECK(left.mean() == whole.mean());
    CHECK(left.min() == 1.0);
    CHECK(left.max() == 4.0);
    CHECK(left.count() == 3);
}
