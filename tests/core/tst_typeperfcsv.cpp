// SPDX-License-Identifier: GPL-3.0-or-later
// Windows PhysicalDisk counters as PDH CSV (#56 item 2): the published typeperf sample in
// tests/data/counters (see its README), read and checked against the columns the reader does not
// read (Disk Transfers/sec, Avg. Disk Bytes/Transfer, Avg. Disk Bytes/Read), which the test parses
// itself; relog's variants (a time zone, a first sample of blanks), and hostile inputs.
#include "trace/counterfile.h"
#include "trace/tracejob.h"
#include "trace/tracereader.h"

#include <catch2/catch.hpp>

#include <QFile>
#include <QJsonObject>
#include <QStringList>
#include <QTemporaryDir>

#include <string>

using namespace raidscope;

namespace {

std::string fixture()
{
    QFile f(QStringLiteral(RAIDSCOPE_TEST_DATA "/counters/typeperf-physicaldisk.csv"));
    REQUIRE(f.open(QIODevice::ReadOnly));
    const QByteArray b = f.readAll();
    return std::string(b.constData(), std::size_t(b.size()));
}

// The fixture as the test reads it: rows of fields, quotes dropped (no field of it holds a comma).
std::vector<QStringList> rowsOf(const std::string& csv)
{
    std::vector<QStringList> rows;
    for (const QString& line : QString::fromStdString(csv).split(u'\n', Qt::SkipEmptyParts)) {
        QString l = line.trimmed();
        l = l.mid(1, l.size() - 2); // the outer quotes
        rows.push_back(l.split(QStringLiteral("\",\"")));
    }
    return rows;
}

int column(const QStringList& header, const QString& counter)
{
    const int k = int(header.indexOf(QStringLiteral("\\\\GORANS2\\PhysicalDisk(0 C:)\\") + counter));
    REQUIRE(k > 0);
    return k;
}

CounterFile parsedText(const std::string& text)
{
    CounterFile f;
    TraceError e;
    const bool ok = parseCounterFile(text, QStringLiteral("x.csv"), f, e);
    INFO(e.text().toStdString());
    REQUIRE(ok);
    return f;
}

std::string parseError(const std::string& text)
{
    CounterFile f;
    TraceError e;
    REQUIRE_FALSE(parseCounterFile(text, QStringLiteral("x.csv"), f, e));
    CHECK(e.fatal);
    return e.text().toStdString();
}

std::string replaced(std::string s, const std::string& what, const std::string& with)
{
    const auto at = s.find(what);
    REQUIRE(at != std::string::npos);
    return s.replace(at, what.size(), with);
}

} // namespace

TEST_CASE("typeperf CSV: the published sample read, each value as the columns left unread state it", "[counterfile][trace]")
{
    const std::string csv = fixture();
    CHECK(sniffCounterFormat(csv) == CounterFormat::TypeperfCsv);
    const CounterFile f = parsedText(csv);
    CHECK(f.format == CounterFormat::TypeperfCsv);
    REQUIRE(f.devices == std::vector<std::string> { "0 C:" }); // _Total is the same disk summed: left out
    CHECK(f.notes.join(u'\n').contains(QStringLiteral("PhysicalDisk(_Total) left out")));
    CHECK(f.detail.contains(QStringLiteral("host GORANS2")));

    const std::vector<QStringList> rows = rowsOf(csv);
    REQUIRE(rows.size() == 5);
    const QStringList& h = rows[0];
    const int transfers = column(h, QStringLiteral("Disk Transfers/sec")), bytesPerTransfer = column(h, QStringLiteral("Avg. Disk Bytes/Transfer")),
              bytesPerRead = column(h, QStringLiteral("Avg. Disk Bytes/Read")), idle = column(h, QStringLiteral("% Idle Time")),
              secPerTransfer = column(h, QStringLiteral("Avg. Disk sec/Transfer")), queue = column(h, QStringLiteral("Avg. Disk Queue Length"));
    REQUIRE(f.intervals.size() == 4);
    // 18:34:28.308, 38.338, 48.369, 58.401: steps of 10.030, 10.031 and 10.032 s; the first sample's
    // own interval is the median step, 10.031 s. The intervals follow one another from 0.
    const double lengths[] = { 10.031, 10.030, 10.031, 10.032 };
    double start = 0, ios = 0, reads = 0, bytes = 0, awaitWeighted = 0, busyS = 0;
    for (std::size_t i = 0; i < 4; ++i) {
        INFO("sample " << i);
        const CounterInterval& c = f.intervals[i];
        const QStringList& r = rows[i + 1];
        CHECK(c.intervalS == Approx(lengths[i]).margin(1e-9));
        CHECK(double(c.startNs) * 1e-9 == Approx(start).margin(1e-6));
        start += lengths[i];
        // PDH prints 6 decimals: a sum of two printed values is good to 1e-6.
        CHECK(c.iops == Approx(r[transfers].toDouble()).margin(2e-6));
        CHECK((c.readBytesPerS + c.writeBytesPerS) / c.iops == Approx(r[bytesPerTransfer].toDouble()).epsilon(1e-6));
        CHECK(c.readBytesPerS / c.readsPerS == Approx(r[bytesPerRead].toDouble()).epsilon(1e-5));
        CHECK(c.utilPercent == Approx(100.0 - r[idle].toDouble()).margin(1e-9));
        CHECK(c.awaitMs == Approx(1000.0 * r[secPerTransfer].toDouble()).margin(1e-9));
        CHECK(c.queueSize == Approx(r[queue].toDouble()).margin(1e-12));
        const double n = r[transfers].toDouble() * lengths[i];
        ios += n;
        reads += r[column(h, QStringLiteral("Disk Reads/sec"))].toDouble() * lengths[i];
        bytes += r[transfers].toDouble() * r[bytesPerTransfer].toDouble() * lengths[i];
        awaitWeighted += n * 1000.0 * r[secPerTransfer].toDouble();
        busyS += (100.0 - r[idle].toDouble()) / 100.0 * lengths[i];
    }
    // About 654 requests in 40.1 s: 17.07 x 10.031 + 11.66 x 10.030 + 21.93 x 10.031 + 14.55 x 10.032.
    CHECK(ios == Approx(654.11).margin(0.01));
    const CounterSummary s = summarizeCounters(f);
    REQUIRE(s.devices.size() == 1);
    const CounterDeviceSummary& d = s.devices.front();
    CHECK(d.durationS == Approx(40.124).margin(1e-6));
    CHECK(d.ios == Approx(ios).epsilon(1e-6));
    CHECK(d.readShare == Approx(reads / ios).epsilon(1e-5));
    CHECK(d.meanSizeBytes == Approx(bytes / ios).epsilon(1e-5));
    CHECK(d.meanReadBytes == Approx(16384).epsilon(1e-5));
    CHECK(d.awaitMs == Approx(awaitWeighted / ios).epsilon(1e-6));
    CHECK(d.utilPercent == Approx(100.0 * busyS / 40.124).epsilon(1e-6));
    CHECK(s.toJson()[QStringLiteral("format")].toString() == QStringLiteral("typeperf"));
}

TEST_CASE("typeperf CSV: read as a trace, synthetic requests with the counters' totals", "[counterfile][trace]")
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("disk.csv"));
    {
        QFile out(path);
        REQUIRE(out.open(QIODevice::WriteOnly));
        const std::string csv = fixture();
        REQUIRE(out.write(csv.data(), qint64(csv.size())) == qint64(csv.size()));
    }
    CHECK(sniffCounterPath(path) == CounterFormat::TypeperfCsv);
    QString error;
    auto reader = TraceReader::open(path, {}, &error);
    INFO(error.toStdString());
    REQUIRE(reader);
    CHECK(reader->info().format == TraceFormat::TypeperfCsv);
    CHECK(reader->info().detail.contains(QStringLiteral("synthetic requests")));
    // Its offsets are made up: the stream says so, and views do not show their skew or runs as the workload's.
    CHECK_FALSE(reader->info().has(TraceField::Offsets));
    CHECK(reader->info().explains(TraceField::Offsets));
    CHECK(TraceFormatInfo {}.has(TraceField::Offsets));
    // The summary of the stream leaves out what its made-up offsets would say.
    const TraceSummaryResult result = summarizeTrace({ path }, {});
    REQUIRE(result.ok);
    const TraceSummary& summary = result.summary;
    const QJsonObject j = summary.toJson();
    CHECK(j[QStringLiteral("hasOffsets")].toBool(true) == false);
    CHECK_FALSE(j.contains(QStringLiteral("sequentiality")));
    CHECK_FALSE(j[QStringLiteral("skew")].toObject().contains(QStringLiteral("regionGini")));
    CHECK(j[QStringLiteral("skew")].toObject().contains(QStringLiteral("deviceGini")));
    CHECK_FALSE(summary.toCsv().contains(QStringLiteral("runCount,")));
    CounterFile f;
    TraceError e;
    REQUIRE(readCounterFile(path, f, e));
    TraceRecord rec;
    double n = 0, readsSeen = 0;
    while (reader->next(rec) == TraceReader::Status::Record) {
        n += 1;
        readsSeen += rec.write ? 0 : 1;
    }
    // The stream makes each interval's count, carried over, to within one request.
    CHECK(std::abs(n - f.requests()) <= 1.0);
    double reads = 0;
    for (const CounterInterval& c : f.intervals)
        reads += c.readsPerS * c.intervalS;
    CHECK(std::abs(readsSeen - reads) <= 1.0); // about 10 reads among 652
}

TEST_CASE("typeperf CSV: relog's variants, Windows line ends and a byte order mark", "[counterfile][trace]")
{
    const std::string csv = fixture();
    const CounterFile plain = parsedText(csv);

    SECTION("CRLF and a UTF-8 BOM read the same")
    {
        std::string crlf = "\xEF\xBB\xBF";
        for (char ch : csv)
            crlf += ch == '\n' ? std::string("\r\n") : std::string(1, ch);
        CHECK(sniffCounterFormat(crlf) == CounterFormat::TypeperfCsv);
        const CounterFile f = parsedText(crlf);
        REQUIRE(f.intervals.size() == plain.intervals.size());
        for (std::size_t i = 0; i < f.intervals.size(); ++i) {
            CHECK(f.intervals[i].iops == plain.intervals[i].iops);
            CHECK(f.intervals[i].startNs == plain.intervals[i].startNs);
        }
    }
    SECTION("a zone in the header, a first sample of blanks, typeperf's closing words")
    {
        std::string t = replaced(csv, "\"(PDH-CSV 4.0)\"", "\"(PDH-CSV 4.0) (W. Europe Standard Time)(-60)\"");
        const auto firstRow = t.find('\n') + 1;
        std::string blanks = "\"12/29/2020 18:34:18.278\"";
        for (int k = 1; k < 43; ++k)
            blanks += ",\" \"";
        t.insert(firstRow, blanks + "\n");
        t += "\nThe command completed successfully.\n";
        const CounterFile f = parsedText(t);
        REQUIRE(f.intervals.size() == 4);
        // The blank sample gives the first one the time before it: 18:34:18.278 to 28.308.
        CHECK(f.intervals[0].intervalS == Approx(10.030).margin(1e-9));
        const QString notes = f.notes.join(u'\n');
        CHECK(notes.contains(QStringLiteral("W. Europe Standard Time")));
        CHECK(notes.contains(QStringLiteral("1 sample with no values left out")));
        CHECK(notes.contains(QStringLiteral("1 line of typeperf's own messages")));
    }
    SECTION("only the total: read as one device named _Total")
    {
        std::vector<QStringList> rows = rowsOf(csv);
        std::string t;
        for (const QStringList& r : rows) {
            QStringList kept { r[0] };
            for (qsizetype k = 1; k < r.size(); ++k)
                if (!rows[0][k].contains(QStringLiteral("(0 C:)")))
                    kept << r[k];
            t += QString(QLatin1Char('"') + kept.join(QStringLiteral("\",\"")) + QStringLiteral("\"\n")).toStdString();
        }
        const CounterFile f = parsedText(t);
        REQUIRE(f.devices == std::vector<std::string> { "_Total" });
        CHECK(f.intervals[0].iops == plain.intervals[0].iops);
        CHECK(f.notes.join(u'\n').contains(QStringLiteral("only PhysicalDisk(_Total)")));
    }
}

TEST_CASE("typeperf CSV: hostile inputs are one clear error naming the line and the counter", "[counterfile][trace]")
{
    const std::string csv = fixture();
    // Line 2, the first sample: Disk Reads/sec of disk 0 is its 13th field.
    CHECK(parseError(replaced(csv, "\"0.199608\"", "\"abc\""))
        == "x.csv:2: field 13 (PhysicalDisk(0 C:)\\Disk Reads/sec): 'abc' is not a number");
    CHECK(parseError(replaced(csv, "\"0.199608\"", "\"-1\"")) == "x.csv:2: field 13 (PhysicalDisk(0 C:)\\Disk Reads/sec): -1 is negative");
    CHECK(parseError(replaced(csv, "\"0.199608\"", "\"1e300\"")) == "x.csv:2: field 13 (PhysicalDisk(0 C:)\\Disk Reads/sec): 1e+300 is more than 1e+08");
    CHECK(parseError(replaced(csv, "\"0.199608\"", "\"nan\"")) == "x.csv:2: field 13 (PhysicalDisk(0 C:)\\Disk Reads/sec): is not a finite number");
    // A mean read of 2^40 bytes.
    CHECK_THAT(parseError(replaced(csv, "\"3270.370811\"", "\"219478046769.0\"")), Catch::Contains("more than 4 GiB"));
    CHECK_THAT(parseError(replaced(csv, "\"0.199608\",", "")), Catch::Equals("x.csv:2: 42 fields, the header has 43"));
    CHECK(parseError(replaced(csv, "\"12/29/2020 18:34:38.338\"", "\"yesterday\""))
        == "x.csv:3: field 1 (time): 'yesterday' is not a time (MM/dd/yyyy HH:mm:ss.fff)");
    CHECK_THAT(parseError(replaced(csv, "\"12/29/2020 18:34:38.338\"", "\"12/31/2020 18:34:38.338\"")), Catch::Contains("more than a day"));
    CHECK(parseError(csv.substr(0, csv.size() - 40))
        == "x.csv:5: field 40 (\\\\GORANS2\\PhysicalDisk(_Total)\\Avg. Disk Bytes/Read): a quoted field is not closed, or text follows its closing quote");
    CHECK_THAT(parseError(replaced(replaced(csv, "PhysicalDisk(0 C:)\\Disk Read Bytes/sec", "PhysicalDisk(0 C:)\\Something"),
                   "PhysicalDisk(0 C:)\\Avg. Disk Bytes/Read", "PhysicalDisk(0 C:)\\Else")),
        Catch::Contains("has no Disk Read Bytes/sec"));
    CHECK_THAT(parseError(replaced(replaced(csv, "PhysicalDisk(0 C:)\\Disk Reads/sec", "PhysicalDisk(0 C:)\\X"),
                   "PhysicalDisk(_Total)\\Disk Reads/sec", "PhysicalDisk(_Total)\\Y")),
        Catch::Contains("no PhysicalDisk instance with both Disk Reads/sec and Disk Writes/sec"));
    CHECK_THAT(parseError(replaced(csv, "\"\\\\GORANS2\\PhysicalDisk(0 C:)\\Current Disk Queue Length\"", "\"not a path\"")),
        Catch::Equals("x.csv:1: field 2 (header): 'not a path' is not a counter path (\\\\HOST\\Object(Instance)\\Counter)"));
    CHECK_THAT(parseError(csv.substr(0, csv.find('\n') + 1)), Catch::Contains("no sample with PhysicalDisk values"));
    CHECK(sniffCounterFormat("\"(PDH-CSV 4.0)\"") == CounterFormat::TypeperfCsv);
    CHECK(sniffCounterFormat("\"Time\",\"\\\\H\\PhysicalDisk(0)\\Disk Reads/sec\"\n") == CounterFormat::None);
}
