// SPDX-License-Identifier: GPL-3.0-or-later
#include "raid10plugin.h"

#include "raid10layout.h"

using raidscope::Raid10Layout;

std::unique_ptr<raidscope::Layout> Raid10Plugin::create(const raidscope::ArrayParams& params, QString* error) const
{
    auto fail = [error](const QString& why) {
        if (error)
            *error = why;
        return nullptr;
    };
    if (params.disks < 2)
        return fail(QStringLiteral("raid10 needs disks >= 2, got %1").arg(params.disks));
    if (params.chunkBlocks() == 0)
        return fail(QStringLiteral("raid10 needs a chunk of at least one block"));
    const int copies = params.copies == 0 ? 2 : params.copies; // md's default layout n2
    if (copies < 2 || copies > params.disks)
        return fail(QStringLiteral("raid10 needs copies from 2 to disks (%1), got %2").arg(params.disks).arg(copies));

    Raid10Layout::Variant variant;
    if (params.variant.isEmpty() || params.variant == u"near")
        variant = Raid10Layout::Variant::Near;
    else if (params.variant == u"far")
        variant = Raid10Layout::Variant::Far;
    else if (params.variant == u"offset")
        variant = Raid10Layout::Variant::Offset;
    else
        return fail(QStringLiteral("unknown raid10 layout '%1' (known: near, far, offset)").arg(params.variant));

    auto layout = std::make_unique<Raid10Layout>(params, variant, copies);
    if (layout->logicalBlocks() == 0)
        return fail(QStringLiteral("raid10 with %1 copies over %2 disks needs at least %3 chunks per member, got %4")
                        .arg(copies)
                        .arg(params.disks)
                        .arg(variant == Raid10Layout::Variant::Near ? 1 : copies)
                        .arg(params.diskBlocks / params.chunkBlocks()));
    return layout;
}
