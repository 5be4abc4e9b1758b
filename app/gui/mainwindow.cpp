// SPDX-License-Identifier: GPL-3.0-or-later
#include "mainwindow.h"

#include "advisor/advisorpage.h"
#include "models/modelspage.h"

#include "array/arraypage.h"
#include "io/inputfile.h"
#include "io/outputfile.h"
#include "layout/arrayspec.h"
#include "layout/layoutregistry.h"
#include "pluginsdialog.h"
#include "probe/probepage.h"
#include "simulate/simulatepage.h"
#include "study/studypage.h"
#include "simulate/workloadeditor.h"
#include "traces/tracespage.h"
#include "widgets/arrayspeceditor.h"
#include "widgets/guidewindow.h"
#include "widgets/jobbar.h"
#include "widgets/jobrunner.h"
#include "widgets/shortcuts.h"
#include "widgets/splitterstate.h"
#include "widgets/studiedarray.h"
#include "widgets/layoutdiagram.h"
#include "widgets/viewstyle.h"
#include "widgets/workspacedrop.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QBuffer>
#include <QClipboard>
#include <QCloseEvent>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QJsonObject>
#include <QListWidget>
#include <QLockFile>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QScrollArea>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>

#ifndef RAIDSCOPE_VERSION
#define RAIDSCOPE_VERSION "0.0.0"
#endif

namespace raidscope::gui {
namespace {

// The application's organisation and name (main.cpp: RaidScope, RaidScope; tst_gui: its own).
QSettings settings() { return QSettings(); }

const QString kSplitterGroup = QStringLiteral("splitters");

// The row of a page in the navigation list, the stack and m_pages: its row in the page table.
int pageIndex(PageId id)
{
    const auto pages = pageTable();
    for (std::size_t i = 0; i < pages.size(); ++i)
        if (pages[i].id == id)
            return int(i);
    return -1;
}

} // namespace

const QKeySequence MainWindow::kOpenPageFile = QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_O);

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(QStringLiteral("RaidScope"));

    m_nav = new QListWidget;
    m_nav->setObjectName(QStringLiteral("pageList"));
    m_nav->setFrameShape(QFrame::NoFrame);
    m_nav->setSpacing(2); // its width and icon size follow the font: updateNavWidth()
    m_stack = new QStackedWidget;
    m_stack->setObjectName(QStringLiteral("pages"));
    m_pageActions = new QActionGroup(this);
    m_pageActions->setExclusive(true);

    for (const PageInfo& info : pageTable())
        addPage(info);
    // The pages the window wires together (one array on two pages, the File menu's actions).
    m_arrayPage = qobject_cast<ArrayPage*>(page(PageId::Array));
    m_simulatePage = qobject_cast<SimulatePage*>(page(PageId::Simulate));
    m_probePage = qobject_cast<ProbePage*>(page(PageId::Probe));
    m_tracesPage = qobject_cast<TracesPage*>(page(PageId::Traces));
    Q_ASSERT(m_arrayPage && m_simulatePage && m_probePage && m_tracesPage);
    if (auto* advisor = qobject_cast<AdvisorPage*>(page(PageId::Advisor)))
        advisor->setTracesPageFiles([this] { return m_tracesPage->files(); });
    if (auto* models = qobject_cast<ModelsPage*>(page(PageId::Models))) {
        models->setTraceSource([this] { return m_tracesPage->summary(); });
    }

    auto* central = new QWidget;
    auto* box = new QHBoxLayout(central);
    box->setContentsMargins(0, 0, 0, 0);
    box->setSpacing(0);
    box->addWidget(m_nav);
    auto* line = new QFrame;
    line->setFrameShape(QFrame::VLine);
    line->setFrameShadow(QFrame::Sunken);
    box->addWidget(line);
    box->addWidget(m_stack, 1);
    setCentralWidget(central);

    connect(m_nav, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row < 0)
            return;
        m_stack->setCurrentIndex(row);
        m_pageActions->actions().at(row)->setChecked(true);
        updateTitle();
        updateOpenShortcut();
        updateCancelAction();
    });
    connect(m_arrayPage, &ArrayPage::specChanged, this, &MainWindow::updateTitle);
    connectStudiedArray();

    createMenus();
    // Esc cancels what runs on the page shown. One window action rather than each Cancel button's
    // key: the Traces and Models pages show two job bars, whose keys would be ambiguous.
    m_cancelJobAction = new QAction(tr("Cancel Job"), this);
    m_cancelJobAction->setObjectName(QStringLiteral("cancelJobAction"));
    m_cancelJobAction->setShortcut(keys::cancel());
    m_cancelJobAction->setEnabled(false); // Esc reaches item editors and popups while nothing runs
    connect(m_cancelJobAction, &QAction::triggered, this, &MainWindow::cancelPageJobs);
    addAction(m_cancelJobAction);
    for (QWidget* p : std::as_const(m_pages))
        for (JobRunner* runner : p->findChildren<JobRunner*>())
            connect(runner, &JobRunner::runningChanged, this, &MainWindow::updateCancelAction);
    setAcceptDrops(true);
    m_nav->setCurrentRow(0);
    m_arrayPage->setSpecText(demoSpec());
    if (m_studied->current().spec.isEmpty()) { // the page held the demo already: no change was signalled
        ArrayUnderStudy a;
        a.spec = m_arrayPage->currentSpec();
        m_studied->set(a);
    }
    resize(1400, 900);
    markClean();
}

QStringList MainWindow::pageNames() { return pageTitles(); }

QString MainWindow::demoSpec()
{
    if (LayoutRegistry::instance().find(QStringLiteral("raid5")))
        return QStringLiteral("raid5 layout=left-asymmetric disks=4 chunk=16KiB");
    return QStringLiteral("raid0 disks=4 chunk=16KiB");
}

void MainWindow::addPage(const PageInfo& info)
{
    QWidget* page = info.create();
    ViewStyle::relaxComboWidths(page); // before the scroll area measures it
    if (page->objectName().isEmpty())
        page->setObjectName(info.key.toString() + QStringLiteral("Page"));
    const int index = m_stack->count();
    const QIcon icon = ViewStyle::standardIcon(this, info.icon);
    const QString title = info.title.toString();
    new QListWidgetItem(icon, title, m_nav); // the list owns it
    // Pages scroll rather than force the window wider or taller than a laptop screen.
    auto* scroll = new QScrollArea;
    scroll->setWidget(page);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    m_stack->addWidget(scroll);
    m_pages.append(page);

    auto* action = new QAction(icon, title, m_pageActions);
    action->setCheckable(true);
    action->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + index)));
    connect(action, &QAction::triggered, this, [this, index] { m_nav->setCurrentRow(index); });
}

void MainWindow::createMenus()
{
    // The workspace takes the usual document keys (Ctrl+O, Ctrl+S, Ctrl+Shift+S). What had them
    // before moves next to them: Open Spec / Open Probe Result to Ctrl+Alt+O (still the one the page
    // shown works on), the diagram's PNG to Ctrl+E, the simulation results to Ctrl+Alt+S.
    QMenu* file = menuBar()->addMenu(tr("&File"));
    createWorkspaceActions(file);
    file->addSeparator();
    m_openSpecAction = file->addAction(tr("Open S&pec..."), kOpenPageFile, this, &MainWindow::openSpecFile);
    m_openSpecAction->setObjectName(QStringLiteral("openSpecAction"));
    m_openProbeAction = file->addAction(tr("Open Probe &Result..."), this, [this] {
        setCurrentPage(PageId::Probe);
        m_probePage->openResultDialog();
    });
    m_openProbeAction->setObjectName(QStringLiteral("openProbeResultAction"));
    file->addAction(tr("&Copy Array Spec"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C), this, &MainWindow::copySpec);
    file->addAction(tr("Save &Diagram as PNG..."), QKeySequence(Qt::CTRL | Qt::Key_E), this, &MainWindow::saveDiagram);
    file->addAction(tr("Save Simulation &Results as JSON..."), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_S),
        m_simulatePage, &SimulatePage::saveResultsAs);
    file->addAction(tr("Save &Probe Result as JSON..."), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_P), m_probePage,
        &ProbePage::saveResultAs);
    file->addAction(tr("Open &Traces..."), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O), this, [this] {
        setCurrentPage(PageId::Traces);
        m_tracesPage->openFilesDialog();
    });
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), standardKey(QKeySequence::Quit, Qt::CTRL | Qt::Key_Q), this, &QWidget::close);
    quit->setMenuRole(QAction::QuitRole);

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    m_viewMenu->addActions(m_pageActions->actions());
    createViewStyleActions(m_viewMenu);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&User Guide"), QKeySequence::HelpContents, this, &MainWindow::showGuide);
    help->addAction(tr("&Plugins..."), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_L), this, &MainWindow::showPlugins);
    help->addSeparator();
    help->addAction(tr("&About RaidScope"), this, &MainWindow::showAbout)->setMenuRole(QAction::AboutRole);
}

bool MainWindow::setCurrentPage(const QString& name)
{
    const PageInfo* info = findPage(name);
    if (info)
        setCurrentPage(info->id);
    return info;
}

void MainWindow::setCurrentPage(PageId id) { m_nav->setCurrentRow(pageIndex(id)); }

PageId MainWindow::currentPage() const { return pageTable()[std::size_t(m_stack->currentIndex())].id; }

QString MainWindow::currentPageName() const { return pageInfo(currentPage()).title.toString(); }

QWidget* MainWindow::page(const QString& name) const
{
    const PageInfo* info = findPage(name);
    return info ? page(info->id) : nullptr;
}

QWidget* MainWindow::page(PageId id) const { return m_pages.value(pageIndex(id)); }

void MainWindow::updateTitle()
{
    const QString spec = m_arrayPage->currentSpec();
    QString title = spec.isEmpty() ? QStringLiteral("RaidScope") : QStringLiteral("RaidScope — %1").arg(spec);
    if (!m_workspacePath.isEmpty())
        title = QFileInfo(m_workspacePath).fileName() + QStringLiteral(" — ") + title;
    setWindowTitle(title);
}

// Ctrl+Alt+O opens what the page shown works on: a probe result on the Probe page, a spec elsewhere.
void MainWindow::updateOpenShortcut()
{
    if (!m_openSpecAction)
        return;
    const bool probe = currentPage() == PageId::Probe;
    m_openSpecAction->setShortcut(probe ? QKeySequence() : kOpenPageFile);
    m_openProbeAction->setShortcut(probe ? kOpenPageFile : QKeySequence());
}

void MainWindow::updateCancelAction()
{
    bool running = false;
    if (QWidget* shown = m_pages.value(m_stack->currentIndex()))
        for (const JobBar* bar : shown->findChildren<JobBar*>())
            running = running || bar->runner()->isRunning();
    m_cancelJobAction->setEnabled(running);
}

void MainWindow::cancelPageJobs()
{
    if (QWidget* shown = m_pages.value(m_stack->currentIndex()))
        for (JobBar* bar : shown->findChildren<JobBar*>())
            bar->cancel(); // nothing when its job is not running
    updateCancelAction();
}

void MainWindow::restoreSettings()
{
    m_persist = true;
    QSettings s = settings();
    // Before show(): -qwindowgeometry is applied when the window is first shown, so it wins.
    restoreGeometry(s.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(s.value(QStringLiteral("window/state")).toByteArray());
    restoreSplitterStates(this, s, kSplitterGroup);
    const QString spec = s.value(QStringLiteral("array/spec")).toString();
    if (spec.isEmpty() || !m_arrayPage->setSpecText(spec)) // a plugin may have gone since: fall back to the demo
        m_arrayPage->setSpecText(demoSpec());
    const QString workload = s.value(QStringLiteral("simulate/workload")).toString();
    if (!workload.isEmpty())
        m_simulatePage->setWorkloadSpecText(workload);
    const QString sweep = s.value(QStringLiteral("simulate/sweep")).toString();
    if (!sweep.isEmpty())
        m_simulatePage->setSweepText(sweep);
    if (!setCurrentPage(s.value(QStringLiteral("window/page")).toString()))
        setCurrentPage(PageId::Array);
    markClean();
}

void MainWindow::saveSettings() const
{
    QSettings s = settings();
    s.setValue(QStringLiteral("window/geometry"), saveGeometry());
    s.setValue(QStringLiteral("window/state"), saveState());
    saveSplitterStates(this, s, kSplitterGroup);
    s.setValue(QStringLiteral("window/page"), pageInfo(currentPage()).key.toString());
    if (!m_arrayPage->currentSpec().isEmpty())
        s.setValue(QStringLiteral("array/spec"), m_arrayPage->currentSpec());
    s.setValue(QStringLiteral("simulate/workload"), m_simulatePage->workloadEditor()->specText());
    s.setValue(QStringLiteral("simulate/sweep"), m_simulatePage->sweepText());
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    if (m_persist)
        saveSettings();
    // A clean exit: nothing to recover at the next start.
    if (!m_autosavePath.isEmpty()) {
        m_autosaveTimer.stop();
        m_autosaveDelay.stop();
        QFile::remove(m_autosavePath);
        m_autosaved.clear();
    }
    QMainWindow::closeEvent(event);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (!droppedWorkspace(event->mimeData()).isEmpty()) {
        event->acceptProposedAction();
        return;
    }
    if (!m_probePage->isRunning() && !ProbePage::droppedFile(event->mimeData(), true).isEmpty())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    if (const QString workspace = droppedWorkspace(event->mimeData()); !workspace.isEmpty()) {
        event->acceptProposedAction();
        if (!maybeSave())
            return;
        QString error;
        if (openWorkspaceFile(workspace, &error))
            statusBar()->showMessage(tr("Opened %1").arg(workspace), 4000);
        else
            QMessageBox::warning(this, tr("Open Workspace"), error);
        return;
    }
    const QString path = ProbePage::droppedFile(event->mimeData(), true);
    if (path.isEmpty())
        return;
    event->acceptProposedAction();
    if (auto* study = qobject_cast<StudyPage*>(page(PageId::Study)); study && StudyPage::isStudyFile(path)) {
        setCurrentPage(PageId::Study);
        study->openResultJson(path, nullptr);
        return;
    }
    setCurrentPage(PageId::Probe); // a failure shows on the page's status line, where it is seen
    m_probePage->openResultJson(path);
}

void MainWindow::openSpecFile()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Array Spec"), QString(),
        tr("Array specs (*.txt *.spec *.json);;All files (*)"));
    if (path.isEmpty())
        return;
    QString readError; // an array spec is a line or a small JSON object: 1 MiB is plenty
    const auto whole = readWholeFile(path, inputcap::kPresetBytes, tr("an array spec"), &readError);
    if (!whole) {
        QMessageBox::warning(this, tr("Open Array Spec"), tr("Cannot read %1").arg(readError));
        return;
    }
    const QByteArray& bytes = *whole;
    QString text;
    if (bytes.trimmed().startsWith('{')) { // the JSON form
        QJsonParseError jsonError;
        const QJsonDocument doc = QJsonDocument::fromJson(bytes, &jsonError);
        QString error;
        const auto spec = doc.isObject() ? parseArraySpecJson(doc.object(), &error) : std::nullopt;
        if (!spec) {
            QMessageBox::warning(this, tr("Open Array Spec"),
                tr("%1: %2").arg(path, doc.isObject() ? error : jsonError.errorString()));
            return;
        }
        text = spec->toText();
    } else { // the text form: the first line that is not blank or a # comment
        for (const QString& line : QString::fromUtf8(bytes).split(u'\n')) {
            const QString t = line.trimmed();
            if (!t.isEmpty() && !t.startsWith(u'#')) {
                text = t;
                break;
            }
        }
    }
    setCurrentPage(PageId::Array);
    m_arrayPage->setSpecText(text);
}

void MainWindow::copySpec()
{
    const QString spec = m_arrayPage->currentSpec();
    QApplication::clipboard()->setText(spec);
    statusBar()->showMessage(tr("Copied: %1").arg(spec), 4000);
}

bool MainWindow::saveDiagramPng(const QString& path, QString* error) const
{
    QByteArray png;
    QBuffer buffer(&png);
    if (!buffer.open(QIODevice::WriteOnly) || !m_arrayPage->diagram()->grab().save(&buffer, "PNG")) {
        if (error)
            *error = tr("%1: the diagram could not be encoded as PNG").arg(path);
        return false;
    }
    return writeOutputFile(path, png, {}, error);
}

void MainWindow::saveDiagram()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Save Diagram as PNG"),
        QStringLiteral("raidscope-layout.png"), tr("PNG images (*.png)"));
    if (path.isEmpty())
        return;
    QString error;
    if (saveDiagramPng(path, &error))
        statusBar()->showMessage(tr("Saved %1").arg(path), 4000);
    else
        QMessageBox::warning(this, tr("Save Diagram"), error);
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About RaidScope"),
        tr("<h3>RaidScope %1</h3>"
           "<p>A workbench that looks inside disk arrays: how they are laid out, how they are probed, "
           "and why they are slow.</p>"
           "<p>Built on the work of:</p><ul>"
           "<li>T. E. Denehy, J. Bent, F. I. Popovici, A. C. Arpaci-Dusseau, R. H. Arpaci-Dusseau: "
           "<i>Deconstructing Storage Arrays</i> (Shear), University of Wisconsin–Madison TR 1506, 2004; ASPLOS 2004</li>"
           "<li>A. Merchant, G. A. Alvarez: <i>Disk Array Models in Minerva</i>, HP Laboratories HPL-2001-118, 2001</li>"
           "<li>A. S. Lebrecht, N. J. Dingle, W. J. Knottenbelt: <i>Modelling and Validation of Response Times "
           "in Zoned RAID</i>, Imperial College London</li>"
           "<li>Y. Li, T. Courtney, R. N. Ibbett, N. P. Topham: <i>Work in Progress: Performance Evaluation of "
           "RAID6 Systems</i> (SimRAID), FAST 2007 WiP</li>"
           "<li>Sun Microsystems: <i>Storage System Bottlenecks and Their Solutions</i>, whitepaper, 2005</li>"
           "</ul><p>Licensed under the GNU GPL v3 or later. Plots by QCustomPlot; built with Qt %2.</p>")
            .arg(QStringLiteral(RAIDSCOPE_VERSION), QString::fromLatin1(qVersion())));
}

void MainWindow::showGuide()
{
    if (!m_guide)
        m_guide = new GuideWindow(this);
    m_guide->showIndex();
    m_guide->show();
    m_guide->raise();
    m_guide->activateWindow();
}

void MainWindow::showPlugins()
{
    PluginsDialog dialog(LayoutRegistry::instance(), this);
    dialog.exec();
}

} // namespace raidscope::gui
