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
/// or the same canonical path), or it exists and is not a regular file (a directory, FIFO, socket
/// or device). One line that names the path.
QString outputPathProblem(const QString& path, const QStringList& inputs = {});

/// When `path` exists and its mode lets no one write it (a 0444 file), one line saying that it
/// is read-only and that root writes to it anyway; else an empty string. For the warning before a
/// probe with writes allowed, which root may open read-write whatever the mode says.
QString writeProtectedNote(const QString& path);

/// What a streaming writer does with the open output: writes to `out` and returns true to keep
/// the file; false (an error, with `*error` set, or a cancel, with it empty) discards it.
using OutputWriter = std::function<bool(QIODevice& out, QString* error)>;

/// Every file RaidScope writes goes through here. Refuses, before opening anything, what
/// outputPathProblem() refuses; then writes through QSaveFile: the file appears complete at
/// `path` on success and nothing is left (the old file, if any, stays as it was) after an error or
/// a cancel. False and one line naming the path and why in `*error` (left as `write` set it when
/// `write` gave up).
bool writeOutputFile(const QString& path, const QStringList& inputs, const OutputWriter& write, QString* error);

/// writeOutputFile() with the whole content at once.
bool writeOutputFile(const QString& path, const QByteArray& bytes, const QStringList& inputs, QString* error);

} // namespace raidscope
