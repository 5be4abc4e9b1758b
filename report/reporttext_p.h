// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The report's HTML helpers and sections (reporthtml.cpp, reportsections.cpp); not installed.

#include "workspacereport.h"

#include <QSet>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <utility>
#include <vector>

namespace raidscope {

struct ProbeVerdict;
struct Workspace;

namespace report {

QString esc(const QString& text);
/// A number with `decimals` after the point, "–" when not finite.
QString fixed(double v, int decimals);
/// A whole number, digits only (a customer may search the report for a number or copy it).
QString count(std::uint64_t n);
QString ms(double v);
QString percent(double fraction, int decimals = 1);
QString bytes(std::uint64_t n);
/// "raid5" -> "RAID 5", "zigzag" -> "ZIG-ZAG striping".
QString schemeName(const QString& scheme);
/// "RAID 5 left-asymmetric, 4 disks, 16 KiB chunks".
QString verdictLine(const ProbeVerdict& v);
QString keyValues(const std::vector<std::pair<QString, QString>>& rows);
/// An italic note that a part of the work was not done.
QString notRun(const QString& what);
QString code(const QString& text);

/// A table: cells are HTML; columns in `numeric` are right-aligned.
struct Table
{
    struct Row
    {
        QStringList cells;
        bool bold = false;
    };
    QStringList header;
    std::vector<Row> rows;
    QSet<int> numeric;
    void add(QStringList cells, bool bold = false) { rows.push_back({ std::move(cells), bold }); }
    QString html() const;
};

/// Collects the images while the sections are written.
struct Builder
{
    std::vector<ReportImage> images;
    int figures = 0; ///< captions numbered in the order written: a section left out takes no number
    /// The <img> for `image` shown at `size` (CSS pixels), and its caption, "Figure N. ...", under it.
    QString image(const QString& name, const QImage& image, QSizeF size, const QString& caption = {});
};

// The sections, each starting with its <h2>.
QString arraySection(Builder& b, const Workspace& w);
QString simulationSection(Builder& b, const Workspace& w);
QString tracesSection(Builder& b, const Workspace& w);
QString advisorSection(const Workspace& w);
QString methodSection();

} // namespace report
} // namespace raidscope
