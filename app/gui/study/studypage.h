// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sim/study.h"
#include "workspace/workspace.h"

#include <QJsonObject>
#include <QWidget>

#include <optional>

class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QStackedWidget;
class QTableWidget;

namespace raidscope::gui {

class JobBar;
class JobRunner;
class RebuildTradeoffPlot;
class StageTimelinePlot;
class StudyFactorPlot;
class StudySearchPlot;

/// The Study page: SIMRAID's questions asked of the simulator (raid6-performance-evaluation-simraid.txt).
/// An array, an SPC-1-like workload and one or two factors (controller time, stripe unit, cache,
/// disks, scheme, rebuild policy, or the load itself); Run finds per combination the most BSUs whose
/// mean response time stays within the limit (core's runStudy()). The plots: that answer against the
/// first factor; a chosen run's response time over time with the failure's stages shaded; and the
/// rebuild trade-off (time to full redundancy against the users' response time) over rebuild policies.
/// Presets fill the form with the seed's own studies.
class StudyPage : public QWidget
{
    Q_OBJECT
public:
    explicit StudyPage(QWidget* parent = nullptr);
    ~StudyPage() override;

    /// The form as a spec; nullopt and the reason (also shown) when a field is wrong.
    std::optional<StudySpec> spec(QString* error = nullptr) const;
    void setSpec(const StudySpec& spec);
    /// The preset names, in the combo's order; applyPreset() fills the form with one.
    static QStringList presetNames();
    bool applyPreset(const QString& name);

    /// The array field as typed, and a way to fill it (the array under study's button).
    QString arrayText() const;
    void setArrayText(const QString& text);

    bool run();
    void cancel();
    bool isRunning() const;
    QString statusText() const;

    const StudyResult& result() const { return m_result; }
    /// Shows a finished study (from `study --json`, or a workspace) without running it.
    void showResult(const StudyResult& result);
    bool saveResultJson(const QString& path, QString* error) const;
    /// Whether `path` holds a saved study (a JSON object of "kind" "study"), for a window that is
    /// given a JSON file and must pick the page that reads it.
    static bool isStudyFile(const QString& path);
    /// Reads a saved study (`study --json`) and shows it; false and why otherwise.
    bool openResultJson(const QString& path, QString* error);

    /// The form as typed and the last study's finished points.
    WorkspaceStudy saveState() const;
    /// Shows a workspace's study as it was, without running; false and why when a job is running.
    bool restoreState(const WorkspaceStudy& state, QString* error);

    StudyFactorPlot* factorPlot() const { return m_factorPlot; }
    StageTimelinePlot* timelinePlot() const { return m_timelinePlot; }
    StudySearchPlot* searchPlot() const { return m_searchPlot; }
    RebuildTradeoffPlot* tradeoffPlot() const { return m_tradeoffPlot; }
    QTableWidget* pointsTable() const { return m_table; }


Q_SIGNALS:
    void runningChanged(bool running);
    /// A study ended (not cancelled): the workspace has changed.
    void jobFinished();
    /// The array field changed (typed, a preset, a workspace).
    void arrayTextChanged();

private:
    void onProgress(const StudySnapshot& s);
    void onDone(StudyResult result);
    void refreshViews();
    void showPoint(int index);
    void updateControls();

    JobRunner* m_runner = nullptr;
    JobBar* m_jobBar = nullptr;
    QComboBox* m_preset = nullptr;
    QLineEdit* m_array = nullptr;
    QLineEdit* m_workload = nullptr;
    QComboBox* m_key1 = nullptr;
    QLineEdit* m_values1 = nullptr;
    QComboBox* m_key2 = nullptr;
    QLineEdit* m_values2 = nullptr;
    QDoubleSpinBox* m_limit = nullptr;
    QSpinBox* m_maxBsu = nullptr;
    QPushButton* m_runButton = nullptr;
    StudyFactorPlot* m_factorPlot = nullptr;
    StageTimelinePlot* m_timelinePlot = nullptr;
    StudySearchPlot* m_searchPlot = nullptr;
    QStackedWidget* m_pointView = nullptr; ///< the chosen point: its search, or its run over time
    RebuildTradeoffPlot* m_tradeoffPlot = nullptr;
    QTableWidget* m_table = nullptr;
    StudyResult m_result;
    qint64 m_jobStartMs = 0;
};

} // namespace raidscope::gui
