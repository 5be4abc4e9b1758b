// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QSize>
#include <QString>

#include <optional>

class QCustomPlot;
class QWidget;

namespace raidscope::gui {

/// The image formats every plot exports to: a bitmap, and two vector formats that stay sharp in a
/// report (SVG through Qt's SVG module, PDF through QPdfWriter).
enum class PlotImageFormat { Png, Svg, Pdf };

/// The format a file name asks for by its extension (.png, .svg, .pdf; any case), or nullopt.
std::optional<PlotImageFormat> plotImageFormatForPath(const QString& path);

/// The plot drawn at `size` (the plot's own pixels; fonts as on the screen) in `format`. PNG
/// pixels are `size` x `scale`. Empty when `size` is empty or the painter could not start.
QByteArray renderPlot(QCustomPlot* plot, PlotImageFormat format, QSize size, double scale = 1.0);

/// Renders the plot into `path` (format from its extension) through core's writeOutputFile():
/// atomic, never over an input. False with one line naming the path and why.
bool savePlotImage(QCustomPlot* plot, const QString& path, QSize size, QString* error, double scale = 1.0);

/// The plot as an image on the clipboard (at its size on the screen, twice the pixels).
void copyPlotImage(QCustomPlot* plot);

/// Asks where and at what size (the plot's size on the screen by default), then saves; says why
/// not in a message box. `suggestedName` without extension. False unless a file was written.
bool exportPlotInteractively(QCustomPlot* plot, const QString& suggestedName, QWidget* parent);

} // namespace raidscope::gui
