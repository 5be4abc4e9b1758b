// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QImage>
#include <QPointF>
#include <QRectF>
#include <QSizeF>
#include <QSize>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

class QPainter;

namespace raidscope {

struct ProbeResult;
struct ProbeVerdict;

// The report's plots, drawn with QPainter alone (no QCustomPlot, no widgets) so that the CLI draws
// them without a display. They follow the workbench's views: the same axes, colours and marks.

struct ChartSeries
{
    enum Style { Line, Points, LineAndPoints, Bars };
    QString name; ///< in the legend; empty: left out of it
    QColor color;
    Style style = LineAndPoints;
    std::vector<QPointF> points;
    bool rings = false; ///< hollow circles (the workbench's "slowest cluster" marks)
    double barWidth = 0.8; ///< Bars: in x units
    double barOffset = 0; ///< Bars: shift in x units (grouped bars)
};

/// A dashed vertical line at x, labelled.
struct ChartMark
{
    double x = 0;
    QString label;
    QColor color;
};

struct ChartSpec
{
    QString title;
    QString subtitle;
    QString xLabel, yLabel;
    bool logX = false; ///< base 2 (pattern sizes, outstanding I/Os)
    QStringList categories; ///< non-empty: x is a category index 0..n-1 labelled by these
    std::optional<std::pair<double, double>> xRange;
    double yPad = 1.12; ///< the y axis runs from 0 to the largest value times this
    std::vector<ChartSeries> series;
    std::vector<ChartMark> marks;
    QString emptyNote; ///< drawn when no series has a point
};

/// Draws `spec` into `rect` (logical pixels).
void paintChart(QPainter& painter, const QRectF& rect, const ChartSpec& spec);

/// An image of `logical` size drawn at `scale` times its pixels (sharp in print), white behind.
QImage chartImage(const ChartSpec& spec, QSize logical, qreal scale = 3);
/// Two charts side by side in one image.
QImage chartPairImage(const ChartSpec& left, const ChartSpec& right, QSize logical, qreal scale = 3);

/// The probe's three plots as the Probe page draws them (app/gui/probe): the time of N reads against
/// the assumed pattern size (Shear Fig. 3), against the boundary offset (Fig. 5), and the pairwise
/// chunk map (Fig. 6), with the verdict's prediction for the pairs not measured.
ChartSpec patternSizeChart(const ProbeResult& result);
ChartSpec boundaryChart(const ProbeResult& result);
QImage pairHeatmapImage(const ProbeResult& result, QSize logical, qreal scale = 3);
/// Shear's redundancy test: random writes against random reads (MB/s), at each batch of writes.
ChartSpec redundancyChart(const ProbeResult& result);

/// The identified layout drawn as Shear Fig. 1 (disks as columns, chunk rows as rows), its failed
/// member crossed out and slow or fast members framed: `size` is its size on the page (CSS pixels).
struct LayoutDrawing
{
    QImage image;
    QSizeF size;
};
/// nullopt when the verdict names no layout the installed plugins build.
std::optional<LayoutDrawing> layoutDrawing(const ProbeVerdict& verdict, int width = 640, qreal scale = 3);

} // namespace raidscope
