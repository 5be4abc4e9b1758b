// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "workspace/workspace.h"
#include "model/zonedraid.h"
#include "model/zonedsimulation.h"

#include <QWidget>

#include <functional>
#include <optional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace raidscope::gui {

class JobBar;
class JobRunner;
class ResponsePlot;

/// The zoned-RAID response-time model (Lebrecht, Dingle & Knottenbelt) on the Models page: an
/// array and a request stream in; the model's response-time cdf and pdf with its mean, variance and
/// percentiles, and the simulator's of the same array and workload overlaid. Runs as a job.
class ResponsePanel : public QWidget
{
    Q_OBJECT
public:
    explicit ResponsePanel(QWidget* parent = nullptr);

    /// The request the fields describe, or nullopt with the reason.
    std::optional<ZonedRaidRequest> request(QString* error) const;
    /// Starts the model (and the simulation when asked); false with the reason shown when refused.
    bool compute();
    bool isRunning() const;
    /// Fills the array fields from an array spec (raid10 with 2 copies as RAID 01, raid5); false and
    /// the reason shown otherwise.
    bool setArray(const QString& spec);
    void setArraySource(std::function<QString()> spec);

    const std::optional<ZonedRaidResult>& modelResult() const { return m_model; }
    const std::optional<SimulatedResponse>& simulationResult() const { return m_simulation; }
    QJsonObject resultJson() const;

    /// The fields as entered, for a workspace.
    WorkspaceResponse saveState() const;
    /// Puts a workspace's fields back (the model is not recomputed: Compute does that).
    void restoreState(const WorkspaceResponse& state);

private:
    struct Outcome
    {
        ZonedRaidRequest request;
        ZonedRaidResult model;
        std::optional<SimulatedResponse> simulation;
        QString error;
    };
    void show(const Outcome& out);
    void showError(const QString& error);

    QComboBox* m_scheme = nullptr;
    QSpinBox* m_disks = nullptr;
    QLineEdit* m_block = nullptr;
    QComboBox* m_disk = nullptr;
    QDoubleSpinBox* m_rate = nullptr;
    QSpinBox* m_blocks = nullptr;
    QDoubleSpinBox* m_read = nullptr;
    QComboBox* m_writeModel = nullptr;
    QCheckBox* m_simulate = nullptr;
    QSpinBox* m_count = nullptr;
    QPushButton* m_run = nullptr;
    QPushButton* m_fromArray = nullptr;
    JobRunner* m_runner = nullptr;
    JobBar* m_bar = nullptr;
    QLabel* m_summary = nullptr;
    ResponsePlot* m_cdf = nullptr;
    ResponsePlot* m_pdf = nullptr;
    std::function<QString()> m_arraySource;
    std::optional<ZonedRaidRequest> m_request;
    std::optional<ZonedRaidResult> m_model;
    std::optional<SimulatedResponse> m_simulation;
};

} // namespace raidscope::gui
