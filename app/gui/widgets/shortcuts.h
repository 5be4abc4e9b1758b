// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QKeySequence>
#include <QString>

class QAbstractButton;

namespace raidscope::gui {

/// The keys of the pages' main buttons (issue #16 item 4: shortcuts for every page and action).
/// A page's buttons are live only while the page is shown (Qt matches no shortcut of a hidden or
/// disabled widget), so each page may use the same keys for its own Run; the window's menus use
/// none of them. Cancel is the window's Esc (MainWindow's cancelJobAction), not a button's key.
namespace keys {
    /// The page's main job: Run, Run Probe, Validate, Compute, Advise, Run study, Run replay.
    inline QKeySequence run() { return QKeySequence(Qt::CTRL | Qt::Key_R); }
    /// The page's second job: Sweep on the Simulate page.
    inline QKeySequence runSecond() { return QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R); }
    /// Read the page's input again (Reload traces).
    inline QKeySequence reload() { return QKeySequence(QKeySequence::Refresh); }
    /// Cancel the running job.
    inline QKeySequence cancel() { return QKeySequence(Qt::Key_Escape); }
} // namespace keys

/// The platform's key for `key`, or `fallback` where it has none (Windows' keyboard scheme, which the
/// offscreen platform uses, has no Save As or Quit).
QKeySequence standardKey(QKeySequence::StandardKey key, const QKeyCombination& fallback);

/// "Run the simulation (Ctrl+R)": `tip` with `key` as the platform writes it; `tip` alone for none.
QString withShortcut(const QString& tip, const QKeySequence& key);
/// Gives `button` `key` (a QShortcut child named buttonShortcut: the mnemonic stays) and appends it
/// to the tooltip the button has (call after setToolTip()).
void setButtonShortcut(QAbstractButton* button, const QKeySequence& key);

} // namespace raidscope::gui
