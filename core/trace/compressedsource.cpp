// SPDX-License-Identifier: GPL-3.0-or-later
// Traces as they are usually kept: gzip, xz or zstd compressed, decompressed while read (zlib,
// liblzma, libzstd). Concatenated members or frames (`cat a.gz b.gz`) read as one stream, as
// `zcat` reads them. Damaged data ends the read with the library's own words.
#include "compressedsource.h"

#include <lzma.h>
#include <zlib.h>
#include <zstd.h>

#include <cstring>
#include <vector>

namespace raidscope::trace {

namespace {

constexpr std::size_t kInBytes = 256 * 1024;

// The compressed bytes, read in blocks; the codecs take them from here.
class Input
{
public:
    explicit Input(std::unique_ptr<ByteSource> raw)
        : m_raw(std::move(raw))
        , m_buffer(kInBytes)
    {
    }
    // More compressed bytes when all were used: false at the end (or on an I/O error, ioError()).
    bool fill()
    {
        if (m_pos < m_end)
            return true;
        if (m_eof)
            return false;
        const long long got = m_raw->read(m_buffer.data(), m_buffer.size());
        if (got <= 0) {
            m_eof = true;
            m_ioError = got < 0;
            return false;
        }
        m_pos = 0;
        m_end = std::size_t(got);
        return true;
    }
    const unsigned char* data() const { return reinterpret_cast<const unsigned char*>(m_buffer.data()) + m_pos; }
    std::size_t available() const { return m_end - m_pos; }
    void take(std::size_t n) { m_pos += n; }
    bool ioError() const { return m_ioError; }

private:
    std::unique_ptr<ByteSource> m_raw;
    std::vector<char> m_buffer;
    std::size_t m_pos = 0;
    std::size_t m_end = 0;
    bool m_eof = false;
    bool m_ioError = false;
};

class CompressedSource : public ByteSource
{
public:
    std::uint64_t size() const override { return 0; }
    bool sized() const override { return false; }
    std::string errorText() const override { return m_error; }

protected:
    long long failed(std::string message)
    {
        m_error = std::move(message);
        return -1;
    }
    std::string m_error;
};

class GzipSource final : public CompressedSource
{
public:
    explicit GzipSource(std::unique_ptr<ByteSource> raw)
        : m_in(std::move(raw))
    {
        std::memset(&m_z, 0, sizeof m_z);
        m_ok = inflateInit2(&m_z, 15 + 32) == Z_OK; // 32: a gzip or zlib header
    }
    ~GzipSource() override { inflateEnd(&m_z); }
    long long read(char* buffer, std::size_t n) override
    {
        if (!m_ok)
            return failed("gzip: cannot start zlib");
        if (!m_error.empty())
            return -1;
        m_z.next_out = reinterpret_cast<Bytef*>(buffer);
        m_z.avail_out = uInt(std::min<std::size_t>(n, 1u << 30));
        while (m_z.avail_out == uInt(std::min<std::size_t>(n, 1u << 30))) {
            if (!m_in.fill()) {
                if (m_in.ioError())
                    return failed("read error");
                if (m_inMember)
                    return failed("gzip: the data ends in the middle of a member (truncated file)");
                return 0;
            }
            m_z.next_in = const_cast<Bytef*>(m_in.data());
            m_z.avail_in = uInt(m_in.available());
            const std::size_t before = m_in.available();
            const int rc = inflate(&m_z, Z_NO_FLUSH);
            m_in.take(before - m_z.avail_in);
            m_inMember = true;
            if (rc == Z_STREAM_END) {
                inflateReset(&m_z); // the next member, if any
                m_inMember = false;
            } else if (rc != Z_OK && rc != Z_BUF_ERROR) {
                return failed(std::string("gzip: damaged data (") + (m_z.msg ? m_z.msg : "zlib error") + ")");
            }
        }
        return (long long)(std::min<std::size_t>(n, 1u << 30) - m_z.avail_out);
    }

private:
    Input m_in;
    z_stream m_z;
    bool m_ok = false;
    bool m_inMember = false;
};

class XzSource final : public CompressedSource
{
public:
    explicit XzSource(std::unique_ptr<ByteSource> raw)
        : m_in(std::move(raw))
    {
        // LZMA_CONCATENATED: several .xz streams one after another read as one.
        m_ok = lzma_stream_decoder(&m_s, UINT64_MAX, LZMA_CONCATENATED) == LZMA_OK;
    }
    ~XzSource() override { lzma_end(&m_s); }
    long long read(char* buffer, std::size_t n) override
    {
        if (!m_ok)
            return failed("xz: cannot start liblzma");
        if (!m_error.empty())
            return -1;
        if (m_done)
            return 0;
        m_s.next_out = reinterpret_cast<std::uint8_t*>(buffer);
        m_s.avail_out = n;
        while (m_s.avail_out == n) {
            lzma_action action = LZMA_RUN;
            if (!m_in.fill()) {
                if (m_in.ioError())
                    return failed("read error");
                action = LZMA_FINISH;
                m_s.avail_in = 0;
            } else {
                m_s.next_in = m_in.data();
                m_s.avail_in = m_in.available();
            }
            const std::size_t before = m_s.avail_in;
            const lzma_ret rc = lzma_code(&m_s, action);
            m_in.take(before - m_s.avail_in);
            if (rc == LZMA_STREAM_END) {
                m_done = true;
                break;
            }
            if (rc == LZMA_BUF_ERROR && action == LZMA_FINISH)
                return failed("xz: the data ends in the middle of a stream (truncated file)");
            if (rc != LZMA_OK)
                return failed(rc == LZMA_DATA_ERROR || rc == LZMA_FORMAT_ERROR ? "xz: damaged data"
                                                                                : "xz: cannot decompress (liblzma error)");
        }
        return (long long)(n - m_s.avail_out);
    }

private:
    Input m_in;
    lzma_stream m_s = LZMA_STREAM_INIT;
    bool m_ok = false;
    bool m_done = false;
};

class ZstdSource final : public CompressedSource
{
public:
    explicit ZstdSource(std::unique_ptr<ByteSource> raw)
        : m_in(std::move(raw))
        , m_d(ZSTD_createDStream())
    {
    }
    ~ZstdSource() override { ZSTD_freeDStream(m_d); }
    long long read(char* buffer, std::size_t n) override
    {
        if (!m_d)
            return failed("zstd: cannot start libzstd");
        if (!m_error.empty())
            return -1;
        ZSTD_outBuffer out { buffer, n, 0 };
        while (out.pos == 0) {
            if (!m_in.fill()) {
                if (m_in.ioError())
                    return failed("read error");
                if (m_inFrame)
                    return failed("zstd: the data ends in the middle of a frame (truncated file)");
                return 0;
            }
            ZSTD_inBuffer in { m_in.data(), m_in.available(), 0 };
            const std::size_t rc = ZSTD_decompressStream(m_d, &out, &in);
            m_in.take(in.pos);
            if (ZSTD_isError(rc))
                return failed(std::string("zstd: damaged data (") + ZSTD_getErrorName(rc) + ")");
            m_inFrame = rc != 0; // 0: a frame ended exactly here
        }
        return (long long)out.pos;
    }

private:
    Input m_in;
    ZSTD_DStream* m_d;
    bool m_inFrame = false;
};

} // namespace

Compression compressionOf(std::string_view head)
{
    const auto starts = [&](std::initializer_list<unsigned char> magic) {
        if (head.size() < magic.size())
            return false;
        std::size_t i = 0;
        for (unsigned char c : magic)
            if (static_cast<unsigned char>(head[i++]) != c)
                return false;
        return true;
    };
    if (starts({ 0x1f, 0x8b }))
        return Compression::Gzip;
    if (starts({ 0xfd, '7', 'z', 'X', 'Z', 0x00 }))
        return Compression::Xz;
    if (starts({ 0x28, 0xb5, 0x2f, 0xfd }))
        return Compression::Zstd;
    return Compression::None;
}

const char* compressionName(Compression c)
{
    switch (c) {
    case Compression::Gzip: return "gzip";
    case Compression::Xz: return "xz";
    case Compression::Zstd: return "zstd";
    case Compression::None: break;
    }
    return "";
}

std::unique_ptr<ByteSource> decompressing(Compression c, std::unique_ptr<ByteSource> raw)
{
    switch (c) {
    case Compression::Gzip: return std::make_unique<GzipSource>(std::move(raw));
    case Compression::Xz: return std::make_unique<XzSource>(std::move(raw));
    case Compression::Zstd: return std::make_unique<ZstdSource>(std::move(raw));
    case Compression::None: break;
    }
    return raw;
}

} // namespace raidscope::trace
