// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "widgets/liveplot.h"

namespace raidscope {
struct StripeAdvice;
}

namespace raidscope::gui {

/// The whitepaper's Illustration 11: requests per second against transfer size, one line per
/// candidate chunk size (reads, every disk busy): each line falls once requests pass its stripe
/// unit and need a second disk.
class AdvisorCurvePlot : public LivePlot
{
    Q_OBJECT
public:
    explicit AdvisorCurvePlot(QWidget* parent = nullptr);

    void clear();
    void setAdvice(const StripeAdvice& advice, int best);

protected:
    void rescale() override;
};

} // namespace raidscope::gui
