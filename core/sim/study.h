// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "job.h"
#include "simresult.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>
#include <stop_token>
#include <vector>

namespace raidscope {

/// The largest number of BSUs a study searches (SPC-1 business scaling units of 50 I/O per second):
/// 10^5 BSUs are 5 million I/O per second, beyond any array the simulator models.
inline constexpr int kMaxStudyBsu = 100000;

/// The largest n in [lo, hi] for which `passes(n)` holds, assuming it holds up to some threshold and
/// fails above it (a monotone predicate); lo - 1 when it fails at lo. An upward doubling from lo finds
/// a failing bound first (so a low threshold costs few evaluations), then bisection. Each n is
/// evaluated at most once.
int largestPassing(int lo, int hi, const std::function<bool(int)>& passes);

/// One factor a study varies: a key of the array spec (overhead, chunk, cache, disks, rebuild,
/// fail, ...), `scheme` (the spec's first word: raid5, raid6, ...), or the workload's `bsu`.
struct StudyFactor
{
    QString key;
    QStringList values;
};

/// "overhead=27us,81us,324us": a key, '=', and comma-separated values; nullopt and a one-line error
/// naming what is wrong otherwise.
std::optional<StudyFactor> parseStudyFactor(const QString& text, QString* error);

/// `spec` with `key=value` set: the token for `key` replaced, or appended when absent; `scheme`
/// replaces the first word.
QString withSpecKey(const QString& spec, const QString& key, const QString& value);

/// What a study runs (SIMRAID's method, raid6-performance-evaluation-simraid.txt: "the maximum
/// Business Scale Unit (BSU) value for which the average response time does not exceed 30ms").
struct StudySpec
{
    QString arraySpec;
    QString workloadSpec;           ///< an spc1 workload; its bsu= is what the search sets
    std::vector<StudyFactor> factors; ///< one or two
    double limitMs = 30;            ///< the mean response time a load may reach and still pass
    int maxBsu = 4096;              ///< the search's upper end
};

/// One run of a study: the load, and what the users saw.
struct StudyRun
{
    int bsu = 0;
    double meanMs = 0;
    double p90Ms = 0;
    double iops = 0;
    bool passes = false; ///< meanMs <= the limit, and no request lost
};

/// One combination of the factors' values.
struct StudyPoint
{
    QStringList values;   ///< one per factor, in the factors' order
    QString arraySpec;    ///< the array as run
    QString workloadSpec; ///< the workload as run, without bsu= when the study searched it
    /// Searched: the largest BSUs whose mean response time stays within the limit (0: not even one
    /// BSU does; maxBsu: the search's end passed too). Unset when `bsu` is a factor.
    std::optional<int> maxBsu;
    bool atSearchEnd = false;      ///< the limit was not reached below StudySpec::maxBsu
    std::vector<StudyRun> runs;    ///< every load run, in the order run
    /// When `bsu` is a factor: the one run's whole result (stages and rebuild included).
    std::optional<SimResult> result;

    /// The run at the answer (maxBsu); nullptr when there is none (not searched, or 0 BSUs).
    const StudyRun* runAtMax() const
    {
        for (const StudyRun& r : runs)
            if (maxBsu && r.bsu == *maxBsu)
                return &r;
        return nullptr;
    }
};

struct StudyResult
{
    StudySpec spec;
    std::vector<StudyPoint> points; ///< the first factor's values outermost; the points finished
    bool cancelled = false;

    /// {"version": 1, "kind": "study", "array", "workload", "limitMs", "maxBsu",
    ///  "factors": [{"key", "values"}], "points": [{"values": {KEY: VALUE}, "array", "workload",
    ///  "maxBsu"?, "atSearchEnd"?, "runs": [{"bsu", "meanMs", "p90Ms", "iops", "passes"}],
    ///  "result"?: SimResult::toJson()}]} — what `study --json` prints.
    QJsonObject toJson() const;
};

/// Progress: a delta of the fraction done, and each point when it ends (in order).
struct StudySnapshot
{
    double fraction = 0;
    int pointIndex = 0;
    int pointCount = 1;
    bool pointDone = false;
    StudyPoint point;
};

/// Checks the spec without running it: factors (at most two, known forms), the workload an spc1 one,
/// every point's array and workload parse and fit. nullopt-equivalent false and a one-line error
/// naming the factor, value or key.
bool checkStudy(const StudySpec& spec, QString* error);

/// Runs every combination of the factors' values: with `bsu` among the factors, one simulation per
/// point; otherwise a search for the largest BSUs within the limit (largestPassing()). Points run on
/// up to `jobs` threads (0: one per core), with the same results as one after another; progress and
/// each point's end are reported in order. After a stop, `points` holds those reported done.
/// Precondition: checkStudy(spec) passed.
StudyResult runStudy(const StudySpec& spec, std::stop_token stop = {}, const Report<StudySnapshot>& report = {},
                     int jobs = 0);

} // namespace raidscope
