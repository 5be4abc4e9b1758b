// SPDX-License-Identifier: GPL-3.0-or-later
#include "responsetimeplot.h"

#include "sim/simresult.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace raidscope::gui {

ResponseTimePlot::ResponseTimePlot(QWidget* parent)
    : LivePlot(parent)
{
    setObjectName(QStringLiteral("responseTimePlot"));
    setTitle(tr("Response-time distribution"));

    setLogAxis(xAxis, 10, tr("Response time (ms, log scale)"));
    xAxis->grid()->setSubGridVisible(true);
    styleAxis(yAxis, tr("Requests (% per bin)"));
    styleAxis(yAxis2, tr("Cumulative (% of requests)"));
    yAxis2->setRange(0, 100);

    const QColor teal(0x2a, 0x7f, 0x8f);
    m_histogram = addGraph(xAxis, yAxis);
    m_histogram->setName(tr("histogram (left axis)"));
    m_histogram->setLineStyle(QCPGraph::lsStepLeft);
    m_histogram->setPen(QPen(teal.darker(130), 1));
    m_histogram->setBrush(QColor(teal.red(), teal.green(), teal.blue(), 150));
    m_cdf = addGraph(xAxis, yAxis2);
    m_cdf->setName(tr("CDF (right axis)"));
    m_cdf->setPen(QPen(QColor(0x6a, 0x3d, 0x9a), 2.2));

    const char* names[] = { "p50", "p90", "p99" };
    for (const char* name : names) {
        auto* line = new QCPItemStraightLine(this);
        line->setPen(QPen(QColor(0x60, 0x60, 0x60), 1, Qt::DashLine));
        line->setVisible(false);
        m_marks.push_back(line);
        auto* label = new QCPItemText(this);
        label->setText(QString::fromLatin1(name));
        label->setColor(QColor(0x40, 0x40, 0x40));
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
        label->setPadding(QMargins(3, 1, 3, 1));
        label->setBrush(QColor(255, 255, 255, 200));
        label->setVisible(false);
        m_markLabels.push_back(label);
    }

    placeLegendAbove();
    setEmptyNote(tr("Run or Sweep to see the response-time distribution"));
    rescale();
}

std::vector<ResponseTimePlot::Bin> ResponseTimePlot::binsOf(const SimResult& result)
{
    // Each fine bucket goes to the log-spaced bin of its middle; the fine buckets are 1/64 of an
    // octave wide, much narrower than a bin (1/20 of a decade is about 1/6 of an octave).
    std::map<int, std::uint64_t> counts;
    std::uint64_t total = 0;
    for (const LogHistogram::Bucket& b : result.responseNs.buckets()) {
        const double midMs = 0.5 * (b.low + b.high) * 1e-6;
        if (midMs <= 0)
            continue;
        counts[int(std::floor(std::log10(midMs) * kBinsPerDecade))] += b.count;
        total += b.count;
    }
    std::vector<Bin> out;
    if (total == 0)
        return out;
    std::uint64_t below = 0;
    for (const auto& [index, count] : counts) {
        below += count;
        out.push_back(
            { std::pow(10.0, double(index) / kBinsPerDecade), std::pow(10.0, double(index + 1) / kBinsPerDecade),
                double(count) / double(total), double(below) / double(total) });
    }
    return out;
}

void ResponseTimePlot::clear()
{
    m_bins.clear();
    m_histogram->data()->clear();
    m_cdf->data()->clear();
    for (auto* m : m_marks)
        m->setVisible(false);
    for (auto* l : m_markLabels)
        l->setVisible(false);
    setEmptyNote(tr("Run or Sweep to see the response-time distribution"));
    scheduleReplot();
}

void ResponseTimePlot::setResult(const SimResult& result)
{
    m_bins = binsOf(result);
    QVector<double> x, y, cx, cy;
    for (std::size_t i = 0; i < m_bins.size(); ++i) {
        const Bin& b = m_bins[i];
        if (i > 0 && m_bins[i - 1].highMs < b.lowMs * 0.999) { // an empty bin between: drop to zero
            x << m_bins[i - 1].highMs;
            y << 0;
        }
        x << b.lowMs;
        y << b.fraction * 100;
        // The CDF rises across a bin and stays flat over empty bins between.
        cx << b.lowMs;
        cy << (b.cumulative - b.fraction) * 100;
        cx << b.highMs;
        cy << b.cumulative * 100;
    }
    if (!m_bins.empty()) { // close the last step
        x << m_bins.back().highMs;
        y << 0;
    }
    m_histogram->setData(x, y, true);
    m_cdf->setData(cx, cy, true);

    const double qs[] = { 0.5, 0.9, 0.99 };
    for (std::size_t i = 0; i < m_marks.size(); ++i) {
        const bool show = result.requests > 0;
        const double ms = show ? result.percentileMs(qs[i]) : 0;
        m_marks[i]->point1->setCoords(ms, 0);
        m_marks[i]->point2->setCoords(ms, 1);
        m_marks[i]->setVisible(show);
        m_markLabels[i]->position->setAxes(xAxis, yAxis2);
        m_markLabels[i]->position->setCoords(ms, 100 - 13.0 * double(i));
        m_markLabels[i]->setText(QStringLiteral("p%1 %2 ms").arg(qRound(qs[i] * 100)).arg(number(ms)));
        m_markLabels[i]->setVisible(show);
    }
    setEmptyNote(m_bins.empty() ? tr("Run or Sweep to see the response-time distribution") : QString());
    scheduleReplot();
}

void ResponseTimePlot::rescale()
{
    if (m_bins.empty()) {
        xAxis->setRange(0.1, 100);
        yAxis->setRange(0, 10);
        return;
    }
    double lo = m_bins.front().lowMs, hi = m_bins.back().highMs;
    if (hi / lo < 10) { // at least a decade, centred, so the ticks say where we are
        const double mid = std::sqrt(lo * hi);
        lo = mid / std::sqrt(10.0);
        hi = mid * std::sqrt(10.0);
    }
    xAxis->setRange(lo / 1.15, hi * 1.15);
    double maxFraction = 0;
    for (const Bin& b : m_bins)
        maxFraction = std::max(maxFraction, b.fraction);
    yAxis->setRange(0, maxFraction * 100 * 1.15);
    // Percentile labels: right of their line in the left part of the plot, left of it further right.
    for (QCPItemText* label : m_markLabels) {
        const double ms = label->position->coords().x();
        const double at = (std::log(ms) - std::log(xAxis->range().lower))
            / (std::log(xAxis->range().upper) - std::log(xAxis->range().lower));
        label->setPositionAlignment((at > 0.6 ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignTop);
    }
}

} // namespace raidscope::gui
