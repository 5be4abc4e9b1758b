// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "widgets/liveplot.h"

namespace raidscope {
class TraceSummary;
}

namespace raidscope::gui {

/// Skew as Lorenz curves (whitepaper "Skew"): the share of the I/Os that the least busy fraction
/// of the devices, and of the LBA regions, receive; the diagonal is an even spread. The legend
/// gives each curve's Gini coefficient (0 even, towards 1 all I/O in one place).
class TraceLorenzPlot : public LivePlot
{
    Q_OBJECT
public:
    explicit TraceLorenzPlot(QWidget* parent = nullptr);

    void clear();
    void setSummary(const TraceSummary& summary);
    double deviceGini() const { return m_deviceGini; }
    double regionGini() const { return m_regionGini; }

    QCPGraph* deviceCurve() const { return m_devices; }
    QCPGraph* regionCurve() const { return m_regions; }

protected:
    void rescale() override;

private:
    double m_deviceGini = 0;
    double m_regionGini = 0;
    QCPGraph* m_even = nullptr;
    QCPGraph* m_devices = nullptr;
    QCPGraph* m_regions = nullptr;
};

} // namespace raidscope::gui
