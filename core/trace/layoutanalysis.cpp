// SPDX-License-Identifier: GPL-3.0-or-later
// A trace through an array's layout: the simulator's request mapping without its timing (#56).
#include "layoutanalysis.h"

#include "layout/arrayspec.h"
#include "parallel.h"
#include "sim/arraysimulator.h"
#include "sim/replaymapping.h"
#include "sim/simconfig.h"

#include <QFileInfo>

#include <algorithm>

namespace raidscope {

const char* toString(WritePath path)
{
    switch (path) {
    case WritePath::Direct: return "direct";
    case WritePath::FullStripe: return "fullStripe";
    case WritePath::ReconstructWrite: return "reconstructWrite";
    case WritePath::ReadModifyWrite: return "readModifyWrite";
    case WritePath::Mixed: return "mixed";
    }
    return "?";
}

void MemberTimeline::reset(int memberCount, bool requestOrder)
{
    members = memberCount;
    byRequest = requestOrder;
    bucketWidth = requestOrder ? 1 : kFirstBucketNs;
    used = 0;
    ops.assign(std::size_t(memberCount) * kBuckets, 0);
}

std::size_t MemberTimeline::bucket(double t)
{
    t = std::max(0.0, t);
    while (t / bucketWidth >= double(kBuckets)) {
        // Pairs merge: bucket i of the wider grid holds old buckets 2i and 2i + 1.
        for (int m = 0; m < members; ++m) {
            std::uint64_t* row = ops.data() + std::size_t(m) * kBuckets;
            for (std::size_t i = 0; i < kBuckets / 2; ++i)
                row[i] = row[2 * i] + row[2 * i + 1];
            std::fill(row + kBuckets / 2, row + kBuckets, 0);
        }
        used = (used + 1) / 2;
        bucketWidth *= 2;
    }
    const auto b = std::min(kBuckets - 1, std::size_t(t / bucketWidth));
    used = std::max(used, b + 1);
    return b;
}

void HotChunkCounter::add(std::uint64_t chunk)
{
    if (const auto it = m_counts.find(chunk); it != m_counts.end()) {
        ++it->second;
        return;
    }
    if (m_counts.size() < kCounters) {
        m_counts.emplace(chunk, 1);
        return;
    }
    // Misra-Gries: a new item with every counter taken decrements them all (and is itself dropped).
    // Each decrement round cancels kCounters + 1 touches, so rounds are at most n / (kCounters + 1)
    // and cost O(1) a touch amortized.
    ++m_decrements;
    for (auto it = m_counts.begin(); it != m_counts.end();)
        it = --it->second == 0 ? m_counts.erase(it) : std::next(it);
}

std::vector<HotChunk> HotChunkCounter::top(std::size_t n) const
{
    std::vector<HotChunk> all;
    all.reserve(m_counts.size());
    for (const auto& [chunk, count] : m_counts)
        all.push_back(HotChunk { chunk, count });
    const auto hotter = [](const HotChunk& a, const HotChunk& b) {
        return a.requests != b.requests ? a.requests > b.requests : a.chunk < b.chunk;
    };
    n = std::min(n, all.size());
    std::partial_sort(all.begin(), all.begin() + std::ptrdiff_t(n), all.end(), hotter);
    all.resize(n);
    return all;
}

double LayoutAnalysis::memberSkew() const
{
    std::uint64_t most = 0, sum = 0;
    int working = 0;
    for (const MemberLoad& m : members) {
        if (m.failed)
            continue;
        most = std::max(most, m.ops());
        sum += m.ops();
        ++working;
    }
    return sum > 0 ? double(most) / (double(sum) / working) : 0;
}

int LayoutAnalysis::hottestMember() const
{
    int best = -1;
    for (int i = 0; i < int(members.size()); ++i)
        if (members[std::size_t(i)].ops() > 0 && (best < 0 || members[std::size_t(i)].ops() > members[std::size_t(best)].ops()))
            best = i;
    return best;
}

LayoutAnalyzer::LayoutAnalyzer(std::unique_ptr<ArraySimulator> sim, int hotChunks)
    : m_sim(std::move(sim))
    , m_planner(m_sim->planner())
    , m_hotChunks(std::size_t(std::max(0, hotChunks)))
{
    const Layout& layout = m_sim->layout();
    const SimConfig& config = m_sim->config();
    const ArrayParams& p = layout.params();
    m_arrayBytes = m_sim->arrayBytes();
    m_a.arraySpec = m_sim->arraySpec();
    m_a.scheme = parseArraySpec(m_a.arraySpec, nullptr).value_or(ArraySpec {}).scheme;
    m_a.disks = p.disks;
    m_a.dataDisks = layout.dataDisks();
    m_a.chunkBytes = p.chunkBytes;
    m_a.stripeDataBytes = std::uint64_t(layout.dataDisks()) * p.chunkBytes;
    m_a.redundancy = layout.redundancy();
    m_a.members.resize(std::size_t(p.disks));
    for (int m = 0; m < p.disks; ++m) {
        m_a.members[std::size_t(m)].failed = std::size_t(m) < config.failed.size() && config.failed[std::size_t(m)];
        if (std::size_t(m) < config.speed.size())
            m_a.members[std::size_t(m)].speed = config.speed[std::size_t(m)];
    }
    m_a.mirrorReadsOnPrimary = layout.redundancy() == Redundancy::Mirror && config.failedCount() == 0
        && config.mirrorRead != SimConfig::MirrorRead::Primary;
    m_a.readCache = config.readCacheBytes > 0;
    m_a.timeDependent = config.timeDependent();
    m_a.timeline.reset(p.disks, false);
}

LayoutAnalyzer::~LayoutAnalyzer() = default;

std::unique_ptr<LayoutAnalyzer> LayoutAnalyzer::create(const QString& arraySpec, QString* error, int hotChunks)
{
    auto sim = ArraySimulator::create(arraySpec, error);
    if (!sim)
        return nullptr;
    return std::unique_ptr<LayoutAnalyzer>(new LayoutAnalyzer(std::move(sim), hotChunks));
}

void LayoutAnalyzer::add(double t, std::uint64_t offsetBytes, std::uint64_t sizeBytes, bool write)
{
    const Layout& layout = m_sim->layout();
    const ArrayParams& p = layout.params();
    // Where the simulator's replay puts the record (ArraySimulator's arrival()).
    const ReplayPlace place = mapReplayRequest(offsetBytes, sizeBytes, m_arrayBytes, p.blockBytes);
    if (place.offsetBytes != offsetBytes || place.sizeBytes != sizeBytes)
        ++m_a.wrapped;
    const IoRequest io { place.offsetBytes, place.sizeBytes, write };
    ++m_a.requests;
    (write ? m_a.writes : m_a.reads) += 1;
    (write ? m_a.bytesWritten : m_a.bytesRead) += place.sizeBytes;

    // The operations the simulator issues for it: its planner's, phase 1 and phase 2 alike.
    m_phase1.clear();
    m_phase2.clear();
    bool lost = false;
    WritePlanSummary summary;
    if (!m_planner.plan(io, 0, m_phase1, m_phase2, lost, &summary)) {
        // A healthy mirror's read, which the simulator plans as it dispatches (planMirrorRead()): one
        // operation per chunk touched, on the copy mirrorread= picks; here the data place's.
        m_planner.planDataRead(io, 0, m_phase1);
    }
    m_a.lost += lost ? 1 : 0;
    const std::size_t bucket = m_a.timeline.bucket(t);
    for (const auto* phase : { &m_phase1, &m_phase2 }) {
        for (const PhysOp& op : *phase) {
            MemberLoad& m = m_a.members[op.member];
            const std::uint64_t bytes = std::uint64_t(op.sectors) * 512;
            if (op.write) {
                ++m.writeOps;
                m.bytesWritten += bytes;
            } else {
                ++m.readOps;
                m.bytesRead += bytes;
            }
            ++m_a.timeline.ops[std::size_t(op.member) * MemberTimeline::kBuckets + bucket];
        }
    }
    const std::uint64_t ops = m_phase1.size() + m_phase2.size();
    m_a.diskOps += ops;

    if (write) {
        // The path: the method md chose for each stripe (as the planner reports it), one for the request
        // when all agree, else mixed.
        WritePath path = WritePath::Direct;
        int methods = 0;
        for (std::size_t m = 0; m < summary.stripesByMethod.size(); ++m) {
            if (summary.stripesByMethod[m] == 0)
                continue;
            ++methods;
            switch (ParityMethod(m)) {
            case ParityMethod::FullStripe: path = WritePath::FullStripe; break;
            case ParityMethod::ReadModifyWrite: path = WritePath::ReadModifyWrite; break;
            case ParityMethod::ReconstructWrite: path = WritePath::ReconstructWrite; break;
            case ParityMethod::Mixed: path = WritePath::Mixed; break;
            }
        }
        if (methods > 1)
            path = WritePath::Mixed;
        WritePathCount& c = m_a.writePaths[std::size_t(path)];
        ++c.requests;
        c.diskOps += ops;
        c.extraOps += ops - std::min<std::uint64_t>(ops, summary.dataWrites);
    }

    // Alignment and boundaries, on the array's chunk and stripe.
    const std::uint64_t first = io.offsetBytes, last = io.offsetBytes + io.sizeBytes - 1;
    const std::uint64_t firstChunk = first / p.chunkBytes, lastChunk = last / p.chunkBytes;
    m_a.alignment.chunkAligned += first % p.chunkBytes == 0 ? 1 : 0;
    m_a.alignment.stripeAligned += first % m_a.stripeDataBytes == 0 ? 1 : 0;
    ++m_a.alignment.crossings[std::size_t(std::min<std::uint64_t>(2, lastChunk - firstChunk))];
    m_a.alignment.multiStripe += first / m_a.stripeDataBytes != last / m_a.stripeDataBytes ? 1 : 0;
    for (std::uint64_t c = firstChunk; c <= lastChunk; ++c)
        m_hot.add(c);
    m_a.chunksTouched += lastChunk - firstChunk + 1;
}

void LayoutAnalyzer::setRequestOrder()
{
    m_a.timeline.reset(m_a.disks, true);
}

LayoutAnalysis LayoutAnalyzer::result() const
{
    LayoutAnalysis out = m_a;
    out.hotChunks = m_hot.top(m_hotChunks);
    out.hotChunkError = m_hot.error();
    return out;
}

std::vector<std::uint64_t> defaultSweepChunkBytes()
{
    std::vector<std::uint64_t> sizes;
    for (std::uint64_t c = 16 * 1024; c <= 1024 * 1024; c *= 2)
        sizes.push_back(c);
    return sizes;
}

namespace {

// Requests read before the analyzers take them: 64k records (1.5 MiB) keep every thread busy for
// milliseconds a block, against a pool's start of tens of microseconds.
constexpr std::size_t kBlockRecords = 65536;

struct Request
{
    double t = 0;
    std::uint64_t offsetBytes = 0;
    std::uint64_t sizeBytes = 0;
    bool write = false;
};

// The first array's spec with another chunk size; empty and `error` when it does not parse.
QString withChunk(const QString& spec, std::uint64_t chunkBytes, QString* error)
{
    auto parsed = parseArraySpec(spec, error);
    if (!parsed)
        return {};
    parsed->chunkBytes = chunkBytes;
    return parsed->toText();
}

} // namespace

LayoutAnalysisResult analyzeTraceLayout(const QStringList& files, const LayoutAnalysisOptions& options,
                                        std::stop_token stop, const Report<LayoutAnalysisSnapshot>& report)
{
    LayoutAnalysisResult out;
    if (options.arraySpecs.isEmpty()) {
        out.error = QStringLiteral("no array to analyze the trace on");
        return out;
    }
    // Every analyzer: the arrays, then the first array at each sweep chunk size. A refused spec keeps
    // its slot with its error; the first array refused is an error of the whole job.
    std::vector<std::unique_ptr<LayoutAnalyzer>> analyzers;
    std::vector<LayoutAnalysis> refused;
    QStringList specs = options.arraySpecs;
    const qsizetype arrays = specs.size();
    for (std::uint64_t c : options.sweepChunkBytes) {
        QString error;
        const QString spec = withChunk(options.arraySpecs.front(), c, &error);
        specs << (spec.isEmpty() ? options.arraySpecs.front() + QStringLiteral(" chunk=%1B").arg(c) : spec);
    }
    for (qsizetype i = 0; i < specs.size(); ++i) {
        LayoutAnalysis r;
        r.arraySpec = specs[i];
        auto a = LayoutAnalyzer::create(specs[i], &r.error, options.hotChunks);
        if (!a && i == 0) {
            out.error = QStringLiteral("--array %1: %2").arg(specs[i], r.error);
            return out;
        }
        if (i >= arrays)
            r.chunkBytes = options.sweepChunkBytes[std::size_t(i - arrays)];
        analyzers.push_back(std::move(a));
        refused.push_back(r);
    }
    // A counter file's synthetic requests address the array, as in a replay (tracejob.cpp), unless the
    // caller named a region: one stream feeds every array, so the smallest one's bytes, where every
    // array holds them unwrapped.
    TraceReaderOptions readerOptions = options.read.reader;
    if (readerOptions.counterRegionBytes == 0)
        for (const auto& a : analyzers)
            if (a && (readerOptions.counterRegionBytes == 0 || a->arrayBytes() < readerOptions.counterRegionBytes))
                readerOptions.counterRegionBytes = a->arrayBytes();
    auto reader = TraceReader::open(files, readerOptions, &out.error);
    if (!reader)
        return out;
    const bool timed = reader->info().hasTimestamps;
    for (auto& a : analyzers)
        if (a && !timed)
            a->setRequestOrder();
    TraceRequestStream requests(*reader, options.read.onError, options.device);
    std::vector<Request> block;
    block.reserve(kBlockRecords);
    Throttle throttle(std::chrono::milliseconds(200));
    bool started = false;
    std::int64_t firstNs = 0;
    TraceRecord rec;
    for (bool more = true; more;) {
        block.clear();
        while (block.size() < kBlockRecords && (more = requests.next(rec))) {
            if (!started) {
                firstNs = rec.timeNs;
                started = true;
            }
            const double t = timed ? double(std::max<__int128>(0, __int128(rec.timeNs) - firstNs)) : double(out.records);
            block.push_back(Request { t, rec.offsetBytes, rec.sizeBytes, rec.write });
            ++out.records;
        }
        if (!requests.error().isEmpty()) {
            out.error = requests.error();
            return out;
        }
        parallelFor(int(analyzers.size()), options.read.jobs, [&](int i) {
            if (LayoutAnalyzer* a = analyzers[std::size_t(i)].get())
                for (const Request& r : block)
                    a->add(r.t, r.offsetBytes, r.sizeBytes, r.write);
        });
        if (stop.stop_requested()) {
            out.cancelled = true;
            return out;
        }
        if (report && throttle.due())
            report(std::make_shared<const LayoutAnalysisSnapshot>(LayoutAnalysisSnapshot { reader->fractionDone(), out.records }));
    }
    out.skippedLines = requests.skippedLines();
    out.format = reader->info().detail;
    for (std::size_t i = 0; i < analyzers.size(); ++i) {
        LayoutAnalysis r = analyzers[i] ? analyzers[i]->result() : refused[i];
        (i < std::size_t(arrays) ? out.arrays : out.chunkSweep).push_back(std::move(r));
    }
    if (report)
        report(std::make_shared<const LayoutAnalysisSnapshot>(LayoutAnalysisSnapshot { 1.0, out.records }));
    out.ok = true;
    return out;
}

} // namespace raidscope
