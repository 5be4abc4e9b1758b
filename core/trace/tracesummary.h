// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "stats/integerstats.h"
#include "stats/loghistogram.h"
#include "stats/runningstats.h"
#include "traceanalysis.h"
#include "tracecounters.h"
#include "tracereader.h"
#include "tracerecord.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace raidscope {

/// Settings of a summary; two summaries merge only if these agree.
struct TraceSummaryOptions
{
    /// A time bucket whose mean response time exceeds this is slow (whitepaper Scenario 2).
    double slowThresholdMs = 100;
    /// At most this many time buckets (at least TraceTimeline::kMinBuckets): the bucket widens
    /// (doubles) when the trace outgrows them.
    int maxTimeBuckets = 1024;
    /// At most this many LBA regions per device: regions widen (double) as offsets grow.
    int maxRegionsPerDevice = 256;
};

/// One time bucket: arrivals and response times in [startNs, startNs + widthNs).
struct TraceTimeBucket
{
    std::uint64_t ios = 0;
    std::uint64_t reads = 0;
    std::uint64_t bytes = 0;
    std::uint64_t responses = 0; ///< response times attributed here (at their arrival or issue)
    double responseSumNs = 0;
    double pairBusyNs = 0; ///< integral of requests outstanding between issue and completion (exact)
    double littleBusyNs = 0; ///< sum of response times of arrivals here (Little's law: L = lambda W)
    bool empty() const { return ios == 0 && responses == 0 && pairBusyNs == 0; }
    void add(const TraceTimeBucket& o);
};

/// A bounded, mergeable series of time buckets; every bucket starts at a multiple of its width
/// (1 ms times a power of two), so two series widen to a common grid and add up exactly.
class TraceTimeline
{
    friend struct TraceSummaryCodec;
public:
    static constexpr std::int64_t kBaseWidthNs = 1000000;
    /// The fewest buckets: times within +-kLimitNs span at most 2^63 ns, which the widest grid
    /// (1 ms x 2^42 = 4.4e18 ns, where the widening stops) cuts into at most 4 buckets (#52: with 2
    /// the index ran past the table).
    static constexpr int kMinBuckets = 8;
    explicit TraceTimeline(int maxBuckets = 1024);
    /// Times are clamped to +-kLimitNs (146 years around the clock origin) so bucket arithmetic cannot overflow.
    static constexpr std::int64_t kLimitNs = std::int64_t(1) << 62;
    /// The bucket holding time t (may widen or move the window first).
    TraceTimeBucket& at(std::int64_t t);
    /// Adds the overlap of [begin, end) with every bucket to pairBusyNs.
    void addBusy(std::int64_t beginNs, std::int64_t endNs);
    void merge(const TraceTimeline& o);
    std::int64_t widthNs() const { return m_width; }
    /// The non-empty span: the start of the first non-empty bucket and the buckets from it to the last non-empty.
    std::int64_t startNs() const;
    std::vector<TraceTimeBucket> buckets() const;
    bool empty() const { return m_lo > m_hi; }

private:
    void reshape(__int128 lowNs, __int128 highNs, std::int64_t minWidth);
    int m_max;
    std::int64_t m_width = kBaseWidthNs;
    std::int64_t m_origin = 0; ///< start of m_buckets[0], a multiple of m_width
    std::vector<TraceTimeBucket> m_buckets;
    int m_lo = 1; ///< first and last used index; m_lo > m_hi when empty
    int m_hi = 0;
};

/// I/O counts over a device's address space in at most N regions of 1 MiB times a power of two.
class RegionHistogram
{
    friend struct TraceSummaryCodec;
public:
    static constexpr int kBaseShift = 20;
    explicit RegionHistogram(int regions = 256)
        : m_counts(std::size_t(regions), 0)
    {
    }
    void add(std::uint64_t offsetBytes)
    {
        std::uint64_t i = offsetBytes >> (kBaseShift + m_shift);
        while (i >= m_counts.size()) {
            widen();
            i = offsetBytes >> (kBaseShift + m_shift);
        }
        ++m_counts[std::size_t(i)];
    }
    void merge(const RegionHistogram& o);
    std::uint64_t regionBytes() const { return std::uint64_t(1) << (kBaseShift + m_shift); }
    const std::vector<std::uint64_t>& counts() const { return m_counts; }
    /// The counts from region 0 to the highest region used.
    std::vector<std::uint64_t> usedCounts() const;

private:
    void widen();
    std::vector<std::uint64_t> m_counts;
    int m_shift = 0;
};

/// What one device (volume, disk, ASU) saw.
struct TraceDeviceSummary
{
    std::string name;
    std::uint64_t ios = 0;
    std::uint64_t reads = 0;
    std::uint64_t bytes = 0;
    std::uint64_t bytesRead = 0;
    /// Minerva §2.1: requests arrive in runs of spatially sequential requests; a request continues
    /// the run when it starts where the device's previous request ended. runCount = ios / runs.
    std::uint64_t runs = 0;
    std::uint64_t firstOffsetBytes = 0; ///< start of the first request (to join runs when merging)
    std::uint64_t lastEndBytes = 0; ///< end of the last request
    std::uint64_t maxEndBytes = 0;
    RegionHistogram regions;
    double runCount() const { return runs ? double(ios) / double(runs) : 0; }
};

/// A SWAT-like summary of a trace (whitepaper "SWAT"; Illustration 8; Scenarios 2 and 3): memory is
/// bounded whatever the trace length, and the summaries of consecutive parts of a trace merge
/// into the summary of the whole. A value type: copy it across threads.
///
/// Three parts: the counts (TraceCounters, its base: `s.records`), the distributions below (sizes,
/// devices, response times, timeline), each with its merge; TraceAccumulator reads records into
/// them; the analyses (Lorenz curves, Gini, busiest device and region, slow periods) are the free
/// functions of traceanalysis.h.
class TraceSummary : public TraceCounters
{
public:
    explicit TraceSummary(const TraceSummaryOptions& options = {});

    /// The slot of a device by name, created on first use. Past kMaxDevices distinct names, every
    /// new one shares the slot kOtherDevices: memory stays bounded whatever a trace names.
    std::uint32_t deviceSlot(std::string_view name);
    static constexpr std::size_t kMaxDevices = 10000;
    static constexpr std::string_view kOtherDevices = "(other devices)";
    /// More than kMaxDevices devices were seen: the rest are counted together.
    bool devicesCapped() const { return m_otherSlot >= 0; }
    /// The format's notes, and what the summary itself had to bound (the device cap).
    QStringList notes() const;
    /// Adds the summary of the part of the trace that follows this one. The result is the summary
    /// of both parts read as one (every count, distribution and sum exactly), unless mergeExact()
    /// says otherwise.
    void merge(const TraceSummary& later);
    /// False when a merge could not count every out-of-order arrival exactly: the later part had
    /// more than kInOrderHead arrivals before the earlier part's last one.
    bool mergeExact() const { return !m_mergeInexact; }
    static constexpr std::size_t kInOrderHead = 4096;
    /// Takes the format, detail and notes of a reader (done by the summarize job).
    void describe(const TraceFormatInfo& info, const QStringList& files);

    // --- what was read (the counts are TraceCounters')
    TraceFormatInfo format;
    QStringList files;
    TraceSummaryOptions options;
    QStringList skippedMessages; ///< the first kMaxMessages
    static constexpr int kMaxMessages = 20;
    std::int64_t firstNs = 0; ///< earliest and latest arrival
    std::int64_t lastNs = 0;

    // --- distributions
    /// Transfer sizes, one entry per distinct size (Illustration 8). Past kMaxDistinctSizes distinct
    /// sizes, new ones are rounded down to 1/64 precision and sizesRounded is set.
    std::map<std::uint64_t, std::uint64_t> sizeHistogram() const;
    static constexpr std::size_t kMaxDistinctSizes = 65536;
    /// Counts `count` requests of `bytes` in the size histogram.
    void addSize(std::uint64_t bytes, std::uint64_t count);
    bool sizesRounded = false;
    std::vector<TraceDeviceSummary> devices;
    IntegerStats responseMs { 1e-6 }; ///< from Completion records or per-request response times (ns summed exactly)
    LogHistogram responseNs;
    TraceTimeline timeline;

    // --- derived
    bool hasResponseTimes() const { return responseMs.count() > 0; }
    bool hasIssueCompletePairs() const { return completions > 0; }
    /// "issue-complete", "littles-law" or "none".
    QString queueDepthMethod() const;
    double durationSeconds() const { return records ? secondsBetween(firstNs, lastNs) : 0; }
    /// b - a in seconds without overflowing (times can span the whole int64 range).
    static double secondsBetween(std::int64_t a, std::int64_t b) { return double(__int128(b) - a) * 1e-9; }
    /// Cumulative percentage of requests at or below each distinct size, in ascending size order.
    std::vector<std::pair<std::uint64_t, double>> cumulativeSizes() const;
    std::uint64_t totalRuns() const;
    /// Minerva §2.1 run count over all devices: requests per sequential run.
    double runCount() const;
    double responsePercentileMs(double q) const;
    /// Mean requests outstanding in each timeline bucket (issue/completion pairs, else Little's law).
    double queueDepth(const TraceTimeBucket& b) const;

    /// DESIGN.md's summary object: format, records, reads, writes, bytesRead, bytesWritten,
    /// sizeHistogram [{bytes, count, cumulativePercent}], devices [{device, ios, bytes, ...}], plus
    /// mix, skew, sequentiality, responseTime, timeline (arrivals, queue depth), slowPeriods, notes.
    QJsonObject toJson() const;
    /// The same as CSV tables, each after a "# name" line.
    QString toCsv() const;

    /// Every part of the summary as JSON, to be merged on another machine (`trace summarize
    /// --partial`, then `raidscope-cli merge`): fromPartialJson() of it gives this summary back.
    /// 64-bit values are strings (exact beyond 2^53).
    QJsonObject toPartialJson() const;
    /// nullopt, and one line naming the field, when `json` is not a partial summary of this version
    /// or is inconsistent (a bucket index outside its table, a count that does not add up).
    static std::optional<TraceSummary> fromPartialJson(const QJsonObject& json, QString* error);

private:
    friend class TraceAccumulator;
    friend struct TraceSummaryCodec;
    /// The arrival times of the first kInOrderHead requests that came at or after every earlier
    /// one (not out of order here; ascending): a merge counts those before the earlier part's last
    /// arrival as out of order, as reading both parts as one would have.
    std::vector<std::int64_t> m_inOrderHead;
    bool m_inOrderHeadFull = false; ///< more came than m_inOrderHead holds
    bool m_mergeInexact = false;
    std::unordered_map<std::string, std::uint32_t> m_deviceIndex;
    std::int64_t m_otherSlot = -1; ///< the kOtherDevices slot once the cap is reached
    std::array<std::uint64_t, 8193> m_sectorSizes {}; ///< fast path: sizes of k*512 bytes, k <= 8192
    std::map<std::uint64_t, std::uint64_t> m_otherSizes; ///< every other size
};

/// Reads records into a summary: counts them (TraceCounters), files their sizes, devices, response
/// times and arrival times in its distributions. Holds only what matters while reading: the slots
/// of a reader's devices.
class TraceAccumulator
{
public:
    /// Records with explicit device slots (add(record, slot)).
    explicit TraceAccumulator(TraceSummary& summary)
        : m_summary(summary)
    {
    }
    /// Records of `reader`: its device indexes map to the summary's slots by name (add(record)).
    TraceAccumulator(TraceSummary& summary, const TraceReader& reader)
        : m_summary(summary)
        , m_reader(&reader)
    {
    }
    /// Adds one record of the reader given at construction.
    void add(const TraceRecord& r)
    {
        if (r.device >= m_slots.size())
            grow(r.device);
        add(r, m_slots[r.device]);
    }
    /// Adds one record. `device` is a slot from TraceSummary::deviceSlot().
    void add(const TraceRecord& record, std::uint32_t device);
    /// Counts a line skipped because it was malformed (keeps the first few messages).
    void addSkipped(const TraceError& error);

private:
    void grow(std::uint32_t device);
    TraceSummary& m_summary;
    const TraceReader* m_reader = nullptr;
    std::vector<std::uint32_t> m_slots;
};

} // namespace raidscope
