// SPDX-License-Identifier: GPL-3.0-or-later
#include "tracelayoutheatmap.h"

#include "trace/layoutanalysis.h"

#include <algorithm>

namespace raidscope::gui {

TraceLayoutHeatmap::TraceLayoutHeatmap(QWidget* parent)
    : LivePlot(parent)
{
    setObjectName(QStringLiteral("traceLayoutHeatmap"));
    setTitle(tr("Operations per member over time"));
    styleAxis(xAxis, tr("Trace time (s)"));
    styleAxis(yAxis, QString());
    yAxis->grid()->setVisible(false);
    yAxis->setSubTicks(false);
    xAxis->grid()->setVisible(false);

    m_map = new QCPColorMap(xAxis, yAxis);
    m_map->setInterpolate(false);
    m_map->setTightBoundary(false);
    QCPColorGradient gradient(QCPColorGradient::gpThermal);
    m_map->setGradient(gradient);

    m_scale = new QCPColorScale(this);
    m_scale->setType(QCPAxis::atRight);
    m_scale->setGradient(gradient);
    m_scale->setBarWidth(12);
    styleAxis(m_scale->axis(), tr("Disk operations"));
    m_map->setColorScale(m_scale);
    plotLayout()->addElement(1, 1, m_scale);
    auto* group = new QCPMarginGroup(this);
    axisRect()->setMarginGroup(QCP::msTop | QCP::msBottom, group);
    m_scale->setMarginGroup(QCP::msTop | QCP::msBottom, group);
    clear();
}

void TraceLayoutHeatmap::clear()
{
    m_labels.clear();
    m_map->data()->clear();
    m_map->data()->setSize(1, 1);
    m_map->setVisible(false);
    m_xMax = 1;
    m_rows = 1;
    yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    setSubtitle(QString());
    setEmptyNote(tr("Open a trace and run the analysis to see which members carried the load"));
    scheduleReplot();
}

void TraceLayoutHeatmap::setAnalysis(const LayoutAnalysis& a)
{
    const MemberTimeline& t = a.timeline;
    if (!a.error.isEmpty() || t.members <= 0) {
        clear();
        return;
    }
    const int buckets = int(std::max<std::size_t>(t.used, 1));
    const int members = t.members;
    // Cell centres: the bucket's middle, in seconds (or requests without timestamps).
    const double unit = t.byRequest ? 1.0 : 1e-9;
    const double w = t.bucketWidth * unit;
    QCPColorMapData* d = m_map->data();
    d->setSize(buckets, members);
    d->setRange(QCPRange(0.5 * w, (buckets - 0.5) * w), QCPRange(0, members - 1));
    std::uint64_t top = 0;
    for (int m = 0; m < members; ++m)
        for (int b = 0; b < buckets; ++b) {
            const std::uint64_t ops = std::size_t(b) < t.used ? t.at(m, std::size_t(b)) : 0;
            d->setCell(b, m, double(ops));
            top = std::max(top, ops);
        }
    m_map->setDataRange(QCPRange(0, std::max<double>(1, double(top))));
    m_map->setVisible(true);

    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    m_labels.clear();
    for (int m = 0; m < members; ++m) {
        QString label = tr("disk %1").arg(m);
        if (std::size_t(m) < a.members.size()) {
            const MemberLoad& load = a.members[std::size_t(m)];
            if (load.failed)
                label += tr(" · failed");
            else if (load.speed < 1)
                label += tr(" · slow ×%1").arg(load.speed);
        }
        if (m == a.hottestMember() && a.members.size() > 1)
            label += tr(" · hottest");
        m_labels << label;
        ticker->addTick(m, label);
    }
    yAxis->setTicker(ticker);
    xAxis->setLabel(t.byRequest ? tr("Request number (the trace has no timestamps)") : tr("Trace time (s)"));
    m_xMax = buckets * w;
    m_rows = members;
    setSubtitle(tr("%1 buckets of %2 %3 · most in one cell: %4 ops")
                    .arg(buckets)
                    .arg(number(w))
                    .arg(t.byRequest ? tr("requests") : tr("s"))
                    .arg(top));
    setEmptyNote(QString());
    scheduleReplot();
}

void TraceLayoutHeatmap::rescale()
{
    xAxis->setRange(0, m_xMax);
    yAxis->setRange(-0.5, m_rows - 0.5);
}

} // namespace raidscope::gui
