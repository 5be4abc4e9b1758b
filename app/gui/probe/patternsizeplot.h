// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "widgets/liveplot.h"

#include <cstdint>
#include <vector>

namespace raidscope {
struct PatternPoint;
struct ProbeResult;
}

namespace raidscope::gui {

/// Shear Fig. 3 / Fig. 9: the time N random reads at multiples of an assumed pattern size p take,
/// against p. Multiples of the real pattern land on one disk and are slowest; that cluster is drawn
/// in red (estimated while the step runs, the probe's own answer once it ends).
class PatternSizePlot : public LivePlot
{
    Q_OBJECT
public:
    explicit PatternSizePlot(QWidget* parent = nullptr);

    void clear();
    /// Cheap: adds points, draws later.
    void append(const std::vector<PatternPoint>& points, std::uint32_t blockBytes);
    /// The final series, with the slow cluster and the pattern size the probe decided.
    void setResult(const ProbeResult& result);

    /// Points received by append() since clear() (tests compare with the result's series).
    int receivedPoints() const { return m_received; }
    int plottedPoints() const;
    int slowPoints() const;

protected:
    void rescale() override;

private:
    struct Point
    {
        double kib = 0;
        double ms = 0;
        bool slow = false;
    };
    void rebuild(bool final);

    QCPGraph* m_all = nullptr;
    QCPGraph* m_slow = nullptr;
    QCPItemStraightLine* m_patternLine = nullptr;
    QCPItemText* m_patternLabel = nullptr;
    std::vector<Point> m_points;
    double m_patternKiB = 0;
    int m_received = 0;
};

} // namespace raidscope::gui
