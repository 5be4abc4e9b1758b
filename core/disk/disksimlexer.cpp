// SPDX-License-Identifier: GPL-3.0-or-later
// The lexical rules of DiskSim's parameter language (disksimparams_p.h): blanks and comments, bare
// words, numbers, and the cursor that the parser (disksimparser.cpp) reads a file's text with.
#include "disksimparams_p.h"

namespace raidscope::disksim {

QString where(const QString& file, int line) { return file + QLatin1Char(':') + QString::number(line); }

namespace {

    bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'; }

} // namespace

// A bare word: DiskSim's values and names ("cheetah9LP.seek", "IBM_DNES-309170W_validate", "-1.000000").
bool isWordChar(char c)
{
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7f)
        return false;
    switch (c) {
    case ' ':
    case ',':
    case '{':
    case '}':
    case '[':
    case ']':
    case '=':
    case '#':
    case '"':
        return false;
    default:
        return true;
    }
}

// [+-] digits [. digits] [e [+-] digits], or [+-] . digits ...: what DiskSim's lexer takes for a number.
bool looksNumeric(const QByteArray& w, bool* integral)
{
    qsizetype i = 0;
    const qsizetype n = w.size();
    if (i < n && (w[i] == '+' || w[i] == '-'))
        ++i;
    qsizetype digits = 0;
    while (i < n && w[i] >= '0' && w[i] <= '9')
        ++i, ++digits;
    *integral = true;
    if (i < n && w[i] == '.') {
        *integral = false;
        ++i;
        while (i < n && w[i] >= '0' && w[i] <= '9')
            ++i, ++digits;
    }
    if (digits == 0)
        return false;
    if (i < n && (w[i] == 'e' || w[i] == 'E')) {
        *integral = false;
        ++i;
        if (i < n && (w[i] == '+' || w[i] == '-'))
            ++i;
        qsizetype expDigits = 0;
        while (i < n && w[i] >= '0' && w[i] <= '9')
            ++i, ++expDigits;
        if (expDigits == 0)
            return false;
    }
    return i == n;
}

void Cursor::skipSpace()
{
    while (!atEnd()) {
        const char c = text[pos];
        if (isBlank(c)) {
            advance();
        } else if (c == '#') {
            while (!atEnd() && text[pos] != '\n')
                ++pos;
        } else {
            break;
        }
    }
}

QString Cursor::found() const
{
    if (atEnd())
        return QStringLiteral("end of file");
    if (text[pos] == '\n')
        return QStringLiteral("end of line");
    const auto u = static_cast<unsigned char>(text[pos]);
    if (u < 0x20 || u >= 0x7f)
        return QStringLiteral("byte 0x%1").arg(uint(u), 2, 16, QLatin1Char('0'));
    return QLatin1Char('\'') + QLatin1Char(text[pos]) + QLatin1Char('\'');
}

QByteArray Cursor::readWord()
{
    const qsizetype start = pos;
    while (!atEnd() && isWordChar(text[pos]))
        ++pos;
    return text.mid(start, pos - start);
}

} // namespace raidscope::disksim
