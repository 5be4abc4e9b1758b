// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Internal to core/trace: compressed traces read directly (TraceReader::open recognises them).

#include "linesource.h"

#include <memory>
#include <string_view>

namespace raidscope::trace {

enum class Compression : std::uint8_t { None, Gzip, Xz, Zstd };

/// The compression a file's first bytes announce (gzip 1f 8b, xz FD '7zXZ' 00, zstd 28 B5 2F FD).
Compression compressionOf(std::string_view head);
/// "gzip", "xz", "zstd", or "" for None.
const char* compressionName(Compression c);
/// `raw`'s bytes decompressed as they are read (`raw` itself for None). The result has no size
/// (sized() is false) and can be read once; on damaged data read() returns -1 and errorText() says why.
std::unique_ptr<ByteSource> decompressing(Compression c, std::unique_ptr<ByteSource> raw);

} // namespace raidscope::trace
