// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The report's drawing basics, shared by its charts (reportcharts.cpp) and its layout drawing
// (reportevidence.cpp). Private to report/.

#include <QColor>
#include <QFont>

#include <algorithm>

namespace raidscope::reportpalette {

inline const QColor kText(0x22, 0x22, 0x22);
inline const QColor kMuted(0x66, 0x66, 0x66);
// The workbench's probe colours (app/gui/probe): times in blue, the slow cluster and boundaries in red.
inline const QColor kBlue(0x1f, 0x5f, 0xa8);
inline const QColor kRed(0xc6, 0x28, 0x28);

/// A font of `pixels` pixels (the report draws in pixels of its own page), bold or not.
inline QFont font(qreal pixels, bool bold = false)
{
    QFont f;
    f.setPixelSize(std::max(1, qRound(pixels)));
    f.setBold(bold);
    return f;
}

} // namespace raidscope::reportpalette
