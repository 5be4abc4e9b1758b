// SPDX-License-Identifier: GPL-3.0-or-later
#include "tracereader.h"

#include "compressedsource.h"
#include "readers_p.h"

#include <QFileInfo>

#include <algorithm>
#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace raidscope {

using namespace trace;

QString traceFormatName(TraceFormat format)
{
    switch (format) {
    case TraceFormat::Auto: return QStringLiteral("auto");
    case TraceFormat::Blkparse: return QStringLiteral("blkparse");
    case TraceFormat::Blktrace: return QStringLiteral("blktrace");
    case TraceFormat::MsrCsv: return QStringLiteral("msr");
    case TraceFormat::Spc: return QStringLiteral("spc");
    case TraceFormat::DiskSim: return QStringLiteral("disksim");
    case TraceFormat::FioLog: return QStringLiteral("fio");
    case TraceFormat::Csv: return QStringLiteral("csv");
    case TraceFormat::SadfJson: return QStringLiteral("sadf");
    case TraceFormat::IostatJson: return QStringLiteral("iostat");
    case TraceFormat::TypeperfCsv: return QStringLiteral("typeperf");
    }
    return {};
}

bool parseTraceFormat(const QString& name, TraceFormat* format)
{
    for (TraceFormat f : { TraceFormat::Auto, TraceFormat::Blkparse, TraceFormat::Blktrace, TraceFormat::MsrCsv,
             TraceFormat::Spc, TraceFormat::DiskSim, TraceFormat::FioLog, TraceFormat::Csv, TraceFormat::SadfJson,
             TraceFormat::IostatJson, TraceFormat::TypeperfCsv }) {
        if (name.compare(traceFormatName(f), Qt::CaseInsensitive) == 0) {
            *format = f;
            return true;
        }
    }
    return false;
}

bool TraceFormatInfo::has(TraceField field) const
{
    switch (field) {
    case TraceField::Timestamps: return hasTimestamps;
    case TraceField::ResponseTimes: return hasResponseTimes;
    case TraceField::IssueCompletePairs: return hasIssueCompletePairs;
    case TraceField::Devices: return hasDevices;
    case TraceField::Offsets: return hasOffsets;
    }
    return false;
}

std::vector<TraceField> TraceFormatInfo::missing() const
{
    std::vector<TraceField> out;
    for (TraceField f : { TraceField::Timestamps, TraceField::ResponseTimes, TraceField::IssueCompletePairs, TraceField::Devices,
             TraceField::Offsets })
        if (!has(f))
            out.push_back(f);
    return out;
}

bool TraceFormatInfo::explains(TraceField field) const
{
    return !has(field) && std::find(explained.begin(), explained.end(), field) != explained.end();
}

void TraceFormatInfo::setMissing(TraceField field, const QString& note)
{
    switch (field) {
    case TraceField::Timestamps: hasTimestamps = false; break;
    case TraceField::ResponseTimes: hasResponseTimes = false; break;
    case TraceField::IssueCompletePairs: hasIssueCompletePairs = false; break;
    case TraceField::Devices: hasDevices = false; break;
    case TraceField::Offsets: hasOffsets = false; break;
    }
    notes << note;
    if (std::find(explained.begin(), explained.end(), field) == explained.end())
        explained.push_back(field);
}

QString TraceError::text() const
{
    if (!key.isEmpty())
        return file + QStringLiteral(": key ") + key
            + (fieldName.isEmpty() ? QString() : QStringLiteral(", field ") + fieldName) + QStringLiteral(": ") + message;
    QString t = file + u':' + QString::number(line) + QStringLiteral(": ");
    if (field > 0)
        t += QStringLiteral("field %1 (%2): ").arg(field).arg(fieldName);
    return t + message;
}

TraceReader::~TraceReader() = default;

void TraceReader::setCompression(const QString& name)
{
    m_info.compression = name;
    restateCompression();
}

void TraceReader::restateCompression()
{
    if (m_info.compression.isEmpty())
        return;
    const QString suffix = QStringLiteral(", %1-compressed").arg(m_info.compression);
    if (!m_info.detail.endsWith(suffix))
        m_info.detail += suffix;
    const QString tag = QStringLiteral(" (%1)").arg(m_info.compression);
    if (!m_info.name.endsWith(tag))
        m_info.name += tag;
}

namespace {
// Device names are a few bytes ("hm/0", "8,16"): compared inline, a memcmp call per record cost 6 %
// of summarizing an MSR trace.
bool sameName(const std::string& a, std::string_view b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < b.size(); ++i)
        if (a[i] != b[i])
            return false;
    return true;
}
} // namespace

std::uint32_t TraceReader::deviceIndex(std::string_view name)
{
    if (!m_devices.empty() && sameName(m_devices[m_lastIndex], name))
        return m_lastIndex;
    // A small direct-mapped cache in front of the hash map: traces interleave a few devices.
    std::uint32_t h = 2166136261u;
    for (char c : name)
        h = (h ^ std::uint8_t(c)) * 16777619u;
    std::uint32_t& cached = m_cache[h & (m_cache.size() - 1)];
    if (cached < m_devices.size() && sameName(m_devices[cached], name))
        return m_lastIndex = cached;
    const auto it = m_index.find(name);
    if (it != m_index.end()) {
        m_lastIndex = it->second;
        cached = m_lastIndex;
        return m_lastIndex;
    }
    m_devices.emplace_back(name);
    m_lastIndex = std::uint32_t(m_devices.size() - 1);
    m_index.emplace(m_devices.back(), m_lastIndex);
    return m_lastIndex;
}

namespace trace {

namespace {

class FileSource final : public ByteSource
{
public:
    FileSource(int fd, std::uint64_t size, bool regular)
        : m_fd(fd)
        , m_size(regular ? size : 0)
        , m_regular(regular)
    {
    }
    bool sized() const override { return m_regular; }
    ~FileSource() override { ::close(m_fd); }
    long long read(char* buffer, std::size_t n) override
    {
        for (;;) {
            const ssize_t got = ::read(m_fd, buffer, n);
            if (got < 0 && errno == EINTR)
                continue;
            return got;
        }
    }
    std::uint64_t size() const override { return m_size; }

private:
    int m_fd;
    std::uint64_t m_size;
    bool m_regular;
};

class PrefixedSource final : public ByteSource
{
public:
    PrefixedSource(std::string head, std::unique_ptr<ByteSource> rest)
        : m_head(std::move(head))
        , m_rest(std::move(rest))
    {
    }
    long long read(char* buffer, std::size_t n) override
    {
        if (m_pos < m_head.size()) {
            const std::size_t k = std::min(n, m_head.size() - m_pos);
            std::memcpy(buffer, m_head.data() + m_pos, k);
            m_pos += k;
            return (long long)k;
        }
        return m_rest->read(buffer, n);
    }
    std::uint64_t size() const override { return m_rest->size(); }
    bool sized() const override { return m_rest->sized(); }

private:
    std::string m_head;
    std::size_t m_pos = 0;
    std::unique_ptr<ByteSource> m_rest;
};

// A range of a file, read with pread() so that ranges of one file can be read at once.
class FileRangeSource final : public ByteSource
{
public:
    FileRangeSource(int fd, std::uint64_t begin, std::uint64_t end)
        : m_fd(fd)
        , m_pos(begin)
        , m_begin(begin)
        , m_end(end)
    {
    }
    ~FileRangeSource() override { ::close(m_fd); }
    long long read(char* buffer, std::size_t n) override
    {
        n = std::size_t(std::min<std::uint64_t>(n, m_end - m_pos));
        if (n == 0)
            return 0;
        for (;;) {
            const ssize_t got = ::pread(m_fd, buffer, n, off_t(m_pos));
            if (got < 0 && errno == EINTR)
                continue;
            if (got > 0)
                m_pos += std::uint64_t(got);
            return got;
        }
    }
    std::uint64_t size() const override { return m_end - m_begin; }
    std::uint64_t linesBefore() const override { return m_begin > 0 ? 1 : 0; }

private:
    int m_fd;
    std::uint64_t m_pos;
    std::uint64_t m_begin;
    std::uint64_t m_end;
};

class MemorySource final : public ByteSource
{
public:
    explicit MemorySource(std::span<const char> data)
        : m_data(data)
    {
    }
    long long read(char* buffer, std::size_t n) override
    {
        const std::size_t k = std::min(n, m_data.size() - m_pos);
        std::memcpy(buffer, m_data.data() + m_pos, k);
        m_pos += k;
        return (long long)k;
    }
    std::uint64_t size() const override { return m_data.size(); }

private:
    std::span<const char> m_data;
    std::size_t m_pos = 0;
};

// A file opened read-only with its stat, or -1 and `*error` (a directory is refused).
int openForReading(const std::string& path, struct stat& st, std::string* error)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        *error = std::strerror(errno);
        return -1;
    }
    if (::fstat(fd, &st) != 0 || S_ISDIR(st.st_mode)) {
        *error = S_ISDIR(st.st_mode) ? "is a directory" : std::strerror(errno);
        ::close(fd);
        return -1;
    }
    return fd;
}

} // namespace

std::unique_ptr<ByteSource> ByteSource::openFile(const std::string& path, std::string* error)
{
    struct stat st {};
    const int fd = openForReading(path, st, error);
    if (fd < 0)
        return nullptr;
    const bool regular = S_ISREG(st.st_mode) || S_ISBLK(st.st_mode);
    if (regular)
        ::posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
    return std::make_unique<FileSource>(fd, std::uint64_t(st.st_size), regular && S_ISREG(st.st_mode));
}

std::unique_ptr<ByteSource> ByteSource::prefixed(std::string head, std::unique_ptr<ByteSource> rest)
{
    return std::make_unique<PrefixedSource>(std::move(head), std::move(rest));
}

std::unique_ptr<ByteSource> ByteSource::openFileRange(const std::string& path, std::uint64_t begin, std::uint64_t end,
                                                      std::string* error)
{
    struct stat st {};
    const int fd = openForReading(path, st, error);
    if (fd < 0)
        return nullptr;
    end = std::min(end, std::uint64_t(st.st_size));
    begin = std::min(begin, end);
    ::posix_fadvise(fd, off_t(begin), off_t(end - begin), POSIX_FADV_SEQUENTIAL);
    return std::make_unique<FileRangeSource>(fd, begin, end);
}

std::unique_ptr<ByteSource> ByteSource::memory(std::span<const char> data)
{
    return std::make_unique<MemorySource>(data);
}

LineSource::LineSource(std::unique_ptr<ByteSource> source)
    : m_source(std::move(source))
    // A small input gets a small buffer (it grows if the input turns out longer than its size said).
    , m_buffer(std::size_t(std::min<std::uint64_t>(kBlockBytes + kMaxLineBytes, m_source->size() + 64)))
    , m_lineNumber(m_source->linesBefore())
    , m_linesBefore(m_lineNumber)
{
}

bool LineSource::refill()
{
    if (m_eof)
        return false;
    if (m_begin > 0) {
        std::memmove(m_buffer.data(), m_buffer.data() + m_begin, m_end - m_begin);
        m_end -= m_begin;
        m_begin = 0;
    }
    if (m_end == m_buffer.size() && m_buffer.size() < kBlockBytes + kMaxLineBytes)
        m_buffer.resize(std::min(kBlockBytes + kMaxLineBytes, 2 * m_buffer.size()));
    const std::size_t room = std::min(kBlockBytes, m_buffer.size() - m_end);
    if (room == 0)
        return false;
    const long long got = m_source->read(m_buffer.data() + m_end, room);
    if (got < 0) {
        m_ioError = true;
        m_eof = true;
        return false;
    }
    if (got == 0) {
        m_eof = true;
        return false;
    }
    m_end += std::size_t(got);
    return true;
}

LineSource::Result LineSource::next(std::string_view& line)
{
    // The rest of an overlong line: up to its line end, for at most kMaxDropBytes.
    for (std::uint64_t dropped = 0; m_dropping;) {
        if (const void* p = std::memchr(m_buffer.data() + m_begin, '\n', m_end - m_begin)) {
            const std::size_t pos = std::size_t(static_cast<const char*>(p) - m_buffer.data());
            m_consumed += pos + 1 - m_begin;
            m_begin = pos + 1;
            m_dropping = false;
            break;
        }
        dropped += m_end - m_begin;
        m_consumed += m_end - m_begin;
        m_begin = m_end = 0;
        if (dropped > kMaxDropBytes)
            return Result::NoLineEnd;
        if (!refill()) {
            m_dropping = false;
            return m_ioError ? Result::IoError : Result::End;
        }
    }
    std::size_t scanned = m_begin;
    for (;;) {
        const char* base = m_buffer.data();
        const void* nl = std::memchr(base + scanned, '\n', m_end - scanned);
        if (nl) {
            const std::size_t pos = std::size_t(static_cast<const char*>(nl) - base);
            std::size_t len = pos - m_begin;
            if (len > 0 && base[m_begin + len - 1] == '\r')
                --len;
            line = std::string_view(base + m_begin, len);
            m_consumed += pos + 1 - m_begin;
            m_begin = pos + 1;
            ++m_lineNumber;
            return Result::Line;
        }
        scanned = m_end;
        const std::size_t pending = m_end - m_begin;
        if (pending >= kMaxLineBytes) {
            // Report an overlong line at once; its rest is dropped on the next call (an endless
            // input without line ends, /dev/zero, must not keep the caller from hearing of it).
            ++m_lineNumber;
            m_consumed += m_end - m_begin;
            m_begin = m_end = 0;
            m_dropping = true;
            return Result::TooLong;
        }
        scanned -= m_begin; // refill() moves the pending bytes to the front
        if (!refill()) {
            if (m_ioError)
                return Result::IoError;
            if (m_end == m_begin)
                return Result::End;
            std::size_t len = m_end - m_begin;
            if (m_buffer[m_begin + len - 1] == '\r')
                --len;
            line = std::string_view(m_buffer.data() + m_begin, len);
            m_consumed += m_end - m_begin;
            m_begin = m_end;
            ++m_lineNumber;
            return Result::Line;
        }
    }
}

void Fields::split(std::string_view line, char sep)
{
    count = 0;
    overflow = false;
    if (sep == ' ') {
        std::size_t i = 0;
        const std::size_t n = line.size();
        while (i < n) {
            while (i < n && (line[i] == ' ' || line[i] == '\t'))
                ++i;
            if (i == n)
                break;
            const std::size_t b = i;
            while (i < n && line[i] != ' ' && line[i] != '\t')
                ++i;
            if (count == kMax) {
                overflow = true;
                return;
            }
            field[count++] = line.substr(b, i - b);
        }
        return;
    }
    // A plain scan: trace lines are short, and a memchr call per field cost more than the bytes.
    const char* p = line.data();
    const char* const end = p + line.size();
    const char* b = p;
    for (;; ++p) {
        if (p != end && *p != sep)
            continue;
        if (count == kMax) {
            overflow = true;
            return;
        }
        field[count++] = std::string_view(b, std::size_t(p - b));
        if (p == end)
            return;
        b = p + 1;
    }
}

LineTraceReader::LineTraceReader(std::unique_ptr<ByteSource> source, QString fileName)
    : m_lines(std::move(source))
    , m_fileName(std::move(fileName))
{
}

TraceReader::Status LineTraceReader::next(TraceRecord& record)
{
    while (!m_done) {
        std::string_view line;
        switch (m_lines.next(line)) {
        case LineSource::Result::End:
            m_done = true;
            if (const QString why = endError(); !why.isEmpty()) {
                failLine(why);
                m_error.fatal = true;
                return Status::Error;
            }
            return Status::End;
        case LineSource::Result::IoError:
            m_done = true;
            failLine(m_lines.errorText().empty() ? QStringLiteral("read error") : QString::fromStdString(m_lines.errorText()));
            m_error.fatal = true;
            return Status::Error;
        case LineSource::Result::TooLong:
            failLine(QStringLiteral("line longer than %1 bytes").arg(LineSource::kMaxLineBytes));
            return Status::Error;
        case LineSource::Result::NoLineEnd:
            m_done = true;
            failLine(QStringLiteral("no line end in the %1 bytes after an overlong line: not a text trace")
                         .arg(LineSource::kMaxDropBytes));
            m_error.fatal = true;
            return Status::Error;
        case LineSource::Result::Line:
            break;
        }
        if (line.empty() || line.front() == '#')
            continue;
        record = TraceRecord {};
        switch (parseLine(line, record)) {
        case Parsed::Record: return Status::Record;
        case Parsed::Skip: continue;
        case Parsed::Error: return Status::Error;
        }
    }
    return Status::End;
}

LineTraceReader::Parsed LineTraceReader::fail(int field, const char* fieldName, std::string_view value,
                                              const char* what)
{
    m_error = TraceError {};
    m_error.file = m_fileName;
    m_error.line = m_lines.lineNumber();
    m_error.field = field;
    m_error.fieldName = QString::fromLatin1(fieldName);
    const QString shown = QString::fromUtf8(value.data(), qsizetype(std::min<std::size_t>(value.size(), 40)));
    m_error.message = QStringLiteral("'%1' %2").arg(shown, QString::fromLatin1(what));
    return Parsed::Error;
}

LineTraceReader::Parsed LineTraceReader::failLine(const QString& what)
{
    m_error = TraceError {};
    m_error.file = m_fileName;
    m_error.line = m_lines.lineNumber();
    m_error.message = what;
    return Parsed::Error;
}

} // namespace trace

namespace {

bool isDigits(std::string_view s)
{
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

bool isNumber(std::string_view s)
{
    double d = 0;
    return trace::parseDouble(s, d);
}

// An empty input: a trace with no records rather than an unknown format.
class EmptyReader final : public TraceReader
{
public:
    EmptyReader()
    {
        m_info.name = m_info.detail = QStringLiteral("empty file");
        m_info.timeOrigin = QStringLiteral("trace start");
    }
    Status next(TraceRecord&) override { return Status::End; }
    std::uint64_t bytesConsumed() const override { return 0; }
    std::uint64_t bytesTotal() const override { return 0; }
};

std::unique_ptr<TraceReader> makeReader(std::unique_ptr<ByteSource> source, std::string_view head, const QString& name,
                                        const TraceReaderOptions& options, QString* error)
{
    TraceFormat format = options.format;
    CsvMapping csv = options.csv;
    if (format == TraceFormat::Auto && head.empty())
        return std::make_unique<EmptyReader>();
    if (format == TraceFormat::Auto) {
        // Interval counters, not a trace: read as synthetic requests (counterworkload.cpp). Asked
        // first: a typeperf CSV would otherwise pass for a CSV trace with a header.
        format = traceFormatOf(sniffCounterFormat(head));
        if (format == TraceFormat::Auto)
            format = TraceReader::sniff(head, &csv);
        if (format == TraceFormat::Auto) {
            *error = QStringLiteral("%1: unknown trace format (%2)").arg(name, options.formatRemedy);
            return nullptr;
        }
    }
    switch (format) {
    case TraceFormat::Blkparse: return makeBlkparseReader(std::move(source), name);
    case TraceFormat::Blktrace: return makeBlktraceReader(std::move(source), name);
    case TraceFormat::MsrCsv: return makeMsrReader(std::move(source), name);
    case TraceFormat::Spc: return makeSpcReader(std::move(source), name);
    case TraceFormat::DiskSim: return makeDiskSimReader(std::move(source), name);
    case TraceFormat::FioLog: return makeFioReader(std::move(source), name, options.fioTimeUnit, head);
    case TraceFormat::Csv:
        if (csv.columns() == 0) {
            *error = QStringLiteral("%1: CSV needs a column mapping (%2)").arg(name, options.columnsRemedy);
            return nullptr;
        }
        return makeCsvReader(std::move(source), name, csv);
    case TraceFormat::SadfJson: return makeCounterReader(std::move(source), name, CounterFormat::SadfJson, options);
    case TraceFormat::IostatJson: return makeCounterReader(std::move(source), name, CounterFormat::IostatJson, options);
    case TraceFormat::TypeperfCsv: return makeCounterReader(std::move(source), name, CounterFormat::TypeperfCsv, options);
    case TraceFormat::Auto: break;
    }
    return nullptr;
}

} // namespace

TraceFormat TraceReader::sniff(std::string_view head, CsvMapping* csv)
{
    if (head.size() >= 4) {
        const auto b = reinterpret_cast<const unsigned char*>(head.data());
        const std::uint32_t le = b[0] | b[1] << 8 | b[2] << 16 | std::uint32_t(b[3]) << 24;
        const std::uint32_t be = b[3] | b[2] << 8 | b[1] << 16 | std::uint32_t(b[0]) << 24;
        if ((le & 0xffffff00u) == 0x65617400u || (be & 0xffffff00u) == 0x65617400u)
            return TraceFormat::Blktrace;
    }
    // The first non-empty, non-comment line decides (the second when the first is a header).
    std::string_view rest = head;
    std::string_view lines[2];
    int n = 0;
    while (!rest.empty() && n < 2) {
        const std::size_t nl = rest.find('\n');
        std::string_view line = rest.substr(0, nl);
        rest = nl == std::string_view::npos ? std::string_view {} : rest.substr(nl + 1);
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        if (!line.empty() && line.front() != '#')
            lines[n++] = line;
    }
    if (n == 0)
        return TraceFormat::Auto;
    std::string_view line = lines[0];
    if (line.starts_with("fio version"))
        return TraceFormat::FioLog;
    if (line.starts_with("Timestamp,Hostname"))
        return TraceFormat::MsrCsv;
    trace::Fields f;
    f.split(line, ' ');
    if (f.count >= 7) {
        const std::size_t comma = f.field[0].find(',');
        if (comma != std::string_view::npos && isDigits(f.field[0].substr(0, comma))
            && isDigits(f.field[0].substr(comma + 1)) && isDigits(f.field[1]) && isDigits(f.field[2])
            && isNumber(f.field[3]) && isDigits(f.field[4]))
            return TraceFormat::Blkparse;
    }
    if (f.count == 5 && std::all_of(f.field, f.field + 5, isNumber))
        return TraceFormat::DiskSim;
    f.split(line, ',');
    for (int i = 0; i < f.count; ++i)
        f.field[i] = trace::trim(f.field[i]);
    if (f.count == 7 && (iequals(f.field[3], "Read") || iequals(f.field[3], "Write")) && isDigits(f.field[0]))
        return TraceFormat::MsrCsv;
    if (f.count >= 5 && isDigits(f.field[0]) && isDigits(f.field[1]) && isDigits(f.field[2])
        && (iequals(f.field[3], "r") || iequals(f.field[3], "w")) && isNumber(f.field[4]))
        return TraceFormat::Spc;
    if (f.count == 5 && isDigits(f.field[0]) && (iequals(f.field[1], "R") || iequals(f.field[1], "W"))
        && isDigits(f.field[2]) && isDigits(f.field[3]) && isDigits(f.field[4])) {
        if (csv)
            *csv = alibabaCsvMapping();
        return TraceFormat::Csv;
    }
    if (f.count == 5 && isDigits(f.field[0]) && isDigits(f.field[1]) && isDigits(f.field[2])
        && (f.field[3] == "0" || f.field[3] == "1") && isDigits(f.field[4])) {
        if (csv)
            *csv = tencentCsvMapping();
        return TraceFormat::Csv;
    }
    return TraceFormat::Auto;
}

// The first 64 KiB of a file, read through a second handle (the reader itself starts at its own
// byte): the format is sniffed on them, for a whole file and for a range of it alike.
static std::string sniffHead(const QString& path)
{
    std::string why;
    std::string head(64 * 1024, '\0');
    auto probe = ByteSource::openFile(path.toStdString(), &why);
    const long long got = probe ? probe->read(head.data(), head.size()) : -1;
    head.resize(got > 0 ? std::size_t(got) : 0);
    return head;
}

namespace {

// Up to 64 KiB from the front of `source`, for sniffing; the caller hands them back (prefixed()).
bool readHead(ByteSource& source, std::string& head, const QString& path, QString* error)
{
    head.assign(64 * 1024, '\0');
    std::size_t got = 0;
    while (got < head.size()) {
        const long long n = source.read(head.data() + got, head.size() - got);
        if (n < 0) {
            const std::string why = source.errorText();
            *error = QStringLiteral("%1: %2").arg(path, why.empty() ? QString::fromLocal8Bit(std::strerror(errno)) : QString::fromStdString(why));
            return false;
        }
        if (n == 0)
            break;
        got += std::size_t(n);
    }
    head.resize(got);
    return true;
}

} // namespace

std::unique_ptr<TraceReader> TraceReader::open(const QString& path, const TraceReaderOptions& options, QString* error)
{
    std::string why;
    const QString name = QFileInfo(path).fileName();
    auto source = ByteSource::openFile(path.toStdString(), &why);
    if (!source) {
        *error = QStringLiteral("%1: %2").arg(path, QString::fromStdString(why));
        return nullptr;
    }
    std::string head;
    if (source->sized()) {
        head = sniffHead(path);
    } else {
        // A pipe or FIFO can be read only once: the head is sniffed from the reader's own stream
        // and handed back to it in front of the rest.
        if (!readHead(*source, head, path, error))
            return nullptr;
        std::string raw = head;
        source = ByteSource::prefixed(std::move(raw), std::move(source));
    }
    // A compressed trace (traces are usually kept so) is decompressed while read; its format is
    // sniffed on the decompressed head.
    const trace::Compression compression = trace::compressionOf(head);
    if (compression != trace::Compression::None) {
        source = trace::decompressing(compression, std::move(source));
        if (!readHead(*source, head, path, error))
            return nullptr;
        std::string copy = head;
        source = ByteSource::prefixed(std::move(copy), std::move(source));
    } else if (source->sized()) {
        return makeReader(std::move(source), head, name, options, error);
    }
    auto reader = makeReader(std::move(source), head, name, options, error);
    if (reader && compression != trace::Compression::None)
        reader->setCompression(QString::fromLatin1(trace::compressionName(compression)));
    return reader;
}

std::unique_ptr<TraceReader> TraceReader::openRange(const QString& path, std::uint64_t begin, std::uint64_t end,
                                                    const TraceReaderOptions& options, QString* error)
{
    std::string why;
    const QString name = QFileInfo(path).fileName();
    auto source = ByteSource::openFileRange(path.toStdString(), begin, end, &why);
    if (!source) {
        *error = QStringLiteral("%1: %2").arg(path, QString::fromStdString(why));
        return nullptr;
    }
    const std::string head = sniffHead(path);
    if (const auto c = trace::compressionOf(head); c != trace::Compression::None) {
        *error = QStringLiteral("%1: %2-compressed, so it cannot be read from the middle (read it whole)")
                     .arg(path, QString::fromLatin1(trace::compressionName(c)));
        return nullptr;
    }
    return makeReader(std::move(source), head, name, options, error);
}

std::unique_ptr<TraceReader> TraceReader::open(const QStringList& paths, const TraceReaderOptions& options,
                                               QString* error)
{
    if (paths.size() == 1)
        return open(paths.front(), options, error);
    std::vector<std::unique_ptr<TraceReader>> readers;
    bool allBinary = true;
    for (const QString& p : paths) {
        auto r = open(p, options, error);
        if (!r)
            return nullptr;
        // One trace needs one clock: an MSR file's times count from the Unix epoch, blkparse's from
        // its own start; read as one they would make a trace decades long.
        if (!readers.empty() && r->info().timeOrigin != readers.front()->info().timeOrigin
            && r->info().format != TraceFormat::Auto && readers.front()->info().format != TraceFormat::Auto) {
            *error = QStringLiteral("%1 (%2, times from the %3) and %4 (%5, times from the %6) have different clocks: "
                                    "summarize or replay them apart")
                         .arg(paths.front(), readers.front()->info().name, readers.front()->info().timeOrigin, p,
                             r->info().name, r->info().timeOrigin);
            return nullptr;
        }
        allBinary = allBinary && r->info().format == TraceFormat::Blktrace;
        readers.push_back(std::move(r));
    }
    return makeMultiReader(std::move(readers), allBinary);
}

std::unique_ptr<TraceReader> TraceReader::fromMemory(std::span<const char> data, const QString& name,
                                                     const TraceReaderOptions& options, QString* error)
{
    const std::string_view head(data.data(), std::min<std::size_t>(data.size(), 64 * 1024));
    return makeReader(ByteSource::memory(data), head, name, options, error);
}

} // namespace raidscope
