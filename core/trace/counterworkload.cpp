// SPDX-License-Identifier: GPL-3.0-or-later
// A counter file read as a trace (#56): per interval and device, a synthetic request stream with the
// interval's rates, mean sizes and read share, so the replay and the advisor take it like a trace.
// What the counters cannot say is assumed and stated (counterWorkloadAssumptions()).
#include "readers_p.h"

#include <cerrno>
#include <cmath>
#include <cstring>

namespace raidscope::trace {

bool readCounterSource(ByteSource& source, const QString& name, CounterFile& out, TraceError& error)
{
    std::string data;
    for (;;) {
        // One byte past the bound tells a file too large (or endless: a pipe that never closes)
        // from one that fits, without reading more.
        const std::size_t at = data.size();
        data.resize(std::min<std::size_t>(at + (1 << 20), kMaxCounterFileBytes + 1));
        const long long got = source.read(data.data() + at, data.size() - at);
        if (got < 0) {
            error = TraceError {};
            error.file = name;
            error.key = QStringLiteral("(file)");
            error.message = source.errorText().empty() ? QString::fromLocal8Bit(std::strerror(errno)) : QString::fromStdString(source.errorText());
            error.fatal = true;
            return false;
        }
        data.resize(at + std::size_t(got));
        if (got == 0)
            break;
        if (data.size() > kMaxCounterFileBytes) {
            error = TraceError {};
            error.file = name;
            error.key = QStringLiteral("(file)");
            error.message = QStringLiteral("more than %1 MiB of counters: split the file (sadf -s/-e, relog -b/-e)").arg(kMaxCounterFileBytes >> 20);
            error.fatal = true;
            return false;
        }
    }
    return parseCounterFile(data, name, out, error);
}

namespace {

// splitmix64: the same stream from the same seed on every platform (std's distributions are not).
class Random
{
public:
    explicit Random(std::uint64_t seed)
        : m_state(seed)
    {
    }
    std::uint64_t next()
    {
        std::uint64_t z = (m_state += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    /// Uniform in (0, 1].
    double unit() { return double((next() >> 11) + 1) * 0x1.0p-53; }

private:
    std::uint64_t m_state;
};

constexpr std::uint64_t kAlignBytes = 4096;
constexpr std::uint64_t kSectorBytes = 512;

class CounterWorkloadReader final : public TraceReader
{
public:
    CounterWorkloadReader(std::unique_ptr<ByteSource> source, const QString& name, CounterFormat format,
                          const TraceReaderOptions& options)
        : m_random(options.counterSeed)
        , m_regionBytes(options.counterRegionBytes ? options.counterRegionBytes : kDefaultCounterRegionBytes)
    {
        m_info.format = traceFormatOf(format);
        m_info.name = format == CounterFormat::SadfJson ? QStringLiteral("sadf -j counters (synthetic requests)")
            : format == CounterFormat::IostatJson       ? QStringLiteral("iostat JSON counters (synthetic requests)")
                                                        : QStringLiteral("typeperf counters (synthetic requests)");
        m_info.timeOrigin = QStringLiteral("trace start");
        m_ok = readCounterSource(*source, name, m_file, m_error);
        if (m_ok && m_file.requests() > kMaxCounterSyntheticRequests) {
            m_ok = false;
            m_error = TraceError {};
            m_error.file = name;
            m_error.key = m_file.format == CounterFormat::TypeperfCsv ? QStringLiteral("(file)") : QStringLiteral("sysstat.hosts[0].statistics");
            m_error.message = QStringLiteral("the counters describe %1 requests, more than the %2 a counter file may be replayed as: "
                                             "split the file (sadf -s/-e, relog -b/-e)")
                                  .arg(m_file.requests(), 0, 'g', 4)
                                  .arg(kMaxCounterSyntheticRequests, 0, 'g', 4);
            m_error.fatal = true;
        }
        m_info.detail = m_ok ? m_file.detail + QStringLiteral("; synthetic requests") : m_info.name;
        if (!m_ok)
            return;
        for (const std::string& d : m_file.devices)
            deviceIndex(d);
        m_expected.assign(m_file.devices.size(), { 0.0, 0.0 });
        m_emitted.assign(m_file.devices.size(), { 0, 0 });
        m_info.notes << counterWorkloadAssumptions(m_file, m_regionBytes, options.counterSeed) << m_file.notes;
        m_info.setMissing(TraceField::ResponseTimes,
            QStringLiteral("interval counters have a mean await per interval, no response time per request"));
        m_info.setMissing(TraceField::Offsets,
            QStringLiteral("interval counters have no offsets: skew over the address space and sequential runs are not known"));
    }

    Status next(TraceRecord& record) override
    {
        if (!m_ok) {
            if (m_errorTold)
                return Status::End;
            m_errorTold = true;
            return Status::Error;
        }
        for (;;) {
            Stream* best = nullptr;
            for (Stream& s : m_group)
                if (s.left > 0 && (!best || s.nextU < best->nextU))
                    best = &s;
            if (!best) {
                if (!loadGroup())
                    return Status::End;
                continue;
            }
            produce(*best, record);
            return Status::Record;
        }
    }
    std::uint64_t bytesConsumed() const override { return m_at; }
    std::uint64_t bytesTotal() const override { return m_file.intervals.size(); }

private:
    struct Stream
    {
        std::uint32_t device = 0;
        std::int64_t startNs = 0;
        double lengthNs = 0;
        std::uint64_t left = 0, readsLeft = 0;
        std::uint64_t readBytes = 0, writeBytes = 0;
        double u = 0, nextU = 0;
    };

    // The next n arrival of a Poisson process given its count: the smallest of `left` uniforms on
    // (u, 1), drawn one at a time without holding them (order statistics).
    void advance(Stream& s)
    {
        s.nextU = s.u + (1 - s.u) * (1 - std::pow(m_random.unit(), 1.0 / double(s.left)));
    }

    static std::uint64_t meanSize(double bytesPerS, double perS)
    {
        const double mean = perS > 0 ? bytesPerS / perS : 0;
        return std::max(kSectorBytes, std::uint64_t(std::llround(mean / double(kSectorBytes))) * kSectorBytes);
    }

    // The devices of the next sample (consecutive intervals of one start); false at the end.
    bool loadGroup()
    {
        m_group.clear();
        if (m_at >= m_file.intervals.size())
            return false;
        const std::int64_t start = m_file.intervals[m_at].startNs;
        for (; m_at < m_file.intervals.size() && m_file.intervals[m_at].startNs == start; ++m_at) {
            const CounterInterval& c = m_file.intervals[m_at];
            // Counts carried from interval to interval: rounding each on its own would lose or add
            // up to half a request per interval, and the totals would drift from the counters'.
            auto& [expR, expW] = m_expected[c.device];
            auto& [doneR, doneW] = m_emitted[c.device];
            expR += c.readsPerS * c.intervalS;
            expW += c.writesPerS * c.intervalS;
            const auto reads = std::uint64_t(std::max<long long>(0, std::llround(expR) - (long long)doneR));
            const auto writes = std::uint64_t(std::max<long long>(0, std::llround(expW) - (long long)doneW));
            doneR += reads;
            doneW += writes;
            Stream s;
            s.device = c.device;
            s.startNs = c.startNs;
            s.lengthNs = c.intervalS * 1e9;
            s.left = reads + writes;
            s.readsLeft = reads;
            s.readBytes = meanSize(c.readBytesPerS, c.readsPerS);
            s.writeBytes = meanSize(c.writeBytesPerS, c.writesPerS);
            if (s.left > 0) {
                advance(s);
                m_group.push_back(s);
            }
        }
        return true;
    }

    void produce(Stream& s, TraceRecord& record)
    {
        record = TraceRecord {};
        record.timeNs = s.startNs + std::int64_t(s.nextU * s.lengthNs);
        record.device = s.device;
        // Which of the interval's requests are reads: drawn without replacement, so the interval has
        // exactly its count of reads.
        record.write = double(m_random.next() >> 11) * 0x1.0p-53 * double(s.left) >= double(s.readsLeft);
        if (!record.write)
            --s.readsLeft;
        record.sizeBytes = record.write ? s.writeBytes : s.readBytes;
        const std::uint64_t places = record.sizeBytes < m_regionBytes ? (m_regionBytes - record.sizeBytes) / kAlignBytes + 1 : 1;
        record.offsetBytes = std::min(places - 1, std::uint64_t(double(m_random.next() >> 11) * 0x1.0p-53 * double(places))) * kAlignBytes;
        s.u = s.nextU;
        if (--s.left > 0)
            advance(s);
    }

    CounterFile m_file;
    Random m_random;
    std::uint64_t m_regionBytes;
    bool m_ok = false;
    bool m_errorTold = false;
    std::size_t m_at = 0;
    std::vector<Stream> m_group;
    std::vector<std::pair<double, double>> m_expected;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> m_emitted;
};

} // namespace

std::unique_ptr<TraceReader> makeCounterReader(std::unique_ptr<ByteSource> s, const QString& name, CounterFormat format,
                                               const TraceReaderOptions& options)
{
    return std::make_unique<CounterWorkloadReader>(std::move(s), name, format, options);
}

} // namespace raidscope::trace
