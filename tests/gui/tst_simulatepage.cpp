// SPDX-License-Identifier: GPL-3.0-or-later
// The plot views are QCustomPlots and <qcustomplot.h> uses foreach, which the tests' QT_NO_FOREACH
// forbids; undefining it works only before every Qt include (STYLE.md §2), so it comes first.
#undef QT_NO_FOREACH
#include "disk/diskpreset.h"
#include "layout/layoutregistry.h"
#include "simulate/responsetimeplot.h"
#include "simulate/saturationplot.h"
#include "simulate/simresultsview.h"
#include "simulate/simulatepage.h"
#include "simulate/utilizationplot.h"
#include "simulate/workloadeditor.h"
#include "widgets/arraysimoptions.h"
#include "widgets/arrayspeceditor.h"
#include "widgets/jobrunner.h"
#include "widgets/stagetimelineplot.h"

#include "widgetlookup.h"

#include <catch2/catch.hpp>

#include <QComboBox>
#include <algorithm>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QDir>
#include <QTemporaryDir>
#include <QTest>

using namespace raidscope;
using Catch::Matchers::WithinAbs;
using raidscope::gui::SimulatePage;
using raidscope::gui::WorkloadEditor;

namespace {

bool haveScheme(const char* id)
{
    if (LayoutRegistry::instance().find(QString::fromLatin1(id)))
        return true;
    WARN(id << " plugin not installed: skipping this part");
    return false;
}

std::vector<double> barValues(const QCPBars* bars)
{
    std::vector<double> out;
    for (auto it = bars->data()->constBegin(); it != bars->data()->constEnd(); ++it)
        out.push_back(it->value);
    return out;
}

std::vector<double> barKeys(const QCPBars* bars)
{
    std::vector<double> out;
    for (auto it = bars->data()->constBegin(); it != bars->data()->constEnd(); ++it)
        out.push_back(it->key);
    return out;
}

std::vector<double> graphKeys(const QCPGraph* g)
{
    std::vector<double> out;
    for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it)
        out.push_back(it->key);
    return out;
}

} // namespace

TEST_CASE("SimulatePage: a sweep fills the plots with one point per outstanding value", "[gui][simulate]")
{
    if (!haveScheme("raid5"))
        return;
    SimulatePage page;
    page.resize(1400, 900);
    page.show();
    REQUIRE(page.setArraySpecText(QStringLiteral("raid5 disks=4 chunk=64KiB")));
    REQUIRE(page.setWorkloadSpecText(QStringLiteral("random size=4KiB outstanding=1 count=400 seed=3")));
    page.setSweepText(QStringLiteral("1,2,4,8"));
    QSignalSpy finished(&page, &SimulatePage::jobFinished);
    QElapsedTimer timer;
    timer.start();
    REQUIRE(page.sweep());
    CHECK(page.isRunning());
    CHECK(child<QPushButton>(page, "jobCancelButton")->isEnabled());
    REQUIRE(finished.wait(20000));
    QTest::qWait(2 * gui::LivePlot::kReplotIntervalMs); // the last scheduled replot
    const qint64 elapsedMs = timer.elapsed();
    CHECK_FALSE(page.isRunning());
    CHECK_FALSE(child<QPushButton>(page, "jobCancelButton")->isEnabled());

    REQUIRE(page.results().size() == 4);
    const auto& points = page.saturationPlot()->points();
    REQUIRE(points.size() == 4);
    CHECK(points[0].outstanding == 1);
    CHECK(points[3].outstanding == 8);
    CHECK(graphKeys(page.saturationPlot()->iopsGraph()) == std::vector<double> { 1, 2, 4, 8 });
    CHECK(graphKeys(page.saturationPlot()->meanGraph()) == std::vector<double> { 1, 2, 4, 8 });
    CHECK(graphKeys(page.saturationPlot()->p90Graph()) == std::vector<double> { 1, 2, 4, 8 });
    // Four disks serve more random reads with more of them in flight (whitepaper Illustration 4),
    // and each request waits longer.
    CHECK(points[3].iops > 2 * points[0].iops);
    CHECK(points[3].meanMs > points[0].meanMs);
    for (const auto& p : points)
        CHECK(p.p90Ms >= p.meanMs * 0.5);
    CHECK(page.resultsView()->pointsTable()->rowCount() == 4);
    CHECK(page.resultsView()->pointsTable()->item(3, 0)->text() == u"8");

    // The distribution and disks show the last point: 400 requests, the CDF ends at 100 %.
    const auto& bins = page.responseTimePlot()->bins();
    REQUIRE_FALSE(bins.empty());
    CHECK_THAT(bins.back().cumulative, WithinAbs(1.0, 1e-12));
    double sum = 0;
    for (const auto& b : bins)
        sum += b.fraction;
    CHECK_THAT(sum, WithinAbs(1.0, 1e-9));
    CHECK(barValues(page.utilizationPlot()->bars()).size() == 4);
    CHECK(page.resultsView()->disksTable()->rowCount() == 4);
    CHECK(page.utilizationPlot()->subtitle().contains(QStringLiteral("8 outstanding")));

    // At most one draw per replot interval (plus the first and the last).
    CHECK(page.saturationPlot()->replotCount() >= 1);
    CHECK(page.saturationPlot()->replotCount() <= elapsedMs / gui::LivePlot::kReplotIntervalMs + 2);

    SECTION("the results save as JSON, one object per run")
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("sweep.json"));
        QString error;
        REQUIRE(page.saveResultsJson(path, &error));
        QFile f(path);
        REQUIRE(f.open(QIODevice::ReadOnly));
        const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
        CHECK(o.value(QStringLiteral("kind")).toString() == u"sweep");
        CHECK(o.value(QStringLiteral("array")).toString().startsWith(QStringLiteral("raid5")));
        // The shape `simulate --sweep --json` prints: core's OutstandingSweepResult::toJson().
        CHECK(o.keys() == QStringList { QStringLiteral("array"), QStringLiteral("kind"), QStringLiteral("outstanding"),
                              QStringLiteral("sweep"), QStringLiteral("version"), QStringLiteral("workload") });
        CHECK(o.value(QStringLiteral("outstanding")).toArray() == QJsonArray { 1, 2, 4, 8 });
        const QJsonArray sweep = o.value(QStringLiteral("sweep")).toArray();
        REQUIRE(sweep.size() == 4);
        CHECK(sweep.at(2).toObject().value(QStringLiteral("outstanding")).toInt() == 4);
        CHECK(sweep.at(2).toObject().value(QStringLiteral("requests")).toInt() == 400);
        CHECK(sweep.at(0).toObject().contains(QStringLiteral("percentilesMs")));
    }

    SECTION("picking a run in the table shows it in the other views")
    {
        page.resultsView()->pointsTable()->setCurrentCell(0, 0);
        CHECK(page.utilizationPlot()->subtitle().contains(QStringLiteral("1 outstanding")));
        CHECK(page.resultsView()->summaryText().contains(QStringLiteral("1 outstanding")));
    }
}

TEST_CASE("SimulatePage: a bad workload spec shows an error and nothing starts", "[gui][simulate]")
{
    SimulatePage page;
    page.show();
    QSignalSpy running(&page, &SimulatePage::runningChanged);
    CHECK_FALSE(page.setWorkloadSpecText(QStringLiteral("random outstanding=0 count=100")));
    const QString error = page.workloadEditor()->errorText();
    CHECK(error.contains(QStringLiteral("outstanding=0")));
    CHECK(child<QLabel>(page, "workloadError")->isVisible());
    CHECK_FALSE(child<QPushButton>(page, "runButton")->isEnabled());
    CHECK_FALSE(child<QPushButton>(page, "sweepButton")->isEnabled());
    CHECK_FALSE(page.run());
    CHECK_FALSE(page.sweep());
    CHECK_FALSE(page.isRunning());
    CHECK(page.statusText().contains(QStringLiteral("workload spec has an error")));
    CHECK(page.runner()->startedJobs() == 0);
    CHECK(running.isEmpty());

    SECTION("fixing it enables Run again")
    {
        REQUIRE(page.setWorkloadSpecText(QStringLiteral("random outstanding=2 count=100")));
        CHECK(page.workloadEditor()->errorText().isEmpty());
        CHECK(child<QPushButton>(page, "runButton")->isEnabled());
    }
    SECTION("a bad sweep list disables Sweep")
    {
        REQUIRE(page.setWorkloadSpecText(QStringLiteral("random outstanding=2 count=100")));
        page.setSweepText(QStringLiteral("1,2,x"));
        CHECK_FALSE(child<QPushButton>(page, "sweepButton")->isEnabled());
        CHECK_FALSE(page.sweep());
        CHECK(page.statusText().contains(QStringLiteral("'x'")));
        CHECK(page.runner()->startedJobs() == 0);
    }
}

TEST_CASE("SimulatePage: Cancel stops a long sweep promptly", "[gui][simulate]")
{
    if (!haveScheme("raid5"))
        return;
    SimulatePage page;
    page.show();
    REQUIRE(page.setArraySpecText(QStringLiteral("raid5 disks=8")));
    REQUIRE(page.setWorkloadSpecText(QStringLiteral("random outstanding=4 count=1000000000")));
    QSignalSpy finished(&page, &SimulatePage::jobFinished);
    REQUIRE(page.sweep());
    // The first in-run progress report: the partial result is on the views while it runs.
    REQUIRE(QTest::qWaitFor([&] { return page.statusText().startsWith(QStringLiteral("Sweep:")); }, 5000));
    REQUIRE(QTest::qWaitFor([&] { return !page.utilizationPlot()->utilizationPercent().empty(); }, 5000));
    CHECK(page.resultsView()->summaryText().contains(QStringLiteral("running")));
    QElapsedTimer timer;
    timer.start();
    child<QPushButton>(page, "jobCancelButton")->click();
    CHECK(timer.elapsed() < 500);
    CHECK_FALSE(page.isRunning());
    CHECK(page.statusText().startsWith(QStringLiteral("Cancelled")));
    CHECK(page.results().empty());
    QTest::qWait(150);
    CHECK(finished.isEmpty());
    CHECK(child<QPushButton>(page, "runButton")->isEnabled());
}

TEST_CASE("SimulatePage: one busy disk of eight is an array 12.5 % busy (whitepaper Scenario 1)", "[gui][simulate]")
{
    if (!haveScheme("raid0"))
        return;
    SimulatePage page;
    page.show();
    // By hand: a region of 1 MiB is chunk 0 of a RAID-0 with 1 MiB chunks, which lives on disk 0.
    // One request outstanding and no controller overhead: the next request reaches disk 0 the moment
    // the last one completes, so disk 0 is busy all the time (100 %) and disks 1-7 never (0 %); the
    // array's mean is 100 % / 8 = 12.5 %, what iostat's "100 % busy" hid in Illustration 5.
    REQUIRE(page.setArraySpecText(QStringLiteral("raid0 disks=8 chunk=1MiB")));
    REQUIRE(page.setWorkloadSpecText(QStringLiteral("random size=4KiB outstanding=1 region=1MiB count=2000 seed=5")));
    QSignalSpy finished(&page, &SimulatePage::jobFinished);
    REQUIRE(page.run());
    REQUIRE(finished.wait(20000));

    const auto* plot = page.utilizationPlot();
    REQUIRE(barKeys(plot->bars()) == std::vector<double> { 0, 1, 2, 3, 4, 5, 6, 7 });
    const std::vector<double> bars = barValues(plot->bars());
    CHECK_THAT(bars[0], WithinAbs(100.0, 0.5));
    for (std::size_t d = 1; d < 8; ++d)
        CHECK(bars[d] == 0.0);
    CHECK_THAT(plot->meanPercent(), WithinAbs(12.5, 0.1));
    const auto* mean = plot->meanLine();
    REQUIRE(mean->data()->size() == 2);
    CHECK_THAT(mean->data()->at(0)->value, WithinAbs(12.5, 0.1));
    CHECK_THAT(mean->data()->at(1)->value, WithinAbs(12.5, 0.1));
    CHECK(barValues(plot->failedBars()).empty());
    // A single run is also the one point of the load curve.
    REQUIRE(page.saturationPlot()->points().size() == 1);
    CHECK(page.saturationPlot()->points()[0].outstanding == 1);
}

TEST_CASE("SimulatePage: controller and disk options are written into the array spec", "[gui][simulate]")
{
    if (!haveScheme("raid5"))
        return;
    SimulatePage page;
    page.show();
    REQUIRE(page.setArraySpecText(QStringLiteral("raid5 disks=4 chunk=64KiB")));
    auto* failed = child<QLineEdit>(page, "failedEdit");
    failed->setText(QStringLiteral("2"));
    Q_EMIT failed->editingFinished();
    CHECK(page.arraySpec().contains(QStringLiteral("failed=2")));

    auto* slow = child<QComboBox>(page, "slowDiskCombo");
    slow->setCurrentIndex(2); // disk 1
    Q_EMIT slow->activated(2);
    CHECK(page.arraySpec().contains(QStringLiteral("speed=1:0.5")));

    auto* parity = child<QComboBox>(page, "parityWriteCombo");
    parity->setCurrentIndex(parity->findData(QStringLiteral("md")));
    Q_EMIT parity->activated(parity->currentIndex());
    CHECK(page.arraySpec().contains(QStringLiteral("paritywrite=md")));

    SECTION("typed keys show in the controls")
    {
        REQUIRE(page.setArraySpecText(QStringLiteral("raid5 disks=4 cache=16MiB scheduler=sstf")));
        CHECK(child<QComboBox>(page, "writeCacheCombo")->currentText() == u"16MiB");
        CHECK(child<QComboBox>(page, "schedulerCombo")->currentData().toString() == u"sstf");
        CHECK(child<QComboBox>(page, "slowDiskCombo")->currentIndex() == 0);
        CHECK(failed->text().isEmpty());
    }
    SECTION("md's nearest-head mirror reads are offered, typed or chosen")
    {
        REQUIRE(page.setArraySpecText(QStringLiteral("raid10 disks=4 chunk=16KiB mirrorread=nearest")));
        auto* mirror = child<QComboBox>(page, "mirrorReadCombo");
        CHECK(mirror->currentData().toString() == u"nearest");
        REQUIRE(page.setArraySpecText(QStringLiteral("raid10 disks=4 chunk=16KiB")));
        mirror->setCurrentIndex(mirror->findData(QStringLiteral("nearest")));
        Q_EMIT mirror->activated(mirror->currentIndex());
        CHECK(page.arraySpec().contains(QStringLiteral("mirrorread=nearest")));
    }
    SECTION("a failed disk is marked on the utilization plot")
    {
        REQUIRE(page.setWorkloadSpecText(QStringLiteral("random outstanding=4 count=300")));
        QSignalSpy finished(&page, &SimulatePage::jobFinished);
        REQUIRE(page.run());
        REQUIRE(finished.wait(20000));
        CHECK(barKeys(page.utilizationPlot()->failedBars()) == std::vector<double> { 2 });
        CHECK(barKeys(page.utilizationPlot()->bars()) == std::vector<double> { 0, 1, 3 });
    }
    SECTION("more failed disks than RAID-5 survives: an error, and Run is off")
    {
        failed->setText(QStringLiteral("1,2"));
        Q_EMIT failed->editingFinished();
        CHECK(page.simOptions()->simError().contains(QStringLiteral("exceed")));
        CHECK_FALSE(child<QPushButton>(page, "runButton")->isEnabled());
        CHECK_FALSE(page.run());
    }
}

TEST_CASE("WorkloadEditor: controls and the spec line follow each other", "[gui][simulate]")
{
    WorkloadEditor editor;
    REQUIRE(editor.setSpecText(QStringLiteral("random read=0.7 size=8KiB outstanding=4 count=500 runcount=3")));
    CHECK(child<QSpinBox>(editor, "readPercentSpin")->value() == 70);
    CHECK(child<QComboBox>(editor, "sizeCombo")->currentText() == u"8KiB");
    CHECK(child<QSpinBox>(editor, "outstandingSpin")->value() == 4);
    child<QSpinBox>(editor, "outstandingSpin")->setValue(32);
    CHECK(editor.specText().contains(QStringLiteral("outstanding=32")));
    CHECK(editor.specText().contains(QStringLiteral("runcount=3"))); // keys without a control stay
    REQUIRE(editor.spec());
    CHECK(editor.spec()->outstanding == 32);

    auto* mode = child<QComboBox>(editor, "loadModeCombo");
    mode->setCurrentIndex(1); // open loop
    CHECK_FALSE(editor.specText().contains(QStringLiteral("outstanding=")));
    REQUIRE(editor.spec());
    CHECK(editor.spec()->openLoop());

    CHECK(WorkloadEditor::withKey(QStringLiteral("random hot=20:80 seed=1"), QStringLiteral("hot"), QString())
        == u"random seed=1");
    CHECK(WorkloadEditor::withKey(QStringLiteral("sequential"), QStringLiteral("region"), QStringLiteral("1MiB"))
        == u"sequential region=1MiB");
}

namespace {

// A closed-loop result with `outstanding` requests in flight and IOPS = 1000 * outstanding.
SimResult saturationPoint(int outstanding)
{
    SimResult r;
    r.outstanding = outstanding;
    r.requests = 1000 * std::uint64_t(outstanding);
    r.simulatedNs = 1e9;
    r.responseMs.add(2.0);
    r.responseNs.add(2'000'000);
    return r;
}

// LivePlot's own items (the empty-plot note) come first; the point labels follow.
int ownItems()
{
    static const int n = gui::SaturationPlot().itemCount();
    return n;
}

int labelCount(const gui::SaturationPlot& plot) { return plot.itemCount() - ownItems(); }

QStringList labelTexts(const gui::SaturationPlot& plot)
{
    QStringList texts;
    for (int i = ownItems(); i < plot.itemCount(); ++i)
        if (auto* t = qobject_cast<QCPItemText*>(plot.item(i)))
            texts << t->text();
    return texts;
}

} // namespace

TEST_CASE("SaturationPlot: a new point leaves the other points' labels alone", "[gui][simulate][hostile]")
{
    // Rebuilding every label per point made a sweep of N points cost N^3: QCustomPlot removes an
    // item in O(items). A point added must not recreate the labels already there.
    gui::SaturationPlot plot;
    plot.addResult(saturationPoint(2));
    plot.addResult(saturationPoint(8));
    REQUIRE(labelCount(plot) == 2);
    for (int i = ownItems(); i < plot.itemCount(); ++i)
        plot.item(i)->setProperty("kept", true);
    plot.addResult(saturationPoint(4)); // between the two
    REQUIRE(labelCount(plot) == 3);
    int kept = 0;
    for (int i = ownItems(); i < plot.itemCount(); ++i)
        kept += plot.item(i)->property("kept").toBool() ? 1 : 0;
    CHECK(kept == 2);
    CHECK(labelTexts(plot) == QStringList { QStringLiteral("2000"), QStringLiteral("8000"), QStringLiteral("4000") });
    CHECK(graphKeys(plot.iopsGraph()) == std::vector<double> { 2, 4, 8 });

    // A point run again replaces its values and its label text, no new label.
    SimResult again = saturationPoint(4);
    again.requests = 5000;
    plot.addResult(again);
    CHECK(labelCount(plot) == 3);
    CHECK(labelTexts(plot).contains(QStringLiteral("5000")));
    CHECK(graphKeys(plot.iopsGraph()) == std::vector<double> { 2, 4, 8 });
    CHECK(plot.iopsGraph()->data()->at(1)->value == 5000);

    // The highlighted point follows setHighlighted; clear() removes every label.
    plot.setHighlighted(8);
    REQUIRE(plot.graph(3)->dataCount() == 1);
    CHECK(plot.graph(3)->data()->at(0)->key == 8);
    plot.clear();
    CHECK(labelCount(plot) == 0);
    CHECK(plot.iopsGraph()->dataCount() == 0);
}

TEST_CASE("SaturationPlot: 2000 points, each added and highlighted as a sweep does, stay fast", "[gui][simulate][hostile]")
{
    gui::SaturationPlot plot;
    QElapsedTimer timer;
    timer.start();
    for (int o = 1; o <= 2000; ++o) {
        plot.addResult(saturationPoint(o));
        plot.setHighlighted(o);
    }
    const qint64 ms = timer.elapsed();
    CHECK(labelCount(plot) == 2000);
    CHECK(plot.iopsGraph()->dataCount() == 2000);
    // Before: minutes (each point rebuilt all labels, each removal O(N)). Linear work is well under
    // a second even on a loaded machine; 20 s leaves room for a sanitizer build.
    CHECK(ms < 20000);
}

// #54 item 3: a run with fail= and rebuild= showed no failure, stage or rebuild on this page.
TEST_CASE("SimulatePage: a failure run shows its stages on a timeline and per stage in a table", "[gui][simulate]")
{
    if (!haveScheme("raid5"))
        return;
    SimulatePage page;
    page.resize(1400, 900);
    page.show();
    // Members of 16 MiB rebuilt at 4 MB/s (a pace the 9LZX keeps beside 50 reads/s): 16,777,216 B /
    // 4e6 B/s = 4.194 s of reconstruction from the failure at 1 s (rebuild.delay 0: the spare is in at
    // once). 400 reads at 50/s: about 8 s.
    REQUIRE(page.setArraySpecText(QStringLiteral("raid5 disks=4 chunk=64KiB size=16MiB fail=2@1s rebuild=rate:4MB/s")));
    REQUIRE(page.setWorkloadSpecText(QStringLiteral("random read=1 size=4KiB rate=50 count=400 seed=5")));
    CHECK(page.timelinePlot()->isEmpty());
    QSignalSpy finished(&page, &SimulatePage::jobFinished);
    REQUIRE(page.run());
    REQUIRE(finished.wait(60000));
    REQUIRE(page.results().size() == 1);

    const auto& stages = page.timelinePlot()->stages();
    REQUIRE(stages.size() >= 3);
    CHECK(stages.front().name == u"healthy");
    CHECK_THAT(stages.front().startS, WithinAbs(0, 1e-12));
    CHECK_THAT(stages.front().endS, WithinAbs(1.0, 1e-9)); // fail=2@1s
    const auto reconstruction = std::find_if(stages.begin(), stages.end(), [](const auto& s) { return s.name == u"reconstruction"; });
    REQUIRE(reconstruction != stages.end());
    CHECK_THAT(reconstruction->startS, WithinAbs(1.0, 1e-3));
    // The rebuild's steps are whole chunks on a schedule of 4 MB/s: within 5 % of 4.194 s.
    CHECK_THAT(reconstruction->endS - reconstruction->startS, WithinAbs(16777216.0 / 4e6, 0.05 * 4.194));
    CHECK(page.loadTabs()->currentWidget() == page.timelinePlot());

    // The stage table: one row per stage; the requests of all stages are the run's 400.
    const gui::StageTable* table = page.resultsView()->stagesTable();
    REQUIRE(table->rowCount() == int(stages.size()));
    int requests = 0;
    for (int r = 0; r < table->rowCount(); ++r) {
        CAPTURE(r);
        CHECK(table->item(r, gui::StageTable::NameColumn)->text() == stages[std::size_t(r)].name);
        requests += table->item(r, gui::StageTable::RequestsColumn)->text().toInt();
    }
    CHECK(requests == 400);
    // Healthy for 1 s at 50 requests/s offered: IOPS near 50 (Poisson: 50 +- 3 sigma = 50 +- 21).
    CHECK_THAT(table->item(0, gui::StageTable::IopsColumn)->text().toDouble(), WithinAbs(50, 21));
    CHECK(page.resultsView()->tabs()->currentWidget() == table);
    CHECK(page.resultsView()->summaryText().contains(QStringLiteral("disk 2 at 1.0 s")));

    SECTION("a run without a failure clears the timeline")
    {
        REQUIRE(page.setArraySpecText(QStringLiteral("raid5 disks=4 chunk=64KiB size=16MiB")));
        REQUIRE(page.run());
        REQUIRE(finished.wait(60000));
        CHECK(page.timelinePlot()->isEmpty());
        CHECK(page.resultsView()->stagesTable()->rowCount() == 0);
    }
}

// #57 (found while measuring): an imported DiskSim drive queues as its driver says (C-LOOK), and the
// scheduler box said FIFO. Its first entry is now the disk's own order, named.
TEST_CASE("SimulatePage: the scheduler box names the disk's own order, and a choice is written out", "[gui][simulate][scheduler]")
{
    if (!LayoutRegistry::instance().find(QStringLiteral("raid5")))
        return;
    // A preset with its own queue order, in a folder read before the preset list is first read (each
    // ctest case runs in a process of its own; run after other cases, it says so and stops).
    QTemporaryDir presets;
    qputenv("RAIDSCOPE_DISK_PATH", presets.path().toUtf8());
    QFile in(QStringLiteral(RAIDSCOPE_TEST_DATA "/../../resources/disks/ibm-9lzx.json"));
    REQUIRE(in.open(QIODevice::ReadOnly));
    QJsonObject preset = QJsonDocument::fromJson(in.readAll()).object();
    preset[QStringLiteral("id")] = QStringLiteral("lzx-clook");
    preset[QStringLiteral("scheduler")] = QStringLiteral("clook");
    QFile out(QDir(presets.path()).filePath(QStringLiteral("lzx-clook.json")));
    REQUIRE(out.open(QIODevice::WriteOnly));
    REQUIRE(out.write(QJsonDocument(preset).toJson()) > 0);
    out.close();
    if (!raidscope::findDiskPreset(QStringLiteral("lzx-clook"))) {
        WARN("skipped: the disk presets were read before this test could add its own");
        return;
    }
    SimulatePage page;
    auto* scheduler = child<QComboBox>(page, "schedulerCombo");
    REQUIRE(page.setArraySpecText(QStringLiteral("raid5 disks=4 chunk=64KiB")));
    CHECK(scheduler->currentIndex() == 0);
    CHECK(scheduler->currentText() == QStringLiteral("disk's own (FIFO)"));
    REQUIRE(page.setArraySpecText(QStringLiteral("raid5 disks=4 chunk=64KiB disk=lzx-clook")));
    CHECK(scheduler->currentIndex() == 0);
    CHECK(scheduler->currentText() == QStringLiteral("disk's own (C-LOOK)"));
    CHECK_FALSE(page.arraySpec().contains(QStringLiteral("scheduler=")));
    // FIFO chosen over the drive's own C-LOOK is a choice, written out.
    scheduler->setCurrentIndex(scheduler->findData(QStringLiteral("fifo")));
    Q_EMIT scheduler->activated(scheduler->currentIndex());
    CHECK(page.arraySpec().contains(QStringLiteral("scheduler=fifo")));
    scheduler->setCurrentIndex(0);
    Q_EMIT scheduler->activated(0);
    CHECK_FALSE(page.arraySpec().contains(QStringLiteral("scheduler=")));
}
