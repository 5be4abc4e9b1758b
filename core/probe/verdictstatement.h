// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The one statement of a probe's verdict (issue #54 item 2, "Honest verdicts"): what the Probe page's
// headline, the CLI's text, the JSON's `verdict.class` and the report all say. Where timing cannot
// tell layouts apart it names the class, most common layout first by a stated prior, with the
// class's confidence and the measurement that would split it; a probe that found no pattern says
// what its reads looked like instead of naming a layout.

#include <QJsonObject>
#include <QString>

#include <vector>

namespace raidscope {

struct ProbeResult;
struct ProbeVerdict;

/// One layout of the class of layouts that read alike (the verdict and its equivalents), policy
/// keys (paritywrite, mirrorread) folded into it: they change how the controller behaves, not where
/// the blocks are.
struct LayoutClassMember
{
    QString spec;      ///< the layout's spec without the policy keys
    QString name;      ///< "RAID 5 left-symmetric, 5 disks, 64 KiB chunks" (describeLayoutSpec())
    QString shortName; ///< "RAID 5 left-symmetric of 5" (shortLayoutName())
    int rank = 0;      ///< layoutCommonness(): 0 is Linux md's default, larger is rarer
    int configurations = 1; ///< specs of the verdict that differ from this one only in policies
};

/// The stated prior: how common a layout is, 0 first. Linux md's default (RAID 5 left-symmetric),
/// then mirrors (RAID 1, RAID 10 near), RAID 6 left-symmetric and RAID 0, the other RAID 5 variants,
/// RAID 10 far and offset, RAID 4, the other RAID 6 variants, then the rest (chained, ZIG-ZAG, ...).
/// An empty variant is the scheme's default.
int layoutCommonness(const QString& scheme, const QString& variant);
/// That order in words, as every view states it.
QString layoutOrderNote();
/// An array spec in words: "raid10 layout=far disks=5 copies=4 chunk=64KiB" -> "RAID 10 far, 5 disks,
/// 4 copies, 64 KiB chunks"; a note in parentheses ("(any layout, any chunk)") is kept after it.
QString describeLayoutSpec(const QString& spec);
/// The short form a headline lists: "RAID 10 far of 5 (4 copies)", "RAID 4 parity-last of 6".
QString shortLayoutName(const QString& spec);
/// "raid5" -> "RAID 5", "zigzag" -> "ZIG-ZAG striping", "chained" -> "chained declustering".
QString layoutSchemeName(const QString& scheme);
/// The verdict's layout and its equivalents as distinct layouts, ordered by layoutCommonness() (a
/// stable order: ties keep the probe's order, its own pick first).
std::vector<LayoutClassMember> lookAlikeClass(const ProbeVerdict& v);

/// The measurement that would tell a class's layouts apart, as far as this result can say.
enum class SplittingTest {
    None,            ///< no class: nothing to split
    WriteTest,       ///< no write was timed; the layouts write differently (parity, copies, disks)
    WriteTestEven,   ///< writes were timed, but a slow member blurs the read/write ratio that separates them
    LongerWriteTest, ///< writes were timed; the ratios lie within the measurement's noise
    NoTiming,        ///< they differ only in where parity or copies sit: no timing tells, the configuration does
};

struct VerdictStatement
{
    enum class Kind {
        Failed,     ///< the target failed
        Stopped,    ///< stopped before anything was decided
        Identified, ///< one layout (policies folded in)
        Class,      ///< one of several layouts that read alike
        Closest,    ///< not identified; a best candidate
        NoLayout,   ///< not identified; no candidate
        NoPattern,  ///< no pattern found and nothing identified: what the reads looked like
    };
    Kind kind = Kind::NoLayout;
    /// The first sentence every view leads with: "One of 8 layouts that read alike: RAID 5
    /// left-symmetric of 5, RAID 10 far of 5 (4 copies), RAID 10 offset of 5 (4 copies), …"
    QString headline;
    /// The second: the class's confidence and what would split it; for no pattern, what the reads
    /// looked like. May be empty.
    QString detail;
    double confidence = 0; ///< the class's (the verdict's confidence is the class's, ShearProbe's rank())
    std::vector<LayoutClassMember> members; ///< Identified: one; Class: two or more; else empty
    SplittingTest split = SplittingTest::None;
    QString splitText; ///< the splitting test in words ("a write test would separate them"), or empty

    /// headline and detail as one paragraph: the statement the CLI prints and the JSON carries.
    QString text() const;
    /// The headline cut to what a status line holds: "One of 8 layouts that read alike" for a class,
    /// else the headline.
    QString shortText() const;
    /// Only a single identified layout may be drawn as the array: a drawing of one of a class names it.
    bool namesOneLayout() const { return kind == Kind::Identified; }
    /// The JSON's `verdict.class` object (Identified and Class only; else empty): size, confidence,
    /// statement, order, splitBy, members [{spec, name, rank, configurations}].
    QJsonObject classJson() const;
    /// "write-test", "write-test-even", "longer-write-test", "no-timing", "none".
    static QString splittingTestName(SplittingTest test);
};

/// Named constants of the no-pattern statement, each with the measurement that set it.
struct NoPatternReads
{
    /// Reads one at a time faster than this (ms a read) came from no platter: a 15,000 rpm disk turns
    /// in 4 ms, so a random read waits 2 ms on average for its sector alone (the cheetah-15k preset,
    /// the fastest spindle RaidScope models, reads randomly at 5-6 ms).
    static constexpr double spindleReadMs = 0.5;
    /// Reads N at once less than this much faster than one at a time went to one device (or a cap):
    /// two disks serving them would read about 2x faster.
    static constexpr double parallelContrast = 1.3;
};

/// The statement of `r`'s verdict.
VerdictStatement verdictStatement(const ProbeResult& r);

} // namespace raidscope
