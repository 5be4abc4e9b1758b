// SPDX-License-Identifier: GPL-3.0-or-later
#include "layoutmodel.h"

#include "layout/layoutregistry.h"
#include "layout/requestplan.h"
#include "units.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <numeric>

namespace raidscope {
namespace {

// Loads on disks after adding `demand` reads that may go to any disk in `choices`, on top of `loads`:
// water-filling, the lowest makespan a perfectly balancing controller reaches.
double waterFill(std::map<int, double> loads, const std::vector<int>& choices, double demand)
{
    std::vector<double> levels;
    for (int d : choices)
        levels.push_back(loads[d]);
    std::sort(levels.begin(), levels.end());
    double remaining = demand;
    double level = levels.front();
    std::size_t i = 0;
    while (true) {
        while (i < levels.size() && levels[i] <= level)
            ++i;
        const double next = i < levels.size() ? levels[i] : 1e300;
        const double room = double(i) * (next - level);
        if (room >= remaining) {
            level += remaining / double(i);
            break;
        }
        remaining -= room;
        level = next;
    }
    double makespan = level;
    for (const auto& [d, l] : loads)
        makespan = std::max(makespan, l);
    return makespan;
}

// The surviving copy md reads on far or offset copies: the lowest address on its member.
int lowestAddress(const BlockPlaces& places, int failedDisk)
{
    const DiskBlock* best = places.data.disk != failedDisk ? &places.data : nullptr;
    for (const DiskBlock& copy : places.copies)
        if (copy.disk != failedDisk && (!best || copy.block < best->block))
            best = &copy;
    return best ? best->disk : places.data.disk;
}

} // namespace

QString Candidate::layoutSpec() const
{
    QString s = scheme;
    if (!variant.isEmpty())
        s += QStringLiteral(" layout=") + variant;
    s += QStringLiteral(" disks=%1").arg(disks);
    if (copies > 0)
        s += QStringLiteral(" copies=%1").arg(copies);
    return s + QStringLiteral(" chunk=") + formatBytes(chunkBytes);
}

QString Candidate::spec() const
{
    QString s = layoutSpec();
    if (failedDisk >= 0)
        s += QStringLiteral(" failed=%1").arg(failedDisk);
    if (mdParityWrites)
        s += QStringLiteral(" paritywrite=md");
    if (mdMirrorReads)
        s += QStringLiteral(" mirrorread=nearest");
    return s;
}

double Candidate::pairCost(std::uint64_t a, std::uint64_t b) const
{
    const ChunkReads& ra = reads[std::size_t(a)];
    const ChunkReads& rb = reads[std::size_t(b)];
    std::map<int, double> loads;
    for (const auto& [d, l] : ra.fixed)
        loads[d] += l;
    for (const auto& [d, l] : rb.fixed)
        loads[d] += l;
    const bool aSplit = !ra.choices.empty();
    const bool bSplit = !rb.choices.empty();
    if (aSplit && bSplit) {
        if (a == b)
            return waterFill(loads, ra.choices, 2.0);
        // Two balanced demands: the makespan of the best split is the largest of demand / disks
        // over the subsets {a}, {b}, {a, b} (Hall's condition for a fractional assignment).
        std::vector<int> both = ra.choices;
        both.insert(both.end(), rb.choices.begin(), rb.choices.end());
        std::sort(both.begin(), both.end());
        both.erase(std::unique(both.begin(), both.end()), both.end());
        return std::max({ 1.0 / double(ra.choices.size()), 1.0 / double(rb.choices.size()), 2.0 / double(both.size()) });
    }
    if (aSplit)
        return waterFill(loads, ra.choices, 1.0);
    if (bSplit)
        return waterFill(loads, rb.choices, 1.0);
    double makespan = 0;
    for (const auto& [d, l] : loads)
        makespan = std::max(makespan, l);
    return makespan;
}

namespace {

std::shared_ptr<const Layout> createLayout(const Candidate& c, const LayoutRegistry& registry, std::uint64_t blockBytes,
                                           QString* error)
{
    // A small member keeps layout creation cheap; the map does not depend on the size.
    const std::uint64_t memberBytes = std::max<std::uint64_t>(c.chunkBytes * 4096, 64ull << 20);
    QString text = c.scheme;
    if (!c.variant.isEmpty())
        text += QStringLiteral(" layout=") + c.variant;
    text += QStringLiteral(" disks=%1 chunk=%2 block=%3 size=%4")
                .arg(c.disks)
                .arg(formatBytes(c.chunkBytes), formatBytes(blockBytes), formatBytes(memberBytes));
    if (c.copies > 0)
        text += QStringLiteral(" copies=%1").arg(c.copies);
    return registry.create(text, error);
}

} // namespace

int Candidate::blockCopies() const
{
    std::map<int, int> counts;
    for (const ChunkReads& r : reads)
        ++counts[r.choices.empty() ? 1 : int(r.choices.size())];
    int best = 1, most = 0;
    for (const auto& [copies, n] : counts)
        if (n > most) {
            most = n;
            best = copies;
        }
    return best;
}

double Candidate::singleCost(std::uint64_t a) const
{
    const ChunkReads& r = reads[std::size_t(a)];
    if (!r.choices.empty())
        return 1.0 / double(r.choices.size());
    double makespan = 0;
    for (const auto& [d, l] : r.fixed)
        makespan = std::max(makespan, l);
    return makespan;
}

namespace {

// The read/write figures of a built candidate: a whole rotation of its layout, request by request.
void buildWrites(Candidate& c, std::uint64_t blockBytes);

// How the candidate's controller plans a request: its failed member, md's reconstruct-always writes.
PlanOptions planOptions(const Candidate& c)
{
    PlanOptions options;
    if (c.failedDisk >= 0) {
        options.failed.assign(std::size_t(c.disks), false);
        options.failed[std::size_t(c.failedDisk)] = true;
    }
    options.alwaysReconstructWrite = c.mdParityWrites;
    return options;
}

} // namespace

const Candidate& withWrites(const Candidate& c, std::uint64_t blockBytes)
{
    if (c.writesBuilt)
        return c;
    // One lock per stripe of candidates, so that threads predicting writes for different candidates
    // build their figures at once.
    static std::array<std::mutex, 64> stripes;
    const std::lock_guard lock(stripes[(reinterpret_cast<std::uintptr_t>(&c) / alignof(Candidate)) % stripes.size()]);
    if (!c.completed) {
        auto full = std::make_shared<Candidate>(c);
        full->completed.reset();
        buildWrites(*full, blockBytes);
        c.completed = std::move(full);
    }
    return *c.completed;
}

bool buildCandidate(Candidate& c, const LayoutRegistry& registry, std::uint64_t blockBytes, QString* error,
                    bool withWrites)
{
    std::shared_ptr<const Layout> layout = c.layout ? c.layout : createLayout(c, registry, blockBytes, error);
    if (!layout)
        return false;
    c.layout = layout;
    c.patternBlocks = layout->patternBlocks();
    const std::uint64_t chunkBlocks = layout->params().chunkBlocks();
    const std::uint64_t K = c.patternBlocks / chunkBlocks;
    const PlanOptions options = planOptions(c);

    c.reads.assign(std::size_t(K), {});
    BlockPlaces places;
    for (std::uint64_t k = 0; k < K; ++k) {
        layout->places(k * chunkBlocks, places);
        Candidate::ChunkReads& r = c.reads[std::size_t(k)];
        if (c.mdMirrorReads) {
            r.choices.push_back(lowestAddress(places, c.failedDisk));
            continue;
        }
        if (places.data.disk != c.failedDisk)
            r.choices.push_back(places.data.disk);
        for (const DiskBlock& copy : places.copies)
            if (copy.disk != c.failedDisk)
                r.choices.push_back(copy.disk);
        if (!r.choices.empty())
            continue;
        // A degraded parity read: every survivor of the row is read once.
        const RequestPlan plan = planRequest(*layout, k * chunkBlocks * blockBytes, blockBytes, false, nullptr, options);
        std::map<int, double> loads;
        for (const DiskOp& op : plan.ops)
            loads[op.disk] += 1.0;
        r.fixed.assign(loads.begin(), loads.end());
    }

    c.writesBuilt = false;
    if (withWrites)
        buildWrites(c, blockBytes);
    return true;
}

namespace {

void buildWrites(Candidate& c, std::uint64_t blockBytes)
{
    const Layout* layout = c.layout.get();
    const std::uint64_t chunkBlocks = layout->params().chunkBlocks();
    const std::uint64_t K = c.patternBlocks / chunkBlocks;
    const PlanOptions options = planOptions(c);
    BlockPlaces places;
    c.writesBuilt = true;
    // Shear §2.3.4: random reads against random writes. Throughput is set by the busiest disk:
    // average the disk operations of a one-block request over a whole rotation of the layout.
    const std::uint64_t period = std::max<std::uint64_t>(K, std::uint64_t(layout->dataDisks()) * std::uint64_t(c.disks));
    std::vector<double> readLoad(std::size_t(c.disks)), writeLoad(std::size_t(c.disks));
    c.writesRead = false;
    c.writeOpsOnOneDisk = 1;
    for (std::uint64_t k = 0; k < period; ++k) {
        const std::uint64_t offset = k * chunkBlocks * blockBytes;
        const RequestPlan read = planRequest(*layout, offset, blockBytes, false, nullptr, options);
        layout->places(k * chunkBlocks, places);
        const bool balanced = !places.copies.empty() && c.failedDisk < 0;
        if (balanced && c.mdMirrorReads) {
            readLoad[std::size_t(lowestAddress(places, -1))] += 1.0;
        } else if (balanced) {
            const double share = 1.0 / double(places.copies.size() + 1);
            readLoad[std::size_t(places.data.disk)] += share;
            for (const DiskBlock& copy : places.copies)
                readLoad[std::size_t(copy.disk)] += share;
        } else {
            for (const DiskOp& op : read.ops)
                readLoad[std::size_t(op.disk)] += double(op.blocks);
        }
        const RequestPlan write = planRequest(*layout, offset, blockBytes, true, nullptr, options);
        std::map<int, double> onDisk;
        for (const DiskOp& op : write.ops) {
            writeLoad[std::size_t(op.disk)] += double(op.blocks);
            onDisk[op.disk] += double(op.blocks);
            c.writesRead |= op.kind == DiskOp::Read;
        }
        for (const auto& [d, ops] : onDisk)
            c.writeOpsOnOneDisk = std::max(c.writeOpsOnOneDisk, ops);
    }
    c.readOpsPerRead = readLoad;
    c.writeOpsPerWrite = writeLoad;
    for (double& l : c.readOpsPerRead)
        l /= double(period);
    for (double& l : c.writeOpsPerWrite)
        l /= double(period);
    const double maxRead = *std::max_element(readLoad.begin(), readLoad.end());
    const double maxWrite = *std::max_element(writeLoad.begin(), writeLoad.end());
    c.readWriteRatio = maxRead > 0 ? maxWrite / maxRead : 1;
    // A safe write reads its block first, as a read would: over the period, one read per write.
    double maxSafeWrite = 0;
    for (std::size_t d = 0; d < writeLoad.size(); ++d)
        maxSafeWrite = std::max(maxSafeWrite, writeLoad[d] + readLoad[d]);
    c.safeReadCost = maxRead > 0 ? maxSafeWrite / maxRead - c.readWriteRatio : 1;
    c.readParallelism = maxRead > 0 ? double(period) / maxRead : 1;
}

} // namespace

std::vector<Candidate> enumerateCandidates(const LayoutRegistry& registry, std::uint64_t chunkBytes,
                                           std::uint64_t blockBytes, std::uint64_t patternBlocks, int maxDisks,
                                           bool withDegraded, bool withWrites)
{
    std::vector<Candidate> out;
    for (const SchemeInfo& s : registry.schemes()) {
        QStringList variants;
        for (const VariantInfo& v : s.variants)
            variants << v.id;
        if (variants.isEmpty())
            variants << QString();
        const ParameterInfo* copiesParam = s.findParameter(QStringLiteral("copies"));
        for (const QString& variant : variants) {
            for (int disks = s.minDisks; disks <= std::min(s.maxDisks, maxDisks); ++disks) {
                std::vector<int> copyChoices { 0 };
                if (copiesParam) {
                    copyChoices.clear();
                    for (int k = std::max(2, copiesParam->min); k <= disks; ++k)
                        if (s.id != u"raid1" || k == disks)
                            copyChoices.push_back(k);
                }
                for (int copies : copyChoices) {
                    Candidate c;
                    c.scheme = s.id;
                    c.variant = variant;
                    c.disks = disks;
                    c.copies = copies;
                    c.chunkBytes = chunkBytes;
                    c.layout = createLayout(c, registry, blockBytes, nullptr);
                    if (!c.layout || (patternBlocks != 0 && c.layout->patternBlocks() != patternBlocks))
                        continue;
                    if (!buildCandidate(c, registry, blockBytes, nullptr, withWrites))
                        continue;
                    const bool parity = c.layout->redundancy() == Redundancy::SingleParity
                        || c.layout->redundancy() == Redundancy::DoubleParity;
                    out.push_back(c);
                    // md reads far and offset copies from the lowest address only (raid10.c).
                    if (s.id == u"raid10" && (variant == u"far" || variant == u"offset")) {
                        Candidate md = c;
                        md.mdMirrorReads = true;
                        if (buildCandidate(md, registry, blockBytes, nullptr, withWrites))
                            out.push_back(md);
                    }
                    if (parity && c.layout->dataDisks() > 3) { // md's writes differ only from 5 disks up
                        Candidate md = c;
                        md.mdParityWrites = true;
                        if (buildCandidate(md, registry, blockBytes, nullptr, withWrites))
                            out.push_back(md);
                    }
                    if (withDegraded && c.layout->faultTolerance() > 0) {
                        for (int f = 0; f < disks; ++f) {
                            Candidate d = c;
                            d.failedDisk = f;
                            if (buildCandidate(d, registry, blockBytes, nullptr, withWrites))
                                out.push_back(d);
                            // md's degraded reads fetch a RAID-6 row's Q as well as its P (PlanOptions).
                            d.mdParityWrites = true;
                            if (parity && c.layout->faultTolerance() > 1 && buildCandidate(d, registry, blockBytes, nullptr, withWrites))
                                out.push_back(d);
                        }
                    }
                }
            }
        }
    }
    return out;
}

} // namespace raidscope
