// SPDX-License-Identifier: GPL-3.0-or-later
// A summary's every part as JSON (`trace summarize --partial`), so that summaries of parts of a trace
// read on different machines merge as TraceSummary::merge() merges them on one (docs/DESIGN.md,
// "Beyond one machine"). 64-bit integers are decimal strings: JSON numbers are exact only to 2^53.
// Reading checks every index against its table, so a damaged partial is refused, never trusted.
#include "tracesummary.h"

#include <QJsonArray>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string>

namespace raidscope {

namespace {

constexpr int kPartialSummaryVersion = 1;

QJsonValue u64(std::uint64_t v)
{
    return QString::number(v);
}

QJsonValue i64(std::int64_t v)
{
    return QString::number(v);
}

QJsonValue i128(__int128 v)
{
    const bool negative = v < 0;
    unsigned __int128 u = negative ? (unsigned __int128)(-(v + 1)) + 1 : (unsigned __int128)v;
    std::string digits;
    do {
        digits.insert(digits.begin(), char('0' + int(u % 10)));
        u /= 10;
    } while (u);
    if (negative)
        digits.insert(digits.begin(), '-');
    return QString::fromStdString(digits);
}

// Reads the JSON values back; the first failure names its field and sticks.
class Reader
{
public:
    explicit Reader(QString* error)
        : m_error(error)
    {
    }
    bool ok() const { return m_ok; }
    bool fail(const QString& field, const QString& why)
    {
        if (m_ok && m_error)
            *m_error = QStringLiteral("partial summary: %1: %2").arg(field, why);
        m_ok = false;
        return false;
    }
    template<typename T>
    T integer(const QJsonValue& v, const QString& field)
    {
        const QByteArray text = v.toString().toLatin1();
        T out {};
        const auto [end, ec] = std::from_chars(text.constData(), text.constData() + text.size(), out);
        if (!v.isString() || text.isEmpty() || ec != std::errc() || end != text.constData() + text.size())
            fail(field, QStringLiteral("expected a whole number as a string"));
        return out;
    }
    std::uint64_t u64(const QJsonValue& v, const QString& field) { return integer<std::uint64_t>(v, field); }
    std::int64_t i64(const QJsonValue& v, const QString& field) { return integer<std::int64_t>(v, field); }
    __int128 i128(const QJsonValue& v, const QString& field)
    {
        const QString text = v.toString();
        const bool negative = text.startsWith(u'-');
        unsigned __int128 u = 0;
        constexpr unsigned __int128 kLimit = (unsigned __int128)1 << 126; // far beyond any sum of int64
        if (!v.isString() || text.size() < (negative ? 2 : 1))
            fail(field, QStringLiteral("expected a whole number as a string"));
        for (qsizetype i = negative ? 1 : 0; i < text.size() && m_ok; ++i) {
            const int d = text[i].digitValue();
            if (d < 0 || d > 9 || u > kLimit)
                fail(field, QStringLiteral("expected a whole number as a string"));
            u = u * 10 + unsigned(d);
        }
        return negative ? -(__int128)u : (__int128)u;
    }
    double number(const QJsonValue& v, const QString& field)
    {
        if (!v.isDouble() || !std::isfinite(v.toDouble()))
            fail(field, QStringLiteral("expected a finite number"));
        return v.toDouble();
    }
    int index(const QJsonValue& v, int size, const QString& field)
    {
        const int i = v.toInt(-1);
        if (!v.isDouble() || i < 0 || i >= size)
            fail(field, QStringLiteral("index %1 outside 0..%2").arg(v.toDouble()).arg(size - 1));
        return std::clamp(i, 0, std::max(0, size - 1));
    }

private:
    QString* m_error;
    bool m_ok = true;
};

} // namespace

struct TraceSummaryCodec
{
    static QJsonObject bucket(const TraceTimeBucket& b)
    {
        return QJsonObject { { QStringLiteral("ios"), u64(b.ios) }, { QStringLiteral("reads"), u64(b.reads) },
            { QStringLiteral("bytes"), u64(b.bytes) }, { QStringLiteral("responses"), u64(b.responses) },
            { QStringLiteral("responseSumNs"), b.responseSumNs }, { QStringLiteral("pairBusyNs"), b.pairBusyNs },
            { QStringLiteral("littleBusyNs"), b.littleBusyNs } };
    }

    static QJsonObject write(const TraceSummary& s)
    {
        QJsonObject counters;
        TraceCounters::forEach([&](const char*, const char* name, auto member) { counters[QLatin1String(name)] = u64(s.*member); });
        QJsonArray notes, explained;
        for (const QString& n : s.format.notes)
            notes.append(n);
        for (TraceField f : s.format.explained)
            explained.append(int(f));
        const QJsonObject format { { QStringLiteral("format"), traceFormatName(s.format.format) },
            { QStringLiteral("name"), s.format.name }, { QStringLiteral("detail"), s.format.detail },
            { QStringLiteral("timeOrigin"), s.format.timeOrigin }, { QStringLiteral("compression"), s.format.compression },
            { QStringLiteral("hasResponseTimes"), s.format.hasResponseTimes },
            { QStringLiteral("hasIssueCompletePairs"), s.format.hasIssueCompletePairs },
            { QStringLiteral("hasDevices"), s.format.hasDevices }, { QStringLiteral("hasTimestamps"), s.format.hasTimestamps },
            { QStringLiteral("hasOffsets"), s.format.hasOffsets },
            { QStringLiteral("notes"), notes }, { QStringLiteral("explained"), explained } };
        QJsonArray head;
        for (std::int64_t t : s.m_inOrderHead)
            head.append(i64(t));
        QJsonArray sectorSizes, otherSizes;
        for (std::size_t k = 0; k < s.m_sectorSizes.size(); ++k)
            if (s.m_sectorSizes[k])
                sectorSizes.append(QJsonArray { int(k), u64(s.m_sectorSizes[k]) });
        for (const auto& [bytes, count] : s.m_otherSizes)
            otherSizes.append(QJsonArray { u64(bytes), u64(count) });
        QJsonArray devices;
        for (const TraceDeviceSummary& d : s.devices) {
            QJsonArray regions;
            for (std::size_t i = 0; i < d.regions.m_counts.size(); ++i)
                if (d.regions.m_counts[i])
                    regions.append(QJsonArray { int(i), u64(d.regions.m_counts[i]) });
            devices.append(QJsonObject { { QStringLiteral("name"), QString::fromStdString(d.name) },
                { QStringLiteral("ios"), u64(d.ios) }, { QStringLiteral("reads"), u64(d.reads) },
                { QStringLiteral("bytes"), u64(d.bytes) }, { QStringLiteral("bytesRead"), u64(d.bytesRead) },
                { QStringLiteral("runs"), u64(d.runs) }, { QStringLiteral("firstOffsetBytes"), u64(d.firstOffsetBytes) },
                { QStringLiteral("lastEndBytes"), u64(d.lastEndBytes) }, { QStringLiteral("maxEndBytes"), u64(d.maxEndBytes) },
                { QStringLiteral("regionShift"), d.regions.m_shift }, { QStringLiteral("regions"), regions } });
        }
        QJsonArray histogram;
        for (std::size_t i = 0; i < s.responseNs.m_counts.size(); ++i)
            if (s.responseNs.m_counts[i])
                histogram.append(QJsonArray { int(i), u64(s.responseNs.m_counts[i]) });
        QJsonArray buckets;
        for (int i = s.timeline.m_lo; i <= s.timeline.m_hi; ++i)
            buckets.append(bucket(s.timeline.m_buckets[std::size_t(i)]));
        return QJsonObject {
            { QStringLiteral("version"), kPartialSummaryVersion },
            { QStringLiteral("counters"), counters },
            { QStringLiteral("format"), format },
            { QStringLiteral("files"), QJsonArray::fromStringList(s.files) },
            { QStringLiteral("options"),
                QJsonObject { { QStringLiteral("slowThresholdMs"), s.options.slowThresholdMs },
                    { QStringLiteral("maxTimeBuckets"), s.options.maxTimeBuckets },
                    { QStringLiteral("maxRegionsPerDevice"), s.options.maxRegionsPerDevice } } },
            { QStringLiteral("skippedMessages"), QJsonArray::fromStringList(s.skippedMessages) },
            { QStringLiteral("firstNs"), i64(s.firstNs) },
            { QStringLiteral("lastNs"), i64(s.lastNs) },
            { QStringLiteral("inOrderHead"), head },
            { QStringLiteral("inOrderHeadFull"), s.m_inOrderHeadFull },
            { QStringLiteral("mergeInexact"), s.m_mergeInexact },
            { QStringLiteral("sizesRounded"), s.sizesRounded },
            { QStringLiteral("sectorSizes"), sectorSizes },
            { QStringLiteral("otherSizes"), otherSizes },
            { QStringLiteral("devices"), devices },
            { QStringLiteral("response"),
                QJsonObject { { QStringLiteral("n"), u64(s.responseMs.m_n) }, { QStringLiteral("sumNs"), i128(s.responseMs.m_sum) },
                    { QStringLiteral("minNs"), i64(s.responseMs.m_min) }, { QStringLiteral("maxNs"), i64(s.responseMs.m_max) },
                    { QStringLiteral("histogram"), histogram }, { QStringLiteral("histogramTotal"), u64(s.responseNs.m_total) } } },
            { QStringLiteral("timeline"),
                QJsonObject { { QStringLiteral("widthNs"), i64(s.timeline.m_width) }, { QStringLiteral("originNs"), i64(s.timeline.m_origin) },
                    { QStringLiteral("first"), s.timeline.m_lo }, { QStringLiteral("buckets"), buckets } } },
        };
    }

    static std::optional<TraceSummary> read(const QJsonObject& o, QString* error)
    {
        Reader r(error);
        if (o.value(QStringLiteral("version")).toInt() != kPartialSummaryVersion) {
            r.fail(QStringLiteral("version"), QStringLiteral("expected %1").arg(kPartialSummaryVersion));
            return std::nullopt;
        }
        const QJsonObject options = o.value(QStringLiteral("options")).toObject();
        TraceSummaryOptions so;
        so.slowThresholdMs = r.number(options.value(QStringLiteral("slowThresholdMs")), QStringLiteral("options.slowThresholdMs"));
        so.maxTimeBuckets = options.value(QStringLiteral("maxTimeBuckets")).toInt(-1);
        so.maxRegionsPerDevice = options.value(QStringLiteral("maxRegionsPerDevice")).toInt(-1);
        if (so.maxTimeBuckets < TraceTimeline::kMinBuckets || so.maxTimeBuckets > (1 << 20) || so.maxRegionsPerDevice < 1 || so.maxRegionsPerDevice > (1 << 20))
            r.fail(QStringLiteral("options"), QStringLiteral("bucket and region counts out of range"));
        if (!r.ok())
            return std::nullopt;
        TraceSummary s(so);
        const QJsonObject counters = o.value(QStringLiteral("counters")).toObject();
        TraceCounters::forEach([&](const char*, const char* name, auto member) {
            s.*member = r.u64(counters.value(QLatin1String(name)), QStringLiteral("counters.") + QLatin1String(name));
        });
        const QJsonObject format = o.value(QStringLiteral("format")).toObject();
        if (!parseTraceFormat(format.value(QStringLiteral("format")).toString(), &s.format.format))
            r.fail(QStringLiteral("format.format"), QStringLiteral("not a trace format"));
        s.format.name = format.value(QStringLiteral("name")).toString();
        s.format.detail = format.value(QStringLiteral("detail")).toString();
        s.format.timeOrigin = format.value(QStringLiteral("timeOrigin")).toString();
        s.format.compression = format.value(QStringLiteral("compression")).toString();
        s.format.hasResponseTimes = format.value(QStringLiteral("hasResponseTimes")).toBool();
        s.format.hasIssueCompletePairs = format.value(QStringLiteral("hasIssueCompletePairs")).toBool();
        s.format.hasDevices = format.value(QStringLiteral("hasDevices")).toBool();
        s.format.hasTimestamps = format.value(QStringLiteral("hasTimestamps")).toBool();
        s.format.hasOffsets = format.value(QStringLiteral("hasOffsets")).toBool(true); // absent before offsets could be missing
        for (const QJsonValue& n : format.value(QStringLiteral("notes")).toArray())
            s.format.notes << n.toString();
        for (const QJsonValue& f : format.value(QStringLiteral("explained")).toArray())
            s.format.explained.push_back(TraceField(r.index(f, int(TraceField::Offsets) + 1, QStringLiteral("format.explained"))));
        for (const QJsonValue& f : o.value(QStringLiteral("files")).toArray())
            s.files << f.toString();
        for (const QJsonValue& m : o.value(QStringLiteral("skippedMessages")).toArray())
            if (s.skippedMessages.size() < TraceSummary::kMaxMessages)
                s.skippedMessages << m.toString();
        s.firstNs = r.i64(o.value(QStringLiteral("firstNs")), QStringLiteral("firstNs"));
        s.lastNs = r.i64(o.value(QStringLiteral("lastNs")), QStringLiteral("lastNs"));
        std::int64_t previous = INT64_MIN;
        for (const QJsonValue& t : o.value(QStringLiteral("inOrderHead")).toArray()) {
            const std::int64_t ns = r.i64(t, QStringLiteral("inOrderHead"));
            if (ns < previous || s.m_inOrderHead.size() >= TraceSummary::kInOrderHead)
                r.fail(QStringLiteral("inOrderHead"), QStringLiteral("not ascending, or longer than %1").arg(TraceSummary::kInOrderHead));
            previous = ns;
            s.m_inOrderHead.push_back(ns);
        }
        s.m_inOrderHeadFull = o.value(QStringLiteral("inOrderHeadFull")).toBool();
        s.m_mergeInexact = o.value(QStringLiteral("mergeInexact")).toBool();
        s.sizesRounded = o.value(QStringLiteral("sizesRounded")).toBool();
        for (const QJsonValue& v : o.value(QStringLiteral("sectorSizes")).toArray()) {
            const QJsonArray e = v.toArray();
            const int k = r.index(e.at(0), int(s.m_sectorSizes.size()), QStringLiteral("sectorSizes"));
            s.m_sectorSizes[std::size_t(k)] = r.u64(e.at(1), QStringLiteral("sectorSizes"));
        }
        for (const QJsonValue& v : o.value(QStringLiteral("otherSizes")).toArray()) {
            const QJsonArray e = v.toArray();
            if (s.m_otherSizes.size() >= TraceSummary::kMaxDistinctSizes)
                r.fail(QStringLiteral("otherSizes"), QStringLiteral("more than %1 sizes").arg(TraceSummary::kMaxDistinctSizes));
            s.m_otherSizes[r.u64(e.at(0), QStringLiteral("otherSizes"))] = r.u64(e.at(1), QStringLiteral("otherSizes"));
        }
        for (const QJsonValue& v : o.value(QStringLiteral("devices")).toArray()) {
            const QJsonObject d = v.toObject();
            const std::string name = d.value(QStringLiteral("name")).toString().toStdString();
            const std::uint32_t slot = s.deviceSlot(name);
            if (slot + 1 != s.devices.size())
                r.fail(QStringLiteral("devices"), QStringLiteral("'%1' comes twice").arg(QString::fromStdString(name)));
            TraceDeviceSummary& t = s.devices[slot];
            const QString at = QStringLiteral("devices[%1].").arg(slot);
            t.ios = r.u64(d.value(QStringLiteral("ios")), at + QStringLiteral("ios"));
            t.reads = r.u64(d.value(QStringLiteral("reads")), at + QStringLiteral("reads"));
            t.bytes = r.u64(d.value(QStringLiteral("bytes")), at + QStringLiteral("bytes"));
            t.bytesRead = r.u64(d.value(QStringLiteral("bytesRead")), at + QStringLiteral("bytesRead"));
            t.runs = r.u64(d.value(QStringLiteral("runs")), at + QStringLiteral("runs"));
            t.firstOffsetBytes = r.u64(d.value(QStringLiteral("firstOffsetBytes")), at + QStringLiteral("firstOffsetBytes"));
            t.lastEndBytes = r.u64(d.value(QStringLiteral("lastEndBytes")), at + QStringLiteral("lastEndBytes"));
            t.maxEndBytes = r.u64(d.value(QStringLiteral("maxEndBytes")), at + QStringLiteral("maxEndBytes"));
            const int shift = d.value(QStringLiteral("regionShift")).toInt(-1);
            if (shift < 0 || shift > 64 - RegionHistogram::kBaseShift)
                r.fail(at + QStringLiteral("regionShift"), QStringLiteral("outside 0..%1").arg(64 - RegionHistogram::kBaseShift));
            t.regions.m_shift = std::max(0, shift);
            for (const QJsonValue& e : d.value(QStringLiteral("regions")).toArray()) {
                const int i = r.index(e.toArray().at(0), int(t.regions.m_counts.size()), at + QStringLiteral("regions"));
                t.regions.m_counts[std::size_t(i)] = r.u64(e.toArray().at(1), at + QStringLiteral("regions"));
            }
        }
        if (const auto other = s.m_deviceIndex.find(std::string(TraceSummary::kOtherDevices)); other != s.m_deviceIndex.end())
            s.m_otherSlot = other->second;
        const QJsonObject response = o.value(QStringLiteral("response")).toObject();
        s.responseMs.m_n = r.u64(response.value(QStringLiteral("n")), QStringLiteral("response.n"));
        s.responseMs.m_sum = r.i128(response.value(QStringLiteral("sumNs")), QStringLiteral("response.sumNs"));
        s.responseMs.m_min = r.i64(response.value(QStringLiteral("minNs")), QStringLiteral("response.minNs"));
        s.responseMs.m_max = r.i64(response.value(QStringLiteral("maxNs")), QStringLiteral("response.maxNs"));
        for (const QJsonValue& e : response.value(QStringLiteral("histogram")).toArray()) {
            const int i = r.index(e.toArray().at(0), LogHistogram::kBuckets, QStringLiteral("response.histogram"));
            s.responseNs.m_counts[std::size_t(i)] = r.u64(e.toArray().at(1), QStringLiteral("response.histogram"));
        }
        s.responseNs.m_total = r.u64(response.value(QStringLiteral("histogramTotal")), QStringLiteral("response.histogramTotal"));
        const QJsonObject timeline = o.value(QStringLiteral("timeline")).toObject();
        TraceTimeline& tl = s.timeline;
        tl.m_width = r.i64(timeline.value(QStringLiteral("widthNs")), QStringLiteral("timeline.widthNs"));
        tl.m_origin = r.i64(timeline.value(QStringLiteral("originNs")), QStringLiteral("timeline.originNs"));
        // The grid: 1 ms times a power of two, the origin on it (TraceTimeline's invariants).
        if (tl.m_width < TraceTimeline::kBaseWidthNs || tl.m_width > (std::int64_t(1) << 62)
            || (tl.m_width / TraceTimeline::kBaseWidthNs) & (tl.m_width / TraceTimeline::kBaseWidthNs - 1)
            || tl.m_width % TraceTimeline::kBaseWidthNs || tl.m_origin % std::max<std::int64_t>(1, tl.m_width))
            r.fail(QStringLiteral("timeline.widthNs"), QStringLiteral("not 1 ms times a power of two, or the origin off its grid"));
        const QJsonArray buckets = timeline.value(QStringLiteral("buckets")).toArray();
        if (!buckets.isEmpty()) {
            const int first = r.index(timeline.value(QStringLiteral("first")), tl.m_max, QStringLiteral("timeline.first"));
            if (first + buckets.size() > tl.m_max)
                r.fail(QStringLiteral("timeline.buckets"), QStringLiteral("more than %1 buckets").arg(tl.m_max));
            tl.m_lo = first;
            tl.m_hi = first - 1;
            for (qsizetype k = 0; k < buckets.size() && r.ok(); ++k) {
                const QJsonObject b = buckets[k].toObject();
                TraceTimeBucket& t = tl.m_buckets[std::size_t(first + k)];
                t.ios = r.u64(b.value(QStringLiteral("ios")), QStringLiteral("timeline.buckets.ios"));
                t.reads = r.u64(b.value(QStringLiteral("reads")), QStringLiteral("timeline.buckets.reads"));
                t.bytes = r.u64(b.value(QStringLiteral("bytes")), QStringLiteral("timeline.buckets.bytes"));
                t.responses = r.u64(b.value(QStringLiteral("responses")), QStringLiteral("timeline.buckets.responses"));
                t.responseSumNs = r.number(b.value(QStringLiteral("responseSumNs")), QStringLiteral("timeline.buckets.responseSumNs"));
                t.pairBusyNs = r.number(b.value(QStringLiteral("pairBusyNs")), QStringLiteral("timeline.buckets.pairBusyNs"));
                t.littleBusyNs = r.number(b.value(QStringLiteral("littleBusyNs")), QStringLiteral("timeline.buckets.littleBusyNs"));
                tl.m_hi = first + int(k);
            }
        }
        if (r.ok())
            checkCounts(s, r);
        if (!r.ok())
            return std::nullopt;
        return s;
    }

    // The counters against what the partial holds, before anything is sized or indexed from them
    // (#52): records that no device, no size or no read or write accounts for mean a damaged
    // partial (a "records" of 5 beside no device had the advisor index the busiest of none).
    static void checkCounts(const TraceSummary& s, Reader& r)
    {
        using Sum = unsigned __int128;
        const auto text = [](Sum v) { return v > UINT64_MAX ? QStringLiteral("more than 2^64") : QString::number(std::uint64_t(v)); };
        Sum deviceIos = 0, sized = 0, bucketIos = 0;
        for (const TraceDeviceSummary& d : s.devices)
            deviceIos += d.ios;
        for (std::uint64_t c : s.m_sectorSizes)
            sized += c;
        for (const auto& [bytes, count] : s.m_otherSizes)
            sized += count;
        for (int i = s.timeline.m_lo; i <= s.timeline.m_hi; ++i)
            bucketIos += s.timeline.m_buckets[std::size_t(i)].ios;
        const Sum records = s.records;
        if (deviceIos != records)
            r.fail(QStringLiteral("devices"), QStringLiteral("their ios add up to %1, not the %2 records").arg(text(deviceIos), text(records)));
        else if (Sum(s.reads) + s.writes != records)
            r.fail(QStringLiteral("counters.reads"), QStringLiteral("%1 reads and %2 writes are not the %3 records")
                                                        .arg(s.reads).arg(s.writes).arg(s.records));
        else if (sized != records)
            r.fail(QStringLiteral("sectorSizes"), QStringLiteral("the sizes count %1 requests, not the %2 records").arg(text(sized), text(records)));
        else if (bucketIos > records)
            r.fail(QStringLiteral("timeline.buckets"), QStringLiteral("the buckets count %1 requests, more than the %2 records").arg(text(bucketIos), text(records)));
    }
};

QJsonObject TraceSummary::toPartialJson() const
{
    return TraceSummaryCodec::write(*this);
}

std::optional<TraceSummary> TraceSummary::fromPartialJson(const QJsonObject& json, QString* error)
{
    return TraceSummaryCodec::read(json, error);
}

} // namespace raidscope
