// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "widgets/liveplot.h"

namespace raidscope {
class TraceSummary;
}

namespace raidscope::gui {

/// The read/write mix of a trace by request count and by bytes, as two stacked 100 % bars.
class TraceMixPlot : public LivePlot
{
    Q_OBJECT
public:
    explicit TraceMixPlot(QWidget* parent = nullptr);

    void clear();
    void setSummary(const TraceSummary& summary);

    /// Percentages shown: reads of all requests, reads of all bytes (writes are the rest).
    double readCountPercent() const { return m_readCount; }
    double readBytesPercent() const { return m_readBytes; }
    QCPBars* readBars() const { return m_reads; }
    QCPBars* writeBars() const { return m_writes; }

    static constexpr double kCountKey = 1; ///< the upper bar
    static constexpr double kBytesKey = 0;

protected:
    void rescale() override;

private:
    void placeLabel(QCPItemText* label, double key, double from, double to, const QString& text);

    double m_readCount = 0;
    double m_readBytes = 0;
    bool m_empty = true;
    QCPBars* m_reads = nullptr;
    QCPBars* m_writes = nullptr;
    std::vector<QCPItemText*> m_labels; ///< read count, write count, read bytes, write bytes
};

} // namespace raidscope::gui
