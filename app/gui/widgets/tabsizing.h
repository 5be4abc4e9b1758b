// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QTabWidget>

namespace raidscope::gui {

/// Only the tab on show sizes `tabs` (#54): a QTabWidget is otherwise as large as its largest tab
/// (QStackedLayout takes the largest minimum), so one tall tab makes the page scroll on every other
/// tab too. The hidden tabs' size policy is Ignored, which QStackedLayout leaves out.
inline void sizeTabsByCurrent(QTabWidget* tabs)
{
    const auto apply = [tabs](int current) {
        for (int i = 0; i < tabs->count(); ++i)
            tabs->widget(i)->setSizePolicy(i == current ? QSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred)
                                                        : QSizePolicy(QSizePolicy::Ignored, QSizePolicy::Ignored));
        tabs->updateGeometry();
    };
    QObject::connect(tabs, &QTabWidget::currentChanged, tabs, apply);
    apply(tabs->currentIndex());
}

} // namespace raidscope::gui
