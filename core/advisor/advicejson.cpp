// SPDX-License-Identifier: GPL-3.0-or-later
// The advisor's results as JSON and CSV: one writer for the CLI's --json and the page's saves.
#include "stripeadvisor.h"

#include "units.h"

#include <QJsonArray>

namespace raidscope {
namespace {

QJsonObject costJson(const RequestCost& c, int disks)
{
    return QJsonObject { { QStringLiteral("dataDisks"), c.dataDisks }, { QStringLiteral("ops"), c.ops },
        { QStringLiteral("extraOps"), c.extraOps }, { QStringLiteral("positioningMs"), c.positioningMs },
        { QStringLiteral("productiveMs"), c.productiveMs }, { QStringLiteral("serviceMs"), c.serviceMs() },
        { QStringLiteral("positioningShare"), c.positioningShare() },
        { QStringLiteral("saturatedIops"), saturatedIops(c, disks) } };
}

QString verdictName(HostStripeAdvice::Verdict v)
{
    switch (v) {
    case HostStripeAdvice::TooSmall: return QStringLiteral("too-small");
    case HostStripeAdvice::TooLarge: return QStringLiteral("too-large");
    case HostStripeAdvice::InRange: break;
    }
    return QStringLiteral("in-range");
}

} // namespace

QJsonObject adviceJson(const AdvisorOptions& o, const StripeAdvice& a, const StripeRecommendation& r,
                       const std::optional<HostStripeAdvice>& host, std::optional<std::uint64_t> currentChunk)
{
    const int disks = o.array.disks.value_or(0);
    QJsonArray sizes;
    for (const auto& s : o.sizes)
        sizes.append(QJsonObject { { QStringLiteral("bytes"), qint64(s.bytes) }, { QStringLiteral("weight"), s.weight } });
    const std::vector<std::uint64_t> curve = curveSizes();
    QJsonArray candidates;
    for (const CandidateCost& c : a.candidates) {
        QJsonArray points;
        for (std::size_t k = 0; k < curve.size() && k < c.readIopsBySize.size(); ++k)
            points.append(QJsonObject { { QStringLiteral("bytes"), qint64(curve[k]) }, { QStringLiteral("iops"), c.readIopsBySize[k] } });
        candidates.append(QJsonObject { { QStringLiteral("chunkBytes"), qint64(c.chunkBytes) },
            { QStringLiteral("array"), c.arraySpec }, { QStringLiteral("current"), currentChunk == c.chunkBytes },
            { QStringLiteral("read"), costJson(c.read, disks) }, { QStringLiteral("write"), costJson(c.write, disks) },
            { QStringLiteral("mixed"), costJson(c.mixed, disks) }, { QStringLiteral("readAligned"), costJson(c.readAligned, disks) },
            { QStringLiteral("writeAligned"), costJson(c.writeAligned, disks) },
            { QStringLiteral("mixedAligned"), costJson(c.mixedAligned, disks) }, { QStringLiteral("readIopsBySize"), points },
            { QStringLiteral("minervaMaxIops"), c.minervaMaxIops ? QJsonValue(*c.minervaMaxIops) : QJsonValue() },
            { QStringLiteral("simulated"),
                c.simulated ? QJsonValue(QJsonObject { { QStringLiteral("iops"), c.simulated->iops },
                                  { QStringLiteral("meanMs"), c.simulated->meanMs }, { QStringLiteral("p90Ms"), c.simulated->p90Ms },
                                  { QStringLiteral("p99Ms"), c.simulated->p99Ms } })
                            : QJsonValue() } });
    }
    QJsonObject recommendation { { QStringLiteral("close"), r.close }, { QStringLiteral("text"), r.text } };
    if (r.best >= 0)
        recommendation.insert(QStringLiteral("chunkBytes"), qint64(a.candidates[std::size_t(r.best)].chunkBytes));
    recommendation.insert(QStringLiteral("runnerUpChunkBytes"),
        r.runnerUp >= 0 ? QJsonValue(qint64(a.candidates[std::size_t(r.runnerUp)].chunkBytes)) : QJsonValue());
    return QJsonObject { { QStringLiteral("array"), o.array.toText() }, { QStringLiteral("sizes"), sizes },
        { QStringLiteral("readFraction"), o.readFraction }, { QStringLiteral("simulatedOutstanding"), o.simulateOutstanding },
        { QStringLiteral("drive"), QJsonObject { { QStringLiteral("positioningMs"), a.drive.positioningMs },
                                       { QStringLiteral("transferBytesPerSec"), a.drive.transferBytesPerSec },
                                       { QStringLiteral("source"), a.drive.source } } },
        { QStringLiteral("candidates"), candidates }, { QStringLiteral("recommendation"), recommendation },
        { QStringLiteral("hostStripe"),
            host ? QJsonValue(QJsonObject { { QStringLiteral("controllerStripeBytes"), qint64(host->controllerStripeBytes) },
                       { QStringLiteral("ratio"), host->ratio }, { QStringLiteral("low"), host->low },
                       { QStringLiteral("high"), host->high }, { QStringLiteral("verdict"), verdictName(host->verdict) },
                       { QStringLiteral("text"), host->text } })
                 : QJsonValue() } };
}

QString adviceCsv(const StripeAdvice& a, int disks)
{
    QString csv = QStringLiteral("chunkBytes,dataDisks,dataDisksAligned,ops,extraOps,positioningMs,productiveMs,serviceMs,"
                                 "positioningShare,saturatedIops,simulatedIops,simulatedP90Ms,minervaMaxIops\n");
    for (const CandidateCost& c : a.candidates)
        csv += QStringLiteral("%1,%2,%3,%4,%5,%6,%7,%8,%9,%10,%11,%12,%13\n")
                   .arg(c.chunkBytes)
                   .arg(c.mixed.dataDisks, 0, 'g', 6)
                   .arg(c.mixedAligned.dataDisks, 0, 'g', 6)
                   .arg(c.mixed.ops, 0, 'g', 6)
                   .arg(c.mixed.extraOps, 0, 'g', 6)
                   .arg(c.mixed.positioningMs, 0, 'g', 6)
                   .arg(c.mixed.productiveMs, 0, 'g', 6)
                   .arg(c.mixed.serviceMs(), 0, 'g', 6)
                   .arg(c.mixed.positioningShare(), 0, 'g', 6)
                   .arg(saturatedIops(c.mixed, disks), 0, 'g', 6)
                   .arg(c.simulated ? QString::number(c.simulated->iops, 'g', 6) : QString())
                   .arg(c.simulated ? QString::number(c.simulated->p90Ms, 'g', 6) : QString())
                   .arg(c.minervaMaxIops ? QString::number(*c.minervaMaxIops, 'g', 6) : QString());
    return csv;
}

} // namespace raidscope
