// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QLayout>
#include <QList>
#include <QStyle>

class QLabel;

namespace raidscope::gui {

/// Items left to right, wrapping onto a new line when the width runs out (Qt's flow layout
/// example, with justified lines): a form row of label-field pairs or a row of plots that stacks on
/// a narrow window instead of making the page scroll sideways (#54 item 7, QT_SCALE_FACTOR 2 on a
/// 1366x768 screen). Its minimum width is its widest item's; its height follows its width.
class FlowLayout : public QLayout
{
public:
    /// Justify::Fill shares a line's spare width among its items (plots, fields);
    /// Justify::Left leaves it at the end of the line (buttons).
    enum class Justify { Left, Fill };
    explicit FlowLayout(QWidget* parent = nullptr, Justify justify = Justify::Left);
    explicit FlowLayout(Justify justify);
    ~FlowLayout() override;

    void setJustify(Justify justify) { m_justify = justify; }
    /// Spacing between items on a line and between lines (the style's when negative).
    void setHorizontalSpacing(int px) { m_hSpace = px; }
    void setVerticalSpacing(int px) { m_vSpace = px; }
    int horizontalSpacing() const;
    int verticalSpacing() const;

    /// A label and its field kept together on one line (the label the field's buddy).
    void addPair(QLabel* label, QWidget* field);
    void addPair(QLabel* label, QLayout* fields);

    /// Inserts `widget` before the item at `index` (at the end when out of range).
    void insertWidget(int index, QWidget* widget);
    void addItem(QLayoutItem* item) override;
    int count() const override { return int(m_items.size()); }
    QLayoutItem* itemAt(int index) const override { return m_items.value(index); }
    QLayoutItem* takeAt(int index) override;
    Qt::Orientations expandingDirections() const override;
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize minimumSize() const override;
    QSize sizeHint() const override;
    void setGeometry(const QRect& rect) override;

private:
    int doLayout(const QRect& rect, bool apply) const;
    int spacing(QStyle::PixelMetric metric) const;

    QList<QLayoutItem*> m_items;
    Justify m_justify;
    int m_hSpace = -1;
    int m_vSpace = -1;
};

} // namespace raidscope::gui
