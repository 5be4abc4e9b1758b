// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "widgets/liveplot.h"

namespace raidscope {
struct StudyResult;
}

namespace raidscope::gui {

/// A study's answer against its first factor: the most BSUs within the response-time limit (SIMRAID's
/// measure), one line per value of the second factor. When the load itself is the factor (bsu=...),
/// the mean response time against the BSUs instead, with the limit drawn across.
class StudyFactorPlot : public LivePlot
{
    Q_OBJECT
public:
    explicit StudyFactorPlot(QWidget* parent = nullptr);

    void clear();
    /// Draws the points finished so far.
    void setResult(const StudyResult& result);

protected:
    void rescale() override;

private:
    QSharedPointer<QCPAxisTickerText> m_ticker;
    QCPItemStraightLine* m_limit = nullptr;
    double m_top = 1;
    double m_xLow = 0;
    double m_xHigh = 1;
};

} // namespace raidscope::gui
