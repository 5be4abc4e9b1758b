// SPDX-License-Identifier: GPL-3.0-or-later
#include "advisorcostplot.h"

#include "advisor/stripeadvisor.h"
#include "units.h"

namespace raidscope::gui {

AdvisorCostPlot::AdvisorCostPlot(QWidget* parent)
    : LivePlot(parent)
{
    setObjectName(QStringLiteral("advisorCostPlot"));
    setTitle(tr("Disk time per request: positioning against transfer"));
    m_ticker.reset(new QCPAxisTickerText);
    xAxis->setTicker(m_ticker);
    xAxis->grid()->setVisible(false);
    styleAxis(xAxis, tr("Chunk (stripe unit) size"));
    styleAxis(yAxis, tr("Accumulated service time per request (ms)"));

    const QColor positioning(0xc4, 0x4e, 0x52), productive(0x3b, 0x75, 0xaf);
    m_positioning = new QCPBars(xAxis, yAxis);
    m_positioning->setName(tr("positioning (seek + rotation): non-productive"));
    m_positioning->setWidth(0.6);
    m_positioning->setPen(QPen(positioning.darker(130)));
    m_positioning->setBrush(positioning);
    m_productive = new QCPBars(xAxis, yAxis);
    m_productive->setName(tr("transfer: productive"));
    m_productive->setWidth(0.6);
    m_productive->setPen(QPen(productive.darker(130)));
    m_productive->setBrush(productive);
    m_productive->moveAbove(m_positioning);
    legend->setVisible(true);
    placeLegendAbove();
    setEmptyNote(tr("Advise to compare chunk sizes"));
    rescale();
}

void AdvisorCostPlot::clear()
{
    m_positioning->data()->clear();
    m_productive->data()->clear();
    m_ticker->clear();
    for (QCPItemText* label : m_labels)
        removeItem(label);
    m_labels.clear();
    setEmptyNote(tr("Advise to compare chunk sizes"));
    scheduleReplot();
}

void AdvisorCostPlot::setAdvice(const StripeAdvice& advice, int best)
{
    clear();
    setEmptyNote({});
    QFont bold = font();
    bold.setBold(true);
    for (std::size_t i = 0; i < advice.candidates.size(); ++i) {
        const CandidateCost& c = advice.candidates[i];
        const double x = double(i);
        m_positioning->addData(x, c.mixed.positioningMs);
        m_productive->addData(x, c.mixed.productiveMs);
        m_ticker->addTick(x, formatBytes(c.chunkBytes) + (int(i) == best ? tr("\nbest") : QString()));
        auto* label = new QCPItemText(this);
        label->position->setType(QCPItemPosition::ptPlotCoords);
        label->position->setCoords(x, c.mixed.serviceMs());
        label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
        label->setText(QStringLiteral("%1 %").arg(c.mixed.positioningShare() * 100, 0, 'f', 0));
        if (int(i) == best)
            label->setFont(bold);
        label->setPadding(QMargins(2, 0, 2, 2));
        m_labels << label;
    }
    rescale();
    scheduleReplot();
}

void AdvisorCostPlot::rescale()
{
    const int n = m_positioning->data()->size();
    xAxis->setRange(-0.6, std::max(1, n) - 0.4);
    double top = 1;
    for (auto it = m_positioning->data()->constBegin(); it != m_positioning->data()->constEnd(); ++it) {
        const auto p = m_productive->data()->findBegin(it->key, false);
        top = std::max(top, it->value + (p != m_productive->data()->constEnd() ? p->value : 0));
    }
    yAxis->setRange(0, top * 1.15); // room for the share labels
}

} // namespace raidscope::gui
