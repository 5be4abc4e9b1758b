// SPDX-License-Identifier: GPL-3.0-or-later
// The customer report (report/, issue #16 item 3) of the version 1 workspace sample. The expected
// numbers were read from tests/data/workspace/sample-v1.raidscope by hand (and python's json
// module), not from the code under test, and rounded as the report prints them.
#include <catch2/catch.hpp>

#include "workspace/workspace.h"
#include "workspacereport.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>

namespace {

using namespace raidscope;

Workspace sample()
{
    QString error;
    const auto w = readWorkspaceFile(QStringLiteral(RAIDSCOPE_TEST_DATA "/workspace/sample-v1.raidscope"), &error);
    INFO(error.toStdString());
    REQUIRE(w);
    return *w;
}

ReportOptions options()
{
    ReportOptions o;
    o.workspaceName = QStringLiteral("sample-v1.raidscope");
    o.date = QDateTime(QDate(2026, 3, 14), QTime(9, 30));
    return o;
}

int pdfPages(const QByteArray& pdf)
{
    // Page objects, not the /Pages tree.
    static const QRegularExpression page(QStringLiteral("/Type\\s*/Page(?![a-zA-Z])"));
    return int(QString::fromLatin1(pdf).count(page));
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    REQUIRE(f.open(QIODevice::ReadOnly));
    return f.readAll();
}

} // namespace

TEST_CASE("Report: the sample workspace's verdict, I/Os and results, numbers as the file holds them", "[report]")
{
    const WorkspaceReport r = buildWorkspaceReport(sample(), options());
    const QString html = r.documentHtml();
    CAPTURE(html.toStdString().substr(0, 2000));

    SECTION("the title block")
    {
        CHECK(html.contains(QStringLiteral("Disk array report")));
        CHECK(html.contains(QStringLiteral("sample-v1.raidscope")));
        CHECK(html.contains(QStringLiteral("14 March 2026")));
    }
    SECTION("the probe's verdict: RAID 5 left-asymmetric of 4 disks, 16 KiB chunks, pattern 196608 B")
    {
        CHECK(html.contains(QStringLiteral("RAID 5 left-asymmetric, 4 disks, 16 KiB chunks")));
        CHECK(html.contains(QStringLiteral("192 KiB"))); // patternBytes 196608
        CHECK(html.contains(QStringLiteral("48 blocks of 4 KiB")));
        CHECK(html.contains(QStringLiteral(">100 %<"))); // confidence 1
        CHECK(html.contains(QStringLiteral("raid5 layout=left-asymmetric disks=4 chunk=16KiB")));
        CHECK(html.contains(QStringLiteral("None: no slow"))); // findings: []
    }
    SECTION("I/Os against Shear's schedule: 9984 of 18048, ratio 0.553, digits grouped as the workbench does (#54)")
    {
        CHECK(html.contains(QStringLiteral("<b>9,984 I/Os</b>")));
        CHECK(html.contains(QStringLiteral("<b>55.3 %</b> of the 18,048")));
        CHECK(html.contains(QStringLiteral("ratio 0.553")));
        CHECK(html.contains(QStringLiteral("<td align=\"right\">1,472</td><td align=\"right\">9,216</td>"))); // pairwise
        CHECK(html.contains(QStringLiteral("<td align=\"right\">2,304</td><td align=\"right\">4,608</td>"))); // pattern size
    }
    SECTION("the sweep at 1 and 4 outstanding: IOPS, MB/s, mean and percentiles, per-disk utilization")
    {
        for (const char* cell : { "105.4", "0.43", "9.48 ms", "9.50 ms", "12.12 ms", "13.17 ms", "13.76 ms", // outstanding 1
                 "269.4", "1.10", "14.84 ms", "12.39 ms", "24.77 ms", "36.96 ms", "43.41 ms", // outstanding 4
                 "24.6 % (491 ops)", "63.6 % (491 ops)", "25.3 % (499 ops)", "65.0 % (517 ops)" }) {
            CAPTURE(cell);
            CHECK(html.contains(QStringLiteral("<td align=\"right\">") + QString::fromUtf8(cell) + QStringLiteral("</td>")));
        }
        CHECK(html.contains(QStringLiteral("random read=1 size=4KiB count=2000 seed=7")));
    }
    SECTION("the trace and its replay through two candidates")
    {
        CHECK(html.contains(QStringLiteral("<tt>msr_small.csv</tt>"))); // its name, not its folder (#54)
        CHECK(html.contains(QStringLiteral("20 / 9 (69.0 % reads)")));
        CHECK(html.contains(QStringLiteral("208 KiB / 168 KiB"))); // 212992 / 172032 bytes
        for (const char* cell : { "236.1", "3.13", "48.35 ms", "102.2 ms", "111.2 ms", "99.6 %", "0 of 1", // 16 KiB
                 "250.9", "3.33", "43.61 ms", "93.85 ms", "104.0 ms", "98.0 %" }) { // 64 KiB
            CAPTURE(cell);
            CHECK(html.contains(QStringLiteral("<td align=\"right\">") + QString::fromUtf8(cell) + QStringLiteral("</td>")));
        }
    }
    SECTION("the advisor: inputs saved, no advice: no sentence, no section, no 'not run' (#54 item 6)")
    {
        CHECK_FALSE(html.contains(QStringLiteral("advisor recommends")));
        CHECK_FALSE(html.contains(QStringLiteral("Stripe-size advice")));
        CHECK_FALSE(html.contains(QStringLiteral("8KiB:60,32KiB:25,128KiB:15")));
        CHECK_FALSE(html.contains(QStringLiteral("not run"), Qt::CaseInsensitive));
    }
    SECTION("the summary: the array, its findings, what the workspace also holds; not the Array page's scratch spec")
    {
        CHECK(html.contains(QStringLiteral("The array is <b>RAID 5 left-asymmetric, 4 disks, 16 KiB chunks</b>")));
        CHECK(html.contains(QStringLiteral("A trace of 29 requests summarized and replayed through 2 candidate arrays")));
        CHECK_FALSE(html.contains(QStringLiteral("Array page")));
        CHECK(html.indexOf(QStringLiteral("Summary")) < html.indexOf(QStringLiteral("The array</h2>")));
    }
    SECTION("the method cites the seed papers by their titles")
    {
        for (const char* title : { "Deconstructing Storage Arrays", "Disk Array Models in Minerva",
                 "Modelling and Validation of Response Times in Zoned RAID", "Performance Evaluation of RAID6 Systems" }) {
            CAPTURE(title);
            CHECK(html.contains(QString::fromUtf8(title)));
        }
    }
    SECTION("seven figures: four of the probe (pattern, boundaries, pairs, redundancy), the layout drawn, the sweep, "
            "the replay; the HTML file holds them inline")
    {
        REQUIRE(r.images.size() == 7);
        for (const ReportImage& image : r.images) {
            CAPTURE(image.name.toStdString());
            CHECK(!image.image.isNull());
            CHECK(html.contains(QStringLiteral("report-image:") + image.name));
        }
        const QByteArray bytes = r.htmlBytes();
        CHECK(bytes.count("src=\"data:image/png;base64,") == 7);
        CHECK_FALSE(bytes.contains("report-image:"));
    }
}

TEST_CASE("Report: a PDF of the sample is A4, numbered pages, written atomically and never over an input", "[report]")
{
    const WorkspaceReport r = buildWorkspaceReport(sample(), options());
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("report.pdf"));
    QString error;
    int pages = 0;
    REQUIRE(writeReportPdf(path, r, {}, &error, &pages));
    const QByteArray pdf = readAll(path);
    CHECK(pdf.startsWith("%PDF-"));
    CHECK(pdf.trimmed().endsWith("%%EOF"));
    // title page and summary, the array (verdict, I/Os, three plots), simulation, traces, advisor and method
    CHECK(pages >= 4);
    CHECK(pages <= 10);
    CHECK(pdfPages(pdf) == pages);
    CHECK(pdf.contains("/MediaBox [0 0 595")); // A4: 595 x 842 points

    SECTION("an input is refused, and stays as it was")
    {
        const QString input = dir.filePath(QStringLiteral("input.raidscope"));
        QFile f(input);
        REQUIRE(f.open(QIODevice::WriteOnly));
        f.write("{}");
        f.close();
        CHECK_FALSE(writeReportPdf(input, r, { input }, &error));
        CHECK(error.contains(QStringLiteral("refusing to write over an input")));
        CHECK(readAll(input) == "{}");
        CHECK_FALSE(writeReportHtml(input, r, { input }, &error));
        CHECK(readAll(input) == "{}");
    }
}

TEST_CASE("Report: an empty workspace has a summary saying nothing was done, no sections and no plots", "[report]")
{
    const WorkspaceReport r = buildWorkspaceReport(Workspace {}, {});
    const QString html = r.documentHtml();
    CHECK(r.images.empty());
    CHECK(html.contains(QStringLiteral("Unsaved workspace")));
    CHECK(html.contains(QStringLiteral("no probe was run in this workspace")));
    CHECK(html.contains(QStringLiteral("The workspace holds no results")));
    CHECK_FALSE(html.contains(QStringLiteral("not run"), Qt::CaseInsensitive));
    CHECK(html.count(QStringLiteral("<h2")) == 1); // the summary's
    CHECK_FALSE(html.contains(QStringLiteral("Method")));
    QTemporaryDir dir;
    QString error;
    int pages = 0;
    REQUIRE(writeReportPdf(dir.filePath(QStringLiteral("empty.pdf")), r, {}, &error, &pages));
    CHECK(pages >= 1);
    CHECK(pages <= 2);
}
