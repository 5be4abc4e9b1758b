// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "widgets/liveplot.h"

namespace raidscope {
struct DiskParameters;
}

namespace raidscope::gui {

/// A mechanical disk's zones against its capacity: the media rate (MB/s, left axis) and the
/// sectors per track (right axis, the same steps: the rate is sectors per track times the sector
/// size per revolution) as a step plot over the address in GB, one step per zone.
class DiskZonePlot : public LivePlot
{
    Q_OBJECT
public:
    explicit DiskZonePlot(QWidget* parent = nullptr);

    /// The preset's zones; a solid-state disk (no zones) leaves the plot empty with a note.
    void setDisk(const DiskParameters& disk);
    void clear(const QString& note);
    /// The steps drawn: one per zone.
    int zoneCount() const { return m_zones; }
    QCPGraph* rateGraph() const { return m_rate; }

protected:
    void rescale() override;

private:
    QCPGraph* m_rate = nullptr;
    int m_zones = 0;
    double m_capacityGB = 0;
    double m_maxMBps = 0;
    double m_sectorsPerMBps = 0; ///< sectors per track for 1 MB/s: the right axis's scale
};

} // namespace raidscope::gui
