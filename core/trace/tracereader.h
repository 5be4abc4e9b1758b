// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "tracerecord.h"

#include <QString>
#include <QStringList>

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace raidscope {

/// How a generic CSV's columns map to a TraceRecord. Columns count from 1; 0 means absent.
/// Text form (parseCsvMapping): "time=5:us,device=1,op=2:RW,offset=3:B,size=4:B[,response=6:us][,header]
/// [,sep=;]" with time units s, ms, us, ns, filetime (100 ns ticks); size units B or sector (512 B);
/// op conventions RW (first letter R/W, case-insensitive) or 01 (0 read, 1 write) or 10 (1 read).
struct CsvMapping
{
    QString name; ///< preset name, or "custom"
    char separator = ',';
    bool header = false; ///< skip the first line
    int timeColumn = 0;
    int deviceColumn = 0;
    int opColumn = 0;
    int offsetColumn = 0;
    int sizeColumn = 0;
    int responseColumn = 0;
    std::int64_t timeNsPerUnit = 1000000000;
    std::int64_t responseNsPerUnit = 1000;
    std::uint64_t offsetBytesPerUnit = 1;
    std::uint64_t sizeBytesPerUnit = 1;
    enum class Op : std::uint8_t { Letter, ZeroRead, OneRead } op = Op::Letter;
    QString timeOrigin = QStringLiteral("trace start");
    int columns() const;
};

/// Alibaba block traces 2020: device_id,opcode,offset,length,timestamp (bytes, microseconds since
/// the Unix epoch), no header.
CsvMapping alibabaCsvMapping();
/// Tencent CBS 2018: Timestamp,Offset,Size,IOType,VolumeID (Unix seconds, 512-byte sectors, 0 read
/// 1 write), no header.
CsvMapping tencentCsvMapping();
/// A preset by name ("alibaba", "tencent") or a mapping in the text form above.
bool parseCsvMapping(const QString& text, CsvMapping* mapping, QString* error);

/// The unit of fio iolog v3 timestamps: fio's own writer logs microseconds, other tools milliseconds.
enum class FioTimeUnit : std::uint8_t { Auto, Microseconds, Milliseconds };

/// What to read and how.
struct TraceReaderOptions
{
    TraceFormat format = TraceFormat::Auto;
    CsvMapping csv; ///< used when the format is Csv (sniffing picks a preset)
    FioTimeUnit fioTimeUnit = FioTimeUnit::Auto;
    /// The remedy an unknown format's error names, in the words of the caller's own controls (the
    /// CLI's --format, the Traces page's Format box): core knows neither (#54 item 8).
    QString formatRemedy = QStringLiteral("name its format");
    /// ... and a CSV without a column mapping's.
    QString columnsRemedy = QStringLiteral("give a column mapping, or a preset: alibaba, tencent");
    /// A counter file (sadf -j, iostat -o JSON) read as synthetic requests: their offsets are uniform
    /// over this many bytes (0: kDefaultCounterRegionBytes; a replay gives the array's capacity) ...
    std::uint64_t counterRegionBytes = 0;
    /// ... and drawn from this seed, as are their arrival times and which are reads.
    std::uint64_t counterSeed = 56;
};

/// The region a counter file's synthetic requests address when no target says its size: 1 TiB.
inline constexpr std::uint64_t kDefaultCounterRegionBytes = std::uint64_t(1) << 40;

/// A malformed input: where and why. text() reads "hm_0.csv:17: field 5 (Offset): 'abc' is not a number".
struct TraceError
{
    QString file;
    std::uint64_t line = 0; ///< 1-based; for binary formats the record number
    int field = 0; ///< 1-based, 0 when the whole line is wrong
    QString fieldName;
    QString message;
    bool fatal = false; ///< the reader cannot go on (I/O error, unreadable binary stream)
    /// A JSON input's key path ("sysstat.hosts[0].statistics[3].disk[0]"), in place of a line: then
    /// text() reads "x.json: key sysstat.hosts[0].statistics[3].disk[0], field tps: 'abc' is not a number".
    QString key;
    QString text() const;
};

/// What a trace format may record or lack.
enum class TraceField : std::uint8_t {
    Timestamps,         ///< arrival times (rates, timelines, replay)
    ResponseTimes,      ///< per-request response times (percentiles, slow periods, Little's law)
    IssueCompletePairs, ///< driver issue and completion events (exact queue depth)
    Devices,            ///< a device or volume per request
    Offsets,            ///< where each request went (skew over the address space, sequential runs)
};

/// What a format records and what it lacks; stated in the summary, never invented. Views ask
/// has() / missing() and whether a note already says so (explains()), never search the notes.
struct TraceFormatInfo
{
    TraceFormat format = TraceFormat::Auto;
    QString name;   ///< short, for a view's notes: "DiskSim ASCII", "fio iolog v3"
    QString detail; ///< the name and how it was read, e.g. "fio iolog v3, timestamps in microseconds (detected: ...)"
    QString timeOrigin; ///< "Unix epoch" or "trace start"
    QString compression; ///< "gzip", "xz" or "zstd" when the file was decompressed while read; else empty
    bool hasResponseTimes = false;
    bool hasIssueCompletePairs = false;
    bool hasDevices = true;
    bool hasTimestamps = true;
    /// False for a stream whose offsets are made up (interval counters): its regions and runs are the
    /// assumption's, not the workload's, and are not shown as the workload's.
    bool hasOffsets = true;
    QStringList notes; ///< what the format lacks or how a field was interpreted, in the reader's words
    std::vector<TraceField> explained; ///< the missing fields a note states (setMissing())

    bool has(TraceField field) const;
    /// The fields this format lacks, in TraceField order.
    std::vector<TraceField> missing() const;
    /// True when a note says why `field` is missing.
    bool explains(TraceField field) const;
    /// Records that the format lacks `field` and says what follows in a note.
    void setMissing(TraceField field, const QString& note);
};

/// A streaming reader of one trace: reads its input in blocks, parses without allocating per
/// line, and hands out one record at a time. Not thread-safe; one reader per thread.
class TraceReader
{
public:
    enum class Status : std::uint8_t { Record, End, Error };
    virtual ~TraceReader();

    /// The next record, the end, or an error (error()). After a non-fatal error, next() goes on
    /// with the following line (skip-and-count); after a fatal one it returns End.
    virtual Status next(TraceRecord& record) = 0;
    const TraceError& error() const { return m_error; }
    const TraceFormatInfo& info() const { return m_info; }
    /// Marks the input as decompressed while read (gzip, xz, zstd): in the info's name and detail.
    void setCompression(const QString& name);

protected:
    /// A reader that rewrites its name and detail while reading says the compression again.
    void restateCompression();

public:
    /// The name of a device index seen in a record ("hm/0", "8,16", "3").
    const std::string& deviceName(std::uint32_t index) const { return m_devices[index]; }
    std::size_t deviceCount() const { return m_devices.size(); }
    /// Progress: bytes consumed so far and the input's total (0 when unknown).
    virtual std::uint64_t bytesConsumed() const = 0;
    virtual std::uint64_t bytesTotal() const = 0;
    /// bytesConsumed() / bytesTotal() in 0..1 (0 when the total is unknown).
    double fractionDone() const
    {
        const std::uint64_t total = bytesTotal();
        return total ? std::min(1.0, double(bytesConsumed()) / double(total)) : 0.0;
    }
    /// Lines read so far by a line-oriented reader (0 for binary formats).
    virtual std::uint64_t linesRead() const { return 0; }

    /// Opens a file with the format given or sniffed; nullptr and `*error` when it cannot.
    static std::unique_ptr<TraceReader> open(const QString& path, const TraceReaderOptions& options, QString* error);
    /// Bytes [begin, end) of a file, read as the format the file's first bytes show (or the one
    /// given): one range of a large file split at line starts, each range read on its own thread.
    /// A range that does not start the file counts one line before its first, so that no line of
    /// it is taken for the file's header: its errors say line 1 + the line within the range.
    static std::unique_ptr<TraceReader> openRange(const QString& path, std::uint64_t begin, std::uint64_t end,
                                                  const TraceReaderOptions& options, QString* error);
    /// Several files read as one trace: per-CPU binary blktrace files are merged by time; other
    /// formats are read one after the other.
    static std::unique_ptr<TraceReader> open(const QStringList& paths, const TraceReaderOptions& options,
                                             QString* error);
    /// Reads from memory (tests, fuzzing); `data` must outlive the reader. `name` is used in errors.
    static std::unique_ptr<TraceReader> fromMemory(std::span<const char> data, const QString& name,
                                                   const TraceReaderOptions& options, QString* error);
    /// The format the first bytes of a trace look like; Auto when none fits. `csv` receives a preset
    /// when a known cloud CSV is recognised.
    static TraceFormat sniff(std::string_view head, CsvMapping* csv = nullptr);

protected:
    std::uint32_t deviceIndex(std::string_view name);
    TraceError m_error;
    TraceFormatInfo m_info;

private:
    struct Hash
    {
        using is_transparent = void;
        std::size_t operator()(std::string_view s) const { return std::hash<std::string_view> {}(s); }
    };
    std::vector<std::string> m_devices;
    std::unordered_map<std::string, std::uint32_t, Hash, std::equal_to<>> m_index;
    std::uint32_t m_lastIndex = 0;
    std::array<std::uint32_t, 64> m_cache = [] {
        std::array<std::uint32_t, 64> a {};
        a.fill(UINT32_MAX);
        return a;
    }();
};

} // namespace raidscope
