// SPDX-License-Identifier: GPL-3.0-or-later
// A saved `probe --json` object read back: the GUI opens what the CLI wrote on another machine, so
// every field the views draw must survive the trip, and a bad file must say what is wrong.
#include "probe/shearprobe.h"
#include "probe/simtarget.h"

#include <catch2/catch.hpp>

#include <QJsonArray>
#include <QJsonDocument>

#include <cmath>
#include <limits>

using namespace raidscope;

namespace {

// One real probe for every test case here: a probe of a small array takes a while, and its result
// does not depend on the test.
const ProbeResult& sampleResult()
{
    static const ProbeResult result = [] {
        QString error;
        auto target = SimTarget::create(QStringLiteral("raid5 layout=la disks=4 chunk=16KiB"), &error);
        INFO(error.toStdString());
        REQUIRE(target);
        return runShearProbe(*target, ProbeConfig {});
    }();
    return result;
}

// What the CLI prints and the GUI saves, read back as a file would be.
QJsonObject throughText(const QJsonObject& o)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(QJsonDocument(o).toJson(QJsonDocument::Indented), &parseError);
    REQUIRE(parseError.error == QJsonParseError::NoError);
    return doc.object();
}

// `root` with the value at `path` ("steps", "pairs", "0", "ratio") replaced, or removed when `value`
// is undefined. Qt's JSON values are copies, so each level is taken out, changed and put back.
QJsonValue changed(const QJsonValue& root, QStringList path, const QJsonValue& value)
{
    if (path.isEmpty())
        return value;
    const QString key = path.takeFirst();
    if (root.isArray()) {
        QJsonArray a = root.toArray();
        const int i = key.toInt();
        if (path.isEmpty() && value.isUndefined())
            a.removeAt(i);
        else
            a[i] = changed(a[i], path, value);
        return a;
    }
    QJsonObject o = root.toObject();
    if (path.isEmpty() && value.isUndefined())
        o.remove(key);
    else
        o[key] = changed(o[key], path, value);
    return o;
}

QJsonObject changed(const QJsonObject& root, const QString& path, const QJsonValue& value)
{
    return changed(QJsonValue(root), path.split(u'.'), value).toObject();
}

QString readError(const QJsonObject& o)
{
    QString error;
    const std::optional<ProbeResult> r = probeResultFromJson(o, &error);
    CHECK_FALSE(r);
    CHECK_FALSE(error.isEmpty());
    CHECK_FALSE(error.contains(u'\n')); // one line, for a status bar and stderr
    return error;
}

} // namespace

TEST_CASE("Probe JSON: a real probe's result reads back to the same JSON", "[probe][json]")
{
    const ProbeResult& r = sampleResult();
    REQUIRE(r.error.isEmpty());
    REQUIRE(r.verdict.identified);
    const QJsonObject written = r.toJson();
    CHECK(written.value(QStringLiteral("format")).toString() == u"raidscope-probe");
    CHECK(written.value(QStringLiteral("version")).toInt() == 2);

    QString error;
    const std::optional<ProbeResult> back = probeResultFromJson(throughText(written), &error);
    INFO(error.toStdString());
    REQUIRE(back);
    CHECK(error.isEmpty());
    const QJsonObject again = back->toJson();
    CHECK(again == written);
    CHECK(QJsonDocument(again).toJson() == QJsonDocument(written).toJson());

    // What the views draw, field by field.
    const ProbeVerdict& v = back->verdict;
    CHECK(back->target == r.target);
    CHECK(back->target.contains(QStringLiteral("raid5")));
    CHECK(v.identified);
    CHECK(v.scheme == u"raid5");
    CHECK(v.variant == u"left-asymmetric");
    CHECK(v.disks == 4);
    CHECK(v.chunkBytes == 16384);
    CHECK(v.patternBytes == r.verdict.patternBytes);
    CHECK(v.spec == r.verdict.spec);
    CHECK(v.findings == r.verdict.findings);
    // The layout alone, as the Array page builds it, and the probe's 4 KiB block.
    CHECK(v.layoutSpec == u"raid5 layout=left-asymmetric disks=4 chunk=16KiB");
    CHECK(v.blockBytes == 4096);
    CHECK(v.equivalents == r.verdict.equivalents);
    CHECK(v.failedDisk == r.verdict.failedDisk);
    CHECK(v.confidence == r.verdict.confidence);
    CHECK(back->blockBytes == r.blockBytes);
    CHECK(back->patternBlocks == r.patternBlocks);
    CHECK(back->chunkBlocks == r.chunkBlocks);
    CHECK(back->chunkRunsBlocks == r.chunkRunsBlocks);
    CHECK(back->ios.total() == r.ios.total());
    CHECK(back->ios.pairwise == r.ios.pairwise);
    CHECK(back->shearScheduleIos == r.shearScheduleIos);
    CHECK(back->shearSchedule == r.shearSchedule);
    CHECK(back->readWriteRatio == r.readWriteRatio);

    REQUIRE(back->pattern.size() == r.pattern.size());
    REQUIRE_FALSE(r.pattern.empty());
    int slow = 0;
    for (std::size_t i = 0; i < r.pattern.size(); ++i) {
        CHECK(back->pattern[i].patternBlocks == r.pattern[i].patternBlocks);
        CHECK(back->pattern[i].timeMs == r.pattern[i].timeMs); // shortest round-trip text: exact
        CHECK(back->pattern[i].slow == r.pattern[i].slow);
        slow += back->pattern[i].slow;
    }
    CHECK(slow > 0);
    REQUIRE(back->boundaries.size() == r.boundaries.size());
    int boundaries = 0;
    for (std::size_t i = 0; i < r.boundaries.size(); ++i) {
        CHECK(back->boundaries[i].offsetBlocks == r.boundaries[i].offsetBlocks);
        CHECK(back->boundaries[i].boundary == r.boundaries[i].boundary);
        boundaries += back->boundaries[i].boundary;
    }
    CHECK(boundaries > 0);
    REQUIRE(back->pairs.size() == r.pairs.size());
    REQUIRE_FALSE(r.pairs.empty());
    CHECK(back->pairs.front().a == r.pairs.front().a);
    CHECK(back->pairs.front().b == r.pairs.front().b);
    CHECK(back->pairs.front().ratio == r.pairs.front().ratio);
    // The heatmap's tint for the pairs not measured.
    const std::uint64_t K = r.patternBlocks / r.chunkBlocks;
    REQUIRE(r.predictedExcess.size() == K * K);
    CHECK(back->predictedExcess == r.predictedExcess);
    REQUIRE(back->writes.size() == r.writes.size());
    CHECK_FALSE(r.writes.empty());
    CHECK(back->writes.back().mbps == r.writes.back().mbps);
    CHECK(back->disks.size() == r.disks.size());
}

TEST_CASE("Probe JSON: the keys DESIGN.md promises, and the new ones", "[probe][json]")
{
    const QJsonObject o = sampleResult().toJson();
    const QJsonObject verdict = o.value(QStringLiteral("verdict")).toObject();
    for (const char* key :
        { "identified", "scheme", "layout", "disks", "chunkBytes", "patternBytes", "confidence", "findings" })
        CHECK(verdict.contains(QLatin1String(key)));
    const QJsonObject ios = o.value(QStringLiteral("ios")).toObject();
    for (const char* key : { "total", "perStep", "shearSchedule" })
        CHECK(ios.contains(QLatin1String(key)));
    const QJsonObject steps = o.value(QStringLiteral("steps")).toObject();
    CHECK(steps.value(QStringLiteral("predictedExcess")).isArray());
    CHECK(steps.value(QStringLiteral("patternSize")).toArray().first().toObject().contains(QStringLiteral("slow")));
}

TEST_CASE("Probe JSON: NaN and an unfinished probe survive the trip", "[probe][json]")
{
    ProbeResult r;
    r.target = QStringLiteral("a file");
    r.blockBytes = 4096;
    r.pairs.push_back({ 0, 1, 12.5, std::numeric_limits<double>::quiet_NaN() });
    r.error = QStringLiteral("read failed at 4096");
    r.stopped = true;
    QString error;
    const std::optional<ProbeResult> back = probeResultFromJson(throughText(r.toJson()), &error);
    INFO(error.toStdString());
    REQUIRE(back);
    REQUIRE(back->pairs.size() == 1);
    CHECK(std::isnan(back->pairs[0].ratio)); // JSON has no NaN: written as null, read as NaN
    CHECK(back->pairs[0].timeMs == 12.5);
    CHECK(back->error == r.error);
    CHECK(back->stopped);
    CHECK_FALSE(back->verdict.identified);
    CHECK(back->predictedExcess.empty());
}

TEST_CASE("Probe JSON: a file from before the format key, without a prediction, still reads", "[probe][json]")
{
    QJsonObject o = sampleResult().toJson();
    o.remove(QStringLiteral("format"));
    o = changed(o, QStringLiteral("steps.predictedExcess"), QJsonValue(QJsonValue::Undefined));
    QString error;
    const std::optional<ProbeResult> back = probeResultFromJson(o, &error);
    INFO(error.toStdString());
    REQUIRE(back);
    CHECK(back->predictedExcess.empty());
    CHECK(back->verdict.scheme == u"raid5");
}

TEST_CASE("Probe JSON: a version 1 file (findings as sentences, no layoutSpec) still reads", "[probe][json]")
{
    QJsonObject o = sampleResult().toJson();
    o[QStringLiteral("version")] = 1;
    QJsonObject verdict = o.value(QStringLiteral("verdict")).toObject();
    verdict.remove(QStringLiteral("layoutSpec"));
    verdict.remove(QStringLiteral("blockBytes"));
    verdict[QStringLiteral("spec")] = QStringLiteral("raid5 layout=left-asymmetric disks=4 chunk=16KiB failed=2 paritywrite=md");
    verdict[QStringLiteral("findings")] = QJsonArray { QStringLiteral("disk 2 has failed") };
    o[QStringLiteral("verdict")] = verdict;
    QString error;
    const std::optional<ProbeResult> back = probeResultFromJson(o, &error);
    INFO(error.toStdString());
    REQUIRE(back);
    REQUIRE(back->verdict.findings.size() == 1);
    CHECK(back->verdict.findings[0].kind == ProbeFinding::Kind::Note);
    CHECK(back->verdict.findings[0].text == u"disk 2 has failed");
    // The layout is the spec without the simulator's keys; the block is the steps' one.
    CHECK(back->verdict.layoutSpec == u"raid5 layout=left-asymmetric disks=4 chunk=16KiB");
    CHECK(back->verdict.blockBytes == 4096);
}

TEST_CASE("Probe JSON: typed findings keep kind, disks and numbers", "[probe][json]")
{
    ProbeResult r = sampleResult();
    r.verdict.findings = { { ProbeFinding::Kind::SlowDisk, { 3 }, { { QStringLiteral("relative"), 2.5 } },
        QStringLiteral("disk 3 is slower than the others (2.50x the median time)") } };
    const QJsonObject f = r.toJson()[QStringLiteral("verdict")][QStringLiteral("findings")][0].toObject();
    CHECK(f[QStringLiteral("kind")].toString() == u"slow-disk");
    CHECK(f[QStringLiteral("disks")].toArray() == QJsonArray { 3 });
    CHECK(f[QStringLiteral("values")][QStringLiteral("relative")].toDouble() == 2.5);
    QString error;
    const std::optional<ProbeResult> back = probeResultFromJson(r.toJson(), &error);
    REQUIRE(back);
    CHECK(back->verdict.findings == r.verdict.findings);
    CHECK(back->verdict.find(ProbeFinding::Kind::SlowDisk)->value(u"relative") == 2.5);
    CHECK_FALSE(back->verdict.has(ProbeFinding::Kind::FailedDisk));
}

TEST_CASE("Probe JSON: bad input names the field and never yields a result", "[probe][json]")
{
    const QJsonObject good = sampleResult().toJson();
    const QJsonValue gone(QJsonValue::Undefined);
    REQUIRE(good.value(QStringLiteral("steps")).toObject().value(QStringLiteral("pairs")).toArray().size() > 0);

    CHECK(readError({}) == u"format: missing, so not a probe result");
    CHECK(readError(QJsonObject { { QStringLiteral("requests"), 10 }, { QStringLiteral("iops"), 5.0 } })
        == u"format: missing, so not a probe result"); // a simulation result
    CHECK(readError(changed(good, QStringLiteral("format"), QStringLiteral("raidscope-trace")))
              .startsWith(QStringLiteral("format: \"raidscope-trace\" is not a probe result")));
    CHECK(readError(changed(good, QStringLiteral("format"), 3)) == u"format: expected a string, found a number");
    CHECK(readError(changed(good, QStringLiteral("version"), 3)).startsWith(QStringLiteral("version: 3 is newer")));
    CHECK(readError(changed(good, QStringLiteral("version"), 1.5)) == u"version: 1.5 is not a whole number");
    CHECK(readError(changed(good, QStringLiteral("version"), gone)) == u"version: missing");
    CHECK(readError(changed(good, QStringLiteral("target"), gone)) == u"target: missing");
    CHECK(readError(changed(good, QStringLiteral("verdict"), QJsonArray()))
        == u"verdict: expected an object, found an array");
    CHECK(readError(changed(good, QStringLiteral("verdict.scheme"), gone)) == u"verdict.scheme: missing");
    CHECK(readError(changed(good, QStringLiteral("verdict.identified"), QStringLiteral("yes")))
        == u"verdict.identified: expected true or false, found a string");
    CHECK(readError(changed(good, QStringLiteral("verdict.findings"), QStringLiteral("none")))
        == u"verdict.findings: expected an array, found a string");
    CHECK(readError(changed(good, QStringLiteral("verdict.findings"), QJsonArray { QStringLiteral("ok"), 7 }))
        == u"verdict.findings[1]: expected an object, found a number");
    CHECK(readError(changed(good, QStringLiteral("verdict.findings"),
              QJsonArray { QJsonObject { { QStringLiteral("kind"), QStringLiteral("slow") }, { QStringLiteral("text"), QString() } } }))
        == u"verdict.findings[0].kind: 'slow' is no kind of finding");
    // A value with a newline is quoted on one line (found by fuzz_probe_result: readError's one-line
    // check failed).
    CHECK(readError(changed(good, QStringLiteral("verdict.findings"),
              QJsonArray { QJsonObject { { QStringLiteral("kind"), QStringLiteral("no-layou\nt") }, { QStringLiteral("text"), QString() } } }))
        == u"verdict.findings[0].kind: 'no-layou\\nt' is no kind of finding");
    CHECK(readError(changed(good, QStringLiteral("verdict.findings"),
              QJsonArray { QJsonObject { { QStringLiteral("kind"), QStringLiteral("slow-disk") },
                  { QStringLiteral("text"), QString() }, { QStringLiteral("disks"), QJsonArray { -1 } } } }))
        == u"verdict.findings[0].disks[0]: -1 is outside 0..2147483647");
    CHECK(readError(changed(good, QStringLiteral("verdict.failedDisk"), -2))
        == u"verdict.failedDisk: -2 is outside -1..2147483647");
    CHECK(readError(changed(good, QStringLiteral("ios.perStep.pairwise"), gone)) == u"ios.perStep.pairwise: missing");
    CHECK(readError(changed(good, QStringLiteral("ios.total"), 1))
              .startsWith(QStringLiteral("ios.total: 1 is not the sum")));
    CHECK(readError(changed(good, QStringLiteral("steps.blockBytes"), -4096))
        == u"steps.blockBytes: -4096 is outside 0..4294967295");
    CHECK(readError(changed(good, QStringLiteral("steps.patternSize.1"), 3))
        == u"steps.patternSize[1]: expected an object, found a number");
    CHECK(readError(changed(good, QStringLiteral("steps.patternSize.0.slow"), gone))
        == u"steps.patternSize[0].slow: missing");
    CHECK(readError(changed(good, QStringLiteral("steps.boundaries.0.offsetBlocks"), 2.5))
        == u"steps.boundaries[0].offsetBlocks: 2.5 is not a whole number");
    CHECK(readError(changed(good, QStringLiteral("steps.pairs.0.ratio"), QStringLiteral("x")))
        == u"steps.pairs[0].ratio: expected a number, found a string");
    CHECK(readError(changed(good, QStringLiteral("steps.pairs.0.a"), 1 << 20))
        == u"steps.pairs[0].a: 1048576 is outside 0..4095");
    CHECK(readError(changed(good, QStringLiteral("steps.chunkRunsBlocks"), QJsonArray { true }))
        == u"steps.chunkRunsBlocks[0]: expected a whole number, found a boolean");
    CHECK(readError(changed(good, QStringLiteral("steps.redundancy.writes.0.mbps"), gone))
        == u"steps.redundancy.writes[0].mbps: missing");
    CHECK(readError(changed(good, QStringLiteral("steps.predictedExcess"), QJsonArray { 1, 0, 0 }))
              .startsWith(QStringLiteral("steps.predictedExcess: 3 values, expected K x K")));
    CHECK(readError(changed(good, QStringLiteral("steps.predictedExcess"), QJsonArray { 1, 0, QStringLiteral("0"), 1 }))
        == u"steps.predictedExcess[2]: expected a number, found a string");
    CHECK(readError(changed(good, QStringLiteral("error"), 5)) == u"error: expected a string, found a number");

    QString error;
    CHECK_FALSE(probeResultFromJson({}, nullptr)); // no error wanted: still no crash
    CHECK(probeResultFromJson(good, &error));
}
