// SPDX-License-Identifier: GPL-3.0-or-later
// TraceCounters: the plain counts of a trace summary, added by hand.
#include "trace/tracesummary.h"

#include <catch2/catch.hpp>

#include <QJsonArray>
#include <QJsonObject>

#include <set>
#include <string>

using namespace raidscope;

namespace {

TraceRecord req(std::int64_t timeNs, std::uint64_t size, bool write)
{
    TraceRecord r;
    r.timeNs = timeNs;
    r.sizeBytes = size;
    r.write = write;
    return r;
}

} // namespace

TEST_CASE("TraceCounters: += adds every counter", "[trace][counters]")
{
    TraceCounters a;
    a.records = 3;
    a.reads = 2;
    a.writes = 1;
    a.bytesRead = 8192;
    a.bytesWritten = 512;
    a.completions = 1;
    a.zeroSize = 0;
    a.outOfOrder = 1;
    a.skipped = 4;
    TraceCounters b;
    b.records = 10;
    b.reads = 0;
    b.writes = 10;
    b.bytesRead = 0;
    b.bytesWritten = 40960;
    b.completions = 7;
    b.zeroSize = 2;
    b.outOfOrder = 0;
    b.skipped = 1;

    a += b;
    // By hand: 3 + 10, 2 + 0, 1 + 10, 8192 + 0, 512 + 40960, 1 + 7, 0 + 2, 1 + 0, 4 + 1.
    CHECK(a.records == 13);
    CHECK(a.reads == 2);
    CHECK(a.writes == 11);
    CHECK(a.bytesRead == 8192);
    CHECK(a.bytesWritten == 41472);
    CHECK(a.completions == 8);
    CHECK(a.zeroSize == 2);
    CHECK(a.outOfOrder == 1);
    CHECK(a.skipped == 5);

    SECTION("+ gives the same, and zero is neutral")
    {
        TraceCounters c;
        c.records = 3;
        c.reads = 2;
        c.writes = 1;
        c.bytesRead = 8192;
        c.bytesWritten = 512;
        c.completions = 1;
        c.outOfOrder = 1;
        c.skipped = 4;
        CHECK(c + b == a);
        CHECK(a + TraceCounters {} == a);
        CHECK_FALSE(c == a);
    }
}

TEST_CASE("TraceCounters: forEach lists every counter once, and the summary's JSON has each", "[trace][counters]")
{
    std::set<std::string> keys;
    int n = 0;
    TraceCounters::forEach([&](const char*, const char* key, auto) {
        keys.insert(key);
        ++n;
    });
    // Ten counters: a new member without a forEach line would not merge; sizeof catches it.
    CHECK(n == 10);
    CHECK(int(keys.size()) == n);
    CHECK(sizeof(TraceCounters) == std::size_t(n) * sizeof(std::uint64_t));

    TraceSummary s;
    TraceAccumulator acc(s);
    const auto d = s.deviceSlot("a");
    acc.add(req(2, 4096, false), d);
    acc.add(req(1, 0, true), d); // earlier than the one before: out of order; zero size
    TraceRecord past = req(3, 8192, false);
    past.offsetBytes = UINT64_MAX - 4095; // the last 4 KiB of the address space, and 4 KiB more
    acc.add(past, d);
    acc.addSkipped(TraceError { QStringLiteral("t.csv"), 3, 0, {}, QStringLiteral("bad"), false });
    const QJsonObject j = s.toJson();
    CHECK(j[QStringLiteral("records")].toInt() == 3);
    CHECK(j[QStringLiteral("reads")].toInt() == 2);
    CHECK(j[QStringLiteral("writes")].toInt() == 1);
    CHECK(j[QStringLiteral("bytesRead")].toInt() == 4096 + 8192);
    CHECK(j[QStringLiteral("bytesWritten")].toInt() == 0);
    const QJsonObject anomalies = j[QStringLiteral("anomalies")].toObject();
    CHECK(anomalies[QStringLiteral("outOfOrder")].toInt() == 1);
    CHECK(anomalies[QStringLiteral("zeroSize")].toInt() == 1);
    CHECK(anomalies[QStringLiteral("pastAddressSpace")].toInt() == 1);
    CHECK(anomalies[QStringLiteral("completions")].toInt() == 0);
    // #52: the bound is 2^63 bytes (a block device's size is an off_t), whatever the format: 4 KiB
    // ending exactly at 2^63 is inside, one starting at 2^63 past it.
    TraceRecord edge = req(4, 4096, false);
    edge.offsetBytes = (std::uint64_t(1) << 63) - 4096;
    acc.add(edge, d);
    CHECK(s.toJson()[QStringLiteral("anomalies")].toObject()[QStringLiteral("pastAddressSpace")].toInt() == 1);
    edge.offsetBytes = std::uint64_t(1) << 63;
    acc.add(edge, d);
    CHECK(s.toJson()[QStringLiteral("anomalies")].toObject()[QStringLiteral("pastAddressSpace")].toInt() == 2);
    const QJsonObject errors = j[QStringLiteral("errors")].toObject();
    CHECK(errors[QStringLiteral("skipped")].toInt() == 1);
    CHECK(errors[QStringLiteral("messages")].toArray().size() == 1);
}

TEST_CASE("TraceSummary: merge adds the counters of the later part", "[trace][counters]")
{
    TraceSummary first, later;
    TraceAccumulator a(first), b(later);
    a.add(req(0, 512, false), first.deviceSlot("x"));
    a.add(req(5, 1024, true), first.deviceSlot("x"));
    b.add(req(9, 0, false), later.deviceSlot("y"));
    b.add(req(7, 2048, false), later.deviceSlot("y")); // out of order within the later part
    const TraceCounters expected = static_cast<const TraceCounters&>(first) + later;
    first.merge(later);
    CHECK(static_cast<const TraceCounters&>(first) == expected);
    // By hand: 4 requests, 3 reads of 512 + 0 + 2048 bytes, one write of 1024, one zero size, one late.
    CHECK(first.records == 4);
    CHECK(first.reads == 3);
    CHECK(first.bytesRead == 2560);
    CHECK(first.bytesWritten == 1024);
    CHECK(first.zeroSize == 1);
    CHECK(first.outOfOrder == 1);
    CHECK(first.firstNs == 0);
    CHECK(first.lastNs == 9);
}
