// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDateTime>
#include <QImage>
#include <QSizeF>
#include <QString>
#include <QStringList>

#include <vector>

namespace raidscope {

struct Workspace;

/// What the report says about itself on its first page and in every page's header.
struct ReportOptions
{
    /// The longest title or customer line, in characters: it heads every page, and a longer one
    /// would be cut or wrapped there (#52: refused, not shortened).
    static constexpr qsizetype kMaxLineChars = 200;
    QString title; ///< empty: "Disk array report"
    QString customer; ///< who the report is for, on its first page; empty: not shown
    QString workspaceName; ///< the workspace file's name; empty: "Unsaved workspace"
    QDateTime date; ///< invalid: now
};

/// An image of the report: `name` is referred to as `report-image:NAME` in the HTML; `size` is
/// its size on the page in CSS pixels (1/96 inch); the image holds 3x as many pixels.
struct ReportImage
{
    QString name;
    QImage image;
    QSizeF size;
};

/// A report of a workspace for a customer (issue #16 item 3, #54 item 6): an executive summary (the
/// array, or the class of layouts that read alike; its findings; what could not be determined and
/// why), the probe's evidence (pattern, boundaries, pairs, redundancy, the layout drawn), the
/// simulations, the traces and their replay, the advisor's recommendation and the method with the
/// papers cited. Built only from what the workspace holds: a part of the work that has no result is
/// left out, never filled in nor listed as not run; no local path is printed.
///
/// The HTML is the subset QTextDocument lays out (headings, paragraphs, tables, images), so the
/// same text makes the PDF and the HTML file.
struct WorkspaceReport
{
    QString title;
    QString customer;
    QString workspaceName;
    QDateTime date;
    QString body; ///< <body> content; images as <img src="report-image:NAME">
    std::vector<ReportImage> images;

    /// A self-contained HTML document: the images inline as data: URIs (base64 PNG), so the one
    /// file can be mailed or opened anywhere.
    QByteArray htmlBytes() const;
    /// The document for QTextDocument: the images under their report-image: names.
    QString documentHtml() const;
};

/// Draws the plots and writes the text. Needs a QGuiApplication (fonts): the offscreen platform
/// serves where there is no display.
WorkspaceReport buildWorkspaceReport(const Workspace& workspace, const ReportOptions& options);

/// Writes htmlBytes() atomically (core's writeOutputFile()), never over one of `inputs`; false and
/// one line naming the path.
bool writeReportHtml(const QString& path, const WorkspaceReport& report, const QStringList& inputs, QString* error);

/// Writes the report as an A4 PDF (QPdfWriter): every page headed by the title and workspace and
/// footed by the date and "page i of n". Atomically, never over one of `inputs`; false and one
/// line naming the path. `pages` (optional) receives the page count.
bool writeReportPdf(const QString& path, const WorkspaceReport& report, const QStringList& inputs, QString* error,
                    int* pages = nullptr);

} // namespace raidscope
