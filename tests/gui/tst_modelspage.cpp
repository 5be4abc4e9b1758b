// SPDX-License-Identifier: GPL-3.0-or-later
#undef QT_NO_FOREACH
#include "models/calibrationpanel.h"
#include "models/minervasweepplot.h"
#include "models/modelspage.h"
#include "models/responsepanel.h"
#include "models/responseplot.h"

#include "widgetlookup.h"

#include <catch2/catch.hpp>

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QJsonObject>
#include <QTableWidget>
#include <QTest>

using namespace raidscope;
using namespace raidscope::gui;

namespace {

void setCell(QTableWidget* t, int row, int col, const QString& text) { t->item(row, col)->setText(text); }

} // namespace

TEST_CASE("Models page: Minerva's hand-worked RAID 1/0 case, its curves and the binding constraint", "[gui][models]")
{
    ModelsPage page;
    page.resize(1500, 950);
    REQUIRE(page.result()); // the paper's baseline workload on its default LU

    // A lone stream of 100 requests/s of 8 KiB, half reads, on RAID 1/0 of 4 disks of 8 ms and 10 MB/s:
    // each disk takes 37.5 requests/s of 8.8192 ms (tst_minerva works it): 0.33072.
    child<QComboBox>(page, "minervaType")->setCurrentIndex(0);
    child<QSpinBox>(page, "minervaDisks")->setValue(4);
    child<QDoubleSpinBox>(page, "minervaPositionMs")->setValue(8);
    child<QDoubleSpinBox>(page, "minervaTransfer")->setValue(10);
    auto* streams = child<QTableWidget>(page, "minervaStreams");
    REQUIRE(streams->rowCount() == 1);
    setCell(streams, 0, 0, QStringLiteral("100"));
    setCell(streams, 0, 1, QStringLiteral("8KiB"));
    setCell(streams, 0, 2, QStringLiteral("0.5"));
    REQUIRE(page.result());
    CHECK(page.result()->diskUtilization == Approx(0.33072));
    CHECK(page.result()->maxRequestRate == Approx(100 / 0.33072));
    CHECK(child<QLabel>(page, "minervaResult")->text().contains(QStringLiteral("302.4 requests/s")));

    // Against read fraction: all writes 2 / 8.8192 ms, all reads 4 / 8.8192 ms.
    const auto* read = child<MinervaSweepPlot>(page, "minervaReadPlot");
    REQUIRE(read->results().size() == 101);
    CHECK(read->results().front().maxRequestRate == Approx(2 / 0.0088192));
    CHECK(read->results().back().maxRequestRate == Approx(4 / 0.0088192));

    // A controller of 400 requests/s: at half reads it carries 100 / 400 = 0.25 against the disks'
    // 0.33072, so the disks bind; with all reads the disks allow 453.6/s, and the controller binds.
    child<QDoubleSpinBox>(page, "minervaThroughput")->setValue(400);
    CHECK(page.result()->binding == u"disk");
    CHECK(read->results().back().binding == u"controller_throughput");
    CHECK(read->results().back().maxRequestRate == Approx(400));
    child<QDoubleSpinBox>(page, "minervaThroughput")->setValue(200);
    CHECK(page.result()->binding == u"controller_throughput");
    CHECK(page.result()->maxRequestRate == Approx(200));
    bool throughputBinds = false;
    for (const MinervaResult& r : read->results())
        throughputBinds |= r.binding == u"controller_throughput";
    CHECK(throughputBinds);

    // Refused: RAID 1/0 of 3 disks says why and draws nothing.
    child<QSpinBox>(page, "minervaDisks")->setValue(3);
    CHECK_FALSE(page.result());
    CHECK(child<QLabel>(page, "minervaResult")->text().contains(QStringLiteral("a raid10 LU has an even number of disks")));
    CHECK(read->results().empty());
    child<QSpinBox>(page, "minervaDisks")->setValue(4);
    setCell(streams, 0, 3, QStringLiteral("many"));
    CHECK(child<QLabel>(page, "minervaResult")->text().contains(QStringLiteral("Stream 1, run count: 'many' is not a number")));
}

TEST_CASE("Models page: the LU from an array spec", "[gui][models]")
{
    ModelsPage page;
    REQUIRE(page.setLuFromArray(QStringLiteral("raid5 disks=6 chunk=32KiB disk=cheetah-15k")));
    CHECK(child<QComboBox>(page, "minervaType")->currentText().startsWith(QStringLiteral("RAID 5")));
    CHECK(child<QSpinBox>(page, "minervaDisks")->value() == 6);
    CHECK(child<QLineEdit>(page, "minervaStripeUnit")->text() == u"32KiB");
    CHECK(child<QDoubleSpinBox>(page, "minervaTransfer")->value() == Approx(64)); // the whitepaper's drive
    CHECK_FALSE(page.setLuFromArray(QStringLiteral("raid6 disks=6")));
    CHECK(child<QLabel>(page, "minervaResult")->text().contains(QStringLiteral("Minerva models RAID 1/0")));
}

TEST_CASE("Models page: the zoned-RAID response time, model and simulation on the same axes", "[gui][models]")
{
    ModelsPage page;
    auto* panel = page.responsePanel();
    // The paper's Table 1 row: RAID 5 of 4 st3500630ns, 128 KiB blocks, 5-block writes at 0.01/ms,
    // whose model mean the paper prints as 47.8 ms (tst_zonedraid holds the rows to their tolerances).
    child<QSpinBox>(*panel, "responseCount")->setValue(2000);
    REQUIRE(panel->compute());
    REQUIRE(QTest::qWaitFor([&] { return !panel->isRunning(); }, 60000));
    REQUIRE(panel->modelResult());
    REQUIRE(panel->simulationResult());
    CHECK(panel->modelResult()->meanMs == Approx(47.8).epsilon(0.04));
    CHECK(panel->simulationResult()->requests == 2000);
    // Same array, same workload: the simulator's mean within a fifth of the model's.
    CHECK(panel->simulationResult()->meanMs == Approx(panel->modelResult()->meanMs).epsilon(0.2));
    const auto* cdf = child<ResponsePlot>(*panel, "responseCdfPlot");
    CHECK(cdf->modelGraph()->data()->size() > 100);
    CHECK(cdf->simulationGraph()->data()->size() == 199);
    // The simulated density is a histogram: its bins hold the 99 % between the 0.5 % and 99.5 % quantiles.
    const auto& pdf = panel->simulationResult()->pdf;
    REQUIRE(pdf.size() == 40);
    double mass = 0;
    for (const auto& p : pdf)
        mass += p.p * (pdf[1].ms - pdf[0].ms);
    CHECK(mass == Approx(0.999).margin(0.011));
    CHECK(child<QLabel>(*panel, "responseSummary")->text().contains(QStringLiteral("Simulation")));
    const QJsonObject json = panel->resultJson();
    CHECK(json.value(QStringLiteral("simulation")).toObject().value(QStringLiteral("array")).toString()
        == u"raid5 disks=4 chunk=128KiB disk=st3500630ns");

    // RAID 01 of 3 disks is refused with the reason.
    child<QComboBox>(*panel, "responseScheme")->setCurrentIndex(0);
    child<QSpinBox>(*panel, "responseDisks")->setValue(3);
    CHECK_FALSE(panel->compute());
    CHECK(child<QLabel>(*panel, "responseStatus")->text().contains(QStringLiteral("even number of disks")));
}

TEST_CASE("Models page: Minerva's calibration, its fit and its held-out error", "[gui][models]")
{
    ModelsPage page;
    page.showModel(2);
    auto* panel = page.calibrationPanel();
    child<QSpinBox>(*panel, "calibrationCount")->setValue(300);
    panel->run();
    REQUIRE(QTest::qWaitFor([&] { return !panel->isRunning(); }, 120000));
    REQUIRE(panel->study());
    const MinervaCalibrationStudy& s = *panel->study();
    // The default split (core's MinervaCalibrationOptions): 3 disk counts x 3 sizes x 2 read shares
    // fitted, 2 x 2 x 3 held out.
    CHECK(s.fitCalibrated.points == 18);
    CHECK(s.testCalibrated.points == 12);
    CHECK(child<QTableWidget>(*panel, "calibrationPoints")->rowCount() == 30);
    const QString summary = child<QLabel>(*panel, "calibrationSummary")->text();
    CHECK(summary.contains(QStringLiteral("Held out")));
    CHECK(summary.contains(QStringLiteral("max |error| %1 %").arg(s.testCalibrated.maxAbsPct, 0, 'f', 1)));
    CHECK(summary.contains(QStringLiteral("mean 5.4 %, max 19 %"))); // the paper's, beside ours
}

TEST_CASE("Models page: the streams table shows every number whole (#54 item 8)", "[gui][models]")
{
    ModelsPage page;
    page.resize(1100, 800); // narrower than a workstation's window: a stretched column once wrapped here
    page.show();
    auto* streams = child<QTableWidget>(page, "minervaStreams");
    REQUIRE(streams->rowCount() >= 1);
    setCell(streams, 0, 0, QStringLiteral("12345.678"));
    setCell(streams, 0, 2, QStringLiteral("0.333333"));
    QTest::qWait(20);
    CHECK_FALSE(streams->wordWrap());
    // Each cell fits its column: its text's width (with the item's margins) is under the section's.
    const QFontMetrics fm(streams->font());
    for (int c = 0; c < streams->columnCount(); ++c) {
        const QTableWidgetItem* item = streams->item(0, c);
        REQUIRE(item);
        CAPTURE(c, item->text().toStdString());
        CHECK(fm.horizontalAdvance(item->text()) < streams->horizontalHeader()->sectionSize(c));
    }
}
