// SPDX-License-Identifier: GPL-3.0-or-later
#include "boundaryplot.h"

#include "probe/shearprobe.h"

#include <algorithm>

namespace raidscope::gui {

BoundaryPlot::BoundaryPlot(QWidget* parent)
    : LivePlot(parent)
{
    setObjectName(QStringLiteral("boundaryPlot"));
    setTitle(tr("2. Chunk boundaries"));
    styleAxis(xAxis, tr("Boundary offset c within the pattern (KiB)"));
    styleAxis(yAxis, tr("Time for N reads at c-1 and N at c (ms)"));

    const QColor blue(0x1f, 0x5f, 0xbf);
    const QColor red(0xc6, 0x28, 0x28);
    m_times = addGraph();
    m_times->setName(tr("time per offset"));
    m_times->setPen(QPen(blue, 1.5));
    m_times->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, blue, blue, 6));
    m_boundaries = addGraph();
    m_boundaries->setName(tr("boundary (two disks: fast)"));
    m_boundaries->setLineStyle(QCPGraph::lsNone);
    m_boundaries->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssTriangleInverted, QPen(red, 1.5), red, 12));

    placeLegendAbove();
    clear();
}

void BoundaryPlot::clear()
{
    m_points.clear();
    m_received = 0;
    m_patternKiB = 0;
    m_decided = false;
    m_noPattern = false;
    setSubtitle(QString());
    rebuild();
}

void BoundaryPlot::append(const std::vector<BoundaryPoint>& points, std::uint32_t blockBytes)
{
    if (points.empty())
        return;
    // Nothing is marked while the step measures: only markDecided() marks (a provisional mark read
    // as a verdict, #54).
    for (const BoundaryPoint& p : points)
        m_points.push_back({ double(p.offsetBlocks) * blockBytes / 1024.0, p.timeMs, false });
    m_received += int(points.size());
    if (!m_decided)
        setSubtitle(tr("measuring: boundaries are marked once this step has decided"));
    rebuild();
}

void BoundaryPlot::markDecided(const std::vector<std::uint64_t>& offsetsBlocks, std::uint32_t blockBytes)
{
    m_decided = true;
    for (Point& p : m_points)
        p.boundary = std::any_of(offsetsBlocks.begin(), offsetsBlocks.end(),
            [&](std::uint64_t c) { return double(c) * blockBytes / 1024.0 == p.kib; });
    setSubtitle(tr("decided: %n boundary(ies) among the offsets measured", nullptr, int(offsetsBlocks.size())));
    rebuild();
}

void BoundaryPlot::setResult(const ProbeResult& r)
{
    m_points.clear();
    m_decided = true;
    m_noPattern = r.patternBlocks == 0;
    setSubtitle(QString());
    for (const BoundaryPoint& p : r.boundaries)
        m_points.push_back({ double(p.offsetBlocks) * r.blockBytes / 1024.0, p.timeMs, p.boundary });
    m_patternKiB = double(r.patternBlocks) * r.blockBytes / 1024.0;
    if (r.chunkBlocks && !r.boundaries.empty()) {
        QString runs;
        if (!r.chunkRunsBlocks.empty()) {
            // All alike (every chunk of the pattern): once, with their count; else the first few, so
            // the line fits over the plot (an 8-chunk pattern's eight runs did not).
            const auto& b = r.chunkRunsBlocks;
            const bool alike = std::all_of(b.begin(), b.end(), [&](std::uint64_t x) { return x == b.front(); });
            if (alike && b.size() > 1) {
                runs = tr(" · %1 runs of %2 KiB between boundaries").arg(b.size()).arg(number(double(b.front()) * r.blockBytes / 1024.0));
            } else {
                constexpr std::size_t shown = 6;
                QStringList sizes;
                for (std::size_t i = 0; i < std::min(b.size(), shown); ++i)
                    sizes << number(double(b[i]) * r.blockBytes / 1024.0);
                if (b.size() > shown)
                    sizes << QStringLiteral("…");
                runs = tr(" · runs between boundaries: %1 KiB").arg(sizes.join(QStringLiteral(", ")));
            }
        }
        setSubtitle(tr("chunk %1 KiB%2").arg(number(double(r.chunkBlocks) * r.blockBytes / 1024.0), runs));
    }
    rebuild();
}

int BoundaryPlot::plottedPoints() const { return m_times->dataCount(); }

int BoundaryPlot::boundaryPoints() const { return m_boundaries->dataCount(); }

void BoundaryPlot::rebuild()
{
    m_times->data()->clear();
    m_boundaries->data()->clear();
    for (QCPItemStraightLine* line : m_lines)
        removeItem(line);
    m_lines.clear();
    for (const Point& p : m_points) {
        m_times->addData(p.kib, p.ms);
        if (!p.boundary)
            continue;
        m_boundaries->addData(p.kib, p.ms);
        auto* line = new QCPItemStraightLine(this);
        line->setPen(QPen(QColor(0xc6, 0x28, 0x28, 110), 1, Qt::DashLine));
        line->point1->setCoords(p.kib, 0);
        line->point2->setCoords(p.kib, 1);
        m_lines.push_back(line);
    }
    setEmptyNote(!m_points.empty() ? QString()
            : m_noPattern          ? tr("No pattern: no chunk boundaries to look for")
                                   : tr("Waits for the pattern size"));
    scheduleReplot();
}

void BoundaryPlot::rescale()
{
    if (m_points.empty()) {
        xAxis->setRange(0, 64);
        yAxis->setRange(0, 100);
        return;
    }
    // The offsets tested, not the whole pattern: an adaptive probe may test only the first few.
    double xhi = 0, yhi = 0;
    for (const Point& p : m_points) {
        xhi = std::max(xhi, p.kib);
        yhi = std::max(yhi, p.ms);
    }
    const double pad = std::max(xhi * 0.03, 0.5);
    xAxis->setRange(-pad, xhi + pad);
    yAxis->setRange(0, yhi * 1.12);
}

} // namespace raidscope::gui
