// SPDX-License-Identifier: GPL-3.0-or-later
#include "workspace/arrayunderstudy.h"

#include "layout/arrayspec.h"
#include "layout/layoutregistry.h"
#include "probe/shearprobe.h"
#include "probe/verdictstatement.h"
#include "sim/simconfig.h"
#include "units.h"

#include <QJsonArray>

#include <algorithm>
#include <array>
#include <map>

namespace raidscope {

namespace {

constexpr std::array kSourceNames {
    std::pair { ArrayUnderStudy::Source::ArrayPage, "array page" },
    std::pair { ArrayUnderStudy::Source::ProbeVerdict, "probe verdict" },
    std::pair { ArrayUnderStudy::Source::Workspace, "workspace" },
};

QJsonArray toArray(const QStringList& list)
{
    QJsonArray a;
    for (const QString& s : list)
        a.append(s);
    return a;
}

QStringList fromArray(const QJsonValue& v)
{
    QStringList out;
    for (const QJsonValue& x : v.toArray())
        out << x.toString();
    return out;
}

// The spec's canonical text (the registry's scheme and variant names, as every page's editor shows
// it) when it builds a layout and the simulator takes its keys: what every page needs of it.
std::optional<QString> simulatedSpec(const ArraySpec& spec, QString* error)
{
    const auto resolved = LayoutRegistry::instance().resolve(spec, error);
    if (!resolved)
        return std::nullopt;
    const auto layout = LayoutRegistry::instance().create(resolved->spec, error);
    if (!layout || !parseSimConfig(resolved->spec, *layout, error))
        return std::nullopt;
    return resolved->spec.toText();
}

// A speed= factor of a finding's relative time: the simulator's factor scales a member's rate, so a
// member at `relative` times the median's time serves at 1 / relative.
QString speedFactor(double relative)
{
    return QString::number(1 / relative, 'g', 3);
}

} // namespace

QString arraySourceName(ArrayUnderStudy::Source source)
{
    for (const auto& [s, name] : kSourceNames)
        if (s == source)
            return QString::fromLatin1(name);
    return {};
}

QString ArrayUnderStudy::describe() const
{
    return origin.isEmpty() ? spec : QStringLiteral("%1 (from %2)").arg(spec, origin);
}

QJsonObject ArrayUnderStudy::toJson() const
{
    QJsonObject o;
    o.insert(QStringLiteral("spec"), spec);
    o.insert(QStringLiteral("source"), arraySourceName(source));
    if (!origin.isEmpty())
        o.insert(QStringLiteral("origin"), origin);
    if (!carried.isEmpty())
        o.insert(QStringLiteral("carried"), toArray(carried));
    if (!assumed.isEmpty())
        o.insert(QStringLiteral("assumed"), toArray(assumed));
    return o;
}

std::optional<ArrayUnderStudy> ArrayUnderStudy::fromJson(const QJsonObject& json, QString* error)
{
    ArrayUnderStudy a;
    a.spec = json.value(QStringLiteral("spec")).toString();
    if (a.spec.trimmed().isEmpty()) {
        if (error)
            *error = QStringLiteral("arrayUnderStudy: no \"spec\"");
        return std::nullopt;
    }
    const QString source = json.value(QStringLiteral("source")).toString();
    const auto it = std::find_if(kSourceNames.begin(), kSourceNames.end(),
        [&](const auto& p) { return source == QLatin1StringView(p.second); });
    if (it == kSourceNames.end()) {
        if (error)
            *error = QStringLiteral("arrayUnderStudy: source '%1' is not one of array page, probe verdict, workspace").arg(source);
        return std::nullopt;
    }
    a.source = it->first;
    a.origin = json.value(QStringLiteral("origin")).toString();
    a.carried = fromArray(json.value(QStringLiteral("carried")));
    a.assumed = fromArray(json.value(QStringLiteral("assumed")));
    return a;
}

std::optional<ArrayUnderStudy> arrayFromProbe(const ProbeResult& result, QString* why)
{
    const ProbeVerdict& v = result.verdict;
    auto fail = [&](const QString& text) {
        if (why)
            *why = text;
        return std::nullopt;
    };
    if (!v.identified || v.spec.isEmpty())
        return fail(QStringLiteral("the probe identified no layout"));
    QString error;
    auto spec = parseArraySpec(v.spec, &error);
    if (!spec)
        return fail(QStringLiteral("the verdict's spec %1: %2").arg(v.spec, error));

    ArrayUnderStudy a;
    // Layouts that read alike: the class's first by the stated prior (md's defaults and common
    // levels first, verdictstatement.h) rather than the one the probe happened to pick, with the
    // verdict's simulator keys (failed member, md's policies) where that layout takes them.
    bool ownLayout = true;
    const std::vector<LayoutClassMember> members = lookAlikeClass(v);
    if (members.size() > 1 && !members.front().spec.contains(u'(')) {
        if (auto lead = parseArraySpec(members.front().spec, nullptr)) {
            ownLayout = members.front().spec == (v.layoutSpec.isEmpty() ? v.spec : v.layoutSpec);
            ArraySpec withKeys = *lead;
            for (auto it = spec->extra.begin(); it != spec->extra.end(); ++it)
                if (!withKeys.extra.contains(it.key()) && (ownLayout || it.key() != u"failed"))
                    withKeys.extra.insert(it.key(), it.value());
            const bool keys = simulatedSpec(withKeys, nullptr).has_value();
            if (keys || simulatedSpec(*lead, nullptr)) {
                *spec = keys ? withKeys : *lead;
                a.assumed << QStringLiteral("the layout: %1, the most common of %2 layouts that read alike (timing does not "
                                            "tell them apart)")
                                 .arg(members.front().shortName)
                                 .arg(members.size());
            } else {
                ownLayout = true;
            }
        }
    }
    a.source = ArrayUnderStudy::Source::ProbeVerdict;
    // The target's name without its details ("/dev/md0 (block device, 1 GiB, …)" is "/dev/md0").
    a.origin = QStringLiteral("the probe of %1").arg(result.target.section(QStringLiteral(" ("), 0, 0));
    if (v.failedDisk >= 0 && ownLayout)
        a.carried << QStringLiteral("member %1 failed").arg(v.failedDisk);
    else if (v.failedDisk >= 0)
        a.assumed << QStringLiteral("member %1 of %2 failed: not carried (its index in the layout taken is not known)")
                         .arg(v.failedDisk)
                         .arg(v.layoutSpec.isEmpty() ? v.spec : v.layoutSpec);

    // Slow and fast members, once each (a finding names the members it is about).
    std::map<int, double> speed;
    for (const ProbeFinding& f : v.findings) {
        if (f.kind != ProbeFinding::Kind::SlowDisk && f.kind != ProbeFinding::Kind::FastDisk)
            continue;
        const double relative = f.value(u"relative", 0);
        if (!(relative > 0) || f.disks.size() != 1 || f.disks.front() < 0 || f.disks.front() >= v.disks)
            continue; // a member not told apart (every copy serves a read) has no index to slow
        speed.emplace(f.disks.front(), relative);
    }
    if (!speed.empty() && !ownLayout) {
        // A member's index is the probe's own layout's: another layout of the class numbers its
        // members otherwise (a RAID 4 of 6 against a RAID 5 of 5), so no index can be carried.
        for (const auto& [disk, relative] : speed)
            a.assumed << QStringLiteral("member %1 of %2 read %3x slower: not carried (its index in the layout taken is not known)")
                             .arg(disk)
                             .arg(v.layoutSpec.isEmpty() ? v.spec : v.layoutSpec)
                             .arg(relative, 0, 'f', 2);
        speed.clear();
    }
    if (!speed.empty()) {
        QStringList parts;
        for (const auto& [disk, relative] : speed) {
            parts << QStringLiteral("%1:%2").arg(disk).arg(speedFactor(relative));
            a.carried << QStringLiteral("member %1 at %2x the others' rate (measured %3x their time)")
                             .arg(disk)
                             .arg(speedFactor(relative))
                             .arg(relative, 0, 'f', 2);
        }
        spec->extra.insert(QStringLiteral("speed"), parts.join(u','));
    }

    // A simulated target names its array: its disk model is what the probe timed.
    const QString simulated = QStringLiteral("simulated ");
    std::optional<ArraySpec> target;
    if (result.target.startsWith(simulated))
        target = parseArraySpec(result.target.mid(simulated.size()), nullptr);
    if (target) {
        spec->diskPreset = target->diskPreset;
    } else {
        a.assumed << QStringLiteral("disk model %1: timing does not measure the members' drive").arg(spec->diskPreset);
        a.assumed << QStringLiteral("no controller cache");
    }
    const auto canonical = simulatedSpec(*spec, &error);
    if (!canonical)
        return fail(QStringLiteral("the verdict's array %1 does not simulate: %2").arg(spec->toText(), error));
    a.spec = *canonical;
    return a;
}

QString canonicalArraySpec(const QString& text)
{
    const auto spec = parseArraySpec(text, nullptr);
    const auto resolved = spec ? LayoutRegistry::instance().resolve(*spec, nullptr) : std::nullopt;
    return resolved ? resolved->spec.toText() : text.trimmed();
}

std::optional<std::vector<ArrayVariation>> arrayVariations(const QString& text, QString* error)
{
    const auto parsed = parseArraySpec(text, error);
    if (!parsed)
        return std::nullopt;
    const auto canonical = simulatedSpec(*parsed, error);
    if (!canonical)
        return std::nullopt;
    const auto base = LayoutRegistry::instance().resolve(*parsed, error);
    const ArraySpec* spec = &base->spec;
    const QString baseId = base->scheme ? base->scheme->id : spec->scheme;

    std::vector<ArrayVariation> out { { *canonical, QStringLiteral("as studied") } };
    auto offer = [&](const ArraySpec& s, const QString& label) {
        const auto t = simulatedSpec(s, nullptr);
        if (t && std::none_of(out.begin(), out.end(), [&](const ArrayVariation& v) { return v.spec == *t; }))
            out.push_back({ *t, label });
    };

    if (spec->chunkBytes / 2 >= spec->blockBytes && spec->chunkBytes % 2 == 0) {
        ArraySpec s = *spec;
        s.chunkBytes /= 2;
        offer(s, QStringLiteral("chunk %1").arg(formatBytes(s.chunkBytes)));
    }
    {
        ArraySpec s = *spec;
        s.chunkBytes *= 2;
        offer(s, QStringLiteral("chunk %1").arg(formatBytes(s.chunkBytes)));
    }
    for (const char* level : { "raid0", "raid5", "raid6", "raid10" }) {
        const QString id = QString::fromLatin1(level);
        if (id == baseId || !LayoutRegistry::instance().find(id))
            continue;
        ArraySpec s = *spec;
        s.scheme = id;
        s.variant.clear(); // the level's own default layout
        s.copies.reset();
        offer(s, id);
    }
    for (const int delta : { -1, +1 }) {
        ArraySpec s = *spec;
        s.disks = *spec->disks + delta;
        offer(s, QStringLiteral("%1 disks").arg(*s.disks));
    }
    return out;
}

} // namespace raidscope
