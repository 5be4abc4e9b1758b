// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "widgets/liveplot.h"

namespace raidscope {
struct LayoutAnalysis;
}

namespace raidscope::gui {

/// Operations per member disk over trace time (issue #56 item 1): one row per member ("disk N"),
/// one column per bucket of core's MemberTimeline; a failed member's row is labelled "failed", a
/// slow one's its speed factor. The view draws core's counts and computes nothing of its own.
class TraceLayoutHeatmap : public LivePlot
{
    Q_OBJECT
public:
    explicit TraceLayoutHeatmap(QWidget* parent = nullptr);

    void clear();
    void setAnalysis(const LayoutAnalysis& analysis);

    QCPColorMap* colorMap() const { return m_map; }
    /// The y axis labels, bottom (disk 0) first.
    QStringList memberLabels() const { return m_labels; }

protected:
    void rescale() override;

private:
    double m_xMax = 1;
    int m_rows = 1;
    QCPColorMap* m_map = nullptr;
    QCPColorScale* m_scale = nullptr;
    QStringList m_labels;
};

} // namespace raidscope::gui
