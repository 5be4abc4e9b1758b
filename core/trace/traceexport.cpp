// SPDX-License-Identifier: GPL-3.0-or-later
#include "traceexport.h"

#include "io/outputfile.h"
#include "textline.h"

#include <QIODevice>

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <string>
#include <vector>

namespace raidscope {

namespace {

constexpr std::size_t kFlushBytes = 64 * 1024; // lines gather here; QIODevice::write per line costs more

// Appends printf-style text to `buffer`.
__attribute__((format(printf, 2, 3))) void appendf(std::string& buffer, const char* format, ...)
{
    char line[512];
    std::va_list args;
    va_start(args, format);
    const int n = std::vsnprintf(line, sizeof line, format, args);
    va_end(args);
    if (n < 0)
        return;
    if (std::size_t(n) < sizeof line) {
        buffer.append(line, std::size_t(n));
        return;
    }
    const std::size_t at = buffer.size(); // a very long target name: format again in place
    buffer.resize(at + std::size_t(n) + 1);
    va_start(args, format);
    std::vsnprintf(buffer.data() + at, std::size_t(n) + 1, format, args);
    va_end(args);
    buffer.resize(at + std::size_t(n));
}

} // namespace

TraceExportResult exportFioLog(const QStringList& files, const TraceJobOptions& options, const QString& outPath,
                               const QString& target, std::stop_token stop, const Report<TraceExportSnapshot>& report,
                               std::chrono::milliseconds reportInterval)
{
    TraceExportResult out;
    out.outPath = outPath;
    // Before the trace is opened: an output that is an input would be truncated under the reader.
    out.error = outputPathProblem(outPath, files);
    if (!out.error.isEmpty())
        return out;
    // The target is written on every line of the iolog ("TARGET read OFFSET LENGTH"): a newline in it
    // would add lines of its own, and a blank would split the line where fio reads the file name.
    if (target.isEmpty() || !controlCharacterProblem(target).isEmpty() || target.contains(u' ')) {
        const QString problem = controlCharacterProblem(target);
        out.error = QStringLiteral("target '%1': %2").arg(oneLine(target),
            target.isEmpty()      ? QStringLiteral("empty; fio needs a file or device name")
                : problem.isEmpty() ? QStringLiteral("a blank would split the iolog's lines, where fio reads the name")
                                    : problem + QStringLiteral(", which would break the iolog's lines"));
        return out;
    }
    auto reader = TraceReader::open(files, options.reader, &out.error);
    if (!reader)
        return out;
    if (!reader->info().hasTimestamps) {
        out.error = QStringLiteral("%1 has no timestamps; fio iolog v3 needs them").arg(reader->info().detail);
        return out;
    }
    const bool perDevice = target.contains(QStringLiteral("%d"));
    Throttle throttle(reportInterval);
    const auto write = [&](QIODevice& file, QString* error) {
        std::string buffer = "fio version 3 iolog\n";
        std::vector<std::string> names; // per reader device, the fio file name
        bool started = false;
        std::int64_t first = 0, last = 0;
        const auto flush = [&] {
            const bool ok = file.write(buffer.data(), qint64(buffer.size())) == qint64(buffer.size());
            buffer.clear();
            return ok;
        };
        TraceRecord rec;
        for (;;) {
            const TraceReader::Status s = reader->next(rec);
            if (s == TraceReader::Status::End)
                break;
            if (s == TraceReader::Status::Error) {
                if (options.onError == TraceErrorPolicy::Stop || reader->error().fatal) {
                    *error = reader->error().text();
                    return false;
                }
                continue;
            }
            if (rec.kind != TraceRecord::Kind::Request)
                continue;
            if (!started) {
                first = rec.timeNs;
                started = true;
            }
            // fio replays in file order: an out-of-order record is issued at the previous time.
            last = std::max(last, std::int64_t(std::clamp<__int128>((__int128(rec.timeNs) - first) / 1000, 0, INT64_MAX)));
            const std::uint32_t device = perDevice ? rec.device : 0;
            while (names.size() <= device) {
                QString t = target;
                t.replace(QStringLiteral("%d"), QString::number(names.size()));
                names.push_back(t.toStdString());
                appendf(buffer, "%lld %s add\n%lld %s open\n", (long long)last, names.back().c_str(), (long long)last,
                        names.back().c_str());
            }
            appendf(buffer, "%lld %s %s %llu %llu\n", (long long)last, names[device].c_str(),
                    rec.write ? "write" : "read", (unsigned long long)rec.offsetBytes, (unsigned long long)rec.sizeBytes);
            ++out.written;
            if (buffer.size() >= kFlushBytes && !flush())
                return false; // writeOutputFile says why
            if ((out.written & 4095) == 0) {
                if (stop.stop_requested())
                    return false;
                if (report && throttle.due())
                    report(std::make_shared<const TraceExportSnapshot>(TraceExportSnapshot {
                        reader->fractionDone(), reader->bytesConsumed(), reader->bytesTotal(), out.written }));
            }
        }
        if (stop.stop_requested()) // a cancel in the last records still leaves no file
            return false;
        for (const std::string& name : names)
            appendf(buffer, "%lld %s close\n", (long long)last, name.c_str());
        return flush();
    };
    if (!writeOutputFile(outPath, files, write, &out.error)) {
        out.cancelled = out.error.isEmpty() && stop.stop_requested();
        if (!out.cancelled && out.error.isEmpty())
            out.error = QStringLiteral("%1: cannot write").arg(outPath);
        return out;
    }
    if (report)
        report(std::make_shared<const TraceExportSnapshot>(
            TraceExportSnapshot { 1.0, reader->bytesConsumed(), reader->bytesTotal(), out.written }));
    out.ok = true;
    return out;
}

} // namespace raidscope
