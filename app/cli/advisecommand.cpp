// SPDX-License-Identifier: GPL-3.0-or-later
// `raidscope-cli advise`: the stripe-size advisor (core/advisor) on the command line.
#include "cliargs.h"
#include "commands.h"

#include "advisor/stripeadvisor.h"
#include "advisor/stripesettings.h"
#include "layout/layoutregistry.h"
#include "trace/counterfile.h"
#include "trace/tracejob.h"
#include "units.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>
#include <optional>

namespace raidscope::cli {
namespace {

// The trace's workload (core: its sizes, read share and queue depth).
bool mixFromTrace(const QString& path, AdvisorOptions& o, QString* error)
{
    const TraceSummaryResult r = summarizeTrace({ path }, TraceJobOptions {});
    if (!r.ok) {
        *error = r.error;
        return false;
    }
    if (!workloadFromTrace(r.summary, o, error)) {
        *error = path + QStringLiteral(": ") + *error;
        return false;
    }
    return true;
}

} // namespace

int runAdvise(const QStringList& args)
{
    CliArgs a(QStringLiteral("advise"), QStringLiteral("--array SPEC (--sizes DIST | --trace FILE)"),
        QStringLiteral("Compares candidate chunk (stripe unit) sizes for a workload: drives touched per request, "
                       "positioning against productive transfer time, RAID 4/5/6 parity operations "
                       "(storage-bottlenecks whitepaper, Illustrations 9-10), and recommends one."));
    a.option(QStringLiteral("array"), QStringLiteral("SPEC"),
         QStringLiteral("The array, e.g. 'raid5 disks=8 disk=cheetah-15k'; a chunk= in it is the current size and joins "
                        "the candidates."))
        .option(QStringLiteral("sizes"), QStringLiteral("DIST"),
            QStringLiteral("Request sizes with weights, e.g. 4KiB:60,128KiB:40."))
        .option(QStringLiteral("read"), QStringLiteral("FRACTION"),
            QStringLiteral("Share of reads, 0 to 1 (default 1; with --trace, the trace's)."))
        .option(QStringLiteral("trace"), QStringLiteral("FILE"),
            QStringLiteral("Takes the sizes and the read share from a block I/O trace."))
        .option(QStringLiteral("outstanding"), QStringLiteral("N"),
            QStringLiteral("Also simulates each candidate with N requests in flight (with --trace: the trace's mean queue "
                           "depth unless given; 0: no simulation)."))
        .option(QStringLiteral("count"), QStringLiteral("N"), QStringLiteral("Requests per simulation (default 20000)."))
        .option(QStringLiteral("jobs"), QStringLiteral("N"), QStringLiteral("Simulations run at once (default: one per core)."))
        .option(QStringLiteral("host-stripe"), QStringLiteral("SIZE"),
            QStringLiteral("A host volume manager's stripe over this array: is it in the whitepaper's range (RAID 5: "
                           "2-4x the controller's full stripe, RAID 0/1: 1-2x)?"))
        .option(QStringLiteral("chunks"), QStringLiteral("LIST"),
            QStringLiteral("Candidate chunk sizes, e.g. 16KiB,32KiB,64KiB (default 4KiB to 1MiB)."))
        .option(QStringLiteral("positioning"), QStringLiteral("TIME"),
            QStringLiteral("Average positioning per access, e.g. 5.6ms; with --transfer, replaces the disk preset's "
                           "seek curve and rotation."))
        .option(QStringLiteral("transfer"), QStringLiteral("RATE"),
            QStringLiteral("Media transfer rate, e.g. 64MB/s; with --positioning, replaces the preset's zone rates."))
        .flag(QStringLiteral("json"), QStringLiteral("Prints one JSON object: a candidate per chunk size and the recommendation."));
    a.noArguments();
    if (const auto done = a.parse(args))
        return *done;
    if (!a.has(QStringLiteral("array")))
        return fail(QStringLiteral("advise: --array SPEC is required (e.g. --array 'raid5 disks=8')"), Usage);
    if (a.has(QStringLiteral("sizes")) == a.has(QStringLiteral("trace")))
        return fail(QStringLiteral("advise: give one of --sizes DIST (e.g. 4KiB:60,128KiB:40) and --trace FILE"), Usage);
    if (a.has(QStringLiteral("positioning")) != a.has(QStringLiteral("transfer")))
        return fail(QStringLiteral("advise: --positioning and --transfer go together (they replace the disk preset)"), Usage);
    QString error;
    const QString arrayText = a.value(QStringLiteral("array"));
    const auto spec = parseArraySpec(arrayText, &error);
    if (!spec)
        return fail(QStringLiteral("--array: ") + error);
    AdvisorOptions o;
    o.array = *spec;
    if (a.has(QStringLiteral("sizes")) && !parseSizeMix(a.value(QStringLiteral("sizes")), o.sizes, &error))
        return fail(QStringLiteral("--sizes: ") + error);
    if (a.has(QStringLiteral("trace")) && !mixFromTrace(a.value(QStringLiteral("trace")), o, &error))
        return fail(QStringLiteral("--trace: ") + error);
    if (a.has(QStringLiteral("outstanding"))) {
        const auto n = a.integer(QStringLiteral("outstanding"), 0, 65536, 0, &error);
        if (!n)
            return fail(QStringLiteral("advise: ") + error, Usage);
        o.simulateOutstanding = int(*n);
    }
    if (a.has(QStringLiteral("count"))) {
        const auto n = a.integer(QStringLiteral("count"), 1, qint64(kMaxWorkloadCount), 20000, &error);
        if (!n)
            return fail(QStringLiteral("advise: ") + error, Usage);
        o.simulateCount = std::uint64_t(*n);
    }
    const auto jobs = a.jobs(&error);
    if (!jobs)
        return fail(QStringLiteral("advise: ") + error, Usage);
    o.jobs = *jobs;
    const auto read = a.number(QStringLiteral("read"), QStringLiteral("a share of reads"), 0, 1, o.readFraction, &error);
    if (!read)
        return fail(QStringLiteral("advise: ") + error, Usage);
    o.readFraction = *read;
    if (a.has(QStringLiteral("chunks"))) {
        const auto chunks = parseChunkList(a.value(QStringLiteral("chunks")), spec->blockBytes, &error);
        if (!chunks)
            return fail(QStringLiteral("advise: ") + error, Usage);
        o.chunkBytes = *chunks;
    } else {
        o.chunkBytes = defaultChunkCandidates();
    }
    // The array's own chunk, when it names one, is the size to compare against: a candidate too.
    const bool hasCurrent = arrayText.contains(QStringLiteral("chunk="), Qt::CaseInsensitive);
    if (hasCurrent)
        o.chunkBytes = withCurrentChunk(std::move(o.chunkBytes), spec->chunkBytes);
    if (a.has(QStringLiteral("positioning"))) {
        const auto ns = parseDurationNs(a.value(QStringLiteral("positioning")), &error);
        if (!ns || *ns < 0)
            return fail(QStringLiteral("advise: --positioning: ") + (ns ? QStringLiteral("must not be negative") : error), Usage);
        const auto rate = parseTransferRate(a.value(QStringLiteral("transfer")), &error);
        if (!rate)
            return fail(QStringLiteral("advise: --transfer: ") + error, Usage);
        o.drive = DriveFigures { double(*ns) / 1e6, *rate,
            QStringLiteral("given: %1 positioning, %2").arg(a.value(QStringLiteral("positioning")), a.value(QStringLiteral("transfer"))) };
    }
    const auto advice = adviseStripe(o, LayoutRegistry::instance(), &error);
    if (!advice)
        return fail(QStringLiteral("advise: ") + error);
    const StripeRecommendation rec = recommendStripe(*advice);
    std::optional<HostStripeAdvice> host;
    if (a.has(QStringLiteral("host-stripe"))) {
        const auto bytes = parseBytes(a.value(QStringLiteral("host-stripe")), &error);
        if (!bytes || *bytes == 0)
            return fail(QStringLiteral("advise: --host-stripe: ") + (bytes ? QStringLiteral("must be above 0") : error), Usage);
        // Against the array as it is (its own chunk).
        const auto layout = LayoutRegistry::instance().create(*spec, &error);
        if (!layout)
            return fail(QStringLiteral("--array: ") + error);
        host = hostStripeAdvice(*layout, *bytes);
    }
    const int disks = spec->disks.value_or(0);
    // The recommended chunk as each tool takes it (#54 item 5), for the array as resolved.
    std::vector<StripeSetting> settings;
    if (rec.best >= 0)
        if (const auto resolved = LayoutRegistry::instance().resolve(*spec, nullptr))
            settings = stripeSettings(*resolved, advice->candidates[std::size_t(rec.best)].chunkBytes);

    // Interval counters as a trace: the mix is their synthetic requests', said with what was assumed (#56).
    // mixFromTrace() reads them with the default options: offsets over kDefaultCounterRegionBytes.
    const QStringList synthetic = a.has(QStringLiteral("trace"))
        ? syntheticWorkloadNotes({ a.value(QStringLiteral("trace")) }, kDefaultCounterRegionBytes, TraceReaderOptions {}.counterSeed)
        : QStringList();
    if (a.flag(QStringLiteral("json"))) {
        QJsonObject root = adviceJson(o, *advice, rec, host, hasCurrent ? std::optional<std::uint64_t>(spec->chunkBytes) : std::nullopt);
        root.insert(QStringLiteral("settings"), stripeSettingsJson(settings));
        if (!synthetic.isEmpty())
            root.insert(QStringLiteral("synthetic"), QJsonArray::fromStringList(synthetic));
        out(QString::fromUtf8(QJsonDocument(root).toJson(QJsonDocument::Indented)));
        return Ok;
    }
    QStringList mix;
    for (const auto& s : o.sizes)
        mix << QStringLiteral("%1:%2").arg(formatBytes(s.bytes)).arg(s.weight * 100, 0, 'g', 3);
    QString t = QStringLiteral("array:   %1\nsizes:   %2 (%3 % reads)\ndrive:   %4 ms positioning, %5 MB/s (%6)\n")
                    .arg(arrayText, mix.join(u','))
                    .arg(o.readFraction * 100, 0, 'f', 0)
                    .arg(advice->drive.positioningMs, 0, 'f', 3)
                    .arg(advice->drive.transferBytesPerSec / 1e6, 0, 'f', 1)
                    .arg(advice->drive.source);
    for (const QString& n : synthetic)
        t += QStringLiteral("note:    %1\n").arg(n);
    const bool simulated = o.simulateOutstanding > 0;
    t += QStringLiteral("chunk      drives  drives   ops   extra  positioning  productive  disk time  positioning  IOPS, all%1\n"
                        "         (random) (aligned)  /req  ops/req     ms/req      ms/req     ms/req        share   disks busy%2\n")
             .arg(simulated ? QStringLiteral("  simulated   p90") : QString())
             .arg(simulated ? QStringLiteral("       IOPS    ms") : QString());
    for (std::size_t i = 0; i < advice->candidates.size(); ++i) {
        const CandidateCost& c = advice->candidates[i];
        const QString mark = int(i) == rec.best ? QStringLiteral("  <- best")
            : hasCurrent && c.chunkBytes == spec->chunkBytes ? QStringLiteral("  (current)") : QString();
        const QString sim = c.simulated ? QStringLiteral(" %1 %2").arg(c.simulated->iops, 10, 'f', 0).arg(c.simulated->p90Ms, 5, 'f', 1)
                                        : QString();
        t += QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9 %10%11%12\n")
                 .arg(formatBytes(c.chunkBytes), -8)
                 .arg(c.mixed.dataDisks, 8, 'f', 2)
                 .arg(c.mixedAligned.dataDisks, 9, 'f', 2)
                 .arg(c.mixed.ops, 5, 'f', 2)
                 .arg(c.mixed.extraOps, 8, 'f', 2)
                 .arg(c.mixed.positioningMs, 12, 'f', 3)
                 .arg(c.mixed.productiveMs, 11, 'f', 3)
                 .arg(c.mixed.serviceMs(), 10, 'f', 3)
                 .arg(QString::number(c.mixed.positioningShare() * 100, 'f', 1) + QStringLiteral(" %"), 12)
                 .arg(saturatedIops(c.mixed, disks), 12, 'f', 0)
                 .arg(sim, mark);
    }
    t += QStringLiteral("\nrecommendation: %1\n").arg(rec.text);
    if (host)
        t += QStringLiteral("host stripe:    %1\n").arg(host->text);
    if (!settings.empty()) {
        t += QStringLiteral("\nsettings for %1:\n").arg(formatBytes(advice->candidates[std::size_t(rec.best)].chunkBytes));
        for (const StripeSetting& st : settings)
            t += QStringLiteral("  %1%2\n")
                     .arg(st.command.isEmpty() ? st.tool + QStringLiteral(": none") : st.command,
                         st.note.isEmpty() ? QString() : QStringLiteral("   (%1)").arg(st.note));
    }
    out(t);
    return Ok;
}

} // namespace raidscope::cli
