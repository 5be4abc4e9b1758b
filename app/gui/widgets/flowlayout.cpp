// SPDX-License-Identifier: GPL-3.0-or-later
#include "flowlayout.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QWidget>

#include <algorithm>

namespace raidscope::gui {

FlowLayout::FlowLayout(QWidget* parent, Justify justify)
    : QLayout(parent)
    , m_justify(justify)
{
    if (parent)
        setContentsMargins(0, 0, 0, 0);
}

FlowLayout::FlowLayout(Justify justify)
    : FlowLayout(nullptr, justify)
{
}

FlowLayout::~FlowLayout()
{
    while (QLayoutItem* item = takeAt(0))
        delete item;
}

void FlowLayout::addPair(QLabel* label, QWidget* field)
{
    auto* pair = new QHBoxLayout;
    pair->setContentsMargins(0, 0, 0, 0);
    pair->addWidget(label);
    pair->addWidget(field, 1);
    if (!label->buddy())
        label->setBuddy(field);
    addItem(pair);
}

void FlowLayout::addPair(QLabel* label, QLayout* fields)
{
    auto* pair = new QHBoxLayout;
    pair->setContentsMargins(0, 0, 0, 0);
    pair->addWidget(label);
    pair->addLayout(fields, 1);
    addItem(pair);
}

void FlowLayout::insertWidget(int index, QWidget* widget)
{
    addChildWidget(widget);
    if (index < 0 || index > m_items.size())
        index = int(m_items.size());
    m_items.insert(index, new QWidgetItem(widget));
    invalidate();
}

void FlowLayout::addItem(QLayoutItem* item)
{
    // A nested layout must be parented to this one so that its widgets are reparented too.
    if (QLayout* l = item->layout(); l && !l->parent())
        addChildLayout(l);
    m_items.append(item);
    invalidate();
}

QLayoutItem* FlowLayout::takeAt(int index)
{
    if (index < 0 || index >= m_items.size())
        return nullptr;
    QLayoutItem* item = m_items.takeAt(index);
    invalidate();
    return item;
}

Qt::Orientations FlowLayout::expandingDirections() const
{
    Qt::Orientations out;
    for (const QLayoutItem* item : m_items)
        out |= item->expandingDirections();
    return out;
}

int FlowLayout::heightForWidth(int width) const { return doLayout(QRect(0, 0, width, 0), false); }

QSize FlowLayout::minimumSize() const
{
    QSize size;
    for (const QLayoutItem* item : m_items)
        if (!item->isEmpty())
            size = size.expandedTo(item->minimumSize());
    const QMargins m = contentsMargins();
    return size + QSize(m.left() + m.right(), m.top() + m.bottom());
}

QSize FlowLayout::sizeHint() const
{
    // One line at the items' preferred sizes.
    int w = 0, h = 0, n = 0;
    for (const QLayoutItem* item : m_items) {
        if (item->isEmpty())
            continue;
        w += item->sizeHint().width() + (n++ > 0 ? horizontalSpacing() : 0);
        h = std::max(h, item->sizeHint().height());
    }
    const QMargins m = contentsMargins();
    return QSize(w + m.left() + m.right(), h + m.top() + m.bottom()).expandedTo(minimumSize());
}

void FlowLayout::setGeometry(const QRect& rect)
{
    QLayout::setGeometry(rect);
    doLayout(rect, true);
}

int FlowLayout::horizontalSpacing() const
{
    return m_hSpace >= 0 ? m_hSpace : spacing(QStyle::PM_LayoutHorizontalSpacing);
}

int FlowLayout::verticalSpacing() const { return m_vSpace >= 0 ? m_vSpace : spacing(QStyle::PM_LayoutVerticalSpacing); }

int FlowLayout::spacing(QStyle::PixelMetric metric) const
{
    if (QLayout::spacing() >= 0)
        return QLayout::spacing();
    const QObject* p = parent();
    if (!p)
        return 6;
    if (p->isWidgetType()) {
        const auto* w = static_cast<const QWidget*>(p);
        return w->style()->pixelMetric(metric, nullptr, w);
    }
    return static_cast<const QLayout*>(p)->spacing();
}

int FlowLayout::doLayout(const QRect& rect, bool apply) const
{
    const QMargins m = contentsMargins();
    const QRect area = rect.marginsRemoved(m);
    const int hs = horizontalSpacing(), vs = verticalSpacing();
    // Break into lines at preferred widths (an item wider than the line gets a line of its own).
    struct Line
    {
        int first = 0, last = 0; // [first, last) in `visible`
        int width = 0, height = 0;
        bool grows = false; // an item that takes spare height
    };
    QList<QLayoutItem*> visible;
    for (QLayoutItem* item : m_items)
        if (!item->isEmpty())
            visible.append(item);
    QList<Line> lines;
    Line line;
    for (int i = 0; i < visible.size(); ++i) {
        const QSize hint = visible[i]->sizeHint().expandedTo(visible[i]->minimumSize());
        const int w = std::min(hint.width(), area.width());
        if (line.last > line.first && line.width + hs + w > area.width()) {
            lines.append(line);
            line = Line { i, i, 0, 0, false };
        }
        line.width += (line.last > line.first ? hs : 0) + w;
        line.last = i + 1;
        line.grows |= bool(visible[i]->expandingDirections() & Qt::Vertical);
    }
    if (line.last > line.first)
        lines.append(line);
    // Line heights: the tallest item's, at the width it gets.
    QList<QList<int>> widths;
    for (Line& l : lines) {
        QList<int> ws;
        const int n = l.last - l.first;
        const int spare = std::max(0, area.width() - l.width);
        int shares = 0;
        for (int i = l.first; i < l.last; ++i)
            shares += (visible[i]->expandingDirections() & Qt::Horizontal) ? 1 : 0;
        for (int i = l.first, k = 0; i < l.last; ++i) {
            int w = std::min(visible[i]->sizeHint().expandedTo(visible[i]->minimumSize()).width(), area.width());
            if (m_justify == Justify::Fill && shares > 0 && (visible[i]->expandingDirections() & Qt::Horizontal)) {
                w += spare / shares + (k < spare % shares ? 1 : 0);
                ++k;
            }
            w = std::min(w, visible[i]->maximumSize().width());
            ws.append(w);
            const int h = visible[i]->hasHeightForWidth() ? visible[i]->heightForWidth(w) : visible[i]->sizeHint().height();
            l.height = std::max(l.height, h);
        }
        Q_UNUSED(n);
        widths.append(ws);
    }
    int total = 0;
    for (const Line& l : lines)
        total += l.height;
    total += std::max<int>(0, int(lines.size()) - 1) * vs;
    if (!apply)
        return total + m.top() + m.bottom();
    // Spare height goes to the lines with items that grow vertically (plots), shared equally.
    int growing = 0;
    for (const Line& l : lines)
        growing += l.grows ? 1 : 0;
    const int spareH = std::max(0, area.height() - total);
    int y = area.top(), g = 0;
    for (int li = 0; li < lines.size(); ++li) {
        const Line& l = lines[li];
        int h = l.height;
        if (l.grows && growing > 0) {
            h += spareH / growing + (g < spareH % growing ? 1 : 0);
            ++g;
        }
        int x = area.left();
        for (int i = l.first; i < l.last; ++i) {
            const int w = widths[li][i - l.first];
            QLayoutItem* item = visible[i];
            const int ih = (item->expandingDirections() & Qt::Vertical) ? h : std::min(h, item->sizeHint().height());
            // Items that do not grow sit in the middle of a taller line (a label beside a field).
            const int top = y + (h - ih) / 2;
            item->setGeometry(QRect(x, top, w, std::min(ih, item->maximumSize().height())));
            x += w + hs;
        }
        y += h + vs;
    }
    return total + m.top() + m.bottom();
}

} // namespace raidscope::gui
