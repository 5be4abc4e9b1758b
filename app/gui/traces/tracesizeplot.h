// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "widgets/liveplot.h"

#include <cstdint>
#include <vector>

namespace raidscope {
class TraceSummary;
}

namespace raidscope::gui {

/// The transfer-size distribution of a trace with the cumulative percentage of requests at or below
/// each size (whitepaper Illustration 8, "Netscape Mail Cumulative Transfer Size Percentage"): one
/// bar per distinct size while there are few, otherwise power-of-two bins.
class TraceSizePlot : public LivePlot
{
    Q_OBJECT
public:
    explicit TraceSizePlot(QWidget* parent = nullptr);

    /// Above this many distinct sizes, sizes are gathered into power-of-two bins.
    static constexpr int kMaxCategories = 24;

    struct Bin
    {
        QString label; ///< "4KiB", or "≤8KiB" for a power-of-two bin
        std::uint64_t lowBytes = 0; ///< smallest size in the bin (inclusive)
        std::uint64_t highBytes = 0; ///< largest size in the bin (inclusive)
        std::uint64_t count = 0;
        double percent = 0; ///< of all requests
        double cumulativePercent = 0; ///< requests at or below highBytes
    };
    /// The bins of a summary's size histogram, in ascending size order.
    static std::vector<Bin> binsOf(const TraceSummary& summary);

    void clear();
    void setSummary(const TraceSummary& summary);
    const std::vector<Bin>& bins() const { return m_bins; }
    bool binned() const { return m_binned; }

    QCPBars* countBars() const { return m_bars; }
    QCPGraph* cumulativeGraph() const { return m_cumulative; }

protected:
    void rescale() override;

private:
    std::vector<Bin> m_bins;
    bool m_binned = false;
    QCPBars* m_bars = nullptr;
    QCPGraph* m_cumulative = nullptr;
    QSharedPointer<QCPAxisTickerText> m_ticker;
    std::vector<QCPItemText*> m_barLabels; ///< "% of requests" above each bar, when there are few
    static constexpr int kMaxBarLabels = 12;
};

} // namespace raidscope::gui
