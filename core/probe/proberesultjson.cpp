// SPDX-License-Identifier: GPL-3.0-or-later
// The probe's results as JSON (DESIGN.md "probe --json").
#include "shearprobe.h"

#include <QJsonArray>

namespace raidscope {
namespace {

QJsonArray pointsJson(const std::vector<PatternPoint>& v)
{
    QJsonArray a;
    for (const auto& p : v)
        a.append(QJsonObject { { QStringLiteral("patternBlocks"), qint64(p.patternBlocks) },
            { QStringLiteral("timeMs"), p.timeMs }, { QStringLiteral("slow"), p.slow } });
    return a;
}

} // namespace

QJsonObject IoCounts::toJson() const
{
    return QJsonObject { { QStringLiteral("warmup"), qint64(warmup) }, { QStringLiteral("calibration"), qint64(calibration) },
        { QStringLiteral("redundancy"), qint64(redundancy) }, { QStringLiteral("patternSize"), qint64(patternSize) },
        { QStringLiteral("boundaries"), qint64(boundaries) }, { QStringLiteral("pairwise"), qint64(pairwise) },
        { QStringLiteral("disks"), qint64(disks) } };
}

QJsonObject ProbeResult::toJson() const
{
    const ProbeVerdict& v = verdict;
    QJsonObject verdictJson { { QStringLiteral("identified"), v.identified }, { QStringLiteral("scheme"), v.scheme },
        { QStringLiteral("layout"), v.variant }, { QStringLiteral("disks"), v.disks }, { QStringLiteral("copies"), v.copies },
        { QStringLiteral("chunkBytes"), qint64(v.chunkBytes) }, { QStringLiteral("patternBytes"), qint64(v.patternBytes) },
        { QStringLiteral("confidence"), v.confidence }, { QStringLiteral("spec"), v.spec },
        { QStringLiteral("equivalents"), QJsonArray::fromStringList(v.equivalents) },
        { QStringLiteral("runnerUp"), v.runnerUp }, { QStringLiteral("runnerUpConfidence"), v.runnerUpConfidence },
        { QStringLiteral("failedDisk"), v.failedDisk }, { QStringLiteral("mdParityWrites"), v.mdParityWrites },
        { QStringLiteral("findings"), QJsonArray::fromStringList(v.findings) } };
    QJsonArray boundaryJson, pairJson, writeJson, diskJson, runs;
    for (const auto& b : boundaries)
        boundaryJson.append(QJsonObject { { QStringLiteral("offsetBlocks"), qint64(b.offsetBlocks) },
            { QStringLiteral("timeMs"), b.timeMs }, { QStringLiteral("boundary"), b.boundary } });
    for (const auto& p : pairs)
        pairJson.append(QJsonObject { { QStringLiteral("a"), qint64(p.a) }, { QStringLiteral("b"), qint64(p.b) },
            { QStringLiteral("timeMs"), p.timeMs }, { QStringLiteral("ratio"), p.ratio } });
    for (const auto& w : writes)
        writeJson.append(QJsonObject { { QStringLiteral("writes"), w.writes }, { QStringLiteral("mbps"), w.mbps } });
    for (const auto& d : disks)
        diskJson.append(QJsonObject { { QStringLiteral("disk"), d.disk }, { QStringLiteral("timeMs"), d.timeMs },
            { QStringLiteral("relative"), d.relative } });
    for (std::uint64_t r : chunkRunsBlocks)
        runs.append(qint64(r));
    QJsonObject iosJson { { QStringLiteral("total"), qint64(ios.total()) }, { QStringLiteral("perStep"), ios.toJson() },
        { QStringLiteral("shearSchedule"), qint64(shearScheduleIos) }, { QStringLiteral("shearScheduleSteps"), shearSchedule } };
    QJsonObject steps { { QStringLiteral("blockBytes"), qint64(blockBytes) }, { QStringLiteral("serialMs"), serialMs },
        { QStringLiteral("patternSize"), pointsJson(pattern) }, { QStringLiteral("patternBlocks"), qint64(patternBlocks) },
        { QStringLiteral("boundaries"), boundaryJson }, { QStringLiteral("chunkBlocks"), qint64(chunkBlocks) },
        { QStringLiteral("chunkRunsBlocks"), runs }, { QStringLiteral("pairs"), pairJson },
        { QStringLiteral("redundancy"), QJsonObject { { QStringLiteral("readMBps"), readMBps },
                                            { QStringLiteral("writes"), writeJson },
                                            { QStringLiteral("readWriteRatio"), readWriteRatio },
                                            { QStringLiteral("measuredReadWriteRatio"), measuredReadWriteRatio } } },
        { QStringLiteral("disks"), diskJson }, { QStringLiteral("calibration"), calibration.toJson() } };
    QJsonObject o { { QStringLiteral("version"), 1 }, { QStringLiteral("target"), target },
        { QStringLiteral("verdict"), verdictJson }, { QStringLiteral("ios"), iosJson }, { QStringLiteral("steps"), steps } };
    if (!error.isEmpty())
        o.insert(QStringLiteral("error"), error);
    if (stopped)
        o.insert(QStringLiteral("stopped"), true);
    return o;
}

QJsonObject ProbeCalibration::toJson() const
{
    return QJsonObject { { QStringLiteral("readsPerTest"), readsPerTest }, { QStringLiteral("serialMs"), serialMs },
        { QStringLiteral("queuedMs"), queuedMs }, { QStringLiteral("queuedReadMs"), queuedReadMs },
        { QStringLiteral("burstReads"), burstReads }, { QStringLiteral("spreadMs"), spreadMs } };
}

} // namespace raidscope
