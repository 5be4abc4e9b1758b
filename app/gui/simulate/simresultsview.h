// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

#include <vector>

class QLabel;
class QTableWidget;
class QTabWidget;

namespace raidscope {
struct SimResult;
}

namespace raidscope::gui {

/// The numbers behind the plots: a summary of the run shown, a table with one row per finished run
/// (the points of a sweep), a table with one row per physical disk of the run shown and, for a run with
/// a failure, one row per stage.
class StageTable;

class SimResultsView : public QWidget
{
    Q_OBJECT
public:
    explicit SimResultsView(QWidget* parent = nullptr);

    void clear();
    /// Appends a finished run to the points table.
    void addPoint(const SimResult& result);
    /// Shows `result` (finished or partial) in the summary and the disks table.
    void showResult(const SimResult& result, bool partial);
    /// Selects row `index` of the points table without emitting pointSelected.
    void selectPoint(int index);

    QString summaryText() const;
    QTableWidget* pointsTable() const { return m_points; }
    QTableWidget* disksTable() const { return m_disks; }
    /// One row per stage of a run with a failure (fail=, or failed= with rebuild=).
    StageTable* stagesTable() const { return m_stages; }
    QTabWidget* tabs() const { return m_tabs; }

Q_SIGNALS:
    /// The user picked a row of the points table.
    void pointSelected(int index);

private:
    QLabel* m_summary = nullptr;
    QTabWidget* m_tabs = nullptr;
    QTableWidget* m_points = nullptr;
    QTableWidget* m_disks = nullptr;
    StageTable* m_stages = nullptr;
    int m_selecting = 0;
};

} // namespace raidscope::gui
