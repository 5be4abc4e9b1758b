// SPDX-License-Identifier: GPL-3.0-or-later
#include "minervasweepplot.h"

#include "units.h"

#include <cmath>
#include <limits>

namespace raidscope::gui {

namespace {

std::vector<double> axisValues(MinervaAxis axis)
{
    std::vector<double> xs;
    switch (axis) {
    case MinervaAxis::ReadProbability:
        for (int i = 0; i <= 100; ++i)
            xs.push_back(i / 100.0);
        break;
    case MinervaAxis::RequestSize: // 512 B to 4 MiB, eight per octave
        for (int i = 0; i <= 13 * 8; ++i)
            xs.push_back(512 * std::pow(2.0, i / 8.0));
        break;
    case MinervaAxis::RunCount: // 1 to 256
        for (int i = 0; i <= 8 * 8; ++i)
            xs.push_back(std::pow(2.0, i / 8.0));
        break;
    }
    return xs;
}

double valueOf(const MinervaStream& s, MinervaAxis axis)
{
    switch (axis) {
    case MinervaAxis::ReadProbability: return s.readProbability;
    case MinervaAxis::RequestSize: return s.requestSize;
    case MinervaAxis::RunCount: return s.runCount;
    }
    return 0;
}

} // namespace

MinervaSweepPlot::MinervaSweepPlot(MinervaAxis axis, QWidget* parent)
    : LivePlot(parent)
    , m_axis(axis)
{
    switch (axis) {
    case MinervaAxis::ReadProbability:
        setObjectName(QStringLiteral("minervaReadPlot"));
        setTitle(tr("Maximum throughput against read fraction"));
        styleAxis(xAxis, tr("Read fraction (every stream)"));
        xAxis->setRange(0, 1);
        break;
    case MinervaAxis::RequestSize: {
        setObjectName(QStringLiteral("minervaSizePlot"));
        setTitle(tr("Maximum throughput against request size"));
        xAxis->setScaleType(QCPAxis::stLogarithmic);
        QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
        for (std::uint64_t s = 512; s <= (4u << 20); s *= 4)
            ticker->addTick(double(s), formatBytes(s));
        xAxis->setTicker(ticker);
        styleAxis(xAxis, tr("Request size (every stream)"));
        xAxis->setRange(512 * 0.9, (4u << 20) * 1.1);
        break;
    }
    case MinervaAxis::RunCount:
        setObjectName(QStringLiteral("minervaRunPlot"));
        setTitle(tr("Maximum throughput against run count"));
        setLogAxis(xAxis, 2, tr("Requests per sequential run (every stream)"));
        xAxis->setRange(0.9, 256 * 1.1);
        break;
    }
    styleAxis(yAxis, tr("Requests per second"));
    const auto line = [this](const QString& name, QColor colour) {
        QCPGraph* g = addGraph();
        g->setName(name);
        g->setPen(QPen(colour, 2.5));
        return g;
    };
    m_disk = line(tr("disks bind"), QColor(0x3b, 0x75, 0xaf));
    m_bandwidth = line(tr("controller bandwidth binds"), QColor(0xe0, 0x8a, 0x1e));
    m_throughput = line(tr("controller throughput binds"), QColor(0x8c, 0x4f, 0xa8));
    m_mark = addGraph();
    m_mark->setName(tr("the workload"));
    m_mark->setLineStyle(QCPGraph::lsNone);
    m_mark->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QColor(0xc4, 0x4e, 0x52), QColor(0xc4, 0x4e, 0x52), 9));
    placeLegendAbove();
    clear(tr("Give an LU and a stream"));
}

void MinervaSweepPlot::clear(const QString& why)
{
    for (QCPGraph* g : { m_disk, m_bandwidth, m_throughput, m_mark })
        g->data()->clear();
    m_xs.clear();
    m_results.clear();
    setEmptyNote(why);
    scheduleReplot();
}

void MinervaSweepPlot::setInput(const MinervaInput& input)
{
    clear({});
    m_xs = axisValues(m_axis);
    m_results = minervaSweep(input, m_axis, m_xs);
    constexpr double gap = std::numeric_limits<double>::quiet_NaN(); // QCustomPlot leaves a gap at NaN
    m_top = 1;
    for (std::size_t i = 0; i < m_xs.size(); ++i) {
        const MinervaResult& r = m_results[i];
        const double y = std::isfinite(r.maxRequestRate) ? r.maxRequestRate : gap;
        if (std::isfinite(y))
            m_top = std::max(m_top, y);
        // Each point on the line of its binding constraint; at a change the point joins both lines.
        const QString previous = i ? m_results[i - 1].binding : r.binding;
        for (auto [g, name] : { std::pair { m_disk, u"disk" }, std::pair { m_bandwidth, u"controller_bandwidth" },
                 std::pair { m_throughput, u"controller_throughput" } })
            g->addData(m_xs[i], r.binding == name || previous == name ? y : gap);
    }
    // The workload's own value, when its streams agree on it.
    const double own = valueOf(input.streams.front(), m_axis);
    bool same = true;
    for (const MinervaStream& s : input.streams)
        same &= valueOf(s, m_axis) == own;
    if (same) {
        const MinervaResult at = evaluateMinerva(input);
        if (std::isfinite(at.maxRequestRate))
            m_mark->addData(own, at.maxRequestRate);
    }
    rescale();
    scheduleReplot();
}

void MinervaSweepPlot::rescale()
{
    yAxis->setRange(0, m_top * 1.1);
}

} // namespace raidscope::gui
