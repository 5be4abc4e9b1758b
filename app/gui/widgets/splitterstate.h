// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

class QSettings;
class QSplitter;
class QWidget;

namespace raidscope::gui {

/// Splitters kept between runs (issue #16 item 4: window and splitter state kept). Each QSplitter
/// under `root` is keyed by its object name path below `root` ("simulatePage/simulateViews"); one
/// without an object name is not kept (tests/gui check that every page's splitters have one).
QString splitterKey(const QSplitter* splitter, const QWidget* root);
/// Writes every named splitter's saveState() under `group` ("splitters").
void saveSplitterStates(const QWidget* root, QSettings& settings, const QString& group);
/// Gives every named splitter the state saved under `group`, when there is one.
void restoreSplitterStates(QWidget* root, QSettings& settings, const QString& group);

} // namespace raidscope::gui
