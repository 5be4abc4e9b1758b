// SPDX-License-Identifier: GPL-3.0-or-later
#include "diskseekplot.h"

#include "disk/diskmodel.h"

#include <algorithm>

namespace raidscope::gui {

namespace {
    constexpr int kEveryCylinderBelow = 200; ///< every distance up to here (the square-root part)
    constexpr int kPointsAbove = 400; ///< evenly spaced distances beyond
}

DiskSeekPlot::DiskSeekPlot(QWidget* parent)
    : LivePlot(parent)
{
    setObjectName(QStringLiteral("diskSeekPlot"));
    setTitle(tr("Seek curve"));
    styleAxis(xAxis, tr("Seek distance (cylinders)"));
    styleAxis(yAxis, tr("Seek time (ms)"));
    m_read = addGraph();
    m_read->setName(tr("read"));
    m_read->setPen(QPen(QColor(0x6a, 0x3d, 0x9a), 2));
    m_write = addGraph();
    m_write->setName(tr("write (with settle)"));
    m_write->setPen(QPen(QColor(0xd9, 0x5f, 0x02), 1.5, Qt::DashLine));
    placeLegendAbove();
    clear(tr("Choose a preset to see its seek curve"));
}

void DiskSeekPlot::clear(const QString& note)
{
    m_read->data()->clear();
    m_write->data()->clear();
    m_write->removeFromLegend();
    m_maxDistance = 0;
    m_maxMs = 0;
    setEmptyNote(note);
    scheduleReplot();
}

void DiskSeekPlot::setDisk(const DiskModel& disk)
{
    const DiskParameters& p = disk.parameters();
    const int maxDistance = disk.geometry().cylinders() - 1;
    if (disk.isSolidState() || maxDistance < 1) {
        clear(tr("A solid-state disk: no seeks"));
        return;
    }
    const bool writeDiffers = p.writeSeek.has_value() || p.writeSettleMs > 0;
    QVector<double> x, read, write;
    const auto add = [&](int d) {
        x << d;
        read << disk.seekNs(d, false) * 1e-6;
        write << disk.seekNs(d, true) * 1e-6;
    };
    const int dense = std::min(kEveryCylinderBelow, maxDistance);
    for (int d = 0; d <= dense; ++d)
        add(d);
    for (int i = 1; i <= kPointsAbove && dense < maxDistance; ++i) {
        const int d = dense + int(double(maxDistance - dense) * i / kPointsAbove);
        if (d > int(x.back()))
            add(d);
    }
    m_read->setData(x, read, true);
    m_write->data()->clear();
    m_write->removeFromLegend();
    if (writeDiffers) {
        m_write->setData(x, write, true);
        m_write->addToLegend();
    }
    m_maxDistance = maxDistance;
    m_maxMs = std::max(*std::max_element(read.cbegin(), read.cend()),
        writeDiffers ? *std::max_element(write.cbegin(), write.cend()) : 0.0);
    const SeekFigures& f = p.readSeek;
    setSubtitle(f.table.empty()
            ? tr("two-function curve: √ below %1 cylinders, linear above; full stroke %2 ms")
                  .arg(f.shortBelowCylinders)
                  .arg(number(disk.seekNs(maxDistance, false) * 1e-6))
            : tr("measured seek table of %n point(s), interpolated; full stroke %1 ms", nullptr, int(f.table.size()))
                  .arg(number(disk.seekNs(maxDistance, false) * 1e-6)));
    setEmptyNote(QString());
    scheduleReplot();
}

void DiskSeekPlot::rescale()
{
    if (m_maxDistance <= 0) {
        xAxis->setRange(0, 1000);
        yAxis->setRange(0, 10);
        return;
    }
    xAxis->setRange(0, m_maxDistance);
    yAxis->setRange(0, m_maxMs * 1.1);
}

} // namespace raidscope::gui
