// SPDX-License-Identifier: GPL-3.0-or-later
// The zoned-RAID response-time model (Lebrecht, Dingle & Knottenbelt, "Modelling and Validation of
// Response Times in Zoned RAID"). Section numbers below are the paper's. This file holds §3 and the
// Appendix (RAID 01 and RAID 5 as queues of the disk model); the disk's service time is in
// zonedservice.cpp, its transform in batches in zonedservicebatch.cpp, the queues, fork-join
// mixtures and summaries in zonedqueues.cpp, the JSON in zonedraidjson.cpp.
#include "zonedraid.h"
#include "zonedraid_p.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

namespace raidscope {

// ---- §3 and the Appendix: RAID 01 and RAID 5 --------------------------------------------------

namespace {

    using zoned::C;
    using zoned::cd;
    using zoned::CoarseSeek;
    using zoned::coarseSeek;
    using zoned::div;
    using zoned::FastService;
    using zoned::mul;

    ServiceMix positioned(double blocks, double writeSeekFraction)
    {
        return { ServicePart { 1, ServicePart::Positioning::SeekAndRotation, writeSeekFraction, blocks } };
    }

    // Builds the queues of one request stream on one disk model; records the worst utilization.
    class Builder
    {
    public:
        Builder(const ZonedDiskService& disk, ResponseMixture& out)
            : m_disk(std::make_shared<const ZonedDiskService>(disk))
            , m_seek(std::make_shared<const CoarseSeek>(coarseSeek(disk)))
            , m_out(out)
        { }
        double utilization = 0;

        double mean(const ServiceMix& mix) const { return serviceMoment(*m_disk, mix, 1); }
        double second(const ServiceMix& mix) const { return serviceMoment(*m_disk, mix, 2); }

        // §3.1's W_d(t, gamma, mu): an M/G/1 disk at rate gamma serving `mix` (mean 1 / mu).
        int mg1(double gamma, ServiceMix mix)
        {
            const double ex = mean(mix);
            utilization = std::max(utilization, gamma * ex);
            const double response = ex + gamma * second(mix) / (2 * std::max(1e-12, 1 - gamma * ex)); // P-K mean
            auto fast = std::make_shared<const FastService>(*m_disk, *m_seek, mix);
            return m_out.addQueue(
                [fast, gamma, ex](cd s) {
                    cd x;
                    fast->eval(s, 0, 1, &x);
                    return pollaczekKhinchine(s, gamma, ex, x);
                },
                response,
                [fast, gamma, ex](cd s0, double h, int n, cd* out) {
                    fast->eval(s0, h, n, out);
                    // pollaczekKhinchine() without the library's complex division.
                    const double rho = gamma * ex;
                    for (int k = 0; k < n; ++k) {
                        const C sk { s0.real(), s0.imag() + k * h }, x { out[k].real(), out[k].imag() };
                        const C w = div(mul({ (1 - rho) * sk.re, (1 - rho) * sk.im }, x),
                            { sk.re - gamma * (1 - x.re), sk.im + gamma * x.im });
                        out[k] = { w.re, w.im };
                    }
                });
        }

        // §2.5, §3.1.2: class 0 (rate lambda0, mix0) has non-preemptive priority over class 1, whose
        // service is the rate-weighted mixture of `low` (rate, mix) streams. Returns the class-0 queue
        // and one low-priority queue per entry of `low` (its wait plus its own service).
        std::vector<int> priority(
            double lambda0, const ServiceMix& mix0, const std::vector<std::pair<double, ServiceMix>>& low)
        {
            double lambda1 = 0;
            for (const auto& [rate, mix] : low)
                lambda1 += rate;
            ServiceMix mix1;
            for (const auto& [rate, mix] : low)
                for (ServicePart part : mix) {
                    part.weight *= lambda1 > 0 ? rate / lambda1 : 0;
                    mix1.push_back(part);
                }
            const double rho0 = lambda0 * mean(mix0);
            const double rho = rho0 + lambda1 * mean(mix1);
            utilization = std::max(utilization, rho);
            const double residual
                = (lambda0 * second(mix0) + lambda1 * second(mix1)) / 2; // Cobham's means, for the time axis
            const double safeRho = std::min(rho, 1 - 1e-12), safeRho0 = std::min(rho0, 1 - 1e-12);
            const auto fast = [&](const ServiceMix& mix) {
                auto service = std::make_shared<const FastService>(*m_disk, *m_seek, mix);
                return [service](cd s) {
                    cd x;
                    service->eval(s, 0, 1, &x);
                    return x;
                };
            };
            const LaplaceTransform x0 = fast(mix0), x1 = fast(mix1);
            std::vector<int> queues;
            queues.push_back(m_out.addQueue(
                [x0, x1, lambda0, lambda1, rho](cd s) { return priorityHighLst(s, lambda0, lambda1, rho, x0(s), x1(s)); },
                mean(mix0) + residual / (1 - safeRho0)));
            for (const auto& [rate, own] : low) {
                queues.push_back(m_out.addQueue(
                    [x0, x1, lambda0, lambda1, rho, xOwn = fast(own)](
                        cd s) { return priorityLowWaitLst(s, lambda0, lambda1, rho, x0, x1) * xOwn(s); },
                    mean(own) + residual / ((1 - safeRho0) * (1 - safeRho))));
            }
            return queues;
        }

    private:
        std::shared_ptr<const ZonedDiskService> m_disk;
        std::shared_ptr<const CoarseSeek> m_seek;
        ResponseMixture& m_out;
    };

    void raid01(const ZonedRaidRequest& q, Builder& build, ResponseMixture& out)
    {
        const double n = q.disks, b = q.blocks, lambda = q.ratePerMs, p = q.readFraction;
        // §3.2: the arrival rate at each disk of a mixed stream (the Appendix's rates when p is 0 or 1).
        const double gamma = lambda * (p * std::min(b, n) + (1 - p) * std::min(2 * b, n)) / n;
        if (p > 0) { // Appendix eq. 5
            if (b < n)
                out.addTerm(p, 1, { { build.mg1(gamma, positioned(1, 0)), b } });
            else
                out.addTerm(p, 1, { { build.mg1(gamma, positioned(b / n, 0)), n } });
        }
        if (p < 1) { // Appendix: RAID 01 write, both copies
            if (2 * b < n)
                out.addTerm(1 - p, 1, { { build.mg1(gamma, positioned(1, 1)), 2 * b } });
            else
                out.addTerm(1 - p, 1, { { build.mg1(gamma, positioned(2 * b / n, 1)), n } });
        }
    }

    void raid5(const ZonedRaidRequest& q, Builder& build, ResponseMixture& out)
    {
        using P = ServicePart::Positioning;
        const double n = q.disks, b = q.blocks, lambda = q.ratePerMs, p = q.readFraction;
        // The disk that §3.1.1 and the Appendix give a full turn R_max: exactly that, or (the default,
        // ZonedRaidRequest::FullTurn::Reposition) a write seek and rotational latency like the other
        // writes, the reading under which our means reproduce the paper's printed model columns on
        // those rows (docs/records/zoned-raid-minerva.md).
        const bool exactTurn = q.fullTurn == ZonedRaidRequest::FullTurn::Exact;
        const P turn = exactTurn ? P::FullRotation : P::SeekAndRotation;
        const double turnSeek = exactTurn ? 0 : 1;
        const int k = q.blocks / (q.disks - 1); // full stripes
        const double bmod = q.blocks % (q.disks - 1); // b_mod = b mod (n - 1)
        const bool small = 2 * bmod < n - 1; // §3.1.1: small partial stripe below (n - 1) / 2
        const double readGamma = lambda * std::min(b, n) / n; // §3.2's p_read lambda min(b, n) / n, per unit p
        const ServiceMix readMix = b < n ? positioned(1, 0) : positioned(b / n, 0); // Appendix eq. 5
        const double readQueues = b < n ? b : n;

        if (p >= 1) {
            out.addTerm(1, 1, { { build.mg1(readGamma, readMix), readQueues } });
            return;
        }

        // One write-only plan: a single class (rate at a disk, service, queues, time scale) or §3.1.1's
        // two classes (class 1 the pre-read subtask, class 0 the partial-stripe write).
        struct Single
        {
            double gamma;
            ServiceMix mix;
            double queues;
            double timeScale;
        };
        struct Classes
        {
            double gamma1, gamma0;
            ServiceMix mix1, mix0;
            double queues1, queues0;
        };
        std::optional<Single> single;
        std::optional<Classes> classes;
        if (bmod == 0) {
            // Appendix: whole stripes need no pre-read: n disks each write b / (n - 1) blocks.
            single = Single { lambda, positioned(b / (n - 1), 1), n, 1 };
        } else if (q.writeModel == ZonedRaidRequest::WriteModel::SingleClass) {
            if (k == 0 && small) {
                // Appendix: W_d(t/2, 2 lambda (b+1)/n, mu)^(b+1), 1/mu = ((2b+1)(E[R]+E[S]) + R_max) / (2(b+1)) +
                // E[T_1]: b+1 pre-reads (read seeks), b re-seeking writes and one full turn, averaged.
                single = Single { 2 * lambda * (b + 1) / n,
                    { { 0.5, P::SeekAndRotation, 0, 1 }, { b / (2 * (b + 1)), P::SeekAndRotation, 1, 1 },
                        { 1 / (2 * (b + 1)), turn, turnSeek, 1 } },
                    b + 1, 2 };
            } else if (k == 0) {
                // Appendix: W_d(t/2, lambda, 1/(E[R]+E[S]+E[T_1]))^(n/2); the seeks are the n-b-1 pre-reads'
                // and the b+1 writes'.
                single = Single { lambda, positioned(1, (b + 1) / n), n / 2, 2 };
            } else if (small) {
                // Appendix: W_d(t/2, lambda(n+b_mod+1)/n, mu)^((n+b_mod+1)/2),
                // 1/mu = ((n+b_mod)(E[R]+E[S]) + R_max)/(n+b_mod+1) + E[T_{k/2 + (b_mod+1)/n}] (as printed).
                const double blocks = k / 2.0 + (bmod + 1) / n;
                single = Single { lambda * (n + bmod + 1) / n,
                    { { (n + bmod) / (n + bmod + 1), P::SeekAndRotation, 1, blocks },
                        { 1 / (n + bmod + 1), turn, turnSeek, blocks } },
                    (n + bmod + 1) / 2, 2 };
            } else {
                // Appendix: as above with 1/mu = (n+b_mod+0.5)(E[R]+E[S])/(2n) + E[T_{(k+1)/2}]: positioning
                // with probability (n+b_mod+0.5)/(2n), none otherwise.
                const double blocks = (k + 1) / 2.0, w = (n + bmod + 0.5) / (2 * n);
                single = Single { lambda * (n + bmod + 1) / n,
                    { { w, P::SeekAndRotation, 1, blocks }, { 1 - w, P::None, 0, blocks } }, (n + bmod + 1) / 2, 2 };
            }
        } else if (k == 0 && small) {
            // §3.1.1 small partial stripe: b+1 pre-reads, then b+1 writes of which b re-seek and one waits
            // a full turn (mu_0); gamma_1 = gamma_0 = lambda (b+1)/n.
            classes = Classes { lambda * (b + 1) / n, lambda * (b + 1) / n, positioned(1, 0),
                { { b / (b + 1), P::SeekAndRotation, 1, 1 }, { 1 / (b + 1), turn, turnSeek, 1 } }, b + 1, b + 1 };
        } else if (k == 0) {
            // §3.1.1 large partial stripe: n-b-1 pre-reads, then b+1 writes.
            classes = Classes { lambda * (n - b - 1) / n, lambda * (b + 1) / n, positioned(1, 0), positioned(1, 1),
                n - b - 1, b + 1 };
        } else if (small) {
            // §3.1.1 full stripes then a small partial stripe: mu_1 = 1/(E[R]+E[S]+E[T_{k+b_mod/n}]) on n
            // disks, mu_0 = 1/((b_mod(E[R]+E[S]) + R_max)/(b_mod+1) + E[T_1]) on b_mod+1.
            classes = Classes { lambda, lambda * (bmod + 1) / n, positioned(k + bmod / n, 1),
                { { bmod / (bmod + 1), P::SeekAndRotation, 1, 1 }, { 1 / (bmod + 1), turn, turnSeek, 1 } }, n,
                bmod + 1 };
        } else {
            // §3.1.1 full stripes then a large partial stripe: mu_1 with E[T_{k+(n-b_mod-1)/n}], mu_0 =
            // 1/(b_mod(E[R]+E[S])/(b_mod+1) + E[T_1]): the last disk of the full stripe does not reposition.
            classes = Classes { lambda, lambda * (bmod + 1) / n, positioned(k + (n - bmod - 1) / n, 1),
                { { bmod / (bmod + 1), P::SeekAndRotation, 1, 1 }, { 1 / (bmod + 1), P::None, 0, 1 } }, n, bmod + 1 };
        }

        if (single) {
            // §3.2: gamma at a disk = p lambda min(b, n)/n + (1 - p) gamma_write; W = p W_read + (1 - p) W_write.
            const double gamma = p * readGamma + (1 - p) * single->gamma;
            if (p > 0)
                out.addTerm(p, 1, { { build.mg1(gamma, readMix), readQueues } });
            out.addTerm(1 - p, single->timeScale, { { build.mg1(gamma, single->mix), single->queues } });
            return;
        }

        const double gammaWrite = classes->gamma1 + classes->gamma0;
        const double w1 = classes->gamma1 / gammaWrite, w0 = classes->gamma0 / gammaWrite; // eq. 4's weights
        if (q.writeModel == ZonedRaidRequest::WriteModel::Multiclass) {
            // §3.1.1: W_1 = W_d(t, gamma, mu_1)^queues1, W_0 = W_d(t, gamma, mu_0)^queues0, eq. 4 at t/2.
            const double gamma = p * readGamma + (1 - p) * gammaWrite;
            if (p > 0)
                out.addTerm(p, 1, { { build.mg1(gamma, readMix), readQueues } });
            out.addTerm((1 - p) * w1, 2, { { build.mg1(gamma, classes->mix1), classes->queues1 } });
            out.addTerm((1 - p) * w0, 2, { { build.mg1(gamma, classes->mix0), classes->queues0 } });
            return;
        }
        // §3.1.2 and §3.2: partial-stripe writes at high priority ((1 - p) gamma_0); pre-reads and reads
        // at low priority (p lambda min(b, n)/n + (1 - p) gamma_1), each with its own service.
        std::vector<std::pair<double, ServiceMix>> low { { (1 - p) * classes->gamma1, classes->mix1 } };
        if (p > 0)
            low.emplace_back(p * readGamma, readMix);
        const std::vector<int> queues = build.priority((1 - p) * classes->gamma0, classes->mix0, low);
        out.addTerm((1 - p) * w1, 2, { { queues[1], classes->queues1 } });
        out.addTerm((1 - p) * w0, 2, { { queues[0], classes->queues0 } });
        if (p > 0)
            out.addTerm(p, 1, { { queues[2], readQueues } });
    }

} // namespace

QString zonedRaidRequestProblem(const ZonedRaidRequest& q)
{
    if (q.scheme != ZonedRaidRequest::Scheme::Raid01 && q.scheme != ZonedRaidRequest::Scheme::Raid5)
        return QStringLiteral("scheme: raid01 or raid5");
    if (q.scheme == ZonedRaidRequest::Scheme::Raid01 && (q.disks < 2 || q.disks % 2 || q.disks > 1024))
        return QStringLiteral("disks: a RAID 01 array has an even number of disks from 2 to 1024, not %1").arg(q.disks);
    if (q.scheme == ZonedRaidRequest::Scheme::Raid5 && (q.disks < 3 || q.disks > 1024))
        return QStringLiteral("disks: a RAID 5 array has 3 to 1024 disks, not %1").arg(q.disks);
    if (q.blockBytes < 512 || q.blockBytes > (std::uint64_t(1) << 30))
        return QStringLiteral("blockBytes: from 512 bytes to 1 GiB, not %1").arg(q.blockBytes);
    if (!std::isfinite(q.ratePerMs) || q.ratePerMs < 0)
        return QStringLiteral("ratePerMs: requests per ms must be a finite number, 0 or more");
    if (q.blocks < 1 || q.blocks > 1000000)
        return QStringLiteral("blocks: stripe units per request from 1 to 1000000, not %1").arg(q.blocks);
    if (!(q.readFraction >= 0 && q.readFraction <= 1))
        return QStringLiteral("readFraction: must be in 0..1");
    if (!(q.overheadMs >= 0 && q.overheadMs <= 1000))
        return QStringLiteral("overheadMs: per disk access, from 0 to 1000 ms");
    if (q.writeModel != ZonedRaidRequest::WriteModel::SingleClass
        && q.writeModel != ZonedRaidRequest::WriteModel::Multiclass
        && q.writeModel != ZonedRaidRequest::WriteModel::Priority)
        return QStringLiteral("writeModel: single, multiclass or priority");
    QString why;
    if (!ZonedDiskService::fromPreset(q.diskPreset, q.blockBytes, &why))
        return why;
    return {};
}

ResponseMixture zonedRaidMixture(const ZonedRaidRequest& request, const ZonedDiskService& disk, double* utilization)
{
    ResponseMixture mixture;
    Builder build(disk.withOverheadMs(request.overheadMs), mixture);
    if (request.scheme == ZonedRaidRequest::Scheme::Raid01)
        raid01(request, build, mixture);
    else
        raid5(request, build, mixture);
    if (utilization)
        *utilization = build.utilization;
    if (!(build.utilization < 1))
        return {};
    return mixture;
}

ZonedRaidResult evaluateZonedRaid(const ZonedRaidRequest& request, const ZonedDiskService& disk)
{
    double utilization = 0;
    const ResponseMixture mixture = zonedRaidMixture(request, disk, &utilization);
    if (!(utilization < 1)) {
        ZonedRaidResult r;
        r.saturated = true;
        r.utilization = utilization;
        const double inf = std::numeric_limits<double>::infinity();
        r.meanMs = r.varianceMs2 = r.p50Ms = r.p90Ms = r.p95Ms = r.p99Ms = inf;
        return r;
    }
    ZonedRaidResult r = summarizeResponse(mixture);
    r.utilization = utilization;
    return r;
}

ZonedRaidResult evaluateZonedRaid(const ZonedRaidRequest& request)
{
    const auto disk = ZonedDiskService::fromPreset(request.diskPreset, request.blockBytes);
    if (!disk) {
        ZonedRaidResult r;
        r.saturated = true;
        r.utilization = std::numeric_limits<double>::infinity();
        return r;
    }
    return evaluateZonedRaid(request, *disk);
}

} // namespace raidscope
