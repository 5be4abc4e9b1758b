// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the input and output paths say of a file that is not what they need, and of a failed call.

#include <QString>

#include <cstring>
#include <sys/stat.h>

namespace raidscope {

/// The kind of a file that is not a regular one, as a message names it ("a directory", ...).
inline QString fileKind(mode_t mode)
{
    if (S_ISDIR(mode))
        return QStringLiteral("a directory");
    if (S_ISFIFO(mode))
        return QStringLiteral("a FIFO or pipe");
    if (S_ISSOCK(mode))
        return QStringLiteral("a socket");
    if (S_ISCHR(mode))
        return QStringLiteral("a character device");
    if (S_ISBLK(mode))
        return QStringLiteral("a block device");
    return QStringLiteral("not a regular file");
}

/// The system's own words for `err` (strerror).
inline QString systemReason(int err) { return QString::fromLocal8Bit(std::strerror(err)); }

} // namespace raidscope
