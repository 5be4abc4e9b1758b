// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target for the gzip, xz and zstd decoders that read compressed traces: any bytes that
// start like one of them decompress to an end or an error, never a crash or a hang.
#include "trace/compressedsource.h"

#include <cstddef>
#include <cstdint>
#include <string>

using namespace raidscope;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    const trace::Compression c = trace::compressionOf(bytes);
    if (c == trace::Compression::None)
        return 0;
    auto source = trace::decompressing(c, trace::ByteSource::memory(std::span<const char>(bytes.data(), bytes.size())));
    std::string out(64 * 1024, '\0');
    // A decompression bomb is bounded here (64 MiB), not by the decoder; a real trace may be larger.
    for (std::size_t total = 0; total < (64u << 20);) {
        const long long n = source->read(out.data(), out.size());
        if (n <= 0)
            break;
        total += std::size_t(n);
    }
    return 0;
}
