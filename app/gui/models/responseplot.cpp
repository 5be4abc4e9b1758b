// SPDX-License-Identifier: GPL-3.0-or-later
#include "responseplot.h"

#include <algorithm>

namespace raidscope::gui {

ResponsePlot::ResponsePlot(Kind kind, QWidget* parent)
    : LivePlot(parent)
    , m_kind(kind)
{
    setObjectName(kind == Kind::Cdf ? QStringLiteral("responseCdfPlot") : QStringLiteral("responsePdfPlot"));
    setTitle(kind == Kind::Cdf ? tr("Response time: cumulative distribution") : tr("Response time: density"));
    styleAxis(xAxis, tr("Response time (ms)"));
    styleAxis(yAxis, kind == Kind::Cdf ? tr("P(response ≤ t)") : tr("Density (per ms)"));
    m_model = addGraph();
    m_model->setName(tr("model (M/G/1 fork-join)"));
    m_model->setPen(QPen(QColor(0x3b, 0x75, 0xaf), 2.5));
    m_simulation = addGraph();
    m_simulation->setName(tr("simulation (same array and workload)"));
    m_simulation->setPen(QPen(QColor(0xc4, 0x4e, 0x52), 2.0, Qt::DashLine));
    if (kind == Kind::Pdf)
        m_simulation->setLineStyle(QCPGraph::lsStepCenter); // a histogram: each bin's density over its width
    placeLegendAbove();
    clear(tr("Compute to see the distribution"));
}

void ResponsePlot::clear(const QString& why)
{
    m_model->data()->clear();
    m_simulation->data()->clear();
    setEmptyNote(why);
    rescale();
    scheduleReplot();
}

void ResponsePlot::setCurves(const std::vector<ResponsePoint>& model, const std::vector<ResponsePoint>& simulated)
{
    clear({});
    for (const ResponsePoint& p : model)
        m_model->addData(p.ms, p.p);
    for (const ResponsePoint& p : simulated)
        m_simulation->addData(p.ms, p.p);
    if (model.empty() && simulated.empty())
        setEmptyNote(tr("Saturated: no steady state"));
    rescale();
    scheduleReplot();
}

void ResponsePlot::rescale()
{
    double right = 1, top = m_kind == Kind::Cdf ? 1 : 1e-3;
    for (const QCPGraph* g : { m_model, m_simulation })
        for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it) {
            right = std::max(right, it->key);
            top = std::max(top, it->value);
        }
    xAxis->setRange(0, right * 1.02);
    yAxis->setRange(0, top * (m_kind == Kind::Cdf ? 1.02 : 1.1));
}

} // namespace raidscope::gui
