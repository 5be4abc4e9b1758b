// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "widgets/liveplot.h"

namespace raidscope {
struct StudyPoint;
}

namespace raidscope::gui {

/// How a study found one point's most BSUs: every load it ran (the doubling, then the bisection),
/// its mean and 90th-percentile response time against the load, the limit across, the answer marked.
class StudySearchPlot : public LivePlot
{
    Q_OBJECT
public:
    explicit StudySearchPlot(QWidget* parent = nullptr);

    void clear();
    void setPoint(const StudyPoint& point, double limitMs);

protected:
    void rescale() override;

private:
    QCPGraph* m_mean = nullptr;
    QCPGraph* m_p90 = nullptr;
    QCPGraph* m_found = nullptr;
    QCPItemStraightLine* m_limit = nullptr;
    double m_right = 1;
    double m_top = 1;
};

} // namespace raidscope::gui
