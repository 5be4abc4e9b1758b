// SPDX-License-Identifier: GPL-3.0-or-later
#include "tracetimeplot.h"

#include "trace/tracesummary.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace raidscope::gui {

namespace {

    // "DiskSim/MQSim ASCII", not the whole detail: short enough for a note.
    QString formatName(const TraceSummary& s)
    {
        return s.format.name.isEmpty() ? traceFormatName(s.format.format) : s.format.name;
    }

} // namespace

TraceTimePlot::TraceTimePlot(Kind kind, QWidget* parent)
    : LivePlot(parent)
    , m_kind(kind)
{
    const QColor blue(0x3b, 0x75, 0xaf), green(0x4c, 0x9a, 0x6a), purple(0x6a, 0x3d, 0x9a);
    m_graph = addGraph();
    m_graph->setLineStyle(QCPGraph::lsStepLeft);
    styleAxis(xAxis, tr("Time since the first request (s)"));
    switch (kind) {
    case Kind::QueueDepth:
        setObjectName(QStringLiteral("traceQueueDepthPlot"));
        setTitle(tr("Queue depth over time"));
        styleAxis(yAxis, tr("Mean requests outstanding"));
        m_graph->setName(tr("queue depth"));
        m_graph->setPen(QPen(purple, 1.6));
        m_graph->setBrush(QColor(purple.red(), purple.green(), purple.blue(), 60));
        break;
    case Kind::ArrivalRate:
        setObjectName(QStringLiteral("traceArrivalPlot"));
        setTitle(tr("Arrival rate over time"));
        styleAxis(yAxis, tr("Requests arriving (I/O per s)"));
        m_graph->setName(tr("all requests"));
        m_graph->setPen(QPen(blue, 1.6));
        m_graph->setBrush(QColor(blue.red(), blue.green(), blue.blue(), 50));
        m_reads = addGraph();
        m_reads->setLineStyle(QCPGraph::lsStepLeft);
        m_reads->setName(tr("reads"));
        m_reads->setPen(QPen(green, 1.4));
        placeLegendAbove();
        break;
    case Kind::ResponseTime:
        setObjectName(QStringLiteral("traceResponsePlot"));
        setTitle(tr("Response time over time"));
        styleAxis(yAxis, tr("Mean response time (ms)"));
        m_graph->setName(tr("mean per interval"));
        m_graph->setPen(QPen(QColor(0xd6, 0x27, 0x28), 1.6));
        // Intervals without responses are gaps: a dot per interval keeps isolated ones visible.
        m_graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 4));
        // Log scale: sub-millisecond responses and a 100 ms threshold on one axis.
        setLogAxis(yAxis, 10, tr("Mean response time (ms, log scale)"));
        break;
    }
    setEmptyNote(emptyText());
    rescale();
}

QString TraceTimePlot::emptyText() const
{
    switch (m_kind) {
    case Kind::QueueDepth:
        return tr("Open a trace to see its queue depth");
    case Kind::ArrivalRate:
        return tr("Open a trace to see its arrival rate");
    case Kind::ResponseTime:
        break;
    }
    return tr("Open a trace to see its response times");
}

void TraceTimePlot::clear()
{
    m_graph->data()->clear();
    if (m_reads)
        m_reads->data()->clear();
    for (QCPItemRect* r : m_rects)
        removeItem(r);
    m_rects.clear();
    m_shaded.clear();
    setMarks({});
    m_method.clear();
    m_missing.clear();
    m_endSeconds = m_maxValue = 0;
    m_minPositive = std::numeric_limits<double>::infinity();
    setSubtitle(QString());
    setEmptyNote(emptyText());
    scheduleReplot();
}

void TraceTimePlot::setMarks(const std::vector<Mark>& marks)
{
    for (QCPItemStraightLine* l : m_lines)
        removeItem(l);
    for (QCPItemText* t : m_lineLabels)
        removeItem(t);
    m_lines.clear();
    m_lineLabels.clear();
    int percentile = 0;
    for (const auto& [name, value, threshold] : marks) {
        auto* line = new QCPItemStraightLine(this);
        line->setPen(QPen(threshold ? QColor(0xb0, 0x00, 0x20) : QColor(0x60, 0x60, 0x60), 1, Qt::DashLine));
        line->point1->setCoords(0, value);
        line->point2->setCoords(1, value);
        m_lines.push_back(line);
        auto* label = new QCPItemText(this);
        label->setClipToAxisRect(true);
        label->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
        label->position->setTypeY(QCPItemPosition::ptPlotCoords);
        label->position->setAxes(xAxis, yAxis);
        label->position->setAxisRect(axisRect());
        // Percentiles are often close together: their labels step leftwards from the right edge;
        // the threshold's sits at the left edge.
        label->position->setCoords(threshold ? 0.0 : 1.0 - 0.22 * percentile++, value);
        label->setPositionAlignment((threshold ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignBottom);
        label->setText(
            threshold ? tr("slow above %1 ms").arg(number(value)) : QStringLiteral("%1 %2").arg(name, number(value)));
        label->setColor(threshold ? QColor(0xb0, 0x00, 0x20) : QColor(0x40, 0x40, 0x40));
        label->setPadding(QMargins(3, 0, 3, 1));
        label->setBrush(QColor(255, 255, 255, 190));
        m_lineLabels.push_back(label);
    }
}

void TraceTimePlot::setSummary(const TraceSummary& s)
{
    clear();
    const std::vector<TraceTimeBucket> buckets = s.timeline.buckets();
    if (buckets.empty() || !s.format.has(TraceField::Timestamps)) {
        m_missing = s.format.has(TraceField::Timestamps) ? QString()
                                           : tr("%1 has no timestamps:\nnothing to plot over time").arg(formatName(s));
        setEmptyNote(m_missing.isEmpty() ? tr("No requests in this trace") : m_missing);
        return;
    }
    const std::int64_t origin = s.timeline.startNs();
    const double width = double(s.timeline.widthNs()) * 1e-9;
    m_endSeconds = width * double(buckets.size());
    const double nan = std::numeric_limits<double>::quiet_NaN();
    QVector<double> x, y, reads;
    x.reserve(qsizetype(buckets.size()) + 1);
    for (std::size_t i = 0; i < buckets.size(); ++i) {
        const TraceTimeBucket& b = buckets[i];
        double v = 0;
        switch (m_kind) {
        case Kind::QueueDepth:
            v = s.queueDepth(b);
            break;
        case Kind::ArrivalRate:
            v = double(b.ios) / width;
            reads << double(b.reads) / width;
            break;
        case Kind::ResponseTime:
            v = b.responses ? b.responseSumNs / double(b.responses) * 1e-6 : nan;
            break;
        }
        x << double(i) * width;
        y << v;
        if (std::isfinite(v)) {
            m_maxValue = std::max(m_maxValue, v);
            if (v > 0)
                m_minPositive = std::min(m_minPositive, v);
        }
    }
    // Close the last step at the end of its bucket.
    x << m_endSeconds;
    y << y.back();
    if (m_reads)
        reads << (reads.isEmpty() ? 0 : reads.back());

    const QString bucket = tr("%1 ms bins").arg(number(width * 1000));
    const std::vector<SlowPeriod> slow = slowPeriods(s);
    switch (m_kind) {
    case Kind::QueueDepth:
        m_method = s.queueDepthMethod();
        if (m_method == u"issue-complete")
            setSubtitle(tr("method: issue-complete (D→C pairs) · %1").arg(bucket));
        else if (m_method == u"littles-law")
            setSubtitle(tr("method: littles-law (L = λW) · %1").arg(bucket));
        else
            m_missing
                = tr("method: none · no queue depth:\n%1 records neither\nissue/completion pairs nor response times")
                      .arg(formatName(s));
        break;
    case Kind::ArrivalRate:
        m_reads->setData(x, reads, true);
        setSubtitle(tr("mean %1 I/O/s over %2 s · %3")
                        .arg(number(s.durationSeconds() > 0 ? double(s.records) / s.durationSeconds() : 0))
                        .arg(number(s.durationSeconds()))
                        .arg(bucket));
        break;
    case Kind::ResponseTime:
        if (!s.hasResponseTimes()) {
            m_missing = tr("%1 records\nno response times:\nno percentiles, no slow periods").arg(formatName(s));
        } else {
            setMarks({ { QStringLiteral("p50"), s.responsePercentileMs(0.5), false },
                { QStringLiteral("p90"), s.responsePercentileMs(0.9), false },
                { QStringLiteral("p99"), s.responsePercentileMs(0.99), false },
                { tr("slow above"), s.options.slowThresholdMs, true } });
            // One arg() call fills %1..%4 in order; the slow-period count is appended after.
            setSubtitle(tr("p50 %1 · p90 %2 · p99 %3 · max %4 ms")
                            .arg(number(s.responsePercentileMs(0.5)), number(s.responsePercentileMs(0.9)),
                                number(s.responsePercentileMs(0.99)), number(s.responseMs.max()))
                + (slow.size() == 1 ? tr(" · 1 slow period") : tr(" · %1 slow periods").arg(slow.size())));
        }
        break;
    }
    if (!m_missing.isEmpty()) {
        setEmptyNote(m_missing);
        scheduleReplot();
        return;
    }
    m_graph->setData(x, y, true);

    // Slow periods behind the data, on the grid layer.
    for (const SlowPeriod& p : slow) {
        if (int(m_rects.size()) >= kMaxShaded)
            break;
        const double a = double(__int128(p.startNs) - origin) * 1e-9;
        const double b = double(__int128(p.endNs) - origin) * 1e-9;
        auto* rect = new QCPItemRect(this);
        rect->setLayer(QStringLiteral("grid"));
        for (QCPItemPosition* pos : { rect->topLeft, rect->bottomRight }) {
            pos->setAxes(xAxis, yAxis);
            pos->setTypeX(QCPItemPosition::ptPlotCoords);
            pos->setTypeY(QCPItemPosition::ptAxisRectRatio);
        }
        rect->topLeft->setCoords(a, 0);
        rect->bottomRight->setCoords(b, 1);
        rect->setPen(Qt::NoPen);
        rect->setBrush(QColor(0xf2, 0xa0, 0x30, 90));
        m_rects.push_back(rect);
        m_shaded.emplace_back(a, b);
    }
    if (m_kind != Kind::ResponseTime && !slow.empty())
        setSubtitle(subtitle() + tr(" · shaded: slow"));
    setEmptyNote(QString());
    scheduleReplot();
}

void TraceTimePlot::rescale()
{
    xAxis->setRange(0, m_endSeconds > 0 ? m_endSeconds : 1);
    double top = m_maxValue;
    double bottom = m_minPositive;
    for (QCPItemStraightLine* l : m_lines) {
        top = std::max(top, l->point1->coords().y());
        bottom = std::min(bottom, l->point1->coords().y());
    }
    if (m_kind == Kind::ResponseTime) {
        if (!(top > 0) || !std::isfinite(bottom))
            yAxis->setRange(0.1, 100);
        else
            yAxis->setRange(bottom / 2, top * 2);
        return;
    }
    yAxis->setRange(0, top > 0 ? top * 1.12 : 1);
}

} // namespace raidscope::gui
