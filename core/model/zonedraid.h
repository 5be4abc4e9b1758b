// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "laplaceinversion.h"

#include <QJsonObject>
#include <QString>

#include <complex>
#include <cstdint>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

namespace raidscope {

struct DiskParameters;

// The zoned-RAID response-time model (Lebrecht, Dingle & Knottenbelt, "Modelling and Validation of
// Response Times in Zoned RAID", sections 2.1-2.5, 3 and the Appendix). Units as the paper's:
// milliseconds, requests per millisecond. Every function here is pure and thread-safe.

/// §2.1: the parts of a zoned disk's service time X = S + R + T_k, each independent of the others.
/// S: the seek between two requests whose locations are drawn independently and uniformly over the
/// disk's sectors (so outer, larger cylinders are likelier), timed by the preset's seek curve. R:
/// rotational latency, uniform over one revolution. T_k: k stripe units passing under the head at
/// the sector time of a zone drawn with probability proportional to its capacity (head and cylinder
/// switches during a transfer are not modelled, as in the paper).
class ZonedDiskService
{
public:
    /// nullopt and why for a solid-state disk, a block smaller than a sector, or missing figures.
    static std::optional<ZonedDiskService> fromParameters(
        const DiskParameters& disk, std::uint64_t blockBytes, QString* error = nullptr);
    /// The same for a built-in preset (resources/disks/<id>.json).
    static std::optional<ZonedDiskService> fromPreset(
        const QString& presetId, std::uint64_t blockBytes, QString* error = nullptr);

    double rotationMs() const { return m_rotationMs; } ///< R_max, one revolution
    /// E[S^k], k = 1..3, for the read (or write) seek curve.
    double seekMoment(int k, bool write) const;
    /// E[R^k] = R_max^k / (k + 1).
    double rotationMoment(int k) const;
    /// E[T_blocks^k]; `blocks` may be fractional (the Appendix's T_{b/n}). T includes overheadMs().
    double transferMoment(int k, double blocks) const;

    /// Laplace-Stieltjes transforms E[e^{-sS}], E[e^{-sR}], E[e^{-sT}].
    std::complex<double> seekLst(std::complex<double> s, bool write) const;
    std::complex<double> rotationLst(std::complex<double> s) const;
    std::complex<double> transferLst(std::complex<double> s, double blocks) const;

    /// Seek-time atoms: probability of the seek time `k x seekStepMs()` (read or write curve).
    const std::vector<double>& seekAtoms(bool write) const { return write ? m_writeSeek : m_readSeek; }
    double seekStepMs() const { return m_seekStepMs; }
    /// T_1's zones: (probability, ms per block), without the overhead.
    const std::vector<std::pair<double, double>>& zoneTransfers() const { return m_zoneSectorMs; }

    /// A fixed time added to every disk access (every subtask's service), in ms: the command time of
    /// the drive and controller, which the paper's model leaves out (0 there). It rides on T, so
    /// T_blocks = blocks x (a zone's ms per block) + overheadMs().
    double overheadMs() const { return m_overheadMs; }
    ZonedDiskService withOverheadMs(double overheadMs) const
    {
        ZonedDiskService z = *this;
        z.m_overheadMs = overheadMs;
        return z;
    }

private:
    ZonedDiskService() = default;
    double m_rotationMs = 0;
    double m_overheadMs = 0;
    double m_seekStepMs = 0;
    std::vector<double> m_readSeek, m_writeSeek; // probabilities on a uniform time grid
    std::vector<std::pair<double, double>> m_zoneSectorMs; // (probability, ms per block) per zone
};

/// One way a disk serves a subtask: positioning, then `blocks` stripe units. A service-time
/// distribution is a mixture of these (the Appendix's averaged rates read as mixtures: a rate
/// 1 / ((b (E[R]+E[S]) + R_max) / (b+1) + E[T_1]) is "seek and rotate with probability b/(b+1),
/// wait a full turn with probability 1/(b+1), then transfer one block").
struct ServicePart
{
    enum class Positioning { SeekAndRotation, FullRotation, None };
    double weight = 1; ///< probability of this part in its mixture
    Positioning positioning = Positioning::SeekAndRotation;
    double writeSeekFraction = 0; ///< the seek comes from the write curve with this probability
    double blocks = 1; ///< T_blocks
};
using ServiceMix = std::vector<ServicePart>;

/// E[X^k], k = 1..3, and E[e^{-sX}] of a service mixture on a disk.
double serviceMoment(const ZonedDiskService& disk, const ServiceMix& mix, int k);
std::complex<double> serviceLst(const ZonedDiskService& disk, const ServiceMix& mix, std::complex<double> s);

/// §2.1: the Pollaczek-Khinchine transform of an M/G/1 queue's response (sojourn) time,
/// W*(s) = (1 - rho) s X*(s) / (s - lambda (1 - X*(s))), rho = lambda E[X] < 1.
std::complex<double> pollaczekKhinchine(
    std::complex<double> s, double arrivalPerMs, double serviceMeanMs, std::complex<double> serviceLstAtS);

/// §2.5 eq. 2: response-time LST of the high-priority class 0 of a two-class non-preemptive M/G/1.
std::complex<double> priorityHighLst(std::complex<double> s, double lambda0, double lambda1, double rho,
    std::complex<double> x0AtS, std::complex<double> x1AtS);
/// §2.5 eq. 3: the low-priority class 1's waiting-time LST (multiply by the job's own service LST
/// for its response time). M*(s) = X0*(s + lambda0 (1 - M*(s))) is solved by fixed-point iteration.
/// The printed eq. 3's denominator "lambda1 (X1*(s) + lambda0 (1 - M*(s))) - 1 + s" is read as
/// lambda1 X1*(s + lambda0 (1 - M*(s))) - lambda1 + s (Conway, Maxwell & Miller; Harrison 2000), the
/// form that makes W1*(0) = 1.
std::complex<double> priorityLowWaitLst(std::complex<double> s, double lambda0, double lambda1, double rho,
    const LaplaceTransform& x0, const LaplaceTransform& x1);

/// A response-time distribution built from single-queue response-time transforms: a mixture (eq. 1)
/// of terms, each a fork-join maximum (§2.2: the product of independent queues' cdfs, each raised to
/// the number of queues alike) evaluated at t / timeScale (§3.1's P(2W <= t) is timeScale 2).
class ResponseMixture
{
public:
    /// The queue's response-time LST (of the density; the cdf inverts lst(s)/s) and its mean, for
    /// sizing the time axis. Returns the queue's index.
    int addQueue(LaplaceTransform responseLst, double meanMs);
    /// The same with a batch form of the transform: `progression(s0, h, n, out)` sets out[k] to
    /// responseLst(s0 + i k h), k < n, in one call (cdf() then asks it for invertLaplaceEuler's 27
    /// abscissae at once).
    using LaplaceProgression = std::function<void(std::complex<double> s0, double h, int n, std::complex<double>* out)>;
    int addQueue(LaplaceTransform responseLst, double meanMs, LaplaceProgression progression);
    /// weight x prod_j F_{queue_j}(t / timeScale)^{exponent_j}; weights should add up to 1.
    void addTerm(double weight, double timeScale, std::vector<std::pair<int, double>> queueExponents);
    /// P(W <= t).
    double cdf(double tMs) const;
    /// Upper bound on the typical scale: the largest queue mean x time scale x exponent.
    double scaleMs() const;

private:
    struct Queue
    {
        LaplaceTransform lst;
        double meanMs = 0;
        LaplaceProgression progression; // may be empty
    };
    struct Term
    {
        double weight = 0, timeScale = 1;
        std::vector<std::pair<int, double>> factors;
    };
    std::vector<Queue> m_queues;
    std::vector<Term> m_terms;
};

struct ResponsePoint
{
    double ms = 0;
    double p = 0; ///< probability (cdf) or density per ms (pdf)
};

struct ZonedRaidResult
{
    bool saturated = false; ///< some disk at utilization >= 1: every figure below is +inf, no curves
    double utilization = 0; ///< the largest utilization of any M/G/1 queue the model uses
    double meanMs = 0;
    double varianceMs2 = 0;
    double p50Ms = 0, p90Ms = 0, p95Ms = 0, p99Ms = 0;
    std::vector<ResponsePoint> cdf; ///< about 200 points from 0 to the 99.9th percentile
    std::vector<ResponsePoint> pdf; ///< at the same times (central differences of the cdf)
};

/// Mean, variance (integrals of the survival function: Simpson's rule on the cdf curve's grid, then
/// on a tail grid reaching 1 - F < 1e-7), the percentiles (bracketed on the curve's grid, then
/// refined by regula falsi to 1e-10 relative), and cdf and pdf curves of `points` + 1 points.
ZonedRaidResult summarizeResponse(const std::function<double(double)>& cdf, double scaleMs, int points = 200);
ZonedRaidResult summarizeResponse(const ResponseMixture& mixture, int points = 200);

/// A stream of random requests to a zoned RAID array (§3, §3.2): Poisson arrivals of `ratePerMs`,
/// each `blocks` stripe units starting at a stripe boundary, reads with probability `readFraction`.
struct ZonedRaidRequest
{
    enum class Scheme { Raid01, Raid5 };
    /// RAID 5 partial-stripe writes: the Appendix's single-class model, §3.1.1's multiclass or
    /// §3.1.2's priority model. RAID 01 has one write model.
    enum class WriteModel { SingleClass, Multiclass, Priority };
    Scheme scheme = Scheme::Raid5;
    int disks = 4; ///< n
    std::uint64_t blockBytes = 128 * 1024; ///< stripe unit
    QString diskPreset = QStringLiteral("st3500630ns");
    double ratePerMs = 0.01; ///< lambda, requests per ms at the array
    int blocks = 1; ///< b
    double readFraction = 0; ///< p_read
    WriteModel writeModel = WriteModel::SingleClass;
    /// Added to every disk access's service time (ZonedDiskService::overheadMs()); 0 is the paper's model.
    double overheadMs = 0;
    /// The RAID 5 write disk that §3.1.1 and the Appendix give a full revolution R_max (it re-writes
    /// the block it just pre-read). Exact: that disk's positioning is R_max, as the text says.
    /// Reposition: a write seek and rotational latency like the other b disks. The paper's printed
    /// model columns on those rows (Table 1 b = 1, 4, 7, ..., Table 3 b = 1, 4) are reproduced
    /// within 2 % by Reposition and lie 6 % above Exact, so Reposition is the default.
    enum class FullTurn { Reposition, Exact };
    FullTurn fullTurn = FullTurn::Reposition;
};

/// Empty when `request` can be evaluated; else one line naming the field and why.
QString zonedRaidRequestProblem(const ZonedRaidRequest& request);
/// The response-time distribution of one request; `request` must pass zonedRaidRequestProblem().
ZonedRaidResult evaluateZonedRaid(const ZonedRaidRequest& request);
/// The same with a disk already built (tests, sweeps over rates).
ZonedRaidResult evaluateZonedRaid(const ZonedRaidRequest& request, const ZonedDiskService& disk);
/// The mixture evaluateZonedRaid() summarises, and the largest queue utilization (>= 1: saturated,
/// and the mixture is empty).
ResponseMixture zonedRaidMixture(const ZonedRaidRequest& request, const ZonedDiskService& disk, double* utilization);

/// `model response` JSON: {"scheme": "raid01"|"raid5", "disks", "blockBytes", "disk", "rate"
/// (requests per second), "blocks", "readFraction", "writeModel"?: "single"|"multiclass"|"priority",
/// "overheadMs"?: per disk access, default 0, "fullTurn"?: "reposition" (default)|"exact"}
/// read strictly (every problem names its field; the checks of zonedRaidRequestProblem() too).
std::optional<ZonedRaidRequest> zonedRaidRequestFromJson(const QJsonObject& json, QString* error);
/// {"meanMs", "varianceMs2", "percentilesMs": {"50", "90", "95", "99"}, "cdf": [{"ms", "p"}],
/// "pdf": [{"ms", "p"}], "utilization", "saturated"}; a saturated result's figures are null.
QJsonObject zonedRaidResultJson(const ZonedRaidResult& result);

} // namespace raidscope
