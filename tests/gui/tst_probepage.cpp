// SPDX-License-Identifier: GPL-3.0-or-later
// The Probe page (#4 item 6) offscreen, on the real simulator and plugins.
// The plot views are QCustomPlots and <qcustomplot.h> uses foreach, which the tests' QT_NO_FOREACH
// forbids; undefining it works only before every Qt include (STYLE.md §2), so it comes first.
#undef QT_NO_FOREACH
#include "dropfile.h"
#include "layout/layoutregistry.h"
#include "mainwindow.h"
#include "probe/boundaryplot.h"
#include "probe/pairheatmap.h"
#include "probe/patternsizeplot.h"
#include "probe/probepage.h"
#include "probe/probetargetbox.h"
#include "probe/probeverdictview.h"
#include "probe/blockdevices.h"
#include "probe/verdictstatement.h"
#include "probe/redundancyplot.h"
#include "probe/simtarget.h"
#include "widgets/jobrunner.h"
#include "widgets/layoutdiagram.h"

#include <catch2/catch.hpp>

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QLabel>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <memory>
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

// What `raidscope-cli probe --sim SPEC --json > path` writes, without the CLI: the same probe and the
// same printing (ProbeResult::toJson(), indented).
QJsonObject writeProbeJson(const QString& spec, const QString& path)
{
    QString error;
    auto target = SimTarget::create(spec, &error);
    INFO(error.toStdString());
    REQUIRE(target);
    const QJsonObject o = runShearProbe(*target, ProbeConfig {}).toJson();
    QFile f(path);
    REQUIRE(f.open(QIODevice::WriteOnly));
    f.write(QJsonDocument(o).toJson(QJsonDocument::Indented));
    return o;
}

QByteArray fileBytes(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeFile(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    REQUIRE(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

// The page draws `json` (a probe --json object) exactly: every series, the prediction, the verdict.
void requireShows(const ProbePage& page, const QJsonObject& json)
{
    REQUIRE(page.hasResult());
    const QJsonObject steps = json.value(QStringLiteral("steps")).toObject();
    const QJsonObject verdict = json.value(QStringLiteral("verdict")).toObject();
    const QJsonArray pattern = steps.value(QStringLiteral("patternSize")).toArray();
    const QJsonArray boundaries = steps.value(QStringLiteral("boundaries")).toArray();
    const QJsonArray pairs = steps.value(QStringLiteral("pairs")).toArray();
    const QJsonObject redundancy = steps.value(QStringLiteral("redundancy")).toObject();
    const QJsonArray writes = redundancy.value(QStringLiteral("writes")).toArray();
    const QJsonArray predicted = steps.value(QStringLiteral("predictedExcess")).toArray();
    REQUIRE_FALSE(pattern.isEmpty());
    REQUIRE_FALSE(boundaries.isEmpty());
    REQUIRE_FALSE(pairs.isEmpty());
    REQUIRE_FALSE(writes.isEmpty());
    CHECK(page.result()->toJson() == json);

    // One plotted point per distinct size or offset (a size tried twice is one point), and the
    // slow cluster and the boundaries as the file says.
    std::set<qint64> sizes, offsets, slowSizes, boundaryOffsets;
    for (const QJsonValue& p : pattern) {
        sizes.insert(p[QStringLiteral("patternBlocks")].toInteger());
        if (p[QStringLiteral("slow")].toBool())
            slowSizes.insert(p[QStringLiteral("patternBlocks")].toInteger());
    }
    for (const QJsonValue& b : boundaries) {
        offsets.insert(b[QStringLiteral("offsetBlocks")].toInteger());
        if (b[QStringLiteral("boundary")].toBool())
            boundaryOffsets.insert(b[QStringLiteral("offsetBlocks")].toInteger());
    }
    CHECK(page.patternPlot()->plottedPoints() == int(sizes.size()));
    CHECK(page.patternPlot()->slowPoints() == int(slowSizes.size()));
    CHECK(page.boundaryPlot()->plottedPoints() == int(offsets.size()));
    CHECK(page.boundaryPlot()->boundaryPoints() >= 1);
    CHECK(page.boundaryPlot()->boundaryPoints() <= int(boundaryOffsets.size()));
    CHECK(page.redundancyPlot()->plottedPoints() == int(writes.size()));
    CHECK(page.redundancyPlot()->ratio() == redundancy.value(QStringLiteral("readWriteRatio")).toDouble());

    // The heatmap: K x K, each measured pair on both sides, the rest tinted as the verdict predicts.
    const auto K = std::uint64_t(steps.value(QStringLiteral("patternBlocks")).toInteger()
        / steps.value(QStringLiteral("chunkBlocks")).toInteger());
    CHECK(page.pairHeatmap()->chunks() == K);
    std::set<std::pair<std::uint64_t, std::uint64_t>> measured;
    for (const QJsonValue& p : pairs) {
        const auto a = std::uint64_t(p[QStringLiteral("a")].toInteger());
        const auto b = std::uint64_t(p[QStringLiteral("b")].toInteger());
        if (a != b)
            measured.insert({ std::min(a, b), std::max(a, b) });
    }
    CHECK(page.pairHeatmap()->measuredCells() == int(2 * measured.size()));
    const QJsonValue first = pairs.first();
    CHECK_THAT(page.pairHeatmap()->cellValue(std::uint64_t(first[QStringLiteral("a")].toInteger()),
                   std::uint64_t(first[QStringLiteral("b")].toInteger())),
        Catch::Matchers::WithinAbs(std::clamp(first[QStringLiteral("ratio")].toDouble(), 0.0, 1.0), 1e-12));
    REQUIRE(predicted.size() == qsizetype(K * K));
    int tinted = 0;
    for (std::uint64_t a = 0; a < K; ++a)
        for (std::uint64_t b = a + 1; b < K; ++b)
            if (!measured.count({ a, b })) {
                CHECK(std::isnan(page.pairHeatmap()->cellValue(a, b)));
                const double excess = predicted[qsizetype(a * K + b)].toDouble();
                CHECK_THAT(page.pairHeatmap()->predictedValue(a, b),
                    Catch::Matchers::WithinAbs(std::clamp(excess, 0.0, 1.0), 1e-12));
                ++tinted;
            }
    if (measured.size() < K * (K - 1) / 2)
        CHECK(tinted > 0);

    // The verdict: scheme, spec, target, I/O counts, the layout drawn.
    const QString scheme = verdict.value(QStringLiteral("scheme")).toString();
    REQUIRE_FALSE(scheme.isEmpty());
    CHECK(page.verdictView()->schemeText().contains(scheme));
    const QString spec = verdict.value(QStringLiteral("spec")).toString();
    CHECK(page.verdictView()->headlineText().contains(spec.toHtmlEscaped()));
    CHECK(page.verdictView()->detailsText().contains(json.value(QStringLiteral("target")).toString().toHtmlEscaped()));
    CHECK(page.verdictView()->diagram()->hasLayout());
    const qint64 total = json.value(QStringLiteral("ios")).toObject().value(QStringLiteral("total")).toInteger();
    CHECK(page.verdictView()->ioText().contains(QLocale::system().toString(total)));
    for (const QJsonValue& finding : verdict.value(QStringLiteral("findings")).toArray())
        CHECK(page.verdictView()->findingsText().contains(finding[QStringLiteral("text")].toString().toHtmlEscaped()));
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

    // The verdict panel shows the result's scheme and the layout it names; or, where layouts read
    // alike (#54: with writes, RAID 10 far of 4 x 4 and RAID 6 continuous of 4 write within the
    // ratio's noise of this RAID 5), the class, the simulated layout among it, none of it drawn.
    REQUIRE_FALSE(r.verdict.scheme.isEmpty());
    const VerdictStatement statement = verdictStatement(r);
    if (statement.kind == VerdictStatement::Kind::Class) {
        CHECK(page.verdictView()->headlineText().contains(
            QStringLiteral("One of %1 layouts that read alike").arg(statement.members.size())));
        CHECK(std::any_of(statement.members.begin(), statement.members.end(), [](const LayoutClassMember& m) {
            return m.spec == u"raid5 layout=left-symmetric disks=4 chunk=16KiB";
        }));
        CHECK_FALSE(page.verdictView()->diagram()->hasLayout());
    } else {
        CHECK(page.verdictView()->schemeText().contains(r.verdict.scheme));
        CHECK(page.verdictView()->headlineText().contains(r.verdict.spec.toHtmlEscaped()));
        CHECK(page.verdictView()->diagram()->hasLayout());
    }
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

TEST_CASE("ProbePage: writes allowed on a read-only (0444) file are warned of", "[gui][probe]")
{
    // Root opens a 0444 file read-write all the same; the note says so before the probe runs.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("ro.img"));
    QFile f(path);
    REQUIRE(f.open(QIODevice::WriteOnly));
    f.close();
    REQUIRE(QFile::setPermissions(path, QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther));
    ProbePage page;
    page.setDevicePath(path);
    ProbeTargetBox* box = page.targetBox();
    auto* note = box->findChild<QLabel*>(QStringLiteral("deviceNote"));
    REQUIRE(note);
    CHECK_FALSE(note->text().contains(QStringLiteral("Warning")));
    box->setAllowWrites(true);
    CHECK(note->text().contains(QStringLiteral("is read-only (mode 0444), but root writes to it anyway")));
    REQUIRE(QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner));
    box->setAllowWrites(true); // the mode is read anew
    CHECK_FALSE(note->text().contains(QStringLiteral("Warning")));
}

TEST_CASE("ProbePage: a saved probe result opens as if it had just run", "[gui][probe]")
{
    if (!haveScheme("raid5"))
        return;
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("md0.json"));
    const QJsonObject json = writeProbeJson(QStringLiteral("raid5 layout=la disks=4 chunk=16KiB"), path);
    REQUIRE(json.value(QStringLiteral("verdict")).toObject().value(QStringLiteral("identified")).toBool());

    ProbePage page;
    page.resize(1500, 950);
    page.show();
    QSignalSpy opened(&page, &ProbePage::resultOpened);
    QString error;
    REQUIRE(page.openResultJson(path, &error));
    CHECK(error.isEmpty());
    CHECK(opened.size() == 1);
    CHECK(page.openedFile() == path);
    CHECK(page.statusText().contains(QStringLiteral("md0.json")));
    CHECK(page.stepText() == page.tr("opened"));
    CHECK(page.runner()->startedJobs() == 0); // nothing probed: shown from the file
    // A simulated target is in the Target box, as after a run, ready to probe again.
    CHECK(page.targetBox()->isSimulated());
    CHECK(page.targetBox()->simSpec().contains(QStringLiteral("chunk=16KiB")));
    QTest::qWait(3 * gui::LivePlot::kReplotIntervalMs);
    requireShows(page, json);

    SECTION("saving writes the file that was opened, byte for byte")
    {
        const QString again = dir.filePath(QStringLiteral("again.json"));
        REQUIRE(page.saveResultJson(again, &error));
        CHECK(fileBytes(again) == fileBytes(path));
        REQUIRE(page.saveResultJson(again, &error)); // over an existing file, atomically
        CHECK(fileBytes(again) == fileBytes(path));
        CHECK(QDir(dir.path()).entryList(QDir::Files).size() == 2); // no temporary file left behind
        CHECK_FALSE(page.saveResultJson(dir.filePath(QStringLiteral("no/such/dir/x.json")), &error));
        CHECK_FALSE(error.isEmpty());
    }
    SECTION("a bad file says which file and which field, and the result shown stays")
    {
        const QString bad = dir.filePath(QStringLiteral("bad.json"));
        QJsonObject broken = json;
        QJsonObject steps = broken.value(QStringLiteral("steps")).toObject();
        QJsonArray pairs = steps.value(QStringLiteral("pairs")).toArray();
        QJsonObject pair = pairs.first().toObject();
        pair.insert(QStringLiteral("ratio"), QStringLiteral("high"));
        pairs[0] = pair;
        steps.insert(QStringLiteral("pairs"), pairs);
        broken.insert(QStringLiteral("steps"), steps);
        writeFile(bad, QJsonDocument(broken).toJson());
        CHECK_FALSE(page.openResultJson(bad, &error));
        CHECK(error.contains(QStringLiteral("bad.json")));
        CHECK(error.contains(QStringLiteral("steps.pairs[0].ratio")));
        CHECK(page.statusText() == error);

        writeFile(bad, "{ \"format\": \"raidscope-probe\", \"version\": 1, ");
        CHECK_FALSE(page.openResultJson(bad, &error));
        CHECK(error.contains(QStringLiteral("bad.json")));
        CHECK(error.contains(QStringLiteral("not JSON")));
        writeFile(bad, "[1, 2]");
        CHECK_FALSE(page.openResultJson(bad, &error));
        CHECK(error.contains(QStringLiteral("not a probe result")));
        CHECK_FALSE(page.openResultJson(dir.filePath(QStringLiteral("missing.json")), &error));
        CHECK(error.contains(QStringLiteral("missing.json")));
        writeFile(bad, "{}");
        dropFile(&page, bad);
        CHECK(page.statusText().contains(QStringLiteral("bad.json: format: missing")));

        CHECK(opened.size() == 1);
        CHECK(page.openedFile() == path);
        QTest::qWait(3 * gui::LivePlot::kReplotIntervalMs);
        requireShows(page, json);
    }
    SECTION("a running probe is not replaced by a file")
    {
        REQUIRE(page.setSimSpec(QStringLiteral("raid5 layout=la disks=6 chunk=8KiB")));
        page.setPaceMs(300);
        REQUIRE(page.run());
        CHECK_FALSE(page.openResultJson(path, &error));
        CHECK(error.contains(QStringLiteral("running")));
        CHECK(page.isRunning());
        page.cancel();
    }
}

TEST_CASE("ProbePage: a probe result dropped on the page or the window opens", "[gui][probe]")
{
    if (!haveScheme("raid5"))
        return;
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("result.json"));
    const QJsonObject json = writeProbeJson(QStringLiteral("raid5 layout=la disks=4 chunk=16KiB"), path);

    SECTION("on the Probe page")
    {
        ProbePage page;
        page.resize(1500, 950);
        page.show();
        REQUIRE(dropFile(&page, path));
        CHECK(page.openedFile() == path);
        QTest::qWait(3 * gui::LivePlot::kReplotIntervalMs);
        requireShows(page, json);

        // Something that is not a probe result is refused in the status line; the result stays.
        const QString notes = dir.filePath(QStringLiteral("notes.txt"));
        writeFile(notes, "not a probe");
        dropFile(&page, notes);
        CHECK(page.statusText().contains(QStringLiteral("notes.txt")));
        CHECK(page.openedFile() == path);
        requireShows(page, json);
    }
    SECTION("on the window, with another page shown: the Probe page comes up with it")
    {
        gui::MainWindow window;
        window.show();
        REQUIRE(window.setCurrentPage(QStringLiteral("Array")));
        // File > Open Spec / Open Probe Result (Ctrl+Alt+O; Ctrl+O opens a workspace) opens a spec
        // here and a probe result on the Probe page.
        auto* openSpec = window.findChild<QAction*>(QStringLiteral("openSpecAction"));
        auto* openProbe = window.findChild<QAction*>(QStringLiteral("openProbeResultAction"));
        REQUIRE(openSpec);
        REQUIRE(openProbe);
        CHECK(openSpec->shortcut() == gui::MainWindow::kOpenPageFile);
        CHECK(openProbe->shortcut().isEmpty());

        REQUIRE(dropFile(&window, path));
        CHECK(window.currentPageName() == u"Probe");
        CHECK(window.probePage()->openedFile() == path);
        CHECK(openProbe->shortcut() == gui::MainWindow::kOpenPageFile);
        CHECK(openSpec->shortcut().isEmpty());
        QTest::qWait(3 * gui::LivePlot::kReplotIntervalMs);
        requireShows(*window.probePage(), json);

        // Only .json files are taken by the window: a trace or a spec dropped elsewhere is not hijacked.
        const QString trace = dir.filePath(QStringLiteral("trace.csv"));
        writeFile(trace, "0,R,0,4096\n");
        window.setCurrentPage(QStringLiteral("Array"));
        CHECK_FALSE(dropFile(&window, trace));
        CHECK(window.currentPageName() == u"Array");
    }
}

TEST_CASE("ProbePage: the boundary plot's subtitle sums up alike runs between boundaries", "[gui][probe]")
{
    // The rig's offset RAID 10 of 8 at 128 KiB (named far): eight runs of 32 blocks (4 KiB) listed one by one ran
    // past both edges of the plot; alike, they are counted once.
    ProbeResult r;
    r.blockBytes = 4096;
    r.patternBlocks = 256;
    r.chunkBlocks = 32;
    r.chunkRunsBlocks = std::vector<std::uint64_t>(8, 32);
    for (std::uint64_t c = 16; c <= 256; c += 16)
        r.boundaries.push_back({ c, c % 32 == 0 ? 700.0 : 1400.0, c % 32 == 0 });
    raidscope::gui::BoundaryPlot plot;
    plot.setResult(r);
    CHECK(plot.subtitle() == QStringLiteral("chunk 128 KiB · 8 runs of 128 KiB between boundaries"));
    // Uneven runs are listed, the first six and an ellipsis.
    r.chunkRunsBlocks = { 32, 16, 16, 32, 32, 32, 32, 32 };
    plot.setResult(r);
    CHECK(plot.subtitle() == QStringLiteral("chunk 128 KiB · runs between boundaries: 128, 64, 64, 128, 128, 128, … KiB"));
}

TEST_CASE("ProbePage: the model engine is chosen on the page, runs, and is kept in the workspace", "[gui][probe]")
{
    if (!haveScheme("raid0"))
        return;
    ProbePage page;
    page.resize(1500, 950);
    CHECK(page.engine() == u"rules"); // the default
    CHECK_FALSE(page.setEngine(QStringLiteral("oracle")));
    CHECK(page.engine() == u"rules");
    REQUIRE(page.setEngine(QStringLiteral("model")));
    REQUIRE(page.setSimSpec(QStringLiteral("raid0 disks=4 chunk=16KiB")));
    page.setPaceMs(0);
    QSignalSpy finished(&page, &ProbePage::probeFinished);
    REQUIRE(page.run());
    REQUIRE(finished.wait(120000));
    REQUIRE(page.hasResult());
    const ProbeResult& r = *page.result();
    REQUIRE(r.error.isEmpty());
    // The model's verdict: four disks of 16 KiB chunks striped (4 KiB blocks: 16 blocks a pattern).
    CHECK(r.verdict.scheme == u"raid0");
    CHECK(r.verdict.disks == 4);
    CHECK(r.verdict.chunkBytes == 16 * 1024);
    // Its pair points are chunks of the pattern, never block offsets.
    for (const PairPoint& p : r.pairs) {
        CHECK(p.a < 4);
        CHECK(p.b < 4);
    }
    CHECK(page.saveState().engine == u"model");
    WorkspaceProbe state = page.saveState();
    state.engine = QStringLiteral("rules");
    state.result.reset();
    QString error;
    REQUIRE(page.restoreState(state, &error));
    CHECK(page.engine() == u"rules");
}

TEST_CASE("ProbePage: a class of look-alike layouts is stated as a class, none of it drawn (#54)", "[gui][probe][verdict]")
{
    if (!haveScheme("raid4") || !haveScheme("raid5") || !haveScheme("raid10"))
        return;
    // The guide's md sample: its verdict names raid4 parity-last of 6 among ten equivalents; by hand
    // (md's policies folded in) 8 layouts, md's default RAID 5 left-symmetric of 5 first.
    const QString sample = QStringLiteral(RAIDSCOPE_TEST_DATA "/../../docs/guide/samples/md-raid5-slow-member.json");
    ProbePage page;
    page.resize(1500, 950);
    page.show();
    QString error;
    REQUIRE(page.openResultJson(sample, &error));
    const gui::ProbeVerdictView* view = page.verdictView();
    CHECK(view->headlineText().contains(QStringLiteral("One of 8 layouts that read alike: RAID 5 left-symmetric of 5, RAID 10 far "
                                                       "of 5 (4 copies), RAID 10 offset of 5 (4 copies), …")));
    CHECK_FALSE(view->headlineText().contains(QStringLiteral("Identified")));
    CHECK(view->statementText().contains(QStringLiteral("100 % confident that the array is one of them")));
    CHECK(view->statementText().contains(QStringLiteral("once disk 2 runs as fast as the others")));
    // Every member listed, in the prior's order; raid4 parity-last (the probe's own pick) sixth.
    const QString details = view->detailsText();
    const qsizetype raid5 = details.indexOf(QStringLiteral("1. RAID 5 left-symmetric of 5"));
    const qsizetype raid4 = details.indexOf(QStringLiteral("6. RAID 4 parity-last of 6"));
    CHECK(raid5 >= 0);
    CHECK(raid4 > raid5);
    CHECK(details.contains(QStringLiteral("8. RAID 6 continuous of 5")));
    CHECK_FALSE(details.contains(QStringLiteral(">Scheme<")));
    CHECK_FALSE(view->diagram()->hasLayout()); // a drawing of one of them would name it
    CHECK(view->schemeText().isEmpty());
    CHECK_FALSE(view->offersWriteTest()); // writes were timed: the offer is for read-only probes

    SECTION("read-only, the write test is offered and asks before writing")
    {
        QFile f(sample);
        REQUIRE(f.open(QIODevice::ReadOnly));
        QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
        QJsonObject steps = o.value(QStringLiteral("steps")).toObject();
        QJsonObject redundancy = steps.value(QStringLiteral("redundancy")).toObject();
        redundancy.insert(QStringLiteral("writes"), QJsonArray());
        redundancy.insert(QStringLiteral("readWriteRatio"), 0);
        redundancy.insert(QStringLiteral("measuredReadWriteRatio"), 0);
        steps.insert(QStringLiteral("redundancy"), redundancy);
        o.insert(QStringLiteral("steps"), steps);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("readonly.json"));
        writeFile(path, QJsonDocument(o).toJson());
        REQUIRE(page.openResultJson(path, &error));
        CHECK(view->statementText().contains(QStringLiteral("a write test (safe writes: each puts back the bytes just read)")));
        REQUIRE(view->offersWriteTest());
        auto* offer = view->findChild<QPushButton*>(QStringLiteral("writeTestOffer"));
        REQUIRE(offer);
        offer->click();
        CHECK_FALSE(page.targetBox()->isSimulated());
        QMessageBox* dialog = page.targetBox()->pendingWriteDialog();
        REQUIRE(dialog);
        CHECK_FALSE(page.targetBox()->allowWrites()); // not before the user says yes
        dialog->reject();
        QTest::qWait(10);
        CHECK_FALSE(page.targetBox()->allowWrites());
    }
}

TEST_CASE("ProbePage: a probe without a pattern says what the reads looked like and draws no layout (#54)", "[gui][probe][verdict]")
{
    // A result as a fast device leaves it: no pattern, 0.05 ms a read; a closest candidate that must not be drawn.
    ProbeResult r;
    r.target = QStringLiteral("/dev/nvme0n1 (block device)");
    r.blockBytes = 4096;
    r.calibration.readsPerTest = 32;
    r.serialMs = 32 * 0.05;
    r.calibration.spreadMs = 1.5;
    r.pattern = { { 8, 1.6, true }, { 16, 1.5, false }, { 32, 1.6, true } };
    r.verdict.scheme = QStringLiteral("raid0");
    r.verdict.disks = 2;
    r.verdict.spec = QStringLiteral("raid0 disks=2 chunk=4KiB");
    r.verdict.layoutSpec = r.verdict.spec;
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("fast.json"));
    writeFile(path, QJsonDocument(r.toJson()).toJson());
    ProbePage page;
    page.resize(1500, 950);
    page.show();
    QString error;
    REQUIRE(page.openResultJson(path, &error));
    QTest::qWait(3 * gui::LivePlot::kReplotIntervalMs);
    const gui::ProbeVerdictView* view = page.verdictView();
    CHECK(view->headlineText().contains(QStringLiteral("No pattern found: no layout is named.")));
    CHECK(view->statementText().contains(QStringLiteral("reads this fast are a cache or a single fast device")));
    CHECK_FALSE(view->detailsText().contains(QStringLiteral("raid0")));
    CHECK_FALSE(view->diagram()->hasLayout());
    // Slow flags without a pattern draw no ring; the boundary plot does not wait for what will not come.
    CHECK(page.patternPlot()->plottedPoints() == 3);
    CHECK(page.patternPlot()->slowPoints() == 0);
    CHECK(page.boundaryPlot()->plottedPoints() == 0);
}

TEST_CASE("ProbePage: the live boundary plot marks boundaries only once the step has decided (#54)", "[gui][probe][verdict]")
{
    gui::BoundaryPlot plot;
    // Measured points arrive flagged or not: nothing is marked while the step measures.
    plot.append({ { 1, 100, true }, { 2, 100, true }, { 4, 50, true }, { 8, 100, false } }, 4096);
    CHECK(plot.plottedPoints() == 4);
    CHECK(plot.boundaryPoints() == 0);
    CHECK_FALSE(plot.decided());
    // The step decides: offset 4 (16 KiB) is the one boundary.
    plot.markDecided({ 4 }, 4096);
    CHECK(plot.decided());
    CHECK(plot.boundaryPoints() == 1);
}

TEST_CASE("ProbeTargetBox: the block device chooser and Force, which asks naming what is mounted (#54 item 8)", "[gui][probe][devices]")
{
    ProbeTargetBox box;
    box.show();
    BlockDeviceInfo sda;
    sda.name = QStringLiteral("sda");
    sda.path = QStringLiteral("/dev/sda");
    sda.sizeBytes = 976773168ull * 512; // 465.8 GiB
    sda.model = QStringLiteral("ST3500630NS");
    sda.rotational = true;
    sda.mounts = { QStringLiteral("sda1 on /boot") };
    BlockDeviceInfo md;
    md.name = QStringLiteral("md0");
    md.path = QStringLiteral("/dev/md0");
    md.sizeBytes = 1040384ull * 512; // 508 MiB
    md.model = QStringLiteral("md raid5");
    box.setDevices({ md, sda });
    auto* combo = box.findChild<QComboBox*>(QStringLiteral("blockDeviceCombo"));
    REQUIRE(combo);
    REQUIRE(combo->count() == 3); // the prompt and the two
    CHECK(combo->itemText(1) == u"md0 · 508 MiB · md raid5 · not spinning");
    CHECK(combo->itemText(2) == u"sda · 465.8 GiB · ST3500630NS · spinning · in use: sda1 is mounted on /boot");
    box.setSimulated(false);
    combo->setCurrentIndex(2);
    Q_EMIT combo->activated(2);
    CHECK(box.devicePath() == u"/dev/sda");

    // Force asks first; its default keeps the refusal, and the text names what is in use.
    QPushButton* force = nullptr;
    std::unique_ptr<QMessageBox> dialog(
        ProbeTargetBox::createForceDialog(nullptr, sda.path, QStringLiteral("/dev/sda has partition sda1 mounted on /boot"), &force));
    CHECK(dialog->text().contains(QStringLiteral("sda1 mounted on /boot")));
    REQUIRE(force);
    CHECK(dialog->defaultButton() != force);
    CHECK(dialog->escapeButton() != force);

    auto* check = box.findChild<QCheckBox*>(QStringLiteral("forceCheck"));
    REQUIRE(check);
    check->click();
    REQUIRE(box.pendingForceDialog());
    CHECK_FALSE(box.force()); // not before the user says yes
    QPushButton* yes = box.pendingForceDialog()->findChild<QPushButton*>(QStringLiteral("forceButton"));
    REQUIRE(yes);
    yes->click();
    REQUIRE(QTest::qWaitFor([&] { return box.pendingForceDialog() == nullptr; }, 2000));
    CHECK(box.force());
    // Another device typed: Force was for the one confirmed.
    box.setDevicePath(QStringLiteral("/dev/md0"));
    CHECK_FALSE(box.force());

    // On this machine, a device in use (if any) is named by the dialog Force opens for it.
    for (const BlockDeviceInfo& d : listBlockDevices()) {
        if (!d.inUse() || d.mounts.isEmpty())
            continue;
        box.setDevicePath(d.path);
        check->click();
        REQUIRE(box.pendingForceDialog());
        // "vda on /": the dialog says where it is mounted.
        const QString point = d.mounts.front().section(QStringLiteral(" on "), 1);
        CAPTURE(d.path.toStdString(), box.pendingForceDialog()->text().toStdString());
        CHECK(box.pendingForceDialog()->text().contains(QStringLiteral("mounted on ") + point));
        box.pendingForceDialog()->reject();
        CHECK(QTest::qWaitFor([&] { return box.pendingForceDialog() == nullptr; }, 2000));
        CHECK_FALSE(box.force());
        break;
    }
}
