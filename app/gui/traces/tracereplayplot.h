// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "widgets/liveplot.h"

#include <vector>

namespace raidscope {
struct TraceReplayArray;
}

namespace raidscope::gui {

/// Candidate arrays side by side after a trace replay (whitepaper, the mail-server replay over
/// 16, 32 and 64 KiB stripes): mean, p90 and p99 response time per candidate (left axis) and the
/// number of slow periods (right axis).
class TraceReplayPlot : public LivePlot
{
    Q_OBJECT
public:
    explicit TraceReplayPlot(QWidget* parent = nullptr);

    /// "raid5 ×5, 16KiB chunk" from a spec, for an axis tick.
    static QString shortLabel(const QString& spec);

    void clear();
    void setArrays(const std::vector<TraceReplayArray>& arrays, bool partial);

    QCPBars* meanBars() const { return m_mean; }
    QCPBars* p90Bars() const { return m_p90; }
    QCPBars* p99Bars() const { return m_p99; }
    QCPBars* slowBars() const { return m_slow; }

protected:
    void rescale() override;

private:
    int m_count = 0;
    double m_maxMs = 0;
    double m_maxSlow = 0;
    QCPBars* m_mean = nullptr;
    QCPBars* m_p90 = nullptr;
    QCPBars* m_p99 = nullptr;
    QCPBars* m_slow = nullptr;
    QSharedPointer<QCPAxisTickerText> m_ticker;
    std::vector<QCPItemText*> m_labels; ///< the value above each bar
};

} // namespace raidscope::gui
