// SPDX-License-Identifier: GPL-3.0-or-later
#include "simconfig.h"

#include "disk/diskpreset.h"
#include "layout/arrayspec.h"
#include "layout/layout.h"
#include "layout/survival.h"
#include "numberrange.h"
#include "units.h"

#include <QStringList>

#include <algorithm>
#include <cmath>
#include <utility>

namespace raidscope {
namespace {

// "3" or "1,4" -> member indices, each checked against the array.
bool parseMembers(const QString& key, const QString& value, int disks, std::vector<int>& out, QString* error)
{
    for (const QString& part : value.split(u',', Qt::SkipEmptyParts)) {
        const auto d = parseIntegerInRange(part, 0, disks - 1, nullptr);
        if (!d) {
            if (error)
                *error = QStringLiteral("%1=%2: '%3' is not a member disk (0 to %4)").arg(key, value, part).arg(disks - 1);
            return false;
        }
        // failed=1,1 is a slip, not one failure (#52); shared= says "two different members" itself.
        if (key != u"shared" && std::find(out.begin(), out.end(), *d) != out.end()) {
            if (error)
                *error = QStringLiteral("%1=%2: member %3 is given twice").arg(key, value).arg(*d);
            return false;
        }
        out.push_back(*d);
    }
    return true;
}

// "I:VALUE[,I:VALUE...]" -> pairs.
bool parseIndexed(const QString& key, const QString& value, int disks, std::vector<std::pair<int, QString>>& out,
                  QString* error)
{
    for (const QString& part : value.split(u',', Qt::SkipEmptyParts)) {
        const QStringList iv = part.split(u':');
        const auto d = iv.size() == 2 ? parseIntegerInRange(iv[0], 0, disks - 1, nullptr) : std::nullopt;
        if (!d) {
            if (error)
                *error = QStringLiteral("%1=%2: expected DISK:VALUE with DISK from 0 to %3").arg(key, value).arg(disks - 1);
            return false;
        }
        // speed=1:0.5,1:2 gave member 1 the last factor in silence (#52).
        if (std::any_of(out.begin(), out.end(), [&](const auto& p) { return p.first == *d; })) {
            if (error)
                *error = QStringLiteral("%1=%2: member %3 is given twice").arg(key, value).arg(*d);
            return false;
        }
        out.emplace_back(*d, iv[1]);
    }
    return true;
}

// A rate in requests per second (the key names the unit): from one request in 1000 s (the interval
// 10^12 ns, where 1e-12 would overflow simulated time) to 10^9 a second.
constexpr double kMinRate = 1e-3, kMaxRate = 1e9;
// speed=I:F: a member from 20 times slower to 20 times faster than its preset.
constexpr double kMinSpeed = 0.05, kMaxSpeed = 20;

std::optional<double> parseRate(const QString& key, const QString& text, QString* error)
{
    const auto rate = parseNumberInRange(text, kMinRate, kMaxRate, nullptr);
    if (!rate && error)
        *error = QStringLiteral("%1: expected a positive rate (requests per second) %2, got %3")
                     .arg(key, rangeText(kMinRate, kMaxRate), text);
    return rate;
}

// A time in the array spec (a controller's overhead, a gap, when a member fails, a rebuild's delay):
// at most 10^6 s (11.6 days), so that simulated time, summed in int64 nanoseconds, cannot overflow.
constexpr std::int64_t kMaxSpecDurationNs = 1'000'000'000'000'000;

std::optional<std::int64_t> parseNonNegativeDuration(const QString& key, const QString& text, QString* error)
{
    QString why;
    const auto ns = parseDurationNs(text, &why);
    const bool outOfRange = !ns && why.endsWith(QStringLiteral("is out of range"));
    if (!ns || *ns < 0 || *ns > kMaxSpecDurationNs) {
        if (error && (ns || outOfRange))
            *error = QStringLiteral("%1: expected a duration from 0 to 1000000s, got %2").arg(key, text);
        else if (error)
            *error = key + QStringLiteral(": ") + why;
        return std::nullopt;
    }
    return ns;
}

// iops=RATE[,I:RATE...]: RATE for every member, I:RATE for member I (the rig's IOPS and IOPS_DISK).
bool parseIops(const QString& value, int disks, std::vector<double>& iops, QString* error)
{
    std::optional<double> all;
    std::vector<std::pair<int, double>> members;
    for (const QString& part : value.split(u',', Qt::SkipEmptyParts)) {
        const QStringList iv = part.split(u':');
        if (iv.size() == 1) {
            if (all) {
                if (error)
                    *error = QStringLiteral("iops=%1: give one rate for every member at most, then I:RATE per member")
                                 .arg(value);
                return false;
            }
            all = parseRate(QStringLiteral("iops"), part, error);
            if (!all)
                return false;
            continue;
        }
        const auto d = iv.size() == 2 ? parseIntegerInRange(iv[0], 0, disks - 1, nullptr) : std::nullopt;
        if (!d) {
            if (error)
                *error = QStringLiteral("iops=%1: expected RATE or DISK:RATE with DISK from 0 to %2")
                             .arg(value)
                             .arg(disks - 1);
            return false;
        }
        if (std::any_of(members.begin(), members.end(), [&](const auto& m) { return m.first == *d; })) {
            if (error)
                *error = QStringLiteral("iops=%1: member %2 is given twice").arg(value).arg(*d);
            return false;
        }
        const auto rate = parseRate(QStringLiteral("iops"), iv[1], error);
        if (!rate)
            return false;
        members.emplace_back(*d, *rate);
    }
    if (!all && members.empty()) {
        if (error)
            *error = QStringLiteral("iops=%1: expected RATE or DISK:RATE, e.g. iops=300 or iops=300,2:60").arg(value);
        return false;
    }
    iops.assign(std::size_t(disks), all.value_or(0.0));
    for (const auto& [d, rate] : members)
        iops[std::size_t(d)] = rate;
    return true;
}

constexpr double kMaxByteRate = 1e12;

// A data rate with its unit: B/s, KB/s, MB/s, GB/s (decimal, as disk data sheets and mbps()) or
// KiB/s, MiB/s, GiB/s; positive and finite.
std::optional<double> parseByteRate(const QString& key, const QString& text, QString* error)
{
    static const std::pair<const char16_t*, double> units[] = { { u"GiB/s", 1024.0 * 1024 * 1024 },
        { u"MiB/s", 1024.0 * 1024 }, { u"KiB/s", 1024.0 }, { u"GB/s", 1e9 }, { u"MB/s", 1e6 }, { u"KB/s", 1e3 },
        { u"kB/s", 1e3 }, { u"B/s", 1.0 } };
    for (const auto& [unit, factor] : units) {
        const QString u = QString::fromUtf16(unit);
        if (!text.endsWith(u))
            continue;
        // From one byte a second to 10^12 (a terabyte a second), whatever the unit.
        const auto value = parseNumberInRange(text.left(text.size() - u.size()), 1.0 / factor, kMaxByteRate / factor, nullptr);
        if (!value) {
            if (error)
                *error = QStringLiteral("%1: expected a positive rate from 1 B/s to 1 TB/s, got '%2'").arg(key, text);
            return std::nullopt;
        }
        return *value * factor;
    }
    if (error)
        *error = QStringLiteral("%1: rate '%2' has no unit (B/s, KB/s, MB/s, GB/s, KiB/s, MiB/s, GiB/s)").arg(key, text);
    return std::nullopt;
}

// fail=DISK@TIME[,DISK@TIME...], sorted by time.
bool parseFailures(const QString& value, int disks, std::vector<MemberFailure>& out, QString* error)
{
    const QString key = QStringLiteral("fail=") + value;
    for (const QString& part : value.split(u',', Qt::SkipEmptyParts)) {
        const QStringList dt = part.split(u'@');
        const auto member = dt.size() == 2 ? parseIntegerInRange(dt[0], 0, disks - 1, nullptr) : std::nullopt;
        if (!member) {
            if (error)
                *error = QStringLiteral("%1: expected DISK@TIME with DISK from 0 to %2, e.g. fail=3@20s, got '%3'")
                             .arg(key)
                             .arg(disks - 1)
                             .arg(part);
            return false;
        }
        const int d = *member;
        QString why;
        const auto ns = parseDurationNs(dt[1], &why);
        if (!ns || *ns < 0 || *ns > kMaxSpecDurationNs) {
            if (error)
                *error = !ns ? QStringLiteral("%1: %2").arg(key, why)
                    : *ns < 0 ? QStringLiteral("%1: the time '%2' is before the run's start").arg(key, dt[1])
                              : QStringLiteral("%1: the time '%2' is past 1000000s").arg(key, dt[1]);
            return false;
        }
        for (const MemberFailure& f : out)
            if (f.member == d) {
                if (error)
                    *error = QStringLiteral("%1: member %2 fails twice (a member fails once in a run)").arg(key).arg(d);
                return false;
            }
        out.push_back({ d, *ns });
    }
    if (out.empty()) {
        if (error)
            *error = QStringLiteral("%1: expected DISK@TIME, e.g. fail=3@20s").arg(key);
        return false;
    }
    std::stable_sort(out.begin(), out.end(), [](const MemberFailure& a, const MemberFailure& b) { return a.atNs < b.atNs; });
    return true;
}

// rebuild=rate:RATE | share:F | idle:RATE
std::optional<RebuildPolicy> parseRebuild(const QString& value, QString* error)
{
    const qsizetype colon = value.indexOf(u':');
    const QString kind = value.left(colon);
    const QString arg = colon < 0 ? QString() : value.mid(colon + 1);
    RebuildPolicy p;
    p.text = value;
    const QString key = QStringLiteral("rebuild=") + value;
    if (colon > 0 && (kind == u"rate" || kind == u"idle")) {
        const auto rate = parseByteRate(key, arg, error);
        if (!rate)
            return std::nullopt;
        p.kind = kind == u"rate" ? RebuildPolicy::Kind::Rate : RebuildPolicy::Kind::Idle;
        p.bytesPerSec = *rate;
        return p;
    }
    if (colon > 0 && kind == u"share") {
        const auto share = parseNumberInRange(arg, 0, 1, nullptr);
        const double f = share.value_or(0);
        if (f <= 0) {
            if (error)
                *error = QStringLiteral("%1: the share of disk time must be in (0, 1], e.g. share:0.3").arg(key);
            return std::nullopt;
        }
        p.kind = RebuildPolicy::Kind::Share;
        p.share = f;
        return p;
    }
    if (error)
        *error = QStringLiteral("%1 is unknown (known: rate:RATE e.g. rate:50MB/s, share:F e.g. share:0.3, idle:MINRATE "
                                "e.g. idle:5MB/s)")
                     .arg(key);
    return std::nullopt;
}

} // namespace

double SimConfig::throttleIops(int member) const
{
    const auto m = std::size_t(member);
    return m < iops.size() ? iops[m] * speed[m] : 0.0;
}

double SimConfig::throttleBurst(int member) const
{
    // QEMU's throttle_compute_wait(): without iops-total-max the bucket holds avg / 10.
    return burstRequests.value_or(throttleIops(member) / 10);
}

namespace {

// fail=, rebuild= and its keys together: what fails must be survivable and rebuildable, and every
// rebuild key needs something to rebuild.
bool checkFailures(const ArraySpec& spec, const Layout& layout, SimConfig& c, const std::vector<int>& shared,
                   QString* error)
{
    auto fail = [&](const QString& message) {
        if (error)
            *error = message;
        return false;
    };
    const auto given = [&](const char* key) { return spec.extra.value(QString::fromLatin1(key)).toString(); };
    const bool rebuild = c.rebuild.kind != RebuildPolicy::Kind::None;
    if (!rebuild) {
        for (const char* key : { "rebuild.delay", "rebuild.unit" })
            if (spec.extra.contains(QString::fromLatin1(key)))
                return fail(QStringLiteral("%1=%2: needs rebuild=POLICY (rate:RATE, share:F or idle:RATE)")
                                .arg(QString::fromLatin1(key), given(key)));
    }
    if (c.failures.empty() && !rebuild)
        return true;
    if (layout.redundancy() == Redundancy::None)
        return fail(QStringLiteral("%1: %2 has no redundancy, so a failed member loses data and there is nothing to "
                                   "rebuild from")
                        .arg(c.failures.empty() ? QStringLiteral("rebuild=") + given("rebuild")
                                                : QStringLiteral("fail=") + given("fail"),
                            spec.scheme));
    if (rebuild && c.failures.empty() && c.failedCount() == 0)
        return fail(QStringLiteral("rebuild=%1: no member fails (give failed=DISK or fail=DISK@TIME)").arg(given("rebuild")));
    for (const MemberFailure& f : c.failures) {
        if (c.failed[std::size_t(f.member)])
            return fail(QStringLiteral("fail=%1: member %2 is already failed (failed=%3)")
                            .arg(given("fail"))
                            .arg(f.member)
                            .arg(given("failed")));
    }
    std::vector<bool> all = c.failed;
    for (const MemberFailure& f : c.failures)
        all[std::size_t(f.member)] = true;
    for (int m : shared)
        if (all[std::size_t(m)])
            return fail(QStringLiteral("%1: member %2 is a partition of a shared disk (shared=%3); its failure and "
                                       "rebuild are not modelled")
                            .arg(c.failures.empty() ? QStringLiteral("rebuild=") + given("rebuild")
                                                    : QStringLiteral("fail=") + given("fail"))
                            .arg(m)
                            .arg(given("shared")));
    // Every member that fails in the run counts, as if none were rebuilt before the next fails.
    if (const auto lost = firstLostBlock(layout, all)) {
        int n = 0;
        for (bool f : all)
            n += f ? 1 : 0;
        if (layout.redundancy() == Redundancy::Mirror)
            return fail(QStringLiteral("fail=%1: with every member it names failed, logical block %2 has no copy left "
                                       "on a working disk")
                            .arg(given("fail"))
                            .arg(*lost));
        return fail(QStringLiteral("fail=%1: %2 failed members in all (failed= and fail=) exceed what the array "
                                   "survives (%3)")
                        .arg(given("fail"))
                        .arg(n)
                        .arg(layout.faultTolerance()));
    }
    if (c.rebuildUnitBytes == 0)
        c.rebuildUnitBytes = layout.params().chunkBytes;
    return true;
}

} // namespace

int SimConfig::failedCount() const
{
    int n = 0;
    for (bool f : failed)
        n += f ? 1 : 0;
    return n;
}

std::optional<SimConfig> parseSimConfig(const ArraySpec& spec, const Layout& layout, QString* error)
{
    const int disks = layout.params().disks;
    SimConfig c;
    c.failed.assign(std::size_t(disks), false);
    c.speed.assign(std::size_t(disks), 1.0);
    c.preset.assign(std::size_t(disks), spec.diskPreset);
    c.secondPartition.assign(std::size_t(disks), false);
    auto fail = [&](const QString& message) {
        if (error)
            *error = message;
        return std::nullopt;
    };
    QString why;
    std::vector<int> shared;
    for (auto it = spec.extra.begin(); it != spec.extra.end(); ++it) {
        const QString key = it.key();
        const QString value = it.value().toString();
        if (key == u"cache" || key == u"readcache") {
            const auto bytes = parseBytes(value, &why);
            if (!bytes)
                return fail(key + QStringLiteral(": ") + why);
            (key == u"cache" ? c.writeCacheBytes : c.readCacheBytes) = *bytes;
        } else if (key == u"overhead" || key == u"gap") {
            const auto ns = parseNonNegativeDuration(key, value, error);
            if (!ns)
                return std::nullopt;
            (key == u"overhead" ? c.overheadNs : c.batchGapNs) = *ns;
        } else if (key == u"hostoverhead") {
            // hostoverhead=TIME or TIME:JITTER
            const QStringList parts = value.split(u':');
            if (parts.size() > 2)
                return fail(QStringLiteral("hostoverhead=%1: expected TIME or TIME:JITTER, e.g. 50us:20us").arg(value));
            const auto ns = parseNonNegativeDuration(key, parts[0], error);
            if (!ns)
                return std::nullopt;
            const auto jitter
                = parts.size() == 2 ? parseNonNegativeDuration(key, parts[1], error) : std::optional<std::int64_t>(0);
            if (!jitter)
                return std::nullopt;
            if (*jitter > *ns)
                return fail(QStringLiteral("hostoverhead=%1: the jitter may not exceed the time itself").arg(value));
            c.hostOverheadNs = *ns;
            c.hostJitterNs = *jitter;
        } else if (key == u"iops") {
            if (!parseIops(value, disks, c.iops, error))
                return std::nullopt;
        } else if (key == u"burst") {
            const auto burst = parseNumberInRange(value, 0, kMaxRate, nullptr);
            if (!burst)
                return fail(QStringLiteral("burst: expected a number of requests %1, got %2").arg(rangeText(0, kMaxRate), value));
            c.burstRequests = *burst;
        } else if (key == u"ceiling") {
            const auto rate = parseRate(key, value, error);
            if (!rate)
                return std::nullopt;
            c.ceilingIops = *rate;
        } else if (key == u"scheduler") {
            if (value == u"fifo")
                c.scheduler = SimConfig::Scheduler::Fifo;
            else if (value == u"sstf")
                c.scheduler = SimConfig::Scheduler::Sstf;
            else if (value == u"elevator")
                c.scheduler = SimConfig::Scheduler::Elevator;
            else if (value == u"clook")
                c.scheduler = SimConfig::Scheduler::CLook;
            else
                return fail(QStringLiteral("scheduler=%1 is unknown (known: fifo, sstf, elevator, clook)").arg(value));
            c.schedulerGiven = true;
        } else if (key == u"mirrorread") {
            if (value == u"shortest")
                c.mirrorRead = SimConfig::MirrorRead::ShortestQueue;
            else if (value == u"random")
                c.mirrorRead = SimConfig::MirrorRead::Random;
            else if (value == u"primary")
                c.mirrorRead = SimConfig::MirrorRead::Primary;
            else if (value == u"nearest")
                c.mirrorRead = SimConfig::MirrorRead::Nearest;
            else
                return fail(
                    QStringLiteral("mirrorread=%1 is unknown (known: shortest, random, primary, nearest)").arg(value));
        } else if (key == u"paritywrite") {
            if (value == u"auto")
                c.alwaysReconstructWrite = false;
            else if (value == u"md")
                c.alwaysReconstructWrite = true;
            else
                return fail(QStringLiteral("paritywrite=%1 is unknown (known: auto, md)").arg(value));
        } else if (key == u"failed") {
            std::vector<int> members;
            if (!parseMembers(key, value, disks, members, error))
                return std::nullopt;
            for (int d : members)
                c.failed[std::size_t(d)] = true;
        } else if (key == u"fail") {
            if (!parseFailures(value, disks, c.failures, error))
                return std::nullopt;
        } else if (key == u"rebuild") {
            const auto policy = parseRebuild(value, error);
            if (!policy)
                return std::nullopt;
            c.rebuild = *policy;
        } else if (key == u"rebuild.delay") {
            const auto ns = parseNonNegativeDuration(key, value, error);
            if (!ns)
                return std::nullopt;
            c.rebuildDelayNs = *ns;
        } else if (key == u"rebuild.unit") {
            const auto bytes = parseBytes(value, &why);
            if (!bytes)
                return fail(key + QStringLiteral(": ") + why);
            const ArrayParams& p = layout.params();
            const bool fits = *bytes > 0 && *bytes % p.blockBytes == 0
                && (*bytes >= p.chunkBytes ? *bytes % p.chunkBytes == 0 : p.chunkBytes % *bytes == 0);
            if (!fits)
                return fail(QStringLiteral("rebuild.unit=%1: must be whole blocks (%2) that divide the chunk (%3) or "
                                           "whole chunks")
                                .arg(value, formatBytes(p.blockBytes), formatBytes(p.chunkBytes)));
            c.rebuildUnitBytes = *bytes;
        } else if (key == u"speed" || key == u"member") {
            std::vector<std::pair<int, QString>> pairs;
            if (!parseIndexed(key, value, disks, pairs, error))
                return std::nullopt;
            for (const auto& [d, v] : pairs) {
                if (key == u"speed") {
                    const auto f = parseNumberInRange(v, kMinSpeed, kMaxSpeed, &why);
                    if (!f)
                        return fail(QStringLiteral("speed=%1: factor '%2' must be %3").arg(value, v, why));
                    c.speed[std::size_t(d)] = *f;
                } else {
                    if (!findDiskPreset(v))
                        return fail(QStringLiteral("member=%1: unknown disk preset '%2'%3").arg(value, v, unknownPresetNote(v)));
                    c.preset[std::size_t(d)] = v;
                }
            }
        } else if (key == u"shared") {
            if (!parseMembers(key, value.contains(u':') ? QString(value).replace(u':', u',') : value, disks, shared, error))
                return std::nullopt;
            if (shared.size() != 2 || shared[0] == shared[1])
                return fail(QStringLiteral("shared=%1: expected two different members, e.g. shared=1:2").arg(value));
        }
    }
    if (c.burstRequests && c.iops.empty())
        return fail(QStringLiteral("burst=%1: it is the burst of a throttle, so it needs iops=RATE too")
                        .arg(spec.extra.value(QStringLiteral("burst")).toString()));
    if (!checkFailures(spec, layout, c, shared, error))
        return std::nullopt;
    c.lowestAddressReads = c.mirrorRead == SimConfig::MirrorRead::Nearest && spec.scheme == u"raid10"
        && (spec.variant == u"far" || spec.variant == u"offset");
    if (const auto lost = firstLostBlock(layout, c.failed); lost && c.failures.empty()) {
        const QString failedText = spec.extra.value(QStringLiteral("failed")).toString();
        if (layout.redundancy() == Redundancy::Mirror)
            return fail(QStringLiteral("failed=%1: logical block %2 has no copy left on a working disk "
                                       "(a mirrored array survives only while every block keeps one)")
                            .arg(failedText)
                            .arg(*lost));
        return fail(QStringLiteral("failed=%1: %2 failed disks exceed what the array survives (%3)")
                        .arg(failedText)
                        .arg(c.failedCount())
                        .arg(layout.faultTolerance()));
    }
    // Physical disks: one per member, except that the later member of a shared pair is the second
    // partition of the earlier one's disk.
    if (shared.size() == 2 && shared[1] < shared[0])
        std::swap(shared[0], shared[1]);
    c.physical.resize(std::size_t(disks));
    int next = 0;
    for (int d = 0; d < disks; ++d) {
        if (shared.size() == 2 && d == shared[1]) {
            c.physical[std::size_t(d)] = c.physical[std::size_t(shared[0])];
            c.secondPartition[std::size_t(d)] = true;
        } else {
            c.physical[std::size_t(d)] = next++;
        }
    }
    c.physicalDisks = next;
    return c;
}

} // namespace raidscope
