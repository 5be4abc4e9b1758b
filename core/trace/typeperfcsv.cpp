// SPDX-License-Identifier: GPL-3.0-or-later
// Windows performance counters as PDH CSV (#56 item 2): what `typeperf "\PhysicalDisk(*)\*" -o F.csv`
// and `relog LOG.blg -f csv -o F.csv` write. The first row names the columns: the time, headed
// "(PDH-CSV 4.0)" (relog adds the time zone: "(PDH-CSV 4.0) (Pacific Daylight Time)(420)"), then one
// column per counter as "\\HOST\PhysicalDisk(0 C:)\Disk Reads/sec". Every later row is one sample:
// its time ("12/29/2020 18:34:28.308", the host's clock) and each counter's value over the time since
// the sample before, all quoted. A value is blank (" ") where PDH had no rate yet (a log's first
// sample) or lost the counter.
//
// Of Microsoft's PhysicalDisk object these are read: Disk Reads/sec, Disk Writes/sec, Disk Read
// Bytes/sec, Disk Write Bytes/sec (or Avg. Disk Bytes/Read and /Write times the rates), Avg. Disk
// sec/Transfer (or sec/Read and sec/Write) as the await, Avg. Disk Queue Length as the queue size
// (the mean requests in the queue and in service over the interval, as iostat's aqu-sz), and % Idle
// Time for the utilization: 100 less it. % Disk Time is not a busy time (it is the queue length
// times 100, clipped at 100) and is not read.
#include "counterfile_p.h"
#include "linesource.h"

#include <QDateTime>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <optional>
#include <tuple>
#include <unordered_map>

namespace raidscope::counters {

namespace {

enum Role : std::uint8_t {
    Reads,
    Writes,
    ReadBytes,
    WriteBytes,
    BytesPerRead,
    BytesPerWrite,
    SecPerTransfer,
    SecPerRead,
    SecPerWrite,
    QueueLength,
    IdlePercent,
    RoleCount
};

constexpr std::array<const char*, RoleCount> kRoleNames = {
    "Disk Reads/sec", "Disk Writes/sec", "Disk Read Bytes/sec", "Disk Write Bytes/sec", "Avg. Disk Bytes/Read",
    "Avg. Disk Bytes/Write", "Avg. Disk sec/Transfer", "Avg. Disk sec/Read", "Avg. Disk sec/Write",
    "Avg. Disk Queue Length", "% Idle Time",
};

struct Instance
{
    std::string name;
    std::array<int, RoleCount> column;
    bool has(Role r) const { return column[r] >= 0; }
};

// One CSV row's fields: quoted ("" inside is one quote) or bare. `bad` is the 0-based field where the
// quoting breaks (a quote never closed, or text after a closing one), or -1.
void splitRow(std::string_view line, std::vector<std::string>& fields, int& bad)
{
    fields.clear();
    bad = -1;
    std::size_t i = 0;
    for (;;) {
        std::string f;
        if (i < line.size() && line[i] == '"') {
            ++i;
            for (;;) {
                if (i >= line.size()) {
                    bad = int(fields.size());
                    return;
                }
                if (line[i] == '"') {
                    if (i + 1 < line.size() && line[i + 1] == '"') {
                        f += '"';
                        i += 2;
                        continue;
                    }
                    ++i;
                    break;
                }
                f += line[i++];
            }
            if (i < line.size() && line[i] != ',') {
                bad = int(fields.size());
                return;
            }
        } else {
            const std::size_t comma = std::min(line.find(',', i), line.size());
            f.assign(line.substr(i, comma - i));
            i = comma;
        }
        fields.push_back(std::move(f));
        if (i >= line.size())
            return;
        ++i; // the comma
    }
}

// "\\HOST\Object(Instance)\Counter" (the host may be left out: "\Object(Instance)\Counter").
struct CounterPath
{
    std::string host, object, instance, counter;
};

std::optional<CounterPath> counterPath(std::string_view s)
{
    CounterPath p;
    if (s.substr(0, 2) == "\\\\") {
        const std::size_t end = s.find('\\', 2);
        if (end == std::string_view::npos)
            return std::nullopt;
        p.host = std::string(s.substr(2, end - 2));
        s.remove_prefix(end);
    }
    if (s.empty() || s.front() != '\\')
        return std::nullopt;
    s.remove_prefix(1);
    const std::size_t open = s.find('(');
    const std::size_t slash = s.find('\\');
    if (slash == std::string_view::npos)
        return std::nullopt;
    if (open != std::string_view::npos && open < slash) {
        const std::size_t close = s.find(")\\", open); // instance names may hold a backslash, not ")\"
        if (close == std::string_view::npos)
            return std::nullopt;
        p.object = std::string(s.substr(0, open));
        p.instance = std::string(s.substr(open + 1, close - open - 1));
        p.counter = std::string(s.substr(close + 2));
    } else {
        p.object = std::string(s.substr(0, slash));
        p.counter = std::string(s.substr(slash + 1));
    }
    return p;
}

class Reader
{
public:
    Reader(const QString& name, CounterFile& out, TraceError& error)
        : m_name(name)
        , m_out(out)
        , m_error(error)
    {
    }

    bool parse(std::string_view data)
    {
        if (data.substr(0, 3) == "\xEF\xBB\xBF")
            data.remove_prefix(3);
        std::vector<std::string> fields;
        std::vector<double> endS, lengthS, allTimesS;
        std::vector<std::size_t> firstOf;
        std::uint64_t lineNo = 0;
        bool header = false;
        int blankRows = 0, messages = 0, partial = 0;
        QString firstTime;
        for (std::size_t at = 0; at < data.size();) {
            std::size_t end = std::min(data.find('\n', at), data.size());
            std::string_view line = data.substr(at, end - at);
            at = end + 1;
            ++lineNo;
            if (!line.empty() && line.back() == '\r')
                line.remove_suffix(1);
            if (line.find_first_not_of(" \t") == std::string_view::npos)
                continue;
            // typeperf's own words on stdout ("Exiting, please wait...", "The command completed
            // successfully."): no quote, no comma.
            if (header && line.find('"') == std::string_view::npos && line.find(',') == std::string_view::npos) {
                ++messages;
                continue;
            }
            int bad = -1;
            splitRow(line, fields, bad);
            if (bad >= 0)
                return fail(lineNo, bad + 1, header && bad < m_header.size() ? m_header[bad] : QStringLiteral("header"),
                    QStringLiteral("a quoted field is not closed, or text follows its closing quote"));
            if (!header) {
                if (!readHeader(fields, lineNo))
                    return false;
                header = true;
                continue;
            }
            if (fields.size() != m_columns)
                return fail(lineNo, 0, {}, QStringLiteral("%1 fields, the header has %2").arg(fields.size()).arg(m_columns));
            const QString when = QString::fromStdString(fields[0]).trimmed();
            QDateTime t = QDateTime::fromString(when, QStringLiteral("MM/dd/yyyy HH:mm:ss.zzz"));
            if (!t.isValid())
                t = QDateTime::fromString(when, QStringLiteral("MM/dd/yyyy HH:mm:ss"));
            if (!t.isValid())
                return fail(lineNo, 1, QStringLiteral("time"),
                    QStringLiteral("'%1' is not a time (MM/dd/yyyy HH:mm:ss.fff)").arg(when.left(40)));
            // The host's clock, taken as it reads: UTC here so that no daylight-saving rule of this
            // machine moves it.
            const double timeS = double(QDateTime(t.date(), t.time(), Qt::UTC).toMSecsSinceEpoch()) / 1000.0;
            const double sincePrevious = allTimesS.empty() ? 0 : timeS - allTimesS.back();
            if (sincePrevious > kMaxCounterIntervalS)
                return fail(lineNo, 1, QStringLiteral("time"),
                    QStringLiteral("%1 s since the sample before, more than a day: split the file where the logging stopped")
                        .arg(sincePrevious, 0, 'f', 0));
            allTimesS.push_back(timeS);
            const std::size_t first = m_out.intervals.size();
            int withValues = 0;
            for (const Instance& inst : m_instances) {
                CounterInterval c;
                bool complete = false;
                if (!sample(fields, inst, lineNo, c, complete))
                    return false;
                if (!complete) {
                    partial += std::any_of(inst.column.begin(), inst.column.end(),
                        [&](int k) { return k >= 0 && !blank(fields[std::size_t(k)]); });
                    continue;
                }
                if (m_out.intervals.size() >= kMaxCounterIntervals)
                    return fail(lineNo, 0, {}, QStringLiteral("more than %1 device intervals in the file: split it (relog -b/-e)").arg(kMaxCounterIntervals));
                m_out.intervals.push_back(c);
                ++withValues;
            }
            if (!withValues) { // a log's first sample: PDH has no rate before a second one
                ++blankRows;
                continue;
            }
            if (firstTime.isEmpty())
                firstTime = when;
            firstOf.push_back(first);
            endS.push_back(timeS);
            lengthS.push_back(sincePrevious > 0 ? sincePrevious : 0); // 0: not known, the median below
        }
        if (!header)
            return fail(1, 0, {}, QStringLiteral("no header row (\"(PDH-CSV 4.0)\",\"\\\\HOST\\PhysicalDisk(...)\\...\")"));
        if (endS.empty())
            return fail(lineNo, 0, {}, QStringLiteral("no sample with PhysicalDisk values"));
        const double median = medianStepS(allTimesS);
        const double step = median > 0 ? median : 1.0;
        int unknown = 0;
        for (double& l : lengthS)
            if (l <= 0) {
                l = step;
                ++unknown;
            }
        const int moved = placeIntervals(m_out, endS, lengthS, firstOf);
        m_out.detail = QStringLiteral("typeperf CSV (PDH), %1 intervals of %2 s (the median), the first ending %3 %4")
                           .arg(endS.size())
                           .arg(step)
                           .arg(firstTime.left(40), m_zone.isEmpty() ? QStringLiteral("on the host's clock") : QStringLiteral("(%1)").arg(m_zone));
        if (!m_host.isEmpty())
            m_out.detail += QStringLiteral(", host ") + m_host;
        notes(unknown, median, moved, blankRows, partial, messages);
        return true;
    }

private:
    static QString count(int n, const char* thing)
    {
        return QStringLiteral("%1 %2%3").arg(n).arg(QLatin1String(thing)).arg(n == 1 ? QString() : QStringLiteral("s"));
    }
    static bool blank(const std::string& s) { return s.find_first_not_of(" \t") == std::string::npos; }

    bool fail(std::uint64_t line, int field, const QString& fieldName, const QString& message)
    {
        m_error = TraceError {};
        m_error.file = m_name;
        m_error.line = line;
        m_error.field = field;
        m_error.fieldName = fieldName;
        m_error.message = message;
        m_error.fatal = true;
        return false;
    }

    QString columnName(const Instance& inst, Role r) const
    {
        return QStringLiteral("PhysicalDisk(%1)\\%2").arg(QString::fromStdString(inst.name), QLatin1String(kRoleNames[r]));
    }

    bool readHeader(const std::vector<std::string>& fields, std::uint64_t lineNo)
    {
        if (fields.empty() || fields[0].rfind("(PDH-CSV 4.0)", 0) != 0)
            return fail(lineNo, 1, QStringLiteral("header"), QStringLiteral("the first column is not PDH's \"(PDH-CSV 4.0)\": not a typeperf CSV"));
        // relog: "(PDH-CSV 4.0) (Pacific Daylight Time)(420)"; typeperf states no zone.
        const std::string_view zone = std::string_view(fields[0]).substr(13);
        if (const auto o = zone.find('('), c = zone.find(')'); o != std::string_view::npos && c != std::string_view::npos && c > o)
            m_zone = QString::fromStdString(std::string(zone.substr(o + 1, c - o - 1))).left(64);
        m_columns = fields.size();
        m_header.reserve(qsizetype(fields.size()));
        for (const std::string& f : fields)
            m_header << QString::fromStdString(f).left(120);
        std::vector<Instance> instances;
        std::unordered_map<std::string, std::size_t> instanceAt; // a header may name thousands of columns
        Instance total;
        total.column.fill(-1);
        QStringList others;
        int otherColumns = 0;
        for (std::size_t k = 1; k < fields.size(); ++k) {
            const auto path = counterPath(fields[k]);
            if (!path)
                return fail(lineNo, int(k + 1), QStringLiteral("header"),
                    QStringLiteral("'%1' is not a counter path (\\\\HOST\\Object(Instance)\\Counter)").arg(QString::fromStdString(fields[k]).left(80)));
            if (!trace::iequals(path->object, "PhysicalDisk")) {
                ++otherColumns;
                const QString object = QString::fromStdString(path->object).left(40);
                if (!others.contains(object) && others.size() < 4)
                    others << object;
                continue;
            }
            if (m_host.isEmpty())
                m_host = QString::fromStdString(path->host).left(64);
            const auto role = std::find_if(kRoleNames.begin(), kRoleNames.end(), [&](const char* n) { return trace::iequals(path->counter, n); });
            if (role == kRoleNames.end())
                continue; // Split IO/Sec, Current Disk Queue Length, % Disk Time and the like
            Instance* inst = nullptr;
            if (path->instance == "_Total") {
                inst = &total;
            } else {
                if (const auto it = instanceAt.find(path->instance); it != instanceAt.end()) {
                    inst = &instances[it->second];
                } else {
                    if (instances.size() >= kMaxCounterDevices)
                        return fail(lineNo, int(k + 1), QStringLiteral("header"), QStringLiteral("more than %1 PhysicalDisk instances").arg(kMaxCounterDevices));
                    Instance fresh;
                    fresh.name = path->instance.empty() ? std::string("(no instance)") : path->instance;
                    fresh.column.fill(-1);
                    instanceAt.emplace(path->instance, instances.size());
                    instances.push_back(std::move(fresh));
                    inst = &instances.back();
                }
            }
            inst->column[std::size_t(role - kRoleNames.begin())] = int(k);
        }
        const auto usable = [](const Instance& i) { return i.has(Reads) && i.has(Writes); };
        std::erase_if(instances, [&](const Instance& i) { return !usable(i); });
        if (instances.empty() && usable(total)) {
            total.name = "_Total";
            instances.push_back(total);
            m_out.notes << QStringLiteral("only PhysicalDisk(_Total) is in the file: the sum over the host's disks, read as one device");
        } else if (total.has(Reads)) {
            m_out.notes << QStringLiteral("PhysicalDisk(_Total) left out: the sum of the disks read one by one");
        }
        if (instances.empty())
            return fail(lineNo, 0, {},
                QStringLiteral("no PhysicalDisk instance with both Disk Reads/sec and Disk Writes/sec (collect with typeperf \"\\PhysicalDisk(*)\\*\")"));
        for (const Instance& i : instances) {
            if (!(i.has(ReadBytes) || i.has(BytesPerRead)) || !(i.has(WriteBytes) || i.has(BytesPerWrite)))
                return fail(lineNo, 0, QString::fromStdString(i.name),
                    QStringLiteral("PhysicalDisk(%1) has no Disk Read Bytes/sec and Disk Write Bytes/sec (nor Avg. Disk Bytes/Read and /Write): "
                                   "the size of its requests cannot be told").arg(QString::fromStdString(i.name)));
            m_out.devices.push_back(i.name);
        }
        for (const Instance& i : instances) {
            if (!i.has(IdlePercent) && !m_noIdle) {
                m_noIdle = true;
                m_out.notes << QStringLiteral("no % Idle Time for some disks: their utilization is shown as 0 (not known)");
            }
            if (!i.has(SecPerTransfer) && !(i.has(SecPerRead) && i.has(SecPerWrite)) && !m_noAwait) {
                m_noAwait = true;
                m_out.notes << QStringLiteral("no Avg. Disk sec/Transfer for some disks: left out of the mean await");
            }
        }
        if (otherColumns)
            m_out.notes << QStringLiteral("%1 columns of other objects (%2) left out").arg(otherColumns).arg(others.join(QStringLiteral(", ")));
        m_instances = std::move(instances);
        return true;
    }

    // One instance's values in a row; `complete` false (and no error) when its rates are blank.
    bool sample(const std::vector<std::string>& fields, const Instance& inst, std::uint64_t lineNo, CounterInterval& c, bool& complete)
    {
        std::array<double, RoleCount> v {};
        std::array<bool, RoleCount> present {};
        for (std::size_t r = 0; r < RoleCount; ++r) {
            const int k = inst.column[r];
            if (k < 0 || blank(fields[std::size_t(k)]))
                continue;
            std::string_view s = fields[std::size_t(k)];
            while (!s.empty() && s.front() == ' ')
                s.remove_prefix(1);
            while (!s.empty() && s.back() == ' ')
                s.remove_suffix(1);
            double x = 0;
            const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), x);
            const QString field = columnName(inst, Role(r));
            if (ec != std::errc() || ptr != s.data() + s.size())
                return fail(lineNo, k + 1, field, QStringLiteral("'%1' is not a number").arg(QString::fromUtf8(s.data(), qsizetype(std::min<std::size_t>(s.size(), 40)))));
            if (!std::isfinite(x))
                return fail(lineNo, k + 1, field, QStringLiteral("is not a finite number"));
            if (x < 0)
                return fail(lineNo, k + 1, field, QStringLiteral("%1 is negative").arg(x));
            if ((r == Reads || r == Writes) && x > kMaxCounterIops)
                return fail(lineNo, k + 1, field, QStringLiteral("%1 is more than %2").arg(x).arg(kMaxCounterIops));
            v[r] = x;
            present[r] = true;
        }
        const bool readBytes = present[ReadBytes] || present[BytesPerRead], writeBytes = present[WriteBytes] || present[BytesPerWrite];
        complete = present[Reads] && present[Writes] && readBytes && writeBytes;
        if (!complete)
            return true;
        c.device = std::uint32_t(&inst - m_instances.data());
        c.readsPerS = v[Reads];
        c.writesPerS = v[Writes];
        c.iops = c.readsPerS + c.writesPerS;
        c.readBytesPerS = present[ReadBytes] ? v[ReadBytes] : v[BytesPerRead] * c.readsPerS;
        c.writeBytesPerS = present[WriteBytes] ? v[WriteBytes] : v[BytesPerWrite] * c.writesPerS;
        for (const auto& [bytes, perS, role] : { std::tuple { c.readBytesPerS, c.readsPerS, present[ReadBytes] ? ReadBytes : BytesPerRead },
                                                 std::tuple { c.writeBytesPerS, c.writesPerS, present[WriteBytes] ? WriteBytes : BytesPerWrite } })
            if (perS > 0 && bytes / perS > double(std::uint64_t(4) << 30))
                return fail(lineNo, inst.column[role] + 1, columnName(inst, role),
                    QStringLiteral("a mean request of %1 bytes is more than 4 GiB, larger than any block request").arg(bytes / perS, 0, 'g', 6));
        if (present[SecPerTransfer]) {
            c.awaitMs = v[SecPerTransfer] * 1000.0;
        } else if (present[SecPerRead] && present[SecPerWrite]) {
            c.awaitMs = c.iops > 0 ? 1000.0 * (c.readsPerS * v[SecPerRead] + c.writesPerS * v[SecPerWrite]) / c.iops : 0;
        } else {
            c.awaitKnown = false;
        }
        c.queueSize = v[QueueLength];
        // PDH's % Idle Time is measured apart from the busy time and can pass 100 by a little.
        c.utilPercent = present[IdlePercent] ? std::clamp(100.0 - v[IdlePercent], 0.0, 100.0) : 0.0;
        return true;
    }

    void notes(int unknown, double median, int moved, int blankRows, int partial, int messages)
    {
        m_out.notes << (m_zone.isEmpty() ? QStringLiteral("times are the host's clock: typeperf states no time zone")
                                         : QStringLiteral("times are the host's clock, %1").arg(m_zone));
        if (unknown)
            m_out.notes << (median > 0
                    ? QStringLiteral("%1 without the time of the sample before (the file's first, or after a clock set back): "
                                     "the median step between samples, %2 s, taken as its interval").arg(count(unknown, "sample")).arg(median)
                    : QStringLiteral("one sample: its interval cannot be told from the file, typeperf's default of 1 s assumed"));
        if (moved)
            m_out.notes << QStringLiteral("%1 intervals began before the previous one ended (by their timestamps): "
                                          "each moved to start at that end, its length and rates kept").arg(moved);
        if (blankRows)
            m_out.notes << QStringLiteral("%1 with no values left out (PDH states no rate for a log's first sample)").arg(count(blankRows, "sample"));
        if (partial)
            m_out.notes << QStringLiteral("%1 with a rate or size blank left out").arg(count(partial, "device sample"));
        if (messages)
            m_out.notes << QStringLiteral("%1 of typeperf's own messages left out").arg(count(messages, "line"));
    }

    const QString& m_name;
    CounterFile& m_out;
    TraceError& m_error;
    std::vector<Instance> m_instances;
    std::size_t m_columns = 0;
    QStringList m_header; ///< the columns as named, for errors
    QString m_zone, m_host;
    bool m_noIdle = false, m_noAwait = false;
};

} // namespace

bool parseTypeperfCsv(std::string_view data, const QString& name, CounterFile& out, TraceError& error)
{
    Reader r(name, out, error);
    return r.parse(data);
}

} // namespace raidscope::counters
