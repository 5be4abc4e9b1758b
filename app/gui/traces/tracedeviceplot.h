// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "widgets/liveplot.h"

#include <vector>

namespace raidscope {
class TraceSummary;
}

namespace raidscope::gui {

/// Per-device load of a trace (whitepaper "Skew", controller and disk skew): each device's share
/// of the I/Os and of the bytes, busiest first, with the busiest device's share called out.
class TraceDevicePlot : public LivePlot
{
    Q_OBJECT
public:
    explicit TraceDevicePlot(QWidget* parent = nullptr);

    /// At most this many devices are drawn (the busiest); the subtitle says how many were left out.
    static constexpr int kMaxDevices = 16;

    struct Device
    {
        QString name;
        std::uint64_t ios = 0;
        std::uint64_t bytes = 0;
        double ioPercent = 0;
        double bytePercent = 0;
        double runCount = 0; ///< Minerva §2.1: requests per sequential run
    };
    /// Every device of a summary, busiest (most I/Os) first; ties keep the trace's order.
    static std::vector<Device> devicesOf(const TraceSummary& summary);

    void clear();
    void setSummary(const TraceSummary& summary);
    /// The devices drawn, busiest first.
    const std::vector<Device>& devices() const { return m_devices; }
    double busiestShare() const { return m_busiestShare; }

    QCPBars* ioBars() const { return m_ioBars; }
    QCPBars* byteBars() const { return m_byteBars; }

protected:
    void rescale() override;

private:
    std::vector<Device> m_devices;
    double m_busiestShare = 0;
    QCPBars* m_ioBars = nullptr;
    QCPBars* m_byteBars = nullptr;
    QCPBarsGroup* m_group = nullptr;
    QCPItemText* m_busiestLabel = nullptr;
    QSharedPointer<QCPAxisTickerText> m_ticker;
};

} // namespace raidscope::gui
