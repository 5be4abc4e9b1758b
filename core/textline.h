// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace raidscope {

/// `text` with control characters written as escapes (\0, \n, \t, \x1b): one printable line, for an
/// error message that quotes what the user gave (a NUL would cut it short, a newline or an escape
/// sequence start a second line or recolour the terminal).
QString oneLine(const QString& text);

} // namespace raidscope
