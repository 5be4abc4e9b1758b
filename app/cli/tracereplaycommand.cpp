// SPDX-License-Identifier: GPL-3.0-or-later
// raidscope-cli trace replay: through simulated arrays (--array), or measured on a device (--device,
// tracedevicecommand.cpp); and the table both print.
#include "cliargs.h"
#include "commands.h"
#include "shard.h"
#include "tracecommand.h"

#include "numberrange.h"
#include "trace/counterfile.h"
#include "trace/tracejob.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <vector>

namespace raidscope::cli {

// What `trace replay` prints, from each candidate's TraceReplayArray::toJson() (also a sharded
// replay's merge, and a measured replay's one device).
int printReplay(const QJsonObject& request, const QJsonArray& arrays, std::uint64_t records)
{
    // Every array refused: nothing was replayed, so say why (the first array's reason) and fail.
    const auto refused = [](const QJsonValue& x) { return x.toObject().contains(QStringLiteral("error")); };
    if (!arrays.isEmpty() && std::all_of(arrays.begin(), arrays.end(), refused))
        return fail(QStringLiteral("trace replay: no --array could be simulated; --array %1: %2")
                        .arg(arrays.first().toObject().value(QStringLiteral("array")).toString(),
                            arrays.first().toObject().value(QStringLiteral("error")).toString()));
    const QJsonArray synthetic = request.value(QStringLiteral("synthetic")).toArray();
    if (request.value(QStringLiteral("json")).toBool()) {
        QJsonObject o { { QStringLiteral("records"), double(records) }, { QStringLiteral("arrays"), arrays } };
        if (!synthetic.isEmpty())
            o[QStringLiteral("synthetic")] = synthetic;
        out(QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Indented)));
        return Ok;
    }
    const int depth = request.value(QStringLiteral("depth")).toInt();
    QString t = QStringLiteral("%1 requests replayed %2 in %3 s windows; slow = window mean above %4 ms\n\n")
                    .arg(records)
                    .arg(depth > 0 ? QStringLiteral("closed-loop at depth %1").arg(depth)
                                   : QStringLiteral("at x%1").arg(request.value(QStringLiteral("scale")).toDouble()))
                    .arg(request.value(QStringLiteral("window")).toDouble())
                    .arg(request.value(QStringLiteral("slowMs")).toDouble());
    for (const QJsonValue& n : synthetic)
        t += QStringLiteral("note: %1\n").arg(n.toString());
    if (!synthetic.isEmpty())
        t += u'\n';
    t += QStringLiteral("   mean ms    p50 ms    p90 ms    p99 ms  slow periods  disk utilization %  array\n");
    for (const QJsonValue& v : arrays) {
        const QJsonObject x = v.toObject();
        const QString spec = x.value(QStringLiteral("array")).toString();
        if (x.contains(QStringLiteral("error"))) {
            t += QStringLiteral("  (refused: %1)  %2\n").arg(x.value(QStringLiteral("error")).toString(), spec);
            continue;
        }
        const QJsonObject percentiles = x.value(QStringLiteral("percentilesMs")).toObject();
        QStringList util;
        for (const QJsonValue& d : x.value(QStringLiteral("disks")).toArray())
            util << QString::number(d.toObject().value(QStringLiteral("utilization")).toDouble() * 100, 'f', 0);
        t += QStringLiteral("%1 %2 %3 %4 %5  %6  %7\n")
                 .arg(x.value(QStringLiteral("meanMs")).toDouble(), 10, 'f', 2)
                 .arg(percentiles.value(QStringLiteral("50")).toDouble(), 9, 'f', 2)
                 .arg(percentiles.value(QStringLiteral("90")).toDouble(), 9, 'f', 2)
                 .arg(percentiles.value(QStringLiteral("99")).toDouble(), 9, 'f', 2)
                 .arg(QStringLiteral("%1/%2").arg(x.value(QStringLiteral("slowPeriods")).toInt()).arg(x.value(QStringLiteral("windows")).toInt()), 12)
                 .arg(util.join(u' '), -18)
                 .arg(spec);
    }
    // Saturation, as core's assessSaturation() stated it for each candidate (the utilization law).
    QString load;
    for (const QJsonValue& v : arrays) {
        const QJsonObject x = v.toObject();
        const QJsonObject saturation = x.value(QStringLiteral("saturation")).toObject();
        if (!saturation.isEmpty())
            load += QStringLiteral("  %1: %2\n").arg(x.value(QStringLiteral("array")).toString(),
                saturation.value(QStringLiteral("text")).toString());
    }
    if (!load.isEmpty())
        t += QStringLiteral("\nload (the trace's rate against each array's busiest disk):\n") + load;
    out(t);
    return Ok;
}

int replayTrace(const CliArgs& a, const TraceJobOptions& o)
{
    QString error;
    TraceReplayOptions ro;
    ro.read = o;
    ro.arraySpecs = a.values(QStringLiteral("array"));
    ro.slowThresholdMs = o.summary.slowThresholdMs;
    if (a.has(QStringLiteral("device")))
        return replayOnDevice(a, o);
    for (const char* deviceOnly : { "depth", "allow-writes", "scratch", "force", "latencies" })
        if (a.has(QString::fromLatin1(deviceOnly)))
            return fail(QStringLiteral("trace replay: --%1 applies to a measured replay only (--device DEV)")
                            .arg(QString::fromLatin1(deviceOnly)),
                Usage);
    if (ro.arraySpecs.isEmpty())
        return fail(QStringLiteral("trace replay: at least one --array SPEC, or --device DEV"), Usage);
    constexpr double kMinScale = kMinReplayScale, kMaxScale = kMaxReplayScale, kMinWindowS = kMinReplayWindowS,
                     kMaxWindowS = kMaxReplayWindowS;
    if (a.has(QStringLiteral("scale"))) {
        const auto scale = parseNumberInRange(a.value(QStringLiteral("scale")), kMinScale, kMaxScale, nullptr);
        if (!scale)
            return fail(QStringLiteral("--scale %1: expected a positive factor %2 (0.5 replays twice as fast)")
                            .arg(a.value(QStringLiteral("scale")), rangeText(kMinScale, kMaxScale)),
                Usage);
        ro.timeScale = *scale;
    }
    if (a.has(QStringLiteral("window"))) {
        const auto window = parseNumberInRange(a.value(QStringLiteral("window")), kMinWindowS, kMaxWindowS, nullptr);
        if (!window)
            return fail(QStringLiteral("--window %1: expected a positive number of seconds %2")
                            .arg(a.value(QStringLiteral("window")), rangeText(kMinWindowS, kMaxWindowS)),
                Usage);
        ro.windowSeconds = *window;
    }
    const auto shard = parseShard(a, &error);
    if (!shard)
        return fail(QStringLiteral("trace replay: ") + error, Usage);
    // --shard I/N: only this shard's candidates, printed as a partial for `merge`.
    const QStringList all = ro.arraySpecs;
    std::vector<int> indexes;
    ro.arraySpecs.clear();
    for (int i = 0; i < int(all.size()); ++i)
        if (shard->owns(i)) {
            ro.arraySpecs << all[i];
            indexes.push_back(i);
        }
    const TraceReplayResult r = replayTrace(a.positional().mid(1), ro, {}, [](auto s) { traceProgress("replay", s->fraction); });
    endTraceProgress();
    if (!r.ok)
        return fail(r.error);
    const QJsonObject request { { QStringLiteral("traces"), QJsonArray::fromStringList(a.positional().mid(1)) },
        { QStringLiteral("arrays"), QJsonArray::fromStringList(all) }, { QStringLiteral("scale"), ro.timeScale },
        { QStringLiteral("window"), ro.windowSeconds }, { QStringLiteral("slowMs"), ro.slowThresholdMs },
        { QStringLiteral("json"), a.flag(QStringLiteral("json")) },
        // Interval counters replayed as synthetic requests say so, with what was assumed (#56).
        { QStringLiteral("synthetic"),
            QJsonArray::fromStringList(syntheticWorkloadNotes(a.positional().mid(1), o.reader.counterRegionBytes, o.reader.counterSeed)) } };
    QJsonArray arrays;
    for (const TraceReplayArray& x : r.arrays)
        arrays.append(x.toJson());
    if (shard->given) {
        QJsonArray items;
        for (qsizetype k = 0; k < arrays.size(); ++k)
            items.append(QJsonObject { { QStringLiteral("index"), indexes[std::size_t(k)] },
                { QStringLiteral("records"), double(r.records) }, { QStringLiteral("array"), arrays[k] } });
        outPartial(partialJson(QStringLiteral("trace replay"), *shard, int(all.size()), request, items));
        return Ok;
    }
    return printReplay(request, arrays, r.records);
}

int printMergedReplay(const MergedPartials& m)
{
    QJsonArray arrays;
    std::uint64_t records = 0;
    for (const QJsonObject& item : m.items) {
        arrays.append(item.value(QStringLiteral("array")));
        // Range first: a damaged partial's 1e300 converted to an integer is undefined behaviour.
        const double n = item.value(QStringLiteral("records")).toDouble(-1);
        if (!(n >= 0 && n < 1.8e19))
            return fail(QStringLiteral("merge: a replay partial's \"records\" is not a count of records"));
        records = std::max(records, std::uint64_t(n));
    }
    return printReplay(m.request, arrays, records);
}

} // namespace raidscope::cli
