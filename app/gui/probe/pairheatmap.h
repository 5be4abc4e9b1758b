// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "widgets/liveplot.h"

#include <cstdint>
#include <vector>

namespace raidscope {
struct PairPoint;
struct ProbeResult;
}

namespace raidscope::gui {

/// Shear Fig. 6 / 10 / 13 (right) / 17: every measured pair of chunks (c1, c2) of the pattern as a
/// cell of a K x K map, filled on both sides of the diagonal. Light = slow = the two chunks share a
/// disk (ratio 1), dark = separate disks (0); chained declustering's neighbours, three disks for
/// two chunks, are grey (1/3). Pairs the adaptive probe did not measure keep a blue-grey tint, so
/// they are never mistaken for a measurement; once a layout is identified they show its prediction
/// in a blue tint. The diagonal (a chunk with itself) is one disk by
/// definition and drawn light, as in Shear's figures.
class PairHeatmap : public LivePlot
{
    Q_OBJECT
public:
    explicit PairHeatmap(QWidget* parent = nullptr);

    void clear();
    /// The pattern's chunk count K, once the probe knows it; pairs received earlier are placed then.
    void setChunks(std::uint64_t chunks);
    void append(const std::vector<PairPoint>& pairs);
    void setResult(const ProbeResult& result);

    std::uint64_t chunks() const { return m_chunks; }
    int receivedPairs() const { return m_received; }
    /// Off-diagonal cells holding a measurement (each pair fills two).
    int measuredCells() const;
    /// The ratio drawn at (a, b); NaN when not measured.
    double cellValue(std::uint64_t a, std::uint64_t b) const;
    QCPColorMap* colorMap() const { return m_map; }
    /// The layer beneath: the identified layout's prediction (NaN before a verdict).
    QCPColorMap* predictedMap() const { return m_predicted; }
    double predictedValue(std::uint64_t a, std::uint64_t b) const;

    static QColor unmeasuredColor() { return QColor(0xc9, 0xd8, 0xea); }

protected:
    void rescale() override;

private:
    void resize(std::uint64_t chunks);
    void place(const PairPoint& p);

    QCPColorMap* m_map = nullptr;
    QCPColorMap* m_predicted = nullptr; ///< under m_map: the verdict's prediction for unmeasured pairs
    QCPTextElement* m_key = nullptr;
    QCPColorScale* m_scale = nullptr;
    std::vector<PairPoint> m_pairs; ///< every pair received, so a resize can place them again
    std::uint64_t m_chunks = 0;
    int m_received = 0;
};

} // namespace raidscope::gui
