// SPDX-License-Identifier: GPL-3.0-or-later
// The plot views are QCustomPlots and <qcustomplot.h> uses foreach, which the tests' QT_NO_FOREACH
// forbids; undefining it works only before every Qt include (STYLE.md §2), so it comes first.
#undef QT_NO_FOREACH
#include "advisor/advisorcostplot.h"
#include "advisor/advisorpage.h"
#include "advisor/advisorskewplot.h"
#include "widgets/arrayspeceditor.h"

#include "widgetlookup.h"

#include <catch2/catch.hpp>

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QTest>

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonArray>
#include <QSpinBox>
#include <QTemporaryDir>

using namespace raidscope;
using raidscope::gui::AdvisorCostPlot;
using raidscope::gui::AdvisorPage;
using raidscope::gui::AdvisorSkewPlot;
using raidscope::gui::ArraySpecEditor;

namespace {

// advise() starts a job; its result arrives on the GUI thread.
void waitForAdvice(const AdvisorPage& page)
{
    REQUIRE(QTest::qWaitFor([&] { return !page.isRunning(); }, 30000));
}

} // namespace

TEST_CASE("Advisor page: the whitepaper's example, drawn as Illustration 10", "[gui][advisor]")
{
    AdvisorPage page;
    page.resize(1400, 900);
    REQUIRE(child<ArraySpecEditor>(page, "advisorArray")->setSpecText(QStringLiteral("raid0 disks=8 chunk=16KiB")));
    child<QLineEdit>(page, "advisorSizes")->setText(QStringLiteral("128KiB"));
    child<QDoubleSpinBox>(page, "advisorRead")->setValue(0);
    child<QLineEdit>(page, "advisorChunks")->setText(QStringLiteral("16KiB,32KiB,64KiB"));
    child<QCheckBox>(page, "advisorGivenDrive")->setChecked(true);
    child<QLineEdit>(page, "advisorPositioning")->setText(QStringLiteral("5.6ms"));
    child<QLineEdit>(page, "advisorTransfer")->setText(QStringLiteral("64MB/s"));
    child<QSpinBox>(page, "advisorOutstanding")->setValue(0);
    waitForAdvice(page); // the page's own first advice
    child<QPushButton>(page, "advisorRun")->click();
    waitForAdvice(page);
    REQUIRE(page.advice());
    REQUIRE(page.advice()->candidates.size() == 3);

    // The bars: 16 KiB, 8 accesses x 5.6 ms positioning and 2.048 ms transfer (tst_advisor works
    // out the random-alignment figures by hand: 8, 4.875 and 2.9375 accesses).
    const auto* plot = child<AdvisorCostPlot>(page, "advisorCostPlot");
    REQUIRE(plot->positioningBars()->data()->size() == 3);
    CHECK(plot->positioningBars()->data()->at(0)->value == Approx(8 * 5.6));
    CHECK(plot->positioningBars()->data()->at(1)->value == Approx(4.875 * 5.6));
    CHECK(plot->positioningBars()->data()->at(2)->value == Approx(2.9375 * 5.6));
    CHECK(plot->productiveBars()->data()->at(0)->value == Approx(2.048));

    const auto* table = child<QTableWidget>(page, "advisorTable");
    REQUIRE(table->rowCount() == 3);
    CHECK(table->item(0, 0)->text() == u"16KiB  (current)");
    CHECK(table->item(2, 0)->text() == u"64KiB  (best)");
    CHECK(table->item(0, 2)->text() == u"8.00"); // aligned: the paper's 8 drives
    CHECK(table->item(1, 2)->text() == u"4.00");
    CHECK(table->item(2, 2)->text() == u"2.00");
    const QString rec = child<QLabel>(page, "advisorRecommendation")->text();
    CHECK(rec.contains(QStringLiteral("64KiB: 18.50 ms of disk time per request")));
    CHECK(rec.contains(QStringLiteral("Your current 16KiB costs 46.85 ms")));
}

TEST_CASE("Advisor page: refused inputs say why and keep the last advice", "[gui][advisor]")
{
    AdvisorPage page;
    waitForAdvice(page);
    REQUIRE(page.advice()); // the page opens with advice for its default array
    const std::size_t before = page.advice()->candidates.size();
    child<QLineEdit>(page, "advisorChunks")->setText(QStringLiteral("16KiB,6KiB"));
    CHECK_FALSE(page.advise());
    CHECK(child<QLabel>(page, "advisorStatus")->text().contains(QStringLiteral("Candidate chunks: 6KiB is not a non-zero multiple of block=4KiB")));
    CHECK(page.advice()->candidates.size() == before);
    child<QLineEdit>(page, "advisorChunks")->setText(QStringLiteral("16KiB"));
    child<QLineEdit>(page, "advisorSizes")->setText(QStringLiteral("0B"));
    CHECK_FALSE(page.advise());
    CHECK(child<QLabel>(page, "advisorStatus")->text().contains(QStringLiteral("Request sizes: size: a request size must be above 0")));
    child<QLineEdit>(page, "advisorSizes")->setText(QStringLiteral("4KiB"));
    child<QCheckBox>(page, "advisorGivenDrive")->setChecked(true);
    child<QLineEdit>(page, "advisorTransfer")->setText(QStringLiteral("fast"));
    CHECK_FALSE(page.advise());
    CHECK(child<QLabel>(page, "advisorStatus")->text().contains(QStringLiteral("Transfer rate: 'fast' is not a transfer rate")));
}

TEST_CASE("Advisor page: fills from a trace, simulates, and saves what it shows", "[gui][advisor]")
{
    // msr_small.csv's requests (tests/data/traces/README): the page takes its sizes and read share
    // from the trace in the job, shows them in the (disabled) fields, and simulates each candidate.
    AdvisorPage page;
    waitForAdvice(page);
    REQUIRE(child<ArraySpecEditor>(page, "advisorArray")->setSpecText(QStringLiteral("raid5 disks=5 chunk=16KiB")));
    child<QLineEdit>(page, "advisorChunks")->setText(QStringLiteral("16KiB,64KiB"));
    child<QSpinBox>(page, "advisorOutstanding")->setValue(4);
    child<QLineEdit>(page, "advisorHostStripe")->setText(QStringLiteral("16MiB"));
    page.setTrace(QStringLiteral(RAIDSCOPE_TEST_DATA "/traces/msr_small.csv"));
    CHECK_FALSE(child<QLineEdit>(page, "advisorSizes")->isEnabled());
    REQUIRE(page.advise());
    waitForAdvice(page);
    REQUIRE(page.advice());
    INFO(child<QLabel>(page, "advisorStatus")->text().toStdString());
    REQUIRE(page.advice()->candidates.size() == 2);
    for (const auto& c : page.advice()->candidates)
        CHECK(c.simulated);
    // The trace's mix is in the field now (every size a multiple of 512 B in msr_small.csv).
    CHECK(child<QLineEdit>(page, "advisorSizes")->text().contains(QStringLiteral("KiB:")));
    CHECK(child<QLabel>(page, "advisorRecommendation")->text().contains(QStringLiteral("Host stripe:")));
    CHECK(child<QTableWidget>(page, "advisorTable")->item(0, 8)->text() != u"–");

    // The JSON saved is core's adviceJson(): the same candidates the table shows.
    const QJsonObject json = page.adviceJson();
    REQUIRE(json.value(QStringLiteral("candidates")).toArray().size() == 2);
    CHECK(json.value(QStringLiteral("candidates")).toArray()[0].toObject().value(QStringLiteral("chunkBytes")).toInt() == 16384);
    CHECK(json.value(QStringLiteral("hostStripe")).toObject().value(QStringLiteral("verdict")).toString() == u"too-large");
    CHECK(page.adviceCsv().count(u'\n') == 3); // header and two candidates

    // Illustration 12 with the trace's skew: msr_small.csv has two devices, db 0 with 8 requests
    // and web 1 with 21, so two controllers and 21 of 29 on the busiest.
    CHECK(child<QSpinBox>(page, "advisorControllers")->value() == 2);
    const auto* skew = child<AdvisorSkewPlot>(page, "advisorSkewPlot");
    REQUIRE(skew->markedPoint());
    CHECK(skew->markedPoint()->x() == Approx(21.0 / 29));
    CHECK(skew->markedPoint()->y() == Approx(page.skewControllerIops() * 29 / 21));
    CHECK(page.skewControllerIops() > 0); // the recommended chunk's, every disk busy
    child<QDoubleSpinBox>(page, "advisorControllerIops")->setValue(1000);
    CHECK(skew->markedPoint()->y() == Approx(1000.0 * 29 / 21)); // C / share below N x C = 2000
    CHECK(skew->curve()->data()->constBegin()->value == Approx(2000)); // an even load: 1/2 each
    const QJsonObject saved = page.adviceJson().value(QStringLiteral("skew")).toObject();
    CHECK(saved.value(QStringLiteral("busiestShare")).toDouble() == Approx(21.0 / 29));
    CHECK(saved.value(QStringLiteral("iops")).toDouble() == Approx(1000.0 * 29 / 21));
    // Five controllers cannot be read off a trace of two devices: the curve, no point.
    child<QSpinBox>(page, "advisorControllers")->setValue(5);
    CHECK_FALSE(skew->markedPoint());
    CHECK(skew->curve()->data()->constBegin()->value == Approx(5000));
}
