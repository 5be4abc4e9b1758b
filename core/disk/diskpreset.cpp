// SPDX-License-Identifier: GPL-3.0-or-later
#include "diskpreset.h"

#include "io/inputfile.h"
#include "numberrange.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QStandardPaths>

#include <algorithm>
#include <optional>

static void initRaidScopeResources()
{
    Q_INIT_RESOURCE(raidscope_core_resources); // core is a static library: pull its resources in
}

namespace raidscope {

namespace {

QStringList userPresetDirs()
{
    QStringList dirs = qEnvironmentVariable("RAIDSCOPE_DISK_PATH").split(u':', Qt::SkipEmptyParts);
    const QString home = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
    if (!home.isEmpty())
        dirs << home + QStringLiteral("/raidscope/disks");
    return dirs;
}

// The preset in `path`, or nullopt and in `*why` what is wrong with it (for refusedDiskPresets()).
std::optional<DiskPreset> readPreset(const QString& path, QString* why)
{
    QString error;
    const auto bytes = readWholeFile(path, inputcap::kPresetBytes, QStringLiteral("a disk preset"), &error);
    if (!bytes) { // a preset is a few KiB; /dev/zero or a sparse file under the name is no preset
        *why = error.startsWith(path + QStringLiteral(": ")) ? error.mid(path.size() + 2) : error;
        return std::nullopt;
    }
    QJsonParseError parse;
    const QJsonDocument doc = QJsonDocument::fromJson(*bytes, &parse);
    if (parse.error != QJsonParseError::NoError) {
        *why = QStringLiteral("not JSON (%1 at byte %2)").arg(parse.errorString()).arg(parse.offset);
        return std::nullopt;
    }
    if (!doc.isObject()) {
        *why = QStringLiteral("not a JSON object");
        return std::nullopt;
    }
    const QJsonObject o = doc.object();
    DiskPreset p;
    p.id = o.value(QStringLiteral("id")).toString();
    p.name = o.value(QStringLiteral("name")).toString();
    p.description = o.value(QStringLiteral("description")).toString();
    if (p.id.isEmpty()) {
        *why = QStringLiteral("\"id\" is missing or not a string");
        return std::nullopt;
    }
    // 1 byte to 2^63: JSON numbers are doubles, and converting 1e30 to an integer would be undefined.
    const auto capacity = wholeIfFits<std::int64_t>(o.value(QStringLiteral("capacityBytes")).toDouble(-1));
    if (!capacity || *capacity <= 0) {
        *why = QStringLiteral("\"capacityBytes\" must be a whole number of bytes above 0");
        return std::nullopt;
    }
    p.capacityBytes = std::uint64_t(*capacity);
    p.json = o;
    return p;
}

struct PresetTable
{
    std::vector<DiskPreset> presets;
    std::vector<RefusedPreset> refused;
};

const PresetTable& presetTable()
{
    static const PresetTable table = [] {
        initRaidScopeResources();
        PresetTable t;
        std::vector<DiskPreset>& out = t.presets;
        QString why;
        const QDir builtIn(QStringLiteral(":/raidscope/disks"));
        for (const QString& name : builtIn.entryList({ QStringLiteral("*.json") }, QDir::Files, QDir::Name)) {
            if (auto p = readPreset(builtIn.filePath(name), &why))
                out.push_back(std::move(*p));
            else
                t.refused.push_back({ builtIn.filePath(name), why });
        }
        const auto taken = [&out](const QString& id) {
            return std::any_of(out.begin(), out.end(), [&id](const DiskPreset& p) { return p.id == id; });
        };
        for (const QString& folder : userPresetDirs()) {
            const QDir dir(folder);
            for (const QString& name : dir.entryList({ QStringLiteral("*.json") }, QDir::Files, QDir::Name)) {
                auto p = readPreset(dir.filePath(name), &why);
                if (!p) {
                    t.refused.push_back({ dir.filePath(name), why });
                    continue;
                }
                if (taken(p->id)) {
                    t.refused.push_back({ dir.filePath(name), QStringLiteral("its id '%1' is taken by an earlier preset").arg(p->id) });
                    continue;
                }
                p->file = dir.filePath(name);
                out.push_back(std::move(*p));
            }
        }
        std::sort(out.begin(), out.end(), [](const DiskPreset& a, const DiskPreset& b) { return a.id < b.id; });
        return t;
    }();
    return table;
}

} // namespace

const std::vector<DiskPreset>& diskPresets()
{
    return presetTable().presets;
}

const std::vector<RefusedPreset>& refusedDiskPresets()
{
    return presetTable().refused;
}

QString unknownPresetNote(const QString& id)
{
    for (const RefusedPreset& r : refusedDiskPresets())
        if (QFileInfo(r.file).completeBaseName() == id)
            return QStringLiteral("; %1 was not read: %2").arg(r.file, r.why);
    return {};
}

QString userDiskPresetDir()
{
    return userPresetDirs().value(0);
}

const DiskPreset* findDiskPreset(const QString& id)
{
    for (const DiskPreset& p : diskPresets())
        if (p.id == id)
            return &p;
    return nullptr;
}

} // namespace raidscope
