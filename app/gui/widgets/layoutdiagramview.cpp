// SPDX-License-Identifier: GPL-3.0-or-later
// LayoutDiagram's view (#54 item 7): the drawing fitted to the width it is given (so that a narrow
// window or presentation mode's large font never makes a page scroll sideways), zoomed with
// Ctrl+wheel about the pointer, panned by dragging, reset by a double-click; and what the pointer
// is over, through the same transform.
#include "layoutdiagram.h"

#include <QApplication>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace raidscope::gui {

QSize LayoutDiagram::sizeHint() const { return m_size; }

QSize LayoutDiagram::minimumSizeHint() const
{
    // Narrower than the drawing is fine: it is scaled to fit (fitScale()); not below a legible size.
    const QFontMetrics fm = fontMetrics();
    return QSize(std::min(m_size.width(), kMinimumChars * fm.averageCharWidth()),
        std::min(m_size.height(), kMinimumLines * fm.height()));
}

bool LayoutDiagram::hasHeightForWidth() const { return true; }

int LayoutDiagram::heightForWidth(int width) const
{
    return std::max(minimumSizeHint().height(), int(std::ceil(m_size.height() * fitScale(width))));
}

double LayoutDiagram::fitScale(int width) const
{
    if (m_size.width() <= 0 || width >= m_size.width())
        return 1;
    return std::max(kMinimumFit, double(width) / m_size.width());
}

QTransform LayoutDiagram::viewTransform() const
{
    const double s = fitScale(width()) * m_zoom;
    QTransform t;
    t.translate(m_pan.x(), m_pan.y());
    t.scale(s, s);
    return t;
}

void LayoutDiagram::resetView()
{
    m_zoom = 1;
    m_pan = QPointF();
    update();
}

std::optional<std::pair<std::size_t, int>> LayoutDiagram::cellAt(const QPoint& viewPos) const
{
    const QPointF pos = viewTransform().inverted().map(QPointF(viewPos));
    const double x = pos.x() - kMargin - m_gutterW;
    if (x < 0 || m_grid.disks == 0 || m_cellW <= 0)
        return std::nullopt;
    const int disk = int(x / m_cellW);
    if (disk >= m_grid.disks)
        return std::nullopt;
    for (std::size_t r = 0; r < m_rowY.size(); ++r)
        if (pos.y() >= m_rowY[r] && pos.y() < m_rowY[r] + m_cellH)
            return std::make_pair(r, disk);
    return std::nullopt;
}

bool LayoutDiagram::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        if (const auto cell = cellAt(help->pos()))
            QToolTip::showText(help->globalPos(), cellToolTip(cell->first, cell->second), this,
                viewTransform().mapRect(cellRect(cell->first, cell->second)));
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

void LayoutDiagram::wheelEvent(QWheelEvent* event)
{
    // As the plots: a plain wheel scrolls the page, Ctrl+wheel zooms about the pointer.
    if (!(event->modifiers() & Qt::ControlModifier) || m_grid.disks == 0) {
        event->ignore();
        return;
    }
    const double steps = event->angleDelta().y() / 120.0;
    const double zoom = std::clamp(m_zoom * std::pow(kZoomStep, steps), kMinZoom, kMaxZoom);
    const QPointF at = event->position();
    // The point under the pointer stays under it.
    const QPointF content = viewTransform().inverted().map(at);
    m_zoom = zoom;
    const double s = fitScale(width()) * m_zoom;
    m_pan = at - content * s;
    event->accept();
    update();
}

void LayoutDiagram::mousePressEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton) {
        m_dragFrom = event->position();
        m_panFrom = m_pan;
        m_dragging = true;
    }
    QWidget::mousePressEvent(event);
}

void LayoutDiagram::mouseMoveEvent(QMouseEvent* event)
{
    if (m_dragging && (event->buttons() & Qt::LeftButton)) {
        m_pan = m_panFrom + (event->position() - m_dragFrom);
        setCursor(Qt::ClosedHandCursor);
        update();
    }
    QWidget::mouseMoveEvent(event);
}

void LayoutDiagram::mouseReleaseEvent(QMouseEvent* event)
{
    m_dragging = false;
    unsetCursor();
    QWidget::mouseReleaseEvent(event);
}

void LayoutDiagram::mouseDoubleClickEvent(QMouseEvent* event)
{
    resetView();
    QWidget::mouseDoubleClickEvent(event);
}

} // namespace raidscope::gui
