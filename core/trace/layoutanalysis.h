// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "job.h"
#include "layout/layout.h"
#include "layout/requestplan.h"
#include "sim/requestfeed.h"
#include "tracejob.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <array>
#include <cstdint>
#include <memory>
#include <stop_token>
#include <unordered_map>
#include <vector>

namespace raidscope {

class ArraySimulator;

/// The path a write takes through the controller: RequestPlan::stripes' methods, the choice Linux md
/// makes per stripe row (planRequest(), drivers/md/raid5.c handle_stripe_dirtying). Direct: an array
/// without parity (RAID 0, mirrors) writes the data (and its copies) with no reads. Mixed: a write
/// whose stripes (or rows) were updated by more than one method.
enum class WritePath : std::uint8_t { Direct, FullStripe, ReconstructWrite, ReadModifyWrite, Mixed };
inline constexpr std::size_t kWritePaths = 5;
/// "direct", "fullStripe", "reconstructWrite", "readModifyWrite", "mixed" (the JSON keys).
const char* toString(WritePath path);

/// The writes that took one path and the disk operations they cost.
struct WritePathCount
{
    std::uint64_t requests = 0;
    std::uint64_t diskOps = 0;
    /// Operations beyond the request's own data writes: old data, old parity and other data reads,
    /// parity and mirror-copy writes (what RAID 0 would not have done).
    std::uint64_t extraOps = 0;
};

/// What one member disk was asked to do.
struct MemberLoad
{
    std::uint64_t readOps = 0;
    std::uint64_t writeOps = 0;
    std::uint64_t bytesRead = 0;
    std::uint64_t bytesWritten = 0;
    bool failed = false; ///< failed= in the spec: it gets no operations
    double speed = 1;    ///< speed= in the spec (a slow member < 1)

    std::uint64_t ops() const { return readOps + writeOps; }
};

/// Operations per member per bucket of trace time: kBuckets buckets whose width doubles (pairs merge)
/// whenever a request arrives past the last, so memory stays the same however long the trace is.
struct MemberTimeline
{
    static constexpr std::size_t kBuckets = 200;
    static constexpr double kFirstBucketNs = 1e6; ///< 1 ms; without timestamps, 1 request
    double bucketWidth = kFirstBucketNs; ///< nanoseconds, or requests when byRequest
    bool byRequest = false;              ///< the trace has no timestamps: buckets of requests in trace order
    std::size_t used = 0;                ///< buckets up to the last one with a request
    int members = 0;
    std::vector<std::uint64_t> ops;      ///< member-major: ops[member * kBuckets + bucket]

    void reset(int memberCount, bool requestOrder);
    /// The bucket of `t` (ns, or the request's number), widening the buckets as needed.
    std::size_t bucket(double t);
    std::uint64_t at(int member, std::size_t bucket) const { return ops[std::size_t(member) * kBuckets + bucket]; }
};

/// Requests by where they start and how many boundaries they cross, on the array's own chunk.
struct AlignmentCounts
{
    std::uint64_t chunkAligned = 0;  ///< offset a multiple of the chunk size
    std::uint64_t stripeAligned = 0; ///< offset a multiple of the stripe's data (data disks x chunk)
    std::array<std::uint64_t, 3> crossings {}; ///< chunk boundaries inside the request: 0, 1, 2 or more
    std::uint64_t multiStripe = 0;   ///< requests that touch two or more stripes
};

/// A chunk of the array's logical space many requests touched. Counts are Misra-Gries lower bounds:
/// the true count is at most `requests + LayoutAnalysis::hotChunkError` (exact when that is 0).
struct HotChunk
{
    std::uint64_t chunk = 0; ///< logical chunk number (offset / chunk size)
    std::uint64_t requests = 0;
};

/// One array's view of a trace: what its layout and controller make of every request, without timing.
struct LayoutAnalysis
{
    QString arraySpec;
    QString error;   ///< the spec was refused
    QString scheme;
    int disks = 0;
    int dataDisks = 0;
    std::uint64_t chunkBytes = 0;
    std::uint64_t stripeDataBytes = 0;
    Redundancy redundancy = Redundancy::None;

    std::uint64_t requests = 0;
    std::uint64_t reads = 0;
    std::uint64_t writes = 0;
    std::uint64_t bytesRead = 0;
    std::uint64_t bytesWritten = 0;
    std::uint64_t wrapped = 0; ///< requests past the array's end, wrapped into it as a replay does (replaymapping.h)
    std::uint64_t lost = 0;    ///< requests touching data with no surviving copy (failed=)
    std::uint64_t diskOps = 0;
    std::vector<MemberLoad> members;
    MemberTimeline timeline;
    std::array<WritePathCount, kWritePaths> writePaths {};
    AlignmentCounts alignment;
    std::vector<HotChunk> hotChunks; ///< most touched first
    std::uint64_t hotChunkError = 0; ///< Misra-Gries: how far a hot chunk's count may be under the truth
    std::uint64_t chunksTouched = 0; ///< (request, chunk) pairs: the hot chunks' denominator

    /// The simulator reads a healthy mirror's copy by queue length, at random or by head position
    /// (mirrorread=); without timing every such read is counted on the data place (mirrorread=primary).
    bool mirrorReadsOnPrimary = false;
    bool readCache = false;     ///< readcache=: the simulator serves some reads from it, counted here on disk
    bool timeDependent = false; ///< fail= or rebuild=: planned here as the array starts (healthy but for failed=)

    /// Busiest member's operations over the mean of the working members' (1: even; 0 with no operations).
    double memberSkew() const;
    /// The member with the most operations, -1 when none has any.
    int hottestMember() const;
    QJsonObject toJson() const;
    /// The side-by-side row of a candidate chunk size (LayoutAnalysisResult::chunkSweep).
    QJsonObject sweepJson() const;
};

/// Misra-Gries frequent items over at most kCounters counters: any chunk touched by more than
/// 1/(kCounters + 1) of the touches is kept, each count short by at most error() (Misra & Gries 1982).
class HotChunkCounter
{
public:
    static constexpr std::size_t kCounters = 4096;
    void add(std::uint64_t chunk);
    std::vector<HotChunk> top(std::size_t n) const;
    std::uint64_t error() const { return m_decrements; }

private:
    std::unordered_map<std::uint64_t, std::uint64_t> m_counts;
    std::uint64_t m_decrements = 0;
};

/// Streams requests through one array's mapping: the simulator's own RequestPlanner, which gives the
/// operations its replay issues to each member and, for a write, the method of each stripe
/// (WritePlanSummary, from planRequest() or its fast path), with no disk model and no clock.
class LayoutAnalyzer
{
public:
    /// nullptr and a one-line error when the spec is refused.
    static std::unique_ptr<LayoutAnalyzer> create(const QString& arraySpec, QString* error, int hotChunks = 10);
    ~LayoutAnalyzer();

    /// One trace request at `t` (ns since the trace's first request, or its number without timestamps),
    /// placed as a replay places it (mapReplayRequest()).
    void add(double t, std::uint64_t offsetBytes, std::uint64_t sizeBytes, bool write);
    /// The trace has no timestamps: add()'s `t` is the request's number (before the first add()).
    void setRequestOrder();
    /// The array's usable bytes, where a replay places its requests.
    std::uint64_t arrayBytes() const { return m_arrayBytes; }
    /// The analysis so far.
    LayoutAnalysis result() const;

private:
    LayoutAnalyzer(std::unique_ptr<ArraySimulator> sim, int hotChunks);

    std::unique_ptr<ArraySimulator> m_sim; ///< the layout, its SimConfig and planner
    RequestPlanner m_planner;
    LayoutAnalysis m_a;
    HotChunkCounter m_hot;
    std::size_t m_hotChunks = 10;
    std::uint64_t m_arrayBytes = 0;
    std::vector<PhysOp> m_phase1, m_phase2;
};

/// Settings of a layout analysis of a trace.
struct LayoutAnalysisOptions
{
    TraceJobOptions read; ///< reader, error policy, threads (one analyzer per thread at a time)
    QStringList arraySpecs; ///< the array under study first, then the candidates
    /// Chunk sizes of the first array compared side by side (LayoutAnalysisResult::chunkSweep); empty: none.
    std::vector<std::uint64_t> sweepChunkBytes;
    int hotChunks = 10;
    int device = -1; ///< as TraceReplayOptions::device: -1 every device onto the array
};

/// The 16 KiB .. 1 MiB powers of two an analysis compares by default.
std::vector<std::uint64_t> defaultSweepChunkBytes();

struct LayoutAnalysisSnapshot
{
    double fraction = 0;
    std::uint64_t records = 0;
};

struct LayoutAnalysisResult
{
    std::vector<LayoutAnalysis> arrays;     ///< as LayoutAnalysisOptions::arraySpecs
    std::vector<LayoutAnalysis> chunkSweep; ///< the first array at each sweep chunk size
    std::uint64_t records = 0;              ///< requests analyzed
    std::uint64_t skippedLines = 0;         ///< malformed lines skipped (--on-error skip)
    QString format;                         ///< the reader's detail
    bool ok = false;
    bool cancelled = false;
    QString error;
    QJsonObject toJson() const;
};

/// Reads the trace once, in blocks of requests each handed to every analyzer (the analyzers of a block
/// run on up to `options.read.jobs` threads); memory is a block and the analyzers' fixed state.
LayoutAnalysisResult analyzeTraceLayout(const QStringList& files, const LayoutAnalysisOptions& options,
                                        std::stop_token stop = {}, const Report<LayoutAnalysisSnapshot>& report = {});

} // namespace raidscope
