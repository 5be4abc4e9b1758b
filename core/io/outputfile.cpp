// SPDX-License-Identifier: GPL-3.0-or-later
#include "outputfile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <sys/stat.h>

namespace raidscope {

namespace {

QString kindOf(mode_t mode)
{
    if (S_ISDIR(mode))
        return QStringLiteral("a directory");
    if (S_ISFIFO(mode))
        return QStringLiteral("a FIFO");
    if (S_ISSOCK(mode))
        return QStringLiteral("a socket");
    if (S_ISCHR(mode))
        return QStringLiteral("a character device");
    if (S_ISBLK(mode))
        return QStringLiteral("a block device");
    return QStringLiteral("not a regular file");
}

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

} // namespace

QString outputPathProblem(const QString& path, const QStringList& inputs)
{
    if (path.isEmpty())
        return QStringLiteral("no output file name given");
    struct stat out {};
    const bool exists = ::stat(QFile::encodeName(path).constData(), &out) == 0; // follows symlinks
    if (exists && !S_ISREG(out.st_mode))
        return QStringLiteral("%1: is %2; an output must be a regular file").arg(path, kindOf(out.st_mode));
    const QString outPath = comparablePath(path);
    for (const QString& input : inputs) {
        struct stat in {};
        const bool same = (exists && ::stat(QFile::encodeName(input).constData(), &in) == 0
                              && in.st_dev == out.st_dev && in.st_ino == out.st_ino)
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
    if (path.isEmpty() || ::stat(QFile::encodeName(path).constData(), &st) != 0 || (st.st_mode & 0222) != 0)
        return {};
    return QStringLiteral("%1 is read-only (mode %2), but root writes to it anyway")
        .arg(path, QString::number(st.st_mode & 07777, 8).rightJustified(4, u'0'));
}

bool writeOutputFile(const QString& path, const QStringList& inputs, const OutputWriter& write, QString* error)
{
    if (const QString problem = outputPathProblem(path, inputs); !problem.isEmpty()) {
        setError(error, problem);
        return false;
    }
    QSaveFile file(path); // writes a temporary file beside `path`, renamed over it by commit()
    if (!file.open(QIODevice::WriteOnly)) {
        setError(error, QStringLiteral("%1: cannot write: %2").arg(path, file.errorString()));
        return false;
    }
    QString why;
    const bool written = write(file, &why);
    if (why.isEmpty() && file.error() != QFileDevice::NoError) // a write() failed (disk full, ...)
        why = QStringLiteral("%1: cannot write: %2").arg(path, file.errorString());
    if (!written || !why.isEmpty()) {
        file.cancelWriting(); // the destructor removes the temporary file
        setError(error, why);
        return false;
    }
    if (!file.commit()) {
        setError(error, QStringLiteral("%1: cannot write: %2").arg(path, file.errorString()));
        return false;
    }
    return true;
}

bool writeOutputFile(const QString& path, const QByteArray& bytes, const QStringList& inputs, QString* error)
{
    return writeOutputFile(
        path, inputs,
        [&](QIODevice& out, QString* why) {
            if (out.write(bytes) == bytes.size())
                return true;
            *why = QStringLiteral("%1: cannot write: %2").arg(path, out.errorString());
            return false;
        },
        error);
}

} // namespace raidscope
