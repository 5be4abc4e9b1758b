// SPDX-License-Identifier: GPL-3.0-or-later
// Minerva's calibration (HPL-2001-118, 2.7) fitted on one set of arrays and tested on held-out ones.
// The expected values are worked by hand: the uncalibrated maxima from the RAID 1/0 equations (2.3,
// 2.4), the "measurements" made from them with a known calibration quadratic, which the fit must
// then give back.
#include "model/minervacalibration.h"

#include <catch2/catch.hpp>

#include <QJsonArray>

#include <cmath>

using namespace raidscope;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {

// RAID 1/0 of `disks`, 8 ms positioning, 10 MB/s. A read of `kib` KiB keeps one disk busy for
// 8 ms + kib x 1024 / 1e7 s, spread over all disks: max = disks / that (2.4).
MinervaCalibrationPoint raid10Read(int disks, double kib, bool fitted)
{
    MinervaCalibrationPoint p;
    p.disks = disks;
    p.requestBytes = kib * 1024;
    p.readFraction = 1;
    p.fitted = fitted;
    p.input.lu.type = MinervaLuType::Raid10;
    p.input.lu.size = disks;
    p.input.lu.stripeUnitSize = 65536;
    p.input.lu.meanPositionTime = 0.008;
    p.input.lu.transferRate = 1e7;
    MinervaStream s;
    s.requestRate = 1;
    s.requestSize = p.requestBytes;
    s.readProbability = 1;
    p.input.streams = { s };
    return p;
}

double handMax(int disks, double kib) { return disks / (0.008 + kib * 1024 / 1e7); }

// The calibration the "array" has: the model's rates are 1.1 + 0.002 x - 0.01 y + 0.0001 x y times
// too low or high, so the measured maximum is the model's divided by it.
double trueFactor(double kib, int disks) { return 1.1 + 0.002 * kib - 0.01 * disks + 0.0001 * kib * disks; }

std::vector<MinervaCalibrationPoint> study()
{
    std::vector<MinervaCalibrationPoint> points;
    for (int d : { 4, 8, 12 })
        for (double kib : { 8.0, 32.0, 128.0 }) {
            auto p = raid10Read(d, kib, true);
            p.measuredPerSec = handMax(d, kib) / trueFactor(kib, d);
            points.push_back(p);
        }
    for (int d : { 6, 10 })
        for (double kib : { 16.0, 64.0 }) {
            auto p = raid10Read(d, kib, false);
            p.measuredPerSec = handMax(d, kib) / trueFactor(kib, d);
            points.push_back(p);
        }
    return points;
}

} // namespace

TEST_CASE("MinervaCalibration: error statistics worked by hand", "[model][minerva][calibration]")
{
    const MinervaErrorStats s = minervaErrorStats({ 10, -5, 20 });
    CHECK(s.points == 3);
    CHECK_THAT(s.meanPct, WithinAbs(25.0 / 3, 1e-12));
    CHECK_THAT(s.meanAbsPct, WithinAbs(35.0 / 3, 1e-12));
    CHECK(s.maxAbsPct == 20);
    CHECK(minervaErrorStats({}).points == 0);
}

TEST_CASE("MinervaCalibration: the fit gives back a known quadratic and predicts held-out arrays", "[model][minerva][calibration]")
{
    QString error;
    const auto s = calibrateAndTest(study(), {}, &error);
    REQUIRE(s);
    // 1.1 + 0.002 x - 0.01 y + 0.0001 x y: nine fit points on a 3 x 3 grid determine all six terms.
    const std::array<double, 6> expect { 1.1, 0.002, -0.01, 0, 0.0001, 0 };
    for (std::size_t i = 0; i < 6; ++i) {
        CAPTURE(i);
        CHECK_THAT(s->calibration.c[i], WithinAbs(expect[i], 1e-9));
    }
    REQUIRE(s->points.size() == 13u);
    CHECK(s->points[8].fitted);
    CHECK_FALSE(s->points[9].fitted); // fit points first
    for (const auto& p : s->points) {
        CAPTURE(p.disks, p.requestBytes);
        const double kib = p.requestBytes / 1024;
        CHECK_THAT(p.uncalibratedPerSec, WithinRel(handMax(p.disks, kib), 1e-9));
        // measured = M / c, predicted M: (M / c - M) / (M / c) = 1 - c.
        CHECK_THAT(p.uncalibratedErrorPct(), WithinAbs(100 * (1 - trueFactor(kib, p.disks)), 1e-6));
        CHECK_THAT(p.calibratedErrorPct(), WithinAbs(0, 1e-6));
    }
    // Held out, by hand: (6, 16 KiB) c = 1.1 + 0.032 - 0.06 + 0.0096 = 1.0816; (6, 64) 1.2064;
    // (10, 16) 1.048; (10, 64) 1.192: errors -8.16, -20.64, -4.8, -19.2 %, mean -13.2 %.
    CHECK(s->testUncalibrated.points == 4);
    CHECK_THAT(s->testUncalibrated.meanPct, WithinAbs(-13.2, 1e-6));
    CHECK_THAT(s->testUncalibrated.maxAbsPct, WithinAbs(20.64, 1e-6));
    CHECK_THAT(s->testCalibrated.maxAbsPct, WithinAbs(0, 1e-6));
}

TEST_CASE("MinervaCalibration: held-out measurements never reach the fit", "[model][minerva][calibration]")
{
    QString error;
    auto points = study();
    const auto before = calibrateAndTest(points, {}, &error);
    for (auto& p : points)
        if (!p.fitted)
            p.measuredPerSec *= 3;
    const auto after = calibrateAndTest(points, {}, &error);
    REQUIRE(before);
    REQUIRE(after);
    CHECK(before->calibration.c == after->calibration.c);
    // Predictions stay; the held-out measurements tripled: error (3M - M) / 3M = 2/3 more pessimistic.
    CHECK_THAT(after->testCalibrated.meanPct, WithinAbs(100.0 * 2 / 3, 1e-6));
    for (auto& p : points)
        p.fitted = false;
    CHECK_FALSE(calibrateAndTest(points, {}, &error));
    CHECK(error.contains(QStringLiteral("fit set")));
}

TEST_CASE("MinervaCalibration: simulated arrays, one fitted and one held out", "[model][minerva][calibration]")
{
    // A small run of the real pipeline: RAID 1/0 of 4 disks, 8 KiB reads fitted; 16 KiB reads held
    // out. One fit point is matched exactly by the minimum-norm quadratic (any factor at one (x, y)
    // is reachable), so its calibrated error is 0; the held-out one is a prediction.
    MinervaCalibrationOptions o;
    o.scheme = QStringLiteral("raid10");
    o.fitDisks = { 4 };
    o.fitSizesKiB = { 8 };
    o.fitReadFractions = { 1 };
    o.testDisks = { 4 };
    o.testSizesKiB = { 16 };
    o.testReadFractions = { 1 };
    o.requestsPerDisk = 300;
    o.jobs = 1;
    QString error;
    const auto s = runMinervaCalibration(o, {}, {}, &error);
    INFO(error.toStdString());
    REQUIRE(s);
    REQUIRE(s->points.size() == 2u);
    CHECK(s->points[0].arraySpec == u"raid10 disks=4 chunk=64KiB disk=ibm-9lzx layout=near copies=2");
    CHECK(s->points[0].measuredPerSec > 0);
    CHECK_THAT(s->points[0].calibratedErrorPct(), WithinAbs(0, 1e-6));
    CHECK(s->testCalibrated.points == 1);
    // Larger reads take longer: the simulated maximum falls from 8 to 16 KiB.
    CHECK(s->points[1].measuredPerSec < s->points[0].measuredPerSec);
    const QJsonObject json = minervaCalibrationJson(*s);
    CHECK(json.value(QStringLiteral("paper")).toObject().value(QStringLiteral("meanErrorPct")).toDouble() == 5.4);
    CHECK(json.value(QStringLiteral("points")).toArray().size() == 2);
}

TEST_CASE("MinervaCalibration: where the quadratic turns non-positive there is no prediction", "[model][minerva][calibration]")
{
    // The array's factor falls with the disks: 1.5 - 0.1 y (1.1, 0.7, 0.3 at 4, 8, 12 disks). Held
    // out at 16 disks it would be -0.1: the calibrated model has no finite maximum there.
    std::vector<MinervaCalibrationPoint> points;
    for (int d : { 4, 8, 12 })
        for (double kib : { 8.0, 32.0, 128.0 }) {
            auto p = raid10Read(d, kib, true);
            p.measuredPerSec = handMax(d, kib) / (1.5 - 0.1 * d);
            points.push_back(p);
        }
    auto far = raid10Read(16, 32, false);
    far.measuredPerSec = handMax(16, 32);
    points.push_back(far);
    auto near = raid10Read(10, 32, false); // factor 0.5 by hand: predicted = measured
    near.measuredPerSec = handMax(10, 32) / 0.5;
    points.push_back(near);
    QString error;
    const auto s = calibrateAndTest(points, {}, &error);
    REQUIRE(s);
    CHECK_THAT(s->calibration.at(32 * 1024, 16), WithinAbs(-0.1, 1e-9));
    CHECK(s->testCalibrated.points == 1);
    CHECK(s->testCalibrated.undefined == 1);
    CHECK_THAT(s->testCalibrated.maxAbsPct, WithinAbs(0, 1e-6));
    CHECK(std::isnan(s->points[9].calibratedPerSec));
    const QJsonObject json = minervaCalibrationJson(*s);
    CHECK(json.value(QStringLiteral("points")).toArray().at(9).toObject().value(QStringLiteral("calibratedPerSec")).isNull());
    CHECK(json.value(QStringLiteral("test")).toObject().value(QStringLiteral("calibrated")).toObject().value(QStringLiteral("undefined")).toInt() == 1);
}
