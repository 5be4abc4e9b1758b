// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <functional>

class QIODevice;

namespace raidscope {

/// Why `path` must not be written as an output, or an empty string when it may be: it is the same
/// file as one of `inputs` (same device and inode, so a symlink or a hard link to an input counts,
/// or the same canonical path), or it exists and is a directory, a socket or a block device. A
/// character device, a FIFO or a descriptor (/dev/stdout, /dev/fd/N) may be written: in place.
/// One line that names the path.
QString outputPathProblem(const QString& path, const QStringList& inputs = {});

/// When `path` exists and its mode lets no one write it (a 0444 file), one line saying that it
/// is read-only and that root writes to it anyway; else an empty string. For the warning before a
/// probe with writes allowed, which root may open read-write whatever the mode says.
QString writeProtectedNote(const QString& path);

/// What a streaming writer does with the open output: writes to `out` and returns true to keep
/// the file; false (an error, with `*error` set, or a cancel, with it empty) discards it. A write
/// the system refuses (a full disk) is seen by writeOutputFile() whatever the writer does with the
/// return value.
using OutputWriter = std::function<bool(QIODevice& out, QString* error)>;

/// What an output does to a regular file already at its path.
enum class OutputExisting {
    Replace, ///< replaced whole, atomically (rename)
    Keep,    ///< left as it is and the write refused ("PATH exists already"), decided atomically
};

/// Every file RaidScope writes goes through here. Refuses, before opening anything, what
/// outputPathProblem() refuses. A regular file is written to a temporary file beside it; every
/// write, the flush, fsync() and close() are checked, and only then is it renamed to `path` (or,
/// with OutputExisting::Keep, linked there only if no file has that name, with no window between
/// the check and the act). After an error or a cancel nothing is left: no temporary file, and the
/// old file, if any, as it was. A symlink is followed: the file it names is replaced.
/// A character device, a FIFO or a descriptor path (/dev/stdout, /dev/stderr, /dev/fd/N,
/// /proc/self/fd/N) is written in place through the descriptor, never replaced, so the shell's
/// `>>` appends; what was written before an error there stays written.
/// False and one line in `*error` saying what failed, the path and the system's reason
/// ("cannot write r.pdf: No space left on device"), or as `write` set it when `write` gave up
/// with no system error; empty after a cancel.
bool writeOutputFile(const QString& path, const QStringList& inputs, const OutputWriter& write, QString* error,
                     OutputExisting existing = OutputExisting::Replace);

/// writeOutputFile() with the whole content at once.
bool writeOutputFile(const QString& path, const QByteArray& bytes, const QStringList& inputs, QString* error,
                     OutputExisting existing = OutputExisting::Replace);

/// The descriptor a path names as a descriptor: 1 for /dev/stdout, 2 for /dev/stderr, N for
/// /dev/fd/N and /proc/self/fd/N; -1 for any other path.
int descriptorPath(const QString& path);

} // namespace raidscope
