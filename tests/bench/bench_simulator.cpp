// SPDX-License-Identifier: GPL-3.0-or-later
// Simulated logical requests per second (issue: "Array simulator", target >= 2 million/s on one core):
// random 4 KiB reads on an 8-disk RAID-5 with 64 outstanding, and a few neighbours for context.
#include "sim/arraysimulator.h"

#include <QCoreApplication>

#include <benchmark/benchmark.h>

#include <sys/resource.h>

using namespace raidscope;

namespace {

void simulate(benchmark::State& state, const char* array, const char* workloadText)
{
    QString error;
    auto sim = ArraySimulator::create(QString::fromUtf8(array), &error);
    auto workload = parseWorkloadSpec(QString::fromUtf8(workloadText), &error);
    if (!sim || !workload) {
        state.SkipWithError(error.toUtf8().constData());
        return;
    }
    workload->count = std::uint64_t(state.range(0));
    std::uint64_t requests = 0;
    for (auto _ : state) {
        const SimResult r = sim->run(*workload);
        requests += r.requests;
        benchmark::DoNotOptimize(r.iops());
    }
    state.counters["requests/s"] = benchmark::Counter(double(requests), benchmark::Counter::kIsRate);
    rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    state.counters["maxRSS_MiB"] = double(usage.ru_maxrss) / 1024.0; // flat in the request count: streaming stats
}

void BM_Raid5RandomRead(benchmark::State& state)
{
    simulate(state, "raid5 disks=8 chunk=64KiB", "random read=1 size=4KiB outstanding=64 seed=1");
}
void BM_Raid5RandomWrite(benchmark::State& state)
{
    simulate(state, "raid5 disks=8 chunk=64KiB", "random read=0 size=4KiB outstanding=64 seed=1");
}
void BM_Raid10RandomRead(benchmark::State& state)
{
    simulate(state, "raid10 disks=8 chunk=64KiB", "random read=1 size=4KiB outstanding=64 seed=1");
}

} // namespace

BENCHMARK(BM_Raid5RandomRead)->Arg(1000000)->Arg(4000000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Raid5RandomWrite)->Arg(200000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Raid10RandomRead)->Arg(1000000)->Unit(benchmark::kMillisecond);

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv); // the layout registry finds plugins next to the executable
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
