// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "layout.h"

#include <QJsonObject>
#include <QString>

namespace raidscope {

struct ResolvedArray;

/// "none", "mirror x2", "single parity", "double parity".
QString redundancyText(const Layout& layout);

/// The `layout --json` object of DESIGN.md for logical blocks [firstLba, endLba):
/// {"scheme","layout","disks","chunkBytes","blockBytes","patternBlocks","blocks":[...]} and a few more keys.
QJsonObject layoutToJson(const ResolvedArray& array, const Layout& layout, std::uint64_t firstLba, std::uint64_t endLba);

} // namespace raidscope
