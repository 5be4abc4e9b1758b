// SPDX-License-Identifier: GPL-3.0-or-later
#include "tracespage.h"
#include "widgets/workspacedrop.h"

#include "io/outputfile.h"
#include "traces/tracedeviceplot.h"
#include "traces/tracelorenzplot.h"
#include "traces/tracemixplot.h"
#include "traces/tracelayoutview.h"
#include "traces/tracereplayview.h"
#include "traces/tracerunplot.h"
#include "traces/tracesizeplot.h"
#include "traces/tracetimeplot.h"
#include "units.h"
#include "widgets/jobbar.h"
#include "widgets/tabsizing.h"
#include "widgets/shortcuts.h"
#include "widgets/theme.h"
#include "widgets/jobrunner.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include "widgets/flowlayout.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QMimeData>
#include <QPushButton>
#include <QStyle>
#include <QTabWidget>
#include <QVBoxLayout>

namespace raidscope::gui {

namespace {

    enum ExportKind { ExportJson, ExportCsv, ExportFio };

    QString shortNumber(double v) { return QString::number(v, 'g', 4); }

    QLabel* fieldLabel(const QString& text)
    {
        auto* l = new QLabel(text);
        l->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Preferred);
        return l;
    }

} // namespace

TracesPage::TracesPage(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("tracesPage"));
    setAcceptDrops(true);
    m_runner = new JobRunner(this);

    // What to read and how.
    m_openButton = new QPushButton(style()->standardIcon(QStyle::SP_DialogOpenButton), tr("&Open Traces…"));
    m_openButton->setObjectName(QStringLiteral("openTraceButton"));
    m_openButton->setToolTip(tr("Open one or more trace files (read as one trace); or drop files on this page"));
    m_filesLabel = new QLabel(tr("No trace: open one or drop files here"));
    m_filesLabel->setObjectName(QStringLiteral("traceFiles"));
    m_filesLabel->setWordWrap(true); // several long file names wrap rather than widen the page
    m_filesLabel->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    m_filesLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_format = new QComboBox;
    m_format->setObjectName(QStringLiteral("traceFormat"));
    m_format->setToolTip(tr("The trace's format: auto guesses it from the first lines (blkparse, blktrace, MSR, SPC, DiskSim, fio, CSV)"));
    const std::pair<TraceFormat, QString> formats[]
        = { { TraceFormat::Auto, tr("auto (sniff the content)") }, { TraceFormat::Blkparse, tr("blkparse text") },
              { TraceFormat::Blktrace, tr("blktrace binary") }, { TraceFormat::MsrCsv, tr("MSR Cambridge / SNIA CSV") },
              { TraceFormat::Spc, tr("SPC / UMass ASCII") }, { TraceFormat::DiskSim, tr("DiskSim ASCII") },
              { TraceFormat::FioLog, tr("fio iolog v2/v3") }, { TraceFormat::Csv, tr("CSV with a column mapping") } };
    for (const auto& [format, name] : formats)
        m_format->addItem(name, traceFormatName(format));
    m_fioUnit = new QComboBox;
    m_fioUnit->setObjectName(QStringLiteral("fioTimeUnit"));
    m_fioUnit->addItem(tr("auto"), int(FioTimeUnit::Auto));
    m_fioUnit->addItem(tr("µs (fio's writer)"), int(FioTimeUnit::Microseconds));
    m_fioUnit->addItem(tr("ms (other tools)"), int(FioTimeUnit::Milliseconds));
    m_fioUnit->setToolTip(tr("Unit of fio iolog v3 timestamps: fio itself logs microseconds, converters milliseconds"));
    m_csvPreset = new QComboBox;
    m_csvPreset->setObjectName(QStringLiteral("csvMapping"));
    m_csvPreset->setToolTip(tr("Which CSV columns hold time, device, operation, offset and size: a known trace's mapping or your own"));
    m_csvPreset->addItem(tr("Alibaba 2020"), QStringLiteral("alibaba"));
    m_csvPreset->addItem(tr("Tencent CBS 2018"), QStringLiteral("tencent"));
    m_csvPreset->addItem(tr("custom columns:"), QString());
    m_csvColumns = new QLineEdit(QStringLiteral("time=1:us,device=2,op=3:RW,offset=4:B,size=5:B"));
    m_csvColumns->setObjectName(QStringLiteral("csvColumns"));
    m_csvColumns->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_csvColumns->setMinimumWidth(m_csvColumns->fontMetrics().averageCharWidth() * 24);
    m_csvColumns->setToolTip(tr("time=COL:UNIT,device=COL,op=COL:RW|01|10,offset=COL:B|sector,size=COL:B|sector"
                                "[,response=COL:UNIT][,header][,sep=;] — columns count from 1"));
    m_policy = new QComboBox;
    m_policy->setObjectName(QStringLiteral("errorPolicy"));
    m_policy->setToolTip(tr("A malformed line: stop at the first (and say where), or skip it and count it"));
    m_policy->addItem(tr("stop at the first"), int(TraceErrorPolicy::Stop));
    m_policy->addItem(tr("skip and count"), int(TraceErrorPolicy::Skip));
    m_slowMs = new QDoubleSpinBox;
    m_slowMs->setObjectName(QStringLiteral("slowThreshold"));
    m_slowMs->setRange(0.01, 100000);
    m_slowMs->setValue(100);
    m_slowMs->setSuffix(QStringLiteral(" ms"));
    m_slowMs->setToolTip(
        tr("An interval whose mean response time is above this is a slow period (whitepaper Scenario 2)"));
    m_reloadButton = new QPushButton(style()->standardIcon(QStyle::SP_BrowserReload), tr("Re&load"));
    m_reloadButton->setObjectName(QStringLiteral("traceReloadButton"));
    m_reloadButton->setToolTip(tr("Read the open trace files again, with the format and options now chosen"));
    setButtonShortcut(m_reloadButton, keys::reload());

    // One flow of controls that wraps on a narrow window (#54 item 7); each label stays with its field.
    auto* readBar = new FlowLayout(FlowLayout::Justify::Fill);
    readBar->setHorizontalSpacing(10);
    readBar->setVerticalSpacing(4);
    readBar->addWidget(m_openButton);
    readBar->addWidget(m_filesLabel);
    readBar->addPair(fieldLabel(tr("Format:")), m_format);
    readBar->addPair(fieldLabel(tr("fio time:")), m_fioUnit);
    m_csvLabel = fieldLabel(tr("CSV:"));
    auto* csvFields = new QHBoxLayout;
    csvFields->setSpacing(6);
    csvFields->addWidget(m_csvPreset);
    csvFields->addWidget(m_csvColumns);
    readBar->addPair(m_csvLabel, csvFields);
    readBar->addPair(fieldLabel(tr("Malformed lines:")), m_policy);
    readBar->addPair(fieldLabel(tr("Slow above:")), m_slowMs);
    readBar->addWidget(m_reloadButton);

    // Progress and exports: reading starts from the bar above (Open, Reload, any option changed).
    m_jobBar = new JobBar(m_runner);
    m_jobBar->setObjectName(QStringLiteral("traceJobBar"));
    m_jobBar->addEndWidget(fieldLabel(tr("Export:")));
    QPushButton* json = m_jobBar->addSaveButton(tr("Summary &JSON…"));
    json->setObjectName(QStringLiteral("exportJsonButton"));
    json->setToolTip(tr("Save the summary as JSON (the CLI's trace summarize --json object)"));
    QPushButton* csv = m_jobBar->addSaveButton(tr("Summary &CSV…"), false);
    csv->setObjectName(QStringLiteral("exportCsvButton"));
    csv->setToolTip(tr("Save the summary's tables as CSV, each after a '# name' line"));
    m_fioButton = new QPushButton(tr("fio &iolog…"));
    m_fioButton->setObjectName(QStringLiteral("exportFioButton"));
    m_fioButton->setToolTip(
        tr("Write the trace as a fio iolog v3, to replay it on real hardware with fio --read_iolog"));
    m_jobBar->addEndWidget(m_fioButton);

    // What was read: the trace in a line, what the format lacks, malformed lines.
    m_info = new QLabel;
    m_info->setObjectName(QStringLiteral("traceInfo"));
    m_info->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_info->setWordWrap(true);
    m_notes = new QLabel;
    m_notes->setObjectName(QStringLiteral("traceNotes"));
    m_notes->setWordWrap(true);
    m_notes->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_notes->setStyleSheet(noteBoxStyle(this, false));
    m_notes->setVisible(false);
    m_errors = new QLabel;
    m_errors->setObjectName(QStringLiteral("traceErrors"));
    m_errors->setWordWrap(true);
    m_errors->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_errors->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_errors->setStyleSheet(noteBoxStyle(this, true));
    m_errors->setVisible(false);

    // The summary views: distribution and skew on top, time series below.
    m_sizePlot = new TraceSizePlot;
    m_mixPlot = new TraceMixPlot;
    m_devicePlot = new TraceDevicePlot;
    m_lorenzPlot = new TraceLorenzPlot;
    m_runPlot = new TraceRunPlot;
    m_queuePlot = new TraceTimePlot(TraceTimePlot::Kind::QueueDepth);
    m_arrivalPlot = new TraceTimePlot(TraceTimePlot::Kind::ArrivalRate);
    m_responsePlot = new TraceTimePlot(TraceTimePlot::Kind::ResponseTime);
    auto* views = new QWidget;
    views->setObjectName(QStringLiteral("traceSummaryViews"));
    // Three to a line on a wide window, fewer as it narrows (#54 item 7).
    auto* grid = new FlowLayout(views, FlowLayout::Justify::Fill);
    grid->setHorizontalSpacing(4);
    grid->setVerticalSpacing(4);
    for (QWidget* plot : std::initializer_list<QWidget*> { m_sizePlot, m_mixPlot, m_devicePlot, m_lorenzPlot, m_runPlot,
             m_queuePlot, m_arrivalPlot, m_responsePlot })
        grid->addWidget(plot);
    auto* summaryTab = new QWidget;
    auto* summaryLayout = new QVBoxLayout(summaryTab);
    summaryLayout->setContentsMargins(4, 4, 4, 4);
    summaryLayout->setSpacing(4);
    summaryLayout->addWidget(m_info);
    summaryLayout->addWidget(m_notes);
    summaryLayout->addWidget(m_errors);
    summaryLayout->addWidget(views, 1);

    m_replay = new TraceReplayView;
    m_tabs = new QTabWidget;
    m_tabs->setObjectName(QStringLiteral("traceTabs"));
    m_tabs->addTab(new TabPage(summaryTab), tr("Summary"));
    m_tabs->addTab(new TabPage(m_replay), tr("Replay through candidate arrays"));
    // The trace through the layout (#56 item 1): the replay's first candidate is the array under
    // study (the banner makes the list it and its variations), the others are analyzed beside it.
    m_layout = new TraceLayoutView;
    m_tabs->addTab(new TabPage(m_layout), tr("Layout"));
    const auto followCandidates = [this] {
        const QStringList c = m_replay->candidates();
        m_layout->setArraySpec(c.isEmpty() ? QString() : c.front());
        m_layout->setCandidates(c.mid(1));
    };
    connect(m_replay, &TraceReplayView::candidatesChanged, this, followCandidates);
    followCandidates();
    // The replay tab's long column of options made the page scroll on the Layout tab too (#54).
    resizeTabsWithCurrent(m_tabs);

    auto* box = new QVBoxLayout(this);
    box->setSpacing(6);
    box->addLayout(readBar);
    box->addWidget(m_jobBar);
    box->addWidget(m_tabs, 1);

    connect(m_openButton, &QPushButton::clicked, this, &TracesPage::openFilesDialog);
    connect(m_reloadButton, &QPushButton::clicked, this, &TracesPage::reload);
    connect(m_jobBar, &JobBar::cancelled, this, &TracesPage::onCancelled);
    connect(json, &QPushButton::clicked, this, [this] { exportAs(ExportJson); });
    connect(csv, &QPushButton::clicked, this, [this] { exportAs(ExportCsv); });
    connect(m_fioButton, &QPushButton::clicked, this, [this] { exportAs(ExportFio); });
    for (QComboBox* c : { m_format, m_fioUnit, m_csvPreset, m_policy })
        connect(c, &QComboBox::currentIndexChanged, this, &TracesPage::optionsChanged);
    connect(m_csvColumns, &QLineEdit::editingFinished, this, &TracesPage::optionsChanged);
    connect(m_slowMs, &QDoubleSpinBox::editingFinished, this, [this] {
        m_replay->setSlowThresholdMs(m_slowMs->value());
        optionsChanged();
    });
    connect(m_runner, &JobRunner::runningChanged, this, [this](bool running) {
        updateControls();
        Q_EMIT runningChanged(running);
    });

    m_jobBar->setStatus(tr("Open a trace: blkparse, blktrace, MSR/SNIA CSV, SPC, DiskSim, fio iolog or mapped CSV"));
    updateControls();
}

TracesPage::~TracesPage()
{
    m_runner->cancel(); // before the views go: nothing may arrive for them after this
}

void TracesPage::setFormat(TraceFormat format)
{
    const int i = m_format->findData(traceFormatName(format));
    if (i >= 0)
        m_format->setCurrentIndex(i);
}

bool TracesPage::setCsvMappingText(const QString& text)
{
    CsvMapping mapping;
    QString error;
    if (!parseCsvMapping(text, &mapping, &error)) {
        m_jobBar->setStatus(tr("CSV mapping: %1").arg(error), true);
        return false;
    }
    ++m_settingOptions;
    const int preset = m_csvPreset->findData(text.trimmed().toLower());
    if (preset >= 0) {
        m_csvPreset->setCurrentIndex(preset);
    } else {
        m_csvPreset->setCurrentIndex(m_csvPreset->count() - 1);
        m_csvColumns->setText(text.trimmed());
    }
    setFormat(TraceFormat::Csv);
    --m_settingOptions;
    optionsChanged();
    return true;
}

void TracesPage::setFioTimeUnit(FioTimeUnit unit) { m_fioUnit->setCurrentIndex(m_fioUnit->findData(int(unit))); }

void TracesPage::setErrorPolicy(TraceErrorPolicy policy) { m_policy->setCurrentIndex(m_policy->findData(int(policy))); }

void TracesPage::setSlowThresholdMs(double ms)
{
    m_slowMs->setValue(ms);
    m_replay->setSlowThresholdMs(ms);
    optionsChanged();
}

std::optional<TraceJobOptions> TracesPage::jobOptions(QString* error) const
{
    TraceJobOptions o;
    // The remedies in this page's words, not the CLI's (#54 item 8).
    o.reader.formatRemedy = tr("choose it in the Format box");
    o.reader.columnsRemedy = tr("choose CSV in the Format box and give the Columns mapping, or a preset: alibaba, tencent");
    parseTraceFormat(m_format->currentData().toString(), &o.reader.format);
    o.reader.fioTimeUnit = FioTimeUnit(m_fioUnit->currentData().toInt());
    o.onError = TraceErrorPolicy(m_policy->currentData().toInt());
    o.summary.slowThresholdMs = m_slowMs->value();
    if (o.reader.format == TraceFormat::Csv) {
        const QString preset = m_csvPreset->currentData().toString();
        QString why;
        if (!parseCsvMapping(preset.isEmpty() ? m_csvColumns->text() : preset, &o.reader.csv, &why)) {
            if (error)
                *error = tr("CSV mapping: %1").arg(why);
            return std::nullopt;
        }
    }
    return o;
}

void TracesPage::optionsChanged()
{
    updateControls();
    if (m_settingOptions || m_files.isEmpty())
        return;
    reload(); // what is shown always matches the options on screen
}

bool TracesPage::openFiles(const QStringList& paths)
{
    QStringList files;
    for (const QString& p : paths) {
        if (!QFileInfo(p).isFile()) {
            // A pipe or device can be read once only, and this page reads a trace again whenever
            // an option changes; raidscope-cli reads them (trace summarize /dev/stdin).
            m_jobBar->setStatus(QFileInfo::exists(p)
                    ? tr("Cannot open %1: not a regular file (a pipe, FIFO or device; raidscope-cli trace summarize reads those)").arg(p)
                    : tr("Cannot open %1: no such file").arg(p),
                true);
            return false;
        }
        files << p;
    }
    if (files.isEmpty()) {
        m_jobBar->setStatus(tr("No file to open"), true);
        return false;
    }
    m_files = files;
    QStringList names;
    for (const QString& f : files)
        names << QFileInfo(f).fileName();
    m_filesLabel->setText(names.join(QStringLiteral(", ")));
    m_filesLabel->setToolTip(files.join(u'\n'));
    return reload();
}

void TracesPage::openFilesDialog()
{
    const QStringList paths = QFileDialog::getOpenFileNames(this, tr("Open Traces"), QString(),
        tr("Block I/O traces (*.csv *.txt *.trace *.spc *.log *.blktrace.* *.iolog *.gz *.xz *.zst);;All files (*)"));
    if (!paths.isEmpty())
        openFiles(paths);
}

bool TracesPage::reload()
{
    if (m_files.isEmpty()) {
        m_jobBar->setStatus(tr("Open a trace first"), true);
        return false;
    }
    QString error;
    const auto options = jobOptions(&error);
    if (!options) {
        m_jobBar->setStatus(error, true);
        return false;
    }
    m_exporting = false; // a running export is superseded: it leaves no file
    m_summary.reset();
    m_error.clear();
    m_stopped = false;
    clearViews();
    m_jobBar->setProgress(0);
    m_jobBar->setStatus(tr("Reading %1…").arg(m_filesLabel->text()));
    m_replay->setTrace(m_files, *options);
    m_layout->setTrace(m_files, *options);
    m_replay->setBaseline(std::nullopt); // until this trace's own response times are read

    const QStringList files = m_files;
    const TraceJobOptions o = *options;
    m_runner->start([files, o](std::stop_token stop, auto report) { return summarizeTrace(files, o, stop, report); },
        [this](const TraceSummarySnapshot& s) { onSnapshot(s); },
        [this](TraceSummaryResult r) { onDone(std::move(r)); });
    updateControls();
    return true;
}

void TracesPage::cancel() { m_jobBar->cancel(); }

void TracesPage::onCancelled()
{
    if (m_exporting) {
        m_exporting = false;
        m_lastExport.cancelled = true;
        m_jobBar->setStatus(tr("Export cancelled: nothing written"));
        updateControls();
        return;
    }
    m_jobBar->setStatus(m_summary ? tr("Cancelled: showing the first %1 requests").arg(m_summary->records) : tr("Cancelled"));
    updateControls();
}

bool TracesPage::isRunning() const { return m_runner->isRunning(); }

QString TracesPage::statusText() const { return m_jobBar->statusText(); }

QString TracesPage::notesText() const { return m_notes->text(); }

QString TracesPage::errorPanelText() const { return m_errors->isHidden() ? QString() : m_errors->text(); }

// GUI thread: cheap; the plots draw on their own timers.
void TracesPage::onSnapshot(const TraceSummarySnapshot& s)
{
    m_jobBar->setProgress(s.fraction);
    m_jobBar->setStatus(tr("Reading: %1 % (%2 of %3), %4 requests so far")
                  .arg(qRound(s.fraction * 100))
                  .arg(formatBytesHuman(s.bytesDone), formatBytesHuman(s.bytesTotal))
                  .arg(s.records));
    if (s.partial)
        showSummary(s.partial, true);
}

void TracesPage::onDone(TraceSummaryResult r)
{
    m_error = r.error;
    m_stopped = !r.ok;
    if (r.ok)
        m_jobBar->setProgress(1);
    auto summary = std::make_shared<const TraceSummary>(std::move(r.summary));
    if (r.ok || summary->records > 0 || !m_summary)
        showSummary(summary, false);
    if (r.ok) {
        m_replay->setBaseline(TracedBaseline::of(*summary));
        m_jobBar->setStatus(tr("Read %1 requests over %2 s").arg(summary->records).arg(shortNumber(summary->durationSeconds())));
    } else {
        m_jobBar->setStatus(tr("Stopped: %1").arg(r.error), true);
    }
    showErrors();
    updateControls();
    Q_EMIT summaryFinished();
}

void TracesPage::clearViews()
{
    m_sizePlot->clear();
    m_mixPlot->clear();
    m_devicePlot->clear();
    m_lorenzPlot->clear();
    m_runPlot->clear();
    for (TraceTimePlot* p : { m_queuePlot, m_arrivalPlot, m_responsePlot })
        p->clear();
    m_info->clear();
    m_notes->clear();
    m_notes->setVisible(false);
    m_errors->clear();
    m_errors->setVisible(false);
}

void TracesPage::showSummary(const std::shared_ptr<const TraceSummary>& summary, bool partial)
{
    m_summary = summary;
    const TraceSummary& s = *summary;
    m_sizePlot->setSummary(s);
    m_mixPlot->setSummary(s);
    m_devicePlot->setSummary(s);
    m_lorenzPlot->setSummary(s);
    m_runPlot->setSummary(s);
    m_queuePlot->setSummary(s);
    m_arrivalPlot->setSummary(s);
    m_responsePlot->setSummary(s);

    QString info = tr("<b>%1</b> — %2 · %3 requests (%4 reads, %5 writes), %6 over %7 s")
                       .arg(s.files.join(QStringLiteral(", ")).toHtmlEscaped(), s.format.detail.toHtmlEscaped())
                       .arg(s.records)
                       .arg(s.reads)
                       .arg(s.writes)
                       .arg(formatBytesHuman(s.bytesRead + s.bytesWritten))
                       .arg(shortNumber(s.durationSeconds()));
    if (!s.format.timeOrigin.isEmpty())
        info += tr(" · times from the %1").arg(s.format.timeOrigin.toHtmlEscaped());
    if (s.outOfOrder || s.zeroSize)
        info += tr(" · %1 out-of-order timestamps, %2 zero-size requests").arg(s.outOfOrder).arg(s.zeroSize);
    if (partial)
        info += tr(" · <i>so far</i>");
    m_info->setText(info);

    // What the format lacks, said plainly (never invented): the reader's notes, and a line of ours
    // for what it lacks without a note saying so.
    QStringList notes = s.notes();
    if (!s.format.has(TraceField::ResponseTimes) && !s.format.explains(TraceField::ResponseTimes)
        && !s.hasResponseTimes())
        notes.prepend(tr("%1 records no response times: response percentiles, slow periods and queue depth are "
                         "not shown")
                          .arg(s.format.detail));
    if (!s.format.has(TraceField::Timestamps) && !s.format.explains(TraceField::Timestamps))
        notes.prepend(tr("%1 records no timestamps: arrival rate, queue depth and response time over time are not "
                         "shown")
                          .arg(s.format.detail));
    notes.removeDuplicates();
    m_notes->setText(notes.join(QStringLiteral("\n")));
    m_notes->setVisible(!notes.isEmpty());
}

void TracesPage::showErrors()
{
    QString text;
    if (m_stopped && !m_error.isEmpty()) {
        text = tr("Stopped at the first malformed line (choose 'skip and count' to read on):\n%1").arg(m_error);
        if (m_summary && m_summary->records)
            text += tr("\nThe views show the %1 requests before it.").arg(m_summary->records);
    } else if (m_summary && m_summary->skipped) {
        text = tr("Skipped %n malformed line(s):", nullptr, int(std::min<std::uint64_t>(m_summary->skipped, 1u << 30)));
        for (const QString& m : m_summary->skippedMessages)
            text += u'\n' + m;
        if (m_summary->skipped > std::uint64_t(m_summary->skippedMessages.size()))
            text += tr("\n… and %1 more").arg(m_summary->skipped - std::uint64_t(m_summary->skippedMessages.size()));
    }
    m_errors->setText(text);
    m_errors->setVisible(!text.isEmpty());
}

bool TracesPage::exportSummaryJson(const QString& path, QString* error) const
{
    if (!m_summary) {
        if (error)
            *error = tr("no summary yet");
        return false;
    }
    return writeOutputFile(path, QJsonDocument(m_summary->toJson()).toJson(QJsonDocument::Indented), m_files, error);
}

bool TracesPage::exportSummaryCsv(const QString& path, QString* error) const
{
    if (!m_summary) {
        if (error)
            *error = tr("no summary yet");
        return false;
    }
    return writeOutputFile(path, m_summary->toCsv().toUtf8(), m_files, error);
}

bool TracesPage::startFioExport(const QString& path, const QString& target)
{
    QString error;
    const auto options = jobOptions(&error);
    if (!options) {
        m_jobBar->setStatus(error, true);
        return false;
    }
    if (m_files.isEmpty()) {
        m_jobBar->setStatus(tr("Open a trace first"), true);
        return false;
    }
    if (m_runner->isRunning()) {
        m_jobBar->setStatus(tr("Cannot export while the trace is read: wait for it or Cancel it"), true);
        return false;
    }
    m_exporting = true;
    m_lastExport = TraceExportResult();
    m_lastExport.outPath = path;
    m_jobBar->setProgress(0);
    m_jobBar->setStatus(tr("Exporting to %1…").arg(path));
    const QStringList files = m_files;
    const TraceJobOptions o = *options;
    m_runner->start([files, o, path, target](std::stop_token stop,
                        auto report) { return exportFioLog(files, o, path, target, stop, report); },
        [this](const TraceExportSnapshot& s) {
            m_jobBar->setProgress(s.fraction);
            m_jobBar->setStatus(tr("Exporting: %1 % (%2 of %3), %4 I/Os written")
                                    .arg(qRound(s.fraction * 100))
                                    .arg(formatBytesHuman(s.bytesDone), formatBytesHuman(s.bytesTotal))
                                    .arg(s.written));
        },
        [this](TraceExportResult r) { onExportDone(std::move(r)); });
    updateControls();
    return true;
}

void TracesPage::onExportDone(TraceExportResult r)
{
    m_exporting = false;
    m_lastExport = std::move(r);
    const TraceExportResult& e = m_lastExport;
    if (e.ok) {
        m_jobBar->setProgress(1);
        m_jobBar->setStatus(tr("Wrote %1 I/Os to %2 (fio iolog v3, microseconds)").arg(e.written).arg(e.outPath));
    } else {
        m_jobBar->setStatus(tr("Export failed, nothing written: %1").arg(e.error), true);
    }
    updateControls();
    Q_EMIT exportFinished(e.ok);
}

void TracesPage::exportAs(int kind)
{
    const QString base = m_files.isEmpty() ? QStringLiteral("trace") : QFileInfo(m_files.front()).completeBaseName();
    const QString noSummary = tr("There is no summary yet: open a trace first.");
    if (kind == ExportJson) {
        m_jobBar->saveAs(tr("Save Trace Summary"), noSummary, base + QStringLiteral("-summary.json"),
            tr("JSON files (*.json)"), [this](const QString& path, QString* error) { return exportSummaryJson(path, error); });
        return;
    }
    if (kind == ExportCsv) {
        m_jobBar->saveAs(tr("Save Trace Summary"), noSummary, base + QStringLiteral("-summary.csv"),
            tr("CSV files (*.csv)"), [this](const QString& path, QString* error) { return exportSummaryCsv(path, error); });
        return;
    }
    const QString path = QFileDialog::getSaveFileName(this, tr("Export fio iolog"), base + QStringLiteral(".iolog"),
        tr("fio iologs (*.iolog *.log);;All files (*)"));
    if (path.isEmpty())
        return;
    bool given = false;
    const QString target = QInputDialog::getText(this, tr("Export fio iolog"),
        tr("Device or file fio should replay on (%d: one per trace device):"), QLineEdit::Normal,
        QStringLiteral("/dev/sdX"), &given);
    if (!given)
        return;
    startFioExport(path, target);
}

void TracesPage::showReplay(bool replay) { m_tabs->setCurrentIndex(replay ? 1 : 0); }

void TracesPage::showLayout() { m_tabs->setCurrentIndex(m_tabs->indexOf(m_layout->parentWidget())); }

namespace {

const QStringList kFioUnits = { QStringLiteral("auto"), QStringLiteral("us"), QStringLiteral("ms") };

} // namespace

WorkspaceTraces TracesPage::saveState() const
{
    WorkspaceTraces s;
    s.files = m_files;
    s.format = m_format->currentData().toString();
    const QString preset = m_csvPreset->currentData().toString();
    s.csvColumns = preset.isEmpty() ? m_csvColumns->text().trimmed() : preset;
    s.fioTimeUnit = kFioUnits.value(m_fioUnit->currentIndex(), QStringLiteral("auto"));
    s.onError = TraceErrorPolicy(m_policy->currentData().toInt()) == TraceErrorPolicy::Skip ? QStringLiteral("skip")
                                                                                           : QStringLiteral("stop");
    s.slowThresholdMs = m_slowMs->value();
    if (m_summary)
        s.summary = *m_summary;
    s.summaryError = m_stopped ? m_error : QString();
    s.replayShown = m_tabs->currentIndex() == 1;
    s.candidates = m_replay->candidates();
    s.timeScale = m_replay->timeScale();
    s.windowSeconds = m_replay->windowSeconds();
    s.replaySlowThresholdMs = m_replay->slowThresholdMs();
    if (!m_replay->lastResult().arrays.empty())
        s.replay = m_replay->lastResult();
    return s;
}

bool TracesPage::restoreState(const WorkspaceTraces& state, QString* error)
{
    if (isRunning() || m_replay->isRunning()) {
        if (error)
            *error = tr("Traces page: a job is running (Cancel it first)");
        return false;
    }
    QStringList problems;
    // The options as they were, without reading the files again (the summary comes from the file).
    ++m_settingOptions;
    m_files.clear();
    TraceFormat format {};
    if (parseTraceFormat(state.format, &format))
        setFormat(format);
    if (!state.csvColumns.isEmpty()) {
        CsvMapping mapping;
        QString why;
        if (!parseCsvMapping(state.csvColumns, &mapping, &why)) {
            problems << tr("CSV mapping %1: %2").arg(state.csvColumns, why);
        } else {
            const int preset = m_csvPreset->findData(state.csvColumns.toLower());
            m_csvPreset->setCurrentIndex(preset >= 0 ? preset : m_csvPreset->count() - 1);
            if (preset < 0)
                m_csvColumns->setText(state.csvColumns);
        }
    }
    m_fioUnit->setCurrentIndex(std::max(0, int(kFioUnits.indexOf(state.fioTimeUnit))));
    setErrorPolicy(state.onError == u"skip" ? TraceErrorPolicy::Skip : TraceErrorPolicy::Stop);
    m_slowMs->setValue(state.slowThresholdMs);
    --m_settingOptions;

    m_files = state.files;
    QStringList names;
    for (const QString& f : m_files)
        names << QFileInfo(f).fileName();
    m_filesLabel->setText(names.join(QStringLiteral(", ")));
    m_filesLabel->setToolTip(m_files.join(u'\n'));
    clearViews();
    m_summary.reset();
    m_error = state.summaryError;
    m_stopped = !state.summaryError.isEmpty();
    if (state.summary) {
        showSummary(std::make_shared<const TraceSummary>(*state.summary), false);
        m_jobBar->setProgress(1);
        m_jobBar->setStatus(m_stopped ? tr("From the workspace; the read stopped: %1").arg(m_error)
                                      : tr("From the workspace: %1 requests over %2 s (the trace was not read again)")
                                            .arg(m_summary->records)
                                            .arg(shortNumber(m_summary->durationSeconds())),
            m_stopped);
    } else {
        m_jobBar->setProgress(0);
        m_jobBar->setStatus(m_files.isEmpty() ? QString() : tr("From the workspace: %1 (not read)").arg(names.join(QStringLiteral(", "))));
    }
    showErrors();

    const auto options = jobOptions();
    m_replay->setTrace(m_files, options.value_or(TraceJobOptions {}));
    m_layout->setTrace(m_files, options.value_or(TraceJobOptions {}));
    m_replay->setCandidates(state.candidates);
    m_replay->setTimeScale(state.timeScale);
    m_replay->setWindowSeconds(state.windowSeconds);
    m_replay->setSlowThresholdMs(state.replaySlowThresholdMs);
    m_replay->setBaseline(state.summary && !m_stopped ? TracedBaseline::of(*m_summary) : std::nullopt);
    m_replay->restoreResult(state.replay);
    showReplay(state.replayShown);
    updateControls();
    if (!problems.isEmpty() && error)
        *error = tr("Traces page: %1").arg(problems.join(QStringLiteral("; ")));
    return problems.isEmpty();
}

void TracesPage::dragEnterEvent(QDragEnterEvent* event)
{
    if (!event->mimeData()->hasUrls() || !droppedWorkspace(event->mimeData()).isEmpty()) // the window opens those
        return;
    for (const QUrl& url : event->mimeData()->urls())
        if (!url.isLocalFile())
            return;
    event->acceptProposedAction();
}

void TracesPage::dropEvent(QDropEvent* event)
{
    QStringList paths;
    for (const QUrl& url : event->mimeData()->urls())
        paths << url.toLocalFile();
    if (!paths.isEmpty() && openFiles(paths))
        event->acceptProposedAction();
}

void TracesPage::updateControls()
{
    const bool running = m_runner->isRunning();
    const bool csv = m_format->currentData().toString() == traceFormatName(TraceFormat::Csv);
    // The column mapping only matters for CSV: hidden otherwise, to keep the bar short.
    m_csvLabel->setVisible(csv);
    m_csvPreset->setVisible(csv);
    m_csvColumns->setVisible(csv && m_csvPreset->currentData().toString().isEmpty());
    m_fioUnit->setEnabled(
        m_format->currentIndex() == 0 || m_format->currentData().toString() == traceFormatName(TraceFormat::FioLog));
    m_reloadButton->setEnabled(!m_files.isEmpty());
    m_jobBar->setHasResult(m_summary != nullptr);
    m_fioButton->setEnabled(!running && !m_files.isEmpty() && !m_stopped);
}

} // namespace raidscope::gui
