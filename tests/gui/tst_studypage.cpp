// SPDX-License-Identifier: GPL-3.0-or-later
// <qcustomplot.h> uses foreach, which the tests' QT_NO_FOREACH forbids (see tst_simulatepage.cpp).
#undef QT_NO_FOREACH
#include "study/rebuildtradeoffplot.h"
#include "widgets/stagetimelineplot.h"
#include "study/studyfactorplot.h"
#include "study/studypage.h"
#include "widgets/jobrunner.h"

#include "widgetlookup.h"

#include <catch2/catch.hpp>

#include <QComboBox>
#include <QFile>
#include <QJsonDocument>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace raidscope;
using raidscope::gui::StudyPage;

namespace {

QString S(const char* text)
{
    return QString::fromUtf8(text);
}

// A study small enough for a test: a RAID 5 of four 128 MiB members, 3 s of load.
void fillSmallStudy(StudyPage& page, const char* array, const char* key1, const char* values1, const char* key2,
                    const char* values2)
{
    child<QLineEdit>(page, "studyArray")->setText(S(array));
    child<QLineEdit>(page, "studyWorkload")->setText(S("spc1 duration=3s seed=1"));
    child<QComboBox>(page, "studyKey1")->setCurrentText(S(key1));
    child<QLineEdit>(page, "studyValues1")->setText(S(values1));
    child<QComboBox>(page, "studyKey2")->setCurrentText(S(key2));
    child<QLineEdit>(page, "studyValues2")->setText(S(values2));
}

bool runToEnd(StudyPage& page)
{
    if (!page.run())
        return false;
    return QTest::qWaitFor([&] { return !page.isRunning(); }, 120000);
}

} // namespace

TEST_CASE("StudyPage: presets fill the form with the seed's studies", "[gui][study]")
{
    StudyPage page;
    const QStringList presets = StudyPage::presetNames();
    REQUIRE(presets.size() >= 4);
    for (const QString& name : presets) {
        CAPTURE(name.toStdString());
        REQUIRE(page.applyPreset(name));
        QString error;
        const auto spec = page.spec(&error);
        INFO(error.toStdString());
        REQUIRE(spec);
        CHECK(checkStudy(*spec, &error));
        CHECK(spec->arraySpec.contains(S("disks=28")));
    }
    CHECK_FALSE(page.applyPreset(S("no such preset")));
    // An error in the form is named on the status line, and nothing starts.
    child<QLineEdit>(page, "studyValues1")->setText(S("27us,27us"));
    CHECK_FALSE(page.run());
    CHECK(page.statusText().contains(S("twice")));
}

TEST_CASE("StudyPage: a study fills the plot and the table; a rebuild study the trade-off and the stages",
          "[gui][study]")
{
    StudyPage page;
    page.resize(1400, 900);
    page.show();
    fillSmallStudy(page, "raid5 disks=4 chunk=32KiB disk=cheetah-15k size=256MiB", "overhead", "27us,324us", "", "");
    REQUIRE(runToEnd(page));
    REQUIRE(page.result().points.size() == 2);
    QTableWidget* table = page.pointsTable();
    CHECK(table->rowCount() == 2);
    // The table shows each point's max BSUs as the study found them.
    for (int row = 0; row < 2; ++row)
        CHECK(table->item(row, 1)->text().toInt() == *page.result().points[std::size_t(row)].maxBsu);
    REQUIRE(page.factorPlot()->graphCount() == 1);
    CHECK(page.factorPlot()->graph(0)->dataCount() == 2);

    fillSmallStudy(page, "raid5 disks=4 chunk=32KiB disk=cheetah-15k size=128MiB fail=1@1s", "rebuild",
                   "rate:20MB/s,rate:60MB/s", "bsu", "4");
    REQUIRE(runToEnd(page));
    REQUIRE(page.result().points.size() == 2);
    const auto& tradeoff = page.tradeoffPlot()->points();
    REQUIRE(tradeoff.size() == 2);
    // Sorted by time to redundancy: the faster rate first, and it cannot take longer than
    // 128 MiB / 60 MB/s plus the slower rate's whole span.
    CHECK(tradeoff[0].label == S("rate:60MB/s"));
    CHECK(tradeoff[1].label == S("rate:20MB/s"));
    CHECK(tradeoff[1].redundantAfterS >= 134217728.0 / 20e6 * 0.99);
    CHECK(tradeoff[0].redundantAfterS < tradeoff[1].redundantAfterS);
    // The first point is chosen: its stages are shaded behind its response time.
    table = page.pointsTable();
    table->setCurrentCell(0, 0);
    CHECK(page.timelinePlot()->graph(0)->dataCount() > 10);
    CHECK(page.timelinePlot()->itemCount() >= 4); // two stages at least: a band and a label each
}

TEST_CASE("StudyPage: a saved study opens, and the page keeps its state in a workspace", "[gui][study]")
{
    StudyPage page;
    fillSmallStudy(page, "raid5 disks=4 chunk=32KiB disk=cheetah-15k size=256MiB", "chunk", "16KiB,64KiB", "", "");
    REQUIRE(runToEnd(page));
    QTemporaryDir dir;
    const QString path = dir.filePath(S("study.json"));
    QString error;
    REQUIRE(page.saveResultJson(path, &error));
    CHECK(StudyPage::isStudyFile(path));

    StudyPage other;
    REQUIRE(other.openResultJson(path, &error));
    CHECK(other.result().toJson() == page.result().toJson());
    CHECK(other.pointsTable()->rowCount() == 2);
    CHECK(child<QComboBox>(other, "studyKey1")->currentText() == S("chunk"));

    const WorkspaceStudy saved = page.saveState();
    StudyPage restored;
    REQUIRE(restored.restoreState(saved, &error));
    CHECK(restored.result().toJson() == page.result().toJson());
    CHECK(child<QLineEdit>(restored, "studyValues1")->text() == S("16KiB,64KiB"));

    // A probe result is no study.
    QFile probe(dir.filePath(S("probe.json")));
    REQUIRE(probe.open(QIODevice::WriteOnly));
    probe.write(R"({"version": 1, "verdict": {}})");
    probe.close();
    CHECK_FALSE(StudyPage::isStudyFile(probe.fileName()));
    CHECK_FALSE(other.openResultJson(probe.fileName(), &error));
    CHECK(error.contains(S("kind")));
}
