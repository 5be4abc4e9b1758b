// SPDX-License-Identifier: GPL-3.0-or-later
#include "blockdevices.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>

#include <algorithm>

namespace raidscope {
namespace {

/// The first line of a sysfs attribute, trimmed ("ST3500630NS     \n" -> "ST3500630NS"); empty if absent.
QString attribute(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.readLine(4096)).trimmed();
}

/// /proc/self/mounts' octal escapes undone ("/mnt/my\040disk" -> "/mnt/my disk").
QString unescaped(const QString& field)
{
    QString out;
    for (qsizetype i = 0; i < field.size(); ++i) {
        if (field[i] == u'\\' && i + 3 < field.size()) {
            bool ok = false;
            const int code = field.mid(i + 1, 3).toInt(&ok, 8);
            if (ok) {
                out += QChar(code);
                i += 3;
                continue;
            }
        }
        out += field[i];
    }
    return out;
}

/// Mount point by the kernel name of its source ("sda1" -> "/boot"); /dev/mapper/NAME sources are
/// keyed by their dm name and resolved by the caller.
QHash<QString, QString> readMountTable(const QString& mountsFile)
{
    QHash<QString, QString> points;
    QFile f(mountsFile);
    if (!f.open(QIODevice::ReadOnly))
        return points;
    // readAll(), not atEnd(): a /proc file reports size 0, so atEnd() holds before the first read.
    for (const QByteArray& line : f.readAll().split('\n')) {
        const QStringList fields = QString::fromUtf8(line).split(u' ', Qt::SkipEmptyParts);
        if (fields.size() < 2 || !fields[0].startsWith(u"/dev/"))
            continue;
        const QString source = unescaped(fields[0]);
        const QString key = source.startsWith(u"/dev/mapper/") ? QStringLiteral("mapper:") + source.mid(12) : QFileInfo(source).fileName();
        if (!points.contains(key))
            points.insert(key, unescaped(fields[1]));
    }
    return points;
}

QStringList entries(const QString& dir)
{
    return QDir(dir).entryList(QDir::Dirs | QDir::Files | QDir::System | QDir::NoDotAndDotDot, QDir::Name);
}

} // namespace

QString BlockDeviceInfo::useText() const
{
    QStringList parts;
    for (const QString& m : mounts) {
        const qsizetype on = m.indexOf(QStringLiteral(" on "));
        parts << (on < 0 ? m : m.left(on) + QStringLiteral(" is mounted on ") + m.mid(on + 4));
    }
    for (const QString& h : holders)
        parts << QStringLiteral("%1 holds it").arg(h);
    return parts.join(QStringLiteral("; "));
}

std::vector<BlockDeviceInfo> listBlockDevices(const QString& sysBlockDir, const QString& mountsFile, const QString& devDir)
{
    std::vector<BlockDeviceInfo> list;
    const QDir sys(sysBlockDir);
    if (!sys.exists())
        return list;
    const QHash<QString, QString> mounted = readMountTable(mountsFile);
    // A mapper source names a dm device by its dm name: which dm-N is it.
    QHash<QString, QString> dmByName;
    for (const QString& name : entries(sysBlockDir))
        if (const QString dm = attribute(sys.filePath(name + QStringLiteral("/dm/name"))); !dm.isEmpty())
            dmByName.insert(dm, name);
    auto mountPoint = [&](const QString& name) {
        if (const auto it = mounted.constFind(name); it != mounted.constEnd())
            return *it;
        for (auto it = dmByName.constBegin(); it != dmByName.constEnd(); ++it)
            if (it.value() == name)
                return mounted.value(QStringLiteral("mapper:") + it.key());
        return QString();
    };
    for (const QString& name : entries(sysBlockDir)) {
        if (name.startsWith(u"ram") || name.startsWith(u"zram"))
            continue;
        const QString dir = sys.filePath(name);
        BlockDeviceInfo d;
        d.name = name;
        d.path = QDir(devDir).filePath(name);
        d.sizeBytes = attribute(dir + QStringLiteral("/size")).toULongLong() * 512; // sysfs counts 512-byte sectors
        if (d.sizeBytes == 0)
            continue; // an empty loop device, a drive without a medium
        d.model = attribute(dir + QStringLiteral("/device/model"));
        if (const QString level = attribute(dir + QStringLiteral("/md/level")); !level.isEmpty())
            d.model = QStringLiteral("md ") + level;
        else if (const QString dm = attribute(dir + QStringLiteral("/dm/name")); !dm.isEmpty())
            d.model = QStringLiteral("dm ") + dm;
        d.rotational = attribute(dir + QStringLiteral("/queue/rotational")) == u"1";
        d.readOnly = attribute(dir + QStringLiteral("/ro")) == u"1";
        d.removable = attribute(dir + QStringLiteral("/removable")) == u"1";
        d.holders = entries(dir + QStringLiteral("/holders"));
        if (const QString point = mountPoint(name); !point.isEmpty())
            d.mounts << QStringLiteral("%1 on %2").arg(name, point);
        for (const QString& sub : entries(dir)) {
            if (!QFileInfo::exists(dir + u'/' + sub + QStringLiteral("/partition")))
                continue;
            d.partitions << sub;
            if (const QString point = mountPoint(sub); !point.isEmpty())
                d.mounts << QStringLiteral("%1 on %2").arg(sub, point);
            for (const QString& h : entries(dir + u'/' + sub + QStringLiteral("/holders")))
                if (!d.holders.contains(h))
                    d.holders << h;
        }
        list.push_back(std::move(d));
    }
    return list;
}

} // namespace raidscope
