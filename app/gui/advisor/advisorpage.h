// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "advisor/stripeadvisor.h"

#include <QWidget>

#include <optional>

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;

namespace raidscope::gui {

class AdvisorCostPlot;
class AdvisorCurvePlot;
class ArraySpecEditor;

/// The stripe-size advisor (storage-bottlenecks whitepaper, Scenario 2): an array, a request-size
/// mix and candidate chunk sizes in; per candidate the drives a request touches, its disk
/// operations (parity too) and its positioning against productive time (Illustration 10), and a
/// recommendation with its reasons. The arithmetic is core's (core/advisor); it takes well under a
/// second, so it runs on the GUI thread.
class AdvisorPage : public QWidget
{
    Q_OBJECT
public:
    explicit AdvisorPage(QWidget* parent = nullptr);

    /// Runs the advisor on the current inputs; false with the reason shown when they are refused.
    bool advise();
    const std::optional<StripeAdvice>& advice() const { return m_advice; }
    const StripeRecommendation& recommendation() const { return m_recommendation; }

private:
    void showAdvice();
    void showError(const QString& error);

    ArraySpecEditor* m_array = nullptr;
    QLineEdit* m_sizes = nullptr;
    QDoubleSpinBox* m_read = nullptr;
    QLineEdit* m_chunks = nullptr;
    QCheckBox* m_givenDrive = nullptr;
    QLineEdit* m_positioning = nullptr;
    QLineEdit* m_transfer = nullptr;
    QPushButton* m_run = nullptr;
    QLabel* m_status = nullptr;
    QLabel* m_drive = nullptr;
    AdvisorCostPlot* m_plot = nullptr;
    AdvisorCurvePlot* m_curve = nullptr;
    QTableWidget* m_table = nullptr;
    QLabel* m_recommendationText = nullptr;
    std::optional<StripeAdvice> m_advice;
    StripeRecommendation m_recommendation;
};

} // namespace raidscope::gui
