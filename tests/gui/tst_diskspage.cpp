// SPDX-License-Identifier: GPL-3.0-or-later
#undef QT_NO_FOREACH
#include "disks/diskseekplot.h"
#include "disks/diskspage.h"
#include "disks/diskvalidationplot.h"
#include "disks/diskzoneplot.h"
#include "widgets/jobbar.h"

#include "disk/diskmodel.h"
#include "disk/diskparameters.h"
#include "disk/disksimimport.h"
#include "disk/diskvalidate.h"

#include "disksimfiles.h"
#include "widgetlookup.h"

#include <catch2/catch.hpp>

#include <QComboBox>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPlainTextEdit>
#include <QTest>

#include <cmath>

using namespace raidscope;
using namespace raidscope::gui;

TEST_CASE("Disks page: a preset's rotation and zones, as its file gives them", "[gui][disks]")
{
    // The expected figures come from the preset's JSON, read here, not from the page or core.
    QFile file(QStringLiteral(RAIDSCOPE_TEST_DATA "/../../resources/disks/nearline-7k2.json"));
    REQUIRE(file.open(QIODevice::ReadOnly));
    const QJsonObject json = QJsonDocument::fromJson(file.readAll()).object();
    const int rpm = json.value(QStringLiteral("rpm")).toInt();
    const int zones = int(json.value(QStringLiteral("zones")).toArray().size());
    REQUIRE(rpm == 7200);
    REQUIRE(zones > 1);

    DisksPage page;
    page.resize(1500, 950);
    REQUIRE(page.selectPreset(QStringLiteral("nearline-7k2")));
    CHECK(page.currentPresetId() == u"nearline-7k2");
    const QString geometry = child<QLabel>(page, "diskGeometry")->text();
    CHECK(geometry.contains(QStringLiteral("%1 RPM").arg(rpm)));
    CHECK(geometry.contains(QStringLiteral("%1 zones").arg(zones)));
    // Where it came from: the file's provenance (kind and reference), and no validation.
    const QJsonObject provenance = json.value(QStringLiteral("provenance")).toObject();
    REQUIRE(provenance.value(QStringLiteral("kind")).toString() == u"estimate");
    CHECK(geometry.contains(QStringLiteral("estimate: ") + provenance.value(QStringLiteral("reference")).toString()));
    CHECK(geometry.contains(QStringLiteral("Validation</td><td>&nbsp;none")));
    const auto* zonePlot = child<DiskZonePlot>(page, "diskZonePlot");
    CHECK(zonePlot->zoneCount() == zones);
    CHECK(zonePlot->rateGraph()->dataCount() == zones + 1); // each zone's start and the capacity
    // The seek curve is core's: its last point is the full-stroke seek of the preset's read curve.
    const auto* seekPlot = child<DiskSeekPlot>(page, "diskSeekPlot");
    REQUIRE(seekPlot->readGraph()->dataCount() > 100);
    const double fullStrokeMs = json.value(QStringLiteral("seek")).toObject().value(QStringLiteral("longMaxMs")).toDouble();
    CHECK(std::prev(seekPlot->readGraph()->data()->constEnd())->value == Approx(fullStrokeMs).epsilon(1e-9));
    CHECK(seekPlot->writeGraph()->dataCount() > 0); // the preset has a write curve

    // A solid-state preset has no zones or seeks, and says so.
    REQUIRE(page.selectPreset(QStringLiteral("ssd")));
    CHECK(zonePlot->zoneCount() == 0);
    CHECK(seekPlot->readGraph()->dataCount() == 0);
}

TEST_CASE("Disks page: a DiskSim import lists every warning core gives", "[gui][disks][disksim]")
{
    const QString parv = raidscope::test::disksimValidationFile("cheetah9LP.parv");
    REQUIRE_VALIDATION(parv)
    QString error;
    const auto core = importDiskSim(parv, &error);
    REQUIRE(core);
    DisksPage page;
    REQUIRE(page.importDiskSimFile(parv));
    CHECK(page.currentPresetId() == core->presetJson.value(QStringLiteral("id")).toString());
    CHECK(page.warnings() == core->warnings);
    CHECK(child<QPlainTextEdit>(page, "diskWarnings")->toPlainText().split(u'\n').size() == core->warnings.size());
}

TEST_CASE("Disks page: a validation run shows core's demerit and DiskSim's", "[gui][disks][disksim]")
{
    // The smallest of the five traces (HP C3323A, 9074 requests).
    const QString parv = raidscope::test::disksimValidationFile("hp_c3323a.parv");
    const QString trace = raidscope::test::disksimValidationFile("hp_c3323a.trace");
    REQUIRE_VALIDATION(trace)
    QString error;
    const auto imported = importDiskSim(parv, &error);
    REQUIRE(imported);
    const auto params = parseDiskParameters(imported->presetJson, &error);
    REQUIRE(params);
    const auto requests = readValidationTrace(trace, &error);
    REQUIRE(requests);
    DiskModel disk(*params);
    const auto expected = validateDisk(disk, *requests, &error);
    REQUIRE(expected);

    DisksPage page;
    page.resize(1500, 950);
    page.setValidationDir(QFileInfo(parv).path());
    auto* drive = child<QComboBox>(page, "diskValidationDrive");
    CHECK(drive->count() == 5); // the five drives of DiskSim's validation suite
    CHECK(drive->currentText() == u"cheetah9LP"); // the default
    page.setValidationFiles(parv, trace);
    CHECK(drive->currentText() == u"hp_c3323a"); // the chooser follows the files
    REQUIRE(page.validate());
    REQUIRE(QTest::qWaitFor([&] { return !page.isValidating(); }, 30000));
    REQUIRE(page.validation());
    CHECK(page.validation()->demeritMs == expected->demeritMs);
    const auto* plot = child<DiskValidationPlot>(page, "diskValidationPlot");
    CHECK(plot->titleText().contains(QString::number(expected->demeritMs, 'f', 3) + QStringLiteral(" ms")));
    // DiskSim's exact figure on its own per-request times (README table), then its binned one (shared README)
    CHECK(plot->titleText().contains(QStringLiteral("DiskSim's: 0.288 ms, binned 0.305 ms")));
    CHECK(plot->simulatedGraph()->dataCount() == int(requests->size()));
    CHECK(plot->measuredGraph()->dataCount() == int(requests->size()));
    CHECK(page.validationBar()->statusText().contains(QString::number(expected->demeritMs, 'f', 3)));

    // Another drive imported: its panel no longer shows the HP's demerit (#54 item 8), and points at
    // the imported disk and the trace beside it.
    const QString cheetah = raidscope::test::disksimValidationFile("cheetah9LP.parv");
    REQUIRE(page.importDiskSimFile(cheetah));
    CHECK_FALSE(page.validation());
    CHECK_FALSE(plot->titleText().contains(QString::number(expected->demeritMs, 'f', 3)));
    CHECK(drive->currentText() == u"cheetah9LP");
    CHECK_FALSE(page.validationBar()->statusText().contains(QString::number(expected->demeritMs, 'f', 3)));
    // Importing the drive just validated keeps its result.
    page.setValidationFiles(parv, trace);
    REQUIRE(page.validate());
    REQUIRE(QTest::qWaitFor([&] { return !page.isValidating(); }, 30000));
    REQUIRE(page.importDiskSimFile(parv));
    CHECK(page.validation());

    // A missing file is refused before any job starts.
    page.setValidationFiles(parv, trace + QStringLiteral(".none"));
    CHECK_FALSE(page.validate());
    CHECK(page.validationBar()->statusIsError());
}
