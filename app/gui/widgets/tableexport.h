// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

class QAbstractItemModel;
class QItemSelectionModel;
class QTableView;

namespace raidscope::gui {

/// The table as CSV (RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled;
/// line breaks inside headers become spaces), the header row first, every row and column.
QString tableCsv(const QAbstractItemModel& model);
/// The selected cells (all of them when none are selected) as tab-separated lines, for pasting into a
/// spreadsheet.
QString tableText(const QAbstractItemModel& model, const QItemSelectionModel* selection);

/// Right-click on `table`: Copy (the selection or the whole table) and Export CSV… (through core's
/// writeOutputFile(): atomic, never over an input). `suggestedName` without extension.
void installTableExport(QTableView* table, const QString& suggestedName);

} // namespace raidscope::gui
