// SPDX-License-Identifier: GPL-3.0-or-later
#include "tracesizeplot.h"

#include "trace/tracesummary.h"
#include "units.h"

#include <algorithm>
#include <bit>
#include <map>

namespace raidscope::gui {

TraceSizePlot::TraceSizePlot(QWidget* parent)
    : LivePlot(parent)
{
    setObjectName(QStringLiteral("traceSizePlot"));
    setTitle(tr("Transfer sizes and cumulative percentage"));

    m_ticker.reset(new QCPAxisTickerText);
    xAxis->setTicker(m_ticker);
    xAxis->grid()->setVisible(false);
    styleAxis(xAxis, tr("Transfer size"));
    styleAxis(yAxis, tr("Requests (count)"));
    styleAxis(yAxis2, tr("Cumulative (% of requests)"));
    yAxis2->setRange(0, 105);
    QSharedPointer<QCPAxisTickerFixed> pctTicker(new QCPAxisTickerFixed);
    pctTicker->setTickStep(25);
    yAxis2->setTicker(pctTicker);

    const QColor bar(0x3b, 0x75, 0xaf);
    m_bars = new QCPBars(xAxis, yAxis);
    m_bars->setName(tr("requests of this size (left axis)"));
    m_bars->setWidth(0.7);
    m_bars->setPen(QPen(bar.darker(130)));
    m_bars->setBrush(bar);
    m_cumulative = addGraph(xAxis, yAxis2);
    m_cumulative->setName(tr("cumulative % (right axis)"));
    m_cumulative->setPen(QPen(QColor(0xd6, 0x27, 0x28), 2.2));
    m_cumulative->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 6));

    placeLegendAbove();
    setEmptyNote(tr("Open a trace to see its transfer sizes"));
    rescale();
}

std::vector<TraceSizePlot::Bin> TraceSizePlot::binsOf(const TraceSummary& summary)
{
    const std::map<std::uint64_t, std::uint64_t> hist = summary.sizeHistogram();
    std::uint64_t total = 0;
    for (const auto& [bytes, count] : hist)
        total += count;
    std::vector<Bin> out;
    if (total == 0)
        return out;
    if (hist.size() <= std::size_t(kMaxCategories)) {
        for (const auto& [bytes, count] : hist)
            out.push_back({ formatBytes(bytes), bytes, bytes, count, 0, 0 });
    } else {
        // Bin k holds (2^(k-1), 2^k]; zero-size requests keep their own bin.
        std::map<int, std::uint64_t> bins;
        for (const auto& [bytes, count] : hist)
            bins[bytes == 0 ? -1 : int(std::bit_width(bytes - 1))] += count;
        for (const auto& [k, count] : bins) {
            if (k < 0) {
                out.push_back({ formatBytes(0), 0, 0, count, 0, 0 });
                continue;
            }
            const std::uint64_t high = std::uint64_t(1) << std::min(k, 63);
            const std::uint64_t low = k == 0 ? 1 : (high >> 1) + 1;
            out.push_back({ QStringLiteral("≤") + formatBytes(high), low, high, count, 0, 0 });
        }
    }
    std::uint64_t below = 0;
    for (Bin& b : out) {
        below += b.count;
        b.percent = 100.0 * double(b.count) / double(total);
        b.cumulativePercent = 100.0 * double(below) / double(total);
    }
    return out;
}

void TraceSizePlot::clear()
{
    for (QCPItemText* l : m_barLabels)
        removeItem(l);
    m_barLabels.clear();
    m_bins.clear();
    m_binned = false;
    m_bars->data()->clear();
    m_cumulative->data()->clear();
    m_ticker->clear();
    setSubtitle(QString());
    setEmptyNote(tr("Open a trace to see its transfer sizes"));
    scheduleReplot();
}

void TraceSizePlot::setSummary(const TraceSummary& summary)
{
    m_bins = binsOf(summary);
    m_binned = summary.sizeHistogram().size() > std::size_t(kMaxCategories);
    QVector<double> keys, counts, cumulative;
    m_ticker->clear();
    const Bin* mode = nullptr;
    for (std::size_t i = 0; i < m_bins.size(); ++i) {
        const Bin& b = m_bins[i];
        keys << double(i);
        counts << double(b.count);
        cumulative << b.cumulativePercent;
        m_ticker->addTick(double(i), b.label);
        if (!mode || b.count > mode->count)
            mode = &b;
    }
    m_bars->setData(keys, counts, true);
    m_cumulative->setData(keys, cumulative, true);
    for (QCPItemText* l : m_barLabels)
        removeItem(l);
    m_barLabels.clear();
    if (m_bins.size() <= std::size_t(kMaxBarLabels)) { // few bars: say each one's share, small ones too
        for (std::size_t i = 0; i < m_bins.size(); ++i) {
            auto* label = new QCPItemText(this);
            label->position->setAxes(xAxis, yAxis);
            label->position->setCoords(double(i), double(m_bins[i].count));
            label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
            label->setPadding(QMargins(0, 0, 0, 2));
            label->setText(number(m_bins[i].percent) + QStringLiteral(" %"));
            label->setColor(QColor(0x20, 0x20, 0x20));
            m_barLabels.push_back(label);
        }
    }
    // Many categories: slant the labels so each stays readable.
    xAxis->setTickLabelRotation(m_bins.size() > 10 ? -40 : 0);

    QString sub;
    if (mode) {
        const double meanBytes
            = summary.records ? double(summary.bytesRead + summary.bytesWritten) / double(summary.records) : 0;
        sub = tr("%1 requests · mean %2 · most often %3 (%4 %)")
                  .arg(summary.records)
                  .arg(formatBytesHuman(std::uint64_t(meanBytes + 0.5)), mode->label, number(mode->percent));
        if (m_binned)
            sub += tr(" · %1 distinct sizes in power-of-two bins").arg(summary.sizeHistogram().size());
        if (summary.sizesRounded)
            sub += tr(" (rare sizes rounded to 1/64)");
    }
    setSubtitle(sub);
    setEmptyNote(m_bins.empty() ? tr("No requests in this trace") : QString());
    scheduleReplot();
}

void TraceSizePlot::rescale()
{
    const double n = std::max<double>(1, double(m_bins.size()));
    xAxis->setRange(-0.6, n - 0.4);
    double maxCount = 0;
    for (const Bin& b : m_bins)
        maxCount = std::max(maxCount, double(b.count));
    yAxis->setRange(0, maxCount > 0 ? maxCount * 1.3 : 10); // bars stay below the cumulative line's top
}

} // namespace raidscope::gui
