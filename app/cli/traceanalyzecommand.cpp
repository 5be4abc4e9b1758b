// SPDX-License-Identifier: GPL-3.0-or-later
// raidscope-cli trace analyze: a trace through an array's layout, without timing (#56).
#include "cliargs.h"
#include "commands.h"
#include "tracecommand.h"

#include "advisor/stripeadvisor.h"
#include "layout/arrayspec.h"
#include "trace/layoutanalysis.h"
#include "units.h"

#include <QJsonDocument>

namespace raidscope::cli {

namespace {

QString percent(std::uint64_t part, std::uint64_t whole)
{
    return QString::number(whole > 0 ? 100.0 * double(part) / double(whole) : 0.0, 'f', 1) + u'%';
}

QString textAnalysis(const LayoutAnalysis& r)
{
    if (!r.error.isEmpty())
        return QStringLiteral("%1\n  (refused: %2)\n").arg(r.arraySpec, r.error);
    QString t = QStringLiteral("%1\n  %2 requests (%3 reads, %4 writes) -> %5 disk operations")
                    .arg(r.arraySpec)
                    .arg(r.requests)
                    .arg(r.reads)
                    .arg(r.writes)
                    .arg(r.diskOps);
    if (r.wrapped > 0)
        t += QStringLiteral("; %1 past the array's end wrapped into it").arg(r.wrapped);
    if (r.lost > 0)
        t += QStringLiteral("; %1 touched lost data").arg(r.lost);
    t += QStringLiteral("\n  member      ops    reads   writes   MB read  MB written\n");
    for (int i = 0; i < int(r.members.size()); ++i) {
        const MemberLoad& m = r.members[std::size_t(i)];
        t += QStringLiteral("  %1 %2 %3 %4 %5 %6%7\n")
                 .arg(i, 6)
                 .arg(m.ops(), 8)
                 .arg(m.readOps, 8)
                 .arg(m.writeOps, 8)
                 .arg(double(m.bytesRead) / 1e6, 9, 'f', 1)
                 .arg(double(m.bytesWritten) / 1e6, 11, 'f', 1)
                 .arg(m.failed ? QStringLiteral("  failed") : m.speed != 1 ? QStringLiteral("  speed x%1").arg(m.speed) : QString());
    }
    t += QStringLiteral("  skew (busiest member / mean): %1, busiest member %2\n")
             .arg(r.memberSkew(), 0, 'f', 2)
             .arg(r.hottestMember());
    if (r.writes > 0) {
        t += QStringLiteral("  write path            writes  share  disk ops  extra ops\n");
        for (std::size_t i = 0; i < kWritePaths; ++i) {
            const WritePathCount& c = r.writePaths[i];
            if (c.requests == 0)
                continue;
            t += QStringLiteral("  %1 %2 %3 %4 %5\n")
                     .arg(QString::fromLatin1(toString(WritePath(i))), -18)
                     .arg(c.requests, 9)
                     .arg(percent(c.requests, r.writes), 6)
                     .arg(c.diskOps, 9)
                     .arg(c.extraOps, 10);
        }
    }
    const AlignmentCounts& al = r.alignment;
    t += QStringLiteral("  alignment: %1 start on a chunk (%2), %3 on a stripe (%4); chunk boundaries crossed: "
                        "0 %5, 1 %6, 2+ %7; %8 span stripes\n")
             .arg(percent(al.chunkAligned, r.requests), formatBytes(r.chunkBytes), percent(al.stripeAligned, r.requests),
                 formatBytes(r.stripeDataBytes), percent(al.crossings[0], r.requests), percent(al.crossings[1], r.requests),
                 percent(al.crossings[2], r.requests), percent(al.multiStripe, r.requests));
    if (!r.hotChunks.empty()) {
        t += QStringLiteral("  hot chunks (requests%1):").arg(r.hotChunkError > 0
                ? QStringLiteral(", each at most %1 under the truth").arg(r.hotChunkError) : QString());
        for (const HotChunk& h : r.hotChunks)
            t += QStringLiteral(" %1@%2").arg(h.requests).arg(formatBytes(h.chunk * r.chunkBytes));
        t += u'\n';
    }
    if (r.mirrorReadsOnPrimary)
        t += QStringLiteral("  note: the simulator reads a mirror's copy by mirrorread= as the queues stand; here every read "
                            "is counted on the data place (as mirrorread=primary)\n");
    if (r.readCache)
        t += QStringLiteral("  note: readcache= serves some reads in the simulator; here every read counts on disk\n");
    if (r.timeDependent)
        t += QStringLiteral("  note: fail=/rebuild= change the mapping during a run; here the array is as it starts\n");
    return t;
}

QString textSweep(const std::vector<LayoutAnalysis>& rows)
{
    QString t = QStringLiteral("chunk sizes side by side (the first array):\n"
                               "     chunk  aligned  cross 0  cross 1  cross 2+  full-stripe   rcw     rmw   mixed  extra/write  "
                               "ops/request  skew  hottest chunk\n");
    for (const LayoutAnalysis& r : rows) {
        if (!r.error.isEmpty()) {
            t += QStringLiteral("  %1  (refused: %2)\n").arg(formatBytes(r.chunkBytes), 8).arg(r.error);
            continue;
        }
        const auto w = [&](WritePath p) { return percent(r.writePaths[std::size_t(p)].requests, r.writes); };
        std::uint64_t extra = 0;
        for (const WritePathCount& c : r.writePaths)
            extra += c.extraOps;
        t += QStringLiteral("  %1 %2 %3 %4 %5 %6 %7 %8 %9 %10 %11 %12 %13\n")
                 .arg(formatBytes(r.chunkBytes), 8)
                 .arg(percent(r.alignment.chunkAligned, r.requests), 8)
                 .arg(percent(r.alignment.crossings[0], r.requests), 8)
                 .arg(percent(r.alignment.crossings[1], r.requests), 8)
                 .arg(percent(r.alignment.crossings[2], r.requests), 9)
                 .arg(w(WritePath::FullStripe), 12)
                 .arg(w(WritePath::ReconstructWrite), 6)
                 .arg(w(WritePath::ReadModifyWrite), 7)
                 .arg(w(WritePath::Mixed), 7)
                 .arg(r.writes > 0 ? double(extra) / double(r.writes) : 0.0, 12, 'f', 2)
                 .arg(r.requests > 0 ? double(r.diskOps) / double(r.requests) : 0.0, 12, 'f', 2)
                 .arg(r.memberSkew(), 5, 'f', 2)
                 .arg(r.hotChunks.empty() ? QString() : percent(r.hotChunks.front().requests, r.requests), 14);
    }
    return t;
}

} // namespace

int analyzeTrace(const CliArgs& a, const TraceJobOptions& o)
{
    LayoutAnalysisOptions lo;
    lo.read = o;
    const QStringList arrays = a.values(QStringLiteral("array"));
    if (arrays.size() != 1)
        return fail(arrays.isEmpty() ? QStringLiteral("trace analyze: --array SPEC is required (the array under study)")
                                     : QStringLiteral("trace analyze: --array is given %1 times; give the array under study "
                                                      "once and the others as --candidate SPEC")
                                           .arg(arrays.size()),
            Usage);
    QString error;
    const auto study = parseArraySpec(arrays.front(), &error);
    if (!study)
        return fail(QStringLiteral("trace analyze: --array %1: %2").arg(arrays.front(), error), Usage);
    lo.arraySpecs = arrays + a.values(QStringLiteral("candidate"));
    lo.sweepChunkBytes = defaultSweepChunkBytes();
    if (a.has(QStringLiteral("chunks"))) {
        if (a.value(QStringLiteral("chunks")) == u"none") {
            lo.sweepChunkBytes.clear();
        } else {
            const auto chunks = parseChunkList(a.value(QStringLiteral("chunks")), study->blockBytes, &error);
            if (!chunks)
                return fail(QStringLiteral("trace analyze: ") + error, Usage);
            lo.sweepChunkBytes = *chunks;
        }
    }
    if (a.has(QStringLiteral("hot"))) {
        const auto hot = a.number(QStringLiteral("hot"), QStringLiteral("a number of hot chunks"), 0, 1000, 10, &error);
        if (!hot || *hot != double(int(*hot)))
            return fail(QStringLiteral("trace analyze: ") + (hot ? QStringLiteral("--hot %1: expected a whole number").arg(*hot) : error),
                Usage);
        lo.hotChunks = int(*hot);
    }
    const LayoutAnalysisResult r = analyzeTraceLayout(a.positional().mid(1), lo, {},
        [](auto s) { traceProgress("analyze", s->fraction); });
    endTraceProgress();
    if (!r.ok)
        return fail(QStringLiteral("trace analyze: ") + r.error);
    if (a.flag(QStringLiteral("json"))) {
        out(QString::fromUtf8(QJsonDocument(r.toJson()).toJson(QJsonDocument::Indented)));
        return Ok;
    }
    QString t = QStringLiteral("%1 requests (%2) through the layout, no timing; operations are the simulator's per member\n\n")
                    .arg(r.records)
                    .arg(r.format);
    if (r.skippedLines > 0)
        t += QStringLiteral("%1 malformed lines skipped\n\n").arg(r.skippedLines);
    for (const LayoutAnalysis& x : r.arrays)
        t += textAnalysis(x) + u'\n';
    if (!r.chunkSweep.empty())
        t += textSweep(r.chunkSweep);
    out(t);
    return Ok;
}

} // namespace raidscope::cli
