// SPDX-License-Identifier: GPL-3.0-or-later
#include "diskzoneplot.h"

#include "disk/diskparameters.h"

#include <algorithm>

namespace raidscope::gui {

DiskZonePlot::DiskZonePlot(QWidget* parent)
    : LivePlot(parent)
{
    setObjectName(QStringLiteral("diskZonePlot"));
    setTitle(tr("Zones against capacity"));
    styleAxis(xAxis, tr("Address (GB from the outer edge)"));
    styleAxis(yAxis, tr("Media rate (MB/s)"));
    styleAxis(yAxis2, tr("Sectors per track"));
    yAxis2->setVisible(true);
    m_rate = addGraph(xAxis, yAxis);
    m_rate->setName(tr("media rate by zone"));
    m_rate->setLineStyle(QCPGraph::lsStepLeft);
    const QColor teal(0x2a, 0x7f, 0x8f);
    m_rate->setPen(QPen(teal.darker(130), 2));
    m_rate->setBrush(QColor(teal.red(), teal.green(), teal.blue(), 70));
    clear(tr("Choose a preset to see its zones"));
}

void DiskZonePlot::clear(const QString& note)
{
    m_rate->data()->clear();
    m_zones = 0;
    m_capacityGB = 0;
    m_maxMBps = 0;
    setEmptyNote(note);
    scheduleReplot();
}

void DiskZonePlot::setDisk(const DiskParameters& disk)
{
    const auto& zones = disk.geometry.zones();
    if (disk.kind != DiskParameters::Kind::Mechanical || zones.empty() || disk.rotationMs <= 0) {
        clear(tr("A solid-state disk: no zones"));
        return;
    }
    // MB/s of a zone: a track's bytes pass under the head once a revolution.
    const double bytesPerSector = double(disk.geometry.sectorBytes());
    m_sectorsPerMBps = disk.rotationMs * 1e-3 * 1e6 / bytesPerSector;
    QVector<double> x, y;
    for (const DiskZone& z : zones) {
        x << double(z.firstLba) * bytesPerSector / 1e9;
        y << z.sectorsPerTrack / m_sectorsPerMBps;
    }
    m_capacityGB = double(disk.geometry.totalSectors()) * bytesPerSector / 1e9;
    x << m_capacityGB; // close the last zone's step
    y << y.back();
    m_maxMBps = *std::max_element(y.cbegin(), y.cend());
    m_zones = int(zones.size());
    m_rate->setData(x, y, true);
    const auto [fewest, most] = std::minmax_element(
        zones.cbegin(), zones.cend(), [](const DiskZone& a, const DiskZone& b) { return a.sectorsPerTrack < b.sectorsPerTrack; });
    setSubtitle(m_zones == 1 ? tr("1 zone, %1 sectors per track").arg(fewest->sectorsPerTrack)
                             : tr("%1 zones, %2 to %3 sectors per track").arg(m_zones).arg(fewest->sectorsPerTrack).arg(most->sectorsPerTrack));
    setEmptyNote(QString());
    scheduleReplot();
}

void DiskZonePlot::rescale()
{
    if (m_zones == 0) {
        xAxis->setRange(0, 10);
        yAxis->setRange(0, 100);
        yAxis2->setRange(0, 100);
        return;
    }
    xAxis->setRange(0, m_capacityGB);
    yAxis->setRange(0, m_maxMBps * 1.15);
    yAxis2->setRange(0, m_maxMBps * 1.15 * m_sectorsPerMBps); // the same steps read in sectors per track
}

} // namespace raidscope::gui
