// SPDX-License-Identifier: GPL-3.0-or-later
// Trace readers on hand-made fixtures (tests/data/traces): one edge case each, one malformed line per reader.
#include "trace/linesource.h"
#include "trace/tracejob.h"
#include "trace/tracereader.h"
#include "trace/tracesummary.h"

#include <catch2/catch.hpp>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <cmath>
#include <cstring>

using namespace raidscope;

namespace {

QString fixture(const char* name)
{
    return QStringLiteral(RAIDSCOPE_TEST_DATA "/traces/") + QString::fromLatin1(name);
}

struct Read
{
    std::vector<TraceRecord> records;
    std::vector<std::string> devices;
    QStringList errors;
    TraceFormatInfo info;
};

// Every record and every error of a file, skipping malformed lines.
Read readAll(const QString& path, TraceReaderOptions options = {})
{
    Read out;
    QString error;
    auto r = TraceReader::open(path, options, &error);
    REQUIRE(r);
    TraceRecord rec;
    for (;;) {
        const auto s = r->next(rec);
        if (s == TraceReader::Status::End)
            break;
        if (s == TraceReader::Status::Error) {
            out.errors << r->error().text();
            continue;
        }
        out.records.push_back(rec);
        out.devices.push_back(r->deviceName(rec.device));
    }
    out.info = r->info();
    return out;
}

TraceSummaryResult summarize(const QString& path, TraceErrorPolicy policy = TraceErrorPolicy::Stop)
{
    TraceJobOptions o;
    o.onError = policy;
    return summarizeTrace({ path }, o);
}

} // namespace

TEST_CASE("trace: formats are sniffed from content")
{
    CsvMapping csv;
    CHECK(TraceReader::sniff("Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime\n") == TraceFormat::MsrCsv);
    CHECK(TraceReader::sniff("128166372003061629,rsrch,0,Read,7014609920,24576,41286\n") == TraceFormat::MsrCsv);
    CHECK(TraceReader::sniff("  8,16   3        1     0.000000000  4162  Q  WS 2048 + 8 [java]\n") == TraceFormat::Blkparse);
    CHECK(TraceReader::sniff("0,303567,3584,w,0.000000\n") == TraceFormat::Spc);
    CHECK(TraceReader::sniff("100 0 200 8 1\n") == TraceFormat::DiskSim);
    CHECK(TraceReader::sniff("fio version 3 iolog\n") == TraceFormat::FioLog);
    CHECK(TraceReader::sniff("0,R,126703661056,4096,1577808000000046\n", &csv) == TraceFormat::Csv);
    CHECK(csv.name == u"alibaba");
    CHECK(TraceReader::sniff("1538323199,1003027216,16,0,2313\n", &csv) == TraceFormat::Csv);
    CHECK(csv.name == u"tencent");
    const char le[] = { 0x07, 0x74, 0x61, 0x65 };
    const char be[] = { 0x65, 0x61, 0x74, 0x07 };
    CHECK(TraceReader::sniff(std::string_view(le, 4)) == TraceFormat::Blktrace);
    CHECK(TraceReader::sniff(std::string_view(be, 4)) == TraceFormat::Blktrace);
    CHECK(TraceReader::sniff("hello world\n") == TraceFormat::Auto);
}

TEST_CASE("trace: an empty file and a header-only file are empty traces")
{
    for (const char* name : { "empty.csv", "msr_header_only.csv" }) {
        const auto r = summarize(fixture(name));
        INFO(name << ": " << r.error.toStdString());
        REQUIRE(r.ok);
        CHECK(r.summary.records == 0);
        CHECK(r.summary.sizeHistogram().empty());
        CHECK(r.summary.toJson()[QStringLiteral("records")].toInt() == 0);
        CHECK(!r.summary.toCsv().isEmpty());
    }
}

TEST_CASE("trace: MSR CSV with CRLF, huge offsets, a zero-size request and out-of-order time")
{
    const Read r = readAll(fixture("msr_edge_crlf.csv"));
    REQUIRE(r.errors.isEmpty());
    REQUIRE(r.records.size() == 4);
    CHECK(r.info.format == TraceFormat::MsrCsv);
    // 128166372000000000 ticks = 2007-02-22 17:00:00 UTC = 1172163600 s since the Unix epoch.
    CHECK(r.records[0].timeNs == 1172163600LL * 1000000000LL);
    CHECK(r.records[1].timeNs - r.records[0].timeNs == 10000000); // 100000 ticks of 100 ns
    CHECK(r.records[0].responseNs == 1000000);
    CHECK(r.records[2].offsetBytes == 18446744073709547520ULL);
    CHECK(r.records[2].sizeBytes == 0);
    CHECK(r.records[2].write);
    CHECK(r.records[3].offsetBytes == 9223372036854775808ULL); // last line has no newline
    CHECK(r.devices[0] == "web/1");
    CHECK(r.devices[3] == "db/0");

    const auto s = summarize(fixture("msr_edge_crlf.csv"));
    REQUIRE(s.ok);
    CHECK(s.summary.records == 4);
    CHECK(s.summary.zeroSize == 1);
    CHECK(s.summary.outOfOrder == 1);
    CHECK(s.summary.devices.size() == 2);
    CHECK(s.summary.sizeHistogram().at(0) == 1);
    CHECK(s.summary.sizeHistogram().at(4096) == 2);
    // web/1: 0+4096 then 4096 continues the run, the huge one starts another: 3 I/Os, 2 runs.
    CHECK(s.summary.devices[0].runs == 2);
    CHECK(s.summary.queueDepthMethod() == u"littles-law");
    CHECK(int(s.summary.timeline.buckets().size()) <= s.summary.options.maxTimeBuckets);
}

TEST_CASE("trace: an MSR line reads the same on the one-pass path and the general one")
{
    // Line 1 as MSR writes it (the one-pass path); lines 2-4 leave that path (upper-case type, a
    // 20-digit offset with leading zeros, a 20-digit timestamp) and must give the same request.
    // 128166372000000000 ticks = 1172163600 s after the Unix epoch; 2833 ticks = 283300 ns.
    const std::string data = "128166372000000000,hm,0,Write,9056014336,2048,2833\n"
                             "128166372000000000,hm,0,WRITE,9056014336,2048,2833\n"
                             "128166372000000000,hm,0,Write,00000000009056014336,2048,2833\n"
                             "00128166372000000000,hm,0,Write,9056014336,2048,2833\n"
                             "128166372000000000,hm,0,Read,9056014336,2048,2833,\n"
                             // A non-digit inside the first eight bytes of a number, or after them
                             // (':' and '/' are the characters next to the digits).
                             "128166372000000000,hm,0,Read,9056:14336,2048,2833\n"
                             "128166372000000000,hm,0,Read,905601433/,2048,2833\n"
                             "1281663720000/0000,hm,0,Read,9056014336,2048,2833\n";
    TraceReaderOptions o;
    o.format = TraceFormat::MsrCsv;
    QString error;
    auto r = TraceReader::fromMemory(data, QStringLiteral("mem"), o, &error);
    REQUIRE(r);
    TraceRecord rec;
    for (int line = 1; line <= 4; ++line) {
        INFO("line " << line);
        REQUIRE(r->next(rec) == TraceReader::Status::Record);
        CHECK(rec.timeNs == 1172163600LL * 1000000000LL);
        CHECK(rec.write);
        CHECK(rec.offsetBytes == 9056014336ULL);
        CHECK(rec.sizeBytes == 2048);
        CHECK(rec.responseNs == 283300);
        CHECK(r->deviceName(rec.device) == "hm/0");
    }
    // An eighth field: the general path names the line's field count.
    REQUIRE(r->next(rec) == TraceReader::Status::Error);
    CHECK(r->error().text().contains(QStringLiteral("8 fields, expected 7")));
    for (const char* field : { "Offset", "Offset", "Timestamp" }) {
        REQUIRE(r->next(rec) == TraceReader::Status::Error);
        CHECK(r->error().text().contains(QLatin1String(field)));
    }
    CHECK(r->next(rec) == TraceReader::Status::End);
}

TEST_CASE("trace: a malformed line names file, line and field; stop or skip")
{
    const auto stop = summarize(fixture("msr_bad.csv"));
    CHECK(!stop.ok);
    CHECK(stop.error == u"msr_bad.csv:3: field 5 (Offset): 'abc' is not a number");
    const auto skip = summarize(fixture("msr_bad.csv"), TraceErrorPolicy::Skip);
    REQUIRE(skip.ok);
    CHECK(skip.summary.records == 3);
    CHECK(skip.summary.skipped == 1);
    CHECK(skip.summary.skippedMessages.front() == stop.error);

    const struct
    {
        const char* file;
        const char* error;
        int good;
    } bad[] = {
        { "spc_bad.spc", "spc_bad.spc:2: field 4 (Opcode): 'x' is neither r nor w", 1 },
        { "disksim_bad.trace", "disksim_bad.trace:2: field 2 (device): 'zero' is not a number", 1 },
        { "fio_bad.log", "fio_bad.log:3: field 4 (offset): '-5' is negative", 1 },
        { "blkparse_bad.txt", "blkparse_bad.txt:2: field 4 (time): '0.00000x000' is not a time in seconds", 1 },
        { "alibaba_bad.csv", "alibaba_bad.csv:2: field 2 (op): 'Q' is neither R nor W", 1 },
    };
    for (const auto& b : bad) {
        const auto s = summarize(fixture(b.file));
        CHECK(!s.ok);
        CHECK(s.error == QString::fromLatin1(b.error));
        const auto k = summarize(fixture(b.file), TraceErrorPolicy::Skip);
        CHECK(k.ok);
        CHECK(k.summary.records == std::uint64_t(b.good));
        CHECK(k.summary.skipped == 1);
    }
}

TEST_CASE("trace: SPC ASCII")
{
    const Read r = readAll(fixture("spc_small.spc"));
    REQUIRE(r.errors.isEmpty());
    REQUIRE(r.records.size() == 4);
    CHECK(r.info.format == TraceFormat::Spc);
    CHECK(r.records[0].offsetBytes == 303567ULL * 512);
    CHECK(r.records[0].sizeBytes == 3584);
    CHECK(r.records[0].write);
    CHECK(r.records[1].write); // upper-case W
    CHECK(!r.records[2].write);
    CHECK(r.records[2].timeNs == 20500000);
    CHECK(r.devices[2] == "1");
}

TEST_CASE("trace: DiskSim ASCII in nanoseconds (MQSim) and milliseconds (DiskSim)")
{
    const Read ns = readAll(fixture("disksim_ns.trace"));
    REQUIRE(ns.records.size() == 4);
    CHECK(ns.records[1].timeNs == 1000);
    CHECK(!ns.records[0].write); // flag 1 = read
    CHECK(ns.records[2].write);
    CHECK(ns.records[2].sizeBytes == 16 * 512);
    TraceReaderOptions disksim;
    disksim.format = TraceFormat::DiskSim;
    const Read ms = readAll(fixture("disksim_ms.trace"), disksim);
    REQUIRE(ms.records.size() == 3);
    CHECK(ms.records[1].timeNs == 1500000);
    CHECK(ms.records[2].sizeBytes == 0);
    CHECK(ms.info.detail.contains(QStringLiteral("milliseconds")));
    const auto s = summarize(fixture("disksim_ns.trace"));
    CHECK(s.summary.outOfOrder == 1);
    CHECK(s.summary.queueDepthMethod() == u"none");
    CHECK(!s.summary.hasResponseTimes());
}

TEST_CASE("trace: fio iolog v3 time unit detected, or given; v2 has no time")
{
    const Read us = readAll(fixture("fio_v3_fio_writer.log"));
    REQUIRE(us.records.size() == 3);
    CHECK(us.records[1].timeNs == 250000); // 250 us
    CHECK(us.records[2].timeNs == 1000000000);
    CHECK(us.info.detail.contains(QStringLiteral("microseconds")));
    const Read ms = readAll(fixture("fio_v3_converter.log"));
    REQUIRE(ms.records.size() == 3);
    CHECK(ms.records[1].timeNs == 250000000); // 250 ms
    CHECK(ms.info.detail.contains(QStringLiteral("milliseconds")));
    TraceReaderOptions forced;
    forced.fioTimeUnit = FioTimeUnit::Microseconds;
    CHECK(readAll(fixture("fio_v3_converter.log"), forced).records[1].timeNs == 250000);
    const Read v2 = readAll(fixture("fio_v2.log"));
    REQUIRE(v2.records.size() == 2);
    CHECK(!v2.info.hasTimestamps);
    CHECK(v2.records[1].write);
    CHECK(v2.devices[0] == "/dev/sdb");
    const auto s = summarize(fixture("fio_v2.log"));
    CHECK(s.summary.timeline.empty());
}

TEST_CASE("TraceFormatInfo: what a format lacks is typed, and whether a note says so", "[trace][formatinfo]")
{
    using F = TraceField;
    // From each reader's definition: fio v2 has neither times nor response times; SPC has times but
    // no response times; MSR has response times but no issue/completion pairs; blkparse has all.
    const Read v2 = readAll(fixture("fio_v2.log"));
    CHECK(v2.info.name == u"fio iolog v2");
    CHECK(v2.info.missing() == std::vector<F> { F::Timestamps, F::ResponseTimes, F::IssueCompletePairs });
    CHECK(v2.info.explains(F::Timestamps));
    CHECK(v2.info.explains(F::ResponseTimes));
    CHECK_FALSE(v2.info.explains(F::IssueCompletePairs));
    CHECK(v2.info.notes.size() == 2); // one note per explained field, none twice

    const Read v3 = readAll(fixture("fio_v3_fio_writer.log"));
    CHECK(v3.info.name == u"fio iolog v3");
    CHECK(v3.info.has(F::Timestamps));

    const Read spc = readAll(fixture("spc_small.spc"));
    CHECK(spc.info.name == u"SPC / UMass ASCII");
    CHECK(spc.info.missing() == std::vector<F> { F::ResponseTimes, F::IssueCompletePairs });
    CHECK(spc.info.explains(F::ResponseTimes));

    const Read msr = readAll(fixture("msr_edge_crlf.csv"));
    CHECK(msr.info.missing() == std::vector<F> { F::IssueCompletePairs });
    CHECK(msr.info.explains(F::IssueCompletePairs));
    CHECK_FALSE(msr.info.explains(F::ResponseTimes)); // it has them: nothing to explain

    const Read blk = readAll(fixture("blkparse_small.txt"));
    CHECK(blk.info.name == u"blkparse text");
    CHECK(blk.info.missing().empty());

    const Read ns = readAll(fixture("disksim_ns.trace"));
    CHECK(ns.info.name == u"DiskSim/MQSim ASCII");

    // An empty file states nothing: a view has to say what it lacks itself.
    const Read empty = readAll(fixture("empty.csv"));
    CHECK(empty.info.name == u"empty file");
    CHECK(empty.info.missing() == std::vector<F> { F::ResponseTimes, F::IssueCompletePairs });
    CHECK_FALSE(empty.info.explains(F::ResponseTimes));
    CHECK(empty.info.notes.isEmpty());

    TraceFormatInfo info;
    info.setMissing(F::Devices, QStringLiteral("no device column"));
    CHECK_FALSE(info.hasDevices);
    CHECK(info.explains(F::Devices));
    CHECK(info.notes == QStringList { QStringLiteral("no device column") });
}

TEST_CASE("trace: blkparse text pairs D and C, skips messages and the trailing summary")
{
    const Read r = readAll(fixture("blkparse_small.txt"));
    REQUIRE(r.errors.isEmpty());
    std::vector<TraceRecord> requests, completions;
    for (const auto& rec : r.records)
        (rec.kind == TraceRecord::Kind::Request ? requests : completions).push_back(rec);
    REQUIRE(requests.size() == 3); // three Q with data; the flush and the N are not reads or writes
    CHECK(requests[0].offsetBytes == 2048 * 512);
    CHECK(requests[2].timeNs == 20000);
    CHECK(!requests[2].write);
    REQUIRE(completions.size() == 2);
    CHECK(completions[0].timeNs == 10000);
    CHECK(completions[0].responseNs == 1000000);
    CHECK(completions[1].responseNs == 3000000);
    CHECK(r.devices[0] == "8,16");
    const auto s = summarize(fixture("blkparse_small.txt"));
    REQUIRE(s.ok);
    CHECK(s.summary.queueDepthMethod() == u"issue-complete");
    CHECK(s.summary.responseMs.count() == 2);
    CHECK(s.summary.responseMs.mean() == Approx(2.0));
    // Busy integral: 1 ms + 3 ms of outstanding requests spread over the buckets.
    double busy = 0;
    for (const auto& b : s.summary.timeline.buckets())
        busy += b.pairBusyNs;
    CHECK(busy == Approx(4e6));
}

TEST_CASE("trace: cloud CSV presets and a custom mapping")
{
    const Read a = readAll(fixture("alibaba_small.csv"));
    REQUIRE(a.records.size() == 3);
    CHECK(a.records[0].timeNs == 1577808000000046000LL);
    CHECK(a.records[1].sizeBytes == 77824);
    CHECK(a.devices[1] == "1");
    const auto sa = summarize(fixture("alibaba_small.csv"));
    CHECK(sa.summary.devices[1].runs == 1); // 19496058880 + 77824 = 19496136704: sequential
    const Read t = readAll(fixture("tencent_small.csv"));
    REQUIRE(t.records.size() == 2);
    CHECK(t.records[0].offsetBytes == 1003027216ULL * 512);
    CHECK(t.records[0].sizeBytes == 16 * 512);
    CHECK(!t.records[0].write);
    CHECK(t.records[1].write);
    CHECK(t.records[1].timeNs - t.records[0].timeNs == 1000000000);

    TraceReaderOptions o;
    QString error;
    REQUIRE(parseCsvMapping(QStringLiteral("time=1:us,device=2,op=3,offset=4:sector,size=5:sector,response=6:us,header,sep=;"),
        &o.csv, &error));
    o.format = TraceFormat::Csv;
    const Read c = readAll(fixture("custom_header.csv"), o);
    REQUIRE(c.records.size() == 2);
    CHECK(c.records[1].write);
    CHECK(c.records[1].offsetBytes == 18 * 512);
    CHECK(c.records[1].responseNs == 250000);
    CHECK(!parseCsvMapping(QStringLiteral("time=1:fortnights,offset=2,size=3,op=4"), &o.csv, &error));
    CHECK(error.contains(QStringLiteral("time unit")));
    CHECK(!parseCsvMapping(QStringLiteral("time=1"), &o.csv, &error));

    // #52: header=0 says there is no header (it was read as "has one"); header=1 and a bare header
    // that there is; anything else is refused, naming the item.
    const QString columns = QStringLiteral("offset=1,size=2,op=3");
    REQUIRE(parseCsvMapping(columns + QStringLiteral(",header=0"), &o.csv, &error));
    CHECK_FALSE(o.csv.header);
    REQUIRE(parseCsvMapping(columns + QStringLiteral(",header=1"), &o.csv, &error));
    CHECK(o.csv.header);
    REQUIRE(parseCsvMapping(columns + QStringLiteral(",header"), &o.csv, &error));
    CHECK(o.csv.header);
    CHECK_FALSE(parseCsvMapping(columns + QStringLiteral(",header=maybe"), &o.csv, &error));
    CHECK(error == u"header=maybe: header is 1 (the first line names the columns) or 0");
    CHECK_FALSE(parseCsvMapping(QStringLiteral("offset=1e308,size=2,op=3"), &o.csv, &error));
    CHECK(error == u"offset=1e308: column must be a number from 1 to 32");
}

namespace {

// One struct blk_io_trace (48 bytes, no pdu) in the given byte order.
void putEvent(std::string& out, bool bigEndian, std::uint64_t timeNs, std::uint64_t sector, std::uint32_t bytes,
              std::uint32_t action, std::uint32_t cpu)
{
    auto put = [&](auto v) {
        unsigned char b[sizeof(v)];
        for (std::size_t i = 0; i < sizeof(v); ++i)
            b[bigEndian ? sizeof(v) - 1 - i : i] = static_cast<unsigned char>(std::uint64_t(v) >> (8 * i));
        out.append(reinterpret_cast<const char*>(b), sizeof(v));
    };
    put(std::uint32_t(0x65617407));
    put(std::uint32_t(0));
    put(timeNs);
    put(sector);
    put(bytes);
    put(action);
    put(std::uint32_t(42));
    put(std::uint32_t(8u << 20 | 16u));
    put(cpu);
    put(std::uint16_t(0));
    put(std::uint16_t(0));
}

constexpr std::uint32_t kQueueWrite = (2u << 16) | 1, kIssueWrite = (2u << 16) | 7, kCompleteWrite = (2u << 16) | 8,
                        kQueueRead = (1u << 16) | 1;

} // namespace

TEST_CASE("trace: binary blktrace in both byte orders; per-CPU files merged by time")
{
    for (bool be : { false, true }) {
        std::string data;
        putEvent(data, be, 1000, 2048, 4096, kQueueWrite, 0);
        putEvent(data, be, 1500, 2048, 4096, kIssueWrite, 0);
        putEvent(data, be, 2000, 4096, 8192, kQueueRead, 0);
        putEvent(data, be, 9500, 2048, 4096, kCompleteWrite, 0);
        QString error;
        auto r = TraceReader::fromMemory(data, QStringLiteral("mem"), {}, &error);
        REQUIRE(r);
        CHECK(r->info().format == TraceFormat::Blktrace);
        TraceRecord rec;
        REQUIRE(r->next(rec) == TraceReader::Status::Record);
        CHECK(rec.write);
        CHECK(rec.offsetBytes == 2048 * 512);
        CHECK(rec.sizeBytes == 4096);
        CHECK(r->deviceName(rec.device) == "8,16");
        REQUIRE(r->next(rec) == TraceReader::Status::Record);
        CHECK(!rec.write);
        REQUIRE(r->next(rec) == TraceReader::Status::Record);
        CHECK(rec.kind == TraceRecord::Kind::Completion);
        CHECK(rec.timeNs == 1500);
        CHECK(rec.responseNs == 8000);
        CHECK(r->next(rec) == TraceReader::Status::End);
        // Garbage in the middle: reported, then the reader finds the next record.
        std::string bad = data.substr(0, 48) + std::string(13, 'x') + data.substr(48);
        auto g = TraceReader::fromMemory(bad, QStringLiteral("mem"), {}, &error);
        int records = 0, errors = 0;
        for (auto s = g->next(rec); s != TraceReader::Status::End; s = g->next(rec))
            (s == TraceReader::Status::Record ? records : errors)++;
        CHECK(records == 3);
        CHECK(errors == 1);
        // Truncated last record.
        auto t = TraceReader::fromMemory(std::string_view(data).substr(0, 100), QStringLiteral("mem"), {}, &error);
        int tr = 0, te = 0;
        for (auto s = t->next(rec); s != TraceReader::Status::End; s = t->next(rec))
            (s == TraceReader::Status::Record ? tr : te)++;
        CHECK(tr == 1);
        CHECK(te == 1);
    }
    // Issue on CPU 0, completion on CPU 1: only the time-merged pair sees both.
    QTemporaryDir dir;
    std::string cpu0, cpu1;
    putEvent(cpu0, false, 1000, 8, 4096, kQueueWrite, 0);
    putEvent(cpu0, false, 1100, 8, 4096, kIssueWrite, 0);
    putEvent(cpu0, false, 5000, 64, 4096, kQueueWrite, 0);
    putEvent(cpu1, false, 3000, 16, 4096, kQueueWrite, 1);
    putEvent(cpu1, false, 4100, 8, 4096, kCompleteWrite, 1);
    const QString p0 = dir.filePath(QStringLiteral("sdb.blktrace.0")), p1 = dir.filePath(QStringLiteral("sdb.blktrace.1"));
    for (const auto& [path, bytes] : { std::pair { p0, cpu0 }, std::pair { p1, cpu1 } }) {
        QFile f(path);
        REQUIRE(f.open(QIODevice::WriteOnly));
        f.write(bytes.data(), qint64(bytes.size()));
    }
    QString error;
    auto m = TraceReader::open(QStringList { p0, p1 }, {}, &error);
    REQUIRE(m);
    std::vector<std::int64_t> times;
    TraceRecord rec;
    std::int64_t response = -1;
    while (m->next(rec) == TraceReader::Status::Record) {
        if (rec.kind == TraceRecord::Kind::Completion)
            response = rec.responseNs;
        else
            times.push_back(rec.timeNs);
    }
    CHECK(times == std::vector<std::int64_t> { 1000, 3000, 5000 });
    CHECK(response == 3000);
}

TEST_CASE("trace: an overlong line is an error, not a crash")
{
    std::string data = "fio version 3 iolog\n" + std::string(3 << 20, '7') + "\n0 /dev/sdb read 0 4096\n";
    QString error;
    auto r = TraceReader::fromMemory(data, QStringLiteral("long.log"), {}, &error);
    REQUIRE(r);
    TraceRecord rec;
    CHECK(r->next(rec) == TraceReader::Status::Error);
    CHECK(r->error().line == 2);
    CHECK(r->next(rec) == TraceReader::Status::Record);
    CHECK(r->next(rec) == TraceReader::Status::End);
}

TEST_CASE("trace: timestamps at the ends of the int64 range (found by fuzz_msr and fuzz_blktrace)")
{
    // The earliest and latest FILETIMEs whose Unix-epoch nanoseconds fit int64 (1677 and 2262): their
    // difference, and the last one plus its response time, overflow int64. Since #52 a time before
    // the clock's origin (1970 for MSR) is refused in every format: the 1677 line is an error.
    const std::string data = "24211015631452300,hm,0,Read,0,512,1\n128166372000100000,hm,0,Read,512,512,1\n"
                             "208678456368547000,hm,0,Write,0,512,92233720368547758\n";
    QString error;
    auto r = TraceReader::fromMemory(data, QStringLiteral("ends.csv"), {}, &error);
    REQUIRE(r);
    TraceSummary s;
    TraceAccumulator feed(s, *r);
    TraceRecord rec;
    int records = 0;
    QStringList errors;
    for (auto st = r->next(rec); st != TraceReader::Status::End; st = r->next(rec)) {
        if (st == TraceReader::Status::Record) {
            feed.add(rec);
            ++records;
        } else {
            errors << r->error().text();
        }
    }
    CHECK(records == 2);
    CHECK(errors
        == QStringList { QStringLiteral(
            "ends.csv:1: field 1 (Timestamp): '24211015631452300' is before 1970-01-01, the Unix epoch the times count from") });
    CHECK(s.durationSeconds() > 0);
    CHECK(std::isfinite(s.durationSeconds()));
    CHECK(int(s.timeline.buckets().size()) <= s.options.maxTimeBuckets);
    CHECK(s.toJson()[QStringLiteral("records")].toInt() == 2);
    (void)slowPeriods(s);
}

TEST_CASE("trace: a completion before the trace's origin with a huge response (found by fuzz_blkparse)")
{
    // A completion at -3.1 ms: the busy period's end was clamped with INT64_MAX - time, which
    // overflows for a negative time (undefined behaviour; the sanitize preset's run reports it).
    TraceSummary s;
    TraceAccumulator acc(s);
    const auto d = s.deviceSlot("8,16");
    TraceRecord c;
    c.kind = TraceRecord::Kind::Completion;
    c.timeNs = -3100021;
    c.responseNs = INT64_MAX;
    acc.add(c, d);
    c.timeNs = 1000;
    c.responseNs = 2000;
    acc.add(c, d);
    CHECK(s.completions == 2);
    (void)s.toJson();
    (void)slowPeriods(s);
}

TEST_CASE("Trace fields: integers are whole decimal fields, names compare without case", "[trace][fields]")
{
    // Expected from the definitions: decimal digits only, the whole field, within 64 bits.
    const auto [text, ok, value] = GENERATE(table<const char*, bool, std::uint64_t>({
        { "0", true, 0 },
        { "4096", true, 4096 },
        { "18446744073709551615", true, UINT64_MAX },
        { "18446744073709551616", false, 0 },
        { "", false, 0 },
        { "+1", false, 0 },
        { "-1", false, 0 },
        { " 1", false, 0 },
        { "1 ", false, 0 },
        { "12a", false, 0 },
        { "0x10", false, 0 },
        { "1.5", false, 0 },
    }));
    CAPTURE(text);
    std::uint64_t parsed = 7;
    CHECK(trace::parseU64(text, parsed) == ok);
    CHECK(parsed == (ok ? value : 7)); // untouched on failure

    CHECK(trace::iequals("Write", "WRITE"));
    CHECK(trace::iequals("r", "R"));
    CHECK_FALSE(trace::iequals("Read", "Reads"));
    CHECK_FALSE(trace::iequals("@", "`")); // not letters: no case to ignore
}

TEST_CASE("trace: a sector past 2^64 bytes is the same refusal in blkparse and blktrace (#52)")
{
    // 2^55 sectors of 512 bytes is 2^64 bytes: 36028797018963968 is one past the last sector that fits.
    constexpr std::uint64_t kPast = 36028797018963968ull;
    std::string binary;
    putEvent(binary, false, 1000, kPast, 4096, kQueueRead, 0);
    putEvent(binary, false, 2000, 2048, 4096, kQueueRead, 0);
    QString error;
    auto b = TraceReader::fromMemory(binary, QStringLiteral("past.blktrace"), {}, &error);
    REQUIRE(b);
    TraceRecord rec;
    REQUIRE(b->next(rec) == TraceReader::Status::Error); // it was dropped in silence
    CHECK(b->error().text() == u"past.blktrace:1: field 4 (sector): '36028797018963968' is past 2^64 bytes");
    CHECK_FALSE(b->error().fatal);
    REQUIRE(b->next(rec) == TraceReader::Status::Record); // and the next event is read
    CHECK(rec.offsetBytes == 2048 * 512);

    const std::string text = "  8,16   0        1     0.000001000  4162  Q   R 36028797018963968 + 8 [x]\n";
    TraceReaderOptions o;
    o.format = TraceFormat::Blkparse;
    auto t = TraceReader::fromMemory(text, QStringLiteral("past.txt"), o, &error);
    REQUIRE(t);
    REQUIRE(t->next(rec) == TraceReader::Status::Error);
    CHECK(t->error().text() == u"past.txt:1: field 8 (sector): '36028797018963968' is past 2^64 bytes");
}
