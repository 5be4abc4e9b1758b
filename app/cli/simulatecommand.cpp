// SPDX-License-Identifier: GPL-3.0-or-later
#include "cliargs.h"
#include "commands.h"
#include "shard.h"

#include "sim/arraysimulator.h"
#include "sim/outstandingsweep.h"
#include "units.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <cmath>
#include <cstdio>
#include <unistd.h>

namespace raidscope::cli {
namespace {

void progress(double fraction)
{
    if (isatty(STDERR_FILENO))
        std::fprintf(stderr, "\r[%3d%%] simulate", int(fraction * 100));
}

// fail= and rebuild=: the failures, the rebuild and SIMRAID's stages.
QString failureReport(const SimResult& r)
{
    QString t;
    for (const MemberFailure& f : r.failures)
        t += QStringLiteral("failure:  member %1 at %2 s\n").arg(f.member).arg(double(f.atNs) * 1e-9, 0, 'f', 3);
    if (r.rebuild) {
        const RebuildResult& b = *r.rebuild;
        QStringList members;
        for (int m : b.members)
            members << QString::number(m);
        t += QStringLiteral("rebuild:  %1, member %2, %3 s to %4 s (%5 s%6), %7 MB read, %8 MB written\n")
                 .arg(b.policy, members.isEmpty() ? QStringLiteral("-") : members.join(u','))
                 .arg(b.startNs * 1e-9, 0, 'f', 3)
                 .arg(b.endNs * 1e-9, 0, 'f', 3)
                 .arg(b.durationNs() * 1e-9, 0, 'f', 3)
                 .arg(b.completed ? QString() : QStringLiteral(", not completed"))
                 .arg(double(b.bytesRead) * 1e-6, 0, 'f', 1)
                 .arg(double(b.bytesWritten) * 1e-6, 0, 'f', 1);
    }
    if (r.stages.empty())
        return t;
    t += QStringLiteral("stage             start s      end s   requests    mean ms     p50 ms     p90 ms     p99 ms  in system\n");
    for (const StageResult& s : r.stages)
        t += QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9\n")
                 .arg(s.name, -14)
                 .arg(s.startNs * 1e-9, 10, 'f', 3)
                 .arg(s.endNs * 1e-9, 10, 'f', 3)
                 .arg(s.requests, 10)
                 .arg(s.responseMs.mean(), 10, 'f', 3)
                 .arg(s.percentileMs(0.5), 10, 'f', 3)
                 .arg(s.percentileMs(0.9), 10, 'f', 3)
                 .arg(s.percentileMs(0.99), 10, 'f', 3)
                 .arg(s.meanInSystem(), 10, 'f', 2);
    return t;
}

QString textReport(const SimResult& r)
{
    QString t = QStringLiteral("array:    %1\nworkload: %2\n").arg(r.arraySpec, r.workloadSpec);
    t += QStringLiteral("requests: %1 (%2 reads, %3 writes) in %4 s simulated (%5 s wall)\n")
             .arg(r.requests)
             .arg(r.reads)
             .arg(r.writes)
             .arg(r.simulatedSeconds(), 0, 'f', 3)
             .arg(r.wallSeconds, 0, 'f', 2);
    t += QStringLiteral("IOPS:     %1   MB/s: %2\n").arg(r.iops(), 0, 'f', 1).arg(r.mbps(), 0, 'f', 2);
    t += QStringLiteral("response: mean %1 ms, sd %2 ms, p50 %3, p90 %4, p99 %5 ms, max %6 ms\n")
             .arg(r.responseMs.mean(), 0, 'f', 3)
             .arg(std::sqrt(r.responseMs.variance()), 0, 'f', 3)
             .arg(r.percentileMs(0.5), 0, 'f', 3)
             .arg(r.percentileMs(0.9), 0, 'f', 3)
             .arg(r.percentileMs(0.99), 0, 'f', 3)
             .arg(r.responseMs.max(), 0, 'f', 3);
    if (r.writeCacheHits || r.readCacheHits)
        t += QStringLiteral("cache:    %1 writes acknowledged from the write-back cache, %2 read hits\n")
                 .arg(r.writeCacheHits)
                 .arg(r.readCacheHits);
    if (r.lostRequests)
        t += QStringLiteral("LOST:     %1 requests touched data with no surviving copy\n").arg(r.lostRequests);
    t += failureReport(r);
    t += QStringLiteral("disk  members  util%%  ops        mean queue  max queue\n").replace(QStringLiteral("%%"), QStringLiteral("%"));
    for (std::size_t i = 0; i < r.disks.size(); ++i) {
        const DiskResult& d = r.disks[i];
        QStringList members;
        for (int m : d.members)
            members << QString::number(m);
        t += QStringLiteral("%1  %2  %3  %4  %5  %6%7\n")
                 .arg(i, 4)
                 .arg(members.join(u','), -7)
                 .arg(d.utilization * 100, 5, 'f', 1)
                 .arg(d.ops, -10)
                 .arg(d.meanQueueLength, 10, 'f', 2)
                 .arg(d.maxQueueLength, 9)
                 .arg(d.failed ? QStringLiteral("  FAILED") : d.replaced ? QStringLiteral("  spare") : QString());
    }
    return t;
}

// What `simulate --sweep` prints, from the points' SimResult::toJson() (also a sharded sweep's merge).
QString sweepOutput(const QJsonObject& request, const QJsonArray& points)
{
    const QString array = request.value(QStringLiteral("array")).toString();
    const QString workload = request.value(QStringLiteral("workload")).toString();
    if (request.value(QStringLiteral("json")).toBool()) {
        std::vector<int> outstanding;
        for (const QJsonValue& v : request.value(QStringLiteral("outstanding")).toArray())
            outstanding.push_back(v.toInt());
        return QString::fromUtf8(
            QJsonDocument(OutstandingSweepResult::toJson(array, workload, outstanding, points)).toJson(QJsonDocument::Indented));
    }
    QString t = QStringLiteral("array:    %1\nworkload: %2\n\noutstanding      IOPS      MB/s   mean ms    p90 ms    p99 ms  busiest disk\n")
                    .arg(array, workload);
    for (const QJsonValue& v : points) {
        const QJsonObject r = v.toObject();
        const QJsonObject percentiles = r.value(QStringLiteral("percentilesMs")).toObject();
        double busiest = 0;
        for (const QJsonValue& d : r.value(QStringLiteral("disks")).toArray())
            busiest = std::max(busiest, d.toObject().value(QStringLiteral("utilization")).toDouble());
        t += QStringLiteral("%1 %2 %3 %4 %5 %6  %7%\n")
                 .arg(r.value(QStringLiteral("outstanding")).toInt(), 11)
                 .arg(r.value(QStringLiteral("iops")).toDouble(), 9, 'f', 1)
                 .arg(r.value(QStringLiteral("mbps")).toDouble(), 9, 'f', 2)
                 .arg(r.value(QStringLiteral("meanMs")).toDouble(), 9, 'f', 2)
                 .arg(percentiles.value(QStringLiteral("90")).toDouble(), 9, 'f', 2)
                 .arg(percentiles.value(QStringLiteral("99")).toDouble(), 9, 'f', 2)
                 .arg(busiest * 100, 0, 'f', 1);
    }
    return t;
}

} // namespace

int runSimulate(const QStringList& args)
{
    CliArgs a(QStringLiteral("simulate"), QStringLiteral("--array SPEC --workload SPEC"),
        QStringLiteral("Simulates a workload on an array (discrete-event disk and controller model) and reports "
                       "throughput, response times and disk utilization."));
    a.option(QStringLiteral("array"), QStringLiteral("SPEC"),
         QStringLiteral("The array, with its simulation keys, e.g. 'raid5 disks=8 chunk=64KiB cache=8MiB' (docs/guide/command-line.md: Simulating)."))
        .option(QStringLiteral("workload"), QStringLiteral("SPEC"),
            QStringLiteral("The workload, e.g. 'random read=0.5 size=32KiB outstanding=16 count=100000 seed=7', or "
                           "SPC-1's mix, 'spc1 bsu=20 duration=60s' (docs/guide/command-line.md: Simulating)."))
        .option(QStringLiteral("sweep"), QStringLiteral("outstanding=N,N,..."),
            QStringLiteral("Runs the workload once per number of outstanding requests."))
        .option(QStringLiteral("jobs"), QStringLiteral("N"),
            QStringLiteral("Runs up to N sweep points at once (default: one per core); the results do not change."))
        .flag(QStringLiteral("json"), QStringLiteral("Prints one JSON object (with --sweep: one per point under \"sweep\")."));
    addShardOption(a);
    a.noArguments();
    if (const auto done = a.parse(args))
        return *done;
    QString error;
    if (!a.has(QStringLiteral("array")) || !a.has(QStringLiteral("workload")))
        return fail(QStringLiteral("simulate: --array SPEC and --workload SPEC are required "
                                   "(e.g. --array 'raid5 disks=8' --workload 'random outstanding=16')"),
                    Usage);
    const auto workload = parseWorkloadSpec(a.value(QStringLiteral("workload")), &error);
    if (!workload)
        return fail(QStringLiteral("--workload: ") + error);
    std::vector<int> sweep;
    if (a.has(QStringLiteral("sweep"))) {
        // A sweep point runs closed loop; spc1 is open loop by definition (50 I/O per second per BSU).
        if (workload->pattern == WorkloadSpec::Spc1)
            return fail(QStringLiteral("simulate: --sweep outstanding= does not apply to spc1, an open-loop workload "
                                       "(its rate is 50 x bsu per second); vary bsu= instead"),
                        Usage);
        const auto values = parseOutstandingSweep(a.value(QStringLiteral("sweep")), &error);
        if (!values)
            return fail(QStringLiteral("simulate: --sweep %1: %2").arg(a.value(QStringLiteral("sweep")), error), Usage);
        sweep = *values;
    }
    const auto jobs = a.jobs(&error);
    if (!jobs)
        return fail(QStringLiteral("simulate: ") + error, Usage);
    const auto shard = parseShard(a, &error);
    if (!shard)
        return fail(QStringLiteral("simulate: ") + error, Usage);
    if (shard->given && sweep.empty())
        return fail(QStringLiteral("simulate: --shard splits the points of a --sweep; give --sweep outstanding=N,N,..."), Usage);
    auto simulator = ArraySimulator::create(a.value(QStringLiteral("array")), &error);
    if (!simulator)
        return fail(QStringLiteral("--array: ") + error);
    if (!simulator->checkWorkload(*workload, &error))
        return fail(QStringLiteral("--workload: ") + error);

    const bool json = a.flag(QStringLiteral("json"));
    if (sweep.empty()) {
        const SimResult r = simulator->run(*workload, {}, [](auto s) { progress(s->fraction); });
        progress(1);
        if (isatty(STDERR_FILENO))
            std::fputc('\n', stderr);
        out(json ? QString::fromUtf8(QJsonDocument(r.toJson()).toJson(QJsonDocument::Indented)) : textReport(r));
        return Ok;
    }
    // --shard I/N: only this shard's points, printed as a partial for `merge`.
    std::vector<int> mine;
    std::vector<int> indexes;
    for (int i = 0; i < int(sweep.size()); ++i)
        if (shard->owns(i)) {
            mine.push_back(sweep[std::size_t(i)]);
            indexes.push_back(i);
        }
    const OutstandingSweepResult swept = runOutstandingSweep(
        *simulator, *workload, mine, {}, [](auto s) { progress(s->fraction); }, *jobs);
    if (isatty(STDERR_FILENO))
        std::fputc('\n', stderr);
    QJsonArray values;
    for (int o : sweep)
        values.append(o);
    const QJsonObject request { { QStringLiteral("array"), simulator->arraySpec() },
        { QStringLiteral("workload"), workload->toText() }, { QStringLiteral("outstanding"), values },
        { QStringLiteral("json"), json } };
    QJsonArray points;
    for (const SimResult& r : swept.points)
        points.append(r.toJson());
    if (shard->given) {
        QJsonArray items;
        for (qsizetype k = 0; k < points.size(); ++k)
            items.append(QJsonObject { { QStringLiteral("index"), indexes[std::size_t(k)] }, { QStringLiteral("point"), points[k] } });
        outPartial(partialJson(QStringLiteral("simulate"), *shard, int(sweep.size()), request, items));
        return Ok;
    }
    out(sweepOutput(request, points));
    return Ok;
}

int printMergedSweep(const MergedPartials& m)
{
    QJsonArray points;
    for (const QJsonObject& item : m.items)
        points.append(item.value(QStringLiteral("point")));
    out(sweepOutput(m.request, points));
    return Ok;
}

} // namespace raidscope::cli
