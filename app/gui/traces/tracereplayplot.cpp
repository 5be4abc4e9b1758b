// SPDX-License-Identifier: GPL-3.0-or-later
#include "tracereplayplot.h"

#include "trace/tracejob.h"

#include <QRegularExpression>

#include <algorithm>

namespace raidscope::gui {

namespace {

    // Four bars per candidate, side by side at fixed offsets from its key (labels go at the same keys).
    constexpr double kOffsets[] = { -0.3, -0.1, 0.1, 0.3 };
    constexpr double kBarWidth = 0.19;

    QCPBars* makeBars(QCPAxis* key, QCPAxis* value, const QString& name, const QColor& color)
    {
        auto* bars = new QCPBars(key, value);
        bars->setName(name);
        bars->setWidth(kBarWidth);
        bars->setPen(QPen(color.darker(130)));
        bars->setBrush(color);
        return bars;
    }

} // namespace

TraceReplayPlot::TraceReplayPlot(QWidget* parent)
    : LivePlot(parent)
{
    setObjectName(QStringLiteral("traceReplayPlot"));
    setTitle(tr("Replay: candidate arrays side by side"));

    m_ticker.reset(new QCPAxisTickerText);
    xAxis->setTicker(m_ticker);
    xAxis->grid()->setVisible(false);
    styleAxis(xAxis, tr("Candidate array"));
    styleAxis(yAxis, tr("Response time (ms)"));
    styleAxis(yAxis2, tr("Slow periods (count)"));
    QSharedPointer<QCPAxisTickerFixed> whole(new QCPAxisTickerFixed);
    whole->setTickStep(1);
    whole->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    yAxis2->setTicker(whole);

    m_mean = makeBars(xAxis, yAxis, tr("mean"), QColor(0x3b, 0x75, 0xaf));
    m_p90 = makeBars(xAxis, yAxis, tr("p90"), QColor(0x8c, 0xb8, 0xde));
    m_p99 = makeBars(xAxis, yAxis, tr("p99"), QColor(0x6a, 0x3d, 0x9a));
    m_slow = makeBars(xAxis, yAxis2, tr("slow periods (right axis)"), QColor(0xf2, 0xa0, 0x30));

    placeLegendAbove();
    setEmptyNote(tr("Run replay to compare the candidate arrays"));
    rescale();
}

QString TraceReplayPlot::shortLabel(const QString& spec)
{
    const QStringList parts = spec.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts);
    if (parts.isEmpty())
        return spec;
    QString disks, chunk, extra;
    for (const QString& p : parts.mid(1)) {
        if (p.startsWith(u"disks="))
            disks = p.mid(6);
        else if (p.startsWith(u"chunk="))
            chunk = p.mid(6);
        else if (p.startsWith(u"disk="))
            extra = p.mid(5);
    }
    QString label = parts.front();
    if (!disks.isEmpty())
        label += QStringLiteral(" ×") + disks;
    if (!chunk.isEmpty())
        label += u'\n' + tr("%1 chunk").arg(chunk);
    if (!extra.isEmpty())
        label += u'\n' + extra;
    return label;
}

void TraceReplayPlot::clear()
{
    m_count = 0;
    m_maxMs = m_maxSlow = 0;
    for (QCPBars* b : { m_mean, m_p90, m_p99, m_slow })
        b->data()->clear();
    m_ticker->clear();
    for (QCPItemText* l : m_labels)
        removeItem(l);
    m_labels.clear();
    setSubtitle(QString());
    setEmptyNote(tr("Run replay to compare the candidate arrays"));
    scheduleReplot();
}

void TraceReplayPlot::setArrays(const std::vector<TraceReplayArray>& arrays, bool partial)
{
    m_count = int(arrays.size());
    m_maxMs = m_maxSlow = 0;
    m_ticker->clear();
    QVector<double> keys, mean, p90, p99, slow;
    QVector<double> k90, k99, kSlow;
    for (std::size_t i = 0; i < arrays.size(); ++i) {
        const TraceReplayArray& a = arrays[i];
        m_ticker->addTick(double(i), shortLabel(a.arraySpec));
        if (!a.error.isEmpty() || a.result.requests == 0)
            continue;
        keys << double(i) + kOffsets[0];
        k90 << double(i) + kOffsets[1];
        k99 << double(i) + kOffsets[2];
        kSlow << double(i) + kOffsets[3];
        mean << a.result.responseMs.mean();
        p90 << a.result.percentileMs(0.9);
        p99 << a.result.percentileMs(0.99);
        slow << double(a.slowPeriods);
        m_maxMs = std::max({ m_maxMs, mean.back(), p90.back(), p99.back() });
        m_maxSlow = std::max(m_maxSlow, slow.back());
    }
    m_mean->setData(keys, mean, true);
    m_p90->setData(k90, p90, true);
    m_p99->setData(k99, p99, true);
    m_slow->setData(kSlow, slow, true);

    // The value above each bar: a 45 ms bar next to a 4800 ms one is a sliver, its number is not.
    for (QCPItemText* l : m_labels)
        removeItem(l);
    m_labels.clear();
    const QCPBars* series[] = { m_mean, m_p90, m_p99, m_slow };
    for (const QCPBars* bars : series) {
        const bool count = bars == m_slow;
        for (auto it = bars->data()->constBegin(); it != bars->data()->constEnd(); ++it) {
            auto* label = new QCPItemText(this);
            label->position->setAxes(xAxis, count ? yAxis2 : yAxis);
            label->position->setCoords(it->key, it->value);
            label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
            label->setPadding(QMargins(0, 0, 0, 2));
            label->setText(count ? QString::number(it->value) : number(it->value));
            label->setColor(QColor(0x20, 0x20, 0x20));
            m_labels.push_back(label);
        }
    }
    setSubtitle(partial ? tr("so far (replay running)") : QString());
    setEmptyNote(keys.isEmpty() ? tr("Run replay to compare the candidate arrays") : QString());
    scheduleReplot();
}

void TraceReplayPlot::rescale()
{
    xAxis->setRange(-0.6, std::max(1, m_count) - 0.4);
    yAxis->setRange(0, m_maxMs > 0 ? m_maxMs * 1.15 : 10);
    yAxis2->setRange(0, std::max(4.0, m_maxSlow * 1.15));
}

} // namespace raidscope::gui
