// SPDX-License-Identifier: GPL-3.0-or-later
#include "tableexport.h"

#include "io/outputfile.h"

#include <QAbstractItemModel>
#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QFileDialog>
#include <QItemSelectionModel>
#include <QMenu>
#include <QMessageBox>
#include <QTableView>

#include <algorithm>

namespace raidscope::gui {

namespace {

QString csvField(QString text)
{
    if (text.contains(u',') || text.contains(u'"') || text.contains(u'\n') || text.contains(u'\r'))
        return u'"' + text.replace(QStringLiteral("\""), QStringLiteral("\"\"")) + u'"';
    return text;
}

QString header(const QAbstractItemModel& model, int column)
{
    return model.headerData(column, Qt::Horizontal).toString().replace(u'\n', u' ');
}

} // namespace

QString tableCsv(const QAbstractItemModel& model)
{
    QStringList fields;
    for (int c = 0; c < model.columnCount(); ++c)
        fields << csvField(header(model, c));
    QString csv = fields.join(u',') + u'\n';
    for (int r = 0; r < model.rowCount(); ++r) {
        fields.clear();
        for (int c = 0; c < model.columnCount(); ++c)
            fields << csvField(model.index(r, c).data().toString());
        csv += fields.join(u',') + u'\n';
    }
    return csv;
}

QString tableText(const QAbstractItemModel& model, const QItemSelectionModel* selection)
{
    int top = 0, bottom = model.rowCount() - 1, left = 0, right = model.columnCount() - 1;
    const QModelIndexList picked = selection ? selection->selectedIndexes() : QModelIndexList();
    QStringList lines;
    if (picked.isEmpty()) { // the whole table, with its headers
        QStringList head;
        for (int c = left; c <= right; ++c)
            head << header(model, c);
        lines << head.join(u'\t');
    } else {
        top = model.rowCount(), bottom = -1, left = model.columnCount(), right = -1;
        for (const QModelIndex& i : picked) {
            top = std::min(top, i.row());
            bottom = std::max(bottom, i.row());
            left = std::min(left, i.column());
            right = std::max(right, i.column());
        }
    }
    for (int r = top; r <= bottom; ++r) {
        QStringList cells;
        for (int c = left; c <= right; ++c) {
            const QModelIndex i = model.index(r, c);
            cells << (picked.isEmpty() || picked.contains(i) ? i.data().toString().replace(u'\n', u' ') : QString());
        }
        lines << cells.join(u'\t');
    }
    return lines.join(u'\n') + u'\n';
}

void installTableExport(QTableView* table, const QString& suggestedName)
{
    table->setContextMenuPolicy(Qt::CustomContextMenu);
    QObject::connect(table, &QWidget::customContextMenuRequested, table, [table, suggestedName](const QPoint& at) {
        QMenu menu(table);
        menu.addAction(QObject::tr("Copy"), table, [table] {
            QApplication::clipboard()->setText(tableText(*table->model(), table->selectionModel()));
        });
        menu.addAction(QObject::tr("Export CSV…"), table, [table, suggestedName] {
            const QString path = QFileDialog::getSaveFileName(table, QObject::tr("Export Table"),
                QDir::current().filePath(suggestedName + QStringLiteral(".csv")), QObject::tr("CSV files (*.csv)"));
            if (path.isEmpty())
                return;
            QString error;
            if (!writeOutputFile(path, tableCsv(*table->model()).toUtf8(), {}, &error))
                QMessageBox::warning(table, QObject::tr("Export Table"), error);
        });
        menu.exec(table->viewport()->mapToGlobal(at));
    });
}

} // namespace raidscope::gui
