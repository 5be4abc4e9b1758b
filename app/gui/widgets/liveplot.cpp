// SPDX-License-Identifier: GPL-3.0-or-later
#include "liveplot.h"

#include "widgets/plotexport.h"

#include <QContextMenuEvent>
#include <QMenu>

#include <cmath>

namespace raidscope::gui {

LivePlot::LivePlot(QWidget* parent)
    : QCustomPlot(parent)
{
    setMinimumSize(320, 220);
    setAntialiasedElements(QCP::aePlottables | QCP::aeItems);
    plotLayout()->insertRow(0);
    auto* titles = new QCPLayoutGrid;
    plotLayout()->addElement(0, 0, titles);
    titles->setRowSpacing(0);
    QFont titleFont = font();
    titleFont.setPointSizeF(font().pointSizeF() * 1.1);
    titleFont.setBold(true);
    m_title = new QCPTextElement(this, QString(), titleFont);
    titles->addElement(0, 0, m_title);
    QFont subFont = font();
    m_subtitle = new QCPTextElement(this, QString(), subFont);
    m_subtitle->setTextColor(QColor(0x55, 0x55, 0x55));
    titles->addElement(1, 0, m_subtitle);
    titles->setMargins(QMargins(0, 4, 0, 0));

    m_emptyNote = new QCPItemText(this);
    m_emptyNote->setClipToAxisRect(false);
    m_emptyNote->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_emptyNote->position->setCoords(0.5, 0.5);
    m_emptyNote->setPositionAlignment(Qt::AlignCenter);
    m_emptyNote->setColor(QColor(0x80, 0x80, 0x80));
    m_emptyNote->setVisible(false);

    m_replotTimer.setSingleShot(true);
    m_replotTimer.setInterval(kReplotIntervalMs);
    connect(&m_replotTimer, &QTimer::timeout, this, &LivePlot::replotNow);
}

void LivePlot::setTitle(const QString& title) { m_title->setText(title); }

void LivePlot::setSubtitle(const QString& text)
{
    m_subtitle->setText(text);
    scheduleReplot();
}

QString LivePlot::subtitle() const { return m_subtitle->text(); }

void LivePlot::setEmptyNote(const QString& text)
{
    m_emptyNote->setText(text);
    m_emptyNote->setVisible(!text.isEmpty());
}

void LivePlot::placeLegendAbove()
{
    legend->setVisible(true);
    legend->setFont(font());
    legend->setBrush(Qt::NoBrush);
    legend->setBorderPen(Qt::NoPen);
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    legend->setColumnSpacing(16);
    legend->setMargins(QMargins(6, 0, 6, 0));
    if (axisRect()->insetLayout()->take(legend))
        axisRect()->insetLayout()->simplify();
    plotLayout()->insertRow(1);
    plotLayout()->addElement(1, 0, legend);
    plotLayout()->setRowStretchFactor(1, 0.001);
    plotLayout()->setRowSpacing(0);
}

void LivePlot::scheduleReplot()
{
    if (!m_replotTimer.isActive())
        m_replotTimer.start();
}

void LivePlot::replotNow()
{
    if (!isVisible()) { // nobody sees it: draw when shown
        m_dirty = true;
        return;
    }
    m_dirty = false;
    rescale();
    ++m_replots;
    replot(QCustomPlot::rpQueuedReplot);
}

void LivePlot::showEvent(QShowEvent* event)
{
    QCustomPlot::showEvent(event);
    if (m_dirty)
        scheduleReplot();
}

void LivePlot::contextMenuEvent(QContextMenuEvent* event)
{
    QMenu menu(this);
    const QString name = objectName().isEmpty() ? QStringLiteral("plot") : objectName();
    menu.addAction(tr("Export Image…"), this, [this, name] { exportPlotInteractively(this, name, this); });
    menu.addAction(tr("Copy Image"), this, [this] { copyPlotImage(this); });
    menu.exec(event->globalPos());
}

void LivePlot::styleAxis(QCPAxis* axis, const QString& label)
{
    QFont f = axis->parentPlot()->font();
    axis->setLabel(label);
    axis->setLabelFont(f);
    axis->setTickLabelFont(f);
    axis->setVisible(true);
    axis->setTickLabels(true);
}

void LivePlot::setLogAxis(QCPAxis* axis, int base, const QString& label)
{
    axis->setScaleType(QCPAxis::stLogarithmic);
    QSharedPointer<QCPAxisTickerLog> ticker(new QCPAxisTickerLog);
    ticker->setLogBase(base);
    ticker->setSubTickCount(base == 2 ? 0 : 8);
    axis->setTicker(ticker);
    axis->setNumberFormat(base == 2 ? QStringLiteral("g") : QStringLiteral("gb"));
    styleAxis(axis, label);
}

QString LivePlot::number(double value, int digits)
{
    if (!std::isfinite(value))
        return QStringLiteral("–");
    if (value != 0 && std::abs(value) >= std::pow(10.0, digits))
        return QString::number(std::round(value), 'f', 0);
    return QString::number(value, 'g', digits);
}

} // namespace raidscope::gui
