// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Files, loop devices and mounts for the tests that do real I/O (tst_devicetarget, tst_devicereplay).

#include "stats/rng.h"

#include <QCryptographicHash>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace raidscope::testing {

inline constexpr std::uint64_t kFileBytes = 64ull << 20;

/// A 64 MiB file of reproducible random bytes (or of zeros) under /var/tmp (a disk filesystem:
/// tmpfs may reject O_DIRECT), removed with its directory.
struct TestFile
{
    enum class Fill { Random, Zeros };
    QTemporaryDir dir { QStringLiteral("/var/tmp/raidscope-device-XXXXXX") };
    QString path;

    explicit TestFile(std::uint64_t bytes = kFileBytes, Fill fill = Fill::Random)
    {
        REQUIRE(dir.isValid());
        path = dir.filePath(QStringLiteral("disk.img"));
        QFile f(path);
        REQUIRE(f.open(QIODevice::WriteOnly));
        Rng rng(77);
        QByteArray chunk(1 << 20, '\0');
        for (std::uint64_t done = 0; done < bytes; done += std::uint64_t(chunk.size())) {
            for (qsizetype i = 0; fill == Fill::Random && i + 8 <= chunk.size(); i += 8) {
                const std::uint64_t v = rng.next();
                std::memcpy(chunk.data() + i, &v, 8);
            }
            const qint64 n = qint64(std::min<std::uint64_t>(bytes - done, std::uint64_t(chunk.size())));
            REQUIRE(f.write(chunk.constData(), n) == n);
        }
        f.flush();
        ::fsync(f.handle());
    }
};

inline QByteArray checksum(const QString& path)
{
    QFile f(path);
    REQUIRE(f.open(QIODevice::ReadOnly));
    QCryptographicHash hash(QCryptographicHash::Sha256);
    REQUIRE(hash.addData(&f));
    return hash.result().toHex();
}

struct CommandResult
{
    bool ok = false;
    QString output;
};

inline CommandResult runCommand(const QString& program, const QStringList& arguments)
{
    QProcess p;
    p.start(program, arguments);
    if (!p.waitForFinished(60000))
        return {};
    return { p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0,
        QString::fromLocal8Bit(p.readAllStandardOutput() + p.readAllStandardError()).trimmed() };
}

inline QString findTool(const QString& name)
{
    QString path = QStandardPaths::findExecutable(name);
    if (path.isEmpty())
        path = QStandardPaths::findExecutable(name, { QStringLiteral("/usr/sbin"), QStringLiteral("/sbin") });
    return path;
}

/// A loop device over a file, detached when the guard goes, even when the test fails.
struct LoopDevice
{
    QString device;
    QString why; ///< why there is none

    explicit LoopDevice(const QString& file)
    {
        const QString losetup = findTool(QStringLiteral("losetup"));
        if (losetup.isEmpty() || !QFile::exists(QStringLiteral("/dev/loop-control"))) {
            why = QStringLiteral("losetup or /dev/loop-control unavailable");
            return;
        }
        const CommandResult r = runCommand(losetup, { QStringLiteral("-f"), QStringLiteral("--show"), file });
        if (r.ok && r.output.startsWith(QStringLiteral("/dev/")))
            device = r.output;
        else
            why = QStringLiteral("losetup -f --show failed: ") + r.output;
    }
    ~LoopDevice() { detach(); }
    void detach()
    {
        if (!device.isEmpty())
            runCommand(findTool(QStringLiteral("losetup")), { QStringLiteral("-d"), device });
        device.clear();
    }
};

/// A mount, unmounted when the guard goes.
struct MountGuard
{
    QString point;
    ~MountGuard()
    {
        if (!point.isEmpty())
            runCommand(findTool(QStringLiteral("umount")), { point });
    }
};

} // namespace raidscope::testing
