// SPDX-License-Identifier: GPL-3.0-or-later
#include "rebuildtradeoffplot.h"

#include <algorithm>
#include <cmath>

namespace raidscope::gui {

RebuildTradeoffPlot::RebuildTradeoffPlot(QWidget* parent)
    : LivePlot(parent)
{
    setObjectName(QStringLiteral("rebuildTradeoffPlot"));
    setTitle(tr("Rebuild trade-off: time to full redundancy against users' response time"));
    styleAxis(xAxis, tr("Time from the failure to full redundancy (s)"));
    styleAxis(yAxis, tr("Users' response time after the failure (ms)"));
    const QColor orange(0xd9, 0x5f, 0x0e);
    m_mean = addGraph();
    m_mean->setName(tr("mean"));
    m_mean->setPen(QPen(orange, 2));
    m_mean->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, orange, orange, 9));
    m_p90 = addGraph();
    m_p90->setName(tr("90th percentile"));
    m_p90->setPen(QPen(orange, 1.4, Qt::DashLine));
    m_p90->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssTriangle, orange, Qt::white, 8));
    placeLegendAbove();
    setEmptyNote(tr("Vary rebuild= at a fixed load (bsu=N) with fail= in the array"));
    rescale();
}

void RebuildTradeoffPlot::clear() { setPoints({}); }

void RebuildTradeoffPlot::setPoints(std::vector<Point> points)
{
    m_points = std::move(points);
    std::sort(m_points.begin(), m_points.end(),
              [](const Point& a, const Point& b) { return a.redundantAfterS < b.redundantAfterS; });
    m_mean->data()->clear();
    m_p90->data()->clear();
    for (QCPItemText* label : m_labels)
        removeItem(label);
    m_labels.clear();
    double right = 1;
    double top = 1;
    for (const Point& p : m_points) {
        right = std::max(right, p.redundantAfterS);
        top = std::max(top, p.usersMeanMs);
    }
    for (std::size_t i = 0; i < m_points.size(); ++i) {
        const Point& p = m_points[i];
        m_mean->addData(p.redundantAfterS, p.usersMeanMs);
        m_p90->addData(p.redundantAfterS, p.usersP90Ms);
        // Points that land (nearly) on one another share one label, at the first of them.
        const auto near = [&](const Point& q) {
            return std::abs(q.redundantAfterS - p.redundantAfterS) < 0.04 * right
                && std::abs(q.usersMeanMs - p.usersMeanMs) < 0.04 * top;
        };
        if (std::any_of(m_points.begin(), m_points.begin() + std::ptrdiff_t(i), near))
            continue;
        QStringList names { p.label };
        for (std::size_t j = i + 1; j < m_points.size(); ++j)
            if (near(m_points[j]))
                names << m_points[j].label;
        auto* label = new QCPItemText(this);
        label->position->setCoords(p.redundantAfterS, p.usersMeanMs);
        // Alternately below and above the line, so that neighbours do not overprint.
        const bool below = m_labels.size() % 2 == 1;
        label->setPositionAlignment((below ? Qt::AlignTop : Qt::AlignBottom) | Qt::AlignLeft);
        label->setPadding(below ? QMargins(6, 6, 0, 0) : QMargins(6, 0, 0, 6));
        label->setText(names.join(QStringLiteral("\n")));
        label->setClipToAxisRect(false);
        m_labels.push_back(label);
    }
    setEmptyNote(m_points.empty() ? tr("Vary rebuild= at a fixed load (bsu=N) with fail= in the array") : QString());
    rescale();
    scheduleReplot();
}

void RebuildTradeoffPlot::rescale()
{
    double right = 1;
    double top = 1;
    for (const Point& p : m_points) {
        right = std::max(right, p.redundantAfterS);
        top = std::max({ top, p.usersMeanMs, p.usersP90Ms });
    }
    xAxis->setRange(0, right * 1.25); // room for the rightmost point's name
    yAxis->setRange(0, top * 1.12);
}

} // namespace raidscope::gui
