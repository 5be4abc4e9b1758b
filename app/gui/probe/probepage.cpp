// SPDX-License-Identifier: GPL-3.0-or-later
#include "probepage.h"
#include "widgets/workspacedrop.h"

#include "io/inputfile.h"
#include "io/outputfile.h"
#include "probe/boundaryplot.h"
#include "layout/layoutregistry.h"
#include "probe/devicetarget.h"
#include "probe/model/modelprobe.h"
#include "probe/pacedtarget.h"
#include "probe/pairheatmap.h"
#include "probe/patternsizeplot.h"
#include "probe/probetargetbox.h"
#include "probe/probeverdictview.h"
#include "probe/redundancyplot.h"
#include "probe/simtarget.h"
#include "probe/verdictstatement.h"
#include "widgets/jobbar.h"
#include "widgets/shortcuts.h"
#include "widgets/jobrunner.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QGroupBox>
#include <QJsonDocument>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QStyle>
#include <QVBoxLayout>

#include "widgets/flowlayout.h"
#include "widgets/reflowsplitter.h"

#include <algorithm>

namespace raidscope::gui {

ProbePage::ProbePage(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("probePage"));
    m_runner = new JobRunner(this);

    m_target = new ProbeTargetBox;
    auto* targetGroup = new QGroupBox(tr("Target"));
    auto* targetLayout = new QVBoxLayout(targetGroup);
    targetLayout->setContentsMargins(8, 4, 8, 6);
    targetLayout->addWidget(m_target);

    // The run bar.
    m_runButton = new QPushButton(style()->standardIcon(QStyle::SP_MediaPlay), tr("&Run Probe"));
    m_runButton->setObjectName(QStringLiteral("runProbeButton"));
    m_runButton->setToolTip(tr("Probe the target as Shear does: pattern size, boundaries, pairwise layout, "
                               "redundancy, then identification"));
    setButtonShortcut(m_runButton, keys::run());
    m_openButton = new QPushButton(style()->standardIcon(QStyle::SP_DialogOpenButton), tr("Ope&n Result…"));
    m_openButton->setObjectName(QStringLiteral("openProbeButton"));
    m_openButton->setToolTip(tr("Show a saved probe result: this page's JSON or raidscope-cli probe --json "
                                "output (a .json file dropped on the page opens too)"));
    m_allPairs = new QCheckBox(tr("Every chun&k pair (as Shear)"));
    m_allPairs->setObjectName(QStringLiteral("allPairsCheck"));
    m_allPairs->setToolTip(tr("Time all K(K-1)/2 pairs of the pattern's chunks, as Shear did, for the whole map; "
                              "otherwise only the pairs that tell the candidate layouts apart"));
    m_engine = new QComboBox;
    m_engine->setObjectName(QStringLiteral("probeEngineCombo"));
    m_engine->addItem(tr("Rules"), QStringLiteral("rules"));
    m_engine->addItem(tr("Model"), QStringLiteral("model"));
    m_engine->setToolTip(tr("Which probe decides. Rules: the rule-based probe, the default. Model: one explicit inference "
                            "over layouts and member kinds (slow members, reordering disks, SSDs, a write-back cache); "
                            "it names no request ceiling or burst credit yet, and is not the default"));
    m_jobBar = new JobBar(m_runner);
    m_jobBar->setObjectName(QStringLiteral("probeJobBar"));
    m_jobBar->addStartWidget(m_runButton);
    m_jobBar->addStartWidget(m_allPairs);
    m_jobBar->addStartWidget(m_engine);
    m_jobBar->addEndWidget(m_openButton);
    QPushButton* save = m_jobBar->addSaveButton(tr("Save &JSON…"));
    save->setObjectName(QStringLiteral("saveProbeButton"));
    save->setToolTip(tr("Save the probe's result as JSON (the CLI's probe --json object)"));

    // The plots, 2 x 2, in the order of Shear's steps; the verdict to their right.
    m_patternPlot = new PatternSizePlot;
    m_boundaryPlot = new BoundaryPlot;
    m_heatmap = new PairHeatmap;
    m_redundancyPlot = new RedundancyPlot;
    auto* plots = new QWidget;
    // Two by two on a wide window, one column on a narrow one (#54 item 7).
    auto* grid = new FlowLayout(plots, FlowLayout::Justify::Fill);
    grid->setHorizontalSpacing(4);
    grid->setVerticalSpacing(4);
    grid->addWidget(m_patternPlot);
    grid->addWidget(m_boundaryPlot);
    grid->addWidget(m_heatmap);
    grid->addWidget(m_redundancyPlot);

    m_verdict = new ProbeVerdictView;
    auto* verdictScroll = new QScrollArea;
    verdictScroll->setWidget(m_verdict);
    verdictScroll->setWidgetResizable(true);
    verdictScroll->setFrameShape(QFrame::NoFrame);
    auto* views = new ReflowSplitter;
    views->setObjectName(QStringLiteral("probeViews"));
    views->addWidget(plots);
    views->addWidget(verdictScroll);
    views->setChildrenCollapsible(false);
    views->setStretchFactor(0, 2);
    views->setStretchFactor(1, 1);
    // The verdict needs less room than the plots; a wide layout diagram scrolls.
    views->setSizes({ 860, 600 });

    auto* box = new QVBoxLayout(this);
    box->setSpacing(6);
    box->addWidget(targetGroup);
    box->addWidget(m_jobBar);
    box->addWidget(views, 1);

    connect(m_runButton, &QPushButton::clicked, this, &ProbePage::run);
    connect(m_engine, &QComboBox::currentIndexChanged, this, &ProbePage::updateControls);
    connect(m_jobBar, &JobBar::cancelled, this, &ProbePage::onCancelled);
    connect(save, &QPushButton::clicked, this, &ProbePage::saveResultAs);
    connect(m_openButton, &QPushButton::clicked, this, &ProbePage::openResultDialog);
    setAcceptDrops(true);
    connect(m_target, &ProbeTargetBox::targetChanged, this, &ProbePage::updateControls);
    // The write test the verdict offers: the device, writes asked for (the dialog defaults to read-only).
    connect(m_verdict, &ProbeVerdictView::writeTestRequested, this, [this] {
        m_target->setSimulated(false);
        m_target->askAllowWrites();
    });
    connect(m_target, &ProbeTargetBox::paceChanged, this, [this](int ms) {
        if (m_paced)
            m_paced->setPaceMs(ms);
    });
    connect(m_runner, &JobRunner::runningChanged, this, [this](bool running) {
        updateControls();
        Q_EMIT runningChanged(running);
    });

    clearViews();
    m_jobBar->setStatus(tr("Choose a simulated array or a device, then Run."));
    updateControls();
}

ProbePage::~ProbePage()
{
    m_runner->cancel(); // before the views go: nothing may arrive for them after this
}

bool ProbePage::setSimSpec(const QString& spec) { return m_target->setSimSpec(spec); }

void ProbePage::setDevicePath(const QString& path) { m_target->setDevicePath(path); }

void ProbePage::setPaceMs(int ms) { m_target->setPaceMs(std::clamp(ms, 0, 500)); }

void ProbePage::setAllPairs(bool all) { m_allPairs->setChecked(all); }

bool ProbePage::setEngine(const QString& engine)
{
    const int i = m_engine->findData(engine);
    if (i < 0)
        return false;
    m_engine->setCurrentIndex(i);
    return true;
}

QString ProbePage::engine() const { return m_engine->currentData().toString(); }

bool ProbePage::isRunning() const { return m_runner->isRunning(); }

QString ProbePage::statusText() const { return m_jobBar->statusText(); }

QString ProbePage::stepText() const { return m_step; }

void ProbePage::clearViews()
{
    m_patternPlot->clear();
    m_boundaryPlot->clear();
    m_heatmap->clear();
    m_redundancyPlot->clear();
    m_verdict->clear(tr("No probe yet: choose a target and Run."));
    m_jobBar->setProgress(0);
    m_jobBar->setProgressFormat(tr("ready"));
    m_step.clear();
}

bool ProbePage::run()
{
    std::unique_ptr<IoTarget> target;
    QString error;
    std::shared_ptr<PacedTarget> paced;
    QString what;
    if (m_target->isSimulated()) {
        const QString spec = m_target->simSpec();
        if (spec.isEmpty()) {
            m_jobBar->setStatus(tr("Cannot start: the array spec has an error (%1)").arg(m_target->simError()), true);
            return false;
        }
        std::unique_ptr<SimTarget> sim = SimTarget::create(spec, &error);
        if (!sim) {
            m_jobBar->setStatus(tr("Cannot start: %1").arg(error), true);
            return false;
        }
        paced = std::make_shared<PacedTarget>(std::move(sim));
        paced->setPaceMs(m_target->paceMs());
        what = spec;
    } else {
        const QString path = m_target->devicePath();
        if (path.isEmpty()) {
            m_jobBar->setStatus(tr("Cannot start: give the path of a block device or file"), true);
            return false;
        }
        DeviceOptions options;
        options.allowWrites = m_target->allowWrites();
        options.force = m_target->force();
        target = openDeviceTarget(path, options, &error);
        if (!target) {
            // In this page's words: the control that overrides a refusal is the Force box.
            const QString hint = !options.force && !blockDeviceInUse(path).isEmpty()
                ? tr(" Tick Force… to probe it anyway (it asks first).")
                : QString();
            m_jobBar->setStatus(tr("Cannot start: %1.%2").arg(error.isEmpty() ? tr("%1 cannot be opened").arg(path) : error, hint), true);
            m_verdict->clear(tr("The device was not opened."));
            m_verdict->showError(error);
            return false;
        }
        what = target->describe();
    }
    std::shared_ptr<IoTarget> io = paced ? std::static_pointer_cast<IoTarget>(paced) : std::shared_ptr<IoTarget>(std::move(target));

    clearViews();
    m_result.reset();
    m_openedPath.clear();
    m_paced = paced;
    m_snapshots = 0;
    m_jobStartMs = QDateTime::currentMSecsSinceEpoch();
    ProbeConfig config;
    config.measureRedundancy = io->writable();
    config.fullPairwise = m_allPairs->isChecked();
    m_redundancyPlot->setNoWritesReason(io->writable()
            ? QString()
            : tr("Read-only target: random reads only, no write test,\nso redundancy (the read/write ratio) is not measured"));
    m_verdict->showRunning(tr("starting"));
    m_jobBar->setStatus(tr("Probing %1").arg(what));

    const bool model = engine() == u"model";
    m_runner->start(
        [io, config, model](std::stop_token stop, auto report) {
            ModelProbeOptions options;
            options.jobs = 0; // the page runs one probe: its inference on every core
            return model ? runModelProbe(*io, config, LayoutRegistry::instance(), options, stop, report)
                         : runShearProbe(*io, config, stop, report);
        },
        [this](const ProbeSnapshot& s) { onSnapshot(s); },
        [this](ProbeResult r) { onDone(std::move(r)); });
    updateControls();
    return true;
}

void ProbePage::setStep(const QString& step, double fraction)
{
    m_step = step;
    m_jobBar->setProgress(fraction);
    m_jobBar->setProgressFormat(step.isEmpty() ? QStringLiteral("%p %") : tr("%1 · %p %").arg(step));
}

// GUI thread: cheap appends; the plots draw on their own timers (at most ~25 times a second).
void ProbePage::onSnapshot(const ProbeSnapshot& s)
{
    ++m_snapshots;
    setStep(s.step, s.fraction);
    if (s.patternChunks)
        m_heatmap->setChunks(s.patternChunks);
    m_patternPlot->append(s.pattern, s.blockBytes);
    m_boundaryPlot->append(s.boundaries, s.blockBytes);
    if (s.boundariesDecided)
        m_boundaryPlot->markDecided(s.decidedBoundaries, s.blockBytes);
    m_heatmap->append(s.pairs);
    m_redundancyPlot->append(s.writes, s.readMBps);
    m_verdict->setIoCounts(s.ios);
    if (!s.verdict)
        m_verdict->showRunning(s.step);
    Q_EMIT snapshotShown();
}

void ProbePage::onDone(ProbeResult r)
{
    m_paced.reset();
    const double seconds = double(QDateTime::currentMSecsSinceEpoch() - m_jobStartMs) / 1000;
    showResult(r);
    if (!r.error.isEmpty()) {
        setStep(tr("failed"), 1.0);
        m_jobBar->setStatus(tr("The probe failed: %1").arg(r.error), true);
    } else {
        setStep(tr("done"), 1.0);
        // The verdict's own headline (verdictstatement.h): a class is never "identified <one of it>".
        const QString verdict = verdictStatement(r).shortText();
        m_jobBar->setStatus(tr("Finished in %1 s: %2 With %3 I/Os (Shear's schedule: %4).")
                      .arg(QString::number(seconds, 'f', 1), verdict)
                      .arg(r.ios.total())
                      .arg(r.shearScheduleIos));
    }
    m_result = std::move(r);
    updateControls();
    Q_EMIT probeFinished();
}

// The final series replace the live ones: the slow cluster and the boundaries as decided.
void ProbePage::showResult(const ProbeResult& r)
{
    m_patternPlot->setResult(r);
    m_boundaryPlot->setResult(r);
    m_heatmap->setResult(r);
    m_redundancyPlot->setResult(r);
    m_verdict->setResult(r);
}

// The bar has joined the worker: the probe saw its stop token within one batch.
void ProbePage::cancel() { m_jobBar->cancel(); }

void ProbePage::onCancelled()
{
    m_paced.reset();
    setStep(tr("cancelled"), m_jobBar->progress());
    m_verdict->clear(tr("Cancelled: no verdict."));
    m_jobBar->setStatus(tr("Cancelled after %n snapshot(s); the points so far stay on the plots", nullptr, m_snapshots));
    updateControls();
}

void ProbePage::updateControls()
{
    const bool running = m_runner->isRunning();
    const bool ready = m_target->isSimulated() ? m_target->simError().isEmpty() : !m_target->devicePath().isEmpty();
    m_runButton->setEnabled(!running && ready);
    m_jobBar->setHasResult(m_result.has_value());
    m_openButton->setEnabled(!running);
    m_allPairs->setEnabled(!running && engine() == u"rules"); // the model chooses its own pairs
    m_engine->setEnabled(!running);
    m_target->setRunning(running);
}

QJsonObject ProbePage::resultJson() const
{
    return m_result ? m_result->toJson() : QJsonObject();
}

bool ProbePage::saveResultJson(const QString& path, QString* error) const
{
    if (!m_result) {
        if (error)
            *error = tr("no finished probe");
        return false;
    }
    // As raidscope-cli prints it; never over the device or file probed.
    const QStringList inputs = m_target->isSimulated() ? QStringList() : QStringList { m_target->devicePath() };
    return writeOutputFile(path, QJsonDocument(resultJson()).toJson(QJsonDocument::Indented), inputs, error);
}

void ProbePage::saveResultAs()
{
    m_jobBar->saveAs(tr("Save Probe Result"), tr("There is no result yet: Run a probe first."),
        QStringLiteral("raidscope-probe.json"), tr("JSON files (*.json)"),
        [this](const QString& path, QString* error) { return saveResultJson(path, error); });
}

WorkspaceProbe ProbePage::saveState() const
{
    WorkspaceProbe s;
    s.simulated = m_target->isSimulated();
    s.simSpec = m_target->simSpec();
    s.devicePath = m_target->devicePath();
    s.allPairs = m_allPairs->isChecked();
    s.engine = engine();
    s.paceMs = m_target->paceMs();
    s.result = m_result;
    s.resultFile = m_openedPath;
    return s;
}

bool ProbePage::restoreState(const WorkspaceProbe& state, QString* error)
{
    if (m_runner->isRunning()) {
        if (error)
            *error = tr("Probe page: a probe is running (Cancel it first)");
        return false;
    }
    QString problem;
    if (!state.simSpec.isEmpty() && !m_target->setSimSpec(state.simSpec))
        problem = tr("Probe page: the simulated array %1 is refused here: %2").arg(state.simSpec, m_target->simError());
    m_target->setDevicePath(state.devicePath);
    m_target->setSimulated(state.simulated);
    m_target->setAllowWrites(false);
    setAllPairs(state.allPairs);
    setEngine(state.engine);
    setPaceMs(state.paceMs);
    clearViews();
    m_result.reset();
    m_openedPath = state.resultFile;
    m_snapshots = 0;
    if (state.result) {
        const ProbeResult& r = *state.result;
        m_redundancyPlot->setNoWritesReason(
            r.writes.empty() ? tr("No write test in this result:\nthe target was read-only") : QString());
        showResult(r);
        setStep(tr("restored"), 1.0);
        m_jobBar->setStatus(tr("From the workspace: %1 With %2 I/Os (Shear's schedule: %3).")
                                .arg(verdictStatement(r).shortText())
                                .arg(r.ios.total())
                                .arg(r.shearScheduleIos));
        m_result = r;
    } else {
        m_jobBar->setStatus(QString());
    }
    updateControls();
    if (!problem.isEmpty() && error)
        *error = problem;
    return problem.isEmpty();
}

bool ProbePage::openResultJson(const QString& path, QString* error)
{
    const QString name = QFileInfo(path).fileName();
    auto fail = [&](const QString& why) {
        const QString line = tr("Cannot open %1: %2").arg(name.isEmpty() ? path : name, why);
        m_jobBar->setStatus(line, true);
        if (error)
            *error = line;
        return false;
    };
    if (m_runner->isRunning())
        return fail(tr("a probe is running (Cancel it first)"));
    // A probe result is at most a few MB (a 512 x 512 prediction); /dev/zero or a sparse giant is none.
    QString readError;
    const auto bytes = readWholeFile(path, inputcap::kResultBytes, tr("a probe result"), &readError);
    if (!bytes)
        return fail(readError.mid(path.size() + 2)); // fail() names the file itself
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(*bytes, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return fail(tr("not JSON (%1 at byte %2)").arg(parseError.errorString()).arg(parseError.offset));
    if (!doc.isObject())
        return fail(tr("not a probe result (the JSON is not an object)"));
    QString why;
    std::optional<ProbeResult> r = probeResultFromJson(doc.object(), &why);
    if (!r)
        return fail(why);

    // As if it had just run: the views cleared, then the final series and the verdict.
    clearViews();
    m_redundancyPlot->setNoWritesReason(
        r->writes.empty() ? tr("No write test in this result:\nthe target was read-only") : QString());
    showResult(*r);
    m_openedPath = path;
    m_snapshots = 0;
    setStep(tr("opened"), 1.0);
    QString what;
    if (!r->error.isEmpty())
        what = tr("the probe failed: %1").arg(r->error);
    else
        what = tr("%1 With %2 I/Os (Shear's schedule: %3).")
                   .arg(verdictStatement(*r).shortText())
                   .arg(r->ios.total())
                   .arg(r->shearScheduleIos);
    if (r->stopped)
        what += tr(" (stopped early)");
    m_jobBar->setStatus(tr("Opened %1: %2").arg(name, what)); // the target is in the verdict panel
    // The Target box shows what was probed, as after a run: a simulated array's spec (SimTarget::
    // describe() is "simulated SPEC"), or the device's path (DeviceTarget::describe() is "PATH
    // (what it is)"), which names a disk of the machine probed; running it here probes this one's.
    const QString simulated = QStringLiteral("simulated ");
    if (!r->target.startsWith(simulated) && r->target.startsWith(u'/')) {
        m_target->setSimulated(false);
        m_target->setDevicePath(r->target.section(QStringLiteral(" ("), 0, 0));
    } else if (r->target.startsWith(simulated)) {
        const bool wasSimulated = m_target->isSimulated();
        const QString before = m_target->simSpec();
        if (!m_target->setSimSpec(r->target.mid(simulated.size()))) { // e.g. a plugin missing here
            if (!before.isEmpty())
                m_target->setSimSpec(before);
            m_target->setSimulated(wasSimulated);
        }
    }
    m_result = std::move(r);
    updateControls();
    Q_EMIT resultOpened(path);
    return true;
}

void ProbePage::openResultDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Probe Result"), QString(),
        tr("Probe results (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!openResultJson(path, &error))
        QMessageBox::warning(this, tr("Open Probe Result"), error);
}

QString ProbePage::droppedFile(const QMimeData* mime, bool jsonOnly)
{
    if (!mime || !mime->hasUrls() || mime->urls().size() != 1 || !mime->urls().front().isLocalFile())
        return {};
    const QString path = mime->urls().front().toLocalFile();
    if (jsonOnly && !path.endsWith(QStringLiteral(".json"), Qt::CaseInsensitive))
        return {};
    return path;
}

// Any one file is taken, not only *.json: if it is not a probe result, the status line says why.
void ProbePage::dragEnterEvent(QDragEnterEvent* event)
{
    // A workspace is the window's to open.
    if (!m_runner->isRunning() && !droppedFile(event->mimeData(), false).isEmpty()
        && droppedWorkspace(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void ProbePage::dropEvent(QDropEvent* event)
{
    const QString path = droppedFile(event->mimeData(), false);
    if (path.isEmpty())
        return;
    event->acceptProposedAction();
    openResultJson(path);
}

} // namespace raidscope::gui
