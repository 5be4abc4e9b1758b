// SPDX-License-Identifier: GPL-3.0-or-later
#include "theme.h"

#include <QRegularExpression>
#include <QStyle>
#include <QStyleFactory>
#include <QWidget>

#include <algorithm>
#include <memory>

namespace raidscope::gui {

bool isDarkPalette(const QPalette& palette) { return palette.color(QPalette::Base).lightnessF() < 0.5; }

QColor mixColors(const QColor& a, const QColor& b, double t)
{
    const auto mix = [t](double x, double y) { return x + (y - x) * t; };
    return QColor::fromRgbF(float(mix(a.redF(), b.redF())), float(mix(a.greenF(), b.greenF())),
        float(mix(a.blueF(), b.blueF())), float(mix(a.alphaF(), b.alphaF())));
}

QColor mutedInk(const QWidget* widget)
{
    const QPalette& p = widget->palette();
    return mixColors(p.color(QPalette::Window), p.color(QPalette::WindowText), 0.62);
}

QColor errorInk(const QWidget* widget)
{
    return isDarkPalette(widget->palette()) ? QColor(0xff, 0x6b, 0x6b) : QColor(0xb0, 0x00, 0x20);
}

QColor readableOn(const QPalette& palette, const QColor& designed)
{
    if (!isDarkPalette(palette) || !designed.isValid())
        return designed;
    const float alpha = designed.alphaF();
    float h = 0, s = 0, l = 0, a = 0;
    designed.getHslF(&h, &s, &l, &a);
    QColor out;
    if (s < 0.15f) { // a grey: black is ink, white is paper
        out = mixColors(palette.color(QPalette::Text), palette.color(QPalette::Base), l);
    } else {
        // Dark blues, purples and reds sink into a dark background; halfway to 0.75 lightness
        // keeps their hue and their order (the darker series stays the darker).
        constexpr float kTarget = 0.75f;
        if (l < kTarget)
            l += (kTarget - l) * 0.5f;
        out = QColor::fromHslF(h, s, l);
    }
    out.setAlphaF(alpha);
    return out;
}

QColor readableInk(const QWidget* widget, const QColor& designed)
{
    QPalette p = widget->palette();
    p.setColor(QPalette::Base, p.color(QPalette::Window));
    p.setColor(QPalette::Text, p.color(QPalette::WindowText));
    return readableOn(p, designed);
}

QString themedHtml(const QWidget* widget, const QString& html)
{
    if (!isDarkPalette(widget->palette()))
        return html;
    static const QRegularExpression colour(QStringLiteral("color:\\s*(#[0-9a-fA-F]{3,6})\\b"));
    QString out;
    qsizetype at = 0;
    for (auto it = colour.globalMatch(html); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        out += QStringView(html).mid(at, m.capturedStart(1) - at);
        out += readableInk(widget, QColor(m.captured(1))).name();
        at = m.capturedEnd(1);
    }
    out += QStringView(html).mid(at);
    return out;
}

QString noteBoxStyle(const QWidget* widget, bool error)
{
    const bool dark = isDarkPalette(widget->palette());
    const char* background = error ? (dark ? "#4a2328" : "#fdecee") : (dark ? "#463a1e" : "#fff4e0");
    const char* border = error ? (dark ? "#8a3c46" : "#e3a1aa") : (dark ? "#8a6d2f" : "#e8c88a");
    return QStringLiteral("QLabel { background: %1; border: 1px solid %2; color: %3; padding: 3px 6px; }")
        .arg(QLatin1String(background), QLatin1String(border), widget->palette().color(QPalette::WindowText).name());
}

QPalette darkPalette()
{
    // Close to the Breeze Dark and Adwaita-dark colours: grey, not black, with a blue highlight.
    const QColor window(0x2b, 0x2d, 0x31), base(0x1e, 0x20, 0x23), text(0xe6, 0xe6, 0xe6);
    const QColor button(0x35, 0x38, 0x3c), highlight(0x3d, 0xae, 0xe9), disabled(0x80, 0x80, 0x80);
    QPalette p;
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x26, 0x28, 0x2c));
    p.setColor(QPalette::ToolTipBase, QColor(0x31, 0x36, 0x3b));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0x90, 0x90, 0x90));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, button);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x6b, 0x6b));
    p.setColor(QPalette::Light, QColor(0x45, 0x48, 0x4d));
    p.setColor(QPalette::Midlight, QColor(0x3a, 0x3d, 0x42));
    p.setColor(QPalette::Mid, QColor(0x5a, 0x5d, 0x62));
    p.setColor(QPalette::Dark, QColor(0x18, 0x19, 0x1b));
    p.setColor(QPalette::Shadow, QColor(0x10, 0x10, 0x10));
    p.setColor(QPalette::Highlight, highlight);
    p.setColor(QPalette::HighlightedText, QColor(0xfc, 0xfc, 0xfc));
    p.setColor(QPalette::Link, QColor(0x6c, 0xb8, 0xff));
    p.setColor(QPalette::LinkVisited, QColor(0xb4, 0x8e, 0xf0));
    for (auto role : { QPalette::WindowText, QPalette::Text, QPalette::ButtonText })
        p.setColor(QPalette::Disabled, role, disabled);
    p.setColor(QPalette::Disabled, QPalette::Highlight, QColor(0x50, 0x50, 0x50));
    return p;
}

QPalette lightPalette()
{
    const std::unique_ptr<QStyle> fusion(QStyleFactory::create(QStringLiteral("Fusion")));
    return fusion ? fusion->standardPalette() : QPalette();
}

} // namespace raidscope::gui
