// SPDX-License-Identifier: GPL-3.0-or-later
#include "raid0plugin.h"

#include "raid0layout.h"

std::unique_ptr<raidscope::Layout> Raid0Plugin::create(const raidscope::ArrayParams& params, QString* error) const
{
    if (params.disks < 1 || params.chunkBlocks() == 0) {
        if (error)
            *error = QStringLiteral("raid0 needs disks >= 1 and a chunk of at least one block");
        return nullptr;
    }
    return std::make_unique<raidscope::Raid0Layout>(params);
}
