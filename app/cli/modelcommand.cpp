// SPDX-License-Identifier: GPL-3.0-or-later
// `raidscope-cli model`: the analytical models (core/model) on JSON in and out.
#include "cliargs.h"
#include "commands.h"

#include "io/inputfile.h"
#include "model/minerva.h"
#include "model/minervacalibration.h"
#include "model/zonedraid.h"
#include "model/zonedvalidation.h"
#include "units.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>
#include <cstdio>
#include <functional>
#include <type_traits>

namespace raidscope::cli {
namespace {

// A model input is a few kilobytes; past this it is not one (and /dev/zero does not read forever).
constexpr qint64 kMaxInputBytes = 16 << 20;

std::optional<QJsonDocument> readJson(const QString& path, QString* error)
{
    const bool stdinInput = path.isEmpty() || path == u"-" || path == u"/dev/stdin";
    const QString name = stdinInput ? QStringLiteral("stdin") : path;
    QByteArray bytes;
    if (stdinInput) { // a pipe: read up to one byte past the cap
        QFile f;
        if (!f.open(stdin, QIODevice::ReadOnly)) {
            *error = name + QStringLiteral(": ") + f.errorString();
            return std::nullopt;
        }
        bytes = f.read(kMaxInputBytes + 1);
        if (bytes.size() > kMaxInputBytes) {
            *error = QStringLiteral("%1: more than %2 MiB: not a model input").arg(name).arg(kMaxInputBytes >> 20);
            return std::nullopt;
        }
    } else if (auto whole = readWholeFile(path, kMaxInputBytes, QStringLiteral("a model input"), error)) {
        bytes = std::move(*whole);
    } else {
        return std::nullopt;
    }
    if (bytes.trimmed().isEmpty()) {
        *error = name + QStringLiteral(": empty: expected a JSON object or a list of them");
        return std::nullopt;
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        *error = QStringLiteral("%1: not JSON: %2 at byte %3").arg(name, parseError.errorString()).arg(parseError.offset);
        return std::nullopt;
    }
    return doc;
}

QString describe(const MinervaResult& r)
{
    return QStringLiteral("utilization %1 (binding: %2; disk %3, controller bandwidth %4, controller throughput %5), %6; "
                          "every rate can grow x%7: %8 requests/s")
        .arg(r.utilization, 0, 'g', 4)
        .arg(r.binding)
        .arg(r.diskUtilization, 0, 'g', 4)
        .arg(r.controllerBandwidthUtilization, 0, 'g', 4)
        .arg(r.controllerThroughputUtilization, 0, 'g', 4)
        .arg(r.feasible ? QStringLiteral("feasible") : QStringLiteral("NOT feasible"))
        .arg(r.maxScale, 0, 'g', 4)
        .arg(r.maxRequestRate, 0, 'g', 5)
        + (r.phase >= 0 ? QStringLiteral(" (worst just after stream %1 switches ON)").arg(r.phase) : QString());
}

QString describe(const ZonedRaidResult& r)
{
    if (r.saturated)
        return QStringLiteral("saturated: a disk's utilization is %1 (at least 1): no steady state").arg(r.utilization, 0, 'g', 4);
    return QStringLiteral("mean %1 ms, standard deviation %2 ms; p50 %3, p90 %4, p95 %5, p99 %6 ms; busiest disk %7")
        .arg(r.meanMs, 0, 'f', 2)
        .arg(std::sqrt(r.varianceMs2), 0, 'f', 2)
        .arg(r.p50Ms, 0, 'f', 1)
        .arg(r.p90Ms, 0, 'f', 1)
        .arg(r.p95Ms, 0, 'f', 1)
        .arg(r.p99Ms, 0, 'f', 1)
        .arg(r.utilization, 0, 'f', 3);
}

// One model over a JSON input: an object, or a list of them answered in order. `evaluate` reads
// one object and gives its result as JSON and as a line of text, or false and why.
using Evaluate = std::function<bool(const QJsonObject& in, QJsonObject* json, QString* text, QString* error)>;

int runOnJson(const CliArgs& a, const QString& command, const Evaluate& evaluate)
{
    if (a.positional().size() > 2)
        return fail(QStringLiteral("%1: one input FILE (or - for stdin), not %2").arg(command).arg(a.positional().size() - 1), Usage);
    const QString path = a.positional().value(1);
    QString error;
    const auto doc = readJson(path, &error);
    if (!doc)
        return fail(command + QStringLiteral(": ") + error);
    QList<QJsonValue> inputs;
    if (doc->isArray()) {
        const QJsonArray list = doc->array();
        for (const QJsonValue& v : list)
            inputs << v;
        if (inputs.isEmpty())
            return fail(command + QStringLiteral(": the list of inputs is empty"));
    } else {
        inputs << doc->object();
    }
    QJsonArray results;
    QStringList lines;
    for (qsizetype i = 0; i < inputs.size(); ++i) {
        const QString at = doc->isArray() ? QStringLiteral("[%1]").arg(i) : QString();
        if (!inputs[i].isObject())
            return fail(QStringLiteral("%1: %2: expected an object").arg(command, at.isEmpty() ? QStringLiteral("input") : at));
        QJsonObject json;
        QString text;
        if (!evaluate(inputs[i].toObject(), &json, &text, &error))
            return fail(QStringLiteral("%1: %2%3").arg(command, at.isEmpty() ? QString() : at + u'.', error));
        results.append(json);
        lines << (at.isEmpty() ? QString() : at + u' ') + text;
    }
    if (a.flag(QStringLiteral("json"))) {
        const QJsonDocument outDoc = doc->isArray() ? QJsonDocument(results) : QJsonDocument(results.first().toObject());
        out(QString::fromUtf8(outDoc.toJson(QJsonDocument::Indented)));
    } else {
        out(lines.join(u'\n') + u'\n');
    }
    return Ok;
}

int throughput(const CliArgs& a)
{
    return runOnJson(a, QStringLiteral("model throughput"), [](const QJsonObject& o, QJsonObject* json, QString* text, QString* error) {
        const auto in = minervaInputFromJson(o, error);
        if (!in)
            return false;
        const MinervaResult r = evaluateMinerva(*in);
        *json = minervaResultJson(r);
        *text = describe(r);
        return true;
    });
}

int response(const CliArgs& a)
{
    return runOnJson(a, QStringLiteral("model response"), [](const QJsonObject& o, QJsonObject* json, QString* text, QString* error) {
        const auto q = zonedRaidRequestFromJson(o, error);
        if (!q)
            return false;
        const ZonedRaidResult r = evaluateZonedRaid(*q);
        *json = zonedRaidResultJson(r);
        *text = describe(r);
        return true;
    });
}

// Section 4's validation: Tables 1-3 of the paper, our model (and the simulator) against its
// measurements, the error per table beside the paper's own.
int validate(const CliArgs& a)
{
    QString error;
    const auto jobs = a.jobs(&error);
    const auto count = a.integer(QStringLiteral("count"), 100, 10000000, 100000, &error);
    const auto fitTable = a.integer(QStringLiteral("fit-table"), 0, 3, 0, &error);
    if (!jobs || !count || !fitTable)
        return fail(QStringLiteral("model validate: ") + error, Usage);
    ZonedValidationOptions o;
    o.simulate = a.flag(QStringLiteral("simulate"));
    o.jobs = *jobs;
    o.simulatedRequests = std::uint64_t(*count);
    o.fitTable = int(*fitTable);
    const QString turn = a.value(QStringLiteral("full-turn"), QStringLiteral("reposition"));
    if (turn != u"reposition" && turn != u"exact")
        return fail(QStringLiteral("model validate: --full-turn: reposition or exact, not '%1'").arg(turn), Usage);
    o.fullTurn = turn == u"exact" ? ZonedRaidRequest::FullTurn::Exact : ZonedRaidRequest::FullTurn::Reposition;
    const std::vector<ZonedValidationRow> rows = zonedValidation(o);
    if (a.flag(QStringLiteral("json"))) {
        out(QString::fromUtf8(QJsonDocument(zonedValidationJson(rows)).toJson(QJsonDocument::Indented)));
        return Ok;
    }
    const auto pct = [](const std::optional<double>& x) { return x ? QStringLiteral("%1 %").arg(*x, 0, 'f', 1) : QStringLiteral("-"); };
    QString text = QStringLiteral("Mean absolute relative error of the mean response time against the paper's measurements\n"
                                  "(Lebrecht, Dingle & Knottenbelt, Tables 1-3; rows measured as saturated left out)\n");
    const double overheadMs = rows.empty() ? 0 : rows.front().overheadMs;
    text += o.fitTable ? QStringLiteral("Our model's per-access overhead %1 ms, estimated from Table %2 alone: its rows are fitted, "
                                        "the other tables' are tested\n\n").arg(overheadMs, 0, 'f', 3).arg(o.fitTable)
                       : QStringLiteral("Our model's per-access overhead: 0 ms (the paper's model has none; nothing fitted)\n\n");
    text += QStringLiteral("%1  %2  %3  %4  %5\n").arg(QStringLiteral("table"), -30).arg(QStringLiteral("write model"), -11)
                .arg(QStringLiteral("ours"), 8).arg(QStringLiteral("paper's"), 8).arg(QStringLiteral("simulator"), 9);
    for (const ZonedValidationSummary& t : zonedValidationSummary(rows)) {
        for (std::size_t m = 0; m < t.models.size(); ++m) {
            const auto& model = t.models[m];
            text += QStringLiteral("%1  %2  %3  %4  %5\n")
                        .arg(m == 0 ? QStringLiteral("%1 %2 (%3 rows)%4").arg(t.table).arg(t.title).arg(t.rows - t.measuredSaturated)
                                           .arg(t.fitted ? QStringLiteral(" FIT") : QString())
                                    : QString(), -30)
                        .arg(zonedWriteModelName(model.writeModel), -11)
                        .arg(pct(model.ourErrorPct), 8)
                        .arg(pct(model.paperErrorPct), 8)
                        .arg(m == 0 ? pct(t.simulatorErrorPct) : QString(), 9);
        }
    }
    out(text);
    return Ok;
}

QString statsLine(const MinervaErrorStats& s)
{
    return QStringLiteral("mean %1 %, mean |error| %2 %, max |error| %3 % (%4 points)%5")
        .arg(s.meanPct, 0, 'f', 1)
        .arg(s.meanAbsPct, 0, 'f', 1)
        .arg(s.maxAbsPct, 0, 'f', 1)
        .arg(s.points)
        .arg(s.undefined ? QStringLiteral("; %1 more where the calibration is not positive (no prediction)").arg(s.undefined)
                         : QString());
}

// Minerva §2.7's calibration fitted on simulated arrays of some sizes and disk counts, tested on others.
int calibrate(const CliArgs& a)
{
    QString error;
    const auto jobs = a.jobs(&error);
    const auto perDisk = a.integer(QStringLiteral("count"), 100, 1000000, 2000, &error);
    if (!jobs || !perDisk)
        return fail(QStringLiteral("model calibrate: ") + error, Usage);
    QStringList schemes { QStringLiteral("raid10"), QStringLiteral("raid5") };
    if (const QString scheme = a.value(QStringLiteral("scheme")); !scheme.isEmpty()) {
        if (scheme != u"raid10" && scheme != u"raid5")
            return fail(QStringLiteral("model calibrate: --scheme: raid10 or raid5, not '%1'").arg(scheme), Usage);
        schemes = { scheme };
    }
    // --fit-disks 4,8,12 and friends: comma-separated lists replacing the defaults.
    const auto numbers = [&](const QString& name, auto& into, double lo, double hi) {
        const QString text = a.value(name);
        if (text.isEmpty())
            return true;
        into.clear();
        for (const QString& part : text.split(u',')) {
            bool ok = false;
            const double v = part.trimmed().toDouble(&ok);
            using Value = typename std::decay_t<decltype(into)>::value_type;
            if (!ok || !(v >= lo && v <= hi) || (std::is_integral_v<Value> && v != std::floor(v))) {
                error = QStringLiteral("--%1: '%2' is not a number from %3 to %4").arg(name, part).arg(lo).arg(hi);
                return false;
            }
            into.push_back(Value(v));
        }
        return true;
    };
    MinervaCalibrationOptions sets;
    if (!numbers(QStringLiteral("fit-disks"), sets.fitDisks, 2, 64) || !numbers(QStringLiteral("test-disks"), sets.testDisks, 2, 64)
        || !numbers(QStringLiteral("fit-sizes"), sets.fitSizesKiB, 0.5, 65536)
        || !numbers(QStringLiteral("test-sizes"), sets.testSizesKiB, 0.5, 65536)
        || !numbers(QStringLiteral("fit-reads"), sets.fitReadFractions, 0, 1)
        || !numbers(QStringLiteral("test-reads"), sets.testReadFractions, 0, 1))
        return fail(QStringLiteral("model calibrate: ") + error, Usage);
    QJsonArray studies;
    QString text;
    for (const QString& scheme : schemes) {
        MinervaCalibrationOptions o = sets;
        o.scheme = scheme;
        if (const QString disk = a.value(QStringLiteral("disk")); !disk.isEmpty())
            o.diskPreset = disk;
        o.requestsPerDisk = std::uint64_t(*perDisk);
        o.jobs = *jobs;
        const auto study = runMinervaCalibration(o, {}, {}, &error);
        if (!study)
            return fail(QStringLiteral("model calibrate: ") + error);
        studies.append(minervaCalibrationJson(*study));
        const auto list = [](const auto& v) {
            QStringList s;
            for (const auto& x : v)
                s << QString::number(x);
            return s.join(u',');
        };
        text += QStringLiteral("%1 of %2, %3 stripe unit: fitted on disks {%4} x sizes {%5} KiB x reads {%6}; held out: "
                               "disks {%7} x sizes {%8} KiB x reads {%9}\n")
                    .arg(scheme, o.diskPreset, formatBytes(o.chunkBytes), list(o.fitDisks), list(o.fitSizesKiB),
                        list(o.fitReadFractions), list(o.testDisks), list(o.testSizesKiB), list(o.testReadFractions));
        QStringList c;
        for (double x : study->calibration.c)
            c << QString::number(x, 'g', 4);
        text += QStringLiteral("  calibration (1, x, y, x^2, xy, y^2; x KiB, y disks): %1\n").arg(c.join(QStringLiteral(", ")));
        text += QStringLiteral("  fit set   uncalibrated: %1\n").arg(statsLine(study->fitUncalibrated));
        text += QStringLiteral("  fit set   calibrated:   %1\n").arg(statsLine(study->fitCalibrated));
        text += QStringLiteral("  held out  uncalibrated: %1\n").arg(statsLine(study->testUncalibrated));
        text += QStringLiteral("  held out  calibrated:   %1\n").arg(statsLine(study->testCalibrated));
        text += QStringLiteral("  the paper (measured FC-30, its validation workloads): mean %1 %, max %2 %\n")
                    .arg(kMinervaPaperMeanErrorPct, 0, 'f', 1)
                    .arg(kMinervaPaperMaxErrorPct, 0, 'f', 0);
    }
    if (a.flag(QStringLiteral("json")))
        out(QString::fromUtf8(QJsonDocument(QJsonObject { { QStringLiteral("studies"), studies } }).toJson(QJsonDocument::Indented)));
    else
        out(QStringLiteral("Errors are (simulated - predicted) / simulated maximum throughput (Minerva Fig. 1's sign)\n") + text);
    return Ok;
}

} // namespace

int runModel(const QStringList& args)
{
    const QString sub = args.value(0);
    if (sub == u"calibrate") {
        CliArgs v(QStringLiteral("model calibrate"), QString(),
            QStringLiteral("Minerva's calibration (HPL-2001-118, 2.7) fitted on simulated RAID 1/0 and RAID 5 arrays of 4, 8 "
                           "and 12 disks with 8, 32 and 128 KiB read-only and write-only random requests, then tested on "
                           "arrays of 6 and 10 disks with 16 and 64 KiB requests and 0, 50 and 100 % reads it never saw: "
                           "the maximum throughput's relative error beside the paper's (5.4 % mean, 19 % max on the FC-30)."));
        v.option(QStringLiteral("scheme"), QStringLiteral("S"), QStringLiteral("raid10 or raid5 only (default: both)."))
            .option(QStringLiteral("disk"), QStringLiteral("PRESET"), QStringLiteral("Member disk preset (default ibm-9lzx)."))
            .option(QStringLiteral("count"), QStringLiteral("N"), QStringLiteral("Simulated requests per point, per disk (default 2000)."))
            .option(QStringLiteral("fit-disks"), QStringLiteral("LIST"), QStringLiteral("Disk counts fitted (default 4,8,12)."))
            .option(QStringLiteral("fit-sizes"), QStringLiteral("LIST"), QStringLiteral("Request sizes fitted, KiB (default 8,32,128)."))
            .option(QStringLiteral("fit-reads"), QStringLiteral("LIST"), QStringLiteral("Read fractions fitted (default 0,1)."))
            .option(QStringLiteral("test-disks"), QStringLiteral("LIST"), QStringLiteral("Disk counts held out (default 6,10)."))
            .option(QStringLiteral("test-sizes"), QStringLiteral("LIST"), QStringLiteral("Request sizes held out, KiB (default 16,64)."))
            .option(QStringLiteral("test-reads"), QStringLiteral("LIST"), QStringLiteral("Read fractions held out (default 0,0.5,1)."))
            .option(QStringLiteral("jobs"), QStringLiteral("N"), QStringLiteral("Points simulated at once (default: one per core)."))
            .flag(QStringLiteral("json"), QStringLiteral("Prints every point and the statistics as JSON."));
        if (const auto done = v.parse(args))
            return *done;
        if (v.positional().size() > 1)
            return fail(QStringLiteral("model calibrate: takes no FILE"), Usage);
        return calibrate(v);
    }
    if (sub == u"validate") {
        CliArgs v(QStringLiteral("model validate"), QString(),
            QStringLiteral("Section 4 of the zoned-RAID paper: every row of its Tables 1-3 (4 disks of st3500630ns, 128 KiB "
                           "blocks, 0.01-0.03 requests/ms) by our model and, with --simulate, by the simulator, and the mean "
                           "absolute relative error of the means against the paper's measurements per table, beside the "
                           "paper's own model's."));
        v.flag(QStringLiteral("simulate"), QStringLiteral("Also simulate every row (100,000 requests each unless --count)."))
            .option(QStringLiteral("count"), QStringLiteral("N"), QStringLiteral("Simulated requests per row."))
            .option(QStringLiteral("fit-table"), QStringLiteral("T"),
                QStringLiteral("Estimate our model's per-access overhead from Table T (1-3) alone and test it on the other "
                               "two (default 0: no overhead, as the paper's model)."))
            .option(QStringLiteral("full-turn"), QStringLiteral("R"),
                QStringLiteral("The RAID 5 write disk the paper gives a full revolution: reposition (default: seek and "
                               "latency like the others, which reproduces the paper's printed columns) or exact (R_max)."))
            .option(QStringLiteral("jobs"), QStringLiteral("N"), QStringLiteral("Rows evaluated at once (default: one per core)."))
            .flag(QStringLiteral("json"), QStringLiteral("Prints every row and the summary as JSON."));
        if (const auto done = v.parse(args))
            return *done;
        if (v.positional().size() > 1)
            return fail(QStringLiteral("model validate: takes no FILE"), Usage);
        return validate(v);
    }
    if (sub != u"throughput" && sub != u"response") {
        if (sub == u"-h" || sub == u"--help" || sub.isEmpty()) {
            out(QStringLiteral("usage: raidscope-cli model (throughput | response) [FILE|-] [--json]\n"
                               "       raidscope-cli model validate [--simulate] [--fit-table T] [--json]\n"
                               "       raidscope-cli model calibrate [--scheme raid10|raid5] [--count N] [--json]\n\n"
                               "Analytical models of disk arrays, JSON in (an object or a list of them) and out.\n"
                               "  throughput  Minerva (Merchant & Alvarez, HPL-2001-118): utilizations, the binding constraint\n"
                               "              and the maximum request rate of a RAID 1/0, RAID 1 or RAID 5 LU\n"
                               "  response    zoned RAID 01 / RAID 5 response-time distributions (Lebrecht, Dingle & Knottenbelt)\n"
                               "  validate    that model against the paper's measured Tables 1-3 (and the simulator)\n"
                               "  calibrate   Minerva's calibration fitted on simulated arrays, tested on held-out ones\n"
                               "raidscope-cli model SUBCOMMAND --help lists its input.\n"));
            return sub.isEmpty() ? Usage : Ok;
        }
        return fail(QStringLiteral("model: unknown subcommand '%1' (throughput, response, validate, calibrate)").arg(sub), Usage);
    }
    const bool isThroughput = sub == u"throughput";
    CliArgs a(QStringLiteral("model ") + sub, QStringLiteral("[FILE|-]"),
        isThroughput
            ? QStringLiteral("Minerva's throughput model of a RAID 1/0, RAID 1 or RAID 5 LU (Merchant & Alvarez, HPL-2001-118, "
                             "section 2). Reads {\"lu\": {\"type\", \"LU_size\", \"stripe_unit_size\", \"mean_position_time\", "
                             "\"transfer_rate\", \"max_controller_bandwidth\"?, \"max_controller_throughput\"?, \"calibration\"?}, "
                             "\"streams\": [{\"request_rate\", \"request_size\", \"read_probability\", \"run_count\", \"on_time\"?, "
                             "\"off_time\"?, \"p\"?}], \"options\"?: {\"raid5_small_write\": equations|two_ops, "
                             "\"raid5_write_size\": eq5|per_disk}} from FILE or stdin (sizes in bytes, times in seconds, rates "
                             "per second); a JSON list gives a list out, in order.")
            : QStringLiteral("The zoned-RAID response-time model (Lebrecht, Dingle & Knottenbelt, sections 2-3 and the Appendix): "
                             "a zoned disk as an M/G/1 queue (Euler inversion of its Laplace transform), fork-join maxima, RAID 01 "
                             "and RAID 5 with single-class, multiclass or priority writes. Reads {\"scheme\": raid01|raid5, "
                             "\"disks\", \"blockBytes\", \"disk\": PRESET, \"rate\" (requests/s), \"blocks\" (stripe units per "
                             "request, from a stripe boundary), \"readFraction\", \"writeModel\"?: single|multiclass|priority} from "
                             "FILE or stdin and prints the mean, variance, percentiles, cdf and pdf; a JSON list gives a list out."));
    a.flag(QStringLiteral("json"), QStringLiteral("Prints the result as JSON."))
        .positionalHelp(QStringLiteral("FILE"), QStringLiteral("The input; - or none reads stdin."));
    if (const auto done = a.parse(args))
        return *done;
    return isThroughput ? throughput(a) : response(a);
}

} // namespace raidscope::cli
