// SPDX-License-Identifier: GPL-3.0-or-later
// The zoned-RAID response-time model (Lebrecht, Dingle & Knottenbelt) against closed forms worked
// independently: M/M/1 and M/D/1 response times, the maximum of two exponentials, Cobham's
// priority means, a three-cylinder disk's service moments by hand, and the paper's own model
// columns of Tables 1-3 where our preset can reproduce them.
#include "model/zonedraid.h"

#include "disk/diskparameters.h"

#include <catch2/catch.hpp>

#include <tuple>

#include <cmath>

using namespace raidscope;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;
using cd = std::complex<double>;

namespace {

LaplaceTransform exponential(double rate)
{
    return [rate](cd s) { return rate / (s + rate); };
}

// Erlang's M/D/1 waiting-time cdf (service D, rate lambda), the classical finite sum:
// P(Wq <= x) = (1 - rho) sum_{k=0}^{floor(x/D)} [lambda (k D - x)]^k / k! e^{-lambda (k D - x)}.
double md1WaitCdf(double lambda, double d, double x)
{
    double sum = 0, factorial = 1;
    for (int k = 0; k <= int(std::floor(x / d)); ++k) {
        if (k > 0)
            factorial *= k;
        const double y = lambda * (k * d - x);
        sum += std::pow(y, k) / factorial * std::exp(-y);
    }
    return (1 - lambda * d) * sum;
}

} // namespace

TEST_CASE("ZonedRaid: Euler inversion of the M/M/1 Pollaczek-Khinchine transform", "[model][zoned]")
{
    // M/M/1, mu = 1, lambda = 0.6: the response time is exponential with rate mu - lambda = 0.4.
    const double lambda = 0.6, mu = 1;
    const LaplaceTransform x = exponential(mu);
    const LaplaceTransform w = [&](cd s) { return pollaczekKhinchine(s, lambda, 1 / mu, x(s)); };
    for (double t : { 0.1, 0.5, 2.0, 5.0, 10.0, 30.0 }) {
        CAPTURE(t);
        CHECK_THAT(invertLaplaceEuler([&](cd s) { return w(s) / s; }, t), WithinAbs(1 - std::exp(-0.4 * t), 1e-7));
        CHECK_THAT(invertLaplaceEuler(w, t), WithinAbs(0.4 * std::exp(-0.4 * t), 1e-7));
    }
    // The summary: mean 1/0.4, variance 1/0.4^2, percentile p at -ln(1 - p)/0.4.
    ResponseMixture m;
    m.addTerm(1, 1, { { m.addQueue(w, 2.5), 1 } });
    const ZonedRaidResult r = summarizeResponse(m);
    CHECK_THAT(r.meanMs, WithinRel(2.5, 1e-5));
    CHECK_THAT(r.varianceMs2, WithinRel(6.25, 1e-4));
    CHECK_THAT(r.p50Ms, WithinRel(std::log(2.0) / 0.4, 1e-6));
    CHECK_THAT(r.p90Ms, WithinRel(std::log(10.0) / 0.4, 1e-6));
    CHECK_THAT(r.p95Ms, WithinRel(std::log(20.0) / 0.4, 1e-6));
    CHECK_THAT(r.p99Ms, WithinRel(std::log(100.0) / 0.4, 1e-6));
    REQUIRE(r.cdf.size() == 201);
    CHECK(r.cdf.front().ms == 0);
    CHECK_THAT(r.cdf.back().ms, WithinRel(std::log(1000.0) / 0.4, 1e-5));
    CHECK_THAT(r.pdf[100].p, WithinRel(0.4 * std::exp(-0.4 * r.pdf[100].ms), 1e-3)); // central difference
}

TEST_CASE("ZonedRaid: a queue's transform in one batch per time inverts as point by point", "[model][zoned]")
{
    // The M/M/1 of the test above given both ways: ResponseMixture::cdf() asks the batch form for
    // invertLaplaceEuler's 27 abscissae, s_k = x + i k h.
    const double lambda = 0.6;
    const LaplaceTransform w = [&](cd s) { return pollaczekKhinchine(s, lambda, 1.0, 1.0 / (s + 1.0)); };
    ResponseMixture pointwise, batched;
    pointwise.addTerm(1, 1, { { pointwise.addQueue(w, 2.5), 2 } });
    batched.addTerm(1, 1,
        { { batched.addQueue(w, 2.5,
                [&](cd s0, double h, int n, cd* out) {
                    for (int k = 0; k < n; ++k)
                        out[k] = w(s0 + cd(0, k * h));
                }),
            2 } });
    for (double t : { 0.3, 1.0, 4.0, 12.0 }) {
        CAPTURE(t);
        CHECK_THAT(batched.cdf(t), WithinAbs(pointwise.cdf(t), 1e-11)); // rounding: s_k divided out by hand
        CHECK_THAT(batched.cdf(t), WithinAbs(std::pow(1 - std::exp(-0.4 * t), 2), 1e-7));
        const EulerAbscissae a = eulerAbscissae(t);
        cd values[kEulerAbscissae];
        for (int k = 0; k < kEulerAbscissae; ++k)
            values[k] = w(cd(a.x, k * a.h));
        CHECK(invertLaplaceEulerSum(values, t) == invertLaplaceEuler(w, t));
    }
}

TEST_CASE("ZonedRaid: Euler inversion of the M/D/1 transform", "[model][zoned]")
{
    // Service D = 1 ms, lambda = 0.5/ms: W = Wq + D. Mean D + lambda D^2 / (2 (1 - rho)) = 1.5;
    // E[Wq^2] = 2 E[Wq]^2 + lambda D^3 / (3 (1 - rho)) = 0.5 + 1/3, so Var W = 5/6 - 1/4 = 7/12.
    const double lambda = 0.5, d = 1;
    const LaplaceTransform w = [&](cd s) { return pollaczekKhinchine(s, lambda, d, std::exp(-s * d)); };
    // The cdf jumps by 1 - rho = 0.5 at t = D (Wq's atom at 0): Fourier-series inversion converges
    // slowly near a jump (Abate & Whitt 1992 section 6), so these points stay 1.5 ms or more past it
    // and the tolerance is 1e-3 rather than the 1e-7 of smooth cases. (The disks' service times
    // have a density through the uniform rotational latency, except the Appendix's full-turn parts.)
    for (double t : { 2.5, 3.7, 5.5, 8.3 }) {
        CAPTURE(t);
        CHECK_THAT(
            invertLaplaceEuler([&](cd s) { return w(s) / s; }, t), WithinAbs(md1WaitCdf(lambda, d, t - d), 1e-3));
    }
    ResponseMixture m;
    m.addTerm(1, 1, { { m.addQueue(w, 1.5), 1 } });
    const ZonedRaidResult r = summarizeResponse(m);
    // The jump at t = 1 costs Simpson's rule (and the inversion's smoothing) some accuracy.
    CHECK_THAT(r.meanMs, WithinRel(1.5, 5e-3));
    CHECK_THAT(r.varianceMs2, WithinRel(7.0 / 12, 2e-2));
}

TEST_CASE("ZonedRaid: a fork-join maximum of two exponential queues (2.2)", "[model][zoned]")
{
    // Two M/M/1 queues whose responses are exponential with rates a = 0.5 and b = 0.25: the maximum
    // has cdf (1 - e^{-at})(1 - e^{-bt}), mean 1/a + 1/b - 1/(a+b) and E[max^2] = 2/a^2 + 2/b^2 - 2/(a+b)^2.
    const double a = 0.5, b = 0.25;
    const LaplaceTransform x1 = exponential(1), x2 = exponential(2);
    ResponseMixture m;
    const int q1 = m.addQueue([&](cd s) { return pollaczekKhinchine(s, 0.5, 1.0, x1(s)); }, 2);
    const int q2 = m.addQueue([&](cd s) { return pollaczekKhinchine(s, 1.75, 0.5, x2(s)); }, 4);
    m.addTerm(1, 1, { { q1, 1 }, { q2, 1 } });
    for (double t : { 0.5, 2.0, 4.0, 10.0, 25.0 }) {
        CAPTURE(t);
        CHECK_THAT(m.cdf(t), WithinAbs((1 - std::exp(-a * t)) * (1 - std::exp(-b * t)), 1e-7));
    }
    const double mean = 1 / a + 1 / b - 1 / (a + b);
    const double second = 2 / (a * a) + 2 / (b * b) - 2 / ((a + b) * (a + b));
    const ZonedRaidResult r = summarizeResponse(m);
    CHECK_THAT(r.meanMs, WithinRel(mean, 1e-5));
    CHECK_THAT(r.varianceMs2, WithinRel(second - mean * mean, 1e-4));

    SECTION("an exponent is that many queues alike; a time scale of 2 is P(2W <= t) (3.1.1)")
    {
        ResponseMixture twice;
        const int q = twice.addQueue([&](cd s) { return pollaczekKhinchine(s, 0.5, 1.0, x1(s)); }, 2);
        twice.addTerm(0.25, 1, { { q, 2 } });
        twice.addTerm(0.75, 2, { { q, 1 } });
        for (double t : { 1.0, 3.0, 9.0 })
            CHECK_THAT(twice.cdf(t),
                WithinAbs(0.25 * std::pow(1 - std::exp(-a * t), 2) + 0.75 * (1 - std::exp(-a * t / 2)), 1e-7));
    }
}

TEST_CASE("ZonedRaid: non-preemptive priority (2.5, eq. 2-3) against Cobham's means", "[model][zoned]")
{
    // Exponential services: class 0 mean 1 (E[X^2] = 2) at 0.2/ms, class 1 mean 2 (E[X^2] = 8) at
    // 0.2/ms. rho0 = 0.2, rho = 0.6, residual R = (0.2 x 2 + 0.2 x 8) / 2 = 1. Cobham: class 0
    // responds in 1 + R / (1 - rho0) = 2.25 ms, class 1 in 2 + R / ((1 - rho0)(1 - rho)) = 5.125 ms.
    const double l0 = 0.2, l1 = 0.2, rho = 0.6;
    const LaplaceTransform x0 = exponential(1), x1 = exponential(0.5);
    const LaplaceTransform high = [&](cd s) { return priorityHighLst(s, l0, l1, rho, x0(s), x1(s)); };
    const LaplaceTransform low = [&](cd s) { return priorityLowWaitLst(s, l0, l1, rho, x0, x1) * x1(s); };
    CHECK_THAT(std::abs(high(1e-9)), WithinAbs(1, 1e-6)); // transforms of distributions: 1 at s = 0
    CHECK_THAT(std::abs(low(1e-9)), WithinAbs(1, 1e-6));
    ResponseMixture m0, m1;
    m0.addTerm(1, 1, { { m0.addQueue(high, 2.25), 1 } });
    m1.addTerm(1, 1, { { m1.addQueue(low, 5.125), 1 } });
    CHECK_THAT(summarizeResponse(m0).meanMs, WithinRel(2.25, 1e-4));
    CHECK_THAT(summarizeResponse(m1).meanMs, WithinRel(5.125, 1e-4));
}

TEST_CASE("ZonedRaid: a three-cylinder zoned disk's service time worked by hand (2.1)", "[model][zoned]")
{
    // One head; cylinder 0 holds 200 sectors (zone 0), cylinders 1 and 2 hold 100 each (zone 1).
    // Locations weighted by capacity: cylinders 1/2, 1/4, 1/4. Seek distance 0 with probability
    // 1/4 + 1/16 + 1/16 = 3/8, 1 with 2 (1/8 + 1/16) = 3/8, 2 with 2 x 1/8 = 1/4; the curve gives
    // 2 ms at distance 1 and 4 ms at 2: E[S] = 3/4 + 1 = 1.75, E[S^2] = 1.5 + 4 = 5.5.
    // Rotation 6 ms: E[R] = 3, Var R = 3. A block of 100 sectors takes 3 ms in zone 0 and 6 ms in
    // zone 1, each zone half the capacity: E[T_1] = 4.5, Var T_1 = 2.25.
    // E[X] = 9.25; Var X = (5.5 - 1.75^2) + 3 + 2.25 = 7.6875.
    DiskParameters p;
    p.id = QStringLiteral("toy");
    p.rotationMs = 6;
    const ZoneSpec zones[] = { { 1, 200, 0, 0 }, { 2, 100, 0, 0 } };
    p.geometry = DiskGeometry(1, 512, zones);
    p.readSeek = SeekFigures { 2, 2.0, 3.0, 4.0, 4.0 };
    p.writeSeek = SeekFigures { 2, 3.0, 3.5, 4.0, 4.0 }; // write: 3 ms at 1, 4 ms at 2
    QString why;
    const auto disk = ZonedDiskService::fromParameters(p, 51200, &why);
    REQUIRE(disk);
    CHECK_THAT(disk->seekMoment(1, false), WithinRel(1.75, 1e-12));
    CHECK_THAT(disk->seekMoment(2, false), WithinRel(5.5, 1e-12));
    CHECK_THAT(disk->seekMoment(1, true), WithinRel(0.375 * 3 + 0.25 * 4, 1e-12));
    CHECK_THAT(disk->transferMoment(1, 1), WithinRel(4.5, 1e-12));
    CHECK_THAT(disk->transferMoment(1, 2.5), WithinRel(2.5 * 4.5, 1e-12));

    const ServiceMix random { { 1, ServicePart::Positioning::SeekAndRotation, 0, 1 } };
    const double mean = serviceMoment(*disk, random, 1);
    CHECK_THAT(mean, WithinRel(9.25, 1e-12));
    CHECK_THAT(serviceMoment(*disk, random, 2) - mean * mean, WithinRel(7.6875, 1e-12));
    // The transform, written out: S* = 3/8 + 3/8 e^{-2s} + 1/4 e^{-4s}, R* = (1 - e^{-6s}) / 6s,
    // T* = (e^{-3s} + e^{-6s}) / 2.
    for (const cd s : { cd(0.3, 0), cd(0.2, 1.7), cd(2.0, -5.0) }) {
        const cd expect = (0.375 + 0.375 * std::exp(-2.0 * s) + 0.25 * std::exp(-4.0 * s)) * (1.0 - std::exp(-6.0 * s))
            / (6.0 * s) * (std::exp(-3.0 * s) + std::exp(-6.0 * s)) / 2.0;
        CHECK_THAT(std::abs(serviceLst(*disk, random, s) - expect), WithinAbs(0, 1e-12));
    }
    // A mixture: a full turn then one block with probability 1/4, else seek (write curve) and
    // rotate: mean 1/4 (6 + 4.5) + 3/4 (2.125 + 3 + 4.5) = 9.84375.
    const ServiceMix mix { { 0.25, ServicePart::Positioning::FullRotation, 0, 1 },
        { 0.75, ServicePart::Positioning::SeekAndRotation, 1, 1 } };
    CHECK_THAT(serviceMoment(*disk, mix, 1), WithinRel(9.84375, 1e-12));
}

namespace {

struct PaperRow
{
    int blocks;
    double lambda;
    double meanMs, varianceMs2; // the paper's MODEL columns (not its measurements)
};

const ZonedDiskService& paperDisk()
{
    // Section 4: four ST3500630NS disks, 128 KiB blocks.
    static const auto disk = ZonedDiskService::fromPreset(QStringLiteral("st3500630ns"), 131072);
    return *disk;
}

void checkRows(ZonedRaidRequest q, const std::vector<PaperRow>& rows, double meanTolerance, double varianceTolerance)
{
    for (const PaperRow& row : rows) {
        q.blocks = row.blocks;
        q.ratePerMs = row.lambda;
        CAPTURE(row.blocks, row.lambda, q.readFraction);
        const ZonedRaidResult r = evaluateZonedRaid(q, paperDisk());
        REQUIRE_FALSE(r.saturated);
        CHECK_THAT(r.meanMs, WithinRel(row.meanMs, meanTolerance));
        if (varianceTolerance > 0) // 0: the variance is not asserted
            CHECK_THAT(r.varianceMs2, WithinRel(row.varianceMs2, varianceTolerance));
    }
}

} // namespace

TEST_CASE("ZonedRaid: st3500630ns seek moments from the paper's two figures (#53)", "[model][zoned]")
{
    // a + b sqrt(d) through (1, 0.8 ms) and (60799, 17 ms) read, (1, 1 ms) and (60799, 18 ms) write,
    // locations weighted by the zones' sectors per track. Second method: the same double sum done
    // in a separate script over bands of 50 cylinders (exact within a band): 9.2851 and 9.9042 ms.
    CHECK_THAT(paperDisk().seekMoment(1, false), WithinRel(9.2851, 0.003));
    CHECK_THAT(paperDisk().seekMoment(1, true), WithinRel(9.9042, 0.003));
}

// Our st3500630ns preset has the paper's section 4 figures (cylinders, sector times, rotation,
// track-to-track and full-stroke seeks). The paper does not restate its seek-time distribution (its
// reference [20]); the preset's seek curve is a + b sqrt(d) through the paper's two figures (mean
// read seek over capacity-weighted locations 9.29 ms; 8.38 ms with the earlier estimate). So the
// paper's model columns are matched within stated tolerances, not exactly.
// Rows whose service includes the Appendix's full turn R_max (RAID 5 small partial stripes, b = 1,
// and full stripes then a small partial stripe, b = 4, 7, 10, 13) are matched by the default
// reading, FullTurn::Reposition (that disk seeks and rotates like the other writes). Read as an
// exact R_max, they come out about 6 % below the paper's means (#53, docs/records/zoned-raid-minerva.md).

TEST_CASE("ZonedRaid: Table 1, RAID 5 partial-stripe writes without a full turn (Appendix, 3.1)", "[model][zoned]")
{
    ZonedRaidRequest q;
    q.scheme = ZonedRaidRequest::Scheme::Raid5;
    q.readFraction = 0;
    SECTION("single class (Appendix): large partial stripe and full stripes then a large partial")
    {
        q.writeModel = ZonedRaidRequest::WriteModel::SingleClass;
        // b = 5, 8 at 0.01/ms and b = 5 at 0.02/ms: within 4 % (mean) and 10 % (variance).
        checkRows(q, { { 5, 0.01, 47.8, 271.7 }, { 8, 0.01, 51.6, 326.0 }, { 5, 0.02, 66.3, 847.9 } }, 0.04, 0.10);
        // b = 2 (no full stripe): within 8 % and 20 %.
        checkRows(q, { { 2, 0.01, 42.5, 179.0 }, { 2, 0.02, 50.1, 411.5 } }, 0.08, 0.20);
    }
    SECTION("multiclass (3.1.1)")
    {
        q.writeModel = ZonedRaidRequest::WriteModel::Multiclass;
        checkRows(q, { { 5, 0.01, 52.7, 403.1 }, { 8, 0.01, 58.3, 616.6 } }, 0.06, 0.10);
    }
    SECTION("priority (3.1.2)")
    {
        q.writeModel = ZonedRaidRequest::WriteModel::Priority;
        // Means within 2 % (51.8 and 56.7 against 52.1 and 57.1); variances within 15 %: with the
        // seek curve from the paper's own figures (#53) our b = 5 variance is 432 against its 387.
        checkRows(q, { { 5, 0.01, 52.1, 387.4 }, { 8, 0.01, 57.1, 519.8 } }, 0.02, 0.15);
    }
}

TEST_CASE("ZonedRaid: Table 1, the rows with the Appendix's full turn (#53)", "[model][zoned]")
{
    ZonedRaidRequest q;
    q.scheme = ZonedRaidRequest::Scheme::Raid5;
    q.readFraction = 0;
    SECTION("reposition (the default): the paper's means within 4 %")
    {
        // Variances are not asserted: 9-18 % below the paper's on average over these rows, and 34 %
        // at b = 1, whose printed variance (258.5) exceeds b = 2's (179.0) though its mean does not.
        q.writeModel = ZonedRaidRequest::WriteModel::SingleClass;
        checkRows(q, { { 1, 0.01, 41.9, 258.5 }, { 4, 0.01, 51.1, 340.5 }, { 7, 0.02, 76.4, 1235.3 } }, 0.04, 0);
        q.writeModel = ZonedRaidRequest::WriteModel::Multiclass;
        checkRows(q, { { 1, 0.01, 40.7, 227.2 }, { 4, 0.01, 52.8, 435.0 }, { 10, 0.02, 110.1, 4643.0 } }, 0.04, 0);
    }
    SECTION("exact R_max: below the paper's means on every such row")
    {
        q.fullTurn = ZonedRaidRequest::FullTurn::Exact;
        const std::tuple<int, double, double> rows[] { { 1, 0.01, 41.9 }, { 4, 0.01, 51.1 }, { 7, 0.02, 76.4 } };
        for (const auto& [blocks, lambda, paperMs] : rows) {
            q.blocks = blocks;
            q.ratePerMs = lambda;
            CAPTURE(blocks, lambda);
            const double exact = evaluateZonedRaid(q, paperDisk()).meanMs;
            ZonedRaidRequest r = q;
            r.fullTurn = ZonedRaidRequest::FullTurn::Reposition;
            // A full turn (8.33 ms) is shorter than a write seek and latency (9.90 + 4.165 ms on average).
            CHECK(exact < evaluateZonedRaid(r, paperDisk()).meanMs);
            CHECK(exact < 0.97 * paperMs);
        }
    }
}

TEST_CASE("ZonedRaid: Table 2, RAID 01 mixed reads and writes (3.2)", "[model][zoned]")
{
    // Our means were 4-9 % below the paper's model with the earlier seek estimate; with the curve from
    // the paper's figures they are within 0.1 % on average (docs/records/zoned-raid-minerva.md).
    ZonedRaidRequest q;
    q.scheme = ZonedRaidRequest::Scheme::Raid01;
    q.readFraction = 0.25;
    checkRows(q, { { 1, 0.01, 18.8, 27.7 }, { 2, 0.03, 33.1, 195.4 }, { 5, 0.03, 50.7, 550.5 } }, 0.10, 0.20);
    q.readFraction = 0.5;
    checkRows(q, { { 3, 0.01, 23.8, 48.4 }, { 4, 0.03, 42.6, 372.9 } }, 0.10, 0.20);
    q.readFraction = 0.75;
    checkRows(q, { { 2, 0.01, 20.3, 31.7 }, { 5, 0.03, 42.5, 385.9 } }, 0.10, 0.20);
}

TEST_CASE("ZonedRaid: Table 3, RAID 5 mixed reads and single-class writes (3.2)", "[model][zoned]")
{
    ZonedRaidRequest q;
    q.scheme = ZonedRaidRequest::Scheme::Raid5;
    q.writeModel = ZonedRaidRequest::WriteModel::SingleClass;
    q.readFraction = 0.5;
    // b = 2 (large partial stripe), 3 (one full stripe), 5 (full then large partial): within 10 %
    // (mean) and 20 % (variance). b = 1 and 4 carry the full turn (see above).
    checkRows(q,
        { { 2, 0.01, 30.4, 200.6 }, { 3, 0.01, 23.0, 42.2 }, { 5, 0.01, 35.7, 229.1 }, { 3, 0.03, 32.8, 182.4 },
            { 5, 0.03, 67.4, 1122.3 } },
        0.10, 0.20);

    // The paper's model (and ours) has 3-block requests faster than 2 or 4: a whole stripe needs no
    // pre-read.
    q.ratePerMs = 0.03;
    q.readFraction = 0.25;
    double mean[6] {};
    for (int b = 2; b <= 4; ++b) {
        q.blocks = b;
        mean[b] = evaluateZonedRaid(q, paperDisk()).meanMs;
    }
    CHECK(mean[3] < mean[2]);
    CHECK(mean[3] < mean[4]);
}

TEST_CASE("ZonedRaid: saturation is reported, not computed", "[model][zoned]")
{
    // RAID 01 writes of 2 blocks on 4 disks: each disk sees lambda and serves about 14.6 ms (read
    // seek 8.4 + rotation 4.2 + transfer 2.0): lambda = 0.1/ms puts it above 1.
    ZonedRaidRequest q;
    q.scheme = ZonedRaidRequest::Scheme::Raid01;
    q.blocks = 2;
    q.readFraction = 0;
    q.ratePerMs = 0.1;
    REQUIRE(zonedRaidRequestProblem(q).isEmpty());
    const ZonedRaidResult r = evaluateZonedRaid(q);
    CHECK(r.saturated);
    CHECK(r.utilization > 1);
    CHECK(std::isinf(r.meanMs));
    CHECK(r.cdf.empty());
    CHECK(r.pdf.empty());
    for (auto model : { ZonedRaidRequest::WriteModel::SingleClass, ZonedRaidRequest::WriteModel::Multiclass,
             ZonedRaidRequest::WriteModel::Priority }) {
        q.scheme = ZonedRaidRequest::Scheme::Raid5;
        q.writeModel = model;
        q.blocks = 5;
        CHECK(evaluateZonedRaid(q).saturated);
    }
    // Just below: 0.02/ms is a third of that load.
    q.ratePerMs = 0.02;
    const ZonedRaidResult ok = evaluateZonedRaid(q);
    CHECK_FALSE(ok.saturated);
    CHECK(ok.utilization < 1);
    CHECK(ok.cdf.size() == 201);
    CHECK(ok.p50Ms < ok.p90Ms);
    CHECK(ok.p90Ms < ok.p95Ms);
    CHECK(ok.p95Ms < ok.p99Ms);
}

TEST_CASE("ZonedRaid: input problems name the field", "[model][zoned]")
{
    const auto problem = [](auto change) {
        ZonedRaidRequest q;
        change(q);
        return zonedRaidRequestProblem(q);
    };
    CHECK(problem([](ZonedRaidRequest&) {}).isEmpty());
    CHECK(problem([](ZonedRaidRequest& q) { q.ratePerMs = std::nan(""); }).startsWith(u"ratePerMs:"));
    CHECK(problem([](ZonedRaidRequest& q) { q.ratePerMs = INFINITY; }).startsWith(u"ratePerMs:"));
    CHECK(problem([](ZonedRaidRequest& q) { q.ratePerMs = -1; }).startsWith(u"ratePerMs:"));
    CHECK(problem([](ZonedRaidRequest& q) { q.readFraction = std::nan(""); }).startsWith(u"readFraction:"));
    CHECK(problem([](ZonedRaidRequest& q) { q.readFraction = 1.5; }).startsWith(u"readFraction:"));
    CHECK(problem([](ZonedRaidRequest& q) { q.blocks = 0; }).startsWith(u"blocks:"));
    CHECK(problem([](ZonedRaidRequest& q) { q.disks = 2; }).startsWith(u"disks:"));
    CHECK(problem([](ZonedRaidRequest& q) {
        q.scheme = ZonedRaidRequest::Scheme::Raid01;
        q.disks = 5;
    }).startsWith(u"disks:"));
    CHECK(problem([](ZonedRaidRequest& q) { q.blockBytes = 100; }).startsWith(u"blockBytes:"));
    CHECK(problem([](ZonedRaidRequest& q) { q.diskPreset = QStringLiteral("nonesuch"); }).startsWith(u"disk:"));
    CHECK(problem([](ZonedRaidRequest& q) { q.diskPreset = QStringLiteral("ssd"); }).startsWith(u"disk:"));
    CHECK(problem([](ZonedRaidRequest& q) {
        q.writeModel = ZonedRaidRequest::WriteModel(7);
    }).startsWith(u"writeModel:"));
}

