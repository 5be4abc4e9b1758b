// SPDX-License-Identifier: GPL-3.0-or-later
#include "tracelorenzplot.h"

#include "trace/tracesummary.h"
#include "units.h"

namespace raidscope::gui {

namespace {

    void setCurve(QCPGraph* graph, const std::vector<LorenzPoint>& curve)
    {
        QVector<double> x, y;
        for (const LorenzPoint& p : curve) {
            x << p.items * 100;
            y << p.share * 100;
        }
        graph->setData(x, y, true);
    }

} // namespace

TraceLorenzPlot::TraceLorenzPlot(QWidget* parent)
    : LivePlot(parent)
{
    setObjectName(QStringLiteral("traceLorenzPlot"));
    setTitle(tr("Skew: Lorenz curves"));

    styleAxis(xAxis, tr("Devices or LBA regions, least busy first (%)"));
    styleAxis(yAxis, tr("Their share of the I/Os (%)"));
    for (QCPAxis* axis : { xAxis, yAxis }) {
        QSharedPointer<QCPAxisTickerFixed> t(new QCPAxisTickerFixed);
        t->setTickStep(25);
        axis->setTicker(t);
    }

    m_even = addGraph();
    m_even->setName(tr("even spread"));
    m_even->setPen(QPen(QColor(0x90, 0x90, 0x90), 1.2, Qt::DashLine));
    m_even->setData({ 0, 100 }, { 0, 100 }, true);
    m_devices = addGraph();
    m_devices->setName(tr("devices"));
    m_devices->setPen(QPen(QColor(0x3b, 0x75, 0xaf), 2.4));
    m_devices->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 5));
    m_regions = addGraph();
    m_regions->setName(tr("LBA regions"));
    m_regions->setPen(QPen(QColor(0xd6, 0x27, 0x28), 2.4));

    // Lorenz curves never rise above the diagonal: the top-left corner is always free for the legend.
    legend->setVisible(true);
    legend->setFont(font());
    legend->setBrush(QColor(255, 255, 255, 220));
    legend->setBorderPen(QPen(QColor(0xc0, 0xc0, 0xc0)));
    axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
    setEmptyNote(tr("Open a trace to see how evenly its I/O spreads"));
    rescale();
}

void TraceLorenzPlot::clear()
{
    m_deviceGini = m_regionGini = 0;
    m_devices->data()->clear();
    m_regions->data()->clear();
    m_devices->setName(tr("devices"));
    m_regions->setName(tr("LBA regions"));
    setSubtitle(QString());
    setEmptyNote(tr("Open a trace to see how evenly its I/O spreads"));
    scheduleReplot();
}

void TraceLorenzPlot::setSummary(const TraceSummary& s)
{
    const auto devices = deviceLorenz(s);
    const auto regions = regionLorenz(s);
    setCurve(m_devices, devices);
    setCurve(m_regions, regions);
    m_deviceGini = giniIndex(devices);
    m_regionGini = giniIndex(regions);
    int used = 0;
    for (const TraceDeviceSummary& d : s.devices)
        used += d.ios > 0 ? 1 : 0;
    const QString gini = number(m_deviceGini, 2);
    m_devices->setName(used == 1 ? tr("1 device, Gini %1").arg(gini) : tr("%1 devices, Gini %2").arg(used).arg(gini));
    if (!s.format.has(TraceField::Offsets)) { // made-up offsets: their skew is the assumption's
        m_regions->data()->clear();
        m_regionGini = 0;
        m_regions->setName(tr("LBA regions: not known"));
        setSubtitle(tr("no offsets recorded: no skew over the address space"));
        setEmptyNote(s.records ? QString() : tr("No requests in this trace"));
        scheduleReplot();
        return;
    }
    const BusiestRegion busiest = busiestRegion(s);
    m_regions->setName(busiest.device >= 0
            ? tr("%1 regions, Gini %2").arg(formatBytes(busiest.regionBytes), number(m_regionGini, 2))
            : tr("LBA regions"));
    if (busiest.device >= 0) {
        const QString device = QString::fromStdString(s.devices[std::size_t(busiest.device)].name);
        setSubtitle(tr("busiest region: %1 at %2, %3 % of I/Os")
                        .arg(device, formatBytesHuman(busiest.offsetBytes), number(busiest.share * 100)));
    } else {
        setSubtitle(QString());
    }
    setEmptyNote(s.records ? QString() : tr("No requests in this trace"));
    scheduleReplot();
}

void TraceLorenzPlot::rescale()
{
    xAxis->setRange(0, 100);
    yAxis->setRange(0, 100);
}

} // namespace raidscope::gui
