// SPDX-License-Identifier: GPL-3.0-or-later
#include "verdictstatement.h"

#include "shearprobe.h"

#include <QJsonArray>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <tuple>

namespace raidscope {
namespace {

// Simulator policy keys an equivalent spec may carry: the same layout under another controller
// policy is the same layout in the class statement.
bool isPolicyKey(QStringView key) { return key == u"paritywrite" || key == u"mirrorread"; }

/// "64KiB" -> "64 KiB" (the statement's unit style), other text as it is.
QString spacedUnit(const QString& size)
{
    static const QRegularExpression re(QStringLiteral("^(\\d+(?:\\.\\d+)?)([KMGT]?i?B)$"));
    const auto m = re.match(size);
    return m.hasMatch() ? m.captured(1) + u' ' + m.captured(2) : size;
}

/// A spec's scheme and its layout keys; the note in parentheses, if any, apart.
struct SpecWords
{
    QString scheme, variant, disks, copies, chunk, note;
};

SpecWords words(const QString& spec)
{
    SpecWords w;
    QString text = spec.trimmed();
    if (const qsizetype open = text.indexOf(u'('); open >= 0) {
        w.note = text.mid(open).trimmed();
        text = text.left(open).trimmed();
    }
    const QStringList tokens = text.split(u' ', Qt::SkipEmptyParts);
    if (tokens.isEmpty())
        return w;
    w.scheme = tokens.front();
    for (const QString& t : tokens.mid(1)) {
        const qsizetype eq = t.indexOf(u'=');
        const QString key = t.left(eq), value = t.mid(eq + 1);
        if (key == u"layout")
            w.variant = value;
        else if (key == u"disks")
            w.disks = value;
        else if (key == u"copies")
            w.copies = value;
        else if (key == u"chunk")
            w.chunk = value;
    }
    return w;
}

QString percentText(double fraction) { return QString::number(qRound(fraction * 100)) + QStringLiteral(" %"); }

/// "disk 2", "disks 1 and 3", "a slow member".
QString diskList(const std::vector<int>& disks)
{
    if (disks.empty())
        return QStringLiteral("the slow member");
    QStringList n;
    for (int d : disks)
        n << QString::number(d);
    if (n.size() == 1)
        return QStringLiteral("disk ") + n.front();
    const QString last = n.takeLast();
    return QStringLiteral("disks ") + n.join(QStringLiteral(", ")) + QStringLiteral(" and ") + last;
}

/// What would split `members` (two or more), and its words.
std::pair<SplittingTest, QString> splittingTest(const ProbeResult& r, const std::vector<LayoutClassMember>& members)
{
    // Layouts of one scheme, disk count and copies write alike: they differ only in where parity or
    // the copies sit, which no timing of reads or writes shows.
    QSet<QString> kinds;
    for (const LayoutClassMember& m : members) {
        const SpecWords w = words(m.spec);
        kinds.insert(w.scheme + u'/' + w.disks + u'/' + w.copies);
    }
    if (kinds.size() == 1)
        return { SplittingTest::NoTiming,
            QStringLiteral("no timing tells them apart (they differ only in where parity or copies sit); the array's own "
                           "configuration does (mdadm --detail on Linux md)") };
    const bool partial = kinds.size() < qsizetype(members.size());
    const QString which = partial ? QStringLiteral("would tell their RAID levels, disks and copies apart, not where their parity or copies sit")
                                  : QStringLiteral("would separate them");
    const bool writesTimed = r.readWriteRatio > 0 || !r.writes.empty();
    if (!writesTimed)
        return { SplittingTest::WriteTest,
            QStringLiteral("a write test (safe writes: each puts back the bytes just read) ") + which };
    if (const ProbeFinding* slow = r.verdict.find(ProbeFinding::Kind::SlowDisk))
        return { SplittingTest::WriteTestEven,
            QStringLiteral("the write test again, once %1 runs as fast as the others, %2: the slow member blurs the "
                           "read/write ratio that tells them apart")
                .arg(diskList(slow->disks), which) };
    return { SplittingTest::LongerWriteTest,
        QStringLiteral("a longer write test %1: their read/write ratios lie within the measured one's noise").arg(which) };
}

/// What N reads one at a time and N at once looked like, where no pattern was found.
QString noPatternReads(const ProbeResult& r)
{
    const int n = r.calibration.readsPerTest;
    const double serialMs = r.serialMs > 0 ? r.serialMs : r.calibration.serialMs;
    if (n <= 0 || serialMs <= 0)
        return QStringLiteral("The probe timed too few reads to say what serves them; nothing it measured implies a layout.");
    const double perReadMs = serialMs / n;
    if (perReadMs < NoPatternReads::spindleReadMs)
        return QStringLiteral("Random reads took %1 ms each: reads this fast are a cache or a single fast device (flash or "
                              "memory), not spindles, and their timing shows no layout.")
            .arg(perReadMs, 0, 'f', perReadMs < 0.1 ? 3 : 2);
    const double spreadMs = r.calibration.spreadMs;
    const double contrast = spreadMs > 0 ? serialMs / spreadMs : 0;
    if (contrast > 0 && contrast < NoPatternReads::parallelContrast)
        return QStringLiteral("%1 random reads at once took about as long as one at a time (%2x faster, %3 ms a read): one "
                              "device serves them, or a cap on requests paces them, and their timing shows no layout.")
            .arg(n)
            .arg(contrast, 0, 'f', 2)
            .arg(perReadMs, 0, 'f', 1);
    if (contrast > 0)
        return QStringLiteral("%1 random reads at once ran %2x faster than one at a time (%3 ms a read), so several disks "
                              "serve them, but no assumed pattern size put them all on one disk: every block may be "
                              "readable from several disks, as in a mirror of whole disks%4.")
            .arg(n)
            .arg(contrast, 0, 'f', 1)
            .arg(perReadMs, 0, 'f', 1)
            .arg(r.readWriteRatio > 0 || !r.writes.empty() ? QString() : QStringLiteral(" (a write test would count the copies)"));
    return QStringLiteral("Random reads took %1 ms each, and no assumed pattern size put them all on one disk.").arg(perReadMs, 0, 'f', 1);
}

} // namespace

QString layoutSchemeName(const QString& scheme)
{
    if (scheme == u"zigzag")
        return QStringLiteral("ZIG-ZAG striping");
    if (scheme == u"chained")
        return QStringLiteral("chained declustering");
    if (scheme.startsWith(u"raid"))
        return QStringLiteral("RAID ") + scheme.mid(4);
    return scheme;
}

int layoutCommonness(const QString& scheme, const QString& variant)
{
    if (scheme == u"raid5")
        return variant.isEmpty() || variant == u"left-symmetric" || variant == u"ls" ? 0 : 3;
    if (scheme == u"raid1" || (scheme == u"raid10" && (variant.isEmpty() || variant == u"near")))
        return 1;
    if ((scheme == u"raid6" && (variant.isEmpty() || variant == u"left-symmetric" || variant == u"ls")) || scheme == u"raid0")
        return 2;
    if (scheme == u"raid10")
        return 4;
    if (scheme == u"raid4")
        return 5;
    if (scheme == u"raid6")
        return 6;
    return 7;
}

QString layoutOrderNote()
{
    return QStringLiteral("listed with the most common configuration first: Linux md's default (RAID 5 left-symmetric), then "
                          "mirrors, RAID 6 and RAID 0, the other RAID 5 variants, RAID 10 far and offset, RAID 4, and the rest");
}

QString describeLayoutSpec(const QString& spec)
{
    const SpecWords w = words(spec);
    if (w.scheme.isEmpty())
        return spec;
    QString s = layoutSchemeName(w.scheme);
    if (!w.variant.isEmpty())
        s += u' ' + w.variant;
    if (!w.disks.isEmpty())
        s += w.disks == u"1" ? QStringLiteral(", 1 disk") : QStringLiteral(", %1 disks").arg(w.disks);
    if (!w.copies.isEmpty() && w.copies != u"1")
        s += QStringLiteral(", %1 copies").arg(w.copies);
    if (!w.chunk.isEmpty())
        s += QStringLiteral(", %1 chunks").arg(spacedUnit(w.chunk));
    return w.note.isEmpty() ? s : s + u' ' + w.note;
}

QString shortLayoutName(const QString& spec)
{
    const SpecWords w = words(spec);
    if (w.scheme.isEmpty())
        return spec;
    QString s = layoutSchemeName(w.scheme);
    if (!w.variant.isEmpty())
        s += u' ' + w.variant;
    if (!w.disks.isEmpty())
        s += QStringLiteral(" of ") + w.disks;
    if (!w.copies.isEmpty() && w.copies != u"1")
        s += QStringLiteral(" (%1 copies)").arg(w.copies);
    return s;
}

std::vector<LayoutClassMember> lookAlikeClass(const ProbeVerdict& v)
{
    std::vector<LayoutClassMember> members;
    QStringList specs;
    specs << (v.layoutSpec.isEmpty() ? v.spec : v.layoutSpec) << v.equivalents;
    for (const QString& spec : specs) {
        if (spec.trimmed().isEmpty())
            continue;
        QStringList layout;
        const qsizetype open = spec.indexOf(u'(');
        const QString head = open >= 0 ? spec.left(open) : spec;
        for (const QString& t : head.split(u' ', Qt::SkipEmptyParts))
            if (!isPolicyKey(QStringView(t).left(t.indexOf(u'='))))
                layout << t;
        QString key = layout.join(u' ');
        if (open >= 0)
            key += u' ' + spec.mid(open).trimmed();
        const auto same = std::find_if(members.begin(), members.end(), [&](const LayoutClassMember& m) { return m.spec == key; });
        if (same != members.end()) {
            same->configurations += 1;
            continue;
        }
        const SpecWords w = words(key);
        members.push_back({ key, describeLayoutSpec(key), shortLayoutName(key), layoutCommonness(w.scheme, w.variant), 1 });
    }
    std::stable_sort(members.begin(), members.end(),
        [](const LayoutClassMember& a, const LayoutClassMember& b) { return a.rank < b.rank; });
    return members;
}

QString VerdictStatement::text() const { return detail.isEmpty() ? headline : headline + u' ' + detail; }

QString VerdictStatement::shortText() const
{
    return kind == Kind::Class ? QStringLiteral("One of %1 layouts that read alike.").arg(members.size()) : headline;
}

QString VerdictStatement::splittingTestName(SplittingTest test)
{
    switch (test) {
    case SplittingTest::None:
        return QStringLiteral("none");
    case SplittingTest::WriteTest:
        return QStringLiteral("write-test");
    case SplittingTest::WriteTestEven:
        return QStringLiteral("write-test-even");
    case SplittingTest::LongerWriteTest:
        return QStringLiteral("longer-write-test");
    case SplittingTest::NoTiming:
        return QStringLiteral("no-timing");
    }
    return {};
}

QJsonObject VerdictStatement::classJson() const
{
    if (kind != Kind::Identified && kind != Kind::Class)
        return {};
    QJsonArray list;
    for (const LayoutClassMember& m : members)
        list.append(QJsonObject { { QStringLiteral("spec"), m.spec }, { QStringLiteral("name"), m.name },
            { QStringLiteral("rank"), m.rank }, { QStringLiteral("configurations"), m.configurations } });
    return { { QStringLiteral("size"), qint64(members.size()) }, { QStringLiteral("confidence"), confidence },
        { QStringLiteral("statement"), text() }, { QStringLiteral("order"), layoutOrderNote() },
        { QStringLiteral("splitBy"), splittingTestName(split) }, { QStringLiteral("split"), splitText },
        { QStringLiteral("members"), list } };
}

VerdictStatement verdictStatement(const ProbeResult& r)
{
    const ProbeVerdict& v = r.verdict;
    VerdictStatement s;
    s.confidence = v.confidence;
    if (!r.error.isEmpty()) {
        s.kind = VerdictStatement::Kind::Failed;
        s.headline = QStringLiteral("The probe failed.");
        s.detail = r.error;
        return s;
    }
    if (v.identified) {
        s.members = lookAlikeClass(v);
        if (s.members.size() > 1) {
            s.kind = VerdictStatement::Kind::Class;
            QStringList names;
            for (std::size_t i = 0; i < s.members.size() && i < 3; ++i)
                names << s.members[i].shortName;
            // The first three by the prior; "…" says there are more (the details list them all).
            s.headline = QStringLiteral("One of %1 layouts that read alike: %2%3")
                             .arg(s.members.size())
                             .arg(names.join(QStringLiteral(", ")), s.members.size() > 3 ? QStringLiteral(", …") : QStringLiteral("."));
            std::tie(s.split, s.splitText) = splittingTest(r, s.members);
            s.detail = QStringLiteral("The probe is %1 confident that the array is one of them and names none of them as "
                                      "the array; %2.")
                           .arg(percentText(v.confidence), s.splitText);
            return s;
        }
        s.kind = VerdictStatement::Kind::Identified;
        s.headline = QStringLiteral("Identified: %1.").arg(v.spec);
        s.detail = QStringLiteral("Confidence %1.").arg(percentText(v.confidence));
        if (!s.members.empty() && s.members.front().configurations > 1)
            s.detail += QStringLiteral(" %1 configurations of this layout, differing only in the controller's policies (how "
                                       "md writes parity or reads mirror copies), read alike.")
                            .arg(s.members.front().configurations);
        return s;
    }
    if (r.stopped) {
        s.kind = VerdictStatement::Kind::Stopped;
        s.headline = QStringLiteral("Stopped before a verdict.");
        s.detail = QStringLiteral("The result is partial: it names no layout.");
        return s;
    }
    if (r.patternBlocks == 0) {
        s.kind = VerdictStatement::Kind::NoPattern;
        s.headline = QStringLiteral("No pattern found: no layout is named.");
        s.detail = noPatternReads(r);
        return s;
    }
    if (v.spec.isEmpty()) {
        s.kind = VerdictStatement::Kind::NoLayout;
        s.headline = QStringLiteral("Not identified: no installed layout explains the measurements.");
        return s;
    }
    s.kind = VerdictStatement::Kind::Closest;
    s.headline = QStringLiteral("Not identified; closest: %1.").arg(v.spec);
    s.detail = QStringLiteral("It fits at %1 among the layouts, but the findings say why it is not the array's verdict.")
                   .arg(percentText(v.confidence));
    return s;
}

} // namespace raidscope
