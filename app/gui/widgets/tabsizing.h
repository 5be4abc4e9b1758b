// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QTabWidget>
#include <QVBoxLayout>

namespace raidscope::gui {

/// A tab's page that sizes its tabs only while it shows, and then asks for no more height than its
/// minimum (#54). A QTabWidget is as large as the largest sizeHint() and minimumSizeHint() of all
/// its pages, hidden or not, and a page in a scroll area whose layout has a height for its width
/// (a FlowLayout, wrapped labels) is as tall as the tabs' sizeHint(): one tall tab (the Traces
/// replay's column of options) made every tab scroll, and pushed the Layout heatmap's time axis
/// below the window. The page shown still takes all the height there is (the tabs stretch).
class TabPage : public QWidget
{
public:
    explicit TabPage(QWidget* content)
    {
        auto* box = new QVBoxLayout(this);
        box->setContentsMargins(0, 0, 0, 0);
        box->addWidget(content);
    }
    QSize sizeHint() const override
    {
        return isHidden() ? QSize(0, 0) : QSize(QWidget::sizeHint().width(), minimumSizeHint().height());
    }
    QSize minimumSizeHint() const override { return isHidden() ? QSize(0, 0) : QWidget::minimumSizeHint(); }
};

/// The tabs ask their parent for a new size when another page shows (TabPage's hints change then).
inline void resizeTabsWithCurrent(QTabWidget* tabs)
{
    QObject::connect(tabs, &QTabWidget::currentChanged, tabs, [tabs] { tabs->updateGeometry(); });
}

} // namespace raidscope::gui
