// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QSplitter>

namespace raidscope::gui {

/// A splitter that puts its panes side by side when they fit and one above the other when they do
/// not (#54 item 7: the Array page's diagram and request explorer, the Probe page's plots and
/// verdict on a 1366x768 screen at QT_SCALE_FACTOR 2). Its minimum width is its widest pane's, so it
/// never makes a page scroll sideways; the panes' sizes side by side are kept for when it widens.
class ReflowSplitter : public QSplitter
{
    Q_OBJECT
public:
    explicit ReflowSplitter(QWidget* parent = nullptr);

    /// The width the panes need side by side (their minimums and the handles).
    int sideBySideWidth() const;
    QSize minimumSizeHint() const override;
    QSize sizeHint() const override;

protected:
    void resizeEvent(QResizeEvent* event) override;
    void childEvent(QChildEvent* event) override;
    /// A splitter lays its panes out by their minimum heights, not by heightForWidth(): a pane whose
    /// content wraps (FlowLayout, word-wrapped labels) gets the height it needs at its width here.
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void reflow(int width);
    void fitHeight(QWidget* pane);

    QList<int> m_wideSizes;
};

} // namespace raidscope::gui
