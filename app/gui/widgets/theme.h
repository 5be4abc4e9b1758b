// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QPalette>

class QWidget;

namespace raidscope::gui {

/// Colours that follow the palette (issue #16 item 4: the system palette followed, dark included).
/// Pages take their inks from here rather than fixing black text or a dark red that a dark
/// background swallows.

/// True when the palette draws dark text areas (Base darker than mid-grey).
bool isDarkPalette(const QPalette& palette);
/// `a` moved towards `b` by `t` (0: a, 1: b), alpha included.
QColor mixColors(const QColor& a, const QColor& b, double t);
/// Secondary text (notes, units, column heads): between the window and its text.
QColor mutedInk(const QWidget* widget);
/// Errors and refusals: the usual dark red, a light red on a dark palette.
QColor errorInk(const QWidget* widget);
/// A series colour designed for a white background, made readable on `palette`'s Base: on a dark
/// palette greys move along the Base-Text axis by their lightness (black becomes the text colour,
/// white the background) and dark colours are lightened; on a light palette it is unchanged.
QColor readableOn(const QPalette& palette, const QColor& designed);

/// readableOn() for text on `widget`'s window (Window and WindowText in place of Base and Text).
QColor readableInk(const QWidget* widget, const QColor& designed);
/// Rich text written with fixed colours for a white window (`color:#555`, `color:#b00020`) with
/// every such colour made readableInk(): the pages' HTML labels follow a dark palette too.
QString themedHtml(const QWidget* widget, const QString& html);

/// A QLabel style sheet for a boxed note (a pale amber box) or error (a pale red one), dark boxes
/// with the palette's text on a dark palette.
QString noteBoxStyle(const QWidget* widget, bool error);

/// A dark palette for Fusion (raidscope --palette dark), and Fusion's own light one.
QPalette darkPalette();
QPalette lightPalette();

} // namespace raidscope::gui
