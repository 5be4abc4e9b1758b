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

void ResponsePlot::setCurves(const std::vector<ResponsePoint>& model, const std::vector<ResponsePoint>& simulatedCdf)
{
    clear({});
    for (const ResponsePoint& p : model)
        m_model->addData(p.ms, p.p);
    if (m_kind == Kind::Cdf) {
        for (const ResponsePoint& p : simulatedCdf)
            m_simulation->addData(p.ms, p.p);
    } else {
        // Densities from the quantiles: 5 % of the requests between the quantiles 10 steps apart.
        constexpr std::size_t step = 10;
        for (std::size_t i = 0; i + step < simulatedCdf.size(); i += step / 2) {
            const double dt = simulatedCdf[i + step].ms - simulatedCdf[i].ms;
            if (dt > 0)
                m_simulation->addData((simulatedCdf[i + step].ms + simulatedCdf[i].ms) / 2,
                    (simulatedCdf[i + step].p - simulatedCdf[i].p) / dt);
        }
    }
    if (model.empty() && simulatedCdf.empty())
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
