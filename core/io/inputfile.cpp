// SPDX-License-Identifier: GPL-3.0-or-later
#include "inputfile.h"

#include "filekind.h"
#include "units.h"

#include <QFile>

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace raidscope {

std::optional<QByteArray> readWholeFile(const QString& path, qint64 maxBytes, const QString& what, QString* error)
{
    const auto failed = [&](const QString& why) -> std::optional<QByteArray> {
        if (error)
            *error = path + QStringLiteral(": ") + why;
        return std::nullopt;
    };
    if (path.startsWith(u':')) { // a Qt resource compiled into the program: in memory, never a device
        QFile resource(path);
        if (!resource.open(QIODevice::ReadOnly))
            return failed(resource.errorString());
        if (resource.size() > maxBytes)
            return failed(QStringLiteral("%1, more than the %2 %3 may have")
                              .arg(formatBytesHuman(std::uint64_t(resource.size())), formatBytesHuman(std::uint64_t(maxBytes)), what));
        return resource.readAll();
    }
    // O_NONBLOCK: a FIFO with no writer must be refused, not waited on; cleared for a regular file.
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
    if (fd < 0)
        return failed(systemReason(errno));
    struct Closer
    {
        int fd;
        ~Closer() { ::close(fd); }
    } closer { fd };
    struct stat st {};
    if (::fstat(fd, &st) != 0)
        return failed(systemReason(errno));
    if (!S_ISREG(st.st_mode))
        return failed(QStringLiteral("is %1; %2 is read from a regular file").arg(fileKind(st.st_mode), what));
    const auto tooLarge = [&](const QString& size) {
        return failed(QStringLiteral("%1, more than the %2 %3 may have").arg(size, formatBytesHuman(std::uint64_t(maxBytes)), what));
    };
    if (const int flags = ::fcntl(fd, F_GETFL); flags < 0 || ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) < 0)
        return failed(systemReason(errno));
    if (st.st_size > maxBytes)
        return tooLarge(formatBytesHuman(std::uint64_t(st.st_size)));
    QByteArray bytes;
    bytes.resize(qsizetype(st.st_size) + 1); // one byte more: a file that grew since fstat() shows
    qint64 have = 0;
    for (;;) {
        if (have == bytes.size()) {
            if (have > maxBytes)
                return tooLarge(QStringLiteral("larger as it was read than the %1 it had")
                                    .arg(formatBytesHuman(std::uint64_t(st.st_size))));
            bytes.resize(qsizetype(std::min<qint64>(maxBytes + 1, have * 2 + 4096)));
        }
        const ssize_t n = ::read(fd, bytes.data() + have, std::size_t(bytes.size() - have));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return failed(systemReason(errno));
        if (n == 0)
            break;
        have += n;
    }
    bytes.resize(qsizetype(have));
    return bytes;
}

} // namespace raidscope
