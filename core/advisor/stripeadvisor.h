// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "layout/arrayspec.h"
#include "sim/workload.h"

#include <QJsonObject>
#include <QString>

#include <cstdint>
#include <optional>
#include <vector>

namespace raidscope {

class Layout;
class LayoutRegistry;
class TraceSummary;
struct DiskParameters;

/// What one disk access costs in the storage-bottlenecks whitepaper's terms (Scenario 2, "Mechanical
/// Latency", Illustration 10): the non-productive positioning before the data moves, and the rate
/// at which it then moves.
struct DriveFigures
{
    double positioningMs = 0;        ///< seek + rotational latency (+ command overhead) per access
    double transferBytesPerSec = 0;  ///< media rate once positioned
    QString source;                  ///< "given" or how they were derived from a preset
};

/// A preset's figures: positioning = the mean seek between two random blocks (over the seek curve,
/// each cylinder weighted by the data it holds) + half a rotation + the command overhead; transfer
/// = the zones' rates (sectors per track per rotation) as a random block sees them (the harmonic
/// mean weighted by capacity, so size / rate is the expected transfer time). A solid-state preset:
/// its read latency and read rate.
DriveFigures driveFigures(const DiskParameters& disk);

/// "64MB/s" (10^6 bytes), "64MiB/s" (2^20), also B/s, KB/s, KiB/s, GB/s, GiB/s; > 0 and finite.
std::optional<double> parseTransferRate(const QString& text, QString* error);

/// One request's cost on one layout (planRequest()'s disk operations: data, mirror copies, and for
/// parity schemes the old data, old parity, other data and parity writes the update needs).
struct RequestCost
{
    double dataDisks = 0;     ///< distinct disks holding the request's own data (Illustration 9's "drives")
    double ops = 0;           ///< disk operations of every role
    double extraOps = 0;      ///< operations beyond the data's own: copies, parity reads and writes
    double positioningMs = 0; ///< ops x positioning: the accumulated non-productive time
    double productiveMs = 0;  ///< bytes moved / transfer rate, summed over the disks
    double serviceMs() const { return positioningMs + productiveMs; }
    double positioningShare() const { return serviceMs() > 0 ? positioningMs / serviceMs() : 0; }
    RequestCost& operator+=(const RequestCost& o);
    RequestCost operator*(double weight) const;
};

/// The cost of the request [offsetBytes, offsetBytes + sizeBytes) on `layout`.
RequestCost requestCost(const Layout& layout, std::uint64_t offsetBytes, std::uint64_t sizeBytes, bool write,
                        const DriveFigures& drive);

/// A candidate chunk (stripe unit) size and what the workload's requests cost on it, averaged over
/// the size mix: over every block alignment within a chunk and every chunk of the layout's pattern
/// (random alignment), and over requests starting on a chunk boundary (aligned).
struct CandidateCost
{
    std::uint64_t chunkBytes = 0;
    QString arraySpec;        ///< the candidate array, canonical
    RequestCost read, write;  ///< random alignment
    RequestCost readAligned, writeAligned;
    RequestCost mixed;        ///< read and write by the read fraction, random alignment
    RequestCost mixedAligned;
    /// The simulator's answer for the workload on this candidate (AdvisorOptions::simulateOutstanding).
    struct Simulated
    {
        double iops = 0;
        double meanMs = 0;
        double p90Ms = 0;
        double p99Ms = 0;
    };
    std::optional<Simulated> simulated;
    /// Minerva's analytical maximum (core/model/minerva.h: HPL-2001-118 section 2, one stream per
    /// request size of the mix, runs of 1) on the advisor's drive figures; nullopt for a scheme
    /// Minerva has no model of (it has RAID 1/0, RAID 1 of 2 disks and RAID 5).
    std::optional<double> minervaMaxIops;
    /// Illustration 11: reads of each size of curveSizes() alone (random alignment), as requests per
    /// second with every disk busy (saturatedIops()).
    std::vector<double> readIopsBySize;
};

/// The transfer sizes of the throughput-against-size curve: 4 KiB to 1 MiB, two per octave.
std::vector<std::uint64_t> curveSizes();

struct AdvisorOptions
{
    ArraySpec array;     ///< scheme, layout, disks, copies, block, disk preset; its chunk is each candidate's
    std::vector<WorkloadSpec::SizeWeight> sizes { { 4096, 1.0 } };
    double readFraction = 1.0;
    std::vector<std::uint64_t> chunkBytes; ///< empty: defaultChunkCandidates()
    std::optional<DriveFigures> drive;     ///< unset: from the array's disk preset
    /// > 0: also simulate each candidate (the array spec's simulation keys kept) with random
    /// requests of the mix, this many kept in flight (closed loop), `simulateCount` of them.
    int simulateOutstanding = 0;
    std::uint64_t simulateCount = 20000;
    int jobs = 0; ///< threads for the simulations (0: one per core); results do not depend on it
};

struct StripeAdvice
{
    DriveFigures drive;
    std::vector<CandidateCost> candidates; ///< in the order of AdvisorOptions::chunkBytes
};

/// A trace's workload for the advisor: its size histogram as the mix (zero-size requests left out),
/// its read share, and its mean queue depth over the timeline as the simulations' depth (when the
/// trace gives one). False, with the reason, for a trace with no sized request.
bool workloadFromTrace(const TraceSummary& summary, AdvisorOptions& options, QString* error);

/// `candidates` with the array's own chunk among them (in ascending order), so that what the user
/// has now is always compared.
std::vector<std::uint64_t> withCurrentChunk(std::vector<std::uint64_t> candidates, std::uint64_t current);

/// 4 KiB, 8 KiB, ... 1 MiB.
std::vector<std::uint64_t> defaultChunkCandidates();

/// "16KiB,64KiB,256KiB": sizes with units, each a multiple of `blockBytes`, no repeats.
std::optional<std::vector<std::uint64_t>> parseChunkList(const QString& text, std::uint64_t blockBytes, QString* error);

/// Every candidate's costs; nullopt and a one-line error naming the candidate or parameter when the
/// array cannot take a candidate chunk (e.g. below its block size) or the preset is unknown.
std::optional<StripeAdvice> adviseStripe(const AdvisorOptions& options, const LayoutRegistry& registry, QString* error);

/// The candidate that costs the disks least per request (mixed reads and writes, random alignment):
/// the whitepaper's criterion (Illustration 10: accumulated service time, productive plus
/// positioning), which bounds the array's throughput when every disk is busy.
struct StripeRecommendation
{
    int best = -1;
    int runnerUp = -1;  ///< -1 with one candidate
    bool close = false; ///< the runner-up's disk time within 5 % of the best's
    QString text;       ///< the reasons in plain words
};
StripeRecommendation recommendStripe(const StripeAdvice& advice);

/// Requests per second the array serves when all `disks` are busy: disks x 1000 / service ms.
double saturatedIops(const RequestCost& cost, int disks);

/// A host volume manager's stripe over the array (whitepaper Scenario 3, "Host-Based Volume Manager
/// Usage", Illustrations 13-16): the range it recommends is 2-4x the controller's full stripe for
/// parity RAID (so whole stripes reach the controller's cache and parity is computed without
/// reading), 1-2x for RAID 0 and mirrors.
struct HostStripeAdvice
{
    enum Verdict : std::uint8_t { TooSmall, InRange, TooLarge };
    Verdict verdict = InRange;
    std::uint64_t controllerStripeBytes = 0; ///< chunk x data disks: one full stripe of data
    double ratio = 0;                        ///< host stripe / controller stripe
    double low = 0, high = 0;                ///< the recommended ratio range
    QString text;
};
HostStripeAdvice hostStripeAdvice(const Layout& controller, std::uint64_t hostStripeBytes);

/// The whole advice as one JSON object (advise --json, the page's Save JSON): the request, the drive,
/// every candidate's costs and curve and simulation, the recommendation and the host-stripe check.
QJsonObject adviceJson(const AdvisorOptions& options, const StripeAdvice& advice, const StripeRecommendation& recommendation,
                       const std::optional<HostStripeAdvice>& host, std::optional<std::uint64_t> currentChunk);
/// The candidates' mixed costs as CSV, one row per candidate (the page's Save CSV).
QString adviceCsv(const StripeAdvice& advice, int disks);

/// Illustration 12's throughput curve: N controllers of C requests/s each, the busiest taking
/// `busiestShare` of the load: it saturates first, so the whole serves C / share, at most N x C.
double skewedThroughput(int controllers, double perControllerIops, double busiestShare);

/// A trace's skew as Illustration 12 reads it: the share of the I/Os on the busiest of
/// `controllers` controllers. A trace of several devices is taken as one device per controller
/// (controllers = its device count, share = the busiest device's); a trace of one device as its
/// used address space cut into `controllers` equal consecutive parts, as a concatenated volume or
/// a host stripe too large to spread a busy area (Illustration 14) places it, each region's I/Os
/// spread evenly over the region. `basis` says which, in words.
struct MeasuredSkew
{
    int controllers = 0;
    double busiestShare = 0;
    QString basis;
};
/// nullopt when the trace has no I/Os, or `controllers` < 2 for a one-device trace.
std::optional<MeasuredSkew> measuredSkew(const TraceSummary& summary, int controllers);

} // namespace raidscope
