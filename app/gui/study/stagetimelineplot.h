// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "widgets/liveplot.h"

#include <vector>

namespace raidscope::gui {

/// One run over time, as a failure-and-rebuild run reports it: its stages and its response time per
/// interval.
struct RunTimeline
{
    struct Stage
    {
        QString name; ///< "healthy", "degraded", "reconstruction", "recovering", ...
        double startS = 0;
        double endS = 0;
    };
    struct Bin
    {
        double startS = 0;
        double meanMs = 0;
        double requests = 0;
    };
    std::vector<Stage> stages;
    std::vector<Bin> bins;
    double binS = 0;
};

/// Response time over a run with the stages after a failure shaded (SIMRAID's three stages: degraded,
/// reconstruction, recovering the queue), so a trainer sees what the users feel while a disk is rebuilt.
class StageTimelinePlot : public LivePlot
{
    Q_OBJECT
public:
    explicit StageTimelinePlot(QWidget* parent = nullptr);

    void clear();
    void setTimeline(const RunTimeline& timeline);
    /// The shading's colour for a stage (also the table's).
    static QColor stageColour(const QString& name);

protected:
    void rescale() override;

private:
    QCPGraph* m_mean = nullptr;
    std::vector<QCPItemRect*> m_bands;
    std::vector<QCPItemText*> m_labels;
    double m_endS = 1;
    double m_top = 1;
};

} // namespace raidscope::gui
