// SPDX-License-Identifier: GPL-3.0-or-later
// A partial summary (`trace summarize --partial`): every part of a TraceSummary through JSON and back,
// and parts summarized apart merging, after the trip, into the summary of the whole.
#include "trace/tracesummary.h"

#include <catch2/catch.hpp>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <limits>

using namespace raidscope;

namespace {

TraceRecord req(std::int64_t timeNs, std::uint64_t offset, std::uint64_t size, bool write, std::int64_t responseNs)
{
    TraceRecord r;
    r.timeNs = timeNs;
    r.offsetBytes = offset;
    r.sizeBytes = size;
    r.write = write;
    r.responseNs = responseNs;
    return r;
}

// Records with values a JSON double cannot hold: offsets near 2^64, times near the clamp, a size
// that is not a sector multiple, and a response-time sum past 2^53 ns.
std::vector<std::pair<TraceRecord, std::string>> records()
{
    const std::uint64_t high = std::numeric_limits<std::uint64_t>::max() - 8191;
    return {
        { req(1000000000000000001, 0, 4096, false, 250000), "sda" },
        { req(1000000000000000002, 4096, 4096, false, 9007199254740993), "sda" }, // continues the run
        { req(1000000000000000003, high, 4096, true, 1), "sdb" },
        { req(1000000000000500000, 12345, 777, true, 3000000), "sda" },
        { req(1000000000000400000, 1 << 20, 65536, false, 5), "sdc" }, // out of order
        { req(1000000001000000000, 65536, 512, false, 42), "sdb" },
    };
}

void feed(TraceSummary& s, std::size_t from, std::size_t to)
{
    TraceAccumulator a(s);
    const auto all = records();
    for (std::size_t i = from; i < to; ++i)
        a.add(all[i].first, s.deviceSlot(all[i].second));
}

QByteArray text(const QJsonObject& o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

} // namespace

TEST_CASE("TraceSummary partial JSON: fromPartialJson(toPartialJson()) is the same summary", "[trace][partial]")
{
    TraceSummary s;
    feed(s, 0, records().size());
    REQUIRE(s.records == 6);
    REQUIRE(s.outOfOrder == 1);
    QString error;
    const auto back = TraceSummary::fromPartialJson(s.toPartialJson(), &error);
    REQUIRE(back);
    CHECK(error.isEmpty());
    CHECK(text(back->toPartialJson()) == text(s.toPartialJson()));
    CHECK(text(back->toJson()) == text(s.toJson()));
    // 64-bit values as written, not rounded through a double.
    const QJsonObject partial = s.toPartialJson();
    const QJsonArray devices = partial.value(QStringLiteral("devices")).toArray();
    // sdb ends its second request at 2^64 - 8192 + 4096.
    CHECK(devices[1].toObject().value(QStringLiteral("maxEndBytes")).toString() == QStringLiteral("18446744073709547520"));
    CHECK(partial.value(QStringLiteral("response")).toObject().value(QStringLiteral("sumNs")).toString()
        == QStringLiteral("9007199257991041")); // 250000 + 9007199254740993 + 1 + 3000000 + 5 + 42
}

TEST_CASE("TraceSummary partial JSON: parts read apart merge into the summary of the whole", "[trace][partial]")
{
    TraceSummary whole;
    feed(whole, 0, records().size());
    // Cut after the fourth record: the fifth arrives before the fourth, so the merge must count it
    // out of order from the later part's in-order head (1 in all, as in the whole).
    TraceSummary first, later;
    feed(first, 0, 4);
    feed(later, 4, records().size());
    CHECK(later.outOfOrder == 0);
    QString error;
    auto a = TraceSummary::fromPartialJson(first.toPartialJson(), &error);
    auto b = TraceSummary::fromPartialJson(later.toPartialJson(), &error);
    REQUIRE(a);
    REQUIRE(b);
    a->merge(*b);
    CHECK(a->mergeExact());
    CHECK(a->outOfOrder == 1);
    CHECK(a->devices[0].runs == 2); // sda: [0, 8 KiB) one run, then 12345 a second
    CHECK(text(a->toJson()) == text(whole.toJson()));
}

TEST_CASE("TraceSummary partial JSON: a damaged partial is refused with the field named", "[trace][partial]")
{
    TraceSummary s;
    feed(s, 0, records().size());
    const QJsonObject good = s.toPartialJson();
    const auto refused = [](QJsonObject o, const QString& field) {
        QString error;
        CHECK_FALSE(TraceSummary::fromPartialJson(o, &error));
        CHECK(error.contains(field));
    };
    QJsonObject o = good;
    QJsonObject timeline = o.value(QStringLiteral("timeline")).toObject();
    timeline[QStringLiteral("first")] = 1023; // two buckets from the last index: past the table
    o[QStringLiteral("timeline")] = timeline;
    refused(o, QStringLiteral("timeline.buckets"));

    o = good;
    timeline = o.value(QStringLiteral("timeline")).toObject();
    timeline[QStringLiteral("widthNs")] = QStringLiteral("3000000"); // not 1 ms times a power of two
    o[QStringLiteral("timeline")] = timeline;
    refused(o, QStringLiteral("timeline.widthNs"));

    o = good;
    o[QStringLiteral("sectorSizes")] = QJsonArray { QJsonArray { 8193, QStringLiteral("1") } };
    refused(o, QStringLiteral("sectorSizes"));

    o = good;
    QJsonObject counters = o.value(QStringLiteral("counters")).toObject();
    counters[QStringLiteral("records")] = 6; // a number, not a string
    o[QStringLiteral("counters")] = counters;
    refused(o, QStringLiteral("counters.records"));

    o = good;
    o[QStringLiteral("version")] = 2;
    refused(o, QStringLiteral("version"));
}

TEST_CASE("TraceSummary partial JSON: counts that what the partial holds does not add up to are refused (#52)",
          "[trace][partial]")
{
    // The six records of records(): 3 on sda, 2 on sdb, 1 on sdc; 4 reads and 2 writes; six sizes.
    TraceSummary s;
    feed(s, 0, records().size());
    const QJsonObject good = s.toPartialJson();
    REQUIRE(TraceSummary::fromPartialJson(good, nullptr));
    const auto refusal = [](const QJsonObject& o) {
        QString error;
        CHECK_FALSE(TraceSummary::fromPartialJson(o, &error));
        return error;
    };
    const auto withCounter = [&](const char* name, const char* value) {
        QJsonObject o = good;
        QJsonObject counters = o.value(QStringLiteral("counters")).toObject();
        counters[QLatin1String(name)] = QLatin1String(value);
        o[QStringLiteral("counters")] = counters;
        return o;
    };
    // Records said 1000000 with six in the devices: nothing may be sized from the 1000000.
    CHECK(refusal(withCounter("records", "1000000")) == u"partial summary: devices: their ios add up to 6, not the 1000000 records");
    // No devices at all, as a damaged file might hold: the advisor indexed the busiest of none.
    QJsonObject o = good;
    o[QStringLiteral("devices")] = QJsonArray {};
    CHECK(refusal(o) == u"partial summary: devices: their ios add up to 0, not the 6 records");
    CHECK(refusal(withCounter("reads", "5")) == u"partial summary: counters.reads: 5 reads and 2 writes are not the 6 records");
    o = good;
    o[QStringLiteral("otherSizes")] = QJsonArray {};
    // records() has one size that is not a sector multiple (777 bytes): without it the sizes count 5.
    CHECK(refusal(o) == u"partial summary: sectorSizes: the sizes count 5 requests, not the 6 records");
}
