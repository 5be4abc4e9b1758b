// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sim/outstandingsweep.h"
#include "sim/simresult.h"
#include "workspace/workspace.h"

#include <QJsonObject>
#include <QWidget>

#include <optional>
#include <vector>

class QLineEdit;
class QPushButton;
class QTabWidget;

namespace raidscope::gui {

class ArraySimOptions;
class ArraySpecEditor;
class JobBar;
class JobRunner;
class ResponseTimePlot;
class SaturationPlot;
class SimResultsView;
class StageTimelinePlot;
class UtilizationPlot;
class WorkloadEditor;

/// The Simulate page: an array (the Array page's spec editor plus controller and disk options) and a
/// workload; Run simulates the workload once, Sweep once per value of outstanding I/Os. The job runs
/// on a JobRunner thread; the plots fill in as it reports: throughput and response time against
/// outstanding I/Os (whitepaper Illustration 4), the response-time histogram and CDF, per-disk
/// utilization (whitepaper Scenario 1 / Illustration 5), and the numbers in tables; a run with a
/// failure (fail=, rebuild=) also on a timeline with its stages shaded and a table per stage.
class SimulatePage : public QWidget
{
    Q_OBJECT
public:
    explicit SimulatePage(QWidget* parent = nullptr);
    ~SimulatePage() override;

    /// core's defaultOutstandingList().
    static QString defaultSweepText();
    /// "1,2,4,8" -> values (core's parseOutstandingList()); nullopt and a one-line error when malformed.
    static std::optional<std::vector<int>> parseSweepList(const QString& text, QString* error);

    bool setArraySpecText(const QString& text);
    /// The canonical spec of the array simulated; empty when none.
    QString arraySpec() const;
    bool setWorkloadSpecText(const QString& text);
    void setSweepText(const QString& text);
    QString sweepText() const;

    /// Start a single run / a sweep; false (and the reason shown on the page) when it cannot start.
    bool run();
    bool sweep();
    void cancel();
    bool isRunning() const;
    QString statusText() const;

    /// The finished runs of the last job, in the order run.
    const std::vector<SimResult>& results() const { return m_results; }
    /// The last job as OutstandingSweepResult::toJson() (what `simulate --sweep --json` prints):
    /// {"version", "kind", "array", "workload", "outstanding", "sweep": [SimResult JSON...]}.
    QJsonObject resultsJson() const;
    bool saveResultsJson(const QString& path, QString* error) const;
    /// Asks for a file and saves the results there.
    void saveResultsAs();

    /// The array, workload and sweep list as entered, and the last job's finished runs.
    WorkspaceSimulate saveState() const;
    /// Shows a workspace's inputs and results as they were, without simulating; false and why when
    /// a job is running or an input is refused (the results are shown all the same).
    bool restoreState(const WorkspaceSimulate& state, QString* error);

    ArraySpecEditor* arrayEditor() const { return m_arrayEditor; }
    ArraySimOptions* simOptions() const { return m_simOptions; }
    WorkloadEditor* workloadEditor() const { return m_workloadEditor; }
    SaturationPlot* saturationPlot() const { return m_saturation; }
    ResponseTimePlot* responseTimePlot() const { return m_responseTime; }
    UtilizationPlot* utilizationPlot() const { return m_utilization; }
    SimResultsView* resultsView() const { return m_resultsView; }
    /// A run with a failure over time, its stages shaded (the Study page's plot).
    StageTimelinePlot* timelinePlot() const { return m_timeline; }
    QTabWidget* loadTabs() const { return m_loadTabs; }
    JobRunner* runner() const { return m_runner; }
    JobBar* jobBar() const { return m_jobBar; }

Q_SIGNALS:
    void arraySpecChanged(const QString& canonicalSpec);
    /// A job ran to its end (not cancelled); results() holds its runs.
    void jobFinished();
    void runningChanged(bool running);

private:
    bool start(const std::vector<int>& outstanding);
    void onProgress(const SweepSnapshot& progress);
    void onDone(OutstandingSweepResult result);
    void onCancelled();
    void showRun(int index);
    void showLive(const SimResult& result, bool partial);
    void updateControls();

    JobRunner* m_runner = nullptr;
    ArraySpecEditor* m_arrayEditor = nullptr;
    ArraySimOptions* m_simOptions = nullptr;
    WorkloadEditor* m_workloadEditor = nullptr;
    QPushButton* m_runButton = nullptr;
    QPushButton* m_sweepButton = nullptr;
    QLineEdit* m_sweepEdit = nullptr;
    JobBar* m_jobBar = nullptr;
    SaturationPlot* m_saturation = nullptr;
    ResponseTimePlot* m_responseTime = nullptr;
    UtilizationPlot* m_utilization = nullptr;
    SimResultsView* m_resultsView = nullptr;
    StageTimelinePlot* m_timeline = nullptr;
    QTabWidget* m_loadTabs = nullptr;

    std::vector<SimResult> m_results;
    OutstandingSweepResult m_job; ///< what the job running or last run was given (its points: m_results)
    bool m_followLive = true; ///< false once the user picks a finished run to look at
    qint64 m_jobStartMs = 0;
};

} // namespace raidscope::gui
