// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "trace/measuredcomparison.h"
#include "trace/replaycomparison.h"
#include "trace/tracejob.h"

#include <QStringList>
#include <QWidget>

#include <optional>
#include <vector>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QTableWidget;

namespace raidscope {
struct TraceSummary;
}

namespace raidscope::gui {

/// The trace's own response times, the row every candidate is compared with ("as traced").
struct TracedBaseline
{
    std::uint64_t requests = 0; ///< with a response time
    double meanMs = 0, p50Ms = 0, p90Ms = 0, p99Ms = 0;
    /// From a summary that has response times (MSR's column, blkparse's issue-complete pairs).
    static std::optional<TracedBaseline> of(const TraceSummary& summary);
};

class JobBar;
class JobRunner;
class MeasuredCandidateBox;
class TraceReplayPlot;

/// The replay comparison of the Traces page (whitepaper, the mail-server replay): a list of
/// candidate array specs, the time scale, window and slow threshold; Run replay streams the trace
/// through each candidate on a JobRunner thread, and a table and bars compare mean/p50/p90/p99
/// response time and slow periods per candidate as they come in. With "Measured on a device"
/// ticked, the trace is first replayed on that device (core's compareMeasuredReplay()) and every
/// row gets its error against the measured one (#55).
class TraceReplayView : public QWidget
{
    Q_OBJECT
public:
    /// The table's columns; the error columns are shown only beside a measured row.
    enum Column {
        ArrayColumn,
        DiskColumn,
        MeanColumn,
        P50Column,
        P90Column,
        P99Column,
        IopsColumn,
        MeanErrorColumn,
        P90ErrorColumn,
        P99ErrorColumn,
        IopsErrorColumn,
        DemeritColumn,
        SlowColumn,
        RequestsColumn,
        UtilColumn,
        LoadColumn,
        Columns
    };

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
    /// The trace's own latencies, shown as the first row and a line across the bars; none: no row.
    void setBaseline(const std::optional<TracedBaseline>& baseline);
    const std::optional<TracedBaseline>& baseline() const { return m_baseline; }
    /// "IBM Ultrastar 9LZX … · no controller cache" for a candidate's spec.
    static QString diskAndCacheText(const QString& spec);
    /// `spec` with its members' preset set to `diskPreset` and its controller write cache to
    /// `cacheBytes` (0: none); the spec unchanged when it does not parse.
    static QString withDiskAndCache(const QString& spec, const QString& diskPreset, std::uint64_t cacheBytes);
    /// The saturation statements of the candidates shown (one line each; empty when none applies).
    QString verdictText() const;
    /// Table row of candidate `index` (after the "as traced" and the measured rows when there are).
    int rowOfCandidate(int index) const { return index + (m_baseline ? 1 : 0) + (m_measured ? 1 : 0); }
    /// Table row of the measured candidate; -1 when there is none.
    int rowOfMeasured() const { return m_measured ? (m_baseline ? 1 : 0) : -1; }

    /// The "Measured on a device" candidate's settings (#55).
    MeasuredCandidateBox* measuredBox() const { return m_measuredBox; }
    /// The last measured replay (partial while running); none when the replay was simulated only.
    const std::optional<TraceReplayArray>& measured() const { return m_measured; }
    /// Its comparison with the candidates; none until a measured replay has finished.
    const std::optional<ReplayComparison>& comparison() const { return m_comparison; }

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
    /// A candidate was added or removed, or the list replaced.
    void candidatesChanged();

private:
    void addFromEdit();
    void removeSelected();
    void showArrays(const std::vector<TraceReplayArray>& arrays, bool partial);
    void setArrayItems(int row, const TraceReplayArray& array, bool partial, QStringList* verdicts);
    void setErrorItems(int row, const std::optional<PredictionError>& error, bool reference);
    void onDone(TraceReplayResult result);
    bool runMeasured(const QStringList& files, const TraceReplayOptions& options);
    void onMeasuredSnapshot(const MeasuredComparisonSnapshot& snapshot);
    void onMeasuredDone(MeasuredComparisonResult result);
    void clearMeasured();
    void updateControls();
    void applyDiskAndCache();

    JobRunner* m_runner = nullptr;
    QComboBox* m_disk = nullptr;
    QComboBox* m_cache = nullptr;
    QPushButton* m_applyDisk = nullptr;
    QLabel* m_verdict = nullptr;
    std::optional<TracedBaseline> m_baseline;
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
    MeasuredCandidateBox* m_measuredBox = nullptr;

    std::optional<TraceReplayArray> m_measured;
    QString m_measuredMode; ///< "the device · reads only"
    std::optional<ReplayComparison> m_comparison;
    QStringList m_caveats; ///< what differs between the rows (MeasuredComparisonResult::caveats)
    QStringList m_files;
    TraceJobOptions m_options;
    std::vector<TraceReplayArray> m_arrays;
    TraceReplayResult m_result;
};

} // namespace raidscope::gui
