// SPDX-License-Identifier: GPL-3.0-or-later
#include "disksimlayoutg4.h"

#include "diskgeometry.h"
#include "disksimparams.h"
#include "numberrange.h"

#include <QJsonObject>

#include <algorithm>
#include <cmath>
#include <limits>

namespace raidscope {

namespace {

    struct Track
    {
        int firstLbn = 0, lastLbn = 0, sectorsPerTrack = 0;
    };
    // One index entry as layout_g4_load.c (g4_load_idx) reads it: lbn, cyl, off, len, cyllen, alen, runlen,
    // cylrunlen, childtype, child, and for a TRACK child its head.
    struct Entry
    {
        std::int64_t lbn = 0, cyl = 0, len = 0, cylLen = 0, runLen = 0, cylRunLen = 0;
        bool track = false;
        int child = 0;
        int head = 0;
    };

    struct Walker
    {
        const std::vector<Track>& tracks;
        const std::vector<std::vector<Entry>>& nodes;
        int surfaces = 0;
        std::vector<std::int64_t> lbnsPerCylinder;
        std::vector<std::uint8_t> seen; // cylinder * surfaces + head
        std::vector<int> sptPerCylinder; // a track's physical sectors, -1 when tracks of the cylinder differ
        LayoutG4Summary& out;
        QString error;

        bool walk(int node, std::int64_t cylBase, int depth)
        {
            if (depth > 64)
                return fail(QStringLiteral("IDX node %1: the index nests deeper than 64 (a loop?)").arg(node));
            for (const Entry& e : nodes[std::size_t(node)]) {
                if (e.len < 1 || e.cylLen < 1 || e.runLen < 1)
                    return fail(QStringLiteral("IDX node %1: an entry with len, cyllen or runlen below 1").arg(node));
                const std::int64_t step = e.cylRunLen < 0 ? -e.cylLen : e.cylLen;
                if (e.cylRunLen < 0)
                    out.serpentine = true;
                const std::int64_t instances = (e.runLen + e.len - 1) / e.len;
                for (std::int64_t q = 0; q < instances; ++q) {
                    const std::int64_t cyl = cylBase + e.cyl + q * step;
                    if (cyl < 0 || cyl > 10'000'000)
                        return fail(QStringLiteral("IDX node %1: cylinder %2 out of range").arg(node).arg(cyl));
                    if (!e.track) {
                        if (!walk(e.child, cyl, depth + 1))
                            return false;
                        continue;
                    }
                    if (e.head < 0 || e.head >= surfaces)
                        return fail(QStringLiteral("IDX node %1: head %2 of %3 surfaces").arg(node).arg(e.head).arg(surfaces));
                    const Track& t = tracks[std::size_t(e.child)];
                    const std::int64_t lbns = std::min(e.len, e.runLen - q * e.len);
                    const auto c = std::size_t(cyl);
                    if (c >= lbnsPerCylinder.size()) {
                        lbnsPerCylinder.resize(c + 1, 0);
                        sptPerCylinder.resize(c + 1, 0);
                        seen.resize((c + 1) * std::size_t(surfaces), 0);
                    }
                    std::uint8_t& s = seen[c * std::size_t(surfaces) + std::size_t(e.head)];
                    if (s)
                        return fail(QStringLiteral("IDX node %1: cylinder %2 head %3 mapped twice").arg(node).arg(cyl).arg(e.head));
                    s = 1;
                    lbnsPerCylinder[c] += lbns;
                    int& spt = sptPerCylinder[c];
                    if (spt == 0)
                        spt = t.sectorsPerTrack;
                    else if (spt != t.sectorsPerTrack)
                        out.mixedSurfaces = true;
                    out.treeBlocks += std::uint64_t(lbns);
                    ++out.tracks;
                }
            }
            return true;
        }
        bool fail(const QString& what)
        {
            error = what;
            return false;
        }
    };

    bool integersOf(const DiskSimValue& list, std::vector<std::int64_t>& out)
    {
        for (const DiskSimValue& v : list.items) {
            if (!v.isNumber() || v.number != std::floor(v.number))
                return false;
            out.push_back(std::int64_t(v.number));
        }
        return true;
    }

} // namespace

std::optional<LayoutG4Summary> summarizeLayoutG4(const DiskSimValue& layout, int surfaces, QString* error)
{
    auto failAt = [&](const DiskSimValue& v, const QString& what) {
        if (error)
            *error = v.where() + QStringLiteral(": dm_layout_g4 ") + what;
        return std::nullopt;
    };
    QString err;
    const DiskSimValue* tp = layout.listAt(u"TP", &err);
    const DiskSimValue* idx = tp ? layout.listAt(u"IDX", &err) : nullptr;
    if (!idx) {
        if (error)
            *error = err;
        return std::nullopt;
    }
    std::vector<std::int64_t> tpNumbers;
    if (!integersOf(*tp, tpNumbers) || tpNumbers.size() % 3 != 0)
        return failAt(*tp, QStringLiteral("TP must be integer triples (low, high, spt)"));
    std::vector<Track> tracks;
    for (std::size_t i = 0; i < tpNumbers.size(); i += 3) {
        const Track t { int(tpNumbers[i]), int(tpNumbers[i + 1]), int(tpNumbers[i + 2]) };
        if (t.firstLbn < 0 || t.lastLbn < t.firstLbn || t.sectorsPerTrack <= t.lastLbn)
            return failAt(*tp, QStringLiteral("TP %1: needs 0 <= low <= high < spt").arg(i / 3));
        tracks.push_back(t);
    }
    std::vector<std::vector<Entry>> nodes;
    for (const DiskSimValue& node : idx->items) {
        if (!node.isList())
            return failAt(node, QStringLiteral("IDX must be a list of lists"));
        std::vector<Entry> entries;
        std::size_t i = 0;
        const auto& v = node.items;
        auto integer = [&](std::size_t k, std::int64_t& to) {
            // Rounded when int64 holds it; a 1e300 in the table is no LBN (llround would be unspecified).
            const auto n = k < v.size() && v[k].isNumber() ? roundedIfFits<std::int64_t>(v[k].number) : std::nullopt;
            to = n.value_or(0);
            return n.has_value();
        };
        while (i < v.size()) {
            Entry e;
            std::int64_t child = 0, head = 0;
            // off (i + 2) and alen (i + 5) are angles: the skews the zones do not hold.
            const bool ok = integer(i, e.lbn) && integer(i + 1, e.cyl) && integer(i + 3, e.len) && integer(i + 4, e.cylLen)
                && integer(i + 6, e.runLen) && integer(i + 7, e.cylRunLen) && i + 8 < v.size() && v[i + 8].isString()
                && integer(i + 9, child);
            if (!ok)
                return failAt(v[std::min(i, v.size() - 1)],
                    QStringLiteral("IDX entry: expected lbn, cyl, off, len, cyllen, alen, runlen, cylrunlen, TRACK|IDX, child"));
            e.track = v[i + 8].text == QLatin1String("TRACK");
            if (!e.track && v[i + 8].text != QLatin1String("IDX"))
                return failAt(v[i + 8], QStringLiteral("child type '%1' (TRACK or IDX)").arg(v[i + 8].text));
            i += 10;
            if (e.track) {
                if (!integer(i, head))
                    return failAt(v[i - 1], QStringLiteral("IDX entry: a TRACK child needs its head"));
                ++i;
            }
            e.child = int(child);
            e.head = int(head);
            const std::size_t limit = e.track ? tracks.size() : std::size_t(idx->items.size());
            if (child < 0 || std::size_t(child) >= limit)
                return failAt(v[i - 1], QStringLiteral("IDX entry: child %1 out of range").arg(child));
            entries.push_back(e);
        }
        nodes.push_back(std::move(entries));
    }
    if (nodes.empty())
        return failAt(*idx, QStringLiteral("IDX is empty"));

    LayoutG4Summary out;
    Walker w { tracks, nodes, surfaces, {}, {}, {}, out, {} };
    if (!w.walk(int(nodes.size()) - 1, 0, 0))
        return failAt(*idx, w.error);
    out.cylinders = int(w.lbnsPerCylinder.size());
    for (std::uint8_t s : w.seen)
        out.tracksMissing += s ? 0 : 1;

    // Slips: (lbn, count) pairs, the counts added up as g4_load_slips does; a slip at DiskSim's LBN x
    // with s slipped before it sits at x + s of the tree's LBNs.
    std::vector<std::uint64_t> slipAt; // tree LBN of each slipped sector run, with its count
    std::vector<std::uint64_t> slipCount;
    if (const DiskSimValue* slips = layout.find(u"Slips"); slips && slips->isList()) {
        std::vector<std::int64_t> s;
        if (!integersOf(*slips, s) || s.size() % 2 != 0)
            return failAt(*slips, QStringLiteral("Slips must be integer pairs (lbn, count)"));
        std::uint64_t before = 0;
        for (std::size_t i = 0; i < s.size(); i += 2) {
            if (s[i] < 0 || s[i + 1] < 0)
                return failAt(*slips, QStringLiteral("Slips must be non-negative"));
            slipAt.push_back(std::uint64_t(s[i]) + before);
            slipCount.push_back(std::uint64_t(s[i + 1]));
            before += std::uint64_t(s[i + 1]);
        }
        out.slipped = before;
    }
    if (const DiskSimValue* remaps = layout.find(u"Remaps"); remaps && remaps->isList())
        out.remaps = remaps->items.size() / 6;

    // Zones: runs of cylinders with the same LBNs per track, rounded up.
    std::uint64_t treeLbn = 0;
    std::size_t slip = 0;
    for (int c = 0; c < out.cylinders; ++c) {
        const std::int64_t lbns = w.lbnsPerCylinder[std::size_t(c)];
        const int spt = int((lbns + surfaces - 1) / surfaces);
        if (out.zones.empty() || out.zones.back().sectorsPerTrack != spt || spt == 0)
            out.zones.push_back({ c, 0, spt, 0, 0 });
        LayoutG4Zone& z = out.zones.back();
        ++z.cylinders;
        treeLbn += std::uint64_t(lbns);
        std::uint64_t slippedHere = 0;
        while (slip < slipAt.size() && slipAt[slip] < treeLbn)
            slippedHere += slipCount[slip++];
        z.blocks += std::uint64_t(lbns) - std::min<std::uint64_t>(std::uint64_t(lbns), slippedHere);
    }
    // A cylinder without LBNs (spare) joins the zone before it; spt 0 cannot be a zone of its own.
    std::vector<LayoutG4Zone> merged;
    for (const LayoutG4Zone& z : out.zones) {
        if (z.sectorsPerTrack == 0 && !merged.empty()) {
            merged.back().cylinders += z.cylinders;
            merged.back().blocks += z.blocks;
        } else if (!merged.empty() && merged.back().sectorsPerTrack == z.sectorsPerTrack) {
            merged.back().cylinders += z.cylinders;
            merged.back().blocks += z.blocks;
        } else {
            merged.push_back(z);
        }
    }
    out.zones = std::move(merged);
    if (out.zones.empty() || out.zones.front().sectorsPerTrack == 0)
        return failAt(*idx, QStringLiteral("maps no LBN"));
    for (LayoutG4Zone& z : out.zones)
        z.spares = std::uint64_t(z.cylinders) * std::uint64_t(surfaces) * std::uint64_t(z.sectorsPerTrack) - z.blocks;
    return out;
}

QString appendLayoutG4Zones(LayoutG4Summary& g4, std::optional<std::int64_t> blockCount, double rpm, double headSwitchMs,
    std::vector<ZoneSpec>& specs, QJsonArray& zonesJson)
{
    std::uint64_t blocks = 0;
    for (const LayoutG4Zone& z : g4.zones)
        blocks += z.blocks;
    if (blockCount && *blockCount > 0 && std::uint64_t(*blockCount) < blocks) {
        const std::uint64_t extra = blocks - std::uint64_t(*blockCount);
        g4.zones.back().spares += extra;
        g4.zones.back().blocks -= std::min(extra, g4.zones.back().blocks);
    }
    // ZoneSpec counts spares in an int: a zone of more spare sectors than that (only a corrupt or hostile
    // tree gives one: 2^31 sectors is a terabyte) is refused rather than narrowed to another count (#52).
    for (const LayoutG4Zone& z : g4.zones)
        if (z.spares > std::uint64_t(std::numeric_limits<int>::max()))
            return QStringLiteral("the zone from cylinder %1 holds %2 spare sectors, more than %3")
                .arg(z.firstCylinder)
                .arg(z.spares)
                .arg(std::numeric_limits<int>::max());
    for (const LayoutG4Zone& z : g4.zones) {
        // DiskSim's defunct -2 skew option computed a skew so (layout_g1_load.c, initialize_bands).
        const double sectorMs = 60000.0 / rpm / z.sectorsPerTrack;
        // A skew is an angle: whole turns of it are taken off (the same place on the track) before
        // it becomes an int, which 1e300 ms of head switch would overflow (#52).
        const double covering = std::ceil(headSwitchMs / sectorMs - 1e-9);
        const int skew = int(std::fmod(covering, double(std::max(1, z.sectorsPerTrack))));
        ZoneSpec spec;
        spec.cylinders = z.cylinders;
        spec.sectorsPerTrack = z.sectorsPerTrack;
        spec.trackSkewSectors = skew;
        spec.cylinderSkewSectors = skew;
        spec.firstBlockSectors = 0;
        spec.spares = int(z.spares);
        specs.push_back(spec);
        QJsonObject zj;
        zj[QStringLiteral("firstCylinder")] = z.firstCylinder;
        zj[QStringLiteral("cylinders")] = z.cylinders;
        zj[QStringLiteral("sectorsPerTrack")] = z.sectorsPerTrack;
        zj[QStringLiteral("trackSkewSectors")] = skew;
        zj[QStringLiteral("cylinderSkewSectors")] = skew;
        zj[QStringLiteral("firstBlockSectors")] = 0;
        if (z.spares)
            zj[QStringLiteral("spares")] = double(z.spares);
        zonesJson.append(zj);
    }
    return {};
}

QString layoutG4Warning(const LayoutG4Summary& g4)
{
    return QStringLiteral("dm_layout_g4: %1 tracks of %2 cylinders read into %3 zones of whole tracks, each "
                           "cylinder with DiskSim's LBNs (the sectors a zone holds beyond them and the %4 "
                           "slipped are spares at the zone's end); not modelled: %5each surface's own sectors "
                           "per track%6, the patterns' skews (a head switch's worth of sectors instead), where "
                           "in a zone the slips fall%7")
                .arg(g4.tracks)
                .arg(g4.cylinders)
                .arg(g4.zones.size())
                .arg(g4.slipped)
                .arg(g4.serpentine ? QStringLiteral("the serpentine order of tracks (runs of cylinders "
                                                     "walked up on one surface, down on the next), ")
                                    : QString())
                .arg(g4.mixedSurfaces ? QStringLiteral(" (they differ here)") : QString())
                .arg(g4.remaps ? QStringLiteral(", %1 remapped defects").arg(g4.remaps) : QString());
}

} // namespace raidscope
