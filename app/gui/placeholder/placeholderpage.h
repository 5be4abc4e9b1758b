// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>
#include <QWidget>

namespace raidscope::gui {

/// A page that is not built yet: says plainly what it will hold. One class for every such page.
class PlaceholderPage : public QWidget
{
    Q_OBJECT
public:
    PlaceholderPage(const QString& title, const QString& summary, const QStringList& plans, QWidget* parent = nullptr);

    /// The analytical models, to come (Minerva; the zoned-RAID M/G/1 fork-join response times).
    static PlaceholderPage* models();
};

} // namespace raidscope::gui
