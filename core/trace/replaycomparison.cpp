// SPDX-License-Identifier: GPL-3.0-or-later
#include "replaycomparison.h"

#include "stats/demerit.h"
#include "tracejob.h"
#include "tracesummary.h"

#include <QJsonArray>

#include <cmath>

namespace raidscope {

namespace {

    double relative(double predicted, double measured)
    {
        return measured != 0 && std::isfinite(predicted) && std::isfinite(measured) ? (predicted - measured) / measured
                                                                                    : std::nan("");
    }

    // JSON has no NaN: a figure that does not exist is null.
    QJsonValue number(double v) { return std::isfinite(v) ? QJsonValue(v) : QJsonValue(QJsonValue::Null); }

    QString roleKey(ReplayRole r)
    {
        switch (r) {
        case ReplayRole::Traced: return QStringLiteral("traced");
        case ReplayRole::Measured: return QStringLiteral("measured");
        case ReplayRole::Simulated: return QStringLiteral("simulated");
        }
        return {};
    }

} // namespace

ReplayFigures ReplayFigures::of(const TraceReplayArray& a, ReplayRole role)
{
    ReplayFigures f;
    f.role = role;
    f.label = a.arraySpec;
    f.error = a.error;
    const SimResult& r = a.result;
    f.requests = r.requests;
    f.responseNs = r.responseNs;
    if (r.requests > 0) {
        f.meanMs = r.responseMs.mean();
        f.p50Ms = r.percentileMs(0.5);
        f.p90Ms = r.percentileMs(0.9);
        f.p99Ms = r.percentileMs(0.99);
    }
    if (r.simulatedNs > 0)
        f.iops = r.iops();
    return f;
}

std::optional<ReplayFigures> ReplayFigures::traced(const TraceSummary& s)
{
    if (!s.hasResponseTimes())
        return std::nullopt;
    ReplayFigures f;
    f.role = ReplayRole::Traced;
    f.label = QStringLiteral("as traced");
    f.requests = s.responseMs.count();
    f.meanMs = s.responseMs.mean();
    f.p50Ms = s.responsePercentileMs(0.5);
    f.p90Ms = s.responsePercentileMs(0.9);
    f.p99Ms = s.responsePercentileMs(0.99);
    f.responseNs = s.responseNs;
    if (const double span = s.durationSeconds(); span > 0)
        f.iops = double(s.records) / span;
    return f;
}

QJsonObject PredictionError::toJson() const
{
    return QJsonObject { { QStringLiteral("meanRel"), number(meanRel) }, { QStringLiteral("p90Rel"), number(p90Rel) },
        { QStringLiteral("p99Rel"), number(p99Rel) }, { QStringLiteral("iopsRel"), number(iopsRel) },
        { QStringLiteral("demeritMs"), number(demeritMs) }, { QStringLiteral("demeritRel"), number(demeritRel) } };
}

PredictionError predictionError(const ReplayFigures& p, const ReplayFigures& m)
{
    PredictionError e;
    e.meanRel = relative(p.meanMs, m.meanMs);
    e.p90Rel = relative(p.p90Ms, m.p90Ms);
    e.p99Rel = relative(p.p99Ms, m.p99Ms);
    e.iopsRel = p.iops && m.iops ? relative(*p.iops, *m.iops) : std::nan("");
    e.demeritMs = histogramDemeritMs(p.responseNs, m.responseNs);
    e.demeritRel = m.meanMs > 0 ? e.demeritMs / m.meanMs : std::nan("");
    return e;
}

AnalyticalModelNote traceReplayAnalyticalModel()
{
    return { false,
        QStringLiteral("no analytical model applies to a trace replay: Minerva gives an array's maximum request rate "
                       "for streams, not response times at the trace's rate; the zoned-RAID model needs Poisson "
                       "arrivals of one size in whole stripe units from stripe boundaries") };
}

QJsonObject ReplayComparison::toJson() const
{
    QJsonArray out;
    for (const ReplayComparisonRow& row : rows) {
        const ReplayFigures& f = row.figures;
        QJsonObject o { { QStringLiteral("role"), roleKey(f.role) }, { QStringLiteral("label"), f.label } };
        if (!f.error.isEmpty()) {
            o[QStringLiteral("error")] = f.error;
            out.append(o);
            continue;
        }
        o[QStringLiteral("requests")] = double(f.requests);
        o[QStringLiteral("meanMs")] = f.meanMs;
        o[QStringLiteral("p50Ms")] = f.p50Ms;
        o[QStringLiteral("p90Ms")] = f.p90Ms;
        o[QStringLiteral("p99Ms")] = f.p99Ms;
        o[QStringLiteral("iops")] = f.iops ? number(*f.iops) : QJsonValue(QJsonValue::Null);
        if (row.vsMeasured)
            o[QStringLiteral("vsMeasured")] = row.vsMeasured->toJson();
        out.append(o);
    }
    return QJsonObject { { QStringLiteral("against"), QStringLiteral("measured") }, { QStringLiteral("rows"), out },
        { QStringLiteral("measuredRow"), double(measuredRow) },
        { QStringLiteral("errors"),
            QStringLiteral("relative: (row - measured) / measured; demeritMs: Ruemmler and Wilkes' RMS horizontal "
                           "distance between the two response-time CDFs") },
        { QStringLiteral("analyticalModel"),
            QJsonObject { { QStringLiteral("applies"), analytical.applies }, { QStringLiteral("reason"), analytical.reason } } } };
}

ReplayComparison compareReplays(const std::optional<ReplayFigures>& traced, const ReplayFigures& measured,
    const std::vector<ReplayFigures>& simulated)
{
    ReplayComparison c;
    c.analytical = traceReplayAnalyticalModel();
    const auto add = [&](const ReplayFigures& f) {
        ReplayComparisonRow row { f, std::nullopt };
        if (f.error.isEmpty() && f.requests > 0 && measured.requests > 0)
            row.vsMeasured = predictionError(f, measured);
        c.rows.push_back(std::move(row));
    };
    if (traced)
        add(*traced);
    c.measuredRow = c.rows.size();
    c.rows.push_back({ measured, std::nullopt });
    for (const ReplayFigures& f : simulated)
        add(f);
    return c;
}

} // namespace raidscope
