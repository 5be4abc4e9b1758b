// SPDX-License-Identifier: GPL-3.0-or-later
// The one statement of a verdict (#54 item 2, "Honest verdicts"): a class of layouts that read alike
// is named as a class, most common first by the stated prior, with what would split it; a probe
// without a pattern says what its reads looked like. Every expected string here is worked out by
// hand from the inputs (the md sample's equivalents, the prior as layoutCommonness() states it in
// its header), not recorded from the code.
#include "probe/shearprobe.h"
#include "probe/verdictstatement.h"

#include <catch2/catch.hpp>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

using namespace raidscope;

namespace {

// The user guide's sample: a real md RAID 5 of 5 (member 2 throttled to half rate), probed with safe
// writes; its verdict names raid4 parity-last of 6 with ten equivalents.
ProbeResult mdSample()
{
    QFile f(QStringLiteral(RAIDSCOPE_TEST_DATA "/../../docs/guide/samples/md-raid5-slow-member.json"));
    REQUIRE(f.open(QIODevice::ReadOnly));
    QString error;
    auto r = probeResultFromJson(QJsonDocument::fromJson(f.readAll()).object(), &error);
    INFO(error.toStdString());
    REQUIRE(r);
    return *r;
}

// An identified verdict with the given layout and equivalents, read-only (no write timed).
ProbeResult classResult(const QString& layoutSpec, const QStringList& equivalents)
{
    ProbeResult r;
    r.target = QStringLiteral("/dev/md0 (block device)");
    r.blockBytes = 4096;
    r.patternBlocks = 80;
    r.chunkBlocks = 16;
    r.verdict.identified = true;
    r.verdict.spec = layoutSpec;
    r.verdict.layoutSpec = layoutSpec;
    r.verdict.equivalents = equivalents;
    r.verdict.confidence = 0.97;
    return r;
}

} // namespace

TEST_CASE("VerdictStatement: the md sample is one of 8 layouts, md's default first", "[core][verdict]")
{
    const ProbeResult r = mdSample();
    const VerdictStatement s = verdictStatement(r);
    REQUIRE(s.kind == VerdictStatement::Kind::Class);
    // By hand from the file: 11 specs (the verdict and ten equivalents); md's paritywrite=md and
    // mirrorread=nearest folded in leave 8 layouts. Ranks: raid5 left-symmetric 0, raid10 far and
    // offset 4, raid4 5, raid6 continuous 6; ties in the file's order.
    const std::vector<std::pair<QString, int>> expected {
        { QStringLiteral("raid5 layout=left-symmetric disks=5 chunk=64KiB"), 2 },
        { QStringLiteral("raid10 layout=far disks=5 copies=4 chunk=64KiB"), 1 },
        { QStringLiteral("raid10 layout=offset disks=5 copies=4 chunk=64KiB"), 1 },
        { QStringLiteral("raid10 layout=far disks=5 copies=5 chunk=64KiB"), 1 },
        { QStringLiteral("raid10 layout=offset disks=5 copies=5 chunk=64KiB"), 1 },
        { QStringLiteral("raid4 layout=parity-last disks=6 chunk=64KiB"), 2 },
        { QStringLiteral("raid4 layout=parity-first disks=6 chunk=64KiB"), 2 },
        { QStringLiteral("raid6 layout=continuous disks=5 chunk=64KiB"), 1 },
    };
    REQUIRE(s.members.size() == expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        CAPTURE(i);
        CHECK(s.members[i].spec == expected[i].first);
        CHECK(s.members[i].configurations == expected[i].second);
    }
    CHECK(s.members[0].name == u"RAID 5 left-symmetric, 5 disks, 64 KiB chunks");
    CHECK(s.headline
        == u"One of 8 layouts that read alike: RAID 5 left-symmetric of 5, RAID 10 far of 5 (4 copies), "
           "RAID 10 offset of 5 (4 copies), …");
    CHECK_FALSE(s.headline.contains(QStringLiteral("Identified")));
    CHECK_FALSE(s.namesOneLayout());
    // Writes were timed, disk 2 is slow: the ratio that would split them is blurred. Five kinds of
    // (scheme, disks, copies) among eight layouts: raid4 parity-first/last and raid10 far/offset
    // differ only in placement, which no timing tells.
    CHECK(s.split == SplittingTest::WriteTestEven);
    CHECK(s.splitText
        == u"the write test again, once disk 2 runs as fast as the others, would tell their RAID levels, disks and "
           "copies apart, not where their parity or copies sit: the slow member blurs the read/write ratio that "
           "tells them apart");
    CHECK(s.detail.startsWith(QStringLiteral("The probe is 100 % confident that the array is one of them")));
    CHECK(s.text() == s.headline + u' ' + s.detail);
    CHECK(s.shortText() == u"One of 8 layouts that read alike.");
}

TEST_CASE("VerdictStatement: a read-only class is split by a write test", "[core][verdict]")
{
    SECTION("three layouts of different levels: the issue's example, RAID 5 of 5 before RAID 0 of 5 before RAID 4 of 6")
    {
        const ProbeResult r = classResult(QStringLiteral("raid4 layout=parity-last disks=6 chunk=64KiB"),
            { QStringLiteral("raid0 disks=5 chunk=64KiB"), QStringLiteral("raid5 layout=left-symmetric disks=5 chunk=64KiB") });
        const VerdictStatement s = verdictStatement(r);
        REQUIRE(s.kind == VerdictStatement::Kind::Class);
        CHECK(s.headline == u"One of 3 layouts that read alike: RAID 5 left-symmetric of 5, RAID 0 of 5, RAID 4 parity-last of 6.");
        CHECK(s.split == SplittingTest::WriteTest);
        CHECK(s.splitText == u"a write test (safe writes: each puts back the bytes just read) would separate them");
        CHECK(s.detail == u"The probe is 97 % confident that the array is one of them and names none of them as the array; "
                          "a write test (safe writes: each puts back the bytes just read) would separate them.");
        CHECK(s.confidence == 0.97);
    }
    SECTION("the md sample's class without its writes")
    {
        ProbeResult r = mdSample();
        r.writes.clear();
        r.readWriteRatio = 0;
        r.measuredReadWriteRatio = 0;
        const VerdictStatement s = verdictStatement(r);
        CHECK(s.split == SplittingTest::WriteTest);
        CHECK(s.splitText.endsWith(QStringLiteral("would tell their RAID levels, disks and copies apart, not where their parity or copies sit")));
    }
    SECTION("layouts that differ only in where parity sits: no timing")
    {
        const ProbeResult r = classResult(QStringLiteral("raid4 layout=parity-last disks=6 chunk=64KiB"),
            { QStringLiteral("raid4 layout=parity-first disks=6 chunk=64KiB") });
        const VerdictStatement s = verdictStatement(r);
        CHECK(s.split == SplittingTest::NoTiming);
        CHECK(s.splitText.startsWith(QStringLiteral("no timing tells them apart")));
    }
    SECTION("writes timed, no slow member: a longer write test")
    {
        ProbeResult r = classResult(QStringLiteral("raid4 layout=parity-last disks=6 chunk=64KiB"),
            { QStringLiteral("raid5 layout=left-symmetric disks=5 chunk=64KiB") });
        r.readWriteRatio = 5.2;
        CHECK(verdictStatement(r).split == SplittingTest::LongerWriteTest);
    }
}

TEST_CASE("VerdictStatement: one layout is identified; policies alone make no class", "[core][verdict]")
{
    const ProbeResult r = classResult(QStringLiteral("raid5 layout=left-asymmetric disks=4 chunk=16KiB"),
        { QStringLiteral("raid5 layout=left-asymmetric disks=4 chunk=16KiB paritywrite=md") });
    const VerdictStatement s = verdictStatement(r);
    REQUIRE(s.kind == VerdictStatement::Kind::Identified);
    CHECK(s.namesOneLayout());
    CHECK(s.headline == u"Identified: raid5 layout=left-asymmetric disks=4 chunk=16KiB.");
    CHECK(s.detail.startsWith(QStringLiteral("Confidence 97 %. 2 configurations of this layout")));
    CHECK(s.split == SplittingTest::None);
}

TEST_CASE("VerdictStatement: the stated prior orders md's default, mirrors, RAID 6/0, other RAID 5, RAID 10 far, RAID 4", "[core][verdict]")
{
    // The order the header states, level by level.
    CHECK(layoutCommonness(QStringLiteral("raid5"), QStringLiteral("left-symmetric")) == 0);
    CHECK(layoutCommonness(QStringLiteral("raid5"), QString()) == 0);
    CHECK(layoutCommonness(QStringLiteral("raid1"), QString()) == 1);
    CHECK(layoutCommonness(QStringLiteral("raid10"), QStringLiteral("near")) == 1);
    CHECK(layoutCommonness(QStringLiteral("raid6"), QStringLiteral("left-symmetric")) == 2);
    CHECK(layoutCommonness(QStringLiteral("raid0"), QString()) == 2);
    CHECK(layoutCommonness(QStringLiteral("raid5"), QStringLiteral("right-asymmetric")) == 3);
    CHECK(layoutCommonness(QStringLiteral("raid10"), QStringLiteral("far")) == 4);
    CHECK(layoutCommonness(QStringLiteral("raid4"), QStringLiteral("parity-first")) == 5);
    CHECK(layoutCommonness(QStringLiteral("raid6"), QStringLiteral("continuous")) == 6);
    CHECK(layoutCommonness(QStringLiteral("chained"), QString()) == 7);
    CHECK(shortLayoutName(QStringLiteral("raid10 layout=far disks=5 copies=4 chunk=64KiB")) == u"RAID 10 far of 5 (4 copies)");
    CHECK(describeLayoutSpec(QStringLiteral("raid1 disks=4 (any chunk)")) == u"RAID 1, 4 disks (any chunk)");
}

TEST_CASE("VerdictStatement: no pattern says what the reads looked like and names no layout", "[core][verdict]")
{
    ProbeResult r;
    r.blockBytes = 4096;
    r.calibration.readsPerTest = 32;
    r.verdict.spec = QStringLiteral("raid0 disks=2 chunk=4KiB"); // a closest candidate: not named
    r.verdict.layoutSpec = r.verdict.spec;
    r.verdict.scheme = QStringLiteral("raid0");
    SECTION("fast reads: a cache or flash")
    {
        r.serialMs = 32 * 0.05; // 0.05 ms a read, one at a time
        r.calibration.spreadMs = 1.5;
        const VerdictStatement s = verdictStatement(r);
        REQUIRE(s.kind == VerdictStatement::Kind::NoPattern);
        CHECK(s.headline == u"No pattern found: no layout is named.");
        CHECK(s.detail == u"Random reads took 0.050 ms each: reads this fast are a cache or a single fast device (flash or "
                          "memory), not spindles, and their timing shows no layout.");
        CHECK_FALSE(s.text().contains(QStringLiteral("raid0")));
        CHECK_FALSE(s.namesOneLayout());
        CHECK(s.classJson().isEmpty());
    }
    SECTION("spindle-slow reads no faster at once: one device or a cap")
    {
        r.serialMs = 32 * 8.0; // 8 ms a read
        r.calibration.spreadMs = 240; // 256 / 240 = 1.07x
        const VerdictStatement s = verdictStatement(r);
        CHECK(s.detail.startsWith(QStringLiteral("32 random reads at once took about as long as one at a time (1.07x faster, 8.0 ms a read)")));
    }
}

TEST_CASE("VerdictStatement: the JSON carries the same statement as verdict.statement and verdict.class", "[core][verdict]")
{
    const ProbeResult r = mdSample();
    const QJsonObject verdict = r.toJson().value(QStringLiteral("verdict")).toObject();
    const QString statement = verdict.value(QStringLiteral("statement")).toString();
    CHECK(statement.startsWith(QStringLiteral("One of 8 layouts that read alike: RAID 5 left-symmetric of 5,")));
    const QJsonObject c = verdict.value(QStringLiteral("class")).toObject();
    CHECK(c.value(QStringLiteral("size")).toInteger() == 8);
    CHECK(c.value(QStringLiteral("statement")).toString() == statement);
    CHECK(c.value(QStringLiteral("splitBy")).toString() == u"write-test-even");
    CHECK_THAT(c.value(QStringLiteral("confidence")).toDouble(), Catch::Matchers::WithinAbs(0.9981895248301643, 1e-15));
    const QJsonArray members = c.value(QStringLiteral("members")).toArray();
    REQUIRE(members.size() == 8);
    CHECK(members[0][QStringLiteral("spec")].toString() == u"raid5 layout=left-symmetric disks=5 chunk=64KiB");
    CHECK(members[7][QStringLiteral("spec")].toString() == u"raid6 layout=continuous disks=5 chunk=64KiB");
    // Derived: reading the object back and writing it again gives the same object.
    QString error;
    const auto back = probeResultFromJson(r.toJson(), &error);
    REQUIRE(back);
    CHECK(back->toJson() == r.toJson());
}
