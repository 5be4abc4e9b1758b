// SPDX-License-Identifier: GPL-3.0-or-later
// A trace measured on a file and on a loop device (#55 item 1): what is served, where it lands,
// that the bytes stay as they were unless --scratch, and what --scratch refuses.
#include "devicefixtures.h"
#include "probe/devicesignature.h"
#include "sim/replaymapping.h"
#include "trace/devicereplay.h"

#include <catch2/catch.hpp>

#include <QFile>

#include <chrono>
#include <map>
#include <thread>
#include <vector>

using namespace raidscope;
using namespace raidscope::testing;

namespace {

struct Rec
{
    double timeMs;
    bool write;
    std::uint64_t offsetBytes;
    std::uint64_t sizeBytes;
};

/// An MSR Cambridge trace (Windows file time, 100 ns ticks) of `records`, written to `path`.
void writeMsrTrace(const QString& path, const std::vector<Rec>& records)
{
    QFile f(path);
    REQUIRE(f.open(QIODevice::WriteOnly));
    f.write("Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime\n");
    for (const Rec& r : records)
        f.write(QStringLiteral("%1,host,0,%2,%3,%4,100\n")
                    .arg(128166372000000000ull + std::uint64_t(r.timeMs * 1e4))
                    .arg(r.write ? QStringLiteral("Write") : QStringLiteral("Read"))
                    .arg(r.offsetBytes)
                    .arg(r.sizeBytes)
                    .toUtf8());
}

// 64 MiB, and a 4 KiB request's wrap modulus on it: 67108864 - 4096 + 1.
constexpr std::uint64_t kCapacity = 64ull << 20;
constexpr std::uint64_t kModulus4K = 67104769;

/// Seven reads and three writes, one per millisecond; where each read lands on 64 MiB, worked out
/// by hand from the rule "fits: stays; else offset mod (capacity - size + 1), down to 4 KiB".
const std::vector<Rec> kTrace {
    { 0, false, 0, 4096 },                         // fits: 0
    { 1, false, 8192, 8192 },                      // fits: 8192
    { 2, true, 65536, 4096 },
    { 3, false, kCapacity, 4096 },                 // 67108864 mod 67104769 = 4095, down to 4 KiB: 0
    { 4, false, 2 * kModulus4K + 8192, 4096 },     // remainder 8192: 8192
    { 5, true, 1 << 20, 16384 },
    { 6, false, kModulus4K + 12345, 4096 },        // remainder 12345, down to 4 KiB: 12288
    { 7, false, 1000, 4096 },                      // fits, unaligned: stays at 1000, then whole device blocks
    { 8, false, kCapacity - 4096, 4096 },          // the last 4 KiB: fits
    { 9, true, 0, 4096 },
};
const std::map<int, std::uint64_t> kExpectedOffset { { 0, 0 }, { 1, 8192 }, { 3, 0 }, { 4, 8192 }, { 6, 12288 },
    { 8, kCapacity - 4096 } };
constexpr std::uint64_t kReads = 7, kWrites = 3;

struct Run
{
    DeviceReplayResult result;
    std::vector<MeasuredRequest> requests;
};

Run replay(const QString& trace, const QString& device, DeviceWriteMode writes, int depth = 0, bool force = false)
{
    DeviceReplayOptions o;
    o.devicePath = device;
    o.writes = writes;
    o.depth = depth;
    o.force = force;
    Run run;
    run.result = replayTraceOnDevice({ trace }, o, {}, {}, [&](const MeasuredRequest& m) { run.requests.push_back(m); });
    return run;
}

/// The hand-worked places of the reads, checked against what the replay issued.
void checkPlaces(const Run& run)
{
    const std::uint64_t b = run.result.blockBytes;
    for (const MeasuredRequest& m : run.requests) {
        const int i = int(m.traceNs / 1e6 + 0.5);
        CAPTURE(i, m.offsetBytes, m.sizeBytes);
        if (const auto it = kExpectedOffset.find(i); it != kExpectedOffset.end()) {
            CHECK(m.offsetBytes == it->second);
            CHECK(m.sizeBytes == kTrace[std::size_t(i)].sizeBytes);
        } else if (i == 7) { // bytes 1000..5095 in whole device blocks
            CHECK(m.offsetBytes == 1000 / b * b);
            CHECK(m.sizeBytes == (5096 + b - 1) / b * b - 1000 / b * b);
        }
    }
}

} // namespace

TEST_CASE("mapReplayRequest: places worked out by hand", "[core][trace][devicereplay]")
{
    // Capacity 1 MiB, 4 KiB blocks; a 4 KiB request wraps modulo 1048576 - 4096 + 1 = 1044481.
    const auto [offset, size, wantOffset, wantSize] = GENERATE(table<std::uint64_t, std::uint64_t, std::uint64_t, std::uint64_t>({
        { 0, 4096, 0, 4096 },
        { 1044480, 4096, 1044480, 4096 },  // ends exactly at the end: stays
        { 1044481, 4096, 0, 4096 },        // one byte too far: 1044481 mod 1044481 = 0
        { 3153920, 4096, 16384, 4096 },    // 3 MiB + 8 KiB: 3153920 - 3 x 1044481 = 20477, down to 16384
        { 512, 1000, 512, 1000 },          // fits: left unaligned, as the trace has it
        { 4096, 0, 4096, 1 },              // a zero-size record is one byte
        { 5000, 2u << 20, 0, 1u << 20 },   // larger than the target: the whole target
    }));
    CAPTURE(offset, size);
    const ReplayPlace p = mapReplayRequest(offset, size, 1u << 20, 4096);
    CHECK(p.offsetBytes == wantOffset);
    CHECK(p.sizeBytes == wantSize);
}

TEST_CASE("mapReplayRequest: an offset near 2^64 wraps without overflow", "[core][trace][devicereplay]")
{
    // 2^64 - 4096 does not fit 1 MiB, and offset + size is 2^64, past any 64-bit sum: the remainder
    // mod 1044481 from a second method (128-bit arithmetic), down to 4 KiB.
    const std::uint64_t offset = ~0ull - 4095;
    const unsigned __int128 remainder = (unsigned __int128)offset % 1044481u;
    const ReplayPlace p = mapReplayRequest(offset, 4096, 1u << 20, 4096);
    CHECK(p.offsetBytes == std::uint64_t(remainder) / 4096 * 4096);
    CHECK(p.offsetBytes + p.sizeBytes <= (1u << 20));
}

TEST_CASE("findDeviceSignature: each magic where it belongs, nothing in zeros", "[core][trace][devicereplay]")
{
    std::vector<unsigned char> head(kSignatureScanBytes, 0);
    CHECK_FALSE(findDeviceSignature(head));
    const auto [offset, magic, word] = GENERATE(table<std::uint64_t, std::string, std::string>({
        { 1080, std::string("\x53\xEF"), "ext2/3/4" },
        { 0, "XFSB", "XFS" },
        { 65600, "_BHRfS_M", "btrfs" },
        { 4086, "SWAPSPACE2", "swap" },
        { 4086, "SWAP-SPACE", "swap" },
        { 0, std::string("LUKS\xBA\xBE"), "LUKS" },
        { 510, std::string("\x55\xAA"), "MBR" },
        { 512, "EFI PART", "GPT" },
        { 512, "LABELONE", "LVM2" },
        { 4096, std::string("\xFC\x4E\x2B\xA9"), "md" },
    }));
    CAPTURE(offset, word);
    std::copy(magic.begin(), magic.end(), head.begin() + std::ptrdiff_t(offset));
    const auto found = findDeviceSignature(head);
    REQUIRE(found);
    CHECK(found->offsetBytes == offset);
    CHECK(found->what.contains(QString::fromStdString(word)));
    // A device too small to hold the magic's place is not read past its end.
    CHECK_FALSE(findDeviceSignature(std::span<const unsigned char>(head.data(), offset)));
}

TEST_CASE("replayTraceOnDevice: a file replayed reads only, with safe writes, closed loop", "[core][trace][devicereplay]")
{
    TestFile file;
    const QString trace = file.dir.filePath(QStringLiteral("trace.csv"));
    writeMsrTrace(trace, kTrace);
    const QByteArray before = checksum(file.path);

    SECTION("reads only: every read served once, each write skipped and counted, no byte changed")
    {
        const Run run = replay(trace, file.path, DeviceWriteMode::Skip);
        INFO(run.result.error.toStdString());
        REQUIRE(run.result.ok);
        CHECK(run.result.records == kReads + kWrites);
        CHECK(run.result.readsServed == kReads);
        CHECK(run.result.array.result.requests == kReads);
        CHECK(run.result.writesSkipped == kWrites);
        CHECK(run.result.writeBytesSkipped == 4096 + 16384 + 4096);
        CHECK(run.result.deviceWrites == 0);
        CHECK(run.result.deviceReads == kReads);
        CHECK(run.requests.size() == kReads);
        CHECK(run.result.capacityBytes == kCapacity);
        CHECK(run.result.array.result.responseMs.count() == kReads);
        CHECK(run.result.array.windows == 1); // 0..8 ms: one 1 s window
        checkPlaces(run);
        // The same places as the simulator's rule (replaymapping.h) on an array of the file's size.
        for (const MeasuredRequest& m : run.requests) {
            const Rec& r = kTrace[std::size_t(m.traceNs / 1e6 + 0.5)];
            if (r.offsetBytes % 4096 == 0)
                CHECK(m.offsetBytes == mapReplayRequest(r.offsetBytes, r.sizeBytes, kCapacity, 4096).offsetBytes);
        }
        CHECK(run.result.toJson().value(QStringLiteral("measured")).toObject().value(QStringLiteral("writesSkipped")).toInt() == 3);
        CHECK(checksum(file.path) == before);
    }
    SECTION("safe writes: writes served as read then write-back, the extra reads counted, no byte changed")
    {
        const Run run = replay(trace, file.path, DeviceWriteMode::Safe);
        INFO(run.result.error.toStdString());
        REQUIRE(run.result.ok);
        CHECK(run.result.readsServed == kReads);
        CHECK(run.result.writesServed == kWrites);
        CHECK(run.result.extraReads == kWrites);
        CHECK(run.result.extraReadBytes == 4096 + 16384 + 4096);
        CHECK(run.result.deviceReads == kReads + kWrites);
        CHECK(run.result.deviceWrites == kWrites);
        CHECK(run.result.writeBackMs.count() == kWrites);
        CHECK(run.result.array.result.requests == kReads + kWrites);
        checkPlaces(run);
        CHECK(checksum(file.path) == before);
    }
    SECTION("closed loop at depth 4: the same requests, at most 4 in flight")
    {
        const Run run = replay(trace, file.path, DeviceWriteMode::Skip, 4);
        REQUIRE(run.result.ok);
        CHECK(run.result.readsServed == kReads);
        CHECK(run.result.array.result.outstanding == 4);
        REQUIRE(run.result.array.result.disks.size() == 1);
        CHECK(run.result.array.result.disks[0].maxQueueLength <= 4);
        checkPlaces(run);
        CHECK(checksum(file.path) == before);
    }
}

TEST_CASE("replayTraceOnDevice: slow periods in windows of trace time", "[core][trace][devicereplay]")
{
    TestFile file(4ull << 20);
    const QString trace = file.dir.filePath(QStringLiteral("trace.csv"));
    // Requests at 0, 0.5, 1.2 and 2.5 s: windows 0, 0, 1 and 2 of 1 s, so three windows.
    writeMsrTrace(trace, { { 0, false, 0, 4096 }, { 500, false, 4096, 4096 }, { 1200, false, 8192, 4096 },
        { 2500, false, 12288, 4096 } });
    DeviceReplayOptions o;
    o.devicePath = file.path;
    o.timeScale = 0.01; // 25 ms of replay
    o.slowThresholdMs = 0; // every measured response is above 0 ms: every window is slow
    DeviceReplayResult r = replayTraceOnDevice({ trace }, o);
    REQUIRE(r.ok);
    CHECK(r.array.windows == 3);
    CHECK(r.array.slowPeriods == 3);
    o.slowThresholdMs = 1e9;
    r = replayTraceOnDevice({ trace }, o);
    REQUIRE(r.ok);
    CHECK(r.array.windows == 3);
    CHECK(r.array.slowPeriods == 0);
}

TEST_CASE("replayTraceOnDevice: a stop ends it between requests, with what ran", "[core][trace][devicereplay]")
{
    TestFile file(16ull << 20);
    const QString trace = file.dir.filePath(QStringLiteral("trace.csv"));
    std::vector<Rec> records;
    for (int i = 0; i < 5000; ++i) // 5 s of safe writes and reads at 1 ms
        records.push_back({ double(i), i % 2 == 1, std::uint64_t(i % 4096) * 4096, 4096 });
    writeMsrTrace(trace, records);
    const QByteArray before = checksum(file.path);
    DeviceReplayOptions o;
    o.devicePath = file.path;
    o.writes = DeviceWriteMode::Safe;
    std::stop_source stopper;
    std::jthread canceller([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        stopper.request_stop();
    });
    const DeviceReplayResult r = replayTraceOnDevice({ trace }, o, stopper.get_token());
    REQUIRE(r.ok);
    CHECK(r.cancelled);
    const std::uint64_t served = r.readsServed + r.writesServed;
    CHECK(served > 0);
    CHECK(served < 5000);
    CHECK(r.array.result.requests == served);
    CHECK(r.extraReads == r.writesServed); // every write begun was finished
    CHECK(checksum(file.path) == before);
}

TEST_CASE("replayTraceOnDevice: --scratch refused over a signature, accepted on zeros", "[core][trace][devicereplay]")
{
    TestFile zeros(kCapacity, TestFile::Fill::Zeros);
    const QString trace = zeros.dir.filePath(QStringLiteral("trace.csv"));
    writeMsrTrace(trace, kTrace);

    SECTION("an ext4 superblock magic at 1080: refused naming it; --force writes anyway and says so")
    {
        {
            QFile f(zeros.path);
            REQUIRE(f.open(QIODevice::ReadWrite));
            REQUIRE(f.seek(1080));
            REQUIRE(f.write("\x53\xEF", 2) == 2);
        }
        const QByteArray before = checksum(zeros.path);
        const Run refused = replay(trace, zeros.path, DeviceWriteMode::Scratch);
        CHECK_FALSE(refused.result.ok);
        UNSCOPED_INFO(refused.result.error.toStdString());
        CHECK(refused.result.error.contains(QStringLiteral("ext2/3/4")));
        CHECK(refused.result.error.contains(QStringLiteral("1080")));
        CHECK(refused.result.error.contains(QStringLiteral("--force")));
        CHECK(checksum(zeros.path) == before);
        const Run forced = replay(trace, zeros.path, DeviceWriteMode::Scratch, 0, true);
        REQUIRE(forced.result.ok);
        CHECK(forced.result.forced.contains(QStringLiteral("ext2/3/4")));
        CHECK(forced.result.writesServed == kWrites);
    }
    SECTION("zeros: the writes are written, and only where the trace put them")
    {
        const Run run = replay(trace, zeros.path, DeviceWriteMode::Scratch);
        INFO(run.result.error.toStdString());
        REQUIRE(run.result.ok);
        CHECK(run.result.writesServed == kWrites);
        CHECK(run.result.readsServed == kReads);
        CHECK(run.result.deviceWrites == kWrites);
        CHECK(run.result.extraReads == 0);
        QFile f(zeros.path);
        REQUIRE(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.read(2 << 20);
        // The trace's writes: [65536, +4096), [1 MiB, +16384), [0, +4096); elsewhere still zeros.
        const auto nonZero = [&](qsizetype from, qsizetype n) {
            return bytes.mid(from, n).count('\0') < n / 2;
        };
        CHECK(nonZero(0, 4096));
        CHECK(nonZero(65536, 4096));
        CHECK(nonZero(1 << 20, 16384));
        CHECK(bytes.mid(4096, 65536 - 4096).count('\0') == 65536 - 4096);
        CHECK(bytes.mid(65536 + 4096, (1 << 20) - 65536 - 4096).count('\0') == (1 << 20) - 65536 - 4096);
    }
}

TEST_CASE("replayTraceOnDevice: on a loop device the bytes stay as they were", "[core][trace][devicereplay][loop]")
{
    TestFile file;
    const QString trace = file.dir.filePath(QStringLiteral("trace.csv"));
    writeMsrTrace(trace, kTrace);
    const QByteArray before = checksum(file.path);
    LoopDevice loop(file.path);
    if (loop.device.isEmpty()) {
        WARN("skipped, no loop device: " << loop.why.toStdString());
        return;
    }
    CAPTURE(loop.device.toStdString());

    SECTION("reads only and safe writes, served as the trace has them")
    {
        const Run reads = replay(trace, loop.device, DeviceWriteMode::Skip);
        INFO(reads.result.error.toStdString());
        REQUIRE(reads.result.ok);
        CHECK(reads.result.blockDevice);
        CHECK(reads.result.readsServed == kReads);
        CHECK(reads.result.writesSkipped == kWrites);
        checkPlaces(reads);
        const Run safe = replay(trace, loop.device, DeviceWriteMode::Safe, 2);
        INFO(safe.result.error.toStdString());
        REQUIRE(safe.result.ok);
        CHECK(safe.result.writesServed == kWrites);
        CHECK(safe.result.extraReads == kWrites);
        checkPlaces(safe);
        loop.detach(); // flush the loop device's writes to the file
        CHECK(checksum(file.path) == before);
    }
    SECTION("--scratch on the file under an attached loop device is refused, naming it")
    {
        const Run run = replay(trace, file.path, DeviceWriteMode::Scratch);
        CHECK_FALSE(run.result.ok);
        UNSCOPED_INFO(run.result.error.toStdString());
        CHECK(run.result.error.contains(loop.device));
    }
}

TEST_CASE("replayTraceOnDevice: --scratch on a loop device over zeros, refused once it holds ext4",
    "[core][trace][devicereplay][loop]")
{
    TestFile zeros(kCapacity, TestFile::Fill::Zeros);
    const QString trace = zeros.dir.filePath(QStringLiteral("trace.csv"));
    writeMsrTrace(trace, kTrace);
    LoopDevice loop(zeros.path);
    if (loop.device.isEmpty()) {
        WARN("skipped, no loop device: " << loop.why.toStdString());
        return;
    }
    const Run run = replay(trace, loop.device, DeviceWriteMode::Scratch);
    INFO(run.result.error.toStdString());
    REQUIRE(run.result.ok);
    CHECK(run.result.writesServed == kWrites);

    const QString mkfs = findTool(QStringLiteral("mkfs.ext4"));
    if (mkfs.isEmpty()) {
        WARN("skipped the ext4 half: no mkfs.ext4");
        return;
    }
    REQUIRE(runCommand(mkfs, { QStringLiteral("-q"), QStringLiteral("-F"), loop.device }).ok);
    const Run refused = replay(trace, loop.device, DeviceWriteMode::Scratch);
    CHECK_FALSE(refused.result.ok);
    UNSCOPED_INFO(refused.result.error.toStdString());
    CHECK(refused.result.error.contains(QStringLiteral("ext2/3/4")));
}

TEST_CASE("replayTraceOnDevice: bad devices are refused in one line naming them", "[core][trace][devicereplay]")
{
    TestFile file(4ull << 20);
    const QString trace = file.dir.filePath(QStringLiteral("trace.csv"));
    writeMsrTrace(trace, kTrace);
    const auto refusal = [&](const QString& device, int depth = 0) {
        DeviceReplayOptions o;
        o.devicePath = device;
        o.depth = depth;
        const DeviceReplayResult r = replayTraceOnDevice({ trace }, o);
        CHECK_FALSE(r.ok);
        CHECK_FALSE(r.error.contains(QLatin1Char('\n')));
        return r.error;
    };
    CHECK(refusal(QStringLiteral("/nonexistent/raidscope-disk")).startsWith(QStringLiteral("/nonexistent/raidscope-disk")));
    CHECK(refusal(QStringLiteral("/dev/null")).contains(QStringLiteral("not a block device or regular file")));
    TestFile small(64 * 1024);
    CHECK(refusal(small.path).contains(QStringLiteral("too small")));
    CHECK(refusal(file.path, kMaxReplayDepth + 1).contains(QStringLiteral("depth")));
}
