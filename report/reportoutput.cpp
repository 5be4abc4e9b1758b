// SPDX-License-Identifier: GPL-3.0-or-later
// The report as a file: a self-contained HTML page, or an A4 PDF laid out by QTextDocument.
#include "workspacereport.h"

#include "io/outputfile.h"

#include <QAbstractTextDocumentLayout>
#include <QBuffer>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextLayout>
#include <QTextTable>
#include <QLocale>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QTextDocument>
#include <QUrl>

namespace raidscope {
namespace {

// What QTextDocument understands of CSS, plus a width for browsers (QTextDocument ignores it).
const char kStyle[] = "body { font-family: 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif; font-size: 10pt; color: #222; "
                      "max-width: 780px; margin: 24px auto; }\n"
                      "h1 { font-size: 20pt; color: #1f3b5a; margin-bottom: 10px; }\n"
                      "h2 { font-size: 15pt; color: #1f3b5a; margin-top: 18px; margin-bottom: 6px; }\n"
                      "h3 { font-size: 11pt; color: #333; margin-top: 12px; margin-bottom: 4px; }\n"
                      "p { margin-top: 3px; margin-bottom: 5px; }\n"
                      "table.data { border-collapse: collapse; border-color: #b8c2cc; margin-top: 4px; margin-bottom: 6px; }\n"
                      "table.data td, table.data th { font-size: 9pt; border: 1px solid #b8c2cc; padding: 3px; }\n"
                      "table.kv td { font-size: 10pt; padding: 2px; vertical-align: top; }\n"
                      "tt { font-family: 'DejaVu Sans Mono', monospace; font-size: 9pt; }\n"
                      ".muted { color: #666; font-size: 9pt; }\n"
                      ".caption { font-size: 9pt; color: #444; margin-bottom: 10px; }\n"
                      ".notrun { color: #8a5a00; }\n"
                      ".refs { font-size: 9pt; }\n"
                      "img { max-width: 100%; height: auto; }\n";

QString documentWith(const WorkspaceReport& r, const QString& body)
{
    return QStringLiteral("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>") + r.title.toHtmlEscaped() + QStringLiteral(" – ")
        + r.workspaceName.toHtmlEscaped() + QStringLiteral("</title>\n<style>\n") + QLatin1String(kStyle)
        + QStringLiteral("</style></head>\n<body>\n") + body + QStringLiteral("\n</body></html>\n");
}

QString imageUrl(const QString& name) { return QStringLiteral("report-image:") + name; }

/// A heading, or a paragraph holding a figure (kept with its caption).
bool keepWithNext(const QTextBlock& block)
{
    if (block.blockFormat().headingLevel() > 0)
        return true;
    for (auto it = block.begin(); !it.atEnd(); ++it)
        if (it.fragment().charFormat().isImageFormat())
            return true;
    return false;
}

/// Where the block's first line starts in the document (a block pushed to the next page starts its
/// first line there, below its own top).
double firstLineTop(QTextDocument& doc, const QTextBlock& block)
{
    const QRectF rect = doc.documentLayout()->blockBoundingRect(block);
    const QTextLayout* layout = block.layout();
    if (layout && layout->lineCount() > 0)
        return rect.top() + layout->lineAt(0).y();
    return rect.top();
}

/// QTextDocument has no "keep with next": a heading or a figure whose next block begins on the
/// following page, or a heading over a short table that a page boundary would cut, is moved to the
/// next page by a page break before it, and the document laid out again.
void keepHeadingsWithText(QTextDocument& doc, double pageHeight)
{
    for (int pass = 0; pass < 200; ++pass) {
        bool moved = false;
        for (QTextBlock b = doc.begin(); b.isValid() && !moved; b = b.next()) {
            const QTextBlock next = b.next();
            if (!next.isValid() || !keepWithNext(b))
                continue;
            const double top = firstLineTop(doc, b);
            const int page = int(top / pageHeight);
            if (top - page * pageHeight < 1 || b.blockFormat().pageBreakPolicy() & QTextFormat::PageBreak_AlwaysBefore)
                continue; // already at the top of a page
            // A short table under a heading goes whole onto one page, with its heading.
            bool tableSplit = false;
            if (const QTextTable* table = QTextCursor(next).currentTable(); table && b.blockFormat().headingLevel() > 0) {
                const QRectF rect = doc.documentLayout()->frameBoundingRect(const_cast<QTextTable*>(table));
                tableSplit = rect.height() < 0.4 * pageHeight && int(rect.top() / pageHeight) != int(rect.bottom() / pageHeight);
            }
            if (tableSplit || int(firstLineTop(doc, next) / pageHeight) > page) {
                QTextBlockFormat format = b.blockFormat();
                format.setPageBreakPolicy(QTextFormat::PageBreak_AlwaysBefore);
                QTextCursor(b).setBlockFormat(format);
                moved = true;
            }
        }
        if (!moved)
            return;
    }
}

} // namespace

QString WorkspaceReport::documentHtml() const { return documentWith(*this, body); }

QByteArray WorkspaceReport::htmlBytes() const
{
    QString inlined = body;
    for (const ReportImage& image : images) {
        QByteArray png;
        QBuffer buffer(&png);
        buffer.open(QIODevice::WriteOnly);
        image.image.save(&buffer, "PNG");
        inlined.replace(QStringLiteral("\"") + imageUrl(image.name) + u'"',
            QStringLiteral("\"data:image/png;base64,") + QString::fromLatin1(png.toBase64()) + u'"');
    }
    return documentWith(*this, inlined).toUtf8();
}

bool writeReportHtml(const QString& path, const WorkspaceReport& report, const QStringList& inputs, QString* error)
{
    return writeOutputFile(path, report.htmlBytes(), inputs, error);
}

bool writeReportPdf(const QString& path, const WorkspaceReport& report, const QStringList& inputs, QString* error, int* pages)
{
    return writeOutputFile(path, inputs, [&](QIODevice& out, QString* why) {
        QPdfWriter pdf(&out);
        pdf.setResolution(300);
        pdf.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait, QMarginsF(18, 14, 18, 14), QPageLayout::Millimeter));
        pdf.setTitle(report.title + QStringLiteral(" – ") + report.workspaceName);
        pdf.setCreator(QStringLiteral("RaidScope " RAIDSCOPE_VERSION));

        QTextDocument doc;
        doc.documentLayout()->setPaintDevice(&pdf);
        doc.setDocumentMargin(0);
        for (const ReportImage& image : report.images)
            doc.addResource(QTextDocument::ImageResource, QUrl(imageUrl(image.name)), image.image);
        doc.setHtml(report.documentHtml());

        // Each page: a header line (title, workspace), the document's page, a footer (date, page i of n).
        const QRectF paper = pdf.pageLayout().paintRectPixels(pdf.resolution());
        const double mm = pdf.resolution() / 25.4;
        const double header = 9 * mm, footer = 9 * mm;
        const QSizeF body(paper.width(), paper.height() - header - footer);
        doc.setPageSize(body);
        keepHeadingsWithText(doc, body.height());
        const int count = doc.pageCount();

        QPainter p;
        if (!p.begin(&pdf)) {
            *why = path + QStringLiteral(": the PDF could not be started");
            return false;
        }
        QFont small;
        small.setPointSizeF(8);
        const QString date = QLocale::c().toString(report.date, QStringLiteral("d MMMM yyyy"));
        for (int i = 0; i < count; ++i) {
            if (i > 0)
                pdf.newPage();
            p.setFont(small);
            p.setPen(QColor(0x55, 0x55, 0x55));
            const QRectF top(0, 0, body.width(), header - 2.5 * mm);
            p.drawText(top, Qt::AlignLeft | Qt::AlignBottom, report.title);
            p.drawText(top, Qt::AlignRight | Qt::AlignBottom, report.workspaceName);
            p.setPen(QPen(QColor(0xb8, 0xc2, 0xcc), 0.3 * mm));
            p.drawLine(QPointF(0, header - 1.5 * mm), QPointF(body.width(), header - 1.5 * mm));

            p.save();
            p.translate(0, header - i * body.height());
            QAbstractTextDocumentLayout::PaintContext context;
            context.clip = QRectF(0, i * body.height(), body.width(), body.height());
            p.setClipRect(context.clip);
            doc.documentLayout()->draw(&p, context);
            p.restore();

            const QRectF bottom(0, header + body.height() + 2.5 * mm, body.width(), footer - 2.5 * mm);
            p.setPen(QPen(QColor(0xb8, 0xc2, 0xcc), 0.3 * mm));
            p.drawLine(QPointF(0, bottom.top() - 1 * mm), QPointF(body.width(), bottom.top() - 1 * mm));
            p.setPen(QColor(0x55, 0x55, 0x55));
            p.drawText(bottom, Qt::AlignLeft | Qt::AlignTop, QStringLiteral("RaidScope " RAIDSCOPE_VERSION " · ") + date);
            p.drawText(bottom, Qt::AlignRight | Qt::AlignTop, QObject::tr("page %1 of %2").arg(i + 1).arg(count));
        }
        if (!p.end()) {
            *why = path + QStringLiteral(": the PDF could not be finished");
            return false;
        }
        if (pages)
            *pages = count;
        return true;
    }, error);
}

} // namespace raidscope
