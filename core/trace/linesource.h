// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Internal to core/trace: block input and line splitting shared by the readers.

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace raidscope::trace {

/// Bytes from a file or from memory, read in blocks.
class ByteSource
{
public:
    virtual ~ByteSource() = default;
    /// Up to `n` bytes into `buffer`; 0 at the end; -1 on an I/O error.
    virtual long long read(char* buffer, std::size_t n) = 0;
    virtual std::uint64_t size() const = 0;
    /// False for a pipe, a FIFO or a character device: size() is 0 and says nothing, the input
    /// ends when the writer closes it (or never: /dev/zero), and it can be read only once.
    virtual bool sized() const { return true; }
    /// Why read() returned -1, when the source knows better than errno (damaged compressed data).
    virtual std::string errorText() const { return {}; }
    /// Lines of the whole input before this source's first byte that LineSource should count as
    /// read (a range of a file that does not start it: 1, so its first line is never line 1).
    virtual std::uint64_t linesBefore() const { return 0; }
    static std::unique_ptr<ByteSource> openFile(const std::string& path, std::string* error);
    /// Bytes [begin, end) of a file (clamped to its size).
    static std::unique_ptr<ByteSource> openFileRange(const std::string& path, std::uint64_t begin, std::uint64_t end,
                                                     std::string* error);
    static std::unique_ptr<ByteSource> memory(std::span<const char> data);
    /// `head` (bytes already read from `rest`) and then the rest: a stream sniffed for its format
    /// and read from its first byte.
    static std::unique_ptr<ByteSource> prefixed(std::string head, std::unique_ptr<ByteSource> rest);
};

/// Splits a ByteSource into lines without copying them: a line is a view into the block buffer,
/// valid until the next call. "\r\n" and "\n" both end a line; a last line without "\n" counts.
class LineSource
{
public:
    static constexpr std::size_t kBlockBytes = 1 << 20;
    static constexpr std::size_t kMaxLineBytes = 1 << 20; ///< longer lines are reported, not kept
    /// An overlong line's rest is dropped up to its line end, or this many bytes: then the input is
    /// not text (NoLineEnd), and reading stops.
    static constexpr std::uint64_t kMaxDropBytes = 64 << 20;

    explicit LineSource(std::unique_ptr<ByteSource> source);
    enum class Result : std::uint8_t { Line, End, TooLong, IoError, NoLineEnd };
    Result next(std::string_view& line);
    std::uint64_t lineNumber() const { return m_lineNumber; }
    /// Lines read from this source (lineNumber() less the source's linesBefore()).
    std::uint64_t linesRead() const { return m_lineNumber - m_linesBefore; }
    std::uint64_t consumed() const { return m_consumed; }
    std::uint64_t total() const { return m_source->size(); }
    /// The source's own words for a read error (IoError), or "".
    std::string errorText() const { return m_source->errorText(); }

private:
    bool refill();
    std::unique_ptr<ByteSource> m_source;
    std::vector<char> m_buffer;
    std::size_t m_begin = 0;
    std::size_t m_end = 0;
    bool m_eof = false;
    bool m_ioError = false;
    bool m_dropping = false; ///< the rest of an overlong line is still to be dropped
    std::uint64_t m_lineNumber = 0;
    std::uint64_t m_linesBefore = 0;
    std::uint64_t m_consumed = 0;
};

/// Fields of one line, split at a separator (or at runs of blanks when `sep` is ' ').
/// Fixed capacity: no allocation per line.
struct Fields
{
    static constexpr int kMax = 32;
    std::string_view field[kMax];
    int count = 0;
    bool overflow = false;
    void split(std::string_view line, char sep);
};

inline std::string_view trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '"'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '"' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

/// A non-negative decimal integer, the whole field; false on anything else (a sign, a blank) or on overflow.
inline bool parseU64(std::string_view s, std::uint64_t& out)
{
    // By hand: the readers' hottest function, and std::from_chars' generality costs here.
    if (s.empty())
        return false;
    std::uint64_t v = 0;
    for (const char c : s) {
        const unsigned d = unsigned(c) - unsigned('0');
        if (d > 9 || __builtin_mul_overflow(v, 10u, &v) || __builtin_add_overflow(v, d, &v))
            return false;
    }
    out = v;
    return true;
}

/// ASCII letters compared without case ("Write", "WRITE"); trace fields are ASCII.
inline bool iequals(std::string_view a, std::string_view b)
{
    const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; };
    return a.size() == b.size()
        && std::equal(a.begin(), a.end(), b.begin(), [&](char x, char y) { return lower(x) == lower(y); });
}

/// A finite decimal number (no hex, no inf/nan).
inline bool parseDouble(std::string_view s, double& out)
{
    if (s.empty())
        return false;
    if (s.front() == '+')
        s.remove_prefix(1);
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out, std::chars_format::general);
    return ec == std::errc() && p == s.data() + s.size() && out == out && out - out == 0;
}

/// Seconds (or another unit) as a decimal string -> integral nanoseconds, exactly for up to 9
/// decimals, without going through double: "12.000001234" -> 12000001234.
inline bool parseScaledNs(std::string_view s, std::int64_t nsPerUnit, std::int64_t& out)
{
    bool neg = false;
    if (!s.empty() && s.front() == '-') {
        neg = true;
        s.remove_prefix(1);
    }
    const std::size_t dot = s.find('.');
    std::string_view whole = s.substr(0, dot);
    std::string_view frac = dot == std::string_view::npos ? std::string_view {} : s.substr(dot + 1);
    std::uint64_t w = 0;
    if (whole.empty() && frac.empty())
        return false;
    if (!whole.empty() && !parseU64(whole, w))
        return false;
    if (dot != std::string_view::npos && frac.empty() && whole.empty())
        return false;
    if (w > std::uint64_t(INT64_MAX / nsPerUnit))
        return false;
    std::int64_t ns = std::int64_t(w) * nsPerUnit;
    std::int64_t scale = nsPerUnit;
    for (char c : frac) {
        const unsigned d = unsigned(c) - unsigned('0');
        if (d > 9)
            return false;
        scale /= 10;
        ns += std::int64_t(d) * scale; // digits beyond 1 ns resolution add 0
    }
    out = neg ? -ns : ns;
    return true;
}

} // namespace raidscope::trace
