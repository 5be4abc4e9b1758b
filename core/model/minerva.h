// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QString>

#include <array>
#include <optional>
#include <vector>

namespace raidscope {

struct ArraySpec;
class TraceSummary;

// Minerva's analytical throughput model of a disk array LU (Merchant & Alvarez, "Disk Array Models
// in Minerva", HPL-2001-118, section 2). Units as the paper's JSON names them: sizes in bytes,
// times in seconds, rates per second.

/// §2.1: an ON-OFF stream. While ON, Poisson arrivals of `requestRate` requests of mean
/// `requestSize`, reads with `readProbability`, in sequential runs of mean `runCount` requests.
struct MinervaStream
{
    double requestRate = 0;
    double requestSize = 0;
    double readProbability = 1;
    double runCount = 1;
    double onTime = 0;  ///< mean ON period (s)
    double offTime = 0; ///< mean OFF period (s); 0: always ON
    /// §2.1 p_ij for this stream i: p[j] is the probability that stream j is ON when this one
    /// switches ON (p[i] is not used). Empty: independent streams, p[j] = on_j / (on_j + off_j).
    std::vector<double> p;
    bool phased() const { return offTime > 0; }
};

enum class MinervaLuType { Raid10, Raid1, Raid5 };

/// §2.7: calibration(request_size, LU_size) = c0 + c1 x + c2 y + c3 x^2 + c4 x y + c5 y^2, with x the
/// request size in KiB and y the LU's disks; every request rate is multiplied by it. The identity
/// (1, 0, ...) leaves the model as the equations give it.
struct MinervaCalibration
{
    std::array<double, 6> c { 1, 0, 0, 0, 0, 0 };
    double at(double requestSizeBytes, int luSize) const
    {
        const double x = requestSizeBytes / 1024, y = luSize;
        return c[0] + c[1] * x + c[2] * y + c[3] * x * x + c[4] * x * y + c[5] * y * y;
    }
    bool isIdentity() const { return c == std::array<double, 6> { 1, 0, 0, 0, 0, 0 }; }
};

struct MinervaLu
{
    MinervaLuType type = MinervaLuType::Raid5;
    int size = 0;                       ///< LU_size: disks in the LU
    double stripeUnitSize = 0;          ///< bytes
    double meanPositionTime = 0;        ///< a random request's seek and rotation (s)
    double transferRate = 0;            ///< bytes/s
    double maxControllerBandwidth = 0;  ///< bytes/s through controllers and interconnect; 0: no limit
    double maxControllerThroughput = 0; ///< requests/s; 0: no limit
    MinervaCalibration calibration;
};

/// Where the paper's prose and its equations disagree, the equations by default.
struct MinervaOptions
{
    /// A RAID 5 write run below a stripe unit: the equations' 1 + 2L/su disks written and read, of
    /// 2L / that many bytes each, or the prose's two reads and two writes of L bytes.
    enum class Raid5SmallWrite { Equations, TwoOps } raid5SmallWrite = Raid5SmallWrite::Equations;
    /// Bytes written per disk: eq. 5 (data written / (1 + data written / su), without eq. 4's cap at
    /// LU_size disks), or data written / eq. 4's (capped) disks written.
    enum class Raid5WriteSize { Eq5, PerDisk } raid5WriteSize = Raid5WriteSize::Eq5;
};

struct MinervaInput
{
    MinervaLu lu;
    std::vector<MinervaStream> streams;
    MinervaOptions options;
};

/// The constraints at the streams' rates (the worst of §2.6's checks when streams are phased).
/// Each is linear in a common scale of all request rates, so the scale at which the first reaches
/// 1 is 1 / the largest.
struct MinervaResult
{
    double utilization = 0;           ///< the largest of the three
    double diskUtilization = 0;       ///< eq. 3, any disk (all are loaded alike)
    double controllerBandwidthUtilization = 0; ///< eq. 1; 0 without a limit
    double controllerThroughputUtilization = 0; ///< eq. 2; 0 without a limit
    QString binding;                  ///< "disk", "controller_bandwidth" or "controller_throughput"
    bool feasible = false;            ///< utilization < 1
    double maxScale = 0;              ///< 1 / utilization: how far every rate can grow
    double maxRequestRate = 0;        ///< maxScale x the streams' summed request rate
    int phase = -1;                   ///< the stream whose switching ON is the binding check; -1: all ON
};

/// Checks `input` (lu.size, rates, sizes, probabilities, p rows) and says which field is wrong and why.
QString minervaInputProblem(const MinervaInput& input);
/// The model; `input` must pass minervaInputProblem().
MinervaResult evaluateMinerva(const MinervaInput& input);

/// §2.5's per-disk rates and sizes of one RAID 5 stream at request rate `rate` (reads and writes
/// at a disk, each a coalesced run: disk run count 1). Exposed for tests and the Models page.
struct MinervaRaid5Disk
{
    double readRate = 0, readSize = 0;
    double writeRate = 0, writeSize = 0;
    double disksReadPerReadRun = 0, disksWrittenPerWriteRun = 0, disksReadPerWriteRun = 0;
    double dataWrittenPerWriteRun = 0, dataReadPerWriteRun = 0;
};
MinervaRaid5Disk minervaRaid5Disk(const MinervaStream& s, double rate, const MinervaLu& lu, const MinervaOptions& options);

/// §2.7: a measured maximum throughput of a workload on an LU, to calibrate the model with.
struct MinervaMeasurement
{
    MinervaInput input;      ///< its calibration is ignored
    double maxRequestRate = 0; ///< measured, requests/s
};
/// The calibration quadratic fitted by least squares to the measurements (one LU type): each one
/// asks for the factor (uncalibrated maximum / measured maximum) at its rate-weighted mean request
/// size and LU size. Rank-deficient designs (one LU size, one request size) get the minimum-norm
/// solution. nullopt and why for no measurements or a non-positive measured rate.
std::optional<MinervaCalibration> fitMinervaCalibration(const std::vector<MinervaMeasurement>& measurements, QString* error);

/// The parameter a sweep varies, for every stream at once (the axes of the paper's Table 1).
enum class MinervaAxis { ReadProbability, RequestSize, RunCount };
/// The model at each of `values` of `axis` (set on every stream; the rest of `input` as it is).
std::vector<MinervaResult> minervaSweep(const MinervaInput& input, MinervaAxis axis, const std::vector<double>& values);

/// An array spec as a Minerva LU: raid10 (2 copies, md near) and raid1 of 2 disks as RAID 1/0, raid5
/// as RAID 5; the chunk as the stripe unit; the disk preset's positioning and transfer rate as the
/// stripe-size advisor derives them (driveFigures()). nullopt and why for other schemes.
std::optional<MinervaLu> minervaLuFromArray(const ArraySpec& spec, QString* error);
/// A trace's workload as one stream: its request rate over its duration, mean size, read share and
/// run count (Minerva §2.1: requests per sequential run). nullopt and why without requests or time.
std::optional<MinervaStream> minervaStreamFromTrace(const TraceSummary& summary, QString* error);

/// `model throughput` JSON: {"lu": {...}, "streams": [...], "options"?: {...}} read strictly (every
/// problem names its field); and the result's keys.
std::optional<MinervaInput> minervaInputFromJson(const QJsonObject& json, QString* error);
QJsonObject minervaResultJson(const MinervaResult& result);
/// The input as `model throughput` reads it (minervaInputFromJson() of it gives it back).
QJsonObject minervaInputJson(const MinervaInput& input);

} // namespace raidscope
