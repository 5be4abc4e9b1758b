// SPDX-License-Identifier: GPL-3.0-or-later
// Long runs on every imported DiskSim drive (issue 53: the disk model's transfer loop livelocked one
// sector short of a command's arrival; a RAID-5 of four imported HP C3323A disks hung within 30,000 random
// writes, where a data and a parity disk read the same offsets in step, so one disk's completion arrives at
// the other exactly as its read-ahead ends a sector). Millions of random reads and writes on each of the 14
// descriptions of tests/data/disksim and several seeds: a run that livelocks never reports.
//
//   BM_DiskModel: the disk model alone, one request at a time, each arriving a random whole number of
//                 nanoseconds (0-2 ms) after the last completed; 2 million requests.
//   BM_Raid5:     the array simulator, RAID-5 of four such disks, 8 outstanding, half reads, 4 or 64 KiB;
//                 1 million requests.
//   BM_HostedRaid5Reads, BM_HostedRaid5Writes: issue 57's speed table on the C3323A and the Cheetah 9LP, an
//                 8-disk RAID-5, 64 outstanding random 4 KiB reads (1 million) or writes (20,000 and 200,000).
//
// Counters: requests/s and the simulated seconds reached (the C3323A hung near 1,160 s in the RAID-5 and
// the single-disk run near 4,600 s).
// Run: cmake --build build --target bench_disksim && build/bin/bench_disksim --benchmark_filter=c3323
// (issue 57's table alone: --benchmark_filter=BM_Hosted)
// (one drive: a few minutes; all 14, of the order of an hour of CPU)
#include "disk/diskmodel.h"
#include "disk/diskparameters.h"
#include "disk/disksimimport.h"
#include "sim/arraysimulator.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QString>
#include <QTemporaryDir>

#include <benchmark/benchmark.h>

#include <map>
#include <random>
#include <string>
#include <vector>

using namespace raidscope;

namespace {

// DiskSim 4.0's valid/ single-disk descriptions, as kept in tests/data/disksim.
const char* const kDrives[] = { "atlas10k.parv", "atlas_III.parv", "barracuda.parv", "cheetah4LP.parv",
    "cheetah9LP.parv", "dec_rz26.parv", "hp_c2247a.parv", "hp_c2490a.parv", "hp_c3323a.parv", "ibm18es.parv",
    "st41601n.parv", "dualseek_example/maxtor300g.parv", "hp_c2249a.diskspecs", "hp_c3323a.diskspecs" };

struct Drive
{
    std::string file;
    QString presetId; ///< the id the array spec names it by
    DiskParameters params;
};

void runDiskModel(benchmark::State& state, const Drive& drive)
{
    const auto requests = std::uint64_t(state.range(0));
    std::uint64_t done = 0;
    double simulatedS = 0;
    for (auto _ : state) {
        DiskModel disk(drive.params);
        std::mt19937_64 rng(std::uint64_t(state.range(1)));
        std::uniform_int_distribution<std::uint64_t> where(0, disk.totalSectors() - 128);
        std::uniform_int_distribution<std::int64_t> gapNs(0, 2'000'000);
        DiskModel::Ns now { 0 };
        for (std::uint64_t i = 0; i < requests; ++i) {
            const bool write = (rng() & 1) != 0;
            const std::uint32_t sectors = (rng() % 5) < 3 ? 8 : 128; // 4 KiB : 64 KiB as 60 : 40
            now = disk.service(where(rng), sectors, write, now).completion + DiskModel::Ns(gapNs(rng));
        }
        done += requests;
        simulatedS = double(now.count()) / 1e9;
    }
    state.counters["requests/s"] = benchmark::Counter(double(done), benchmark::Counter::kIsRate);
    state.counters["simulated_s"] = simulatedS;
}

void runRaid5(benchmark::State& state, const Drive& drive)
{
    QString error;
    auto sim = ArraySimulator::create(QStringLiteral("raid5 disks=4 disk=") + drive.presetId, &error);
    auto workload = parseWorkloadSpec(
        QStringLiteral("random read=0.5 size=4KiB:60,64KiB:40 outstanding=8 seed=%1").arg(state.range(1)), &error);
    if (!sim || !workload) {
        state.SkipWithError(error.toUtf8().constData());
        return;
    }
    workload->count = std::uint64_t(state.range(0));
    std::uint64_t done = 0;
    double simulatedS = 0;
    for (auto _ : state) {
        const SimResult r = sim->run(*workload);
        done += r.requests;
        simulatedS = r.simulatedNs / 1e9;
        benchmark::DoNotOptimize(r.iops());
    }
    state.counters["requests/s"] = benchmark::Counter(double(done), benchmark::Counter::kIsRate);
    state.counters["simulated_s"] = simulatedS;
}

// Issue 57's table: the 8-disk RAID-5 (left-symmetric, 64 KiB chunks) of one drive, 64 outstanding random 4 KiB
// requests, all reads or all writes, as DiskSim's side of the table ran it (docs/records/speed.md).
void runHostedRaid5(benchmark::State& state, const Drive& drive, double readFraction)
{
    QString error;
    auto sim = ArraySimulator::create(QStringLiteral("raid5 layout=ls disks=8 chunk=64KiB disk=") + drive.presetId, &error);
    auto workload = parseWorkloadSpec(
        QStringLiteral("random read=%1 size=4KiB outstanding=64 seed=%2").arg(readFraction).arg(state.range(1)), &error);
    if (!sim || !workload) {
        state.SkipWithError(error.toUtf8().constData());
        return;
    }
    workload->count = std::uint64_t(state.range(0));
    std::uint64_t done = 0;
    for (auto _ : state) {
        const SimResult r = sim->run(*workload);
        done += r.requests;
        benchmark::DoNotOptimize(r.iops());
    }
    state.counters["requests/s"] = benchmark::Counter(double(done), benchmark::Counter::kIsRate);
}

} // namespace

int main(int argc, char** argv)
{
    // The imported presets go to a folder of RAIDSCOPE_DISK_PATH before the preset list is first read, so
    // that array specs can name them.
    QTemporaryDir presets;
    qputenv("RAIDSCOPE_DISK_PATH", presets.path().toUtf8());
    QCoreApplication app(argc, argv); // the layout registry finds plugins next to the executable
    std::vector<Drive> drives;
    std::map<QString, int> ids;
    for (const char* file : kDrives) {
        const QString path = QDir(QStringLiteral(RAIDSCOPE_TEST_DATA "/disksim")).filePath(QString::fromLatin1(file));
        QString error;
        auto imported = importDiskSim(path, &error);
        auto params = imported ? parseDiskParameters(imported->presetJson, &error) : std::nullopt;
        if (!params) {
            fprintf(stderr, "%s: %s\n", file, qPrintable(error));
            return 1;
        }
        QJsonObject json = imported->presetJson;
        QString id = json.value(QStringLiteral("id")).toString();
        if (ids[id]++) // two descriptions of one drive (hp_c3323a.parv and .diskspecs) get their own ids
            id += QStringLiteral("-%1").arg(ids[id]);
        json[QStringLiteral("id")] = id;
        QFile out(QDir(presets.path()).filePath(id + QStringLiteral(".json")));
        if (!out.open(QIODevice::WriteOnly) || out.write(QJsonDocument(json).toJson()) < 0)
            return 1;
        drives.push_back({ file, id, std::move(*params) });
    }
    for (const Drive& d : drives) {
        if (d.file != "hp_c3323a.parv" && d.file != "cheetah9LP.parv")
            continue;
        benchmark::RegisterBenchmark(("BM_HostedRaid5Reads/" + d.file).c_str(), [&d](benchmark::State& s) { runHostedRaid5(s, d, 1.0); })
            ->ArgNames({ "requests", "seed" })
            ->Args({ 1'000'000, 1 })
            ->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark(("BM_HostedRaid5Writes/" + d.file).c_str(), [&d](benchmark::State& s) { runHostedRaid5(s, d, 0.0); })
            ->ArgNames({ "requests", "seed" })
            ->Args({ 20'000, 1 })
            ->Args({ 200'000, 1 })
            ->Unit(benchmark::kMillisecond);
    }
    for (const Drive& d : drives) {
        benchmark::RegisterBenchmark(("BM_DiskModel/" + d.file).c_str(), [&d](benchmark::State& s) { runDiskModel(s, d); })
            ->ArgNames({ "requests", "seed" })
            ->Args({ 2'000'000, 1 })
            ->Args({ 2'000'000, 7 })
            ->Args({ 2'000'000, 42 })
            ->Iterations(1)
            ->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark(("BM_Raid5/" + d.file).c_str(), [&d](benchmark::State& s) { runRaid5(s, d); })
            ->ArgNames({ "requests", "seed" })
            ->Args({ 1'000'000, 1 })
            ->Args({ 1'000'000, 7 })
            ->Args({ 1'000'000, 42 })
            ->Iterations(1)
            ->Unit(benchmark::kMillisecond);
    }
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
