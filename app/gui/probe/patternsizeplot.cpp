// SPDX-License-Identifier: GPL-3.0-or-later
#include "patternsizeplot.h"

#include "probe/shearprobe.h"

#include <algorithm>
#include <cmath>

namespace raidscope::gui {

PatternSizePlot::PatternSizePlot(QWidget* parent)
    : LivePlot(parent)
{
    setObjectName(QStringLiteral("patternSizePlot"));
    setTitle(tr("1. Pattern size"));
    setLogAxis(xAxis, 2, tr("Assumed pattern size p (KiB, log scale)"));
    styleAxis(yAxis, tr("Time for N reads at multiples of p (ms)"));
    xAxis->grid()->setVisible(true);

    const QColor blue(0x1f, 0x5f, 0xbf);
    const QColor red(0xc6, 0x28, 0x28);
    m_all = addGraph();
    m_all->setName(tr("time per assumed size"));
    m_all->setPen(QPen(QColor(0x1f, 0x5f, 0xbf, 150), 1.5));
    m_all->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, blue, blue, 7));
    m_slow = addGraph();
    m_slow->setName(tr("slowest cluster"));
    m_slow->setLineStyle(QCPGraph::lsNone);
    m_slow->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(red, 2.5), QColor(0xc6, 0x28, 0x28, 90), 13));

    m_patternLine = new QCPItemStraightLine(this);
    m_patternLine->setPen(QPen(red, 1.2, Qt::DashLine));
    m_patternLine->setVisible(false);
    m_patternLabel = new QCPItemText(this);
    m_patternLabel->position->setTypeX(QCPItemPosition::ptPlotCoords);
    m_patternLabel->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_patternLabel->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_patternLabel->setPadding(QMargins(4, 2, 4, 2));
    m_patternLabel->setColor(red);
    m_patternLabel->setBrush(QColor(255, 255, 255, 220));
    m_patternLabel->setVisible(false);

    placeLegendAbove();
    clear();
}

void PatternSizePlot::clear()
{
    m_points.clear();
    m_received = 0;
    m_patternKiB = 0;
    setSubtitle(QString());
    rebuild(false);
}

void PatternSizePlot::append(const std::vector<PatternPoint>& points, std::uint32_t blockBytes)
{
    if (points.empty())
        return;
    for (const PatternPoint& p : points)
        m_points.push_back({ double(p.patternBlocks) * blockBytes / 1024.0, p.timeMs, p.slow });
    m_received += int(points.size());
    rebuild(false);
}

void PatternSizePlot::setResult(const ProbeResult& r)
{
    m_points.clear();
    for (const PatternPoint& p : r.pattern)
        m_points.push_back({ double(p.patternBlocks) * r.blockBytes / 1024.0, p.timeMs, p.slow });
    m_patternKiB = double(r.patternBlocks) * r.blockBytes / 1024.0;
    setSubtitle(r.patternBlocks ? tr("pattern %1 KiB (gcd of the slowest sizes) · %n size(s) tried", nullptr,
                                      int(r.pattern.size()))
                                      .arg(number(m_patternKiB))
                                : tr("no pattern found · %n size(s) tried", nullptr, int(r.pattern.size())));
    rebuild(true);
}

int PatternSizePlot::plottedPoints() const { return m_all->dataCount(); }

int PatternSizePlot::slowPoints() const { return m_slow->dataCount(); }

void PatternSizePlot::rebuild(bool final)
{
    m_all->data()->clear();
    m_slow->data()->clear();
    // While the step runs the probe has not clustered yet: estimate the slow cluster as the times
    // near the slowest (within 20 %), once the sizes differ enough to have a slow cluster at all.
    double lo = 1e300, hi = 0;
    for (const Point& p : m_points) {
        lo = std::min(lo, p.ms);
        hi = std::max(hi, p.ms);
    }
    const bool spread = !m_points.empty() && hi > 1.3 * lo;
    for (const Point& p : m_points) {
        m_all->addData(p.kib, p.ms); // kept sorted by key: the line joins sizes in order
        // Final: the probe's slowest cluster, and only where it gave a pattern (no pattern, no ring:
        // a ring on a baseline point reads as the pattern, #54).
        const bool slow = final ? p.slow && m_patternKiB > 0 : (p.slow || (spread && p.ms >= 0.8 * hi));
        if (slow)
            m_slow->addData(p.kib, p.ms);
    }
    // Live, the red ring is this plot's guess; the probe's own clustering replaces it at the end.
    m_slow->setName(final ? tr("slowest cluster") : tr("slowest cluster (estimate)"));
    m_patternLine->setVisible(final && m_patternKiB > 0);
    m_patternLabel->setVisible(final && m_patternKiB > 0);
    if (m_patternKiB > 0) {
        m_patternLine->point1->setCoords(m_patternKiB, 0);
        m_patternLine->point2->setCoords(m_patternKiB, 1);
        m_patternLabel->position->setCoords(m_patternKiB, 0.02);
        m_patternLabel->setText(tr("pattern = %1 KiB").arg(number(m_patternKiB)));
    }
    setEmptyNote(m_points.empty() ? tr("Run a probe to see the pattern size") : QString());
    scheduleReplot();
}

void PatternSizePlot::rescale()
{
    if (m_points.empty()) {
        xAxis->setRange(4, 1024);
        yAxis->setRange(0, 100);
        return;
    }
    double xlo = 1e300, xhi = 0, yhi = 0;
    for (const Point& p : m_points) {
        xlo = std::min(xlo, p.kib);
        xhi = std::max(xhi, p.kib);
        yhi = std::max(yhi, p.ms);
    }
    xAxis->setRange(xlo / 1.5, std::max(xhi * 1.5, xlo * 4));
    yAxis->setRange(0, yhi * 1.12);
    // The pattern's label on the side of its line that has room.
    const bool rightHalf = m_patternKiB > 0
        && std::log(m_patternKiB / xAxis->range().lower) > 0.5 * std::log(xAxis->range().upper / xAxis->range().lower);
    m_patternLabel->setPositionAlignment((rightHalf ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignTop);
}

} // namespace raidscope::gui
