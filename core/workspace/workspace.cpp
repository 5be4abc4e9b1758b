// SPDX-License-Identifier: GPL-3.0-or-later
#include "workspace.h"

#include "io/inputfile.h"
#include "io/outputfile.h"
#include "jsonfields.h"
#include "simresultjson.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <cmath>

namespace raidscope {
namespace {

const QString kPages = QStringLiteral("pages");
const QString kArrayUnderStudy = QStringLiteral("arrayUnderStudy");

QJsonArray stringArray(const QStringList& list)
{
    QJsonArray a;
    for (const QString& s : list)
        a.append(s);
    return a;
}

// A choice among fixed words ("stop" | "skip"), named in the error.
QString oneOf(FieldReader& f, const QJsonObject& o, const QString& path, const QString& key, const QStringList& words)
{
    const QString s = f.string(o, path, key);
    if (!f.failed() && !words.contains(s))
        f.fail(FieldReader::join(path, key),
            QStringLiteral("'%1' is not one of %2").arg(s, words.join(QStringLiteral(", "))));
    return s;
}

// An embedded result read by its own reader, which names fields by their whole path already.
template<typename Reader>
auto embedded(FieldReader& f, const QJsonObject& o, const QString& path, const QString& key, Reader reader)
    -> decltype(reader(QJsonObject(), static_cast<QString*>(nullptr), QString()))
{
    const QString at = FieldReader::join(path, key);
    const QJsonObject json = f.object(o, path, key);
    if (f.failed())
        return std::nullopt;
    QString error;
    auto out = reader(json, &error, at);
    if (!out) {
        const qsizetype colon = error.indexOf(QStringLiteral(": "));
        if (colon > 0)
            f.fail(error.left(colon), error.mid(colon + 2));
        else
            f.fail(at, error);
    }
    return out;
}

// `path` in front of an error whose field path starts at the embedded object's root
// ("verdict.scheme: missing" -> "pages.probe.result.verdict.scheme: missing").
QString under(const QString& path, const QString& error)
{
    const qsizetype colon = error.indexOf(QStringLiteral(": "));
    const bool named = colon > 0 && !error.left(colon).contains(u' ');
    return named ? path + (error.startsWith(u'[') ? QString() : QStringLiteral(".")) + error : path + QStringLiteral(": ") + error;
}

// Readers whose errors name fields from the result's own root: the path is put in front.
std::optional<ProbeResult> probeResultAt(const QJsonObject& json, QString* error, const QString& path)
{
    auto r = probeResultFromJson(json, error);
    if (!r && error)
        *error = under(path, *error);
    return r;
}

std::optional<TraceSummary> traceSummaryAt(const QJsonObject& json, QString* error, const QString& path)
{
    auto r = TraceSummary::fromPartialJson(json, error);
    if (!r && error)
        *error = under(path, *error);
    return r;
}

std::optional<MinervaInput> minervaAt(const QJsonObject& json, QString* error, const QString& path)
{
    auto r = minervaInputFromJson(json, error);
    if (!r && error)
        *error = under(path, *error);
    return r;
}

// -- the sections, each written and read with the same keys --------------------------------------

QJsonObject toJson(const WorkspaceArray& a)
{
    return { { QStringLiteral("spec"), a.spec }, { QStringLiteral("request"), a.request } };
}

WorkspaceArray readArray(FieldReader& f, const QJsonObject& o, const QString& path)
{
    WorkspaceArray a;
    a.spec = f.string(o, path, QStringLiteral("spec"));
    a.request = f.string(o, path, QStringLiteral("request"));
    return a;
}

QJsonObject toJson(const WorkspaceProbe& p)
{
    QJsonObject o { { QStringLiteral("target"), p.simulated ? QStringLiteral("sim") : QStringLiteral("device") },
        { QStringLiteral("simSpec"), p.simSpec }, { QStringLiteral("devicePath"), p.devicePath },
        { QStringLiteral("allPairs"), p.allPairs }, { QStringLiteral("engine"), p.engine }, { QStringLiteral("paceMs"), p.paceMs },
        { QStringLiteral("resultFile"), p.resultFile } };
    if (p.result)
        o[QStringLiteral("result")] = p.result->toJson();
    return o;
}

WorkspaceProbe readProbe(FieldReader& f, const QJsonObject& o, const QString& path)
{
    WorkspaceProbe p;
    p.simulated = oneOf(f, o, path, QStringLiteral("target"), { QStringLiteral("sim"), QStringLiteral("device") }) == u"sim";
    p.simSpec = f.string(o, path, QStringLiteral("simSpec"));
    p.devicePath = f.string(o, path, QStringLiteral("devicePath"));
    p.allPairs = f.boolean(o, path, QStringLiteral("allPairs"));
    // Workspaces saved before the model engine have no "engine": the rules decided then.
    if (o.contains(QStringLiteral("engine")))
        p.engine = oneOf(f, o, path, QStringLiteral("engine"), { QStringLiteral("rules"), QStringLiteral("model") });
    p.paceMs = int(f.whole(o, path, QStringLiteral("paceMs"), 0, 500));
    p.resultFile = f.string(o, path, QStringLiteral("resultFile"));
    if (o.contains(QStringLiteral("result")))
        p.result = embedded(f, o, path, QStringLiteral("result"), probeResultAt);
    return p;
}

QJsonObject toJson(const WorkspaceSimulate& s)
{
    QJsonObject o { { QStringLiteral("array"), s.arraySpec }, { QStringLiteral("workload"), s.workloadSpec },
        { QStringLiteral("sweep"), s.sweep } };
    if (s.results)
        o[QStringLiteral("results")] = s.results->toJson();
    return o;
}

WorkspaceSimulate readSimulate(FieldReader& f, const QJsonObject& o, const QString& path)
{
    WorkspaceSimulate s;
    s.arraySpec = f.string(o, path, QStringLiteral("array"));
    s.workloadSpec = f.string(o, path, QStringLiteral("workload"));
    s.sweep = f.string(o, path, QStringLiteral("sweep"));
    if (o.contains(QStringLiteral("results")))
        s.results = embedded(f, o, path, QStringLiteral("results"), outstandingSweepFromJson);
    return s;
}

QJsonObject toJson(const WorkspaceStudy& s)
{
    QJsonObject o { { QStringLiteral("array"), s.arraySpec }, { QStringLiteral("workload"), s.workloadSpec },
        { QStringLiteral("key1"), s.key1 }, { QStringLiteral("values1"), s.values1 }, { QStringLiteral("key2"), s.key2 },
        { QStringLiteral("values2"), s.values2 }, { QStringLiteral("limitMs"), s.limitMs }, { QStringLiteral("maxBsu"), s.maxBsu } };
    if (s.result)
        o[QStringLiteral("result")] = s.result->toJson();
    return o;
}

WorkspaceStudy readStudy(FieldReader& f, const QJsonObject& o, const QString& path)
{
    WorkspaceStudy s;
    s.arraySpec = f.string(o, path, QStringLiteral("array"));
    s.workloadSpec = f.string(o, path, QStringLiteral("workload"));
    s.key1 = f.string(o, path, QStringLiteral("key1"));
    s.values1 = f.string(o, path, QStringLiteral("values1"));
    s.key2 = f.string(o, path, QStringLiteral("key2"));
    s.values2 = f.string(o, path, QStringLiteral("values2"));
    s.limitMs = f.finite(o, path, QStringLiteral("limitMs"), 0);
    s.maxBsu = int(f.whole(o, path, QStringLiteral("maxBsu"), 1, kMaxStudyBsu));
    if (o.contains(QStringLiteral("result")))
        s.result = embedded(f, o, path, QStringLiteral("result"), studyResultFromJson);
    return s;
}

QJsonObject toJson(const WorkspaceTraces& t)
{
    QJsonObject replay { { QStringLiteral("shown"), t.replayShown }, { QStringLiteral("candidates"), stringArray(t.candidates) },
        { QStringLiteral("timeScale"), t.timeScale }, { QStringLiteral("windowSeconds"), t.windowSeconds },
        { QStringLiteral("slowThresholdMs"), t.replaySlowThresholdMs } };
    if (t.replay)
        replay[QStringLiteral("result")] = t.replay->toJson();
    QJsonObject o { { QStringLiteral("files"), stringArray(t.files) }, { QStringLiteral("format"), t.format },
        { QStringLiteral("csvColumns"), t.csvColumns }, { QStringLiteral("fioTimeUnit"), t.fioTimeUnit },
        { QStringLiteral("onError"), t.onError }, { QStringLiteral("slowThresholdMs"), t.slowThresholdMs },
        { QStringLiteral("error"), t.summaryError }, { QStringLiteral("replay"), replay } };
    if (t.summary)
        o[QStringLiteral("summary")] = t.summary->toPartialJson();
    return o;
}

WorkspaceTraces readTraces(FieldReader& f, const QJsonObject& o, const QString& path)
{
    WorkspaceTraces t;
    t.files = f.strings(o, path, QStringLiteral("files"));
    t.format = f.string(o, path, QStringLiteral("format"));
    TraceFormat format {};
    if (!f.failed() && !parseTraceFormat(t.format, &format))
        f.fail(FieldReader::join(path, QStringLiteral("format")), QStringLiteral("'%1' is not a trace format").arg(t.format));
    t.csvColumns = f.string(o, path, QStringLiteral("csvColumns"));
    t.fioTimeUnit = oneOf(f, o, path, QStringLiteral("fioTimeUnit"),
        { QStringLiteral("auto"), QStringLiteral("us"), QStringLiteral("ms") });
    t.onError = oneOf(f, o, path, QStringLiteral("onError"), { QStringLiteral("stop"), QStringLiteral("skip") });
    t.slowThresholdMs = f.finite(o, path, QStringLiteral("slowThresholdMs"), 0);
    t.summaryError = f.string(o, path, QStringLiteral("error"));
    if (o.contains(QStringLiteral("summary")))
        t.summary = embedded(f, o, path, QStringLiteral("summary"), traceSummaryAt);
    const QString replayPath = FieldReader::join(path, QStringLiteral("replay"));
    const QJsonObject replay = f.object(o, path, QStringLiteral("replay"));
    t.replayShown = f.boolean(replay, replayPath, QStringLiteral("shown"));
    t.candidates = f.strings(replay, replayPath, QStringLiteral("candidates"));
    t.timeScale = f.finite(replay, replayPath, QStringLiteral("timeScale"), 0.001, 1000);
    t.windowSeconds = f.finite(replay, replayPath, QStringLiteral("windowSeconds"), 0, 1e9, true);
    t.replaySlowThresholdMs = f.finite(replay, replayPath, QStringLiteral("slowThresholdMs"), 0);
    if (replay.contains(QStringLiteral("result")))
        t.replay = embedded(f, replay, replayPath, QStringLiteral("result"), traceReplayFromJson);
    return t;
}

QJsonObject toJson(const WorkspaceAdvisor& a)
{
    QJsonObject o { { QStringLiteral("array"), a.arraySpec }, { QStringLiteral("sizes"), a.sizes },
        { QStringLiteral("readFraction"), a.readFraction }, { QStringLiteral("chunks"), a.chunks },
        { QStringLiteral("givenDrive"), a.givenDrive }, { QStringLiteral("positioning"), a.positioning },
        { QStringLiteral("transfer"), a.transfer }, { QStringLiteral("trace"), a.trace },
        { QStringLiteral("outstanding"), a.outstanding }, { QStringLiteral("hostStripe"), a.hostStripe },
        { QStringLiteral("controllers"), a.controllers }, { QStringLiteral("controllerIops"), a.controllerIops } };
    if (!a.advice.isEmpty())
        o[QStringLiteral("advice")] = a.advice;
    return o;
}

WorkspaceAdvisor readAdvisor(FieldReader& f, const QJsonObject& o, const QString& path)
{
    WorkspaceAdvisor a;
    a.arraySpec = f.string(o, path, QStringLiteral("array"));
    a.sizes = f.string(o, path, QStringLiteral("sizes"));
    a.readFraction = f.finite(o, path, QStringLiteral("readFraction"), 0, 1);
    a.chunks = f.string(o, path, QStringLiteral("chunks"));
    a.givenDrive = f.boolean(o, path, QStringLiteral("givenDrive"));
    a.positioning = f.string(o, path, QStringLiteral("positioning"));
    a.transfer = f.string(o, path, QStringLiteral("transfer"));
    a.trace = f.string(o, path, QStringLiteral("trace"));
    a.outstanding = int(f.whole(o, path, QStringLiteral("outstanding"), 0, 1024));
    a.hostStripe = f.string(o, path, QStringLiteral("hostStripe"));
    a.controllers = int(f.whole(o, path, QStringLiteral("controllers"), 2, 100000));
    a.controllerIops = f.finite(o, path, QStringLiteral("controllerIops"), 0, 1e9);
    if (o.contains(QStringLiteral("advice")))
        a.advice = f.object(o, path, QStringLiteral("advice"));
    return a;
}

QJsonObject toJson(const WorkspaceResponse& r)
{
    return { { QStringLiteral("scheme"), r.scheme }, { QStringLiteral("disks"), r.disks },
        { QStringLiteral("block"), r.block }, { QStringLiteral("disk"), r.disk },
        { QStringLiteral("ratePerSec"), r.ratePerSec }, { QStringLiteral("blocks"), r.blocks },
        { QStringLiteral("readFraction"), r.readFraction }, { QStringLiteral("writeModel"), r.writeModel },
        { QStringLiteral("simulate"), r.simulate }, { QStringLiteral("simulateCount"), r.simulateCount } };
}

WorkspaceResponse readResponse(FieldReader& f, const QJsonObject& o, const QString& path)
{
    WorkspaceResponse r;
    r.scheme = oneOf(f, o, path, QStringLiteral("scheme"), { QStringLiteral("raid01"), QStringLiteral("raid5") });
    r.disks = int(f.whole(o, path, QStringLiteral("disks"), 2, 256));
    r.block = f.string(o, path, QStringLiteral("block"));
    r.disk = f.string(o, path, QStringLiteral("disk"));
    r.ratePerSec = f.finite(o, path, QStringLiteral("ratePerSec"), 0, 1e6, true);
    r.blocks = int(f.whole(o, path, QStringLiteral("blocks"), 1, 100000));
    r.readFraction = f.finite(o, path, QStringLiteral("readFraction"), 0, 1);
    r.writeModel = oneOf(f, o, path, QStringLiteral("writeModel"),
        { QStringLiteral("single"), QStringLiteral("multiclass"), QStringLiteral("priority") });
    r.simulate = f.boolean(o, path, QStringLiteral("simulate"));
    r.simulateCount = int(f.whole(o, path, QStringLiteral("simulateCount"), 0, 10000000));
    return r;
}

// The Models page's tabs in their order (WorkspaceModels::tab), as the file names them.
const QStringList& modelTabNames()
{
    static const QStringList names { QStringLiteral("throughput"), QStringLiteral("response"), QStringLiteral("calibration") };
    return names;
}

QJsonObject toJson(const WorkspaceModels& m)
{
    QJsonObject o { { QStringLiteral("tab"), modelTabNames().value(m.tab, modelTabNames().front()) } };
    if (m.minerva)
        o[QStringLiteral("minerva")] = minervaInputJson(*m.minerva);
    if (m.response)
        o[QStringLiteral("response")] = toJson(*m.response);
    if (!m.responseResult.isEmpty())
        o[QStringLiteral("responseResult")] = m.responseResult;
    return o;
}

WorkspaceModels readModels(FieldReader& f, const QJsonObject& o, const QString& path)
{
    WorkspaceModels m;
    m.tab = int(std::max<qsizetype>(0, modelTabNames().indexOf(oneOf(f, o, path, QStringLiteral("tab"), modelTabNames()))));
    if (o.contains(QStringLiteral("minerva")))
        m.minerva = embedded(f, o, path, QStringLiteral("minerva"), minervaAt);
    if (o.contains(QStringLiteral("response")))
        m.response = readResponse(f, f.object(o, path, QStringLiteral("response")), FieldReader::join(path, QStringLiteral("response")));
    if (o.contains(QStringLiteral("responseResult")))
        m.responseResult = f.object(o, path, QStringLiteral("responseResult"));
    return m;
}

// Reads the section `key` of "pages" when the file has it.
template<typename T, typename Read>
void section(FieldReader& f, const QJsonObject& pages, const QString& key, std::optional<T>& out, Read read)
{
    if (f.failed() || !pages.contains(key))
        return;
    const QString path = FieldReader::join(kPages, key);
    const QJsonObject o = f.object(pages, kPages, key);
    if (!f.failed())
        out = read(f, o, path);
    if (f.failed())
        out.reset();
}

} // namespace

QStringList Workspace::pageKeys()
{
    return { QStringLiteral("array"), QStringLiteral("probe"), QStringLiteral("simulate"), QStringLiteral("study"),
        QStringLiteral("traces"), QStringLiteral("advisor"), QStringLiteral("models") };
}

QJsonObject Workspace::toJson() const
{
    QJsonObject pages;
    if (array)
        pages[QStringLiteral("array")] = raidscope::toJson(*array);
    if (probe)
        pages[QStringLiteral("probe")] = raidscope::toJson(*probe);
    if (simulate)
        pages[QStringLiteral("simulate")] = raidscope::toJson(*simulate);
    if (traces)
        pages[QStringLiteral("traces")] = raidscope::toJson(*traces);
    if (advisor)
        pages[QStringLiteral("advisor")] = raidscope::toJson(*advisor);
    if (models)
        pages[QStringLiteral("models")] = raidscope::toJson(*models);
    if (study)
        pages[QStringLiteral("study")] = raidscope::toJson(*study);
    QJsonObject o { { QStringLiteral("format"), kWorkspaceFormat.toString() }, { QStringLiteral("version"), kWorkspaceVersion },
        { QStringLiteral("page"), page }, { kPages, pages } };
    if (arrayUnderStudy)
        o.insert(kArrayUnderStudy, arrayUnderStudy->toJson());
    return o;
}

QStringList Workspace::inputFiles() const
{
    QStringList inputs;
    if (traces)
        inputs += traces->files;
    if (probe && !probe->resultFile.isEmpty())
        inputs << probe->resultFile;
    if (advisor && !advisor->trace.isEmpty())
        inputs << advisor->trace;
    return inputs;
}

std::optional<Workspace> workspaceFromJson(const QJsonObject& json, QString* error)
{
    FieldReader f;
    // Format and version first: a file of another kind, or from a later RaidScope, is named as
    // such rather than by the first field this version does not find in it.
    const QString format = f.string(json, {}, QStringLiteral("format"));
    if (!f.failed() && format != kWorkspaceFormat)
        f.fail(QStringLiteral("format"),
            QStringLiteral("'%1' is not a RaidScope workspace (expected '%2')").arg(format, kWorkspaceFormat));
    const QJsonValue version = f.failed() ? QJsonValue() : f.value(json, {}, QStringLiteral("version"));
    if (!f.failed()) {
        const double v = version.toDouble(-1);
        if (!version.isDouble() || v < 1 || v != std::floor(v))
            f.fail(QStringLiteral("version"), QStringLiteral("expected a whole number from 1, found %1").arg(jsonTypeName(version)));
        else if (v > kWorkspaceVersion)
            f.fail(QStringLiteral("version"),
                QStringLiteral("%1 is newer than this RaidScope reads (%2 and earlier); open it with a later RaidScope")
                    .arg(v)
                    .arg(kWorkspaceVersion));
    }
    Workspace w;
    // Any page key: a page added later (or in a later version) is shown when this build has it.
    w.page = f.string(json, {}, QStringLiteral("page"));
    if (!f.failed() && w.page.isEmpty())
        f.fail(QStringLiteral("page"), QStringLiteral("empty (expected a page such as %1)").arg(Workspace::pageKeys().join(QStringLiteral(", "))));
    const QJsonObject pages = f.object(json, {}, kPages);
    section(f, pages, QStringLiteral("array"), w.array, readArray);
    section(f, pages, QStringLiteral("probe"), w.probe, readProbe);
    section(f, pages, QStringLiteral("simulate"), w.simulate, readSimulate);
    section(f, pages, QStringLiteral("traces"), w.traces, readTraces);
    section(f, pages, QStringLiteral("advisor"), w.advisor, readAdvisor);
    section(f, pages, QStringLiteral("models"), w.models, readModels);
    section(f, pages, QStringLiteral("study"), w.study, readStudy);
    if (!f.failed() && json.contains(kArrayUnderStudy)) {
        const QJsonObject a = f.object(json, {}, kArrayUnderStudy);
        QString why;
        if (!f.failed() && !(w.arrayUnderStudy = ArrayUnderStudy::fromJson(a, &why)))
            f.fail(kArrayUnderStudy, why.mid(why.indexOf(QStringLiteral(": ")) + 2));
    }
    if (f.failed()) {
        if (error)
            *error = f.error();
        return std::nullopt;
    }
    return w;
}

std::optional<Workspace> parseWorkspace(const QByteArray& bytes, QString* error)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &parseError);
    if (doc.isNull()) {
        if (error)
            *error = QStringLiteral("not JSON: %1 at byte %2").arg(parseError.errorString()).arg(parseError.offset);
        return std::nullopt;
    }
    if (!doc.isObject()) {
        if (error)
            *error = QStringLiteral("not a RaidScope workspace: expected a JSON object, found an array");
        return std::nullopt;
    }
    return workspaceFromJson(doc.object(), error);
}

std::optional<Workspace> readWorkspaceFile(const QString& path, QString* error)
{
    const auto bytes = readWholeFile(path, inputcap::kWorkspaceBytes, QStringLiteral("a workspace"), error);
    if (!bytes)
        return std::nullopt;
    QString why;
    auto w = parseWorkspace(*bytes, &why);
    if (!w && error)
        *error = QStringLiteral("%1: %2").arg(path, why);
    return w;
}

QByteArray workspaceBytes(const Workspace& workspace)
{
    return QJsonDocument(workspace.toJson()).toJson(QJsonDocument::Indented);
}

bool writeWorkspaceFile(const QString& path, const Workspace& workspace, QString* error)
{
    return writeOutputFile(path, workspaceBytes(workspace), workspace.inputFiles(), error);
}

} // namespace raidscope
