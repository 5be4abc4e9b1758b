// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "widgets/liveplot.h"

namespace raidscope {
struct StripeAdvice;
}

namespace raidscope::gui {

/// The whitepaper's Illustration 10 per candidate chunk size: one stacked bar of the disk time a
/// request costs, non-productive positioning below and productive transfer above, labelled with
/// the positioning share.
class AdvisorCostPlot : public LivePlot
{
    Q_OBJECT
public:
    explicit AdvisorCostPlot(QWidget* parent = nullptr);

    void clear();
    void setAdvice(const StripeAdvice& advice, int best);

    QCPBars* positioningBars() const { return m_positioning; }
    QCPBars* productiveBars() const { return m_productive; }

protected:
    void rescale() override;

private:
    QCPBars* m_positioning = nullptr;
    QCPBars* m_productive = nullptr;
    QSharedPointer<QCPAxisTickerText> m_ticker;
    QList<QCPItemText*> m_labels;
};

} // namespace raidscope::gui
