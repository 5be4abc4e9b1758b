// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QWidget>

class QTextBrowser;

namespace raidscope::gui {

/// The user guide (docs/guide, Markdown with screenshots) in a window of its own, rendered by Qt
/// (QTextBrowser's Markdown): links between its pages and its images work offline.
class GuideWindow : public QWidget
{
    Q_OBJECT
public:
    explicit GuideWindow(QWidget* parent = nullptr);
    /// The guide's first page: $RAIDSCOPE_GUIDE when set, else the installed one
    /// (share/doc/raidscope/guide beside the program's bin folder), else the source tree's (docs/guide,
    /// for a build folder in the source tree); empty when none is there.
    static QString indexPath();
    /// Shows the guide's first page; false (and a note in the window) when no guide was found.
    bool showIndex();

private:
    void fitImages();

    QTextBrowser* m_browser;
};

} // namespace raidscope::gui
