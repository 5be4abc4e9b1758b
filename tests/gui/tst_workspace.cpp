// SPDX-License-Identifier: GPL-3.0-or-later
// Workspaces in the window (#16 item 1): pages filled, saved, opened in a fresh window show the
// same without running anything; a dropped .raidscope file opens; the autosave's recovery file
// goes on a clean exit.
#include "array/arraypage.h"
#include "array/requestexplorer.h"
#include "dropfile.h"
#include "mainwindow.h"
#include "probe/probepage.h"
#include "simulate/simulatepage.h"
#include "simulate/workloadeditor.h"
#include "traces/tracespage.h"

#include <catch2/catch.hpp>

#include <QAction>
#include <QApplication>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QJsonDocument>
#include <QMimeData>
#include <QSignalSpy>
#include <QTest>
#include <QTemporaryDir>
#include <QUrl>

using raidscope::gui::MainWindow;

namespace {

const QString kProbeResult = QStringLiteral(RAIDSCOPE_TEST_DATA "/golden/probe-raid5-la.json");

QByteArray readAll(const QString& path)
{
    QFile f(path);
    REQUIRE(f.open(QIODevice::ReadOnly));
    return f.readAll();
}

// The Array page's request, the Simulate page's sweep and the Probe page's result, as a user would
// leave them; the sweep runs for real.
void fill(MainWindow& window)
{
    REQUIRE(window.arrayPage()->setSpecText(QStringLiteral("raid0 disks=3 chunk=32KiB")));
    QString error;
    REQUIRE(window.arrayPage()->setRequestText(QStringLiteral("read:16KiB:96KiB"), &error));
    raidscope::gui::SimulatePage* simulate = window.simulatePage();
    REQUIRE(simulate->setWorkloadSpecText(QStringLiteral("random read=1 size=4KiB count=400 seed=3")));
    simulate->setSweepText(QStringLiteral("1,2"));
    QSignalSpy finished(simulate, &raidscope::gui::SimulatePage::jobFinished);
    REQUIRE(simulate->sweep());
    REQUIRE(finished.wait(60000));
    REQUIRE(simulate->results().size() == 2);
    REQUIRE(window.probePage()->openResultJson(kProbeResult, &error));
    window.setCurrentPage(QStringLiteral("Simulate"));
}

} // namespace

TEST_CASE("Workspace (window): pages saved and opened in a fresh window show the same", "[gui][workspace]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("day.raidscope"));

    MainWindow first;
    first.show();
    fill(first);
    QString error;
    const bool saved = first.saveWorkspaceFile(path, &error);
    INFO(error.toStdString());
    REQUIRE(saved);
    CHECK(first.workspacePath() == path);
    CHECK(first.windowTitle().startsWith(u"day.raidscope"));

    MainWindow second;
    second.show();
    QSignalSpy simulated(second.simulatePage(), &raidscope::gui::SimulatePage::jobFinished);
    QSignalSpy probed(second.probePage(), &raidscope::gui::ProbePage::probeFinished);
    const bool opened = second.openWorkspaceFile(path, &error);
    INFO(error.toStdString());
    REQUIRE(opened);
    CHECK(second.currentPageName() == u"Simulate");

    // The Array page: the spec and the explorer's request.
    CHECK(second.arrayPage()->currentSpec() == u"raid0 disks=3 chunk=32KiB");
    CHECK(second.arrayPage()->explorer()->requestText() == u"read:16KiB:96KiB");
    REQUIRE(second.arrayPage()->explorer()->plan());
    CHECK(second.arrayPage()->explorer()->plan()->ops.size() == first.arrayPage()->explorer()->plan()->ops.size());

    // The Simulate page: inputs and both points of the sweep, number for number, with nothing run.
    const auto* a = first.simulatePage();
    const auto* b = second.simulatePage();
    CHECK(b->workloadEditor()->specText() == a->workloadEditor()->specText());
    CHECK(b->sweepText() == u"1,2");
    REQUIRE(b->results().size() == 2);
    for (std::size_t i = 0; i < 2; ++i) {
        CAPTURE(i);
        CHECK(b->results()[i].outstanding == a->results()[i].outstanding);
        CHECK(b->results()[i].requests == 400);
        CHECK(b->results()[i].iops() == a->results()[i].iops());
        CHECK(b->results()[i].percentileMs(0.9) == a->results()[i].percentileMs(0.9));
    }
    CHECK(QJsonDocument(b->resultsJson()).toJson() == QJsonDocument(a->resultsJson()).toJson());
    CHECK_FALSE(b->isRunning());
    CHECK(simulated.isEmpty());

    // The Probe page: the result and the file it came from.
    REQUIRE(second.probePage()->hasResult());
    CHECK(QJsonDocument(second.probePage()->resultJson()).toJson() == QJsonDocument(first.probePage()->resultJson()).toJson());
    CHECK(second.probePage()->result()->verdict.scheme == u"raid5");
    CHECK(second.probePage()->openedFile() == kProbeResult);
    CHECK_FALSE(second.probePage()->isRunning());
    CHECK(probed.isEmpty());

    // Saving the opened workspace gives the file it came from.
    const QString again = dir.filePath(QStringLiteral("again.raidscope"));
    REQUIRE(second.saveWorkspaceFile(again, &error));
    CHECK(readAll(again) == readAll(path));
}

TEST_CASE("Workspace (window): File menu keys, a dropped file, and refusals", "[gui][workspace]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    MainWindow window;
    window.show();

    // The workspace has the document keys; Open Spec moved to Ctrl+Alt+O.
    auto* open = window.findChild<QAction*>(QStringLiteral("openWorkspaceAction"));
    auto* save = window.findChild<QAction*>(QStringLiteral("saveWorkspaceAction"));
    auto* saveAs = window.findChild<QAction*>(QStringLiteral("saveWorkspaceAsAction"));
    REQUIRE(open);
    REQUIRE(save);
    REQUIRE(saveAs);
    CHECK(open->shortcut() == QKeySequence(QKeySequence::Open));
    CHECK(save->shortcut() == QKeySequence(QKeySequence::Save));
    CHECK(saveAs->shortcut() == QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));

    const QString path = dir.filePath(QStringLiteral("lesson.raidscope"));
    REQUIRE(window.arrayPage()->setSpecText(QStringLiteral("raid10 layout=far disks=4 chunk=64KiB")));
    window.setCurrentPage(QStringLiteral("Array"));
    QString error;
    REQUIRE(window.saveWorkspaceFile(path, &error));

    MainWindow other;
    other.show();
    other.setCurrentPage(QStringLiteral("Traces"));
    // Dropped on the Traces page (which takes any file as a trace), the workspace is the window's.
    REQUIRE(dropFile(other.page(QStringLiteral("Traces")), path));
    CHECK(other.workspacePath() == path);
    CHECK(other.arrayPage()->currentSpec() == u"raid10 layout=far disks=4 chunk=64KiB");
    CHECK(other.currentPageName() == u"Array");
    CHECK(other.tracesPage()->files().isEmpty());

    // A file that is not a workspace changes nothing and says why in one line.
    const QString bad = dir.filePath(QStringLiteral("bad.raidscope"));
    {
        QFile f(bad);
        REQUIRE(f.open(QIODevice::WriteOnly));
        f.write(R"({"format": "raidscope-workspace", "version": 7, "page": "array", "pages": {}})");
    }
    CHECK_FALSE(other.openWorkspaceFile(bad, &error));
    CHECK(error == bad + QStringLiteral(": version: 7 is newer than this RaidScope reads (1 and earlier); open it with a later RaidScope"));
    CHECK(other.workspacePath() == path);

    // Never written over a file it refers to: here the probe result it shows (a copy of it).
    const QString result = dir.filePath(QStringLiteral("result.json"));
    REQUIRE(QFile::copy(kProbeResult, result));
    REQUIRE(other.probePage()->openResultJson(result, &error));
    CHECK_FALSE(other.saveWorkspaceFile(result, &error));
    CHECK(error.contains(QStringLiteral("result.json")));
    CHECK(readAll(result) == readAll(kProbeResult));
}

TEST_CASE("Workspace (window): autosave writes a recovery file that a clean exit removes", "[gui][workspace]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString recovery = MainWindow::recoveryPath(dir.path());
    {
        MainWindow window;
        window.show();
        REQUIRE(window.enableAutosave(dir.path()));
        // One RaidScope autosaves per folder.
        MainWindow second;
        CHECK_FALSE(second.enableAutosave(dir.path()));

        REQUIRE(window.arrayPage()->setSpecText(QStringLiteral("raid0 disks=5 chunk=8KiB")));
        QString error;
        REQUIRE(window.autosaveNow(&error));
        QString readError;
        const auto saved = raidscope::readWorkspaceFile(recovery, &readError);
        INFO(readError.toStdString());
        REQUIRE(saved);
        REQUIRE(saved->array);
        CHECK(saved->array->spec == u"raid0 disks=5 chunk=8KiB");

        // A change is saved a few seconds later without being asked.
        REQUIRE(window.arrayPage()->setSpecText(QStringLiteral("raid0 disks=6 chunk=8KiB")));
        for (int waitedMs = 0; waitedMs < MainWindow::kAutosaveDelayMs + 5000; waitedMs += 100) {
            if (readAll(recovery).contains("raid0 disks=6 chunk=8KiB"))
                break;
            QTest::qWait(100);
        }
        CHECK(readAll(recovery).contains("raid0 disks=6 chunk=8KiB"));

        window.close();
        CHECK_FALSE(QFile::exists(recovery));
    }
}
