// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Internal to core/trace: the concrete readers, created by TraceReader::open().

#include "counterfile.h"
#include "linesource.h"
#include "tracereader.h"

#include <algorithm>
#include <unordered_map>

namespace raidscope::trace {

// The same fault gets the same answer in every format (#52). A record's time is never before its
// clock's origin (TraceRecord::timeNs >= 0), its offset fits in 64 bits of bytes and its size is at
// most kMaxRequestBytes: a field past one of these is refused, named with its file, line and field,
// and the reader goes on with the next line. What is unusual but can be read (a size of 0, a time
// before an earlier record's, an offset past 2^63 bytes) is read as it stands and counted as an
// anomaly by the summary, whatever the format.

/// The largest request any reader accepts: 4 GiB. Linux's block layer and blktrace count a
/// request's bytes in 32 bits; a larger size is a damaged field, not a request.
constexpr std::uint64_t kMaxRequestBytes = std::uint64_t(4) << 30;
inline constexpr const char* kNegativeTime = "is negative: a time before the trace's clock origin";
inline constexpr const char* kPastByteRange = "is past 2^64 bytes";
inline constexpr const char* kSizeTooLarge = "is more than 4 GiB, larger than any block request";

/// Why parseU64() refused a field: `negative` (a minus and digits), `overflow` (all digits, past
/// 2^64) or `otherwise`.
inline const char* whyNotU64(std::string_view s, const char* overflow, const char* otherwise = "is not a number",
                             const char* negative = "is negative")
{
    const auto digits = [](std::string_view d) {
        return !d.empty() && std::all_of(d.begin(), d.end(), [](char c) { return c >= '0' && c <= '9'; });
    };
    if (s.size() > 1 && s.front() == '-' && digits(s.substr(1)))
        return negative;
    return digits(s) ? overflow : otherwise;
}

/// A reader of a line-oriented text format: one record per line, errors carry the line number.
class LineTraceReader : public TraceReader
{
public:
    LineTraceReader(std::unique_ptr<ByteSource> source, QString fileName);
    Status next(TraceRecord& record) final;
    std::uint64_t bytesConsumed() const final { return m_lines.consumed(); }
    std::uint64_t bytesTotal() const final { return m_lines.total(); }
    std::uint64_t linesRead() const final { return m_lines.linesRead(); }

protected:
    enum class Parsed : std::uint8_t { Record, Skip, Error };
    /// Parses one line (without its end of line); on Error, has called fail().
    virtual Parsed parseLine(std::string_view line, TraceRecord& record) = 0;
    /// At the end of the input: why what was read is not this format after all (a reader that
    /// skips lines it does not know, given a file none of whose lines it knows), or "".
    virtual QString endError() const { return {}; }
    Parsed fail(int field, const char* fieldName, std::string_view value, const char* what);
    Parsed failLine(const QString& what);
    std::uint64_t lineNumber() const { return m_lines.lineNumber(); }
    Fields m_fields;

private:
    LineSource m_lines;
    QString m_fileName;
    bool m_done = false;
};

std::unique_ptr<TraceReader> makeMsrReader(std::unique_ptr<ByteSource> s, const QString& name);
std::unique_ptr<TraceReader> makeSpcReader(std::unique_ptr<ByteSource> s, const QString& name);
std::unique_ptr<TraceReader> makeDiskSimReader(std::unique_ptr<ByteSource> s, const QString& name);
std::unique_ptr<TraceReader> makeFioReader(std::unique_ptr<ByteSource> s, const QString& name, FioTimeUnit unit,
                                           std::string_view head);
std::unique_ptr<TraceReader> makeCsvReader(std::unique_ptr<ByteSource> s, const QString& name, const CsvMapping& m);
std::unique_ptr<TraceReader> makeBlkparseReader(std::unique_ptr<ByteSource> s, const QString& name);
std::unique_ptr<TraceReader> makeBlktraceReader(std::unique_ptr<ByteSource> s, const QString& name);
/// A counter file as synthetic requests (counterworkload.cpp); a file that does not parse gives its
/// error at the first next().
std::unique_ptr<TraceReader> makeCounterReader(std::unique_ptr<ByteSource> s, const QString& name, CounterFormat format,
                                               const TraceReaderOptions& options);
/// Reads all of `source`, at most kMaxCounterFileBytes, and parses it as a counter file.
bool readCounterSource(ByteSource& source, const QString& name, CounterFile& out, TraceError& error);
/// Several readers as one: by time when `byTime` (per-CPU blktrace files), else one after another.
std::unique_ptr<TraceReader> makeMultiReader(std::vector<std::unique_ptr<TraceReader>> readers, bool byTime);

/// Pairs blktrace issue (D) and completion (C) events of the same device and sector into
/// Completion records. Bounded: beyond kMaxOutstanding unmatched issues, the oldest are dropped.
class IssuePairer
{
public:
    static constexpr std::size_t kMaxOutstanding = 1 << 16;
    void issue(std::uint32_t device, std::uint64_t sector, std::int64_t timeNs);
    /// True and the issue time when a matching issue was outstanding.
    bool complete(std::uint32_t device, std::uint64_t sector, std::int64_t& issueNs);
    std::uint64_t dropped() const { return m_dropped; }

private:
    std::unordered_map<std::uint64_t, std::int64_t> m_pending;
    std::uint64_t m_dropped = 0;
};

} // namespace raidscope::trace
