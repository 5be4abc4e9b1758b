// SPDX-License-Identifier: GPL-3.0-or-later
#include "tracejob.h"

#include "sim/arraysimulator.h"

#include <QFileInfo>
#include <QJsonArray>

#include <algorithm>
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

TraceSummaryResult summarizeTrace(const QStringList& files, const TraceJobOptions& options, std::stop_token stop,
                                  const Report<TraceSummarySnapshot>& report, std::chrono::milliseconds reportInterval)
{
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
    return o;
}

QJsonObject TraceReplayResult::toJson() const
{
    QJsonArray a;
    for (const TraceReplayArray& r : arrays)
        a.append(r.toJson());
    return QJsonObject { { QStringLiteral("records"), double(records) }, { QStringLiteral("arrays"), a } };
}

TraceReplayResult replayTrace(const QStringList& files, const TraceReplayOptions& options, std::stop_token stop,
                              const Report<TraceReplaySnapshot>& report)
{
    TraceReplayResult out;
    for (const QString& spec : options.arraySpecs) {
        TraceReplayArray a;
        a.arraySpec = spec;
        a.result.arraySpec = spec;
        out.arrays.push_back(a);
    }
    const std::int64_t windowNs = std::max<std::int64_t>(1000000, std::int64_t(options.windowSeconds * 1e9));
    Throttle throttle(std::chrono::milliseconds(200));
    // Each candidate replays the whole trace once, pulling records as simulated time reaches them,
    // so queues carry over from start to end (the whitepaper's mail-server replay).
    for (std::size_t i = 0; i < out.arrays.size() && !stop.stop_requested(); ++i) {
        TraceReplayArray& a = out.arrays[i];
        auto sim = ArraySimulator::create(a.arraySpec, &a.error);
        if (!sim)
            continue;
        a.arraySpec = sim->arraySpec();
        a.result.arraySpec = a.arraySpec;
        auto reader = TraceReader::open(files, options.read.reader, &out.error);
        if (!reader)
            return out;
        if (!reader->info().hasTimestamps) {
            out.error = QStringLiteral("%1 has no timestamps, so it cannot be replayed at its own timing").arg(reader->info().detail);
            return out;
        }
        bool started = false;
        std::int64_t first = 0;
        std::uint64_t records = 0;
        // Per window of arrival time: sum and count of response times (whitepaper Scenario 2).
        std::map<std::int64_t, std::pair<double, std::uint64_t>> windows;
        TraceRecord rec;
        const ReplaySource source {
            [&](ReplayRecord& r) {
                for (;;) {
                    const TraceReader::Status s = reader->next(rec);
                    if (s == TraceReader::Status::End)
                        return false;
                    if (s == TraceReader::Status::Error) {
                        if (options.read.onError == TraceErrorPolicy::Stop || reader->error().fatal) {
                            out.error = reader->error().text();
                            return false;
                        }
                        continue;
                    }
                    if (rec.kind != TraceRecord::Kind::Request)
                        continue;
                    if (options.device >= 0 && rec.device != std::uint32_t(options.device))
                        continue;
                    if (!started) {
                        first = rec.timeNs;
                        started = true;
                    }
                    r = ReplayRecord { double(std::max<__int128>(0, __int128(rec.timeNs) - first)), rec.offsetBytes,
                        rec.sizeBytes, rec.write };
                    ++records;
                    if (report && (records & 1023) == 0 && throttle.due()) {
                        TraceReplaySnapshot snap { (double(i) + reader->fractionDone()) / double(out.arrays.size()), out.arrays };
                        report(std::make_shared<const TraceReplaySnapshot>(std::move(snap)));
                    }
                    return !stop.stop_requested();
                }
            },
            [&](double arrivalNs, double responseNs) {
                auto& w = windows[std::int64_t(arrivalNs / options.timeScale) / windowNs];
                w.first += responseNs * 1e-6;
                ++w.second;
            }
        };
        const SimResult r = sim->replay(source, options.timeScale, stop);
        if (!out.error.isEmpty())
            return out;
        out.records = std::max(out.records, records);
        a.result.merge(r);
        a.windows = int(windows.size());
        for (const auto& [index, w] : windows)
            if (w.first / double(w.second) > options.slowThresholdMs)
                ++a.slowPeriods;
    }
    if (stop.stop_requested()) {
        out.cancelled = true;
        return out;
    }
    out.ok = true;
    return out;
}

} // namespace raidscope
