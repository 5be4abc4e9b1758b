// SPDX-License-Identifier: GPL-3.0-or-later
// The Traces page's "Measured on a device" candidate offscreen (#55): a trace replayed on a temporary
// file stands in the replay table beside the simulated candidates, each with its error against it;
// safe writes are asked for in a dialog that names the device and defaults to reads only.
// <qcustomplot.h> uses foreach, which the tests' QT_NO_FOREACH forbids (STYLE.md §2): undefined first.
#undef QT_NO_FOREACH
#include "devicefixtures.h"
#include "layout/layoutregistry.h"
#include "traces/measuredcandidatebox.h"
#include "traces/tracereplayplot.h"
#include "traces/tracereplayview.h"
#include "traces/tracespage.h"
#include "widgetlookup.h"

#include <catch2/catch.hpp>

#include <QCheckBox>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>

#include <cmath>

using namespace raidscope;
using gui::TraceReplayView;

namespace {

QString fixture(const char* name) { return QStringLiteral(RAIDSCOPE_TEST_DATA "/traces/") + QString::fromLatin1(name); }

struct MeasuredFixture
{
    gui::TracesPage page;
    QSignalSpy summary { &page, &gui::TracesPage::summaryFinished };
    MeasuredFixture()
    {
        page.resize(1600, 1000);
        page.show();
        // msr_small.csv: 29 requests, 9 of them writes, each with its ResponseTime (tests/data/traces/README.md).
        REQUIRE(page.openFiles({ fixture("msr_small.csv") }));
        REQUIRE(summary.wait(10000));
        page.showReplay(true);
    }
};

} // namespace

TEST_CASE("TracesPage: a measured candidate on a file stands beside the simulated ones with its errors", "[gui][traces][measured]")
{
    if (!LayoutRegistry::instance().find(QStringLiteral("raid5")) || !LayoutRegistry::instance().find(QStringLiteral("raid0"))) {
        WARN("raid0 or raid5 plugin not installed: skipping");
        return;
    }
    testing::TestFile file(16ull << 20);
    const QByteArray before = testing::checksum(file.path);
    MeasuredFixture f;
    TraceReplayView* replay = f.page.replayView();
    replay->setCandidates({ QStringLiteral("raid0 disks=2 chunk=16KiB"), QStringLiteral("raid5 disks=4 chunk=32KiB") });
    gui::MeasuredCandidateBox* box = replay->measuredBox();
    CHECK_FALSE(box->measuring()); // off until asked for
    CHECK_FALSE(box->allowWrites());
    box->setMeasuring(true);
    box->setDevicePath(file.path);
    QSignalSpy done(replay, &TraceReplayView::finished);
    QSignalSpy running(replay, &TraceReplayView::runningChanged);
    REQUIRE(replay->run());
    CHECK(replay->isRunning());
    CHECK_FALSE(box->isEnabled()); // not changed under a running measurement
    REQUIRE(done.wait(30000));
    INFO(replay->statusText().toStdString());
    CHECK(running.size() >= 2);
    REQUIRE(replay->measured());
    REQUIRE(replay->comparison());
    CHECK(replay->statusText().contains(QStringLiteral("reads only")));

    // Rows: as traced, measured, then each candidate; the same 20 reads in the measured and simulated rows.
    QTableWidget* table = replay->table();
    REQUIRE(table->rowCount() == 4);
    const int m = replay->rowOfMeasured();
    CHECK(m == 1);
    CHECK(table->item(m, TraceReplayView::ArrayColumn)->text() == QStringLiteral("measured on ") + file.path);
    CHECK(table->item(m, TraceReplayView::DiskColumn)->text().contains(QStringLiteral("reads only")));
    CHECK(table->item(m, TraceReplayView::RequestsColumn)->text() == u"20");
    CHECK(table->item(m, TraceReplayView::MeanColumn)->text().toDouble() > 0);
    CHECK(table->item(m, TraceReplayView::MeanErrorColumn)->text() == u"reference");
    for (int c : { TraceReplayView::MeanErrorColumn, TraceReplayView::P90ErrorColumn, TraceReplayView::P99ErrorColumn,
             TraceReplayView::IopsErrorColumn, TraceReplayView::DemeritColumn })
        CHECK_FALSE(table->isColumnHidden(c));
    const ReplayComparison& c = *replay->comparison();
    REQUIRE(c.rows.size() == 4);
    for (int i = 0; i < 2; ++i) {
        const int row = replay->rowOfCandidate(i);
        CAPTURE(row);
        CHECK(row == i + 2);
        CHECK(table->item(row, TraceReplayView::RequestsColumn)->text() == u"20");
        const ReplayComparisonRow& cr = c.rows[std::size_t(row)];
        REQUIRE(cr.vsMeasured);
        // The table shows core's figures: the mean error in percent, the demerit in ms.
        const QString meanError = table->item(row, TraceReplayView::MeanErrorColumn)->text();
        CHECK(meanError.endsWith(QStringLiteral(" %")));
        const double shownPercent = QString(meanError).remove(QStringLiteral(" %")).replace(u'\u2212', u'-').toDouble();
        CHECK(std::abs(shownPercent - cr.vsMeasured->meanRel * 100) <= 0.5 + 0.001 * std::abs(cr.vsMeasured->meanRel * 100));
        const double demerit = table->item(row, TraceReplayView::DemeritColumn)->text().toDouble();
        CHECK(demerit > 0);
        CHECK(std::abs(demerit - cr.vsMeasured->demeritMs) <= 0.05 * cr.vsMeasured->demeritMs + 0.01);
        CHECK(table->item(row, TraceReplayView::DemeritColumn)->toolTip().contains(QStringLiteral("Ruemmler")));
    }
    // The as-traced row is compared with the measurement too.
    CHECK(table->item(0, TraceReplayView::MeanErrorColumn)->text().endsWith(QStringLiteral(" %")));
    // Bars: as traced, measured, and the two candidates.
    CHECK(replay->plot()->meanBars()->data()->size() == 4);
    const QString verdict = replay->verdictText();
    CHECK(verdict.contains(QStringLiteral("demerit")));
    CHECK(verdict.contains(QStringLiteral("Analytical model")));
    CHECK(verdict.contains(QStringLiteral("reads only")));
    CHECK(testing::checksum(file.path) == before);

    SECTION("a simulated-only run afterwards drops the measured row and its error columns")
    {
        box->setMeasuring(false);
        REQUIRE(replay->run());
        REQUIRE(done.wait(30000));
        CHECK_FALSE(replay->measured());
        CHECK(replay->rowOfMeasured() == -1);
        CHECK(table->rowCount() == 3);
        CHECK(table->isColumnHidden(TraceReplayView::MeanErrorColumn));
    }
    SECTION("cancel: the job stops and nothing half-measured is shown")
    {
        REQUIRE(replay->run());
        replay->cancel();
        CHECK_FALSE(replay->isRunning());
        CHECK_FALSE(replay->measured());
        CHECK(testing::checksum(file.path) == before);
    }
}

TEST_CASE("TracesPage: safe writes on the measured candidate are asked for, naming the device", "[gui][traces][measured]")
{
    MeasuredFixture f;
    gui::MeasuredCandidateBox* box = f.page.replayView()->measuredBox();
    box->setMeasuring(true);
    box->setDevicePath(QStringLiteral("/dev/sdz"));
    auto* writes = child<QCheckBox>(*box, "measuredWritesCheck");
    writes->click();
    QMessageBox* dialog = box->pendingWriteDialog();
    REQUIRE(dialog);
    CHECK_FALSE(writes->isChecked()); // unticked until the user says yes
    CHECK(dialog->text().contains(QStringLiteral("/dev/sdz")));
    CHECK(dialog->defaultButton()->objectName() == QStringLiteral("measuredKeepReadsButton"));
    CHECK(dialog->escapeButton() == dialog->defaultButton());

    SECTION("the default keeps reads only")
    {
        dialog->defaultButton()->click();
        CHECK_FALSE(box->allowWrites());
        CHECK_FALSE(writes->isChecked());
    }
    SECTION("allowed, then another path typed: reads only again")
    {
        child<QPushButton>(*dialog, "measuredAllowWritesButton")->click();
        CHECK(box->allowWrites());
        CHECK(writes->isChecked());
        CHECK(child<QLabel>(*box, "measuredNote")->text().contains(QStringLiteral("Safe writes")));
        box->setDevicePath(QStringLiteral("/dev/sdy"));
        CHECK_FALSE(box->allowWrites());
        CHECK_FALSE(writes->isChecked());
    }
}
