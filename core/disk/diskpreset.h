// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QString>

#include <cstdint>
#include <vector>

namespace raidscope {

/// A disk preset from resources/disks/*.json. Layouts need only its capacity; the disk model
/// (core/disk) reads the rest of `json`.
struct DiskPreset
{
    QString id;
    QString name;
    QString description;
    std::uint64_t capacityBytes = 0;
    QJsonObject json;
};

/// All built-in presets, sorted by id; loaded once from the resources compiled into core.
const std::vector<DiskPreset>& diskPresets();
/// nullptr when no preset has this id.
const DiskPreset* findDiskPreset(const QString& id);

} // namespace raidscope
