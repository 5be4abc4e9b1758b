// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "stats/rng.h"

#include <QJsonObject>
#include <QString>

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace raidscope {

class Spc1Generator;

/// A workload as DESIGN.md "The workload spec" gives it:
/// `random read=0.5 size=32KiB outstanding=16 count=100000 seed=7`; or SPC-1's mix of streams,
/// `spc1 bsu=20 duration=60s seed=7` (spc1workload.h), open loop at 50 I/O per second per BSU.
struct WorkloadSpec
{
    enum Pattern : std::uint8_t { Random, Sequential, Spc1 };
    struct SizeWeight
    {
        std::uint64_t bytes = 0;
        double weight = 0; ///< normalised: the weights sum to 1
        double given = -1; ///< the weight as written (size=4KiB:60 -> 60; a size alone 1; 0 as 0), which toText() writes back; < 0: not written, weight x 100
    };

    Pattern pattern = Random;
    double readFraction = 1.0;
    std::vector<SizeWeight> sizes { { 4096, 1.0 } };
    int outstanding = 1;      ///< closed loop: requests kept in flight
    double ratePerSec = 0;    ///< open loop (Poisson arrivals) when > 0; then `outstanding` is unused
    std::uint64_t count = 10000;
    double runCount = 1;      ///< mean sequential run length in requests (Minerva §2.1); sequential: unbounded
    std::uint64_t regionBytes = 0; ///< 0: the whole array
    double hotSpaceFraction = 0;   ///< hot=20:80 -> 0.2 of the region ...
    double hotIoFraction = 0;      ///< ... receives 0.8 of the requests
    /// align=SIZE: random offsets are multiples of this (a multiple of the array's block, see
    /// checkWorkloadAlign()); 0, the default: the array's block, and toText()/toJson() omit it.
    std::uint64_t alignBytes = 0;
    std::uint64_t seed = 1;
    /// spc1: business scaling units, each 50 I/O per second (ratePerSec = 50 x bsu); 0 otherwise.
    int bsu = 0;
    /// spc1: the simulated time the run lasts (count = ratePerSec x duration, rounded), from
    /// duration=; 0 when count= was given instead.
    std::int64_t durationNs = 0;

    bool openLoop() const { return ratePerSec > 0; }
    double meanSizeBytes() const;
    QString toText() const;
    QJsonObject toJson() const;
};

/// The most requests one run may simulate (count=): about ten minutes at this machine's few million
/// simulated requests a second. README "Simulating" documents it.
inline constexpr std::uint64_t kMaxWorkloadCount = 1'000'000'000;
/// spc1: the most business scaling units (10 million I/O per second).
inline constexpr int kMaxSpc1Bsu = 200'000;
/// outstanding= at most (requests kept in flight in a closed loop).
inline constexpr int kMaxOutstanding = 65536;
/// rate= from one request in 1000 s to 10^9 a second (a gap of 10^12 ns keeps an exponential
/// draw far inside int64 nanoseconds; 1e-9 did not).
inline constexpr double kMinWorkloadRate = 1e-3, kMaxWorkloadRate = 1e9;
/// An open-loop run may last at most 10^9 s (31.7 years) of simulated time on average (count / rate),
/// so that the clock, int64 nanoseconds, cannot overflow.
inline constexpr double kMaxOpenLoopSeconds = 1e9;
/// spc1: the run's length when neither duration= nor count= is given.
inline constexpr std::int64_t kDefaultSpc1DurationNs = 60'000'000'000;

/// `PATTERN key=value ...`; nullopt and a one-line error naming the key when malformed.
std::optional<WorkloadSpec> parseWorkloadSpec(const QString& text, QString* error);
/// A size mix as the size= key takes it: "4KiB:60,128KiB:40" (weights normalised to sum 1; a size
/// alone weighs 1); false and a one-line error starting "size: " otherwise.
bool parseSizeMix(const QString& text, std::vector<WorkloadSpec::SizeWeight>& out, QString* error);

/// Whether the workload fits an array of `arrayBytes`: region= no larger than the array and every
/// request size no larger than the region (or the array). false and a one-line error naming the
/// key otherwise; the generator would cut them down while the spec still showed the user's value.
/// spc1: the array must hold ASU-1 and ASU-2 of at least 40 MiB each (Spc1Layout::minArrayBytes()).
bool checkWorkloadFits(const WorkloadSpec& spec, std::uint64_t arrayBytes, QString* error);

/// Whether align= suits an array of `blockBytes` blocks: a multiple of the block (requests start on
/// block boundaries). false and a one-line error naming align= and the block otherwise.
/// spc1: its 4 KiB blocks must be whole blocks of the array (block= of 4 KiB or a divisor of it).
bool checkWorkloadAlign(const WorkloadSpec& spec, std::uint64_t blockBytes, QString* error);

/// One logical request.
struct IoRequest
{
    std::uint64_t offsetBytes = 0;
    std::uint64_t sizeBytes = 0;
    bool write = false;
};

/// Draws the requests of a workload over an array of `arrayBytes`, every offset aligned to `alignBytes`.
/// Deterministic for a given seed. No allocation per request.
class WorkloadGenerator
{
public:
    WorkloadGenerator(const WorkloadSpec& spec, std::uint64_t arrayBytes, std::uint64_t alignBytes);
    ~WorkloadGenerator();
    WorkloadGenerator(WorkloadGenerator&&) noexcept;
    WorkloadGenerator& operator=(WorkloadGenerator&&) noexcept;

    IoRequest next();
    /// spc1: the stream (0..7, spc1Streams()) of the last request next() drew; -1 for other patterns.
    int lastStream() const { return m_lastStream; }
    /// Time to the next arrival of an open-loop workload, in nanoseconds (exponential).
    double nextGapNs() { return m_rng.exponential(m_meanGapNs); }

private:
    std::uint64_t drawSize();
    std::uint64_t drawOffset(std::uint64_t sizeBytes);

    WorkloadSpec m_spec;
    Rng m_rng;
    std::uint64_t m_regionBytes;
    std::uint64_t m_alignBytes;
    std::uint64_t m_nextSequential = 0;
    double m_meanGapNs = 0;
    std::vector<double> m_cumulativeWeights;
    std::unique_ptr<Spc1Generator> m_spc1; ///< spc1 only
    int m_lastStream = -1;
};

} // namespace raidscope
