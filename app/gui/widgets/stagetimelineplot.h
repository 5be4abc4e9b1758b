// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "widgets/liveplot.h"

#include <QTableWidget>

#include <vector>

namespace raidscope {
struct SimResult;
}

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

    /// The stages and the response time per interval of a run (empty without a failure).
    static RunTimeline of(const SimResult& result);
};

/// One row per stage of a run with a failure: when it began, how long it lasted, the requests that
/// completed in it, their rate and response times (what the users felt in each stage).
class StageTable : public QTableWidget
{
    Q_OBJECT
public:
    enum Column { NameColumn, StartColumn, DurationColumn, RequestsColumn, IopsColumn, MeanColumn, P90Column, P99Column, Columns };
    explicit StageTable(QWidget* parent = nullptr);
    /// Fills the rows from `result`'s stages (none: empty).
    void setResult(const SimResult& result);
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
    /// No timeline shown.
    bool isEmpty() const { return m_bands.empty() && m_mean->data()->isEmpty(); }
    /// The shaded stages, in time order.
    const std::vector<RunTimeline::Stage>& stages() const { return m_stages; }
    /// The note on an empty plot (the Study page: choose a run; the Simulate page: give fail=).
    void setIdleNote(const QString& text);
    /// The shading's colour for a stage (also the table's).
    static QColor stageColour(const QString& name);

protected:
    void rescale() override;

private:
    QCPGraph* m_mean = nullptr;
    std::vector<QCPItemRect*> m_bands;
    std::vector<QCPItemText*> m_labels;
    std::vector<RunTimeline::Stage> m_stages;
    QString m_idleNote;
    double m_endS = 1;
    double m_top = 1;
};

} // namespace raidscope::gui
