// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "widgets/liveplot.h"

#include <vector>

namespace raidscope {
struct SimResult;
}

namespace raidscope::gui {

/// Throughput and response time against outstanding I/Os (closed-loop "threads"): the whitepaper's
/// Illustration 4. IOPS on the left axis, mean and 90th-percentile response time on the right; the
/// x axis is logarithmic in base 2, ticked at the outstanding values measured. A point appears as
/// each run of a sweep finishes.
class SaturationPlot : public LivePlot
{
    Q_OBJECT
public:
    explicit SaturationPlot(QWidget* parent = nullptr);

    struct Point
    {
        int outstanding = 0;
        double iops = 0;
        double meanMs = 0;
        double p90Ms = 0;
    };

    void clear();
    /// Adds (or replaces) the point of a closed-loop run; open-loop runs have no place here.
    void addResult(const SimResult& result);
    /// Marks the point of `outstanding` as the one the other views show (-1: none).
    void setHighlighted(int outstanding);
    const std::vector<Point>& points() const { return m_points; }
    /// The knee's requests in flight (loadCurveKnee(): greatest IOPS per ms of mean response), marked
    /// on the plot; -1 when there is none within the sweep.
    int kneeOutstanding() const;

    QCPGraph* iopsGraph() const { return m_iops; }
    QCPGraph* meanGraph() const { return m_mean; }
    QCPGraph* p90Graph() const { return m_p90; }

protected:
    void rescale() override;

private:
    void rebuild();
    void updateKnee();

    std::vector<Point> m_points; // ascending outstanding
    QCPGraph* m_iops = nullptr;
    QCPGraph* m_mean = nullptr;
    QCPGraph* m_p90 = nullptr;
    QCPGraph* m_highlight = nullptr;
    QSharedPointer<QCPAxisTickerText> m_xTicker;
    std::vector<QCPItemText*> m_labels;
    int m_highlighted = -1;
    QCPItemStraightLine* m_kneeLine = nullptr;
    QCPItemText* m_kneeLabel = nullptr;
};

} // namespace raidscope::gui
