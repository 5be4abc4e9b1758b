// SPDX-License-Identifier: GPL-3.0-or-later
#include "tracesummary.h"

#include <algorithm>
#include <cmath>

namespace raidscope {

namespace {

std::int64_t floorDiv(__int128 a, std::int64_t b)
{
    __int128 q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0)))
        --q;
    return std::int64_t(q);
}

} // namespace

void TraceTimeBucket::add(const TraceTimeBucket& o)
{
    ios += o.ios;
    reads += o.reads;
    bytes += o.bytes;
    responses += o.responses;
    responseSumNs += o.responseSumNs;
    pairBusyNs += o.pairBusyNs;
    littleBusyNs += o.littleBusyNs;
}

TraceTimeline::TraceTimeline(int maxBuckets)
    : m_max(std::max(kMinBuckets, maxBuckets))
    , m_buckets(std::size_t(m_max))
{
}

void TraceTimeline::reshape(__int128 lowNs, __int128 highNs, std::int64_t minWidth)
{
    std::int64_t w = std::max(m_width, minWidth);
    // The narrowest grid (1 ms times a power of two) on which [low, high] fits in m_max buckets.
    while (floorDiv(highNs, w) - floorDiv(lowNs, w) >= m_max && w < (std::int64_t(1) << 61))
        w *= 2;
    const std::int64_t origin = floorDiv(lowNs, w) * w;
    std::vector<TraceTimeBucket> next(static_cast<std::size_t>(m_max));
    int lo = m_max, hi = -1;
    if (!empty()) {
        for (int i = m_lo; i <= m_hi; ++i) {
            if (m_buckets[std::size_t(i)].empty())
                continue;
            const __int128 start = __int128(m_origin) + __int128(i) * m_width;
            const std::int64_t j = std::clamp<std::int64_t>(floorDiv(start - origin, w), 0, m_max - 1);
            next[std::size_t(j)].add(m_buckets[std::size_t(i)]);
            lo = std::min(lo, int(j));
            hi = std::max(hi, int(j));
        }
    }
    m_buckets.swap(next);
    m_width = w;
    m_origin = origin;
    m_lo = lo;
    m_hi = hi;
}

TraceTimeBucket& TraceTimeline::at(std::int64_t t)
{
    t = std::clamp(t, -kLimitNs, kLimitNs);
    if (empty()) {
        m_origin = floorDiv(t, m_width) * m_width;
        m_lo = m_max;
        m_hi = -1;
    }
    std::int64_t rel = 0;
    std::int64_t i = -1;
    // Fast path without 128-bit division: t at or after the origin.
    if (!__builtin_sub_overflow(t, m_origin, &rel) && rel >= 0)
        i = rel / m_width;
    if (i < 0 || i >= m_max) {
        __int128 low = t, high = t;
        if (!empty()) {
            low = std::min<__int128>(low, __int128(m_origin) + __int128(m_lo) * m_width);
            high = std::max<__int128>(high, __int128(m_origin) + __int128(m_hi) * m_width);
        }
        reshape(low, high, m_width);
        i = floorDiv(__int128(t) - m_origin, m_width);
    }
    m_lo = std::min(m_lo, int(i));
    m_hi = std::max(m_hi, int(i));
    return m_buckets[std::size_t(i)];
}

void TraceTimeline::addBusy(std::int64_t beginNs, std::int64_t endNs)
{
    beginNs = std::clamp(beginNs, -kLimitNs, kLimitNs);
    endNs = std::clamp(endNs, -kLimitNs, kLimitNs);
    if (endNs <= beginNs) {
        at(beginNs);
        return;
    }
    at(endNs - 1); // make room for both ends first: at() may widen the grid
    at(beginNs);
    std::int64_t t = beginNs;
    while (t < endNs) {
        const std::int64_t i = floorDiv(__int128(t) - m_origin, m_width);
        // In 128 bits: (i + 1) x 2^61 passes int64 for the last buckets of a grid that spans the clamp.
        const __int128 bucketEnd = __int128(m_origin) + __int128(i + 1) * m_width;
        const auto e = std::int64_t(std::min<__int128>(endNs, bucketEnd));
        m_buckets[std::size_t(i)].pairBusyNs += double(e - t);
        m_lo = std::min(m_lo, int(i));
        m_hi = std::max(m_hi, int(i));
        t = e;
    }
}

void TraceTimeline::merge(const TraceTimeline& o)
{
    if (o.empty())
        return;
    const __int128 oLow = __int128(o.m_origin) + __int128(o.m_lo) * o.m_width;
    const __int128 oHigh = __int128(o.m_origin) + __int128(o.m_hi) * o.m_width;
    __int128 low = oLow, high = oHigh;
    if (!empty()) {
        low = std::min<__int128>(low, __int128(m_origin) + __int128(m_lo) * m_width);
        high = std::max<__int128>(high, __int128(m_origin) + __int128(m_hi) * m_width);
    } else {
        m_width = o.m_width;
    }
    reshape(low, high, o.m_width);
    for (int i = o.m_lo; i <= o.m_hi; ++i) {
        const TraceTimeBucket& b = o.m_buckets[std::size_t(i)];
        if (b.empty())
            continue;
        const __int128 start = __int128(o.m_origin) + __int128(i) * o.m_width;
        const std::int64_t j = floorDiv(start - m_origin, m_width);
        m_buckets[std::size_t(j)].add(b);
        m_lo = std::min(m_lo, int(j));
        m_hi = std::max(m_hi, int(j));
    }
}

std::int64_t TraceTimeline::startNs() const
{
    return empty() ? 0 : std::int64_t(__int128(m_origin) + __int128(m_lo) * m_width); // within +-(2^62 + 2^61)
}

std::vector<TraceTimeBucket> TraceTimeline::buckets() const
{
    if (empty())
        return {};
    return { m_buckets.begin() + m_lo, m_buckets.begin() + m_hi + 1 };
}

void RegionHistogram::widen()
{
    const std::size_t n = m_counts.size();
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint64_t c = m_counts[i];
        m_counts[i] = 0;
        m_counts[i / 2] += c;
    }
    ++m_shift;
}

void RegionHistogram::merge(const RegionHistogram& o)
{
    while (m_shift < o.m_shift)
        widen();
    const int extra = m_shift - o.m_shift;
    for (std::size_t i = 0; i < o.m_counts.size(); ++i)
        if (o.m_counts[i])
            m_counts[i >> extra] += o.m_counts[i];
}

std::vector<std::uint64_t> RegionHistogram::usedCounts() const
{
    std::size_t n = m_counts.size();
    while (n > 0 && m_counts[n - 1] == 0)
        --n;
    return { m_counts.begin(), m_counts.begin() + std::ptrdiff_t(n) };
}

TraceSummary::TraceSummary(const TraceSummaryOptions& o)
    : options(o)
    , timeline(o.maxTimeBuckets)
{
}

std::uint32_t TraceSummary::deviceSlot(std::string_view name)
{
    const std::string key(name);
    const auto it = m_deviceIndex.find(key);
    if (it != m_deviceIndex.end())
        return it->second;
    if (devices.size() >= kMaxDevices) {
        if (m_otherSlot < 0) {
            devices.push_back(TraceDeviceSummary { .name = std::string(kOtherDevices), .regions = RegionHistogram(options.maxRegionsPerDevice) });
            m_otherSlot = std::int64_t(devices.size() - 1);
            m_deviceIndex.emplace(std::string(kOtherDevices), std::uint32_t(m_otherSlot));
        }
        return std::uint32_t(m_otherSlot);
    }
    TraceDeviceSummary d { .name = key, .regions = RegionHistogram(options.maxRegionsPerDevice) };
    devices.push_back(std::move(d));
    const auto slot = std::uint32_t(devices.size() - 1);
    m_deviceIndex.emplace(key, slot);
    return slot;
}

void TraceSummary::addSize(std::uint64_t bytes, std::uint64_t count)
{
    if (bytes % 512 == 0 && bytes / 512 < m_sectorSizes.size()) {
        m_sectorSizes[bytes / 512] += count;
        return;
    }
    auto it = m_otherSizes.find(bytes);
    if (it != m_otherSizes.end()) {
        it->second += count;
        return;
    }
    if (m_otherSizes.size() >= kMaxDistinctSizes) {
        // Bounded memory: a pathological trace with ever new sizes gets 1/64-precision sizes.
        sizesRounded = true;
        bytes = std::uint64_t(LogHistogram::bucketLow(LogHistogram::bucketOf(bytes)));
    }
    m_otherSizes[bytes] += count;
}

std::map<std::uint64_t, std::uint64_t> TraceSummary::sizeHistogram() const
{
    std::map<std::uint64_t, std::uint64_t> out = m_otherSizes;
    for (std::size_t k = 0; k < m_sectorSizes.size(); ++k)
        if (m_sectorSizes[k])
            out[k * 512] += m_sectorSizes[k];
    return out;
}

void TraceAccumulator::add(const TraceRecord& r, std::uint32_t slot)
{
    TraceSummary& s = m_summary;
    if (r.kind == TraceRecord::Kind::Completion) {
        ++s.completions;
        s.responseMs.add(r.responseNs);
        s.responseNs.add(std::uint64_t(r.responseNs));
        TraceTimeBucket& b = s.timeline.at(r.timeNs);
        ++b.responses;
        b.responseSumNs += double(r.responseNs);
        // Saturating: INT64_MAX - timeNs itself overflows for a time before the trace's origin
        // (fuzz_blkparse: -0.0031 s).
        std::int64_t end = 0;
        if (__builtin_add_overflow(r.timeNs, r.responseNs, &end))
            end = r.responseNs > 0 ? INT64_MAX : INT64_MIN;
        s.timeline.addBusy(r.timeNs, end);
        return;
    }
    if (r.kind != TraceRecord::Kind::Request)
        return;
    if (s.records == 0 || r.timeNs >= s.lastNs) {
        if (s.m_inOrderHead.size() < TraceSummary::kInOrderHead)
            s.m_inOrderHead.push_back(r.timeNs);
        else
            s.m_inOrderHeadFull = true;
    }
    if (s.records == 0) {
        s.firstNs = s.lastNs = r.timeNs;
    } else {
        if (r.timeNs < s.lastNs) // the latest arrival so far
            ++s.outOfOrder;
        s.firstNs = std::min(s.firstNs, r.timeNs);
        s.lastNs = std::max(s.lastNs, r.timeNs);
    }
    ++s.records;
    // Past 2^63 bytes (a block device's size is an off_t): the same anomaly whatever the format (#52).
    constexpr std::uint64_t kAddressSpaceBytes = std::uint64_t(1) << 63;
    if (r.offsetBytes >= kAddressSpaceBytes || r.sizeBytes > kAddressSpaceBytes - r.offsetBytes)
        ++s.pastAddressSpace;
    if (r.write) {
        ++s.writes;
        s.bytesWritten += r.sizeBytes;
    } else {
        ++s.reads;
        s.bytesRead += r.sizeBytes;
    }
    if (r.sizeBytes == 0)
        ++s.zeroSize;
    s.addSize(r.sizeBytes, 1);

    TraceDeviceSummary& d = s.devices[slot];
    // Minerva §2.1: a run is a set of spatially sequential requests; a new run starts whenever a
    // request does not begin where the previous request of the same stream (device) ended.
    if (d.ios == 0) {
        d.firstOffsetBytes = r.offsetBytes;
        d.runs = 1;
    } else if (r.offsetBytes != d.lastEndBytes) {
        ++d.runs;
    }
    const std::uint64_t end = r.offsetBytes + std::min(r.sizeBytes, UINT64_MAX - r.offsetBytes);
    d.lastEndBytes = end;
    d.maxEndBytes = std::max(d.maxEndBytes, end);
    ++d.ios;
    d.bytes += r.sizeBytes;
    if (!r.write) {
        ++d.reads;
        d.bytesRead += r.sizeBytes;
    }
    d.regions.add(r.offsetBytes);

    if (s.format.hasTimestamps) {
        TraceTimeBucket& b = s.timeline.at(r.timeNs);
        ++b.ios;
        b.bytes += r.sizeBytes;
        b.reads += r.write ? 0 : 1;
        if (r.responseNs >= 0) {
            ++b.responses;
            b.responseSumNs += double(r.responseNs);
            b.littleBusyNs += double(r.responseNs);
        }
    }
    if (r.responseNs >= 0) {
        s.responseMs.add(r.responseNs);
        s.responseNs.add(std::uint64_t(r.responseNs));
    }
}

void TraceSummary::merge(const TraceSummary& o)
{
    std::uint64_t lateArrivals = 0; // o's arrivals in order there but before our last one
    if (o.records > 0) {
        if (records == 0) {
            firstNs = o.firstNs;
            lastNs = o.lastNs;
            m_inOrderHead = o.m_inOrderHead;
            m_inOrderHeadFull = o.m_inOrderHeadFull;
        } else {
            const auto& head = o.m_inOrderHead;
            const auto late = std::lower_bound(head.begin(), head.end(), lastNs);
            lateArrivals = std::uint64_t(late - head.begin());
            if (o.m_inOrderHeadFull && late == head.end())
                m_mergeInexact = true; // some not kept may be late too
            for (auto it = late; it != head.end() && !m_inOrderHeadFull; ++it) {
                if (m_inOrderHead.size() < kInOrderHead)
                    m_inOrderHead.push_back(*it);
                else
                    m_inOrderHeadFull = true;
            }
            m_inOrderHeadFull = m_inOrderHeadFull || o.m_inOrderHeadFull;
            firstNs = std::min(firstNs, o.firstNs);
            lastNs = std::max(lastNs, o.lastNs);
        }
    }
    m_mergeInexact = m_mergeInexact || o.m_mergeInexact;
    TraceCounters::operator+=(o);
    outOfOrder += lateArrivals;
    for (const QString& m : o.skippedMessages)
        if (skippedMessages.size() < kMaxMessages)
            skippedMessages << m;
    for (std::size_t k = 0; k < m_sectorSizes.size(); ++k)
        m_sectorSizes[k] += o.m_sectorSizes[k];
    for (const auto& [bytes, count] : o.m_otherSizes)
        addSize(bytes, count);
    sizesRounded = sizesRounded || o.sizesRounded;
    for (const TraceDeviceSummary& od : o.devices) {
        const std::uint32_t slot = deviceSlot(od.name);
        // Devices counted together: their runs interleave in one read, not in a merge.
        if (std::int64_t(slot) == m_otherSlot && od.ios > 0)
            m_mergeInexact = true;
        TraceDeviceSummary& d = devices[slot];
        if (od.ios == 0)
            continue;
        if (d.ios == 0) {
            d.firstOffsetBytes = od.firstOffsetBytes;
            d.runs = od.runs;
        } else {
            // The later part's first request continues our last run if it starts where it ended.
            d.runs += od.runs - (od.firstOffsetBytes == d.lastEndBytes ? 1 : 0);
        }
        d.lastEndBytes = od.lastEndBytes;
        d.maxEndBytes = std::max(d.maxEndBytes, od.maxEndBytes);
        d.ios += od.ios;
        d.reads += od.reads;
        d.bytes += od.bytes;
        d.bytesRead += od.bytesRead;
        d.regions.merge(od.regions);
    }
    responseMs.merge(o.responseMs);
    responseNs.merge(o.responseNs);
    timeline.merge(o.timeline);
    if (files.isEmpty())
        format = o.format;
    for (const QString& f : o.files)
        if (!files.contains(f))
            files << f;
}

QStringList TraceSummary::notes() const
{
    QStringList out = format.notes;
    if (devicesCapped())
        out << QStringLiteral("more than %1 devices: the rest are counted together as '%2'")
                   .arg(kMaxDevices)
                   .arg(QLatin1String(kOtherDevices.data(), qsizetype(kOtherDevices.size())));
    return out;
}

void TraceSummary::describe(const TraceFormatInfo& info, const QStringList& names)
{
    format = info;
    files = names;
}

void TraceAccumulator::addSkipped(const TraceError& error)
{
    ++m_summary.skipped;
    if (m_summary.skippedMessages.size() < TraceSummary::kMaxMessages)
        m_summary.skippedMessages << error.text();
}

QString TraceSummary::queueDepthMethod() const
{
    if (hasIssueCompletePairs())
        return QStringLiteral("issue-complete");
    if (hasResponseTimes() && format.hasTimestamps)
        return QStringLiteral("littles-law");
    return QStringLiteral("none");
}

double TraceSummary::queueDepth(const TraceTimeBucket& b) const
{
    const double w = double(timeline.widthNs());
    return hasIssueCompletePairs() ? b.pairBusyNs / w : b.littleBusyNs / w;
}

std::vector<std::pair<std::uint64_t, double>> TraceSummary::cumulativeSizes() const
{
    std::vector<std::pair<std::uint64_t, double>> out;
    std::uint64_t sum = 0;
    for (const auto& [bytes, count] : sizeHistogram()) {
        sum += count;
        out.emplace_back(bytes, records ? 100.0 * double(sum) / double(records) : 0);
    }
    return out;
}

std::uint64_t TraceSummary::totalRuns() const
{
    std::uint64_t n = 0;
    for (const auto& d : devices)
        n += d.runs;
    return n;
}

double TraceSummary::runCount() const
{
    const std::uint64_t runs = totalRuns();
    return runs ? double(records) / double(runs) : 0;
}

double TraceSummary::responsePercentileMs(double q) const
{
    if (!hasResponseTimes())
        return 0;
    return std::clamp(responseNs.quantile(q) * 1e-6, responseMs.min(), responseMs.max());
}

void TraceAccumulator::grow(std::uint32_t device)
{
    while (m_slots.size() <= device)
        m_slots.push_back(m_summary.deviceSlot(m_reader->deviceName(std::uint32_t(m_slots.size()))));
}

} // namespace raidscope
