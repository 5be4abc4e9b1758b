// SPDX-License-Identifier: GPL-3.0-or-later
#include "probe/devicetarget.h"
#include "devicefixtures.h"
#include "stats/rng.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <catch2/catch.hpp>

#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <thread>
#include <vector>

using namespace raidscope;
using namespace raidscope::testing;

namespace {


/// Random block-aligned requests of 4..64 KiB inside [0, capacity), a fraction of them writes.
std::vector<ProbeIo> randomRequests(std::uint64_t capacityBytes, int count, double writeFraction, std::uint64_t seed)
{
    Rng rng(seed);
    std::vector<ProbeIo> requests;
    for (int i = 0; i < count; ++i) {
        const std::uint32_t size = 4096u * std::uint32_t(1 + rng.below(16));
        const std::uint64_t offset = rng.below((capacityBytes - size) / 4096 + 1) * 4096;
        requests.push_back({ offset, size, rng.uniform() < writeFraction });
    }
    return requests;
}

} // namespace

TEST_CASE("DeviceTarget: reads on a file are all timed", "[core][probe][devicetarget]")
{
    TestFile file;
    QString error;
    auto target = openDeviceTarget(file.path, {}, &error);
    REQUIRE(target);
    const std::string description = target->describe().toStdString();
    CAPTURE(description);
    CHECK(error.isEmpty());
    CHECK(target->capacityBytes() == kFileBytes);
    CHECK(4096 % target->blockBytes() == 0); // 4 KiB requests are aligned on this file
    CHECK_FALSE(target->writable());
    CHECK(target->isDirect());
    CHECK(target->describe().contains(file.path));
    CHECK(target->describe().contains(QStringLiteral("O_DIRECT")));

    SECTION("many in flight: one completion and latency per request, inside the batch's wall time")
    {
        const auto requests = randomRequests(target->capacityBytes(), 256, 0.0, 1);
        const auto before = std::chrono::steady_clock::now();
        const auto timing = target->run(requests, 16, {}, &error);
        const double wallNs
            = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - before).count();
        INFO(error.toStdString());
        REQUIRE(timing);
        REQUIRE(timing->completionNs.size() == requests.size());
        REQUIRE(timing->latencyNs.size() == requests.size());
        for (std::size_t i = 0; i < requests.size(); ++i) {
            CAPTURE(i);
            CHECK(timing->completionNs[i] > 0);
            CHECK(timing->completionNs[i] <= wallNs);
            CHECK(timing->latencyNs[i] > 0);
            CHECK(timing->latencyNs[i] <= timing->completionNs[i]);
        }
    }
    SECTION("one in flight: completions strictly increase in request order")
    {
        const auto requests = randomRequests(target->capacityBytes(), 32, 0.0, 2);
        const auto timing = target->run(requests, 1, {}, &error);
        REQUIRE(timing);
        for (std::size_t i = 1; i < requests.size(); ++i)
            CHECK(timing->completionNs[i] > timing->completionNs[i - 1]);
    }
    SECTION("requests past the end or unaligned are refused, naming the file")
    {
        const std::uint64_t end = target->capacityBytes();
        const std::vector<std::vector<ProbeIo>> bad {
            { { 0, 4096, false }, { end, 4096, false } },
            { { end - 4096, 8192, false } },
            { { end + (1ull << 30), 4096, false } },
        };
        for (const auto& batch : bad) {
            error.clear();
            CHECK_FALSE(target->run(batch, 4, {}, &error));
            CHECK(error.contains(QStringLiteral("past the end")));
            CHECK(error.startsWith(file.path));
        }
        error.clear();
        CHECK_FALSE(target->run(std::vector<ProbeIo> { { 100, 4096, false } }, 1, {}, &error));
        CHECK(error.contains(QStringLiteral("aligned")));
    }
    SECTION("writes are refused when not allowed, and nothing is written")
    {
        const QByteArray before = checksum(file.path);
        CHECK_FALSE(target->run(std::vector<ProbeIo> { { 0, 4096, false }, { 4096, 4096, true } }, 2, {}, &error));
        CHECK(error.contains(QStringLiteral("not allowed")));
        CHECK(checksum(file.path) == before);
    }
}

TEST_CASE("DeviceTarget: safe writes on a file leave every byte identical", "[core][probe][devicetarget]")
{
    TestFile file;
    const QByteArray before = checksum(file.path);
    QString error;
    auto target = openDeviceTarget(file.path, { .allowWrites = true, .force = false }, &error);
    REQUIRE(target);
    CHECK(target->writable());

    SECTION("a mixed batch, overlapping requests included")
    {
        const auto requests = randomRequests(target->capacityBytes(), 2000, 0.7, 3);
        const auto timing = target->run(requests, 32, {}, &error);
        INFO(error.toStdString());
        REQUIRE(timing);
        for (double ns : timing->completionNs)
            CHECK(ns > 0);
    }
    SECTION("a stop request lands between pairs, never inside one")
    {
        const auto requests = randomRequests(target->capacityBytes(), 20000, 1.0, 4);
        std::stop_source stopper;
        std::jthread canceller([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(30));
            stopper.request_stop();
        });
        const auto timing = target->run(requests, 64, stopper.get_token(), &error);
        if (!timing)
            CHECK(error.endsWith(QStringLiteral("stopped")));
        else
            WARN("the whole batch finished within 30 ms; the stop landed after it");
        error.clear();
        std::stop_source already;
        already.request_stop();
        CHECK_FALSE(target->run(requests, 8, already.get_token(), &error));
        CHECK(error.endsWith(QStringLiteral("stopped")));
    }
    target.reset();
    CHECK(checksum(file.path) == before);
}

TEST_CASE("DeviceTarget: bad paths come back as one line naming them", "[core][probe][devicetarget]")
{
    QString error;
    CHECK_FALSE(openDeviceTarget(QStringLiteral("/nonexistent/raidscope-disk"), {}, &error));
    CHECK(error.startsWith(QStringLiteral("/nonexistent/raidscope-disk")));
    CHECK_FALSE(error.contains(QLatin1Char('\n')));

    CHECK_FALSE(openDeviceTarget(QStringLiteral("/dev/null"), {}, &error));
    CHECK(error.contains(QStringLiteral("not a block device or regular file")));

    TestFile tiny(100);
    CHECK_FALSE(openDeviceTarget(tiny.path, {}, &error));
    CHECK(error.contains(QStringLiteral("too small")));

    SECTION("a filesystem that rejects O_DIRECT needs force, and then says it is buffered")
    {
        QTemporaryDir shm(QStringLiteral("/dev/shm/raidscope-XXXXXX"));
        if (!shm.isValid()) {
            WARN("no /dev/shm here");
            return;
        }
        const QString path = shm.filePath(QStringLiteral("disk.img"));
        QFile f(path);
        REQUIRE(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(1 << 20, 'x'));
        f.close();
        const int fd = ::open(path.toLocal8Bit().constData(), O_RDONLY | O_DIRECT);
        if (fd >= 0) {
            ::close(fd);
            WARN("this kernel's tmpfs accepts O_DIRECT (Linux 6.6+): nothing to refuse");
            CHECK(openDeviceTarget(path, {}, &error));
            return;
        }
        CHECK_FALSE(openDeviceTarget(path, {}, &error));
        CHECK(error.contains(QStringLiteral("O_DIRECT")));
        auto forced = openDeviceTarget(path, { .allowWrites = false, .force = true }, &error);
        REQUIRE(forced);
        CHECK_FALSE(forced->isDirect());
        CHECK(forced->describe().contains(QStringLiteral("buffered")));
        CHECK(forced->run(std::vector<ProbeIo> { { 0, 4096, false } }, 1, {}, &error));
    }
}

TEST_CASE("DeviceTarget: a loop device is read, safely written, and refused while mounted or held",
    "[core][probe][devicetarget][loop]")
{
    TestFile file;
    const QByteArray before = checksum(file.path);
    LoopDevice loop(file.path);
    if (loop.device.isEmpty()) {
        WARN("skipped, no loop device: " << loop.why.toStdString());
        return;
    }
    const std::string device = loop.device.toStdString();
    CAPTURE(device);
    QString error;

    SECTION("reads and a write batch that leaves every byte identical")
    {
        {
            auto target = openDeviceTarget(loop.device, { .allowWrites = true, .force = false }, &error);
            INFO(error.toStdString());
            REQUIRE(target);
            CHECK(target->isBlockDevice());
            CHECK(target->capacityBytes() == kFileBytes);
            CHECK(4096 % target->blockBytes() == 0);
            CHECK(target->describe().contains(QStringLiteral("block device")));

            const auto reads = target->run(randomRequests(kFileBytes, 256, 0.0, 5), 16, {}, &error);
            REQUIRE(reads);
            CHECK(reads->completionNs.size() == 256);
            const auto writes = target->run(randomRequests(kFileBytes, 1000, 0.8, 6), 32, {}, &error);
            REQUIRE(writes);
            CHECK_FALSE(target->run(std::vector<ProbeIo> { { kFileBytes, 4096, false } }, 1, {}, &error));
            CHECK(error.contains(QStringLiteral("past the end")));
        }
        loop.detach(); // flush the loop device's writes to the file
        CHECK(checksum(file.path) == before);
    }
    SECTION("another exclusive holder: refused as in use unless forced")
    {
        const int fd = ::open(loop.device.toLocal8Bit().constData(), O_RDONLY | O_EXCL);
        REQUIRE(fd >= 0);
        CHECK_FALSE(openDeviceTarget(loop.device, {}, &error));
        UNSCOPED_INFO(error.toStdString());
        CHECK(error.contains(QStringLiteral("in use")));
        CHECK(error.startsWith(loop.device));
        CHECK(openDeviceTarget(loop.device, { .allowWrites = false, .force = true }, &error));
        ::close(fd);
    }
    SECTION("mounted: refused with the word mounted unless forced")
    {
        const QString mkfs = findTool(QStringLiteral("mkfs.ext4"));
        if (mkfs.isEmpty()) {
            WARN("skipped: no mkfs.ext4");
            return;
        }
        const CommandResult made = runCommand(mkfs, { QStringLiteral("-q"), QStringLiteral("-F"), loop.device });
        REQUIRE(made.ok);
        QTemporaryDir mountDir;
        REQUIRE(mountDir.isValid());
        MountGuard mount;
        const CommandResult mounted = runCommand(findTool(QStringLiteral("mount")), { loop.device, mountDir.path() });
        if (!mounted.ok) {
            WARN("skipped: mount failed: " << mounted.output.toStdString());
            return;
        }
        mount.point = mountDir.path();
        CHECK(blockDeviceInUse(loop.device).contains(QStringLiteral("mounted")));
        CHECK_FALSE(openDeviceTarget(loop.device, {}, &error));
        UNSCOPED_INFO(error.toStdString());
        CHECK(error.contains(QStringLiteral("mounted")));
        CHECK(error.contains(mountDir.path()));
        auto forced = openDeviceTarget(loop.device, { .allowWrites = false, .force = true }, &error);
        REQUIRE(forced);
        CHECK(forced->describe().contains(QStringLiteral("forced")));
        CHECK(forced->run(std::vector<ProbeIo> { { 0, 4096, false } }, 1, {}, &error));
    }
}
