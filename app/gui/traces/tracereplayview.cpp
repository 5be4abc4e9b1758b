// SPDX-License-Identifier: GPL-3.0-or-later
#include "tracereplayview.h"

#include "disk/diskpreset.h"
#include "layout/arrayspec.h"
#include "sim/arraysimulator.h"
#include "sim/simconfig.h"
#include "trace/tracesummary.h"
#include "units.h"
#include "traces/measuredcandidatebox.h"
#include "traces/tracereplayplot.h"
#include "widgets/jobbar.h"
#include "widgets/shortcuts.h"
#include "widgets/jobrunner.h"
#include "widgets/tableexport.h"
#include "widgets/theme.h"

#include "widgets/flowlayout.h"
#include "widgets/reflowsplitter.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QFontDatabase>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSplitter>
#include <QStyle>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace raidscope::gui {

namespace {

    // Controller write-back cache sizes offered beside the disk model (0: write-through, the default).
    constexpr std::uint64_t kCacheChoicesBytes[] = { 0, 16ull << 20, 64ull << 20, 256ull << 20 };

} // namespace

std::optional<TracedBaseline> TracedBaseline::of(const TraceSummary& s)
{
    if (!s.hasResponseTimes())
        return std::nullopt;
    TracedBaseline b;
    b.requests = s.responseMs.count();
    b.meanMs = s.responseMs.mean();
    b.p50Ms = s.responsePercentileMs(0.5);
    b.p90Ms = s.responsePercentileMs(0.9);
    b.p99Ms = s.responsePercentileMs(0.99);
    return b;
}

TraceReplayView::TraceReplayView(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("traceReplayView"));
    m_runner = new JobRunner(this);

    // Candidates.
    m_list = new QListWidget;
    m_list->setObjectName(QStringLiteral("replayCandidates"));
    m_list->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_list->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_list->setToolTip(
        tr("Array specs to replay the trace through, e.g. 'raid5 disks=5 chunk=32KiB disk=cheetah-15k'"));
    m_specEdit = new QLineEdit;
    m_specEdit->setObjectName(QStringLiteral("replaySpecEdit"));
    m_specEdit->setToolTip(tr("A candidate array spec to add, e.g. raid5 disks=6 chunk=32KiB"));
    m_specEdit->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_specEdit->setPlaceholderText(QStringLiteral("raid5 disks=5 chunk=128KiB"));
    m_addButton = new QPushButton(tr("&Add"));
    m_addButton->setObjectName(QStringLiteral("replayAddButton"));
    m_addButton->setToolTip(tr("Add the spec typed beside as a candidate"));
    m_removeButton = new QPushButton(tr("Remove"));
    m_removeButton->setObjectName(QStringLiteral("replayRemoveButton"));
    m_removeButton->setToolTip(tr("Remove the selected candidate"));
    m_resetButton = new QPushButton(tr("Whitepaper defaults"));
    m_resetButton->setToolTip(tr("RAID-5 with 16, 32 and 64 KiB chunks, as in the mail-server replay"));
    auto* addRow = new QHBoxLayout;
    addRow->addWidget(m_specEdit, 1);
    addRow->addWidget(m_addButton);
    auto* listButtons = new FlowLayout;
    listButtons->addWidget(m_removeButton);
    listButtons->addWidget(m_resetButton);
    // The members' disk model and the controller cache, for every candidate at once: the defaults are
    // Shear's 1998 IBM 9LZX without a cache, which no array bought today resembles.
    m_disk = new QComboBox;
    m_disk->setObjectName(QStringLiteral("replayDiskCombo"));
    for (const DiskPreset& p : diskPresets())
        m_disk->addItem(QStringLiteral("%1 — %2").arg(p.id, p.name), p.id);
    m_disk->setCurrentIndex(std::max(0, m_disk->findData(ArraySpec().diskPreset))); // the specs' default disk=
    m_disk->setToolTip(tr("The member disk model of every candidate (disk=); the presets' sources are in "
                          "raidscope-cli disks"));
    m_cache = new QComboBox;
    m_cache->setObjectName(QStringLiteral("replayCacheCombo"));
    for (std::uint64_t bytes : kCacheChoicesBytes)
        m_cache->addItem(bytes ? tr("%1 write-back").arg(formatBytes(bytes)) : tr("none (write-through)"), QVariant::fromValue<qulonglong>(bytes));
    m_cache->setToolTip(tr("The controller's write-back cache of every candidate (cache=)"));
    m_applyDisk = new QPushButton(tr("Apply to all"));
    m_applyDisk->setObjectName(QStringLiteral("replayApplyDisk"));
    m_applyDisk->setToolTip(tr("Set this disk model and cache in every candidate's spec"));
    auto* diskForm = new QFormLayout;
    diskForm->setRowWrapPolicy(QFormLayout::WrapLongRows);
    diskForm->addRow(tr("Disks:"), m_disk);
    auto* cacheRow = new FlowLayout(FlowLayout::Justify::Fill);
    m_cache->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    cacheRow->addWidget(m_cache);
    cacheRow->addWidget(m_applyDisk);
    diskForm->addRow(tr("Cache:"), cacheRow);

    auto* candidatesBox = new QGroupBox(tr("Candidate arrays"));
    auto* candidatesLayout = new QVBoxLayout(candidatesBox);
    candidatesLayout->addWidget(m_list, 1);
    candidatesLayout->addLayout(addRow);
    candidatesLayout->addLayout(listButtons);
    candidatesLayout->addLayout(diskForm);

    // Replay settings.
    m_scale = new QDoubleSpinBox;
    m_scale->setObjectName(QStringLiteral("replayTimeScale"));
    m_scale->setRange(0.001, 1000);
    m_scale->setDecimals(3);
    m_scale->setValue(1);
    m_scale->setPrefix(QStringLiteral("×"));
    m_scale->setToolTip(tr("Multiplies the trace's inter-arrival times: 0.5 replays twice as fast"));
    m_window = new QDoubleSpinBox;
    m_window->setObjectName(QStringLiteral("replayWindow"));
    m_window->setRange(0.01, 3600);
    m_window->setValue(1);
    m_window->setSuffix(QStringLiteral(" s"));
    m_window->setToolTip(tr("Trace time per replay window; a window whose mean response time is above the "
                            "threshold is a slow period"));
    m_threshold = new QDoubleSpinBox;
    m_threshold->setObjectName(QStringLiteral("replayThreshold"));
    m_threshold->setToolTip(tr("A window whose mean response time is above this many milliseconds is a slow period, e.g. 20 ms"));
    m_threshold->setRange(0.01, 100000);
    m_threshold->setValue(100);
    m_threshold->setSuffix(QStringLiteral(" ms"));
    auto* settingsBox = new QGroupBox(tr("Replay"));
    auto* form = new QFormLayout(settingsBox);
    form->setRowWrapPolicy(QFormLayout::WrapLongRows); // fields under their labels on a narrow window
    form->addRow(tr("Time scale:"), m_scale);
    form->addRow(tr("Window:"), m_window);
    form->addRow(tr("Slow above:"), m_threshold);

    m_runButton = new QPushButton(style()->standardIcon(QStyle::SP_MediaPlay), tr("Run &replay"));
    m_runButton->setObjectName(QStringLiteral("replayRunButton"));
    m_runButton->setToolTip(tr("Replay the trace's requests through every candidate array and compare their response times"));
    setButtonShortcut(m_runButton, keys::run());
    m_jobBar = new JobBar(m_runner, Qt::Vertical);
    m_jobBar->setObjectName(QStringLiteral("replayJobBar"));
    m_jobBar->addStartWidget(m_runButton, 1);
    m_jobBar->cancelButton()->setText(tr("Cancel")); // Alt+C is the summary's Cancel, above the tabs

    auto* left = new QWidget;
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(candidatesBox, 1);
    leftLayout->addWidget(settingsBox);
    m_measuredBox = new MeasuredCandidateBox;
    leftLayout->addWidget(m_measuredBox);
    leftLayout->addWidget(m_jobBar);
    left->setMinimumWidth(fontMetrics().averageCharWidth() * 40);
    left->setMaximumWidth(fontMetrics().averageCharWidth() * 60);

    // Results.
    m_table = new QTableWidget(0, Columns);
    installTableExport(m_table, QStringLiteral("replay"));
    m_table->setObjectName(QStringLiteral("replayTable"));
    m_table->setHorizontalHeaderLabels({ tr("Array"), tr("Disks · cache"), tr("Mean (ms)"), tr("p50 (ms)"), tr("p90 (ms)"),
        tr("p99 (ms)"), tr("IOPS"), tr("Mean err."), tr("p90 err."), tr("p99 err."), tr("IOPS err."), tr("Demerit (ms)"), tr("Slow periods"), tr("Requests"), tr("Disk utilization (%)"),
        tr("Load") });
    for (int c : { MeanErrorColumn, P90ErrorColumn, P99ErrorColumn, IopsErrorColumn })
        m_table->horizontalHeaderItem(c)->setToolTip(tr("Against the measured row: (row - measured) / measured"));
    m_table->horizontalHeaderItem(DemeritColumn)->setToolTip(
        tr("Ruemmler and Wilkes' demerit: the RMS horizontal distance between the row's and the measured row's "
           "response-time CDFs"));
    m_table->horizontalHeaderItem(IopsColumn)->setToolTip(
        tr("Requests completed per second over the replay (as traced: over the trace's span)"));
    // Every column as wide as its contents, the last taking what is left: with the error columns of a
    // measured comparison (#55) the table is wider than the pane, and a row must still say what it is.
    for (int c = ArrayColumn; c < Columns; ++c)
        m_table->horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeaderItem(LoadColumn)->setToolTip(
        tr("The trace's rate against what the candidate sustains: requests over the busiest disk's busy time "
           "(the utilization law); at or above it the queue, and the response times, grow for as long as the "
           "trace lasts"));
    m_verdict = new QLabel;
    m_verdict->setObjectName(QStringLiteral("replayVerdict"));
    m_verdict->setWordWrap(true);
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_verdict->hide();
    m_table->verticalHeader()->setVisible(false);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_plot = new TraceReplayPlot;
    auto* results = new QSplitter(Qt::Vertical);
    results->setObjectName(QStringLiteral("replayResults"));
    auto* top = new QWidget;
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(m_verdict);
    topLayout->addWidget(m_table, 1);
    results->addWidget(top);
    results->addWidget(m_plot);
    results->setChildrenCollapsible(false);
    results->setSizes({ 260, 540 });

    // Settings beside the results when they fit, above them when not (#54 item 7).
    auto* views = new ReflowSplitter;
    views->setObjectName(QStringLiteral("replayViews"));
    views->setChildrenCollapsible(false);
    views->addWidget(left);
    views->addWidget(results);
    views->setStretchFactor(1, 1);
    auto* box = new QHBoxLayout(this);
    box->addWidget(views);

    connect(m_addButton, &QPushButton::clicked, this, &TraceReplayView::addFromEdit);
    connect(m_specEdit, &QLineEdit::returnPressed, this, &TraceReplayView::addFromEdit);
    connect(m_removeButton, &QPushButton::clicked, this, &TraceReplayView::removeSelected);
    connect(m_resetButton, &QPushButton::clicked, this, [this] { setCandidates(defaultCandidates()); });
    connect(m_list, &QListWidget::itemSelectionChanged, this, &TraceReplayView::updateControls);
    connect(m_applyDisk, &QPushButton::clicked, this, &TraceReplayView::applyDiskAndCache);
    connect(m_runButton, &QPushButton::clicked, this, &TraceReplayView::run);
    connect(m_measuredBox, &MeasuredCandidateBox::changed, this, &TraceReplayView::updateControls);
    connect(m_jobBar, &JobBar::cancelled, this, [this] {
        if (m_measured && !m_comparison) { // nothing measured to show: the job's result is dropped
            clearMeasured();
            showArrays({}, false);
        }
        m_jobBar->setStatus(tr("Replay cancelled"));
        updateControls();
    });
    connect(m_runner, &JobRunner::runningChanged, this, [this](bool running) {
        updateControls();
        Q_EMIT runningChanged(running);
    });

    setCandidates(defaultCandidates());
    m_jobBar->setStatus(tr("Open a trace, then Run replay"));
    updateControls();
}

TraceReplayView::~TraceReplayView()
{
    m_runner->cancel(); // before the widgets go
}

QStringList TraceReplayView::defaultCandidates()
{
    return { QStringLiteral("raid5 disks=5 chunk=16KiB"), QStringLiteral("raid5 disks=5 chunk=32KiB"),
        QStringLiteral("raid5 disks=5 chunk=64KiB") };
}

void TraceReplayView::setTrace(const QStringList& files, const TraceJobOptions& options)
{
    if (files != m_files)
        m_runner->cancel(); // a replay of the previous trace is no longer wanted
    m_files = files;
    m_options = options;
    if (!m_runner->isRunning())
        m_jobBar->setStatus(files.isEmpty() ? tr("Open a trace, then Run replay")
                                  : tr("Ready to replay %1").arg(files.join(QStringLiteral(", "))));
    updateControls();
}

QStringList TraceReplayView::candidates() const
{
    QStringList out;
    for (int i = 0; i < m_list->count(); ++i)
        out << m_list->item(i)->text();
    return out;
}

void TraceReplayView::setCandidates(const QStringList& specs)
{
    m_list->clear();
    for (const QString& s : specs)
        m_list->addItem(s.trimmed());
    updateControls();
    Q_EMIT candidatesChanged();
}

bool TraceReplayView::addCandidate(const QString& spec, QString* error)
{
    QString why;
    const auto simulator = ArraySimulator::create(spec.trimmed(), &why);
    if (!simulator) {
        if (error)
            *error = why;
        m_jobBar->setStatus(tr("Not added: %1").arg(why), true);
        return false;
    }
    m_list->addItem(spec.trimmed());
    m_jobBar->setStatus(tr("Added %1").arg(simulator->arraySpec()));
    updateControls();
    Q_EMIT candidatesChanged();
    return true;
}

void TraceReplayView::addFromEdit()
{
    if (m_specEdit->text().trimmed().isEmpty())
        return;
    if (addCandidate(m_specEdit->text()))
        m_specEdit->clear();
}

void TraceReplayView::removeSelected()
{
    qDeleteAll(m_list->selectedItems());
    updateControls();
    Q_EMIT candidatesChanged();
}

void TraceReplayView::applyDiskAndCache()
{
    const QString disk = m_disk->currentData().toString();
    const auto cache = std::uint64_t(m_cache->currentData().toULongLong());
    QStringList specs;
    for (const QString& spec : candidates())
        specs << withDiskAndCache(spec, disk, cache);
    setCandidates(specs);
    m_jobBar->setStatus(tr("Every candidate now uses %1").arg(diskAndCacheText(specs.value(0))));
}

void TraceReplayView::setBaseline(const std::optional<TracedBaseline>& baseline)
{
    m_baseline = baseline;
    showArrays(m_arrays, m_runner->isRunning());
}

QString TraceReplayView::verdictText() const
{
    return m_verdict->isHidden() ? QString() : m_verdict->text();
}

void TraceReplayView::setTimeScale(double scale) { m_scale->setValue(scale); }

double TraceReplayView::timeScale() const { return m_scale->value(); }

void TraceReplayView::setWindowSeconds(double seconds) { m_window->setValue(seconds); }

double TraceReplayView::windowSeconds() const { return m_window->value(); }

void TraceReplayView::setSlowThresholdMs(double ms) { m_threshold->setValue(ms); }

double TraceReplayView::slowThresholdMs() const { return m_threshold->value(); }

void TraceReplayView::restoreResult(const std::optional<TraceReplayResult>& result)
{
    m_runner->cancel();
    clearMeasured(); // a workspace keeps the simulated comparison only
    m_result = result.value_or(TraceReplayResult {});
    showArrays(m_result.arrays, false);
    m_jobBar->setProgress(result ? 1 : 0);
    if (result)
        m_jobBar->setStatus(tr("From the workspace: %1 requests replayed through %n array(s)", nullptr,
            int(m_result.arrays.size()))
                                .arg(m_result.records));
    updateControls();
}

bool TraceReplayView::isRunning() const { return m_runner->isRunning(); }

QString TraceReplayView::statusText() const { return m_jobBar->statusText(); }

bool TraceReplayView::run()
{
    if (m_files.isEmpty()) {
        m_jobBar->setStatus(tr("Cannot replay: open a trace first"), true);
        return false;
    }
    const bool measuring = m_measuredBox->measuring();
    if (m_list->count() == 0 && !measuring) {
        m_jobBar->setStatus(tr("Cannot replay: add a candidate array"), true);
        return false;
    }
    TraceReplayOptions options;
    options.read = m_options;
    options.arraySpecs = candidates();
    options.timeScale = m_scale->value();
    options.windowSeconds = m_window->value();
    options.slowThresholdMs = m_threshold->value();
    const QStringList files = m_files;
    if (measuring)
        return runMeasured(files, options);
    clearMeasured();

    m_arrays.clear();
    m_result = {};
    m_table->setRowCount(0);
    m_plot->clear();
    m_jobBar->setProgress(0);
    m_jobBar->setStatus(tr("Replaying through %n array(s)…", nullptr, int(options.arraySpecs.size())));
    m_runner->start(
        [files, options](std::stop_token stop, auto report) { return replayTrace(files, options, stop, report); },
        [this](const TraceReplaySnapshot& s) {
            m_jobBar->setProgress(s.fraction);
            m_jobBar->setStatus(tr("Replaying: %1 %").arg(qRound(s.fraction * 100)));
            showArrays(s.partial, true);
        },
        [this](TraceReplayResult r) { onDone(std::move(r)); });
    updateControls();
    return true;
}

void TraceReplayView::cancel() { m_jobBar->cancel(); }

void TraceReplayView::onDone(TraceReplayResult result)
{
    m_result = std::move(result);
    m_jobBar->setProgress(1);
    showArrays(m_result.arrays, false);
    if (!m_result.ok)
        m_jobBar->setStatus(tr("Replay failed: %1").arg(m_result.error), true);
    else
        m_jobBar->setStatus(tr("Replayed %1 requests at ×%2 in %3 s windows; slow = window mean above %4 ms")
                      .arg(m_result.records)
                      .arg(m_scale->value())
                      .arg(m_window->value())
                      .arg(m_threshold->value()));
    updateControls();
    Q_EMIT finished();
}

void TraceReplayView::clearMeasured()
{
    m_measured.reset();
    m_comparison.reset();
    m_caveats.clear();
    m_measuredMode.clear();
}

bool TraceReplayView::runMeasured(const QStringList& files, const TraceReplayOptions& options)
{
    const QString path = m_measuredBox->devicePath();
    if (path.isEmpty()) {
        m_jobBar->setStatus(tr("Cannot measure: choose a device or file under \"Measured on a device\""), true);
        return false;
    }
    MeasuredComparisonOptions mo;
    mo.device.read = options.read;
    mo.device.devicePath = path;
    mo.device.timeScale = options.timeScale;
    mo.device.windowSeconds = options.windowSeconds;
    mo.device.slowThresholdMs = options.slowThresholdMs;
    mo.device.writes = m_measuredBox->allowWrites() ? DeviceWriteMode::Safe : DeviceWriteMode::Skip;
    mo.arraySpecs = options.arraySpecs;
    clearMeasured();
    m_measured = TraceReplayArray {};
    m_measured->arraySpec = QStringLiteral("measured on %1").arg(path);
    m_measuredMode = m_measuredBox->allowWrites() ? tr("the device · safe writes") : tr("the device · reads only");
    m_arrays.clear();
    m_result = {};
    m_table->setRowCount(0);
    m_plot->clear();
    showArrays({}, true);
    m_jobBar->setProgress(0);
    m_jobBar->setStatus(tr("Measuring on %1…").arg(path));
    m_runner->start(
        [files, mo](std::stop_token stop, auto report) { return compareMeasuredReplay(files, mo, stop, report); },
        [this](const MeasuredComparisonSnapshot& s) { onMeasuredSnapshot(s); },
        [this](MeasuredComparisonResult r) { onMeasuredDone(std::move(r)); });
    updateControls();
    return true;
}

void TraceReplayView::onMeasuredSnapshot(const MeasuredComparisonSnapshot& s)
{
    m_jobBar->setProgress(s.fraction);
    switch (s.stage) {
    case MeasuredComparisonStage::Traced:
        m_jobBar->setStatus(tr("Reading the trace's own response times: %1 %").arg(qRound(s.fraction * 100)));
        break;
    case MeasuredComparisonStage::Measuring:
        m_jobBar->setStatus(tr("Measuring on the device: %1 requests served, %2 writes skipped")
                                .arg(s.measuring.served)
                                .arg(s.measuring.writesSkipped));
        break;
    case MeasuredComparisonStage::Simulating:
        m_jobBar->setStatus(tr("Simulating the candidates: %1 %").arg(qRound(s.fraction * 100)));
        if (s.measured)
            m_measured = s.measured->array;
        showArrays(s.simulatedPartial, true);
        break;
    }
}

void TraceReplayView::onMeasuredDone(MeasuredComparisonResult r)
{
    m_jobBar->setProgress(1);
    if (!r.ok) {
        clearMeasured();
        showArrays({}, false);
        m_jobBar->setStatus(tr("Measured replay failed: %1").arg(r.error), true);
        updateControls();
        Q_EMIT finished();
        return;
    }
    m_measured = r.measured.array;
    m_comparison = r.comparison;
    m_caveats = r.caveats;
    m_result = r.simulated;
    showArrays(m_result.arrays, false);
    m_jobBar->setStatus(tr("Measured %1 requests on %2 (%3) beside %n simulated candidate(s)", nullptr,
        int(m_result.arrays.size()))
                            .arg(r.measured.readsServed + r.measured.writesServed)
                            .arg(r.measured.path, r.measured.modeText()));
    updateControls();
    Q_EMIT finished();
}

void TraceReplayView::updateControls()
{
    const bool running = m_runner->isRunning();
    m_measuredBox->setRunning(running);
    m_runButton->setEnabled(!running && !m_files.isEmpty() && (m_list->count() > 0 || m_measuredBox->measuring()));
    m_removeButton->setEnabled(!m_list->selectedItems().isEmpty());
}

} // namespace raidscope::gui
