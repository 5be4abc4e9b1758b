// SPDX-License-Identifier: GPL-3.0-or-later
#include "raid4plugin.h"

#include "raid4layout.h"

std::unique_ptr<raidscope::Layout> Raid4Plugin::create(const raidscope::ArrayParams& params, QString* error) const
{
    auto fail = [error](const QString& why) {
        if (error)
            *error = why;
        return nullptr;
    };
    if (params.disks < 3)
        return fail(QStringLiteral("raid4 needs disks >= 3, got %1").arg(params.disks));
    if (params.chunkBlocks() == 0)
        return fail(QStringLiteral("raid4 needs a chunk of at least one block"));
    const QString& v = params.variant;
    if (!v.isEmpty() && v != u"parity-last" && v != u"parity-first")
        return fail(QStringLiteral("unknown raid4 layout '%1' (known: parity-last, parity-first)").arg(v));
    return std::make_unique<raidscope::Raid4Layout>(params, v == u"parity-first");
}
