// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>

namespace raidscope {
class LayoutRegistry;
}

namespace raidscope::gui {

/// Help > Plugins: the layout plugins the registry loaded, the files it refused and why, and
/// the folders it searched.
class PluginsDialog : public QDialog
{
    Q_OBJECT
public:
    explicit PluginsDialog(const LayoutRegistry& registry, QWidget* parent = nullptr);
};

} // namespace raidscope::gui
