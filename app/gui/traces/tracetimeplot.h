// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "widgets/liveplot.h"

#include <limits>
#include <vector>

namespace raidscope {
class TraceSummary;
}

namespace raidscope::gui {

/// One series of a trace's timeline over trace time, with its slow periods (whitepaper Scenario 2:
/// intervals whose mean response time exceeds the threshold) shaded: the queue depth (labelled
/// with how it was obtained), the arrival rate, or the response time with its percentiles.
class TraceTimePlot : public LivePlot
{
    Q_OBJECT
public:
    enum class Kind { QueueDepth, ArrivalRate, ResponseTime };
    explicit TraceTimePlot(Kind kind, QWidget* parent = nullptr);

    /// Shaded slow periods at most (a trace that is slow throughout shows its first ones).
    static constexpr int kMaxShaded = 200;

    Kind kind() const { return m_kind; }
    void clear();
    void setSummary(const TraceSummary& summary);

    /// The series: one point per time bucket (seconds since the first bucket); NaN where a bucket
    /// has no value (no response times in it).
    QCPGraph* graph() const { return m_graph; }
    /// Reads per second (ArrivalRate only).
    QCPGraph* readGraph() const { return m_reads; }
    /// Slow periods shaded, as [start, end) seconds on the plot's time axis.
    const std::vector<std::pair<double, double>>& shadedPeriods() const { return m_shaded; }
    /// "issue-complete", "littles-law" or "none" (QueueDepth); empty for the other kinds.
    QString method() const { return m_method; }
    /// The note shown instead of data when the trace lacks what this plot needs.
    QString missingNote() const { return m_missing; }

protected:
    void rescale() override;

private:
    struct Mark
    {
        QString name;
        double ms = 0;
        bool threshold = false; ///< the slow-period threshold (drawn in red)
    };
    void setMarks(const std::vector<Mark>& marks);
    QString emptyText() const;

    Kind m_kind;
    QCPGraph* m_graph = nullptr;
    QCPGraph* m_reads = nullptr;
    std::vector<QCPItemRect*> m_rects;
    std::vector<QCPItemStraightLine*> m_lines;
    std::vector<QCPItemText*> m_lineLabels;
    std::vector<std::pair<double, double>> m_shaded;
    QString m_method;
    QString m_missing;
    double m_endSeconds = 0;
    double m_maxValue = 0;
    double m_minPositive = std::numeric_limits<double>::infinity();
};

} // namespace raidscope::gui
