// SPDX-License-Identifier: GPL-3.0-or-later
// The report's executive summary (issue #54 item 6): what the array is, or the class of layouts
// that read alike when timing cannot tell them apart; its findings; what could not be determined
// and why; and one line for each other part of the work that was done in the workspace.
#include "reporttext_p.h"

#include "workspace/workspace.h"

#include <QFileInfo>
#include <QJsonObject>
#include <QRegularExpression>

#include <algorithm>

namespace raidscope::report {
namespace {

// Simulator policy keys an equivalent spec may carry: the same layout under another controller
// policy is the same layout in the class statement.
bool isPolicyKey(QStringView key) { return key == u"paritywrite" || key == u"mirrorread"; }

/// "64KiB" -> "64 KiB" (the report's unit style), other text as it is.
QString spacedUnit(const QString& size)
{
    static const QRegularExpression re(QStringLiteral("^(\\d+(?:\\.\\d+)?)([KMGT]?i?B)$"));
    const auto m = re.match(size);
    return m.hasMatch() ? m.captured(1) + u' ' + m.captured(2) : size;
}

/// How common a layout is, lowest first, for the order of a class (the stated prior): Linux md's
/// default (RAID 5 left-symmetric), then mirrors, RAID 6 left-symmetric and RAID 0, the other RAID
/// 5 variants, RAID 10 far and offset, RAID 4, the other RAID 6 variants, and the rest.
int commonness(const QString& scheme, const QString& variant)
{
    if (scheme == u"raid5")
        return variant.isEmpty() || variant == u"left-symmetric" ? 0 : 3;
    if (scheme == u"raid1" || (scheme == u"raid10" && (variant.isEmpty() || variant == u"near")))
        return 1;
    if ((scheme == u"raid6" && (variant.isEmpty() || variant == u"left-symmetric")) || scheme == u"raid0")
        return 2;
    if (scheme == u"raid10")
        return 4;
    if (scheme == u"raid4")
        return 5;
    if (scheme == u"raid6")
        return 6;
    return 7;
}

} // namespace

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

QString describeSpec(const QString& spec)
{
    // "raid10 layout=far disks=5 copies=4 chunk=64KiB" -> "RAID 10 far, 5 disks, 4 copies, 64 KiB chunks";
    // a note in parentheses ("(any layout, any chunk)") is kept after it.
    QString text = spec.trimmed();
    QString note;
    if (const qsizetype open = text.indexOf(u'('); open >= 0) {
        note = text.mid(open).trimmed();
        text = text.left(open).trimmed();
    }
    const QStringList tokens = text.split(u' ', Qt::SkipEmptyParts);
    if (tokens.isEmpty())
        return spec;
    QString variant, disks, copies, chunk;
    for (const QString& t : tokens.mid(1)) {
        const qsizetype eq = t.indexOf(u'=');
        const QString key = t.left(eq), value = t.mid(eq + 1);
        if (key == u"layout")
            variant = value;
        else if (key == u"disks")
            disks = value;
        else if (key == u"copies")
            copies = value;
        else if (key == u"chunk")
            chunk = value;
    }
    QString s = schemeName(tokens.front());
    if (!variant.isEmpty())
        s += u' ' + variant;
    if (!disks.isEmpty())
        s += disks == u"1" ? QObject::tr(", 1 disk") : QObject::tr(", %1 disks").arg(disks);
    if (!copies.isEmpty() && copies != u"1")
        s += QObject::tr(", %1 copies").arg(copies);
    if (!chunk.isEmpty())
        s += QObject::tr(", %1 chunks").arg(spacedUnit(chunk));
    return note.isEmpty() ? s : s + u' ' + note;
}

std::vector<ClassMember> lookAlikeClass(const ProbeVerdict& v)
{
    std::vector<ClassMember> members;
    QStringList specs;
    specs << (v.layoutSpec.isEmpty() ? v.spec : v.layoutSpec) << v.equivalents;
    for (const QString& spec : specs) {
        if (spec.trimmed().isEmpty())
            continue;
        QStringList layout, policies;
        const qsizetype open = spec.indexOf(u'(');
        const QString head = open >= 0 ? spec.left(open) : spec;
        for (const QString& t : head.split(u' ', Qt::SkipEmptyParts))
            (isPolicyKey(QStringView(t).left(t.indexOf(u'='))) ? policies : layout) << t;
        QString key = layout.join(u' ');
        if (open >= 0)
            key += u' ' + spec.mid(open).trimmed();
        const auto same = std::find_if(members.begin(), members.end(), [&](const ClassMember& m) { return m.spec == key; });
        if (same != members.end()) {
            same->configurations += 1;
            continue;
        }
        QString variant;
        for (const QString& t : layout)
            if (t.startsWith(u"layout="))
                variant = t.mid(7);
        members.push_back({ key, describeSpec(key), commonness(layout.value(0), variant), 1 });
    }
    std::stable_sort(members.begin(), members.end(), [](const ClassMember& a, const ClassMember& b) { return a.rank < b.rank; });
    return members;
}

QString classOrderNote()
{
    return QObject::tr("listed with the most common configuration first: Linux md's default (RAID 5 left-symmetric), then "
                       "mirrors, RAID 6 and RAID 0, the other RAID 5 variants, RAID 10 far and offset, RAID 4, and the rest");
}

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
        const std::vector<ClassMember> members = lookAlikeClass(v);
        QString array;
        if (v.identified && members.size() > 1) {
            QStringList names;
            for (const ClassMember& m : members)
                names << QStringLiteral("<li>") + esc(m.name) + QStringLiteral("</li>");
            array = QObject::tr("The array is <b>one of %1 layouts that read alike</b>; the probe is %2 confident that it is "
                                "one of them, and names none of them as the array. They are %3:")
                        .arg(members.size())
                        .arg(percent(v.confidence, 0), classOrderNote())
                + QStringLiteral("<ol>") + names.join(QString()) + QStringLiteral("</ol>");
            open << QObject::tr("<b>Which of the %1 layouts</b> the array is: each places the chunks so that every %2 the probe "
                                "timed costs the same.%3")
                        .arg(members.size())
                        .arg(probe->writes.empty() ? QObject::tr("read") : QObject::tr("read and write"),
                            probe->writes.empty()
                                ? QObject::tr(" The probe ran read-only: a write test (the probe writing the same bytes back) is "
                                              "the measurement that would add the evidence of the redundancy.")
                                : QString());
        } else if (v.identified) {
            array = QObject::tr("The array is <b>%1</b>, identified by timing it (confidence %2).")
                        .arg(esc(verdictLine(v)), percent(v.confidence, 0));
            if (!members.empty() && members.front().configurations > 1)
                open << QObject::tr("<b>The controller's policies</b> (how md writes parity or reads mirror copies): %1 "
                                    "configurations of this layout read alike.")
                            .arg(members.front().configurations);
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
        if (probe->writes.empty() && !(v.identified && members.size() > 1))
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
