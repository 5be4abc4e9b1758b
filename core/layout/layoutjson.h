// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "layout.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <functional>

namespace raidscope {

struct ResolvedArray;

/// "none", "mirror x2", "single parity", "double parity".
QString redundancyText(const Layout& layout);

/// The `layout --json` object of DESIGN.md for logical blocks [firstLba, endLba):
/// {"scheme","layout","disks","chunkBytes","blockBytes","patternBlocks","blocks":[...]} and a few more keys.
QJsonObject layoutToJson(const ResolvedArray& array, const Layout& layout, std::uint64_t firstLba, std::uint64_t endLba);

/// The same object as QJsonDocument(layoutToJson(...)).toJson(Indented), byte for byte, written in
/// pieces of about 64 KiB to `write` as it is made: memory stays flat however many blocks are listed
/// (a million blocks are half a gigabyte of text). Returns false as soon as `write` does.
bool writeLayoutJson(const ResolvedArray& array, const Layout& layout, std::uint64_t firstLba, std::uint64_t endLba,
                     const std::function<bool(const QByteArray&)>& write);

} // namespace raidscope
