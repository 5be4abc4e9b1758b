// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <QVariantMap>

#include <cstdint>
#include <optional>

namespace raidscope {

/// An array as the user wrote it (DESIGN.md "The array spec, exactly"): syntax checked, units
/// converted, but scheme, variant and ranges not yet checked against the plugins (LayoutRegistry does that).
struct ArraySpec
{
    QString scheme;                  ///< as written (an id or an alias)
    QString variant;                 ///< the `layout` key as written; empty: the scheme's default
    std::optional<int> disks;        ///< required
    std::uint64_t chunkBytes = 64 * 1024;
    std::uint64_t blockBytes = 4 * 1024;
    std::optional<int> copies;       ///< raid1 / raid10
    QString diskPreset = QStringLiteral("ibm-9lzx");
    std::optional<std::uint64_t> sizeBytes; ///< usable capacity of each member; default: the preset's
    QVariantMap extra;               ///< further keys, checked by the registry against the plugin

    /// The canonical text form (every key given explicitly, in a fixed order).
    QString toText() const;
    QJsonObject toJson() const;
};

/// Keys the simulator takes (core/sim parses their values); the registry lets them through to
/// ArraySpec::extra without showing them to the layout plugin.
const QStringList& simulationKeys();

/// `SCHEME key=value ...`; nullopt and a one-line error naming the key or token when malformed.
std::optional<ArraySpec> parseArraySpec(const QString& text, QString* error);
/// The JSON form: {"scheme": "raid5", "layout": "la", "disks": 6, "chunk": "8KiB"}; sizes are strings
/// with units, or numbers under the keys chunkBytes/blockBytes/sizeBytes.
std::optional<ArraySpec> parseArraySpecJson(const QJsonObject& json, QString* error);

} // namespace raidscope
