// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "advisor/stripeadvisor.h"
#include "advisor/stripesettings.h"
#include "workspace/workspace.h"

#include <QJsonObject>
#include <QWidget>

#include <functional>
#include <memory>
#include <optional>

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace raidscope::gui {

class AdvisorCostPlot;
class AdvisorCurvePlot;
class AdvisorSkewPlot;
class ArraySpecEditor;
class JobBar;
class JobRunner;

/// The stripe-size advisor (storage-bottlenecks whitepaper, Scenario 2): an array, a request-size
/// mix and candidate chunk sizes in; per candidate the drives a request touches, its disk
/// operations (parity too) and its positioning against productive time (Illustration 10), and a
/// recommendation with its reasons. The work is core's (core/advisor) and runs as a job (a trace is
/// summarized first; the candidates are simulated when asked), with progress, Cancel and saves.
class AdvisorPage : public QWidget
{
    Q_OBJECT
public:
    explicit AdvisorPage(QWidget* parent = nullptr);

    /// Starts the advisor on the current inputs; false with the reason shown when they are refused.
    bool advise();
    /// advise() as the user's request: its advice is then the workspace's (saved, and in the report).
    bool requestAdvice();
    /// Takes the request sizes and read share from this trace (read in the job), or none again.
    void setTrace(const QString& path);
    /// Where "The Traces page's" button finds the trace open there (MainWindow sets it); the first
    /// file is taken.
    void setTracesPageFiles(std::function<QStringList()> files);
    bool isRunning() const;
    /// The array advised for (its candidates vary its chunk), canonical; setArraySpecText() puts
    /// one in and says whether it was taken (the editor shows why not).
    QString arraySpec() const;
    bool setArraySpecText(const QString& text);
    /// The recommended chunk as mdadm, mkfs.xfs, mkfs.ext4 and lvcreate take it; empty without advice.
    std::vector<StripeSetting> recommendedSettings() const;
    const std::optional<StripeAdvice>& advice() const { return m_advice; }
    const StripeRecommendation& recommendation() const { return m_recommendation; }
    /// The advice as JSON and CSV (what the save buttons write).
    QJsonObject adviceJson() const;
    QString adviceCsv() const;
    /// Illustration 12's inputs as shown: N controllers of C requests/s (C the recommended chunk's
    /// saturated rate unless given), and the trace's measured skew for that N, if a trace was read.
    int skewControllers() const;
    double skewControllerIops() const;
    std::optional<MeasuredSkew> skewMeasured() const;

    /// The inputs as entered, and the advice shown as Save JSON writes it (for the record).
    WorkspaceAdvisor saveState() const;
    /// Puts a workspace's inputs back (a running advice of the old inputs is dropped) and advises on
    /// them when that is the page's instant arithmetic (no trace to read, nothing to simulate), as
    /// the page does at start; else Advise does it. False and why when the array spec is refused.
    bool restoreState(const WorkspaceAdvisor& state, QString* error);

Q_SIGNALS:
    /// The array's editor took another array.
    void arraySpecChanged();

private:
    struct Outcome
    {
        AdvisorOptions options;
        std::optional<StripeAdvice> advice;
        std::optional<HostStripeAdvice> host;
        std::shared_ptr<const TraceSummary> summary;
        QString error;
    };
    void showAdvice();
    /// The editor took another array: the page's own advice follows it (advised again, after the
    /// one running); advice the user asked for stays, and the status says which array it is of.
    void arrayEdited();
    void showError(const QString& error);
    void chooseTrace();
    void updateSkew();

    ArraySpecEditor* m_array = nullptr;
    QLineEdit* m_sizes = nullptr;
    QDoubleSpinBox* m_read = nullptr;
    QLineEdit* m_chunks = nullptr;
    QCheckBox* m_givenDrive = nullptr;
    QLineEdit* m_positioning = nullptr;
    QLineEdit* m_transfer = nullptr;
    QPushButton* m_run = nullptr;
    QPushButton* m_traceButton = nullptr;
    QPushButton* m_tracesPageButton = nullptr;
    std::function<QStringList()> m_tracesPageFiles;
    QLabel* m_traceLabel = nullptr;
    QString m_tracePath;
    QSpinBox* m_outstanding = nullptr;
    QLineEdit* m_hostStripe = nullptr;
    JobRunner* m_runner = nullptr;
    JobBar* m_bar = nullptr;
    QLabel* m_drive = nullptr;
    AdvisorCostPlot* m_plot = nullptr;
    AdvisorCurvePlot* m_curve = nullptr;
    QTableWidget* m_table = nullptr;
    QSpinBox* m_controllers = nullptr;
    QDoubleSpinBox* m_controllerIops = nullptr;
    AdvisorSkewPlot* m_skew = nullptr;
    std::shared_ptr<const TraceSummary> m_summary; ///< of the trace advised on, for its skew at any N
    QLabel* m_recommendationText = nullptr;
    std::optional<StripeAdvice> m_advice;
    /// A workspace's advice, kept as it was saved while the page has not advised again (one with a
    /// trace or a simulation is not recomputed on opening), so saving the workspace keeps it.
    QJsonObject m_savedAdvice;
    bool m_restoring = false;   ///< restoreState() is setting the inputs: no advice of them half set
    bool m_adviseAgain = false; ///< the array changed while an advice of the page's own ran: advise once more when it ends
    bool m_asked = false; ///< the user asked for advice (Advise, Use the Traces page's trace) or the workspace held one
    AdvisorOptions m_options;
    std::optional<HostStripeAdvice> m_host;
    StripeRecommendation m_recommendation;
};

} // namespace raidscope::gui
