// SPDX-License-Identifier: GPL-3.0-or-later
// The probe model's inference (docs/design/probe.md): scoring every hypothesis after a test is what a
// probe spends its compute on, most of it on hypotheses with a request ceiling and burst credit, whose
// score integrates a grid of rates and buckets. One scoring here: 96 such layouts (RAID-0 and RAID-5 of
// 2 to 17 disks, three chunk sizes) under rate-limited members with credit, a ceiling, or neither, after
// 24 tests.
#include "layout/layoutregistry.h"
#include "probe/model/posterior.h"

#include <benchmark/benchmark.h>

#include <cmath>

using namespace raidscope;
using namespace raidscope::probemodel;

namespace {

std::vector<Hypothesis> rateLimitedHypotheses()
{
    std::vector<Hypothesis> out;
    for (const char* scheme : { "raid0", "raid5" })
        for (int disks = 2; disks <= 17; ++disks)
            for (std::uint64_t chunk : { 16384, 65536, 262144 }) {
                auto c = std::make_shared<Candidate>();
                c->scheme = QString::fromUtf8(scheme);
                c->variant = c->scheme == u"raid5" ? QStringLiteral("left-symmetric") : QString();
                c->disks = disks;
                c->chunkBytes = chunk;
                if ((c->scheme == u"raid5" && disks < 3) || !buildCandidate(*c, LayoutRegistry::instance(), 4096))
                    continue;
                for (int limit = 0; limit < 3; ++limit) {
                    Environment e;
                    e.kind = MemberKind::RateLimited;
                    e.ceiling = limit > 0;
                    e.credit = limit == 2;
                    out.push_back({ c, e, logPrior(*c, e) });
                }
            }
    return out;
}

// Tests of the kinds the search runs (patterns at powers of two, spreads of 2N and 16N, four- and
// sixteen-fold batches), timed as a RAID-5 of 6 at 64 KiB under a bucket of 32 and a ceiling would be,
// with a few per cent of scatter.
void observeTests(Posterior& post)
{
    auto truth = std::make_shared<Candidate>();
    truth->scheme = QStringLiteral("raid5");
    truth->variant = QStringLiteral("left-symmetric");
    truth->disks = 6;
    truth->chunkBytes = 65536;
    buildCandidate(*truth, LayoutRegistry::instance(), 4096);
    Environment e;
    e.kind = MemberKind::RateLimited;
    for (int t = 0; t < 24; ++t) {
        Test test;
        test.kind = t % 3 == 0 ? Test::Kind::Spread : Test::Kind::Pattern;
        const int n = 32 << (t % 4 == 3 ? 2 : 0);
        test.demands = { { t % 3 == 0 ? 1 : std::uint64_t(1) << (t % 8), 0, n } };
        const Prediction p = predict(*truth, e, post.scale(), test);
        const double ms = std::max(0.0, p.ms - 32 * post.scale().serialReadMs) + double(n) * post.scale().serialReadMs / 4;
        post.observe(test, ms * (1 + 0.03 * std::sin(double(t))));
    }
}

void BM_PosteriorScoreRateLimited(benchmark::State& state)
{
    DeviceScale s;
    s.serialReadMs = 0.5;
    s.floorMs = 0.5;
    NoiseModel noise;
    noise.deviceSigma = 0.04;
    Posterior post(s, noise);
    post.addHypotheses(rateLimitedHypotheses());
    observeTests(post);
    for (auto _ : state) {
        post.setNoise(noise); // forgets the scores: the next posteriors() scores every hypothesis
        benchmark::DoNotOptimize(post.posteriors().data());
    }
    state.counters["hypotheses"] = double(post.size());
    state.SetItemsProcessed(state.iterations() * std::int64_t(post.size()));
}
BENCHMARK(BM_PosteriorScoreRateLimited)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
