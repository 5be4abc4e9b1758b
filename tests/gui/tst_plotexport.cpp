// SPDX-License-Identifier: GPL-3.0-or-later
// Every plot exports itself as PNG, SVG and PDF (widgets/plotexport.h), atomically, never over an input;
// every table as CSV and as text for the clipboard (widgets/tableexport.h).
#undef QT_NO_FOREACH
#include "advisor/advisorskewplot.h"
#include "widgets/plotexport.h"
#include "widgets/tableexport.h"

#include "advisor/stripeadvisor.h"

#include <catch2/catch.hpp>

#include <QFile>
#include <QImage>
#include <QRegularExpression>
#include <QTableWidget>
#include <QTemporaryDir>

#include <cstdlib>

using namespace raidscope;
using namespace raidscope::gui;

TEST_CASE("Plot export: PNG, SVG and PDF at the size asked, by extension", "[gui][export]")
{
    AdvisorSkewPlot plot;
    plot.resize(640, 400);
    plot.setCurve(20, 1000, MeasuredSkew { 20, 0.5, QStringLiteral("hand") });
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    QString error;

    const QString png = dir.filePath(QStringLiteral("skew.PNG"));
    REQUIRE(savePlotImage(&plot, png, QSize(500, 300), &error, 2.0));
    QImage image(png);
    CHECK(image.size() == QSize(1000, 600)); // 500 x 300 at twice the pixels
    // Not blank: the curve's blue is somewhere in the picture.
    bool blue = false;
    for (int y = 0; y < image.height() && !blue; y += 2)
        for (int x = 0; x < image.width() && !blue; x += 2)
        {
            const QColor c = image.pixelColor(x, y);
            blue = std::abs(c.red() - 0x3b) < 8 && std::abs(c.green() - 0x75) < 8 && std::abs(c.blue() - 0xaf) < 8;
        }
    CHECK(blue);

    const QString svg = dir.filePath(QStringLiteral("skew.svg"));
    REQUIRE(savePlotImage(&plot, svg, QSize(800, 500), &error));
    QFile svgFile(svg);
    REQUIRE(svgFile.open(QIODevice::ReadOnly));
    const QByteArray svgBytes = svgFile.readAll();
    CHECK(svgBytes.contains("<svg"));
    CHECK(svgBytes.contains("viewBox=\"0 0 800 500\""));
    CHECK(svgBytes.contains("Share of the load on the busiest controller")); // text stays text

    const QString pdf = dir.filePath(QStringLiteral("skew.pdf"));
    REQUIRE(savePlotImage(&plot, pdf, QSize(800, 500), &error));
    QFile pdfFile(pdf);
    REQUIRE(pdfFile.open(QIODevice::ReadOnly));
    const QByteArray pdfBytes = pdfFile.readAll();
    CHECK(pdfBytes.startsWith("%PDF-"));
    // One page of the plot's size: 800 x 500 pixels at 96 dpi are 600 x 375 points.
    const QRegularExpression mediaBox(QStringLiteral(R"(/MediaBox \[0 0 600(\.0+)? 375(\.0+)?\])"));
    CHECK(mediaBox.match(QString::fromLatin1(pdfBytes)).hasMatch());

    CHECK(QDir(dir.path()).entryList(QDir::Files).size() == 3); // no temporary file left behind
}

TEST_CASE("Plot export: refused names and sizes say why and write nothing", "[gui][export]")
{
    AdvisorSkewPlot plot;
    plot.resize(400, 300);
    QTemporaryDir dir;
    QString error;
    CHECK_FALSE(savePlotImage(&plot, dir.filePath(QStringLiteral("plot.jpg")), QSize(400, 300), &error));
    CHECK(error.endsWith(QStringLiteral("plot.jpg: a plot is saved as .png, .svg or .pdf, not 'jpg'")));
    CHECK_FALSE(savePlotImage(&plot, dir.filePath(QStringLiteral("plot")), QSize(400, 300), &error));
    CHECK(error.endsWith(QStringLiteral("not 'no extension'")));
    CHECK_FALSE(savePlotImage(&plot, dir.filePath(QStringLiteral("plot.png")), QSize(0, 300), &error));
    CHECK(error.contains(QStringLiteral("the size must be 16 to 20000 pixels each way, not 0 x 300")));
    // A directory is not overwritten (core's writeOutputFile()).
    REQUIRE(QDir(dir.path()).mkdir(QStringLiteral("taken.svg")));
    CHECK_FALSE(savePlotImage(&plot, dir.filePath(QStringLiteral("taken.svg")), QSize(400, 300), &error));
    CHECK(error.contains(QStringLiteral("taken.svg")));
    CHECK(QDir(dir.path()).entryList(QDir::Files).isEmpty());
}

TEST_CASE("Table export: CSV with its headers, quoted as RFC 4180 says; the selection as text", "[gui][export]")
{
    QTableWidget table(2, 3);
    table.setHorizontalHeaderLabels({ QStringLiteral("Chunk"), QStringLiteral("Positioning\nms"), QStringLiteral("Note") });
    const char* cells[2][3] = { { "4KiB", "20.99", "plain" }, { "1MiB", "5.63", "best, \"close\"" } };
    for (int r = 0; r < 2; ++r)
        for (int c = 0; c < 3; ++c)
            table.setItem(r, c, new QTableWidgetItem(QString::fromUtf8(cells[r][c])));
    CHECK(tableCsv(*table.model()) == u"Chunk,Positioning ms,Note\n4KiB,20.99,plain\n1MiB,5.63,\"best, \"\"close\"\"\"\n");
    // Nothing selected: the whole table with its headers, tab-separated.
    CHECK(tableText(*table.model(), table.selectionModel()) == u"Chunk\tPositioning ms\tNote\n4KiB\t20.99\tplain\n1MiB\t5.63\tbest, \"close\"\n");
    // A selection: its bounding rows and columns, cells outside it left empty.
    table.setSelectionMode(QAbstractItemView::MultiSelection);
    table.setCurrentCell(0, 1);
    table.setCurrentCell(1, 2, QItemSelectionModel::Select);
    CHECK(tableText(*table.model(), table.selectionModel()) == u"20.99\t\n\tbest, \"close\"\n");
}
