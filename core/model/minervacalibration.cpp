// SPDX-License-Identifier: GPL-3.0-or-later
// Minerva's calibration (Merchant & Alvarez, HPL-2001-118, section 2.7) fitted on simulated arrays of
// one set of sizes and disk counts and tested on held-out ones.
#include "minervacalibration.h"

#include "layout/arrayspec.h"
#include "parallel.h"
#include "sim/arraysimulator.h"
#include "sim/workload.h"
#include "units.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>

namespace raidscope {

MinervaErrorStats minervaErrorStats(const std::vector<double>& errorsPct)
{
    MinervaErrorStats s;
    for (double e : errorsPct) {
        if (!std::isfinite(e)) {
            ++s.undefined;
            continue;
        }
        ++s.points;
        s.meanPct += e;
        s.meanAbsPct += std::abs(e);
        s.maxAbsPct = std::max(s.maxAbsPct, std::abs(e));
    }
    if (s.points > 0) {
        s.meanPct /= s.points;
        s.meanAbsPct /= s.points;
    }
    return s;
}

std::optional<MinervaCalibrationStudy> calibrateAndTest(
    std::vector<MinervaCalibrationPoint> points, const MinervaCalibrationOptions& options, QString* error)
{
    std::vector<MinervaMeasurement> fit;
    for (const MinervaCalibrationPoint& p : points)
        if (p.fitted)
            fit.push_back({ p.input, p.measuredPerSec });
    if (fit.empty()) {
        *error = QStringLiteral("calibration: no point is in the fit set");
        return std::nullopt;
    }
    const auto calibration = fitMinervaCalibration(fit, error);
    if (!calibration)
        return std::nullopt;
    MinervaCalibrationStudy study;
    study.options = options;
    study.calibration = *calibration;
    std::vector<double> fitU, fitC, testU, testC;
    for (MinervaCalibrationPoint& p : points) {
        MinervaInput in = p.input;
        in.lu.calibration = {};
        p.uncalibratedPerSec = evaluateMinerva(in).maxRequestRate;
        in.lu.calibration = *calibration;
        double rate = 0, bytes = 0; // the factor is asked at the rate-weighted size, as the fit does
        for (const MinervaStream& st : in.streams) {
            rate += st.requestRate;
            bytes += st.requestRate * st.requestSize;
        }
        const double factor = calibration->at(rate > 0 ? bytes / rate : in.streams.front().requestSize, in.lu.size);
        p.calibratedPerSec = factor > 0 ? evaluateMinerva(in).maxRequestRate : std::nan("");
        (p.fitted ? fitU : testU).push_back(p.uncalibratedErrorPct());
        (p.fitted ? fitC : testC).push_back(p.calibratedErrorPct());
    }
    std::stable_partition(points.begin(), points.end(), [](const MinervaCalibrationPoint& p) { return p.fitted; });
    study.points = std::move(points);
    study.fitUncalibrated = minervaErrorStats(fitU);
    study.fitCalibrated = minervaErrorStats(fitC);
    study.testUncalibrated = minervaErrorStats(testU);
    study.testCalibrated = minervaErrorStats(testC);
    return study;
}

std::optional<MinervaCalibrationStudy> runMinervaCalibration(const MinervaCalibrationOptions& options,
    std::stop_token stop, const Report<MinervaCalibrationProgress>& report, QString* error)
{
    QString localError;
    QString& why = error ? *error : localError;
    struct Case
    {
        int disks;
        double sizeKiB, read;
        bool fitted;
    };
    std::vector<Case> cases;
    for (int pass = 0; pass < 2; ++pass) {
        const bool fitted = pass == 0;
        for (int d : fitted ? options.fitDisks : options.testDisks)
            for (double kib : fitted ? options.fitSizesKiB : options.testSizesKiB)
                for (double read : fitted ? options.fitReadFractions : options.testReadFractions)
                    cases.push_back({ d, kib, read, fitted });
    }
    for (const Case& t : cases)
        for (const Case& f : cases)
            if (!t.fitted && f.fitted && t.disks == f.disks && t.sizeKiB == f.sizeKiB && t.read == f.read) {
                why = QStringLiteral("a held-out point (%1 disks, %2 KiB, reads %3) is also in the fit set")
                          .arg(t.disks)
                          .arg(t.sizeKiB)
                          .arg(t.read);
                return std::nullopt;
            }
    if (cases.empty() || std::none_of(cases.begin(), cases.end(), [](const Case& c) { return c.fitted; })) {
        why = QStringLiteral("calibration: no point is in the fit set");
        return std::nullopt;
    }
    if (options.scheme != u"raid5" && options.scheme != u"raid10") {
        why = QStringLiteral("scheme: raid5 or raid10, not %1").arg(options.scheme);
        return std::nullopt;
    }
    std::vector<MinervaCalibrationPoint> points(cases.size());
    std::vector<QString> problems(cases.size());
    Throttle throttle(std::chrono::milliseconds(100));
    parallelFor(int(cases.size()), options.jobs, [&](int i) {
        if (stop.stop_requested())
            return;
        const Case& c = cases[std::size_t(i)];
        MinervaCalibrationPoint& p = points[std::size_t(i)];
        QString& problem = problems[std::size_t(i)];
        p.disks = c.disks;
        p.requestBytes = c.sizeKiB * 1024;
        p.readFraction = c.read;
        p.fitted = c.fitted;
        // RAID 1/0 as md raid10 near with 2 copies (mirrored pairs striped), as minervaLuFromArray() reads it.
        p.arraySpec = QStringLiteral("%1 disks=%2 chunk=%3 disk=%4%5")
                          .arg(options.scheme)
                          .arg(c.disks)
                          .arg(formatBytes(options.chunkBytes), options.diskPreset,
                              options.scheme == u"raid10" ? QStringLiteral(" layout=near copies=2") : QString());
        const auto spec = parseArraySpec(p.arraySpec, &problem);
        if (!spec)
            return;
        const auto lu = minervaLuFromArray(*spec, &problem);
        if (!lu)
            return;
        p.input.lu = *lu;
        MinervaStream s;
        s.requestRate = 1; // the model's maximum does not depend on it (every constraint is linear in the rates)
        s.requestSize = p.requestBytes;
        s.readProbability = c.read;
        s.runCount = 1;
        p.input.streams = { s };
        auto sim = ArraySimulator::create(p.arraySpec, &problem);
        if (!sim)
            return;
        const QString workload = QStringLiteral("random read=%1 size=%2 outstanding=%3 count=%4 seed=%5")
                                     .arg(QString::number(c.read, 'g', 6), formatBytes(std::uint64_t(p.requestBytes)))
                                     .arg(options.outstandingPerDisk * c.disks)
                                     .arg(options.requestsPerDisk * std::uint64_t(c.disks))
                                     .arg(options.seed + std::uint64_t(i));
        const auto w = parseWorkloadSpec(workload, &problem);
        if (!w || !sim->checkWorkload(*w, &problem))
            return;
        const SimResult r = sim->run(*w, stop);
        p.measuredPerSec = r.iops();
        if (!(p.measuredPerSec > 0) && !stop.stop_requested())
            problem = QStringLiteral("%1 with %2: no request completed").arg(p.arraySpec, workload);
    }, [&](int i) { // one call at a time, in order
        if (report && throttle.due())
            report(std::make_shared<const MinervaCalibrationProgress>(MinervaCalibrationProgress { i + 1, int(cases.size()) }));
    });
    if (stop.stop_requested()) {
        why.clear();
        return std::nullopt;
    }
    for (std::size_t i = 0; i < problems.size(); ++i)
        if (!problems[i].isEmpty()) {
            why = problems[i];
            return std::nullopt;
        }
    if (report)
        report(std::make_shared<const MinervaCalibrationProgress>(MinervaCalibrationProgress { int(cases.size()), int(cases.size()) }));
    return calibrateAndTest(std::move(points), options, &why);
}

namespace {
    QJsonObject statsJson(const MinervaErrorStats& s)
    {
        return { { QStringLiteral("points"), s.points }, { QStringLiteral("undefined"), s.undefined },
        { QStringLiteral("meanPct"), s.meanPct },
            { QStringLiteral("meanAbsPct"), s.meanAbsPct }, { QStringLiteral("maxAbsPct"), s.maxAbsPct } };
    }
} // namespace

QJsonObject minervaCalibrationJson(const MinervaCalibrationStudy& study)
{
    QJsonArray c;
    for (double x : study.calibration.c)
        c.append(x);
    QJsonArray points;
    for (const MinervaCalibrationPoint& p : study.points)
        points.append(QJsonObject { { QStringLiteral("arraySpec"), p.arraySpec }, { QStringLiteral("disks"), p.disks },
            { QStringLiteral("requestBytes"), p.requestBytes }, { QStringLiteral("readFraction"), p.readFraction },
            { QStringLiteral("fitted"), p.fitted }, { QStringLiteral("measuredPerSec"), p.measuredPerSec },
            { QStringLiteral("uncalibratedPerSec"), p.uncalibratedPerSec },
            { QStringLiteral("calibratedPerSec"), std::isfinite(p.calibratedPerSec) ? QJsonValue(p.calibratedPerSec) : QJsonValue() },
            { QStringLiteral("uncalibratedErrorPct"), p.uncalibratedErrorPct() },
            { QStringLiteral("calibratedErrorPct"),
                std::isfinite(p.calibratedErrorPct()) ? QJsonValue(p.calibratedErrorPct()) : QJsonValue() } });
    return { { QStringLiteral("scheme"), study.options.scheme }, { QStringLiteral("disk"), study.options.diskPreset },
        { QStringLiteral("chunkBytes"), double(study.options.chunkBytes) }, { QStringLiteral("calibration"), c },
        { QStringLiteral("paper"),
            QJsonObject { { QStringLiteral("meanErrorPct"), kMinervaPaperMeanErrorPct },
                { QStringLiteral("maxErrorPct"), kMinervaPaperMaxErrorPct } } },
        { QStringLiteral("fit"),
            QJsonObject { { QStringLiteral("uncalibrated"), statsJson(study.fitUncalibrated) },
                { QStringLiteral("calibrated"), statsJson(study.fitCalibrated) } } },
        { QStringLiteral("test"),
            QJsonObject { { QStringLiteral("uncalibrated"), statsJson(study.testUncalibrated) },
                { QStringLiteral("calibrated"), statsJson(study.testCalibrated) } } },
        { QStringLiteral("points"), points } };
}

} // namespace raidscope
