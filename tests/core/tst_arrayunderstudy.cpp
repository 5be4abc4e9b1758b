// SPDX-License-Identifier: GPL-3.0-or-later
#include "probe/shearprobe.h"
#include "testsupport.h"
#include "workspace/arrayunderstudy.h"
#include "workspace/workspace.h"

#include <catch2/catch.hpp>

#include <QFile>
#include <QJsonDocument>

using namespace raidscope;

namespace {

// A probe result as a probe of a RAID-5 of 5 with member 2 at twice the others' time would leave it.
ProbeResult probedRaid5(const QString& target)
{
    ProbeResult r;
    r.target = target;
    r.verdict.identified = true;
    r.verdict.scheme = QStringLiteral("raid5");
    r.verdict.disks = 5;
    r.verdict.spec = QStringLiteral("raid5 layout=left-symmetric disks=5 chunk=64KiB");
    ProbeFinding slow;
    slow.kind = ProbeFinding::Kind::SlowDisk;
    slow.disks = { 2 };
    slow.values = { { QStringLiteral("relative"), 2.0 } };
    r.verdict.findings.push_back(slow);
    return r;
}

QStringList specs(const std::vector<ArrayVariation>& v)
{
    QStringList out;
    for (const ArrayVariation& x : v)
        out << x.spec;
    return out;
}

} // namespace

// #54 item 1: "from a probe verdict (... with its disk model and findings: slow or failed members
// carry over)".
TEST_CASE("Array under study: a probe verdict carries its slow member and the probed disk model", "[core][arrayunderstudy]")
{
    SECTION("a simulated target: its disk preset is what was timed")
    {
        QString why;
        const auto a = arrayFromProbe(probedRaid5(QStringLiteral("simulated raid5 layout=left-symmetric disks=5 chunk=64KiB disk=cheetah-15k")), &why);
        REQUIRE(a);
        CHECK(a->source == ArrayUnderStudy::Source::ProbeVerdict);
        // A member at 2x the median's time serves at half the rate: speed=2:0.5.
        CHECK(a->spec == QStringLiteral("raid5 layout=left-symmetric disks=5 chunk=64KiB disk=cheetah-15k speed=2:0.5"));
        REQUIRE(a->carried.size() == 1);
        CHECK(a->carried.front().startsWith(QStringLiteral("member 2 at 0.5x")));
        CHECK(a->assumed.isEmpty());
        CHECK(a->origin.startsWith(QStringLiteral("the probe of simulated raid5")));
    }
    SECTION("a real device: the disk model is the default, and said to be assumed")
    {
        const auto a = arrayFromProbe(probedRaid5(QStringLiteral("/dev/md0 (block device, 1 GiB)")), nullptr);
        REQUIRE(a);
        CHECK(a->spec == QStringLiteral("raid5 layout=left-symmetric disks=5 chunk=64KiB speed=2:0.5"));
        REQUIRE(a->assumed.size() == 2);
        CHECK(a->assumed.at(0).startsWith(QStringLiteral("disk model ibm-9lzx")));
        CHECK(a->assumed.at(1) == QStringLiteral("no controller cache"));
        CHECK(a->origin == QStringLiteral("the probe of /dev/md0"));
    }
    SECTION("a failed member is in the verdict's spec and named")
    {
        ProbeResult r = probedRaid5(QStringLiteral("/dev/md0"));
        r.verdict.findings.clear();
        r.verdict.failedDisk = 3;
        r.verdict.spec = QStringLiteral("raid5 layout=left-symmetric disks=5 chunk=64KiB failed=3");
        const auto a = arrayFromProbe(r, nullptr);
        REQUIRE(a);
        CHECK(a->spec == QStringLiteral("raid5 layout=left-symmetric disks=5 chunk=64KiB failed=3"));
        CHECK(a->carried == QStringList { QStringLiteral("member 3 failed") });
    }
    SECTION("nothing identified: no array, and why")
    {
        ProbeResult r;
        QString why;
        CHECK_FALSE(arrayFromProbe(r, &why));
        CHECK(why == QStringLiteral("the probe identified no layout"));
    }
}

// #54 items 1 and 2: of layouts that read alike, the most common by the stated prior is the one to
// simulate, and a member's index in the probe's own pick means nothing in it.
TEST_CASE("Array under study: a class of look-alikes gives its most common layout, and no member index", "[core][arrayunderstudy]")
{
    // The guide's md sample: a real md RAID 5 of 5, named raid4 parity-last of 6 with ten equivalents
    // (eight layouts once md's policies are folded in), member 2 of that RAID 4 at 2.05x the time.
    QFile f(QStringLiteral(RAIDSCOPE_TEST_DATA "/../../docs/guide/samples/md-raid5-slow-member.json"));
    REQUIRE(f.open(QIODevice::ReadOnly));
    QString error;
    const auto r = probeResultFromJson(QJsonDocument::fromJson(f.readAll()).object(), &error);
    REQUIRE(r);
    const auto a = arrayFromProbe(*r, &error);
    INFO(error.toStdString());
    REQUIRE(a);
    CHECK(a->spec == QStringLiteral("raid5 layout=left-symmetric disks=5 chunk=64KiB"));
    CHECK(a->carried.isEmpty());
    REQUIRE(a->assumed.size() == 4);
    CHECK(a->assumed.at(0) == QStringLiteral("the layout: RAID 5 left-symmetric of 5, the most common of 8 layouts that read "
                                             "alike (timing does not tell them apart)"));
    CHECK(a->assumed.at(1).startsWith(QStringLiteral("member 2 of raid4 layout=parity-last disks=6 chunk=64KiB read 2.05x slower: not carried")));
    CHECK(a->assumed.at(2).startsWith(QStringLiteral("disk model ibm-9lzx")));
    CHECK(a->origin == QStringLiteral("the probe of /dev/md0"));
}

TEST_CASE("Array under study: variations are the chunk halved and doubled, the other levels, a member fewer and more",
    "[core][arrayunderstudy]")
{
    SECTION("a healthy RAID-5 of 5")
    {
        QString error;
        const auto v = arrayVariations(QStringLiteral("raid5 layout=left-symmetric disks=5 chunk=64KiB"), &error);
        REQUIRE(v);
        CHECK(specs(*v)
            == QStringList { QStringLiteral("raid5 layout=left-symmetric disks=5 chunk=64KiB"),
                QStringLiteral("raid5 layout=left-symmetric disks=5 chunk=32KiB"),
                QStringLiteral("raid5 layout=left-symmetric disks=5 chunk=128KiB"), QStringLiteral("raid0 disks=5 chunk=64KiB"),
                QStringLiteral("raid6 layout=left-symmetric disks=5 chunk=64KiB"), QStringLiteral("raid10 layout=near disks=5 chunk=64KiB"),
                QStringLiteral("raid5 layout=left-symmetric disks=4 chunk=64KiB"),
                QStringLiteral("raid5 layout=left-symmetric disks=6 chunk=64KiB") });
        CHECK(v->front().label == QStringLiteral("as studied"));
        CHECK(v->at(1).label == QStringLiteral("chunk 32KiB"));
        CHECK(v->at(4).label == QStringLiteral("raid6"));
        CHECK(v->at(7).label == QStringLiteral("6 disks"));
    }
    SECTION("a degraded RAID-5 of 4: RAID-0 cannot lose member 3, and 3 disks have no member 3")
    {
        const auto v = arrayVariations(QStringLiteral("raid5 disks=4 chunk=16KiB failed=3"), nullptr);
        REQUIRE(v);
        const QStringList s = specs(*v);
        // Canonical as every page's editor writes them: md's default layouts named (left-symmetric).
        CHECK(s.front() == QStringLiteral("raid5 layout=left-symmetric disks=4 chunk=16KiB failed=3"));
        CHECK_FALSE(s.contains(QStringLiteral("raid0 disks=4 chunk=16KiB failed=3")));
        CHECK_FALSE(s.contains(QStringLiteral("raid5 layout=left-symmetric disks=3 chunk=16KiB failed=3")));
        CHECK(s.contains(QStringLiteral("raid6 layout=left-symmetric disks=4 chunk=16KiB failed=3")));
        CHECK(s.contains(QStringLiteral("raid5 layout=left-symmetric disks=5 chunk=16KiB failed=3")));
    }
    SECTION("a spec that does not build is refused with the reason")
    {
        QString error;
        CHECK_FALSE(arrayVariations(QStringLiteral("raid5 disks=1"), &error));
        CHECK_FALSE(error.isEmpty());
    }
}

TEST_CASE("Array under study: kept in the workspace beside the pages", "[core][arrayunderstudy][workspace]")
{
    ArrayUnderStudy a;
    a.spec = QStringLiteral("raid6 disks=6 chunk=128KiB failed=1");
    a.source = ArrayUnderStudy::Source::ProbeVerdict;
    a.origin = QStringLiteral("the probe of /dev/md0");
    a.carried = { QStringLiteral("member 1 failed") };
    a.assumed = { QStringLiteral("no controller cache") };

    Workspace w;
    w.arrayUnderStudy = a;
    QString error;
    const auto back = parseWorkspace(workspaceBytes(w), &error);
    REQUIRE(back);
    REQUIRE(back->arrayUnderStudy);
    CHECK(*back->arrayUnderStudy == a);
    CHECK(workspaceBytes(w).contains("\"source\": \"probe verdict\""));

    SECTION("a file written before it existed has none")
    {
        const auto old = parseWorkspace(workspaceBytes(Workspace {}), &error);
        REQUIRE(old);
        CHECK_FALSE(old->arrayUnderStudy);
    }
    SECTION("an unknown source is named")
    {
        QByteArray bytes = workspaceBytes(w);
        bytes.replace("\"probe verdict\"", "\"guess\"");
        CHECK_FALSE(parseWorkspace(bytes, &error));
        CHECK(error == QStringLiteral("arrayUnderStudy: source 'guess' is not one of array page, probe verdict, workspace"));
    }
}
