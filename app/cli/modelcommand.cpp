// SPDX-License-Identifier: GPL-3.0-or-later
// `raidscope-cli model`: the analytical models (core/model) on JSON in and out.
#include "cliargs.h"
#include "commands.h"

#include "io/inputfile.h"
#include "model/minerva.h"
#include "model/zonedraid.h"
#include "model/zonedvalidation.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>
#include <cstdio>
#include <functional>

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
    if (!jobs || !count)
        return fail(QStringLiteral("model validate: ") + error, Usage);
    ZonedValidationOptions o;
    o.simulate = a.flag(QStringLiteral("simulate"));
    o.jobs = *jobs;
    o.simulatedRequests = std::uint64_t(*count);
    const std::vector<ZonedValidationRow> rows = zonedValidation(o);
    if (a.flag(QStringLiteral("json"))) {
        out(QString::fromUtf8(QJsonDocument(zonedValidationJson(rows)).toJson(QJsonDocument::Indented)));
        return Ok;
    }
    const auto pct = [](const std::optional<double>& x) { return x ? QStringLiteral("%1 %").arg(*x, 0, 'f', 1) : QStringLiteral("-"); };
    QString text = QStringLiteral("Mean absolute relative error of the mean response time against the paper's measurements\n"
                                  "(Lebrecht, Dingle & Knottenbelt, Tables 1-3; rows measured as saturated left out)\n\n");
    text += QStringLiteral("%1  %2  %3  %4  %5\n").arg(QStringLiteral("table"), -26).arg(QStringLiteral("write model"), -11)
                .arg(QStringLiteral("ours"), 8).arg(QStringLiteral("paper's"), 8).arg(QStringLiteral("simulator"), 9);
    for (const ZonedValidationSummary& t : zonedValidationSummary(rows)) {
        for (std::size_t m = 0; m < t.models.size(); ++m) {
            const auto& model = t.models[m];
            text += QStringLiteral("%1  %2  %3  %4  %5\n")
                        .arg(m == 0 ? QStringLiteral("%1 %2 (%3 rows)").arg(t.table).arg(t.title).arg(t.rows - t.measuredSaturated) : QString(), -26)
                        .arg(zonedWriteModelName(model.writeModel), -11)
                        .arg(pct(model.ourErrorPct), 8)
                        .arg(pct(model.paperErrorPct), 8)
                        .arg(m == 0 ? pct(t.simulatorErrorPct) : QString(), 9);
        }
    }
    out(text);
    return Ok;
}

} // namespace

int runModel(const QStringList& args)
{
    const QString sub = args.value(0);
    if (sub == u"validate") {
        CliArgs v(QStringLiteral("model validate"), QString(),
            QStringLiteral("Section 4 of the zoned-RAID paper: every row of its Tables 1-3 (4 disks of st3500630ns, 128 KiB "
                           "blocks, 0.01-0.03 requests/ms) by our model and, with --simulate, by the simulator, and the mean "
                           "absolute relative error of the means against the paper's measurements per table, beside the "
                           "paper's own model's."));
        v.flag(QStringLiteral("simulate"), QStringLiteral("Also simulate every row (100,000 requests each unless --count)."))
            .option(QStringLiteral("count"), QStringLiteral("N"), QStringLiteral("Simulated requests per row."))
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
                               "       raidscope-cli model validate [--simulate] [--json]\n\n"
                               "Analytical models of disk arrays, JSON in (an object or a list of them) and out.\n"
                               "  throughput  Minerva (Merchant & Alvarez, HPL-2001-118): utilizations, the binding constraint\n"
                               "              and the maximum request rate of a RAID 1/0, RAID 1 or RAID 5 LU\n"
                               "  response    zoned RAID 01 / RAID 5 response-time distributions (Lebrecht, Dingle & Knottenbelt)\n"
                               "  validate    that model against the paper's measured Tables 1-3 (and the simulator)\n"
                               "raidscope-cli model SUBCOMMAND --help lists its input.\n"));
            return sub.isEmpty() ? Usage : Ok;
        }
        return fail(QStringLiteral("model: unknown subcommand '%1' (throughput, response, validate)").arg(sub), Usage);
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
