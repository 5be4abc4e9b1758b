// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "pages.h"

#include <QList>
#include <QMainWindow>

class QAction;
class QActionGroup;
class QListWidget;
class QStackedWidget;

namespace raidscope::gui {

class ArrayPage;
class ProbePage;
class SimulatePage;
class TracesPage;

/// The workbench window: only assembles the pages (a navigation list and a stack), the menus
/// and the saved settings. Each page does its own work.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);

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

    /// Restores geometry, state, page and array from QSettings and saves them again on close.
    void restoreSettings();
    void saveSettings() const;

    /// Saves the layout diagram as a PNG (atomically, core's writeOutputFile()); false and why
    /// when the file cannot be written.
    bool saveDiagramPng(const QString& path, QString* error = nullptr) const;

protected:
    void closeEvent(QCloseEvent* event) override;
    /// A probe result (.json) dropped anywhere but on a page that takes it opens on the Probe page.
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void addPage(const PageInfo& info);
    void createMenus();
    void openSpecFile();
    void copySpec();
    void saveDiagram();
    void showAbout();
    void showPlugins();
    void updateTitle();
    void updateOpenShortcut();

    QListWidget* m_nav = nullptr;
    QList<QWidget*> m_pages; // the pages themselves in pageTable() order, each inside a scroll area in m_stack
    QStackedWidget* m_stack = nullptr;
    ArrayPage* m_arrayPage = nullptr;
    SimulatePage* m_simulatePage = nullptr;
    ProbePage* m_probePage = nullptr;
    TracesPage* m_tracesPage = nullptr;
    int m_syncingSpecs = 0; // > 0 while one page's array spec is handed to the other
    QActionGroup* m_pageActions = nullptr;
    QAction* m_openSpecAction = nullptr;
    QAction* m_openProbeAction = nullptr;
    QMenu* m_viewMenu = nullptr;
    bool m_persist = false;
};

} // namespace raidscope::gui
