// SPDX-License-Identifier: GPL-3.0-or-later
#include "tracemixplot.h"

#include "trace/tracesummary.h"
#include "units.h"

#include <algorithm>

namespace raidscope::gui {

namespace {

    // Shares near 0 or 100 keep their digits: 99.98 % is not 100 %.
    QString share(double percent)
    {
        if (percent > 99 && percent < 100)
            return QString::number(std::min(percent, 99.99), 'f', 2);
        return QString::number(percent, 'g', 3);
    }

} // namespace

TraceMixPlot::TraceMixPlot(QWidget* parent)
    : LivePlot(parent)
{
    setObjectName(QStringLiteral("traceMixPlot"));
    setTitle(tr("Read/write mix"));

    QSharedPointer<QCPAxisTickerText> keys(new QCPAxisTickerText);
    keys->addTick(kCountKey, tr("by count"));
    keys->addTick(kBytesKey, tr("by bytes"));
    yAxis->setTicker(keys);
    yAxis->grid()->setVisible(false);
    styleAxis(yAxis, QString());
    styleAxis(xAxis, tr("Share (%)"));
    QSharedPointer<QCPAxisTickerFixed> pct(new QCPAxisTickerFixed);
    pct->setTickStep(25);
    xAxis->setTicker(pct);

    const QColor read(0x3b, 0x75, 0xaf), write(0xe0, 0x7b, 0x1f);
    m_reads = new QCPBars(yAxis, xAxis);
    m_reads->setName(tr("reads"));
    m_reads->setWidth(0.6);
    m_reads->setPen(QPen(read.darker(130)));
    m_reads->setBrush(read);
    m_writes = new QCPBars(yAxis, xAxis);
    m_writes->setName(tr("writes"));
    m_writes->setWidth(0.6);
    m_writes->setPen(QPen(write.darker(130)));
    m_writes->setBrush(write);
    m_writes->moveAbove(m_reads);

    for (int i = 0; i < 4; ++i) {
        auto* label = new QCPItemText(this);
        label->position->setAxes(xAxis, yAxis);
        label->setPositionAlignment(Qt::AlignCenter);
        label->setColor(Qt::white);
        QFont f = font();
        f.setBold(true);
        label->setFont(f);
        label->setVisible(false);
        m_labels.push_back(label);
    }

    placeLegendAbove();
    setEmptyNote(tr("Open a trace to see its reads and writes"));
    rescale();
}

void TraceMixPlot::clear()
{
    m_readCount = m_readBytes = 0;
    m_empty = true;
    m_reads->data()->clear();
    m_writes->data()->clear();
    for (QCPItemText* l : m_labels)
        l->setVisible(false);
    setSubtitle(QString());
    setEmptyNote(tr("Open a trace to see its reads and writes"));
    scheduleReplot();
}

void TraceMixPlot::placeLabel(QCPItemText* label, double key, double from, double to, const QString& text)
{
    // Inside the segment when it is wide enough, else just outside it in dark text.
    const bool inside = to - from >= 14;
    label->position->setCoords(inside ? (from + to) / 2 : (from < 50 ? to + 1 : from - 1), key);
    label->setPositionAlignment(
        inside ? Qt::AlignCenter : ((from < 50 ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignVCenter));
    // Outside its own segment a label lies on the other one (the two fill 100 %): white on both.
    label->setColor(Qt::white);
    label->setText(text);
    label->setVisible(to > from);
}

void TraceMixPlot::setSummary(const TraceSummary& s)
{
    const double requests = double(s.reads + s.writes);
    const double bytes = double(s.bytesRead + s.bytesWritten);
    m_empty = requests == 0;
    m_readCount = requests > 0 ? 100.0 * double(s.reads) / requests : 0;
    m_readBytes = bytes > 0 ? 100.0 * double(s.bytesRead) / bytes : 0;
    const double writeCount = requests > 0 ? 100 - m_readCount : 0;
    const double writeBytes = bytes > 0 ? 100 - m_readBytes : 0;
    m_reads->setData({ kBytesKey, kCountKey }, { m_readBytes, m_readCount }, true);
    m_writes->setData({ kBytesKey, kCountKey }, { writeBytes, writeCount }, true);

    placeLabel(m_labels[0], kCountKey, 0, m_readCount, tr("%1 % read").arg(share(m_readCount)));
    placeLabel(m_labels[1], kCountKey, m_readCount, m_readCount + writeCount, tr("%1 % write").arg(share(writeCount)));
    placeLabel(m_labels[2], kBytesKey, 0, m_readBytes, tr("%1 % read").arg(share(m_readBytes)));
    placeLabel(m_labels[3], kBytesKey, m_readBytes, m_readBytes + writeBytes, tr("%1 % write").arg(share(writeBytes)));

    setSubtitle(m_empty ? QString()
                        : tr("%1 reads (%2), %3 writes (%4)")
                              .arg(s.reads)
                              .arg(formatBytesHuman(s.bytesRead))
                              .arg(s.writes)
                              .arg(formatBytesHuman(s.bytesWritten)));
    setEmptyNote(m_empty ? tr("No requests in this trace") : QString());
    scheduleReplot();
}

void TraceMixPlot::rescale()
{
    xAxis->setRange(0, 100);
    yAxis->setRange(-0.55, 1.55);
}

} // namespace raidscope::gui
