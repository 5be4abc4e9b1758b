// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "trace/tracejob.h"

#include <QStringList>
#include <QWidget>

#include <optional>
#include <vector>

class QDoubleSpinBox;
class QLineEdit;
class QListWidget;
class QPushButton;
class QTableWidget;

namespace raidscope::gui {

class JobBar;
class JobRunner;
class TraceReplayPlot;

/// The replay comparison of the Traces page (whitepaper, the mail-server replay): a list of
/// candidate array specs, the time scale, window and slow threshold; Run replay streams the trace
/// through each candidate on a JobRunner thread, and a table and bars compare mean/p50/p90/p99
/// response time and slow periods per candidate as they come in.
class TraceReplayView : public QWidget
{
    Q_OBJECT
public:
    explicit TraceReplayView(QWidget* parent = nullptr);
    ~TraceReplayView() override;

    /// RAID-5 over 5 disks with 16, 32 and 64 KiB chunks, the stripe sizes the whitepaper compared.
    static QStringList defaultCandidates();

    /// The trace to replay and how to read it; an empty list disables Run replay.
    void setTrace(const QStringList& files, const TraceJobOptions& options);
    QStringList candidates() const;
    void setCandidates(const QStringList& specs);
    /// Adds a candidate after checking the spec; false and the reason when it is refused.
    bool addCandidate(const QString& spec, QString* error = nullptr);
    void setTimeScale(double scale);
    double timeScale() const;
    void setWindowSeconds(double seconds);
    double windowSeconds() const;
    void setSlowThresholdMs(double ms);
    double slowThresholdMs() const;
    /// Shows a replay comparison saved in a workspace as if it had just run (none: the table empty).
    void restoreResult(const std::optional<TraceReplayResult>& result);

    bool run();
    void cancel();
    bool isRunning() const;
    QString statusText() const;
    /// The last replay's arrays (partial while running), in candidate order.
    const std::vector<TraceReplayArray>& arrays() const { return m_arrays; }
    const TraceReplayResult& lastResult() const { return m_result; }

    QTableWidget* table() const { return m_table; }
    TraceReplayPlot* plot() const { return m_plot; }
    JobRunner* runner() const { return m_runner; }
    JobBar* jobBar() const { return m_jobBar; }

Q_SIGNALS:
    /// A replay ran to its end (ok or not, never when cancelled).
    void finished();
    void runningChanged(bool running);

private:
    void addFromEdit();
    void removeSelected();
    void showArrays(const std::vector<TraceReplayArray>& arrays, bool partial);
    void onDone(TraceReplayResult result);
    void updateControls();

    JobRunner* m_runner = nullptr;
    QListWidget* m_list = nullptr;
    QLineEdit* m_specEdit = nullptr;
    QPushButton* m_addButton = nullptr;
    QPushButton* m_removeButton = nullptr;
    QPushButton* m_resetButton = nullptr;
    QDoubleSpinBox* m_scale = nullptr;
    QDoubleSpinBox* m_window = nullptr;
    QDoubleSpinBox* m_threshold = nullptr;
    QPushButton* m_runButton = nullptr;
    JobBar* m_jobBar = nullptr;
    QTableWidget* m_table = nullptr;
    TraceReplayPlot* m_plot = nullptr;

    QStringList m_files;
    TraceJobOptions m_options;
    std::vector<TraceReplayArray> m_arrays;
    TraceReplayResult m_result;
};

} // namespace raidscope::gui
