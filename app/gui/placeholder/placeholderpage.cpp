// SPDX-License-Identifier: GPL-3.0-or-later
#include "placeholderpage.h"

#include <QFrame>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace raidscope::gui {

PlaceholderPage::PlaceholderPage(const QString& title, const QString& summary, const QStringList& plans, QWidget* parent)
    : QWidget(parent)
{
    auto* panel = new QFrame;
    panel->setObjectName(QStringLiteral("placeholderPanel"));
    panel->setFrameShape(QFrame::StyledPanel);
    panel->setFixedWidth(720);

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

    auto* body = new QLabel(summary);
    body->setObjectName(QStringLiteral("placeholderText"));
    body->setWordWrap(true);
    auto* holdsLabel = new QLabel(tr("It will hold:"));

    // One wrapped label per item: QLabel's rich-text lists do not wrap reliably.
    auto* list = new QGridLayout;
    list->setHorizontalSpacing(8);
    list->setVerticalSpacing(6);
    list->setColumnStretch(1, 1);
    for (const QString& plan : plans) {
        const int row = list->rowCount();
        auto* bullet = new QLabel(QStringLiteral("•"));
        bullet->setAlignment(Qt::AlignRight | Qt::AlignTop);
        auto* text = new QLabel(plan);
        text->setObjectName(QStringLiteral("placeholderItem"));
        text->setWordWrap(true);
        list->addWidget(bullet, row, 0);
        list->addWidget(text, row, 1);
    }

    auto* inner = new QVBoxLayout(panel);
    inner->setContentsMargins(24, 20, 24, 20);
    inner->setSpacing(12);
    inner->addWidget(heading);
    inner->addWidget(status);
    inner->addWidget(body);
    inner->addWidget(holdsLabel);
    inner->addLayout(list);

    auto* outer = new QVBoxLayout(this);
    outer->addSpacing(40);
    // Centred by stretches, not by an alignment flag: an aligned item loses height-for-width and
    // clips its wrapped labels.
    auto* centre = new QHBoxLayout;
    centre->addStretch(1);
    centre->addWidget(panel);
    centre->addStretch(1);
    outer->addLayout(centre);
    outer->addStretch(1);
}

PlaceholderPage* PlaceholderPage::models()
{
    return new PlaceholderPage(QStringLiteral("Models"),
        tr("Analytical models of arrays, to set beside simulation and measurement."),
        { tr("Minerva throughput models for RAID 1/0 and RAID 5 workloads of streams (rate, size, read "
             "fraction, run count, ON/OFF phasing)"),
            tr("M/G/1 fork-join response-time models: a zoned disk as an M/G/1 queue, the maximum order "
               "statistic over the disks of a request, RAID 01 and RAID 5 reads and writes"),
            tr("Response-time distributions plotted against simulation") });
}

} // namespace raidscope::gui
