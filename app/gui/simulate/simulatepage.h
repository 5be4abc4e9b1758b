// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sim/simresult.h"

#include <QJsonObject>
#include <QWidget>

#include <optional>
#include <vector>

class QLineEdit;
class QPushButton;

namespace raidscope::gui {

class ArraySimOptions;
class ArraySpecEditor;
class JobBar;
class JobRunner;
class ResponseTimePlot;
class SaturationPlot;
class SimResultsView;
class UtilizationPlot;
class WorkloadEditor;

/// The Simulate page: an array (the Array page's spec editor plus controller and disk options) and a
/// workload; Run simulates the workload once, Sweep once per value of outstanding I/Os. The job runs
/// on a JobRunner thread; the plots fill in as it reports: throughput and response time against
/// outstanding I/Os (whitepaper Illustration 4), the response-time histogram and CDF, per-disk
/// utilization (whitepaper Scenario 1 / Illustration 5), and the numbers in tables.
class SimulatePage : public QWidget
{
    Q_OBJECT
public:
    explicit SimulatePage(QWidget* parent = nullptr);
    ~SimulatePage() override;

    /// What the worker reports: the fraction done, the run it is on, and that run's statistics so far
    /// (or, with `runDone`, its final result).
    struct Progress
    {
        double fraction = 0;
        int runIndex = 0;
        int runCount = 1;
        bool runDone = false;
        SimResult result;
    };

    static QString defaultSweepText();
    /// "1,2,4,8" -> values; nullopt and a one-line error when malformed.
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
    /// {"version", "kind", "array", "workload", "sweep": [SimResult JSON...]} (the CLI's sweep keys).
    QJsonObject resultsJson() const;
    bool saveResultsJson(const QString& path, QString* error) const;
    /// Asks for a file and saves the results there.
    void saveResultsAs();

    ArraySpecEditor* arrayEditor() const { return m_arrayEditor; }
    ArraySimOptions* simOptions() const { return m_simOptions; }
    WorkloadEditor* workloadEditor() const { return m_workloadEditor; }
    SaturationPlot* saturationPlot() const { return m_saturation; }
    ResponseTimePlot* responseTimePlot() const { return m_responseTime; }
    UtilizationPlot* utilizationPlot() const { return m_utilization; }
    SimResultsView* resultsView() const { return m_resultsView; }
    JobRunner* runner() const { return m_runner; }
    JobBar* jobBar() const { return m_jobBar; }

Q_SIGNALS:
    void arraySpecChanged(const QString& canonicalSpec);
    /// A job ran to its end (not cancelled); results() holds its runs.
    void jobFinished();
    void runningChanged(bool running);

private:
    bool start(const std::vector<int>& outstanding, bool isSweep);
    void onProgress(const Progress& progress);
    void onDone(std::vector<SimResult> results);
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

    std::vector<SimResult> m_results;
    std::vector<int> m_jobOutstanding; ///< the values of the job running or last run
    bool m_jobIsSweep = false;
    QString m_jobArray;
    QString m_jobWorkload;
    bool m_followLive = true; ///< false once the user picks a finished run to look at
    qint64 m_jobStartMs = 0;
};

} // namespace raidscope::gui
