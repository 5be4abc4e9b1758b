// SPDX-License-Identifier: GPL-3.0-or-later
#include "placeholderpage.h"

#include <QFrame>
#include <QLabel>
#include <QVBoxLayout>

namespace raidscope::gui {

PlaceholderPage::PlaceholderPage(const QString& title, const QString& summary, const QStringList& plans, QWidget* parent)
    : QWidget(parent)
{
    auto* panel = new QFrame;
    panel->setObjectName(QStringLiteral("placeholderPanel"));
    panel->setFrameShape(QFrame::StyledPanel);
    panel->setMaximumWidth(720);

    auto* heading = new QLabel(title);
    QFont f = heading->font();
    f.setPointSizeF(f.pointSizeF() * 1.6);
    f.setBold(true);
    heading->setFont(f);

    auto* status = new QLabel(tr("This page is not built yet."));
    status->setObjectName(QStringLiteral("placeholderStatus"));
    QFont sf = status->font();
    sf.setItalic(true);
    status->setFont(sf);

    QString html = QStringLiteral("<p>") + summary.toHtmlEscaped() + QStringLiteral("</p><p>") + tr("It will hold:") + QStringLiteral("</p><ul>");
    for (const QString& p : plans)
        html += QStringLiteral("<li>") + p.toHtmlEscaped() + QStringLiteral("</li>");
    html += QStringLiteral("</ul>");
    auto* body = new QLabel(html);
    body->setObjectName(QStringLiteral("placeholderText"));
    body->setWordWrap(true);
    body->setTextFormat(Qt::RichText);

    auto* inner = new QVBoxLayout(panel);
    inner->setContentsMargins(24, 20, 24, 20);
    inner->setSpacing(12);
    inner->addWidget(heading);
    inner->addWidget(status);
    inner->addWidget(body);

    auto* outer = new QVBoxLayout(this);
    outer->addSpacing(40);
    outer->addWidget(panel, 0, Qt::AlignHCenter | Qt::AlignTop);
    outer->addStretch(1);
}

} // namespace raidscope::gui
