// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <cstdint>

namespace raidscope {

/// One event read from a block I/O trace, with units normalized (nanoseconds, bytes).
struct TraceRecord
{
    /// What the record stands for.
    enum class Kind : std::uint8_t {
        /// A request as the host issued it (MSR row, blkparse Q event, fio I/O line, ...).
        Request,
        /// A device-level issue/completion pair (blktrace D then C for the same sector): `timeNs` is
        /// the issue, `responseNs` the time to completion. Used for queue depth and response times,
        /// not counted as a request (the request was already counted at its Q event).
        Completion,
        /// Unpaired driver issue / completion events: only passed between readers (per-CPU blktrace
        /// files are paired after merging by time); summaries ignore them.
        RawIssue,
        RawComplete,
    };
    /// Arrival (or issue, for Completion) in nanoseconds from the format's clock origin: the Unix
    /// epoch for MSR, Alibaba and Tencent; the trace start for the others (TraceFormatInfo::timeOrigin).
    std::int64_t timeNs = 0;
    std::uint64_t offsetBytes = 0;
    std::uint64_t sizeBytes = 0;
    /// Response (completion) time in nanoseconds, or -1 when the format does not record it.
    std::int64_t responseNs = -1;
    /// Index into the reader's device table (TraceReader::deviceName()).
    std::uint32_t device = 0;
    bool write = false;
    Kind kind = Kind::Request;
};

/// The trace formats RaidScope reads.
enum class TraceFormat : std::uint8_t {
    Auto, ///< sniff the content
    Blkparse, ///< blkparse default text output
    Blktrace, ///< binary blktrace (struct blk_io_trace), either endianness
    MsrCsv, ///< MSR Cambridge / SNIA IOTTA CSV
    Spc, ///< SPC / UMass ASCII
    DiskSim, ///< DiskSim / MQSim ASCII
    FioLog, ///< fio iolog version 2 or 3
    Csv, ///< generic CSV with a column mapping (CsvMapping)
    SadfJson, ///< sysstat interval counters, `sadf -j` of `sar -d`: read as synthetic requests (counterfile.h)
    IostatJson, ///< sysstat interval counters, `iostat -x -o JSON`: likewise
    TypeperfCsv, ///< Windows PhysicalDisk counters, `typeperf` / `relog -f csv` (PDH CSV): likewise
};

/// The short name used on the command line and in JSON: "blkparse", "blktrace", "msr", "spc",
/// "disksim", "fio", "csv", "sadf", "iostat", "typeperf", "auto".
QString traceFormatName(TraceFormat format);
/// The inverse of traceFormatName(); false when the name is unknown.
bool parseTraceFormat(const QString& name, TraceFormat* format);

} // namespace raidscope
