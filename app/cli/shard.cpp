// SPDX-License-Identifier: GPL-3.0-or-later
// --shard I/N and `raidscope-cli merge` (docs/DESIGN.md, "Beyond one machine").
#include "shard.h"

#include "cliargs.h"
#include "commands.h"

#include "io/inputfile.h"

#include <QFile>
#include <QJsonDocument>
#include <QRegularExpression>

#include <algorithm>

namespace raidscope::cli {

namespace {
constexpr int kPartialVersion = 1;
} // namespace

void addShardOption(CliArgs& a)
{
    a.option(QStringLiteral("shard"), QStringLiteral("I/N"),
        QStringLiteral("Runs only shard I of N (task k belongs to shard k mod N + 1) and prints a partial JSON "
                       "for `raidscope-cli merge` (docs/guide/command-line.md: Beyond one machine)."));
}

std::optional<Shard> parseShard(const CliArgs& a, QString* error)
{
    if (!a.has(QStringLiteral("shard")))
        return Shard {};
    const QString text = a.value(QStringLiteral("shard"));
    static const QRegularExpression form(QStringLiteral("^\\s*(\\d{1,6})\\s*/\\s*(\\d{1,6})\\s*$"));
    const auto m = form.match(text);
    const int i = m.hasMatch() ? m.captured(1).toInt() : 0;
    const int n = m.hasMatch() ? m.captured(2).toInt() : 0;
    if (!m.hasMatch() || n < 1 || n > kMaxShards || i < 1 || i > n) {
        *error = QStringLiteral("--shard %1: expected I/N with 1 <= I <= N <= %2 (e.g. --shard 2/4)").arg(text).arg(kMaxShards);
        return std::nullopt;
    }
    return Shard { i - 1, n, true };
}

QJsonObject partialJson(const QString& command, const Shard& shard, int tasks, const QJsonObject& request,
                        const QJsonArray& items)
{
    return QJsonObject { { QStringLiteral("raidscopePartial"), kPartialVersion }, { QStringLiteral("command"), command },
        { QStringLiteral("shard"), shard.index + 1 }, { QStringLiteral("shards"), shard.count },
        { QStringLiteral("tasks"), tasks }, { QStringLiteral("request"), request }, { QStringLiteral("items"), items } };
}

void outPartial(const QJsonObject& partial)
{
    out(QString::fromUtf8(QJsonDocument(partial).toJson(QJsonDocument::Compact)) + u'\n');
}

std::optional<MergedPartials> mergeShards(const std::vector<PartialFile>& partials, QString* error)
{
    MergedPartials m;
    const QJsonObject& first = partials.front().json;
    m.command = first.value(QStringLiteral("command")).toString();
    m.request = first.value(QStringLiteral("request")).toObject();
    const int shards = first.value(QStringLiteral("shards")).toInt();
    const int tasks = first.value(QStringLiteral("tasks")).toInt(-1);
    if (shards < 1 || shards > kMaxShards || tasks < 0) {
        *error = QStringLiteral("%1: no shard count or task count").arg(partials.front().path);
        return std::nullopt;
    }
    std::vector<const PartialFile*> byShard(std::size_t(shards), nullptr); // shards <= kMaxShards
    for (const PartialFile& p : partials) {
        const QJsonObject& o = p.json;
        if (o.value(QStringLiteral("shards")).toInt() != shards || o.value(QStringLiteral("tasks")).toInt(-1) != tasks
            || o.value(QStringLiteral("request")).toObject() != m.request) {
            *error = QStringLiteral("%1 is not from the same run as %2 (its command line, shard count or tasks differ)")
                         .arg(p.path, partials.front().path);
            return std::nullopt;
        }
        const int shard = o.value(QStringLiteral("shard")).toInt();
        if (shard < 1 || shard > shards) {
            *error = QStringLiteral("%1: shard %2 is not one of 1 to %3").arg(p.path).arg(shard).arg(shards);
            return std::nullopt;
        }
        if (const PartialFile* twice = byShard[std::size_t(shard - 1)]) {
            *error = QStringLiteral("%1 and %2 are both shard %3/%4").arg(twice->path, p.path).arg(shard).arg(shards);
            return std::nullopt;
        }
        byShard[std::size_t(shard - 1)] = &p;
    }
    QStringList missing;
    for (int s = 0; s < shards; ++s)
        if (!byShard[std::size_t(s)])
            missing << QString::number(s + 1);
    if (!missing.isEmpty()) {
        *error = QStringLiteral("shard %1 of %2 missing (merge needs every shard's partial)")
                     .arg(missing.size() > 8 ? missing.mid(0, 8).join(u',') + QStringLiteral(",...") : missing.join(u','))
                     .arg(shards);
        return std::nullopt;
    }
    // Nothing is sized from "tasks" before the files are seen to hold that many items: a partial
    // saying 10^9 with one item in it is refused here, not after gigabytes are allocated (#52).
    qint64 held = 0;
    for (const PartialFile& p : partials)
        held += p.json.value(QStringLiteral("items")).toArray().size();
    if (held < tasks) {
        *error = QStringLiteral("%1: \"tasks\": %2, but the %3 partial(s) given hold %4 task(s) (a shard stopped early?)")
                     .arg(partials.front().path)
                     .arg(tasks)
                     .arg(partials.size())
                     .arg(held);
        return std::nullopt;
    }
    m.items.resize(std::size_t(tasks));
    std::vector<bool> have(std::size_t(tasks), false);
    for (const PartialFile& p : partials) {
        const QJsonObject& o = p.json;
        const int shard = o.value(QStringLiteral("shard")).toInt();
        for (const QJsonValue& v : o.value(QStringLiteral("items")).toArray()) {
            const QJsonObject item = v.toObject();
            const int index = item.value(QStringLiteral("index")).toInt(-1);
            if (index < 0 || index >= tasks || index % shards != shard - 1 || have[std::size_t(index)]) {
                *error = QStringLiteral("%1: task %2 does not belong to shard %3/%4 or comes twice")
                             .arg(p.path)
                             .arg(index)
                             .arg(shard)
                             .arg(shards);
                return std::nullopt;
            }
            have[std::size_t(index)] = true;
            m.items[std::size_t(index)] = item;
        }
    }
    const auto gap = std::find(have.begin(), have.end(), false);
    if (gap != have.end()) {
        *error = QStringLiteral("task %1 of %2 is in no partial (a shard stopped early?)").arg(gap - have.begin()).arg(tasks);
        return std::nullopt;
    }
    for (const PartialFile* p : byShard)
        m.partials.push_back(p->json);
    return m;
}

int runMerge(const QStringList& args)
{
    CliArgs a(QStringLiteral("merge"), QStringLiteral("PARTIAL..."),
        QStringLiteral("Combines the partial JSON files of a sharded run (--shard I/N of simulate --sweep, trace "
                       "replay or probe-eval; trace summarize --partial) and prints exactly what the run without "
                       "shards prints, as it would have printed it (text or --json, as the shards were asked)."));
    a.positionalHelp(QStringLiteral("PARTIAL"), QStringLiteral("A partial file; give every shard's."));
    if (const auto done = a.parse(args))
        return *done;
    const QStringList files = a.positional();
    if (files.isEmpty())
        return fail(QStringLiteral("merge: expected the partial files (e.g. raidscope-cli merge part-*.json)"), Usage);
    std::vector<PartialFile> partials;
    for (const QString& path : files) {
        // A sweep point is a few kB, a summary a few MB: past inputcap::kPartialBytes it is no partial.
        QString error;
        const auto bytes = readWholeFile(path, inputcap::kPartialBytes, QStringLiteral("a partial"), &error);
        if (!bytes)
            return fail(QStringLiteral("merge: ") + error);
        QJsonParseError parseError;
        const QJsonDocument doc = QJsonDocument::fromJson(*bytes, &parseError);
        if (doc.isNull())
            return fail(QStringLiteral("merge: %1: not JSON (%2 at byte %3)").arg(path, parseError.errorString()).arg(parseError.offset));
        const QJsonObject o = doc.object();
        if (o.value(QStringLiteral("raidscopePartial")).toInt() != kPartialVersion)
            return fail(QStringLiteral("merge: %1: not a RaidScope partial (no \"raidscopePartial\": %2; made with --shard "
                                       "or trace summarize --partial)")
                            .arg(path)
                            .arg(kPartialVersion));
        if (!partials.empty() && o.value(QStringLiteral("command")) != partials.front().json.value(QStringLiteral("command")))
            return fail(QStringLiteral("merge: %1 is a partial of '%2', %3 of '%4': one run at a time")
                            .arg(path, o.value(QStringLiteral("command")).toString(), partials.front().path,
                                partials.front().json.value(QStringLiteral("command")).toString()));
        partials.push_back({ path, o });
    }
    const QString command = partials.front().json.value(QStringLiteral("command")).toString();
    if (command == u"trace summarize")
        return printMergedSummaries(partials);
    QString error;
    const auto merged = mergeShards(partials, &error);
    if (!merged)
        return fail(QStringLiteral("merge: ") + error);
    if (command == u"simulate")
        return printMergedSweep(*merged);
    if (command == u"trace replay")
        return printMergedReplay(*merged);
    if (command == u"probe-eval")
        return printMergedProbeEval(*merged);
    return fail(QStringLiteral("merge: %1: unknown command '%2'").arg(partials.front().path, command));
}

} // namespace raidscope::cli
