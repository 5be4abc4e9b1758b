// SPDX-License-Identifier: GPL-3.0-or-later
#include "tracereplayview.h"

#include "sim/arraysimulator.h"
#include "traces/tracereplayplot.h"
#include "widgets/jobbar.h"
#include "widgets/shortcuts.h"
#include "widgets/jobrunner.h"
#include "widgets/tableexport.h"

#include <QDoubleSpinBox>
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

namespace raidscope::gui {

namespace {

    enum Column {
        ArrayColumn,
        MeanColumn,
        P50Column,
        P90Column,
        P99Column,
        SlowColumn,
        RequestsColumn,
        UtilColumn,
        Columns
    };

    QTableWidgetItem* numberItem(const QString& text)
    {
        auto* item = new QTableWidgetItem(text);
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        return item;
    }

} // namespace

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
    auto* listButtons = new QHBoxLayout;
    listButtons->addWidget(m_removeButton);
    listButtons->addWidget(m_resetButton);
    listButtons->addStretch(1);
    auto* candidatesBox = new QGroupBox(tr("Candidate arrays"));
    auto* candidatesLayout = new QVBoxLayout(candidatesBox);
    candidatesLayout->addWidget(m_list, 1);
    candidatesLayout->addLayout(addRow);
    candidatesLayout->addLayout(listButtons);

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
    leftLayout->addWidget(m_jobBar);
    left->setMinimumWidth(320);
    left->setMaximumWidth(420);

    // Results.
    m_table = new QTableWidget(0, Columns);
    installTableExport(m_table, QStringLiteral("replay"));
    m_table->setObjectName(QStringLiteral("replayTable"));
    m_table->setHorizontalHeaderLabels({ tr("Array"), tr("Mean (ms)"), tr("p50 (ms)"), tr("p90 (ms)"), tr("p99 (ms)"),
        tr("Slow periods"), tr("Requests"), tr("Disk utilization (%)") });
    m_table->horizontalHeader()->setSectionResizeMode(ArrayColumn, QHeaderView::Stretch);
    for (int c = MeanColumn; c < Columns; ++c)
        m_table->horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    m_table->verticalHeader()->setVisible(false);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_plot = new TraceReplayPlot;
    auto* results = new QSplitter(Qt::Vertical);
    results->setObjectName(QStringLiteral("replayResults"));
    results->addWidget(m_table);
    results->addWidget(m_plot);
    results->setChildrenCollapsible(false);
    results->setSizes({ 150, 650 });

    auto* box = new QHBoxLayout(this);
    box->addWidget(left);
    box->addWidget(results, 1);

    connect(m_addButton, &QPushButton::clicked, this, &TraceReplayView::addFromEdit);
    connect(m_specEdit, &QLineEdit::returnPressed, this, &TraceReplayView::addFromEdit);
    connect(m_removeButton, &QPushButton::clicked, this, &TraceReplayView::removeSelected);
    connect(m_resetButton, &QPushButton::clicked, this, [this] { setCandidates(defaultCandidates()); });
    connect(m_list, &QListWidget::itemSelectionChanged, this, &TraceReplayView::updateControls);
    connect(m_runButton, &QPushButton::clicked, this, &TraceReplayView::run);
    connect(m_jobBar, &JobBar::cancelled, this, [this] {
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
    if (m_list->count() == 0) {
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

void TraceReplayView::showArrays(const std::vector<TraceReplayArray>& arrays, bool partial)
{
    m_arrays = arrays;
    m_table->setRowCount(int(arrays.size()));
    const auto ms = [](double v) { return QString::number(v, 'f', v < 10 ? 2 : 1); };
    for (int row = 0; row < int(arrays.size()); ++row) {
        const TraceReplayArray& a = arrays[std::size_t(row)];
        m_table->setItem(row, ArrayColumn, new QTableWidgetItem(a.arraySpec));
        if (!a.error.isEmpty()) {
            auto* refused = new QTableWidgetItem(tr("refused: %1").arg(a.error));
            refused->setForeground(QColor(0xb0, 0x00, 0x20));
            m_table->setItem(row, MeanColumn, refused);
            m_table->setSpan(row, MeanColumn, 1, Columns - MeanColumn);
            continue;
        }
        const SimResult& r = a.result;
        const bool any = r.requests > 0;
        m_table->setItem(row, MeanColumn, numberItem(any ? ms(r.responseMs.mean()) : QStringLiteral("–")));
        m_table->setItem(row, P50Column, numberItem(any ? ms(r.percentileMs(0.5)) : QStringLiteral("–")));
        m_table->setItem(row, P90Column, numberItem(any ? ms(r.percentileMs(0.9)) : QStringLiteral("–")));
        m_table->setItem(row, P99Column, numberItem(any ? ms(r.percentileMs(0.99)) : QStringLiteral("–")));
        m_table->setItem(row, SlowColumn, numberItem(QStringLiteral("%1 of %2").arg(a.slowPeriods).arg(a.windows)));
        m_table->setItem(row, RequestsColumn, numberItem(QString::number(r.requests)));
        QStringList util;
        for (const DiskResult& d : r.disks)
            util << QString::number(d.utilization * 100, 'f', 0);
        m_table->setItem(row, UtilColumn, numberItem(util.join(u' ')));
    }
    m_plot->setArrays(arrays, partial);
}

void TraceReplayView::updateControls()
{
    const bool running = m_runner->isRunning();
    m_runButton->setEnabled(!running && !m_files.isEmpty() && m_list->count() > 0);
    m_removeButton->setEnabled(!m_list->selectedItems().isEmpty());
}

} // namespace raidscope::gui
