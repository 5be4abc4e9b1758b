// SPDX-License-Identifier: GPL-3.0-or-later
#include "simulatepage.h"
#include "widgets/theme.h"

#include "io/outputfile.h"
#include "sim/arraysimulator.h"
#include "simulate/responsetimeplot.h"
#include "simulate/saturationplot.h"
#include "simulate/simresultsview.h"
#include "simulate/utilizationplot.h"
#include "simulate/workloadeditor.h"
#include "widgets/arraysimoptions.h"
#include "widgets/arrayspeceditor.h"
#include "widgets/jobbar.h"
#include "widgets/shortcuts.h"
#include "widgets/stagetimelineplot.h"
#include "widgets/jobrunner.h"

#include "widgets/reflowsplitter.h"

#include <QDateTime>
#include <QFontDatabase>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QLineEdit>
#include <QPushButton>
#include <QSplitter>
#include <QStyle>
#include <QTabWidget>
#include <QVBoxLayout>

#include <memory>

namespace raidscope::gui {

SimulatePage::SimulatePage(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("simulatePage"));
    m_runner = new JobRunner(this);

    // Array: the Array page's editor, plus the simulation keys.
    m_arrayEditor = new ArraySpecEditor;
    m_simOptions = new ArraySimOptions(m_arrayEditor);
    auto* arrayBox = new QGroupBox(tr("Array"));
    auto* arrayLayout = new QVBoxLayout(arrayBox);
    arrayLayout->setSpacing(6);
    arrayLayout->addWidget(m_arrayEditor);
    arrayLayout->addWidget(m_simOptions);

    m_workloadEditor = new WorkloadEditor;
    auto* workloadBox = new QGroupBox(tr("Workload"));
    auto* workloadLayout = new QVBoxLayout(workloadBox);
    workloadLayout->addWidget(m_workloadEditor);

    // The run bar.
    m_runButton = new QPushButton(style()->standardIcon(QStyle::SP_MediaPlay), tr("&Run"));
    m_runButton->setObjectName(QStringLiteral("runButton"));
    m_runButton->setToolTip(tr("Simulate the workload once, as its spec says"));
    m_sweepButton = new QPushButton(style()->standardIcon(QStyle::SP_MediaSeekForward), tr("S&weep outstanding I/Os:"));
    m_sweepButton->setObjectName(QStringLiteral("sweepButton"));
    m_sweepButton->setToolTip(tr("Run the workload once per value of outstanding I/Os (closed loop) and plot "
                                 "throughput and response time against them"));
    setButtonShortcut(m_runButton, keys::run());
    setButtonShortcut(m_sweepButton, keys::runSecond());
    m_sweepEdit = new QLineEdit(defaultSweepText());
    m_sweepEdit->setObjectName(QStringLiteral("sweepEdit"));
    m_sweepEdit->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_sweepEdit->setMinimumWidth(m_sweepEdit->fontMetrics().horizontalAdvance(QStringLiteral("1,2,4,8,16,32,64")) + 16);
    m_sweepEdit->setMaximumWidth(2 * m_sweepEdit->minimumWidth());
    m_sweepEdit->setToolTip(tr("Outstanding I/Os to sweep, comma-separated"));
    m_jobBar = new JobBar(m_runner);
    m_jobBar->setObjectName(QStringLiteral("simJobBar"));
    m_jobBar->addStartWidget(m_runButton);
    m_jobBar->addStartWidget(m_sweepButton);
    m_jobBar->addStartWidget(m_sweepEdit);
    QPushButton* save = m_jobBar->addSaveButton(tr("Save &JSON…"));
    save->setObjectName(QStringLiteral("saveResultsButton"));
    save->setToolTip(tr("Save the runs' results as JSON (the CLI's simulate --json objects)"));

    // The views.
    m_saturation = new SaturationPlot;
    m_responseTime = new ResponseTimePlot;
    m_utilization = new UtilizationPlot;
    m_resultsView = new SimResultsView;
    // Two columns: the load curve over the per-disk bars, the distribution over the numbers.
    m_timeline = new StageTimelinePlot;
    m_timeline->setObjectName(QStringLiteral("simTimelinePlot"));
    m_timeline->setIdleNote(tr("Run with fail=DISK@TIME in the array spec (and rebuild=rate:20MB/s, say) to see "
                               "the failure, the rebuild and the recovery over time"));
    m_loadTabs = new QTabWidget;
    m_loadTabs->setObjectName(QStringLiteral("simLoadTabs"));
    m_loadTabs->addTab(m_saturation, tr("Load curve"));
    m_loadTabs->addTab(m_timeline, tr("Failure timeline"));
    m_loadTabs->setTabToolTip(1, tr("A run with fail=DISK@TIME (and rebuild=…) in the array spec over time, its "
                                    "stages shaded"));
    auto* left = new QSplitter(Qt::Vertical);
    left->setObjectName(QStringLiteral("simLeftViews"));
    left->addWidget(m_loadTabs);
    left->addWidget(m_utilization);
    auto* right = new QSplitter(Qt::Vertical);
    right->setObjectName(QStringLiteral("simRightViews"));
    right->addWidget(m_responseTime);
    right->addWidget(m_resultsView);
    for (QSplitter* s : { left, right }) {
        s->setChildrenCollapsible(false);
        s->setSizes({ 500, 500 });
    }
    // The two columns side by side when they fit, one above the other when not (#54 item 7).
    auto* views = new ReflowSplitter;
    views->setObjectName(QStringLiteral("simViews"));
    views->addWidget(left);
    views->addWidget(right);
    views->setChildrenCollapsible(false);
    views->setSizes({ 560, 440 });

    auto* box = new QVBoxLayout(this);
    box->setSpacing(6);
    box->addWidget(arrayBox);
    box->addWidget(workloadBox);
    box->addWidget(m_jobBar);
    box->addWidget(views, 1);

    connect(m_arrayEditor, &ArraySpecEditor::layoutChanged, this, [this] {
        updateControls();
        Q_EMIT arraySpecChanged(arraySpec());
    });
    connect(m_simOptions, &ArraySimOptions::validityChanged, this, &SimulatePage::updateControls);
    connect(m_workloadEditor, &WorkloadEditor::specChanged, this, &SimulatePage::updateControls);
    connect(m_sweepEdit, &QLineEdit::textChanged, this, &SimulatePage::updateControls);
    connect(m_sweepEdit, &QLineEdit::returnPressed, this, &SimulatePage::sweep);
    connect(m_runButton, &QPushButton::clicked, this, &SimulatePage::run);
    connect(m_sweepButton, &QPushButton::clicked, this, &SimulatePage::sweep);
    connect(m_jobBar, &JobBar::cancelled, this, &SimulatePage::onCancelled);
    connect(save, &QPushButton::clicked, this, &SimulatePage::saveResultsAs);
    connect(m_runner, &JobRunner::runningChanged, this, [this](bool running) {
        updateControls();
        Q_EMIT runningChanged(running);
    });
    connect(m_resultsView, &SimResultsView::pointSelected, this, [this](int index) {
        m_followLive = false;
        showRun(index);
    });

    m_arrayEditor->setSpecText(QStringLiteral("raid5 disks=8 chunk=64KiB"));
    m_jobBar->setStatus(tr("Ready"));
    updateControls();
}

SimulatePage::~SimulatePage()
{
    m_runner->cancel(); // before the views go: nothing may arrive for them after this
}

QString SimulatePage::defaultSweepText() { return defaultOutstandingList(); }

std::optional<std::vector<int>> SimulatePage::parseSweepList(const QString& text, QString* error)
{
    QString why;
    auto values = parseOutstandingList(text, &why);
    if (!values && error)
        *error = tr("sweep: %1").arg(why);
    return values;
}

bool SimulatePage::setArraySpecText(const QString& text) { return m_arrayEditor->setSpecText(text); }

QString SimulatePage::arraySpec() const { return m_arrayEditor->canonicalSpec(); }

bool SimulatePage::setWorkloadSpecText(const QString& text) { return m_workloadEditor->setSpecText(text); }

void SimulatePage::setSweepText(const QString& text) { m_sweepEdit->setText(text); }

QString SimulatePage::sweepText() const { return m_sweepEdit->text(); }

bool SimulatePage::isRunning() const { return m_runner->isRunning(); }

QString SimulatePage::statusText() const { return m_jobBar->statusText(); }

bool SimulatePage::run()
{
    return start({}); // no values: once, with the workload's own outstanding or rate
}

bool SimulatePage::sweep()
{
    QString error;
    const auto values = parseSweepList(m_sweepEdit->text(), &error);
    if (!values) {
        m_jobBar->setStatus(error, true);
        return false;
    }
    return start(*values);
}

bool SimulatePage::start(const std::vector<int>& outstanding)
{
    const auto& workload = m_workloadEditor->spec();
    if (!workload) {
        m_jobBar->setStatus(tr("Cannot start: the workload spec has an error (%1)").arg(m_workloadEditor->errorText()), true);
        return false;
    }
    if (!m_arrayEditor->errorText().isEmpty() || arraySpec().isEmpty()) {
        m_jobBar->setStatus(tr("Cannot start: the array spec has an error"), true);
        return false;
    }
    QString error;
    std::shared_ptr<ArraySimulator> simulator = ArraySimulator::create(arraySpec(), &error);
    if (!simulator || !simulator->checkWorkload(*workload, &error)) {
        m_jobBar->setStatus(tr("Cannot start: %1").arg(error), true);
        return false;
    }

    m_results.clear();
    m_job = OutstandingSweepResult { arraySpec(), workload->toText(), outstanding, {}, false };
    m_followLive = true;
    m_jobStartMs = QDateTime::currentMSecsSinceEpoch();
    m_saturation->clear();
    m_responseTime->clear();
    m_utilization->clear();
    m_resultsView->clear();
    m_timeline->clear();
    m_jobBar->setProgress(0);
    const QString what
        = outstanding.empty() ? tr("Running…") : tr("Sweeping %n outstanding value(s)…", nullptr, int(outstanding.size()));
    m_jobBar->setStatus(what);
    for (LivePlot* plot : std::initializer_list<LivePlot*> { m_saturation, m_responseTime, m_utilization })
        plot->setSubtitle(QString());

    const WorkloadSpec spec = *workload;
    m_runner->start(
        [simulator, spec, outstanding](std::stop_token stop, auto report) {
            return runOutstandingSweep(*simulator, spec, outstanding, stop, report);
        },
        [this](const SweepSnapshot& p) { onProgress(p); },
        [this](OutstandingSweepResult result) { onDone(std::move(result)); });
    updateControls();
    return true;
}

// GUI thread: cheap appends; the plots draw on their own timers.
void SimulatePage::onProgress(const SweepSnapshot& p)
{
    m_jobBar->setProgress(p.fraction);
    const auto& values = m_job.outstanding;
    if (!values.empty())
        m_jobBar->setStatus(tr("Sweep: %1 outstanding (run %2 of %3), %4 %")
                      .arg(p.pointIndex < int(values.size()) ? values[std::size_t(p.pointIndex)] : 0)
                      .arg(p.pointIndex + 1)
                      .arg(p.pointCount)
                      .arg(qRound(p.fraction * 100)));
    else
        m_jobBar->setStatus(tr("Running: %1 %").arg(qRound(p.fraction * 100)));
    if (p.pointDone) {
        m_results.push_back(p.point);
        m_saturation->addResult(p.point);
        m_resultsView->addPoint(p.point);
        m_jobBar->setHasResult(true); // the finished runs can be saved (File menu) while the rest run
    }
    if (m_followLive)
        showLive(p.point, !p.pointDone);
    if (p.pointDone && m_followLive)
        m_resultsView->selectPoint(int(m_results.size()) - 1);
}

void SimulatePage::onDone(OutstandingSweepResult result)
{
    m_results = std::move(result.points);
    m_job.arraySpec = result.arraySpec;
    m_jobBar->setProgress(1);
    const double seconds = double(QDateTime::currentMSecsSinceEpoch() - m_jobStartMs) / 1000;
    m_jobBar->setStatus(!m_job.outstanding.empty()
            ? tr("Sweep finished: %n run(s) in %1 s", nullptr, int(m_results.size())).arg(seconds, 0, 'f', 1)
            : tr("Run finished in %1 s").arg(seconds, 0, 'f', 1));
    if (m_followLive && !m_results.empty())
        showRun(int(m_results.size()) - 1);
    updateControls();
    Q_EMIT jobFinished();
}

void SimulatePage::cancel() { m_jobBar->cancel(); }

void SimulatePage::onCancelled()
{
    m_jobBar->setStatus(tr("Cancelled after %n finished run(s)", nullptr, int(m_results.size())));
    if (!m_results.empty())
        showRun(int(m_results.size()) - 1);
    updateControls();
}

void SimulatePage::showRun(int index)
{
    if (index < 0 || index >= int(m_results.size()))
        return;
    showLive(m_results[std::size_t(index)], false);
    m_resultsView->selectPoint(index);
}

void SimulatePage::showLive(const SimResult& r, bool partial)
{
    m_responseTime->setResult(r);
    m_utilization->setResult(r);
    m_resultsView->showResult(r, partial);
    m_saturation->setHighlighted(partial ? -1 : r.outstanding);
    const QString load = r.outstanding > 0 ? tr("%1 outstanding").arg(r.outstanding)
                                           : tr("open loop, %1 req/s").arg(r.offeredRatePerSec);
    const QString sub = tr("%1 · %2 requests%3").arg(load).arg(r.requests).arg(partial ? tr(" so far") : QString());
    m_responseTime->setSubtitle(sub);
    m_utilization->setSubtitle(sub);
    m_saturation->setSubtitle(QStringLiteral("%1  ·  %2").arg(m_job.arraySpec, m_job.workloadSpec.section(u' ', 0, 2)));
    if (r.stages.empty()) {
        if (!partial)
            m_timeline->clear();
        return;
    }
    // A run with a failure: its stages on the timeline, which comes to the front when it first has them.
    const bool first = m_timeline->isEmpty();
    m_timeline->setTimeline(RunTimeline::of(r));
    m_timeline->setSubtitle(sub);
    if (first)
        m_loadTabs->setCurrentWidget(m_timeline);
}

void SimulatePage::updateControls()
{
    QString sweepError;
    const bool sweepOk = parseSweepList(m_sweepEdit->text(), &sweepError).has_value();
    const bool ready = m_workloadEditor->spec().has_value() && m_simOptions->simError().isEmpty()
        && m_arrayEditor->errorText().isEmpty() && !arraySpec().isEmpty();
    m_runButton->setEnabled(ready);
    m_sweepButton->setEnabled(ready && sweepOk);
    m_sweepEdit->setStyleSheet(sweepOk ? QString() : QStringLiteral("color: %1;").arg(errorInk(this).name()));
    m_sweepEdit->setToolTip(sweepOk ? tr("Outstanding I/Os to sweep, comma-separated") : sweepError);
    m_jobBar->setHasResult(!m_results.empty());
}

QJsonObject SimulatePage::resultsJson() const
{
    OutstandingSweepResult saved = m_job;
    saved.points = m_results; // the runs finished so far, also while the rest run
    return saved.toJson();
}

bool SimulatePage::saveResultsJson(const QString& path, QString* error) const
{
    return writeOutputFile(path, QJsonDocument(resultsJson()).toJson(QJsonDocument::Indented), {}, error);
}

WorkspaceSimulate SimulatePage::saveState() const
{
    WorkspaceSimulate s;
    s.arraySpec = m_arrayEditor->specText();
    s.workloadSpec = m_workloadEditor->specText();
    s.sweep = sweepText();
    if (!m_results.empty()) {
        OutstandingSweepResult results = m_job;
        results.points = m_results;
        s.results = std::move(results);
    }
    return s;
}

bool SimulatePage::restoreState(const WorkspaceSimulate& state, QString* error)
{
    if (isRunning()) {
        if (error)
            *error = tr("Simulate page: a job is running (Cancel it first)");
        return false;
    }
    QStringList problems;
    if (!state.arraySpec.isEmpty() && !setArraySpecText(state.arraySpec))
        problems << tr("array %1: %2").arg(state.arraySpec, m_arrayEditor->errorText());
    if (!state.workloadSpec.isEmpty() && !setWorkloadSpecText(state.workloadSpec))
        problems << tr("workload %1: %2").arg(state.workloadSpec, m_workloadEditor->errorText());
    setSweepText(state.sweep);

    // The results as the job that made them left them: the plots and tables filled, the last run shown.
    m_results.clear();
    m_job = state.results.value_or(OutstandingSweepResult {});
    m_saturation->clear();
    m_responseTime->clear();
    m_utilization->clear();
    m_resultsView->clear();
    m_timeline->clear();
    for (LivePlot* plot : std::initializer_list<LivePlot*> { m_saturation, m_responseTime, m_utilization })
        plot->setSubtitle(QString());
    m_followLive = true;
    if (state.results) {
        m_results = state.results->points;
        m_job.points.clear();
        for (const SimResult& r : m_results) {
            m_saturation->addResult(r);
            m_resultsView->addPoint(r);
        }
        m_jobBar->setProgress(1);
        m_jobBar->setStatus(!m_job.outstanding.empty()
                ? tr("From the workspace: a sweep of %n run(s)", nullptr, int(m_results.size()))
                : tr("From the workspace: one run"));
        if (!m_results.empty())
            showRun(int(m_results.size()) - 1);
    } else {
        m_jobBar->setProgress(0);
        m_jobBar->setStatus(QString());
    }
    updateControls();
    if (!problems.isEmpty() && error)
        *error = tr("Simulate page: %1").arg(problems.join(QStringLiteral("; ")));
    return problems.isEmpty();
}

void SimulatePage::saveResultsAs()
{
    m_jobBar->saveAs(tr("Save Simulation Results"), tr("There are no results yet: Run or Sweep first."),
        QStringLiteral("raidscope-simulation.json"), tr("JSON files (*.json)"),
        [this](const QString& path, QString* error) { return saveResultsJson(path, error); });
}

} // namespace raidscope::gui
