// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/minervacalibration.h"

#include <QWidget>

#include <optional>

class QComboBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace raidscope::gui {

class JobBar;
class JobRunner;
class CalibrationPlot;

/// Minerva's calibration (HPL-2001-118, 2.7) on the Models page: core's runMinervaCalibration()
/// fits it on simulated arrays of one set of sizes and disk counts and predicts held-out ones; the
/// panel shows the fitted quadratic, the error on the fit set and on the held-out set beside the
/// paper's (5.4 % mean, 19 % max on the FC-30), every point in a table, and predicted against
/// simulated maxima on a plot. Runs as a job.
class CalibrationPanel : public QWidget
{
    Q_OBJECT
public:
    explicit CalibrationPanel(QWidget* parent = nullptr);

    /// Starts the study with the fields' scheme, disk and requests per disk.
    void run();
    bool isRunning() const;
    const std::optional<MinervaCalibrationStudy>& study() const { return m_study; }

private:
    void show(const MinervaCalibrationStudy& study);

    QComboBox* m_scheme = nullptr;
    QComboBox* m_disk = nullptr;
    QSpinBox* m_perDisk = nullptr;
    QPushButton* m_run = nullptr;
    JobRunner* m_runner = nullptr;
    JobBar* m_bar = nullptr;
    QLabel* m_summary = nullptr;
    QTableWidget* m_points = nullptr;
    CalibrationPlot* m_plot = nullptr;
    std::optional<MinervaCalibrationStudy> m_study;
};

} // namespace raidscope::gui
