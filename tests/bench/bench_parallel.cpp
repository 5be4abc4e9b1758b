// SPDX-License-Identifier: GPL-3.0-or-later
// Every core: wall time of the four parallel jobs at one thread and at all of them (the argument is
// the thread count; 0 = QThread::idealThreadCount()), so speed-up = time(1) / time(0):
//   - a 7-point outstanding sweep (1..64) of a RAID-5 of 8 disks (7 equal points on 2 cores would be
//     4 rounds, 1.75x at best; the thread left idle in the last round draws and plans that point's
//     requests ahead, RequestFeed, some quarter of its work),
//   - a 3-candidate replay of a real MSR trace (hm_0 excerpt repeated, ~40k requests),
//   - the probe of RAIDSCOPE_BENCH_PROBES arrays (default 12; probe-eval's loop is this, 100 arrays
//     take minutes per run, so fewer here: the speed-up does not depend on the count),
//   - summarizing a ~1 GB MSR CSV (RAIDSCOPE_BENCH_MSR_MB, default 1000) made at bench time by
//     repeating a real MSR excerpt (../shared/traces/msr_cambridge_csv/hm_0_excerpt.csv) with its
//     times shifted by its span each time, written once to the temporary folder, never to the repository.
//
// Run: cmake --build build --target bench_parallel && build/bin/bench_parallel
// (one job: --benchmark_filter=Summarize). Wall time is measured (UseRealTime): other load on the
// machine shows in the figures.
#include "parallel.h"
#include "probe/shearprobe.h"
#include "probe/simtarget.h"
#include "sim/arraysimulator.h"
#include "sim/outstandingsweep.h"
#include "trace/tracejob.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <benchmark/benchmark.h>

#include <cstdlib>
#include <string>

using namespace raidscope;

namespace {

int envInt(const char* name, int fallback)
{
    const char* v = std::getenv(name);
    const int n = v ? std::atoi(v) : 0;
    return n > 0 ? n : fallback;
}

// The real MSR excerpt repeated to about `megabytes` MB; each copy's timestamps shifted past the
// previous copy's, so the file reads as one long trace. The header line only once.
QString repeatedMsr(int megabytes)
{
    const QString path = QDir::tempPath() + QStringLiteral("/raidscope-bench-msr-repeated-%1MB.csv").arg(megabytes);
    const qint64 target = qint64(megabytes) * 1000000;
    if (QFileInfo(path).size() >= target)
        return path;
    QFile in(QStringLiteral(RAIDSCOPE_SHARED_DIR "/traces/msr_cambridge_csv/hm_0_excerpt.csv"));
    if (!in.open(QIODevice::ReadOnly))
        return {};
    struct Line
    {
        std::uint64_t ticks;
        std::string rest; // ",hm,0,Write,...\n"
    };
    std::vector<Line> lines;
    std::string header;
    for (const QByteArray& l : in.readAll().split('\n')) {
        if (l.isEmpty())
            continue;
        const qsizetype comma = l.indexOf(',');
        bool ok = false;
        const std::uint64_t ticks = l.left(comma).toULongLong(&ok);
        if (!ok) {
            header = l.toStdString() + '\n';
            continue;
        }
        lines.push_back(Line { ticks, l.mid(comma).toStdString() + '\n' });
    }
    if (lines.empty())
        return {};
    std::uint64_t first = UINT64_MAX, last = 0;
    for (const Line& l : lines) {
        first = std::min(first, l.ticks);
        last = std::max(last, l.ticks);
    }
    const std::uint64_t span = last - first + 10000; // + 1 ms between copies
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return {};
    std::string block = header;
    qint64 written = 0;
    for (std::uint64_t copy = 0; written < target; ++copy) {
        for (const Line& l : lines) {
            block += std::to_string(l.ticks + copy * span);
            block += l.rest;
        }
        if (block.size() > (1u << 20)) {
            written += out.write(block.data(), qint64(block.size()));
            block.clear();
        }
    }
    out.write(block.data(), qint64(block.size()));
    return path;
}

void BM_Sweep7(benchmark::State& state)
{
    QString error;
    auto sim = ArraySimulator::create(QStringLiteral("raid5 disks=8 chunk=64KiB"), &error);
    const auto w = parseWorkloadSpec(QStringLiteral("random read=0.7 size=8KiB count=100000 seed=1"), &error);
    if (!sim || !w) {
        state.SkipWithError(error.toUtf8().constData());
        return;
    }
    for (auto _ : state) {
        const auto r = runOutstandingSweep(*sim, *w, { 1, 2, 4, 8, 16, 32, 64 }, {}, {}, int(state.range(0)));
        benchmark::DoNotOptimize(r.points.size());
    }
    state.counters["threads"] = resolveJobs(int(state.range(0)));
}

void BM_Replay3(benchmark::State& state)
{
    const QString path = repeatedMsr(2); // ~40k requests
    if (path.isEmpty()) {
        state.SkipWithError("cannot read the MSR excerpt in ../shared/traces or write the temporary folder");
        return;
    }
    TraceReplayOptions o;
    o.arraySpecs = QStringList { QStringLiteral("raid5 disks=5 chunk=16KiB"), QStringLiteral("raid5 disks=5 chunk=64KiB"),
        QStringLiteral("raid10 disks=4 chunk=64KiB") };
    o.read.jobs = int(state.range(0));
    std::uint64_t records = 0;
    for (auto _ : state) {
        const auto r = replayTrace({ path }, o);
        if (!r.ok) {
            state.SkipWithError(r.error.toUtf8().constData());
            return;
        }
        records = r.records;
    }
    state.counters["records"] = double(records);
    state.counters["threads"] = resolveJobs(o.read.jobs);
}

void BM_ProbeArrays(benchmark::State& state)
{
    // probe-eval's population in small: schemes and variants of 3 to 6 disks, 8 to 64 KiB chunks.
    const char* specs[] = { "raid0 disks=4 chunk=16KiB", "raid5 layout=la disks=5 chunk=32KiB", "raid10 disks=4 chunk=64KiB",
        "raid6 disks=6 chunk=8KiB", "raid1 disks=3 chunk=64KiB", "raid5 disks=4 chunk=64KiB", "raid4 disks=5 chunk=16KiB",
        "raid10 layout=far disks=4 chunk=32KiB", "raid0 disks=6 chunk=8KiB", "raid5 layout=rs disks=6 chunk=16KiB",
        "raid6 layout=la disks=5 chunk=32KiB", "raid0 disks=3 chunk=64KiB" };
    const int count = envInt("RAIDSCOPE_BENCH_PROBES", 12);
    for (auto _ : state) {
        parallelFor(count, int(state.range(0)), [&](int i) {
            QString error;
            auto target = SimTarget::create(QString::fromLatin1(specs[i % 12]), &error);
            if (!target)
                return;
            ProbeConfig config;
            config.seed = 19000 + std::uint64_t(i);
            const ProbeResult r = runShearProbe(*target, config);
            benchmark::DoNotOptimize(r.verdict.identified);
        });
    }
    state.counters["arrays"] = count;
    state.counters["threads"] = resolveJobs(int(state.range(0)));
}

void BM_Summarize(benchmark::State& state)
{
    const QString path = repeatedMsr(envInt("RAIDSCOPE_BENCH_MSR_MB", 1000));
    if (path.isEmpty()) {
        state.SkipWithError("cannot read the MSR excerpt in ../shared/traces or write the temporary folder");
        return;
    }
    const double bytes = double(QFileInfo(path).size());
    TraceJobOptions o;
    o.jobs = int(state.range(0));
    std::uint64_t records = 0;
    for (auto _ : state) {
        const auto r = summarizeTrace({ path }, o);
        if (!r.ok) {
            state.SkipWithError(r.error.toUtf8().constData());
            return;
        }
        records = r.summary.records;
    }
    state.counters["MB/s"] = benchmark::Counter(bytes / 1e6 * double(state.iterations()), benchmark::Counter::kIsRate);
    state.counters["records"] = double(records);
    state.counters["fileMB"] = bytes / 1e6;
    state.counters["threads"] = resolveJobs(o.jobs);
}

} // namespace

BENCHMARK(BM_Sweep7)->Arg(1)->Arg(0)->Iterations(2)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Replay3)->Arg(1)->Arg(0)->Iterations(2)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ProbeArrays)->Arg(1)->Arg(0)->Iterations(1)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Summarize)->Arg(1)->Arg(0)->Iterations(2)->UseRealTime()->Unit(benchmark::kMillisecond);

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv); // the layout registry finds plugins next to the executable
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
