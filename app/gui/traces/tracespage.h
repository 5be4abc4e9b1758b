// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "trace/traceexport.h"
#include "trace/tracejob.h"
#include "workspace/workspace.h"

#include <QStringList>
#include <QWidget>

#include <memory>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTabWidget;

namespace raidscope::gui {

class JobBar;
class JobRunner;
class TraceDevicePlot;
class TraceLayoutView;
class TraceLorenzPlot;
class TraceMixPlot;
class TraceReplayView;
class TraceRunPlot;
class TraceSizePlot;
class TraceTimePlot;

/// The Traces page (issue #5 item 6): open one or more block I/O traces (button, File menu, drag
/// and drop), read them as the format given or sniffed, stop at the first malformed line or skip
/// and count; the summary is computed on a JobRunner thread and the plots fill in as snapshots
/// arrive: SWAT's views from the whitepaper (transfer sizes with the cumulative percentage,
/// Illustration 8; read/write mix; skew per device and LBA region; queue depth, arrival rate and
/// response time over time with slow periods, Scenario 2; Minerva's run counts). The Replay tab
/// compares candidate arrays on the same trace; exports write the summary (JSON, CSV) and the
/// trace as a fio iolog.
class TracesPage : public QWidget
{
    Q_OBJECT
public:
    explicit TracesPage(QWidget* parent = nullptr);
    ~TracesPage() override;

    /// Reads these files as one trace with the page's options; false (and why, on the page) when
    /// there is nothing to read or the options are wrong.
    bool openFiles(const QStringList& paths);
    /// Asks for files and opens them.
    void openFilesDialog();
    /// Reads the same files again (after an option changed).
    bool reload();
    void cancel();
    bool isRunning() const;
    QStringList files() const { return m_files; }

    void setFormat(TraceFormat format);
    /// "alibaba", "tencent" or a mapping in CsvMapping's text form; also forces the CSV format.
    bool setCsvMappingText(const QString& text);
    void setFioTimeUnit(FioTimeUnit unit);
    void setErrorPolicy(TraceErrorPolicy policy);
    void setSlowThresholdMs(double ms);
    /// The options the next read uses; nullopt and the reason when the CSV mapping is malformed.
    std::optional<TraceJobOptions> jobOptions(QString* error = nullptr) const;

    /// The summary shown (partial while reading or after a stop); null before the first snapshot.
    std::shared_ptr<const TraceSummary> summary() const { return m_summary; }
    /// The last read's outcome: the first malformed line (stop) or why the files could not be read.
    QString errorText() const { return m_error; }
    /// What the error panel shows: the stop error, or the skipped count and its first messages.
    QString errorPanelText() const;
    QString statusText() const;
    QString notesText() const;

    bool exportSummaryJson(const QString& path, QString* error) const;
    bool exportSummaryCsv(const QString& path, QString* error) const;
    /// Starts writing the trace as a fio iolog v3 as a job on the page's JobRunner, off the GUI
    /// thread: progress on the job bar, Cancel stops it and leaves no file, exportFinished() at the
    /// end. False (and why, on the status line) when it cannot start: no trace, a read running, bad
    /// options.
    bool startFioExport(const QString& path, const QString& target);
    bool isExporting() const { return m_exporting; }
    /// The last export that ran to its end (ok or failed; a cancelled one: `cancelled`).
    const TraceExportResult& lastExport() const { return m_lastExport; }

    /// Shows the Summary or the Replay tab.
    void showReplay(bool replay);
    /// Shows the Layout tab.
    void showLayout();

    /// The files and options, the summary shown and the replay's candidates and comparison.
    WorkspaceTraces saveState() const;
    /// Shows a workspace's files, options, summary and replay as they were, without reading the
    /// trace again; false and why when a job is running or an option is refused.
    bool restoreState(const WorkspaceTraces& state, QString* error);

    TraceSizePlot* sizePlot() const { return m_sizePlot; }
    TraceMixPlot* mixPlot() const { return m_mixPlot; }
    TraceDevicePlot* devicePlot() const { return m_devicePlot; }
    TraceLorenzPlot* lorenzPlot() const { return m_lorenzPlot; }
    TraceRunPlot* runPlot() const { return m_runPlot; }
    TraceTimePlot* queueDepthPlot() const { return m_queuePlot; }
    TraceTimePlot* arrivalPlot() const { return m_arrivalPlot; }
    TraceTimePlot* responsePlot() const { return m_responsePlot; }
    TraceReplayView* replayView() const { return m_replay; }
    TraceLayoutView* layoutView() const { return m_layout; }
    JobRunner* runner() const { return m_runner; }
    JobBar* jobBar() const { return m_jobBar; }

Q_SIGNALS:
    /// A read ran to its end (ok or stopped at an error; never when cancelled).
    void summaryFinished();
    /// An export ran to its end, written or failed (never when cancelled); see lastExport().
    void exportFinished(bool ok);
    void runningChanged(bool running);

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void onSnapshot(const TraceSummarySnapshot& snapshot);
    void onDone(TraceSummaryResult result);
    void onCancelled();
    void onExportDone(TraceExportResult result);
    void showSummary(const std::shared_ptr<const TraceSummary>& summary, bool partial);
    void clearViews();
    void showErrors();
    void optionsChanged();
    void exportAs(int kind);
    void updateControls();

    JobRunner* m_runner = nullptr;
    QPushButton* m_openButton = nullptr;
    QLabel* m_filesLabel = nullptr;
    QComboBox* m_format = nullptr;
    QComboBox* m_fioUnit = nullptr;
    QLabel* m_csvLabel = nullptr;
    QComboBox* m_csvPreset = nullptr;
    QLineEdit* m_csvColumns = nullptr;
    QComboBox* m_policy = nullptr;
    QDoubleSpinBox* m_slowMs = nullptr;
    QPushButton* m_reloadButton = nullptr;
    JobBar* m_jobBar = nullptr;
    QPushButton* m_fioButton = nullptr;
    QLabel* m_info = nullptr;
    QLabel* m_notes = nullptr;
    QLabel* m_errors = nullptr;
    QTabWidget* m_tabs = nullptr;
    TraceSizePlot* m_sizePlot = nullptr;
    TraceMixPlot* m_mixPlot = nullptr;
    TraceDevicePlot* m_devicePlot = nullptr;
    TraceLorenzPlot* m_lorenzPlot = nullptr;
    TraceRunPlot* m_runPlot = nullptr;
    TraceTimePlot* m_queuePlot = nullptr;
    TraceTimePlot* m_arrivalPlot = nullptr;
    TraceTimePlot* m_responsePlot = nullptr;
    TraceReplayView* m_replay = nullptr;
    TraceLayoutView* m_layout = nullptr;

    QStringList m_files;
    std::shared_ptr<const TraceSummary> m_summary;
    QString m_error;
    bool m_stopped = false; ///< the last read stopped at a malformed line
    bool m_exporting = false; ///< the job running is an export, not a read
    TraceExportResult m_lastExport;
    int m_settingOptions = 0; ///< > 0 while setters change several controls: reload once
};

} // namespace raidscope::gui
