// SPDX-License-Identifier: GPL-3.0-or-later
// core/io/inputfile: a whole-file read is of a regular file within a stated cap (#52).
#include "io/inputfile.h"
#include "workspace/workspace.h"

#include <catch2/catch.hpp>

#include <QFile>
#include <QTemporaryDir>

#include <sys/stat.h>
#include <unistd.h>

using namespace raidscope;

TEST_CASE("readWholeFile: a regular file within the cap, whole", "[inputfile]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("a.json"));
    QFile f(path);
    REQUIRE(f.open(QIODevice::WriteOnly));
    REQUIRE(f.write(QByteArray(5000, 'a')) == 5000);
    f.close();
    QString error;
    const auto bytes = readWholeFile(path, 5000, QStringLiteral("a test file"), &error);
    REQUIRE(bytes);
    CHECK(*bytes == QByteArray(5000, 'a'));
    // 5000 bytes (4.88 KiB) against a cap of 4 KiB: refused, both sizes said.
    CHECK_FALSE(readWholeFile(path, 4096, QStringLiteral("a test file"), &error));
    CHECK(error == path + QStringLiteral(": 4.9 KiB, more than the 4 KiB a test file may have"));
    CHECK(readWholeFile(path, 5000, QStringLiteral("a test file"), &error)); // the cap itself is allowed
}

TEST_CASE("readWholeFile: /dev/zero, a folder, a sparse giant, a missing file: one line, nothing read", "[inputfile]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    QString error;
    CHECK_FALSE(readWholeFile(QStringLiteral("/dev/zero"), 1 << 20, QStringLiteral("a workspace"), &error));
    CHECK(error == u"/dev/zero: is a character device; a workspace is read from a regular file");
    CHECK_FALSE(readWholeFile(dir.path(), 1 << 20, QStringLiteral("a workspace"), &error));
    CHECK(error == dir.path() + QStringLiteral(": is a directory; a workspace is read from a regular file"));
    // 3 GiB of holes: refused by its size, before a byte is read (the test's memory would show).
    const QString sparse = dir.filePath(QStringLiteral("sparse.raidscope"));
    QFile f(sparse);
    REQUIRE(f.open(QIODevice::WriteOnly));
    f.close();
    REQUIRE(::truncate(QFile::encodeName(sparse).constData(), off_t(3) << 30) == 0);
    CHECK_FALSE(readWholeFile(sparse, inputcap::kWorkspaceBytes, QStringLiteral("a workspace"), &error));
    CHECK(error == sparse + QStringLiteral(": 3 GiB, more than the 256 MiB a workspace may have"));
    const QString missing = dir.filePath(QStringLiteral("missing.raidscope"));
    CHECK_FALSE(readWholeFile(missing, 1 << 20, QStringLiteral("a workspace"), &error));
    CHECK(error == missing + QStringLiteral(": No such file or directory"));
}

TEST_CASE("readWorkspaceFile: /dev/zero is refused as no regular file", "[inputfile][workspace]")
{
    QString error;
    CHECK_FALSE(readWorkspaceFile(QStringLiteral("/dev/zero"), &error));
    CHECK(error == u"/dev/zero: is a character device; a workspace is read from a regular file");
}
