// SPDX-License-Identifier: GPL-3.0-or-later
#include "raid6plugin.h"

#include "raid6layout.h"

using raidscope::Raid6Layout;

std::unique_ptr<raidscope::Layout> Raid6Plugin::create(const raidscope::ArrayParams& params, QString* error) const
{
    auto fail = [error](const QString& why) {
        if (error)
            *error = why;
        return nullptr;
    };
    if (params.disks < 4)
        return fail(QStringLiteral("raid6 needs disks >= 4, got %1").arg(params.disks));
    if (params.chunkBlocks() == 0)
        return fail(QStringLiteral("raid6 needs a chunk of at least one block"));
    Raid6Layout::Algorithm algorithm;
    const QString& v = params.variant;
    if (v.isEmpty() || v == u"left-symmetric")
        algorithm = Raid6Layout::Algorithm::LeftSymmetric;
    else if (v == u"left-asymmetric")
        algorithm = Raid6Layout::Algorithm::LeftAsymmetric;
    else if (v == u"right-symmetric")
        algorithm = Raid6Layout::Algorithm::RightSymmetric;
    else if (v == u"right-asymmetric")
        algorithm = Raid6Layout::Algorithm::RightAsymmetric;
    else if (v == u"continuous")
        algorithm = Raid6Layout::Algorithm::Continuous;
    else
        return fail(
            QStringLiteral("unknown raid6 layout '%1' (known: left-symmetric, left-asymmetric, right-symmetric, "
                           "right-asymmetric, continuous)")
                .arg(v));
    return std::make_unique<Raid6Layout>(params, algorithm);
}
