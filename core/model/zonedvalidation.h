// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/zonedraid.h"
#include "model/zonedsimulation.h"

#include <QJsonObject>
#include <QString>

#include <cstdint>
#include <optional>
#include <vector>

namespace raidscope {

// Section 4 of Lebrecht, Dingle & Knottenbelt, "Modelling and Validation of Response Times in Zoned
// RAID": 4 disks, 128 KiB stripe units, the ST3500630NS drive (preset st3500630ns), Poisson arrivals,
// every request starting at a stripe boundary. Tables 1-3 as printed, our model and our simulator
// on the same rows, and the mean absolute relative error of each against the measured means.

/// A mean and variance as the paper prints them (ms, ms^2); `saturated`: "sat." (Table 3) or, for
/// our model and the simulator, a disk at utilization >= 1 (the figures are then meaningless).
struct ZonedMeanVariance
{
    double meanMs = 0;
    double varianceMs2 = 0;
    bool saturated = false;
};

/// One row of the paper's Tables 1-3, transcribed exactly (Table 1's 0.01/13-block mean is printed
/// 64.16 and kept so).
struct ZonedPaperRow
{
    int table = 0; ///< 1: RAID 5 writes; 2: RAID 01 mixed; 3: RAID 5 mixed
    double ratePerMs = 0; ///< lambda, requests per ms
    int blocks = 0; ///< b, stripe units per request
    double readFraction = 0; ///< 0 in Table 1
    ZonedMeanVariance measured;
    /// The paper's model columns: Table 1 single class, multiclass, priority; Tables 2-3 one column
    /// (the single-class write model, 4.3.2).
    std::vector<ZonedMeanVariance> model;
};

/// Tables 1-3: 24 rows, then 30 (10 x 3 read shares), then 30, in the paper's order (lambda, blocks,
/// then 25/50/75 % reads).
const std::vector<ZonedPaperRow>& zonedPaperTables();

/// The write models a table's model columns stand for, in column order.
std::vector<ZonedRaidRequest::WriteModel> zonedTableWriteModels(int table);
/// The request of a row for one write model: 4 disks, 128 KiB, st3500630ns.
ZonedRaidRequest zonedPaperRequest(const ZonedPaperRow& row, ZonedRaidRequest::WriteModel model);

/// The simulator's array and workload for a row: RAID 5 as "raid5 disks=4 chunk=128KiB
/// disk=st3500630ns" (md left-symmetric, read-modify-write or reconstruct-write per row as the
/// model's 3.1.1 split); RAID 01 as md raid10 near with 2 copies (mirrored pairs striped: each block on
/// two disks, consecutive blocks on the other pair, the placement of RAID 0+1 up to a renaming of
/// disks). Open-loop Poisson arrivals at lambda x 1000 per second, b x 128 KiB, aligned to a stripe
/// (align=: 384 KiB for RAID 5, 256 KiB for RAID 01), `count` requests.
using ZonedSimulationSpec = ZonedRaidSimulation; // core/model/zonedsimulation.h
ZonedSimulationSpec zonedValidationSimulationSpec(const ZonedPaperRow& row, std::uint64_t count);

/// One model column compared.
struct ZonedModelComparison
{
    ZonedRaidRequest::WriteModel writeModel = ZonedRaidRequest::WriteModel::SingleClass;
    ZonedMeanVariance paper; ///< the paper's model column
    std::optional<ZonedMeanVariance> ours; ///< evaluateZonedRaid(); empty when this write model was not asked for
    double utilization = 0; ///< our model's largest queue utilization
};

struct ZonedValidationRow
{
    ZonedPaperRow paper;
    std::vector<ZonedModelComparison> models; ///< one per paper model column, same order
    std::optional<ZonedMeanVariance> simulated; ///< when simulated; saturated: a disk busy >= 99 %
    double simulatedUtilization = 0; ///< the busiest disk's
    QString arraySpec, workloadSpec; ///< what the simulator ran (empty when not simulated)
    double overheadMs = 0; ///< the per-access overhead our model used
    int fitTable = 0; ///< the table the overhead was estimated from (0: none); its rows are fitted
};

struct ZonedValidationOptions
{
    bool simulate = false;
    int jobs = 0; ///< parallelFor's: 0 all threads, 1 the calling thread only
    std::uint64_t simulatedRequests = 100000; ///< per row, as the paper issued
    /// Our model's write models to evaluate (Table 1; Tables 2-3 use the single class). The priority
    /// model takes 1-2.5 s a row against about 0.1 s for the others.
    std::vector<ZonedRaidRequest::WriteModel> writeModels { ZonedRaidRequest::WriteModel::SingleClass,
        ZonedRaidRequest::WriteModel::Multiclass, ZonedRaidRequest::WriteModel::Priority };
    std::vector<int> rows; ///< indices into zonedPaperTables(); empty: all
    /// Our model's per-access overhead (ZonedRaidRequest::overheadMs) on every row; ignored when
    /// fitTable is set.
    double overheadMs = 0;
    /// 1-3: estimate overheadMs from that table's measured means alone (fitZonedOverheadMs()), then
    /// evaluate every row with it; that table's errors are then fitted, not tested. 0: no fit.
    int fitTable = 0;
    /// How our model reads the Appendix's and 3.1.1's full turn (ZonedRaidRequest::FullTurn).
    ZonedRaidRequest::FullTurn fullTurn = ZonedRaidRequest::FullTurn::Reposition;
};

/// The overhead in [0, maxMs] that minimises the mean absolute relative error of our single-class
/// model's means against one table's measured means (rows measured as saturated left out): a grid
/// of 0.1 ms, then golden-section search in the best cell to 0.001 ms. The paper's model has no
/// such time (0); a fit at 0 says the table asks for none.
double fitZonedOverheadMs(int table, int jobs, double maxMs = 5,
    ZonedRaidRequest::FullTurn fullTurn = ZonedRaidRequest::FullTurn::Reposition);

/// Every row of zonedPaperTables() (or those asked for) evaluated by our model and, when simulating,
/// by the simulator, one row per task on `jobs` threads (parallelFor). Throws std::runtime_error if
/// the simulator refuses a spec (a bug, not an input problem).
std::vector<ZonedValidationRow> zonedValidation(const ZonedValidationOptions& options);
/// All rows, all write models; `simulate`: 100 000 simulated requests a row.
std::vector<ZonedValidationRow> zonedValidation(bool simulate, int jobs);

/// The mean absolute relative error of means against the measured column, in percent, over the
/// rows the paper did not measure as saturated; rows an estimate calls saturated are left out of
/// that estimate's error and listed.
struct ZonedValidationSummary
{
    struct Model
    {
        ZonedRaidRequest::WriteModel writeModel = ZonedRaidRequest::WriteModel::SingleClass;
        double paperErrorPct = 0; ///< the paper's model column against measured (over the rows given)
        std::optional<double> ourErrorPct; ///< ours against measured; empty when not evaluated
        int ourRows = 0; ///< rows in ourErrorPct
        std::vector<int> ourSaturated; ///< indices into the rows: measured, but saturated in our model
    };
    int table = 0;
    bool fitted = false; ///< our model's overhead was estimated from this table: its error is not a test
    QString title; ///< "RAID 5 writes", "RAID 01 mixed", "RAID 5 mixed"
    int rows = 0; ///< all the table's rows
    int measuredSaturated = 0; ///< "sat." rows, excluded from every error
    std::vector<Model> models;
    std::optional<double> simulatorErrorPct; ///< when simulated
    int simulatorRows = 0;
    std::vector<int> simulatorSaturated; ///< indices into the rows
};
std::vector<ZonedValidationSummary> zonedValidationSummary(const std::vector<ZonedValidationRow>& rows);

/// Mean absolute relative error, percent, of `estimate` against `measured` (pairs skipped where
/// either is saturated); nullopt when no pair is left.
std::optional<double> meanAbsoluteRelativeErrorPct(
    const std::vector<ZonedMeanVariance>& measured, const std::vector<ZonedMeanVariance>& estimate);

/// "single", "multiclass", "priority".
QString zonedWriteModelName(ZonedRaidRequest::WriteModel model);

/// {"overheadMs", "fitTable" (0: none), "rows": [{"table", "rate" (requests/s), "ratePerMs", "blocks", "readFraction", "measured":
/// {"meanMs", "varianceMs2"} | "saturated", "models": [{"writeModel", "paper": {...}, "ours"?: {...},
/// "utilization"?}], "simulated"?: {...}, "simulatedUtilization"?, "arraySpec"?, "workloadSpec"?}],
/// "summary": [{"table", "fitted", "title", "rows", "measuredSaturated", "models": [{"writeModel",
/// "paperErrorPct", "ourErrorPct" (null if not evaluated), "ourRows", "ourSaturatedRows": [row indices]}],
/// "simulatorErrorPct"?, "simulatorRows"?, "simulatorSaturatedRows"?}]}; a saturated mean-variance
/// pair is the string "saturated".
QJsonObject zonedValidationJson(const std::vector<ZonedValidationRow>& rows);

} // namespace raidscope
