// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "workspace/arrayunderstudy.h"

#include <QFrame>
#include <QObject>

#include <functional>

class QLabel;
class QPushButton;

namespace raidscope::gui {

/// The array under study (#54 item 1), one per window: the Array page sets it, a probe verdict or
/// a workspace replaces it, and every page that simulates starts from it.
class StudiedArray : public QObject
{
    Q_OBJECT
public:
    explicit StudiedArray(QObject* parent = nullptr);

    const ArrayUnderStudy& current() const { return m_current; }
    /// Makes `array` the array under study; changed() with the one before when it differs. With
    /// `pagesFollow` false (a workspace that sets every page as it was saved) no page takes it:
    /// the banners only say what each page uses.
    void set(const ArrayUnderStudy& array, bool pagesFollow = true);
    bool pagesFollow() const { return m_pagesFollow; }

Q_SIGNALS:
    void changed(const ArrayUnderStudy& now, const ArrayUnderStudy& before);

private:
    ArrayUnderStudy m_current;
    bool m_pagesFollow = true;
};

/// How a page uses the array under study: what it holds now, what it would hold taking a given
/// array, and how it takes one. A page follows the array under study while it holds what it would
/// take from it; an edit on the page makes it differ, and the banner says so.
struct StudiedArrayUse
{
    std::function<QString()> current;                     ///< what the page uses now (its spec, its candidates)
    std::function<QString(const ArrayUnderStudy&)> from; ///< what it holds after take(); default: the spec
    std::function<void(const ArrayUnderStudy&)> take;
    QString usesText;    ///< "This page simulates it"
    QString differsText; ///< "This page simulates %1, changed here": %1 is current()
    QString useButton;   ///< "Use the array under study"
    /// Takes the first array under study the window sets (false: a page with inputs of its own, a
    /// paper's study, keeps them until asked).
    bool followsAtStart = true;
    /// False: the page never takes an array when it changes (the Probe page, whose verdict the
    /// button makes the array under study rather than the other way round).
    bool follows = true;

    QString expected(const ArrayUnderStudy& a) const { return from ? from(a) : a.spec; }
};

/// One line at the top of a page: which array is under study, where it came from, what was assumed,
/// and whether this page uses it or an edit of its own (then a button takes it back).
class StudiedArrayBanner : public QFrame
{
    Q_OBJECT
public:
    StudiedArrayBanner(StudiedArray* array, StudiedArrayUse use, QWidget* parent = nullptr);

    /// The page follows `now` if it held what it would have taken from `before`.
    void follow(const ArrayUnderStudy& now, const ArrayUnderStudy& before);
    /// Whether the page holds what it would take from the array under study.
    bool pageUsesIt() const;
    QString text() const;

public Q_SLOTS:
    void refresh();

private:
    StudiedArray* m_array;
    StudiedArrayUse m_use;
    QLabel* m_label = nullptr;
    QPushButton* m_button = nullptr;
};

} // namespace raidscope::gui
