// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "job.h"
#include "model/minerva.h"

#include <QJsonObject>
#include <QString>

#include <optional>
#include <stop_token>
#include <vector>

namespace raidscope {

// Minerva's calibration (Merchant & Alvarez, HPL-2001-118, section 2.7) fitted on one set of arrays
// and tested on others it never saw. The "measured" maxima come from RaidScope's simulator (the
// paper measured an FC-30): closed-loop random requests, several outstanding per disk (the paper's
// Table 1: "at least 4 [streams] per disk", as fast as possible).

/// One array and workload: its maximum throughput as simulated, as the uncalibrated model predicts
/// it, and as the calibrated one does.
struct MinervaCalibrationPoint
{
    QString arraySpec; ///< e.g. "raid5 disks=8 chunk=64KiB disk=ibm-9lzx"
    int disks = 0;
    double requestBytes = 0;
    double readFraction = 1;
    bool fitted = false; ///< in the fit set; otherwise held out
    double measuredPerSec = 0; ///< the simulator's completed requests per second
    double uncalibratedPerSec = 0; ///< evaluateMinerva() without a calibration
    double calibratedPerSec = 0; ///< with the fitted calibration; NaN where its factor is not positive
    MinervaInput input; ///< the model's input (one stream; its calibration is the identity)
    /// Minerva Fig. 1's relative error, (measured - predicted) / measured in percent: above 0 the
    /// model is pessimistic.
    double uncalibratedErrorPct() const { return 100 * (measuredPerSec - uncalibratedPerSec) / measuredPerSec; }
    double calibratedErrorPct() const { return 100 * (measuredPerSec - calibratedPerSec) / measuredPerSec; }
};

/// Signed mean, mean of absolute values and largest absolute value of relative errors (percent).
/// A NaN error (a point where the calibrated factor is not positive, so the model has no finite
/// prediction: a quadratic extrapolated far from its fit) is counted in `undefined`, not averaged.
struct MinervaErrorStats
{
    int points = 0; ///< points with an error, undefined ones excluded
    int undefined = 0;
    double meanPct = 0;
    double meanAbsPct = 0;
    double maxAbsPct = 0;
};
MinervaErrorStats minervaErrorStats(const std::vector<double>& errorsPct);

/// The study: which arrays and workloads are fitted, which held out.
struct MinervaCalibrationOptions
{
    QString scheme = QStringLiteral("raid5"); ///< raid5 or raid10 (2 copies): one LU type per calibration
    QString diskPreset = QStringLiteral("ibm-9lzx");
    std::uint64_t chunkBytes = 64 * 1024; ///< the FC-30 validation's stripe unit (Minerva Table 1)
    std::vector<int> fitDisks { 4, 8, 12 };
    std::vector<double> fitSizesKiB { 8, 32, 128 };
    std::vector<double> fitReadFractions { 0, 1 }; ///< §3: calibrated on read-only and write-only streams
    std::vector<int> testDisks { 6, 10 };
    std::vector<double> testSizesKiB { 16, 64 };
    std::vector<double> testReadFractions { 0, 0.5, 1 };
    int outstandingPerDisk = 4;
    std::uint64_t requestsPerDisk = 2000; ///< simulated requests per point, per member disk
    std::uint64_t seed = 27;
    int jobs = 0; ///< parallelFor's
};

struct MinervaCalibrationStudy
{
    MinervaCalibrationOptions options;
    MinervaCalibration calibration; ///< fitted on the fit points only
    std::vector<MinervaCalibrationPoint> points; ///< fit points first, then held-out ones
    MinervaErrorStats fitUncalibrated, fitCalibrated; ///< on the fit points (not a test)
    MinervaErrorStats testUncalibrated, testCalibrated; ///< on the held-out points
};

/// The paper's own figures on the FC-30 (§3: "a mean error of +5.4%, and a range of [-11%, +19%]").
constexpr double kMinervaPaperMeanErrorPct = 5.4;
constexpr double kMinervaPaperMaxErrorPct = 19;

/// Fits the calibration on the points marked `fitted` (their measured maxima only), predicts every
/// point with it and computes the statistics. Points must have measuredPerSec > 0 and an input
/// minervaInputProblem() accepts. nullopt and why when no point is fitted or the fit fails.
std::optional<MinervaCalibrationStudy> calibrateAndTest(
    std::vector<MinervaCalibrationPoint> points, const MinervaCalibrationOptions& options, QString* error);

/// Progress of runMinervaCalibration(): points simulated so far of all.
struct MinervaCalibrationProgress
{
    int done = 0, total = 0;
};

/// Simulates every point of `options` (fit set x read fractions, then test set), then
/// calibrateAndTest(). nullopt and why on a refused spec, a held-out point that is also fitted, an
/// empty fit set, or when stopped (error then empty).
std::optional<MinervaCalibrationStudy> runMinervaCalibration(const MinervaCalibrationOptions& options,
    std::stop_token stop = {}, const Report<MinervaCalibrationProgress>& report = {}, QString* error = nullptr);

/// {"scheme", "disk", "chunkBytes", "calibration": [6], "paper": {"meanErrorPct", "maxErrorPct"},
/// "fit": {"uncalibrated": stats, "calibrated": stats}, "test": {...}, "points": [{"arraySpec",
/// "disks", "requestBytes", "readFraction", "fitted", "measuredPerSec", "uncalibratedPerSec",
/// "calibratedPerSec", "uncalibratedErrorPct", "calibratedErrorPct"}]}; stats: {"points", "meanPct",
/// "meanAbsPct", "maxAbsPct"}.
QJsonObject minervaCalibrationJson(const MinervaCalibrationStudy& study);

} // namespace raidscope
