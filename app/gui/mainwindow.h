// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "pages.h"
#include "workspace/workspace.h"

#include <QList>
#include <QKeySequence>
#include <QMainWindow>
#include <QTimer>

#include <memory>

class QAction;
class QActionGroup;
class QListWidget;
class QLockFile;
class QStackedWidget;

namespace raidscope::gui {

class ArrayPage;
class GuideWindow;
class ProbePage;
class SimulatePage;
class StudiedArray;
class StudiedArrayBanner;
class TracesPage;

/// The workbench window: only assembles the pages (a navigation list and a stack), the menus
/// and the saved settings. Each page does its own work.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    /// The pages' titles in the order shown (pageTable()): "Array", "Probe", ...
    static QStringList pageNames();
    /// The array shown when nothing is saved: RAID-5 left-asymmetric on 4 disks, or RAID-0 without raid5.
    static QString demoSpec();

    /// A page's key or title, ignoring case ("probe", "Probe"); false when there is no such page.
    bool setCurrentPage(const QString& name);
    void setCurrentPage(PageId id);
    PageId currentPage() const;
    /// The title of the page shown.
    QString currentPageName() const;
    QWidget* page(const QString& name) const;
    QWidget* page(PageId id) const;
    ArrayPage* arrayPage() const { return m_arrayPage; }
    SimulatePage* simulatePage() const { return m_simulatePage; }
    ProbePage* probePage() const { return m_probePage; }
    TracesPage* tracesPage() const { return m_tracesPage; }

    /// The array under study (#54 item 1): the Array page's, a probe verdict's or a workspace's;
    /// every page that simulates starts from it and says whether it uses it.
    const ArrayUnderStudy& studiedArray() const;
    StudiedArray* studiedArrayObject() const;
    /// Makes the Probe page's verdict the array under study (its slow and failed members, its disk
    /// model); false and why when there is none or it identified no layout (asked in a message box
    /// when `error` is null).
    bool useProbeVerdictAsStudiedArray(QString* error = nullptr);

    /// Restores geometry, state, page and array from QSettings and saves them again on close.
    void restoreSettings();
    void saveSettings() const;

    /// Saves the layout diagram as a PNG (atomically, core's writeOutputFile()); false and why
    /// when the file cannot be written.
    bool saveDiagramPng(const QString& path, QString* error = nullptr) const;

    // Workspaces (docs/workspace.md): every page's inputs and results in one file. The window only
    // collects the pages' saveState() and hands each its part through restoreState().

    /// What every page holds now, and the page shown.
    Workspace workspace() const;
    /// Gives each page its part of `workspace` (nothing is run again) and shows its page. False
    /// when a job is running (nothing is changed then) or a page refused part of it (the rest is
    /// shown); why in `error`, one line per page.
    bool applyWorkspace(const Workspace& workspace, QString* error);
    /// Writes workspace() to `path` atomically and makes it the window's file; false and why.
    bool saveWorkspaceFile(const QString& path, QString* error);
    /// Reads `path` and applies it; false and why (a file that does not read changes nothing).
    bool openWorkspaceFile(const QString& path, QString* error);
    /// The workspace file the window shows (saved to or opened from); empty when none.
    QString workspacePath() const { return m_workspacePath; }

    /// File > Export Report (report/, issue #16 item 3): workspace() as a customer report, a PDF, or
    /// one self-contained HTML file when `path` ends in .html or .htm; atomically, never over the
    /// workspace file or one of its inputs. False and why.
    bool exportReportFile(const QString& path, QString* error);
    /// The report's title and who it is for (#54 item 6), as the export dialog last set them.
    void setReportDetails(const QString& title, const QString& customer);

    /// Autosaves to `dir`/recovery.raidscope every kAutosaveIntervalMs and kAutosaveDelayMs after a
    /// change, removed on a clean exit (closeEvent). Off until called: tests and the CLI write
    /// nothing. False when another RaidScope holds the folder's lock (this one then does not autosave).
    bool enableAutosave(const QString& dir);
    /// The recovery file of `dir`, whether or not it exists.
    static QString recoveryPath(const QString& dir);
    /// Writes the recovery file now (when autosave is on and something changed since the last one).
    bool autosaveNow(QString* error = nullptr);
    static constexpr int kAutosaveIntervalMs = 3 * 60 * 1000;
    static constexpr int kAutosaveDelayMs = 5000;
    /// Open Spec (Open Probe Result on the Probe page): Ctrl+Alt+O; Ctrl+O opens a workspace.
    static const QKeySequence kOpenPageFile;

    /// Whether the pages' inputs or results differ from what was last saved or opened (or what the
    /// window started with): workspaceBytes() of workspace() compared, the page shown left out.
    bool hasUnsavedChanges() const;
    /// Takes what the pages hold now as saved (restoreSettings(), a save and an open call it).
    void markClean();
    /// Closing the window or opening another workspace with unsaved changes asks Save / Discard /
    /// Cancel. Off until called, as autosave: tests and scripted runs never block on the question;
    /// main.cpp turns it on unless RAIDSCOPE_NO_PROMPTS=1 or the platform has no display.
    void setConfirmUnsaved(bool on) { m_confirmUnsaved = on; }
    bool confirmUnsaved() const { return m_confirmUnsaved; }
    /// Asks about unsaved changes when confirmUnsaved() and there are some; false when the user
    /// cancelled (or the save they asked for did not happen).
    bool maybeSave();

    /// QSettings keys of View > Presentation (bool) and View > Colors ("system", "light", "dark").
    static const QString kPresentationKey;
    static const QString kColorSchemeKey;
    /// Below this many average characters of width the page list shows icons only.
    static constexpr int kNarrowWindowChars = 120;

protected:
    void closeEvent(QCloseEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;
    /// A probe result (.json) dropped anywhere but on a page that takes it opens on the Probe page.
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createWorkspaceActions(QMenu* file);
    void openWorkspaceDialog();
    void saveWorkspace();
    void saveWorkspaceAs();
    void exportReportDialog();
    void fillRecentMenu();
    void addRecent(const QString& path);
    void scheduleAutosave();
    /// The page busy with a job ("Probe"), or an empty string.
    QString busyPage() const;
    void addPage(const PageInfo& info);
    void connectStudiedArray();
    void setStudiedArrayFromWorkspace(const Workspace& w);
    void createMenus();
    void createViewStyleActions(QMenu* view); // mainview.cpp
    void syncViewStyle();
    void updatePageIcons();
    void updateNavWidth();
    void openSpecFile();
    void copySpec();
    void saveDiagram();
    void showAbout();
    void showPlugins();
    void showGuide();
    void updateTitle();
    void updateOpenShortcut();
    void updateCancelAction();
    void cancelPageJobs();
    QByteArray comparableBytes() const;

    QListWidget* m_nav = nullptr;
    QList<QWidget*> m_pages; // the pages themselves in pageTable() order, each inside a scroll area in m_stack
    QStackedWidget* m_stack = nullptr;
    ArrayPage* m_arrayPage = nullptr;
    SimulatePage* m_simulatePage = nullptr;
    ProbePage* m_probePage = nullptr;
    TracesPage* m_tracesPage = nullptr;
    int m_syncingSpecs = 0; // > 0 while the Array page is set from the array under study (or a workspace)
    StudiedArray* m_studied = nullptr;
    QList<StudiedArrayBanner*> m_banners;
    QActionGroup* m_pageActions = nullptr;
    QAction* m_openSpecAction = nullptr;
    QAction* m_openProbeAction = nullptr;
    GuideWindow* m_guide = nullptr; // made on the first F1
    QMenu* m_viewMenu = nullptr;
    QAction* m_presentationAction = nullptr;
    QActionGroup* m_colorActions = nullptr;
    bool m_persist = false;
    QAction* m_cancelJobAction = nullptr; ///< Esc: cancels the jobs running on the page shown
    bool m_confirmUnsaved = false;
    QByteArray m_cleanBytes; ///< comparableBytes() when last saved, opened or started

    QString m_workspacePath;
    QString m_reportTitle;    ///< empty: the report's default title
    QString m_reportCustomer; ///< empty: no "Prepared for" line
    QMenu* m_recentMenu = nullptr;
    QString m_autosavePath; ///< empty: autosave off
    std::unique_ptr<QLockFile> m_autosaveLock;
    QByteArray m_autosaved; ///< what the recovery file holds, to write only after a change
    QTimer m_autosaveTimer; ///< every kAutosaveIntervalMs
    QTimer m_autosaveDelay; ///< single shot, kAutosaveDelayMs after a change
};

} // namespace raidscope::gui
