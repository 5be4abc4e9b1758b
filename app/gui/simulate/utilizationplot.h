// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "widgets/liveplot.h"

#include <vector>

namespace raidscope {
struct SimResult;
}

namespace raidscope::gui {

/// Per-disk utilization: one bar per physical disk (failed disks marked), and the array's mean
/// utilization as a line across them, so the whitepaper's Scenario 1 shows: one disk of eight at
/// 100 % busy is an array at 12.5 % (Illustration 5).
class UtilizationPlot : public LivePlot
{
    Q_OBJECT
public:
    explicit UtilizationPlot(QWidget* parent = nullptr);

    void clear();
    void setResult(const SimResult& result);

    /// Per physical disk, in percent (0 for a failed disk).
    const std::vector<double>& utilizationPercent() const { return m_percent; }
    /// The mean over the disks that have not failed, in percent: how busy the array is.
    double meanPercent() const { return m_meanPercent; }
    /// The bars drawn: working disks, and failed disks (a hatched full-height marker each).
    QCPBars* bars() const { return m_bars; }
    QCPBars* failedBars() const { return m_failed; }
    QCPGraph* meanLine() const { return m_mean; }

protected:
    void rescale() override;

private:
    std::vector<double> m_percent;
    double m_meanPercent = 0;
    QCPBars* m_bars = nullptr;
    QCPBars* m_failed = nullptr;
    QCPGraph* m_mean = nullptr;
    QCPItemText* m_meanLabel = nullptr;
    QSharedPointer<QCPAxisTickerText> m_ticker;
    std::vector<QCPItemText*> m_labels;
};

} // namespace raidscope::gui
