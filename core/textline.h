// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace raidscope {

/// `text` with control characters written as escapes (\0, \n, \t, \x1b): one printable line, for an
/// error message that quotes what the user gave (a NUL would cut it short, a newline or an escape
/// sequence start a second line or recolour the terminal).
QString oneLine(const QString& text);

/// For text that goes into an output as given (a target name in an iolog, a report's title): empty
/// when `text` holds no control character (C0, DEL, C1) and no line or paragraph separator; else
/// what it holds and where ("a newline at character 5"), so that a caller can refuse it rather than
/// write an extra iolog line or a broken title (#52).
QString controlCharacterProblem(const QString& text);

/// oneLine(text) cut to `maxChars`, then "... (N characters)", for an error that quotes what may be
/// huge (a 100 KB key is not echoed whole); the text itself when it is short enough.
QString excerpt(const QString& text, qsizetype maxChars = 64);

/// The most characters one word of an array or workload spec (a scheme, a key=value) may have: a
/// per-member list for 256 disks (member=0:st3500630ns,...) fits well within it.
inline constexpr qsizetype kMaxSpecWordChars = 8192;

} // namespace raidscope
