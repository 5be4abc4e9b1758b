// SPDX-License-Identifier: GPL-3.0-or-later
// #54: the job bar's elapsed time and time left, driven by a fake clock and fractions given by hand.
#include "widgets/jobbar.h"
#include "widgets/jobrunner.h"
#include "widgets/timeleft.h"

#include <catch2/catch.hpp>

#include <QLabel>
#include <QTest>

#include <atomic>
#include <chrono>
#include <thread>

using raidscope::gui::formatDuration;
using raidscope::gui::JobBar;
using raidscope::gui::JobRunner;
using raidscope::gui::TimeLeftEstimate;
using namespace std::chrono_literals;
using Seconds = TimeLeftEstimate::Seconds;

namespace {

// A job that runs until `go`, and a bar whose clock the test moves.
struct Timed
{
    TimeLeftEstimate::Clock::time_point t0 = TimeLeftEstimate::Clock::now();
    TimeLeftEstimate::Clock::time_point now = t0;
    JobRunner runner;
    JobBar bar { &runner };
    std::atomic<bool> go { false };
    bool done = false;

    Timed() { bar.setClock([this] { return now; }); }
    ~Timed() { runner.cancel(); }

    void start()
    {
        runner.start(
            [this](std::stop_token stop, auto) {
                while (!go && !stop.stop_requested())
                    std::this_thread::sleep_for(1ms);
                return 0;
            },
            [](int) { }, [this](int) { done = true; });
    }
    // At `seconds` after the start the job reports `fraction`; the bar's label is read then.
    QString at(double seconds, double fraction)
    {
        now = t0 + std::chrono::duration_cast<TimeLeftEstimate::Clock::duration>(Seconds(seconds));
        bar.setProgress(fraction);
        bar.refreshTime();
        return bar.timeText();
    }
    QString at(double seconds) // the clock moves, no report
    {
        now = t0 + std::chrono::duration_cast<TimeLeftEstimate::Clock::duration>(Seconds(seconds));
        bar.refreshTime();
        return bar.timeText();
    }
};

} // namespace

TEST_CASE("formatDuration: elapsed exact to the second, time left rounded up or to 10 s or a minute", "[gui][jobbar]")
{
    CHECK(formatDuration(Seconds(0.4), false) == u"0 s");
    CHECK(formatDuration(Seconds(25.9), false) == u"25 s");
    CHECK(formatDuration(Seconds(67), false) == u"1 min 7 s");
    CHECK(formatDuration(Seconds(3900), false) == u"1 h 5 min");
    CHECK(formatDuration(Seconds(-3), false) == u"0 s"); // never negative

    CHECK(formatDuration(Seconds(0.2), true) == u"5 s"); // never "0 s left" while something is
    CHECK(formatDuration(Seconds(41), true) == u"45 s");
    CHECK(formatDuration(Seconds(58), true) == u"1 min");
    CHECK(formatDuration(Seconds(66), true) == u"1 min 10 s");
    CHECK(formatDuration(Seconds(754), true) == u"13 min");
    CHECK(formatDuration(Seconds(7200), true) == u"2 h");
    CHECK(formatDuration(Seconds(3 * 86400), true) == u"more than 2 days");
}

TEST_CASE("JobBar: the time left follows the rate of progress, and grows while it stalls", "[gui][jobbar]")
{
    Timed t;
    t.start();
    CHECK(t.at(0, 0).isEmpty()); // nothing in the first second: a quick job shows no time
    CHECK(t.at(0.5, 0.005).isEmpty());
    CHECK(t.at(2, 0.02) == u"estimating… · 2 s so far"); // under 3 s and 3 %
    for (int s = 3; s < 10; ++s)
        t.at(s, 0.01 * s); // 1 % a second
    // 10 s, 10 %: the whole rate and the recent one (the whole 10 s: under the 20 s window) are
    // 1 %/s; 90 % left is 90 s.
    CHECK(t.at(10, 0.10) == u"1 min 30 s left · 10 s so far");
    // Stalled at 10 % till 20 s: both rates 10 % / 20 s = 0.5 %/s, 180 s left.
    CHECK(t.at(20) == u"3 min left · 20 s so far");
    // Till 40 s: the whole rate 0.25 %/s; the 20 s window (20..40 s) saw none; the mean 0.125 %/s
    // leaves 90 % / 0.125 %/s = 720 s. Grown, not frozen.
    CHECK(t.at(40, 0.10) == u"12 min left · 40 s so far");
    // Back at 1 %/s from 40 s: at 60 s, 30 %: the whole rate 0.5 %/s, the window (40..60 s) 1 %/s;
    // the mean 0.75 %/s leaves 70 % / 0.75 %/s = 93.3 s, shown to 10 s.
    for (int s = 41; s <= 60; ++s)
        t.at(s, 0.10 + 0.01 * (s - 40));
    CHECK(t.at(60, 0.30) == u"1 min 30 s left · 1 min so far");

    t.go = true;
    REQUIRE(QTest::qWaitFor([&] { return t.done; }, 5000));
    CHECK(t.at(61) == u"ran 1 min");
}

TEST_CASE("JobBar: one jumpy report does not swing the time left", "[gui][jobbar]")
{
    Timed t;
    t.start();
    for (int s = 1; s <= 30; ++s)
        t.at(s, 0.01 * s);
    CHECK(t.at(30) == u"1 min 10 s left · 30 s so far"); // 70 % at 1 %/s
    // A jump from 30 % to 50 % in one second: the whole rate 50 % / 31 s = 1.613 %/s, the 20 s
    // window (11..31 s) (50 - 11) % / 20 s = 1.95 %/s; the mean 1.782 %/s leaves 28.1 s, shown as
    // 30 s (the jump's own 20 %/s would have said 2.5 s).
    CHECK(t.at(31, 0.50) == u"30 s left · 31 s so far");
}

TEST_CASE("JobBar: never a negative or absurd time; a new phase and a new job start over", "[gui][jobbar]")
{
    Timed t;
    t.start();
    t.at(3, 0.03);
    CHECK(t.at(3) == u"1 min 40 s left · 3 s so far"); // 97 % at 1 %/s: 97 s, to 10 s
    // Stalled for a day: 0.03 / 86400 s, and nothing in the window; far past two days left.
    CHECK(t.at(86400) == u"more than 2 days left · 24 h so far");
    // A clock before the job's start (a steady clock cannot go back, but the bar does not trust it):
    // no negative time, and a report dated before the last one counts as made with it.
    CHECK_FALSE(t.at(-5, 0.04).contains(u'-'));
    // Done but still running: nothing left to estimate.
    CHECK(t.at(86401, 1.0) == u"finishing… · 24 h so far");
    // The fraction falls to 0: the job's next phase, timed afresh (the job's elapsed time goes on).
    CHECK(t.at(86402, 0.0) == u"estimating… · 24 h so far");
    CHECK(t.at(86404, 0.10) == u"estimating… · 24 h so far"); // 2 s of the new phase: under 3 s
    CHECK(t.at(86412, 0.50) == u"10 s left · 24 h so far"); // 50 % in its 10 s: 5 %/s, 10 s left

    // A new job: the bar times it from its own start.
    t.runner.cancel();
    CHECK(t.at(86413) == u"ran 24 h");
    t.t0 = t.now;
    t.go = false;
    t.start();
    CHECK(t.at(0.5, 0).isEmpty());
    CHECK(t.at(5, 0.25) == u"15 s left · 5 s so far"); // 75 % at 5 %/s
}
