// SPDX-License-Identifier: GPL-3.0-or-later
#include "studysearchplot.h"

#include "sim/study.h"

#include <algorithm>

namespace raidscope::gui {

StudySearchPlot::StudySearchPlot(QWidget* parent)
    : LivePlot(parent)
{
    setObjectName(QStringLiteral("studySearchPlot"));
    setTitle(tr("The search: response time at each load run"));
    styleAxis(xAxis, tr("Load (BSUs)"));
    styleAxis(yAxis, tr("Mean response time over the run (ms)"));
    const QColor orange(0xd9, 0x5f, 0x0e);
    m_mean = addGraph();
    m_mean->setName(tr("mean"));
    m_mean->setPen(QPen(orange, 2));
    m_mean->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, orange, orange, 8));
    m_p90 = addGraph();
    m_p90->setName(tr("90th percentile"));
    m_p90->setPen(QPen(orange, 1.2, Qt::DashLine));
    m_p90->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssTriangle, orange, Qt::white, 7));
    m_found = addGraph();
    m_found->setName(tr("most BSUs within the limit"));
    m_found->setLineStyle(QCPGraph::lsNone);
    m_found->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(QColor(0x20, 0x20, 0x20), 2), Qt::NoBrush, 16));
    m_limit = new QCPItemStraightLine(this);
    m_limit->setPen(QPen(QColor(0xb0, 0x00, 0x20), 1.5, Qt::DashLine));
    placeLegendAbove();
    setEmptyNote(tr("Choose a point to see how its search went"));
    rescale();
}

void StudySearchPlot::clear()
{
    m_mean->data()->clear();
    m_p90->data()->clear();
    m_found->data()->clear();
    m_right = 1;
    m_top = 1;
    setSubtitle(QString());
    setEmptyNote(tr("Choose a point to see how its search went"));
    scheduleReplot();
}

void StudySearchPlot::setPoint(const StudyPoint& point, double limitMs)
{
    clear();
    std::vector<StudyRun> runs = point.runs;
    std::sort(runs.begin(), runs.end(), [](const StudyRun& a, const StudyRun& b) { return a.bsu < b.bsu; });
    for (const StudyRun& r : runs) {
        m_mean->addData(r.bsu, r.meanMs);
        m_p90->addData(r.bsu, r.p90Ms);
        m_right = std::max(m_right, double(r.bsu));
        m_top = std::max(m_top, r.meanMs);
        if (point.maxBsu && r.bsu == *point.maxBsu)
            m_found->addData(r.bsu, r.meanMs);
    }
    // Past saturation the mean runs away: keep the limit and the answer in view.
    m_top = std::min(m_top, limitMs * 4);
    m_limit->point1->setCoords(0, limitMs);
    m_limit->point2->setCoords(1, limitMs);
    setEmptyNote(runs.empty() ? tr("Choose a point to see how its search went") : QString());
    rescale();
    scheduleReplot();
}

void StudySearchPlot::rescale()
{
    xAxis->setRange(0, m_right * 1.08);
    yAxis->setRange(0, m_top * 1.1);
}

} // namespace raidscope::gui
