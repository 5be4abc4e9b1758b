// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "widgets/liveplot.h"

#include <cstdint>
#include <vector>

namespace raidscope {
struct BoundaryPoint;
struct ProbeResult;
}

namespace raidscope::gui {

/// Shear Fig. 5 / Fig. 13 (middle) / Fig. 19: the time N reads of block c-1 and N of block c of
/// random patterns take, against the offset c. Inside a chunk all 2N reads queue on one disk (the
/// plateau); at a disk boundary they split over two and the time drops (a downward spike). The
/// boundaries are marked with red triangles and vertical lines.
class BoundaryPlot : public LivePlot
{
    Q_OBJECT
public:
    explicit BoundaryPlot(QWidget* parent = nullptr);

    void clear();
    void append(const std::vector<BoundaryPoint>& points, std::uint32_t blockBytes);
    /// The boundary step decided: these offsets (in blocks) of the points so far are boundaries.
    void markDecided(const std::vector<std::uint64_t>& offsetsBlocks, std::uint32_t blockBytes);
    void setResult(const ProbeResult& result);
    /// The points carry the step's decision (markDecided() or a result), not only measurements.
    bool decided() const { return m_decided; }

    int receivedPoints() const { return m_received; }
    int plottedPoints() const;
    int boundaryPoints() const;

protected:
    void rescale() override;

private:
    struct Point
    {
        double kib = 0;
        double ms = 0;
        bool boundary = false;
    };
    void rebuild();

    QCPGraph* m_times = nullptr;
    QCPGraph* m_boundaries = nullptr;
    std::vector<QCPItemStraightLine*> m_lines;
    std::vector<Point> m_points;
    double m_patternKiB = 0;
    int m_received = 0;
    bool m_decided = false;
    bool m_noPattern = false; ///< a result without a pattern: nothing to wait for
};

} // namespace raidscope::gui
