// SPDX-License-Identifier: GPL-3.0-or-later
// The probe's results as JSON (DESIGN.md "probe --json"), and read back: a consultant probes on a
// server with the CLI and studies the result on a laptop, so a saved object must redraw every view.
#include "shearprobe.h"

#include "layoutmodel.h"
#include "verdictstatement.h"

#include "jsonfields.h"

#include <QJsonArray>

#include <cmath>
#include <limits>

namespace raidscope {
namespace {

const QString kFormat = QStringLiteral("raidscope-probe");
// Bump when a key changes meaning or goes away; new keys keep the version (readers ignore unknown keys).
constexpr int kVersion = 2; // 2: findings are objects {kind, text, disks, values}, not sentences
// The probe keeps a prediction only for K <= 512 (probeidentify.cpp); the heatmap draws at most 4096
// chunks. Past these a file is not a probe's and would only cost memory.
constexpr std::uint64_t kMaxPredictedChunks = 512;
constexpr std::uint64_t kMaxPairChunk = 4096;

QJsonArray pointsJson(const std::vector<PatternPoint>& v)
{
    QJsonArray a;
    for (const auto& p : v)
        a.append(QJsonObject { { QStringLiteral("patternBlocks"), qint64(p.patternBlocks) },
            { QStringLiteral("timeMs"), p.timeMs }, { QStringLiteral("slow"), p.slow } });
    return a;
}

ProbeVerdict readVerdict(FieldReader& in, const QJsonObject& o, const QString& at)
{
    ProbeVerdict v;
    v.identified = in.boolean(o, at, QStringLiteral("identified"));
    v.scheme = in.string(o, at, QStringLiteral("scheme"));
    v.variant = in.string(o, at, QStringLiteral("layout"));
    v.disks = in.integer(o, at, QStringLiteral("disks"), 0);
    v.copies = in.integer(o, at, QStringLiteral("copies"), 0);
    v.chunkBytes = in.count(o, at, QStringLiteral("chunkBytes"));
    v.patternBytes = in.count(o, at, QStringLiteral("patternBytes"));
    v.confidence = in.number(o, at, QStringLiteral("confidence"));
    v.spec = in.string(o, at, QStringLiteral("spec"));
    v.equivalents = in.strings(o, at, QStringLiteral("equivalents"));
    v.runnerUp = in.string(o, at, QStringLiteral("runnerUp"));
    v.runnerUpConfidence = in.number(o, at, QStringLiteral("runnerUpConfidence"));
    v.failedDisk = in.integer(o, at, QStringLiteral("failedDisk"), -1);
    v.mdParityWrites = in.boolean(o, at, QStringLiteral("mdParityWrites"));
    if (o.contains(QStringLiteral("mdMirrorReads")))
        v.mdMirrorReads = in.boolean(o, at, QStringLiteral("mdMirrorReads"));
    // Versions before typed findings wrote them as sentences: those read back as notes.
    const QJsonArray findings = in.array(o, at, QStringLiteral("findings"));
    for (qsizetype i = 0; i < findings.size() && !in.failed(); ++i) {
        const QString path = FieldReader::item(FieldReader::join(at, QStringLiteral("findings")), i);
        if (findings[i].isString()) {
            v.findings.push_back({ ProbeFinding::Kind::Note, {}, {}, findings[i].toString() });
            continue;
        }
        const QJsonObject f = in.asObject(findings[i], path);
        if (in.failed())
            break;
        ProbeFinding finding;
        const QString kind = in.string(f, path, QStringLiteral("kind"));
        if (const auto k = ProbeFinding::kindFromName(kind))
            finding.kind = *k;
        else if (!in.failed())
            in.fail(FieldReader::join(path, QStringLiteral("kind")), QStringLiteral("'%1' is no kind of finding").arg(kind));
        finding.text = in.string(f, path, QStringLiteral("text"));
        if (f.contains(QStringLiteral("disks"))) {
            const QJsonArray disks = in.array(f, path, QStringLiteral("disks"));
            for (qsizetype d = 0; d < disks.size() && !in.failed(); ++d)
                finding.disks.push_back(
                    int(in.asWhole(disks[d], FieldReader::item(FieldReader::join(path, QStringLiteral("disks")), d), 0,
                        std::numeric_limits<int>::max())));
        }
        if (f.contains(QStringLiteral("values"))) {
            const QJsonObject values = in.object(f, path, QStringLiteral("values"));
            for (auto it = values.constBegin(); it != values.constEnd() && !in.failed(); ++it)
                finding.values.emplace_back(it.key(),
                    in.asNumber(it.value(), FieldReader::join(FieldReader::join(path, QStringLiteral("values")), it.key())));
        }
        v.findings.push_back(std::move(finding));
    }
    if (o.contains(QStringLiteral("layoutSpec")))
        v.layoutSpec = in.string(o, at, QStringLiteral("layoutSpec"));
    else { // older versions: the spec without the simulator's keys for md's policies and a failed disk
        QStringList kept;
        for (const QString& part : v.spec.split(u' ', Qt::SkipEmptyParts))
            if (!part.startsWith(QStringLiteral("failed=")) && !part.startsWith(QStringLiteral("paritywrite="))
                && !part.startsWith(QStringLiteral("mirrorread=")))
                kept << part;
        v.layoutSpec = kept.join(u' ');
    }
    if (o.contains(QStringLiteral("blockBytes")))
        v.blockBytes = std::uint32_t(in.whole(o, at, QStringLiteral("blockBytes"), 0, std::numeric_limits<std::uint32_t>::max()));
    return v;
}

// Each element of the array `key` of `o` as an object, handed to `read` with its path.
template<typename Read>
void forEachObject(FieldReader& in, const QJsonObject& o, const QString& path, const QString& key, Read read)
{
    const QJsonArray a = in.array(o, path, key);
    for (qsizetype i = 0; i < a.size() && !in.failed(); ++i) {
        const QString at = FieldReader::item(FieldReader::join(path, key), i);
        const QJsonObject e = in.asObject(a[i], at);
        if (!in.failed())
            read(e, at);
    }
}

void readSteps(FieldReader& in, const QJsonObject& steps, ProbeResult& r)
{
    const QString at = QStringLiteral("steps");
    r.blockBytes = std::uint32_t(
        in.whole(steps, at, QStringLiteral("blockBytes"), 0, std::numeric_limits<std::uint32_t>::max()));
    r.serialMs = in.number(steps, at, QStringLiteral("serialMs"));
    r.patternBlocks = in.count(steps, at, QStringLiteral("patternBlocks"));
    r.chunkBlocks = in.count(steps, at, QStringLiteral("chunkBlocks"));
    forEachObject(in, steps, at, QStringLiteral("patternSize"), [&](const QJsonObject& e, const QString& path) {
        PatternPoint p;
        p.patternBlocks = in.count(e, path, QStringLiteral("patternBlocks"));
        p.timeMs = in.number(e, path, QStringLiteral("timeMs"));
        p.slow = in.boolean(e, path, QStringLiteral("slow"));
        r.pattern.push_back(p);
    });
    forEachObject(in, steps, at, QStringLiteral("boundaries"), [&](const QJsonObject& e, const QString& path) {
        BoundaryPoint b;
        b.offsetBlocks = in.count(e, path, QStringLiteral("offsetBlocks"));
        b.timeMs = in.number(e, path, QStringLiteral("timeMs"));
        b.boundary = in.boolean(e, path, QStringLiteral("boundary"));
        r.boundaries.push_back(b);
    });
    const QJsonArray runs = in.array(steps, at, QStringLiteral("chunkRunsBlocks"));
    const QString runsAt = at + QStringLiteral(".chunkRunsBlocks");
    for (qsizetype i = 0; i < runs.size() && !in.failed(); ++i)
        r.chunkRunsBlocks.push_back(std::uint64_t(in.asWhole(runs[i], FieldReader::item(runsAt, i), 0)));
    forEachObject(in, steps, at, QStringLiteral("pairs"), [&](const QJsonObject& e, const QString& path) {
        PairPoint p;
        p.a = std::uint64_t(in.whole(e, path, QStringLiteral("a"), 0, kMaxPairChunk - 1));
        p.b = std::uint64_t(in.whole(e, path, QStringLiteral("b"), 0, kMaxPairChunk - 1));
        p.timeMs = in.number(e, path, QStringLiteral("timeMs"));
        p.ratio = in.number(e, path, QStringLiteral("ratio"));
        r.pairs.push_back(p);
    });
    const QString redundancyAt = at + QStringLiteral(".redundancy");
    const QJsonObject redundancy = in.object(steps, at, QStringLiteral("redundancy"));
    r.readMBps = in.number(redundancy, redundancyAt, QStringLiteral("readMBps"));
    r.readWriteRatio = in.number(redundancy, redundancyAt, QStringLiteral("readWriteRatio"));
    // Newer keys: older files lack them and open all the same.
    r.measuredReadWriteRatio = redundancy.contains(QStringLiteral("measuredReadWriteRatio"))
        ? in.number(redundancy, redundancyAt, QStringLiteral("measuredReadWriteRatio"))
        : r.readWriteRatio;
    if (steps.contains(QStringLiteral("calibration"))) {
        const QString calibrationAt = at + QStringLiteral(".calibration");
        const QJsonObject c = in.object(steps, at, QStringLiteral("calibration"));
        r.calibration.readsPerTest = in.integer(c, calibrationAt, QStringLiteral("readsPerTest"), 0);
        r.calibration.serialMs = in.number(c, calibrationAt, QStringLiteral("serialMs"));
        r.calibration.queuedMs = in.number(c, calibrationAt, QStringLiteral("queuedMs"));
        r.calibration.queuedReadMs = in.number(c, calibrationAt, QStringLiteral("queuedReadMs"));
        r.calibration.burstReads = in.number(c, calibrationAt, QStringLiteral("burstReads"));
        r.calibration.spreadMs = in.number(c, calibrationAt, QStringLiteral("spreadMs"));
        if (c.contains(QStringLiteral("blockCopies"))) { // since the copies test
            r.calibration.blockCopies = in.integer(c, calibrationAt, QStringLiteral("blockCopies"), 0);
            if (c.contains(QStringLiteral("copiesBalanced")))
                r.calibration.copiesBalanced = in.boolean(c, calibrationAt, QStringLiteral("copiesBalanced"));
            const QJsonArray times = c.value(QStringLiteral("copiesMs")).toArray();
            for (const QJsonValue& t : times)
                r.calibration.copiesMs.push_back(t.toDouble());
        }
    }
    const auto readWrite = [&](const QJsonObject& e, const QString& path) {
        WritePoint w;
        w.writes = in.integer(e, path, QStringLiteral("writes"), 0);
        w.mbps = in.number(e, path, QStringLiteral("mbps"));
        r.writes.push_back(w);
    };
    forEachObject(in, redundancy, redundancyAt, QStringLiteral("writes"), readWrite);
    forEachObject(in, steps, at, QStringLiteral("disks"), [&](const QJsonObject& e, const QString& path) {
        DiskSpeedPoint d;
        d.disk = in.integer(e, path, QStringLiteral("disk"), 0);
        d.timeMs = in.number(e, path, QStringLiteral("timeMs"));
        d.relative = in.number(e, path, QStringLiteral("relative"));
        r.disks.push_back(d);
    });
    // Added after the first files were written: absent reads as "no prediction" (the heatmap then
    // leaves unmeasured pairs blue-grey, as it did for those files).
    if (in.failed() || !steps.contains(QStringLiteral("predictedExcess")))
        return;
    const QString predictedAt = at + QStringLiteral(".predictedExcess");
    const QJsonArray predicted = in.array(steps, at, QStringLiteral("predictedExcess"));
    const auto k = std::uint64_t(std::llround(std::sqrt(double(predicted.size()))));
    if (k * k != std::uint64_t(predicted.size()) || k > kMaxPredictedChunks) {
        in.fail(predictedAt, QStringLiteral("%1 values, expected K x K for a pattern of K <= %2 chunks")
                                 .arg(predicted.size())
                                 .arg(kMaxPredictedChunks));
        return;
    }
    r.predictedExcess.reserve(std::size_t(predicted.size()));
    for (qsizetype i = 0; i < predicted.size() && !in.failed(); ++i)
        r.predictedExcess.push_back(in.asNumber(predicted[i], FieldReader::item(predictedAt, i)));
}

constexpr std::pair<ProbeFinding::Kind, const char*> kKindNames[] = {
    { ProbeFinding::Kind::Note, "note" },
    { ProbeFinding::Kind::NoLayout, "no-layout" },
    { ProbeFinding::Kind::NoPattern, "no-pattern" },
    { ProbeFinding::Kind::WeakEvidence, "weak-evidence" },
    { ProbeFinding::Kind::Undecided, "undecided" },
    { ProbeFinding::Kind::Copies, "copies" },
    { ProbeFinding::Kind::SharedDisk, "shared-disk" },
    { ProbeFinding::Kind::FailedDisk, "failed-disk" },
    { ProbeFinding::Kind::SlowDisk, "slow-disk" },
    { ProbeFinding::Kind::FastDisk, "fast-disk" },
    { ProbeFinding::Kind::MdParityWrites, "md-parity-writes" },
    { ProbeFinding::Kind::MdMirrorReads, "md-mirror-reads" },
    { ProbeFinding::Kind::ReadsCapped, "reads-capped" },
    { ProbeFinding::Kind::RequestCeiling, "request-ceiling" },
    { ProbeFinding::Kind::MemberKind, "member-kind" },
    { ProbeFinding::Kind::WriteCache, "write-cache" },
    { ProbeFinding::Kind::BurstCredit, "burst-credit" },
};

} // namespace

void ProbeVerdict::nameLayout(const Candidate& c, std::uint32_t probeBlockBytes)
{
    scheme = c.scheme;
    variant = c.variant;
    disks = c.disks;
    copies = c.copies;
    chunkBytes = c.chunkBytes;
    patternBytes = c.patternBlocks * probeBlockBytes;
    failedDisk = c.failedDisk;
    mdParityWrites = c.mdParityWrites;
    mdMirrorReads = c.mdMirrorReads;
    spec = c.spec();
    layoutSpec = c.layoutSpec();
}

double ProbeFinding::value(QStringView name, double fallback) const
{
    for (const auto& [n, x] : values)
        if (n == name)
            return x;
    return fallback;
}

QString ProbeFinding::kindName(Kind kind)
{
    for (const auto& [k, name] : kKindNames)
        if (k == kind)
            return QString::fromLatin1(name);
    return QStringLiteral("note");
}

std::optional<ProbeFinding::Kind> ProbeFinding::kindFromName(QStringView name)
{
    for (const auto& [k, n] : kKindNames)
        if (name == QLatin1StringView(n))
            return k;
    return std::nullopt;
}

const ProbeFinding* ProbeVerdict::find(ProbeFinding::Kind kind) const
{
    for (const ProbeFinding& f : findings)
        if (f.kind == kind)
            return &f;
    return nullptr;
}

bool ProbeVerdict::has(ProbeFinding::Kind kind) const { return find(kind) != nullptr; }

QStringList ProbeVerdict::findingTexts() const
{
    QStringList out;
    for (const ProbeFinding& f : findings)
        out << f.text;
    return out;
}

QJsonObject IoCounts::toJson() const
{
    return QJsonObject { { QStringLiteral("warmup"), qint64(warmup) }, { QStringLiteral("calibration"), qint64(calibration) },
        { QStringLiteral("redundancy"), qint64(redundancy) }, { QStringLiteral("patternSize"), qint64(patternSize) },
        { QStringLiteral("boundaries"), qint64(boundaries) }, { QStringLiteral("pairwise"), qint64(pairwise) },
        { QStringLiteral("disks"), qint64(disks) } };
}

QJsonObject ProbeResult::toJson() const
{
    const ProbeVerdict& v = verdict;
    QJsonObject verdictJson { { QStringLiteral("identified"), v.identified }, { QStringLiteral("scheme"), v.scheme },
        { QStringLiteral("layout"), v.variant }, { QStringLiteral("disks"), v.disks }, { QStringLiteral("copies"), v.copies },
        { QStringLiteral("chunkBytes"), qint64(v.chunkBytes) }, { QStringLiteral("patternBytes"), qint64(v.patternBytes) },
        { QStringLiteral("confidence"), v.confidence }, { QStringLiteral("spec"), v.spec },
        { QStringLiteral("equivalents"), QJsonArray::fromStringList(v.equivalents) },
        { QStringLiteral("runnerUp"), v.runnerUp }, { QStringLiteral("runnerUpConfidence"), v.runnerUpConfidence },
        { QStringLiteral("failedDisk"), v.failedDisk }, { QStringLiteral("mdParityWrites"), v.mdParityWrites },
        { QStringLiteral("mdMirrorReads"), v.mdMirrorReads }, { QStringLiteral("layoutSpec"), v.layoutSpec },
        { QStringLiteral("blockBytes"), qint64(v.blockBytes) } };
    QJsonArray findings;
    for (const ProbeFinding& f : v.findings) {
        QJsonObject o { { QStringLiteral("kind"), ProbeFinding::kindName(f.kind) }, { QStringLiteral("text"), f.text } };
        if (!f.disks.empty()) {
            QJsonArray disks;
            for (const int d : f.disks)
                disks.append(d);
            o.insert(QStringLiteral("disks"), disks);
        }
        if (!f.values.empty()) {
            QJsonObject values;
            for (const auto& [name, x] : f.values)
                values.insert(name, x); // NaN is written as null, read back as NaN
            o.insert(QStringLiteral("values"), values);
        }
        findings.append(o);
    }
    verdictJson.insert(QStringLiteral("findings"), findings);
    // The one statement every view shows (verdictstatement.h); derived, so a reader ignores it.
    const VerdictStatement statement = verdictStatement(*this);
    verdictJson.insert(QStringLiteral("statement"), statement.text());
    if (const QJsonObject c = statement.classJson(); !c.isEmpty())
        verdictJson.insert(QStringLiteral("class"), c);
    QJsonArray boundaryJson, pairJson, writeJson, diskJson, runs, predicted;
    for (const auto& b : boundaries)
        boundaryJson.append(QJsonObject { { QStringLiteral("offsetBlocks"), qint64(b.offsetBlocks) },
            { QStringLiteral("timeMs"), b.timeMs }, { QStringLiteral("boundary"), b.boundary } });
    for (const auto& p : pairs)
        pairJson.append(QJsonObject { { QStringLiteral("a"), qint64(p.a) }, { QStringLiteral("b"), qint64(p.b) },
            { QStringLiteral("timeMs"), p.timeMs }, { QStringLiteral("ratio"), p.ratio } });
    for (const auto& w : writes)
        writeJson.append(QJsonObject { { QStringLiteral("writes"), w.writes }, { QStringLiteral("mbps"), w.mbps } });
    for (const auto& d : disks)
        diskJson.append(QJsonObject { { QStringLiteral("disk"), d.disk }, { QStringLiteral("timeMs"), d.timeMs },
            { QStringLiteral("relative"), d.relative } });
    for (std::uint64_t r : chunkRunsBlocks)
        runs.append(qint64(r));
    for (double e : predictedExcess)
        predicted.append(e);
    QJsonObject iosJson { { QStringLiteral("total"), qint64(ios.total()) }, { QStringLiteral("perStep"), ios.toJson() },
        { QStringLiteral("shearSchedule"), qint64(shearScheduleIos) }, { QStringLiteral("shearScheduleSteps"), shearSchedule } };
    QJsonObject steps { { QStringLiteral("blockBytes"), qint64(blockBytes) }, { QStringLiteral("serialMs"), serialMs },
        { QStringLiteral("patternSize"), pointsJson(pattern) }, { QStringLiteral("patternBlocks"), qint64(patternBlocks) },
        { QStringLiteral("boundaries"), boundaryJson }, { QStringLiteral("chunkBlocks"), qint64(chunkBlocks) },
        { QStringLiteral("chunkRunsBlocks"), runs }, { QStringLiteral("pairs"), pairJson },
        { QStringLiteral("redundancy"), QJsonObject { { QStringLiteral("readMBps"), readMBps },
                                            { QStringLiteral("writes"), writeJson },
                                            { QStringLiteral("readWriteRatio"), readWriteRatio },
                                            { QStringLiteral("measuredReadWriteRatio"), measuredReadWriteRatio } } },
        { QStringLiteral("disks"), diskJson }, { QStringLiteral("calibration"), calibration.toJson() },
        // Row-major K x K, as ProbeResult holds it: the heatmap's tint for the pairs not measured.
        { QStringLiteral("predictedExcess"), predicted } };
    QJsonObject o { { QStringLiteral("format"), kFormat }, { QStringLiteral("version"), kVersion },
        { QStringLiteral("target"), target }, { QStringLiteral("verdict"), verdictJson },
        { QStringLiteral("ios"), iosJson }, { QStringLiteral("steps"), steps } };
    if (!error.isEmpty())
        o.insert(QStringLiteral("error"), error);
    if (stopped)
        o.insert(QStringLiteral("stopped"), true);
    return o;
}

QJsonObject ProbeCalibration::toJson() const
{
    return QJsonObject { { QStringLiteral("readsPerTest"), readsPerTest }, { QStringLiteral("serialMs"), serialMs },
        { QStringLiteral("queuedMs"), queuedMs }, { QStringLiteral("queuedReadMs"), queuedReadMs },
        { QStringLiteral("burstReads"), burstReads }, { QStringLiteral("spreadMs"), spreadMs },
        { QStringLiteral("blockCopies"), blockCopies }, { QStringLiteral("copiesBalanced"), copiesBalanced },
        { QStringLiteral("copiesMs"), [this] {
              QJsonArray a;
              for (double t : copiesMs)
                  a.append(t);
              return a;
          }() } };
}

std::optional<ProbeResult> probeResultFromJson(const QJsonObject& json, QString* error)
{
    FieldReader in;
    auto failed = [&]() -> std::optional<ProbeResult> {
        if (error)
            *error = in.error();
        return std::nullopt;
    };
    const QString root;
    // Files written before "format" existed are recognised by their verdict.
    if (!json.contains(QStringLiteral("format")) && !json.contains(QStringLiteral("verdict"))) {
        in.fail(QStringLiteral("format"), QStringLiteral("missing, so not a probe result"));
        return failed();
    }
    if (json.contains(QStringLiteral("format"))) {
        const QString format = in.string(json, root, QStringLiteral("format"));
        if (!in.failed() && format != kFormat)
            in.fail(QStringLiteral("format"),
                QStringLiteral("\"%1\" is not a probe result (\"%2\")").arg(format, kFormat));
        if (in.failed())
            return failed();
    }
    const qint64 version = in.whole(json, root, QStringLiteral("version"), 1);
    if (!in.failed() && version > kVersion)
        in.fail(QStringLiteral("version"),
            QStringLiteral("%1 is newer than this RaidScope reads (%2): update RaidScope").arg(version).arg(kVersion));
    if (in.failed())
        return failed();

    ProbeResult r;
    r.target = in.string(json, root, QStringLiteral("target"));
    const QJsonObject verdict = in.object(json, root, QStringLiteral("verdict"));
    if (!in.failed())
        r.verdict = readVerdict(in, verdict, QStringLiteral("verdict"));

    const QJsonObject ios = in.object(json, root, QStringLiteral("ios"));
    const QJsonObject perStep = in.object(ios, QStringLiteral("ios"), QStringLiteral("perStep"));
    const QString perStepAt = QStringLiteral("ios.perStep");
    r.ios.warmup = in.count(perStep, perStepAt, QStringLiteral("warmup"));
    r.ios.calibration = in.count(perStep, perStepAt, QStringLiteral("calibration"));
    r.ios.redundancy = in.count(perStep, perStepAt, QStringLiteral("redundancy"));
    r.ios.patternSize = in.count(perStep, perStepAt, QStringLiteral("patternSize"));
    r.ios.boundaries = in.count(perStep, perStepAt, QStringLiteral("boundaries"));
    r.ios.pairwise = in.count(perStep, perStepAt, QStringLiteral("pairwise"));
    r.ios.disks = in.count(perStep, perStepAt, QStringLiteral("disks"));
    const std::uint64_t total = in.count(ios, QStringLiteral("ios"), QStringLiteral("total"));
    if (!in.failed() && total != r.ios.total())
        in.fail(QStringLiteral("ios.total"),
            QStringLiteral("%1 is not the sum of ios.perStep (%2)").arg(total).arg(r.ios.total()));
    r.shearScheduleIos = in.count(ios, QStringLiteral("ios"), QStringLiteral("shearSchedule"));
    r.shearSchedule = in.object(ios, QStringLiteral("ios"), QStringLiteral("shearScheduleSteps"));

    const QJsonObject steps = in.object(json, root, QStringLiteral("steps"));
    if (!in.failed())
        readSteps(in, steps, r);
    if (r.verdict.blockBytes == 0) // versions before the verdict carried it
        r.verdict.blockBytes = r.blockBytes;

    if (json.contains(QStringLiteral("error")))
        r.error = in.string(json, root, QStringLiteral("error"));
    if (json.contains(QStringLiteral("stopped")))
        r.stopped = in.boolean(json, root, QStringLiteral("stopped"));
    if (in.failed())
        return failed();
    return r;
}

} // namespace raidscope
