// SPDX-License-Identifier: GPL-3.0-or-later
#include "study.h"

#include "arraysimulator.h"
#include "numberrange.h"
#include "parallel.h"
#include "workload.h"

#include <QJsonArray>
#include <QRegularExpression>

#include <cmath>
#include <mutex>
#include <stdexcept>

namespace raidscope {

int largestPassing(int lo, int hi, const std::function<bool(int)>& passes)
{
    if (hi < lo || !passes(lo))
        return lo - 1;
    // Invariant: `good` passes; `bad` fails or lies beyond hi.
    int good = lo;
    long long bad = static_cast<long long>(hi) + 1;
    // Doubling: the step grows until a load fails, so a threshold near lo costs few runs.
    for (long long step = 1; good < hi;) {
        const long long next = std::min<long long>(static_cast<long long>(good) + step, hi);
        if (passes(int(next))) {
            good = int(next);
            step *= 2;
        } else {
            bad = next;
            break;
        }
    }
    while (bad - good > 1) {
        const int mid = int(good + (bad - good) / 2);
        if (passes(mid))
            good = mid;
        else
            bad = mid;
    }
    return good;
}

namespace {

QStringList specWords(const QString& spec)
{
    return spec.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts);
}

bool isWorkloadKey(const QString& key)
{
    return key == u"bsu" || key == u"duration";
}

} // namespace

std::optional<StudyFactor> parseStudyFactor(const QString& text, QString* error)
{
    const auto fail = [&](const QString& message) -> std::optional<StudyFactor> {
        if (error)
            *error = message;
        return std::nullopt;
    };
    const qsizetype eq = text.indexOf(u'=');
    if (eq <= 0)
        return fail(QStringLiteral("--vary '%1': expected KEY=VALUE,VALUE,... (e.g. overhead=27us,81us,324us)").arg(text));
    StudyFactor f;
    f.key = text.left(eq).trimmed();
    // Any key of the array spec (its parser names an unknown one when the study is checked),
    // `scheme`, or the workload's bsu= and duration=.
    static const QRegularExpression keyPattern(QStringLiteral("^[a-z][a-z0-9.]*$"));
    if (!keyPattern.match(f.key).hasMatch())
        return fail(QStringLiteral("--vary '%1': '%2' is not a key (e.g. overhead, chunk, cache, disks, rebuild, scheme, bsu)")
                        .arg(text, f.key));
    for (const QString& v : text.mid(eq + 1).split(u',')) {
        const QString value = v.trimmed();
        if (value.isEmpty())
            continue;
        if (value.contains(QRegularExpression(QStringLiteral("\\s"))))
            return fail(QStringLiteral("--vary %1: value '%2' contains a space").arg(f.key, value));
        if (f.values.contains(value))
            return fail(QStringLiteral("--vary %1: value '%2' is given twice").arg(f.key, value));
        f.values << value;
    }
    if (f.values.isEmpty())
        return fail(QStringLiteral("--vary %1: no values").arg(f.key));
    if (f.key == u"bsu")
        for (const QString& value : f.values) {
            if (!parseIntegerInRange(value, 1, kMaxStudyBsu, nullptr))
                return fail(QStringLiteral("--vary bsu: '%1' is not a number of BSUs from 1 to %2").arg(value).arg(kMaxStudyBsu));
        }
    return f;
}

QString withSpecKey(const QString& spec, const QString& key, const QString& value)
{
    QStringList words = specWords(spec);
    if (key == u"scheme") {
        if (words.isEmpty())
            return value;
        words[0] = value;
        return words.join(u' ');
    }
    const QString prefix = key + u'=';
    bool replaced = false;
    for (qsizetype i = 1; i < words.size(); ++i)
        if (words[i].startsWith(prefix)) {
            if (!replaced)
                words[i] = prefix + value;
            else
                words[i].clear(); // a key given twice: the study's value alone
            replaced = true;
        }
    words.removeAll(QString());
    if (!replaced)
        words << prefix + value;
    return words.join(u' ');
}

namespace {

struct PointPlan
{
    QStringList values;
    QString arraySpec;
    QString workloadSpec;
    bool searched = true;
};

std::vector<PointPlan> planPoints(const StudySpec& spec)
{
    std::vector<PointPlan> points(1, PointPlan { {}, spec.arraySpec, spec.workloadSpec, true });
    for (const StudyFactor& f : spec.factors) {
        std::vector<PointPlan> next;
        for (const PointPlan& p : points)
            for (const QString& value : f.values) {
                PointPlan q = p;
                q.values << value;
                if (isWorkloadKey(f.key))
                    q.workloadSpec = withSpecKey(q.workloadSpec, f.key, value);
                else
                    q.arraySpec = withSpecKey(q.arraySpec, f.key, value);
                if (f.key == u"bsu")
                    q.searched = false;
                next.push_back(std::move(q));
            }
        points = std::move(next);
    }
    return points;
}

QString withBsu(const QString& workload, int bsu)
{
    return withSpecKey(workload, QStringLiteral("bsu"), QString::number(bsu));
}

} // namespace

bool checkStudy(const StudySpec& spec, QString* error)
{
    const auto fail = [&](const QString& message) {
        if (error)
            *error = message;
        return false;
    };
    if (spec.factors.empty() || spec.factors.size() > 2)
        return fail(QStringLiteral("a study varies one or two factors (--vary KEY=VALUES), not %1").arg(spec.factors.size()));
    if (spec.factors.size() == 2 && spec.factors[0].key == spec.factors[1].key)
        return fail(QStringLiteral("--vary %1 is given twice").arg(spec.factors[0].key));
    if (!std::isfinite(spec.limitMs) || spec.limitMs <= 0)
        return fail(QStringLiteral("--limit: a response time above 0 is needed"));
    if (spec.maxBsu < 1 || spec.maxBsu > kMaxStudyBsu)
        return fail(QStringLiteral("--max-bsu %1: from 1 to %2").arg(spec.maxBsu).arg(kMaxStudyBsu));
    if (specWords(spec.workloadSpec).value(0) != u"spc1")
        return fail(QStringLiteral("--workload: a study runs an spc1 workload (its load is counted in BSUs), not '%1'")
                        .arg(specWords(spec.workloadSpec).value(0)));
    for (const PointPlan& p : planPoints(spec)) {
        QString e;
        auto sim = ArraySimulator::create(p.arraySpec, &e);
        if (!sim)
            return fail(QStringLiteral("%1 (array '%2')").arg(e, p.arraySpec));
        // The smallest and largest load the point may run must parse and fit the array.
        for (const QString& w : { withBsu(p.workloadSpec, 1), withBsu(p.workloadSpec, spec.maxBsu) }) {
            const QString workload = p.searched ? w : p.workloadSpec;
            const auto ws = parseWorkloadSpec(workload, &e);
            if (!ws)
                return fail(QStringLiteral("%1 (workload '%2')").arg(e, workload));
            if (!sim->checkWorkload(*ws, &e))
                return fail(QStringLiteral("%1 (array '%2')").arg(e, p.arraySpec));
        }
    }
    return true;
}

namespace {

StudyRun summarize(int bsu, const SimResult& r, double limitMs)
{
    StudyRun run;
    run.bsu = bsu;
    run.meanMs = r.responseMs.mean();
    run.p90Ms = r.requests ? r.percentileMs(0.9) : 0;
    run.iops = r.iops();
    run.passes = r.requests > 0 && r.lostRequests == 0 && run.meanMs <= limitMs;
    return run;
}

int bsuOf(const QString& workload)
{
    for (const QString& w : specWords(workload))
        if (w.startsWith(u"bsu="))
            return w.mid(4).toInt();
    return 0;
}

// One point: its runs, stopped early when `stop` is asked (then the point is dropped).
StudyPoint runPoint(const StudySpec& spec, const PointPlan& plan, std::stop_token stop)
{
    StudyPoint point;
    point.values = plan.values;
    point.arraySpec = plan.arraySpec;
    point.workloadSpec = plan.workloadSpec;
    QString error;
    auto sim = ArraySimulator::create(plan.arraySpec, &error);
    if (!sim)
        throw std::runtime_error(error.toStdString()); // checkStudy() made it: cannot happen
    const auto runAt = [&](const QString& workload) {
        const auto ws = parseWorkloadSpec(workload, &error);
        if (!ws)
            throw std::runtime_error(error.toStdString());
        return sim->run(*ws, stop);
    };
    if (!plan.searched) {
        SimResult r = runAt(plan.workloadSpec);
        point.runs.push_back(summarize(bsuOf(plan.workloadSpec), r, spec.limitMs));
        point.result = std::move(r);
        return point;
    }
    const int found = largestPassing(1, spec.maxBsu, [&](int bsu) {
        if (stop.stop_requested())
            return false;
        const StudyRun run = summarize(bsu, runAt(withBsu(plan.workloadSpec, bsu)), spec.limitMs);
        point.runs.push_back(run);
        return run.passes;
    });
    point.maxBsu = std::max(0, found);
    point.atSearchEnd = found == spec.maxBsu;
    return point;
}

} // namespace

StudyResult runStudy(const StudySpec& spec, std::stop_token stop, const Report<StudySnapshot>& report, int jobs)
{
    StudyResult out;
    out.spec = spec;
    const std::vector<PointPlan> plans = planPoints(spec);
    const int n = int(plans.size());
    std::vector<StudyPoint> results(std::size_t(n), StudyPoint {});
    std::mutex lock; // guards the calls of `report` and out.points
    parallelFor(n, jobs,
        [&](int i) {
            if (!stop.stop_requested())
                results[std::size_t(i)] = runPoint(spec, plans[std::size_t(i)], stop);
        },
        [&](int i) {
            const std::lock_guard<std::mutex> guard(lock);
            if (stop.stop_requested() || int(out.points.size()) != i)
                return;
            out.points.push_back(std::move(results[std::size_t(i)]));
            if (report)
                report(std::make_shared<const StudySnapshot>(
                    StudySnapshot { double(i + 1) / double(n), i, n, true, out.points.back() }));
        });
    out.cancelled = int(out.points.size()) < n;
    return out;
}

QJsonObject StudyResult::toJson() const
{
    QJsonArray factors;
    for (const StudyFactor& f : spec.factors)
        factors.append(QJsonObject { { QStringLiteral("key"), f.key },
                                     { QStringLiteral("values"), QJsonArray::fromStringList(f.values) } });
    QJsonArray pts;
    for (const StudyPoint& p : points) {
        QJsonObject values;
        for (std::size_t i = 0; i < spec.factors.size() && i < std::size_t(p.values.size()); ++i)
            values.insert(spec.factors[i].key, p.values[qsizetype(i)]);
        QJsonArray runs;
        for (const StudyRun& r : p.runs)
            runs.append(QJsonObject { { QStringLiteral("bsu"), r.bsu }, { QStringLiteral("meanMs"), r.meanMs },
                                      { QStringLiteral("p90Ms"), r.p90Ms }, { QStringLiteral("iops"), r.iops },
                                      { QStringLiteral("passes"), r.passes } });
        QJsonObject o { { QStringLiteral("values"), values }, { QStringLiteral("array"), p.arraySpec },
                        { QStringLiteral("workload"), p.workloadSpec }, { QStringLiteral("runs"), runs } };
        if (p.maxBsu) {
            o.insert(QStringLiteral("maxBsu"), *p.maxBsu);
            o.insert(QStringLiteral("atSearchEnd"), p.atSearchEnd);
        }
        if (p.result)
            o.insert(QStringLiteral("result"), p.result->toJson());
        pts.append(o);
    }
    return QJsonObject { { QStringLiteral("version"), 1 },
                         { QStringLiteral("kind"), QStringLiteral("study") },
                         { QStringLiteral("array"), spec.arraySpec },
                         { QStringLiteral("workload"), spec.workloadSpec },
                         { QStringLiteral("limitMs"), spec.limitMs },
                         { QStringLiteral("maxBsu"), spec.maxBsu },
                         { QStringLiteral("factors"), factors },
                         { QStringLiteral("points"), pts },
                         { QStringLiteral("cancelled"), cancelled } };
}

} // namespace raidscope
