// SPDX-License-Identifier: GPL-3.0-or-later
#include "saturationplot.h"

#include "sim/saturation.h"
#include "sim/simresult.h"

#include <algorithm>
#include <cmath>

namespace raidscope::gui {

SaturationPlot::SaturationPlot(QWidget* parent)
    : LivePlot(parent)
{
    setObjectName(QStringLiteral("saturationPlot"));
    setTitle(tr("Throughput and response time against outstanding I/Os"));

    xAxis->setScaleType(QCPAxis::stLogarithmic);
    m_xTicker.reset(new QCPAxisTickerText);
    xAxis->setTicker(m_xTicker);
    styleAxis(xAxis, tr("Outstanding I/Os (closed-loop threads, log scale)"));
    styleAxis(yAxis, tr("Throughput (IOPS)"));
    styleAxis(yAxis2, tr("Response time (ms)"));
    xAxis->grid()->setVisible(true);

    const QColor blue(0x1f, 0x5f, 0xbf);
    const QColor orange(0xd9, 0x5f, 0x0e);
    m_iops = addGraph(xAxis, yAxis);
    m_iops->setName(tr("IOPS (left axis)"));
    m_iops->setPen(QPen(blue, 2.5));
    m_iops->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, blue, blue, 9));
    m_mean = addGraph(xAxis, yAxis2);
    m_mean->setName(tr("mean response (ms, right axis)"));
    m_mean->setPen(QPen(orange, 2));
    m_mean->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare, orange, Qt::white, 8));
    m_p90 = addGraph(xAxis, yAxis2);
    m_p90->setName(tr("90th percentile (ms, right axis)"));
    m_p90->setPen(QPen(orange, 1.5, Qt::DashLine));
    m_p90->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssTriangle, orange, Qt::white, 8));
    m_highlight = addGraph(xAxis, yAxis);
    m_highlight->setLineStyle(QCPGraph::lsNone);
    m_highlight->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(QColor(0x20, 0x20, 0x20), 2), Qt::NoBrush, 17));
    m_highlight->removeFromLegend();

    // The knee (#54 item 4): a dashed line at the point of greatest power, labelled at the top.
    m_kneeLine = new QCPItemStraightLine(this);
    m_kneeLine->setPen(QPen(QColor(0x55, 0x55, 0x55), 1.2, Qt::DashLine));
    m_kneeLine->point1->setType(QCPItemPosition::ptPlotCoords);
    m_kneeLine->point2->setType(QCPItemPosition::ptPlotCoords);
    m_kneeLine->setVisible(false);
    m_kneeLabel = new QCPItemText(this);
    m_kneeLabel->position->setTypeX(QCPItemPosition::ptPlotCoords);
    m_kneeLabel->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_kneeLabel->setPositionAlignment(Qt::AlignRight | Qt::AlignTop); // left of the line: the points beyond rise into the top
    m_kneeLabel->setTextAlignment(Qt::AlignRight);
    m_kneeLabel->setPadding(QMargins(0, 2, 4, 0));
    m_kneeLabel->setColor(QColor(0x55, 0x55, 0x55));
    m_kneeLabel->setVisible(false);

    placeLegendAbove();
    setEmptyNote(tr("Sweep to see how throughput and response time grow with outstanding I/Os"));
    rescale();
}

int SaturationPlot::kneeOutstanding() const
{
    std::vector<LoadPoint> curve;
    for (const Point& p : m_points)
        curve.push_back({ p.iops, p.meanMs });
    const int i = loadCurveKnee(curve);
    return i < 0 ? -1 : m_points[std::size_t(i)].outstanding;
}

void SaturationPlot::updateKnee()
{
    const int knee = kneeOutstanding();
    m_kneeLine->setVisible(knee > 0);
    m_kneeLabel->setVisible(knee > 0);
    if (knee <= 0)
        return;
    m_kneeLine->point1->setCoords(knee, 0);
    m_kneeLine->point2->setCoords(knee, 1);
    m_kneeLabel->position->setCoords(knee, 0.02);
    m_kneeLabel->setText(tr("knee: %1 in flight\n(most IOPS per ms of response)").arg(knee));
}

void SaturationPlot::clear()
{
    m_points.clear();
    m_highlighted = -1;
    rebuild();
}

void SaturationPlot::addResult(const SimResult& result)
{
    if (result.outstanding <= 0 || result.requests == 0)
        return;
    // One point changes: its graph data, tick and label; the others stay as they are. Rebuilding
    // every label per point made a sweep of N points cost N^3 (QCustomPlot removes an item in O(N)):
    // 100 points took 0.08 s, 600 points 5 s.
    const Point p { result.outstanding, result.iops(), result.responseMs.mean(), result.percentileMs(0.9) };
    auto it = std::lower_bound(
        m_points.begin(), m_points.end(), p.outstanding, [](const Point& a, int o) { return a.outstanding < o; });
    const auto index = std::size_t(it - m_points.begin());
    if (m_points.empty())
        m_xTicker->clear(); // the empty plot's 1..64 ticks
    QCPItemText* label = nullptr;
    if (it != m_points.end() && it->outstanding == p.outstanding) {
        *it = p;
        label = m_labels[index];
        for (QCPGraph* g : { m_iops, m_mean, m_p90 })
            g->data()->remove(p.outstanding);
    } else {
        m_points.insert(it, p);
        label = new QCPItemText(this);
        label->position->setAxes(xAxis, yAxis);
        label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
        label->setPadding(QMargins(0, 0, 0, 12)); // clear of the marker and the highlight ring
        label->setColor(m_iops->pen().color());
        label->setClipToAxisRect(false);
        m_labels.insert(m_labels.begin() + std::ptrdiff_t(index), label);
    }
    m_iops->addData(p.outstanding, p.iops);
    m_mean->addData(p.outstanding, p.meanMs);
    m_p90->addData(p.outstanding, p.p90Ms);
    m_xTicker->addTick(p.outstanding, QString::number(p.outstanding));
    // The IOPS figure beside each point, as Illustration 4 prints them.
    label->position->setCoords(p.outstanding, p.iops);
    label->setText(QString::number(qRound(p.iops)));
    if (p.outstanding == m_highlighted)
        setHighlighted(m_highlighted);
    setEmptyNote(QString());
    updateKnee();
    scheduleReplot();
}

void SaturationPlot::setHighlighted(int outstanding)
{
    m_highlighted = outstanding;
    m_highlight->data()->clear();
    const auto it = std::lower_bound(
        m_points.begin(), m_points.end(), outstanding, [](const Point& a, int o) { return a.outstanding < o; });
    if (it != m_points.end() && it->outstanding == outstanding)
        m_highlight->addData(it->outstanding, it->iops);
    scheduleReplot();
}

// Everything from m_points: after clear().
void SaturationPlot::rebuild()
{
    QVector<double> x, iops, mean, p90;
    for (const Point& p : m_points) {
        x << p.outstanding;
        iops << p.iops;
        mean << p.meanMs;
        p90 << p.p90Ms;
    }
    m_iops->setData(x, iops, true);
    m_mean->setData(x, mean, true);
    m_p90->setData(x, p90, true);
    m_highlight->data()->clear();
    m_xTicker->clear();
    for (QCPItemText* label : m_labels)
        removeItem(label);
    m_labels.clear();
    setEmptyNote(
        m_points.empty() ? tr("Sweep to see how throughput and response time grow with outstanding I/Os") : QString());
    updateKnee();
    scheduleReplot();
}

void SaturationPlot::rescale()
{
    if (m_points.empty()) {
        xAxis->setRange(0.7, 90);
        for (int o = 1; o <= 64; o *= 2)
            m_xTicker->addTick(o, QString::number(o));
        yAxis->setRange(0, 100);
        yAxis2->setRange(0, 10);
        return;
    }
    const double lo = m_points.front().outstanding;
    const double hi = m_points.back().outstanding;
    xAxis->setRange(lo / 1.4, std::max(hi * 1.4, lo * 2));
    double maxIops = 0, maxMs = 0;
    for (const Point& p : m_points) {
        maxIops = std::max(maxIops, p.iops);
        maxMs = std::max({ maxMs, p.meanMs, p.p90Ms });
    }
    // Headroom above the highest point for its label and the legend.
    yAxis->setRange(0, maxIops > 0 ? maxIops * 1.25 : 1);
    yAxis2->setRange(0, maxMs > 0 ? maxMs * 1.15 : 1);
}

} // namespace raidscope::gui
