// SPDX-License-Identifier: GPL-3.0-or-later
// The JSON of `trace analyze` (LayoutAnalysis, LayoutAnalysisResult).
#include "layoutanalysis.h"

#include <QJsonArray>

namespace raidscope {

namespace {

QString key(const char* name)
{
    return QString::fromLatin1(name);
}

double fraction(std::uint64_t part, std::uint64_t whole)
{
    return whole > 0 ? double(part) / double(whole) : 0;
}

const char* redundancyName(Redundancy r)
{
    switch (r) {
    case Redundancy::None: return "none";
    case Redundancy::Mirror: return "mirror";
    case Redundancy::SingleParity: return "single-parity";
    case Redundancy::DoubleParity: return "double-parity";
    }
    return "?";
}

QJsonObject alignmentJson(const LayoutAnalysis& a)
{
    const AlignmentCounts& c = a.alignment;
    const std::uint64_t n = a.requests;
    return QJsonObject { { key("chunkAligned"), double(c.chunkAligned) },
        { key("chunkAlignedFraction"), fraction(c.chunkAligned, n) }, { key("stripeAligned"), double(c.stripeAligned) },
        { key("stripeAlignedFraction"), fraction(c.stripeAligned, n) },
        { key("crossings"), QJsonObject { { key("0"), double(c.crossings[0]) }, { key("1"), double(c.crossings[1]) },
                                { key("2+"), double(c.crossings[2]) } } },
        { key("crossingFractions"), QJsonObject { { key("0"), fraction(c.crossings[0], n) },
                                        { key("1"), fraction(c.crossings[1], n) }, { key("2+"), fraction(c.crossings[2], n) } } },
        { key("multiStripe"), double(c.multiStripe) }, { key("multiStripeFraction"), fraction(c.multiStripe, n) } };
}

QJsonObject writePathsJson(const LayoutAnalysis& a)
{
    QJsonObject o;
    for (std::size_t i = 0; i < kWritePaths; ++i) {
        const WritePathCount& c = a.writePaths[i];
        o[key(toString(WritePath(i)))] = QJsonObject { { key("requests"), double(c.requests) },
            { key("fraction"), fraction(c.requests, a.writes) }, { key("diskOps"), double(c.diskOps) },
            { key("extraOps"), double(c.extraOps) } };
    }
    return o;
}

std::uint64_t extraWriteOps(const LayoutAnalysis& a)
{
    std::uint64_t extra = 0;
    for (const WritePathCount& c : a.writePaths)
        extra += c.extraOps;
    return extra;
}

} // namespace

QJsonObject LayoutAnalysis::toJson() const
{
    if (!error.isEmpty())
        return QJsonObject { { key("array"), arraySpec }, { key("error"), error } };
    QJsonArray memberArray;
    for (int i = 0; i < int(members.size()); ++i) {
        const MemberLoad& m = members[std::size_t(i)];
        memberArray.append(QJsonObject { { key("member"), i }, { key("ops"), double(m.ops()) },
            { key("readOps"), double(m.readOps) }, { key("writeOps"), double(m.writeOps) },
            { key("bytesRead"), double(m.bytesRead) }, { key("bytesWritten"), double(m.bytesWritten) },
            { key("failed"), m.failed }, { key("speed"), m.speed } });
    }
    QJsonArray rows;
    for (int m = 0; m < timeline.members; ++m) {
        QJsonArray row;
        for (std::size_t b = 0; b < timeline.used; ++b)
            row.append(double(timeline.at(m, b)));
        rows.append(row);
    }
    QJsonObject timelineJson { { key("buckets"), double(timeline.used) }, { key("ops"), rows } };
    timelineJson[key(timeline.byRequest ? "bucketRequests" : "bucketNs")] = timeline.bucketWidth;
    QJsonArray hot;
    for (const HotChunk& h : hotChunks)
        hot.append(QJsonObject { { key("chunk"), double(h.chunk) }, { key("offsetBytes"), double(h.chunk * chunkBytes) },
            { key("requests"), double(h.requests) }, { key("share"), fraction(h.requests, requests) } });
    return QJsonObject { { key("array"), arraySpec }, { key("scheme"), scheme }, { key("disks"), disks },
        { key("dataDisks"), dataDisks }, { key("chunkBytes"), double(chunkBytes) },
        { key("stripeDataBytes"), double(stripeDataBytes) }, { key("redundancy"), key(redundancyName(redundancy)) },
        { key("requests"), double(requests) }, { key("reads"), double(reads) }, { key("writes"), double(writes) },
        { key("bytesRead"), double(bytesRead) }, { key("bytesWritten"), double(bytesWritten) },
        { key("wrapped"), double(wrapped) }, { key("lost"), double(lost) }, { key("diskOps"), double(diskOps) },
        { key("members"), memberArray }, { key("memberSkew"), memberSkew() }, { key("hottestMember"), hottestMember() },
        { key("timeline"), timelineJson }, { key("writePaths"), writePathsJson(*this) },
        { key("extraWriteOps"), double(extraWriteOps(*this)) }, { key("alignment"), alignmentJson(*this) },
        { key("hotChunks"), hot }, { key("hotChunkError"), double(hotChunkError) },
        { key("chunksTouched"), double(chunksTouched) }, { key("mirrorReadsOnPrimary"), mirrorReadsOnPrimary },
        { key("readCache"), readCache }, { key("timeDependent"), timeDependent } };
}

QJsonObject LayoutAnalysis::sweepJson() const
{
    if (!error.isEmpty())
        return QJsonObject { { key("chunkBytes"), double(chunkBytes) }, { key("array"), arraySpec }, { key("error"), error } };
    const AlignmentCounts& c = alignment;
    return QJsonObject { { key("chunkBytes"), double(chunkBytes) }, { key("array"), arraySpec },
        { key("chunkAligned"), fraction(c.chunkAligned, requests) },
        { key("stripeAligned"), fraction(c.stripeAligned, requests) },
        { key("crossing0"), fraction(c.crossings[0], requests) }, { key("crossing1"), fraction(c.crossings[1], requests) },
        { key("crossing2plus"), fraction(c.crossings[2], requests) },
        { key("multiStripe"), fraction(c.multiStripe, requests) },
        { key("fullStripe"), fraction(writePaths[std::size_t(WritePath::FullStripe)].requests, writes) },
        { key("reconstructWrite"), fraction(writePaths[std::size_t(WritePath::ReconstructWrite)].requests, writes) },
        { key("readModifyWrite"), fraction(writePaths[std::size_t(WritePath::ReadModifyWrite)].requests, writes) },
        { key("mixed"), fraction(writePaths[std::size_t(WritePath::Mixed)].requests, writes) },
        { key("extraOpsPerWrite"), writes > 0 ? double(extraWriteOps(*this)) / double(writes) : 0 },
        { key("diskOpsPerRequest"), requests > 0 ? double(diskOps) / double(requests) : 0 },
        { key("memberSkew"), memberSkew() },
        { key("hottestChunkShare"), hotChunks.empty() ? 0 : fraction(hotChunks.front().requests, requests) } };
}

QJsonObject LayoutAnalysisResult::toJson() const
{
    QJsonArray a, sweep;
    for (const LayoutAnalysis& x : arrays)
        a.append(x.toJson());
    for (const LayoutAnalysis& x : chunkSweep)
        sweep.append(x.sweepJson());
    return QJsonObject { { key("records"), double(records) }, { key("skippedLines"), double(skippedLines) },
        { key("format"), format }, { key("arrays"), a }, { key("chunkSweep"), sweep } };
}

} // namespace raidscope
