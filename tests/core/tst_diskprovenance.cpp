// SPDX-License-Identifier: GPL-3.0-or-later
// A disk preset says where it came from (issue 53, item 4): its provenance's kind and reference, and the
// validation it passed, in the preset's JSON (what `disks --json` prints).
#include "disk/diskpreset.h"
#include "disk/disksimimport.h"

#include <catch2/catch.hpp>

#include <QDir>
#include <QJsonArray>
#include <QJsonObject>

using namespace raidscope;

TEST_CASE("Disk presets: every built-in one names its kind of source and the source", "[disk][provenance]")
{
    // The kinds: a paper's figures, a datasheet's, a DiskSim description, or our estimate.
    const auto [id, kind] = GENERATE(table<const char*, const char*>({ { "ibm-9lzx", "paper" },
        { "st3500630ns", "paper" }, { "cheetah-15k", "paper" }, { "nearline-7k2", "estimate" }, { "ssd", "estimate" } }));
    CAPTURE(id);
    const DiskPreset* preset = findDiskPreset(QString::fromLatin1(id));
    REQUIRE(preset);
    const QJsonObject p = preset->json.value(QStringLiteral("provenance")).toObject();
    CHECK(p.value(QStringLiteral("kind")).toString() == QLatin1String(kind));
    CHECK_FALSE(p.value(QStringLiteral("reference")).toString().isEmpty());
    CHECK(p.value(QStringLiteral("validation")).isArray());
}

TEST_CASE("Disk presets: a DiskSim import names its file and definition", "[disk][provenance][disksim]")
{
    QString error;
    const auto imported
        = importDiskSim(QDir(QStringLiteral(RAIDSCOPE_TEST_DATA "/disksim")).filePath(QStringLiteral("st41601n.parv")), &error);
    INFO(error.toStdString());
    REQUIRE(imported);
    const QJsonObject p = imported->presetJson.value(QStringLiteral("provenance")).toObject();
    CHECK(p.value(QStringLiteral("kind")).toString() == QLatin1String("disksim"));
    // st41601n.diskspecs:1: disksim_disk Seagate_ST41601N_validate
    CHECK(p.value(QStringLiteral("reference")).toString()
        == QLatin1String("DiskSim 4.0 parameters: st41601n.parv (Seagate_ST41601N_validate)"));
    CHECK(p.value(QStringLiteral("validation")).toArray().isEmpty()); // disks import --validate adds one
}
