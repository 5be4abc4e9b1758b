// SPDX-License-Identifier: GPL-3.0-or-later
// The Traces page offscreen: plot data checked against numbers worked out by hand from the core
// tests' hand-made fixtures (tests/data/traces), malformed lines in stop and skip mode, cancel,
// and the replay comparison. The real-trace case reads ../shared/traces in place and skips with a
// warning when it is absent.
// The plot views are QCustomPlots and <qcustomplot.h> uses foreach, which the tests' QT_NO_FOREACH
// forbids; undefining it works only before every Qt include (STYLE.md §2), so it comes first.
#undef QT_NO_FOREACH
#include "layout/layoutregistry.h"
#include "mainwindow.h"
#include "traces/tracedeviceplot.h"
#include "traces/tracelorenzplot.h"
#include "traces/tracemixplot.h"
#include "traces/tracereplayplot.h"
#include "traces/tracereplayview.h"
#include "traces/tracerunplot.h"
#include "traces/tracesizeplot.h"
#include "traces/tracespage.h"
#include "traces/tracetimeplot.h"
#include "widgets/jobbar.h"
#include "widgets/jobrunner.h"

#include "widgetlookup.h"

#include <catch2/catch.hpp>

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <sys/stat.h>
#include <map>

using namespace raidscope;
using Catch::Matchers::WithinAbs;
using raidscope::gui::TraceSizePlot;
using raidscope::gui::TracesPage;
using raidscope::gui::TraceTimePlot;

namespace {

QString fixture(const char* name) { return QStringLiteral(RAIDSCOPE_TEST_DATA "/traces/") + QString::fromLatin1(name); }

QString shared(const char* rel) { return QStringLiteral(RAIDSCOPE_SHARED_DIR "/traces/") + QString::fromLatin1(rel); }

// Catch2 v2 has no SKIP: warn and return when the shared traces are absent.
#define REQUIRE_SHARED(path)                                                                                           \
    if (!QFileInfo::exists(path)) {                                                                                    \
        WARN("skipped: " << (path).toStdString() << " is absent (the shared traces are not part of the project)");     \
        return;                                                                                                        \
    }

std::vector<double> barValues(const QCPBars* bars)
{
    std::vector<double> out;
    for (auto it = bars->data()->constBegin(); it != bars->data()->constEnd(); ++it)
        out.push_back(it->value);
    return out;
}

std::vector<std::pair<double, double>> points(const QCPGraph* g)
{
    std::vector<std::pair<double, double>> out;
    for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it)
        out.emplace_back(it->key, it->value);
    return out;
}

// A page, shown (the plots draw only when visible), with a spy on its summary.
struct PageFixture
{
    TracesPage page;
    QSignalSpy finished { &page, &TracesPage::summaryFinished };
    PageFixture()
    {
        page.resize(1400, 900);
        page.show();
    }
    void open(const QString& path)
    {
        REQUIRE(page.openFiles({ path }));
        REQUIRE(finished.wait(10000));
        CHECK_FALSE(page.isRunning());
    }
};

} // namespace

TEST_CASE("TracesPage: plots of a hand-made MSR trace match the numbers worked out by hand", "[gui][traces]")
{
    // msr_edge_crlf.csv, by hand (Timestamp in 100 ns ticks, ResponseTime in 100 ns ticks):
    //   t=0 ms    web/1 Read  offset 0      4096 B  response 1 ms
    //   t=10 ms   web/1 Read  offset 4096   4096 B  response 2 ms
    //   t=5 ms    web/1 Write offset 2^64-4096 0 B  response 3 ms (out of order)
    //   t=1000 ms db/0  Write offset 2^63   512 B   response 4 ms
    PageFixture f;
    f.open(fixture("msr_edge_crlf.csv"));
    REQUIRE(f.page.summary());
    CHECK(f.page.errorText().isEmpty());
    CHECK(f.page.errorPanelText().isEmpty());

    SECTION("transfer sizes: 0 B once, 512 B once, 4 KiB twice; cumulative 25, 50, 100 %")
    {
        const auto& bins = f.page.sizePlot()->bins();
        REQUIRE(bins.size() == 3);
        CHECK(bins[0].label == u"0B");
        CHECK(bins[1].label == u"512B");
        CHECK(bins[2].label == u"4KiB");
        CHECK(barValues(f.page.sizePlot()->countBars()) == std::vector<double> { 1, 1, 2 });
        const auto cumulative = points(f.page.sizePlot()->cumulativeGraph());
        REQUIRE(cumulative.size() == 3);
        CHECK_THAT(cumulative[0].second, WithinAbs(25, 1e-9));
        CHECK_THAT(cumulative[1].second, WithinAbs(50, 1e-9));
        CHECK_THAT(cumulative[2].second, WithinAbs(100, 1e-9));
    }
    SECTION("mix: 2 of 4 requests read; 8192 of 8704 bytes read")
    {
        CHECK_THAT(f.page.mixPlot()->readCountPercent(), WithinAbs(50, 1e-9));
        CHECK_THAT(f.page.mixPlot()->readBytesPercent(), WithinAbs(100.0 * 8192 / 8704, 1e-9));
        CHECK(barValues(f.page.mixPlot()->readBars()).size() == 2);
    }
    SECTION("devices: web/1 has 3 of 4 I/Os and 8192 of 8704 bytes; db/0 the rest")
    {
        const auto& devices = f.page.devicePlot()->devices();
        REQUIRE(devices.size() == 2);
        CHECK(devices[0].name == u"web/1");
        CHECK(devices[1].name == u"db/0");
        const auto ios = barValues(f.page.devicePlot()->ioBars());
        const auto bytes = barValues(f.page.devicePlot()->byteBars());
        REQUIRE(ios.size() == 2);
        CHECK_THAT(ios[0], WithinAbs(75, 1e-9));
        CHECK_THAT(ios[1], WithinAbs(25, 1e-9));
        CHECK_THAT(bytes[0], WithinAbs(100.0 * 8192 / 8704, 1e-9));
        CHECK_THAT(f.page.devicePlot()->busiestShare(), WithinAbs(75, 1e-9));
    }
    SECTION("sequentiality: web/1 3 I/Os in 2 runs (1.5), db/0 1 in 1; whole trace 4 in 3")
    {
        CHECK(barValues(f.page.runPlot()->bars()) == std::vector<double> { 1.5, 1.0 });
        CHECK_THAT(f.page.runPlot()->overallRunCount(), WithinAbs(4.0 / 3.0, 1e-9));
    }
    SECTION("skew: two devices with 1 and 3 I/Os give a Gini of 0.25")
    {
        // Lorenz points (0,0), (0.5,0.25), (1,1): G = 1 - 0.5*(0+0.25) - 0.5*(0.25+1) = 0.25.
        CHECK_THAT(f.page.lorenzPlot()->deviceGini(), WithinAbs(0.25, 1e-9));
        const auto curve = points(f.page.lorenzPlot()->deviceCurve());
        REQUIRE(curve.size() >= 3);
        CHECK_THAT(curve.front().second, WithinAbs(0, 1e-9));
        CHECK_THAT(curve.back().second, WithinAbs(100, 1e-9));
    }
    SECTION("over time: 4 arrivals, responses 1/3/2/4 ms, Little's-law queue depth labelled")
    {
        const double width = double(f.page.summary()->timeline.widthNs()) * 1e-9;
        CHECK_THAT(width, WithinAbs(0.001, 1e-12)); // 1 s span fits in 1024 buckets of 1 ms
        auto arrivals = points(f.page.arrivalPlot()->graph());
        REQUIRE(arrivals.size() >= 2);
        arrivals.pop_back(); // the closing point of the last step
        double total = 0;
        for (const auto& [t, rate] : arrivals)
            total += rate * width;
        CHECK_THAT(total, WithinAbs(4, 1e-6));
        CHECK_THAT(arrivals.front().second, WithinAbs(1000, 1e-6)); // 1 I/O in the first 1 ms
        CHECK_THAT(arrivals.back().first, WithinAbs(1.0, 1e-9)); // the last arrival's bucket starts at 1 s

        auto responses = points(f.page.responsePlot()->graph());
        responses.pop_back();
        std::vector<double> means;
        for (const auto& [t, ms] : responses)
            if (std::isfinite(ms))
                means.push_back(ms);
        REQUIRE(means.size() == 4); // in bucket order: t=0, 5, 10, 1000 ms
        CHECK_THAT(means[0], WithinAbs(1, 1e-9));
        CHECK_THAT(means[1], WithinAbs(3, 1e-9));
        CHECK_THAT(means[2], WithinAbs(2, 1e-9));
        CHECK_THAT(means[3], WithinAbs(4, 1e-9));
        CHECK(f.page.responsePlot()->missingNote().isEmpty());
        // Percentiles in the subtitle in order; the slow-period count after them (it once took %1).
        CHECK(f.page.responsePlot()->subtitle().startsWith(QStringLiteral("p50 ")));
        CHECK(f.page.responsePlot()->subtitle().endsWith(QStringLiteral(" · 0 slow periods")));
        CHECK(f.page.responsePlot()->shadedPeriods().empty()); // nothing near 100 ms

        // Little's law per bucket: the first 1 ms holds one arrival with a 1 ms response: L = 1.
        CHECK(f.page.queueDepthPlot()->method() == u"littles-law");
        CHECK(f.page.queueDepthPlot()->subtitle().contains(QStringLiteral("littles-law")));
        CHECK_THAT(points(f.page.queueDepthPlot()->graph()).front().second, WithinAbs(1.0, 1e-9));
    }
    SECTION("a lower slow threshold shades the slow periods: buckets with mean above 2.5 ms")
    {
        QSignalSpy again(&f.page, &TracesPage::summaryFinished);
        f.page.setSlowThresholdMs(2.5); // re-reads with the new threshold
        REQUIRE(again.wait(10000));
        const auto& shaded = f.page.responsePlot()->shadedPeriods();
        REQUIRE(shaded.size() == 2); // the 3 ms bucket at 5 ms and the 4 ms bucket at 1 s
        CHECK_THAT(shaded[0].first, WithinAbs(0.005, 1e-9));
        CHECK_THAT(shaded[0].second, WithinAbs(0.006, 1e-9));
        CHECK_THAT(shaded[1].first, WithinAbs(1.0, 1e-9));
        CHECK(f.page.queueDepthPlot()->shadedPeriods().size() == 2);
    }
    SECTION("exports: JSON has DESIGN.md's keys, CSV its tables, fio iolog one line per request")
    {
        QTemporaryDir dir;
        QString error;
        REQUIRE(f.page.exportSummaryJson(dir.filePath(QStringLiteral("s.json")), &error));
        QFile json(dir.filePath(QStringLiteral("s.json")));
        REQUIRE(json.open(QIODevice::ReadOnly));
        const QJsonObject o = QJsonDocument::fromJson(json.readAll()).object();
        CHECK(o.value(QStringLiteral("records")).toInt() == 4);
        CHECK(o.value(QStringLiteral("sizeHistogram")).toArray().size() == 3);
        REQUIRE(f.page.exportSummaryCsv(dir.filePath(QStringLiteral("s.csv")), &error));
        CHECK(QFileInfo(dir.filePath(QStringLiteral("s.csv"))).size() > 0);
        // The fio export runs as a job: progress on the bar, the result after exportFinished().
        QSignalSpy exported(&f.page, &TracesPage::exportFinished);
        REQUIRE(f.page.startFioExport(dir.filePath(QStringLiteral("t.iolog")), QStringLiteral("/dev/null")));
        CHECK(f.page.isRunning());
        CHECK(f.page.isExporting());
        REQUIRE(exported.wait(10000));
        CHECK(exported.front().front().toBool());
        CHECK_FALSE(f.page.isExporting());
        CHECK(f.page.lastExport().written == 4);
        CHECK(f.page.jobBar()->progress() == Approx(1.0));
        CHECK(f.page.statusText().startsWith(QStringLiteral("Wrote 4 I/Os to ")));
    }
    SECTION("no export over the trace read: the summary and the iolog are refused, the trace as it was")
    {
        QTemporaryDir dir;
        const QString trace = dir.filePath(QStringLiteral("t.csv"));
        REQUIRE(QFile::copy(fixture("msr_edge_crlf.csv"), trace));
        QFile original(fixture("msr_edge_crlf.csv"));
        REQUIRE(original.open(QIODevice::ReadOnly));
        const QByteArray bytes = original.readAll();
        f.open(trace);
        QString error;
        CHECK_FALSE(f.page.exportSummaryJson(trace, &error));
        CHECK(error.contains(QStringLiteral("refusing to write over an input")));
        CHECK_FALSE(f.page.exportSummaryCsv(trace, &error));
        QSignalSpy exported(&f.page, &TracesPage::exportFinished);
        REQUIRE(f.page.startFioExport(trace, QStringLiteral("/dev/sdb")));
        REQUIRE(exported.wait(10000));
        CHECK_FALSE(exported.front().front().toBool());
        CHECK(f.page.lastExport().error.contains(QStringLiteral("refusing to write over an input")));
        CHECK(f.page.jobBar()->statusIsError());
        QFile after(trace);
        REQUIRE(after.open(QIODevice::ReadOnly));
        CHECK(after.readAll() == bytes);
    }
}

TEST_CASE("TracesPage: a cancelled fio export leaves no file", "[gui][traces]")
{
    // 200,000 MSR requests (about 9 MB): far more than the moment between start and Cancel reads.
    QTemporaryDir dir;
    const QString trace = dir.filePath(QStringLiteral("long.csv"));
    {
        QFile f(trace);
        REQUIRE(f.open(QIODevice::WriteOnly));
        QByteArray chunk;
        for (int i = 0; i < 200000; ++i) {
            chunk += "1281663720" + QByteArray::number(qint64(i) * 10).rightJustified(8, '0') + ",hm,0,Read,"
                + QByteArray::number(qint64(i) * 4096) + ",4096,100\n";
            if (chunk.size() > (1 << 20)) {
                REQUIRE(f.write(chunk) == chunk.size());
                chunk.clear();
            }
        }
        REQUIRE(f.write(chunk) == chunk.size());
    }
    PageFixture f;
    f.open(trace);
    REQUIRE(f.page.summary()->records == 200000);
    QSignalSpy exported(&f.page, &TracesPage::exportFinished);
    const QString out = dir.filePath(QStringLiteral("long.iolog"));
    REQUIRE(f.page.startFioExport(out, QStringLiteral("/dev/sdb")));
    CHECK(f.page.jobBar()->cancelButton()->isEnabled());
    f.page.cancel(); // joins the worker: the export is over when this returns
    CHECK_FALSE(f.page.isRunning());
    CHECK_FALSE(f.page.isExporting());
    CHECK(f.page.lastExport().cancelled);
    CHECK(f.page.statusText() == u"Export cancelled: nothing written");
    CHECK_FALSE(QFileInfo::exists(out));
    CHECK(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden) == QStringList { QStringLiteral("long.csv") });
    QTest::qWait(200);
    CHECK(exported.isEmpty());
}

TEST_CASE("TracesPage: a format without response times says so instead of plotting", "[gui][traces]")
{
    // spc_small.spc: SPC records no response times.
    PageFixture f;
    f.open(fixture("spc_small.spc"));
    CHECK(f.page.responsePlot()->graph()->data()->isEmpty());
    CHECK(f.page.responsePlot()->missingNote().contains(QStringLiteral("no response times")));
    CHECK(f.page.queueDepthPlot()->method() == u"none");
    CHECK(f.page.queueDepthPlot()->missingNote().contains(QStringLiteral("method: none")));
    CHECK(f.page.notesText().contains(QStringLiteral("no response times")));
    CHECK_FALSE(f.page.arrivalPlot()->graph()->data()->isEmpty());
}

TEST_CASE("TracesPage: what a format lacks is said once, from TraceFormatInfo", "[gui][traces]")
{
    SECTION("fio v2: the reader's own notes, no line of ours")
    {
        PageFixture f;
        f.open(fixture("fio_v2.log"));
        const QString notes = f.page.notesText();
        CHECK(notes.count(QStringLiteral("no timestamps")) == 1);
        CHECK(notes.count(QStringLiteral("no response times")) == 1);
        CHECK(f.page.arrivalPlot()->missingNote().startsWith(QStringLiteral("fio iolog v2 has no timestamps")));
    }
    SECTION("an empty file states nothing, so the page says it")
    {
        PageFixture f;
        f.open(fixture("empty.csv"));
        CHECK(f.page.notesText() == u"empty file records no response times: response percentiles, slow periods and "
                                    u"queue depth are not shown");
    }
}

TEST_CASE("TracesPage: a malformed line stops with file:line and field, or is skipped and counted", "[gui][traces]")
{
    // msr_bad.csv: line 3 has Offset 'abc'; lines 1, 2 and 4 are 512-byte requests.
    PageFixture f;
    SECTION("stop at the first error")
    {
        f.page.setErrorPolicy(TraceErrorPolicy::Stop);
        f.open(fixture("msr_bad.csv"));
        CHECK(f.page.errorText() == u"msr_bad.csv:3: field 5 (Offset): 'abc' is not a number");
        CHECK(f.page.errorPanelText().contains(QStringLiteral("msr_bad.csv:3: field 5 (Offset)")));
        CHECK(f.page.statusText().contains(QStringLiteral("msr_bad.csv:3")));
        auto* panel = f.page.findChild<QLabel*>(QStringLiteral("traceErrors"));
        REQUIRE(panel);
        CHECK(panel->isVisible());
    }
    SECTION("skip and count")
    {
        f.page.setErrorPolicy(TraceErrorPolicy::Skip);
        f.open(fixture("msr_bad.csv"));
        CHECK(f.page.errorText().isEmpty());
        CHECK(f.page.summary()->skipped == 1);
        CHECK(f.page.errorPanelText().contains(QStringLiteral("Skipped 1 malformed line")));
        CHECK(f.page.errorPanelText().contains(QStringLiteral("msr_bad.csv:3: field 5 (Offset)")));
        REQUIRE(f.page.sizePlot()->bins().size() == 1);
        CHECK(f.page.sizePlot()->bins()[0].count == 3);
    }
    SECTION("switching the policy re-reads the file")
    {
        f.page.setErrorPolicy(TraceErrorPolicy::Stop);
        f.open(fixture("msr_bad.csv"));
        CHECK_FALSE(f.page.errorText().isEmpty());
        f.page.setErrorPolicy(TraceErrorPolicy::Skip);
        REQUIRE(f.finished.wait(10000));
        CHECK(f.page.errorText().isEmpty());
        CHECK(f.page.summary()->records == 3);
    }
}

TEST_CASE("TracesPage: cancel stops the read and nothing of it arrives afterwards", "[gui][traces]")
{
    PageFixture f;
    REQUIRE(f.page.openFiles({ fixture("msr_edge_crlf.csv") }));
    CHECK(f.page.isRunning());
    f.page.cancel();
    CHECK_FALSE(f.page.isRunning());
    CHECK(f.page.statusText().startsWith(QStringLiteral("Cancelled")));
    QTest::qWait(300);
    CHECK(f.finished.isEmpty());
    CHECK(f.page.sizePlot()->bins().empty());
    // A missing file is refused on the page, not crashed on.
    CHECK_FALSE(f.page.openFiles({ fixture("no_such_file.csv") }));
    CHECK(f.page.statusText().contains(QStringLiteral("no_such_file.csv")));
    CHECK(f.page.statusText().contains(QStringLiteral("no such file")));
    // A FIFO or a device exists but is read once only: said so, not "no such file".
    QTemporaryDir dir;
    const QString fifo = dir.filePath(QStringLiteral("trace.fifo"));
    REQUIRE(::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0);
    for (const QString& path : { fifo, QStringLiteral("/dev/zero") }) {
        CAPTURE(path.toStdString());
        CHECK_FALSE(f.page.openFiles({ path }));
        CHECK(f.page.statusText().contains(QStringLiteral("not a regular file")));
        CHECK_FALSE(f.page.isRunning());
    }
}

TEST_CASE("TracesPage: the replay comparison fills one row per candidate", "[gui][traces]")
{
    if (!LayoutRegistry::instance().find(QStringLiteral("raid5"))) {
        WARN("raid5 plugin not installed: skipping");
        return;
    }
    PageFixture f;
    f.page.setErrorPolicy(TraceErrorPolicy::Skip);
    f.open(fixture("msr_bad.csv")); // 3 requests of 512 B near the start of the disk
    auto* replay = f.page.replayView();
    CHECK(replay->candidates() == gui::TraceReplayView::defaultCandidates());
    QString error;
    CHECK_FALSE(replay->addCandidate(QStringLiteral("raid5 disks=1"), &error));
    CHECK_FALSE(error.isEmpty());
    REQUIRE(replay->addCandidate(QStringLiteral("raid0 disks=4 chunk=8KiB"), &error));
    QSignalSpy done(replay, &gui::TraceReplayView::finished);
    REQUIRE(replay->run());
    REQUIRE(done.wait(30000));
    CHECK(replay->lastResult().ok);
    QTableWidget* table = replay->table();
    // msr_bad.csv carries latencies: each ResponseTime is 100 ticks of 100 ns = 0.01 ms, so the first
    // row is the trace as traced, mean 0.01 ms over its 3 good requests (#54 item 4).
    REQUIRE(replay->baseline());
    CHECK_THAT(replay->baseline()->meanMs, WithinAbs(0.01, 1e-12));
    REQUIRE(table->rowCount() == 5);
    CHECK(table->item(0, 0)->text().startsWith(QStringLiteral("as traced")));
    CHECK(table->item(0, gui::TraceReplayView::MeanColumn)->text() == u"0.01");
    CHECK(table->item(0, gui::TraceReplayView::RequestsColumn)->text() == u"3");
    // No measured candidate: no error columns.
    CHECK(table->isColumnHidden(gui::TraceReplayView::MeanErrorColumn));
    CHECK(table->isColumnHidden(gui::TraceReplayView::DemeritColumn));
    REQUIRE(replay->arrays().size() == 4);
    for (int i = 0; i < 4; ++i) {
        const int row = replay->rowOfCandidate(i);
        CAPTURE(row);
        CHECK(row == i + 1);
        CHECK(replay->arrays()[std::size_t(i)].error.isEmpty());
        CHECK(replay->arrays()[std::size_t(i)].result.requests == 3);
        CHECK(table->item(row, 0)->text().contains(i < 3 ? QStringLiteral("raid5") : QStringLiteral("raid0")));
        // The candidates' disks and cache, stated: the default is Shear's 9LZX without a cache.
        CHECK(table->item(row, 1)->text().startsWith(QStringLiteral("ibm-9lzx")));
        CHECK(table->item(row, 1)->toolTip().contains(QStringLiteral("9LZX")));
        CHECK(table->item(row, 1)->text().contains(QStringLiteral("no controller cache")));
        CHECK(table->item(row, gui::TraceReplayView::MeanColumn)->text().toDouble() > 0);
        // 3 requests within one 1 s window
        CHECK(table->item(row, gui::TraceReplayView::SlowColumn)->text().endsWith(QStringLiteral("of 1")));
        CHECK(table->item(row, gui::TraceReplayView::LoadColumn)->text() == u"–"); // 3 requests state no rate
    }
    CHECK(table->item(2, 0)->text().contains(QStringLiteral("chunk=32KiB")));
    // The as-traced group first, then one per candidate; the trace's mean as a line across.
    CHECK(barValues(replay->plot()->meanBars()).size() == 5);
    CHECK_THAT(barValues(replay->plot()->meanBars()).front(), WithinAbs(0.01, 1e-12));
    REQUIRE(replay->plot()->baselineLine()->visible());
    CHECK_THAT(replay->plot()->baselineLine()->point1->value(), WithinAbs(0.01, 1e-12));
    // Milliseconds only on the bar axis (#54: never counts beside them).
    CHECK(replay->plot()->yAxis->label().contains(QStringLiteral("ms")));
    CHECK_FALSE(replay->plot()->yAxis2->visible());

    SECTION("the disk model and cache apply to every candidate")
    {
        auto* disk = child<QComboBox>(*replay, "replayDiskCombo");
        auto* cache = child<QComboBox>(*replay, "replayCacheCombo");
        disk->setCurrentIndex(disk->findData(QStringLiteral("cheetah-15k")));
        REQUIRE(disk->currentIndex() >= 0);
        cache->setCurrentIndex(2); // 64 MiB write-back
        child<QPushButton>(*replay, "replayApplyDisk")->click();
        for (const QString& spec : replay->candidates()) {
            CHECK(spec.contains(QStringLiteral("disk=cheetah-15k")));
            CHECK(spec.contains(QStringLiteral("cache=64MiB")));
        }
        CHECK(gui::TraceReplayView::diskAndCacheText(replay->candidates().front()).contains(QStringLiteral("64MiB write-back cache")));
    }
    SECTION("cancel")
    {
        REQUIRE(replay->run());
        replay->cancel();
        CHECK_FALSE(replay->isRunning());
        QTest::qWait(200);
        CHECK(done.size() == 1);
    }
}

TEST_CASE("TracesPage: the main window shows it as the Traces page", "[gui][traces]")
{
    gui::MainWindow window;
    CHECK(window.page(QStringLiteral("Traces")) == window.tracesPage());
    CHECK(window.tracesPage()->objectName() == u"tracesPage");
}

TEST_CASE("TracesPage: real traces fill the views (MSR excerpt sizes counted independently)", "[gui][traces][real]")
{
    const QString msr = shared("msr_cambridge_csv/hm_0_excerpt.csv");
    REQUIRE_SHARED(msr);
    // Independent count: column 6 (Size) of every line after the header, split on commas.
    QFile file(msr);
    REQUIRE(file.open(QIODevice::ReadOnly));
    std::map<std::uint64_t, std::uint64_t> expected;
    file.readLine();
    while (!file.atEnd()) {
        const QByteArray line = file.readLine().trimmed();
        if (!line.isEmpty())
            ++expected[line.split(',').value(5).toULongLong()];
    }
    PageFixture f;
    f.open(msr);
    const auto& bins = f.page.sizePlot()->bins();
    REQUIRE(bins.size() == expected.size());
    std::size_t i = 0;
    for (const auto& [bytes, count] : expected) {
        CAPTURE(bytes);
        CHECK(bins[i].lowBytes == bytes);
        CHECK(bins[i].count == count);
        ++i;
    }
    CHECK_THAT(bins.back().cumulativePercent, WithinAbs(100, 1e-9));

    const QString blk = shared("blkparse/apress_mbpa_java_sdb_blkparse.txt");
    REQUIRE_SHARED(blk);
    f.open(blk);
    CHECK(f.page.queueDepthPlot()->method() == u"issue-complete");
    CHECK(f.page.queueDepthPlot()->subtitle().contains(QStringLiteral("issue-complete")));
    CHECK_FALSE(f.page.queueDepthPlot()->graph()->data()->isEmpty());
}

TEST_CASE("TracesPage: a trace of no known format is answered in the page's words, not the CLI's (#54 item 8)", "[gui][traces]")
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("mystery.log"));
    {
        QFile f(path);
        REQUIRE(f.open(QIODevice::WriteOnly));
        f.write("this is no trace\nnor is this\n");
    }
    PageFixture f;
    if (!f.page.openFiles({ path })) {
        CHECK_FALSE(f.page.statusText().contains(QStringLiteral("--format")));
        CHECK(f.page.statusText().contains(QStringLiteral("Format box")));
        return;
    }
    REQUIRE(f.finished.wait(10000));
    const QString said = f.page.errorText() + u' ' + f.page.statusText();
    CAPTURE(said.toStdString());
    CHECK(said.contains(QStringLiteral("unknown trace format (choose it in the Format box)")));
    CHECK_FALSE(said.contains(QStringLiteral("--format")));
}
