// SPDX-License-Identifier: GPL-3.0-or-later
// The SPC-1-like workload (issue 14: "simulated requests per second of the SPC-1 workload on the
// 28-disk RAID 6 with cache; target at least 1 million per second on one core"): the array as
// SIMRAID's (28 members, 2 GiB controller cache) on the 15K preset, one thread. BM_Spc1Simulate
// runs whole simulations at a few loads: below the array's limit (about 30 BSUs: 1500 I/O per second)
// and beyond it, where queues grow for the whole run. BM_Spc1Draw is the generator alone, and
// BM_Spc1Plan the generator and the RAID 6 planner (RequestFeed's share of a run).
#include "sim/arraysimulator.h"
#include "sim/requestfeed.h"
#include "sim/spc1workload.h"

#include <QCoreApplication>

#include <benchmark/benchmark.h>

using namespace raidscope;

namespace {

constexpr const char* kArray = "raid6 disks=28 chunk=32KiB cache=2GiB disk=cheetah-15k";

void BM_Spc1Simulate(benchmark::State& state)
{
    QString error;
    auto sim = ArraySimulator::create(QString::fromUtf8(kArray), &error);
    auto workload = parseWorkloadSpec(QStringLiteral("spc1 bsu=%1 count=%2").arg(state.range(0)).arg(state.range(1)), &error);
    if (!sim || !workload || !sim->checkWorkload(*workload, &error)) {
        state.SkipWithError(error.toUtf8().constData());
        return;
    }
    std::uint64_t requests = 0;
    double utilization = 0;
    for (auto _ : state) {
        const SimResult r = sim->run(*workload);
        requests += r.requests;
        utilization = 0;
        for (const DiskResult& d : r.disks)
            utilization += d.utilization / double(r.disks.size());
        benchmark::DoNotOptimize(r.iops());
    }
    state.SetItemsProcessed(std::int64_t(requests));
    state.counters["meanUtil%"] = utilization * 100;
}

void BM_Spc1Draw(benchmark::State& state)
{
    Spc1Generator generator(int(state.range(0)), 1, 26ull * 73'728'000'000 /* 26 data members of the 15K preset */, 4096);
    for (auto _ : state) {
        const Spc1Request r = generator.next();
        benchmark::DoNotOptimize(r);
    }
    state.SetItemsProcessed(state.iterations());
}

void BM_Spc1Plan(benchmark::State& state)
{
    QString error;
    auto sim = ArraySimulator::create(QString::fromUtf8(kArray), &error);
    if (!sim) {
        state.SkipWithError(error.toUtf8().constData());
        return;
    }
    const RequestPlanner planner = sim->planner();
    WorkloadGenerator generator(*parseWorkloadSpec(QStringLiteral("spc1 bsu=%1").arg(state.range(0)), &error),
        sim->arrayBytes(), sim->layout().params().blockBytes);
    std::vector<PhysOp> phase1, phase2;
    for (auto _ : state) {
        phase1.clear();
        phase2.clear();
        bool lost = false;
        const IoRequest io = generator.next();
        benchmark::DoNotOptimize(generator.nextGapNs());
        benchmark::DoNotOptimize(planner.plan(io, 0, phase1, phase2, lost));
    }
    state.SetItemsProcessed(state.iterations());
}

} // namespace

// {BSU, requests}: 20 and 30 BSUs the array serves (about 70 and 95 % busy), 100 it cannot.
BENCHMARK(BM_Spc1Simulate)->Args({ 20, 1'000'000 })->Args({ 30, 1'000'000 })->Args({ 100, 300'000 })->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Spc1Draw)->Arg(20)->Arg(1000);
BENCHMARK(BM_Spc1Plan)->Arg(20);

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv); // the layout registry finds plugins next to the executable
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
