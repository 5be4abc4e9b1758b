// SPDX-License-Identifier: GPL-3.0-or-later
#include "utilizationplot.h"

#include "sim/simresult.h"

#include <algorithm>

namespace raidscope::gui {

UtilizationPlot::UtilizationPlot(QWidget* parent)
    : LivePlot(parent)
{
    setObjectName(QStringLiteral("utilizationPlot"));
    setTitle(tr("Per-disk utilization"));

    m_ticker.reset(new QCPAxisTickerText);
    xAxis->setTicker(m_ticker);
    xAxis->grid()->setVisible(false);
    styleAxis(xAxis, tr("Physical disk (members on it)"));
    styleAxis(yAxis, tr("Utilization (% of time busy)"));
    QSharedPointer<QCPAxisTickerFixed> yTicker(new QCPAxisTickerFixed);
    yTicker->setTickStep(25);
    yAxis->setTicker(yTicker);

    const QColor bar(0x3b, 0x75, 0xaf);
    m_bars = new QCPBars(xAxis, yAxis);
    m_bars->setName(tr("disk busy"));
    m_bars->setWidth(0.7);
    m_bars->setPen(QPen(bar.darker(130)));
    m_bars->setBrush(bar);
    m_failed = new QCPBars(xAxis, yAxis);
    m_failed->setName(tr("failed disk (no I/O)"));
    m_failed->setWidth(0.7);
    // A light dashed, hatched outline: out of service, not busy.
    m_failed->setPen(QPen(QColor(0xb0, 0x00, 0x20, 170), 1.2, Qt::DashLine));
    m_failed->setBrush(QBrush(QColor(0xb0, 0x00, 0x20, 70), Qt::BDiagPattern));
    m_failed->removeFromLegend();

    m_mean = addGraph(xAxis, yAxis);
    m_mean->setPen(QPen(QColor(0xd6, 0x27, 0x28), 2.5, Qt::DashLine));
    m_mean->setName(tr("array mean"));
    m_meanLabel = new QCPItemText(this);
    m_meanLabel->setColor(QColor(0xd6, 0x27, 0x28));
    QFont bold = font();
    bold.setBold(true);
    m_meanLabel->setFont(bold);
    m_meanLabel->setPadding(QMargins(3, 1, 3, 1));
    m_meanLabel->setBrush(QColor(255, 255, 255, 200));
    m_meanLabel->setVisible(false);

    // No legend: the mean line carries its own label and failed disks say so on their bars.
    setEmptyNote(tr("Run or Sweep to see how busy each disk is"));
    rescale();
}

void UtilizationPlot::clear()
{
    m_percent.clear();
    m_meanPercent = 0;
    m_bars->data()->clear();
    m_failed->data()->clear();
    m_mean->data()->clear();
    m_meanLabel->setVisible(false);
    m_ticker->clear();
    for (QCPItemText* label : m_labels)
        removeItem(label);
    m_labels.clear();
    setEmptyNote(tr("Run or Sweep to see how busy each disk is"));
    scheduleReplot();
}

void UtilizationPlot::setResult(const SimResult& result)
{
    clear();
    QVector<double> keys, values, failedKeys, failedValues;
    double sum = 0;
    int working = 0;
    for (std::size_t i = 0; i < result.disks.size(); ++i) {
        const DiskResult& d = result.disks[i];
        const double percent = d.failed ? 0 : d.utilization * 100;
        m_percent.push_back(percent);
        QStringList members;
        for (int m : d.members)
            members << QString::number(m);
        QString tick = QString::number(i);
        if (members.size() > 1 || (members.size() == 1 && members[0] != tick)) // a shared disk: say whose
            tick += QStringLiteral(" (%1)").arg(members.join(u'+'));
        if (d.failed) {
            failedKeys << double(i);
            failedValues << 100;
            tick += QStringLiteral("\n") + tr("failed");
        } else {
            keys << double(i);
            values << percent;
            sum += percent;
            ++working;
        }
        m_ticker->addTick(double(i), tick);

        auto* label = new QCPItemText(this);
        label->position->setAxes(xAxis, yAxis);
        label->position->setCoords(double(i), d.failed ? 50 : percent);
        label->setPositionAlignment(d.failed ? Qt::AlignCenter : (Qt::AlignHCenter | Qt::AlignBottom));
        label->setText(d.failed ? tr("failed") : number(percent, 3) + QStringLiteral(" %"));
        label->setColor(d.failed ? QColor(0xb0, 0x00, 0x20) : QColor(0x20, 0x20, 0x20));
        label->setPadding(QMargins(0, 0, 0, 3));
        if (d.failed)
            label->setBrush(QColor(255, 255, 255, 230));
        m_labels.push_back(label);
    }
    m_bars->setData(keys, values, true);
    m_failed->setData(failedKeys, failedValues, true);
    m_meanPercent = working ? sum / working : 0;
    if (!result.disks.empty()) {
        const double right = double(result.disks.size()) - 0.5;
        m_mean->setData({ -0.5, right }, { m_meanPercent, m_meanPercent }, true);
        m_mean->setName(tr("array mean %1 %").arg(number(m_meanPercent, 3)));
        m_meanLabel->position->setAxes(xAxis, yAxis);
        m_meanLabel->position->setCoords(right, m_meanPercent);
        m_meanLabel->setText(tr("array %1 % busy").arg(number(m_meanPercent, 3)));
        // At the line's right end, on the side away from the last bar's own label: above the line
        // when that bar is below it (Scenario 1), below the line when the bar reaches over it.
        // A last bar within a few points of the line has its own label just over the line: then the
        // line's label goes a little lower, inside that bar (on its white ground).
        const bool lastBarBelow = m_percent.back() < m_meanPercent - 6;
        if (!lastBarBelow && m_percent.back() < m_meanPercent + 6)
            m_meanLabel->position->setCoords(right, m_meanPercent - 6);
        m_meanLabel->setPositionAlignment(Qt::AlignRight | (lastBarBelow ? Qt::AlignBottom : Qt::AlignTop));
        m_meanLabel->setVisible(true);
    }
    setEmptyNote(result.disks.empty() ? tr("Run or Sweep to see how busy each disk is") : QString());
    scheduleReplot();
}

void UtilizationPlot::rescale()
{
    const double n = std::max<double>(1, double(m_percent.size()));
    xAxis->setRange(-0.6, n - 0.4);
    yAxis->setRange(0, 118); // room for the labels above a 100 % bar
}

} // namespace raidscope::gui
