// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "widgets/liveplot.h"

#include <vector>

namespace raidscope::gui {

/// The rebuild-rate trade-off in one plot: for each rebuild policy run, the time until the array is
/// fully redundant again against the response time its users saw meanwhile (SIMRAID's third part:
/// "how to allocate resources between rebuilding and serving of incoming requests").
class RebuildTradeoffPlot : public LivePlot
{
    Q_OBJECT
public:
    explicit RebuildTradeoffPlot(QWidget* parent = nullptr);

    struct Point
    {
        QString label;          ///< the policy, e.g. "rate:20MB/s"
        double redundantAfterS = 0; ///< from the failure until the rebuild ended
        double usersMeanMs = 0; ///< mean response time from the failure until the queue recovered
        double usersP90Ms = 0;
    };

    void clear();
    void setPoints(std::vector<Point> points);
    const std::vector<Point>& points() const { return m_points; }

protected:
    void rescale() override;

private:
    std::vector<Point> m_points;
    QCPGraph* m_mean = nullptr;
    QCPGraph* m_p90 = nullptr;
    std::vector<QCPItemText*> m_labels;
};

} // namespace raidscope::gui
