// SPDX-License-Identifier: GPL-3.0-or-later
// `model response`'s JSON in and out for the zoned-RAID response-time model.
#include "zonedraid.h"

#include "jsonfields.h"

#include <QJsonArray>

#include <cmath>

namespace raidscope {

std::optional<ZonedRaidRequest> zonedRaidRequestFromJson(const QJsonObject& json, QString* error)
{
    FieldReader in;
    ZonedRaidRequest q;
    in.onlyKeys(json, {}, { QStringLiteral("scheme"), QStringLiteral("disks"), QStringLiteral("blockBytes"), QStringLiteral("disk"),
        QStringLiteral("rate"), QStringLiteral("blocks"), QStringLiteral("readFraction"), QStringLiteral("writeModel"),
        QStringLiteral("overheadMs"), QStringLiteral("fullTurn") });
    const QString scheme = in.string(json, {}, QStringLiteral("scheme"));
    if (!in.failed()) {
        if (scheme == u"raid01")
            q.scheme = ZonedRaidRequest::Scheme::Raid01;
        else if (scheme == u"raid5")
            q.scheme = ZonedRaidRequest::Scheme::Raid5;
        else
            in.fail(QStringLiteral("scheme"), QStringLiteral("'%1' is not raid01 or raid5").arg(scheme));
    }
    q.disks = in.integer(json, {}, QStringLiteral("disks"), 2);
    q.blockBytes = std::uint64_t(in.whole(json, {}, QStringLiteral("blockBytes"), 1));
    q.diskPreset = in.string(json, {}, QStringLiteral("disk"));
    // Requests per second in, the paper's requests per millisecond inside.
    q.ratePerMs = in.finite(json, {}, QStringLiteral("rate"), 0, std::numeric_limits<double>::max(), true) / 1000;
    q.blocks = in.integer(json, {}, QStringLiteral("blocks"), 1);
    q.readFraction = in.finite(json, {}, QStringLiteral("readFraction"), 0, 1);
    if (json.contains(QStringLiteral("overheadMs")))
        q.overheadMs = in.finite(json, {}, QStringLiteral("overheadMs"), 0, 1000);
    if (json.contains(QStringLiteral("fullTurn"))) {
        const QString turn = in.string(json, {}, QStringLiteral("fullTurn"));
        if (turn == u"exact")
            q.fullTurn = ZonedRaidRequest::FullTurn::Exact;
        else if (turn == u"reposition")
            q.fullTurn = ZonedRaidRequest::FullTurn::Reposition;
        else if (!in.failed())
            in.fail(QStringLiteral("fullTurn"), QStringLiteral("'%1' is not reposition or exact").arg(turn));
    }
    if (json.contains(QStringLiteral("writeModel"))) {
        const QString model = in.string(json, {}, QStringLiteral("writeModel"));
        if (model == u"single")
            q.writeModel = ZonedRaidRequest::WriteModel::SingleClass;
        else if (model == u"multiclass")
            q.writeModel = ZonedRaidRequest::WriteModel::Multiclass;
        else if (model == u"priority")
            q.writeModel = ZonedRaidRequest::WriteModel::Priority;
        else if (!in.failed())
            in.fail(QStringLiteral("writeModel"), QStringLiteral("'%1' is not single, multiclass or priority").arg(model));
    }
    if (in.failed()) {
        *error = in.error();
        return std::nullopt;
    }
    if (const QString why = zonedRaidRequestProblem(q); !why.isEmpty()) {
        *error = why;
        return std::nullopt;
    }
    return q;
}

QJsonObject zonedRaidResultJson(const ZonedRaidResult& r)
{
    const auto num = [](double x) { return std::isfinite(x) ? QJsonValue(x) : QJsonValue(QJsonValue::Null); };
    const auto curve = [](const std::vector<ResponsePoint>& points) {
        QJsonArray a;
        for (const ResponsePoint& p : points)
            a.append(QJsonObject { { QStringLiteral("ms"), p.ms }, { QStringLiteral("p"), p.p } });
        return a;
    };
    return QJsonObject { { QStringLiteral("meanMs"), num(r.meanMs) }, { QStringLiteral("varianceMs2"), num(r.varianceMs2) },
        { QStringLiteral("percentilesMs"), QJsonObject { { QStringLiteral("50"), num(r.p50Ms) }, { QStringLiteral("90"), num(r.p90Ms) },
                                               { QStringLiteral("95"), num(r.p95Ms) }, { QStringLiteral("99"), num(r.p99Ms) } } },
        { QStringLiteral("cdf"), curve(r.cdf) }, { QStringLiteral("pdf"), curve(r.pdf) },
        { QStringLiteral("utilization"), num(r.utilization) }, { QStringLiteral("saturated"), r.saturated } };
}

} // namespace raidscope
