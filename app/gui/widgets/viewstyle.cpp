// SPDX-License-Identifier: GPL-3.0-or-later
#include "viewstyle.h"

#include "widgets/theme.h"

#include <QAbstractButton>
#include <QApplication>
#include <QComboBox>
#include <QIcon>
#include <QImage>
#include <QPixmap>
#include <QStyle>
#include <QStyleFactory>
#include <QWidget>

#include <algorithm>

namespace raidscope::gui {

namespace {

ViewStyle* g_instance = nullptr;

// The standard pixmap a button's icon was made from (setStandardIcon()), to remake it on a change.
constexpr char kStandardIconProperty[] = "_rsStandardIcon";

QPalette highContrast(QPalette p)
{
    const bool dark = isDarkPalette(p);
    const QColor ink = dark ? QColor(Qt::white) : QColor(Qt::black);
    for (auto role : { QPalette::WindowText, QPalette::Text, QPalette::ButtonText, QPalette::ToolTipText })
        p.setColor(QPalette::Active, role, ink), p.setColor(QPalette::Inactive, role, ink);
    if (dark) {
        p.setColor(QPalette::Base, QColor(0x12, 0x13, 0x15));
        p.setColor(QPalette::Window, QColor(0x1c, 0x1d, 0x20));
    } else {
        p.setColor(QPalette::Base, Qt::white);
    }
    // Frames and grid lines, and placeholder text, a step nearer the ink.
    p.setColor(QPalette::Mid, mixColors(p.color(QPalette::Base), ink, 0.55));
    p.setColor(QPalette::PlaceholderText, mixColors(p.color(QPalette::Base), ink, 0.7));
    return p;
}

} // namespace

ViewStyle::ViewStyle(QObject* parent)
    : QObject(parent)
{
    m_systemStyle = QApplication::style() ? QApplication::style()->name() : QString();
    m_systemPalette = QApplication::palette();
    m_systemFont = QApplication::font();
}

ViewStyle* ViewStyle::instance()
{
    if (!g_instance)
        g_instance = new ViewStyle(qApp);
    return g_instance;
}

void ViewStyle::setColorScheme(ColorScheme scheme)
{
    if (scheme == m_scheme)
        return;
    m_scheme = scheme;
    apply();
}

void ViewStyle::setPresentation(bool on)
{
    if (on == m_presentation)
        return;
    m_presentation = on;
    apply();
}

void ViewStyle::apply()
{
    // Fusion draws with whatever palette it is given; the platform's own style may not.
    const QString styleName = m_scheme == ColorScheme::System ? m_systemStyle : QStringLiteral("Fusion");
    if (!styleName.isEmpty() && QApplication::style()->name().compare(styleName, Qt::CaseInsensitive) != 0)
        if (QStyle* style = QStyleFactory::create(styleName))
            QApplication::setStyle(style);
    QPalette palette = m_scheme == ColorScheme::Dark ? darkPalette()
        : m_scheme == ColorScheme::Light             ? lightPalette()
                                                     : m_systemPalette;
    if (m_presentation)
        palette = highContrast(palette);
    QApplication::setPalette(palette);
    QFont font = m_systemFont;
    if (m_presentation && font.pointSizeF() > 0)
        font.setPointSizeF(font.pointSizeF() * kPresentationFontScale);
    else if (m_presentation && font.pixelSize() > 0)
        font.setPixelSize(int(font.pixelSize() * kPresentationFontScale + 0.5));
    if (font != QApplication::font())
        QApplication::setFont(font);
    // Icons drawn for a light window are remade for the new palette.
    for (QWidget* w : QApplication::allWidgets()) {
        auto* button = qobject_cast<QAbstractButton*>(w);
        const QVariant sp = button ? button->property(kStandardIconProperty) : QVariant();
        if (sp.isValid())
            button->setIcon(standardIcon(button, sp.toInt()));
    }
    emit changed();
}

QColor ViewStyle::contrastInk(const QPalette& palette, const QColor& color) const
{
    if (!m_presentation || !color.isValid())
        return color;
    float h = 0, s = 0, l = 0, a = 0;
    color.getHslF(&h, &s, &l, &a);
    const bool dark = isDarkPalette(palette);
    if (s < 0.15f) // greys: towards the ink
        l = dark ? std::max(l, 0.5f + l * 0.5f) : std::min(l, l * 0.6f);
    else {
        s = std::min(1.0f, s * 1.2f + 0.1f);
        l = dark ? std::max(l, 0.72f) : std::min(l, 0.42f);
    }
    return QColor::fromHslF(h < 0 ? 0 : h, s, l, std::max(a, 0.85f));
}

QString ViewStyle::colorSchemeKey(ColorScheme scheme)
{
    switch (scheme) {
    case ColorScheme::Light:
        return QStringLiteral("light");
    case ColorScheme::Dark:
        return QStringLiteral("dark");
    case ColorScheme::System:
        break;
    }
    return QStringLiteral("system");
}

std::optional<ColorScheme> ViewStyle::parseColorScheme(QStringView text)
{
    for (ColorScheme s : { ColorScheme::System, ColorScheme::Light, ColorScheme::Dark })
        if (text.compare(colorSchemeKey(s), Qt::CaseInsensitive) == 0)
            return s;
    return std::nullopt;
}

QIcon ViewStyle::paletteIcon(const QIcon& icon, const QPalette& palette)
{
    if (icon.isNull() || !isDarkPalette(palette))
        return icon;
    QList<QSize> sizes = icon.availableSizes();
    if (sizes.isEmpty())
        sizes = { QSize(16, 16), QSize(20, 20), QSize(24, 24), QSize(32, 32), QSize(48, 48) };
    const QColor ink = palette.color(QPalette::WindowText);
    QIcon out;
    for (const QSize& size : std::as_const(sizes)) {
        QImage image = icon.pixmap(size).toImage().convertToFormat(QImage::Format_ARGB32);
        // Only an icon drawn in dark greys is recoloured (a media triangle, an arrow); a coloured
        // or light one (a drive, an information balloon) reads on a dark window as it is.
        double weight = 0, lightness = 0, saturated = 0;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x) {
                const QColor c = image.pixelColor(x, y);
                weight += c.alphaF();
                lightness += c.alphaF() * c.lightnessF();
                saturated += c.alphaF() * (c.hslSaturationF() > 0.25 && c.lightnessF() > 0.15 ? 1 : 0);
            }
        if (weight <= 0 || lightness / weight > 0.45 || saturated / weight > 0.3) {
            out.addPixmap(QPixmap::fromImage(image));
            continue;
        }
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x) {
                QColor c = image.pixelColor(x, y);
                if (c.alpha() == 0)
                    continue;
                // Dark becomes the ink, light becomes the window: the drawing's shading is kept.
                const QColor mapped = mixColors(ink, palette.color(QPalette::Window), c.lightnessF() * 0.8);
                image.setPixelColor(x, y, QColor(mapped.red(), mapped.green(), mapped.blue(), c.alpha()));
            }
        out.addPixmap(QPixmap::fromImage(image));
    }
    return out;
}

QIcon ViewStyle::standardIcon(const QWidget* widget, int standardPixmap)
{
    const QStyle* style = widget ? widget->style() : QApplication::style();
    const QPalette palette = widget ? widget->palette() : QApplication::palette();
    return paletteIcon(style->standardIcon(QStyle::StandardPixmap(standardPixmap), nullptr, widget), palette);
}

void ViewStyle::setStandardIcon(QAbstractButton* button, int standardPixmap)
{
    button->setProperty(kStandardIconProperty, standardPixmap);
    button->setIcon(standardIcon(button, standardPixmap));
}

void ViewStyle::relaxComboWidths(QWidget* root)
{
    constexpr char kRelaxed[] = "_rsRelaxedMinimum";
    for (QComboBox* combo : root->findChildren<QComboBox*>()) {
        const bool ours = combo->property(kRelaxed).isValid();
        if (!ours && combo->minimumWidth() > 0)
            continue; // the page chose
        if (combo->sizeAdjustPolicy() != QComboBox::AdjustToContents
            && combo->sizeAdjustPolicy() != QComboBox::AdjustToContentsOnFirstShow)
            continue;
        const QFontMetrics fm = combo->fontMetrics();
        const int arrow = combo->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, combo);
        const int relaxed = kComboMinChars * fm.averageCharWidth() + arrow + 2 * fm.height();
        const int width = std::min(relaxed, combo->QComboBox::sizeHint().width());
        combo->setMinimumWidth(width);
        combo->setProperty(kRelaxed, width);
    }
    // Layouts cache their items' sizes; a widget in a tab not shown never passes the change up, so
    // every cache under `root` is dropped.
    for (QWidget* w : root->findChildren<QWidget*>())
        w->updateGeometry();
    root->updateGeometry();
}

} // namespace raidscope::gui
