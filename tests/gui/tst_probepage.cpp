// SPDX-License-Identifier: GPL-3.0-or-later
// The Probe page (#4 item 6) offscreen, on the real simulator and plugins.
// The plot views are QCustomPlots and <qcustomplot.h> uses foreach, which the tests' QT_NO_FOREACH
// forbids; undefining it works only before every Qt include (STYLE.md §2), so it comes first.
#undef QT_NO_FOREACH
#include "boundaryplot.h"
#include "jobrunner.h"
#include "layout/layoutregistry.h"
#include "layoutdiagram.h"
#include "pairheatmap.h"
#include "patternsizeplot.h"
#include "probepage.h"
#include "probetargetbox.h"
#include "probeverdictview.h"
#include "redundancyplot.h"

#include <catch2/catch.hpp>

#include <QCheckBox>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <set>

using namespace raidscope;
using raidscope::gui::ProbePage;
using raidscope::gui::ProbeTargetBox;

namespace {

bool haveScheme(const char* id)
{
    if (LayoutRegistry::instance().find(QString::fromLatin1(id)))
        return true;
    WARN(id << " plugin not installed: skipping this part");
    return false;
}

} // namespace

TEST_CASE("ProbePage: a probe of a small simulated array fills the plots as it runs and shows the verdict",
    "[gui][probe]")
{
    if (!haveScheme("raid5"))
        return;
    ProbePage page;
    page.resize(1500, 950);
    page.show();
    REQUIRE(page.setSimSpec(QStringLiteral("raid5 layout=ls disks=4 chunk=16KiB")));
    page.setPaceMs(0);

    // Points must reach the plots while the probe still runs, not only with the result.
    int liveWhileRunning = 0;
    QObject::connect(&page, &ProbePage::snapshotShown, &page, [&] {
        if (page.isRunning())
            liveWhileRunning = std::max(liveWhileRunning,
                page.patternPlot()->receivedPoints() + page.boundaryPlot()->receivedPoints()
                    + page.pairHeatmap()->receivedPairs() + page.redundancyPlot()->receivedPoints());
    });
    QSignalSpy finished(&page, &ProbePage::probeFinished);
    QElapsedTimer timer;
    timer.start();
    REQUIRE(page.run());
    CHECK(page.isRunning());
    REQUIRE(finished.wait(120000));
    QTest::qWait(3 * gui::LivePlot::kReplotIntervalMs); // the last scheduled replots
    const qint64 elapsedMs = timer.elapsed();
    CHECK_FALSE(page.isRunning());
    REQUIRE(page.hasResult());
    const ProbeResult& r = *page.result();
    REQUIRE(r.error.isEmpty());
    CHECK(page.snapshotCount() >= 2);
    CHECK(liveWhileRunning > 0);

    // Every point of every series arrived through the snapshots (the result is the second count).
    CHECK(page.patternPlot()->receivedPoints() == int(r.pattern.size()));
    CHECK(page.boundaryPlot()->receivedPoints() == int(r.boundaries.size()));
    CHECK(page.pairHeatmap()->receivedPairs() == int(r.pairs.size()));
    CHECK(page.redundancyPlot()->receivedPoints() == int(r.writes.size()));
    CHECK_FALSE(r.pattern.empty());
    CHECK_FALSE(r.boundaries.empty());
    CHECK_FALSE(r.pairs.empty());
    CHECK_FALSE(r.writes.empty()); // a simulated target is writable: redundancy is measured

    // What is drawn: one plotted point per distinct key; the slow cluster and boundaries as decided.
    std::set<std::uint64_t> sizes, offsets;
    int slow = 0, boundaries = 0;
    for (const auto& p : r.pattern) {
        sizes.insert(p.patternBlocks);
        slow += p.slow;
    }
    for (const auto& b : r.boundaries) {
        offsets.insert(b.offsetBlocks);
        boundaries += b.boundary;
    }
    CHECK(page.patternPlot()->plottedPoints() == int(sizes.size()));
    CHECK(page.patternPlot()->slowPoints() >= 1);
    CHECK(page.patternPlot()->slowPoints() <= slow);
    CHECK(page.boundaryPlot()->plottedPoints() == int(offsets.size()));
    CHECK(page.boundaryPlot()->boundaryPoints() >= 1);
    CHECK(page.boundaryPlot()->boundaryPoints() <= boundaries);

    // The heatmap: K x K for the pattern's K chunks, each measured pair on both sides of the
    // diagonal with its ratio, the rest unmeasured (NaN, drawn in the "not measured" colour).
    REQUIRE(r.chunkBlocks > 0);
    const std::uint64_t K = r.patternBlocks / r.chunkBlocks;
    CHECK(page.pairHeatmap()->chunks() == K);
    std::set<std::pair<std::uint64_t, std::uint64_t>> pairs;
    for (const auto& p : r.pairs)
        if (p.a != p.b)
            pairs.insert({ std::min(p.a, p.b), std::max(p.a, p.b) });
    CHECK(page.pairHeatmap()->measuredCells() == int(2 * pairs.size()));
    const auto& first = r.pairs.front();
    CHECK_THAT(page.pairHeatmap()->cellValue(first.a, first.b),
        Catch::Matchers::WithinAbs(std::clamp(first.ratio, 0.0, 1.0), 1e-12));
    CHECK(page.pairHeatmap()->cellValue(first.a, first.b) == page.pairHeatmap()->cellValue(first.b, first.a));
    CHECK(page.pairHeatmap()->cellValue(0, 0) == 1.0);
    if (pairs.size() < K * (K - 1) / 2) {
        bool sawUnmeasured = false;
        for (std::uint64_t a = 0; a < K && !sawUnmeasured; ++a)
            for (std::uint64_t b = a + 1; b < K; ++b)
                if (!pairs.count({ a, b })) {
                    CHECK(std::isnan(page.pairHeatmap()->cellValue(a, b)));
                    // Drawn underneath in the blue tint: the identified layout's prediction.
                    REQUIRE(r.predictedExcess.size() == K * K);
                    CHECK_THAT(page.pairHeatmap()->predictedValue(a, b),
                        Catch::Matchers::WithinAbs(std::clamp(r.predictedExcess[a * K + b], 0.0, 1.0), 1e-12));
                    sawUnmeasured = true;
                    break;
                }
        CHECK(sawUnmeasured);
    }
    // Unmeasured cells of the measured layer are transparent; before a verdict the layer beneath is
    // blue-grey.
    CHECK(page.pairHeatmap()->colorMap()->gradient().nanHandling() == QCPColorGradient::nhTransparent);
    CHECK(page.pairHeatmap()->predictedMap()->gradient().nanColor() == gui::PairHeatmap::unmeasuredColor());
    CHECK(page.redundancyPlot()->ratio() == r.readWriteRatio);

    // The verdict panel shows the result's scheme, and the layout it names.
    REQUIRE_FALSE(r.verdict.scheme.isEmpty());
    CHECK(page.verdictView()->schemeText().contains(r.verdict.scheme));
    CHECK(page.verdictView()->headlineText().contains(r.verdict.spec.toHtmlEscaped()));
    CHECK(page.verdictView()->diagram()->hasLayout());
    CHECK(page.verdictView()->ioText().contains(QStringLiteral("Shear")));
    // The simulator is the ground truth here: the probe's own tests check it on every layout.
    CHECK(r.verdict.scheme == u"raid5");
    CHECK(page.stepText() == page.tr("done"));

    // Drawn at a bounded rate: one draw per replot interval at most (plus the first and the last).
    for (gui::LivePlot* plot : std::initializer_list<gui::LivePlot*> {
             page.patternPlot(), page.boundaryPlot(), page.pairHeatmap(), page.redundancyPlot() }) {
        CHECK(plot->replotCount() >= 1);
        CHECK(plot->replotCount() <= elapsedMs / gui::LivePlot::kReplotIntervalMs + 2);
    }

    SECTION("the result saves as the CLI's probe JSON")
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("probe.json"));
        QString error;
        REQUIRE(page.saveResultJson(path, &error));
        QFile f(path);
        REQUIRE(f.open(QIODevice::ReadOnly));
        const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
        CHECK(o.value(QStringLiteral("verdict")).toObject().value(QStringLiteral("scheme")).toString() == u"raid5");
        CHECK(o.contains(QStringLiteral("ios")));
        CHECK(o.contains(QStringLiteral("steps")));
    }
}

TEST_CASE("ProbePage: Cancel stops a paced probe promptly and nothing arrives after it", "[gui][probe]")
{
    if (!haveScheme("raid5"))
        return;
    ProbePage page;
    page.show();
    REQUIRE(page.setSimSpec(QStringLiteral("raid5 layout=la disks=6 chunk=8KiB")));
    page.setPaceMs(300);
    QSignalSpy finished(&page, &ProbePage::probeFinished);
    QSignalSpy shown(&page, &ProbePage::snapshotShown);
    REQUIRE(page.run());
    REQUIRE(shown.wait(10000));
    REQUIRE(page.isRunning());

    QElapsedTimer timer;
    timer.start();
    page.cancel();
    const qint64 cancelMs = timer.elapsed();
    CHECK(cancelMs < 250); // one pace slice (5 ms) or one simulated batch, not a 300 ms pace
    CHECK_FALSE(page.isRunning());
    CHECK(page.statusText().contains(QStringLiteral("Cancelled")));
    const int snapshots = page.snapshotCount();
    QTest::qWait(400);
    CHECK(page.snapshotCount() == snapshots);
    CHECK(finished.isEmpty());
    CHECK_FALSE(page.hasResult());

    SECTION("the pace can be changed while it runs, and a new run starts cleanly")
    {
        page.setPaceMs(0);
        REQUIRE(page.run());
        CHECK(page.patternPlot()->receivedPoints() == 0);
        page.cancel();
        CHECK_FALSE(page.isRunning());
    }
}

TEST_CASE("ProbePage: a device path that does not exist shows an error and does not start", "[gui][probe]")
{
    ProbePage page;
    page.show();
    const QString path = QStringLiteral("/nonexistent/raidscope-no-such-device");
    page.setDevicePath(path);
    QSignalSpy running(&page, &ProbePage::runningChanged);
    CHECK_FALSE(page.run());
    CHECK_FALSE(page.isRunning());
    CHECK(page.runner()->startedJobs() == 0);
    CHECK(running.isEmpty());
    CHECK(page.statusText().startsWith(QStringLiteral("Cannot start")));
    CHECK(page.statusText().contains(path));
    CHECK_FALSE(page.hasResult());

    SECTION("an empty path is refused too")
    {
        page.setDevicePath(QString());
        CHECK_FALSE(page.run());
        CHECK(page.runner()->startedJobs() == 0);
    }
}

TEST_CASE("ProbePage: allowing writes asks first, and the dialog defaults to read-only", "[gui][probe]")
{
    SECTION("the dialog's default and escape buttons keep the device read-only")
    {
        QPushButton* allow = nullptr;
        std::unique_ptr<QMessageBox> dialog(ProbeTargetBox::createWriteDialog(nullptr, &allow));
        REQUIRE(allow);
        REQUIRE(dialog->defaultButton());
        CHECK(dialog->defaultButton() != allow);
        CHECK(dialog->defaultButton()->objectName() == u"keepReadOnlyButton");
        CHECK(dialog->escapeButton() == dialog->defaultButton());
    }

    ProbePage page;
    page.show();
    page.setDevicePath(QStringLiteral("/tmp/raidscope-probe-test-file"));
    ProbeTargetBox* box = page.targetBox();
    auto* check = box->findChild<QCheckBox*>(QStringLiteral("allowWritesCheck"));
    REQUIRE(check);
    CHECK_FALSE(box->allowWrites());
    check->click();
    QMessageBox* dialog = box->pendingWriteDialog();
    REQUIRE(dialog);
    CHECK(dialog->isVisible());
    CHECK_FALSE(check->isChecked()); // not until the user says yes
    CHECK_FALSE(box->allowWrites());

    SECTION("Enter keeps it read-only")
    {
        QTest::keyClick(dialog, Qt::Key_Return);
        QTest::qWait(10);
        CHECK_FALSE(box->pendingWriteDialog());
        CHECK_FALSE(box->allowWrites());
        CHECK_FALSE(check->isChecked());
    }
    SECTION("Escape keeps it read-only")
    {
        QTest::keyClick(dialog, Qt::Key_Escape);
        QTest::qWait(10);
        CHECK_FALSE(box->pendingWriteDialog());
        CHECK_FALSE(box->allowWrites());
    }
    SECTION("only the explicit button allows writes")
    {
        auto* allow = dialog->findChild<QPushButton*>(QStringLiteral("allowWritesButton"));
        REQUIRE(allow);
        allow->click();
        QTest::qWait(10);
        CHECK(box->allowWrites());
        CHECK(check->isChecked());
        check->click(); // unticking needs no confirmation
        CHECK_FALSE(box->allowWrites());
    }
}
