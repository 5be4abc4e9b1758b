// SPDX-License-Identifier: GPL-3.0-or-later
// Desktop conventions (issue #16 item 4): tooltips on every input, one key per action on each page,
// plots in the palette's colours, splitters kept between runs, unsaved changes noticed.
// <qcustomplot.h> (through widgets/liveplot.h) uses foreach, which QT_NO_FOREACH hides: first, as tst_plotexport.
#undef QT_NO_FOREACH
#include "array/arraypage.h"
#include "mainwindow.h"
#include "simulate/simulatepage.h"
#include "traces/tracereplayview.h"
#include "traces/tracespage.h"
#include "widgets/liveplot.h"
#include "widgets/theme.h"

#include <catch2/catch.hpp>

#include <QAbstractItemView>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QMap>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QSettings>
#include <QShortcut>
#include <QSplitter>
#include <QTabBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTextEdit>

using raidscope::gui::MainWindow;

namespace {

// "simulatePage > QGroupBox 'Workload' > QLineEdit": what a failure names, so the widget is found.
QString describe(const QWidget* w, const QWidget* root)
{
    QStringList chain;
    for (const QWidget* p = w; p && p != root->parentWidget(); p = p->parentWidget()) {
        QString name = p->objectName();
        if (name.isEmpty() || name.startsWith(QLatin1String("qt_"))) {
            name = QString::fromLatin1(p->metaObject()->className());
            if (const auto* box = qobject_cast<const QGroupBox*>(p); box && !box->title().isEmpty())
                name += QStringLiteral(" '%1'").arg(box->title());
            if (const auto* button = qobject_cast<const QAbstractButton*>(p); button && !button->text().isEmpty())
                name += QStringLiteral(" '%1'").arg(button->text());
            if (const auto* label = qobject_cast<const QLabel*>(p); label && !label->text().isEmpty())
                name += QStringLiteral(" '%1'").arg(label->text().left(40));
        }
        chain.prepend(name);
    }
    return chain.join(QStringLiteral(" > "));
}

bool insideAny(const QWidget* w, const QWidget* root, std::initializer_list<const QMetaObject*> kinds)
{
    for (const QWidget* p = w->parentWidget(); p && p != root; p = p->parentWidget())
        for (const QMetaObject* kind : kinds)
            if (p->metaObject()->inherits(kind))
                return true;
    return false;
}

bool isInput(const QWidget* w, const QWidget* root)
{
    // The parts of a compound input (a spin box's line edit, a combo's, a table's corner button, a
    // tab bar's scroll arrows) take the compound's tooltip.
    if (insideAny(w, root,
            { &QAbstractSpinBox::staticMetaObject, &QComboBox::staticMetaObject, &QLineEdit::staticMetaObject, &QTabBar::staticMetaObject,
                &QScrollBar::staticMetaObject, &QAbstractItemView::staticMetaObject }))
        return false;
    if (qobject_cast<const QScrollBar*>(w))
        return false;
    if (const auto* text = qobject_cast<const QTextEdit*>(w))
        return !text->isReadOnly();
    if (const auto* plain = qobject_cast<const QPlainTextEdit*>(w))
        return !plain->isReadOnly();
    return qobject_cast<const QLineEdit*>(w) || qobject_cast<const QAbstractSpinBox*>(w) || qobject_cast<const QComboBox*>(w)
        || qobject_cast<const QAbstractButton*>(w) || qobject_cast<const QAbstractSlider*>(w);
}

// Every key live on the window while `page` is shown: the menus' and the window's actions, the menu
// bar's mnemonics, and the page's visible buttons, button shortcuts, label buddies, group boxes and
// tabs. Qt matches no key of a hidden or disabled widget, so other pages' keys do not count.
QMap<QString, QStringList> liveKeys(const MainWindow& window, const QWidget* page)
{
    QMap<QString, QStringList> keys;
    auto add = [&](const QKeySequence& key, const QString& what) {
        if (!key.isEmpty())
            keys[key.toString(QKeySequence::PortableText)] << what;
    };
    for (QAction* menuAction : window.menuBar()->actions()) {
        add(QKeySequence::mnemonic(menuAction->text()), QStringLiteral("menu ") + menuAction->text());
        const std::function<void(QMenu*)> walk = [&](QMenu* menu) {
            for (QAction* a : menu->actions()) {
                if (a->menu())
                    walk(a->menu());
                for (const QKeySequence& key : a->shortcuts())
                    add(key, QStringLiteral("action ") + a->text());
            }
        };
        if (menuAction->menu())
            walk(menuAction->menu());
    }
    for (QAction* a : window.actions())
        for (const QKeySequence& key : a->shortcuts())
            add(key, QStringLiteral("action ") + a->text());
    for (QWidget* w : page->findChildren<QWidget*>()) {
        if (!w->isVisible())
            continue;
        if (auto* b = qobject_cast<QAbstractButton*>(w))
            add(b->shortcut(), QStringLiteral("button ") + describe(w, page));
        if (auto* label = qobject_cast<QLabel*>(w); label && label->buddy())
            add(QKeySequence::mnemonic(label->text()), QStringLiteral("label ") + describe(w, page));
        if (auto* box = qobject_cast<QGroupBox*>(w))
            add(QKeySequence::mnemonic(box->title()), QStringLiteral("group ") + describe(w, page));
        if (auto* tabs = qobject_cast<QTabBar*>(w))
            for (int i = 0; i < tabs->count(); ++i)
                add(QKeySequence::mnemonic(tabs->tabText(i)), QStringLiteral("tab ") + tabs->tabText(i));
        for (QAction* a : w->actions())
            for (const QKeySequence& key : a->shortcuts())
                add(key, QStringLiteral("action ") + a->text() + QStringLiteral(" on ") + describe(w, page));
    }
    for (QShortcut* s : page->findChildren<QShortcut*>())
        if (auto* owner = qobject_cast<QWidget*>(s->parent()); owner && owner->isVisible())
            add(s->key(), QStringLiteral("shortcut on ") + describe(owner, page));
    return keys;
}

} // namespace

TEST_CASE("Desktop: every input on every page has a tooltip", "[gui][desktop]")
{
    MainWindow window;
    window.show();
    QStringList missing;
    for (const QString& name : MainWindow::pageNames()) {
        QWidget* page = window.page(name);
        REQUIRE(page);
        for (QWidget* w : page->findChildren<QWidget*>())
            if (isInput(w, page) && w->toolTip().trimmed().isEmpty())
                missing << describe(w, page);
    }
    INFO("inputs without a tooltip:\n" << missing.join(u'\n').toStdString());
    CHECK(missing.isEmpty());
}

TEST_CASE("Desktop: no two keys of the window and the page shown are the same", "[gui][desktop]")
{
    MainWindow window;
    window.show();
    window.tracesPage()->showReplay(true); // the replay's controls too
    for (const QString& name : MainWindow::pageNames()) {
        REQUIRE(window.setCurrentPage(name));
        QApplication::processEvents();
        const auto keys = liveKeys(window, window.page(name));
        QStringList clashes;
        for (auto it = keys.begin(); it != keys.end(); ++it)
            if (it.value().size() > 1)
                clashes << it.key() + QStringLiteral(": ") + it.value().join(QStringLiteral("; "));
        INFO("page " << name.toStdString() << ", keys used twice:\n" << clashes.join(u'\n').toStdString());
        CHECK(clashes.isEmpty());
    }
}

TEST_CASE("Desktop: each page's main button has a key, said in its tooltip", "[gui][desktop]")
{
    MainWindow window;
    window.show();
    window.tracesPage()->showReplay(true);
    const QString run = QKeySequence(Qt::CTRL | Qt::Key_R).toString(QKeySequence::NativeText);
    const auto [pageName, buttonName] = GENERATE(table<const char*, const char*>({ { "Simulate", "runButton" },
        { "Simulate", "sweepButton" }, { "Probe", "runProbeButton" }, { "Traces", "replayRunButton" },
        { "Traces", "traceReloadButton" }, { "Disks", "diskValidate" }, { "Models", "responseRun" },
        { "Advisor", "advisorRun" }, { "Study", "studyRunButton" } }));
    CAPTURE(pageName, buttonName);
    QWidget* page = window.page(QString::fromLatin1(pageName));
    REQUIRE(page);
    auto* button = page->findChild<QAbstractButton*>(QString::fromLatin1(buttonName));
    REQUIRE(button);
    auto* shortcut = button->findChild<QShortcut*>(QStringLiteral("buttonShortcut"));
    REQUIRE(shortcut);
    CHECK(button->toolTip().endsWith(QStringLiteral("(%1)").arg(shortcut->key().toString(QKeySequence::NativeText))));
    if (QLatin1String(buttonName) != QLatin1String("sweepButton") && QLatin1String(buttonName) != QLatin1String("traceReloadButton"))
        CHECK(shortcut->key().toString(QKeySequence::NativeText) == run);
    // The window's Esc cancels; it is off while nothing runs, so it takes Esc from no editor.
    auto* cancel = window.findChild<QAction*>(QStringLiteral("cancelJobAction"));
    REQUIRE(cancel);
    CHECK(cancel->shortcut() == QKeySequence(Qt::Key_Escape));
    CHECK_FALSE(cancel->isEnabled());
}

TEST_CASE("Desktop: a plot draws in its palette's colours, dark included", "[gui][desktop][plot]")
{
    using namespace raidscope::gui;
    LivePlot plot;
    const QColor darkBlue(0x1f, 0x3f, 0x8f);
    QCPGraph* graph = plot.addGraph();
    graph->setPen(QPen(darkBlue, 2));
    auto* label = new QCPItemText(&plot);
    label->setColor(QColor(0x20, 0x20, 0x20));
    plot.resize(400, 300);
    plot.show();

    const QPalette dark = darkPalette();
    plot.setPalette(dark);
    plot.replot();
    const QColor base = dark.color(QPalette::Base), text = dark.color(QPalette::Text);
    CHECK(plot.backgroundColor() == base);
    CHECK(plot.toPixmap(400, 300).toImage().pixelColor(2, 2) == base); // what an export holds
    CHECK(plot.xAxis->basePen().color() == text);
    CHECK(plot.yAxis->tickLabelColor() == text);
    CHECK(plot.xAxis->labelColor() == text);
    CHECK(plot.legend->textColor() == text);
    // Near-black text becomes nearly the palette's text: greys move along the Base-Text axis.
    CHECK(label->color().lightnessF() > 0.75);
    // A dark series colour is lightened, keeping its hue.
    CHECK(graph->pen().color().lightnessF() > darkBlue.lightnessF() + 0.1);
    CHECK(graph->pen().color().hslHue() == Approx(darkBlue.hslHue()).margin(2));
    CHECK(graph->pen().widthF() == 2);

    // Back to a light palette: the page's own colours again, not a lightened copy.
    const QPalette light = lightPalette();
    plot.setPalette(light);
    plot.replot();
    CHECK(plot.backgroundColor() == light.color(QPalette::Base));
    CHECK(plot.xAxis->basePen().color() == light.color(QPalette::Text));
    CHECK(graph->pen().color() == darkBlue);
    CHECK(label->color() == QColor(0x20, 0x20, 0x20));
    // A colour the page sets later is its new design.
    graph->setPen(QPen(QColor(0x6a, 0x3d, 0x9a)));
    plot.setPalette(dark);
    plot.replot();
    CHECK(graph->pen().color().lightnessF() > QColor(0x6a, 0x3d, 0x9a).lightnessF());
}

TEST_CASE("Desktop: splitters and the window are kept from one window to the next", "[gui][desktop][settings]")
{
    // Settings in a folder of the test's own, put back afterwards.
    const QString before = QFileInfo(QSettings().fileName()).absolutePath();
    const QString userPath = QFileInfo(before).absolutePath(); // above the organisation's folder
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, dir.path());
    struct Restore {
        QString path;
        ~Restore() { QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, path); }
    } restore { userPath };

    QList<int> sizes;
    {
        MainWindow first;
        first.restoreSettings();
        first.resize(1300, 850);
        first.show();
        // Every page's splitter has a name, so it is kept.
        for (const QString& name : MainWindow::pageNames())
            for (const QSplitter* s : first.page(name)->findChildren<QSplitter*>()) {
                INFO(name.toStdString() << ": a splitter without an object name");
                CHECK_FALSE(s->objectName().isEmpty());
            }
        first.setCurrentPage(QStringLiteral("Simulate"));
        auto* views = first.page(QStringLiteral("Simulate"))->findChild<QSplitter*>(QStringLiteral("simViews"));
        REQUIRE(views);
        QApplication::processEvents();
        const int total = views->sizes().value(0) + views->sizes().value(1);
        REQUIRE(total > 200);
        views->setSizes({ total / 4, total - total / 4 });
        sizes = views->sizes();
        REQUIRE(first.close());
    }
    MainWindow second;
    second.restoreSettings();
    second.show();
    QApplication::processEvents();
    CHECK(second.currentPageName() == QStringLiteral("Simulate"));
    CHECK(second.size() == QSize(1300, 850));
    auto* views = second.page(QStringLiteral("Simulate"))->findChild<QSplitter*>(QStringLiteral("simViews"));
    REQUIRE(views);
    CHECK(views->sizes() == sizes);
}

TEST_CASE("Desktop: the window knows when its inputs or results are not saved", "[gui][desktop][workspace]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    MainWindow window;
    window.show();
    QApplication::processEvents();
    // As it starts, and showing another page, nothing is unsaved.
    CHECK_FALSE(window.hasUnsavedChanges());
    window.setCurrentPage(QStringLiteral("Probe"));
    CHECK_FALSE(window.hasUnsavedChanges());
    CHECK_FALSE(window.confirmUnsaved()); // tests never meet the question

    REQUIRE(window.arrayPage()->setSpecText(QStringLiteral("raid0 disks=3 chunk=8KiB")));
    CHECK(window.hasUnsavedChanges());
    const QString path = dir.filePath(QStringLiteral("a.raidscope"));
    QString error;
    REQUIRE(window.saveWorkspaceFile(path, &error));
    CHECK_FALSE(window.hasUnsavedChanges());

    REQUIRE(window.simulatePage()->setWorkloadSpecText(QStringLiteral("random read=1 size=8KiB outstanding=2 count=500 seed=3")));
    CHECK(window.hasUnsavedChanges());
    REQUIRE(window.openWorkspaceFile(path, &error));
    CHECK_FALSE(window.hasUnsavedChanges());
    // Without confirmUnsaved() the window closes whatever it holds.
    window.arrayPage()->setSpecText(QStringLiteral("raid0 disks=5 chunk=8KiB"));
    CHECK(window.hasUnsavedChanges());
    CHECK(window.maybeSave());
    CHECK(window.close());
}
