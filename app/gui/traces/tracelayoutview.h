// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "trace/layoutanalysis.h"
#include "trace/tracejob.h"

#include <QStringList>
#include <QWidget>

class QComboBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;

namespace raidscope::gui {

class JobBar;
class JobRunner;
class TraceLayoutHeatmap;

/// The Layout tab of the Traces page (issue #56 item 1): the trace seen through the array under
/// study and the replay's candidates. Run streams the trace through core's analyzeTraceLayout() on a
/// JobRunner thread; the tab shows, for the array picked, a member × time heatmap of operations,
/// the per-member totals, the write paths (full-stripe, reconstruct-write, read-modify-write) with
/// their extra disk operations, the alignment, the hot members and chunks, and, for the array under
/// study, the default chunk sizes side by side. Every number is core's; the caveats it reports are
/// shown as text.
class TraceLayoutView : public QWidget
{
    Q_OBJECT
public:
    /// The member table's columns.
    enum MemberColumn { DiskColumn, OpsColumn, ReadsColumn, WritesColumn, MBReadColumn, MBWrittenColumn, MemberColumns };

    explicit TraceLayoutView(QWidget* parent = nullptr);
    ~TraceLayoutView() override;

    /// The trace to analyze and how to read it; an empty list disables Run.
    void setTrace(const QStringList& files, const TraceJobOptions& options);
    /// The array under study (the first of the replay's candidates unless edited here).
    void setArraySpec(const QString& spec);
    QString arraySpec() const;
    /// The other arrays analyzed beside it (the replay's other candidates).
    void setCandidates(const QStringList& specs);
    QStringList candidates() const { return m_candidates; }
    /// Whether the replay's candidates are the window's array under study and its variations (the
    /// Traces page's banner). Only then, and while the spec here is not edited, is the first array
    /// called the array under study; otherwise it is the first array analyzed.
    void setFirstIsStudied(bool studied);
    /// Whether the first array shown is the window's array under study.
    bool firstIsStudied() const;

    bool run();
    void cancel();
    bool isRunning() const;
    /// The last analysis that ran to its end (empty before).
    const LayoutAnalysisResult& lastResult() const { return m_result; }
    /// Shows array `index` of the last result (0: the array under study).
    void showArray(int index);
    int shownArray() const;

    /// Per-member operation totals as the member table shows them (member order).
    std::vector<std::uint64_t> shownMemberOps() const;
    QString writePathText() const;
    QString alignmentText() const;
    QString skewText() const;
    QString caveatText() const;

    TraceLayoutHeatmap* heatmap() const { return m_heatmap; }
    QTableWidget* memberTable() const { return m_members; }
    QTableWidget* sweepTable() const { return m_sweep; }
    JobBar* jobBar() const { return m_jobBar; }
    JobRunner* runner() const { return m_runner; }

Q_SIGNALS:
    /// An analysis ran to its end (ok or not, never when cancelled).
    void finished();

private:
    void onDone(LayoutAnalysisResult result);
    void showAnalysis(const LayoutAnalysis& a);
    void showSweep();
    void clearViews();
    void updateControls();
    void updateShownToolTip();

    JobRunner* m_runner = nullptr;
    QLineEdit* m_spec = nullptr;
    QLabel* m_specLabel = nullptr;
    QGroupBox* m_sweepBox = nullptr;
    QString m_followedSpec; ///< what setArraySpec() last set (the replay's first candidate)
    bool m_firstIsStudied = true;
    bool m_runFirstStudied = true; ///< firstIsStudied() when the shown result was run
    QStringList m_runSpecs; ///< the specs of the running or shown result as written, in its order
    QLabel* m_candidatesLabel = nullptr;
    QPushButton* m_runButton = nullptr;
    JobBar* m_jobBar = nullptr;
    QComboBox* m_shown = nullptr;
    TraceLayoutHeatmap* m_heatmap = nullptr;
    QTableWidget* m_members = nullptr;
    QLabel* m_writePaths = nullptr;
    QLabel* m_alignment = nullptr;
    QLabel* m_skew = nullptr;
    QLabel* m_caveats = nullptr;
    QTableWidget* m_sweep = nullptr;

    QStringList m_files;
    TraceJobOptions m_options;
    QStringList m_candidates;
    LayoutAnalysisResult m_result;
};

} // namespace raidscope::gui
