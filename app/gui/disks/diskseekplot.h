// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "widgets/liveplot.h"

namespace raidscope {
class DiskModel;
}

namespace raidscope::gui {

/// A mechanical disk's seek curve: seek time (ms) against distance (cylinders) over the full
/// stroke, as core's disk model evaluates it (DiskModel::seekNs: the preset's seek table or its
/// two-function equation); the write curve too when it differs (a write curve or a write settle).
class DiskSeekPlot : public LivePlot
{
    Q_OBJECT
public:
    explicit DiskSeekPlot(QWidget* parent = nullptr);

    void setDisk(const DiskModel& disk);
    void clear(const QString& note);
    QCPGraph* readGraph() const { return m_read; }
    QCPGraph* writeGraph() const { return m_write; }

protected:
    void rescale() override;

private:
    QCPGraph* m_read = nullptr;
    QCPGraph* m_write = nullptr;
    double m_maxDistance = 0;
    double m_maxMs = 0;
};

} // namespace raidscope::gui
