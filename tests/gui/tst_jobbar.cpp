// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/jobbar.h"
#include "widgets/jobrunner.h"

#include <catch2/catch.hpp>

#include <QFile>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <chrono>
#include <memory>
#include <thread>

using raidscope::gui::JobBar;
using raidscope::gui::JobRunner;
using namespace std::chrono_literals;

namespace {

struct Step
{
    double fraction = 0;
};

// A runner, its bar with one save button, and a job the test steps through: it reports 25 %, waits
// for `go`, reports 75 % and returns 7; or, stopped, returns at once. The page's part (what a
// snapshot and the result show) is done here as a page does it.
struct Fixture
{
    JobRunner runner;
    JobBar bar { &runner };
    QPushButton* save = bar.addSaveButton(QStringLiteral("Save"));
    QSignalSpy cancelled { &bar, &JobBar::cancelled };
    std::atomic<bool> go { false };
    std::atomic<bool> sawStop { false };
    int result = -1;

    void start()
    {
        result = -1;
        runner.start(
            [this](std::stop_token stop, auto report) {
                report(std::make_shared<const Step>(Step { 0.25 }));
                while (!go && !stop.stop_requested())
                    std::this_thread::sleep_for(1ms);
                if (stop.stop_requested()) {
                    sawStop = true;
                    return -1;
                }
                report(std::make_shared<const Step>(Step { 0.75 }));
                return 7;
            },
            [this](const Step& s) {
                bar.setProgress(s.fraction);
                bar.setStatus(QStringLiteral("%1 %").arg(qRound(s.fraction * 100)));
            },
            [this](int r) {
                result = r;
                bar.setProgress(1);
                bar.setHasResult(true);
                bar.setStatus(QStringLiteral("done"));
            });
    }
};

} // namespace

TEST_CASE("JobBar: progress and status follow the job, and Cancel is enabled only while it runs", "[gui][jobbar]")
{
    Fixture f;
    CHECK_FALSE(f.bar.cancelButton()->isEnabled());
    CHECK_FALSE(f.save->isEnabled()); // no result yet

    f.start();
    CHECK(f.bar.cancelButton()->isEnabled());
    CHECK_FALSE(f.save->isEnabled());
    REQUIRE(QTest::qWaitFor([&] { return f.bar.statusText() == u"25 %"; }, 5000));
    CHECK(f.bar.progress() == Approx(0.25));
    CHECK(f.bar.progressBar()->value() == 250); // 0..1000 for a smooth bar

    f.go = true;
    REQUIRE(QTest::qWaitFor([&] { return f.result == 7; }, 5000));
    CHECK(f.bar.progress() == Approx(1.0));
    CHECK(f.bar.statusText() == u"done");
    CHECK_FALSE(f.bar.cancelButton()->isEnabled());
    CHECK(f.save->isEnabled());
    CHECK(f.cancelled.isEmpty());
}

TEST_CASE("JobBar: Cancel stops the job, and nothing it reports arrives after", "[gui][jobbar]")
{
    Fixture f;
    f.start();
    REQUIRE(QTest::qWaitFor([&] { return f.bar.statusText() == u"25 %"; }, 5000));

    f.bar.cancelButton()->click();
    CHECK(f.sawStop); // the worker saw its stop token and was joined
    CHECK_FALSE(f.runner.isRunning());
    CHECK(f.cancelled.size() == 1);
    CHECK_FALSE(f.bar.cancelButton()->isEnabled());
    CHECK_FALSE(f.save->isEnabled()); // cancelled before any result
    QTest::qWait(50);
    CHECK(f.result == -1); // the job's onDone never ran
    CHECK(f.bar.progress() == Approx(0.25));

    f.bar.cancel(); // nothing runs: no second signal
    CHECK(f.cancelled.size() == 1);
}

TEST_CASE("JobBar: save buttons only with a result and no job running", "[gui][jobbar]")
{
    Fixture f;
    QPushButton* csv = f.bar.addSaveButton(QStringLiteral("CSV"), false);
    CHECK(csv->icon().isNull());
    CHECK_FALSE(f.save->icon().isNull());

    f.bar.setHasResult(true);
    CHECK(f.save->isEnabled());
    CHECK(csv->isEnabled());

    f.start(); // a new job: the old result may be replaced, so it is not saved meanwhile
    CHECK_FALSE(f.save->isEnabled());
    CHECK_FALSE(csv->isEnabled());
    f.bar.cancel();
    CHECK(f.save->isEnabled()); // the page still has its result
    f.bar.setHasResult(false);
    CHECK_FALSE(f.save->isEnabled());
    CHECK_FALSE(csv->isEnabled());
}

TEST_CASE("JobBar: an error status and a progress text", "[gui][jobbar]")
{
    JobRunner runner;
    JobBar bar(&runner);
    bar.setStatus(QStringLiteral("Cannot start: no array"), true);
    CHECK(bar.statusIsError());
    CHECK(bar.statusLabel()->styleSheet().contains(QStringLiteral("#b00020")));
    bar.setStatus(QStringLiteral("Ready"));
    CHECK_FALSE(bar.statusIsError());
    CHECK(bar.statusLabel()->styleSheet().isEmpty());

    CHECK_FALSE(bar.progressBar()->isTextVisible()); // a plain bar by default
    bar.setProgressFormat(QStringLiteral("pattern size · %p %"));
    bar.setProgress(0.42);
    CHECK(bar.progressBar()->isTextVisible());
    CHECK(bar.progressText() == u"pattern size · 42 %");
    bar.setProgress(2.0); // clamped
    CHECK(bar.progress() == Approx(1.0));
}
