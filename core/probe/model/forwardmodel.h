// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The probe model's forward half (docs/design/probe.md): what a hypothesis (an installed layout
// times an environment) predicts every Shear test takes. Every Shear step is one shape of test here:
// reads at random instances of a period plus an offset (Shear §2.3: "N random segments"), so one
// primitive predicts the pattern scan (§2.3.1), the boundary test (§2.3.2), the chunk pairs (§2.3.3)
// and spread random reads; writes give the read/write ratio (§2.3.4).

#include "probe/layoutmodel.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <vector>

namespace raidscope::probemodel {

/// How a member turns its queue into time.
enum class MemberKind {
    Positioning, ///< seeks and rotates, one request at a time in arrival order (FIFO)
    Reordering,  ///< seeks and rotates, and serves the queued request nearest the head first (SPTF, NCQ)
    SeekOrdered, ///< the same, ordered by seek distance alone (an elevator, SSTF): rotation and settle stay
    RateLimited, ///< a request-rate limiter with no positioning time (QEMU's throttle, a cloud volume)
};
QString memberKindName(MemberKind kind);

/// How reads of a block with several copies are sent.
enum class CopyReads {
    Balanced, ///< to the copy with the shortest queue (water-filling over the copies)
    OneCopy,  ///< a batch's reads of one chunk stay on one copy (md's nearest head); spread reads balance
};

/// The environment half of a hypothesis: what the array's members and controller do beside the layout.
struct Environment
{
    MemberKind kind = MemberKind::Positioning;
    CopyReads copyReads = CopyReads::Balanced;
    bool writeBack = false;      ///< a write-back cache acknowledges writes before the disks see them
    int slowDisk = -1;           ///< one member at `slowSpeed` of the others' rate (Shear Fig. 18); over 1: faster
    double slowSpeed = 1;
    double speedShare = 1;       ///< the prior's share of `slowSpeed` among the odd member's speeds (oddMemberSpeeds)
    /// An array-wide limit on the requests started per unit time (a controller's or a volume's IOPS
    /// limit, or the host's CPU per request), below what the members together serve. Its rate, in
    /// members' worth (ceilingGrid), is integrated out by the posterior rather than fixed here.
    bool ceiling = false;
    /// Each member's throttle holds a bucket of requests it lets start at once after a rest (QEMU's
    /// `iops-total` keeps its rate / 10, `iops-total-max` raises it; cloud volumes' burst credit). The
    /// probe rests before every test, so every test starts with every bucket full; the bucket's size, in
    /// requests at the members' unit (creditGrid), is integrated out by the posterior. Only with a
    /// ceiling: a request the bucket lets through at once is timed by what stands before it, the host's
    /// cost per request, which the ceiling is.
    bool credit = false;

    QString describe() const;
};

/// What the device showed in calibration, the same under every hypothesis.
struct DeviceScale
{
    /// One random read's mean service on an idle member, from serial reads: for positioning members
    /// the seek, rotation and transfer of one read.
    double serialReadMs = 0;
    /// The part of serialReadMs no reordering removes (transfer, settle, controller): the fastest
    /// serial read seen, as the head is then already near.
    double floorMs = 0;
    /// One random read's mean service with the heads kept near (serial reads within 1/1024 of the address
    /// space, so each member's head stays within about a thousandth of its stroke): the rotation, settle and
    /// transfer without the long seek. serialReadMs - localReadMs is the seek an elevator can shorten.
    double localReadMs = 0;
    /// Coefficient of variation of one read's service (serial reads): a member's L reads vary by cv/sqrt(L).
    double serviceCv = 0;
    /// Reads each write issues first (a device's safe write reads the bytes it writes back: 1).
    int readsPerWrite = 0;
    std::uint32_t blockBytes = 4096; ///< the probe's block, the unit of every offset

};

/// `count` reads at random instances of `periodBlocks`, each at `offsetBlocks` into its instance
/// (period 1: random blocks anywhere).
struct Demand
{
    std::uint64_t periodBlocks = 1;
    std::uint64_t offsetBlocks = 0;
    int count = 0;
    bool operator==(const Demand&) const = default;
};

/// One timed batch: its demands issued together, `outstanding` in flight (0: all at once).
struct Test
{
    enum class Kind { Pattern, Boundary, Pair, Spread, Writes };
    Kind kind = Kind::Spread;
    std::vector<Demand> demands;
    bool write = false;
    int outstanding = 0;

    int requests() const;
    QString describe() const;
    bool operator==(const Test&) const = default;
};

/// How many of `d`'s reads land on each chunk of a layout whose pattern is `patternBlocks` of chunks of
/// `chunkBlocks`: reads at k·period + offset for random k reach the residues offset + j·g mod P (g the
/// gcd of period and P), each equally often.
std::vector<double> chunkShares(const Demand& d, std::uint64_t patternBlocks, std::uint64_t chunkBlocks);

/// The speeds an odd member may have against the others', each with its share of the prior: a grid even in
/// log speed, slow down to 0.15 (a fifth, and past it) and fast up to 3 (a newer disk beside old ones),
/// steps of 20 % (half a step, 0.09 in log time on the tests the member bounds, is under two of a
/// batch's repeat noise, 0.05-0.1), with the band 0.9-1.1 left out (a member that close to the others
/// cannot be told from them in a probe's budget).
const std::vector<std::pair<double, double>>& oddMemberSpeeds();

/// Whether some read of the layout may go to one of several members (copies): then where reads go
/// depends on the members' speeds, as a shortest-queue controller sends fewer to a slow one.
bool hasCopyChoices(const Candidate& c);

/// The expected reads each member serves for a test's reads under a candidate layout and copy policy
/// (a degraded chunk's reads load every survivor of its row, as Candidate::reads says). With `speeds`
/// (one per member), copies are balanced in time: a shortest-queue controller keeps every queue's
/// drain time level, so a member at half speed gets half the reads.
std::vector<double> memberLoads(const Candidate& c, CopyReads policy, const Test& t,
                                const std::vector<double>* speeds = nullptr);

/// One member's time, in ms, to serve `load` reads, `queue` of them in its queue at once.
double memberTimeMs(double load, double queue, MemberKind kind, const DeviceScale& scale, double speed);

/// Where a test's reads land under one layout and copy policy: each member's expected load and its
/// variance (where reads land at random over many chunks), before any member kind times them.
struct LoadProfile
{
    std::vector<double> loads, variance;
    /// For a batch with fewer in flight than its reads (a closed system): the stations its reads
    /// visit. A set of members any of which may serve a read (a mirror's copies, balanced) is one
    /// station of several servers; a member alone is a station of one. `visits` is the reads' share
    /// that go there (over 1 in all where a degraded read loads several members).
    struct Station
    {
        double visits = 0;
        std::vector<int> members; ///< its servers
        /// The servers each read may choose among, drawn from `members` (copy sets that overlap: chained
        /// declustering, RAID-10 far and offset, near on members not a multiple of the copies); 0: any.
        int choices = 0;
    };
    std::vector<Station> stations;
    /// Each member's share of one lone random read (the calibration's serial reads): what the serial
    /// read's mean averages over when one member is slower than the others.
    std::vector<double> serialShares;
};
LoadProfile loadProfile(const Candidate& c, CopyReads policy, const Test& t, const DeviceScale& scale,
                        const std::vector<double>* speeds = nullptr);
/// The same, for one hypothesis' environment (its odd member's speed where copies are balanced).
LoadProfile loadProfile(const Candidate& c, const Environment& e, const Test& t, const DeviceScale& scale);

/// Servers busy on average in a closed system of `inFlight` reads on `servers` alike servers, each read
/// joining the shortest queue among `choices` servers drawn at random (a controller balancing a read over
/// its copies, where the copy sets overlap), every completion at once followed by the next read: the
/// stationary distribution of the Markov chain over how many servers hold how many reads (exponential
/// service, as mean-value analysis takes it). One choice is random routing, D·q/(q + D - 1); every server a
/// choice, min(q, D). Cached: the few arrays and depths a probe meets are solved once.
double busyServers(int servers, int choices, int inFlight);

/// A closed batch's time, in ms: `requests` reads with `inFlight` of them outstanding at a time over
/// `stations`, by mean-value analysis (Reiser and Lavenberg 1980), a station of c servers waiting a
/// c-th of a service for each read beyond c - 1 ahead; a member's service at the queue the analysis
/// gives it (memberTimeMs per read), found by a few rounds of fixed point.
double closedBatchMs(const std::vector<LoadProfile::Station>& stations, int requests, int inFlight, const Environment& e,
                     const DeviceScale& scale);

/// A test's predicted time in ms, and the variance of its log from where the reads land (random
/// pattern instances spread a batch unevenly over the disks that share it), under one hypothesis.
struct Prediction
{
    double ms = 0;
    double logVariance = 0;
    /// The test's requests at one member's serial rate (their count times the unit's serial read): an
    /// array ceiling of k members' worth holds the batch to at least ceilingMs / k. 0 where no ceiling
    /// applies (writes a write-back cache takes).
    double ceilingMs = 0;
};

/// The ceilings a hypothesis with `Environment::ceiling` may have, in members' worth of rate, in log
/// κ: from 1.1 members (a ceiling near one member's rate is a single member's limit, which the layout
/// already states) to the array's `disks` (a ceiling above every member's rate together never binds a
/// read batch), steps of 5 % (a half step, 0.025 in log time on the tests it binds, is under half a
/// batch's repeat noise). Each point an equal share of the prior: log-uniform in the rate.
const std::vector<double>& ceilingGrid(int disks);
/// The ceilings a hypothesis with burst credit may have: from 1.1 members' worth to 1000 (a host that
/// starts a request in 1/1000 of a member's paced period: 30 µs against a 300 IOPS throttle), which
/// binds only the batches the buckets let through at once; steps of 20 % (the credited batches it
/// times are the few short ones), log-uniform.
const std::vector<double>& creditCeilingGrid();
/// The bucket sizes a hypothesis with burst credit may have, in log requests at the members' unit:
/// 2 to 4096 in steps of a factor of sqrt 2 (a test loading a member near its bucket is timed by the
/// difference, so half a step must stay under the repeat noise on loads a few times the bucket; QEMU's default rate / 10 is 15-100 requests at 150-1000 IOPS;
/// `iops-total-max` of 2-4x the rate over its default 1 s holds 300-4000), log-uniform. A member slower
/// than the others is taken to hold the same time's worth (a bucket of a fixed share of its own rate,
/// as QEMU's default is), so the credit takes the same time off every member's work.
const std::vector<double>& creditGrid();
/// A member term's time with `creditMs` of every member's work taken off, for a busiest member's time
/// of mean `ms` and log variance `logVariance` (Gaussian): E[(X - b)+] and its log variance
/// (the positive part's first two moments).
std::pair<double, double> creditedMs(double ms, double logVariance, double creditMs);
Prediction predict(const LoadProfile& profile, const Environment& e, const DeviceScale& scale, const Test& t);
Prediction predict(const Candidate& c, const Environment& e, const DeviceScale& scale, const Test& t);

} // namespace raidscope::probemodel
