// SPDX-License-Identifier: GPL-3.0-or-later
#include "studiedarray.h"

#include "theme.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

namespace raidscope::gui {

StudiedArray::StudiedArray(QObject* parent)
    : QObject(parent)
{
}

void StudiedArray::set(const ArrayUnderStudy& array, bool pagesFollow)
{
    if (array == m_current)
        return;
    const ArrayUnderStudy before = m_current;
    m_current = array;
    m_pagesFollow = pagesFollow;
    Q_EMIT changed(m_current, before);
    m_pagesFollow = true;
}

StudiedArrayBanner::StudiedArrayBanner(StudiedArray* array, StudiedArrayUse use, QWidget* parent)
    : QFrame(parent)
    , m_array(array)
    , m_use(std::move(use))
{
    setObjectName(QStringLiteral("studiedArrayBanner"));
    setFrameShape(QFrame::StyledPanel);
    m_label = new QLabel;
    m_label->setObjectName(QStringLiteral("studiedArrayText"));
    m_label->setWordWrap(true);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_button = new QPushButton(m_use.useButton.isEmpty() ? tr("Use the array under study") : m_use.useButton);
    m_button->setObjectName(QStringLiteral("useStudiedArrayButton"));
    m_button->setToolTip(tr("Replace this page's own edit with the array under study"));
    auto* box = new QHBoxLayout(this);
    box->setContentsMargins(8, 4, 8, 4);
    box->addWidget(m_label, 1);
    box->addWidget(m_button, 0, Qt::AlignVCenter);
    connect(m_button, &QPushButton::clicked, this, [this] {
        m_use.take(m_array->current());
        refresh();
    });
    connect(m_array, &StudiedArray::changed, this, &StudiedArrayBanner::follow);
    refresh();
}

void StudiedArrayBanner::follow(const ArrayUnderStudy& now, const ArrayUnderStudy& before)
{
    // A page that held what it would have taken from the array before (or nothing yet) has no edit
    // of its own to keep: it follows. One edited here keeps its edit, and says so.
    if (!m_use.follows || !m_array->pagesFollow()) {
        refresh();
        return;
    }
    const QString held = m_use.current();
    const bool start = before.spec.isEmpty();
    if (start ? m_use.followsAtStart || held.isEmpty() : held.isEmpty() || held == m_use.expected(before))
        m_use.take(now);
    refresh();
}

bool StudiedArrayBanner::pageUsesIt() const
{
    const ArrayUnderStudy& a = m_array->current();
    return !a.spec.isEmpty() && m_use.current() == m_use.expected(a);
}

QString StudiedArrayBanner::text() const { return m_label->text(); }

void StudiedArrayBanner::refresh()
{
    const ArrayUnderStudy& a = m_array->current();
    if (a.spec.isEmpty()) {
        m_label->setText(tr("No array under study yet: set one on the Array page or from a probe verdict."));
        m_button->setVisible(false);
        return;
    }
    QString html = tr("<b>Array under study:</b> <code>%1</code>").arg(a.spec.toHtmlEscaped());
    if (!a.origin.isEmpty())
        html += tr(" (from %1)").arg(a.origin.toHtmlEscaped());
    if (!a.carried.isEmpty())
        html += tr("; carried over: %1").arg(a.carried.join(QStringLiteral("; ")).toHtmlEscaped());
    if (!a.assumed.isEmpty())
        html += QStringLiteral("; <span style=\"color:#555\">%1</span>")
                    .arg(tr("assumed: %1").arg(a.assumed.join(QStringLiteral("; ")).toHtmlEscaped()));
    const bool uses = pageUsesIt();
    const bool holds = !m_use.current().isEmpty(); // a page with nothing of its own yet (no verdict) says nothing more
    if (holds && uses)
        html += QStringLiteral("<br>") + m_use.usesText.toHtmlEscaped();
    else if (holds)
        html += QStringLiteral("<br>") + QStringLiteral("<span style=\"color:#8a5300\">%1</span>")
                    .arg(m_use.differsText.contains(QStringLiteral("%1"))
                            ? m_use.differsText.arg(QStringLiteral("<code>%1</code>").arg(m_use.current().toHtmlEscaped()))
                            : m_use.differsText);
    m_label->setText(themedHtml(this, html));
    m_button->setVisible(holds && !uses);
}

} // namespace raidscope::gui
