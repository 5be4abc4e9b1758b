// SPDX-License-Identifier: GPL-3.0-or-later
#include "advisorskewplot.h"

#include "advisor/stripeadvisor.h"

namespace raidscope::gui {

AdvisorSkewPlot::AdvisorSkewPlot(QWidget* parent)
    : LivePlot(parent)
{
    setObjectName(QStringLiteral("advisorSkewPlot"));
    setTitle(tr("Throughput against skew (Illustration 12)"));
    styleAxis(xAxis, tr("Share of the load on the busiest controller (%)"));
    styleAxis(yAxis, tr("Requests per second, all controllers"));
    m_curve = addGraph();
    m_curve->setName(tr("C / share, at most N x C"));
    m_curve->setPen(QPen(QColor(0x3b, 0x75, 0xaf), 2.0));
    m_mark = addGraph();
    m_mark->setName(tr("the trace"));
    m_mark->setLineStyle(QCPGraph::lsNone);
    m_mark->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QColor(0xc4, 0x4e, 0x52), QColor(0xc4, 0x4e, 0x52), 10));
    m_ceiling = new QCPItemStraightLine(this);
    m_ceiling->setPen(QPen(QColor(0x80, 0x80, 0x80), 1, Qt::DashLine));
    m_ceiling->setVisible(false);
    m_markLabel = new QCPItemText(this);
    m_markLabel->position->setType(QCPItemPosition::ptPlotCoords);
    m_markLabel->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
    m_markLabel->setPadding(QMargins(8, 0, 0, 6));
    m_markLabel->setColor(QColor(0xa0, 0x30, 0x34));
    m_markLabel->setVisible(false);
    setEmptyNote(tr("Advise to see how skew caps throughput"));
    rescale();
}

void AdvisorSkewPlot::clear()
{
    m_curve->data()->clear();
    m_mark->data()->clear();
    m_ceiling->setVisible(false);
    m_markLabel->setVisible(false);
    setSubtitle({});
    setEmptyNote(tr("Advise to see how skew caps throughput"));
    scheduleReplot();
}

void AdvisorSkewPlot::setCurve(int controllers, double perControllerIops, const std::optional<MeasuredSkew>& measured)
{
    clear();
    if (controllers < 1 || !(perControllerIops > 0))
        return;
    setEmptyNote({});
    const double even = 1.0 / controllers;
    constexpr int kPoints = 200;
    for (int i = 0; i <= kPoints; ++i) {
        const double share = even + (1 - even) * i / kPoints;
        m_curve->addData(share * 100, skewedThroughput(controllers, perControllerIops, share));
    }
    const double ceiling = controllers * perControllerIops;
    m_ceiling->point1->setCoords(0, ceiling);
    m_ceiling->point2->setCoords(1, ceiling);
    m_ceiling->setVisible(true);
    m_top = ceiling;
    QString sub = tr("N = %1 controllers x C = %2 requests/s = %3 at an even load")
                      .arg(controllers)
                      .arg(number(perControllerIops))
                      .arg(number(ceiling));
    if (measured && measured->controllers == controllers) {
        const double iops = skewedThroughput(controllers, perControllerIops, measured->busiestShare);
        m_mark->addData(measured->busiestShare * 100, iops);
        m_markLabel->position->setCoords(measured->busiestShare * 100, iops);
        m_markLabel->setText(tr("the trace: %1 % on the busiest\n→ %2 requests/s (%3 % of N x C)")
                                 .arg(number(measured->busiestShare * 100))
                                 .arg(number(iops))
                                 .arg(number(iops / ceiling * 100)));
        // Right of the point while there is room; left of it near the right edge.
        m_markLabel->setPositionAlignment(measured->busiestShare > 0.6 ? Qt::AlignRight | Qt::AlignBottom : Qt::AlignLeft | Qt::AlignBottom);
        m_markLabel->setPadding(measured->busiestShare > 0.6 ? QMargins(0, 0, 8, 6) : QMargins(8, 0, 0, 6));
        m_markLabel->setVisible(true);
        sub += tr("\nthe trace: %1").arg(measured->basis);
    } else if (measured) {
        sub += tr("\nthe trace has %1 devices: set N to %1 to mark it").arg(measured->controllers);
    }
    setSubtitle(sub);
    rescale();
    scheduleReplot();
}

std::optional<QPointF> AdvisorSkewPlot::markedPoint() const
{
    if (m_mark->data()->isEmpty())
        return std::nullopt;
    const auto it = m_mark->data()->constBegin();
    return QPointF(it->key / 100, it->value);
}

void AdvisorSkewPlot::rescale()
{
    xAxis->setRange(0, 100);
    yAxis->setRange(0, (m_curve->data()->isEmpty() ? 1 : m_top) * 1.12);
}

} // namespace raidscope::gui
