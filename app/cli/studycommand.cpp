// SPDX-License-Identifier: GPL-3.0-or-later
#include "cliargs.h"
#include "commands.h"
#include "stoponsignal.h"

#include "sim/study.h"
#include "units.h"

#include <QJsonDocument>

#include <algorithm>
#include <cstdio>
#include <unistd.h>

namespace raidscope::cli {
namespace {

QString textReport(const StudyResult& r)
{
    const StudySpec& s = r.spec;
    QString t = QStringLiteral("array:    %1\nworkload: %2\nlimit:    mean response time <= %3 ms\n\n")
                    .arg(s.arraySpec, s.workloadSpec)
                    .arg(s.limitMs);
    QStringList head;
    for (const StudyFactor& f : s.factors)
        head << QStringLiteral("%1").arg(f.key, -12);
    const bool searched = !r.points.empty() && r.points.front().maxBsu.has_value();
    if (searched)
        t += head.join(u' ') + QStringLiteral("  max BSUs   mean ms at max  runs\n");
    else
        t += head.join(u' ') + QStringLiteral("  BSUs    IOPS   mean ms    p90 ms  rebuild s\n");
    for (const StudyPoint& p : r.points) {
        QStringList values;
        for (const QString& v : p.values)
            values << QStringLiteral("%1").arg(v, -12);
        t += values.join(u' ');
        if (p.maxBsu) {
            const StudyRun* atMax = p.runAtMax();
            t += QStringLiteral("  %1%2  %3  %4\n")
                     .arg(*p.maxBsu, 8)
                     .arg(p.atSearchEnd ? QStringLiteral("+") : QStringLiteral(" "))
                     .arg(atMax ? atMax->meanMs : 0.0, 14, 'f', 2)
                     .arg(p.runs.size(), 4);
        } else if (!p.runs.empty()) {
            const StudyRun& run = p.runs.front();
            const auto& rebuild = p.result ? p.result->rebuild : std::nullopt;
            const QString rebuildS = !rebuild ? QStringLiteral("-")
                : rebuild->completed         ? QString::number(rebuild->durationNs() * 1e-9, 'f', 1)
                                             : QStringLiteral("unfinished");
            t += QStringLiteral("  %1 %2 %3 %4  %5\n")
                     .arg(run.bsu, 4)
                     .arg(run.iops, 7, 'f', 0)
                     .arg(run.meanMs, 9, 'f', 2)
                     .arg(run.p90Ms, 9, 'f', 2)
                     .arg(rebuildS, 10);
        }
    }
    if (searched && std::any_of(r.points.begin(), r.points.end(), [](const StudyPoint& p) { return p.atSearchEnd; }))
        t += QStringLiteral("\n+: the limit was not reached below --max-bsu %1\n").arg(s.maxBsu);
    if (r.cancelled)
        t += QStringLiteral("stopped: %1 of the points finished\n").arg(r.points.size());
    return t;
}

} // namespace

int runStudy(const QStringList& args)
{
    CliArgs a(QStringLiteral("study"), QStringLiteral("--array SPEC --workload 'spc1 ...' --vary KEY=V,V,... [--vary ...]"),
        QStringLiteral("Varies one or two factors of an array (or the load) under an SPC-1-like workload and reports, "
                       "per combination, the most BSUs (50 I/O per second each) whose mean response time stays within "
                       "--limit, found by bisection (SIMRAID's measure). With --vary bsu=..., each point is one run at "
                       "that load instead (with a failure and rebuild in the array, the rebuild's stages)."));
    a.option(QStringLiteral("array"), QStringLiteral("SPEC"),
         QStringLiteral("The array, e.g. 'raid6 disks=28 chunk=32KiB cache=2GiB disk=cheetah15k' (docs/guide/command-line.md: Simulating)."))
        .option(QStringLiteral("workload"), QStringLiteral("SPEC"),
            QStringLiteral("An spc1 workload, e.g. 'spc1 duration=60s seed=1'; its bsu= is what the search sets."))
        .listOption(QStringLiteral("vary"), QStringLiteral("KEY=V,V,..."),
            QStringLiteral("A factor and its values: an array key (overhead, chunk, cache, disks, rebuild, ...), scheme "
                           "(raid5,raid6), or bsu; given once or twice."))
        .option(QStringLiteral("limit"), QStringLiteral("TIME"),
            QStringLiteral("The mean response time a load may reach and pass (default 30ms, the seed's)."))
        .option(QStringLiteral("max-bsu"), QStringLiteral("N"),
            QStringLiteral("The search's upper end (default 4096)."))
        .option(QStringLiteral("jobs"), QStringLiteral("N"),
            QStringLiteral("Runs up to N points at once (default: one per core); the results do not change."))
        .flag(QStringLiteral("json"), QStringLiteral("Prints one JSON object (docs/guide/command-line.md: Studies)."));
    a.noArguments();
    if (const auto done = a.parse(args))
        return *done;
    if (!a.has(QStringLiteral("array")) || !a.has(QStringLiteral("workload")) || !a.has(QStringLiteral("vary")))
        return fail(QStringLiteral("study: --array SPEC, --workload 'spc1 ...' and --vary KEY=VALUES are required "
                                   "(e.g. --vary overhead=27us,81us,324us)"),
                    Usage);
    QString error;
    StudySpec spec;
    spec.arraySpec = a.value(QStringLiteral("array"));
    spec.workloadSpec = a.value(QStringLiteral("workload"));
    if (a.values(QStringLiteral("vary")).size() > 2)
        return fail(QStringLiteral("study: --vary is given %1 times; a study varies one or two factors")
                        .arg(a.values(QStringLiteral("vary")).size()),
                    Usage);
    for (const QString& v : a.values(QStringLiteral("vary"))) {
        const auto factor = parseStudyFactor(v, &error);
        if (!factor)
            return fail(QStringLiteral("study: ") + error, Usage);
        spec.factors.push_back(*factor);
    }
    if (a.has(QStringLiteral("limit"))) {
        const auto limitNs = parseDurationNs(a.value(QStringLiteral("limit")), &error);
        if (!limitNs || *limitNs <= 0)
            return fail(QStringLiteral("study: --limit '%1': %2")
                            .arg(a.value(QStringLiteral("limit")), limitNs ? QStringLiteral("must be above 0") : error),
                        Usage);
        spec.limitMs = double(*limitNs) * 1e-6;
    }
    const auto maxBsu = a.integer(QStringLiteral("max-bsu"), 1, kMaxStudyBsu, 4096, &error);
    if (!maxBsu)
        return fail(QStringLiteral("study: ") + error, Usage);
    spec.maxBsu = int(*maxBsu);
    const auto jobs = a.jobs(&error);
    if (!jobs)
        return fail(QStringLiteral("study: ") + error, Usage);
    if (!checkStudy(spec, &error))
        return fail(QStringLiteral("study: ") + error);

    std::stop_source stop;
    const StopOnSignal stopOnSignal(stop, "stopping the study; the points finished are printed");
    const bool tty = isatty(STDERR_FILENO);
    const StudyResult r = runStudy(spec, stop.get_token(), [tty](std::shared_ptr<const StudySnapshot> s) {
        if (tty)
            std::fprintf(stderr, "\r[%3d%%] study: %d of %d points", int(s->fraction * 100), s->pointIndex + 1, s->pointCount);
    }, *jobs);
    if (tty)
        std::fputc('\n', stderr);
    out(a.flag(QStringLiteral("json")) ? QString::fromUtf8(QJsonDocument(r.toJson()).toJson(QJsonDocument::Indented))
                                       : textReport(r));
    return r.cancelled ? Failed : Ok;
}

} // namespace raidscope::cli
