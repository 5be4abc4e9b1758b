// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "widgets/liveplot.h"

#include <optional>
#include <vector>

namespace raidscope {
struct TraceReplayArray;
}

namespace raidscope::gui {

/// Candidate arrays side by side after a trace replay (whitepaper, the mail-server replay over
/// 16, 32 and 64 KiB stripes): mean, p90 and p99 response time per candidate on a logarithmic axis
/// (the trace's own 0.2 ms and a candidate's 120 ms both readable), the trace's own first ("as
/// traced") with its mean as a dashed line across. Counts (slow periods) are in the table, never on
/// this milliseconds axis.
class TraceReplayPlot : public LivePlot
{
    Q_OBJECT
public:
    explicit TraceReplayPlot(QWidget* parent = nullptr);

    /// "raid5 ×5, 16KiB chunk" from a spec, for an axis tick.
    static QString shortLabel(const QString& spec);

    /// The trace's own response times.
    struct Baseline
    {
        double meanMs = 0, p90Ms = 0, p99Ms = 0;
    };

    void clear();
    void setArrays(const std::vector<TraceReplayArray>& arrays, bool partial, const std::optional<Baseline>& baseline = {});
    /// The dashed "as traced" mean line; null when there is no baseline.
    QCPItemStraightLine* baselineLine() const { return m_baselineLine; }

    QCPBars* meanBars() const { return m_mean; }
    QCPBars* p90Bars() const { return m_p90; }
    QCPBars* p99Bars() const { return m_p99; }

protected:
    void rescale() override;

private:
    int m_count = 0;
    double m_maxMs = 0;
    double m_minMs = 0;
    QCPBars* m_mean = nullptr;
    QCPBars* m_p90 = nullptr;
    QCPBars* m_p99 = nullptr;
    QCPItemStraightLine* m_baselineLine = nullptr;
    QCPItemText* m_baselineLabel = nullptr;
    QSharedPointer<QCPAxisTickerText> m_ticker;
    std::vector<QCPItemText*> m_labels; ///< the value above each bar
};

} // namespace raidscope::gui
