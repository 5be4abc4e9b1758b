// SPDX-License-Identifier: GPL-3.0-or-later
#include "shortcuts.h"

#include <QAbstractButton>
#include <QShortcut>

namespace raidscope::gui {

QKeySequence standardKey(QKeySequence::StandardKey key, const QKeyCombination& fallback)
{
    const QList<QKeySequence> bindings = QKeySequence::keyBindings(key);
    return bindings.isEmpty() ? QKeySequence(fallback) : bindings.front();
}

QString withShortcut(const QString& tip, const QKeySequence& key)
{
    if (key.isEmpty())
        return tip;
    return QStringLiteral("%1 (%2)").arg(tip, key.toString(QKeySequence::NativeText));
}

void setButtonShortcut(QAbstractButton* button, const QKeySequence& key)
{
    QString tip = button->toolTip();
    if (tip.isEmpty())
        tip = button->text().remove(u'&');
    // A QShortcut of its own rather than setShortcut(): the button keeps its mnemonic (Alt+R), and a
    // later setText() (which resets a button's shortcut to the mnemonic) does not drop the key. It
    // is live while the button is visible and enabled, as the button's own would be.
    auto* shortcut = button->findChild<QShortcut*>(QStringLiteral("buttonShortcut"), Qt::FindDirectChildrenOnly);
    if (!shortcut) {
        shortcut = new QShortcut(button);
        shortcut->setObjectName(QStringLiteral("buttonShortcut"));
        QObject::connect(shortcut, &QShortcut::activated, button, [button] {
            if (button->isEnabled())
                button->animateClick();
        });
    }
    shortcut->setKey(key);
    button->setToolTip(withShortcut(tip, key));
}

} // namespace raidscope::gui
