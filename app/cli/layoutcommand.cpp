// SPDX-License-Identifier: GPL-3.0-or-later
#include "cliargs.h"
#include "commands.h"
#include "numberrange.h"

#include "layout/layoutgrid.h"
#include "layout/layoutjson.h"
#include "layout/layoutregistry.h"
#include "units.h"

#include <cstdio>

namespace raidscope::cli {
namespace {

constexpr std::uint64_t kMaxListedBlocks = 1u << 20;

// "A:B" -> [A, B): the logical blocks to list.
bool parseBlockRange(const QString& text, std::uint64_t limit, std::uint64_t& first, std::uint64_t& end, QString* error)
{
    const QStringList parts = text.split(u':');
    const auto a = parts.size() == 2 ? parseIntegerInRange<std::uint64_t>(parts[0], 0, ~0ull, nullptr) : std::nullopt;
    const auto b = parts.size() == 2 ? parseIntegerInRange<std::uint64_t>(parts[1], 0, ~0ull, nullptr) : std::nullopt;
    first = a.value_or(0);
    end = b.value_or(0);
    if (!a || !b || end <= first) {
        *error = QStringLiteral("--blocks %1: expected A:B with A < B (logical blocks, B excluded)").arg(text);
        return false;
    }
    if (end > limit) {
        *error = QStringLiteral("--blocks %1: the array has %2 logical blocks").arg(text).arg(limit);
        return false;
    }
    if (end - first > kMaxListedBlocks) {
        *error = QStringLiteral("--blocks %1: at most %2 blocks at once").arg(text).arg(kMaxListedBlocks);
        return false;
    }
    return true;
}

QString cellText(const GridCell& c)
{
    switch (c.role) {
    case GridCell::Empty: return QStringLiteral(".");
    case GridCell::Data: return QString::number(c.number);
    case GridCell::Copy: return QString::number(c.number) + u'\'';
    case GridCell::ParityP: return QStringLiteral("P") + QString::number(c.number);
    case GridCell::ParityQ: return QStringLiteral("Q") + QString::number(c.number);
    }
    return {};
}

// Shear Fig. 1 as text: disks as columns, disk chunk rows as rows, the first pattern in brackets.
QString diagram(const Layout& layout)
{
    // Two stripes at least, as Shear Fig. 1 draws even a one-stripe pattern.
    const LayoutGrid grid = buildLayoutGrid(layout, 2 * std::uint64_t(layout.dataDisks()));
    int width = 4 + int(QString::number(grid.disks - 1).size());
    for (const auto& row : grid.cells)
        for (const GridCell& c : row)
            width = std::max(width, int(cellText(c).size()) + 2);
    QString text = QStringLiteral("%1").arg(QString(), -10);
    for (int d = 0; d < grid.disks; ++d)
        text += QStringLiteral("%1").arg(QStringLiteral("disk%1").arg(d), width + 1);
    text += u'\n';
    for (std::size_t r = 0; r < grid.rows.size(); ++r) {
        if (r > 0 && grid.rows[r] != grid.rows[r - 1] + 1)
            text += QStringLiteral("  ...\n");
        text += QStringLiteral("%1").arg(QStringLiteral("row %1").arg(grid.rows[r]), -10);
        for (int d = 0; d < grid.disks; ++d) {
            const GridCell& c = grid.at(r, d);
            const QString t = c.inPattern ? u'[' + cellText(c) + u']' : cellText(c);
            text += QStringLiteral("%1").arg(t, width + 1);
        }
        text += u'\n';
    }
    if (grid.truncated)
        text += QStringLiteral("  ... (more rows not shown)\n");
    return text;
}

} // namespace

int runLayout(const QStringList& args)
{
    CliArgs a(QStringLiteral("layout"), QStringLiteral("--array SPEC"),
        QStringLiteral("Shows where each logical block of an array lives: the first pattern drawn as Shear's "
                       "Figure 1, or the blocks of --blocks listed with their copies and parity."));
    a.option(QStringLiteral("array"), QStringLiteral("SPEC"), QStringLiteral("The array, e.g. 'raid5 layout=la disks=4 chunk=16KiB' (docs/guide/command-line.md: Array spec)."))
        .option(QStringLiteral("blocks"), QStringLiteral("A:B"), QStringLiteral("Lists logical blocks A to B (B excluded) instead of drawing the pattern."))
        .flag(QStringLiteral("json"), QStringLiteral("Prints one JSON object: the blocks of --blocks, else the first pattern's."));
    if (const auto done = a.parse(args))
        return *done;
    QString error;
    if (!a.has(QStringLiteral("array")))
        return fail(QStringLiteral("layout: --array SPEC is required (e.g. --array 'raid5 disks=4 chunk=16KiB')"), Usage);
    if (!a.positional().isEmpty())
        return fail(QStringLiteral("layout: unexpected argument '%1'").arg(a.positional().front()), Usage);

    const LayoutRegistry& reg = LayoutRegistry::instance();
    const auto spec = parseArraySpec(a.value(QStringLiteral("array")), &error);
    if (!spec)
        return fail(QStringLiteral("--array: ") + error);
    const auto resolved = reg.resolve(*spec, &error);
    const auto layout = resolved ? reg.create(*spec, &error) : nullptr;
    if (!layout)
        return fail(QStringLiteral("--array: ") + error);

    std::uint64_t first = 0;
    std::uint64_t end = std::min(layout->patternBlocks(), layout->logicalBlocks());
    const bool listBlocks = a.has(QStringLiteral("blocks"));
    if (listBlocks && !parseBlockRange(a.value(QStringLiteral("blocks")), layout->logicalBlocks(), first, end, &error))
        return fail(QStringLiteral("layout: ") + error, Usage);

    if (a.flag(QStringLiteral("json"))) {
        // Streamed: a million blocks are half a gigabyte of JSON, never held in memory at once.
        const bool written = writeLayoutJson(*resolved, *layout, first, end, [](const QByteArray& piece) {
            return std::fwrite(piece.constData(), 1, std::size_t(piece.size()), stdout) == std::size_t(piece.size());
        });
        if (!written || std::fflush(stdout) != 0)
            return fail(QStringLiteral("layout: cannot write the JSON to stdout"));
        return Ok;
    }

    const ArrayParams& p = layout->params();
    const SmallWriteCost cost = layout->smallWriteCost();
    QString text = QStringLiteral("%1\n%2\n").arg(resolved->spec.toText(), resolved->scheme->name);
    text += QStringLiteral("pattern: %1 blocks (%2), %3 chunks; stripe: %4 data chunk(s) of %5 on %6 disks\n")
                .arg(layout->patternBlocks())
                .arg(formatBytes(layout->patternBlocks() * p.blockBytes))
                .arg(layout->patternBlocks() / p.chunkBlocks())
                .arg(layout->dataDisks())
                .arg(formatBytes(p.chunkBytes))
                .arg(p.disks);
    text += QStringLiteral("redundancy: %1; survives %2 failed disk(s); small random write: %3 read(s) + %4 write(s)\n")
                .arg(redundancyText(*layout))
                .arg(layout->faultTolerance())
                .arg(cost.reads)
                .arg(cost.writes);
    text += QStringLiteral("capacity: %1 (%2 logical blocks of %3)\n\n")
                .arg(formatBytesHuman(layout->logicalBlocks() * p.blockBytes))
                .arg(layout->logicalBlocks())
                .arg(formatBytes(p.blockBytes));
    if (!listBlocks) {
        text += diagram(*layout);
        text += QStringLiteral("\nN: data chunk N   N': a copy of chunk N   Ps/Qs: parity of stripe s   [ ]: the first pattern\n");
        out(text);
        return Ok;
    }
    text += QStringLiteral("%1 %2 %3  copies / parity\n").arg(QStringLiteral("lba"), 10).arg(QStringLiteral("disk"), 5).arg(QStringLiteral("diskBlock"), 12);
    BlockPlaces places;
    for (std::uint64_t lba = first; lba < end; ++lba) {
        layout->places(lba, places);
        QStringList extra;
        for (const DiskBlock& c : places.copies)
            extra << QStringLiteral("copy %1:%2").arg(c.disk).arg(c.block);
        for (const ParityPlace& pp : places.parity)
            extra << QStringLiteral("%1 %2:%3").arg(pp.kind == ParityPlace::P ? QChar(u'P') : QChar(u'Q')).arg(pp.at.disk).arg(pp.at.block);
        text += QStringLiteral("%1 %2 %3  %4\n").arg(lba, 10).arg(places.data.disk, 5).arg(places.data.block, 12).arg(extra.join(QStringLiteral(", ")));
        if (text.size() > 32 * 1024) { // streamed, as the JSON is
            out(text);
            text.clear();
        }
    }
    out(text);
    return Ok;
}

} // namespace raidscope::cli
