// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "layout/layout.h"
#include "layout/layoutgrid.h"

#include <QTransform>
#include <QWidget>

#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace raidscope {
struct RequestPlan;
}

namespace raidscope::gui {

/// A layout drawn as Shear Fig. 1: member disks as columns, disk chunk rows as rows, every chunk
/// labelled ("7", "7'" for a mirror copy, "P2"/"Q2" for the parity of stripe 2), the first pattern
/// outlined, and the cells a request touches marked (R: read, W: written).
class LayoutDiagram : public QWidget
{
    Q_OBJECT
public:
    explicit LayoutDiagram(QWidget* parent = nullptr);

    /// Draws `layout` (two stripes at least, as Shear does, at least one pattern and a full parity rotation).
    void setArrayLayout(std::shared_ptr<const Layout> layout);
    /// Nothing to draw: shows `message` instead.
    void clear(const QString& message);
    const LayoutGrid& grid() const { return m_grid; }
    bool hasLayout() const { return bool(m_layout); }

    /// Members as the array spec states them (failed=, speed=): a failed member is drawn crossed out,
    /// its chunks hatched; a slow one (speed below 1) tinted, with its factor. Empty vectors: all healthy.
    void setMemberStates(std::vector<bool> failed, std::vector<double> speed);
    bool memberFailed(int disk) const;
    /// The member's speed factor (1 = its preset's).
    double memberSpeed(int disk) const;
    /// "disk 2", "disk 2 ✕ failed", "disk 3 ×0.5 slow": the column header.
    QString diskHeader(int disk) const;

    /// Marks the disk chunks a request's disk operations touch; grows the grid to show them if it can.
    void setRequestHighlight(const RequestPlan& plan);
    void clearHighlight();
    enum Touch : std::uint8_t { NotTouched = 0, TouchRead = 1, TouchWrite = 2 };
    /// Touch flags of a grid cell (TouchRead | TouchWrite).
    int touchAt(std::size_t row, int disk) const;
    bool diskTouched(int disk) const;

    static QString cellLabel(const GridCell& cell);
    QString cellToolTip(std::size_t row, int disk) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    bool hasHeightForWidth() const override;
    int heightForWidth(int width) const override;

    // The view (layoutdiagramview.cpp, #54 item 7): fitted to the width, Ctrl+wheel zooms, a drag
    // pans, a double-click resets.
    /// The drawing's scale at `width`: 1 when it fits, smaller when the widget is narrower.
    double fitScale(int width) const;
    double zoom() const { return m_zoom; }
    QPointF pan() const { return m_pan; }
    void resetView();
    /// Widget coordinates of the drawing's: fit, then zoom, then pan.
    QTransform viewTransform() const;
    static constexpr int kMargin = 16;
    static constexpr int kMinimumChars = 24, kMinimumLines = 8; ///< the narrowest it fits into
    static constexpr double kMinimumFit = 0.3; ///< below this a fitted drawing is unreadable: it is cut
    static constexpr double kZoomStep = 1.15, kMinZoom = 0.5, kMaxZoom = 8;

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;

private:
    void rebuildGrid(std::uint64_t minChunks);
    void relayout();
    QRect cellRect(std::size_t row, int disk) const;
    std::optional<std::pair<std::size_t, int>> cellAt(const QPoint& pos) const;
    bool inPatternAt(long row, int disk) const;
    bool dark() const;

    struct LegendItem
    {
        int kind; // GridCell::Role, or -1 pattern outline, -2 written, -3 read, -4 failed, -5 slow
        QString text;
    };
    std::vector<LegendItem> legendItems() const;
    int paintLegend(QPainter& p, int top, bool measureOnly) const;

    std::shared_ptr<const Layout> m_layout;
    LayoutGrid m_grid;
    std::uint64_t m_baseChunks = 0;
    QString m_message;
    std::vector<std::uint8_t> m_touch; // [row * disks + disk]
    std::vector<bool> m_diskTouched;
    std::vector<bool> m_failed;
    std::vector<double> m_speed;
    bool m_highlight = false;

    // Geometry, from relayout().
    int m_cellW = 80;
    int m_minCellW = 80;
    int m_cellH = 30;
    int m_gutterW = 60;
    int m_headerH = 24;
    int m_gapH = 20;
    int m_legendH = 0;
    int m_gridTop = 0;
    std::vector<int> m_rowY; // top of each grid row
    QSize m_size { 200, 100 }; // the whole drawing at scale 1
    double m_zoom = 1;
    QPointF m_pan;
    QPointF m_dragFrom, m_panFrom;
    bool m_dragging = false;
};

} // namespace raidscope::gui
