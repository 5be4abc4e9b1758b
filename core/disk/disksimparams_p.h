// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Shared by the DiskSim parameter reader's files: the lexer (disksimlexer.cpp), the parser
// (disksimparser.cpp) and the values' accessors (disksimparams.cpp).

#include "disksimparams.h"

namespace raidscope::disksim {

/// "file:line", for messages.
QString where(const QString& file, int line);

/// Sets *error to `message` when error is not null.
void setError(QString* error, const QString& message);

// DiskSim's bare words and numbers (disksimlexer.cpp says which characters and forms).
bool isWordChar(char c);
bool looksNumeric(const QByteArray& w, bool* integral);

// The parser's place in one file's text (skipping blanks and comments, reading words).
struct Cursor
{
    QByteArray text;
    QString file;
    qsizetype pos = 0;
    int line = 1;

    bool atEnd() const { return pos >= text.size(); }
    char peek() const { return atEnd() ? '\0' : text[pos]; }
    void advance()
    {
        if (text[pos] == '\n')
            ++line;
        ++pos;
    }
    void skipSpace();
    QString here() const { return where(file, line); }
    QString found() const;
    QByteArray readWord();
};

} // namespace raidscope::disksim
