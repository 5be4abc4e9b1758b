// SPDX-License-Identifier: GPL-3.0-or-later
// The line-oriented readers: MSR Cambridge CSV, SPC/UMass ASCII, DiskSim ASCII, fio iolog, generic CSV
// (its column mapping in csvmapping.cpp).
// Field meanings and units as in ../shared/traces/SOURCES.md.
#include "readers_p.h"

#include <QStringList>

#include <array>
#include <bit>
#include <cstring>

namespace raidscope::trace {
namespace {

// Bytes = units * bytesPerUnit without overflowing.
bool scaled(std::uint64_t units, std::uint64_t perUnit, std::uint64_t& out)
{
    if (perUnit != 1 && units > UINT64_MAX / perUnit)
        return false;
    out = units * perUnit;
    return true;
}

// Eight ASCII digits at p as a number, eight bytes at a time (little-endian): false when any of them is
// not a digit. The digit test is simdjson's is_made_of_eight_digits_fast, the conversion the
// multiply-and-shift of Lemire's "Quickly parsing eight digits" (2022).
inline bool eightDigits(const char* p, std::uint64_t& out)
{
    std::uint64_t x;
    std::memcpy(&x, p, 8);
    if ((((x & 0xF0F0F0F0F0F0F0F0ULL) | (((x + 0x0606060606060606ULL) & 0xF0F0F0F0F0F0F0F0ULL) >> 4)))
        != 0x3333333333333333ULL)
        return false;
    x -= 0x3030303030303030ULL;
    x = (x * 10) + (x >> 8); // pairs of digits
    x = (((x & 0x000000FF000000FFULL) * (100 + (1000000ULL << 32)))
         + (((x >> 16) & 0x000000FF000000FFULL) * (1 + (10000ULL << 32)))) >> 32;
    out = x;
    return true;
}
static_assert(std::endian::native == std::endian::little, "eightDigits() reads little-endian words");

// ---- MSR Cambridge: Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime ----
class MsrReader final : public LineTraceReader
{
public:
    MsrReader(std::unique_ptr<ByteSource> s, const QString& name)
        : LineTraceReader(std::move(s), name)
    {
        m_info.format = TraceFormat::MsrCsv;
        m_info.name = m_info.detail = QStringLiteral("MSR Cambridge / SNIA CSV");
        m_info.timeOrigin = QStringLiteral("Unix epoch");
        m_info.hasResponseTimes = true;
        m_info.notes << QStringLiteral("timestamps are Windows FILETIME (100 ns ticks from 1601), converted to times from the Unix epoch; response times in 100 ns ticks");
        m_info.setMissing(TraceField::IssueCompletePairs,
                          QStringLiteral("no issue/completion pairs: queue depth estimated by Little's law"));
    }

protected:
    Parsed parseLine(std::string_view line, TraceRecord& r) override
    {
        if (parseCommonLine(line, r))
            return Parsed::Record;
        // Anything unusual (a header, blanks, quotes, "WRITE", a bad field): the general path,
        // which names the field that is wrong.
        m_fields.split(line, ',');
        if (m_fields.count != 7) {
            if (lineNumber() == 1 && line.starts_with("Timestamp"))
                return Parsed::Skip;
            return failLine(QStringLiteral("%1 fields, expected 7 (Timestamp,Hostname,DiskNumber,Type,Offset,Size,"
                                           "ResponseTime)")
                                .arg(m_fields.overflow ? QStringLiteral("more than 32") : QString::number(m_fields.count)));
        }
        const auto& f = m_fields.field;
        std::uint64_t ticks = 0, disk = 0, response = 0;
        if (!parseU64(f[0], ticks)) {
            if (lineNumber() == 1 && f[0] == "Timestamp")
                return Parsed::Skip;
            return fail(1, "Timestamp", f[0], whyNotU64(f[0], "is out of range", "is not a number", kNegativeTime));
        }
        // FILETIME counts 100 ns ticks from 1601-01-01; kUnixEpochTicks is 1970-01-01, the origin of
        // the times this reader gives: a tick before it is a negative time, refused as in every format.
        if (ticks < kUnixEpochTicks)
            return fail(1, "Timestamp", f[0], "is before 1970-01-01, the Unix epoch the times count from");
        const __int128 ns = (__int128(ticks) - kUnixEpochTicks) * 100;
        if (ns > INT64_MAX)
            return fail(1, "Timestamp", f[0], "is out of range");
        r.timeNs = std::int64_t(ns);
        if (f[1].empty() || f[1].size() > 64)
            return fail(2, "Hostname", f[1], "is not a host name");
        if (!parseU64(f[2], disk))
            return fail(3, "DiskNumber", f[2], whyNotU64(f[2], "is out of range"));
        if (iequals(f[3], "Write"))
            r.write = true;
        else if (!iequals(f[3], "Read"))
            return fail(4, "Type", f[3], "is neither Read nor Write");
        if (!parseU64(f[4], r.offsetBytes))
            return fail(5, "Offset", f[4], whyNotU64(f[4], kPastByteRange));
        if (!parseU64(f[5], r.sizeBytes))
            return fail(6, "Size", f[5], whyNotU64(f[5], kSizeTooLarge));
        if (r.sizeBytes > kMaxRequestBytes)
            return fail(6, "Size", f[5], kSizeTooLarge);
        if (!parseU64(f[6], response) || response > std::uint64_t(INT64_MAX / 100))
            return fail(7, "ResponseTime", f[6], whyNotU64(f[6], "is out of range"));
        r.responseNs = std::int64_t(response) * 100;
        r.device = device(f[1], f[2]);
        return Parsed::Record;
    }

private:
    static constexpr std::uint64_t kUnixEpochTicks = 116444736000000000ULL;

    // "hm/0": host and volume; built on the stack, no allocation per line.
    int device(std::string_view host, std::string_view disk)
    {
        std::array<char, 96> name;
        std::size_t n = host.size();
        std::memcpy(name.data(), host.data(), n);
        name[n++] = '/';
        std::memcpy(name.data() + n, disk.data(), std::min<std::size_t>(disk.size(), 24));
        n += std::min<std::size_t>(disk.size(), 24);
        return deviceIndex(std::string_view(name.data(), n));
    }

    // The line as MSR's own files write it (digits,host,digits,Read|Write,digits,digits,digits), read
    // in one pass; false, with `r` unspecified, for anything else. Splitting the line first and then
    // parsing each field read every byte twice: two thirds of summarizing's time went there.
    bool parseCommonLine(std::string_view line, TraceRecord& r)
    {
        const char* p = line.data();
        const char* const end = p + line.size();
        // Up to 19 digits (no overflow possible), ended by a comma or, for the last field, the line's end.
        auto number = [&](std::uint64_t& v, bool last) {
            const char* const b = p;
            v = 0;
            std::uint64_t eight = 0;
            while (end - p >= 8 && eightDigits(p, eight)) {
                v = v * 100000000 + eight;
                p += 8;
            }
            for (unsigned d; p != end && (d = unsigned(*p) - unsigned('0')) <= 9; ++p)
                v = v * 10 + d;
            if (p == b || p - b > 19)
                return false;
            if (last)
                return p == end;
            return p != end && *p++ == ',';
        };
        auto text = [&](std::string_view& out) {
            const char* const b = p;
            while (p != end && *p != ',')
                ++p;
            out = std::string_view(b, std::size_t(p - b));
            return p != end && *p++ == ',';
        };
        std::uint64_t ticks = 0, response = 0, disk = 0;
        std::string_view host, type;
        if (!number(ticks, false) || !text(host) || host.empty() || host.size() > 64)
            return false;
        const char* const diskBegin = p;
        if (!number(disk, false))
            return false;
        const std::string_view diskText(diskBegin, std::size_t(p - 1 - diskBegin));
        if (!text(type) || !(type == "Write" || type == "Read"))
            return false;
        if (!number(r.offsetBytes, false) || !number(r.sizeBytes, false) || !number(response, true)
            || response > std::uint64_t(INT64_MAX / 100) || r.sizeBytes > kMaxRequestBytes)
            return false;
        // As the general path (which names what is wrong): FILETIME's 100 ns ticks from 1601 to
        // Unix-epoch nanoseconds, none before the epoch.
        if (ticks < kUnixEpochTicks)
            return false;
        const __int128 ns = (__int128(ticks) - kUnixEpochTicks) * 100;
        if (ns > INT64_MAX)
            return false;
        r.timeNs = std::int64_t(ns);
        r.write = type.size() == 5;
        r.responseNs = std::int64_t(response) * 100;
        r.device = device(host, diskText);
        return true;
    }
};

// ---- SPC / UMass: ASU,LBA,Size,Opcode,Timestamp[,...] ----
class SpcReader final : public LineTraceReader
{
public:
    SpcReader(std::unique_ptr<ByteSource> s, const QString& name)
        : LineTraceReader(std::move(s), name)
    {
        m_info.format = TraceFormat::Spc;
        m_info.name = m_info.detail = QStringLiteral("SPC / UMass ASCII");
        m_info.timeOrigin = QStringLiteral("trace start");
        m_info.setMissing(TraceField::ResponseTimes,
                          QStringLiteral("no response times: queue depth, response percentiles and slow periods unknown"));
    }

protected:
    Parsed parseLine(std::string_view line, TraceRecord& r) override
    {
        m_fields.split(line, ',');
        if (m_fields.count < 5)
            return failLine(QStringLiteral("%1 fields, expected at least 5 (ASU,LBA,Size,Opcode,Timestamp)").arg(m_fields.count));
        auto f = m_fields.field;
        for (int i = 0; i < 5; ++i)
            f[i] = trim(f[i]);
        std::uint64_t lba = 0;
        if (f[0].empty() || f[0].size() > 20 || !std::all_of(f[0].begin(), f[0].end(), [](char c) { return c >= '0' && c <= '9'; }))
            return fail(1, "ASU", f[0], "is not a number");
        if (!parseU64(f[1], lba))
            return fail(2, "LBA", f[1], whyNotU64(f[1], kPastByteRange, "is not a block number"));
        if (!scaled(lba, 512, r.offsetBytes))
            return fail(2, "LBA", f[1], kPastByteRange);
        if (!parseU64(f[2], r.sizeBytes))
            return fail(3, "Size", f[2], whyNotU64(f[2], kSizeTooLarge));
        if (r.sizeBytes > kMaxRequestBytes)
            return fail(3, "Size", f[2], kSizeTooLarge);
        if (iequals(f[3], "w"))
            r.write = true;
        else if (!iequals(f[3], "r"))
            return fail(4, "Opcode", f[3], "is neither r nor w");
        if (!parseScaledNs(f[4], 1000000000, r.timeNs))
            return fail(5, "Timestamp", f[4], "is not a time in seconds");
        if (r.timeNs < 0)
            return fail(5, "Timestamp", f[4], kNegativeTime);
        r.device = deviceIndex(f[0]);
        return Parsed::Record;
    }
};

// ---- DiskSim / MQSim ASCII: arrival_time device_number start_lba size type ----
class DiskSimReader final : public LineTraceReader
{
public:
    DiskSimReader(std::unique_ptr<ByteSource> s, const QString& name)
        : LineTraceReader(std::move(s), name)
    {
        m_info.format = TraceFormat::DiskSim;
        m_info.name = m_info.detail = QStringLiteral("DiskSim ASCII");
        m_info.timeOrigin = QStringLiteral("trace start");
        m_info.setMissing(TraceField::ResponseTimes,
                          QStringLiteral("no response times: queue depth, response percentiles and slow periods unknown"));
    }

protected:
    Parsed parseLine(std::string_view line, TraceRecord& r) override
    {
        m_fields.split(line, ' ');
        if (m_fields.count != 5)
            return failLine(QStringLiteral("%1 fields, expected 5 (time device lba size flags)").arg(m_fields.count));
        const auto& f = m_fields.field;
        // MQSim writes integer nanoseconds, classic DiskSim float milliseconds: decided by the first record.
        if (m_msTimes < 0) {
            m_msTimes = f[0].find('.') != std::string_view::npos ? 1 : 0;
            m_info.name = m_msTimes ? QStringLiteral("DiskSim ASCII") : QStringLiteral("DiskSim/MQSim ASCII");
            m_info.detail = m_msTimes ? QStringLiteral("DiskSim ASCII, times in milliseconds (decimal point)")
                                      : QStringLiteral("DiskSim/MQSim ASCII, times in integer nanoseconds");
            restateCompression();
        }
        if (!parseScaledNs(f[0], m_msTimes ? 1000000 : 1, r.timeNs))
            return fail(1, "time", f[0], "is not a time");
        if (r.timeNs < 0)
            return fail(1, "time", f[0], kNegativeTime);
        std::uint64_t device = 0, lba = 0, sectors = 0, flags = 0;
        if (!parseU64(f[1], device))
            return fail(2, "device", f[1], whyNotU64(f[1], "is out of range"));
        if (!parseU64(f[2], lba))
            return fail(3, "lba", f[2], whyNotU64(f[2], kPastByteRange, "is not a block number"));
        if (!scaled(lba, 512, r.offsetBytes))
            return fail(3, "lba", f[2], kPastByteRange);
        if (!parseU64(f[3], sectors))
            return fail(4, "size", f[3], whyNotU64(f[3], kSizeTooLarge, "is not a number of blocks"));
        if (!scaled(sectors, 512, r.sizeBytes) || r.sizeBytes > kMaxRequestBytes)
            return fail(4, "size", f[3], kSizeTooLarge);
        if (!parseU64(f[4], flags))
            return fail(5, "flags", f[4], "is not a number");
        r.write = (flags & 1) == 0; // DiskSim: bit 0 set = read
        r.device = deviceIndex(f[1]);
        return Parsed::Record;
    }

private:
    int m_msTimes = -1;
};

// ---- fio iolog v2 / v3 ----
class FioReader final : public LineTraceReader
{
public:
    FioReader(std::unique_ptr<ByteSource> s, const QString& name, FioTimeUnit unit, std::string_view head)
        : LineTraceReader(std::move(s), name)
        , m_unit(unit)
    {
        m_info.format = TraceFormat::FioLog;
        m_info.timeOrigin = QStringLiteral("trace start");
        m_info.setMissing(TraceField::ResponseTimes,
                          QStringLiteral("no response times: queue depth, response percentiles and slow periods unknown"));
        if (head.starts_with("fio version 2 iolog")) {
            // Known before reading, so jobs can refuse to replay.
            m_info.name = m_info.detail = QStringLiteral("fio iolog v2");
            missingTimestamps();
        }
        // fio's own writer (iolog.c) logs the file's "add" and "open" before any I/O; converters
        // that write milliseconds usually do not.
        if (m_unit == FioTimeUnit::Auto) {
            m_unit = FioTimeUnit::Milliseconds;
            std::size_t pos = 0;
            for (int i = 0; i < 64 && pos < head.size(); ++i) {
                const std::size_t nl = head.find('\n', pos);
                std::string_view l = head.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
                pos = nl == std::string_view::npos ? head.size() : nl + 1;
                Fields fl;
                fl.split(l, ' ');
                if (fl.count >= 3 && (fl.field[2] == "add" || fl.field[2] == "open")) {
                    m_unit = FioTimeUnit::Microseconds;
                    m_detected = QStringLiteral("detected: 'add'/'open' lines as fio's own writer logs them");
                    break;
                }
                if (fl.count >= 3 && (fl.field[2] == "read" || fl.field[2] == "write")) {
                    m_detected = QStringLiteral("detected: no 'add'/'open' lines, so not fio's own writer");
                    break;
                }
            }
            if (m_detected.isEmpty())
                m_detected = QStringLiteral("assumed");
        } else {
            m_detected = QStringLiteral("as given");
        }
    }

protected:
    void missingTimestamps()
    {
        if (!m_info.explains(TraceField::Timestamps))
            m_info.setMissing(TraceField::Timestamps,
                              QStringLiteral("v2 has no timestamps: arrival rate, timing and replay unavailable"));
    }

    Parsed parseLine(std::string_view line, TraceRecord& r) override
    {
        if (m_version == 0) {
            if (line == "fio version 2 iolog")
                m_version = 2;
            else if (line == "fio version 3 iolog")
                m_version = 3;
            else
                return failLine(QStringLiteral("not a fio iolog header ('fio version 2 iolog' or 'fio version 3 iolog')"));
            if (m_version == 2) {
                m_info.name = m_info.detail = QStringLiteral("fio iolog v2");
                missingTimestamps();
            } else {
                const bool us = m_unit == FioTimeUnit::Microseconds;
                m_info.name = QStringLiteral("fio iolog v3");
                m_info.detail = QStringLiteral("fio iolog v3, timestamps in %1 (%2)")
                                    .arg(us ? QStringLiteral("microseconds") : QStringLiteral("milliseconds"), m_detected);
            }
            restateCompression();
            return Parsed::Skip;
        }
        m_fields.split(line, ' ');
        const int base = m_version == 3 ? 1 : 0;
        if (m_fields.count < base + 2)
            return failLine(QStringLiteral("%1 fields, expected %2 [timestamp] filename action [offset length]")
                                .arg(m_fields.count)
                                .arg(base + 2));
        const auto& f = m_fields.field;
        if (m_version == 3 && !parseScaledNs(f[0], m_unit == FioTimeUnit::Microseconds ? 1000 : 1000000, r.timeNs))
            return fail(1, "timestamp", f[0], "is not a number");
        if (r.timeNs < 0)
            return fail(1, "timestamp", f[0], kNegativeTime);
        const std::string_view action = f[base + 1];
        if (action == "add" || action == "open" || action == "close" || action == "sync" || action == "datasync"
            || action == "trim" || action == "wait")
            return Parsed::Skip; // not reads or writes
        if (action == "write")
            r.write = true;
        else if (action != "read")
            return fail(base + 2, "action", action, "is not a fio iolog action");
        if (m_fields.count != base + 4)
            return failLine(QStringLiteral("a %1 needs an offset and a length").arg(QString::fromLatin1(action.data(), qsizetype(action.size()))));
        if (!parseU64(f[base + 2], r.offsetBytes))
            return fail(base + 3, "offset", f[base + 2], whyNotU64(f[base + 2], kPastByteRange));
        if (!parseU64(f[base + 3], r.sizeBytes))
            return fail(base + 4, "length", f[base + 3], whyNotU64(f[base + 3], kSizeTooLarge));
        if (r.sizeBytes > kMaxRequestBytes)
            return fail(base + 4, "length", f[base + 3], kSizeTooLarge);
        if (f[base].size() > 4096)
            return fail(base + 1, "filename", f[base].substr(0, 40), "is too long");
        r.device = deviceIndex(f[base]);
        return Parsed::Record;
    }

private:
    FioTimeUnit m_unit;
    QString m_detected;
    int m_version = 0;
};

// ---- generic CSV with a column mapping ----
class CsvReader final : public LineTraceReader
{
public:
    CsvReader(std::unique_ptr<ByteSource> s, const QString& name, const CsvMapping& m)
        : LineTraceReader(std::move(s), name)
        , m_map(m)
    {
        m_info.format = TraceFormat::Csv;
        m_info.name = QStringLiteral("CSV");
        m_info.detail = QStringLiteral("CSV (%1 mapping)").arg(m.name);
        m_info.timeOrigin = m.timeOrigin;
        m_info.hasResponseTimes = m.responseColumn > 0;
        m_info.hasTimestamps = m.timeColumn > 0;
        m_info.hasDevices = m.deviceColumn > 0;
        if (!m_info.hasResponseTimes)
            m_info.setMissing(TraceField::ResponseTimes,
                              QStringLiteral("no response times: queue depth, response percentiles and slow periods unknown"));
        if (!m_info.hasTimestamps)
            m_info.setMissing(TraceField::Timestamps,
                              QStringLiteral("no timestamps: arrival rate, timing and replay unavailable"));
    }

protected:
    Parsed parseLine(std::string_view line, TraceRecord& r) override
    {
        if (m_map.header && lineNumber() == 1)
            return Parsed::Skip;
        m_fields.split(line, m_map.separator);
        if (m_fields.count < m_map.columns())
            return failLine(QStringLiteral("%1 fields, expected at least %2").arg(m_fields.count).arg(m_map.columns()));
        auto field = [&](int c) { return trim(m_fields.field[c - 1]); };
        if (m_map.timeColumn && !parseScaledNs(field(m_map.timeColumn), m_map.timeNsPerUnit, r.timeNs))
            return fail(m_map.timeColumn, "time", field(m_map.timeColumn), "is not a time");
        if (r.timeNs < 0)
            return fail(m_map.timeColumn, "time", field(m_map.timeColumn), kNegativeTime);
        std::uint64_t units = 0;
        const std::string_view offset = field(m_map.offsetColumn), size = field(m_map.sizeColumn);
        if (!parseU64(offset, units))
            return fail(m_map.offsetColumn, "offset", offset, whyNotU64(offset, kPastByteRange));
        if (!scaled(units, m_map.offsetBytesPerUnit, r.offsetBytes))
            return fail(m_map.offsetColumn, "offset", offset, kPastByteRange);
        if (!parseU64(size, units))
            return fail(m_map.sizeColumn, "size", size, whyNotU64(size, kSizeTooLarge));
        if (!scaled(units, m_map.sizeBytesPerUnit, r.sizeBytes) || r.sizeBytes > kMaxRequestBytes)
            return fail(m_map.sizeColumn, "size", size, kSizeTooLarge);
        const std::string_view op = field(m_map.opColumn);
        if (m_map.op == CsvMapping::Op::Letter) {
            const char c = op.empty() ? 0 : char(op.front() | 0x20);
            if (c != 'r' && c != 'w')
                return fail(m_map.opColumn, "op", op, "is neither R nor W");
            r.write = c == 'w';
        } else {
            if (op != "0" && op != "1")
                return fail(m_map.opColumn, "op", op, "is neither 0 nor 1");
            r.write = (op == "1") == (m_map.op == CsvMapping::Op::ZeroRead);
        }
        if (m_map.responseColumn) {
            if (!parseScaledNs(field(m_map.responseColumn), m_map.responseNsPerUnit, r.responseNs))
                return fail(m_map.responseColumn, "response", field(m_map.responseColumn), "is not a time");
            if (r.responseNs < 0)
                return fail(m_map.responseColumn, "response", field(m_map.responseColumn), "is negative");
        }
        if (m_map.deviceColumn) {
            const std::string_view d = field(m_map.deviceColumn);
            if (d.size() > 256)
                return fail(m_map.deviceColumn, "device", d, "is too long");
            r.device = deviceIndex(d);
        } else {
            r.device = deviceIndex("0");
        }
        return Parsed::Record;
    }

private:
    CsvMapping m_map;
};

} // namespace

std::unique_ptr<TraceReader> makeMsrReader(std::unique_ptr<ByteSource> s, const QString& name)
{
    return std::make_unique<MsrReader>(std::move(s), name);
}
std::unique_ptr<TraceReader> makeSpcReader(std::unique_ptr<ByteSource> s, const QString& name)
{
    return std::make_unique<SpcReader>(std::move(s), name);
}
std::unique_ptr<TraceReader> makeDiskSimReader(std::unique_ptr<ByteSource> s, const QString& name)
{
    return std::make_unique<DiskSimReader>(std::move(s), name);
}
std::unique_ptr<TraceReader> makeFioReader(std::unique_ptr<ByteSource> s, const QString& name, FioTimeUnit unit,
                                           std::string_view head)
{
    return std::make_unique<FioReader>(std::move(s), name, unit, head);
}
std::unique_ptr<TraceReader> makeCsvReader(std::unique_ptr<ByteSource> s, const QString& name, const CsvMapping& m)
{
    return std::make_unique<CsvReader>(std::move(s), name, m);
}

} // namespace raidscope::trace
