// SPDX-License-Identifier: GPL-3.0-or-later
#include "tracerunplot.h"

#include "trace/tracesummary.h"
#include "traces/tracedeviceplot.h"

#include <algorithm>

namespace raidscope::gui {

TraceRunPlot::TraceRunPlot(QWidget* parent)
    : LivePlot(parent)
{
    setObjectName(QStringLiteral("traceRunPlot"));
    setTitle(tr("Sequentiality (run count)"));

    m_ticker.reset(new QCPAxisTickerText);
    xAxis->setTicker(m_ticker);
    xAxis->grid()->setVisible(false);
    styleAxis(xAxis, tr("Device, busiest first"));
    styleAxis(yAxis, tr("Requests per sequential run"));

    const QColor bar(0x4c, 0x9a, 0x6a);
    m_bars = new QCPBars(xAxis, yAxis);
    m_bars->setName(tr("run count"));
    m_bars->setWidth(0.6);
    m_bars->setPen(QPen(bar.darker(130)));
    m_bars->setBrush(bar);
    m_line = addGraph(xAxis, yAxis);
    m_line->setPen(QPen(QColor(0x6a, 0x3d, 0x9a), 2.2, Qt::DashLine));
    m_line->removeFromLegend();
    m_lineLabel = new QCPItemText(this);
    m_lineLabel->position->setAxes(xAxis, yAxis);
    m_lineLabel->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
    m_lineLabel->setColor(QColor(0x6a, 0x3d, 0x9a));
    m_lineLabel->setPadding(QMargins(3, 1, 3, 2));
    m_lineLabel->setBrush(QColor(255, 255, 255, 200));
    QFont bold = font();
    bold.setBold(true);
    m_lineLabel->setFont(bold);
    m_lineLabel->setVisible(false);

    setEmptyNote(tr("Open a trace to see how sequential it is"));
    rescale();
}

void TraceRunPlot::clear()
{
    m_runCounts.clear();
    m_overall = 0;
    m_bars->data()->clear();
    m_line->data()->clear();
    m_ticker->clear();
    m_lineLabel->setVisible(false);
    setSubtitle(QString());
    setEmptyNote(tr("Open a trace to see how sequential it is"));
    scheduleReplot();
}

void TraceRunPlot::setSummary(const TraceSummary& s)
{
    if (!s.format.has(TraceField::Offsets)) { // made-up offsets: their runs are the assumption's
        clear();
        setEmptyNote(tr("method: none · no sequential runs:\n%1\nrecords no offsets").arg(s.format.name));
        return;
    }
    std::vector<TraceDevicePlot::Device> devices = TraceDevicePlot::devicesOf(s);
    if (devices.size() > std::size_t(kMaxDevices))
        devices.resize(std::size_t(kMaxDevices));
    m_runCounts.clear();
    m_ticker->clear();
    QVector<double> keys, values;
    for (std::size_t i = 0; i < devices.size(); ++i) {
        m_runCounts.push_back(devices[i].runCount);
        keys << double(i);
        values << devices[i].runCount;
        m_ticker->addTick(double(i), devices[i].name);
    }
    m_bars->setData(keys, values, true);
    xAxis->setTickLabelRotation(devices.size() > 8 ? -40 : 0);
    m_overall = s.runCount();
    if (!devices.empty()) {
        const double right = double(devices.size()) - 0.5;
        m_line->setData({ -0.5, right }, { m_overall, m_overall }, true);
        m_lineLabel->position->setCoords(right, m_overall);
        m_lineLabel->setText(tr("whole trace %1").arg(number(m_overall)));
        m_lineLabel->setVisible(true);
        // 1 means no request continued where the previous one on its device ended.
        setSubtitle(tr("%1 requests in %2 runs; 1 = fully random").arg(s.records).arg(s.totalRuns()));
    } else {
        m_line->data()->clear();
        m_lineLabel->setVisible(false);
        setSubtitle(QString());
    }
    setEmptyNote(devices.empty() ? tr("No requests in this trace") : QString());
    scheduleReplot();
}

void TraceRunPlot::rescale()
{
    const double n = std::max<double>(1, double(m_runCounts.size()));
    xAxis->setRange(-0.6, n - 0.4);
    double top = m_overall;
    for (double r : m_runCounts)
        top = std::max(top, r);
    yAxis->setRange(0, top > 0 ? top * 1.2 : 2);
}

} // namespace raidscope::gui
