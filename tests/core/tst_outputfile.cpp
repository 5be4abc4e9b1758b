// SPDX-License-Identifier: GPL-3.0-or-later
// core/io/outputfile: every output atomic, never over an input, every write checked (#52); the fio
// export through it.
#include "io/outputfile.h"
#include "trace/traceexport.h"

#include <catch2/catch.hpp>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QIODevice>
#include <QTemporaryDir>

#include <stop_token>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace raidscope;

namespace {

QByteArray readAll(const QString& path)
{
    QFile f(path);
    REQUIRE(f.open(QIODevice::ReadOnly));
    return f.readAll();
}

void writeFile(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    REQUIRE(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    REQUIRE(f.write(bytes) == bytes.size());
}

// The names in `dir`: a temporary file left behind by a failed save would show here.
QStringList names(const QTemporaryDir& dir)
{
    return QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot, QDir::Name);
}

// MSR Cambridge CSV (time in 100 ns ticks, host, disk, type, offset, size, response): five good
// requests 1 ms apart, then line 6 with an offset that is no number.
const QByteArray kBadAtLine6 = "128166372000000000,hm,0,Write,0,4096,100\n"
                               "128166372000010000,hm,0,Read,4096,4096,100\n"
                               "128166372000020000,hm,0,Read,8192,4096,100\n"
                               "128166372000030000,hm,0,Write,12288,4096,100\n"
                               "128166372000040000,hm,0,Read,16384,4096,100\n"
                               "128166372000050000,hm,0,Read,abc,4096,100\n"
                               "128166372000060000,hm,0,Read,20480,4096,100\n";

// `records` MSR requests, 4 KiB each, 1 us apart.
QByteArray msrTrace(int records)
{
    QByteArray t;
    for (int i = 0; i < records; ++i)
        t += "1281663720" + QByteArray::number(qint64(i) * 10).rightJustified(8, '0') + ",hm,0,Read,"
            + QByteArray::number(qint64(i) * 4096) + ",4096,100\n";
    return t;
}

} // namespace

TEST_CASE("writeOutputFile: writes the bytes, or a stream, whole", "[outputfile]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("out.json"));
    QString error;
    REQUIRE(writeOutputFile(path, QByteArray("{}\n"), {}, &error));
    CHECK(readAll(path) == "{}\n");
    // Over an existing output (not an input): replaced.
    REQUIRE(writeOutputFile(
        path, {},
        [](QIODevice& out, QString*) { return out.write("a\n") == 2 && out.write("b\n") == 2; }, &error));
    CHECK(readAll(path) == "a\nb\n");
    CHECK(names(dir) == QStringList { QStringLiteral("out.json") });
}

TEST_CASE("writeOutputFile: an error or a cancel leaves nothing, and an old file as it was", "[outputfile]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("out.csv"));
    QString error;
    SECTION("a writer that fails half-way")
    {
        CHECK_FALSE(writeOutputFile(
            path, {},
            [](QIODevice& out, QString* why) {
                out.write(QByteArray(100000, 'x')); // more than QSaveFile buffers: on disk already
                *why = QStringLiteral("in.csv:6: field 5 (Offset): not a number");
                return false;
            },
            &error));
        CHECK(error == u"in.csv:6: field 5 (Offset): not a number");
        CHECK(names(dir).isEmpty());
    }
    SECTION("a cancel: false with no error")
    {
        writeFile(path, "old\n");
        error = QStringLiteral("untouched?");
        CHECK_FALSE(writeOutputFile(
            path, {},
            [](QIODevice& out, QString*) {
                out.write(QByteArray(100000, 'y'));
                return false;
            },
            &error));
        CHECK(error.isEmpty());
        CHECK(readAll(path) == "old\n");
        CHECK(names(dir) == QStringList { QStringLiteral("out.csv") });
    }
    SECTION("a folder that does not exist: the error names the path")
    {
        const QString missing = dir.filePath(QStringLiteral("no/such/dir/x.csv"));
        CHECK_FALSE(writeOutputFile(missing, QByteArray("x"), {}, &error));
        CHECK(error == QStringLiteral("cannot write %1: No such file or directory").arg(missing));
    }
    SECTION("a write the system refuses, which the writer ignores: the system's reason, nothing left") // #52
    {
        // /dev/full refuses every write with ENOSPC (a character device: written in place), so the
        // error can only come from write() itself.
        CHECK_FALSE(writeOutputFile(
            QStringLiteral("/dev/full"), {},
            [](QIODevice& out, QString*) {
                out.write(QByteArray(200000, 'z')); // return value ignored, as careless writers do
                return true;
            },
            &error));
        CHECK(error == u"cannot write /dev/full: No space left on device");
    }
}

TEST_CASE("writeOutputFile: a replaced file keeps its mode; a symlink's target is replaced", "[outputfile]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("out.json"));
    writeFile(path, "old\n");
    REQUIRE(::chmod(QFile::encodeName(path).constData(), 0640) == 0);
    const QString link = dir.filePath(QStringLiteral("link.json"));
    REQUIRE(::symlink("out.json", QFile::encodeName(link).constData()) == 0);
    QString error;
    REQUIRE(writeOutputFile(link, QByteArray("new\n"), {}, &error));
    CHECK(readAll(path) == "new\n");
    CHECK(QFileInfo(link).isSymLink());
    struct stat st {};
    REQUIRE(::stat(QFile::encodeName(path).constData(), &st) == 0);
    CHECK((st.st_mode & 07777) == 0640);
    CHECK(names(dir) == (QStringList { QStringLiteral("link.json"), QStringLiteral("out.json") }));
}

TEST_CASE("writeOutputFile: Keep publishes only where no file is, decided when publishing", "[outputfile]") // #52
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("preset.json"));
    QString error;
    SECTION("no file: written")
    {
        REQUIRE(writeOutputFile(path, QByteArray("{}\n"), {}, &error, OutputExisting::Keep));
        CHECK(readAll(path) == "{}\n");
    }
    SECTION("a file there already: refused before writing, left as it was")
    {
        writeFile(path, "theirs\n");
        CHECK_FALSE(writeOutputFile(path, QByteArray("ours\n"), {}, &error, OutputExisting::Keep));
        CHECK(error == path + QStringLiteral(" exists already"));
        CHECK(readAll(path) == "theirs\n");
    }
    SECTION("another process saves the same name while ours is written: ours is refused, theirs kept")
    {
        CHECK_FALSE(writeOutputFile(
            path, {},
            [&](QIODevice& out, QString*) {
                writeFile(path, "theirs\n"); // after the early check, before the publish
                return out.write("ours\n") == 5;
            },
            &error, OutputExisting::Keep));
        CHECK(error == path + QStringLiteral(" exists already"));
        CHECK(readAll(path) == "theirs\n");
    }
    CHECK(names(dir) == QStringList { QStringLiteral("preset.json") });
}

TEST_CASE("writeOutputFile: a descriptor is written in place, never replaced", "[outputfile]") // #52
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    QString error;
    SECTION("a file opened for appending, named as /proc/self/fd/N: appended to, the same inode")
    {
        const QString log = dir.filePath(QStringLiteral("log.txt"));
        writeFile(log, "old line\n");
        struct stat before {}, after {};
        REQUIRE(::stat(QFile::encodeName(log).constData(), &before) == 0);
        const int fd = ::open(QFile::encodeName(log).constData(), O_WRONLY | O_APPEND);
        REQUIRE(fd >= 0);
        for (const QString& name : { QStringLiteral("/proc/self/fd/%1"), QStringLiteral("/dev/fd/%1") })
            REQUIRE(writeOutputFile(name.arg(fd), QByteArray("more\n"), {}, &error));
        ::close(fd);
        CHECK(readAll(log) == "old line\nmore\nmore\n");
        REQUIRE(::stat(QFile::encodeName(log).constData(), &after) == 0);
        CHECK(after.st_ino == before.st_ino);
        CHECK(names(dir) == QStringList { QStringLiteral("log.txt") });
    }
    SECTION("a pipe: the bytes arrive, the descriptor stays open for its owner")
    {
        int fds[2];
        REQUIRE(::pipe(fds) == 0);
        REQUIRE(writeOutputFile(QStringLiteral("/dev/fd/%1").arg(fds[1]), QByteArray("through\n"), {}, &error));
        REQUIRE(::write(fds[1], "owner\n", 6) == 6);
        ::close(fds[1]);
        char buffer[64];
        const ssize_t n = ::read(fds[0], buffer, sizeof buffer);
        ::close(fds[0]);
        CHECK(QByteArray(buffer, int(n)) == "through\nowner\n");
    }
    SECTION("a closed descriptor: the system's reason")
    {
        CHECK_FALSE(writeOutputFile(QStringLiteral("/dev/fd/987"), QByteArray("x"), {}, &error));
        CHECK(error == u"cannot write /dev/fd/987: Bad file descriptor");
    }
    CHECK(descriptorPath(QStringLiteral("/dev/stdout")) == 1);
    CHECK(descriptorPath(QStringLiteral("/dev/stderr")) == 2);
    CHECK(descriptorPath(QStringLiteral("/dev/fd/7")) == 7);
    CHECK(descriptorPath(QStringLiteral("/dev/fd/x")) == -1);
    CHECK(descriptorPath(QStringLiteral("/tmp/stdout")) == -1);
}

TEST_CASE("writeOutputFile: never over an input, however it is named", "[outputfile]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString input = dir.filePath(QStringLiteral("trace.csv"));
    const QByteArray original = "128166372000000000,hm,0,Write,0,4096,100\n";
    writeFile(input, original);
    const QStringList inputs { dir.filePath(QStringLiteral("other.csv")), input };
    QString error;
    bool called = false;
    const OutputWriter writer = [&called](QIODevice& out, QString*) {
        called = true;
        return out.write("summary\n") == 8;
    };
    const auto refused = [&](const QString& out) {
        called = false;
        const bool written = writeOutputFile(out, inputs, writer, &error);
        CHECK_FALSE(called); // refused before anything was opened
        CHECK(readAll(input) == original);
        return !written && error == out + QStringLiteral(": is the input ") + input
            + QStringLiteral(" (the same file); refusing to write over an input");
    };
    SECTION("the same path") { CHECK(refused(input)); }
    SECTION("another spelling of it")
    {
        CHECK(refused(dir.path() + QStringLiteral("/./sub/../trace.csv")));
    }
    SECTION("a symlink to it")
    {
        const QString link = dir.filePath(QStringLiteral("link.csv"));
        REQUIRE(::symlink("trace.csv", QFile::encodeName(link).constData()) == 0);
        CHECK(refused(link));
    }
    SECTION("a hard link to it")
    {
        const QString hard = dir.filePath(QStringLiteral("hard.csv"));
        REQUIRE(::link(QFile::encodeName(input).constData(), QFile::encodeName(hard).constData()) == 0);
        CHECK(refused(hard));
    }
    SECTION("an input given through a symlink, the output by its own name")
    {
        const QString link = dir.filePath(QStringLiteral("link.csv"));
        REQUIRE(::symlink("trace.csv", QFile::encodeName(link).constData()) == 0);
        called = false;
        CHECK_FALSE(writeOutputFile(input, { link }, writer, &error));
        CHECK_FALSE(called);
        CHECK(error.contains(QStringLiteral("is the input ") + link));
        CHECK(readAll(input) == original);
    }
    SECTION("another file beside it is fine")
    {
        REQUIRE(writeOutputFile(dir.filePath(QStringLiteral("summary.csv")), inputs, writer, &error));
        CHECK(called);
        CHECK(readAll(input) == original);
    }
}

TEST_CASE("writeOutputFile: regular files, and devices and FIFOs in place; never a folder", "[outputfile]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    QString error;
    CHECK(outputPathProblem(dir.path()) == dir.path() + QStringLiteral(": is a directory; an output must be a regular file"));
    CHECK_FALSE(writeOutputFile(dir.path(), QByteArray("x"), {}, &error));
    CHECK(error.contains(QStringLiteral("is a directory")));
    const QString fifo = dir.filePath(QStringLiteral("pipe"));
    REQUIRE(::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0);
    CHECK(outputPathProblem(fifo).isEmpty()); // #52: written in place
    CHECK(outputPathProblem(QStringLiteral("/dev/null")).isEmpty());
    CHECK(outputPathProblem(QStringLiteral("/dev/null"), { QStringLiteral("/dev/null") }).isEmpty()); // no one file
    CHECK(outputPathProblem(QString()) == u"no output file name given");
    CHECK(outputPathProblem(dir.filePath(QStringLiteral("new.csv")), { fifo }).isEmpty());
    // /dev/null written, and still the device afterwards (root could have renamed a file over it).
    REQUIRE(writeOutputFile(QStringLiteral("/dev/null"), QByteArray("x"), {}, &error));
    struct stat st {};
    REQUIRE(::stat("/dev/null", &st) == 0);
    CHECK(S_ISCHR(st.st_mode));
}

TEST_CASE("writeProtectedNote: a file no one may write by its mode", "[outputfile]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("disk.img"));
    writeFile(path, "x");
    REQUIRE(::chmod(QFile::encodeName(path).constData(), 0444) == 0);
    CHECK(writeProtectedNote(path) == path + QStringLiteral(" is read-only (mode 0444), but root writes to it anyway"));
    REQUIRE(::chmod(QFile::encodeName(path).constData(), 0600) == 0);
    CHECK(writeProtectedNote(path).isEmpty());
    CHECK(writeProtectedNote(dir.filePath(QStringLiteral("missing"))).isEmpty());
}

TEST_CASE("exportFioLog: an error, a cancel or an output that is an input leaves no file", "[outputfile][trace]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString out = dir.filePath(QStringLiteral("out.iolog"));
    SECTION("malformed line 6: the error names it, nothing is written, the input is as it was")
    {
        const QString input = dir.filePath(QStringLiteral("bad.csv"));
        writeFile(input, kBadAtLine6);
        const TraceExportResult r = exportFioLog({ input }, {}, out, QStringLiteral("/dev/sdb"));
        CHECK_FALSE(r.ok);
        CHECK_FALSE(r.cancelled);
        CHECK(r.error.startsWith(QStringLiteral("bad.csv:6: ")));
        CHECK_FALSE(QFileInfo::exists(out));
        CHECK(readAll(input) == kBadAtLine6);
        CHECK(names(dir) == QStringList { QStringLiteral("bad.csv") });
    }
    SECTION("the output is the input (through a symlink): refused, the input byte for byte as it was")
    {
        const QString input = dir.filePath(QStringLiteral("t.csv"));
        const QByteArray trace = msrTrace(20);
        writeFile(input, trace);
        const QString link = dir.filePath(QStringLiteral("t.iolog"));
        REQUIRE(::symlink("t.csv", QFile::encodeName(link).constData()) == 0);
        for (const QString& target : { input, link }) {
            const TraceExportResult r = exportFioLog({ input }, {}, target, QStringLiteral("/dev/sdb"));
            CHECK_FALSE(r.ok);
            CHECK(r.written == 0);
            CHECK(r.error.contains(QStringLiteral("refusing to write over an input")));
            CHECK(readAll(input) == trace);
        }
    }
    SECTION("cancelled mid-way (at the first progress report): cancelled, no file")
    {
        const QString input = dir.filePath(QStringLiteral("long.csv"));
        writeFile(input, msrTrace(20000)); // five reports' worth of 4096 records
        std::stop_source stop;
        int reports = 0;
        const TraceExportResult r = exportFioLog({ input }, {}, out, QStringLiteral("/dev/sdb"), stop.get_token(),
            [&](std::shared_ptr<const TraceExportSnapshot> s) {
                ++reports;
                CHECK(s->written == 4096);
                CHECK(s->fraction > 0.0);
                CHECK(s->fraction < 1.0);
                stop.request_stop();
            },
            std::chrono::milliseconds(0));
        CHECK(reports == 1);
        CHECK(r.cancelled);
        CHECK_FALSE(r.ok);
        CHECK(r.error.isEmpty());
        CHECK(names(dir) == QStringList { QStringLiteral("long.csv") });
    }
    SECTION("to its end: one line per request, 1 us apart in the trace is 1 us in the log")
    {
        const QString input = dir.filePath(QStringLiteral("short.csv"));
        writeFile(input, msrTrace(3));
        const TraceExportResult r = exportFioLog({ input }, {}, out, QStringLiteral("/dev/sdb"));
        REQUIRE(r.ok);
        CHECK(r.written == 3);
        CHECK(readAll(out)
            == "fio version 3 iolog\n0 /dev/sdb add\n0 /dev/sdb open\n0 /dev/sdb read 0 4096\n1 /dev/sdb read 4096 "
               "4096\n2 /dev/sdb read 8192 4096\n2 /dev/sdb close\n");
    }
}
