// SPDX-License-Identifier: GPL-3.0-or-later
// `probe-eval`: the Probe issue's accuracy and I/O targets, measured on random simulated arrays.
#include "cliargs.h"
#include "commands.h"

#include "layout/layoutregistry.h"
#include "probe/shearprobe.h"
#include "probe/simtarget.h"
#include "stats/rng.h"
#include "units.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <cstdio>

namespace raidscope::cli {
namespace {

struct Truth
{
    QString scheme, variant;
    int disks = 0, copies = 0;
    std::uint64_t chunkBytes = 0;
    QString spec() const
    {
        QString s = scheme;
        if (!variant.isEmpty())
            s += QStringLiteral(" layout=") + variant;
        s += QStringLiteral(" disks=%1").arg(disks);
        if (copies > 0 && scheme != u"raid1")
            s += QStringLiteral(" copies=%1").arg(copies);
        if (scheme != u"raid1")
            s += QStringLiteral(" chunk=") + formatBytes(chunkBytes);
        return s;
    }
};

Truth randomArray(const LayoutRegistry& registry, Rng& rng, int minDisks, int maxDisks)
{
    while (true) {
        const SchemeInfo& s = registry.schemes()[qsizetype(rng.below(std::uint64_t(registry.schemes().size())))];
        Truth t;
        t.scheme = s.id;
        if (!s.variants.isEmpty())
            t.variant = s.variants[qsizetype(rng.below(std::uint64_t(s.variants.size())))].id;
        const int lo = std::max(s.minDisks, minDisks), hi = std::min(s.maxDisks, maxDisks);
        if (lo > hi)
            continue;
        t.disks = lo + int(rng.below(std::uint64_t(hi - lo + 1)));
        t.chunkBytes = 4096ull << rng.below(6); // 4 KiB .. 128 KiB
        if (s.findParameter(QStringLiteral("copies")))
            t.copies = s.id == u"raid1" ? t.disks : 2 + int(rng.below(std::uint64_t(std::min(3, t.disks - 1))));
        return t;
    }
}

// Exact: the verdict, or a layout it names as indistinguishable, is the true array.
bool exact(const Truth& t, const ProbeVerdict& v)
{
    if (!v.identified)
        return false;
    // Whole-disk mirrors: every block on every disk, whatever the scheme calls it.
    if (t.scheme == u"raid1" || (t.scheme == u"raid10" && t.copies == t.disks) || (t.scheme == u"chained" && t.disks == 2))
        return v.scheme == u"raid1" && v.disks == t.disks;
    auto same = [&](const QString& spec) { return spec == t.spec(); };
    QString verdict = v.scheme;
    if (!v.variant.isEmpty())
        verdict += QStringLiteral(" layout=") + v.variant;
    verdict += QStringLiteral(" disks=%1").arg(v.disks);
    if (v.copies > 0)
        verdict += QStringLiteral(" copies=%1").arg(v.copies);
    verdict += QStringLiteral(" chunk=") + formatBytes(v.chunkBytes);
    return same(verdict) || std::any_of(v.equivalents.begin(), v.equivalents.end(), same);
}

} // namespace

int runProbeEval(const QStringList& args)
{
    QString error;
    const auto a = CliArgs::parse(args, { QStringLiteral("count"), QStringLiteral("seed"), QStringLiteral("min-disks"),
                                      QStringLiteral("max-disks") },
                                  { QStringLiteral("json"), QStringLiteral("verbose") }, &error);
    if (!a)
        return fail(QStringLiteral("probe-eval: ") + error, Usage);
    const int count = a->value(QStringLiteral("count"), QStringLiteral("100")).toInt();
    const std::uint64_t seed = a->value(QStringLiteral("seed"), QStringLiteral("1")).toULongLong();
    const int minDisks = a->value(QStringLiteral("min-disks"), QStringLiteral("2")).toInt();
    const int maxDisks = a->value(QStringLiteral("max-disks"), QStringLiteral("16")).toInt();
    if (count < 1 || minDisks < 1 || maxDisks < minDisks)
        return fail(QStringLiteral("probe-eval: --count >= 1 and 1 <= --min-disks <= --max-disks"), Usage);
    const LayoutRegistry& registry = LayoutRegistry::instance();
    if (registry.schemes().isEmpty())
        return fail(QStringLiteral("probe-eval: no layout plugins found"));
    Rng rng(seed);
    int hits = 0;
    std::uint64_t ours = 0, shears = 0;
    QJsonArray runs;
    for (int i = 0; i < count; ++i) {
        const Truth t = randomArray(registry, rng, minDisks, maxDisks);
        QString spec = t.spec();
        if (t.scheme == u"raid1")
            spec += QStringLiteral(" chunk=") + formatBytes(t.chunkBytes);
        auto target = SimTarget::create(spec, &error);
        if (!target)
            return fail(QStringLiteral("probe-eval: %1: %2").arg(spec, error));
        ProbeConfig config;
        config.seed = seed * 1000 + std::uint64_t(i);
        const ProbeResult r = runShearProbe(*target, config);
        const bool ok = exact(t, r.verdict);
        hits += ok ? 1 : 0;
        ours += r.ios.total();
        shears += r.shearScheduleIos;
        runs.append(QJsonObject { { QStringLiteral("truth"), t.spec() }, { QStringLiteral("verdict"), r.verdict.spec },
            { QStringLiteral("identified"), r.verdict.identified }, { QStringLiteral("exact"), ok },
            { QStringLiteral("ios"), qint64(r.ios.total()) }, { QStringLiteral("shearSchedule"), qint64(r.shearScheduleIos) } });
        if (!a->flag(QStringLiteral("json")) && (!ok || a->flag(QStringLiteral("verbose"))))
            out(QStringLiteral("%1 %2 -> %3%4  (%5 I/Os, Shear %6; probe --seed %7)\n")
                    .arg(ok ? QStringLiteral("ok  ") : QStringLiteral("MISS"), t.spec(),
                        r.verdict.spec.isEmpty() ? QStringLiteral("nothing") : r.verdict.spec,
                        r.verdict.identified ? QString() : QStringLiteral(" [undecided]"))
                    .arg(r.ios.total())
                    .arg(r.shearScheduleIos)
                    .arg(config.seed));
    }
    const double rate = double(hits) / count;
    const double ioRatio = shears ? double(ours) / double(shears) : 0;
    if (a->flag(QStringLiteral("json"))) {
        out(QString::fromUtf8(QJsonDocument(QJsonObject { { QStringLiteral("arrays"), count },
                                                { QStringLiteral("exact"), hits }, { QStringLiteral("exactRate"), rate },
                                                { QStringLiteral("ios"), qint64(ours) },
                                                { QStringLiteral("shearScheduleIos"), qint64(shears) },
                                                { QStringLiteral("ioRatio"), ioRatio }, { QStringLiteral("runs"), runs } })
                                  .toJson(QJsonDocument::Indented)));
    } else {
        out(QStringLiteral("exact identification: %1 of %2 (%3 %); I/Os %4 against Shear's schedule %5 (%6 %)\n")
                .arg(hits)
                .arg(count)
                .arg(rate * 100, 0, 'f', 1)
                .arg(ours)
                .arg(shears)
                .arg(ioRatio * 100, 0, 'f', 1));
    }
    return Ok;
}

} // namespace raidscope::cli
