// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "widgets/liveplot.h"

#include <vector>

namespace raidscope {
struct SimResult;
}

namespace raidscope::gui {

/// The response-time distribution of one run: a histogram over a logarithmic time axis (the
/// simulator's log-linear buckets gathered into kBinsPerDecade bins per decade) with the
/// cumulative distribution on the right axis and the 50th/90th/99th percentiles marked.
class ResponseTimePlot : public LivePlot
{
    Q_OBJECT
public:
    explicit ResponseTimePlot(QWidget* parent = nullptr);

    static constexpr int kBinsPerDecade = 20;

    struct Bin
    {
        double lowMs = 0;
        double highMs = 0;
        double fraction = 0; ///< of all requests
        double cumulative = 0; ///< requests at or below highMs
    };
    /// The histogram of `result`, gathered into log-spaced bins (every non-empty bin, in order).
    static std::vector<Bin> binsOf(const SimResult& result);

    void clear();
    void setResult(const SimResult& result);
    const std::vector<Bin>& bins() const { return m_bins; }

    QCPGraph* histogramGraph() const { return m_histogram; }
    QCPGraph* cdfGraph() const { return m_cdf; }

protected:
    void rescale() override;

private:
    std::vector<Bin> m_bins;
    QCPGraph* m_histogram = nullptr;
    QCPGraph* m_cdf = nullptr;
    std::vector<QCPItemStraightLine*> m_marks;
    std::vector<QCPItemText*> m_markLabels;
};

} // namespace raidscope::gui
