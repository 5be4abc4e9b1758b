// SPDX-License-Identifier: GPL-3.0-or-later
// MainWindow's View menu beyond the pages (#54 item 7): presentation mode and the colour scheme,
// both remembered in QSettings when chosen there (a command-line switch is for one run), and the
// page list, whose icons follow the palette and which narrows to icons on a narrow window.
#include "mainwindow.h"

#include "widgets/viewstyle.h"

#include <QAction>
#include <QActionGroup>
#include <QListWidget>
#include <QMenu>
#include <QResizeEvent>
#include <QSettings>
#include <QStyledItemDelegate>

namespace raidscope::gui {

namespace {

// Draws the page list's items without their titles when the window is narrow (the titles stay
// the items' text, tooltips and View menu entries).
class NavDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    bool iconOnly = false;

protected:
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        if (iconOnly) {
            option->text.clear();
            option->features &= ~QStyleOptionViewItem::HasDisplay;
            option->decorationAlignment = Qt::AlignCenter;
            option->displayAlignment = Qt::AlignCenter;
        }
    }
};

} // namespace

const QString MainWindow::kPresentationKey = QStringLiteral("view/presentation");
const QString MainWindow::kColorSchemeKey = QStringLiteral("view/colors");

void MainWindow::createViewStyleActions(QMenu* view)
{
    ViewStyle* style = ViewStyle::instance();
    view->addSeparator();
    m_presentationAction = view->addAction(tr("&Presentation"));
    m_presentationAction->setObjectName(QStringLiteral("presentationAction"));
    m_presentationAction->setCheckable(true);
    m_presentationAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    m_presentationAction->setToolTip(tr("Larger fonts, thicker lines and marks, stronger contrast: for a projector"));
    connect(m_presentationAction, &QAction::triggered, this, [style](bool on) {
        style->setPresentation(on);
        QSettings().setValue(kPresentationKey, on);
    });

    QMenu* colors = view->addMenu(tr("&Colors"));
    colors->setObjectName(QStringLiteral("colorsMenu"));
    m_colorActions = new QActionGroup(this);
    m_colorActions->setExclusive(true);
    const std::pair<ColorScheme, QString> schemes[] = {
        { ColorScheme::System, tr("Follow &System") },
        { ColorScheme::Light, tr("&Light") },
        { ColorScheme::Dark, tr("&Dark") },
    };
    for (const auto& [scheme, text] : schemes) {
        QAction* a = colors->addAction(text);
        a->setObjectName(ViewStyle::colorSchemeKey(scheme) + QStringLiteral("ColorsAction"));
        a->setCheckable(true);
        a->setData(int(scheme));
        m_colorActions->addAction(a);
        connect(a, &QAction::triggered, this, [style, scheme] {
            style->setColorScheme(scheme);
            QSettings().setValue(kColorSchemeKey, ViewStyle::colorSchemeKey(scheme));
        });
    }
    connect(style, &ViewStyle::changed, this, &MainWindow::syncViewStyle);
    syncViewStyle();
}

void MainWindow::syncViewStyle()
{
    const ViewStyle* style = ViewStyle::instance();
    m_presentationAction->setChecked(style->presentation());
    for (QAction* a : m_colorActions->actions())
        a->setChecked(a->data().toInt() == int(style->colorScheme()));
    updatePageIcons();
    updateNavWidth();
    for (QWidget* page : std::as_const(m_pages))
        ViewStyle::relaxComboWidths(page);
}

void MainWindow::updatePageIcons()
{
    const auto pages = pageTable();
    for (int i = 0; i < m_nav->count() && i < int(pages.size()); ++i) {
        const QIcon icon = ViewStyle::standardIcon(m_nav, pages[std::size_t(i)].icon);
        m_nav->item(i)->setIcon(icon);
        m_pageActions->actions().at(i)->setIcon(icon);
    }
}

void MainWindow::updateNavWidth()
{
    // The list is as wide as its longest title; below kNarrowWindowChars it shows icons only (the
    // titles stay as tooltips and in the View menu), leaving the page the room.
    const QFontMetrics fm = m_nav->fontMetrics();
    const int icon = fm.height() + 6;
    m_nav->setIconSize(QSize(icon, icon));
    int text = 0;
    for (int i = 0; i < m_nav->count(); ++i)
        text = std::max(text, fm.horizontalAdvance(m_nav->item(i)->text()));
    const bool narrow = width() < kNarrowWindowChars * fm.averageCharWidth();
    auto* delegate = dynamic_cast<NavDelegate*>(m_nav->itemDelegate());
    if (!delegate) {
        delegate = new NavDelegate(m_nav);
        m_nav->setItemDelegate(delegate);
    }
    delegate->iconOnly = narrow;
    for (int i = 0; i < m_nav->count(); ++i) {
        QListWidgetItem* item = m_nav->item(i);
        item->setToolTip(item->text());
        item->setSizeHint(QSize(0, icon + fm.height() / 2 + 8));
    }
    m_nav->viewport()->update();
    m_nav->setFixedWidth(narrow ? icon + 24 : icon + text + 40);
}

void MainWindow::resizeEvent(QResizeEvent* event)
{
    QMainWindow::resizeEvent(event);
    updateNavWidth();
}

void MainWindow::changeEvent(QEvent* event)
{
    QMainWindow::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange)
        updatePageIcons();
    else if (event->type() == QEvent::FontChange) {
        updateNavWidth();
        for (QWidget* page : std::as_const(m_pages))
            ViewStyle::relaxComboWidths(page);
    }
}

} // namespace raidscope::gui
