// SPDX-License-Identifier: GPL-3.0-or-later
#include "outputfile.h"

#include "filekind.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QIODevice>
#include <QRandomGenerator>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace raidscope {

namespace {

// The canonical path of an existing file, else the absolute one without "." and ".." (an output
// not written yet).
QString comparablePath(const QString& path)
{
    const QFileInfo info(path);
    const QString canonical = info.canonicalFilePath();
    return canonical.isEmpty() ? QDir::cleanPath(info.absoluteFilePath()) : canonical;
}

void setError(QString* error, const QString& text)
{
    if (error)
        *error = text;
}

QByteArray encoded(const QString& path) { return QFile::encodeName(path); }

QString systemError(const QString& what, const QString& path, int err)
{
    return QStringLiteral("%1 %2: %3").arg(what, path, systemReason(err));
}

// An output descriptor as a QIODevice, for writers that stream (a PDF, an iolog): buffers 64 KiB,
// writes with every short write and EINTR handled, and keeps the first error (errno) it met; once
// one is met every later write fails too, so a writer that ignores return values cannot go on.
class DescriptorDevice final : public QIODevice
{
public:
    DescriptorDevice(int fd, bool seekable)
        : m_fd(fd)
        , m_seekable(seekable)
    {
        m_buffer.reserve(kBufferBytes);
    }
    ~DescriptorDevice() override { QIODevice::close(); }

    bool isSequential() const override { return !m_seekable; }
    int failure() const { return m_errno; }

    /// Writes what is buffered; false (failure() set) when the system refuses.
    bool flushBuffer()
    {
        if (m_errno)
            return false;
        const bool ok = writeAll(m_buffer.data(), m_buffer.size());
        m_buffer.clear();
        return ok;
    }

    bool seek(qint64 pos) override
    {
        if (!m_seekable || !flushBuffer())
            return false;
        if (::lseek(m_fd, off_t(pos), SEEK_SET) < 0) {
            m_errno = errno;
            return false;
        }
        return QIODevice::seek(pos);
    }

protected:
    qint64 readData(char*, qint64) override { return -1; }

    qint64 writeData(const char* data, qint64 len) override
    {
        if (m_errno)
            return -1;
        if (m_buffer.size() + std::size_t(len) > kBufferBytes && !flushBuffer())
            return -1;
        if (std::size_t(len) >= kBufferBytes) {
            if (!writeAll(data, std::size_t(len)))
                return -1;
        } else {
            m_buffer.append(data, std::size_t(len));
        }
        return len;
    }

private:
    static constexpr std::size_t kBufferBytes = 64 * 1024;

    bool writeAll(const char* data, std::size_t len)
    {
        while (len > 0) {
            const ssize_t n = ::write(m_fd, data, len);
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0) {
                m_errno = n < 0 ? errno : EIO;
                setErrorString(systemReason(m_errno));
                return false;
            }
            data += n;
            len -= std::size_t(n);
        }
        return true;
    }

    int m_fd;
    bool m_seekable;
    std::string m_buffer;
    int m_errno = 0;
};

int closeChecked(int fd)
{
    // Linux closes the descriptor even when close() fails (EINTR included): never retried.
    return ::close(fd) == 0 ? 0 : errno;
}

// Where a path leads for writing: a descriptor to write in place, or the regular file's final
// path with the symlinks on the way followed (a link to /dev/stdout counts as /dev/stdout).
struct Destination
{
    int descriptor = -1;  ///< >= 0: a descriptor path (/dev/stdout, ...) naming this descriptor
    QString finalPath;    ///< else the file to create or replace, or to open in place
};

Destination resolve(const QString& path)
{
    QString current = path;
    for (int hops = 0; hops < 40; ++hops) {
        if (const int fd = descriptorPath(current); fd >= 0)
            return { fd, {} };
        struct stat st {};
        if (::lstat(encoded(current).constData(), &st) != 0 || !S_ISLNK(st.st_mode))
            return { -1, current };
        const QByteArray link = encoded(current);
        char target[4096];
        const ssize_t n = ::readlink(link.constData(), target, sizeof target - 1);
        if (n <= 0)
            return { -1, current };
        const QString to = QFile::decodeName(QByteArray(target, int(n)));
        current = QDir::isAbsolutePath(to) ? to : QFileInfo(current).dir().filePath(to);
    }
    return { -1, current }; // a loop: open() will say ELOOP
}

// Writes in place through `fd` (ours to close): a descriptor, a character device or a FIFO.
bool writeInPlace(int fd, const QString& path, const OutputWriter& write, QString* error)
{
    DescriptorDevice device(fd, false);
    device.open(QIODevice::WriteOnly | QIODevice::Unbuffered);
    QString why;
    const bool written = write(device, &why);
    const bool flushed = device.flushBuffer();
    device.close();
    const int closeErr = closeChecked(fd);
    if (device.failure()) {
        setError(error, systemError(QStringLiteral("cannot write"), path, device.failure()));
        return false;
    }
    if (!written) {
        setError(error, why);
        return false;
    }
    if (!flushed || closeErr) {
        setError(error, systemError(QStringLiteral("cannot write"), path, closeErr ? closeErr : EIO));
        return false;
    }
    return true;
}

// A new file beside `finalPath` that no one else has: ".NAME.XXXXXX", created with O_EXCL and the
// mode a new file gets (0666 less the umask); -1 and errno when it cannot be made.
int createTemporary(const QString& finalPath, QString* tempPath)
{
    const QFileInfo info(finalPath);
    QString base = info.fileName();
    if (base.size() > 200) // the suffix must fit in NAME_MAX
        base.truncate(200);
    static const char kChars[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    for (int attempt = 0; attempt < 100; ++attempt) {
        QString suffix;
        for (int i = 0; i < 6; ++i)
            suffix += QLatin1Char(kChars[QRandomGenerator::global()->bounded(int(sizeof kChars - 1))]);
        *tempPath = info.dir().filePath(u'.' + base + u'.' + suffix);
        const int fd = ::open(encoded(*tempPath).constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0666);
        if (fd >= 0 || errno != EEXIST)
            return fd;
    }
    errno = EEXIST;
    return -1;
}

// Publishes `temp` as `finalPath`: rename over it, or with Keep only where no file has that name
// (renameat2's RENAME_NOREPLACE; link() where the file system has no such rename). 0 or errno.
int publish(const QString& temp, const QString& finalPath, OutputExisting existing)
{
    const QByteArray from = encoded(temp), to = encoded(finalPath);
    if (existing == OutputExisting::Replace)
        return ::rename(from.constData(), to.constData()) == 0 ? 0 : errno;
    if (::renameat2(AT_FDCWD, from.constData(), AT_FDCWD, to.constData(), RENAME_NOREPLACE) == 0)
        return 0;
    if (errno != EINVAL && errno != ENOSYS)
        return errno;
    if (::link(from.constData(), to.constData()) != 0)
        return errno;
    ::unlink(from.constData());
    return 0;
}

// The folder's entry made durable after a rename; a file system that cannot (EINVAL) is let be.
void syncFolder(const QString& finalPath)
{
    const int dir = ::open(encoded(QFileInfo(finalPath).absolutePath()).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir >= 0) {
        ::fsync(dir);
        ::close(dir);
    }
}

} // namespace

int descriptorPath(const QString& path)
{
    const QString clean = QDir::cleanPath(path);
    if (clean == u"/dev/stdout")
        return 1;
    if (clean == u"/dev/stderr")
        return 2;
    for (const QLatin1String prefix : { QLatin1String("/dev/fd/"), QLatin1String("/proc/self/fd/") }) {
        if (clean.startsWith(prefix)) {
            bool ok = false;
            const int fd = clean.mid(prefix.size()).toInt(&ok);
            return ok && fd >= 0 ? fd : -1;
        }
    }
    return -1;
}

QString outputPathProblem(const QString& path, const QStringList& inputs)
{
    if (path.isEmpty())
        return QStringLiteral("no output file name given");
    struct stat out {};
    const bool exists = ::stat(encoded(path).constData(), &out) == 0; // follows symlinks
    if (exists && !S_ISREG(out.st_mode) && !S_ISCHR(out.st_mode) && !S_ISFIFO(out.st_mode))
        return QStringLiteral("%1: is %2; an output must be a regular file").arg(path, fileKind(out.st_mode));
    const QString outPath = comparablePath(path);
    for (const QString& input : inputs) {
        struct stat in {};
        // A device or a FIFO named twice is not one file read and then written over (/dev/null in
        // and out, /dev/stdin and /dev/stdout on one terminal): only a regular file, or a new one, is.
        if (exists && !S_ISREG(out.st_mode))
            continue;
        const bool same = (exists && ::stat(encoded(input).constData(), &in) == 0 && in.st_dev == out.st_dev
                              && in.st_ino == out.st_ino)
            || comparablePath(input) == outPath;
        if (same)
            return QStringLiteral("%1: is the input %2 (the same file); refusing to write over an input")
                .arg(path, input);
    }
    return {};
}

QString writeProtectedNote(const QString& path)
{
    struct stat st {};
    if (path.isEmpty() || ::stat(encoded(path).constData(), &st) != 0 || (st.st_mode & 0222) != 0)
        return {};
    return QStringLiteral("%1 is read-only (mode %2), but root writes to it anyway")
        .arg(path, QString::number(st.st_mode & 07777, 8).rightJustified(4, u'0'));
}

bool writeOutputFile(const QString& path, const QStringList& inputs, const OutputWriter& write, QString* error,
                     OutputExisting existing)
{
    if (const QString problem = outputPathProblem(path, inputs); !problem.isEmpty()) {
        setError(error, problem);
        return false;
    }
    const Destination to = resolve(path);
    if (to.descriptor >= 0) {
        // What this process printed through stdio comes first, as it would in the terminal.
        std::fflush(to.descriptor == 2 ? stderr : stdout);
        const int fd = ::fcntl(to.descriptor, F_DUPFD_CLOEXEC, 3);
        if (fd < 0) {
            setError(error, systemError(QStringLiteral("cannot write"), path, errno));
            return false;
        }
        return writeInPlace(fd, path, write, error);
    }
    struct stat old {};
    const bool exists = ::stat(encoded(to.finalPath).constData(), &old) == 0;
    if (exists && (S_ISCHR(old.st_mode) || S_ISFIFO(old.st_mode))) {
        const int fd = ::open(encoded(to.finalPath).constData(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
        if (fd < 0) {
            setError(error, systemError(QStringLiteral("cannot write"), path, errno));
            return false;
        }
        return writeInPlace(fd, path, write, error);
    }
    if (exists && existing == OutputExisting::Keep) { // early and friendly; publish() decides
        setError(error, QStringLiteral("%1 exists already").arg(path));
        return false;
    }

    QString temp;
    const int fd = createTemporary(to.finalPath, &temp);
    if (fd < 0) {
        setError(error, systemError(QStringLiteral("cannot write"), path, errno));
        return false;
    }
    if (exists)
        ::fchmod(fd, old.st_mode & 07777); // a replaced file keeps its mode, as QSaveFile did
    DescriptorDevice device(fd, true);
    device.open(QIODevice::WriteOnly | QIODevice::Unbuffered);
    QString why;
    const bool written = write(device, &why);
    int err = device.failure();
    if (!err && written && !device.flushBuffer())
        err = device.failure();
    device.close();
    if (!err && written && ::fsync(fd) != 0)
        err = errno;
    if (const int closeErr = closeChecked(fd); !err && written)
        err = closeErr;
    if (!err && written)
        err = publish(temp, to.finalPath, existing);
    if (err || !written) {
        ::unlink(encoded(temp).constData());
        if (err == EEXIST && existing == OutputExisting::Keep)
            setError(error, QStringLiteral("%1 exists already").arg(path));
        else
            setError(error, err ? systemError(QStringLiteral("cannot write"), path, err) : why);
        return false;
    }
    syncFolder(to.finalPath);
    return true;
}

bool writeOutputFile(const QString& path, const QByteArray& bytes, const QStringList& inputs, QString* error,
                     OutputExisting existing)
{
    return writeOutputFile(
        path, inputs, [&](QIODevice& out, QString*) { return out.write(bytes) == bytes.size(); }, error, existing);
}

} // namespace raidscope
