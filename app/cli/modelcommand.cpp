// SPDX-License-Identifier: GPL-3.0-or-later
// `raidscope-cli model`: the analytical models (core/model) on JSON in and out.
#include "cliargs.h"
#include "commands.h"

#include "model/minerva.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>

namespace raidscope::cli {
namespace {

// A model input is a few kilobytes; past this it is not one (and /dev/zero does not read forever).
constexpr qint64 kMaxInputBytes = 16 << 20;

std::optional<QJsonDocument> readJson(const QString& path, QString* error)
{
    QFile f;
    const bool stdinInput = path.isEmpty() || path == u"-";
    const QString name = stdinInput ? QStringLiteral("stdin") : path;
    const bool opened = stdinInput ? f.open(stdin, QIODevice::ReadOnly) : (f.setFileName(path), f.open(QIODevice::ReadOnly));
    if (!opened) {
        *error = name + QStringLiteral(": ") + f.errorString();
        return std::nullopt;
    }
    const QByteArray bytes = f.read(kMaxInputBytes + 1);
    if (bytes.size() > kMaxInputBytes) {
        *error = QStringLiteral("%1: more than %2 MiB: not a model input").arg(name).arg(kMaxInputBytes >> 20);
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

int throughput(const CliArgs& a)
{
    if (a.positional().size() > 2)
        return fail(QStringLiteral("model throughput: one input FILE (or - for stdin), not %1").arg(a.positional().size() - 1), Usage);
    const QString path = a.positional().value(1);
    QString error;
    const auto doc = readJson(path, &error);
    if (!doc)
        return fail(QStringLiteral("model throughput: ") + error);
    // One object, or a list of them answered in order.
    QList<QJsonValue> inputs;
    if (doc->isArray()) {
        const QJsonArray list = doc->array();
        for (const QJsonValue& v : list)
            inputs << v;
    } else {
        inputs << doc->object();
    }
    if (doc->isArray() && inputs.isEmpty())
        return fail(QStringLiteral("model throughput: the list of inputs is empty"));
    QJsonArray results;
    QStringList lines;
    for (qsizetype i = 0; i < inputs.size(); ++i) {
        const QString at = doc->isArray() ? QStringLiteral("[%1].").arg(i) : QString();
        if (!inputs[i].isObject())
            return fail(QStringLiteral("model throughput: %1: expected an object").arg(doc->isArray() ? QStringLiteral("[%1]").arg(i) : QStringLiteral("input")));
        const auto in = minervaInputFromJson(inputs[i].toObject(), &error);
        if (!in)
            return fail(QStringLiteral("model throughput: %1%2").arg(at, error));
        const MinervaResult r = evaluateMinerva(*in);
        results.append(minervaResultJson(r));
        lines << (doc->isArray() ? QStringLiteral("[%1] ").arg(i) : QString()) + describe(r);
    }
    if (a.flag(QStringLiteral("json"))) {
        const QJsonDocument outDoc = doc->isArray() ? QJsonDocument(results) : QJsonDocument(results.first().toObject());
        out(QString::fromUtf8(outDoc.toJson(QJsonDocument::Indented)));
    } else {
        out(lines.join(u'\n') + u'\n');
    }
    return Ok;
}

} // namespace

int runModel(const QStringList& args)
{
    const QString sub = args.value(0);
    if (sub != u"throughput") {
        if (sub == u"-h" || sub == u"--help" || sub.isEmpty()) {
            out(QStringLiteral("usage: raidscope-cli model throughput [FILE|-] [--json]\n\n"
                               "Analytical models of disk arrays. throughput: Minerva (Merchant & Alvarez, HPL-2001-118), "
                               "reads {\"lu\": {...}, \"streams\": [...], \"options\"?: {...}} (or a list of them) and "
                               "prints the utilizations, the binding constraint and the maximum request rate.\n"));
            return sub.isEmpty() ? Usage : Ok;
        }
        return fail(QStringLiteral("model: unknown subcommand '%1' (throughput)").arg(sub), Usage);
    }
    CliArgs a(QStringLiteral("model throughput"), QStringLiteral("[FILE|-]"),
        QStringLiteral("Minerva's throughput model of a RAID 1/0, RAID 1 or RAID 5 LU (Merchant & Alvarez, HPL-2001-118, "
                       "section 2). Reads {\"lu\": {\"type\", \"LU_size\", \"stripe_unit_size\", \"mean_position_time\", "
                       "\"transfer_rate\", \"max_controller_bandwidth\"?, \"max_controller_throughput\"?, \"calibration\"?}, "
                       "\"streams\": [{\"request_rate\", \"request_size\", \"read_probability\", \"run_count\", \"on_time\"?, "
                       "\"off_time\"?, \"p\"?}], \"options\"?: {\"raid5_small_write\": equations|two_ops, "
                       "\"raid5_write_size\": eq5|per_disk}} from FILE or stdin (sizes in bytes, times in seconds, rates "
                       "per second); a JSON list gives a list out, in order."));
    a.flag(QStringLiteral("json"), QStringLiteral("Prints the result as JSON."))
        .positionalHelp(QStringLiteral("FILE"), QStringLiteral("The input; - or none reads stdin."));
    if (const auto done = a.parse(args))
        return *done;
    return throughput(a);
}

} // namespace raidscope::cli
