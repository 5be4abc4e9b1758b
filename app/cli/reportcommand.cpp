// SPDX-License-Identifier: GPL-3.0-or-later
// `raidscope-cli report`: a saved workspace as a customer report (report/, the same as the
// workbench's File > Export Report), PDF or HTML, without a display.
#include "cliargs.h"
#include "commands.h"

#include "io/outputfile.h"
#include "workspace/workspace.h"
#include "workspacereport.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>
#include <tuple>

namespace raidscope::cli {

int runReport(const QStringList& args)
{
    CliArgs a(QStringLiteral("report"), QStringLiteral("WORKSPACE (--pdf OUT | --html OUT) [--title T] [--customer C]"),
        QStringLiteral("Writes a report of a saved workspace for a customer: a summary (the array, or the layouts that "
                       "read alike when timing cannot tell them apart; the findings; what could not be determined), how "
                       "the probe identified it (its plots, the layout drawn, verdict, I/Os against Shear's schedule), the "
                       "simulations, the traces and their replay, the advisor's recommendation, and the method with the "
                       "papers cited. Only what the workspace holds: a part of the work not done is left out. Prints no "
                       "local path. Needs no display."));
    a.positionalHelp(QStringLiteral("WORKSPACE"), QStringLiteral("A workspace file (.raidscope) saved by the workbench."))
        .option(QStringLiteral("pdf"), QStringLiteral("OUT"), QStringLiteral("Writes the report as an A4 PDF."))
        .option(QStringLiteral("html"), QStringLiteral("OUT"),
            QStringLiteral("Writes the report as one self-contained HTML file (the plots inline as PNG data)."))
        .option(QStringLiteral("title"), QStringLiteral("T"), QStringLiteral("The report's title (default 'Disk array report')."))
        .option(QStringLiteral("customer"), QStringLiteral("C"), QStringLiteral("Who the report is for, on its first page (default: not shown)."))
        .flag(QStringLiteral("json"), QStringLiteral("Prints one JSON object: the file written, its format and pages."));
    if (const auto done = a.parse(args))
        return *done;
    const QStringList positional = a.positional();
    if (positional.size() != 1)
        return fail(positional.isEmpty() ? QStringLiteral("report: a WORKSPACE file is required (try --help)")
                                         : QStringLiteral("report: one WORKSPACE file only, got %1").arg(positional.size()),
            Usage);
    const bool pdf = a.has(QStringLiteral("pdf"));
    if (pdf == a.has(QStringLiteral("html")))
        return fail(QStringLiteral("report: give one of --pdf OUT and --html OUT"), Usage);
    const QString option = pdf ? QStringLiteral("--pdf") : QStringLiteral("--html");
    const QString output = a.value(pdf ? QStringLiteral("pdf") : QStringLiteral("html"));
    const QString path = positional.front();

    // The title and the customer go into the report as given: one line, within kMaxLineChars,
    // checked before anything is read (#52).
    ReportOptions options;
    options.title = a.value(QStringLiteral("title"));
    options.customer = a.value(QStringLiteral("customer"));
    for (const auto& [name, text, what] : { std::tuple { "title", options.title, "a title" },
             std::tuple { "customer", options.customer, "a customer" } }) {
        if (const QString problem = controlCharacterProblem(text); !problem.isEmpty())
            return fail(QStringLiteral("report: --%1 '%2': %3; %4 is one line of text")
                            .arg(QLatin1String(name), oneLine(text), problem, QLatin1String(what)),
                Usage);
        if (text.size() > ReportOptions::kMaxLineChars)
            return fail(QStringLiteral("report: --%1 '%2' is longer than %3 characters")
                            .arg(QLatin1String(name), excerpt(text, 40))
                            .arg(ReportOptions::kMaxLineChars),
                Usage);
    }
    // Never over the workspace, nor over a file it refers to (a trace, a probe result), checked
    // before anything is read or drawn; writeOutputFile() checks again as it writes.
    if (const QString problem = outputPathProblem(output, { path }); !problem.isEmpty())
        return fail(option + u' ' + problem);
    QString error;
    const auto workspace = readWorkspaceFile(path, &error);
    if (!workspace)
        return fail(error);
    QStringList inputs = workspace->inputFiles();
    inputs.prepend(path);
    if (const QString problem = outputPathProblem(output, inputs); !problem.isEmpty())
        return fail(option + u' ' + problem);

    options.workspaceName = QFileInfo(path).fileName();
    const WorkspaceReport report = buildWorkspaceReport(*workspace, options);
    int pages = 0;
    const bool ok = pdf ? writeReportPdf(output, report, inputs, &error, &pages) : writeReportHtml(output, report, inputs, &error);
    if (!ok) // "cannot write r.pdf: No space left on device"
        return fail(QStringLiteral("report: ") + error);
    if (a.flag(QStringLiteral("json"))) {
        QJsonObject json { { QStringLiteral("file"), output }, { QStringLiteral("format"), pdf ? QStringLiteral("pdf") : QStringLiteral("html") },
            { QStringLiteral("workspace"), path }, { QStringLiteral("images"), int(report.images.size()) } };
        if (pdf)
            json.insert(QStringLiteral("pages"), pages);
        out(QString::fromUtf8(QJsonDocument(json).toJson(QJsonDocument::Compact)) + u'\n');
    } else {
        std::fprintf(stderr, "raidscope-cli: wrote %s (%s)\n", qPrintable(output),
            pdf ? qPrintable(pages == 1 ? QStringLiteral("PDF, 1 page") : QStringLiteral("PDF, %1 pages").arg(pages)) : "HTML, self-contained");
    }
    return Ok;
}

} // namespace raidscope::cli
