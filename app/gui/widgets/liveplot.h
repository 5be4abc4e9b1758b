// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "widgets/qcp.h"

#include <QTimer>

namespace raidscope::gui {

/// A QCustomPlot that is fed cheaply while a job runs and draws at most ~25 times a second
/// (STYLE.md §4, PlotJuggler's 40 ms single-shot timer); hidden, it draws when shown again.
/// Subclasses append data, then call scheduleReplot(); rescale() sets their ranges before a draw.
/// Every one exports itself: a right click offers Export image (PNG, SVG, PDF at a chosen size) and
/// Copy image (widgets/plotexport.h).
class LivePlot : public QCustomPlot
{
    Q_OBJECT
public:
    explicit LivePlot(QWidget* parent = nullptr);

    /// Draws within 40 ms unless a draw is already due; never draws now.
    void scheduleReplot();
    /// Replots done so far (tests check that the rate is bounded).
    int replotCount() const { return m_replots; }
    /// The line under the plot's title, e.g. which run it shows.
    void setSubtitle(const QString& text);
    QString subtitle() const;

    static constexpr int kReplotIntervalMs = 40;

protected:
    /// Sets the axis ranges from the data; called before every draw.
    virtual void rescale() { }
    void showEvent(QShowEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
    void setTitle(const QString& title);
    /// Shows the legend in one row between the title and the plot, where it hides no data.
    void placeLegendAbove();
    /// A centred grey note on an empty plot ("Run or Sweep to see ..."); empty text hides it.
    void setEmptyNote(const QString& text);
    /// Axis label and tick fonts a little larger than QCustomPlot's defaults, for screenshots.
    static void styleAxis(QCPAxis* axis, const QString& label);
    /// A logarithmic axis: base-2 ticks with no sub-ticks (sizes, counts) or base-10 with 8.
    static void setLogAxis(QCPAxis* axis, int base, const QString& label);
    /// "1.5 %", "12 ms"-style numbers: up to `digits` significant digits, no trailing zeros.
    static QString number(double value, int digits = 3);

private:
    void replotNow();

    QTimer m_replotTimer;
    QCPTextElement* m_title = nullptr;
    QCPTextElement* m_subtitle = nullptr;
    QCPItemText* m_emptyNote = nullptr;
    bool m_dirty = false;
    int m_replots = 0;
};

} // namespace raidscope::gui
