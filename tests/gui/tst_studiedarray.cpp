// SPDX-License-Identifier: GPL-3.0-or-later
// #54 item 1: one array under study that every page starts from, and says whether it uses it.
#include "advisor/advisorpage.h"
#include "array/arraypage.h"
#include "layout/layoutregistry.h"
#include "mainwindow.h"
#include "probe/probepage.h"
#include "simulate/simulatepage.h"
#include "study/studypage.h"
#include "traces/tracelayoutview.h"
#include "traces/tracereplayview.h"
#include "traces/tracespage.h"
#include "widgets/studiedarray.h"

#include <catch2/catch.hpp>

#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTest>

using raidscope::ArrayUnderStudy;
using raidscope::gui::AdvisorPage;
using raidscope::gui::MainWindow;
using raidscope::gui::StudiedArrayBanner;
using raidscope::gui::StudyPage;
using raidscope::gui::TraceLayoutView;

namespace {

StudiedArrayBanner* bannerOf(QWidget* page)
{
    return page->findChild<StudiedArrayBanner*>(page->objectName() + QStringLiteral("StudiedArray"));
}

bool haveRaid5() { return raidscope::LayoutRegistry::instance().find(QStringLiteral("raid5")) != nullptr; }

const QString kProbeResult = QStringLiteral(RAIDSCOPE_TEST_DATA "/golden/probe-raid5-la.json");

} // namespace

TEST_CASE("Array under study: an Array page edit reaches every page that has no edit of its own", "[gui][studiedarray]")
{
    if (!haveRaid5())
        return;
    MainWindow window;
    auto* advisor = qobject_cast<AdvisorPage*>(window.page(QStringLiteral("Advisor")));
    auto* study = qobject_cast<StudyPage*>(window.page(QStringLiteral("Study")));
    REQUIRE(advisor);
    REQUIRE(study);
    const QString studyArray = study->arrayText(); // a paper's array: the study keeps it until asked

    REQUIRE(window.arrayPage()->setSpecText(QStringLiteral("raid5 layout=left-symmetric disks=5 chunk=64KiB")));
    const QString spec = window.arrayPage()->currentSpec();
    CHECK(window.studiedArray().spec == spec);
    CHECK(window.studiedArray().source == ArrayUnderStudy::Source::ArrayPage);
    CHECK(window.simulatePage()->arraySpec() == spec);
    CHECK(advisor->arraySpec() == spec);
    CHECK(study->arrayText() == studyArray);
    // The replay's candidates: the array, its chunk halved and doubled, the other levels, 4 and 6 disks.
    const QStringList candidates = window.tracesPage()->replayView()->candidates();
    REQUIRE(candidates.size() == 8);
    CHECK(candidates.front() == spec);
    CHECK(candidates.contains(QStringLiteral("raid5 layout=left-symmetric disks=5 chunk=32KiB")));
    CHECK(candidates.contains(QStringLiteral("raid5 layout=left-symmetric disks=6 chunk=64KiB")));

    // Each banner names the array and says whether its page uses it.
    StudiedArrayBanner* simulate = bannerOf(window.simulatePage());
    REQUIRE(simulate);
    CHECK(simulate->pageUsesIt());
    CHECK(simulate->text().contains(QStringLiteral("Array under study")));
    CHECK(simulate->text().contains(QStringLiteral("chunk=64KiB")));
    StudiedArrayBanner* studyBanner = bannerOf(study);
    REQUIRE(studyBanner);
    CHECK_FALSE(studyBanner->pageUsesIt());
    CHECK(studyBanner->findChild<QPushButton*>(QStringLiteral("useStudiedArrayButton"))->isVisibleTo(studyBanner));

    SECTION("an edit on the Simulate page is its own: said, kept, and undone by the button")
    {
        REQUIRE(window.simulatePage()->setArraySpecText(QStringLiteral("raid5 layout=left-symmetric disks=5 chunk=64KiB cache=16MiB")));
        CHECK(window.arrayPage()->currentSpec() == spec); // the array under study is unchanged
        CHECK_FALSE(simulate->pageUsesIt());
        CHECK(simulate->text().contains(QStringLiteral("edited here")));
        CHECK(simulate->text().contains(QStringLiteral("cache=16MiB")));

        REQUIRE(window.arrayPage()->setSpecText(QStringLiteral("raid6 disks=6 chunk=32KiB")));
        CHECK(window.simulatePage()->arraySpec().contains(QStringLiteral("cache=16MiB"))); // kept
        CHECK(advisor->arraySpec() == window.arrayPage()->currentSpec());                 // followed

        auto* use = simulate->findChild<QPushButton*>(QStringLiteral("useStudiedArrayButton"));
        REQUIRE(use);
        use->click();
        CHECK(window.simulatePage()->arraySpec() == window.arrayPage()->currentSpec());
        CHECK(simulate->pageUsesIt());
    }
    SECTION("the Layout tab calls its first array the array under study only while the replay follows it")
    {
        TraceLayoutView* layout = window.tracesPage()->layoutView();
        CHECK(layout->arraySpec() == spec);
        CHECK(layout->firstIsStudied());
        // The replay's own list: its first candidate is analyzed, and not called the array under study.
        window.tracesPage()->replayView()->setCandidates({ QStringLiteral("raid0 disks=4 chunk=64KiB") });
        CHECK(layout->arraySpec() == QStringLiteral("raid0 disks=4 chunk=64KiB"));
        CHECK_FALSE(layout->firstIsStudied());
        CHECK(layout->findChild<QGroupBox*>(QStringLiteral("layoutSweepBox"))->title().contains(QStringLiteral("first array")));
        // The banner's button takes the variations back, and the name with them.
        bannerOf(window.tracesPage())->findChild<QPushButton*>(QStringLiteral("useStudiedArrayButton"))->click();
        CHECK(layout->arraySpec() == spec);
        CHECK(layout->firstIsStudied());
        // An edit on the tab is its own array.
        layout->findChild<QLineEdit*>(QStringLiteral("layoutArraySpec"))->setText(QStringLiteral("raid6 disks=6 chunk=32KiB"));
        CHECK_FALSE(layout->firstIsStudied());
    }
    SECTION("the study takes it when asked")
    {
        studyBanner->findChild<QPushButton*>(QStringLiteral("useStudiedArrayButton"))->click();
        CHECK(study->arrayText() == spec);
        CHECK(studyBanner->pageUsesIt());
    }
}

TEST_CASE("Array under study: a probe verdict, with its disk model, becomes it", "[gui][studiedarray][probe]")
{
    if (!haveRaid5())
        return;
    MainWindow window;
    REQUIRE(window.arrayPage()->setSpecText(QStringLiteral("raid0 disks=3 chunk=8KiB")));
    QString error;
    CHECK_FALSE(window.useProbeVerdictAsStudiedArray(&error));
    CHECK(error == QStringLiteral("there is no probe result on the Probe page"));

    REQUIRE(window.probePage()->openResultJson(kProbeResult, &error));
    StudiedArrayBanner* probe = bannerOf(window.probePage());
    REQUIRE(probe);
    CHECK_FALSE(probe->pageUsesIt());
    REQUIRE(window.useProbeVerdictAsStudiedArray(&error));
    // The golden probe identified RAID-5 left-asymmetric of 4, 16 KiB chunks, on a simulated array of
    // the default disk: nothing slow or failed to carry over, nothing assumed.
    const ArrayUnderStudy& a = window.studiedArray();
    CHECK(a.source == ArrayUnderStudy::Source::ProbeVerdict);
    CHECK(a.spec == QStringLiteral("raid5 layout=left-asymmetric disks=4 chunk=16KiB"));
    CHECK(a.origin == QStringLiteral("the probe of simulated raid5 layout=left-asymmetric disks=4 chunk=16KiB"));
    CHECK(window.arrayPage()->currentSpec() == a.spec);
    CHECK(window.simulatePage()->arraySpec() == a.spec);
    CHECK(probe->pageUsesIt());
    CHECK(bannerOf(window.simulatePage())->text().contains(QStringLiteral("from the probe of simulated")));
}

TEST_CASE("Array under study: a workspace keeps it, and a page's own edit stays its own", "[gui][studiedarray][workspace]")
{
    if (!haveRaid5())
        return;
    MainWindow window;
    REQUIRE(window.arrayPage()->setSpecText(QStringLiteral("raid5 disks=6 chunk=32KiB")));
    REQUIRE(window.simulatePage()->setArraySpecText(QStringLiteral("raid0 disks=2 chunk=32KiB")));
    const raidscope::Workspace saved = window.workspace();
    REQUIRE(saved.arrayUnderStudy);
    CHECK(saved.arrayUnderStudy->spec == window.arrayPage()->currentSpec());

    MainWindow other;
    QString error;
    REQUIRE(other.applyWorkspace(saved, &error));
    CHECK(other.studiedArray().spec == saved.arrayUnderStudy->spec);
    CHECK(other.arrayPage()->currentSpec() == saved.arrayUnderStudy->spec);
    CHECK(other.simulatePage()->arraySpec() == QStringLiteral("raid0 disks=2 chunk=32KiB"));
    CHECK_FALSE(bannerOf(other.simulatePage())->pageUsesIt());

    SECTION("a file from before the array under study takes its Array page's")
    {
        raidscope::Workspace old = saved;
        old.arrayUnderStudy.reset();
        old.array->spec = QStringLiteral("raid6 disks=5 chunk=64KiB");
        MainWindow third;
        REQUIRE(third.applyWorkspace(old, &error));
        CHECK(third.studiedArray().spec == third.arrayPage()->currentSpec());
        CHECK(third.studiedArray().source == ArrayUnderStudy::Source::Workspace);
        CHECK(third.studiedArray().spec.startsWith(QStringLiteral("raid6")));
    }
}

TEST_CASE("Array under study: the Advisor's own advice is of it, settings included", "[gui][studiedarray][advisor]")
{
    if (!haveRaid5())
        return;
    MainWindow window;
    auto* advisor = qobject_cast<AdvisorPage*>(window.page(QStringLiteral("Advisor")));
    REQUIRE(advisor);
    REQUIRE(window.arrayPage()->setSpecText(QStringLiteral("raid5 layout=left-symmetric disks=5 chunk=64KiB")));
    // The advice running at start was of the page's default array (8 disks): the page advises again
    // after it, of the array under study.
    REQUIRE(QTest::qWaitFor([&] { return !advisor->isRunning(); }, 60000));
    REQUIRE(advisor->advice());
    const auto settings = advisor->recommendedSettings();
    REQUIRE_FALSE(settings.empty());
    CHECK(settings.front().command.contains(QStringLiteral("--level=5 --raid-devices=5 --layout=left-symmetric")));
    // 4 data chunks a stripe of 5 members with one parity.
    CHECK(settings.at(1).command.contains(QStringLiteral(",sw=4 ")));
}
