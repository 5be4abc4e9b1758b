// SPDX-License-Identifier: GPL-3.0-or-later
#include "raid1plugin.h"

#include "raid1layout.h"

std::unique_ptr<raidscope::Layout> Raid1Plugin::create(const raidscope::ArrayParams& params, QString* error) const
{
    auto fail = [error](const QString& why) {
        if (error)
            *error = why;
        return nullptr;
    };
    if (params.disks < 2)
        return fail(QStringLiteral("raid1 needs disks >= 2, got %1").arg(params.disks));
    if (params.chunkBlocks() == 0)
        return fail(QStringLiteral("raid1 needs a chunk of at least one block"));
    const int copies = params.copies == 0 ? params.disks : params.copies; // default: every member
    if (copies != params.disks)
        return fail(QStringLiteral("raid1 mirrors every member: copies must equal disks (got copies=%1, disks=%2); "
                                   "use raid10 for fewer copies")
                        .arg(copies)
                        .arg(params.disks));
    return std::make_unique<raidscope::Raid1Layout>(params);
}
