// SPDX-License-Identifier: GPL-3.0-or-later
// #54: a plot's legend fits the plot, wrapping onto more rows (or columns) when the plot is narrow,
// rather than being cut off by its edge.
#undef QT_NO_FOREACH
#include "mainwindow.h"
#include "widgets/liveplot.h"

#include <catch2/catch.hpp>

#include <QApplication>
#include <QTabWidget>
#include <QTest>

using raidscope::gui::LivePlot;
using raidscope::gui::MainWindow;

namespace {

class LegendPlot : public LivePlot
{
public:
    // `above`: placeLegendAbove(); else inside the axis rect, top right, in `rows` rows filled first.
    LegendPlot(int series, bool above, int rows = 0)
    {
        for (int i = 0; i < series; ++i) {
            QCPGraph* g = addGraph();
            g->setName(QStringLiteral("raid5 chunk=%1KiB candidate").arg(4 << i));
            g->setData({ 0, 1 }, { double(i), double(i + 1) });
        }
        legend->setVisible(true);
        if (above) {
            placeLegendAbove();
        } else {
            legend->setFillOrder(QCPLayoutGrid::foRowsFirst);
            legend->setWrap(rows);
            axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
        }
        xAxis->setRange(0, 1);
        yAxis->setRange(0, series + 1);
    }
    void drawAt(int width)
    {
        resize(width, 500);
        replot(QCustomPlot::rpImmediateRefresh);
        replot(QCustomPlot::rpImmediateRefresh); // an inset legend's room is the axis rect laid out last time
    }
};

// Every item of the legend lies within `room` (in the plot's pixels).
bool itemsWithin(const QCPLegend* legend, const QRect& room)
{
    for (int i = 0; i < legend->itemCount(); ++i)
        if (legend->item(i) && !room.contains(legend->item(i)->outerRect())) // null: an empty cell
            return false;
    return true;
}

} // namespace

TEST_CASE("Plot legend above: one row when it fits, more rows when the plot is narrow", "[gui][legend]")
{
    LegendPlot plot(6, true);
    plot.show();
    REQUIRE(QTest::qWaitForWindowExposed(&plot));
    plot.drawAt(2400);
    CHECK(plot.legend->rowCount() == 1);
    CHECK(plot.legend->columnCount() == 6);

    // An item is some 200 px wide with the test font: two or three columns in 640 px.
    plot.drawAt(640);
    INFO(plot.legend->rowCount() << " rows, " << plot.legend->columnCount() << " columns");
    CHECK(plot.legend->rowCount() > 1);
    CHECK(plot.legend->columnCount() > 1);
    CHECK(plot.legend->columnCount() < 6);
    CHECK(itemsWithin(plot.legend, plot.rect()));
    CHECK(plot.axisRect()->outerRect().right() <= plot.width()); // the plot is not widened past its edge
    // The items keep their order: the first row starts with the first series, read across.
    CHECK(plot.legend->elementAt(0) == plot.legend->itemWithPlottable(plot.graph(0)));
    CHECK(plot.legend->element(0, 1) == plot.legend->itemWithPlottable(plot.graph(1)));

    plot.drawAt(2400); // wide again: back to one row
    CHECK(plot.legend->rowCount() == 1);
    CHECK(plot.legend->columnCount() == 6);
}

TEST_CASE("Plot legend inside: the page's rows while they fit the axis rect, more rows when not", "[gui][legend]")
{
    LegendPlot plot(9, false, 3);
    plot.show();
    REQUIRE(QTest::qWaitForWindowExposed(&plot));
    plot.drawAt(2400);
    CHECK(plot.legend->rowCount() == 3); // as the page laid it: 3 rows of 3
    CHECK(plot.legend->columnCount() == 3);

    plot.drawAt(520);
    INFO(plot.legend->rowCount() << " rows, " << plot.legend->columnCount() << " columns");
    CHECK(plot.legend->columnCount() < 3);
    CHECK(plot.legend->rowCount() > 3);
    CHECK(itemsWithin(plot.legend, plot.axisRect()->rect()));

    plot.drawAt(2400);
    CHECK(plot.legend->rowCount() == 3);
}

namespace {

// Every legend item outside its plot (or, inside the axis rect, outside the rect), on every page
// and tab of a window of `size`.
QStringList clippedLegends(QSize size)
{
    MainWindow window;
    window.resize(size);
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    QStringList out;
    const auto check = [&](const QString& where) {
        QApplication::processEvents();
        for (LivePlot* plot : window.findChildren<LivePlot*>()) {
            if (!plot->isVisible() || !plot->legend->visible())
                continue;
            plot->replot(QCustomPlot::rpImmediateRefresh);
            plot->replot(QCustomPlot::rpImmediateRefresh);
            const bool above = plot->legend->layout() == plot->plotLayout();
            const QRect room = above ? plot->rect() : plot->axisRect()->rect();
            if (!itemsWithin(plot->legend, room) || plot->axisRect()->outerRect().right() > plot->width())
                out << where + u' ' + plot->objectName()
                        + QStringLiteral(": legend %1 px wide in %2").arg(plot->legend->outerRect().width()).arg(room.width());
        }
    };
    for (const QString& name : MainWindow::pageNames()) {
        REQUIRE(window.setCurrentPage(name));
        check(name);
        for (QTabWidget* tabs : window.page(name)->findChildren<QTabWidget*>()) {
            const int shown = tabs->currentIndex();
            for (int i = 0; i < tabs->count(); ++i) {
                tabs->setCurrentIndex(i);
                check(name + u'/' + tabs->tabText(i).remove(u'&'));
            }
            tabs->setCurrentIndex(shown);
        }
    }
    return out;
}

} // namespace

TEST_CASE("Plot legends fit their plots on every page at 1366x768, scale 1 and 1.5", "[gui][legend]")
{
    for (QSize size : { QSize(1366, 768), QSize(910, 512), QSize(1066, 666) }) {
        const QStringList out = clippedLegends(size);
        for (const QString& m : out)
            UNSCOPED_INFO(QStringLiteral("%1x%2: ").arg(size.width()).arg(size.height()).toStdString() + m.toStdString());
        CHECK(out.isEmpty());
    }
}
