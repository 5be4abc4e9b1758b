// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Interval counters (#56 item 2): what `sar -d` (as `sadf -j`), `iostat -x -o JSON` and Windows'
// `typeperf` (PhysicalDisk counters as PDH CSV) record. Not a
// trace: per device and per interval, rates and means, never single requests. A counter file is
// summarized as such (summarizeCounters()) and, through TraceReader::open(), read as a synthetic
// request stream with those rates (counterworkload.cpp), which the replay and the advisor take
// like a trace.

#include "tracereader.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace raidscope {

enum class CounterFormat : std::uint8_t {
    None,
    SadfJson,   ///< sysstat's `sadf -j FILE -- -d` (sar -d): tps, rkB, wkB, areq-sz, aqu-sz, await, util-percent
    IostatJson, ///< sysstat's `iostat -x -o JSON`: r/s, w/s, rkB/s, wkB/s, r_await, w_await, aqu-sz, util
    /// Windows performance counters, `typeperf` or `relog -f csv` (PDH CSV): PhysicalDisk's Disk Reads/sec,
    /// Disk Writes/sec, Disk Read/Write Bytes/sec, Avg. Disk sec/Transfer, Avg. Disk Queue Length, % Idle Time
    TypeperfCsv,
};

/// The largest counter file read: 128 MiB, about two days of 1 s `sar -d` samples of a 10-disk host
/// (a sample of one disk is ~300 bytes of JSON). The whole file is parsed at once (JSON has no line
/// of its own), so the bound is the memory it may take; a larger file is refused, not cut.
inline constexpr std::uint64_t kMaxCounterFileBytes = std::uint64_t(128) << 20;
/// Devices in one counter file; more is a damaged or hostile file (a host has a few hundred at most).
inline constexpr std::size_t kMaxCounterDevices = 4096;
/// The largest rate accepted: 10^8 I/Os per second per device, ten times the fastest NVMe drive's.
inline constexpr double kMaxCounterIops = 1e8;
/// The longest interval accepted: one day (sar's and iostat's intervals are seconds to minutes).
inline constexpr double kMaxCounterIntervalS = 86400;
/// Device intervals in one file (samples times devices): 2^22, two days of 1 s samples of 24 disks.
/// Bounds the memory of the parsed intervals (88 bytes each) apart from the file's size.
inline constexpr std::size_t kMaxCounterIntervals = std::size_t(1) << 22;
/// Synthetic requests one counter file may make (its rates times its intervals, summed): 2^32, two
/// days of 1 s samples of 10 disks at 2500 IOPS. A few bytes of counters could otherwise ask for
/// 10^13 requests and a replay that never ends; such a file is refused, not cut.
inline constexpr double kMaxCounterSyntheticRequests = 4294967296.0;

/// One device over one interval, in the counters' own units converted to bytes and seconds.
struct CounterInterval
{
    std::uint32_t device = 0; ///< index into CounterFile::devices
    std::int64_t startNs = 0; ///< from the file's first interval's start
    double intervalS = 0;
    double iops = 0; ///< requests completed per second (tps, or r/s + w/s)
    double readsPerS = 0; ///< for sadf, derived: see CounterFile::readsFromBytes
    double writesPerS = 0;
    double readBytesPerS = 0; ///< sysstat's kB are 1024 bytes (rkB = sectors / 2)
    double writeBytesPerS = 0;
    double awaitMs = 0; ///< mean time a request spent queued and served
    bool awaitKnown = true; ///< false when the sample states no await (then awaitMs is 0 and not averaged)
    double queueSize = 0; ///< aqu-sz: mean requests in the queue and in service
    double utilPercent = 0; ///< time the device was busy
};

/// A counter file as read.
struct CounterFile
{
    CounterFormat format = CounterFormat::None;
    QString file; ///< its name, for errors and notes
    QString detail; ///< "sadf -j (sar -d) of host vm, 26 intervals of 1 s from 2026-12-03 07:31:43 UTC"
    std::vector<std::string> devices;
    std::vector<CounterInterval> intervals; ///< by time, the devices of one interval together
    /// sar -d records no reads per second, only tps and kB read and written: reads are then taken as
    /// tps times the read share of the bytes, which holds when reads and writes have one mean size.
    bool readsFromBytes = false;
    QStringList notes; ///< how a field was read or what was assumed
    /// The requests the counters describe: each interval's reads and writes per second times its
    /// length, summed (what the synthetic stream makes, to within one request per device).
    double requests() const;
};

/// The format the first bytes of a file look like (a JSON object with "sysstat" and the keys of
/// sar -d or iostat -x, or a CSV whose first field is PDH's "(PDH-CSV 4.0)"); None when none.
CounterFormat sniffCounterFormat(std::string_view head);
QString counterFormatName(CounterFormat format); ///< "sadf", "iostat", "typeperf"
/// The trace format a counter file is read as (Auto for None), and back (None for a trace's format).
TraceFormat traceFormatOf(CounterFormat format);
CounterFormat counterFormatOf(TraceFormat format);

/// Parses a whole counter file held in memory. On failure `error` says where: the line of a JSON
/// syntax error or of a CSV row (with its column's counter), or the key path of a value of the wrong type ("sysstat.hosts[0].statistics[3]
/// .disk[0].tps"), the field and why.
bool parseCounterFile(std::string_view data, const QString& name, CounterFile& out, TraceError& error);
/// Reads and parses `path`, at most kMaxCounterFileBytes (gzip, xz or zstd decompressed).
bool readCounterFile(const QString& path, CounterFile& out, TraceError& error);

/// One device's counters over the whole file.
struct CounterDeviceSummary
{
    std::string name;
    int intervals = 0;
    int activeIntervals = 0; ///< intervals with any I/O
    double durationS = 0;
    /// Requests and bytes in the file: each interval's rate times its length, summed.
    double ios = 0, reads = 0, writes = 0, bytesRead = 0, bytesWritten = 0;
    double meanIops = 0; ///< ios over the whole duration
    double medianActiveIops = 0; ///< the median over the active intervals: a steady workload's rate
    double peakIops = 0;
    double meanMBps = 0; ///< 10^6 bytes per second over the whole duration
    double readShare = 0; ///< of requests
    double readByteShare = 0;
    double meanSizeBytes = 0, meanReadBytes = 0, meanWriteBytes = 0;
    double awaitMs = 0; ///< weighted by requests, over the intervals that state an await
    double queueSize = 0; ///< weighted by time
    double utilPercent = 0; ///< weighted by time
    double peakUtilPercent = 0;
};

/// A counter file's summary: per device, and the intervals as they are.
struct CounterSummary
{
    CounterFile file;
    std::vector<CounterDeviceSummary> devices;
    double durationS = 0;
    QJsonObject toJson() const;
    QString toText() const;
};

CounterSummary summarizeCounters(CounterFile file);

/// What the synthetic request stream of a counter file assumes, for notes and the docs; `regionBytes`
/// 0: offsets over the whole of each replayed array.
QStringList counterWorkloadAssumptions(const CounterFile& file, std::uint64_t regionBytes, std::uint64_t seed);
/// The format of the file at `path` by its first 64 KiB (decompressed when compressed); None when it
/// is no counter file or does not open.
CounterFormat sniffCounterPath(const QString& path);
/// For a command that reads `files` as a trace: what the synthetic requests of those that are counter
/// files assume (one list for all), or empty when none is. A file that does not parse adds nothing
/// here: the command's own read reports it.
QStringList syntheticWorkloadNotes(const QStringList& files, std::uint64_t regionBytes, std::uint64_t seed);

} // namespace raidscope
