// SPDX-License-Identifier: GPL-3.0-or-later
// Interval counters (#56): sadf -j and iostat -x -o JSON files recorded here (tests/data/counters,
// made-fixtures.sh) against the fio runs that made them; sniffing; hostile inputs; the synthetic
// request stream against the counters, each fixture parsed in the test with QJsonDocument, apart
// from the code under test.
#include "trace/counterfile.h"
#include "trace/tracereader.h"

#include <catch2/catch.hpp>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <cmath>
#include <cstring>
#include <string>
#include <tuple>

using namespace raidscope;

namespace {

QString counters(const QString& name)
{
    return QStringLiteral(RAIDSCOPE_TEST_DATA "/counters/") + name;
}

QByteArray slurp(const QString& path)
{
    QFile f(path);
    REQUIRE(f.open(QIODevice::ReadOnly));
    return f.readAll();
}

QJsonObject jsonOf(const QString& path)
{
    QJsonParseError e;
    const QJsonDocument d = QJsonDocument::fromJson(slurp(path), &e);
    REQUIRE(e.error == QJsonParseError::NoError);
    return d.object();
}

// What fio says it ran: one job, its reads and writes (fio's own JSON).
struct FioRun
{
    QString device;
    double reads = 0, writes = 0, bytes = 0, iops = 0;
    double ios() const { return reads + writes; }
    double readShare() const { return reads / ios(); }
    double meanBytes() const { return bytes / ios(); }
};

FioRun fioRun(const QString& job)
{
    const QJsonObject root = jsonOf(counters(job + QStringLiteral(".fio.json")));
    const QJsonObject j = root.value(QStringLiteral("jobs")).toArray().at(0).toObject();
    const QJsonObject r = j.value(QStringLiteral("read")).toObject(), w = j.value(QStringLiteral("write")).toObject();
    FioRun f;
    f.device = root.value(QStringLiteral("disk_util")).toArray().at(0).toObject().value(QStringLiteral("name")).toString();
    f.reads = r.value(QStringLiteral("total_ios")).toDouble();
    f.writes = w.value(QStringLiteral("total_ios")).toDouble();
    f.bytes = r.value(QStringLiteral("io_bytes")).toDouble() + w.value(QStringLiteral("io_bytes")).toDouble();
    f.iops = r.value(QStringLiteral("iops")).toDouble() + w.value(QStringLiteral("iops")).toDouble();
    REQUIRE(f.ios() > 0);
    return f;
}

// One device's samples as the file has them, read here: reads and writes per second and bytes per
// second (sysstat's kB are KiB). sadf has no reads per second: they are tps by the bytes' read share.
struct Sample
{
    double readsPerS = 0, writesPerS = 0, readBytesPerS = 0, writeBytesPerS = 0;
};

std::vector<Sample> samplesOf(const QString& file, bool sadf)
{
    std::vector<Sample> out;
    const QJsonObject root = jsonOf(file);
    const QJsonArray stats = root[QStringLiteral("sysstat")][QStringLiteral("hosts")][0][QStringLiteral("statistics")].toArray();
    for (const QJsonValue& v : stats) {
        const QJsonObject d = v[QStringLiteral("disk")][0].toObject();
        Sample s;
        if (sadf) {
            const double tps = d[QStringLiteral("tps")].toDouble(), r = d[QStringLiteral("rkB")].toDouble() * 1024,
                         w = d[QStringLiteral("wkB")].toDouble() * 1024;
            s.readsPerS = r + w > 0 ? tps * r / (r + w) : 0;
            s.writesPerS = r + w > 0 ? tps * w / (r + w) : 0;
            s.readBytesPerS = r;
            s.writeBytesPerS = w;
        } else {
            s.readsPerS = d[QStringLiteral("r/s")].toDouble();
            s.writesPerS = d[QStringLiteral("w/s")].toDouble();
            s.readBytesPerS = d[QStringLiteral("rkB/s")].toDouble() * 1024;
            s.writeBytesPerS = d[QStringLiteral("wkB/s")].toDouble() * 1024;
        }
        out.push_back(s);
    }
    return out;
}

CounterFile parsed(const QString& path)
{
    CounterFile f;
    TraceError e;
    INFO(e.text().toStdString());
    REQUIRE(readCounterFile(path, f, e));
    return f;
}

// The error text of parsing `json` as a counter file, which must fail.
std::string parseError(const std::string& json)
{
    CounterFile f;
    TraceError e;
    const bool ok = parseCounterFile(json, QStringLiteral("x.json"), f, e);
    INFO(json.substr(0, 300));
    REQUIRE_FALSE(ok);
    CHECK(e.fatal);
    return e.text().toStdString();
}

std::string replaced(std::string s, const std::string& what, const std::string& with)
{
    const auto at = s.find(what);
    REQUIRE(at != std::string::npos);
    return s.replace(at, what.size(), with);
}

std::string replacedAll(std::string s, const std::string& what, const std::string& with)
{
    REQUIRE(s.find(what) != std::string::npos);
    for (auto at = s.find(what); at != std::string::npos; at = s.find(what, at + with.size()))
        s.replace(at, what.size(), with);
    return s;
}

const char* const kJobs[] = { "randread-4k", "randrw70-16k" };

} // namespace

// Tolerances, from how the counters are made: sar and iostat compute each rate over the time that
// really passed (a 1 s interval is 1 s give or take some 10 ms of scheduling: randread-4k has one
// interval of 990.10 = 1000 / 1.01 requests per second) but state the interval in whole seconds
// (sadf) or not at all (iostat, 1 s from its timestamps), so a count made as rate x interval is
// good to about 1%; rates are printed to 2 decimals (0.005 per second per interval). Read share and
// mean size are ratios of one interval's rates, where the interval cancels: only the 2-decimal
// rounding remains.
TEST_CASE("Counter files: each fixture's summary is the workload fio ran", "[counterfile][trace]")
{
    for (const char* job : kJobs) {
        const FioRun fio = fioRun(QString::fromLatin1(job));
        for (const char* kind : { "sadf", "iostat" }) {
            const QString file = counters(QStringLiteral("%1.%2.json").arg(QLatin1String(job), QLatin1String(kind)));
            INFO(file.toStdString());
            const CounterSummary s = summarizeCounters(parsed(file));
            REQUIRE(s.devices.size() == 1);
            const CounterDeviceSummary& d = s.devices.front();
            CHECK(QString::fromStdString(d.name) == fio.device);
            CHECK(d.intervals == 26); // sar and iostat ran 26 one-second samples around fio's 20 s
            CHECK(d.durationS == Approx(26));
            const double rounding = 0.005 * d.intervals;
            CHECK(std::abs(d.ios - fio.ios()) <= 0.01 * fio.ios() + rounding);
            CHECK(std::abs(d.reads - fio.reads) <= 0.01 * fio.reads + rounding);
            CHECK(std::abs(d.writes - fio.writes) <= 0.01 * fio.writes + rounding);
            // fio held a rate (--rate_iops): the counters' steady rate is the median active interval's.
            CHECK(std::abs(d.medianActiveIops - fio.iops) <= 0.01 * fio.iops + 0.005);
            CHECK(d.readShare == Approx(fio.readShare()).margin(0.001));
            CHECK(d.meanSizeBytes == Approx(fio.meanBytes()).epsilon(0.001));
            if (fio.reads > 0)
                CHECK(d.meanReadBytes == Approx(fio.meanBytes()).epsilon(0.001));
            if (fio.writes > 0)
                CHECK(d.meanWriteBytes == Approx(fio.meanBytes()).epsilon(0.001));
            // 20 active seconds (fio's --runtime=20), and a part at each end where fio started and stopped.
            CHECK(d.activeIntervals >= 20);
            CHECK(d.activeIntervals <= 22);
            // JSON: the same numbers, the kind stated, and the workload's assumptions.
            const QJsonObject j = s.toJson();
            CHECK(j[QStringLiteral("format")].toString() == QLatin1String(kind));
            CHECK(j[QStringLiteral("perRequest")].toBool(true) == false);
            CHECK(j[QStringLiteral("devices")][0][QStringLiteral("ios")].toDouble() == d.ios);
            CHECK(j[QStringLiteral("intervals")].toArray().size() == 26);
            CHECK(j[QStringLiteral("asWorkload")][0].toString().startsWith(QStringLiteral("synthetic")));
            CHECK(s.toText().contains(QStringLiteral("not a per-I/O trace")));
        }
    }
}

TEST_CASE("Counter files: sniffed by content, a JSON that is no counter file is not", "[counterfile][trace]")
{
    for (const char* job : kJobs) {
        for (const auto& [kind, format, traceFormat] :
            { std::tuple { "sadf", CounterFormat::SadfJson, TraceFormat::SadfJson },
                std::tuple { "iostat", CounterFormat::IostatJson, TraceFormat::IostatJson } }) {
            const QString file = counters(QStringLiteral("%1.%2.json").arg(QLatin1String(job), QLatin1String(kind)));
            INFO(file.toStdString());
            const QByteArray data = slurp(file);
            CHECK(sniffCounterFormat(std::string_view(data.constData(), std::size_t(data.size()))) == format);
            CHECK(sniffCounterPath(file) == format);
            // No trace reader takes it for its own; TraceReader::open() reads it as counters.
            CHECK(TraceReader::sniff(std::string_view(data.constData(), std::size_t(data.size()))) == TraceFormat::Auto);
            QString error;
            auto r = TraceReader::open(file, {}, &error);
            REQUIRE(r);
            CHECK(r->info().format == traceFormat);
            // Sniffing takes the first bytes only: the head of the file is enough.
            CHECK(sniffCounterFormat(std::string_view(data.constData(), 200)) == format);
        }
        // fio's own JSON report is no counter file.
        const QString fio = counters(QString::fromLatin1(job) + QStringLiteral(".fio.json"));
        CHECK(sniffCounterPath(fio) == CounterFormat::None);
        const QByteArray data = slurp(fio);
        CHECK(sniffCounterFormat(std::string_view(data.constData(), std::size_t(data.size()))) == CounterFormat::None);
    }
    CHECK(sniffCounterFormat(R"({"name": "sysstat", "hosts": []})") == CounterFormat::None); // the word, not the key
    CHECK(sniffCounterFormat(R"({"hosts": [], "sysstat": {}})") == CounterFormat::None);
    CHECK(sniffCounterFormat("") == CounterFormat::None);
    CHECK(sniffCounterFormat("[1,2]") == CounterFormat::None);
    CHECK(sniffCounterFormat("Timestamp,Hostname,DiskNumber\n") == CounterFormat::None);
    CHECK(sniffCounterPath(counters(QStringLiteral("no-such-file.json"))) == CounterFormat::None);
}

TEST_CASE("Counter files: hostile inputs are one clear error naming the key and field", "[counterfile][trace]")
{
    const QByteArray sadfBytes = slurp(counters(QStringLiteral("randrw70-16k.sadf.json")));
    const QByteArray iostatBytes = slurp(counters(QStringLiteral("randrw70-16k.iostat.json")));
    const std::string sadf(sadfBytes.constData(), std::size_t(sadfBytes.size()));
    const std::string iostat(iostatBytes.constData(), std::size_t(iostatBytes.size()));
    const std::string firstTps = "\"tps\": 0.00, ";
    const std::string activeTps = "\"tps\": 702.00, "; // statistics[3], the first interval with I/O

    SECTION("truncated JSON: the file and the line where it ends")
    {
        const std::string t = parseError(sadf.substr(0, sadf.size() / 2));
        CHECK_THAT(t, Catch::StartsWith("x.json:"));
        CHECK_THAT(t, Catch::Contains("not valid JSON"));
        const auto line = std::stoi(t.substr(7));
        CHECK(line > 50);
    }
    SECTION("a missing key")
    {
        const std::string t = parseError(replaced(sadf, activeTps, ""));
        CHECK(t == "x.json: key sysstat.hosts[0].statistics[3].disk[0], field tps: is missing");
        CHECK_THAT(parseError(replaced(iostat, "\"w/s\": 0.00, ", "")), Catch::Contains("statistics[0].disk[0], field w/s: is missing"));
        CHECK_THAT(parseError(replaced(sadf, "\"statistics\"", "\"stats\"")), Catch::Contains("key sysstat.hosts[0], field statistics: is missing"));
        CHECK_THAT(parseError(replaced(sadf, "\"disk-device\": \"loop0\", ", "")), Catch::Contains("field disk-device: is missing"));
        CHECK_THAT(parseError(replaced(sadf, "\"interval\": 1}", "\"utc\": 1}")), Catch::Contains("statistics[0].timestamp, field interval: is missing"));
    }
    SECTION("a negative field")
    {
        CHECK_THAT(parseError(replaced(sadf, activeTps, "\"tps\": -702.00, ")),
            Catch::Contains("key sysstat.hosts[0].statistics[3].disk[0], field tps: -702 is negative"));
        CHECK_THAT(parseError(replaced(iostat, "\"rkB/s\": 0.00", "\"rkB/s\": -1")), Catch::Contains("field rkB/s: -1 is negative"));
        CHECK_THAT(parseError(replaced(sadf, "\"interval\": 1}", "\"interval\": 0}")), Catch::Contains("field interval: is 0"));
    }
    SECTION("a non-numeric field")
    {
        CHECK_THAT(parseError(replaced(iostat, "\"r/s\": 0.00", "\"r/s\": \"abc\"")),
            Catch::Contains("key sysstat.hosts[0].statistics[0].disk[0], field r/s: 'abc' is a string, not a number"));
        CHECK_THAT(parseError(replaced(sadf, firstTps, "\"tps\": null, ")), Catch::Contains("field tps: null, not a number"));
        CHECK_THAT(parseError(replaced(sadf, firstTps, "\"tps\": [1], ")), Catch::Contains("field tps: an array, not a number"));
        CHECK_THAT(parseError(replaced(sadf, "\"disk\": [", "\"disk\": 3, \"x\": [")), Catch::Contains("field disk: 3 is a number, not an array"));
        CHECK_THAT(parseError(replaced(sadf, "\"time\": \"07:32:10\"", "\"time\": \"25:99\"")), Catch::Contains("field date, time: '2026-12-03T25:99' is not a date and time"));
    }
    SECTION("values past any device's")
    {
        CHECK_THAT(parseError(replaced(sadf, activeTps, "\"tps\": 1e12, ")), Catch::Contains("field tps: 1e+12 is more than 1e+08"));
        CHECK_THAT(parseError(replaced(sadf, "\"rkB\": 11200.00", "\"rkB\": 1e15")), Catch::Contains("field rkB: a mean request of"));
        CHECK_THAT(parseError(replaced(sadf, "\"interval\": 1}", "\"interval\": 1e9}")), Catch::Contains("field interval: 1e+09 is more than 86400"));
    }
    SECTION("huge arrays: more devices than any host has, nesting deeper than Qt parses")
    {
        std::string many = R"({"sysstat": {"hosts": [{"file-date": "2026-12-03", "statistics": [{"timestamp": {"date": "2026-12-03", "time": "07:00:00", "utc": 1, "interval": 1}, "disk": [)";
        for (std::size_t i = 0; i < kMaxCounterDevices + 10; ++i)
            many += (i ? "," : "") + std::string(R"({"disk-device": "d)") + std::to_string(i) + R"(", "tps": 0, "rkB": 0, "wkB": 0})";
        many += "]}]}]}}";
        CHECK_THAT(parseError(many), Catch::Contains("statistics[0].disk[4096], field disk-device: more than 4096 devices"));
        std::string deep = R"({"sysstat": {"hosts": )";
        deep += std::string(100000, '[') + std::string(100000, ']') + "}}";
        CHECK_THAT(parseError(deep), Catch::Contains("not valid JSON"));
    }
    SECTION("no counters to read")
    {
        CHECK_THAT(parseError(R"({"sysstat": {"hosts": []}})"), Catch::Contains("key sysstat.hosts: is empty"));
        CHECK_THAT(parseError(R"({"sysstat": {"hosts": [{"file-date": "x", "statistics": [{"cpu-load": []}]}]}})"),
            Catch::Contains("no disk counters (a sadf -j file of sar -d is made with: sadf -j FILE -- -d)"));
        CHECK_THAT(parseError(R"({"sysstat": 5, "hosts": []})"), Catch::Contains("key sysstat: 5 is a number, not an object"));
        CHECK_THAT(parseError(R"({"other": 1})"), Catch::Contains("not a sadf -j, iostat -o JSON or typeperf CSV file"));
    }
    SECTION("counters that would make an endless replay are refused at the first record")
    {
        const std::string endless = replacedAll(replaced(sadf, activeTps, "\"tps\": 1e8, "), "\"interval\": 1}", "\"interval\": 86400}");
        QString error;
        auto r = TraceReader::fromMemory(std::span<const char>(endless.data(), endless.size()), QStringLiteral("x.json"), {}, &error);
        REQUIRE(r);
        TraceRecord rec;
        CHECK(r->next(rec) == TraceReader::Status::Error);
        CHECK_THAT(r->error().text().toStdString(), Catch::Contains("requests, more than the 4.295e+09 a counter file may be replayed as"));
        CHECK(r->next(rec) == TraceReader::Status::End);
    }
    SECTION("a file that is not there, and one cut short on disk")
    {
        CounterFile f;
        TraceError e;
        CHECK_FALSE(readCounterFile(counters(QStringLiteral("no-such-file.json")), f, e));
        CHECK(e.text().startsWith(QStringLiteral("no-such-file.json")));
        QTemporaryDir dir;
        QFile cut(dir.filePath(QStringLiteral("cut.json")));
        REQUIRE(cut.open(QIODevice::WriteOnly));
        cut.write(iostatBytes.left(1000));
        cut.close();
        CHECK_FALSE(readCounterFile(cut.fileName(), f, e));
        CHECK_THAT(e.text().toStdString(), Catch::StartsWith("cut.json:") && Catch::Contains("not valid JSON"));
    }
}

// The synthetic requests of each fixture, counted per 1 s interval: as many as the interval's rate
// (the count carried from interval to interval, so each is within one request and the running total
// within half of one), its read share, its mean size rounded to 512 B; in time order; offsets 4 KiB
// aligned inside the region; the stream says it is synthetic and what it assumed.
TEST_CASE("Counter files: the synthetic request stream has the counters' rates, read share and size", "[counterfile][trace]")
{
    for (const char* job : kJobs) {
        for (const char* kind : { "sadf", "iostat" }) {
            const QString file = counters(QStringLiteral("%1.%2.json").arg(QLatin1String(job), QLatin1String(kind)));
            INFO(file.toStdString());
            const std::vector<Sample> samples = samplesOf(file, std::strcmp(kind, "sadf") == 0);
            REQUIRE(samples.size() == 26);
            TraceReaderOptions options;
            options.counterRegionBytes = std::uint64_t(1) << 30;
            QString error;
            auto reader = TraceReader::open(file, options, &error);
            REQUIRE(reader);
            std::vector<double> reads(samples.size()), writes(samples.size()), readBytes(samples.size()), writeBytes(samples.size());
            TraceRecord rec;
            std::int64_t last = 0;
            bool ordered = true, inRegion = true;
            for (;;) {
                const auto st = reader->next(rec);
                REQUIRE(st != TraceReader::Status::Error);
                if (st == TraceReader::Status::End)
                    break;
                ordered = ordered && rec.timeNs >= last;
                last = rec.timeNs;
                inRegion = inRegion && rec.offsetBytes % 4096 == 0 && rec.offsetBytes + rec.sizeBytes <= options.counterRegionBytes;
                const auto i = std::size_t(rec.timeNs / 1000000000);
                REQUIRE(i < samples.size());
                (rec.write ? writes : reads)[i] += 1;
                (rec.write ? writeBytes : readBytes)[i] += double(rec.sizeBytes);
            }
            CHECK(ordered);
            CHECK(inRegion);
            double wantR = 0, wantW = 0, gotR = 0, gotW = 0;
            for (std::size_t i = 0; i < samples.size(); ++i) {
                const Sample& s = samples[i];
                INFO("interval " << i);
                wantR += s.readsPerS;
                wantW += s.writesPerS;
                gotR += reads[i];
                gotW += writes[i];
                CHECK(std::abs(gotR - wantR) <= 0.5 + 1e-9);
                CHECK(std::abs(gotW - wantW) <= 0.5 + 1e-9);
                CHECK(std::abs(reads[i] - s.readsPerS) <= 1);
                CHECK(std::abs(writes[i] - s.writesPerS) <= 1);
                if (reads[i] > 0)
                    CHECK(std::abs(readBytes[i] / reads[i] - s.readBytesPerS / s.readsPerS) <= 256);
                if (writes[i] > 0)
                    CHECK(std::abs(writeBytes[i] / writes[i] - s.writeBytesPerS / s.writesPerS) <= 256);
            }
            const QString notes = reader->info().notes.join(u'\n');
            CHECK(notes.startsWith(QStringLiteral("synthetic: a request stream made from interval counters")));
            CHECK(notes.contains(QStringLiteral("sizes: every request of an interval at that interval's mean")));
            CHECK(notes.contains(QStringLiteral("locality: offsets uniformly random over 1 GiB")));
            CHECK(reader->info().detail.contains(QStringLiteral("synthetic requests")));
        }
    }
}

TEST_CASE("Counter files: the stream is the same for a seed and another for another seed", "[counterfile][trace]")
{
    const QString file = counters(QStringLiteral("randrw70-16k.sadf.json"));
    const auto first = [&](std::uint64_t seed) {
        TraceReaderOptions o;
        o.counterSeed = seed;
        QString error;
        auto r = TraceReader::open(file, o, &error);
        REQUIRE(r);
        std::vector<std::pair<std::int64_t, std::uint64_t>> out;
        TraceRecord rec;
        while (out.size() < 100 && r->next(rec) == TraceReader::Status::Record)
            out.emplace_back(rec.timeNs, rec.offsetBytes);
        return out;
    };
    CHECK(first(7) == first(7));
    CHECK(first(7) != first(8));
}
