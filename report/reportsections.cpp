// SPDX-License-Identifier: GPL-3.0-or-later
// The report's sections: the array and its probe, simulations, traces and replay, the advisor, the
// method. A section the workspace holds nothing for is left out (issue #54 item 6).
#include "reportcharts.h"
#include "reporttext_p.h"

#include "numberrange.h"
#include "workspace/workspace.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>

#include <algorithm>
#include <cmath>

namespace raidscope::report {
namespace {

const QColor kBlue(0x1f, 0x5f, 0xa8);
const QColor kOrange(0xd9, 0x7a, 0x1a);
const QColor kRed(0xc6, 0x28, 0x28);
const QColor kGreen(0x2e, 0x7d, 0x32);

QString h2(const QString& title, bool newPage)
{
    return (newPage ? QStringLiteral("<h2 style=\"page-break-before: always\">") : QStringLiteral("<h2>")) + esc(title)
        + QStringLiteral("</h2>");
}

QString h3(const QString& title) { return QStringLiteral("<h3>") + esc(title) + QStringLiteral("</h3>"); }

QString para(const QString& html) { return QStringLiteral("<p>") + html + QStringLiteral("</p>"); }

QString capitalizedFirst(QString s)
{
    if (!s.isEmpty())
        s[0] = s[0].toUpper();
    return s;
}

// --- The array ---------------------------------------------------------------------------------

QString probeSource(const WorkspaceProbe& probe, const ProbeResult& r)
{
    // The target as the probe named it ("/dev/md0 (block device, 508 MiB, ...)"), its path cut to
    // the name: where the consultant keeps files is not the customer's business.
    if (probe.resultFile.isEmpty() && probe.simulated)
        return QObject::tr("a simulated array, %1").arg(code(probe.simSpec.isEmpty() ? r.target : probe.simSpec));
    if (r.target.startsWith(u"simulated "))
        return QObject::tr("a simulated array, %1").arg(code(r.target.mid(10)));
    return QObject::tr("the target %1").arg(code(withoutPaths(r.target.isEmpty() ? probe.devicePath : r.target)));
}

QString verdictTable(const ProbeResult& r)
{
    const ProbeVerdict& v = r.verdict;
    std::vector<std::pair<QString, QString>> rows;
    const VerdictStatement statement = verdictStatement(r);
    const std::vector<ClassMember>& members = statement.members;
    if (statement.kind == VerdictStatement::Kind::Class) {
        // A class: the layout the probe happened to name first is no more the array than the others.
        rows.emplace_back(QObject::tr("Identified"),
            QStringLiteral("<b><font color=\"#b35900\">%1</font></b>").arg(QObject::tr("one of %1 layouts that read alike").arg(members.size())));
        QStringList names;
        for (const ClassMember& m : members)
            names << esc(m.name) + QStringLiteral("<br>&nbsp;&nbsp;<font color=\"#666666\">") + code(m.spec) + QStringLiteral("</font>");
        rows.emplace_back(QObject::tr("The layouts"), names.join(QStringLiteral("<br>")));
        if (v.patternBytes)
            rows.emplace_back(QObject::tr("Pattern size"),
                esc(bytes(v.patternBytes)) + (r.blockBytes ? QObject::tr(" (%1 blocks of %2)").arg(count(r.patternBlocks), esc(bytes(r.blockBytes))) : QString()));
        rows.emplace_back(QObject::tr("Confidence in the class"), QStringLiteral("<b>%1</b>").arg(percent(v.confidence, 0)));
        rows.emplace_back(QObject::tr("What would separate them"), esc(capitalizedFirst(statement.splitText)) + u'.');
        if (!v.runnerUp.isEmpty())
            rows.emplace_back(QObject::tr("Runner-up outside it"), code(v.runnerUp) + QObject::tr(" (confidence %1)").arg(v.runnerUpConfidence < 0.001 ? QStringLiteral("&lt; 0.1 %") : percent(v.runnerUpConfidence, 1)));
        return keyValues(rows); // their order is stated in the summary
    }
    rows.emplace_back(QObject::tr("Identified"),
        v.identified ? QStringLiteral("<b><font color=\"#1b7a2f\">%1</font></b>").arg(QObject::tr("yes"))
                     : QStringLiteral("<b><font color=\"#b35900\">%1</font></b>").arg(QObject::tr("no")));
    const QString best = v.identified ? QString() : QObject::tr(" (best candidate)");
    if (statement.kind == VerdictStatement::Kind::NoPattern) {
        // No pattern: nothing that implies a layout (no candidate, spec or runner-up), only the reads.
        rows.emplace_back(QObject::tr("What the reads looked like"), esc(statement.detail));
        return keyValues(rows);
    }
    if (!v.scheme.isEmpty()) {
        rows.emplace_back(QObject::tr("Scheme") + best, esc(schemeName(v.scheme)));
        if (!v.variant.isEmpty())
            rows.emplace_back(QObject::tr("Layout"), esc(v.variant));
        rows.emplace_back(QObject::tr("Disks"), QString::number(v.disks));
        if (v.copies > 1)
            rows.emplace_back(QObject::tr("Copies of each block"), QString::number(v.copies));
        if (v.chunkBytes)
            rows.emplace_back(QObject::tr("Chunk (stripe unit)"), esc(bytes(v.chunkBytes)));
    }
    if (v.patternBytes)
        rows.emplace_back(QObject::tr("Pattern size"),
            esc(bytes(v.patternBytes)) + (r.blockBytes ? QObject::tr(" (%1 blocks of %2)").arg(count(r.patternBlocks), esc(bytes(r.blockBytes))) : QString()));
    const QString color = v.confidence >= 0.8 ? QStringLiteral("#1b7a2f") : QStringLiteral("#b35900");
    rows.emplace_back(QObject::tr("Confidence"), QStringLiteral("<b><font color=\"%1\">%2</font></b>").arg(color, percent(v.confidence, 0)));
    if (!v.spec.isEmpty())
        rows.emplace_back(QObject::tr("As an array spec"), code(v.spec));
    if (v.failedDisk >= 0)
        rows.emplace_back(QObject::tr("Failed disk"), QObject::tr("disk %1: the array runs degraded").arg(v.failedDisk));
    if (!v.runnerUp.isEmpty())
        rows.emplace_back(QObject::tr("Runner-up"), code(v.runnerUp) + QObject::tr(" (confidence %1)").arg(v.runnerUpConfidence < 0.001 ? QStringLiteral("&lt; 0.1 %") : percent(v.runnerUpConfidence, 1)));
    QString h = keyValues(rows);
    if (!v.equivalents.isEmpty()) {
        // The same layout under other controller policies (md's write path): a compact list under the table.
        QStringList e;
        for (const QString& s : v.equivalents)
            e << code(s);
        h += QStringLiteral("<p class=\"muted\">")
            + QObject::tr("No timing can tell the verdict apart from these %1 configurations, which differ from it only in "
                          "controller policies: %2.")
                  .arg(v.equivalents.size())
                  .arg(e.join(QStringLiteral("; ")))
            + QStringLiteral("</p>");
    }
    return h;
}

QString ioTable(const ProbeResult& r)
{
    // The probe counts its I/Os per step; Shear's fixed schedule (every pattern size, every offset,
    // every chunk pair, with the same N) is what Shear would have spent on the same array.
    const QJsonObject& shear = r.shearSchedule;
    auto shearCell = [&](const char* key) {
        // From the workspace file: a count only when it is one (#52: -1 or 1e30 went through an
        // overflowing conversion); anything else is shown as not known.
        const QJsonValue v = shear.value(QLatin1String(key));
        const auto n = v.isDouble() ? wholeIfFits<std::uint64_t>(v.toDouble()) : std::nullopt;
        return n ? count(*n) : QStringLiteral("–");
    };
    Table t;
    t.header = { QObject::tr("Step"), QObject::tr("I/Os this probe"), QObject::tr("Shear's schedule") };
    t.numeric = { 1, 2 };
    t.add({ QObject::tr("warm-up and calibration"), count(r.ios.warmup + r.ios.calibration), QStringLiteral("–") });
    t.add({ QObject::tr("redundancy (reads against writes)"), count(r.ios.redundancy), shearCell("redundancy") });
    t.add({ QObject::tr("pattern size"), count(r.ios.patternSize), shearCell("patternSize") });
    t.add({ QObject::tr("chunk boundaries"), count(r.ios.boundaries), shearCell("boundaries") });
    t.add({ QObject::tr("pairwise chunk layout"), count(r.ios.pairwise), shearCell("pairwise") });
    t.add({ QObject::tr("disk speeds"), count(r.ios.disks), QStringLiteral("–") });
    t.add({ QObject::tr("total"), count(r.ios.total()), count(r.shearScheduleIos) }, true);
    QString h = t.html();
    if (r.shearScheduleIos > 0) {
        const double ratio = double(r.ios.total()) / double(r.shearScheduleIos);
        h += para(QObject::tr("The probe spent <b>%1 I/Os</b>, <b>%2</b> of the %3 that Shear's fixed schedule would have spent "
                              "on the same array with the same number of reads per test (ratio %4).")
                      .arg(count(r.ios.total()), percent(ratio, 1), count(r.shearScheduleIos), fixed(ratio, 3)));
    }
    return h;
}

} // namespace

QString arraySection(Builder& b, const Workspace& w)
{
    // The probed array only: the Array page's spec is a scratch input, not the array under study.
    if (!w.probe || !w.probe->result)
        return {};
    QString h = h2(QObject::tr("The array"), false); // under the summary: the first page is not left half empty
    const WorkspaceProbe& probe = *w.probe;
    const ProbeResult& r = *probe.result;
    h += h3(QObject::tr("How it was identified"));
    h += para((r.writes.empty() ? QObject::tr("The array was probed by timing random reads (writes were not allowed) on %1. ")
                                : QObject::tr("The array was probed by timing random reads, and writes of the same bytes back, on %1. "))
                  .arg(probeSource(probe, r))
        + QObject::tr("Each test issued %1 reads at once.").arg(count(std::uint64_t(std::max(0, r.calibration.readsPerTest))))
        + (probe.resultFile.isEmpty() ? QString()
                                      : QObject::tr(" The result was read from the saved file %1.").arg(code(QFileInfo(probe.resultFile).fileName()))));
    if (r.stopped)
        h += para(QObject::tr("<b>The probe was stopped before it finished</b>: the result below is partial."));
    if (!r.error.isEmpty())
        h += para(QObject::tr("<b>The target failed:</b> %1").arg(esc(withoutPaths(r.error))));
    h += h3(QObject::tr("Verdict"));
    h += verdictTable(r);
    // The findings are the summary's (one list, not two).
    h += h3(QObject::tr("I/Os spent against Shear's schedule"));
    h += ioTable(r);
    // The three plots on a page of their own, as Shear's figures read side by side.
    h += QStringLiteral("<h3 style=\"page-break-before: always\">") + esc(QObject::tr("The measurements")) + QStringLiteral("</h3>");
    h += b.image(QStringLiteral("probe-pattern"), chartImage(patternSizeChart(r), QSize(640, 250)), QSizeF(640, 250),
        QObject::tr("The time of N reads at multiples of each assumed pattern size: sizes that are multiples "
                    "of the pattern put every read on one disk and read slowest (Shear, Fig. 3)."));
    h += b.image(QStringLiteral("probe-boundaries"), chartImage(boundaryChart(r), QSize(640, 230)), QSizeF(640, 230),
        QObject::tr("Reads on both sides of an assumed boundary: where it is a real boundary between "
                    "disks they are served in parallel, and the time drops (Shear, Fig. 5)."));
    h += b.image(QStringLiteral("probe-pairs"), pairHeatmapImage(r, QSize(640, 300)), QSizeF(640, 300),
        QObject::tr("Pairs of chunks of the pattern read together: light where the two share a disk, dark where "
                    "they are apart (Shear, Fig. 6)."));
    if (!r.writes.empty())
        h += b.image(QStringLiteral("probe-redundancy"), chartImage(redundancyChart(r), QSize(640, 220)), QSizeF(640, 220),
            QObject::tr("Random writes against random reads of the same array: a parity layout's small write costs four "
                        "disk operations and a mirror's one per copy, so the ratio tells the redundancy (Shear, §2.3.4)."));
    // The layout drawn only when it is one layout: a drawing of one of a class would name it.
    if (verdictStatement(r).namesOneLayout()) {
        if (const auto drawing = layoutDrawing(r.verdict)) {
            const bool marked = r.verdict.failedDisk >= 0 || r.verdict.has(ProbeFinding::Kind::SlowDisk) || r.verdict.has(ProbeFinding::Kind::FastDisk);
            h += b.image(QStringLiteral("probe-layout"), drawing->image, drawing->size,
                QObject::tr("The identified layout, %1: chunk numbers on each disk, P and Q the parity of a stripe, a "
                            "quote mark a mirror copy, the first pattern in bold%2 (Shear, Fig. 1).")
                    .arg(verdictLine(r.verdict), marked ? QObject::tr("; the members the probe found failed, slow or fast are framed") : QString()));
        }
    }
    return h;
}

// --- Simulation --------------------------------------------------------------------------------

namespace {

QString joinedInts(const std::vector<int>& values)
{
    QStringList texts;
    for (int v : values)
        texts << QString::number(v);
    return texts.join(QStringLiteral(", "));
}

QString utilizationTable(const OutstandingSweepResult& s)
{
    // One row per disk, one column per point (at most eight, else the first, middle and last).
    std::vector<std::size_t> shown;
    if (s.points.size() <= 8) {
        for (std::size_t i = 0; i < s.points.size(); ++i)
            shown.push_back(i);
    } else {
        shown = { 0, s.points.size() / 2, s.points.size() - 1 };
    }
    std::size_t disks = 0;
    for (const SimResult& p : s.points)
        disks = std::max(disks, p.disks.size());
    // With more than three columns the operation counts would wrap every cell: utilization only.
    const bool ops = shown.size() <= 3;
    Table t;
    t.header << QObject::tr("Disk");
    for (std::size_t i : shown)
        t.header << (s.points[i].outstanding > 0 ? QObject::tr("%1 out.").arg(s.points[i].outstanding) : QObject::tr("run"));
    for (int c = 1; c <= int(shown.size()); ++c)
        t.numeric << c;
    for (std::size_t d = 0; d < disks; ++d) {
        QStringList cells;
        QString name = QObject::tr("disk %1").arg(d);
        if (!s.points.front().disks.empty() && d < s.points.front().disks.size()) {
            const DiskResult& first = s.points.front().disks[d];
            if (first.members.size() > 1) {
                QStringList m;
                for (int member : first.members)
                    m << QString::number(member);
                name = QObject::tr("disk %1 (members %2)").arg(d).arg(m.join(QStringLiteral(", ")));
            }
            if (!first.preset.isEmpty())
                name += QStringLiteral(", ") + first.preset;
            if (first.failed)
                name += QObject::tr(", failed");
        }
        cells << esc(name);
        for (std::size_t i : shown) {
            const auto& ds = s.points[i].disks;
            cells << (d >= ds.size() ? QStringLiteral("–")
                    : ops             ? percent(ds[d].utilization, 1) + QObject::tr(" (%1 ops)").arg(count(ds[d].ops))
                                      : percent(ds[d].utilization, 1));
        }
        t.add(cells);
    }
    return t.html();
}

ChartSpec histogramChart(const SimResult& p)
{
    // The run's response times from its histogram, in about 40 bins of equal width up to the maximum.
    ChartSpec c;
    c.title = QObject::tr("Response-time distribution");
    c.subtitle = QObject::tr("%1 requests, mean %2, 99th percentile %3").arg(count(p.requests), ms(p.responseMs.mean()), ms(p.percentileMs(0.99)));
    c.xLabel = QObject::tr("Response time (ms)");
    c.yLabel = QObject::tr("Requests");
    const double hi = p.responseMs.max();
    if (!(hi > 0) || p.responseNs.total() == 0)
        return c;
    const int bins = 40;
    const double width = hi / bins;
    std::vector<double> counts(bins, 0);
    for (const LogHistogram::Bucket& bucket : p.responseNs.buckets()) {
        const double mid = (bucket.low + bucket.high) / 2 * 1e-6;
        counts[std::size_t(std::clamp(int(mid / width), 0, bins - 1))] += double(bucket.count);
    }
    ChartSeries bars { QString(), kBlue, ChartSeries::Bars, {} };
    bars.barWidth = width * 0.9;
    for (int i = 0; i < bins; ++i)
        bars.points.emplace_back((i + 0.5) * width, counts[std::size_t(i)]);
    c.series = { bars };
    c.xRange = std::make_pair(0.0, hi * 1.02);
    c.marks.push_back({ p.responseMs.mean(), QObject::tr("mean"), kRed });
    return c;
}

} // namespace

QString simulationSection(Builder& b, const Workspace& w)
{
    if (!w.simulate || !w.simulate->results || w.simulate->results->points.empty())
        return {};
    QString h = h2(QObject::tr("Simulation"), true);
    const OutstandingSweepResult& s = *w.simulate->results;
    const bool sweep = !s.outstanding.empty();
    h += keyValues({ { QObject::tr("Array"), code(s.arraySpec) }, { QObject::tr("Workload"), code(s.workloadSpec) },
        { QObject::tr("Run"), sweep ? QObject::tr("a sweep over the outstanding I/Os %1").arg(joinedInts(s.outstanding))
                                    : QObject::tr("one run, as the workload says") } });
    if (s.cancelled)
        h += para(QObject::tr("<b>The sweep was cancelled</b>: only the points finished are shown."));
    h += h3(QObject::tr("Throughput and response time"));
    Table t;
    t.header = { QObject::tr("Outstanding"), QObject::tr("Requests"), QObject::tr("IOPS"), QObject::tr("MB/s"), QObject::tr("Mean"),
        QObject::tr("p50"), QObject::tr("p90"), QObject::tr("p99"), QObject::tr("Max") };
    t.numeric = { 0, 1, 2, 3, 4, 5, 6, 7, 8 };
    for (const SimResult& p : s.points)
        t.add({ p.outstanding > 0 ? QString::number(p.outstanding) : QObject::tr("open"), count(p.requests), fixed(p.iops(), 1),
            fixed(p.mbps(), 2), ms(p.responseMs.mean()), ms(p.percentileMs(0.5)), ms(p.percentileMs(0.9)),
            ms(p.percentileMs(0.99)), ms(p.responseMs.max()) });
    h += t.html();
    h += para(QStringLiteral("<span class=\"muted\">")
        + QObject::tr("MB/s in decimal megabytes (10<sup>6</sup> bytes) per second of simulated time; percentiles from the "
                      "run's response-time histogram (within 1/64).")
        + QStringLiteral("</span>"));
    if (s.points.size() >= 2) {
        ChartSpec iops;
        iops.title = QObject::tr("Throughput");
        iops.xLabel = QObject::tr("Outstanding I/Os");
        iops.yLabel = QObject::tr("IOPS");
        ChartSpec resp;
        resp.title = QObject::tr("Response time");
        resp.xLabel = iops.xLabel;
        resp.yLabel = QObject::tr("ms");
        int lo = 0, hi = 0;
        for (const SimResult& p : s.points) {
            lo = lo ? std::min(lo, p.outstanding) : p.outstanding;
            hi = std::max(hi, p.outstanding);
        }
        iops.logX = resp.logX = lo > 0 && hi >= 4 * lo;
        ChartSeries rate { QObject::tr("IOPS"), kBlue, ChartSeries::LineAndPoints, {} };
        ChartSeries mean { QObject::tr("mean"), kBlue, ChartSeries::LineAndPoints, {} };
        ChartSeries p90 { QObject::tr("p90"), kOrange, ChartSeries::LineAndPoints, {} };
        ChartSeries p99 { QObject::tr("p99"), kRed, ChartSeries::LineAndPoints, {} };
        for (const SimResult& p : s.points) {
            rate.points.emplace_back(p.outstanding, p.iops());
            mean.points.emplace_back(p.outstanding, p.responseMs.mean());
            p90.points.emplace_back(p.outstanding, p.percentileMs(0.9));
            p99.points.emplace_back(p.outstanding, p.percentileMs(0.99));
        }
        iops.series = { rate };
        resp.series = { mean, p90, p99 };
        h += b.image(QStringLiteral("sim-sweep"), chartPairImage(iops, resp, QSize(640, 250)), QSizeF(640, 250),
            QObject::tr("Throughput and response time against the requests kept in flight."));
    } else {
        h += b.image(QStringLiteral("sim-histogram"), chartImage(histogramChart(s.points.front()), QSize(640, 240)), QSizeF(640, 240),
            QObject::tr("How long the simulated requests took."));
    }
    h += h3(QObject::tr("Per-disk utilization"));
    h += para(QObject::tr("Each disk's busy share of the simulated time, at each number of outstanding I/Os (out.):"));
    h += utilizationTable(s);
    return h;
}

// --- Traces and replay ------------------------------------------------------------------------

QString tracesSection(Builder& b, const Workspace& w)
{
    const bool replayed = w.traces && w.traces->replay && !w.traces->replay->arrays.empty();
    if (!w.traces || (!w.traces->summary && !replayed))
        return {};
    QString h = h2(QObject::tr("Traces and replay"), true);
    const WorkspaceTraces& t = *w.traces;
    QStringList files;
    for (const QString& f : t.files)
        files << code(QFileInfo(f).fileName());
    if (!t.summary) {
        h += keyValues({ { QObject::tr("Files"), files.join(QStringLiteral("<br>")) } });
    } else {
        h += h3(QObject::tr("Trace summary"));
        const TraceSummary& s = *t.summary;
        const std::uint64_t bytesAll = s.bytesRead + s.bytesWritten;
        std::vector<std::pair<QString, QString>> rows {
            { QObject::tr("Files"), files.join(QStringLiteral("<br>")) },
            { QObject::tr("Format"), esc(s.format.detail.isEmpty() ? s.format.name : s.format.detail) },
            { QObject::tr("Requests"), count(s.records) },
            { QObject::tr("Reads / writes"),
                QObject::tr("%1 / %2 (%3 reads)").arg(count(s.reads), count(s.writes), s.records ? percent(double(s.reads) / double(s.records), 1) : QStringLiteral("–")) },
            { QObject::tr("Bytes read / written"), esc(bytes(s.bytesRead)) + QStringLiteral(" / ") + esc(bytes(s.bytesWritten)) },
            { QObject::tr("Mean request size"), s.records ? esc(bytes(std::uint64_t(std::llround(double(bytesAll) / double(s.records))))) : QStringLiteral("–") },
        };
        if (s.format.hasTimestamps && s.records)
            rows.emplace_back(QObject::tr("Duration"), fixed(s.durationSeconds(), s.durationSeconds() < 10 ? 3 : 1) + QStringLiteral(" s"));
        if (s.hasResponseTimes())
            rows.emplace_back(QObject::tr("Response times in the trace"),
                QObject::tr("mean %1, p90 %2, p99 %3").arg(ms(s.responseMs.mean()), ms(s.responsePercentileMs(0.9)), ms(s.responsePercentileMs(0.99))));
        if (s.skipped)
            rows.emplace_back(QObject::tr("Malformed lines skipped"), count(s.skipped));
        h += keyValues(rows);
        if (!s.devices.empty()) {
            std::vector<const TraceDeviceSummary*> devices;
            for (const TraceDeviceSummary& d : s.devices)
                devices.push_back(&d);
            std::sort(devices.begin(), devices.end(), [](auto* a, auto* b) { return a->ios > b->ios; });
            Table d;
            d.header = { QObject::tr("Device"), QObject::tr("Requests"), QObject::tr("Reads"), QObject::tr("Bytes"), QObject::tr("Mean run") };
            d.numeric = { 1, 2, 3, 4 };
            for (std::size_t i = 0; i < devices.size() && i < 10; ++i)
                d.add({ esc(QString::fromStdString(devices[i]->name)), count(devices[i]->ios),
                    devices[i]->ios ? percent(double(devices[i]->reads) / double(devices[i]->ios), 0) : QStringLiteral("–"),
                    esc(bytes(devices[i]->bytes)), fixed(devices[i]->runCount(), 2) });
            h += para(devices.size() > 10 ? QObject::tr("The ten busiest of %1 devices:").arg(devices.size()) : QObject::tr("Devices:"));
            h += d.html();
        }
    }

    if (!replayed)
        return h;
    h += h3(QObject::tr("Replay through candidate arrays"));
    const TraceReplayResult& r = *t.replay;
    h += para(QObject::tr("Each candidate array was simulated with the trace's %1 requests issued at the trace's own times "
                          "(time scale %2); a slow period is a %3 s window whose mean response time exceeds %4.")
                  .arg(count(r.records), fixed(t.timeScale, 2), fixed(t.windowSeconds, 2), ms(t.replaySlowThresholdMs)));
    Table table;
    table.header = { QStringLiteral("#"), QObject::tr("IOPS"), QObject::tr("MB/s"), QObject::tr("Mean"), QObject::tr("p90"),
        QObject::tr("p99"), QObject::tr("Busiest disk"), QObject::tr("Slow periods") };
    table.numeric = { 0, 1, 2, 3, 4, 5, 6, 7 };
    // The specs above the table, each on its own line: in a column they wrapped into four.
    std::vector<std::pair<QString, QString>> specs;
    for (std::size_t i = 0; i < r.arrays.size(); ++i)
        specs.emplace_back(QObject::tr("Candidate %1").arg(i + 1), code(r.arrays[i].arraySpec));
    h += keyValues(specs);
    ChartSpec chart;
    chart.title = QObject::tr("Replayed response times");
    chart.xLabel = QObject::tr("Candidate array (# in the table)");
    chart.yLabel = QObject::tr("ms");
    ChartSeries mean { QObject::tr("mean"), kBlue, ChartSeries::Bars, {} };
    ChartSeries p90 { QObject::tr("p90"), kOrange, ChartSeries::Bars, {} };
    ChartSeries p99 { QObject::tr("p99"), kRed, ChartSeries::Bars, {} };
    mean.barWidth = p90.barWidth = p99.barWidth = 0.24;
    mean.barOffset = -0.26;
    p99.barOffset = 0.26;
    QStringList errors;
    for (std::size_t i = 0; i < r.arrays.size(); ++i) {
        const TraceReplayArray& a = r.arrays[i];
        const QString number = QString::number(i + 1);
        chart.categories << number;
        if (!a.error.isEmpty()) {
            errors << QObject::tr("#%1 %2: %3").arg(number, a.arraySpec, withoutPaths(a.error));
            table.add({ number, QObject::tr("refused"), {}, {}, {}, {}, {}, {} });
            continue;
        }
        const SimResult& s = a.result;
        double busiest = 0;
        for (const DiskResult& d : s.disks)
            busiest = std::max(busiest, d.utilization);
        table.add({ number, fixed(s.iops(), 1), fixed(s.mbps(), 2), ms(s.responseMs.mean()), ms(s.percentileMs(0.9)),
            ms(s.percentileMs(0.99)), percent(busiest, 1), QObject::tr("%1 of %2").arg(a.slowPeriods).arg(a.windows) });
        mean.points.emplace_back(double(i), s.responseMs.mean());
        p90.points.emplace_back(double(i), s.percentileMs(0.9));
        p99.points.emplace_back(double(i), s.percentileMs(0.99));
    }
    h += table.html();
    for (const QString& e : errors)
        h += para(esc(e));
    chart.series = { mean, p90, p99 };
    h += b.image(QStringLiteral("replay"), chartImage(chart, QSize(640, 240)), QSizeF(640, 240),
        QObject::tr("Response times of the trace replayed through each candidate (mean, 90th and 99th percentile)."));
    return h;
}

// --- Advisor ------------------------------------------------------------------------------------

QString advisorSection(const Workspace& w)
{
    if (!w.advisor || w.advisor->advice.isEmpty())
        return {};
    QString h = h2(QObject::tr("Stripe-size advice"), false);
    const QJsonObject& a = w.advisor->advice;
    const QJsonObject rec = a.value(QStringLiteral("recommendation")).toObject();
    const QJsonArray candidates = a.value(QStringLiteral("candidates")).toArray();
    QStringList mix;
    for (const QJsonValue& s : a.value(QStringLiteral("sizes")).toArray())
        mix << QStringLiteral("%1 × %2").arg(bytes(std::uint64_t(s[QStringLiteral("bytes")].toDouble())), fixed(s[QStringLiteral("weight")].toDouble(), 2));
    const QJsonObject drive = a.value(QStringLiteral("drive")).toObject();
    h += keyValues({ { QObject::tr("Array"), code(a.value(QStringLiteral("array")).toString()) },
        { QObject::tr("Request sizes (weight)"), esc(mix.join(QStringLiteral(", "))) },
        { QObject::tr("Reads"), percent(a.value(QStringLiteral("readFraction")).toDouble(), 0) },
        { QObject::tr("Drive"), QObject::tr("%1 positioning, %2 MB/s transfer (%3)")
                                    .arg(ms(drive.value(QStringLiteral("positioningMs")).toDouble()),
                                        fixed(drive.value(QStringLiteral("transferBytesPerSec")).toDouble() / 1e6, 1),
                                        esc(drive.value(QStringLiteral("source")).toString())) } });
    h += h3(QObject::tr("Recommendation"));
    if (rec.contains(QStringLiteral("chunkBytes")))
        h += para(QObject::tr("Chunk (stripe unit): <b>%1</b>").arg(esc(bytes(std::uint64_t(rec.value(QStringLiteral("chunkBytes")).toDouble())))));
    const QString reasons = rec.value(QStringLiteral("text")).toString();
    if (!reasons.isEmpty())
        h += para(esc(reasons).replace(u'\n', QStringLiteral("<br>")));
    if (const QJsonObject host = a.value(QStringLiteral("hostStripe")).toObject(); !host.isEmpty())
        h += para(QObject::tr("Host volume manager: %1").arg(esc(host.value(QStringLiteral("text")).toString())));
    if (!candidates.isEmpty()) {
        Table t;
        const bool simulated = std::any_of(candidates.begin(), candidates.end(),
            [](const QJsonValue& c) { return c[QStringLiteral("simulated")].isObject(); });
        t.header = { QObject::tr("Chunk"), QObject::tr("Disks per request"), QObject::tr("Extra ops"), QObject::tr("Disk time / request"),
            QObject::tr("Positioning share"), QObject::tr("Saturated IOPS") };
        if (simulated)
            t.header << QObject::tr("Simulated IOPS");
        t.numeric = { 1, 2, 3, 4, 5, 6 };
        const double best = rec.value(QStringLiteral("chunkBytes")).toDouble(-1);
        for (const QJsonValue& c : candidates) {
            const QJsonObject mixed = c[QStringLiteral("mixed")].toObject();
            const double chunk = c[QStringLiteral("chunkBytes")].toDouble();
            QString name = esc(bytes(std::uint64_t(chunk)));
            if (c[QStringLiteral("current")].toBool())
                name += QObject::tr(" (current)");
            QStringList cells { name, fixed(mixed.value(QStringLiteral("dataDisks")).toDouble(), 2),
                fixed(mixed.value(QStringLiteral("extraOps")).toDouble(), 2), ms(mixed.value(QStringLiteral("serviceMs")).toDouble()),
                percent(mixed.value(QStringLiteral("positioningShare")).toDouble(), 0),
                fixed(mixed.value(QStringLiteral("saturatedIops")).toDouble(), 0) };
            if (simulated)
                cells << (c[QStringLiteral("simulated")].isObject() ? fixed(c[QStringLiteral("simulated")][QStringLiteral("iops")].toDouble(), 0)
                                                                   : QStringLiteral("–"));
            t.add(cells, chunk == best);
        }
        h += para(QObject::tr("Every candidate, for the request mix at random alignment (the recommended one in bold):"));
        h += t.html();
    }
    return h;
}

// --- Method ---------------------------------------------------------------------------------------

QString methodSection(const Workspace& w)
{
    const bool probed = w.probe && w.probe->result;
    const bool modelled = (w.simulate && w.simulate->results && !w.simulate->results->points.empty())
        || (w.traces && w.traces->replay && !w.traces->replay->arrays.empty()) || (w.advisor && !w.advisor->advice.isEmpty());
    if (!probed && !modelled)
        return {};
    QString h = h2(QObject::tr("Method"), false);
    if (probed)
        h += para(QObject::tr(
        "<b>Identification.</b> The array is identified by timing it, not by asking it, with the method of Shear [1]: "
        "batches of N random reads are issued at once and timed, and reads that land on one disk are served one after another "
        "while reads on different disks are served in parallel. The pattern size is the greatest common divisor of the assumed "
        "sizes whose multiples read slowest (the pattern-size plot); chunk boundaries show where reads on both sides of an offset are served "
        "in parallel (the boundary plot); pairs of chunks read together tell which chunks share a disk (the pairwise map); and writes against "
        "reads reveal the redundancy. Where Shear runs a fixed schedule (every pattern size, every offset, every chunk pair), "
        "RaidScope chooses each test to tell apart the layouts that still fit, compares the measurements with what every "
        "installed layout predicts, and stops when one explains them: its confidence is that layout's share of the evidence "
        "among all candidates (identified at 80 % or more), and the I/O table sets the I/Os spent beside those of Shear's "
        "schedule on the same array."));
    if (modelled)
        h += para(QObject::tr(
        "<b>Simulation and models.</b> Simulations and trace replays run each request through a discrete-event model of the "
        "array: the layout's data, mirror and parity places, the controller's RAID write paths, cache and degraded mode as SIMRAID "
        "models them [4], over a disk model with zones, a seek curve, rotation, head and cylinder switches and an on-disk cache, "
        "whose default drive is the IBM 9LZX of Shear's simulations [1]. Throughput is counted over simulated time and response "
        "times per request. Two analytical models check the simulator and answer quickly: Minerva's throughput model of RAID 1/0 "
        "and RAID 5 logical units [2], and the zoned-RAID response-time model, which treats each zoned disk as an M/G/1 queue and "
        "a striped request as a fork-join of its disk requests [3]."));
    if (w.advisor && !w.advisor->advice.isEmpty())
        h += para(QObject::tr("<b>Stripe-size advice.</b> The advice weighs each candidate chunk by the disk time a request "
                              "costs, positioning plus transfer, as the storage-bottlenecks whitepaper does [5]."));
    h += h3(QObject::tr("References"));
    // Only the papers the paragraphs above cite: [1] always (the probe, and the simulator's default
    // drive), [2]-[4] with the models, [5] with the advice; the numbers stay in order.
    QString refs = QStringLiteral("[1] Timothy E. Denehy, John Bent, Florentina I. Popovici, Andrea C. Arpaci-Dusseau and Remzi H. Arpaci-Dusseau. "
                        "<i>Deconstructing Storage Arrays</i>. Technical Report #1506, Computer Sciences Department, University of "
                        "Wisconsin, Madison, May 2004.");
    if (modelled)
        refs += QStringLiteral("<br>[2] Arif Merchant and Guillermo A. Alvarez. <i>Disk Array Models in Minerva</i>. HPL-2001-118, HP "
                        "Laboratories Palo Alto, May 2001.<br>"
                        "[3] Abigail S. Lebrecht, Nicholas J. Dingle and William J. Knottenbelt. <i>Modelling and Validation of "
                        "Response Times in Zoned RAID</i>. Department of Computing, Imperial College London.<br>"
                        "[4] Yan Li, Tim Courtney, Roland N. Ibbett and Nigel Topham. <i>Work in Progress: Performance Evaluation "
                        "of RAID6 Systems</i>. WiP of FAST, 2007.");
    if (w.advisor && !w.advisor->advice.isEmpty())
        refs += QStringLiteral("<br>[5] Sun Microsystems. <i>Storage System Bottlenecks and Their Solutions</i>. A whitepaper, July 21, 2005.");
    h += QStringLiteral("<p class=\"refs\">") + refs + QStringLiteral("</p>");
    return h;
}

} // namespace raidscope::report
