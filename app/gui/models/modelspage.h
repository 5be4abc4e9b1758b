// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/minerva.h"
#include "workspace/workspace.h"

#include <QWidget>

#include <functional>
#include <memory>
#include <optional>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTabWidget;
class QTableWidget;

namespace raidscope {
class TraceSummary;
}

namespace raidscope::gui {

class CalibrationPanel;
class MinervaSweepPlot;
class ResponsePanel;

/// The analytical models. Minerva (Merchant & Alvarez, HPL-2001-118): an LU and its streams in; the
/// utilizations, the binding constraint and the maximum request rate out, and the maximum against
/// read fraction, request size and run count (the paper's Table 1 axes) with the binding constraint
/// marked. An evaluation takes well under a microsecond, so every edit recomputes at once. A second
/// tab holds the zoned-RAID response-time model (ResponsePanel), a third Minerva's calibration fitted
/// and tested on simulated arrays (CalibrationPanel).
class ModelsPage : public QWidget
{
    Q_OBJECT
public:
    explicit ModelsPage(QWidget* parent = nullptr);

    /// The input the fields describe, or nullopt with the reason (shown on the page).
    std::optional<MinervaInput> input(QString* error) const;
    /// The last result shown (nullopt while the fields are refused).
    const std::optional<MinervaResult>& result() const { return m_result; }
    /// Fills the LU from an array spec (its scheme, disks, chunk and disk preset); false and the
    /// reason shown when Minerva has no model of it.
    bool setLuFromArray(const QString& spec);
    /// Replaces the streams by one taken from a trace summary.
    bool setStreamFromTrace(const TraceSummary& summary);
    /// Where "The Array page's" and "The Traces page's" buttons look (MainWindow sets them).
    void setArraySource(std::function<QString()> spec);
    void setTraceSource(std::function<std::shared_ptr<const TraceSummary>()> summary);
    /// Adds a stream row (rate /s, size as text, read fraction, run count, ON s, OFF s; OFF 0: always ON).
    void addStream(double rate, const QString& size, double read, double runCount, double onSeconds = 0, double offSeconds = 0);
    void recompute();
    ResponsePanel* responsePanel() const { return m_response; }
    CalibrationPanel* calibrationPanel() const { return m_calibration; }
    /// Shows the throughput (0), the response-time (1) model or Minerva's calibration (2).
    void showModel(int index);

    /// Minerva's input (when the fields make one), the response panel's fields and the tab shown.
    WorkspaceModels saveState() const;
    /// Puts a workspace's inputs back; Minerva's result follows at once, as after any edit.
    bool restoreState(const WorkspaceModels& state, QString* error);

private:
    void showError(const QString& error);

    QComboBox* m_type = nullptr;
    QSpinBox* m_disks = nullptr;
    QLineEdit* m_stripeUnit = nullptr;
    QDoubleSpinBox* m_positionMs = nullptr;
    QDoubleSpinBox* m_transferMBs = nullptr;
    QDoubleSpinBox* m_bandwidthMBs = nullptr;
    QDoubleSpinBox* m_throughput = nullptr;
    QComboBox* m_smallWrite = nullptr;
    QComboBox* m_writeSize = nullptr;
    QTableWidget* m_streams = nullptr;
    QPushButton* m_fromArray = nullptr;
    QPushButton* m_fromTrace = nullptr;
    QLabel* m_resultText = nullptr;
    QLabel* m_driveNote = nullptr;
    MinervaSweepPlot* m_readPlot = nullptr;
    MinervaSweepPlot* m_sizePlot = nullptr;
    MinervaSweepPlot* m_runPlot = nullptr;
    ResponsePanel* m_response = nullptr;
    CalibrationPanel* m_calibration = nullptr;
    QTabWidget* m_tabs = nullptr;
    std::function<QString()> m_arraySource;
    std::function<std::shared_ptr<const TraceSummary>()> m_traceSource;
    std::optional<MinervaResult> m_result;
    bool m_filling = false; ///< no recompute while fields are set together
};

} // namespace raidscope::gui
