// SPDX-License-Identifier: GPL-3.0-or-later
// Linux block-layer traces: blkparse's default text output and the binary blktrace stream it reads
// (struct blk_io_trace, include/uapi/linux/blktrace_api.h), plus the multi-file merge.
#include "readers_p.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdio>

namespace raidscope::trace {

void IssuePairer::issue(std::uint32_t device, std::uint64_t sector, std::int64_t timeNs)
{
    if (m_pending.size() >= kMaxOutstanding) {
        // Issues whose completion never came (a partial capture): forget them rather than grow.
        m_dropped += m_pending.size();
        m_pending.clear();
    }
    m_pending[sector * 1315423911ULL ^ device] = timeNs;
}

bool IssuePairer::complete(std::uint32_t device, std::uint64_t sector, std::int64_t& issueNs)
{
    const auto it = m_pending.find(sector * 1315423911ULL ^ device);
    if (it == m_pending.end())
        return false;
    issueNs = it->second;
    m_pending.erase(it);
    return true;
}

namespace {

// ---- blkparse text: "%D %2c %8s %5T.%9t %5p %2a %3d" then "sector + nsectors [...]" ----
class BlkparseReader final : public LineTraceReader
{
public:
    BlkparseReader(std::unique_ptr<ByteSource> s, const QString& name)
        : LineTraceReader(std::move(s), name)
    {
        m_info.format = TraceFormat::Blkparse;
        m_info.name = QStringLiteral("blkparse text");
        m_info.detail = QStringLiteral("blkparse text (requests = Q events; D->C pairs give response and queue depth)");
        m_info.timeOrigin = QStringLiteral("trace start");
        m_info.hasResponseTimes = true;
        m_info.hasIssueCompletePairs = true;
        m_info.notes << QStringLiteral("response times are driver issue (D) to completion (C); requests merged "
                                       "before issue share one D/C pair");
    }

protected:
    Parsed parseLine(std::string_view line, TraceRecord& r) override
    {
        m_fields.split(line, ' ');
        const auto& f = m_fields.field;
        // Lines that are not events (blkparse's per-CPU and total summaries at the end) are skipped.
        const std::size_t comma = m_fields.count > 0 ? f[0].find(',') : std::string_view::npos;
        std::uint64_t major = 0, minor = 0;
        if (comma == std::string_view::npos || !parseU64(f[0].substr(0, comma), major)
            || !parseU64(f[0].substr(comma + 1), minor)) {
            ++m_otherLines;
            return Parsed::Skip;
        }
        ++m_eventLines;
        if (m_fields.count < 6)
            return failLine(QStringLiteral("%1 fields, an event has at least 6 (dev cpu seq time pid action)").arg(m_fields.count));
        std::int64_t t = 0;
        if (!parseScaledNs(f[3], 1000000000, t))
            return fail(4, "time", f[3], "is not a time in seconds");
        if (t < 0)
            return fail(4, "time", f[3], kNegativeTime);
        const std::string_view action = f[5];
        if (action != "Q" && action != "D" && action != "C")
            return Parsed::Skip;
        // Events without "sector + n" (flushes, notify) carry no data.
        if (m_fields.count < 10 || f[8] != "+")
            return Parsed::Skip;
        const std::string_view rwbs = f[6];
        const bool write = rwbs.find('W') != std::string_view::npos;
        const bool read = rwbs.find('R') != std::string_view::npos;
        if (!write && !read)
            return Parsed::Skip; // discards, pure flushes
        std::uint64_t sector = 0, sectors = 0;
        if (!parseU64(f[7], sector))
            return fail(8, "sector", f[7], whyNotU64(f[7], kPastByteRange, "is not a sector number"));
        if (sector > UINT64_MAX / 512) // the same refusal as blktrace's (#52)
            return fail(8, "sector", f[7], kPastByteRange);
        if (!parseU64(f[9], sectors))
            return fail(10, "sectors", f[9], whyNotU64(f[9], kSizeTooLarge, "is not a number of sectors"));
        if (sectors > kMaxRequestBytes / 512)
            return fail(10, "sectors", f[9], kSizeTooLarge);
        const std::uint32_t dev = deviceIndex(f[0]);
        r.offsetBytes = sector * 512;
        r.sizeBytes = sectors * 512;
        r.write = write;
        r.device = dev;
        if (action == "Q") {
            r.timeNs = t;
            return Parsed::Record;
        }
        if (action == "D") {
            m_pairs.issue(dev, sector, t);
            return Parsed::Skip;
        }
        std::int64_t issued = 0;
        if (!m_pairs.complete(dev, sector, issued))
            return Parsed::Skip;
        r.kind = TraceRecord::Kind::Completion;
        r.timeNs = issued;
        r.responseNs = std::max<std::int64_t>(0, t - issued);
        return Parsed::Record;
    }

    QString endError() const override
    {
        // Summaries and messages are skipped, but a file of nothing else is not blkparse output
        // (a forced --format blkparse on another format would otherwise read as an empty trace).
        if (m_eventLines == 0 && m_otherLines > 0)
            return QStringLiteral("none of the %1 lines is a blkparse event ('MAJ,MIN CPU SEQ TIME PID ACTION ...'): "
                                  "not blkparse text")
                .arg(m_otherLines);
        return {};
    }

private:
    IssuePairer m_pairs;
    std::uint64_t m_eventLines = 0;
    std::uint64_t m_otherLines = 0;
};

// ---- binary blktrace ----
inline std::uint16_t bswap(std::uint16_t v) { return __builtin_bswap16(v); }
inline std::uint32_t bswap(std::uint32_t v) { return __builtin_bswap32(v); }
inline std::uint64_t bswap(std::uint64_t v) { return __builtin_bswap64(v); }

constexpr std::uint32_t kMagic = 0x65617400;
constexpr std::size_t kHeaderBytes = 48;
enum : std::uint32_t { TaQueue = 1, TaIssue = 7, TaComplete = 8 };
enum : std::uint32_t { TcRead = 1u << 0, TcWrite = 1u << 1, TcPc = 1u << 9, TcNotify = 1u << 10 };

class BlktraceReader final : public TraceReader
{
public:
    BlktraceReader(std::unique_ptr<ByteSource> s, const QString& name)
        : m_source(std::move(s))
        , m_name(name)
        , m_buffer(std::size_t(m_source->sized() ? std::min<std::uint64_t>(1 << 20, m_source->size() + kHeaderBytes) : 1 << 20))
    {
        m_info.format = TraceFormat::Blktrace;
        m_info.name = QStringLiteral("binary blktrace");
        m_info.detail = QStringLiteral("binary blktrace (requests = QUEUE events; ISSUE->COMPLETE pairs give response "
                                       "and queue depth)");
        m_info.timeOrigin = QStringLiteral("trace clock");
        m_info.hasResponseTimes = true;
        m_info.hasIssueCompletePairs = true;
        m_info.notes << QStringLiteral("response times are driver issue to completion; a per-CPU file alone may lack "
                                       "the completions (give all the per-CPU files together)");
    }
    void setPairing(bool pair) { m_pair = pair; }

    Status next(TraceRecord& r) override
    {
        for (;;) {
            if (!ensure(kHeaderBytes))
                return m_end - m_begin == 0 || m_failed ? Status::End : truncated();
            const unsigned char* p = reinterpret_cast<const unsigned char*>(m_buffer.data() + m_begin);
            const std::uint32_t magicLe = load32(p, false);
            if (m_bigEndian < 0 && (magicLe & 0xffffff00u) == kMagic)
                m_bigEndian = 0;
            else if (m_bigEndian < 0 && (bswap(magicLe) & 0xffffff00u) == kMagic)
                m_bigEndian = 1;
            const bool be = m_bigEndian == 1;
            if (m_bigEndian < 0 || (load32(p, be) & 0xffffff00u) != kMagic) {
                ++m_record;
                const Status s = badMagic();
                if (s != Status::Record)
                    return s;
                continue;
            }
            const std::uint16_t pduLen = load16(p + 46, be);
            ++m_record;
            const std::uint64_t rawTime = load64(p + 8, be);
            const std::uint64_t sector = load64(p + 16, be);
            const std::uint32_t bytes = load32(p + 24, be);
            const std::uint32_t action = load32(p + 28, be);
            const std::uint32_t dev = load32(p + 36, be);
            m_begin += kHeaderBytes;
            m_consumed += kHeaderBytes;
            if (!skip(pduLen))
                return truncated();
            const std::uint32_t ta = action & 0xffff;
            const std::uint32_t tc = action >> 16;
            if (tc & (TcNotify | TcPc))
                continue;
            if (ta != TaQueue && ta != TaIssue && ta != TaComplete)
                continue;
            if (!(tc & (TcRead | TcWrite)))
                continue;
            // Refused as the text formats refuse the same fields, named by their place in struct
            // blk_io_trace (#52): a time past 2^63 ns is negative as the signed nanoseconds every
            // reader gives (it was masked to another time in silence); a sector past 2^55 is a byte
            // offset past 2^64 (it was dropped in silence). 32 bits of bytes cannot pass 4 GiB.
            if (rawTime > std::uint64_t(INT64_MAX))
                return fieldError(3, "time", rawTime, "is past 2^63 ns: negative as a signed time, before the trace's clock origin");
            if (sector > UINT64_MAX / 512)
                return fieldError(4, "sector", sector, kPastByteRange);
            const auto time = std::int64_t(rawTime);
            std::array<char, 32> name;
            const int n = std::snprintf(name.data(), name.size(), "%u,%u", dev >> 20, dev & 0xfffff);
            r = TraceRecord {};
            r.device = deviceIndex(std::string_view(name.data(), std::size_t(n)));
            r.offsetBytes = sector * 512;
            r.sizeBytes = bytes;
            r.write = tc & TcWrite;
            r.timeNs = time;
            if (ta == TaQueue)
                return Status::Record;
            if (!m_pair) {
                r.kind = ta == TaIssue ? TraceRecord::Kind::RawIssue : TraceRecord::Kind::RawComplete;
                return Status::Record;
            }
            if (ta == TaIssue) {
                m_pairs.issue(r.device, sector, time);
                continue;
            }
            std::int64_t issued = 0;
            if (!m_pairs.complete(r.device, sector, issued))
                continue;
            r.kind = TraceRecord::Kind::Completion;
            r.timeNs = issued;
            r.responseNs = std::max<std::int64_t>(0, time - issued);
            return Status::Record;
        }
    }
    std::uint64_t bytesConsumed() const override { return m_consumed; }
    std::uint64_t bytesTotal() const override { return m_source->size(); }

private:
    static std::uint16_t load16(const unsigned char* p, bool be)
    {
        std::uint16_t v;
        std::memcpy(&v, p, 2);
        return be ? bswap(v) : v;
    }
    static std::uint32_t load32(const unsigned char* p, bool be)
    {
        std::uint32_t v;
        std::memcpy(&v, p, 4);
        return be ? bswap(v) : v;
    }
    static std::uint64_t load64(const unsigned char* p, bool be)
    {
        std::uint64_t v;
        std::memcpy(&v, p, 8);
        return be ? bswap(v) : v;
    }
    // At least n bytes buffered from m_begin; false at the end of the input.
    bool ensure(std::size_t n)
    {
        while (m_end - m_begin < n) {
            if (m_eof)
                return false;
            std::memmove(m_buffer.data(), m_buffer.data() + m_begin, m_end - m_begin);
            m_end -= m_begin;
            m_begin = 0;
            const long long got = m_source->read(m_buffer.data() + m_end, m_buffer.size() - m_end);
            if (got <= 0) {
                m_eof = true;
                m_failed = got < 0;
                if (m_failed) {
                    setError(m_source->errorText().empty() ? QStringLiteral("read error") : QString::fromStdString(m_source->errorText()));
                    m_error.fatal = true;
                }
            } else {
                m_end += std::size_t(got);
            }
        }
        return true;
    }
    bool skip(std::size_t n)
    {
        while (n > 0) {
            if (m_end == m_begin && !ensure(1))
                return false;
            const std::size_t k = std::min(n, m_end - m_begin);
            m_begin += k;
            m_consumed += k;
            n -= k;
        }
        return true;
    }
    void setError(const QString& message)
    {
        m_error = TraceError {};
        m_error.file = m_name;
        m_error.line = m_record;
        m_error.message = message;
    }
    // A field of struct blk_io_trace (1 magic, 2 sequence, 3 time, 4 sector, 5 bytes, 6 action, ...)
    // refused as LineTraceReader::fail() words a text field's refusal.
    Status fieldError(int field, const char* name, std::uint64_t value, const char* what)
    {
        setError(QStringLiteral("'%1' %2").arg(value).arg(QString::fromLatin1(what)));
        m_error.field = field;
        m_error.fieldName = QString::fromLatin1(name);
        return Status::Error;
    }
    Status truncated()
    {
        setError(QStringLiteral("truncated record at byte %1").arg(m_consumed));
        m_consumed += m_end - m_begin;
        m_begin = m_end;
        m_failed = true;
        return Status::Error;
    }
    // Reports a record without the blktrace magic, then resynchronises on the next magic.
    Status badMagic()
    {
        setError(QStringLiteral("record at byte %1 has no blktrace magic").arg(m_consumed));
        const std::uint64_t from = m_consumed;
        for (;;) {
            ++m_begin;
            ++m_consumed;
            // No magic in a whole MiB: not blktrace data, or damaged past resynchronising (an
            // endless stream such as /dev/zero would otherwise be scanned forever).
            if (m_consumed - from > kMaxResyncBytes) {
                setError(QStringLiteral("no blktrace magic in the %1 bytes from byte %2: not blktrace data")
                             .arg(kMaxResyncBytes)
                             .arg(from));
                m_error.fatal = true;
                m_failed = true;
                return Status::Error;
            }
            if (!ensure(4)) {
                m_consumed += m_end - m_begin;
                m_begin = m_end;
                break;
            }
            const auto* p = reinterpret_cast<const unsigned char*>(m_buffer.data() + m_begin);
            if ((load32(p, m_bigEndian == 1) & 0xffffff00u) == kMagic)
                break;
        }
        return Status::Error;
    }

    static constexpr std::uint64_t kMaxResyncBytes = 1 << 20;
    std::unique_ptr<ByteSource> m_source;
    QString m_name;
    std::vector<char> m_buffer;
    std::size_t m_begin = 0;
    std::size_t m_end = 0;
    std::uint64_t m_consumed = 0;
    std::uint64_t m_record = 0;
    int m_bigEndian = -1;
    bool m_eof = false;
    bool m_failed = false;
    bool m_pair = true;
    IssuePairer m_pairs;
};

// ---- several readers as one ----
class MultiReader final : public TraceReader
{
public:
    MultiReader(std::vector<std::unique_ptr<TraceReader>> readers, bool byTime)
        : m_readers(std::move(readers))
        , m_byTime(byTime)
        , m_heads(m_readers.size())
        , m_state(m_readers.size(), Empty)
        , m_maps(m_readers.size())
    {
        m_info = m_readers.front()->info();
        for (const auto& r : m_readers) {
            if (r->info().format != m_info.format)
                m_info.name = m_info.detail = QStringLiteral("several formats");
            m_info.hasResponseTimes = m_info.hasResponseTimes && r->info().hasResponseTimes;
        }
        if (m_byTime) {
            m_info.detail += QStringLiteral(", %1 per-CPU files merged by time").arg(m_readers.size());
            for (auto& r : m_readers)
                static_cast<BlktraceReader*>(r.get())->setPairing(false);
        }
    }
    Status next(TraceRecord& r) override
    {
        for (;;) {
            const Status s = m_byTime ? nextByTime(r) : nextInOrder(r);
            if (s != Status::Record || !m_byTime)
                return s;
            if (r.kind == TraceRecord::Kind::RawIssue) {
                m_pairs.issue(r.device, r.offsetBytes / 512, r.timeNs);
                continue;
            }
            if (r.kind == TraceRecord::Kind::RawComplete) {
                std::int64_t issued = 0;
                if (!m_pairs.complete(r.device, r.offsetBytes / 512, issued))
                    continue;
                r.kind = TraceRecord::Kind::Completion;
                r.responseNs = std::max<std::int64_t>(0, r.timeNs - issued);
                r.timeNs = issued;
            }
            return s;
        }
    }
    std::uint64_t bytesConsumed() const override
    {
        std::uint64_t n = 0;
        for (const auto& r : m_readers)
            n += r->bytesConsumed();
        return n;
    }
    std::uint64_t bytesTotal() const override
    {
        std::uint64_t n = 0;
        for (const auto& r : m_readers)
            n += r->bytesTotal();
        return n;
    }

private:
    enum State : std::uint8_t { Empty, Full, Done };
    std::uint32_t remap(std::size_t i, std::uint32_t device)
    {
        auto& map = m_maps[i];
        while (map.size() <= device)
            map.push_back(deviceIndex(m_readers[i]->deviceName(std::uint32_t(map.size()))));
        return map[device];
    }
    Status pull(std::size_t i, TraceRecord& r)
    {
        const Status s = m_readers[i]->next(r);
        if (s == Status::Record)
            r.device = remap(i, r.device);
        else if (s == Status::Error)
            m_error = m_readers[i]->error();
        return s;
    }
    Status nextInOrder(TraceRecord& r)
    {
        while (m_current < m_readers.size()) {
            const Status s = pull(m_current, r);
            if (s != Status::End)
                return s;
            ++m_current;
        }
        return Status::End;
    }
    Status nextByTime(TraceRecord& r)
    {
        for (std::size_t i = 0; i < m_readers.size(); ++i) {
            if (m_state[i] != Empty)
                continue;
            const Status s = pull(i, m_heads[i]);
            if (s == Status::Error)
                return s; // the head stays Empty: the next call reads on
            m_state[i] = s == Status::Record ? Full : Done;
        }
        std::size_t best = m_readers.size();
        for (std::size_t i = 0; i < m_readers.size(); ++i)
            if (m_state[i] == Full && (best == m_readers.size() || m_heads[i].timeNs < m_heads[best].timeNs))
                best = i;
        if (best == m_readers.size())
            return Status::End;
        r = m_heads[best];
        m_state[best] = Empty;
        return Status::Record;
    }

    std::vector<std::unique_ptr<TraceReader>> m_readers;
    bool m_byTime;
    std::vector<TraceRecord> m_heads;
    std::vector<State> m_state;
    std::vector<std::vector<std::uint32_t>> m_maps;
    std::size_t m_current = 0;
    IssuePairer m_pairs;
};

} // namespace

std::unique_ptr<TraceReader> makeBlkparseReader(std::unique_ptr<ByteSource> s, const QString& name)
{
    return std::make_unique<BlkparseReader>(std::move(s), name);
}

std::unique_ptr<TraceReader> makeBlktraceReader(std::unique_ptr<ByteSource> s, const QString& name)
{
    return std::make_unique<BlktraceReader>(std::move(s), name);
}

std::unique_ptr<TraceReader> makeMultiReader(std::vector<std::unique_ptr<TraceReader>> readers, bool byTime)
{
    return std::make_unique<MultiReader>(std::move(readers), byTime);
}

} // namespace raidscope::trace
