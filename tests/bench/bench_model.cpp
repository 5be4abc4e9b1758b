// SPDX-License-Identifier: GPL-3.0-or-later
// The analytical models: Minerva is meant to answer "what if" millions of times in a design search
// (HPL-2001-118 §1); the Models issue's target is one two-stream RAID 5 evaluation in at most 1 µs.
// The zoned-RAID response-time model's target: a full response-time cdf of 200 points in at most 1 ms.
#include "model/minerva.h"
#include "model/zonedraid.h"

#include <benchmark/benchmark.h>

using namespace raidscope;

namespace {

MinervaInput twoStreamsRaid5()
{
    MinervaInput in;
    in.lu.type = MinervaLuType::Raid5;
    in.lu.size = 5;
    in.lu.stripeUnitSize = 65536;
    in.lu.meanPositionTime = 0.008;
    in.lu.transferRate = 1e7;
    in.lu.maxControllerBandwidth = 100e6;
    in.lu.maxControllerThroughput = 2000;
    MinervaStream writes;
    writes.requestRate = 100;
    writes.requestSize = 8192;
    writes.readProbability = 0.25;
    MinervaStream reads;
    reads.requestRate = 50;
    reads.requestSize = 32768;
    reads.readProbability = 1;
    reads.runCount = 4;
    in.streams = { writes, reads };
    return in;
}

void BM_MinervaRaid5TwoStreams(benchmark::State& state)
{
    MinervaInput in = twoStreamsRaid5();
    for (auto _ : state) {
        benchmark::DoNotOptimize(in);
        benchmark::DoNotOptimize(evaluateMinerva(in).maxRequestRate);
    }
}
BENCHMARK(BM_MinervaRaid5TwoStreams);

void BM_MinervaRaid5TwoStreamsPhased(benchmark::State& state)
{
    MinervaInput in = twoStreamsRaid5();
    for (MinervaStream& s : in.streams) {
        s.onTime = 1;
        s.offTime = 2;
    }
    for (auto _ : state) {
        benchmark::DoNotOptimize(in);
        benchmark::DoNotOptimize(evaluateMinerva(in).maxRequestRate);
    }
}
BENCHMARK(BM_MinervaRaid5TwoStreamsPhased);

// The zoned-RAID model's whole evaluation (mean, variance, percentiles, 200-point cdf and pdf) of
// one request stream on four ST3500630NS disks with 128 KiB blocks (Lebrecht, Dingle & Knottenbelt,
// section 4); the disk's service distribution is built once, outside the loop.
void runZonedRaid(benchmark::State& state, const ZonedRaidRequest& request)
{
    const auto disk = ZonedDiskService::fromPreset(request.diskPreset, request.blockBytes);
    if (!disk) {
        state.SkipWithError("no st3500630ns preset");
        return;
    }
    for (auto _ : state) {
        ZonedRaidResult r = evaluateZonedRaid(request, *disk);
        benchmark::DoNotOptimize(r.meanMs);
        benchmark::DoNotOptimize(r.cdf.data());
    }
}

// Table 1's row: RAID 5 single-class writes of 5 blocks at 0.01 requests/ms (full stripe then a
// large partial stripe: a fork-join maximum over 3.5 disks).
void BM_ZonedRaidCdf200(benchmark::State& state)
{
    ZonedRaidRequest q;
    q.scheme = ZonedRaidRequest::Scheme::Raid5;
    q.writeModel = ZonedRaidRequest::WriteModel::SingleClass;
    q.disks = 4;
    q.blockBytes = 128 * 1024;
    q.diskPreset = QStringLiteral("st3500630ns");
    q.ratePerMs = 0.01;
    q.blocks = 5;
    q.readFraction = 0;
    runZonedRaid(state, q);
}
BENCHMARK(BM_ZonedRaidCdf200)->Unit(benchmark::kMicrosecond);

// RAID 01 reads of 2 blocks at 0.01 requests/ms: the maximum of two disks' M/G/1 responses.
void BM_ZonedRaidCdf200Raid01Read(benchmark::State& state)
{
    ZonedRaidRequest q;
    q.scheme = ZonedRaidRequest::Scheme::Raid01;
    q.disks = 4;
    q.blockBytes = 128 * 1024;
    q.diskPreset = QStringLiteral("st3500630ns");
    q.ratePerMs = 0.01;
    q.blocks = 2;
    q.readFraction = 1;
    runZonedRaid(state, q);
}
BENCHMARK(BM_ZonedRaidCdf200Raid01Read)->Unit(benchmark::kMicrosecond);

} // namespace

BENCHMARK_MAIN();
