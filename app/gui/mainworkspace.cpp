// SPDX-License-Identifier: GPL-3.0-or-later
// MainWindow's workspace handling (issue #16 item 1): File > Open/Save Workspace, Open Recent,
// autosave to a recovery file. The pages save and restore their own state; this only collects it
// and hands it back.
#include "mainwindow.h"

#include "advisor/advisorpage.h"
#include "array/arraypage.h"
#include "models/modelspage.h"
#include "models/responsepanel.h"
#include "probe/probepage.h"
#include "simulate/simulatepage.h"
#include "study/studypage.h"
#include "traces/tracereplayview.h"
#include "traces/tracespage.h"

#include "io/outputfile.h"
#include "widgets/jobrunner.h"
#include "widgets/shortcuts.h"
#include "workspacereport.h"

#include <QAction>
#include <QApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFormLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QFileDialog>
#include <QFileInfo>
#include <QLockFile>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>

namespace raidscope::gui {
namespace {

constexpr int kMaxRecent = 8;
const QString kRecentKey = QStringLiteral("workspace/recent");

// The application's organisation and name, as MainWindow's settings (tests have their own).
QSettings recentSettings() { return QSettings(); }

QString fileFilter()
{
    return QObject::tr("RaidScope workspaces (*.%1);;All files (*)").arg(kWorkspaceSuffix);
}

} // namespace

// Here, where QLockFile is complete. The pages outlive this body (Qt deletes children afterwards) and
// some cancel their jobs as they go: no runner may call updateCancelAction() on a window whose members
// are gone (a page's job still running at close crashed the GUI tests now and then).
MainWindow::~MainWindow()
{
    for (QWidget* p : std::as_const(m_pages))
        for (JobRunner* runner : p->findChildren<JobRunner*>())
            runner->disconnect(this);
}

void MainWindow::createWorkspaceActions(QMenu* file)
{
    QAction* open = file->addAction(tr("&Open Workspace..."), QKeySequence::Open, this, &MainWindow::openWorkspaceDialog);
    open->setObjectName(QStringLiteral("openWorkspaceAction"));
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    m_recentMenu->setObjectName(QStringLiteral("recentWorkspacesMenu"));
    connect(m_recentMenu, &QMenu::aboutToShow, this, &MainWindow::fillRecentMenu);
    QAction* save = file->addAction(tr("&Save Workspace"), QKeySequence::Save, this, &MainWindow::saveWorkspace);
    save->setObjectName(QStringLiteral("saveWorkspaceAction"));
    QAction* saveAs = file->addAction(tr("Save Workspace &As..."), standardKey(QKeySequence::SaveAs, Qt::CTRL | Qt::SHIFT | Qt::Key_S),
        this, &MainWindow::saveWorkspaceAs);
    saveAs->setObjectName(QStringLiteral("saveWorkspaceAsAction"));
    QAction* report = file->addAction(tr("E&xport Report..."), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E), this,
        &MainWindow::exportReportDialog);
    report->setObjectName(QStringLiteral("exportReportAction"));
}

bool MainWindow::exportReportFile(const QString& path, QString* error)
{
    // What the pages hold now, as Save collects it: the report shows what the user sees, saved or not.
    const Workspace w = workspace();
    ReportOptions options;
    options.title = m_reportTitle;
    options.customer = m_reportCustomer;
    if (!m_workspacePath.isEmpty())
        options.workspaceName = QFileInfo(m_workspacePath).fileName();
    const WorkspaceReport report = buildWorkspaceReport(w, options);
    QStringList inputs = w.inputFiles();
    if (!m_workspacePath.isEmpty())
        inputs << m_workspacePath;
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == u"html" || suffix == u"htm")
        return writeReportHtml(path, report, inputs, error);
    return writeReportPdf(path, report, inputs, error);
}

void MainWindow::setReportDetails(const QString& title, const QString& customer)
{
    m_reportTitle = title.simplified();
    m_reportCustomer = customer.simplified();
}

void MainWindow::exportReportDialog()
{
    // The title and the customer first (kept for the next export), then the file.
    QDialog details(this);
    details.setWindowTitle(tr("Export Report"));
    details.setMinimumWidth(details.fontMetrics().averageCharWidth() * 60); // a title of a few words fits
    auto* form = new QFormLayout(&details);
    auto* title = new QLineEdit(m_reportTitle, &details);
    title->setObjectName(QStringLiteral("reportTitleEdit"));
    title->setPlaceholderText(tr("Disk array report"));
    auto* customer = new QLineEdit(m_reportCustomer, &details);
    customer->setObjectName(QStringLiteral("reportCustomerEdit"));
    customer->setPlaceholderText(tr("not shown"));
    title->setMaxLength(int(ReportOptions::kMaxLineChars));
    customer->setMaxLength(int(ReportOptions::kMaxLineChars));
    form->addRow(tr("&Title:"), title);
    form->addRow(tr("Prepared &for:"), customer);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &details);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Choose File..."));
    connect(buttons, &QDialogButtonBox::accepted, &details, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &details, &QDialog::reject);
    form->addRow(buttons);
    if (details.exec() != QDialog::Accepted)
        return;
    setReportDetails(title->text(), customer->text());
    const QString pdfFilter = tr("PDF (*.pdf)");
    const QString htmlFilter = tr("HTML, one self-contained file (*.html)");
    const QFileInfo saved(m_workspacePath);
    const QString start = m_workspacePath.isEmpty() ? tr("report.pdf") : saved.dir().filePath(saved.completeBaseName() + QStringLiteral(".pdf"));
    QString filter = pdfFilter;
    QString path = QFileDialog::getSaveFileName(this, tr("Export Report"), start, pdfFilter + QStringLiteral(";;") + htmlFilter, &filter);
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += filter == htmlFilter ? QStringLiteral(".html") : QStringLiteral(".pdf");
    QString error;
    QApplication::setOverrideCursor(Qt::WaitCursor); // drawing and laying out take under a second
    const bool ok = exportReportFile(path, &error);
    QApplication::restoreOverrideCursor();
    if (ok)
        statusBar()->showMessage(tr("Exported the report to %1").arg(path), 4000);
    else
        QMessageBox::warning(this, tr("Export Report"), error);
}

Workspace MainWindow::workspace() const
{
    Workspace w;
    w.page = pageInfo(currentPage()).key.toString();
    w.array = m_arrayPage->saveState();
    w.arrayUnderStudy = studiedArray();
    w.probe = m_probePage->saveState();
    w.simulate = m_simulatePage->saveState();
    w.traces = m_tracesPage->saveState();
    if (auto* advisor = qobject_cast<AdvisorPage*>(page(PageId::Advisor)))
        w.advisor = advisor->saveState();
    if (auto* models = qobject_cast<ModelsPage*>(page(PageId::Models)))
        w.models = models->saveState();
    if (auto* study = qobject_cast<StudyPage*>(page(PageId::Study)))
        w.study = study->saveState();
    return w;
}

QString MainWindow::busyPage() const
{
    auto* models = qobject_cast<ModelsPage*>(page(PageId::Models));
    if (m_probePage->isRunning())
        return pageInfo(PageId::Probe).title.toString();
    if (m_simulatePage->isRunning())
        return pageInfo(PageId::Simulate).title.toString();
    if (m_tracesPage->isRunning() || m_tracesPage->replayView()->isRunning())
        return pageInfo(PageId::Traces).title.toString();
    if (models && models->responsePanel()->isRunning())
        return pageInfo(PageId::Models).title.toString();
    if (auto* study = qobject_cast<StudyPage*>(page(PageId::Study)); study && study->isRunning())
        return pageInfo(PageId::Study).title.toString();
    return {};
}

bool MainWindow::applyWorkspace(const Workspace& w, QString* error)
{
    if (const QString busy = busyPage(); !busy.isEmpty()) {
        if (error)
            *error = tr("the %1 page is running a job: cancel it first").arg(busy);
        return false;
    }
    QStringList problems;
    QString why;
    auto note = [&](bool ok) {
        if (!ok)
            problems << why;
        why.clear();
    };
    // Every page as saved; the array under study last, which no page then takes (each holds what
    // the file saved, and its banner says whether that is the array under study).
    ++m_syncingSpecs;
    if (w.array)
        note(m_arrayPage->restoreState(*w.array, &why));
    if (w.simulate)
        note(m_simulatePage->restoreState(*w.simulate, &why));
    if (w.probe)
        note(m_probePage->restoreState(*w.probe, &why));
    if (w.traces)
        note(m_tracesPage->restoreState(*w.traces, &why));
    if (auto* advisor = qobject_cast<AdvisorPage*>(page(PageId::Advisor)); advisor && w.advisor)
        note(advisor->restoreState(*w.advisor, &why));
    if (auto* models = qobject_cast<ModelsPage*>(page(PageId::Models)); models && w.models)
        note(models->restoreState(*w.models, &why));
    if (auto* study = qobject_cast<StudyPage*>(page(PageId::Study)); study && w.study)
        note(study->restoreState(*w.study, &why));
    --m_syncingSpecs;
    setStudiedArrayFromWorkspace(w);
    if (!setCurrentPage(w.page)) // a page this build does not have
        setCurrentPage(PageId::Array);
    if (!problems.isEmpty() && error)
        *error = problems.join(u'\n');
    return problems.isEmpty();
}

bool MainWindow::saveWorkspaceFile(const QString& path, QString* error)
{
    const Workspace w = workspace();
    if (!writeWorkspaceFile(path, w, error))
        return false;
    m_workspacePath = path;
    m_cleanBytes = comparableBytes();
    addRecent(path);
    updateTitle();
    return true;
}

bool MainWindow::openWorkspaceFile(const QString& path, QString* error)
{
    const auto w = readWorkspaceFile(path, error);
    if (!w)
        return false;
    if (const QString busy = busyPage(); !busy.isEmpty()) {
        if (error)
            *error = tr("%1: the %2 page is running a job: cancel it first").arg(path, busy);
        return false;
    }
    m_workspacePath = path;
    addRecent(path);
    const bool ok = applyWorkspace(*w, error);
    markClean(); // as the pages show it (what they refused is not a change of the user's)
    updateTitle();
    scheduleAutosave();
    if (!ok && error)
        *error = tr("%1 is open, but not all of it could be shown:\n%2").arg(path, *error);
    return ok;
}

void MainWindow::openWorkspaceDialog()
{
    if (!maybeSave())
        return;
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Workspace"),
        m_workspacePath.isEmpty() ? QString() : QFileInfo(m_workspacePath).path(), fileFilter());
    if (path.isEmpty())
        return;
    QString error;
    if (openWorkspaceFile(path, &error))
        statusBar()->showMessage(tr("Opened %1").arg(path), 4000);
    else
        QMessageBox::warning(this, tr("Open Workspace"), error);
}

void MainWindow::saveWorkspace()
{
    if (m_workspacePath.isEmpty()) {
        saveWorkspaceAs();
        return;
    }
    QString error;
    if (saveWorkspaceFile(m_workspacePath, &error))
        statusBar()->showMessage(tr("Saved %1").arg(m_workspacePath), 4000);
    else
        QMessageBox::warning(this, tr("Save Workspace"), error);
}

void MainWindow::saveWorkspaceAs()
{
    QString path = QFileDialog::getSaveFileName(this, tr("Save Workspace As"),
        m_workspacePath.isEmpty() ? QStringLiteral("workspace.%1").arg(kWorkspaceSuffix) : m_workspacePath, fileFilter());
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".") + kWorkspaceSuffix.toString();
    QString error;
    if (saveWorkspaceFile(path, &error))
        statusBar()->showMessage(tr("Saved %1").arg(path), 4000);
    else
        QMessageBox::warning(this, tr("Save Workspace"), error);
}

void MainWindow::addRecent(const QString& path)
{
    if (!m_persist) // tests and one-off windows leave the user's list alone
        return;
    QSettings s = recentSettings();
    QStringList recent = s.value(kRecentKey).toStringList();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    recent.removeAll(absolute);
    recent.prepend(absolute);
    s.setValue(kRecentKey, recent.mid(0, kMaxRecent));
}

void MainWindow::fillRecentMenu()
{
    m_recentMenu->clear();
    const QStringList recent = recentSettings().value(kRecentKey).toStringList();
    int n = 0;
    for (const QString& path : recent) {
        if (!QFileInfo::exists(path))
            continue;
        QAction* a = m_recentMenu->addAction(QStringLiteral("&%1 %2").arg(++n).arg(QFileInfo(path).fileName()));
        a->setToolTip(path);
        a->setStatusTip(path);
        connect(a, &QAction::triggered, this, [this, path] {
            if (!maybeSave())
                return;
            QString error;
            if (!openWorkspaceFile(path, &error))
                QMessageBox::warning(this, tr("Open Workspace"), error);
        });
    }
    if (n == 0)
        m_recentMenu->addAction(tr("(none)"))->setEnabled(false);
    m_recentMenu->addSeparator();
    m_recentMenu->addAction(tr("Clear List"), this, [] { recentSettings().remove(kRecentKey); });
}

// -- unsaved changes ------------------------------------------------------------------------------

QByteArray MainWindow::comparableBytes() const
{
    Workspace w = workspace();
    w.page.clear(); // showing another page is not a change worth a question
    return workspaceBytes(w);
}

bool MainWindow::hasUnsavedChanges() const { return comparableBytes() != m_cleanBytes; }

void MainWindow::markClean() { m_cleanBytes = comparableBytes(); }

bool MainWindow::maybeSave()
{
    if (!m_confirmUnsaved || !hasUnsavedChanges())
        return true;
    const auto answer = QMessageBox::question(this, tr("Unsaved Changes"),
        m_workspacePath.isEmpty()
            ? tr("The pages hold inputs or results that are not saved in a workspace. Save them?")
            : tr("%1 has changes that are not saved. Save them?").arg(QFileInfo(m_workspacePath).fileName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Discard)
        return true;
    if (answer != QMessageBox::Save)
        return false;
    saveWorkspace(); // asks for a name when there is none yet; a refusal leaves the changes
    return !hasUnsavedChanges();
}

// -- autosave and recovery ------------------------------------------------------------------------

QString MainWindow::recoveryPath(const QString& dir)
{
    return QDir(dir).filePath(QStringLiteral("recovery.") + kWorkspaceSuffix.toString());
}

bool MainWindow::enableAutosave(const QString& dir)
{
    if (!m_autosavePath.isEmpty())
        return m_autosavePath == recoveryPath(dir);
    if (!QDir().mkpath(dir))
        return false;
    // One RaidScope autosaves per folder: a second one running at the same time would overwrite
    // the first one's recovery file (and remove it on its exit).
    auto lock = std::make_unique<QLockFile>(QDir(dir).filePath(QStringLiteral("recovery.lock")));
    lock->setStaleLockTime(0);
    if (!lock->tryLock(0))
        return false;
    m_autosaveLock = std::move(lock);
    m_autosavePath = recoveryPath(dir);
    m_autosaveTimer.setInterval(kAutosaveIntervalMs);
    m_autosaveDelay.setSingleShot(true);
    m_autosaveDelay.setInterval(kAutosaveDelayMs);
    connect(&m_autosaveTimer, &QTimer::timeout, this, [this] { autosaveNow(); });
    connect(&m_autosaveDelay, &QTimer::timeout, this, [this] { autosaveNow(); });
    m_autosaveTimer.start();
    // Changes worth keeping: a spec accepted, a job's results, a file opened.
    connect(m_arrayPage, &ArrayPage::specChanged, this, &MainWindow::scheduleAutosave);
    connect(m_simulatePage, &SimulatePage::jobFinished, this, &MainWindow::scheduleAutosave);
    connect(m_probePage, &ProbePage::probeFinished, this, &MainWindow::scheduleAutosave);
    connect(m_probePage, &ProbePage::resultOpened, this, &MainWindow::scheduleAutosave);
    connect(m_tracesPage, &TracesPage::summaryFinished, this, &MainWindow::scheduleAutosave);
    connect(m_tracesPage->replayView(), &TraceReplayView::finished, this, &MainWindow::scheduleAutosave);
    if (auto* study = qobject_cast<StudyPage*>(page(PageId::Study)))
        connect(study, &StudyPage::jobFinished, this, &MainWindow::scheduleAutosave);
    return true;
}

void MainWindow::scheduleAutosave()
{
    if (!m_autosavePath.isEmpty())
        m_autosaveDelay.start(); // restarts: one write after a burst of changes
}

bool MainWindow::autosaveNow(QString* error)
{
    if (m_autosavePath.isEmpty())
        return false;
    const Workspace w = workspace();
    const QByteArray bytes = workspaceBytes(w);
    if (bytes == m_autosaved)
        return true;
    QString why;
    if (!writeOutputFile(m_autosavePath, bytes, w.inputFiles(), &why)) {
        statusBar()->showMessage(tr("Autosave failed: %1").arg(why), 8000);
        if (error)
            *error = why;
        return false;
    }
    m_autosaved = bytes;
    return true;
}

} // namespace raidscope::gui
