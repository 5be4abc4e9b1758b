// SPDX-License-Identifier: GPL-3.0-or-later
// A trace summary on every core: each file is cut into ranges at line starts, each range is read by
// its own reader into its own summary, and the summaries are merged in file order. Every part of a
// summary merges exactly (counts, sizes, devices and their runs, regions, the timeline, response
// histogram and IntegerStats, first and last arrival, out-of-order arrivals via the in-order head);
// the line numbers of errors are fixed up from the lines each range read. The one part that could
// differ is a timeline sum of response times past 2^53 ns in one bucket (double rounding): then, or
// when the out-of-order head ran short, the caller reads the trace serially instead.
#include "tracesplit_p.h"

#include "parallel.h"

#include <QFileInfo>

#include <atomic>
#include <cstring>
#include <fcntl.h>
#include <mutex>
#include <unistd.h>

namespace raidscope::trace {
namespace {

// A range to read: bytes [begin, end) of files[file].
struct Range
{
    int file = 0;
    std::uint64_t begin = 0;
    std::uint64_t end = 0;
};

using Part = TracePartSummary;

// The first line start at or after `pos` (a line starts at 0 or after a '\n').
std::uint64_t lineStartFrom(int fd, std::uint64_t pos, std::uint64_t size)
{
    if (pos == 0 || pos >= size)
        return std::min(pos, size);
    char buffer[64 * 1024];
    std::uint64_t at = pos - 1; // the byte before pos may be the '\n' itself
    while (at < size) {
        const ssize_t got = ::pread(fd, buffer, sizeof buffer, off_t(at));
        if (got <= 0)
            return size;
        if (const void* nl = std::memchr(buffer, '\n', std::size_t(got)))
            return at + std::uint64_t(static_cast<const char*>(nl) - buffer) + 1;
        at += std::uint64_t(got);
    }
    return size;
}

// Ranges of about `rangeBytes` (at least one per file), cut at line starts.
bool planRanges(const QStringList& files, std::uint64_t rangeBytes, std::vector<Range>& ranges)
{
    for (int i = 0; i < files.size(); ++i) {
        const int fd = ::open(QFile::encodeName(files[i]).constData(), O_RDONLY | O_CLOEXEC);
        if (fd < 0)
            return false;
        const auto size = std::uint64_t(std::max<qint64>(0, QFileInfo(files[i]).size()));
        std::uint64_t begin = 0;
        do {
            const std::uint64_t end = size - begin > rangeBytes ? lineStartFrom(fd, begin + rangeBytes, size) : size;
            ranges.push_back(Range { i, begin, end });
            begin = end;
        } while (begin < size);
        ::close(fd);
    }
    return true;
}

bool timelineExact(const TraceSummary& s)
{
    // Sums of integral nanoseconds are exact in a double, in any order, below 2^53.
    constexpr double kExact = 9007199254740992.0;
    for (const TraceTimeBucket& b : s.timeline.buckets())
        if (b.responseSumNs >= kExact || b.littleBusyNs >= kExact || b.pairBusyNs >= kExact)
            return false;
    return true;
}

} // namespace

std::optional<TraceSummaryResult> summarizeInRanges(const QStringList& files, const TraceJobOptions& options, int jobs,
                                                    std::stop_token stop, const Report<TraceSummarySnapshot>& report,
                                                    std::chrono::milliseconds reportInterval, std::uint64_t rangeBytes)
{
    if (files.isEmpty())
        return std::nullopt;
    // A pipe, FIFO or device has no size to cut and can be read only once: read it serially.
    for (const QString& f : files)
        if (!QFileInfo(f).isFile())
            return std::nullopt;
    std::uint64_t totalBytes = 0;
    QString error;
    for (const QString& f : files) {
        // Every file of one splittable format, read the same way (a CSV with the same mapping).
        auto reader = TraceReader::open(f, options.reader, &error);
        auto first = TraceReader::open(files.front(), options.reader, &error);
        if (!reader || !first || !traceSplittable(reader->info().format) || !reader->info().compression.isEmpty()
            || reader->info().format != first->info().format
            || reader->info().detail != first->info().detail)
            return std::nullopt;
        totalBytes += std::uint64_t(std::max<qint64>(0, QFileInfo(f).size()));
    }
    // The format as the serial read states it (for these formats it does not change while reading).
    auto whole = TraceReader::open(files, options.reader, &error);
    if (!whole)
        return std::nullopt;
    const TraceFormatInfo info = whole->info();
    whole.reset();

    // Ranges of 4 to 64 MiB, about 8 per thread, so that threads finish together and progress moves.
    if (rangeBytes == 0)
        rangeBytes = std::clamp<std::uint64_t>(totalBytes / std::uint64_t(8 * resolveJobs(jobs)) + 1, 4u << 20, 64u << 20);
    std::vector<Range> ranges;
    if (!planRanges(files, rangeBytes, ranges))
        return std::nullopt;

    TraceSummaryResult out { TraceSummary(options.summary), false, false, {} };
    QStringList names;
    for (const QString& f : files)
        names << QFileInfo(f).fileName();
    out.summary.describe(info, names);

    std::vector<std::unique_ptr<Part>> parts(ranges.size());
    std::atomic<std::size_t> firstStopped { ranges.size() }; // the first range that ended at an error
    std::atomic<std::uint64_t> bytesDone { 0 };
    std::mutex lock; // guards out, the line counts and the calls of `report`
    Throttle throttle(reportInterval);
    std::uint64_t linesBefore = 0; // lines of the earlier ranges of the current file
    bool failed = false; // a range ended at an error
    bool halted = false; // nothing more is merged
    const auto reportNow = [&](double fraction) {
        report(std::make_shared<const TraceSummarySnapshot>(TraceSummarySnapshot { fraction, bytesDone.load(), totalBytes,
            out.summary.records, std::make_shared<const TraceSummary>(out.summary) }));
    };

    parallelFor(int(ranges.size()), jobs,
        [&](int index) {
            const auto i = std::size_t(index);
            if (stop.stop_requested() || firstStopped.load() < i)
                return;
            const Range& range = ranges[i];
            auto part = std::make_unique<Part>(summarizeTraceRange(files[range.file], range.begin, range.end, options, info,
                [&](std::uint64_t bytes) {
                    if (stop.stop_requested() || firstStopped.load() < i)
                        return false;
                    bytesDone += bytes;
                    if (report) {
                        const std::unique_lock<std::mutex> guard(lock, std::try_to_lock);
                        if (guard.owns_lock() && throttle.due())
                            reportNow(totalBytes ? double(bytesDone.load()) / double(totalBytes) : 0.0);
                    }
                    return true;
                }));
            if (!part->complete)
                return;
            if (part->stopError) {
                std::size_t expected = firstStopped.load();
                while (i < expected && !firstStopped.compare_exchange_weak(expected, i)) { }
            }
            parts[i] = std::move(part);
        },
        [&](int index) {
            // In file order: merge, number the errors' lines within their file, keep the first messages.
            const auto i = std::size_t(index);
            const std::lock_guard<std::mutex> guard(lock);
            Part* part = parts[i].get();
            if (halted || !part || !part->complete) {
                halted = true; // a range left unread (stopped): nothing after it is merged
                return;
            }
            const Range& range = ranges[i];
            if (range.begin == 0)
                linesBefore = 0;
            const auto fix = [&](TraceError e) {
                if (range.begin > 0 && e.line > 0)
                    e.line = linesBefore + e.line - 1;
                return e;
            };
            out.summary.merge(part->summary);
            for (const TraceError& e : part->errors)
                if (out.summary.skippedMessages.size() < TraceSummary::kMaxMessages)
                    out.summary.skippedMessages << fix(e).text();
            if (part->stopError) {
                out.error = fix(*part->stopError).text();
                failed = halted = true;
            }
            linesBefore += part->lines;
            parts[i].reset();
        });

    if (!failed && stop.stop_requested()) {
        out.cancelled = true;
        return out;
    }
    if (failed)
        return out;
    if (!out.summary.mergeExact() || !timelineExact(out.summary))
        return std::nullopt;
    if (report)
        reportNow(1.0);
    out.ok = true;
    return out;
}

} // namespace raidscope::trace

namespace raidscope {

bool traceSplittable(TraceFormat f)
{
    return f == TraceFormat::MsrCsv || f == TraceFormat::Spc || f == TraceFormat::Csv;
}

std::optional<std::uint64_t> traceLineStart(const QString& path, std::uint64_t pos)
{
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return std::nullopt;
    const auto size = std::uint64_t(std::max<qint64>(0, QFileInfo(path).size()));
    const std::uint64_t at = trace::lineStartFrom(fd, pos, size);
    ::close(fd);
    return at;
}

TracePartSummary summarizeTraceRange(const QString& path, std::uint64_t begin, std::uint64_t end,
                                     const TraceJobOptions& options, const TraceFormatInfo& info,
                                     const std::function<bool(std::uint64_t bytes)>& tick)
{
    TracePartSummary part { TraceSummary(options.summary), {}, {}, 0, false };
    part.summary.format = info;
    QString why;
    auto reader = TraceReader::openRange(path, begin, end, options.reader, &why);
    if (!reader) {
        TraceError e;
        e.file = path;
        e.message = why;
        e.fatal = true;
        part.stopError = e;
        part.complete = true;
        return part;
    }
    TraceAccumulator feed(part.summary, *reader);
    TraceRecord record;
    std::uint64_t counted = 0;
    for (std::uint64_t n = 0;; ++n) {
        const TraceReader::Status s = reader->next(record);
        if (s == TraceReader::Status::Record) {
            feed.add(record);
        } else if (s == TraceReader::Status::End) {
            break;
        } else if (options.onError == TraceErrorPolicy::Stop || reader->error().fatal) {
            part.stopError = reader->error();
            break;
        } else {
            ++part.summary.skipped;
            if (part.errors.size() < std::size_t(TraceSummary::kMaxMessages))
                part.errors.push_back(reader->error());
        }
        if ((n & 4095) == 0 && tick) {
            const std::uint64_t bytes = reader->bytesConsumed() - counted;
            counted = reader->bytesConsumed();
            if (!tick(bytes))
                return part;
        }
    }
    if (tick)
        tick(reader->bytesConsumed() - counted);
    part.lines = reader->linesRead();
    part.complete = true;
    return part;
}

} // namespace raidscope
