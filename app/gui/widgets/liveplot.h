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

    /// What the plot is drawn on: the palette's Base (issue #16: the system palette, dark included).
    QColor backgroundColor() const { return m_background; }
    /// Sets the background, axes, grid, titles and legend from the palette and makes every series
    /// and item readable on it (readableOn(): the colours the page gave are kept, a dark palette
    /// lightens them). Runs before every draw, so items a page adds later follow too.
    void applyPalette();

    /// Zoom and pan (#54 item 7): Ctrl+wheel zooms about the pointer (a plain wheel scrolls the
    /// page), a drag pans, a double-click (or Reset View in the context menu) goes back to the ranges
    /// the plot chose. While zoomed, new data does not move the view.
    bool isZoomed() const { return m_zoomed; }
    void resetView();

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

    static constexpr int kReplotIntervalMs = 40;
    /// Minimum and preferred sizes in average characters and lines of the plot's font.
    static constexpr int kMinimumChars = 40, kMinimumLines = 14;
    static constexpr int kPreferredChars = 62, kPreferredLines = 24;

protected:
    /// Sets the axis ranges from the data; called before every draw.
    virtual void rescale() { }
    void showEvent(QShowEvent* event) override;
    /// A palette change (the application's or the widget's) redraws in the new colours.
    void changeEvent(QEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void setTitle(const QString& title);
    /// Shows the legend between the title and the plot, where it hides no data: in one row, or in as
    /// many as a narrow plot needs (fitLegend()).
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
    /// Fonts, legend icons: scaled with the widget's font and presentation mode (applyPalette() calls it).
    void applyFonts();
    /// Before every draw (#54): the legend in as many columns as fit its room (the plot's width above
    /// it, the axis rect's inside it), at most the page's own (its wrap), wrapping onto more rows or
    /// columns rather than being cut off by the plot's edge or widening the axis rect past it.
    void fitLegend();
    /// Remembers the ranges the plot chose before the user's first zoom or pan.
    void beginZoom();
    QList<QPair<QCPAxis*, QCPRange>> axisRanges() const;

    QTimer m_replotTimer;
    QCPTextElement* m_title = nullptr;
    QCPTextElement* m_subtitle = nullptr;
    QCPItemText* m_emptyNote = nullptr;
    QColor m_background;
    bool m_dirty = false;
    bool m_zoomed = false;
    QPoint m_pressPos;
    QList<QPair<QCPAxis*, QCPRange>> m_homeRanges;
    int m_replots = 0;
};

} // namespace raidscope::gui
