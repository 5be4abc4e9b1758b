// SPDX-License-Identifier: GPL-3.0-or-later
// The stripe-size advisor's arithmetic: the storage-bottlenecks whitepaper, Scenario 2 ("Transfer
// and Drive Access", "Mechanical Latency", Illustrations 9-10): a request touches as many drives as
// stripe units it spans, each access pays the positioning before its transfer, and the accumulated
// service time is productive (transfer) plus non-productive (positioning) time.
#include "stripeadvisor.h"

#include "numberrange.h"

#include "disk/diskparameters.h"
#include "disk/diskpreset.h"
#include "disk/seekcurve.h"
#include "layout/layout.h"
#include "layout/layoutregistry.h"
#include "layout/requestplan.h"
#include "model/minerva.h"
#include "parallel.h"
#include "sim/arraysimulator.h"
#include "trace/traceanalysis.h"
#include "trace/tracesummary.h"
#include "units.h"

#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <set>

namespace raidscope {

RequestCost& RequestCost::operator+=(const RequestCost& o)
{
    dataDisks += o.dataDisks;
    ops += o.ops;
    extraOps += o.extraOps;
    positioningMs += o.positioningMs;
    productiveMs += o.productiveMs;
    return *this;
}

RequestCost RequestCost::operator*(double weight) const
{
    RequestCost c = *this;
    c.dataDisks *= weight;
    c.ops *= weight;
    c.extraOps *= weight;
    c.positioningMs *= weight;
    c.productiveMs *= weight;
    return c;
}

DriveFigures driveFigures(const DiskParameters& disk)
{
    DriveFigures f;
    if (disk.kind == DiskParameters::Kind::SolidState) {
        f.positioningMs = disk.readLatencyMs;
        f.transferBytesPerSec = disk.readMBps * 1e6;
        f.source = QStringLiteral("%1: read latency and read rate").arg(disk.id);
        return f;
    }
    // Each cylinder weighted by the sectors it holds (a random block is more likely on the outer,
    // denser zones). Cylinders are taken in groups (at most 512) for the mean over pairs; a pair in
    // one group is a third of the group apart, the mean distance of two points on a segment.
    const DiskGeometry& g = disk.geometry;
    const int cylinders = g.cylinders();
    const int groups = std::min(cylinders, 512);
    std::vector<double> weight(std::size_t(groups), 0.0);
    std::vector<double> centre(std::size_t(groups), 0.0);
    std::vector<double> width(std::size_t(groups), 0.0);
    for (int i = 0; i < groups; ++i) {
        const int first = int(std::int64_t(i) * cylinders / groups);
        const int end = int(std::int64_t(i + 1) * cylinders / groups);
        centre[std::size_t(i)] = 0.5 * (first + end - 1);
        width[std::size_t(i)] = end - first;
        for (int c = first; c < end; ++c)
            weight[std::size_t(i)] += g.zone(g.zoneOfCylinder(c)).sectorsPerTrack;
    }
    double total = 0;
    for (double w : weight)
        total += w;
    const SeekCurve seek(disk.readSeek, std::max(1, cylinders - 1));
    double meanSeekNs = 0;
    for (int i = 0; i < groups; ++i)
        for (int j = 0; j < groups; ++j) {
            const double d = i == j ? width[std::size_t(i)] / 3 : std::abs(centre[std::size_t(i)] - centre[std::size_t(j)]);
            // Between two whole distances, linearly: the curve is steep near 0.
            const int lo = int(d);
            const double t = seek.seekNs(lo) + (d - lo) * (seek.seekNs(lo + 1) - seek.seekNs(lo));
            meanSeekNs += weight[std::size_t(i)] * weight[std::size_t(j)] * t;
        }
    meanSeekNs /= total * total;
    f.positioningMs = meanSeekNs / 1e6 + disk.rotationMs / 2 + disk.commandOverheadMs;
    // Expected transfer time of a byte at a random block: sum over zones of share / rate.
    double secondsPerByte = 0;
    const double sectors = double(g.totalSectors());
    for (const DiskZone& z : g.zones()) {
        const double rate = double(z.sectorsPerTrack) * g.sectorBytes() / (disk.rotationMs / 1000);
        secondsPerByte += double(z.sectors) / sectors / rate;
    }
    f.transferBytesPerSec = 1 / secondsPerByte;
    f.source = QStringLiteral("%1: mean seek %2 ms + half a rotation %3 ms + overhead %4 ms; zones' rate")
                   .arg(disk.id)
                   .arg(meanSeekNs / 1e6, 0, 'f', 2)
                   .arg(disk.rotationMs / 2, 0, 'f', 2)
                   .arg(disk.commandOverheadMs, 0, 'f', 2);
    return f;
}

std::optional<double> parseTransferRate(const QString& text, QString* error)
{
    static const QRegularExpression re(QStringLiteral("^\\s*([0-9]*\\.?[0-9]+(?:[eE][+-]?[0-9]+)?)\\s*([KMG]i?B|B)/s\\s*$"));
    const auto m = re.match(text);
    if (!m.hasMatch()) {
        if (error)
            *error = QStringLiteral("'%1' is not a transfer rate (e.g. 64MB/s or 80MiB/s)").arg(text);
        return std::nullopt;
    }
    const double number = m.captured(1).toDouble();
    const QString unit = m.captured(2);
    double factor = 1;
    if (unit.size() == 3) // KiB, MiB, GiB
        factor = unit[0] == u'K' ? 1024.0 : unit[0] == u'M' ? 1048576.0 : 1073741824.0;
    else if (unit.size() == 2) // KB, MB, GB
        factor = unit[0] == u'K' ? 1e3 : unit[0] == u'M' ? 1e6 : 1e9;
    // From 1 KB/s to 1 TB/s: a drive's media rate, finite (1e308MB/s is not).
    constexpr double kMinRate = 1e3, kMaxRate = 1e12;
    const auto rate = checkNumberInRange(number * factor, kMinRate, kMaxRate, nullptr);
    if (!rate && error)
        *error = QStringLiteral("transfer rate '%1' must be from 1 KB/s to 1 TB/s").arg(text);
    return rate;
}

RequestCost requestCost(const Layout& layout, std::uint64_t offsetBytes, std::uint64_t sizeBytes, bool write,
                        const DriveFigures& drive)
{
    const RequestPlan plan = planRequest(layout, offsetBytes, sizeBytes, write);
    RequestCost c;
    std::set<int> dataDisks;
    const double blockBytes = double(layout.params().blockBytes);
    for (const DiskOp& op : plan.ops) {
        c.ops += 1;
        if (op.role == DiskOp::Data)
            dataDisks.insert(op.disk);
        else
            c.extraOps += 1;
        c.productiveMs += double(op.blocks) * blockBytes / drive.transferBytesPerSec * 1000;
    }
    c.dataDisks = double(dataDisks.size());
    c.positioningMs = c.ops * drive.positioningMs;
    return c;
}

bool workloadFromTrace(const TraceSummary& summary, AdvisorOptions& options, QString* error)
{
    std::vector<WorkloadSpec::SizeWeight> sizes;
    double total = 0;
    for (const auto& [bytes, count] : summary.sizeHistogram())
        if (bytes > 0) {
            sizes.push_back({ bytes, double(count) });
            total += double(count);
        }
    if (sizes.empty()) {
        if (error)
            *error = QStringLiteral("the trace has no request with a size");
        return false;
    }
    for (auto& s : sizes)
        s.weight /= total;
    options.sizes = std::move(sizes);
    options.readFraction = double(summary.reads) / double(summary.reads + summary.writes);
    if (summary.queueDepthMethod() != u"none") {
        double sum = 0;
        int n = 0;
        for (const TraceTimeBucket& b : summary.timeline.buckets()) {
            sum += summary.queueDepth(b);
            ++n;
        }
        if (n > 0)
            options.simulateOutstanding = std::max(1, int(std::lround(sum / n)));
    }
    return true;
}

std::vector<std::uint64_t> curveSizes()
{
    std::vector<std::uint64_t> v;
    for (std::uint64_t s = 4096; s <= (1u << 20); s *= 2) {
        v.push_back(s);
        if (s < (1u << 20))
            v.push_back(s + s / 2);
    }
    return v;
}

std::vector<std::uint64_t> withCurrentChunk(std::vector<std::uint64_t> candidates, std::uint64_t current)
{
    if (std::find(candidates.begin(), candidates.end(), current) == candidates.end()) {
        candidates.push_back(current);
        std::sort(candidates.begin(), candidates.end());
    }
    return candidates;
}

std::vector<std::uint64_t> defaultChunkCandidates()
{
    std::vector<std::uint64_t> v;
    for (std::uint64_t c = 4096; c <= (1u << 20); c *= 2)
        v.push_back(c);
    return v;
}

std::optional<std::vector<std::uint64_t>> parseChunkList(const QString& text, std::uint64_t blockBytes, QString* error)
{
    std::vector<std::uint64_t> out;
    for (const QString& part : text.split(u',')) {
        QString why;
        const auto bytes = parseBytes(part.trimmed(), &why);
        if (!bytes) {
            if (error)
                *error = QStringLiteral("--chunks: ") + why;
            return std::nullopt;
        }
        if (*bytes == 0 || *bytes % blockBytes != 0) {
            if (error)
                *error = QStringLiteral("--chunks: %1 is not a non-zero multiple of block=%2").arg(part.trimmed(), formatBytes(blockBytes));
            return std::nullopt;
        }
        if (std::find(out.begin(), out.end(), *bytes) != out.end()) {
            if (error)
                *error = QStringLiteral("--chunks: %1 is given twice").arg(formatBytes(*bytes));
            return std::nullopt;
        }
        out.push_back(*bytes);
    }
    return out;
}

namespace {

// Block offsets within a chunk the average takes: every one up to 64, else 64 spread evenly
// (the count of chunks spanned grows by one at a single offset per size, so the mean is within
// 1/64 of a drive of the exact one).
std::vector<std::uint64_t> offsetsInChunk(std::uint64_t chunkBlocks)
{
    std::vector<std::uint64_t> v;
    const std::uint64_t n = std::min<std::uint64_t>(chunkBlocks, 64);
    for (std::uint64_t i = 0; i < n; ++i)
        v.push_back(i * chunkBlocks / n);
    return v;
}

// Mean cost of a size over starts at `offsets` within each chunk of the pattern (at most 256 chunks).
RequestCost meanCost(const Layout& layout, std::uint64_t sizeBytes, bool write, const DriveFigures& drive,
                     const std::vector<std::uint64_t>& offsets, std::uint64_t maxChunks = 256)
{
    const std::uint64_t blockBytes = layout.params().blockBytes;
    const std::uint64_t chunkBlocks = layout.params().chunkBlocks();
    const std::uint64_t patternChunks = std::max<std::uint64_t>(1, layout.patternBlocks() / chunkBlocks);
    const std::uint64_t step = std::max<std::uint64_t>(1, patternChunks / maxChunks);
    const std::uint64_t sizeBlocks = (sizeBytes + blockBytes - 1) / blockBytes;
    RequestCost sum;
    double n = 0;
    for (std::uint64_t k = 0; k < patternChunks; k += step)
        for (const std::uint64_t off : offsets) {
            const std::uint64_t start = k * chunkBlocks + off;
            if (start + sizeBlocks > layout.logicalBlocks())
                continue;
            sum += requestCost(layout, start * blockBytes, sizeBytes, write, drive);
            n += 1;
        }
    return n > 0 ? sum * (1 / n) : sum;
}

} // namespace

std::optional<StripeAdvice> adviseStripe(const AdvisorOptions& options, const LayoutRegistry& registry, QString* error)
{
    StripeAdvice advice;
    if (options.drive) {
        advice.drive = *options.drive;
        if (!(advice.drive.positioningMs >= 0) || !(advice.drive.transferBytesPerSec > 0)
            || !std::isfinite(advice.drive.positioningMs) || !std::isfinite(advice.drive.transferBytesPerSec)) {
            if (error)
                *error = QStringLiteral("drive figures: positioning must be >= 0 and transfer above 0");
            return std::nullopt;
        }
        if (advice.drive.source.isEmpty())
            advice.drive.source = QStringLiteral("given");
    } else {
        const DiskPreset* preset = findDiskPreset(options.array.diskPreset);
        const auto disk = preset ? parseDiskParameters(*preset, error) : std::nullopt;
        if (!disk) {
            if (error && !preset)
                *error = QStringLiteral("disk=%1 is not a disk preset").arg(options.array.diskPreset);
            return std::nullopt;
        }
        advice.drive = driveFigures(*disk);
    }
    if (options.sizes.empty()) {
        if (error)
            *error = QStringLiteral("sizes: no request sizes");
        return std::nullopt;
    }
    if (!(options.readFraction >= 0 && options.readFraction <= 1)) {
        if (error)
            *error = QStringLiteral("read fraction %1 is not within 0 to 1").arg(options.readFraction);
        return std::nullopt;
    }
    // The array apart from its chunk (scheme, disks, keys): checked once, with a chunk of one block,
    // so that a candidate's error is about its chunk alone.
    ArraySpec base = options.array;
    base.chunkBytes = base.blockBytes;
    if (!registry.resolve(base, error))
        return std::nullopt;
    const std::vector<std::uint64_t> chunks = options.chunkBytes.empty() ? defaultChunkCandidates() : options.chunkBytes;
    for (const std::uint64_t chunk : chunks) {
        ArraySpec spec = options.array;
        spec.chunkBytes = chunk;
        QString why;
        const auto layout = registry.create(spec, &why);
        if (!layout) {
            if (error)
                *error = QStringLiteral("candidate chunk=%1: %2").arg(formatBytes(chunk), why);
            return std::nullopt;
        }
        CandidateCost c;
        c.chunkBytes = chunk;
        c.arraySpec = spec.toText();
        const std::vector<std::uint64_t> random = offsetsInChunk(layout->params().chunkBlocks());
        const std::vector<std::uint64_t> aligned { 0 };
        for (const WorkloadSpec::SizeWeight& s : options.sizes) {
            c.read += meanCost(*layout, s.bytes, false, advice.drive, random) * s.weight;
            c.write += meanCost(*layout, s.bytes, true, advice.drive, random) * s.weight;
            c.readAligned += meanCost(*layout, s.bytes, false, advice.drive, aligned) * s.weight;
            c.writeAligned += meanCost(*layout, s.bytes, true, advice.drive, aligned) * s.weight;
        }
        // Illustration 11's curve: fewer alignments (16 offsets, 64 chunks at most) keep it quick.
        std::vector<std::uint64_t> coarse;
        for (std::uint64_t i = 0, n = std::min<std::uint64_t>(layout->params().chunkBlocks(), 16); i < n; ++i)
            coarse.push_back(i * layout->params().chunkBlocks() / n);
        for (const std::uint64_t size : curveSizes())
            c.readIopsBySize.push_back(
                saturatedIops(meanCost(*layout, size, false, advice.drive, coarse, 64), options.array.disks.value_or(0)));
        // The analytical model beside the costs and the simulator (when Minerva models the scheme).
        QString noModel;
        if (auto lu = minervaLuFromArray(spec, &noModel)) {
            lu->meanPositionTime = advice.drive.positioningMs / 1000;
            lu->transferRate = advice.drive.transferBytesPerSec;
            MinervaInput in { *lu, {}, {} };
            for (const WorkloadSpec::SizeWeight& s : options.sizes) {
                MinervaStream stream;
                stream.requestRate = s.weight;
                stream.requestSize = double(s.bytes);
                stream.readProbability = options.readFraction;
                in.streams.push_back(stream);
            }
            if (minervaInputProblem(in).isEmpty())
                c.minervaMaxIops = evaluateMinerva(in).maxRequestRate;
        }
        const double r = options.readFraction;
        c.mixed = c.read * r;
        c.mixed += c.write * (1 - r);
        c.mixedAligned = c.readAligned * r;
        c.mixedAligned += c.writeAligned * (1 - r);
        advice.candidates.push_back(std::move(c));
    }
    if (options.simulateOutstanding > 0) {
        // One simulator per candidate, in parallel; each run is deterministic for its seed.
        WorkloadSpec w;
        w.pattern = WorkloadSpec::Random;
        w.readFraction = options.readFraction;
        w.sizes = options.sizes;
        w.outstanding = options.simulateOutstanding;
        w.count = options.simulateCount;
        std::vector<QString> errors(advice.candidates.size());
        parallelFor(int(advice.candidates.size()), options.jobs, [&](int i) {
            CandidateCost& c = advice.candidates[std::size_t(i)];
            QString why;
            const auto sim = ArraySimulator::create(c.arraySpec, &why);
            if (!sim || !sim->checkWorkload(w, &why)) {
                errors[std::size_t(i)] = QStringLiteral("candidate chunk=%1: %2").arg(formatBytes(c.chunkBytes), why);
                return;
            }
            const SimResult r = sim->run(w);
            c.simulated = CandidateCost::Simulated { r.iops(), r.responseMs.mean(), r.percentileMs(0.9), r.percentileMs(0.99) };
        });
        for (const QString& e : errors)
            if (!e.isEmpty()) {
                if (error)
                    *error = e;
                return std::nullopt;
            }
    }
    return advice;
}

StripeRecommendation recommendStripe(const StripeAdvice& advice)
{
    StripeRecommendation r;
    const auto& c = advice.candidates;
    for (int i = 0; i < int(c.size()); ++i) {
        const double ms = c[std::size_t(i)].mixed.serviceMs();
        if (r.best < 0 || ms < c[std::size_t(r.best)].mixed.serviceMs()) {
            r.runnerUp = r.best;
            r.best = i;
        } else if (r.runnerUp < 0 || ms < c[std::size_t(r.runnerUp)].mixed.serviceMs()) {
            r.runnerUp = i;
        }
    }
    if (r.best < 0)
        return r;
    const CandidateCost& b = c[std::size_t(r.best)];
    auto pct = [](double share) -> QString { return QString::number(share * 100, 'f', 0) + QStringLiteral(" %"); };
    // The costliest candidate, for contrast: what the choice saves.
    int worst = r.best;
    for (int i = 0; i < int(c.size()); ++i)
        if (c[std::size_t(i)].mixed.serviceMs() > c[std::size_t(worst)].mixed.serviceMs())
            worst = i;
    r.text = QStringLiteral("%1: %2 ms of disk time per request, %3 of it positioning")
                 .arg(formatBytes(b.chunkBytes))
                 .arg(b.mixed.serviceMs(), 0, 'f', 2)
                 .arg(pct(b.mixed.positioningShare()));
    if (worst != r.best) {
        const CandidateCost& w = c[std::size_t(worst)];
        r.text += QStringLiteral(", against %1 ms and %2 at %3")
                      .arg(w.mixed.serviceMs(), 0, 'f', 2)
                      .arg(pct(w.mixed.positioningShare()))
                      .arg(formatBytes(w.chunkBytes));
    }
    r.text += u'.';
    // The simulator's view, when it ran: the response a request sees under the workload's queue.
    if (b.simulated && c[std::size_t(worst)].simulated && worst != r.best) {
        const CandidateCost& w = c[std::size_t(worst)];
        r.text += QStringLiteral(" Simulated: %1 IOPS and p90 response %2 ms against %3 IOPS and %4 ms at %5.")
                      .arg(b.simulated->iops, 0, 'f', 0)
                      .arg(b.simulated->p90Ms, 0, 'f', 1)
                      .arg(w.simulated->iops, 0, 'f', 0)
                      .arg(w.simulated->p90Ms, 0, 'f', 1)
                      .arg(formatBytes(w.chunkBytes));
        int fastest = r.best;
        for (int i = 0; i < int(c.size()); ++i)
            if (c[std::size_t(i)].simulated && c[std::size_t(i)].simulated->iops > c[std::size_t(fastest)].simulated->iops)
                fastest = i;
        if (c[std::size_t(fastest)].simulated->iops > 1.05 * b.simulated->iops)
            r.text += QStringLiteral(" The simulator finds %1 faster (%2 IOPS): with few requests in flight, spreading a large "
                                     "request over more disks can beat the smaller disk time.")
                          .arg(formatBytes(c[std::size_t(fastest)].chunkBytes))
                          .arg(c[std::size_t(fastest)].simulated->iops, 0, 'f', 0);
    }
    if (r.runnerUp >= 0) {
        const CandidateCost& u = c[std::size_t(r.runnerUp)];
        r.close = u.mixed.serviceMs() <= 1.05 * b.mixed.serviceMs();
        r.text += QStringLiteral(" Runner-up: %1 (%2 ms)%3")
                      .arg(formatBytes(u.chunkBytes))
                      .arg(u.mixed.serviceMs(), 0, 'f', 2)
                      .arg(r.close ? QStringLiteral(", within 5 %: the choice is close, and other concerns (the host's "
                                                    "stripe, sequential runs) may decide it.")
                                   : QStringLiteral("."));
        // Every candidate inside that band, not only the runner-up: the costs cannot order them.
        QStringList band;
        for (const CandidateCost& x : c)
            if (x.mixed.serviceMs() <= 1.05 * b.mixed.serviceMs())
                band << formatBytes(x.chunkBytes);
        if (band.size() > 2)
            r.text += QStringLiteral(" Within 5 % of the best: %1; any of them serves this mix alike.").arg(band.join(QStringLiteral(", ")));
    }
    return r;
}

double saturatedIops(const RequestCost& cost, int disks)
{
    return cost.serviceMs() > 0 ? double(disks) * 1000 / cost.serviceMs() : 0;
}

HostStripeAdvice hostStripeAdvice(const Layout& controller, std::uint64_t hostStripeBytes)
{
    HostStripeAdvice a;
    a.controllerStripeBytes = controller.params().chunkBytes * std::uint64_t(controller.dataDisks());
    a.ratio = double(hostStripeBytes) / double(a.controllerStripeBytes);
    const bool parity = controller.redundancy() == Redundancy::SingleParity || controller.redundancy() == Redundancy::DoubleParity;
    // "RAID 5: ... between 2 - 4 times larger than the storage controller stripe size";
    // "RAID 0 and 1: ... between 1 - 2 times larger" (Volume Configuration Recommendations).
    a.low = parity ? 2 : 1;
    a.high = parity ? 4 : 2;
    const QString host = formatBytes(hostStripeBytes), stripe = formatBytes(a.controllerStripeBytes);
    const QString range = QStringLiteral("%1-%2x the controller's %3 stripe, %4 to %5")
                              .arg(a.low)
                              .arg(a.high)
                              .arg(stripe, formatBytes(std::uint64_t(a.low * double(a.controllerStripeBytes))),
                                  formatBytes(std::uint64_t(a.high * double(a.controllerStripeBytes))));
    if (a.ratio < a.low) {
        a.verdict = HostStripeAdvice::TooSmall;
        a.text = QStringLiteral("host stripe %1 is %2x the controller's %3 stripe: too small. Sequential writes reach the "
                                "controller in pieces of %1, so a whole stripe is rarely in its cache at once and "
                                "%4 (Illustration 13). Recommended: %5.")
                     .arg(host)
                     .arg(a.ratio, 0, 'g', 3)
                     .arg(stripe)
                     .arg(parity ? QStringLiteral("parity is computed by reading old data and parity instead of on the fly")
                                 : QStringLiteral("the controller cannot coalesce them into whole chunks"))
                     .arg(range);
    } else if (a.ratio > a.high) {
        a.verdict = HostStripeAdvice::TooLarge;
        a.text = QStringLiteral("host stripe %1 is %2x the controller's %3 stripe: too large. A busy file of up to %1 "
                                "lies on one controller, which takes all its I/O while the others idle (Illustration 14: "
                                "100 % skew). Recommended: %4.")
                     .arg(host)
                     .arg(a.ratio, 0, 'g', 3)
                     .arg(stripe, range);
    } else {
        a.text = QStringLiteral("host stripe %1 is %2x the controller's %3 stripe: in the recommended range (%4).")
                     .arg(host)
                     .arg(a.ratio, 0, 'g', 3)
                     .arg(stripe, range);
    }
    return a;
}

double skewedThroughput(int controllers, double perControllerIops, double busiestShare)
{
    if (controllers < 1 || !(perControllerIops > 0) || !(busiestShare > 0))
        return 0;
    // The busiest controller saturates at C when the whole serves C / share (Illustration 12); an
    // even load (share 1/N) reaches every controller's N x C.
    return std::min(double(controllers) * perControllerIops, perControllerIops / busiestShare);
}

std::optional<MeasuredSkew> measuredSkew(const TraceSummary& summary, int controllers)
{
    if (summary.records == 0)
        return std::nullopt;
    int used = 0;
    for (const TraceDeviceSummary& d : summary.devices)
        used += d.ios > 0;
    if (used >= 2) {
        const int b = busiestDevice(summary);
        return MeasuredSkew { used, busiestDeviceShare(summary),
            QStringLiteral("the busiest of the trace's %1 devices (device %2)").arg(used).arg(QString::fromStdString(summary.devices[std::size_t(b)].name)) };
    }
    // No device with I/Os (a summary whose records no device accounts for): nothing to measure
    // (it indexed devices[-1]; #52).
    const int busiestIndex = busiestDevice(summary);
    if (controllers < 2 || used == 0 || busiestIndex < 0)
        return std::nullopt;
    const TraceDeviceSummary& d = summary.devices[std::size_t(busiestIndex)];
    const std::vector<std::uint64_t> counts = d.regions.usedCounts();
    const double regions = double(counts.size());
    double total = 0, busiest = 0;
    // Part k covers regions [k R / N, (k + 1) R / N); a region cut by a boundary gives each side
    // its fraction of the region's I/Os.
    for (int k = 0; k < controllers; ++k) {
        const double lo = regions * k / controllers, hi = regions * (k + 1) / controllers;
        double part = 0;
        for (auto i = std::size_t(lo); i < counts.size() && double(i) < hi; ++i)
            part += double(counts[i]) * (std::min(hi, double(i + 1)) - std::max(lo, double(i)));
        busiest = std::max(busiest, part);
        total += part;
    }
    if (!(total > 0))
        return std::nullopt;
    return MeasuredSkew { controllers, busiest / total,
        QStringLiteral("the busiest of %1 equal consecutive parts of the trace's address space (%2)")
            .arg(controllers)
            .arg(formatBytes(std::uint64_t(double(counts.size()) * double(d.regions.regionBytes()) / controllers))) };
}

} // namespace raidscope
