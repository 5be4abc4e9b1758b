// SPDX-License-Identifier: GPL-3.0-or-later
// Readers of sysstat's interval counters: `sadf -j` of `sar -d`, and `iostat -x -o JSON` (#56).
#include "counterfile.h"
#include "counterfile_p.h"

#include "compressedsource.h"
#include "readers_p.h"

#include <QDateTime>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <unordered_map>

namespace raidscope {

QString counterFormatName(CounterFormat format)
{
    switch (format) {
    case CounterFormat::SadfJson: return QStringLiteral("sadf");
    case CounterFormat::IostatJson: return QStringLiteral("iostat");
    case CounterFormat::TypeperfCsv: return QStringLiteral("typeperf");
    case CounterFormat::None: break;
    }
    return {};
}

TraceFormat traceFormatOf(CounterFormat format)
{
    switch (format) {
    case CounterFormat::SadfJson: return TraceFormat::SadfJson;
    case CounterFormat::IostatJson: return TraceFormat::IostatJson;
    case CounterFormat::TypeperfCsv: return TraceFormat::TypeperfCsv;
    case CounterFormat::None: break;
    }
    return TraceFormat::Auto;
}

CounterFormat counterFormatOf(TraceFormat format)
{
    switch (format) {
    case TraceFormat::SadfJson: return CounterFormat::SadfJson;
    case TraceFormat::IostatJson: return CounterFormat::IostatJson;
    case TraceFormat::TypeperfCsv: return CounterFormat::TypeperfCsv;
    default: return CounterFormat::None;
    }
}

CounterFormat sniffCounterFormat(std::string_view head)
{
    if (head.substr(0, 3) == "\xEF\xBB\xBF") // a UTF-8 byte order mark, as PowerShell writes one
        head.remove_prefix(3);
    const std::size_t first = head.find_first_not_of(" \t\r\n");
    // PDH's CSV (typeperf, relog -f csv) heads its time column "(PDH-CSV 4.0)", with the time zone
    // after it in a log relogged from perfmon: "(PDH-CSV 4.0) (Pacific Daylight Time)(420)".
    if (first != std::string_view::npos && head.substr(first, 14) == "\"(PDH-CSV 4.0)")
        return CounterFormat::TypeperfCsv;
    if (first == std::string_view::npos || head[first] != '{')
        return CounterFormat::None;
    // Both tools open with {"sysstat": {"hosts": [...: sadf's host states the file's date
    // ("file-date"), iostat's the day it ran ("date") and names its devices "disk_device".
    // Both put "sysstat" as the first key: a JSON that merely mentions the word is not taken.
    const std::size_t key = head.find_first_not_of(" \t\r\n", first + 1);
    if (key == std::string_view::npos || head.substr(key, 9) != "\"sysstat\"" || head.find("\"hosts\"") == std::string_view::npos)
        return CounterFormat::None;
    if (head.find("\"file-date\"") != std::string_view::npos || head.find("\"disk-device\"") != std::string_view::npos)
        return CounterFormat::SadfJson;
    return CounterFormat::IostatJson;
}

namespace {

// Where a value is looked up, for errors: the key path and the one error that ends the parse.
class Json
{
public:
    Json(const QString& file, TraceError& error)
        : m_file(file)
        , m_error(error)
    {
    }
    bool fail(const QString& path, const QString& field, const QString& message)
    {
        m_error = TraceError {};
        m_error.file = m_file;
        m_error.key = path;
        m_error.fieldName = field;
        m_error.message = message;
        m_error.fatal = true;
        return false;
    }
    static QString shown(const QJsonValue& v)
    {
        switch (v.type()) {
        case QJsonValue::String: return u'\'' + v.toString().left(40) + QStringLiteral("' is a string");
        case QJsonValue::Bool: return QStringLiteral("a boolean");
        case QJsonValue::Array: return QStringLiteral("an array");
        case QJsonValue::Object: return QStringLiteral("an object");
        case QJsonValue::Null: return QStringLiteral("null");
        case QJsonValue::Double: return QStringLiteral("%1 is a number").arg(v.toDouble());
        default: return QStringLiteral("not a number");
        }
    }
    bool object(const QJsonValue& v, const QString& path, QJsonObject& out)
    {
        if (!v.isObject())
            return fail(path, {}, v.isUndefined() ? QStringLiteral("is missing") : shown(v) + QStringLiteral(", not an object"));
        out = v.toObject();
        return true;
    }
    bool array(const QJsonObject& o, const QString& path, const char* key, QJsonArray& out)
    {
        const QJsonValue v = o.value(QLatin1String(key));
        if (!v.isArray())
            return fail(path, QLatin1String(key), v.isUndefined() ? QStringLiteral("is missing") : shown(v) + QStringLiteral(", not an array"));
        out = v.toArray();
        return true;
    }
    /// The first of `keys` present (older sysstat names some counters otherwise); `found` false and
    /// no error when none is and `required` is false.
    bool number(const QJsonObject& o, const QString& path, std::initializer_list<const char*> keys, bool required, double& out,
                bool* found = nullptr, double max = 1e18)
    {
        for (const char* key : keys) {
            const QJsonValue v = o.value(QLatin1String(key));
            if (v.isUndefined())
                continue;
            if (!v.isDouble())
                return fail(path, QLatin1String(key), shown(v) + QStringLiteral(", not a number"));
            out = v.toDouble();
            if (!std::isfinite(out))
                return fail(path, QLatin1String(key), QStringLiteral("is not a finite number"));
            if (out < 0)
                return fail(path, QLatin1String(key), QStringLiteral("%1 is negative").arg(out));
            if (out > max)
                return fail(path, QLatin1String(key), QStringLiteral("%1 is more than %2").arg(out).arg(max));
            if (found)
                *found = true;
            return true;
        }
        if (found)
            *found = false;
        out = 0;
        if (!required)
            return true;
        return fail(path, QLatin1String(*keys.begin()), QStringLiteral("is missing"));
    }

private:
    const QString& m_file;
    TraceError& m_error;
};

// Seconds since midnight of the first "HH:MM:SS" in `s` (iostat's timestamp depends on the locale,
// "12/03/26 07:31:44", or with S_TIME_FORMAT=ISO "2026-12-03T07:31:44+0000"); -1 when none.
int secondsOfDay(const QString& s)
{
    for (qsizetype i = 0; i + 8 <= s.size(); ++i) {
        const auto d = [&](qsizetype k) { return s[i + k].isDigit() ? s[i + k].digitValue() : -1; };
        if (s[i + 2] != u':' || s[i + 5] != u':')
            continue;
        const int h = d(0) * 10 + d(1), m = d(3) * 10 + d(4), sec = d(6) * 10 + d(7);
        if (d(0) < 0 || d(1) < 0 || d(3) < 0 || d(4) < 0 || d(6) < 0 || d(7) < 0 || h > 23 || m > 59 || sec > 60)
            continue;
        return h * 3600 + m * 60 + sec;
    }
    return -1;
}

struct Parser
{
    CounterFile& out;
    Json& json;
    std::unordered_map<std::string, std::uint32_t> index;
    double sampleS = 0; ///< sadf: the length of the sample being read
    double discards = 0; ///< sadf: the requests of tps that discards take (by bytes), summed
    double byteless = 0; ///< sadf: the requests of samples with tps but no bytes
    int otherIntervals = 0; ///< iostat: device intervals with discards (d/s) or flushes (f/s)

    bool device(const QJsonObject& d, const QString& path, std::uint32_t& at)
    {
        const char* key = out.format == CounterFormat::SadfJson ? "disk-device" : "disk_device";
        const QJsonValue v = d.value(QLatin1String(key));
        if (!v.isString() || v.toString().isEmpty())
            return json.fail(path, QLatin1String(key),
                v.isUndefined() ? QStringLiteral("is missing") : Json::shown(v) + QStringLiteral(", not a device name"));
        const std::string name = v.toString().toStdString();
        const auto it = index.find(name);
        if (it != index.end()) {
            at = it->second;
            return true;
        }
        if (out.devices.size() >= kMaxCounterDevices)
            return json.fail(path, QLatin1String(key), QStringLiteral("more than %1 devices").arg(kMaxCounterDevices));
        at = std::uint32_t(out.devices.size());
        out.devices.push_back(name);
        index.emplace(name, at);
        return true;
    }

    // One device's counters in one sample, into `c` (rates per second, bytes, ms, percent).
    bool disk(const QJsonObject& d, const QString& path, CounterInterval& c, bool& noAwait)
    {
        bool found = false;
        if (out.format == CounterFormat::SadfJson) {
            double tps = 0, kB = 0;
            if (!json.number(d, path, { "tps" }, true, tps, nullptr, kMaxCounterIops))
                return false;
            c.iops = tps;
            // sysstat 12 writes rkB/wkB (per second, despite the name); older ones rd_sec/wr_sec in
            // 512-byte sectors per second.
            if (!json.number(d, path, { "rkB" }, false, kB, &found))
                return false;
            if (found)
                c.readBytesPerS = kB * 1024;
            else if (!json.number(d, path, { "rd_sec" }, true, kB))
                return false;
            else
                c.readBytesPerS = kB * 512;
            if (!json.number(d, path, { "wkB" }, false, kB, &found))
                return false;
            if (found)
                c.writeBytesPerS = kB * 1024;
            else if (!json.number(d, path, { "wr_sec" }, true, kB))
                return false;
            else
                c.writeBytesPerS = kB * 512;
            // sysstat 12.1 and later count discards in tps (dkB, dc_sec): their share of tps, by
            // bytes like the reads', is neither read nor written and is left out (a note says how much).
            double discardBytesPerS = 0;
            if (!json.number(d, path, { "dkB" }, false, kB, &found))
                return false;
            if (found)
                discardBytesPerS = kB * 1024;
            else if (!json.number(d, path, { "dc_sec" }, false, kB))
                return false;
            else
                discardBytesPerS = kB * 512;
            const double bytes = c.readBytesPerS + c.writeBytesPerS + discardBytesPerS;
            if (bytes > 0) {
                c.readsPerS = tps * c.readBytesPerS / bytes;
                c.writesPerS = tps * c.writeBytesPerS / bytes;
                discards += (tps - c.readsPerS - c.writesPerS) * sampleS;
            } else {
                byteless += tps * sampleS; // requests of no size: neither a read nor a write can be made of them
            }
            c.iops = c.readsPerS + c.writesPerS;
            if (!json.number(d, path, { "await" }, false, c.awaitMs, &found))
                return false;
            c.awaitKnown = found;
            noAwait = noAwait || !found;
            if (!json.number(d, path, { "aqu-sz", "avgqu-sz" }, false, c.queueSize)
                || !json.number(d, path, { "util-percent" }, false, c.utilPercent))
                return false;
        } else {
            double kB = 0, rAwait = 0, wAwait = 0;
            if (!json.number(d, path, { "r/s" }, true, c.readsPerS, nullptr, kMaxCounterIops)
                || !json.number(d, path, { "w/s" }, true, c.writesPerS, nullptr, kMaxCounterIops))
                return false;
            c.iops = c.readsPerS + c.writesPerS;
            double other = 0, flushes = 0;
            if (!json.number(d, path, { "d/s" }, false, other) || !json.number(d, path, { "f/s" }, false, flushes))
                return false;
            if (other > 0 || flushes > 0)
                ++otherIntervals; // iostat counts them apart: r/s and w/s are reads and writes only
            if (!json.number(d, path, { "rkB/s" }, true, kB))
                return false;
            c.readBytesPerS = kB * 1024;
            if (!json.number(d, path, { "wkB/s" }, true, kB))
                return false;
            c.writeBytesPerS = kB * 1024;
            bool foundW = false;
            if (!json.number(d, path, { "r_await" }, false, rAwait, &found) || !json.number(d, path, { "w_await" }, false, wAwait, &foundW))
                return false;
            c.awaitKnown = (found || c.readsPerS == 0) && (foundW || c.writesPerS == 0);
            noAwait = noAwait || !c.awaitKnown;
            c.awaitMs = c.iops > 0 ? (c.readsPerS * rAwait + c.writesPerS * wAwait) / c.iops : 0;
            if (!json.number(d, path, { "aqu-sz", "avgqu-sz" }, false, c.queueSize)
                || !json.number(d, path, { "util", "%util" }, false, c.utilPercent))
                return false;
        }
        // The same bound as a trace's request (readers_p.h): a mean request past it is a damaged field.
        const auto meanTooLarge = [&](double bytesPerS, double perS, const char* field) {
            if (perS > 0 && bytesPerS / perS > double(std::uint64_t(4) << 30))
                return !json.fail(path, QLatin1String(field),
                    QStringLiteral("a mean request of %1 bytes is more than 4 GiB, larger than any block request").arg(bytesPerS / perS, 0, 'g', 6));
            return false;
        };
        const bool sadf = out.format == CounterFormat::SadfJson;
        return !meanTooLarge(c.readBytesPerS, c.readsPerS, sadf ? "rkB" : "rkB/s")
            && !meanTooLarge(c.writeBytesPerS, c.writesPerS, sadf ? "wkB" : "wkB/s");
    }

    bool parse(const QJsonObject& root)
    {
        QJsonObject sysstat, host;
        QJsonArray hosts, statistics;
        if (!json.object(root.value(QStringLiteral("sysstat")), QStringLiteral("sysstat"), sysstat)
            || !json.array(sysstat, QStringLiteral("sysstat"), "hosts", hosts))
            return false;
        if (hosts.isEmpty())
            return json.fail(QStringLiteral("sysstat.hosts"), {}, QStringLiteral("is empty: no host's counters"));
        if (hosts.size() > 1)
            out.notes << QStringLiteral("%1 hosts in the file: only the first is read").arg(hosts.size());
        if (!json.object(hosts.at(0), QStringLiteral("sysstat.hosts[0]"), host)
            || !json.array(host, QStringLiteral("sysstat.hosts[0]"), "statistics", statistics))
            return false;
        const bool sadf = out.format == CounterFormat::SadfJson;
        std::vector<double> endS; // each sample's end, seconds from an origin of the tool's own
        std::vector<double> lengthS;
        std::vector<std::size_t> firstOf; // the sample's first interval in out.intervals
        bool noAwait = false, noTimestamps = false;
        int withoutDisks = 0;
        double day = 0;
        for (qsizetype i = 0; i < statistics.size(); ++i) {
            const QString path = QStringLiteral("sysstat.hosts[0].statistics[%1]").arg(i);
            QJsonObject sample;
            if (!json.object(statistics.at(i), path, sample))
                return false;
            const QJsonValue disks = sample.value(QStringLiteral("disk"));
            if (disks.isUndefined()) { // sadf's restart marks and comments, iostat's -c reports
                ++withoutDisks;
                continue;
            }
            QJsonArray list;
            if (!json.array(sample, path, "disk", list))
                return false;
            double end = 0, length = 0;
            if (sadf) {
                QJsonObject ts;
                if (!json.object(sample.value(QStringLiteral("timestamp")), path + QStringLiteral(".timestamp"), ts))
                    return false;
                if (!json.number(ts, path + QStringLiteral(".timestamp"), { "interval" }, true, length, nullptr, kMaxCounterIntervalS))
                    return false;
                if (length <= 0)
                    return json.fail(path + QStringLiteral(".timestamp"), QStringLiteral("interval"), QStringLiteral("is 0"));
                const QString when = ts.value(QStringLiteral("date")).toString() + u'T' + ts.value(QStringLiteral("time")).toString();
                const QDateTime t = QDateTime::fromString(when, Qt::ISODate);
                if (!t.isValid())
                    return json.fail(path + QStringLiteral(".timestamp"), QStringLiteral("date, time"),
                        QStringLiteral("'%1' is not a date and time").arg(when.left(40)));
                if (out.detail.isEmpty())
                    out.detail = QStringLiteral("the first ending %1 %2").arg(QString(when).replace(u'T', u' '),
                        ts.value(QStringLiteral("utc")).toInt() ? QStringLiteral("UTC") : QStringLiteral("local time"));
                end = double(QDateTime(t.date(), t.time(), Qt::UTC).toSecsSinceEpoch());
            } else {
                const int s = secondsOfDay(sample.value(QStringLiteral("timestamp")).toString());
                if (s < 0) {
                    noTimestamps = true;
                    end = double(endS.size()); // one second apart, said in a note
                } else {
                    end = day + s;
                    if (!endS.empty() && end < endS.back()) { // past midnight
                        day += 86400;
                        end += 86400;
                    }
                    if (out.detail.isEmpty())
                        out.detail = QStringLiteral("the first ending %1").arg(sample.value(QStringLiteral("timestamp")).toString().left(40));
                }
            }
            sampleS = length;
            firstOf.push_back(out.intervals.size());
            endS.push_back(end);
            lengthS.push_back(length);
            if (out.intervals.size() + std::size_t(list.size()) > kMaxCounterIntervals)
                return json.fail(path, QStringLiteral("disk"),
                    QStringLiteral("more than %1 device intervals in the file: split it (sadf -s/-e, or fewer devices with --dev)")
                        .arg(kMaxCounterIntervals));
            for (qsizetype k = 0; k < list.size(); ++k) {
                const QString dpath = path + QStringLiteral(".disk[%1]").arg(k);
                QJsonObject d;
                CounterInterval c;
                if (!json.object(list.at(k), dpath, d) || !device(d, dpath, c.device) || !disk(d, dpath, c, noAwait))
                    return false;
                out.intervals.push_back(c);
            }
        }
        if (endS.empty())
            return json.fail(QStringLiteral("sysstat.hosts[0].statistics"), {},
                sadf ? QStringLiteral("no disk counters (a sadf -j file of sar -d is made with: sadf -j FILE -- -d)")
                     : QStringLiteral("no disk counters (iostat -x -o JSON, without -c)"));
        if (!sadf) {
            // iostat states no interval: the median step between its timestamps (it sleeps a fixed
            // interval), 1 s when there are none or one.
            const double median = counters::medianStepS(endS);
            const double step = median > 0 ? std::min(kMaxCounterIntervalS, median) : 1.0;
            std::fill(lengthS.begin(), lengthS.end(), step);
            out.notes << (noTimestamps || median <= 0
                    ? QStringLiteral("iostat states no interval and the file has no timestamps to tell it (iostat -t): 1 s assumed")
                    : QStringLiteral("interval %1 s: the median step between iostat's timestamps (iostat states none)").arg(step));
            out.notes << QStringLiteral("iostat's first report is the average since boot unless it ran with -y: it is read as an interval like the others");
        }
        const int moved = counters::placeIntervals(out, endS, lengthS, firstOf);
        out.detail = QStringLiteral("%1, %2 intervals of %3 s %4")
                         .arg(sadf ? QStringLiteral("sadf -j (sar -d)") : QStringLiteral("iostat -x -o JSON"))
                         .arg(endS.size())
                         .arg(lengthS.front())
                         .arg(out.detail);
        if (!host.value(QStringLiteral("nodename")).toString().isEmpty())
            out.detail += QStringLiteral(", host ") + host.value(QStringLiteral("nodename")).toString().left(64);
        if (sadf) {
            out.readsFromBytes = true;
            out.notes << QStringLiteral("sar -d records requests (tps) and bytes read and written, not reads per second: "
                                        "the read share of requests is the read share of bytes (reads and writes of one mean size)");
        }
        if (moved)
            out.notes << QStringLiteral("%1 intervals began before the previous one ended (by their timestamps): "
                                        "each moved to start at that end, its length and rates kept").arg(moved);
        if (noAwait)
            out.notes << QStringLiteral("some intervals state no await: left out of the mean await");
        if (discards >= 0.5)
            out.notes << QStringLiteral("sar's tps counts discards: about %1 discard requests (their share of tps by bytes) "
                                        "left out, neither read nor written").arg(discards, 0, 'f', 0);
        if (byteless >= 0.5)
            out.notes << QStringLiteral("about %1 requests of intervals with tps but no bytes read, written or discarded "
                                        "left out (no size to give them)").arg(byteless, 0, 'f', 0);
        if (otherIntervals)
            out.notes << QStringLiteral("%1 device intervals with discards (d/s) or flushes (f/s): left out, "
                                        "reads and writes are r/s and w/s").arg(otherIntervals);
        if (withoutDisks)
            out.notes << QStringLiteral("%1 samples without disk counters (restarts, comments) left out").arg(withoutDisks);
        return true;
    }
};

} // namespace

namespace counters {

int placeIntervals(CounterFile& out, const std::vector<double>& endS, const std::vector<double>& lengthS,
                   const std::vector<std::size_t>& firstOf)
{
    const double origin = endS.front() - lengthS.front();
    double previousEnd = 0;
    int moved = 0;
    for (std::size_t i = 0; i < endS.size(); ++i) {
        const double stated = endS[i] - lengthS[i] - origin;
        const double start = std::max(previousEnd, stated);
        moved += start > stated + 1e-9;
        previousEnd = start + lengthS[i];
        const std::size_t last = i + 1 < firstOf.size() ? firstOf[i + 1] : out.intervals.size();
        for (std::size_t k = firstOf[i]; k < last; ++k) {
            out.intervals[k].startNs = std::int64_t(std::llround(start * 1e9));
            out.intervals[k].intervalS = lengthS[i];
        }
    }
    return moved;
}

double medianStepS(const std::vector<double>& endS)
{
    std::vector<double> steps;
    for (std::size_t i = 1; i < endS.size(); ++i)
        if (endS[i] > endS[i - 1])
            steps.push_back(endS[i] - endS[i - 1]);
    if (steps.empty())
        return 0;
    std::nth_element(steps.begin(), steps.begin() + std::ptrdiff_t(steps.size() / 2), steps.end());
    return steps[steps.size() / 2];
}

} // namespace counters

double CounterFile::requests() const
{
    double n = 0;
    for (const CounterInterval& c : intervals)
        n += (c.readsPerS + c.writesPerS) * c.intervalS;
    return n;
}

bool parseCounterFile(std::string_view data, const QString& name, CounterFile& out, TraceError& error)
{
    out = CounterFile {};
    out.file = name;
    out.format = sniffCounterFormat(data.substr(0, 64 * 1024));
    Json json(name, error);
    if (out.format == CounterFormat::None)
        return json.fail(QStringLiteral("sysstat"), {}, QStringLiteral("not a sadf -j, iostat -o JSON or typeperf CSV file"));
    if (data.size() > kMaxCounterFileBytes)
        return json.fail(out.format == CounterFormat::TypeperfCsv ? QStringLiteral("(file)") : QStringLiteral("sysstat"), {},
            QStringLiteral("more than %1 MiB of counters: split the file (sadf -s/-e, relog -b/-e)").arg(kMaxCounterFileBytes >> 20));
    if (out.format == CounterFormat::TypeperfCsv)
        return counters::parseTypeperfCsv(data, name, out, error);
    QJsonParseError parseError;
    // Qt's parser refuses nesting deeper than 1024 (QJsonParseError::DeepNesting): a hostile file
    // cannot exhaust the stack.
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromRawData(data.data(), qsizetype(data.size())), &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        const auto at = std::size_t(std::clamp<qsizetype>(parseError.offset, 0, qsizetype(data.size())));
        error = TraceError {};
        error.file = name;
        error.line = 1 + std::uint64_t(std::count(data.begin(), data.begin() + std::ptrdiff_t(at), '\n'));
        error.message = QStringLiteral("not valid JSON: %1 (byte %2)").arg(parseError.errorString()).arg(at);
        error.fatal = true;
        return false;
    }
    if (!doc.isObject())
        return json.fail(QStringLiteral("(top)"), {}, QStringLiteral("is not an object"));
    Parser p { out, json, {} };
    return p.parse(doc.object());
}

CounterFormat sniffCounterPath(const QString& path)
{
    std::string why;
    auto source = trace::ByteSource::openFile(path.toStdString(), &why);
    if (!source || !source->sized()) // a pipe is read once, by the command itself
        return CounterFormat::None;
    std::string head(64 * 1024, '\0');
    const long long got = source->read(head.data(), head.size());
    head.resize(got > 0 ? std::size_t(got) : 0);
    const trace::Compression c = trace::compressionOf(head);
    if (c == trace::Compression::None)
        return sniffCounterFormat(head);
    auto plain = trace::decompressing(c, trace::ByteSource::prefixed(std::move(head), std::move(source)));
    std::string text(64 * 1024, '\0');
    const long long n = plain->read(text.data(), text.size());
    text.resize(n > 0 ? std::size_t(n) : 0);
    return sniffCounterFormat(text);
}

bool readCounterFile(const QString& path, CounterFile& out, TraceError& error)
{
    std::string why;
    auto source = trace::ByteSource::openFile(path.toStdString(), &why);
    std::string head(64 * 1024, '\0');
    const long long got = source ? source->read(head.data(), head.size()) : -1;
    if (got < 0) {
        error = TraceError {};
        error.file = QFileInfo(path).fileName();
        error.key = QStringLiteral("(file)");
        error.message = source ? QString::fromLocal8Bit(std::strerror(errno)) : QString::fromStdString(why);
        error.fatal = true;
        return false;
    }
    head.resize(std::size_t(got));
    const trace::Compression c = trace::compressionOf(head);
    source = trace::ByteSource::prefixed(std::move(head), std::move(source));
    if (c != trace::Compression::None)
        source = trace::decompressing(c, std::move(source));
    return trace::readCounterSource(*source, QFileInfo(path).fileName(), out, error);
}

} // namespace raidscope
