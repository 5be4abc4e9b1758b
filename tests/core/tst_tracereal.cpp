// SPDX-License-Identifier: GPL-3.0-or-later
// Trace readers and summaries on the real traces in ../shared/traces, read in place (their licenses
// forbid copying them here). Expected numbers were computed independently of the readers, with a
// short Python script using csv.reader / str.split / struct.unpack_from (the script's rules are
// given next to each number), on 2025-xx when these tests were written.
#include "trace/tracejob.h"

#include <catch2/catch.hpp>

#include <QFile>
#include <QFileInfo>

using namespace raidscope;

namespace {

QString shared(const char* rel)
{
    return QStringLiteral(RAIDSCOPE_SHARED_DIR "/traces/") + QString::fromLatin1(rel);
}

// Catch2 v2 has no SKIP: warn and return when the shared traces are absent.
#define REQUIRE_SHARED(path)                                                                                          \
    if (!QFileInfo::exists(path)) {                                                                                   \
        WARN("skipped: " << (path).toStdString() << " is absent (the shared traces are not part of the project)");    \
        return;                                                                                                       \
    }

TraceSummary summarize(const QString& path, TraceReaderOptions reader = {})
{
    TraceJobOptions o;
    o.reader = reader;
    const auto r = summarizeTrace({ path }, o);
    INFO(r.error.toStdString());
    REQUIRE(r.ok);
    return r.summary;
}

QByteArray slurp(const QString& path)
{
    QFile f(path);
    REQUIRE(f.open(QIODevice::ReadOnly));
    return f.readAll();
}

TraceSummary summarizeBytes(const QByteArray& bytes, TraceFormat format)
{
    QString error;
    TraceReaderOptions o;
    o.format = format;
    auto r = TraceReader::fromMemory(std::span<const char>(bytes.constData(), std::size_t(bytes.size())),
        QStringLiteral("part"), o, &error);
    REQUIRE(r);
    TraceSummary s;
    s.describe(r->info(), { QStringLiteral("part") });
    TraceAccumulator feed(s, *r);
    TraceRecord rec;
    for (auto st = r->next(rec); st != TraceReader::Status::End; st = r->next(rec)) {
        REQUIRE(st == TraceReader::Status::Record);
        feed.add(rec);
    }
    return s;
}

// Splits a text trace at line boundaries into `parts` pieces (the header, if any, stays in the first).
std::vector<QByteArray> splitLines(const QByteArray& all, int parts)
{
    std::vector<QByteArray> out;
    const qsizetype step = all.size() / parts;
    qsizetype begin = 0;
    for (int i = 1; i < parts; ++i) {
        const qsizetype cut = all.indexOf('\n', begin + step) + 1;
        out.push_back(all.mid(begin, cut - begin));
        begin = cut;
    }
    out.push_back(all.mid(begin));
    return out;
}

void requireSameSummary(const TraceSummary& whole, const TraceSummary& merged, bool compareTimeline = true)
{
    CHECK(merged.records == whole.records);
    CHECK(merged.reads == whole.reads);
    CHECK(merged.bytesRead == whole.bytesRead);
    CHECK(merged.bytesWritten == whole.bytesWritten);
    CHECK(merged.sizeHistogram() == whole.sizeHistogram());
    CHECK(merged.firstNs == whole.firstNs);
    CHECK(merged.lastNs == whole.lastNs);
    REQUIRE(merged.devices.size() == whole.devices.size());
    for (std::size_t i = 0; i < whole.devices.size(); ++i) {
        const auto& a = whole.devices[i];
        const auto& b = merged.devices[i]; // same order of first appearance
        CHECK(b.name == a.name);
        CHECK(b.ios == a.ios);
        CHECK(b.bytes == a.bytes);
        CHECK(b.runs == a.runs);
        CHECK(b.regions.counts() == a.regions.counts());
    }
    CHECK(merged.runCount() == whole.runCount());
    CHECK(merged.responseMs.count() == whole.responseMs.count());
    CHECK(merged.responseMs.mean() == Approx(whole.responseMs.mean()));
    CHECK(merged.responsePercentileMs(0.9) == whole.responsePercentileMs(0.9));
    CHECK(busiestRegion(merged).share == busiestRegion(whole).share);
    if (!compareTimeline)
        return;
    CHECK(merged.timeline.widthNs() == whole.timeline.widthNs());
    CHECK(merged.timeline.startNs() == whole.timeline.startNs());
    const auto wb = whole.timeline.buckets(), mb = merged.timeline.buckets();
    REQUIRE(wb.size() == mb.size());
    for (std::size_t i = 0; i < wb.size(); ++i) {
        CHECK(mb[i].ios == wb[i].ios);
        CHECK(mb[i].bytes == wb[i].bytes);
        CHECK(mb[i].responseSumNs == Approx(wb[i].responseSumNs));
    }
    CHECK(slowPeriods(merged).size() == slowPeriods(whole).size());
}

} // namespace

TEST_CASE("trace real: MSR Cambridge hm_0 and rsrch_0 excerpts")
{
    const QString hm = shared("msr_cambridge_csv/hm_0_excerpt.csv");
    REQUIRE_SHARED(hm);
    // Python: rows = csv.reader minus the header; reads/writes by Type; bytes = sum(Size);
    // response mean = mean(ResponseTime * 100 ns); runs = count of rows whose Offset differs from
    // the previous row's Offset + Size on the same Hostname+DiskNumber (the first row starts a run).
    const TraceSummary s = summarize(hm);
    CHECK(s.format.format == TraceFormat::MsrCsv);
    CHECK(s.records == 314);
    CHECK(s.reads == 4);
    CHECK(s.writes == 310);
    CHECK(s.bytesRead == 49152);
    CHECK(s.bytesWritten == 2238464);
    CHECK(s.sizeHistogram().size() == 18);
    CHECK(s.totalRuns() == 309);
    CHECK(s.responseMs.mean() == Approx(0.2142286624203822));
    CHECK(s.responseMs.max() == Approx(6.6141));
    CHECK(s.durationSeconds() == Approx(55.9842099));
    REQUIRE(s.devices.size() == 1);
    CHECK(s.devices[0].name == "hm/0");
    CHECK(busiestDeviceShare(s) == 1.0);
    CHECK(s.queueDepthMethod() == u"littles-law");

    const QString rsrch = shared("msr_cambridge_csv/rsrch_0_excerpt.csv");
    const TraceSummary r = summarize(rsrch);
    CHECK(r.records == 294);
    CHECK(r.reads == 58);
    CHECK(r.bytesRead == 1226240);
    CHECK(r.bytesWritten == 2007552);
    CHECK(r.sizeHistogram().size() == 28);
    CHECK(r.totalRuns() == 272);
    CHECK(r.responseMs.mean() == Approx(0.7832295918367346));
    CHECK(r.responseMs.max() == Approx(12.0738));
    CHECK(r.durationSeconds() == Approx(49.0661016));
    // The first record's timestamp 128166372003061629 ticks: 2007-02-22 17:00:00.3061629 UTC.
    CHECK(r.firstNs == 1172163600306162900LL);
}

TEST_CASE("trace real: the summaries of parts merge into the summary of the whole")
{
    const QString hm = shared("msr_cambridge_csv/hm_0_excerpt.csv");
    REQUIRE_SHARED(hm);
    for (const char* rel : { "msr_cambridge_csv/hm_0_excerpt.csv", "msr_cambridge_csv/rsrch_0_excerpt.csv",
             "disksim_ascii/mqsim_tpcc-small.trace", "disksim_ascii/mqsim_wsrch-small.trace" }) {
        INFO(rel);
        const QByteArray all = slurp(shared(rel));
        const TraceFormat f = QByteArray(rel).contains("msr") ? TraceFormat::MsrCsv : TraceFormat::DiskSim;
        const TraceSummary whole = summarizeBytes(all, f);
        for (int parts : { 2, 3, 7 }) {
            INFO(parts << " parts");
            TraceSummary merged;
            for (const QByteArray& p : splitLines(all, parts))
                merged.merge(summarizeBytes(p, f));
            requireSameSummary(whole, merged);
        }
    }
    // blkparse: D/C pairs that straddle a cut are lost, so compare the request-level statistics.
    const QByteArray blk = slurp(shared("blkparse/apress_mbpa_java_sdb_blkparse.txt"));
    const TraceSummary whole = summarizeBytes(blk, TraceFormat::Blkparse);
    TraceSummary merged;
    for (const QByteArray& p : splitLines(blk, 4))
        merged.merge(summarizeBytes(p, TraceFormat::Blkparse));
    CHECK(merged.records == whole.records);
    CHECK(merged.sizeHistogram() == whole.sizeHistogram());
    CHECK(merged.totalRuns() == whole.totalRuns());
    CHECK(merged.completions <= whole.completions);
}

TEST_CASE("trace real: blkparse text of a java workload on sdb")
{
    const QString path = shared("blkparse/apress_mbpa_java_sdb_blkparse.txt");
    REQUIRE_SHARED(path);
    // Python: lines split on blanks with 10+ fields, field 6 == "Q", field 9 == "+", RWBS with R or W;
    // bytes = nsectors * 512; runs as for MSR, on the Q events; SOURCES.md: 7514 Q events.
    const TraceSummary s = summarize(path);
    CHECK(s.format.format == TraceFormat::Blkparse);
    CHECK(s.records == 7514);
    CHECK(s.writes == 7434);
    CHECK(s.bytesWritten == 30449664);
    CHECK(s.bytesRead == 9977856);
    CHECK(s.totalRuns() == 756);
    CHECK(s.devices.size() == 1);
    // SOURCES.md counts D 167 and C 165; every C completes an earlier D here.
    CHECK(s.completions > 0);
    CHECK(s.completions <= 165);
    CHECK(s.queueDepthMethod() == u"issue-complete");
    CHECK(s.durationSeconds() < 9.36);
}

TEST_CASE("trace real: one per-CPU binary blktrace stream")
{
    const QString path = shared("blktrace_binary/eternity1_sdb.blktrace.0");
    REQUIRE_SHARED(path);
    // Python struct.unpack_from('<IIQQIIIIIHH') over the 48-byte records + pdu: 19,707 events,
    // 1311 QUEUE events with the READ or WRITE category (none WRITE), bytes summed 474,415,104.
    const TraceSummary s = summarize(path);
    CHECK(s.format.format == TraceFormat::Blktrace);
    CHECK(s.records == 1311);
    CHECK(s.writes == 0);
    CHECK(s.bytesRead == 474415104);
    CHECK(s.completions == 0); // SOURCES.md: no COMPLETE events on this CPU
    CHECK(!s.hasResponseTimes());
    CHECK(s.queueDepthMethod() == u"none");
    CHECK(s.devices.at(0).name == "8,16");
}

TEST_CASE("trace real: DiskSim/MQSim ASCII traces")
{
    const QString ws = shared("disksim_ascii/mqsim_wsrch-small.trace");
    REQUIRE_SHARED(ws);
    // Python: split lines; reads = flag & 1; bytes = size * 512; devices = distinct field 2.
    const TraceSummary w = summarize(ws);
    CHECK(w.format.format == TraceFormat::DiskSim);
    CHECK(w.records == 24783);
    CHECK(w.reads == 24779);
    CHECK(w.bytesRead + w.bytesWritten == 382117888);
    CHECK(w.bytesRead == 382085120);
    CHECK(w.devices.size() == 6);
    CHECK(w.totalRuns() == 22403);
    CHECK(w.durationSeconds() == Approx(60.055212));
    const TraceSummary t = summarize(shared("disksim_ascii/mqsim_tpcc-small.trace"));
    CHECK(t.records == 6999);
    CHECK(t.reads == 4381);
    CHECK(t.bytesRead + t.bytesWritten == 59718656);
    CHECK(t.bytesRead == 36315136);
    CHECK(t.devices.size() == 16);
    CHECK(t.totalRuns() == 6912);
    CHECK(t.outOfOrder == 0);
}

TEST_CASE("trace real: Alibaba and Tencent quotes through their presets")
{
    const QString ali = shared("alibaba_block_csv/io_traces_first7_quoted_in_libCacheSim.csv");
    REQUIRE_SHARED(ali);
    // By hand from the 7 lines: 2 R (4096 each), 5 W (77824 + 12288 + 12288 + 4096 + 4096), devices 0-5.
    const TraceSummary a = summarize(ali);
    CHECK(a.format.detail.contains(QStringLiteral("alibaba")));
    CHECK(a.records == 7);
    CHECK(a.reads == 2);
    CHECK(a.bytesRead == 8192);
    CHECK(a.bytesWritten == 110592);
    CHECK(a.devices.size() == 6);
    CHECK(busiestDeviceShare(a) == Approx(2.0 / 7));
    CHECK(a.durationSeconds() == Approx((809 - 46) * 1e-6));
    const TraceSummary t = summarize(shared("tencent_cbs_csv/one_record_quoted_in_libCacheSim.csv"));
    CHECK(t.records == 1);
    CHECK(t.reads == 1);
    CHECK(t.bytesRead == 16 * 512);
    CHECK(t.devices.at(0).name == "2313");
    CHECK(t.firstNs == 1538323199LL * 1000000000LL);
}
