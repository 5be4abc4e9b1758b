// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "widgets/liveplot.h"

#include <vector>

namespace raidscope {
class TraceSummary;
}

namespace raidscope::gui {

/// Sequentiality of a trace: Minerva's run count (§2.1, requests per run of spatially sequential
/// requests) per device, busiest device first, with the whole trace's run count as a line.
class TraceRunPlot : public LivePlot
{
    Q_OBJECT
public:
    explicit TraceRunPlot(QWidget* parent = nullptr);

    static constexpr int kMaxDevices = 16;

    void clear();
    void setSummary(const TraceSummary& summary);
    /// Run counts drawn, busiest device first, and the trace's overall run count.
    const std::vector<double>& runCounts() const { return m_runCounts; }
    double overallRunCount() const { return m_overall; }

    QCPBars* bars() const { return m_bars; }
    QCPGraph* overallLine() const { return m_line; }

protected:
    void rescale() override;

private:
    std::vector<double> m_runCounts;
    double m_overall = 0;
    QCPBars* m_bars = nullptr;
    QCPGraph* m_line = nullptr;
    QCPItemText* m_lineLabel = nullptr;
    QSharedPointer<QCPAxisTickerText> m_ticker;
};

} // namespace raidscope::gui
