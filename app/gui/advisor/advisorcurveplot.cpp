// SPDX-License-Identifier: GPL-3.0-or-later
#include "advisorcurveplot.h"

#include "advisor/stripeadvisor.h"
#include "units.h"

namespace raidscope::gui {

AdvisorCurvePlot::AdvisorCurvePlot(QWidget* parent)
    : LivePlot(parent)
{
    setObjectName(QStringLiteral("advisorCurvePlot"));
    setTitle(tr("Throughput against transfer size (reads, every disk busy)"));
    xAxis->setScaleType(QCPAxis::stLogarithmic);
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    for (std::uint64_t s = 4096; s <= (1u << 20); s *= 4)
        ticker->addTick(double(s), formatBytes(s));
    xAxis->setTicker(ticker);
    styleAxis(xAxis, tr("Transfer size"));
    styleAxis(yAxis, tr("Requests per second"));
    // Nine candidates: a legend of three columns inside the plot, top right, where the lines have fallen.
    legend->setVisible(true);
    legend->setFillOrder(QCPLayoutGrid::foRowsFirst);
    legend->setWrap(3);
    axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
    setEmptyNote(tr("Advise to compare chunk sizes"));
    rescale();
}

void AdvisorCurvePlot::clear()
{
    clearGraphs();
    setEmptyNote(tr("Advise to compare chunk sizes"));
    scheduleReplot();
}

void AdvisorCurvePlot::setAdvice(const StripeAdvice& advice, int best)
{
    clearGraphs();
    setEmptyNote({});
    const std::vector<std::uint64_t> sizes = curveSizes();
    const int n = int(advice.candidates.size());
    for (int i = 0; i < n; ++i) {
        const CandidateCost& c = advice.candidates[std::size_t(i)];
        QCPGraph* g = addGraph();
        g->setName(formatBytes(c.chunkBytes));
        // Small chunks blue to large chunks red; the recommended one thick.
        const QColor colour = QColor::fromHsvF(0.62 - 0.62 * (n > 1 ? double(i) / (n - 1) : 0), 0.75, 0.8);
        g->setPen(QPen(colour, i == best ? 3.0 : 1.5));
        for (std::size_t k = 0; k < sizes.size() && k < c.readIopsBySize.size(); ++k)
            g->addData(double(sizes[k]), c.readIopsBySize[k]);
    }
    rescale();
    scheduleReplot();
}

void AdvisorCurvePlot::rescale()
{
    xAxis->setRange(4096 * 0.9, (1u << 20) * 1.1);
    double top = 1;
    for (int i = 0; i < graphCount(); ++i)
        for (auto it = graph(i)->data()->constBegin(); it != graph(i)->data()->constEnd(); ++it)
            top = std::max(top, it->value);
    yAxis->setRange(0, top * 1.08);
}

} // namespace raidscope::gui
