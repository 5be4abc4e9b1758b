// SPDX-License-Identifier: GPL-3.0-or-later
#include "sim/arraysimulator.h"
#include "widgets/jobrunner.h"

#include <catch2/catch.hpp>

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>
#include <QThread>

#include <atomic>
#include <chrono>
#include <memory>
#include <thread>
#include <vector>

using raidscope::gui::JobRunner;
using namespace std::chrono_literals;

namespace {

struct Tick
{
    char job = 0;
    int n = 0;
};

// Spins (without running the event loop) until `done` or the time is up.
template <typename F> bool spinUntil(F done, std::chrono::milliseconds limit = 5000ms)
{
    const auto end = std::chrono::steady_clock::now() + limit;
    while (!done()) {
        if (std::chrono::steady_clock::now() > end)
            return false;
        std::this_thread::sleep_for(1ms);
    }
    return true;
}

} // namespace

TEST_CASE("JobRunner: snapshots arrive in order on the GUI thread, then the result", "[gui][jobrunner]")
{
    JobRunner runner;
    QSignalSpy running(&runner, &JobRunner::runningChanged);
    std::vector<int> seen;
    int result = -1;
    bool guiThread = true;
    runner.start(
        [](std::stop_token, auto report) {
            for (int i = 0; i < 5; ++i)
                report(std::make_shared<const Tick>(Tick { 'A', i }));
            return 42;
        },
        [&](const Tick& t) {
            guiThread = guiThread && QThread::currentThread() == runner.thread();
            seen.push_back(t.n);
        },
        [&](int r) {
            guiThread = guiThread && QThread::currentThread() == runner.thread();
            result = r;
        });
    CHECK(runner.isRunning());
    REQUIRE(QTest::qWaitFor([&] { return result >= 0; }, 5000));
    CHECK(result == 42);
    CHECK(seen == std::vector<int> { 0, 1, 2, 3, 4 }); // every snapshot, before the result
    CHECK(guiThread);
    CHECK_FALSE(runner.isRunning());
    REQUIRE(running.size() == 2);
    CHECK(running.at(0).at(0).toBool() == true);
    CHECK(running.at(1).at(0).toBool() == false);
}

TEST_CASE("JobRunner: a superseded job's snapshots and result never arrive", "[gui][jobrunner]")
{
    JobRunner runner;
    std::atomic<int> reportedByA { 0 };
    std::vector<Tick> seen;
    std::vector<char> done;
    auto onTick = [&](const Tick& t) { seen.push_back(t); };
    auto onDone = [&](char job) { done.push_back(job); };

    // Job A reports as fast as it can until it is stopped, then still returns a result.
    runner.start(
        [&](std::stop_token stop, auto report) {
            int i = 0;
            while (!stop.stop_requested()) {
                report(std::make_shared<const Tick>(Tick { 'A', i++ }));
                reportedByA.fetch_add(1);
                std::this_thread::sleep_for(100us);
            }
            return 'A';
        },
        onTick, onDone);
    // Let A queue plenty of snapshots while the GUI thread does not look at its events.
    REQUIRE(spinUntil([&] { return reportedByA.load() >= 50; }));
    const quint64 generationA = runner.generation();

    // Job B supersedes A before any of A's queued calls could run.
    runner.start(
        [](std::stop_token, auto report) {
            report(std::make_shared<const Tick>(Tick { 'B', 0 }));
            return 'B';
        },
        onTick, onDone);
    CHECK(runner.generation() > generationA);
    REQUIRE(QTest::qWaitFor([&] { return !done.empty(); }, 5000));
    QTest::qWait(100); // anything else still queued would arrive now
    CHECK(reportedByA.load() >= 50);
    REQUIRE(seen.size() == 1);
    CHECK(seen[0].job == 'B');
    CHECK(done == std::vector<char> { 'B' });
}

TEST_CASE("JobRunner: cancel() stops a long simulation promptly and nothing arrives after it", "[gui][jobrunner]")
{
    QString error;
    std::shared_ptr<raidscope::ArraySimulator> sim
        = raidscope::ArraySimulator::create(QStringLiteral("raid5 disks=8"), &error);
    INFO(error.toStdString());
    REQUIRE(sim);
    QString workloadError;
    const auto spec
        = raidscope::parseWorkloadSpec(QStringLiteral("random outstanding=16 count=1000000000"), &workloadError);
    REQUIRE(spec);

    JobRunner runner;
    int snapshots = 0;
    bool finished = false;
    double fraction = 0;
    runner.start(
        [sim, spec](std::stop_token stop, auto report) {
            return sim->run(*spec, stop, [&](std::shared_ptr<const raidscope::SimSnapshot> s) { report(s); });
        },
        [&](const raidscope::SimSnapshot& s) {
            ++snapshots;
            fraction = s.fraction;
        },
        [&](raidscope::SimResult) { finished = true; });
    // Two billion requests take minutes; wait for the first progress report.
    REQUIRE(QTest::qWaitFor([&] { return snapshots > 0; }, 5000));
    CHECK(fraction < 0.01);
    QElapsedTimer timer;
    timer.start();
    runner.cancel(); // requests stop and joins the worker
    const qint64 cancelMs = timer.elapsed();
    CHECK(cancelMs < 500); // core checks the stop token every 4096 events: well under a millisecond of work
    CHECK_FALSE(runner.isRunning());
    const int before = snapshots;
    QTest::qWait(150);
    CHECK(snapshots == before);
    CHECK_FALSE(finished);
}

TEST_CASE("JobRunner: destroying the runner stops its job", "[gui][jobrunner]")
{
    std::atomic<bool> stopped { false };
    {
        JobRunner runner;
        runner.start(
            [&](std::stop_token stop, auto) {
                while (!stop.stop_requested())
                    std::this_thread::sleep_for(1ms);
                stopped = true;
                return 0;
            },
            [](const Tick&) {}, [](int) {});
    }
    CHECK(stopped.load());
}

TEST_CASE("JobRunner: destroyed while its job runs, it stops the job and emits nothing", "[gui][jobrunner]")
{
    // Its listeners may be half destroyed by then (the window whose destructor has run while Qt
    // deletes its pages): ~JobRunner() must not call them.
    auto runner = std::make_unique<JobRunner>();
    std::atomic<bool> started = false;
    std::atomic<bool> stopped = false;
    runner->start(
        [&](std::stop_token stop, auto) {
            started = true;
            while (!stop.stop_requested())
                std::this_thread::sleep_for(1ms);
            stopped = true;
            return 0;
        },
        [](const Tick&) {}, [](int) {});
    REQUIRE(spinUntil([&] { return started.load(); }));
    REQUIRE(runner->isRunning());
    int emitted = 0;
    QObject::connect(runner.get(), &JobRunner::runningChanged, [&](bool) { ++emitted; });
    runner.reset();
    CHECK(stopped); // joined: the job saw its stop request and ended
    CHECK(emitted == 0);
}
