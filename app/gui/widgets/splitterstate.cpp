// SPDX-License-Identifier: GPL-3.0-or-later
#include "splitterstate.h"

#include <QSettings>
#include <QSplitter>

namespace raidscope::gui {

QString splitterKey(const QSplitter* splitter, const QWidget* root)
{
    if (splitter->objectName().isEmpty())
        return {};
    QStringList names;
    for (const QWidget* w = splitter; w && w != root; w = w->parentWidget())
        if (!w->objectName().isEmpty() && !w->objectName().startsWith(QLatin1String("qt_")))
            names.prepend(w->objectName());
    return names.join(u'/');
}

void saveSplitterStates(const QWidget* root, QSettings& settings, const QString& group)
{
    settings.beginGroup(group);
    for (const QSplitter* s : root->findChildren<QSplitter*>())
        if (const QString key = splitterKey(s, root); !key.isEmpty())
            settings.setValue(key, s->saveState());
    settings.endGroup();
}

void restoreSplitterStates(QWidget* root, QSettings& settings, const QString& group)
{
    settings.beginGroup(group);
    for (QSplitter* s : root->findChildren<QSplitter*>())
        if (const QString key = splitterKey(s, root); !key.isEmpty())
            if (const QByteArray state = settings.value(key).toByteArray(); !state.isEmpty())
                s->restoreState(state);
    settings.endGroup();
}

} // namespace raidscope::gui
