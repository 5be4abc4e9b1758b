// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "probe/shearprobe.h"
#include "workspace/workspace.h"

#include <QJsonObject>
#include <QWidget>

#include <memory>
#include <optional>

class QCheckBox;
class QComboBox;
class QDragEnterEvent;
class QDropEvent;
class QMimeData;
class QPushButton;

namespace raidscope::gui {

class BoundaryPlot;
class JobBar;
class JobRunner;
class PacedTarget;
class PairHeatmap;
class PatternSizePlot;
class ProbeTargetBox;
class ProbeVerdictView;
class RedundancyPlot;

/// The Probe page (issue #4 item 6): Shear's method on a simulated array or a real device. Run
/// starts runShearProbe() on a JobRunner thread; each snapshot's new points go to four live plots
/// (pattern size, boundaries, the pairwise-chunk heatmap, read/write bandwidth) that redraw at most
/// ~25 times a second; the verdict panel shows the identification, the findings, the I/Os per step
/// against Shear's fixed schedule, and the identified layout drawn as on the Array page. A result
/// saved earlier (here or by `raidscope-cli probe --json` on another machine) opens into the same
/// views, from Open Result…, File > Open Probe Result… or a file dropped on the page.
class ProbePage : public QWidget
{
    Q_OBJECT
public:
    explicit ProbePage(QWidget* parent = nullptr);
    ~ProbePage() override;

    /// Probe this simulated array (the spec may carry simulation keys: speed=, failed=, shared=...).
    bool setSimSpec(const QString& spec);
    void setDevicePath(const QString& path);
    /// Wall-clock pause after each batch of a simulated probe, 0..500 ms; takes effect at once.
    void setPaceMs(int ms);
    /// Test every pair of chunks, as Shear did (Fig. 10's full map), instead of the adaptive choice.
    void setAllPairs(bool all);
    /// Which probe decides: "rules" (the default) or "model" (one explicit inference, docs/design/probe.md).
    bool setEngine(const QString& engine);
    QString engine() const;

    /// Starts a probe; false, with the reason in statusText(), when it cannot start.
    bool run();
    void cancel();
    bool isRunning() const;
    QString statusText() const;
    /// The step shown on the progress bar.
    QString stepText() const;

    bool hasResult() const { return m_result.has_value(); }
    const std::optional<ProbeResult>& result() const { return m_result; }
    /// ProbeResult::toJson() of the result shown: the CLI's probe --json object, key for key.
    QJsonObject resultJson() const;
    /// Writes resultJson() as the CLI prints it, atomically: an interrupted save leaves the old file.
    bool saveResultJson(const QString& path, QString* error) const;
    /// Asks for a file and saves the result there.
    void saveResultAs();
    /// Shows a saved probe result as if it had just run. False, with one line naming the file and
    /// the field in `error` and in statusText(), when it cannot be read or a probe is running; the
    /// views then keep what they showed.
    bool openResultJson(const QString& path, QString* error = nullptr);
    /// Asks for a saved result and opens it; a failure is also shown in a message box.
    void openResultDialog();
    /// The file the result shown came from; empty for a probe run here.
    QString openedFile() const { return m_openedPath; }
    /// The target's inputs and the result shown, for a workspace (never "allow writes").
    WorkspaceProbe saveState() const;
    /// Shows a workspace's target and result as they were, without probing; false and why when a
    /// probe is running or the simulated spec is refused (the result is shown all the same).
    bool restoreState(const WorkspaceProbe& state, QString* error);
    /// The one local file a drag carries (only a .json one if `jsonOnly`), or an empty string.
    static QString droppedFile(const QMimeData* mime, bool jsonOnly);

    ProbeTargetBox* targetBox() const { return m_target; }
    PatternSizePlot* patternPlot() const { return m_patternPlot; }
    BoundaryPlot* boundaryPlot() const { return m_boundaryPlot; }
    PairHeatmap* pairHeatmap() const { return m_heatmap; }
    RedundancyPlot* redundancyPlot() const { return m_redundancyPlot; }
    ProbeVerdictView* verdictView() const { return m_verdict; }
    JobRunner* runner() const { return m_runner; }
    JobBar* jobBar() const { return m_jobBar; }
    /// Snapshots received from the running or last probe.
    int snapshotCount() const { return m_snapshots; }

Q_SIGNALS:
    /// A probe ran to its end (not cancelled); result() holds it.
    void probeFinished();
    void runningChanged(bool running);
    /// A snapshot was shown (tests wait on it).
    void snapshotShown();
    /// A saved result is shown; result() holds it.
    void resultOpened(const QString& path);

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void onSnapshot(const ProbeSnapshot& snapshot);
    void onDone(ProbeResult result);
    void onCancelled();
    /// The final series and the verdict, for a probe that just ended or one read from a file.
    void showResult(const ProbeResult& result);
    void clearViews();
    void updateControls();
    void setStep(const QString& step, double fraction);

    JobRunner* m_runner = nullptr;
    ProbeTargetBox* m_target = nullptr;
    JobBar* m_jobBar = nullptr;
    QPushButton* m_runButton = nullptr;
    QPushButton* m_openButton = nullptr;
    QCheckBox* m_allPairs = nullptr;
    QComboBox* m_engine = nullptr;
    PatternSizePlot* m_patternPlot = nullptr;
    BoundaryPlot* m_boundaryPlot = nullptr;
    PairHeatmap* m_heatmap = nullptr;
    RedundancyPlot* m_redundancyPlot = nullptr;
    ProbeVerdictView* m_verdict = nullptr;

    std::shared_ptr<PacedTarget> m_paced; ///< the running simulated target, for live pace changes
    std::optional<ProbeResult> m_result;
    QString m_openedPath;
    QString m_step;
    int m_snapshots = 0;
    qint64 m_jobStartMs = 0;
};

} // namespace raidscope::gui
