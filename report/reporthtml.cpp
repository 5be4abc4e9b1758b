// SPDX-License-Identifier: GPL-3.0-or-later
// The report's text: one section per page of the workbench, from what the workspace holds.
#include "workspacereport.h"

#include "reportcharts.h"
#include "reporttext_p.h"

#include "units.h"
#include "workspace/workspace.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QLocale>

#include <algorithm>
#include <cmath>

namespace raidscope {
namespace report {

QString esc(const QString& text) { return text.toHtmlEscaped(); }

namespace {
// English digit grouping and a decimal point whatever the machine's locale: the report reads the
// same wherever it is made (the workbench groups digits in its own locale).
const QLocale& numbers()
{
    static const QLocale locale(QLocale::English, QLocale::UnitedStates);
    return locale;
}
} // namespace

QString fixed(double v, int decimals)
{
    if (!std::isfinite(v))
        return QStringLiteral("–");
    return numbers().toString(v, 'f', decimals);
}

QString count(std::uint64_t n) { return numbers().toString(qulonglong(n)); }

QString ms(double v) { return fixed(v, v >= 100 ? 1 : 2) + QStringLiteral(" ms"); }

QString percent(double fraction, int decimals) { return fixed(100 * fraction, decimals) + QStringLiteral(" %"); }

QString bytes(std::uint64_t n) { return formatBytesHuman(n); }

QString schemeName(const QString& scheme) { return layoutSchemeName(scheme); }

QString Table::html() const
{
    QString h = QStringLiteral("<table class=\"data\" width=\"100%\" cellspacing=\"0\" cellpadding=\"3\" border=\"1\">");
    if (!header.isEmpty()) {
        h += QStringLiteral("<thead><tr>");
        for (const QString& c : header)
            h += QStringLiteral("<th bgcolor=\"#e8edf3\" align=\"left\">") + esc(c) + QStringLiteral("</th>");
        h += QStringLiteral("</tr></thead>");
    }
    for (const Row& r : rows) {
        h += QStringLiteral("<tr>");
        for (int i = 0; i < r.cells.size(); ++i) {
            const bool number = numeric.contains(i);
            h += (number ? QStringLiteral("<td align=\"right\">") : QStringLiteral("<td>"))
                + (r.bold ? QStringLiteral("<b>") + r.cells[i] + QStringLiteral("</b>") : r.cells[i]) + QStringLiteral("</td>");
        }
        h += QStringLiteral("</tr>");
    }
    return h + QStringLiteral("</table>");
}

/// Two columns, a name and its value (already HTML).
QString keyValues(const std::vector<std::pair<QString, QString>>& rows)
{
    QString h = QStringLiteral("<table class=\"kv\" cellspacing=\"0\" cellpadding=\"2\">");
    for (const auto& [k, v] : rows)
        h += QStringLiteral("<tr><td class=\"key\" width=\"32%\"><b>") + esc(k) + QStringLiteral("</b></td><td>") + v
            + QStringLiteral("</td></tr>");
    return h + QStringLiteral("</table>");
}

QString code(const QString& text) { return QStringLiteral("<tt>") + esc(text) + QStringLiteral("</tt>"); }

QString Builder::image(const QString& name, const QImage& image, QSizeF size, const QString& caption)
{
    images.push_back({ name, image, size });
    return QStringLiteral("<p class=\"figure\" align=\"center\"><img src=\"report-image:%1\" width=\"%2\" height=\"%3\"></p>")
               .arg(name)
               .arg(qRound(size.width()))
               .arg(qRound(size.height()))
        + (caption.isEmpty() ? QString()
                             : QStringLiteral("<p class=\"caption\"><i>") + esc(QObject::tr("Figure %1. ").arg(++figures) + caption)
                    + QStringLiteral("</i></p>"));
}

} // namespace report

using namespace report;

namespace {

QString titleBlock(const WorkspaceReport& r, const Workspace& w)
{
    QString h = QStringLiteral("<h1>") + esc(r.title) + QStringLiteral("</h1>");
    std::vector<std::pair<QString, QString>> rows;
    if (!r.customer.isEmpty())
        rows.emplace_back(QObject::tr("Prepared for"), esc(r.customer));
    rows.emplace_back(QObject::tr("Workspace"), esc(r.workspaceName));
    rows.emplace_back(QObject::tr("Date"), esc(QLocale::c().toString(r.date, QStringLiteral("d MMMM yyyy, HH:mm"))));
    rows.emplace_back(QObject::tr("Prepared with"), QStringLiteral("RaidScope ") + esc(QStringLiteral(RAIDSCOPE_VERSION)));
    h += keyValues(rows);
    h += executiveSummary(w);
    h += QStringLiteral("<p class=\"muted\">")
        + QObject::tr("Every number in this report comes from the workspace named above, as the workbench measured, "
                      "simulated or computed it; the parts of the work that were not done are left out.")
        + QStringLiteral("</p>");
    return h;
}

} // namespace

QString report::verdictLine(const ProbeVerdict& v)
{
    QString s = schemeName(v.scheme);
    if (!v.variant.isEmpty())
        s += u' ' + v.variant;
    s += v.disks == 1 ? QObject::tr(", 1 disk") : QObject::tr(", %1 disks").arg(v.disks);
    if (v.copies > 1)
        s += QObject::tr(", %1 copies").arg(v.copies);
    if (v.chunkBytes)
        s += QObject::tr(", %1 chunks").arg(bytes(v.chunkBytes));
    return s;
}

WorkspaceReport buildWorkspaceReport(const Workspace& w, const ReportOptions& options)
{
    WorkspaceReport r;
    r.title = options.title.isEmpty() ? QObject::tr("Disk array report") : options.title;
    r.customer = options.customer.trimmed();
    r.workspaceName = options.workspaceName.isEmpty() ? QObject::tr("Unsaved workspace") : QFileInfo(options.workspaceName).fileName();
    r.date = options.date.isValid() ? options.date : QDateTime::currentDateTime();

    Builder b;
    QString body = titleBlock(r, w);
    body += arraySection(b, w);
    body += simulationSection(b, w);
    body += tracesSection(b, w);
    body += advisorSection(w);
    body += methodSection(w);
    r.body = body;
    r.images = std::move(b.images);
    return r;
}

} // namespace raidscope
