// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "widgets/liveplot.h"

#include <optional>

namespace raidscope {
struct MeasuredSkew;
}

namespace raidscope::gui {

/// The whitepaper's Illustration 12: N controllers of C requests per second each; with a share x
/// of the load on the busiest, the whole serves C / x, at most N x C (core's skewedThroughput()).
/// A trace's measured skew (core's measuredSkew()) is marked on the curve.
class AdvisorSkewPlot : public LivePlot
{
    Q_OBJECT
public:
    explicit AdvisorSkewPlot(QWidget* parent = nullptr);

    void clear();
    /// The curve for `controllers` x `perControllerIops`, and the trace's point when `measured` is
    /// for the same number of controllers.
    void setCurve(int controllers, double perControllerIops, const std::optional<MeasuredSkew>& measured);

    QCPGraph* curve() const { return m_curve; }
    /// The marked point (share of the load on the busiest, requests per second), if any.
    std::optional<QPointF> markedPoint() const;

protected:
    void rescale() override;

private:
    QCPGraph* m_curve = nullptr;
    QCPGraph* m_mark = nullptr;
    QCPItemStraightLine* m_ceiling = nullptr;
    QCPItemText* m_markLabel = nullptr;
    double m_top = 1;
};

} // namespace raidscope::gui
