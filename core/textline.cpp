// SPDX-License-Identifier: GPL-3.0-or-later
#include "textline.h"

namespace raidscope {

QString oneLine(const QString& text)
{
    QString line;
    line.reserve(text.size());
    for (const QChar c : text) {
        if (c == u'\0')
            line += QStringLiteral("\\0");
        else if (c == u'\n')
            line += QStringLiteral("\\n");
        else if (c == u'\t')
            line += QStringLiteral("\\t");
        else if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            line += QStringLiteral("\\x%1").arg(c.unicode(), 2, 16, QChar(u'0'));
        else
            line += c;
    }
    return line;
}

QString excerpt(const QString& text, qsizetype maxChars)
{
    if (text.size() <= maxChars)
        return oneLine(text);
    return oneLine(text.left(maxChars)) + QStringLiteral("... (%1 characters)").arg(text.size());
}

QString controlCharacterProblem(const QString& text)
{
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char16_t c = text[i].unicode();
        const bool control = c < 0x20 || (c >= 0x7f && c < 0xa0) || c == 0x2028 || c == 0x2029;
        if (!control)
            continue;
        const QString what = c == u'\n' ? QStringLiteral("a newline")
            : c == u'\r'                ? QStringLiteral("a carriage return")
            : c == u'\t'                ? QStringLiteral("a tab")
            : c == 0                    ? QStringLiteral("a NUL")
            : c == 0x2028               ? QStringLiteral("a line separator")
            : c == 0x2029               ? QStringLiteral("a paragraph separator")
                                        : QStringLiteral("the control character U+%1").arg(QString::number(c, 16).toUpper().rightJustified(4, u'0'));
        return QStringLiteral("%1 at character %2").arg(what).arg(i + 1);
    }
    return {};
}

} // namespace raidscope
