// SPDX-License-Identifier: GPL-3.0-or-later
#include "diskpreset.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>

#include <algorithm>

static void initRaidScopeResources()
{
    Q_INIT_RESOURCE(raidscope_core_resources); // core is a static library: pull its resources in
}

namespace raidscope {

const std::vector<DiskPreset>& diskPresets()
{
    static const std::vector<DiskPreset> presets = [] {
        initRaidScopeResources();
        std::vector<DiskPreset> out;
        const QDir dir(QStringLiteral(":/raidscope/disks"));
        for (const QString& name : dir.entryList({ QStringLiteral("*.json") }, QDir::Files, QDir::Name)) {
            QFile file(dir.filePath(name));
            if (!file.open(QIODevice::ReadOnly))
                continue;
            const QJsonObject o = QJsonDocument::fromJson(file.readAll()).object();
            DiskPreset p;
            p.id = o.value(QStringLiteral("id")).toString();
            p.name = o.value(QStringLiteral("name")).toString();
            p.description = o.value(QStringLiteral("description")).toString();
            p.capacityBytes = std::uint64_t(o.value(QStringLiteral("capacityBytes")).toDouble());
            p.json = o;
            if (!p.id.isEmpty() && p.capacityBytes > 0)
                out.push_back(std::move(p));
        }
        std::sort(out.begin(), out.end(), [](const DiskPreset& a, const DiskPreset& b) { return a.id < b.id; });
        return out;
    }();
    return presets;
}

const DiskPreset* findDiskPreset(const QString& id)
{
    for (const DiskPreset& p : diskPresets())
        if (p.id == id)
            return &p;
    return nullptr;
}

} // namespace raidscope
