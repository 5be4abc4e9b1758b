// SPDX-License-Identifier: GPL-3.0-or-later
// The disk model against DiskSim's validation traces: the trace reader, the demerit worked by hand,
// and the whole replay of the Cheetah 9LP.
#include "disk/diskmodel.h"
#include "disk/diskparameters.h"
#include "disk/disksimimport.h"
#include "disk/diskvalidate.h"

#include "disksimfiles.h"

#include <catch2/catch.hpp>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <cmath>

using namespace raidscope;

namespace {

QString writeTemp(const QTemporaryDir& dir, const char* text)
{
    const QString path = dir.filePath(QStringLiteral("t.trace"));
    QFile f(path);
    REQUIRE(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(text);
    return path;
}

} // namespace

TEST_CASE("Disk validation: the demerit, worked by hand", "[disk][disksim][validate]")
{
    // Sorted, the pairs are (1, 2), (2, 2), (3, 5): sqrt((1 + 0 + 4) / 3).
    CHECK(demeritMs({ 3, 1, 2 }, { 2, 5, 2 }) == Approx(std::sqrt(5.0 / 3)));
    // The same distribution in another order: no distance at all.
    CHECK(demeritMs({ 4, 1, 9 }, { 9, 4, 1 }) == 0);
    CHECK(std::isnan(demeritMs({ 1 }, { 1, 2 })));
}

TEST_CASE("Disk validation: the trace reader names file, line and field", "[disk][disksim][validate]")
{
    QTemporaryDir dir;
    QString error;
    const auto ok = readValidationTrace(writeTemp(dir, "R Hit    1975456   4  15362.00000  56074.00000\nW Miss 8 16 3024.5 0\n"), &error);
    REQUIRE(ok);
    REQUIRE(ok->size() == 2);
    CHECK_FALSE((*ok)[0].write);
    CHECK((*ok)[0].sector == 1975456);
    CHECK((*ok)[0].sectors == 4);
    CHECK((*ok)[0].measuredMs == Approx(15.362));
    CHECK((*ok)[0].gapMs == Approx(56.074));
    CHECK((*ok)[1].write);
    CHECK_FALSE(readValidationTrace(writeTemp(dir, "R Hit 1 4 1.0 1.0\nX Hit 1 4 1.0 1.0\n"), &error));
    CHECK(error.endsWith(QStringLiteral("t.trace:2: field 1: 'X' is not R or W")));
    CHECK_FALSE(readValidationTrace(writeTemp(dir, "R Hit 1 0 1.0 1.0\n"), &error));
    CHECK(error.endsWith(QStringLiteral("t.trace:1: field 4 (sectors): not a valid number")));
    CHECK_FALSE(readValidationTrace(writeTemp(dir, "R Hit 1 4 1.0\n"), &error));
    CHECK(error.endsWith(QStringLiteral("t.trace:1: expected 6 fields (R|W, action, sector, sectors, access us, gap us), found 5")));
    CHECK_FALSE(readValidationTrace(writeTemp(dir, "R Hit 1 4 -1 0\n"), &error));
    CHECK(error.endsWith(QStringLiteral("field 5 (access time): not a valid number")));
    CHECK_FALSE(readValidationTrace(writeTemp(dir, "\n"), &error));
    CHECK(error.endsWith(QStringLiteral("t.trace: no requests")));
}

TEST_CASE("Disk validation: the Cheetah 9LP's trace replayed through its imported preset", "[disk][disksim][validate]")
{
    REQUIRE_VALIDATION(raidscope::test::disksimValidationFile("cheetah9LP.trace"))
    QString error;
    const auto trace = readValidationTrace(raidscope::test::disksimValidationFile("cheetah9LP.trace"), &error);
    REQUIRE(trace);
    // awk '{s += $5} END {print s / NR / 1000}' cheetah9LP.trace: 4.272895 ms over 10000 requests.
    REQUIRE(trace->size() == 10000);
    double mean = 0;
    for (const ValidationRequest& r : *trace)
        mean += r.measuredMs / 10000;
    CHECK(mean == Approx(4.272895).epsilon(1e-6));

    const auto imported = importDiskSim(raidscope::test::disksimValidationFile("cheetah9LP.parv"), &error);
    REQUIRE(imported);
    const auto params = parseDiskParameters(imported->presetJson, &error);
    REQUIRE(params);
    DiskModel disk(*params);
    const auto v = validateDisk(disk, *trace, &error);
    REQUIRE(v);
    CHECK(v->measuredMeanMs == Approx(4.272895).epsilon(1e-6));
    for (double ms : v->simulatedMs)
        REQUIRE(ms > 0);
    // Not a figure to reach, a regression bound: 0.299 ms when first measured, 0.126 ms with DiskSim's
    // controller timing and next-track read-ahead (DiskSim's own: 0.107).
    CHECK(v->demeritMs < 0.2);
    CHECK(v->simulatedMeanMs == Approx(4.27).epsilon(0.1));
}
