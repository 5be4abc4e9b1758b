// SPDX-License-Identifier: GPL-3.0-or-later
#include "tracedeviceplot.h"

#include "trace/tracesummary.h"

#include <algorithm>

namespace raidscope::gui {

TraceDevicePlot::TraceDevicePlot(QWidget* parent)
    : LivePlot(parent)
{
    setObjectName(QStringLiteral("traceDevicePlot"));
    setTitle(tr("Load per device"));

    m_ticker.reset(new QCPAxisTickerText);
    xAxis->setTicker(m_ticker);
    xAxis->grid()->setVisible(false);
    styleAxis(xAxis, tr("Device, busiest first"));
    styleAxis(yAxis, tr("Share of the trace (%)"));

    const QColor ios(0x3b, 0x75, 0xaf), bytes(0x8c, 0xb8, 0xde);
    m_group = new QCPBarsGroup(this);
    m_group->setSpacing(1);
    m_ioBars = new QCPBars(xAxis, yAxis);
    m_ioBars->setName(tr("% of I/Os"));
    m_ioBars->setWidth(0.38);
    m_ioBars->setPen(QPen(ios.darker(130)));
    m_ioBars->setBrush(ios);
    m_ioBars->setBarsGroup(m_group);
    m_byteBars = new QCPBars(xAxis, yAxis);
    m_byteBars->setName(tr("% of bytes"));
    m_byteBars->setWidth(0.38);
    m_byteBars->setPen(QPen(bytes.darker(140)));
    m_byteBars->setBrush(bytes);
    m_byteBars->setBarsGroup(m_group);

    m_busiestLabel = new QCPItemText(this);
    m_busiestLabel->position->setAxes(xAxis, yAxis);
    m_busiestLabel->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
    m_busiestLabel->setPadding(QMargins(3, 1, 3, 3));
    m_busiestLabel->setColor(QColor(0xb0, 0x00, 0x20));
    QFont bold = font();
    bold.setBold(true);
    m_busiestLabel->setFont(bold);
    m_busiestLabel->setVisible(false);

    placeLegendAbove();
    setEmptyNote(tr("Open a trace to see how its I/O spreads over devices"));
    rescale();
}

std::vector<TraceDevicePlot::Device> TraceDevicePlot::devicesOf(const TraceSummary& s)
{
    std::uint64_t ios = 0, bytes = 0;
    for (const TraceDeviceSummary& d : s.devices) {
        ios += d.ios;
        bytes += d.bytes;
    }
    std::vector<Device> out;
    for (const TraceDeviceSummary& d : s.devices) {
        if (d.ios == 0)
            continue; // a device seen only in completion records
        out.push_back({ QString::fromStdString(d.name), d.ios, d.bytes, ios ? 100.0 * double(d.ios) / double(ios) : 0,
            bytes ? 100.0 * double(d.bytes) / double(bytes) : 0, d.runCount() });
    }
    std::stable_sort(out.begin(), out.end(), [](const Device& a, const Device& b) { return a.ios > b.ios; });
    return out;
}

void TraceDevicePlot::clear()
{
    m_devices.clear();
    m_busiestShare = 0;
    m_ioBars->data()->clear();
    m_byteBars->data()->clear();
    m_ticker->clear();
    m_busiestLabel->setVisible(false);
    setSubtitle(QString());
    setEmptyNote(tr("Open a trace to see how its I/O spreads over devices"));
    scheduleReplot();
}

void TraceDevicePlot::setSummary(const TraceSummary& s)
{
    std::vector<Device> all = devicesOf(s);
    const std::size_t total = all.size();
    if (all.size() > std::size_t(kMaxDevices))
        all.resize(std::size_t(kMaxDevices));
    m_devices = std::move(all);
    m_busiestShare = m_devices.empty() ? 0 : m_devices.front().ioPercent;
    QVector<double> keys, ioValues, byteValues;
    m_ticker->clear();
    for (std::size_t i = 0; i < m_devices.size(); ++i) {
        keys << double(i);
        ioValues << m_devices[i].ioPercent;
        byteValues << m_devices[i].bytePercent;
        m_ticker->addTick(double(i), m_devices[i].name);
    }
    m_ioBars->setData(keys, ioValues, true);
    m_byteBars->setData(keys, byteValues, true);
    xAxis->setTickLabelRotation(m_devices.size() > 8 ? -40 : 0);

    if (!m_devices.empty()) {
        // Whitepaper Scenario 3: one controller with 50 % of the I/O out of 20 is severe skew.
        m_busiestLabel->position->setCoords(-0.35, m_busiestShare);
        m_busiestLabel->setText(tr("busiest: %1, %2 % of I/Os").arg(m_devices.front().name, number(m_busiestShare)));
        m_busiestLabel->setVisible(true);
        const double even = 100.0 / double(total);
        QString sub = total == 1 ? tr("1 device: it has all the I/O")
                                 : tr("%1 devices; an even spread would give each %2 %").arg(total).arg(number(even));
        if (total > m_devices.size())
            sub += tr(" · the %1 busiest shown").arg(m_devices.size());
        setSubtitle(sub);
    } else {
        m_busiestLabel->setVisible(false);
        setSubtitle(QString());
    }
    setEmptyNote(m_devices.empty() ? tr("No requests in this trace") : QString());
    scheduleReplot();
}

void TraceDevicePlot::rescale()
{
    const double n = std::max<double>(1, double(m_devices.size()));
    xAxis->setRange(-0.6, n - 0.4);
    double top = 0;
    for (const Device& d : m_devices)
        top = std::max({ top, d.ioPercent, d.bytePercent });
    yAxis->setRange(0, top > 0 ? std::min(100.0, top) * 1.18 : 100);
}

} // namespace raidscope::gui
