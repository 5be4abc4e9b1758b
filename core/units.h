// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <cstdint>
#include <optional>

namespace raidscope {

/// Parses a size with an explicit unit: B, KiB, MiB, GiB, TiB (K, M, G, T accepted as the binary units).
/// A bare number is refused: DESIGN.md wants units always explicit.
std::optional<std::uint64_t> parseBytes(const QString& text, QString* error);
/// Parses a duration with an explicit unit (ns, us, ms, s) into nanoseconds.
std::optional<std::int64_t> parseDurationNs(const QString& text, QString* error);
/// The shortest exact text for a size: "8KiB", "1536B", "2MiB".
QString formatBytes(std::uint64_t bytes);
/// A human-readable size with one decimal where it is not exact: "1.5 GiB".
QString formatBytesHuman(std::uint64_t bytes);

} // namespace raidscope
