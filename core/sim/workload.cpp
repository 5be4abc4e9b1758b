// SPDX-License-Identifier: GPL-3.0-or-later
#include "workload.h"

#include "numberrange.h"
#include "spc1workload.h"
#include "textline.h"
#include "units.h"

#include <QLocale>

#include <QRegularExpression>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <limits>

namespace raidscope {
namespace {

// KEY=VALUE as a finite number in [lo, hi]; `key` may already name the part ("hot=120:10: the space
// part"), then the message reads "... '120' must be ...".
bool parseFraction(const QString& key, const QString& value, double lo, double hi, double& out, QString* error)
{
    QString range;
    const auto v = parseNumberInRange(value, lo, hi, &range);
    if (!v) {
        if (error)
            *error = (key.contains(u' ') ? QStringLiteral("%1 '%2'") : QStringLiteral("%1=%2")).arg(key, value)
                + QStringLiteral(" must be a number ") + range;
        return false;
    }
    out = *v;
    return true;
}

// A duration as the shortest exact text in the largest unit that divides it: 60s, 1500ms, 250us.
QString formatDurationNs(std::int64_t ns)
{
    if (ns % 1'000'000'000 == 0)
        return QString::number(ns / 1'000'000'000) + QStringLiteral("s");
    if (ns % 1'000'000 == 0)
        return QString::number(ns / 1'000'000) + QStringLiteral("ms");
    if (ns % 1'000 == 0)
        return QString::number(ns / 1'000) + QStringLiteral("us");
    return QString::number(ns) + QStringLiteral("ns");
}

// spc1's whole-run figures, from the streams' table (spc1workload.cpp): the fraction of reads and the
// size mix over all requests, so that a reader of WorkloadSpec (JSON's readFraction, meanSizeBytes)
// sees the workload's own.
void setSpc1Mix(WorkloadSpec& spec)
{
    double reads = 0, sequential = 0;
    for (const Spc1Stream& s : spc1Streams()) {
        reads += s.intensityPermille * s.readPercent / 100.0 / 1000.0;
        if (s.pattern == Spc1Pattern::Sequential)
            sequential += s.intensityPermille / 1000.0;
    }
    spec.readFraction = reads;
    spec.sizes.clear();
    for (const Spc1Size& size : spc1SizeMix()) {
        const double weight = sequential * size.weight / 25.0 + (size.blocks == 1 ? 1 - sequential : 0);
        spec.sizes.push_back({ std::uint64_t(size.blocks) * kSpc1BlockBytes, weight, -1 });
    }
}

} // namespace

bool parseSizeMix(const QString& value, std::vector<WorkloadSpec::SizeWeight>& out, QString* error)
{
    out.clear();
    double total = 0;
    for (const QString& part : value.split(u',')) {
        const QStringList sw = part.split(u':');
        QString why;
        const auto bytes = parseBytes(sw[0], &why);
        if (!bytes || *bytes == 0) {
            if (error)
                *error = QStringLiteral("size: ") + (bytes ? QStringLiteral("a request size must be above 0") : why);
            return false;
        }
        if (sw.size() > 2) {
            if (error)
                *error = QStringLiteral("size: '%1' is not SIZE[:WEIGHT]").arg(part);
            return false;
        }
        double weight = 1;
        if (sw.size() == 2 && !parseFraction(QStringLiteral("size weight"), sw[1], 0, 1e12, weight, error))
            return false;
        out.push_back({ *bytes, weight, weight }); // a size alone weighs 1, as written
        total += weight;
    }
    if (total <= 0) {
        if (error)
            *error = QStringLiteral("size: the weights add up to zero");
        return false;
    }
    for (auto& s : out)
        s.weight /= total;
    return true;
}

double WorkloadSpec::meanSizeBytes() const
{
    double mean = 0;
    for (const SizeWeight& s : sizes)
        mean += double(s.bytes) * s.weight;
    return mean;
}

std::optional<WorkloadSpec> parseWorkloadSpec(const QString& text, QString* error)
{
    static const QRegularExpression space(QStringLiteral("\\s+"));
    const QStringList tokens = text.trimmed().split(space, Qt::SkipEmptyParts);
    auto fail = [&](const QString& message) {
        if (error)
            *error = message;
        return std::nullopt;
    };
    if (tokens.isEmpty())
        return fail(QStringLiteral("empty workload spec (expected e.g. 'random read=0.5 size=32KiB outstanding=16')"));
    for (const QString& token : tokens)
        if (token.size() > kMaxSpecWordChars)
            return fail(QStringLiteral("'%1' is longer than the %2 characters a word of a workload spec may have")
                            .arg(excerpt(token))
                            .arg(kMaxSpecWordChars));
    WorkloadSpec spec;
    const QString pattern = tokens.front().toLower();
    if (pattern == u"random")
        spec.pattern = WorkloadSpec::Random;
    else if (pattern == u"sequential")
        spec.pattern = WorkloadSpec::Sequential;
    else if (pattern == u"spc1")
        spec.pattern = WorkloadSpec::Spc1;
    else
        return fail(QStringLiteral("unknown workload pattern '%1' (known: random, sequential, spc1)").arg(excerpt(tokens.front())));
    const bool spc1 = spec.pattern == WorkloadSpec::Spc1;
    static const QStringList spc1Keys { QStringLiteral("bsu"), QStringLiteral("duration"), QStringLiteral("count"),
        QStringLiteral("seed") };

    QStringList seen;
    for (qsizetype i = 1; i < tokens.size(); ++i) {
        const qsizetype eq = tokens[i].indexOf(u'=');
        if (eq <= 0 || eq == tokens[i].size() - 1)
            return fail(QStringLiteral("'%1' is not key=value").arg(tokens[i]));
        const QString key = tokens[i].left(eq).toLower();
        const QString value = tokens[i].mid(eq + 1);
        if (seen.contains(key))
            return fail(QStringLiteral("key '%1' is given twice").arg(key));
        seen << key;
        if (spc1 && !spc1Keys.contains(key)) {
            static const QStringList others { QStringLiteral("read"), QStringLiteral("size"), QStringLiteral("outstanding"),
                QStringLiteral("rate"), QStringLiteral("runcount"), QStringLiteral("region"), QStringLiteral("hot"),
                QStringLiteral("align") };
            return fail(others.contains(key)
                    ? QStringLiteral("%1= does not apply to spc1: its streams fix reads, sizes, addresses and the rate "
                                     "(keys: bsu, duration, count, seed)").arg(key)
                    : QStringLiteral("unknown workload key '%1' (spc1 knows: bsu, duration, count, seed)").arg(excerpt(key)));
        }
        if (!spc1 && (key == u"bsu" || key == u"duration"))
            return fail(QStringLiteral("%1= applies to spc1 only (e.g. 'spc1 bsu=20 duration=60s')").arg(key));
        if (key == u"bsu") {
            QString range;
            const auto bsu = parseIntegerInRange<int>(value, 1, kMaxSpc1Bsu, &range);
            if (!bsu)
                return fail(QStringLiteral("bsu=%1 must be a whole number %2 (business scaling units of 50 "
                                           "I/O per second)").arg(value, range));
            spec.bsu = *bsu;
        } else if (key == u"duration") {
            QString why;
            // parseDurationNs reads 'nan' as a number; refused here, with 'inf', as no time at all.
            const bool finite = !value.contains(QStringLiteral("nan"), Qt::CaseInsensitive)
                && !value.contains(QStringLiteral("inf"), Qt::CaseInsensitive);
            const auto ns = finite ? parseDurationNs(value, &why) : std::nullopt;
            if (!ns || *ns <= 0)
                return fail(QStringLiteral("duration=%1 must be a time above 0 with a unit, e.g. duration=60s%2")
                                .arg(value, why.isEmpty() ? QString() : QStringLiteral(" (") + why + u')'));
            spec.durationNs = *ns;
        } else if (key == u"read") {
            if (!parseFraction(key, value, 0, 1, spec.readFraction, error))
                return std::nullopt;
        } else if (key == u"size") {
            if (!parseSizeMix(value, spec.sizes, error))
                return std::nullopt;
        } else if (key == u"outstanding") {
            QString range;
            const auto n = parseIntegerInRange(value, 1, kMaxOutstanding, &range);
            if (!n)
                return fail(QStringLiteral("outstanding=%1 must be a whole number %2").arg(value, range));
            spec.outstanding = *n;
        } else if (key == u"rate") {
            if (!parseFraction(key, value, kMinWorkloadRate, kMaxWorkloadRate, spec.ratePerSec, error))
                return std::nullopt;
        } else if (key == u"count") {
            QString range;
            const auto n = parseIntegerInRange<std::uint64_t>(value, 1, kMaxWorkloadCount, &range);
            if (!n)
                return fail(QStringLiteral("count=%1 must be a whole number %2 (a few minutes of simulation)")
                                .arg(value, range));
            spec.count = *n;
        } else if (key == u"runcount") {
            if (!parseFraction(key, value, 1, 1e15, spec.runCount, error))
                return std::nullopt;
        } else if (key == u"region") {
            QString why;
            const auto bytes = parseBytes(value, &why);
            if (!bytes || *bytes == 0)
                return fail(QStringLiteral("region: ") + (bytes ? QStringLiteral("must be above 0") : why));
            spec.regionBytes = *bytes;
        } else if (key == u"align") {
            QString why;
            const auto bytes = parseBytes(value, &why);
            if (!bytes || *bytes == 0)
                return fail(QStringLiteral("align: ") + (bytes ? QStringLiteral("must be above 0") : why));
            spec.alignBytes = *bytes;
        } else if (key == u"hot") {
            const QStringList parts = value.split(u':');
            if (parts.size() != 2)
                return fail(QStringLiteral("hot=%1 must be SPACE%:IO%, e.g. hot=20:80 (80% of I/O on 20% of the region)").arg(value));
            // Each part's own range error, naming the part: hot=120:10 is a range error, not a format one.
            double space = 0, io = 0;
            if (!parseFraction(QStringLiteral("hot=%1: the space part").arg(value), parts[0], 0, 100, space, error)
                || !parseFraction(QStringLiteral("hot=%1: the I/O part").arg(value), parts[1], 0, 100, io, error))
                return std::nullopt;
            if (space <= 0 || space >= 100)
                return fail(QStringLiteral("hot=%1: the hot part of the region must be between 0 and 100 %").arg(value));
            spec.hotSpaceFraction = space / 100;
            spec.hotIoFraction = io / 100;
        } else if (key == u"seed") {
            QString range;
            const auto n = parseIntegerInRange<std::uint64_t>(value, 0, std::numeric_limits<std::uint64_t>::max(), &range);
            if (!n)
                return fail(QStringLiteral("seed=%1 must be a whole number %2").arg(value, range));
            spec.seed = *n;
        } else {
            return fail(QStringLiteral("unknown workload key '%1' (known: read, size, outstanding, rate, count, "
                                       "runcount, region, hot, align, seed)").arg(excerpt(key)));
        }
    }
    if (spc1) {
        // Open loop at 50 I/O per second per BSU (Poisson: SPC-1's streams are); the run lasts
        // duration= (count = rate x duration) or count= requests, not both.
        if (spec.bsu == 0)
            return fail(QStringLiteral("spc1 needs bsu=N (business scaling units of 50 I/O per second), e.g. 'spc1 bsu=20'"));
        if (seen.contains(QStringLiteral("duration")) && seen.contains(QStringLiteral("count")))
            return fail(QStringLiteral("give either duration= or count= for spc1, not both"));
        spec.ratePerSec = double(kSpc1IopsPerBsu) * spec.bsu;
        if (!seen.contains(QStringLiteral("count"))) {
            if (spec.durationNs == 0)
                spec.durationNs = kDefaultSpc1DurationNs;
            const double exact = spec.ratePerSec * double(spec.durationNs) / 1e9;
            const double count = std::round(exact);
            if (count < 1 || count > double(kMaxWorkloadCount))
                return fail(QStringLiteral("duration=%1 at bsu=%2 (%3 I/O per second) is %4 requests; a run takes 1 to %5")
                                .arg(formatDurationNs(spec.durationNs))
                                .arg(spec.bsu)
                                .arg(spec.ratePerSec)
                                .arg(exact, 0, 'g', 12)
                                .arg(kMaxWorkloadCount));
            spec.count = std::uint64_t(count);
        }
        setSpc1Mix(spec);
    }
    if (seen.contains(QStringLiteral("rate")) && seen.contains(QStringLiteral("outstanding")))
        return fail(QStringLiteral("give either outstanding= (closed loop) or rate= (open loop), not both"));
    if (spec.openLoop() && double(spec.count) / spec.ratePerSec > kMaxOpenLoopSeconds)
        return fail(QStringLiteral("rate=%1 count=%2: the run would last %3 s of simulated time on average, more than %4 s "
                                   "(fewer requests or a higher rate)")
                        .arg(spec.ratePerSec)
                        .arg(spec.count)
                        .arg(double(spec.count) / spec.ratePerSec, 0, 'g', 3)
                        .arg(kMaxOpenLoopSeconds, 0, 'g', 3));
    return spec;
}

bool checkWorkloadFits(const WorkloadSpec& spec, std::uint64_t arrayBytes, QString* error)
{
    auto fail = [&](const QString& message) {
        if (error)
            *error = message;
        return false;
    };
    if (spec.pattern == WorkloadSpec::Spc1) {
        // The hot spots (5 % of ASU-1 and ASU-2) must hold the random walk's smallest subtree, 64 leaves
        // of 32 KiB (spc1workload.h); spc1.c would stretch the ASUs and fold the addresses back.
        const std::uint64_t least = Spc1Layout::minArrayBytes(kSpc1BlockBytes);
        if (arrayBytes < least)
            return fail(QStringLiteral("spc1 needs an array of at least %1 (ASU-1 and ASU-2, 45 % each, of %2 or more), "
                                       "this one has %3")
                            .arg(formatBytesHuman(least), formatBytes(kSpc1MinAsuBytes), formatBytesHuman(arrayBytes)));
        return true;
    }
    if (spec.regionBytes > arrayBytes)
        return fail(QStringLiteral("region=%1 is larger than the array (%2 = %3 bytes); give region=%4 at most")
                        .arg(formatBytes(spec.regionBytes), formatBytesHuman(arrayBytes))
                        .arg(arrayBytes)
                        .arg(formatBytes(arrayBytes)));
    const std::uint64_t room = spec.regionBytes ? spec.regionBytes : arrayBytes;
    for (const WorkloadSpec::SizeWeight& s : spec.sizes)
        if (s.bytes > room)
            return fail(QStringLiteral("size=%1 is larger than the %2 it addresses (%3)")
                            .arg(formatBytes(s.bytes),
                                spec.regionBytes ? QStringLiteral("region") : QStringLiteral("array"),
                                formatBytes(room)));
    return true;
}

bool checkWorkloadAlign(const WorkloadSpec& spec, std::uint64_t blockBytes, QString* error)
{
    if (spec.pattern == WorkloadSpec::Spc1) {
        if (blockBytes > 0 && kSpc1BlockBytes % blockBytes == 0)
            return true;
        if (error)
            *error = QStringLiteral("spc1 addresses 4 KiB blocks, which the array's block=%1 does not divide into "
                                    "(give block=4KiB or less)").arg(formatBytes(blockBytes));
        return false;
    }
    if (spec.alignBytes == 0 || (blockBytes > 0 && spec.alignBytes % blockBytes == 0))
        return true;
    if (error)
        *error = QStringLiteral("align=%1 is not a multiple of the array's block (block=%2): requests start on "
                                "block boundaries")
                     .arg(formatBytes(spec.alignBytes), formatBytes(blockBytes));
    return false;
}

QString WorkloadSpec::toText() const
{
    if (pattern == Spc1)
        return QStringLiteral("spc1 bsu=%1 ").arg(bsu)
            + (durationNs > 0 ? QStringLiteral("duration=") + formatDurationNs(durationNs) : QStringLiteral("count=%1").arg(count))
            + QStringLiteral(" seed=%1").arg(seed);
    QStringList parts { pattern == Random ? QStringLiteral("random") : QStringLiteral("sequential") };
    // Numbers as the shortest text that reads back to the same double: the echo is the spec used,
    // not a rounding of it (0.7 stays 0.7; 1/3 is not shown as 0.333333). Weights as written.
    // Percentages kept as fractions (hot=, weights not written) to 12 digits: 7 / 100 * 100 is
    // 7.000000000000001, shown as 7.
    const auto exact = [](double v) -> QString { return QString::number(v, 'g', QLocale::FloatingPointShortest); };
    const auto percent = [](double fraction) -> QString { return QString::number(fraction * 100, 'g', 12); };
    parts << QStringLiteral("read=") + exact(readFraction);
    bool given = true;
    for (const SizeWeight& s : sizes)
        given = given && s.given >= 0;
    QStringList sizeParts;
    for (const SizeWeight& s : sizes)
        sizeParts << (sizes.size() == 1 ? formatBytes(s.bytes) : formatBytes(s.bytes) + u':' + (given ? exact(s.given) : percent(s.weight)));
    parts << QStringLiteral("size=") + sizeParts.join(u',');
    parts << (openLoop() ? QStringLiteral("rate=") + exact(ratePerSec) : QStringLiteral("outstanding=%1").arg(outstanding));
    parts << QStringLiteral("count=%1").arg(count);
    if (runCount != 1)
        parts << QStringLiteral("runcount=") + exact(runCount);
    if (regionBytes)
        parts << QStringLiteral("region=") + formatBytes(regionBytes);
    if (hotSpaceFraction > 0)
        parts << QStringLiteral("hot=%1:%2").arg(percent(hotSpaceFraction), percent(hotIoFraction));
    if (alignBytes)
        parts << QStringLiteral("align=") + formatBytes(alignBytes);
    parts << QStringLiteral("seed=%1").arg(seed);
    return parts.join(u' ');
}

QJsonObject WorkloadSpec::toJson() const
{
    QJsonObject json { { QStringLiteral("spec"), toText() }, { QStringLiteral("readFraction"), readFraction },
        { QStringLiteral("meanSizeBytes"), meanSizeBytes() }, { QStringLiteral("outstanding"), outstanding },
        { QStringLiteral("ratePerSec"), ratePerSec }, { QStringLiteral("count"), qint64(count) } };
    if (alignBytes) // only when given, so every other workload's JSON stays as it was
        json.insert(QStringLiteral("alignBytes"), qint64(alignBytes));
    if (pattern == Spc1) { // readFraction and meanSizeBytes: the streams' mix (setSpc1Mix())
        json.insert(QStringLiteral("bsu"), bsu);
        if (durationNs > 0)
            json.insert(QStringLiteral("durationNs"), qint64(durationNs));
    }
    return json;
}

WorkloadGenerator::WorkloadGenerator(const WorkloadSpec& spec, std::uint64_t arrayBytes, std::uint64_t alignBytes)
    : m_spec(spec)
    , m_rng(spec.seed)
    , m_regionBytes(spec.regionBytes ? std::min(spec.regionBytes, arrayBytes) : arrayBytes)
    , m_alignBytes(std::max<std::uint64_t>(alignBytes, 1))
    , m_meanGapNs(spec.openLoop() ? 1e9 / spec.ratePerSec : 0)
{
    double c = 0;
    for (const auto& s : m_spec.sizes)
        m_cumulativeWeights.push_back(c += s.weight);
    if (spec.pattern == WorkloadSpec::Spc1)
        m_spc1 = std::make_unique<Spc1Generator>(spec.bsu, spec.seed, arrayBytes, alignBytes);
}

WorkloadGenerator::~WorkloadGenerator() = default;
WorkloadGenerator::WorkloadGenerator(WorkloadGenerator&&) noexcept = default;
WorkloadGenerator& WorkloadGenerator::operator=(WorkloadGenerator&&) noexcept = default;

std::uint64_t WorkloadGenerator::drawSize()
{
    if (m_spec.sizes.size() == 1)
        return m_spec.sizes.front().bytes;
    const double u = m_rng.uniform();
    for (std::size_t i = 0; i < m_cumulativeWeights.size(); ++i)
        if (u < m_cumulativeWeights[i])
            return m_spec.sizes[i].bytes;
    return m_spec.sizes.back().bytes;
}

std::uint64_t WorkloadGenerator::drawOffset(std::uint64_t sizeBytes)
{
    // Slots of alignBytes where a request of this size fits inside the region.
    const std::uint64_t room = m_regionBytes > sizeBytes ? m_regionBytes - sizeBytes : 0;
    const std::uint64_t positions = room / m_alignBytes + 1;
    if (m_spec.hotSpaceFraction <= 0)
        return m_rng.below(positions) * m_alignBytes;
    // Skew (hot=S:I): a fraction I of the requests fall in the first S of the region, the rest after it.
    const std::uint64_t hotPositions = std::clamp<std::uint64_t>(std::uint64_t(double(positions) * m_spec.hotSpaceFraction), 1, positions);
    if (m_rng.uniform() < m_spec.hotIoFraction || hotPositions == positions)
        return m_rng.below(hotPositions) * m_alignBytes;
    return (hotPositions + m_rng.below(positions - hotPositions)) * m_alignBytes;
}

IoRequest WorkloadGenerator::next()
{
    if (m_spc1) {
        const Spc1Request r = m_spc1->next();
        m_lastStream = r.stream;
        return r.io;
    }
    IoRequest r;
    r.sizeBytes = std::min(drawSize(), m_regionBytes);
    r.write = m_rng.uniform() >= m_spec.readFraction;
    // A run continues with probability 1 - 1/runcount, so run lengths are geometric with mean runcount.
    const bool continueRun = m_spec.pattern == WorkloadSpec::Sequential
        || (m_spec.runCount > 1 && m_rng.uniform() >= 1.0 / m_spec.runCount);
    if (continueRun && m_nextSequential + r.sizeBytes <= m_regionBytes)
        r.offsetBytes = m_nextSequential;
    else
        r.offsetBytes = m_spec.pattern == WorkloadSpec::Sequential ? 0 : drawOffset(r.sizeBytes);
    m_nextSequential = r.offsetBytes + r.sizeBytes;
    return r;
}

} // namespace raidscope
