// SPDX-License-Identifier: GPL-3.0-or-later
// Traces that are not regular files (a FIFO, /dev/zero) and traces that name too many devices:
// each read as far as it goes, or refused with a clear error, in bounded time and memory.
#include "sim/arraysimulator.h"
#include "trace/tracejob.h"
#include "trace/tracesummary.h"

#include <catch2/catch.hpp>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <limits>
#include <sys/stat.h>
#include <thread>

using namespace raidscope;

namespace {

QByteArray msrLines(int n)
{
    QByteArray out;
    for (int i = 0; i < n; ++i)
        out += QByteArray::number(128166372000000000LL + i * 1000) + ",hm,0," + (i % 4 ? "Read" : "Write") + ","
            + QByteArray::number(i * 4096) + ",4096,100\n";
    return out;
}

} // namespace

TEST_CASE("trace streams: a FIFO is read once, from its first byte, as a file would be", "[trace][streams]")
{
    QTemporaryDir dir;
    const QString fifo = dir.filePath(QStringLiteral("t.fifo"));
    REQUIRE(::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0);
    const QByteArray data = msrLines(300); // 300 requests: 75 writes, 225 reads
    std::thread writer([&] {
        QFile f(fifo);
        if (f.open(QIODevice::WriteOnly))
            f.write(data);
    });
    TraceJobOptions o;
    o.jobs = 2; // the split path must not take a FIFO for a file of size 0
    const TraceSummaryResult r = summarizeTrace({ fifo }, o);
    writer.join();
    REQUIRE(r.ok);
    CHECK(r.summary.records == 300);
    CHECK(r.summary.writes == 75);
    CHECK(r.summary.format.format == TraceFormat::MsrCsv);
}

TEST_CASE("trace streams: a replay of several arrays refuses a FIFO it could read only once", "[trace][streams]")
{
    QTemporaryDir dir;
    const QString fifo = dir.filePath(QStringLiteral("t.fifo"));
    REQUIRE(::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0);
    TraceReplayOptions o;
    o.arraySpecs = { QStringLiteral("raid0 disks=2"), QStringLiteral("raid0 disks=3") };
    const TraceReplayResult r = replayTrace({ fifo }, o); // refused before opening: no writer needed
    CHECK_FALSE(r.ok);
    CHECK(r.error.contains(QStringLiteral("can be read only once")));
}

TEST_CASE("trace streams: /dev/zero with a forced format stops at its first error", "[trace][streams]")
{
    REQUIRE(QFile::exists(QStringLiteral("/dev/zero")));
    TraceJobOptions o;
    SECTION("a text format: the 1 MiB line limit")
    {
        o.reader.format = TraceFormat::MsrCsv;
        const TraceSummaryResult r = summarizeTrace({ QStringLiteral("/dev/zero") }, o);
        CHECK_FALSE(r.ok);
        CHECK(r.error.contains(QStringLiteral("line longer than 1048576 bytes")));
    }
    SECTION("a text format, skipping malformed lines: no line end in 64 MiB ends it")
    {
        o.reader.format = TraceFormat::Spc;
        o.onError = TraceErrorPolicy::Skip;
        const TraceSummaryResult r = summarizeTrace({ QStringLiteral("/dev/zero") }, o);
        CHECK_FALSE(r.ok);
        CHECK(r.error.contains(QStringLiteral("no line end")));
    }
    SECTION("binary blktrace: no magic in 1 MiB")
    {
        o.reader.format = TraceFormat::Blktrace;
        o.onError = TraceErrorPolicy::Skip;
        const TraceSummaryResult r = summarizeTrace({ QStringLiteral("/dev/zero") }, o);
        CHECK_FALSE(r.ok);
        CHECK(r.error.contains(QStringLiteral("no blktrace magic")));
    }
}

TEST_CASE("trace streams: past 10000 devices the rest are counted together, and said so", "[trace][streams]")
{
    TraceSummary s;
    TraceAccumulator a(s);
    const int devices = 12500;
    for (int i = 0; i < devices; ++i) {
        TraceRecord r;
        r.timeNs = i;
        r.offsetBytes = 0;
        r.sizeBytes = 512;
        a.add(r, s.deviceSlot("d" + std::to_string(i)));
    }
    REQUIRE(s.devices.size() == TraceSummary::kMaxDevices + 1);
    CHECK(s.devicesCapped());
    CHECK(s.devices.back().name == "(other devices)");
    CHECK(s.devices.back().ios == devices - 10000); // 2500 requests of the devices past the cap
    CHECK(s.devices[9999].name == "d9999");
    CHECK(s.records == std::uint64_t(devices)); // every request still counted
    CHECK(s.notes().back().contains(QStringLiteral("more than 10000 devices")));
    // Merging into "(other devices)" cannot split it by device again: the merge says it is inexact.
    TraceSummary later;
    TraceAccumulator b(later);
    TraceRecord r;
    r.timeNs = devices;
    r.sizeBytes = 512;
    b.add(r, later.deviceSlot("new-device"));
    s.merge(later);
    CHECK_FALSE(s.mergeExact());
    CHECK(s.devices.back().ios == devices - 10000 + 1);
}

namespace {

QString fixture(const char* name)
{
    return QStringLiteral(RAIDSCOPE_TEST_DATA "/traces/") + QString::fromLatin1(name);
}

} // namespace

TEST_CASE("trace streams: gzip, xz and zstd traces read as the plain file", "[trace][streams][compressed]")
{
    TraceJobOptions o;
    const TraceSummaryResult plain = summarizeTrace({ fixture("msr_small.csv") }, o);
    REQUIRE(plain.ok);
    REQUIRE(plain.summary.records == 29); // 30 lines, one the header
    REQUIRE(plain.summary.writes == 9);   // counted by hand (awk) in the fixture
    for (const char* name : { "msr_small.csv.gz", "msr_small.csv.xz", "msr_small.csv.zst", "msr_two_members.csv.gz" }) {
        INFO(name);
        for (int jobs : { 1, 2 }) { // the split path must not cut compressed bytes into ranges
            o.jobs = jobs;
            const TraceSummaryResult r = summarizeTrace({ fixture(name) }, o);
            REQUIRE(r.ok);
            CHECK(r.summary.records == 29);
            CHECK(r.summary.writes == 9);
            CHECK(r.summary.bytesRead == plain.summary.bytesRead);
            CHECK(r.summary.format.format == TraceFormat::MsrCsv);
            CHECK_FALSE(r.summary.format.compression.isEmpty());
            CHECK(r.summary.format.detail.endsWith(QStringLiteral("-compressed")));
        }
    }
}

TEST_CASE("trace streams: a truncated or damaged compressed trace is an error, not a short trace", "[trace][streams][compressed]")
{
    TraceJobOptions o;
    o.onError = TraceErrorPolicy::Skip; // even when skipping malformed lines: damaged data ends the read
    const TraceSummaryResult truncated = summarizeTrace({ fixture("msr_truncated.csv.gz") }, o);
    CHECK_FALSE(truncated.ok);
    CHECK(truncated.error.contains(QStringLiteral("truncated file")));
    const TraceSummaryResult damaged = summarizeTrace({ fixture("msr_damaged.csv.xz") }, o);
    CHECK_FALSE(damaged.ok);
    CHECK(damaged.error.contains(QStringLiteral("xz: damaged data")));
    QString error;
    CHECK_FALSE(TraceReader::openRange(fixture("msr_small.csv.gz"), 0, 100, {}, &error));
    CHECK(error.contains(QStringLiteral("gzip-compressed, so it cannot be read from the middle")));
}

TEST_CASE("trace streams: a request ending past 2^64 bytes wraps into the array in a replay", "[trace][streams][sim]")
{
    QString error;
    auto sim = ArraySimulator::create(QStringLiteral("raid0 disks=2 chunk=64KiB size=64MiB"), &error);
    REQUIRE(sim);
    // offset + size overflows 64 bits: the check must not wrap with it and leave the offset past the array.
    const std::vector<ReplayRecord> records { { 0, std::numeric_limits<std::uint64_t>::max() - 4095, 8192, false },
        { 1e6, std::uint64_t(1) << 63, 4096, true } };
    const SimResult r = sim->replay(records);
    CHECK(r.requests == 2);
    CHECK(r.reads == 1);
    CHECK(r.lostRequests == 0);
    std::uint64_t sectors = 0;
    for (const DiskResult& d : r.disks)
        sectors += d.sectors;
    CHECK(sectors == (8192 + 4096) / 512); // every byte landed on a disk, none lost past the end
}
