// SPDX-License-Identifier: GPL-3.0-or-later
// The same fault fed to every trace format (#52): a negative time, a time before an earlier one, an
// offset past 2^63 and past 2^64 bytes, a size of 0 and one past 4 GiB. Each must give the same
// answer in every format: the same anomaly counted by the summary, or the same refusal named with
// its file, line and field (the reader then goes on with the next line). The expected texts and
// counts are written out by hand from each format's field order (../shared/traces/SOURCES.md).
#include "trace/tracereader.h"
#include "trace/tracesummary.h"

#include <catch2/catch.hpp>

#include <QStringList>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

using namespace raidscope;

namespace {

enum class Fmt { Msr, Spc, DiskSim, Fio, Csv, Alibaba, Blkparse, Blktrace };

const char* fmtName(Fmt f)
{
    switch (f) {
    case Fmt::Msr: return "msr";
    case Fmt::Spc: return "spc";
    case Fmt::DiskSim: return "disksim";
    case Fmt::Fio: return "fio";
    case Fmt::Csv: return "csv";
    case Fmt::Alibaba: return "alibaba";
    case Fmt::Blkparse: return "blkparse";
    case Fmt::Blktrace: return "blktrace";
    }
    return "";
}

TraceReaderOptions optionsFor(Fmt f)
{
    TraceReaderOptions o;
    QString error;
    switch (f) {
    case Fmt::Msr: o.format = TraceFormat::MsrCsv; break;
    case Fmt::Spc: o.format = TraceFormat::Spc; break;
    case Fmt::DiskSim: o.format = TraceFormat::DiskSim; break;
    case Fmt::Fio:
        o.format = TraceFormat::FioLog;
        o.fioTimeUnit = FioTimeUnit::Microseconds;
        break;
    case Fmt::Csv:
        o.format = TraceFormat::Csv;
        REQUIRE(parseCsvMapping(QStringLiteral("time=1:us,offset=2:B,size=3:B,op=4"), &o.csv, &error));
        break;
    case Fmt::Alibaba:
        o.format = TraceFormat::Csv;
        o.csv = alibabaCsvMapping();
        break;
    case Fmt::Blkparse: o.format = TraceFormat::Blkparse; break;
    case Fmt::Blktrace: o.format = TraceFormat::Blktrace; break;
    }
    return o;
}

// One struct blk_io_trace, little-endian (include/uapi/linux/blktrace_api.h): a QUEUE read.
void putQueueRead(std::string& out, std::uint64_t timeNs, std::uint64_t sector, std::uint32_t bytes)
{
    auto put = [&](auto v) {
        for (std::size_t i = 0; i < sizeof(v); ++i)
            out.push_back(char(std::uint64_t(v) >> (8 * i)));
    };
    put(std::uint32_t(0x65617407)); // magic | version
    put(std::uint32_t(0));          // sequence
    put(timeNs);
    put(sector);
    put(bytes);
    put(std::uint32_t((1u << 16) | 1)); // TC_READ, TA_QUEUE
    put(std::uint32_t(42));             // pid
    put(std::uint32_t(8u << 20 | 16u)); // device 8,16
    put(std::uint32_t(0));              // cpu
    put(std::uint16_t(0));              // error
    put(std::uint16_t(0));              // pdu_len
}

// A read request in a format's own units: time in microseconds from the clock's origin, offset and
// size in bytes (multiples of 512, so that sector formats hold them exactly).
struct Request
{
    std::uint64_t timeUs;
    std::uint64_t offsetBytes;
    std::uint64_t sizeBytes;
};

std::string us(std::uint64_t t, int decimals, std::uint64_t perUnit)
{
    // t microseconds as a decimal of a unit of perUnit microseconds, `decimals` places.
    std::string frac = std::to_string(t % perUnit);
    std::string pad(std::size_t(decimals) - std::min<std::size_t>(frac.size(), std::size_t(decimals)), '0');
    std::string out = std::to_string(t / perUnit);
    if (decimals > 0)
        out += "." + pad + frac;
    return out;
}

std::string encode(Fmt f, const std::vector<Request>& requests)
{
    std::string out = f == Fmt::Fio ? "fio version 3 iolog\n" : "";
    for (const Request& r : requests) {
        const std::string off = std::to_string(r.offsetBytes), size = std::to_string(r.sizeBytes);
        const std::string sector = std::to_string(r.offsetBytes / 512), sectors = std::to_string(r.sizeBytes / 512);
        switch (f) {
        case Fmt::Msr: // FILETIME: 100 ns ticks from 1601; 116444736000000000 is 1970-01-01
            out += std::to_string(116444736000000000ULL + r.timeUs * 10) + ",hm,0,Read," + off + "," + size + ",100\n";
            break;
        case Fmt::Spc: out += "0," + sector + "," + size + ",r," + us(r.timeUs, 6, 1000000) + "\n"; break;
        case Fmt::DiskSim: out += us(r.timeUs, 3, 1000) + " 0 " + sector + " " + sectors + " 1\n"; break;
        case Fmt::Fio: out += std::to_string(r.timeUs) + " /dev/sda read " + off + " " + size + "\n"; break;
        case Fmt::Csv: out += std::to_string(r.timeUs) + "," + off + "," + size + ",R\n"; break;
        case Fmt::Alibaba: out += "1,R," + off + "," + size + "," + std::to_string(r.timeUs) + "\n"; break;
        case Fmt::Blkparse:
            out += "  8,16   0        1     " + us(r.timeUs, 6, 1000000) + "000  4162  Q   R " + sector + " + "
                + sectors + " [x]\n";
            break;
        case Fmt::Blktrace: putQueueRead(out, r.timeUs * 1000, r.offsetBytes / 512, std::uint32_t(r.sizeBytes)); break;
        }
    }
    return out;
}

struct Outcome
{
    std::vector<TraceRecord> records;
    QStringList errors;
    TraceSummary summary;
};

Outcome readAll(Fmt f, const std::string& data)
{
    QString error;
    const QString name = QStringLiteral("t.") + QLatin1String(fmtName(f));
    auto reader = TraceReader::fromMemory(data, name, optionsFor(f), &error);
    INFO(error.toStdString());
    REQUIRE(reader);
    Outcome out;
    TraceAccumulator feed(out.summary, *reader);
    TraceRecord r;
    for (;;) {
        const auto s = reader->next(r);
        if (s == TraceReader::Status::End)
            break;
        if (s == TraceReader::Status::Error) {
            REQUIRE_FALSE(reader->error().fatal);
            out.errors << reader->error().text();
            continue;
        }
        out.records.push_back(r);
        feed.add(r);
    }
    return out;
}

const std::vector<Fmt> kAll = { Fmt::Msr, Fmt::Spc, Fmt::DiskSim, Fmt::Fio, Fmt::Csv, Fmt::Alibaba, Fmt::Blkparse,
    Fmt::Blktrace };

} // namespace

TEST_CASE("Trace faults: a time before an earlier one is one out-of-order anomaly in every format", "[trace][faults]")
{
    const Fmt f = GENERATE(from_range(kAll));
    CAPTURE(fmtName(f));
    // 2 ms, then 1 ms, then 3 ms: the second arrives before the first's time, the third after both.
    const Outcome o = readAll(f, encode(f, { { 2000, 4096, 4096 }, { 1000, 8192, 4096 }, { 3000, 0, 4096 } }));
    CHECK(o.errors.isEmpty());
    REQUIRE(o.records.size() == 3);
    CHECK(o.summary.records == 3);
    CHECK(o.summary.outOfOrder == 1);
    CHECK(o.records[1].timeNs == 1000000); // read as it stands, not reordered or clamped
    CHECK(o.summary.durationSeconds() == Approx(0.002));
}

TEST_CASE("Trace faults: an offset past 2^63 bytes is read as it stands and counted in every format", "[trace][faults]")
{
    const Fmt f = GENERATE(from_range(kAll));
    CAPTURE(fmtName(f));
    // 2^63 bytes = 9223372036854775808 = 2^54 sectors: the first byte past a block device's largest
    // size (an off_t). Then 2^63 - 4096 with 4096 bytes, which ends exactly at 2^63: not past it.
    constexpr std::uint64_t k63 = std::uint64_t(1) << 63;
    const Outcome o = readAll(f, encode(f, { { 1000, k63, 4096 }, { 2000, k63 - 4096, 4096 } }));
    CHECK(o.errors.isEmpty());
    REQUIRE(o.records.size() == 2);
    CHECK(o.records[0].offsetBytes == k63);
    CHECK(o.summary.pastAddressSpace == 1);
}

TEST_CASE("Trace faults: a size of 0 is read and counted; exactly 4 GiB is read in every format", "[trace][faults]")
{
    const Fmt f = GENERATE(from_range(kAll));
    CAPTURE(fmtName(f));
    // blktrace counts bytes in 32 bits: 4 GiB - 512 is its largest multiple of 512; the others take 4 GiB.
    const std::uint64_t big = f == Fmt::Blktrace ? (std::uint64_t(4) << 30) - 512 : std::uint64_t(4) << 30;
    const Outcome o = readAll(f, encode(f, { { 1000, 4096, 0 }, { 2000, 8192, big } }));
    CHECK(o.errors.isEmpty());
    REQUIRE(o.records.size() == 2);
    CHECK(o.records[0].sizeBytes == 0);
    CHECK(o.records[1].sizeBytes == big);
    CHECK(o.summary.zeroSize == 1);
}

TEST_CASE("Trace faults: a negative time is refused in every format, named with file, line and field", "[trace][faults]")
{
    // Each: a good request on line 1 (line 2 for fio, after its header), the fault on the next line,
    // and a good one after it, which must still be read.
    const auto [f, text, expected] = GENERATE(table<Fmt, std::string, const char*>({
        { Fmt::Msr, "116444736000010000,hm,0,Read,0,4096,100\n-5,hm,0,Read,0,4096,100\n116444736000020000,hm,0,Read,0,4096,100\n",
            "t.msr:2: field 1 (Timestamp): '-5' is negative: a time before the trace's clock origin" },
        // FILETIME 1000 is in 1601: before the Unix epoch MSR's times count from, so a negative time too.
        { Fmt::Msr, "116444736000010000,hm,0,Read,0,4096,100\n1000,hm,0,Read,0,4096,100\n116444736000020000,hm,0,Read,0,4096,100\n",
            "t.msr:2: field 1 (Timestamp): '1000' is before 1970-01-01, the Unix epoch the times count from" },
        { Fmt::Spc, "0,8,4096,r,0.001\n0,8,4096,r,-0.5\n0,8,4096,r,0.002\n",
            "t.spc:2: field 5 (Timestamp): '-0.5' is negative: a time before the trace's clock origin" },
        { Fmt::DiskSim, "1.0 0 8 8 1\n-1.5 0 8 8 1\n2.0 0 8 8 1\n",
            "t.disksim:2: field 1 (time): '-1.5' is negative: a time before the trace's clock origin" },
        { Fmt::Fio, "fio version 3 iolog\n1 /dev/sda read 0 4096\n-5 /dev/sda read 0 4096\n2 /dev/sda read 0 4096\n",
            "t.fio:3: field 1 (timestamp): '-5' is negative: a time before the trace's clock origin" },
        { Fmt::Csv, "1,0,4096,R\n-5,0,4096,R\n2,0,4096,R\n",
            "t.csv:2: field 1 (time): '-5' is negative: a time before the trace's clock origin" },
        { Fmt::Alibaba, "1,R,0,4096,1\n1,R,0,4096,-5\n1,R,0,4096,2\n",
            "t.alibaba:2: field 5 (time): '-5' is negative: a time before the trace's clock origin" },
        { Fmt::Blkparse,
            "  8,16   0        1     0.000001000  4162  Q   R 8 + 8 [x]\n"
            "  8,16   0        2    -0.000001000  4162  Q   R 8 + 8 [x]\n"
            "  8,16   0        3     0.000002000  4162  Q   R 8 + 8 [x]\n",
            "t.blkparse:2: field 4 (time): '-0.000001000' is negative: a time before the trace's clock origin" },
    }));
    CAPTURE(fmtName(f));
    const Outcome o = readAll(f, text);
    REQUIRE(o.errors.size() == 1);
    CHECK(o.errors[0] == QLatin1String(expected));
    REQUIRE(o.records.size() == 2);
    for (const TraceRecord& r : o.records)
        CHECK(r.timeNs >= 0);
}

TEST_CASE("Trace faults: blktrace refuses a time past 2^63 ns, negative as the signed times every reader gives",
          "[trace][faults]")
{
    {
        std::string binary;
        putQueueRead(binary, 1000, 8, 4096);
        putQueueRead(binary, std::uint64_t(1) << 63, 8, 4096); // was masked to time 0 in silence
        putQueueRead(binary, 2000, 8, 4096);
        const Outcome b = readAll(Fmt::Blktrace, binary);
        REQUIRE(b.errors.size() == 1);
        CHECK(b.errors[0]
            == u"t.blktrace:2: field 3 (time): '9223372036854775808' is past 2^63 ns: negative as a signed time, "
               "before the trace's clock origin");
        CHECK(b.records.size() == 2);
    }
}

TEST_CASE("Trace faults: an offset past 2^64 bytes is refused in every format", "[trace][faults]")
{
    // 2^64 bytes = 18446744073709551616 = 2^55 sectors (36028797018963968): no 64-bit offset holds it.
    const auto [f, text, expected] = GENERATE(table<Fmt, std::string, const char*>({
        { Fmt::Msr, "116444736000010000,hm,0,Read,18446744073709551616,4096,100\n",
            "t.msr:1: field 5 (Offset): '18446744073709551616' is past 2^64 bytes" },
        { Fmt::Spc, "0,36028797018963968,4096,r,0.001\n", "t.spc:1: field 2 (LBA): '36028797018963968' is past 2^64 bytes" },
        { Fmt::DiskSim, "1.0 0 36028797018963968 8 1\n", "t.disksim:1: field 3 (lba): '36028797018963968' is past 2^64 bytes" },
        { Fmt::Fio, "fio version 3 iolog\n1 /dev/sda read 18446744073709551616 4096\n",
            "t.fio:2: field 4 (offset): '18446744073709551616' is past 2^64 bytes" },
        { Fmt::Csv, "1,18446744073709551616,4096,R\n", "t.csv:1: field 2 (offset): '18446744073709551616' is past 2^64 bytes" },
        { Fmt::Alibaba, "1,R,18446744073709551616,4096,1\n",
            "t.alibaba:1: field 3 (offset): '18446744073709551616' is past 2^64 bytes" },
        { Fmt::Blkparse, "  8,16   0        1     0.000001000  4162  Q   R 36028797018963968 + 8 [x]\n",
            "t.blkparse:1: field 8 (sector): '36028797018963968' is past 2^64 bytes" },
    }));
    CAPTURE(fmtName(f));
    const Outcome o = readAll(f, text);
    REQUIRE(o.errors.size() == 1);
    CHECK(o.errors[0] == QLatin1String(expected));
    CHECK(o.records.empty());
}

TEST_CASE("Trace faults: blktrace refuses sector 2^55 as blkparse does", "[trace][faults]")
{
    {
        std::string binary;
        putQueueRead(binary, 1000, std::uint64_t(1) << 55, 4096);
        const Outcome b = readAll(Fmt::Blktrace, binary);
        REQUIRE(b.errors.size() == 1);
        CHECK(b.errors[0] == u"t.blktrace:1: field 4 (sector): '36028797018963968' is past 2^64 bytes");
    }
}

TEST_CASE("Trace faults: a size past 4 GiB is refused in every format that can state one", "[trace][faults]")
{
    // 4 GiB + 1 byte = 4294967297; in sectors, 4 GiB + 512 bytes = 8388609. A size past 2^64 is
    // refused the same way. (blktrace's 32-bit byte count cannot state one.)
    const auto [f, text, expected] = GENERATE(table<Fmt, std::string, const char*>({
        { Fmt::Msr, "116444736000010000,hm,0,Read,0,4294967297,100\n", "t.msr:1: field 6 (Size): '4294967297' " },
        { Fmt::Msr, "116444736000010000,hm,0,Read,0,18446744073709551616,100\n",
            "t.msr:1: field 6 (Size): '18446744073709551616' " },
        { Fmt::Spc, "0,8,4294967297,r,0.001\n", "t.spc:1: field 3 (Size): '4294967297' " },
        { Fmt::DiskSim, "1.0 0 8 8388609 1\n", "t.disksim:1: field 4 (size): '8388609' " },
        { Fmt::DiskSim, "1.0 0 8 36028797018963968 1\n", "t.disksim:1: field 4 (size): '36028797018963968' " },
        { Fmt::Fio, "fio version 3 iolog\n1 /dev/sda read 0 4294967297\n", "t.fio:2: field 5 (length): '4294967297' " },
        { Fmt::Csv, "1,0,4294967297,R\n", "t.csv:1: field 3 (size): '4294967297' " },
        { Fmt::Alibaba, "1,R,0,4294967297,1\n", "t.alibaba:1: field 4 (size): '4294967297' " },
        { Fmt::Blkparse, "  8,16   0        1     0.000001000  4162  Q   R 8 + 8388609 [x]\n",
            "t.blkparse:1: field 10 (sectors): '8388609' " },
    }));
    CAPTURE(fmtName(f));
    const Outcome o = readAll(f, text);
    REQUIRE(o.errors.size() == 1);
    CHECK(o.errors[0] == QString::fromLatin1(expected) + QStringLiteral("is more than 4 GiB, larger than any block request"));
    CHECK(o.records.empty());
}

TEST_CASE("Trace faults: a CSV mapping's header=0 means no header, header and header=1 skip line 1", "[trace][faults][csv]")
{
    const std::string text = "1,0,4096,R\n2,4096,4096,W\n";
    const auto [mapping, records] = GENERATE(table<const char*, std::size_t>({
        { "time=1:us,offset=2,size=3,op=4,header=0", 2 },
        { "time=1:us,offset=2,size=3,op=4,header=no", 2 },
        { "time=1:us,offset=2,size=3,op=4", 2 },
        { "time=1:us,offset=2,size=3,op=4,header", 1 },
        { "time=1:us,offset=2,size=3,op=4,header=1", 1 },
    }));
    CAPTURE(mapping);
    TraceReaderOptions o;
    o.format = TraceFormat::Csv;
    QString error;
    REQUIRE(parseCsvMapping(QLatin1String(mapping), &o.csv, &error));
    auto reader = TraceReader::fromMemory(text, QStringLiteral("h.csv"), o, &error);
    REQUIRE(reader);
    std::size_t n = 0;
    TraceRecord r;
    while (reader->next(r) == TraceReader::Status::Record)
        ++n;
    CHECK(n == records);
    CHECK_FALSE(parseCsvMapping(QStringLiteral("offset=2,size=3,op=4,header=2"), &o.csv, &error));
    CHECK(error == u"header=2: header is 1 (the first line names the columns) or 0");
}
