// SPDX-License-Identifier: GPL-3.0-or-later
#include "tracejob.h"

#include "numberrange.h"
#include "parallel.h"
#include "tracesplit_p.h"
#include "sim/arraysimulator.h"

#include <QFileInfo>
#include <QJsonArray>

#include <algorithm>
#include <atomic>
#include <functional>
#include <mutex>
#include <map>

namespace raidscope {

namespace {

QStringList baseNames(const QStringList& files)
{
    QStringList out;
    for (const QString& f : files)
        out << QFileInfo(f).fileName();
    return out;
}


} // namespace

bool TraceRequestStream::next(TraceRecord& record)
{
    for (;;) {
        const TraceReader::Status s = m_reader.next(record);
        if (s == TraceReader::Status::End)
            return false;
        if (s == TraceReader::Status::Error) {
            if (m_policy == TraceErrorPolicy::Stop || m_reader.error().fatal) {
                m_error = m_reader.error().text();
                return false;
            }
            ++m_skipped;
            continue;
        }
        if (record.kind != TraceRecord::Kind::Request)
            continue;
        if (m_device >= 0 && record.device != std::uint32_t(m_device))
            continue;
        return true;
    }
}

TraceSummaryResult summarizeTrace(const QStringList& files, const TraceJobOptions& options, std::stop_token stop,
                                  const Report<TraceSummarySnapshot>& report, std::chrono::milliseconds reportInterval)
{
    if (resolveJobs(options.jobs) > 1) {
        if (auto split = trace::summarizeInRanges(files, options, options.jobs, stop, report, reportInterval))
            return std::move(*split);
    }
    TraceSummaryResult out { TraceSummary(options.summary), false, false, {} };
    auto reader = TraceReader::open(files, options.reader, &out.error);
    if (!reader)
        return out;
    TraceSummary& summary = out.summary;
    summary.describe(reader->info(), baseNames(files));
    TraceAccumulator feed(summary, *reader);
    Throttle throttle(reportInterval);
    TraceRecord record;
    for (std::uint64_t n = 0;; ++n) {
        const TraceReader::Status s = reader->next(record);
        if (s == TraceReader::Status::Record) {
            feed.add(record);
        } else if (s == TraceReader::Status::End) {
            break;
        } else {
            if (options.onError == TraceErrorPolicy::Stop || reader->error().fatal) {
                out.error = reader->error().text();
                return out;
            }
            feed.addSkipped(reader->error());
        }
        // Check the clock only every 4096 records: the loop must stay cheap.
        if ((n & 4095) == 0) {
            if (stop.stop_requested()) {
                out.cancelled = true;
                return out;
            }
            if (report && throttle.due())
                report(std::make_shared<const TraceSummarySnapshot>(TraceSummarySnapshot { reader->fractionDone(),
                    reader->bytesConsumed(), reader->bytesTotal(), summary.records,
                    std::make_shared<const TraceSummary>(summary) }));
        }
    }
    summary.format = reader->info(); // readers refine their detail while reading (units detected)
    if (report)
        report(std::make_shared<const TraceSummarySnapshot>(TraceSummarySnapshot { 1.0, reader->bytesConsumed(),
            reader->bytesTotal(), summary.records, std::make_shared<const TraceSummary>(summary) }));
    out.ok = true;
    return out;
}

QJsonObject TraceReplayArray::toJson() const
{
    if (!error.isEmpty())
        return QJsonObject { { QStringLiteral("array"), arraySpec }, { QStringLiteral("error"), error } };
    QJsonObject o = result.toJson();
    o[QStringLiteral("array")] = arraySpec;
    o[QStringLiteral("windows")] = windows;
    o[QStringLiteral("slowPeriods")] = slowPeriods;
    o[QStringLiteral("arrivalSpanS")] = arrivalSpanNs * 1e-9;
    const SaturationVerdict v = saturation();
    if (v.state != SaturationVerdict::State::Unknown)
        o[QStringLiteral("saturation")] = QJsonObject { { QStringLiteral("offeredIops"), v.offeredIops },
            { QStringLiteral("capacityIops"), v.capacityIops }, { QStringLiteral("rho"), v.utilizationLaw },
            { QStringLiteral("saturated"), v.saturated() }, { QStringLiteral("text"), v.text() } };
    return o;
}

QJsonObject TraceReplayResult::toJson() const
{
    QJsonArray a;
    for (const TraceReplayArray& r : arrays)
        a.append(r.toJson());
    return QJsonObject { { QStringLiteral("records"), double(records) }, { QStringLiteral("arrays"), a } };
}

namespace {

// One candidate's replay, on its own reader and simulator. `error`: the trace could not be read.
struct ReplayTask
{
    TraceReplayArray array;
    QString error;
    std::uint64_t records = 0;
    std::uint64_t writesSkipped = 0;
    bool done = false;
};

// The latest arrival a replay simulates: 2^62 ns (146 years), half the int64 clock, so that service
// times added to it cannot overflow either.
constexpr double kMaxReplayNs = 4611686018427387904.0;

void replayOne(const QStringList& files, const TraceReplayOptions& options, ReplayTask& task, std::stop_token stop,
               const std::function<void(double)>& progress)
{
    TraceReplayArray& a = task.array;
    // --window is checked from 1 ms to 10^9 s; integerIfFits() keeps a caller that did not from overflowing.
    const std::int64_t windowNs = std::max<std::int64_t>(1000000, integerIfFits<std::int64_t>(options.windowSeconds * 1e9).value_or(1000000));
    auto sim = ArraySimulator::create(a.arraySpec, &a.error);
    if (!sim) {
        task.done = true;
        return;
    }
    a.arraySpec = sim->arraySpec();
    a.result.arraySpec = a.arraySpec;
    // A counter file's synthetic requests address the whole array (uniform offsets over "the
    // device"), unless the caller named a region (#56).
    TraceReaderOptions readerOptions = options.read.reader;
    if (readerOptions.counterRegionBytes == 0)
        readerOptions.counterRegionBytes = sim->arrayBytes();
    auto reader = TraceReader::open(files, readerOptions, &task.error);
    if (!reader)
        return;
    if (!reader->info().hasTimestamps) {
        task.error = QStringLiteral("%1 has no timestamps, so it cannot be replayed at its own timing").arg(reader->info().detail);
        return;
    }
    bool started = false;
    std::int64_t first = 0;
    std::uint64_t& records = task.records;
    // Per window of arrival time: sum and count of response times (whitepaper Scenario 2).
    std::map<std::int64_t, std::pair<double, std::uint64_t>> windows;
    TraceRecord rec;
    TraceRequestStream requests(*reader, options.read.onError, options.device);
    double lastArrivalNs = 0;
    const ReplaySource source {
        [&](ReplayRecord& r) {
            for (;;) {
                if (!requests.next(rec)) {
                    task.error = requests.error();
                    return false;
                }
                if (!started) {
                    first = rec.timeNs;
                    started = true;
                }
                // After the first record's time is taken, as the measured replay takes it, so both
                // place the reads at the same times.
                if (options.skipWrites && rec.write) {
                    ++task.writesSkipped;
                    continue;
                }
                r = ReplayRecord { double(std::max<__int128>(0, __int128(rec.timeNs) - first)), rec.offsetBytes,
                    rec.sizeBytes, rec.write };
                ++records;
                lastArrivalNs = r.timeNs * options.timeScale;
                // The simulator's clock is int64 nanoseconds: a record whose scaled time is past it
                // (a timestamp centuries after the first, or --scale 1000 of a long span) is refused
                // rather than converted with an overflow (#52).
                if (!(r.timeNs * options.timeScale < kMaxReplayNs)) {
                    task.error = QStringLiteral("%1: request %2 comes %3 s after the first, which at time x%4 is past "
                                                "the simulator's clock (%5 s)")
                                     .arg(files.join(QStringLiteral(", ")))
                                     .arg(records)
                                     .arg(r.timeNs * 1e-9, 0, 'g', 6)
                                     .arg(options.timeScale)
                                     .arg(kMaxReplayNs * 1e-9, 0, 'g', 3);
                    return false;
                }
                if (progress && (records & 1023) == 0)
                    progress(reader->fractionDone());
                return !stop.stop_requested();
            }
        },
        [&](double arrivalNs, double responseNs) {
            // Within the clock (kMaxReplayNs), so the conversion fits.
            auto& w = windows[integerIfFits<std::int64_t>(arrivalNs / options.timeScale).value_or(0) / windowNs];
            w.first += responseNs * 1e-6;
            ++w.second;
        }
    };
    const SimResult r = sim->replay(source, options.timeScale, stop);
    if (!task.error.isEmpty())
        return;
    a.result.merge(r);
    a.arrivalSpanNs = lastArrivalNs;
    a.windows = int(windows.size());
    for (const auto& [index, w] : windows)
        if (w.first / double(w.second) > options.slowThresholdMs)
            ++a.slowPeriods;
    task.done = !stop.stop_requested();
}

} // namespace

TraceReplayResult replayTrace(const QStringList& files, const TraceReplayOptions& options, std::stop_token stop,
                              const Report<TraceReplaySnapshot>& report)
{
    TraceReplayResult out;
    const std::size_t n = std::size_t(options.arraySpecs.size());
    // Each candidate reads the trace anew: a pipe or FIFO gives its records to the first only.
    if (n > 1)
        for (const QString& f : files)
            if (QFileInfo(f).exists() && !QFileInfo(f).isFile()) {
                out.error = QStringLiteral("%1: a pipe, FIFO or device can be read only once, and each of the %2 arrays "
                                           "replays the whole trace: save it to a file first, or replay one array at a time")
                                .arg(f)
                                .arg(n);
                return out;
            }
    std::vector<ReplayTask> tasks(n);
    for (std::size_t i = 0; i < n; ++i) {
        TraceReplayArray a;
        a.arraySpec = options.arraySpecs[qsizetype(i)];
        a.result.arraySpec = a.arraySpec;
        out.arrays.push_back(a);
        tasks[i].array = a;
    }
    Throttle throttle(std::chrono::milliseconds(200));
    std::mutex lock; // guards the fractions, `out` while tasks run, and the calls of `report`
    std::vector<double> fractions(n, 0.0);
    std::atomic<std::size_t> failed { n }; // the first candidate whose trace could not be read
    // Each candidate replays the whole trace once, pulling records as simulated time reaches them,
    // so queues carry over from start to end (the whitepaper's mail-server replay). Candidates are
    // independent: each has its own reader and simulator, and the results are taken in order.
    parallelFor(int(n), options.read.jobs,
        [&](int task) {
            const auto i = std::size_t(task);
            // As one after another would: nothing after a stop or after an earlier candidate failed.
            if (stop.stop_requested() || failed.load() < i)
                return;
            std::function<void(double)> progress;
            if (report)
                progress = [&, i](double f) {
                    const std::lock_guard<std::mutex> guard(lock);
                    fractions[i] = f;
                    if (!throttle.due())
                        return;
                    double sum = 0;
                    for (double x : fractions)
                        sum += x;
                    report(std::make_shared<const TraceReplaySnapshot>(TraceReplaySnapshot { sum / double(n), out.arrays }));
                };
            replayOne(files, options, tasks[i], stop, progress);
            if (!tasks[i].error.isEmpty()) {
                std::size_t expected = failed.load();
                while (i < expected && !failed.compare_exchange_weak(expected, i)) { }
            }
        },
        [&](int task) {
            const auto i = std::size_t(task);
            const std::lock_guard<std::mutex> guard(lock);
            fractions[i] = 1.0;
            if (tasks[i].done && i <= failed.load())
                out.arrays[i] = tasks[i].array;
        });
    for (std::size_t i = 0; i < n; ++i) {
        if (!tasks[i].error.isEmpty()) {
            out.arrays[i].arraySpec = tasks[i].array.arraySpec;
            out.arrays[i].result.arraySpec = tasks[i].array.arraySpec;
            out.error = tasks[i].error;
            return out;
        }
        if (!tasks[i].done)
            break;
        out.records = std::max(out.records, tasks[i].records);
        out.writesSkipped = std::max(out.writesSkipped, tasks[i].writesSkipped);
    }
    if (stop.stop_requested()) {
        out.cancelled = true;
        return out;
    }
    out.ok = true;
    return out;
}

} // namespace raidscope
