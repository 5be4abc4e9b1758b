// SPDX-License-Identifier: GPL-3.0-or-later
#include "zigzagplugin.h"

#include "zigzaglayout.h"

std::unique_ptr<raidscope::Layout> ZigzagPlugin::create(const raidscope::ArrayParams& params, QString* error) const
{
    if (params.disks < 2 || params.chunkBlocks() == 0) {
        if (error)
            *error = QStringLiteral("zigzag needs disks >= 2 and a chunk of at least one block (got disks=%1)")
                         .arg(params.disks);
        return nullptr;
    }
    return std::make_unique<raidscope::ZigzagLayout>(params);
}
