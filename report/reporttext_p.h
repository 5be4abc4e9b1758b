// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The report's HTML helpers and sections (reporthtml.cpp, reportsections.cpp); not installed.

#include "workspacereport.h"

#include "probe/verdictstatement.h"

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
/// A number with `decimals` after the point and thousands separators ("1,234.5"), "–" when not finite.
QString fixed(double v, int decimals);
/// A whole number with thousands separators, "9,984" (the workbench's tables group digits too).
QString count(std::uint64_t n);
QString ms(double v);
QString percent(double fraction, int decimals = 1);
QString bytes(std::uint64_t n);
/// "raid5" -> "RAID 5", "zigzag" -> "ZIG-ZAG striping".
QString schemeName(const QString& scheme);
/// "RAID 5 left-asymmetric, 4 disks, 16 KiB chunks".
QString verdictLine(const ProbeVerdict& v);
QString keyValues(const std::vector<std::pair<QString, QString>>& rows);
QString code(const QString& text);
/// Absolute and relative file paths cut to their file names ("/dev/md0 (block device)" ->
/// "md0 (block device)"): a report goes to a customer, the consultant's folders stay home.
QString withoutPaths(const QString& text);
/// An array spec in words: "raid10 layout=far disks=5 copies=4 chunk=64KiB" -> "RAID 10 far, 5 disks,
/// 4 copies, 64 KiB chunks".
QString describeSpec(const QString& spec);

/// One layout of the class of layouts that read alike: core's (probe/verdictstatement.h), so the
/// report, the Probe page and the CLI order and count a class the same way.
using ClassMember = LayoutClassMember;
/// The verdict's layout and its equivalents as distinct layouts, the most common first (a stable
/// order by rank: md's default, mirrors, RAID 6 and RAID 0, other RAID 5, RAID 10 far/offset, RAID 4, ...).
std::vector<ClassMember> lookAlikeClass(const ProbeVerdict& v);
/// The order's rule in words, as the report states it.
QString classOrderNote();
/// The summary: the array or its class, its findings, the other work done, what was not determined.
QString executiveSummary(const Workspace& w);

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

// The sections, each starting with its <h2>; empty when the workspace holds nothing of it.
QString arraySection(Builder& b, const Workspace& w);
QString simulationSection(Builder& b, const Workspace& w);
QString tracesSection(Builder& b, const Workspace& w);
QString advisorSection(const Workspace& w);
QString methodSection(const Workspace& w);

} // namespace report
} // namespace raidscope
