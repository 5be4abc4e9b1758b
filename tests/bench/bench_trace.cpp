// SPDX-License-Identifier: GPL-3.0-or-later
// MB/s summarizing MSR-format CSV on one core (issue "Traces" target: >= 300 MB/s, memory flat in
// file size). The real MSR excerpts are 16 KB, so a synthetic file mimicking their fields (FILETIME
// stamps, a few hosts and disks, 512-byte aligned offsets, sizes from 512 B to 64 KiB, response
// ticks) is generated once from a fixed seed in /tmp (RAIDSCOPE_BENCH_TRACE_MB, default 200).
// Peak RSS is reported for a 1/4-size and the full-size file: flat memory means equal figures.
//
// The layout analysis (#56) on the same file beside the summary, each on one thread and on every
// core: one RAID 5 array alone, and with the seven-size chunk sweep (eight analyzers a request).
//
// Run: cmake --build build --target bench_trace && build/bin/bench_trace
#include "stats/rng.h"
#include "trace/layoutanalysis.h"
#include "trace/tracejob.h"

#include <benchmark/benchmark.h>

#include <QFileInfo>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <sys/resource.h>

using namespace raidscope;

namespace {

long peakRssKiB()
{
    rusage u {};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss;
}

// Writes an MSR-format CSV of about `megabytes` MB (fixed seed: the same file every run).
QString syntheticMsr(int megabytes)
{
    const QString path = QStringLiteral("/tmp/raidscope-bench-msr-%1MB.csv").arg(megabytes);
    const std::uint64_t target = std::uint64_t(megabytes) * 1000000;
    if (QFileInfo(path).size() >= qint64(target))
        return path;
    std::FILE* f = std::fopen(path.toLocal8Bit().constData(), "w");
    if (!f)
        return {};
    Rng rng(20070222);
    const char* hosts[] = { "hm", "rsrch", "prxy", "src1", "web", "mds" };
    const std::uint64_t sizes[] = { 512, 1024, 4096, 4096, 4096, 8192, 8192, 16384, 32768, 65536 };
    std::uint64_t ticks = 128166372000000000ULL;
    std::uint64_t written = 0;
    std::uint64_t offset = 0;
    char line[160];
    while (written < target) {
        ticks += rng.below(200000); // up to 20 ms between requests
        const int h = int(rng.below(6));
        if (rng.below(4) != 0) // mostly random, sometimes sequential
            offset = rng.below(1ULL << 25) * 512;
        const std::uint64_t size = sizes[rng.below(10)];
        const int n = std::snprintf(line, sizeof line, "%llu,%s,%d,%s,%llu,%llu,%llu\n", (unsigned long long)ticks, hosts[h],
            int(rng.below(3)), rng.below(3) ? "Write" : "Read", (unsigned long long)offset, (unsigned long long)size,
            (unsigned long long)(500 + rng.below(200000)));
        offset += size;
        std::fwrite(line, 1, std::size_t(n), f);
        written += std::uint64_t(n);
    }
    std::fclose(f);
    return path;
}

void summarizeFile(benchmark::State& state, int megabytes)
{
    const QString path = syntheticMsr(megabytes);
    if (path.isEmpty()) {
        state.SkipWithError("cannot write the synthetic trace in /tmp");
        return;
    }
    const std::int64_t bytes = QFileInfo(path).size();
    std::uint64_t records = 0;
    TraceJobOptions o;
    o.reader.format = TraceFormat::MsrCsv;
    for (auto _ : state) {
        const auto r = summarizeTrace({ path }, o);
        if (!r.ok) {
            state.SkipWithError(r.error.toStdString().c_str());
            return;
        }
        records = r.summary.records;
        benchmark::DoNotOptimize(records);
    }
    state.SetBytesProcessed(state.iterations() * bytes);
    state.counters[QStringLiteral("MB/s").toStdString()] = benchmark::Counter(double(bytes) / 1e6 * double(state.iterations()),
        benchmark::Counter::kIsRate);
    state.counters["records"] = double(records);
    state.counters["fileMB"] = double(bytes) / 1e6;
    state.counters["peakRssMiB"] = double(peakRssKiB()) / 1024.0;
}

// `arrays`: 1 (the array alone) or 8 (with the 16 KiB .. 1 MiB sweep); `jobs` 1 or 0 (every core).
void analyzeFile(benchmark::State& state, int megabytes, const char* spec, bool sweep, int jobs)
{
    const QString path = syntheticMsr(megabytes);
    if (path.isEmpty()) {
        state.SkipWithError("cannot write the synthetic trace in /tmp");
        return;
    }
    const std::int64_t bytes = QFileInfo(path).size();
    LayoutAnalysisOptions o;
    o.read.reader.format = TraceFormat::MsrCsv;
    o.read.jobs = jobs;
    o.arraySpecs = { QString::fromLatin1(spec) };
    if (sweep)
        o.sweepChunkBytes = defaultSweepChunkBytes();
    std::uint64_t records = 0;
    for (auto _ : state) {
        const auto r = analyzeTraceLayout({ path }, o);
        if (!r.ok) {
            state.SkipWithError(r.error.toStdString().c_str());
            return;
        }
        records = r.records;
        benchmark::DoNotOptimize(records);
    }
    state.SetBytesProcessed(state.iterations() * bytes);
    state.counters["MB/s"] = benchmark::Counter(double(bytes) / 1e6 * double(state.iterations()), benchmark::Counter::kIsRate);
    state.counters["records"] = double(records);
    state.counters["peakRssMiB"] = double(peakRssKiB()) / 1024.0;
}

void summarizeFileJobs(benchmark::State& state, int megabytes, int jobs)
{
    const QString path = syntheticMsr(megabytes);
    const std::int64_t bytes = QFileInfo(path).size();
    TraceJobOptions o;
    o.reader.format = TraceFormat::MsrCsv;
    o.jobs = jobs;
    for (auto _ : state) {
        const auto r = summarizeTrace({ path }, o);
        if (!r.ok) {
            state.SkipWithError(r.error.toStdString().c_str());
            return;
        }
        benchmark::DoNotOptimize(r.summary.records);
    }
    state.SetBytesProcessed(state.iterations() * bytes);
    state.counters["MB/s"] = benchmark::Counter(double(bytes) / 1e6 * double(state.iterations()), benchmark::Counter::kIsRate);
}

int fullMegabytes()
{
    const char* env = std::getenv("RAIDSCOPE_BENCH_TRACE_MB");
    const int mb = env ? std::atoi(env) : 200;
    return mb >= 4 ? mb : 200;
}

} // namespace

// Smaller file first: peak RSS only grows, so the quarter file's figure is its own.
BENCHMARK_CAPTURE(summarizeFile, msr_quarter, fullMegabytes() / 4)->Unit(benchmark::kMillisecond)->Iterations(2);
BENCHMARK_CAPTURE(summarizeFile, msr_full, fullMegabytes())->Unit(benchmark::kMillisecond)->Iterations(2);

// The layout analysis beside the summary on the quarter file (#56).
BENCHMARK_CAPTURE(summarizeFileJobs, msr_quarter_1job, fullMegabytes() / 4, 1)->Unit(benchmark::kMillisecond)->Iterations(2);
BENCHMARK_CAPTURE(summarizeFileJobs, msr_quarter_allcores, fullMegabytes() / 4, 0)->Unit(benchmark::kMillisecond)->Iterations(2);
BENCHMARK_CAPTURE(analyzeFile, raid5_1job, fullMegabytes() / 4, "raid5 disks=5 chunk=64KiB", false, 1)
    ->Unit(benchmark::kMillisecond)->Iterations(2);
BENCHMARK_CAPTURE(analyzeFile, raid0_1job, fullMegabytes() / 4, "raid0 disks=4 chunk=64KiB", false, 1)
    ->Unit(benchmark::kMillisecond)->Iterations(2);
BENCHMARK_CAPTURE(analyzeFile, raid10_1job, fullMegabytes() / 4, "raid10 disks=4 chunk=64KiB", false, 1)
    ->Unit(benchmark::kMillisecond)->Iterations(2);
BENCHMARK_CAPTURE(analyzeFile, raid5_sweep_1job, fullMegabytes() / 4, "raid5 disks=5 chunk=64KiB", true, 1)
    ->Unit(benchmark::kMillisecond)->Iterations(2);
BENCHMARK_CAPTURE(analyzeFile, raid5_sweep_allcores, fullMegabytes() / 4, "raid5 disks=5 chunk=64KiB", true, 0)
    ->Unit(benchmark::kMillisecond)->Iterations(2);

BENCHMARK_MAIN();
