// SPDX-License-Identifier: GPL-3.0-or-later
#include "studyfactorplot.h"

#include "sim/study.h"

#include <algorithm>
#include <map>

namespace raidscope::gui {

namespace {

QColor seriesColour(int i, int n)
{
    return QColor::fromHsvF(0.62 - 0.62 * (n > 1 ? double(i) / (n - 1) : 0), 0.75, 0.78);
}

} // namespace

StudyFactorPlot::StudyFactorPlot(QWidget* parent)
    : LivePlot(parent)
{
    setObjectName(QStringLiteral("studyFactorPlot"));
    setTitle(tr("Most BSUs within the limit, per factor value"));
    m_ticker.reset(new QCPAxisTickerText);
    xAxis->setTicker(m_ticker);
    styleAxis(xAxis, tr("Factor"));
    styleAxis(yAxis, tr("Max BSUs (50 I/O per second each)"));
    m_limit = new QCPItemStraightLine(this);
    m_limit->setPen(QPen(QColor(0xb0, 0x00, 0x20), 1.5, Qt::DashLine));
    m_limit->setVisible(false);
    placeLegendAbove();
    setEmptyNote(tr("Run a study to see how its factor moves the most BSUs"));
    rescale();
}

void StudyFactorPlot::clear()
{
    clearGraphs();
    m_ticker->clear();
    m_limit->setVisible(false);
    m_top = 1;
    m_xLow = 0;
    m_xHigh = 1;
    setEmptyNote(tr("Run a study to see how its factor moves the most BSUs"));
    scheduleReplot();
}

void StudyFactorPlot::setResult(const StudyResult& result)
{
    clearGraphs();
    m_ticker->clear();
    const auto& factors = result.spec.factors;
    if (result.points.empty() || factors.empty()) {
        clear();
        return;
    }
    setEmptyNote({});
    // bsu among the factors: response time against the load; otherwise max BSUs against factor 1.
    int bsuFactor = factors[0].key == u"bsu" ? 0 : (factors.size() > 1 && factors[1].key == u"bsu" ? 1 : -1);
    int xFactor = bsuFactor >= 0 ? bsuFactor : 0;
    int seriesFactor = factors.size() > 1 ? 1 - xFactor : -1;
    // One load and another factor (a rebuild study at a fixed load): response time per value of the
    // other factor, one point each, rather than a single column of points at the one load.
    const bool atOneLoad = bsuFactor >= 0 && factors[std::size_t(bsuFactor)].values.size() == 1 && seriesFactor >= 0;
    if (atOneLoad) {
        xFactor = seriesFactor;
        seriesFactor = -1;
    }
    const QStringList seriesValues = seriesFactor >= 0 ? factors[std::size_t(seriesFactor)].values : QStringList { QString() };
    const QStringList& xValues = factors[std::size_t(xFactor)].values;

    const bool numericX = bsuFactor >= 0 && !atOneLoad;
    styleAxis(xAxis, numericX ? tr("Load (BSUs)") : factors[std::size_t(xFactor)].key);
    styleAxis(yAxis, bsuFactor >= 0 ? tr("Mean response time over the run (ms)") : tr("Max BSUs (50 I/O per second each)"));
    if (atOneLoad)
        setTitle(tr("Mean response time at %1 BSUs, per %2")
                     .arg(factors[std::size_t(bsuFactor)].values.front(), factors[std::size_t(xFactor)].key));
    else
        setTitle(bsuFactor >= 0 ? tr("Mean response time against the load")
                                : tr("Most BSUs within %1 ms, per %2").arg(result.spec.limitMs).arg(factors[0].key));
    for (int x = 0; x < xValues.size(); ++x)
        m_ticker->addTick(numericX ? xValues[x].toDouble() : double(x), xValues[x]);
    if (numericX) {
        m_xLow = xValues.front().toDouble();
        m_xHigh = xValues.front().toDouble();
        for (const QString& v : xValues) {
            m_xLow = std::min(m_xLow, v.toDouble());
            m_xHigh = std::max(m_xHigh, v.toDouble());
        }
        const double pad = std::max(1.0, (m_xHigh - m_xLow) * 0.05);
        m_xLow -= pad;
        m_xHigh += pad;
    } else {
        m_xLow = -0.5;
        m_xHigh = double(xValues.size()) - 0.5;
    }
    m_top = bsuFactor >= 0 ? result.spec.limitMs : 1;
    for (int s = 0; s < seriesValues.size(); ++s) {
        QCPGraph* g = addGraph();
        const QColor colour = seriesColour(s, int(seriesValues.size()));
        g->setPen(QPen(colour, 2.2));
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, colour, colour, 8));
        if (seriesFactor >= 0)
            g->setName(QStringLiteral("%1 %2").arg(factors[std::size_t(seriesFactor)].key, seriesValues[s]));
        else // one line: named all the same (a legend hidden in the layout would still take its width)
            g->setName(bsuFactor >= 0 ? tr("mean response time") : tr("most BSUs within the limit"));
        for (const StudyPoint& p : result.points) {
            if (seriesFactor >= 0 && p.values.value(seriesFactor) != seriesValues[s])
                continue;
            const qsizetype xi = xValues.indexOf(p.values.value(xFactor));
            if (xi < 0)
                continue;
            double y = 0;
            if (bsuFactor >= 0 && !p.runs.empty())
                y = p.runs.front().meanMs;
            else if (p.maxBsu)
                y = *p.maxBsu;
            else
                continue;
            g->addData(numericX ? xValues[xi].toDouble() : double(xi), y);
            m_top = std::max(m_top, y);
        }
    }
    m_limit->setVisible(bsuFactor >= 0);
    m_limit->point1->setCoords(0, result.spec.limitMs);
    m_limit->point2->setCoords(1, result.spec.limitMs);
    rescale();
    scheduleReplot();
}

void StudyFactorPlot::rescale()
{
    xAxis->setRange(m_xLow, m_xHigh);
    yAxis->setRange(0, m_top * 1.12);
}

} // namespace raidscope::gui
