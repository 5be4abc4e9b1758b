// SPDX-License-Identifier: GPL-3.0-or-later
#include "chainedplugin.h"

#include "chainedlayout.h"

std::unique_ptr<raidscope::Layout> ChainedPlugin::create(const raidscope::ArrayParams& params, QString* error) const
{
    auto fail = [error](const QString& why) {
        if (error)
            *error = why;
        return nullptr;
    };
    if (params.disks < 2)
        return fail(QStringLiteral("chained needs disks >= 2, got %1").arg(params.disks));
    if (params.chunkBlocks() == 0)
        return fail(QStringLiteral("chained needs a chunk of at least one block"));
    if (params.diskBlocks / params.chunkBlocks() < 2)
        return fail(
            QStringLiteral("chained needs at least 2 chunks per member (a primary row and a backup row), got %1")
                .arg(params.diskBlocks / params.chunkBlocks()));
    return std::make_unique<raidscope::ChainedLayout>(params);
}
