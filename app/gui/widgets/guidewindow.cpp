// SPDX-License-Identifier: GPL-3.0-or-later
#include "guidewindow.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QImage>
#include <QHBoxLayout>
#include <QPushButton>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextImageFormat>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

namespace raidscope::gui {

GuideWindow::GuideWindow(QWidget* parent)
    : QWidget(parent, Qt::Window)
    , m_browser(new QTextBrowser)
{
    setWindowTitle(tr("RaidScope User Guide"));
    setObjectName(QStringLiteral("guideWindow"));
    m_browser->setObjectName(QStringLiteral("guideBrowser"));
    m_browser->setOpenExternalLinks(true);
    auto* back = new QPushButton(tr("&Back"));
    auto* home = new QPushButton(tr("&Contents"));
    back->setToolTip(tr("The page shown before this one"));
    home->setToolTip(tr("The guide's list of tasks"));
    back->setEnabled(false);
    connect(back, &QPushButton::clicked, m_browser, &QTextBrowser::backward);
    connect(home, &QPushButton::clicked, this, &GuideWindow::showIndex);
    connect(m_browser, &QTextBrowser::backwardAvailable, back, &QPushButton::setEnabled);
    connect(m_browser, &QTextBrowser::sourceChanged, this, &GuideWindow::fitImages);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(back);
    buttons->addWidget(home);
    buttons->addStretch();
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(buttons);
    layout->addWidget(m_browser);
    resize(1000, 800);
}

// The screenshots are 1600 pixels wide: each is drawn at the window's width (keeping its aspect),
// so a page reads without scrolling sideways.
void GuideWindow::fitImages()
{
    QTextDocument* document = m_browser->document();
    const double width = m_browser->viewport()->width() - 2 * document->documentMargin() - 8;
    for (QTextBlock block = document->begin(); block.isValid(); block = block.next()) {
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            QTextImageFormat image = fragment.charFormat().toImageFormat();
            if (!image.isValid())
                continue;
            QImage picture = document->resource(QTextDocument::ImageResource, QUrl(image.name())).value<QImage>();
            if (picture.isNull()) // not drawn yet: the file beside the page
                picture.load(QFileInfo(m_browser->source().toLocalFile()).dir().filePath(image.name()));
            if (picture.isNull() || picture.width() <= width)
                continue;
            image.setWidth(width);
            image.setHeight(width * picture.height() / picture.width());
            QTextCursor cursor(document);
            cursor.setPosition(fragment.position());
            cursor.setPosition(fragment.position() + fragment.length(), QTextCursor::KeepAnchor);
            cursor.setCharFormat(image);
        }
    }
}

QString GuideWindow::indexPath()
{
    const QString bin = QCoreApplication::applicationDirPath();
    const QStringList candidates { qEnvironmentVariable("RAIDSCOPE_GUIDE"),
                                   bin + QStringLiteral("/../share/doc/raidscope/guide/README.md"),
                                   bin + QStringLiteral("/../../docs/guide/README.md") };
    for (const QString& candidate : candidates) {
        if (!candidate.isEmpty() && QFileInfo(candidate).isFile())
            return QDir::cleanPath(candidate);
    }
    return QString();
}

bool GuideWindow::showIndex()
{
    const QString index = indexPath();
    if (index.isEmpty()) {
        m_browser->setPlainText(tr("The user guide was not found beside the program (share/doc/raidscope/guide) "
                                   "nor in a source tree (docs/guide)."));
        return false;
    }
    m_browser->setSource(QUrl::fromLocalFile(index), QTextDocument::MarkdownResource);
    return true;
}

} // namespace raidscope::gui
