// SPDX-License-Identifier: GPL-3.0-or-later
#include "tracereplayplot.h"

#include "trace/tracejob.h"

#include <QFileInfo>
#include <QRegularExpression>

#include <algorithm>

namespace raidscope::gui {

namespace {

    // Three bars per candidate, side by side at fixed offsets from its key (labels go at the same keys).
    constexpr double kOffsets[] = { -0.26, 0, 0.26 };
    constexpr double kBarWidth = 0.24;

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
    setLogAxis(yAxis, 10, tr("Response time (ms, logarithmic)"));

    m_mean = makeBars(xAxis, yAxis, tr("mean"), QColor(0x3b, 0x75, 0xaf));
    m_p90 = makeBars(xAxis, yAxis, tr("p90"), QColor(0x8c, 0xb8, 0xde));
    m_p99 = makeBars(xAxis, yAxis, tr("p99"), QColor(0x6a, 0x3d, 0x9a));
    m_baselineLine = new QCPItemStraightLine(this);
    m_baselineLine->setPen(QPen(QColor(0x30, 0x30, 0x30), 1.5, Qt::DashLine));
    m_baselineLine->setVisible(false);
    m_baselineLabel = new QCPItemText(this);
    m_baselineLabel->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
    m_baselineLabel->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
    m_baselineLabel->setColor(QColor(0x30, 0x30, 0x30));
    m_baselineLabel->setBrush(QColor(255, 255, 255, 210)); // legible over a bar (applyPalette() adapts it)
    m_baselineLabel->setPadding(QMargins(3, 1, 3, 1));
    m_baselineLabel->setVisible(false);

    placeLegendAbove();
    setEmptyNote(tr("Run replay to compare the candidate arrays"));
    rescale();
}

QString TraceReplayPlot::shortLabel(const QString& spec)
{
    // The measured candidate (#55): "measured on" and the device's or file's name.
    if (const QString measured = QStringLiteral("measured on "); spec.startsWith(measured))
        return tr("measured on\n%1").arg(QFileInfo(spec.mid(measured.size())).fileName());
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
    m_maxMs = m_minMs = 0;
    for (QCPBars* b : { m_mean, m_p90, m_p99 })
        b->data()->clear();
    m_baselineLine->setVisible(false);
    m_baselineLabel->setVisible(false);
    m_ticker->clear();
    for (QCPItemText* l : m_labels)
        removeItem(l);
    m_labels.clear();
    setSubtitle(QString());
    setEmptyNote(tr("Run replay to compare the candidate arrays"));
    scheduleReplot();
}

void TraceReplayPlot::setArrays(const std::vector<TraceReplayArray>& arrays, bool partial, const std::optional<Baseline>& baseline)
{
    const int first = baseline ? 1 : 0; // the as-traced group takes key 0
    m_count = int(arrays.size()) + first;
    m_maxMs = 0;
    m_minMs = 0;
    m_ticker->clear();
    QVector<double> keys, mean, p90, p99;
    QVector<double> k90, k99;
    const auto add = [&](double key, double meanMs, double p90Ms, double p99Ms) {
        keys << key + kOffsets[0];
        k90 << key + kOffsets[1];
        k99 << key + kOffsets[2];
        mean << meanMs;
        p90 << p90Ms;
        p99 << p99Ms;
        m_maxMs = std::max({ m_maxMs, meanMs, p90Ms, p99Ms });
        for (double v : { meanMs, p90Ms, p99Ms })
            if (v > 0)
                m_minMs = m_minMs > 0 ? std::min(m_minMs, v) : v;
    };
    if (baseline) {
        m_ticker->addTick(0, tr("as traced\n(the traced system)"));
        add(0, baseline->meanMs, baseline->p90Ms, baseline->p99Ms);
    }
    for (std::size_t i = 0; i < arrays.size(); ++i) {
        const TraceReplayArray& a = arrays[i];
        const double key = double(i) + first;
        m_ticker->addTick(key, shortLabel(a.arraySpec));
        if (!a.error.isEmpty() || a.result.requests == 0)
            continue;
        add(key, a.result.responseMs.mean(), a.result.percentileMs(0.9), a.result.percentileMs(0.99));
    }
    m_mean->setData(keys, mean, true);
    m_p90->setData(k90, p90, true);
    m_p99->setData(k99, p99, true);

    // The trace's own mean across every group: how far each candidate is from what was measured.
    m_baselineLine->setVisible(baseline && baseline->meanMs > 0);
    m_baselineLabel->setVisible(m_baselineLine->visible());
    if (m_baselineLine->visible()) {
        m_baselineLine->point1->setCoords(0, baseline->meanMs);
        m_baselineLine->point2->setCoords(1, baseline->meanMs);
        m_baselineLabel->position->setAxes(xAxis, yAxis);
        m_baselineLabel->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
        m_baselineLabel->position->setCoords(0.995, baseline->meanMs);
        m_baselineLabel->setText(tr("as traced: mean %1 ms").arg(number(baseline->meanMs)));
    }

    // The value above each bar: on a log axis the heights compress, the numbers do not.
    for (QCPItemText* l : m_labels)
        removeItem(l);
    m_labels.clear();
    const QCPBars* series[] = { m_mean, m_p90, m_p99 };
    for (const QCPBars* bars : series) {
        for (auto it = bars->data()->constBegin(); it != bars->data()->constEnd(); ++it) {
            auto* label = new QCPItemText(this);
            label->position->setAxes(xAxis, yAxis);
            label->position->setCoords(it->key, it->value);
            label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
            label->setPadding(QMargins(0, 0, 0, 2));
            label->setText(number(it->value));
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
    // Logarithmic: from a little under the smallest bar to room above the largest for its number.
    const double low = m_minMs > 0 ? m_minMs / 2 : 0.1;
    yAxis->setRange(low, m_maxMs > 0 ? std::max(m_maxMs * 3, low * 10) : 100);
}

} // namespace raidscope::gui
