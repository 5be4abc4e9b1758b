// SPDX-License-Identifier: GPL-3.0-or-later
#include "simconfig.h"

#include "disk/diskpreset.h"
#include "layout/arrayspec.h"
#include "layout/layout.h"
#include "layout/survival.h"
#include "units.h"

#include <QStringList>

#include <cmath>
#include <utility>

namespace raidscope {
namespace {

// "3" or "1,4" -> member indices, each checked against the array.
bool parseMembers(const QString& key, const QString& value, int disks, std::vector<int>& out, QString* error)
{
    for (const QString& part : value.split(u',', Qt::SkipEmptyParts)) {
        bool ok = false;
        const int d = part.toInt(&ok);
        if (!ok || d < 0 || d >= disks) {
            if (error)
                *error = QStringLiteral("%1=%2: '%3' is not a member disk (0 to %4)").arg(key, value, part).arg(disks - 1);
            return false;
        }
        out.push_back(d);
    }
    return true;
}

// "I:VALUE[,I:VALUE...]" -> pairs.
bool parseIndexed(const QString& key, const QString& value, int disks, std::vector<std::pair<int, QString>>& out,
                  QString* error)
{
    for (const QString& part : value.split(u',', Qt::SkipEmptyParts)) {
        const QStringList iv = part.split(u':');
        bool ok = false;
        const int d = iv.size() == 2 ? iv[0].toInt(&ok) : -1;
        if (!ok || d < 0 || d >= disks) {
            if (error)
                *error = QStringLiteral("%1=%2: expected DISK:VALUE with DISK from 0 to %3").arg(key, value).arg(disks - 1);
            return false;
        }
        out.emplace_back(d, iv[1]);
    }
    return true;
}

// A rate in requests per second: a positive number (the key names the unit).
std::optional<double> parseRate(const QString& key, const QString& text, QString* error)
{
    bool ok = false;
    const double rate = text.toDouble(&ok);
    if (!ok || !std::isfinite(rate) || rate <= 0) {
        if (error)
            *error = QStringLiteral("%1: expected a positive rate (requests per second), got %2").arg(key, text);
        return std::nullopt;
    }
    return rate;
}

std::optional<std::int64_t> parseNonNegativeDuration(const QString& key, const QString& text, QString* error)
{
    QString why;
    const auto ns = parseDurationNs(text, &why);
    if (!ns || *ns < 0) {
        if (error && ns)
            *error = QStringLiteral("%1: expected a duration >= 0, got %2").arg(key, text);
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
        bool ok = false;
        const int d = iv.size() == 2 ? iv[0].toInt(&ok) : -1;
        if (!ok || d < 0 || d >= disks) {
            if (error)
                *error = QStringLiteral("iops=%1: expected RATE or DISK:RATE with DISK from 0 to %2")
                             .arg(value)
                             .arg(disks - 1);
            return false;
        }
        const auto rate = parseRate(QStringLiteral("iops"), iv[1], error);
        if (!rate)
            return false;
        members.emplace_back(d, *rate);
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
            bool ok = false;
            const double burst = value.toDouble(&ok);
            if (!ok || !std::isfinite(burst) || burst < 0)
                return fail(QStringLiteral("burst: expected a number of requests >= 0, got %1").arg(value));
            c.burstRequests = burst;
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
            else
                return fail(QStringLiteral("scheduler=%1 is unknown (known: fifo, sstf, elevator)").arg(value));
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
        } else if (key == u"speed" || key == u"member") {
            std::vector<std::pair<int, QString>> pairs;
            if (!parseIndexed(key, value, disks, pairs, error))
                return std::nullopt;
            for (const auto& [d, v] : pairs) {
                if (key == u"speed") {
                    bool ok = false;
                    const double f = v.toDouble(&ok);
                    if (!ok || !(f >= 0.05 && f <= 20)) // written so that nan fails too
                        return fail(QStringLiteral("speed=%1: factor '%2' must be from 0.05 to 20").arg(value, v));
                    c.speed[std::size_t(d)] = f;
                } else {
                    if (!findDiskPreset(v))
                        return fail(QStringLiteral("member=%1: unknown disk preset '%2'").arg(value, v));
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
    c.lowestAddressReads = c.mirrorRead == SimConfig::MirrorRead::Nearest && spec.scheme == u"raid10"
        && (spec.variant == u"far" || spec.variant == u"offset");
    if (const auto lost = firstLostBlock(layout, c.failed)) {
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
