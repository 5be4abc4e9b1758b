// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "widgets/liveplot.h"

#include "model/minerva.h"

namespace raidscope::gui {

/// Minerva's maximum request rate against one workload parameter (read fraction, request size or
/// run count: the axes of the paper's Table 1), set on every stream at once. The line is coloured
/// by the constraint that binds (disk, controller bandwidth, controller throughput) and the
/// workload's own value is marked.
class MinervaSweepPlot : public LivePlot
{
    Q_OBJECT
public:
    explicit MinervaSweepPlot(MinervaAxis axis, QWidget* parent = nullptr);

    /// Recomputes the curve for `input` (its streams' current value of the axis is marked when they
    /// all share one). An empty input clears the plot with `why`.
    void setInput(const MinervaInput& input);
    void clear(const QString& why);

    MinervaAxis axis() const { return m_axis; }
    /// The x values drawn and the model's answers there.
    const std::vector<double>& xs() const { return m_xs; }
    const std::vector<MinervaResult>& results() const { return m_results; }

protected:
    void rescale() override;

private:
    MinervaAxis m_axis;
    QCPGraph* m_disk = nullptr;
    QCPGraph* m_bandwidth = nullptr;
    QCPGraph* m_throughput = nullptr;
    QCPGraph* m_mark = nullptr;
    std::vector<double> m_xs;
    std::vector<MinervaResult> m_results;
    double m_top = 1;
};

} // namespace raidscope::gui
