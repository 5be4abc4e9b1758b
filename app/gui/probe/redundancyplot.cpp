// SPDX-License-Identifier: GPL-3.0-or-later
#include "redundancyplot.h"

#include "probe/shearprobe.h"

#include <algorithm>
#include <cmath>

namespace raidscope::gui {

RedundancyPlot::RedundancyPlot(QWidget* parent)
    : LivePlot(parent)
{
    setObjectName(QStringLiteral("redundancyPlot"));
    setTitle(tr("4. Redundancy: read against write bandwidth"));
    setLogAxis(xAxis, 2, tr("Random writes in the test (count, log scale)"));
    styleAxis(yAxis, tr("Bandwidth (MB/s)"));
    xAxis->grid()->setVisible(true);

    const QColor orange(0xd9, 0x5f, 0x0e);
    const QColor blue(0x1f, 0x5f, 0xbf);
    m_writes = addGraph();
    m_writes->setName(tr("random writes"));
    m_writes->setPen(QPen(orange, 2));
    m_writes->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare, orange, Qt::white, 8));
    m_read = addGraph();
    m_read->setName(tr("random reads"));
    m_read->setPen(QPen(blue, 2, Qt::DashLine));

    m_ratioLabel = new QCPItemText(this);
    m_ratioLabel->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_ratioLabel->position->setCoords(0.98, 0.04);
    m_ratioLabel->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
    m_ratioLabel->setTextAlignment(Qt::AlignRight);
    m_ratioLabel->setPadding(QMargins(6, 4, 6, 4));
    m_ratioLabel->setBrush(QColor(255, 255, 255, 230));
    m_ratioLabel->setPen(QPen(QColor(0xbb, 0xbb, 0xbb)));
    QFont f = font();
    f.setBold(true);
    m_ratioLabel->setFont(f);
    m_ratioLabel->setVisible(false);

    placeLegendAbove();
    clear();
}

void RedundancyPlot::clear()
{
    m_points.clear();
    m_readMBps = 0;
    m_ratio = 0;
    m_received = 0;
    setSubtitle(QString());
    rebuild();
}

void RedundancyPlot::setNoWritesReason(const QString& reason)
{
    m_noWrites = reason;
    rebuild();
}

QString RedundancyPlot::ratioMeaning(double ratio)
{
    // Shear §2.3.4: ~1 no redundancy, ~k a k-way mirror, ~4 parity (read-modify-write of data and
    // parity); a k-way mirror reads with all k copies, so the ratio counts them. From 2.5 on a
    // mirror of that many copies fits as well (a RAID 1 of 5 reads 5, or 9 with a half-speed member).
    if (ratio <= 0)
        return QString();
    if (ratio < 1.4)
        return tr("no redundancy");
    if (ratio < 2.5)
        return tr("two copies (mirror)");
    const long copies = std::lround(ratio);
    if (ratio < 3.3)
        return tr("three copies, or parity?");
    if (ratio < 6)
        return tr("parity (read-modify-write), or %1 copies").arg(copies);
    // A slow member holds a mirror's writes to its pace: f(D-1)+1 for D copies, one member f times slower
    // (the md rig's RAID 1 of 5 with one member at a fifth of the others' rate: 21).
    return tr("double parity, whole-stripe writes,\nor %1 copies (fewer with a slow member)").arg(copies);
}

void RedundancyPlot::append(const std::vector<WritePoint>& writes, double readMBps)
{
    for (const WritePoint& w : writes)
        m_points.emplace_back(double(w.writes), w.mbps);
    m_received += int(writes.size());
    if (readMBps > 0)
        m_readMBps = readMBps;
    if (m_readMBps > 0 && !m_points.empty() && m_points.back().second > 0)
        m_ratio = m_readMBps / m_points.back().second;
    if (!writes.empty() || readMBps > 0)
        rebuild();
}

void RedundancyPlot::setResult(const ProbeResult& r)
{
    m_points.clear();
    for (const WritePoint& w : r.writes)
        m_points.emplace_back(double(w.writes), w.mbps);
    m_readMBps = r.readMBps;
    m_ratio = r.readWriteRatio;
    rebuild();
}

int RedundancyPlot::plottedPoints() const { return m_writes->dataCount(); }

void RedundancyPlot::rebuild()
{
    m_writes->data()->clear();
    m_read->data()->clear();
    for (const auto& [n, mbps] : m_points)
        m_writes->addData(n, mbps);
    m_ratioLabel->setVisible(m_ratio > 0);
    if (m_ratio > 0)
        m_ratioLabel->setText(tr("read/write %1:\n%2").arg(number(m_ratio), ratioMeaning(m_ratio)));
    // Why there are no writes stays said when a read-only probe's read rate is drawn.
    if (m_points.empty() && !m_noWrites.isEmpty())
        setEmptyNote(m_noWrites);
    else if (m_points.empty() && m_readMBps <= 0)
        setEmptyNote(tr("Random reads against growing random writes"));
    else
        setEmptyNote(QString());
    setSubtitle(m_readMBps > 0 ? tr("random reads %1 MB/s").arg(number(m_readMBps)) : QString());
    scheduleReplot();
}

void RedundancyPlot::rescale()
{
    double xlo = 64, xhi = 1024, yhi = m_readMBps;
    if (!m_points.empty()) {
        xlo = 1e300;
        xhi = 0;
        for (const auto& [n, mbps] : m_points) {
            xlo = std::min(xlo, n);
            xhi = std::max(xhi, n);
            yhi = std::max(yhi, mbps);
        }
    }
    xAxis->setRange(xlo / 1.6, std::max(xhi * 1.6, xlo * 4));
    // The read level as a line across the whole plot.
    m_read->data()->clear();
    if (m_readMBps > 0) {
        m_read->addData(xAxis->range().lower, m_readMBps);
        m_read->addData(xAxis->range().upper, m_readMBps);
    }
    yAxis->setRange(0, yhi > 0 ? yhi * 1.35 : 1);
}

} // namespace raidscope::gui
