// SPDX-License-Identifier: GPL-3.0-or-later
// The report's executive summary (issue #54 item 6): what the array is, or the class of layouts
// that read alike when timing cannot tell them apart; its findings; what could not be determined
// and why; and one line for each other part of the work that was done in the workspace.
#include "reporttext_p.h"

#include "probe/verdictstatement.h"
#include "workspace/workspace.h"

#include <QFileInfo>
#include <QJsonObject>
#include <QRegularExpression>

#include <algorithm>

namespace raidscope::report {

QString withoutPaths(const QString& text)
{
    // "/dev/md0 (block device ...)" -> "md0 (block device ...)"; "open /home/a/b.json: ..." -> "open b.json: ...".
    // A path is a run of at least one "/name" not preceded by a word character (so "MB/s", "KiB/s",
    // "read/write" and "</b>" stay).
    static const QRegularExpression re(QStringLiteral("(?<![\\w<.~])(?:~|\\.{1,2})?(?:/[^\\s/()'\",;:<>]+)+/?"));
    QString out;
    qsizetype at = 0;
    for (auto it = re.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        out += text.mid(at, m.capturedStart() - at);
        QString path = m.captured();
        while (path.endsWith(u'/'))
            path.chop(1);
        out += QFileInfo(path).fileName();
        at = m.capturedEnd();
    }
    return out + text.mid(at);
}

QString describeSpec(const QString& spec) { return describeLayoutSpec(spec); }

std::vector<ClassMember> lookAlikeClass(const ProbeVerdict& v) { return raidscope::lookAlikeClass(v); }

QString classOrderNote() { return layoutOrderNote(); }

namespace {

QString list(const QStringList& items)
{
    QString h = QStringLiteral("<ul>");
    for (const QString& i : items)
        h += QStringLiteral("<li>") + i + QStringLiteral("</li>");
    return h + QStringLiteral("</ul>");
}

bool decidingFinding(ProbeFinding::Kind k)
{
    using K = ProbeFinding::Kind;
    return k == K::NoLayout || k == K::NoPattern || k == K::Undecided || k == K::WeakEvidence;
}

} // namespace

QString executiveSummary(const Workspace& w)
{
    QString h = QStringLiteral("<h2>") + esc(QObject::tr("Summary")) + QStringLiteral("</h2>");
    QStringList open; // what could not be determined, and why
    const ProbeResult* probe = w.probe && w.probe->result ? &*w.probe->result : nullptr;
    if (probe) {
        const ProbeVerdict& v = probe->verdict;
        const VerdictStatement statement = verdictStatement(*probe);
        const std::vector<ClassMember>& members = statement.members;
        QString array;
        if (statement.kind == VerdictStatement::Kind::Class) {
            // The statement every view shows (verdictstatement.h), then the whole class in its order.
            QStringList names;
            for (const ClassMember& m : members)
                names << QStringLiteral("<li>") + esc(m.name) + QStringLiteral("</li>");
            array = QStringLiteral("<b>") + esc(statement.headline) + QStringLiteral("</b> ") + esc(statement.detail) + QStringLiteral(" ")
                + QObject::tr("They are %1:").arg(classOrderNote()) + QStringLiteral("<ol>") + names.join(QString())
                + QStringLiteral("</ol>");
            open << QObject::tr("<b>Which of the %1 layouts</b> the array is: each places the chunks so that every %2 the probe "
                                "timed costs the same; %3.")
                        .arg(members.size())
                        .arg(probe->writes.empty() ? QObject::tr("read") : QObject::tr("read and write"), esc(statement.splitText));
        } else if (v.identified) {
            array = QObject::tr("The array is <b>%1</b>, identified by timing it (confidence %2).")
                        .arg(esc(verdictLine(v)), percent(v.confidence, 0));
            if (!members.empty() && members.front().configurations > 1)
                open << QObject::tr("<b>The controller's policies</b> (how md writes parity or reads mirror copies): %1 "
                                    "configurations of this layout read alike.")
                            .arg(members.front().configurations);
        } else if (statement.kind == VerdictStatement::Kind::NoPattern) {
            // What the reads looked like, and no layout named (verdictstatement.h).
            array = QStringLiteral("<b>") + esc(statement.headline) + QStringLiteral("</b> ") + esc(statement.detail);
            open << QObject::tr("<b>The layout</b>: no pattern showed in the reads, so nothing the probe measured names one.");
        } else {
            array = v.spec.isEmpty() ? QObject::tr("The probe could not identify the array: no known layout explains its measurements.")
                                     : QObject::tr("The probe could not identify the array with confidence (best candidate %1, "
                                                   "confidence %2).")
                                           .arg(esc(describeSpec(v.spec)), percent(v.confidence, 0));
            QStringList why;
            for (const ProbeFinding& f : v.findings)
                if (decidingFinding(f.kind))
                    why << esc(withoutPaths(f.text));
            open << QObject::tr("<b>The layout</b>: %1.")
                        .arg(why.isEmpty() ? QObject::tr("no installed layout explains the measurements at the confidence asked")
                                           : why.join(QStringLiteral("; ")));
        }
        h += QStringLiteral("<p>") + array + QStringLiteral("</p>");
        QStringList findings;
        for (const ProbeFinding& f : v.findings)
            if (!decidingFinding(f.kind))
                findings << esc(withoutPaths(f.text));
        h += QStringLiteral("<p><b>") + esc(QObject::tr("Findings")) + QStringLiteral("</b></p>");
        h += findings.isEmpty() ? QStringLiteral("<p>")
                + QObject::tr("None: no slow, fast or failed disk, no shared disk and no other irregularity was found.")
                + QStringLiteral("</p>")
                                : list(findings);
        if (probe->stopped)
            open << QObject::tr("<b>Everything after the point where the probe was stopped</b>: the result is partial.");
        if (!probe->error.isEmpty())
            open << QObject::tr("<b>What the failed target did not answer</b>: %1").arg(esc(withoutPaths(probe->error)));
        if (probe->writes.empty() && statement.kind != VerdictStatement::Kind::Class)
            open << QObject::tr("<b>The redundancy by writes</b>: the probe ran read-only, so no write was timed.");
    } else {
        open << QObject::tr("<b>The array's layout</b>: no probe was run in this workspace, so this report does not say how the "
                            "array is laid out.");
    }

    // One line for each other part of the work that was done.
    QStringList done;
    if (w.simulate && w.simulate->results && !w.simulate->results->points.empty()) {
        const OutstandingSweepResult& s = *w.simulate->results;
        done << QObject::tr("A simulation of %1 under %2 (%3).")
                    .arg(code(s.arraySpec), code(s.workloadSpec),
                        s.points.size() == 1 ? QObject::tr("one run") : QObject::tr("%1 points").arg(s.points.size()));
    }
    if (w.traces && w.traces->summary)
        done << QObject::tr("A trace of %1 requests summarized%2.")
                    .arg(count(w.traces->summary->records),
                        w.traces->replay && !w.traces->replay->arrays.empty()
                            ? QObject::tr(" and replayed through %1 candidate arrays").arg(w.traces->replay->arrays.size())
                            : QString());
    else if (w.traces && w.traces->replay && !w.traces->replay->arrays.empty())
        done << QObject::tr("A trace replayed through %1 candidate arrays.").arg(w.traces->replay->arrays.size());
    if (w.advisor && !w.advisor->advice.isEmpty()) {
        const QJsonObject& a = w.advisor->advice;
        const QJsonObject rec = a.value(QStringLiteral("recommendation")).toObject();
        if (rec.contains(QStringLiteral("chunkBytes")))
            done << QObject::tr("The stripe-size advisor, run on %1, recommends a chunk (stripe unit) of <b>%2</b>.")
                        .arg(code(a.value(QStringLiteral("array")).toString()),
                            esc(bytes(std::uint64_t(rec.value(QStringLiteral("chunkBytes")).toDouble()))));
        else
            done << QObject::tr("The stripe-size advisor, run on %1.").arg(code(a.value(QStringLiteral("array")).toString()));
    }
    if (!done.isEmpty()) {
        h += QStringLiteral("<p><b>") + esc(QObject::tr("Also in this report")) + QStringLiteral("</b></p>") + list(done);
        // What that work started from (#54 item 1), and what it assumed that nothing measured.
        if (w.arrayUnderStudy && !w.arrayUnderStudy->spec.isEmpty()) {
            const ArrayUnderStudy& a = *w.arrayUnderStudy;
            QString line = QObject::tr("The array under study was %1").arg(code(a.spec));
            if (!a.origin.isEmpty())
                line += QObject::tr(", from %1").arg(esc(withoutPaths(a.origin)));
            if (!a.carried.isEmpty())
                line += QObject::tr("; carried over: %1").arg(esc(a.carried.join(QStringLiteral("; "))));
            if (!a.assumed.isEmpty())
                line += QObject::tr("; assumed: %1").arg(esc(a.assumed.join(QStringLiteral("; "))));
            h += QStringLiteral("<p>") + line + QStringLiteral(".</p>");
        }
    }
    if (!open.isEmpty())
        h += QStringLiteral("<p><b>") + esc(QObject::tr("Not determined")) + QStringLiteral("</b></p>") + list(open);
    if (!probe && done.isEmpty())
        h += QStringLiteral("<p>")
            + QObject::tr("The workspace holds no results: nothing was measured, simulated or computed in it.") + QStringLiteral("</p>");
    return h;
}

} // namespace raidscope::report
