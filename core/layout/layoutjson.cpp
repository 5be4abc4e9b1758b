// SPDX-License-Identifier: GPL-3.0-or-later
#include "layoutjson.h"

#include "layoutregistry.h"

#include <QJsonArray>

namespace raidscope {

QString redundancyText(const Layout& layout)
{
    switch (layout.redundancy()) {
    case Redundancy::None: return QStringLiteral("none");
    case Redundancy::Mirror: return QStringLiteral("mirror x%1").arg(layout.copies());
    case Redundancy::SingleParity: return QStringLiteral("single parity");
    case Redundancy::DoubleParity: return QStringLiteral("double parity");
    }
    return {};
}

QJsonObject layoutToJson(const ResolvedArray& array, const Layout& layout, std::uint64_t firstLba, std::uint64_t endLba)
{
    const ArrayParams& p = layout.params();
    auto place = [](const DiskBlock& b) {
        return QJsonObject { { QStringLiteral("disk"), b.disk }, { QStringLiteral("diskBlock"), qint64(b.block) } };
    };
    QJsonArray blocks;
    BlockPlaces places;
    for (std::uint64_t lba = firstLba; lba < endLba; ++lba) {
        layout.places(lba, places);
        QJsonArray copies, parity;
        for (const DiskBlock& c : places.copies)
            copies.append(place(c));
        for (const ParityPlace& pp : places.parity) {
            QJsonObject o = place(pp.at);
            o.insert(QStringLiteral("kind"), pp.kind == ParityPlace::P ? QStringLiteral("P") : QStringLiteral("Q"));
            parity.append(o);
        }
        blocks.append(QJsonObject { { QStringLiteral("lba"), qint64(lba) }, { QStringLiteral("disk"), places.data.disk },
            { QStringLiteral("diskBlock"), qint64(places.data.block) }, { QStringLiteral("copies"), copies },
            { QStringLiteral("parity"), parity } });
    }
    const SmallWriteCost cost = layout.smallWriteCost();
    return QJsonObject {
        { QStringLiteral("version"), 1 },
        { QStringLiteral("spec"), array.spec.toText() },
        { QStringLiteral("scheme"), array.scheme->id },
        { QStringLiteral("layout"), p.variant },
        { QStringLiteral("disks"), p.disks },
        { QStringLiteral("chunkBytes"), qint64(p.chunkBytes) },
        { QStringLiteral("blockBytes"), qint64(p.blockBytes) },
        { QStringLiteral("patternBlocks"), qint64(layout.patternBlocks()) },
        { QStringLiteral("dataDisks"), layout.dataDisks() },
        { QStringLiteral("logicalBlocks"), qint64(layout.logicalBlocks()) },
        { QStringLiteral("redundancy"), redundancyText(layout) },
        { QStringLiteral("faultTolerance"), layout.faultTolerance() },
        { QStringLiteral("smallWrite"),
            QJsonObject { { QStringLiteral("reads"), cost.reads }, { QStringLiteral("writes"), cost.writes } } },
        { QStringLiteral("blocks"), blocks },
    };
}

} // namespace raidscope
