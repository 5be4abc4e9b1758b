// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 57: the DiskSim-exact (hosted) disk path made faster without moving a single simulated time. The
// expected digests below are not this code's output: they were computed by hostedworkloads.h compiled
// against the tree before issue 57's speed work (commit f56c6e25, whose disk path walked sector by sector),
// as docs/records/speed.md describes. A digest holds the count, sum and FNV-1a hash of every request's times
// in whole nanoseconds, so one request off by a nanosecond fails it.
#include "hostedworkloads.h"

#include "disk/diskpreset.h"

#include "disksimfiles.h"

#include <catch2/catch.hpp>

#include <QDir>
#include <QTemporaryDir>

#include <cstdlib>

using namespace raidscope;
using namespace raidscope::test;

namespace {

struct Expected
{
    const char* name;
    TimesDigest digest;
};

QString libraryFile(const char* name) { return QDir(QStringLiteral(RAIDSCOPE_TEST_DATA "/disksim")).filePath(QString::fromLatin1(name)); }

} // namespace

TEST_CASE("Hosted disk path: the five validation replays' per-request times are those of the sector-by-sector code",
          "[disk][hosted][disksim]")
{
    // raidscope-cli disk-validate --per-request of that tree gave the same times (docs/records/speed.md).
    const Expected expected[] = {
        { "cheetah9LP", { 10000, 0xc5a16ffd187797eeull, 42306908343 } },
        { "ibm18es", { 10000, 0x0be6027a28de85eeull, 52346801248 } },
        { "atlas_III", { 10000, 0x702007b37c2bde2dull, 61390683817 } },
        { "hp_c2247a", { 9999, 0x8816164b8e363766ull, 153109160168 } },
        { "hp_c3323a", { 9074, 0xde930eed976bf88aull, 141313332043 } },
    };
    for (const Expected& e : expected) {
        CAPTURE(e.name);
        const QString parv = disksimValidationFile(e.name) + QStringLiteral(".parv");
        REQUIRE_VALIDATION(parv);
        const auto digest = validationDigest(parv, disksimValidationFile(e.name) + QStringLiteral(".trace"));
        REQUIRE(digest);
        CHECK(digest->count == e.digest.count);
        CHECK(digest->sumNs == e.digest.sumNs);
        CHECK(digest->hash == e.digest.hash);
    }
}

TEST_CASE("Hosted disk path: random reads and writes on every DiskSim library drive start and end as before",
          "[disk][hosted][disksim]")
{
    const Expected expected[] = {
        { "atlas10k.parv", { 6000, 0xd4d91230a0b091d0ull, 107392617249027 } },
        { "atlas_III.parv", { 6000, 0x754feba7e4b83481ull, 139872085479595 } },
        { "barracuda.parv", { 6000, 0x0fa9eebf5e84ddbcull, 159200201136353 } },
        { "cheetah4LP.parv", { 6000, 0x9fbb74484ea76123ull, 125668390929939 } },
        { "cheetah9LP.parv", { 6000, 0xc425d59db627443bull, 112998631299651 } },
        { "dec_rz26.parv", { 6000, 0x15230708c96ac201ull, 258079654543816 } },
        { "hp_c2247a.parv", { 6000, 0x8ff09b9cc2d5bb4cull, 257537588664785 } },
        { "hp_c2490a.parv", { 6000, 0x6d405a4d619a9039ull, 200213357421898 } },
        { "hp_c3323a.parv", { 6000, 0xa9761de797db9050ull, 242541077110826 } },
        { "ibm18es.parv", { 6000, 0x2891b4b4b9c0a115ull, 127469499856876 } },
        { "st41601n.parv", { 6000, 0x98e41b7100333c7aull, 224492294982046 } },
        { "dualseek_example/maxtor300g.parv", { 6000, 0xb886995c2f8b4061ull, 68074905285338 } },
        { "hp_c2249a.diskspecs", { 6000, 0xed8b84688c187d76ull, 232642943207698 } },
        { "hp_c3323a.diskspecs", { 6000, 0x4945c6bc18bd0b33ull, 214334685517202 } },
    };
    for (const Expected& e : expected) {
        CAPTURE(e.name);
        const auto params = importedParameters(libraryFile(e.name));
        REQUIRE(params);
        const TimesDigest digest = diskModelDigest(*params, 3000, 57);
        CHECK(digest.count == e.digest.count);
        CHECK(digest.sumNs == e.digest.sumNs);
        CHECK(digest.hash == e.digest.hash);
    }
}

TEST_CASE("Hosted disk path: a RAID-5 of imported drives replays with every response time as before",
          "[disk][hosted][disksim][simulator]")
{
    // The presets go to a folder of RAIDSCOPE_DISK_PATH before the preset list is first read (ctest runs each
    // test case in a process of its own; run alone after other tests, the case says so and stops).
    QTemporaryDir presets;
    qputenv("RAIDSCOPE_DISK_PATH", presets.path().toUtf8());
    const char* const files[] = { "hp_c3323a.parv", "cheetah9LP.parv", "ibm18es.parv" };
    QStringList ids;
    for (const char* f : files) {
        QJsonObject preset;
        REQUIRE(importedParameters(libraryFile(f), &preset));
        ids << preset.value(QStringLiteral("id")).toString();
        QFile out(QDir(presets.path()).filePath(ids.back() + QStringLiteral(".json")));
        REQUIRE(out.open(QIODevice::WriteOnly));
        REQUIRE(out.write(QJsonDocument(preset).toJson()) > 0);
    }
    if (!findDiskPreset(ids.front())) {
        WARN("skipped: the disk presets were read before this test could add the imported drives");
        return;
    }
    const Expected expected[] = {
        { "hp-c3323a-validate", { 8000, 0xd56869b7b062cde6ull, 139847084269084 } },
        { "seagate-st39102lw-validate", { 8000, 0xad6da1f946a01b0cull, 66645405310782 } },
        { "ibm-dnes-309170w-validate", { 8000, 0xc1ed37c3ee4e3a6full, 72613433680460 } },
    };
    for (const Expected& e : expected) {
        CAPTURE(e.name);
        const auto digest
            = arrayReplayDigest(QStringLiteral("raid5 disks=4 chunk=64KiB disk=") + QString::fromLatin1(e.name), 4000, 120, 0.6, 57);
        REQUIRE(digest);
        CHECK(digest->count == e.digest.count);
        CHECK(digest->sumNs == e.digest.sumNs);
        CHECK(digest->hash == e.digest.hash);
    }
}
