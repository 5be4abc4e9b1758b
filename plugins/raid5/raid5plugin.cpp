// SPDX-License-Identifier: GPL-3.0-or-later
#include "raid5plugin.h"

#include "raid5layout.h"

using raidscope::Raid5Layout;

std::unique_ptr<raidscope::Layout> Raid5Plugin::create(const raidscope::ArrayParams& params, QString* error) const
{
    auto fail = [error](const QString& why) {
        if (error)
            *error = why;
        return nullptr;
    };
    if (params.disks < 3)
        return fail(QStringLiteral("raid5 needs disks >= 3, got %1").arg(params.disks));
    if (params.chunkBlocks() == 0)
        return fail(QStringLiteral("raid5 needs a chunk of at least one block"));
    Raid5Layout::Algorithm algorithm;
    const QString& v = params.variant;
    if (v.isEmpty() || v == u"left-symmetric")
        algorithm = Raid5Layout::Algorithm::LeftSymmetric;
    else if (v == u"left-asymmetric")
        algorithm = Raid5Layout::Algorithm::LeftAsymmetric;
    else if (v == u"right-symmetric")
        algorithm = Raid5Layout::Algorithm::RightSymmetric;
    else if (v == u"right-asymmetric")
        algorithm = Raid5Layout::Algorithm::RightAsymmetric;
    else
        return fail(
            QStringLiteral("unknown raid5 layout '%1' (known: left-symmetric, left-asymmetric, right-symmetric, "
                           "right-asymmetric)")
                .arg(v));
    return std::make_unique<Raid5Layout>(params, algorithm);
}
