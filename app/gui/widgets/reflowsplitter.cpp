// SPDX-License-Identifier: GPL-3.0-or-later
#include "reflowsplitter.h"

#include <QChildEvent>
#include <QResizeEvent>

#include <algorithm>

namespace raidscope::gui {

ReflowSplitter::ReflowSplitter(QWidget* parent)
    : QSplitter(Qt::Horizontal, parent)
{
}

int ReflowSplitter::sideBySideWidth() const
{
    int w = 0, n = 0;
    for (int i = 0; i < count(); ++i) {
        const QWidget* pane = widget(i);
        if (pane->isHidden())
            continue;
        w += std::max(pane->minimumSizeHint().width(), pane->minimumWidth()) + (n++ > 0 ? handleWidth() : 0);
    }
    return w;
}

QSize ReflowSplitter::minimumSizeHint() const
{
    // Widthwise the panes may always stack; heightwise what the present orientation needs.
    int w = 0, h = 0, n = 0;
    for (int i = 0; i < count(); ++i) {
        const QWidget* pane = widget(i);
        if (pane->isHidden())
            continue;
        const QSize m = pane->minimumSizeHint().expandedTo(pane->minimumSize());
        w = std::max(w, m.width());
        h = orientation() == Qt::Vertical ? h + m.height() + (n++ > 0 ? handleWidth() : 0) : std::max(h, m.height());
    }
    const QMargins margins = contentsMargins();
    return QSize(w + margins.left() + margins.right(), h + margins.top() + margins.bottom());
}

QSize ReflowSplitter::sizeHint() const
{
    // A pane's minimum may have grown to what its wrapped content needs (fitHeight()).
    return QSplitter::sizeHint().expandedTo(minimumSizeHint());
}

void ReflowSplitter::resizeEvent(QResizeEvent* event)
{
    reflow(event->size().width());
    QSplitter::resizeEvent(event);
}

void ReflowSplitter::childEvent(QChildEvent* event)
{
    QSplitter::childEvent(event);
    if (event->type() == QEvent::ChildAdded && event->child()->isWidgetType()
        && !qobject_cast<QSplitterHandle*>(event->child()))
        event->child()->installEventFilter(this);
}

bool ReflowSplitter::eventFilter(QObject* watched, QEvent* event)
{
    if (watched->isWidgetType() && (event->type() == QEvent::Resize || event->type() == QEvent::LayoutRequest))
        fitHeight(static_cast<QWidget*>(watched));
    return QSplitter::eventFilter(watched, event);
}

void ReflowSplitter::fitHeight(QWidget* pane)
{
    if (!pane->hasHeightForWidth() || pane->width() <= 0)
        return;
    const int h = pane->heightForWidth(pane->width());
    if (h > 0 && h != pane->minimumHeight())
        pane->setMinimumHeight(h);
}

void ReflowSplitter::reflow(int width)
{
    const Qt::Orientation wanted = width >= sideBySideWidth() ? Qt::Horizontal : Qt::Vertical;
    if (wanted == orientation())
        return;
    if (orientation() == Qt::Horizontal)
        m_wideSizes = sizes();
    setOrientation(wanted);
    if (wanted == Qt::Horizontal && !m_wideSizes.isEmpty())
        setSizes(m_wideSizes);
    updateGeometry(); // the minimum height changed
}

} // namespace raidscope::gui
