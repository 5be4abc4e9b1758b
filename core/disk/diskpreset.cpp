// SPDX-License-Identifier: GPL-3.0-or-later
#include "diskpreset.h"

#include "io/inputfile.h"

#include <QDir>
#include <QFile>
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

std::optional<DiskPreset> readPreset(const QString& path)
{
    const auto bytes = readWholeFile(path, inputcap::kPresetBytes, QStringLiteral("a disk preset"), nullptr);
    if (!bytes) // a preset is a few KiB; /dev/zero or a sparse file under the name is no preset
        return std::nullopt;
    const QJsonObject o = QJsonDocument::fromJson(*bytes).object();
    DiskPreset p;
    p.id = o.value(QStringLiteral("id")).toString();
    p.name = o.value(QStringLiteral("name")).toString();
    p.description = o.value(QStringLiteral("description")).toString();
    p.capacityBytes = std::uint64_t(o.value(QStringLiteral("capacityBytes")).toDouble());
    p.json = o;
    if (p.id.isEmpty() || p.capacityBytes == 0)
        return std::nullopt;
    return p;
}

QStringList userPresetDirs()
{
    QStringList dirs = qEnvironmentVariable("RAIDSCOPE_DISK_PATH").split(u':', Qt::SkipEmptyParts);
    const QString home = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
    if (!home.isEmpty())
        dirs << home + QStringLiteral("/raidscope/disks");
    return dirs;
}

} // namespace

const std::vector<DiskPreset>& diskPresets()
{
    static const std::vector<DiskPreset> presets = [] {
        initRaidScopeResources();
        std::vector<DiskPreset> out;
        const QDir builtIn(QStringLiteral(":/raidscope/disks"));
        for (const QString& name : builtIn.entryList({ QStringLiteral("*.json") }, QDir::Files, QDir::Name))
            if (auto p = readPreset(builtIn.filePath(name)))
                out.push_back(std::move(*p));
        const auto taken = [&out](const QString& id) {
            return std::any_of(out.begin(), out.end(), [&id](const DiskPreset& p) { return p.id == id; });
        };
        for (const QString& folder : userPresetDirs()) {
            const QDir dir(folder);
            for (const QString& name : dir.entryList({ QStringLiteral("*.json") }, QDir::Files, QDir::Name)) {
                auto p = readPreset(dir.filePath(name));
                if (!p || taken(p->id))
                    continue;
                p->file = dir.filePath(name);
                out.push_back(std::move(*p));
            }
        }
        std::sort(out.begin(), out.end(), [](const DiskPreset& a, const DiskPreset& b) { return a.id < b.id; });
        return out;
    }();
    return presets;
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
