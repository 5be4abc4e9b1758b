// SPDX-License-Identifier: GPL-3.0-or-later
// The analytical models: Minerva is meant to answer "what if" millions of times in a design search
// (HPL-2001-118 §1); the Models issue's target is one two-stream RAID 5 evaluation in at most 1 µs.
#include "model/minerva.h"

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

} // namespace

BENCHMARK_MAIN();
