// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QFont>
#include <QObject>
#include <QPalette>
#include <QString>

#include <optional>

class QAbstractButton;
class QIcon;
class QStyle;
class QWidget;

namespace raidscope::gui {

/// The colours the workbench is drawn in: the desktop's, or Fusion's light or our dark palette.
enum class ColorScheme { System, Light, Dark };

/// How the whole workbench is drawn (#54 item 7): the colour scheme (View > Colours, --palette) and
/// presentation mode (View > Presentation, --presentation): the application font scaled, plot
/// lines and marks thicker, inks of higher contrast. One object for the application; widgets that
/// draw themselves (LivePlot, LayoutDiagram) ask it for their factors and redraw on changed().
class ViewStyle : public QObject
{
    Q_OBJECT
public:
    /// The application's one instance (made on first use, after the QApplication).
    static ViewStyle* instance();

    /// Presentation mode: the font 1.6 times the desktop's (a 9 pt font reads as 14-15 pt from the
    /// back of a room; 1.5-2 is what #54 asks), lines twice as thick, marks 1.8 times as large.
    static constexpr double kPresentationFontScale = 1.6;
    static constexpr double kPresentationLineScale = 2.0;
    static constexpr double kPresentationMarkScale = 1.8;

    void setColorScheme(ColorScheme scheme);
    ColorScheme colorScheme() const { return m_scheme; }
    void setPresentation(bool on);
    bool presentation() const { return m_presentation; }

    /// Factors for what a widget draws itself: 1 outside presentation mode.
    double lineScale() const { return m_presentation ? kPresentationLineScale : 1.0; }
    double markScale() const { return m_presentation ? kPresentationMarkScale : 1.0; }

    /// A pen or text colour made to stand out more from `palette`'s Base in presentation mode
    /// (light palettes: darker and more saturated; dark ones: lighter); unchanged otherwise.
    QColor contrastInk(const QPalette& palette, const QColor& color) const;

    /// "system", "light", "dark"; parseColorScheme() also takes them in any case.
    static QString colorSchemeKey(ColorScheme scheme);
    static std::optional<ColorScheme> parseColorScheme(QStringView text);

    /// A monochrome icon (a style's standard icon, drawn dark for a light window) made visible on
    /// `palette`: on a dark palette its dark, grey pixels are drawn in the palette's text colour;
    /// coloured icons and light palettes are left alone.
    static QIcon paletteIcon(const QIcon& icon, const QPalette& palette);
    /// paletteIcon() of `style`'s standard icon for `widget`'s palette.
    static QIcon standardIcon(const QWidget* widget, int standardPixmap);
    /// Gives `button` standardIcon(), remade whenever the scheme changes.
    static void setStandardIcon(QAbstractButton* button, int standardPixmap);

    /// Lets every combo box under `root` that sizes itself to its longest item shrink to
    /// kComboMinChars characters (its text then elides) instead of making a page scroll sideways; a
    /// minimum a page set itself is kept. Call again after a font change.
    static void relaxComboWidths(QWidget* root);
    static constexpr int kComboMinChars = 14;

signals:
    /// The scheme or presentation mode changed (after the application palette and font did).
    void changed();

private:
    explicit ViewStyle(QObject* parent);
    void apply();

    ColorScheme m_scheme = ColorScheme::System;
    bool m_presentation = false;
    // What the desktop gave, to go back to.
    QString m_systemStyle;
    QPalette m_systemPalette;
    QFont m_systemFont;
};

} // namespace raidscope::gui
