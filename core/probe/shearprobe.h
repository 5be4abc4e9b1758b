// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "iotarget.h"
#include "job.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <memory>
#include <optional>
#include <stop_token>
#include <utility>
#include <vector>

namespace raidscope {

class LayoutRegistry;
struct Candidate;

/// Every constant the probe's decisions rest on, with the measurement that set it. probe-eval can vary
/// them (`--tune name=value`) to see how much the accuracy depends on each.
struct ProbeTuning
{
    // --- calibration on the device (issue "Probe on real arrays") --------------------------------------
    /// Same-block batches grow to at most this many reads while looking for the one-disk rate.
    int calibrationMaxReads = 256;
    /// A queued repeat cheaper than this part of a serial random read came from a cache, not the disk
    /// (simulated disk cache: 0.006; md's stripe cache on a degraded rig RAID-5: 0.24; a throttled
    /// rig disk at 1000 IOPS: 0.4, at 300: 6).
    double cacheHitFraction = 0.3;
    /// Idle pause before the burst test. QEMU's throttle refills its burst after ~100 ms idle (rig README).
    double idlePauseMs = 300;
    /// Burst tests, each on its own block: one rig run of two missed a burst of 30 reads once.
    int burstAttempts = 2;
    /// Reads on the busiest disk per read of burst allowance: at 8, a full allowance is 1/8 of a test's
    /// one-disk time, inside the level tolerance (rig: IOPS 150-1000 gave allowances of IOPS/10).
    double readsPerBurst = 8;
    /// Above 0 (1): the calibration checks a one-block rate against as many reads spread over the array
    /// (pacedRateAgreement below); 0 (default): not. (It also made the burst test count only once its
    /// back-to-back batch ran at the disk's rate; that is always so since realism seed 9000, a chained
    /// array of 5 whose 2 x 96 reads of credit outlasted the first burst batch, burstWarmAtRate.)
    /// The record below is from when it did both. On, `probe-eval --count 40 --seed 5 --realism --tune
    /// pacedCalibration=1,throttledMirrorRatioSigma=0.02` reads 37 of 40 (34 off: the throttled RAID-1
    /// of 10, 13 and 16 balanced disks named), seeds 19 and 29 --slow unchanged; but on the md rig it
    /// took md's RAID-1 credit summed over the copies for one disk's (RAID-1 of 6 at 300 IOPS: 92
    /// reads, N 744, 202 k I/Os against 68 k; RAID-1 of 8 at 434 IOPS rw: 112 reads, 432 k I/Os and
    /// undecided where off gave exact in 47 k). Later rig runs with it on (`probe --tune`): those two
    /// arrays exact in 79 k and 75 k I/Os (N 256 and 816), and 10 exact, 2 undecided, none wrong of
    /// 12 (probe-rig.sh --seed 2614); on a fresh realism seed (7) 31 of 40 against 29 off. Off until
    /// the burst is sized per disk and the rig record with it is longer.
    double pacedCalibration = 0;
    /// After a one-block batch read as fast as as many reads spread over the array (a ceiling pacing
    /// the reads while the disk spends idle credit), two doublings' rates agree within this to count
    /// (probe-eval --realism seed 5005: the drained rate 1.04 ms, the true 960 IOPS, twice running).
    double pacedRateAgreement = 0.2;
    /// A doubled one-block batch taking this many times the smaller one's time ran out of idle credit
    /// between them (the smaller read inside it): in a calibration run again without contrast, such a
    /// block shows the first rates were credit's, as a paced one does (fresh realism seed 89018: near
    /// RAID-10 of 15 x 4 at 440 IOPS, 32 repeats of a block at 0.06 ms a read, doubled 13.1 and 13.8
    /// times, drained 0.57 ms; 1/440 s over 4 copies is 0.57). A slow member's block doubles at 2-2.3.
    double creditJumpRatio = 4;
    /// Random reads this many times slower over at least as many requests as every earlier rate replace
    /// those rates instead of joining their average: they ran in idle credit (realism seed 101022,
    /// RAID-1 of 13 at 590 IOPS: 21594/s over 256 and 512 reads, 7669/s over 2048, 2.8x; seed 109035,
    /// RAID-1 of 12 at 830 IOPS paced by the host's 75 us a request: 13227/s, then 9968/s, 1.33x).
    /// Rates that settled agree within 10 % of each other by construction (measureReadRate()).
    double creditedRateDrop = 1.25;
    /// The burst test counts once its back-to-back batch took at least this part of its reads at the
    /// disk's rate: credit larger than the batch leaves both batches fast (probe-eval seed 902, RAID-1
    /// of 16 at 412 IOPS, 660 reads of credit over the copies; realism seed 9000, chained of 5 at 960
    /// IOPS: 0.23 reads of credit from a 64-read batch where each copy had 96, then 192 over the two).
    double burstWarmAtRate = 0.75;
    /// Where reads queue behind a throttle, a steady rate counts the completions from this part of a
    /// batch to its last tenth (else from the first tenth): before it, disks spend idle credit won in
    /// the previous batch's tail (the simulator's RAID-0 of 14 at 440
    /// IOPS read 6667/s from 0.1, 6010 from 0.3, 6102 from 0.5, where 6160 is the most; an offset
    /// RAID-10 of 14 x 3 read 7278/s from 0.1, its ratio 3.56, and was named RAID-5 of 14: probe-eval
    /// --realism seed 9005). From 0.3: realism seeds 5, 7, 9, 11, 13 157 of 200 exact as from 0.1,
    /// without that wrong name; ideal seed 19 and --slow seed 29 unchanged.
    double steadyFrom = 0.3;
    /// Upper bound of N from the calibration. Twice that where a calibration with contrast found more
    /// credit than it allows, or md's copies need it (scaleForCredit(), scaleForCopies()): a 2N pair
    /// batch still fits io_uring's 4096 slots. Four copies of a chunk at 890-980 IOPS hold 89-98 reads
    /// of QEMU's credit each, and at 1024 a rested copy set read its N at 0.65 of its level, under the
    /// floor, where a drained one read it at 1.0 (fresh realism seeds 61019 and 61028, near RAID-10 of
    /// 13 x 4 and far 16 x 4: no pattern at 1024, exact at 2048, the credit then a fifth of each disk's
    /// 512 reads). Not the calibration's own N: one without contrast (a chained of 8 at 1000 IOPS under
    /// md's reads, seed 79009: one disk 49 ms against a spread of 371, 3856 reads of "credit") ran its
    /// queued batches at 2048 before it was run again, and the copies test after them counted nothing.
    int maxReadsPerTest = 1024;
    /// distinctReadCalibration() (a cache answered one block's repeats: md's stripe cache on a degraded
    /// RAID-4/5/6): distinct random reads a batch (at least 4N), batches whose tails are timed, the last
    /// completion gaps averaged in each (3: 3.19-3.42 ms on four degraded rig arrays at 300 IOPS, 3.33
    /// true; the largest of 3 read 3.72-4.01 and made a RAID-5 ra of 4's pattern miss the one-disk
    /// floor), and how far above the calibration's level a read time must come out to replace it.
    int distinctReads = 512;
    int distinctBatches = 6;
    int distinctTailGaps = 3;
    double distinctLevelFactor = 1.5;
    /// One block's queued repeats faster than this part of a random read spread over the whole array
    /// (its steady rate) were answered by a cache (no disk outpaces its array): the rig's degraded md
    /// RAID-5 of 5 and RAID-6 of 6 read 0.15-0.19; a simulated RAID-1 of 13 whose copies spent idle
    /// credit under the host's pace 0.73 (probe-eval --realism seed 13025); a mirror's copies or a
    /// ceiling 1 and more.
    double cachedRepeatFraction = 0.4;
    /// Where every repeat was cached: one costing more than this part of a serial random read came
    /// from a host's cache, not a spinning disk's (the simulator's disk cache: 0.006; md's stripe cache
    /// on the rig's degraded RAID-5 of 5: 0.2 ms against 1.5, 0.15).
    double hostCacheFraction = 0.05;
    /// Batches of each size k in the copies test (the median kept). On the rig a batch of k reads of
    /// one block took 1.00-1.05 of a queued read while k <= copies and 2.0 at k = copies + 1.
    int copiesRepeats = 5;
    /// The copies test's step (a whole queued read) is within this of 1 (rig: 0.95-1.03; a spreading
    /// controller's 1/copies, or a read after idle credit ran out, 5-6, fall outside).
    double copiesStep = 0.5;
    /// Below the copies a batch one read larger takes at most this much longer, in queued reads (rig:
    /// -0.36 to 0.42, md sending lone reads to alternate mirrors; a credited copy's instant answer 0.03).
    double copiesFlat = 0.6;
    /// A step of the copies test within this of none or of one read is clear; any other is timed
    /// again with `copiesMoreRepeats` more batches of both its sizes (the median of all kept).
    double copiesClear = 0.3;
    int copiesMoreRepeats = 10;
    /// A read-only probe measures the steady random read rate too (> 0), or leaves it unmeasured (0).
    double readOnlyReadRate = 1;
    /// A balancing controller's staircase (one disk read every `copies` reads): a step between them is
    /// flat under this part of the highest, the steps within 1.5x this of their median, and their
    /// mean spacing this close to whole (simulated throttled chained of 5, RAID-10 near 6 x 3, RAID-1
    /// of 6, 34 reads at most: flat under 0.01, steps within 0.27 (the first, on idle credit), spacing
    /// 2.00, 3.22, 6.2; the same RAID-1 of 6 over its first 20 reads: 5.67). The count stands when the
    /// period's standard error is under this too (RAID-1 of 6: 0.24; a RAID-1 of 16 with two steps in
    /// 34 reads, 19 reads apart: 4.0).
    double balancedCopiesStep = 0.3;

    // --- pattern size ------------------------------------------------------------------------------
    /// A one-disk level may be this much over the one-disk time: a slow member (Shear Fig. 18, half
    /// speed: 2x; the rig's 60 of 300 IOPS: 5x, there the median of three phases decides).
    double slowDiskFactor = 2.5;
    /// Where one disk's load reads hardly slower than the array's, the calibration's blocks and up to
    /// this many more are read k at a time (as the calibration does) to see whether one member is far
    /// slower than the rest: a member s times slower takes as long for its 1/D of spread reads as a
    /// fast disk for all of them when s = D (the rig's RAID-5 of 5 and RAID-0 of 4 with member 2 at 60 of 300
    /// IOPS: 1.08x and 1.05x; one of the calibration's three blocks read 16.6 ms against 3.2-3.4).
    /// 24: 27 blocks in all miss the slow member of 6 disks with chance (5/6)^27 = 0.7 % (12 missed
    /// it in the simulator's RAID-5 la of 6 with member 3 at 40 of 200 IOPS, seed 1; 8 disks: 2.7 %).
    int slowMemberSamples = 24;
    /// A block read this many times slower than the median of the others is on a slow member.
    double slowMemberFactor = 1.6;
    /// A chunk with k balanced copies reads alone at most k/(k-1) times slower with one copy stalled;
    /// this much more is noise (the chained of 7 with member 0 at a fifth under md's nearest-head reads:
    /// its chunks 0 and 6 read 1.73 and 1.76x, under 2; a RAID-5 of 4 with member 3 at a fifth read
    /// 3.8 and 6.8x, which no mirror explains). Only then are a mirror's pairs with the chunk left
    /// unjudged (Prober::pairJudged()).
    double slowCopyAllowance = 1.25;
    /// A read/write ratio this much over the disks read in parallel: a mirror's writes wait on a slow member
    /// (each writes every copy) while reads pass it by, so the narrow mirror search lets in layouts whose
    /// ratio it lifts (Prober::narrowMirrorPattern()). An n-way mirror of whole disks reads with n disks
    /// and measures a ratio of n; the simulator's far RAID-10 of 6 x 4 with member 1 at half speed
    /// measured 7.25 at 6.67 disks (1.09), its healthy twin 4.10 at 6.05.
    double liftedRatioExcess = 1.05;
    /// A narrow mirror pattern's phases this far apart (slowest over fastest) are a slow member's: the
    /// phases whose copy set holds it read slow, the others as fast as the spread reads that wait on it
    /// (the same far RAID-10 of 6 x 4: pattern 48 at 135, 133 and 74 ms a phase for a spread of 100;
    /// sizes off the pattern 0.86-1.12 of it, 1.31 apart at most).
    double slowPhasesApart = 1.5;
    /// A balancing controller sends each read of a batch issued at once to the copy with the shortest
    /// queue then, so a mirror of D whole disks splits the batch evenly and waits on its slowest member,
    /// whose rate the writes run at: N reads at once over the writes' rate count the disks
    /// (Prober::slowMemberBySpreadBatch()). The simulator's RAID-1 of 2-10 at a fifth, shortest queue,
    /// realism seeds 203-219: 2.00-10.01, within 0.7 % of a whole number; md's nearest-head reads on
    /// RAID-1 of 5-14 with a slow member counted 5.05-5.19 (one of 7 and one of 14 among them).
    double spreadCountTolerance = 0.03;
    /// The same mirror's batch of reads and writes at once, predicted from that count and the writes'
    /// rate, its log off by at most this (the same eight: under 0.5 %; md's nearest-head reads on RAID-1
    /// of 5 and of 7 with a slow member, both counted 5: 0.54).
    double spreadMixedTolerance = 0.1;
    /// Every phase of a pattern size at least this part of the one-disk time: RAID-5 left-asymmetric's
    /// near-patterns put 60-80 % of a phase's reads on one disk, the pattern all of them.
    double phaseFloor = 0.75;
    /// A phase of a pattern's multiples reading this much over the serial level is a slow member's
    /// (Shear Fig. 18): one disk's N reads take about the serial time on a healthy array, and the
    /// serial level averages the slow member in. The floor above is then of the fast members' time.
    double slowPhaseHigh = 1.3;
    /// Reads at multiples of a size from a slow member's block (slowMemberRead()), where no pattern
    /// showed: the size is the pattern when they read at least this part of N of that block's reads
    /// queued, as must its multiples 2p and 3p and p once more. A multiple of the pattern keeps every
    /// read on the block's disk (1.0); RAID-5 left-asymmetric's near-pattern of D-1 chunks keeps
    /// (D-1)/D of its first chunk's reads there, 0.875 for 8 disks.
    double anchoredLevel = 0.93;
    /// A divisor of the pattern found replaces it only when it and each of its phases read at this
    /// part of the pattern's level (a multiple of the pattern reads at 1; a near-pattern at 0.6-0.8).
    double divisorLevel = 0.88;
    /// A copy set's level (k > 1) is confirmed when 2p and 3p read within this factor of p, where the
    /// copies test counted copies. md's nearest-head balancing splits a batch unevenly over the copies:
    /// the rig's RAID-10 n2 on 5 and 7 disks read its pattern's multiples 1.33x apart, so they stay
    /// undecided at 1.25. At 1.4 a near-pattern passed on the rig's RAID-10 n2 of 3 (16 KiB, 483 IOPS),
    /// named chained of 6 at 4 KiB: a wrong answer, so 1.25 as where one disk serves.
    double mirrorMultipleSpread = 1.25;

    /// A mirror of whole disks writes at one disk's rate (safe writes: n/(n+1) of it); more than this
    /// many disks' worth of writes is a striped array. The narrowest striped mirror, 2 copies over 3
    /// disks, writes at 1.5 (probe-eval --realism seed 11004: chained of 3 with md's reads measured
    /// 1.483 and was named RAID-1 of 2 at 1.5); 13 simulated RAID-1 measured 1.000, one under a cap 0.73.
    double wholeMirrorWriteDisks = 1.25;
    /// Random reads of a mirror of whole disks spread over at most its copies (md's nearest head: fewer,
    /// the rig's RAID-1 of 3 to 7 at 0.48-0.77 of them); more than this many times the copies counted is
    /// a striped mirror whose pattern was not found (the rig's RAID-10 n2 on 3 disks: 2.16 for 2 copies).
    double wholeMirrorSpread = 1.05;
    /// Steady random reads of a mirror of whole disks come at most at its copies' rate: one disk's
    /// queued read times the steady read rate over this many times the copies counted is a striped
    /// mirror whose pattern was not found (probe-eval --realism --slow --slow-speed 0.2 seed 47039: a far
    /// RAID-10 of 10 x 3 with member 5 at a fifth of the rate, its ratio 13.7 for 3 so no pattern size
    /// scanned, read at 9.3 disks' rate and was named RAID-1 of 3, WRONG).
    double wholeMirrorReadDisks = 1.5;
    /// Members counted in md's order (orderedMembers()): with k reads in flight each step of k adds one
    /// member's rate, so no step may add more than this many times one disk's queued rate (the md rig's
    /// RAID-1 of 5 at 300 IOPS: 300, 300, 62, 246, 247 a second); one read in flight over a striped
    /// array, or over a mirror whose controller breaks ties at random, runs on several members' credit.
    double orderedStepHigh = 1.3;
    /// ... and the steps that add a member are on median at least this part of one disk's queued rate
    /// (the same rig array, its host a busy 2-core machine: 0.82).
    double orderedTypicalLow = 0.7;
    /// A step under this part of the median step adds no member; a member this much slower than the
    /// rest cannot be told from none (the rig's slowest member: 60 of 500 IOPS, 0.12).
    double orderedMemberFloor = 0.1;
    /// The last member's step this many times under the median is a slow last member's or a cap's
    /// (lastMemberSlow() tells them apart); the rig's healthy members' steps lie within 2 % of the median
    /// on a quiet host, and 0.82 of it beside a build (as the disk-speed band, 1.25).
    double orderedLastShort = 1.25;
    /// Between this many times the copies and wholeMirrorSpread the spread fits both a striped mirror
    /// and a mirror of whole disks that balances evenly, and the mirror is named undecided: the rig's
    /// RAID-10 n2 on 3 disks read 2.03 for 2 copies and was named RAID-1 of 2, where the simulator's
    /// chained of 2 (a RAID-1 of 2) with md's balancing reads 1.8-2.1 (probe-eval --realism seed 7022).
    /// That array later read 1.69 (0.84 of its copies; `probe-rig.sh 22 --seed 2722`, array 11) and was
    /// named RAID-1 of 2: 0.8 now. md's RAID-1 of 5 to 8 on the rig read 0.28-0.67 of theirs (16
    /// arrays over five draws), all still named.
    double wholeMirrorSpreadDecided = 0.8;
    /// Measured writes clear that doubt where they can: a mirror of k whole disks writes at k / (k + a)
    /// disks' rate (a: a safe write's reads), a striped mirror of D >= k + 1 disks at D / (k + a). The
    /// rig's md RAID-1 of 5 to 8 wrote at 0.84-1.05 of k / (k + 1) (9 arrays), its RAID-10 n2 of 6 at
    /// 0.80 and 0.81 of 6 / 3; the simulator's RAID-1 at 1.000 (and less under a cap). The writes
    /// decide where the whole mirror's highest and the striped one's lowest stand apart by
    /// mirrorWritesApart, and then at their geometric mean: for 2 copies only (2 x 1.05 x 1.1 < 3 x 0.8).
    double wholeMirrorWritesHigh = 1.05;
    double stripedMirrorWritesLow = 0.8;
    double mirrorWritesApart = 1.1;
    /// Of log(read/write ratio) of a mirror of whole disks, which counts its disks: writes cost what
    /// reads do, so a few percent on a spinning disk; where reads queue behind a throttle, idle
    /// credit lands unevenly on the reads and the writes (probe-eval --realism seed 5: RAID-1 of 10
    /// at 610 IOPS measured 10.94, named RAID-1 of 11 at 0.03).
    double mirrorRatioSigma = 0.03;
    /// Where reads do not queue, a mirror of whole disks reads as parallel as its read/write ratio:
    /// |log(parallelism / ratio)| at most 0.042 over 22 simulated RAID-1 of 2 to 16 disks. A striped
    /// mirror with a member at half speed showed 0.12 and 0.14 (RAID-10 near of 4 and far of 6,
    /// probe-eval --slow seed 29), and was named RAID-1 of 5 and of 7.
    double wholeMirrorParallelSpread = 0.1;
    /// The same where reads queue behind a throttle. Idle credit a copy kept through the writes (each
    /// write reaches every copy, so all spend alike) lifts the reads that follow until it is spent; the
    /// read rate is measured until two batches agree (redundancy()). Then 37 simulated throttled RAID-1
    /// of 2 to 16 disks balancing reads over the copies (150-1000 IOPS, 10-80 us host time with
    /// jitter: pop seed 77, probe seeds 9101-9130, and the realism seeds 5010-13025 that were
    /// undecided at 0.06) measured |log(ratio / disks)| of 0.0067 at most; 16 and 17 disks are 0.061
    /// apart. A cap on the array's requests moves the ratio anywhere below the disks' (30 capped:
    /// -0.01 to -0.65); ceilingHidesDisks() answers those. Only a mirror that reads one block as fast as
    /// random ones comes this way (looksLikeWholeDiskMirror()); md's RAID-1 on the rig keeps a block's
    /// queued reads on one copy, so it is named by the copies test or not at all.
    double throttledMirrorRatioSigma = 0.01;
    /// Where reads queue, a mirror of whole disks reads one block as fast as random blocks, both right
    /// after the writes at the same pace (a balancing controller spreads both over every copy, as the
    /// simulator's md policy does once every copy is busy): at most this far apart in log. 79
    /// simulated throttled RAID-1 (the runs above and the realism misses) measured -0.009 to 0.02; a
    /// striped mirror with D/c >= 1.15 times its copies' disks reads random blocks log(1.15) = 0.14
    /// faster.
    double wholeMirrorBlockSpread = 0.1;
    /// A named mirror of whole disks whose mixed reads and writes run more than this many times what
    /// its disks give (ceilingHidesDisks()) has more disks under a cap: 14 simulated RAID-1 of 2 to 10
    /// (spinning, throttled, md's nearest head) ran 0.97-1.02; RAID-1 of 3, 4, 6 and 12 capped to 2,
    /// 3, 4 and 7 disks' rate (probe-eval --realism seeds 11007, 11013) 1.33-1.69.
    double mixedCeilingExcess = 1.15;
    /// A striped mirror's disk is slow (fast) when its chunks read over this factor off the median
    /// (under it): 1.25 where a controller balances a chunk's reads over its copies. Under md's
    /// nearest head a batch splits over a chunk's copies by where their heads stand, and the chunk
    /// times of an even array spread 0.73-1.33 of their median (probe-eval --realism seed 9009,
    /// chained of 15 at 570 IOPS, six disks reported fast and the verdict withdrawn): there this.
    /// A member at half speed (Shear Fig. 18) still reads about 2x.
    double nearestSpeedBand = 1.6;

    /// The chosen chunk size's boundary fit (chunkfit.h: -2 log likelihood, a point's term at most 25)
    /// at most this much per offset tested, or the answer is withdrawn. Realism seeds 7 and 13, 50
    /// arrays identified right through the boundary fit: at most 2.8 per offset (1.1 at the 13th); a
    /// throttled chained of 6 at 4 KiB with md's reads, its pattern taken at twice its size and chunks
    /// of 8 KiB, 11.3 (seed 7024, named chained of 6 at 8 KiB).
    double chunkFitPoor = 5;

    /// One disk's N reads against N spread over the array, below which the verdict says the evidence
    /// is too weak (a mirror of two whole disks reads at 2x; the rig's arrays at 4-8x).
    double minContrast = 1.5;
    /// A calibration run again, paced, because the first found no contrast (recalibrateWithoutContrast())
    /// counts only where its one-disk level stands this far over the spread. The arrays it named read
    /// 1.84-13.6 (realism seeds 43026, 47015, 47039, 53002, 53029; at 2 the zig-zag of 2 under a cap,
    /// 53002, at 1.84, was undecided again); a chained array of 4 at 200 IOPS under a cap at 3 disks'
    /// rate read 1.52, its copies test was thrown by the throttle's credit, and it was named RAID-1 of
    /// 2 (fresh realism seed 67026), where the first calibration's 1.09 left it undecided.
    double recalibratedContrast = 1.7;

    // --- identification: spreads measured on the simulator (session 2 notes) ----------------------------
    double pairSigma = 0.08;     ///< of a pair's excess around its prediction
    double pairShift = 0.1;      ///< prior of the shift shared by every pair's excess (md far copies seek)
    double parallelSigma = 0.12; ///< of log(disks reading in parallel): 13.9-15.8 measured for 16 disks
    double ratioSigma = 0.08;    ///< of log(read/write ratio): writes wait for the slowest disk
    /// The same for a parity layout whose small write reads the rest of its stripe rather than the old
    /// data and parity (3 data chunks a stripe, or fewer): the rig's md RAID-4 of 4 at 448 IOPS wrote
    /// 1.4x faster than that predicts (ratio 2.11 for 3: log 0.35) and was named far RAID-10 of 3 x 2.
    double reconstructWriteRatioSigma = 0.35;
    /// ... also for parity layouts with at most this many data chunks a stripe: the rig's md RAID-4 of
    /// 5 at 463 IOPS wrote 1.35x faster than its read-modify-write predicts (ratio 5.91 for 8: log
    /// 0.30) and was named RAID-5 left-symmetric of 4 (ratio 4, read alike) with writes allowed
    int looseWriteDataChunks = 4;
    /// Of log(read/write ratio) for a mirrored layout written by a device's safe writes (read the
    /// bytes, write them back): md's mirrors on the rig measured, less the read, 0.07-0.11 off a
    /// RAID-1's copies, 2.0-2.3 for RAID-10 n2's 2 and 1.69 for a far RAID-10 of 3 x 2 at 128 KiB
    /// (`probe-rig.sh 22 --seed 2732`, array 8), which at 0.06 lost to RAID-4 of 4 (3 predicted,
    /// its sigma 0.35) and was named that: the largest of them.
    double safeWriteMirrorRatioSigma = 0.17;
    /// of log(read/write ratio) when one disk is slower (RAID-5 of 8, one at half speed: 7.2 for 4)
    double unevenRatioSigma = 0.7;
    /// A slow member moves the read/write ratio by at most this the way its layout does not bend it
    /// (see Prober::outsideSlowRatioBand(): RAID-0 and zig-zag, one member at half speed, 0.83-1.02).
    double slowRatioNear = 1.3;
    /// of log(read/write ratio) outside the band cappedRatio() puts it in under a cap on host requests:
    /// the realism population's capped RAID-4 of 8 and far RAID-10 of 5 x 3 read within 0.5 % of
    /// their capped ratios (probe-eval --realism seeds 7023, 5033)
    double cappedRatioSigma = 0.1;
    /// countDisksUnderCap(): the mixed batch's rate aimed at this part of the cap, so the disks set it
    double cappedMixedLoad = 0.8;
    /// ... and a batch at this part of the cap or more is taken as the cap's pace, which counts nothing
    double cappedMixedAtCap = 0.93;
    /// ... each batch after this long of writes, which spend the disks' idle credit (ms)
    double cappedMixedDrainMs = 250;
    /// ... and batches doubled until two sizes' rates agree within this (log)
    double cappedMixedSettle = 0.05;
    /// ... with this many requests in flight per disk the cap allows (C / W; 0: the whole batch at
    /// once). md sends a read to an idle copy first and otherwise by head distance, and a batch issued
    /// at once finds every copy busy and the heads where the last batch left them, so its reads split
    /// unevenly and fewer disks seem to work: 24 simulated capped RAID-1 of 4 to 16 with md's reads
    /// (pop seed 77) counted 11 for 13, 14.6 for 16, 7.9 for 9, three of them named wrong. At 1.5 all
    /// twelve that were counted came within 0.6 disk and none was named wrong (2: 15 for 16 twice; 1:
    /// 3.0 for 5), and the balanced mirrors (realism seeds 13012 and 7014, the RAID-1 of 6 under
    /// 1200/s) counted as before.
    double cappedMixedOutstanding = 1.5;
    /// Under md's reads (the copies test counted a block's copies one read a step), the layout tests'
    /// batches (pattern, boundaries, chunk singles and pairs) run with this many requests in flight
    /// per disk the random reads kept busy (parallelism(); 0: each batch at once). md sends a read to
    /// an idle copy first and otherwise by head distance, and heads move only as reads complete: a
    /// batch issued at once sees one set of heads, and one chunk's reads split over its copies as
    /// those heads happen to stand (0.73-1.33 of the median chunk time on an even chained array of
    /// 15), so levels and boundaries of near and chained layouts did not fit. Fed a few at a time the
    /// reads see the heads move and split evenly. Realism seeds 5-13: 186 of 200 all at once, 190 at
    /// 2, 191 at 3 and at 5, none wrong; 16 simulated near and chained arrays with md's reads (seeds
    /// 101-116): 2 named at once, 7 at 3. Ideal and slow-disk populations unchanged.
    double mdReadsInFlight = 3;
    /// of log(mixed rate) against a disk count's prediction: capped balanced RAID-1 of 2-16 disks
    /// (two populations of 30) counted within 0.3 disk, 1 % of the rate. The least standard error of
    /// a count (in disks: this over the rate's change a disk more); its three counts' own spread
    /// widens it (countDisksUnderCap()).
    double cappedMixedSigma = 0.01;
    /// ... a count further than this many standard errors from the nearest whole one is no count
    double cappedMixedFit = 3;
    /// ... nor two batches whose counts differ by more than this (log): those populations, 0.08
    double cappedMixedAgree = 0.15;
    /// ... and where the three counts leave two whole numbers undecided, at most this many more (each a
    /// batch like the second's, 3N-6N requests and their drains): md's reads leave a count 0.3-0.6 off
    double cappedMixedMoreCounts = 4;
    /// A group of one chunk per disk that reads slowly has every pair of it measured, up to this many
    /// chunks, to tell two members on one disk (Shear Fig. 17) from a cap on the array's requests.
    /// With 12 (66 pairs), a capped RAID-0 of 15 at 950 IOPS (group 2.35x) never had every pair measured,
    /// kept its "shared disk" and was rejected with all 123 candidates (--realism seed 13022).
    int slowGroupDisks = 16;
    /// Singles, pairs and the group test each start after an idle pause of this many times the refill
    /// time of the calibration's burst credit (credit x one read's time), at most idlePauseMs; 0: none.
    /// QEMU refills at the disk's rate, so 1 would do; 2 leaves a margin for the host's jitter.
    double pairRest = 2;
    double reject = 0.22;        ///< a pair this far off its prediction drops a candidate while pairs are chosen
    double levelSigma = 0.15;    ///< of log(one chunk's read time / the one-disk time)
    /// How much faster than a candidate predicts (log) one chunk read alone may come before it counts
    /// against the candidate (fastChunkMiss(), in levelSigma): log 1.25. A chunk a failed mirror member
    /// leaves one copy is predicted at log 2 over the rest; md's reads put healthy chunks at 0.89-1.27
    /// of their median on the simulator and the rig, and the capped offset RAID-10 of 16 x 2 read all
    /// 16 within 0.02 % (probe-eval --realism seed 59036).
    double fastChunkAllowance = 0.223;
    /// Random reads at under this part of the answer's predicted parallelism mean a cap on the whole
    /// array (probe-eval --realism seed 5017: a 3616/s ceiling over nine 790 IOPS drives read RAID-4
    /// of 9 at 4.6 of its 8 data disks, 0.57).
    double ceilingParallelism = 0.6;
    /// Random reads at over this times the answer's predicted parallelism are more disks than it has:
    /// a layout of more disks whose pattern multiple and chunk boundaries were read as this one (the
    /// realism population's capped chained arrays of 16 at 64 KiB under md's reads, named chained of 8
    /// at 128 KiB and near RAID-10 of 8 x 2 at 256 KiB: 1.40 and 1.27, WRONG).
    double parallelExcess = 1.2;
    /// further off than this (1.35x) rules a candidate out; a member at half speed among four lifts
    /// the serial level 1.25x (it serves a quarter of the random reads), noise adds the rest
    double levelReject = 0.3;
    /// The pattern's own level (N reads at its multiples) this far from the candidate's one-chunk
    /// level (1.42x) rules it out: the rig's RAID-6 la of 8 had a near-pattern at 1.52x a 2-copy level.
    double patternLevelReject = 0.35;
};

/// Sets the ProbeTuning field `name` (as spelled in the struct) to `value`; false and a one-line
/// reason for an unknown name or a value out of its range. `tuningNames()` lists the fields.
bool setTuning(ProbeTuning& tuning, const QString& name, double value, QString* error);
/// Sets every field of a `name=value[,name=value...]` list (`--tune`); false and a one-line reason
/// naming the item at the first one that is malformed, unknown or out of range.
bool setTunings(ProbeTuning& tuning, const QString& list, QString* error);
QStringList tuningNames();

/// What the probe learned about the device before it compared anything.
struct ProbeCalibration
{
    int readsPerTest = 0;     ///< N used by every test after calibration
    double serialMs = 0;      ///< N random reads one at a time (a spinning disk's one-disk level)
    /// N reads of one block at once, back to back. Not the level: md's RAID-1/4/5/6 answer part of a
    /// deep queue of one sector's repeats without the disk (calibrate()).
    double queuedMs = 0;
    double queuedReadMs = 0;  ///< one disk's time per queued read (0: repeats answered by a cache)
    double burstReads = 0;    ///< reads answered at once after an idle pause
    double spreadMs = 0;      ///< N random reads at once
    /// Disks that served one block's reads at once (the copies test; 0: not measured, as where a
    /// cache answers repeats), and the test's batch time (ms) for k = 1, 2, ... reads of the block.
    int blockCopies = 0;
    /// The copies' reads were balanced (a controller's shortest queue): one read more cost nothing
    /// until k = blockCopies + 1, then blockCopies reads' worth at once, and the calibration's one-block
    /// batches read at that many disks' rate, not one's.
    bool copiesBalanced = false;
    std::vector<double> copiesMs;
    QJsonObject toJson() const;
};

struct ProbeConfig
{
    int readsPerTest = 32;            ///< N: random requests per timed test (Shear §2.3 "N random segments")
    int maxDisks = 32;                ///< candidate arrays up to this many members
    std::uint64_t maxChunkBytes = 1 << 20;
    bool measureRedundancy = true;    ///< needs writes (safe: the same bytes written back)
    bool checkDisks = true;           ///< per-disk speed after identification (Shear §5.1, Fig. 18)
    bool fullPairwise = false;        ///< every chunk pair, as Shear did, instead of an adaptive choice
    std::uint64_t seed = 1;
    ProbeTuning tuning;
};

// Raw series, one point per timed test; what the live plots draw.
struct PatternPoint
{
    std::uint64_t patternBlocks = 0; ///< assumed pattern size p
    double timeMs = 0;
    bool slow = false; ///< in the slowest cluster (filled when the step ends)
};
struct BoundaryPoint
{
    std::uint64_t offsetBlocks = 0; ///< c: blocks c-1 and c of random patterns
    double timeMs = 0;
    bool boundary = false;
};
struct PairPoint
{
    std::uint64_t a = 0, b = 0; ///< chunks of the pattern
    double timeMs = 0; ///< the batch's time (the excess counts the disks' work: that plus the idle credit's time)
    double ratio = 0; ///< excess over the slower chunk alone, in units of the faster: 1 same disk, 0 apart
};
struct WritePoint
{
    int writes = 0;
    double mbps = 0;
};
struct DiskSpeedPoint
{
    int disk = 0;
    double timeMs = 0;
    double relative = 1; ///< time / median time: 2 = twice as slow
};

/// I/Os issued per step (Shear Fig. 7 counts them the same way).
struct IoCounts
{
    std::uint64_t warmup = 0, calibration = 0, redundancy = 0, patternSize = 0, boundaries = 0, pairwise = 0, disks = 0;
    std::uint64_t total() const { return warmup + calibration + redundancy + patternSize + boundaries + pairwise + disks; }
    QJsonObject toJson() const;
};

/// One thing the probe found besides the layout: what kind, the disks involved, the numbers it rests
/// on (named, e.g. "relative" 2.03 for a slow disk), and the sentence views and the CLI show.
struct ProbeFinding
{
    enum class Kind {
        Note,           ///< free text (a saved result of an older version)
        NoLayout,       ///< the measurements match no installed layout
        NoPattern,      ///< no pattern, and nothing counts the copies
        WeakEvidence,   ///< one disk's load reads hardly slower than the whole array's
        Undecided,      ///< two layouts fit too nearly alike to decide
        Copies,         ///< the copies test: every block is read from n disks at once
        SharedDisk,     ///< chunk pairs slower than the layout predicts: members may share a disk (Fig. 17)
        FailedDisk,     ///< the array runs degraded (Fig. 19)
        SlowDisk,       ///< a member slower than the median (Fig. 18)
        FastDisk,       ///< a member faster than the median
        MdParityWrites, ///< small writes read the rest of the stripe (Shear §4, Linux md)
        MdMirrorReads,  ///< reads go to the lowest-address copy only (md's far and offset copies)
        ReadsCapped,    ///< random reads slower than the layout's disks could serve: a cap
        RequestCeiling, ///< an array-wide request-rate limit (no shared disk behind it)
        MemberKind,     ///< how the members serve a queue: positioning, reordering, rate-limited (the model probe)
        WriteCache,     ///< writes acknowledged before the disks see them: a write-back cache (the model probe)
        BurstCredit,    ///< each member lets a bucket of requests start at once after a rest (the model probe)
    };
    Kind kind = Kind::Note;
    std::vector<int> disks;                        ///< members the finding is about
    std::vector<std::pair<QString, double>> values; ///< the numbers it rests on, named
    QString text;

    /// The named number, or `fallback` when the finding has none by that name.
    double value(QStringView name, double fallback = 0) const;
    /// Kind as the JSON names it ("slow-disk"); kindFromName is its inverse (nullopt when unknown).
    static QString kindName(Kind kind);
    static std::optional<Kind> kindFromName(QStringView name);
    bool operator==(const ProbeFinding&) const = default;
};

struct ProbeVerdict
{
    bool identified = false;
    QString scheme, variant;
    int disks = 0;
    int copies = 0;
    std::uint64_t chunkBytes = 0;
    std::uint64_t patternBytes = 0;
    int failedDisk = -1;
    bool mdParityWrites = false;
    bool mdMirrorReads = false; ///< md reads far/offset copies at the lowest address only
    double confidence = 0;
    QString spec;               ///< the identified array as a spec (with md's policies as simulator keys)
    QString layoutSpec;         ///< only its layout (scheme, variant, disks, copies, chunk): what LayoutRegistry builds
    std::uint32_t blockBytes = 0; ///< the probe's block, the unit of its offsets and pattern sizes
    QStringList equivalents;    ///< other layouts no Shear measurement can tell apart from it
    QString runnerUp;
    double runnerUpConfidence = 0;
    std::vector<ProbeFinding> findings; ///< misconfiguration, slow/fast/failed disk, md writes, weak evidence

    /// Names `c`'s layout (scheme, variant, disks, copies, chunk, pattern, failed member, md's
    /// policies, spec and layoutSpec); confidence, equivalents and findings are the caller's.
    void nameLayout(const Candidate& c, std::uint32_t probeBlockBytes);

    bool has(ProbeFinding::Kind kind) const;
    const ProbeFinding* find(ProbeFinding::Kind kind) const; ///< the first of that kind, or null
    QStringList findingTexts() const;
};

/// A live update: the step, progress and the points measured since the last snapshot.
struct ProbeSnapshot
{
    QString step;
    double fraction = 0;
    std::uint32_t blockBytes = 0; ///< the probe's block (ProbeVerdict::blockBytes), known from the first snapshot
    IoCounts ios;
    std::uint64_t patternChunks = 0; ///< known once the pattern and chunk are: the heatmap's size
    std::vector<PatternPoint> pattern;
    /// Boundary points as measured; their `boundary` is false until the step decides (a live plot
    /// marks nothing provisional: #54, 7 of 8 offsets marked before the fit taught a 4 KiB chunk).
    std::vector<BoundaryPoint> boundaries;
    /// The boundary step has decided (once, in one snapshot): decidedBoundaries are its boundaries,
    /// among every offset measured so far.
    bool boundariesDecided = false;
    std::vector<std::uint64_t> decidedBoundaries; ///< offsets (blocks) that are boundaries
    std::vector<PairPoint> pairs;
    std::vector<WritePoint> writes;
    double readMBps = 0;
    std::vector<DiskSpeedPoint> disks;
    std::shared_ptr<const ProbeVerdict> verdict; ///< set in the last snapshot
};

struct ProbeResult
{
    QString target;
    ProbeVerdict verdict;
    IoCounts ios;
    std::uint64_t shearScheduleIos = 0; ///< Shear's fixed schedule on the same array with the same N
    QJsonObject shearSchedule;          ///< its parts
    std::uint64_t patternBlocks = 0;
    std::uint64_t chunkBlocks = 0;
    std::uint32_t blockBytes = 0;
    /// The one-disk time for N reads: where reads queue, N at the calibration's drained rate (its
    /// last doubled batch of one block's reads), else N random reads one at a time.
    double serialMs = 0;
    ProbeCalibration calibration;
    double readWriteRatio = 0;          ///< random read over write throughput, a safe write's own read taken out
    double measuredReadWriteRatio = 0;  ///< as measured, with the safe write's read
    double readMBps = 0;
    std::vector<PatternPoint> pattern;
    std::vector<BoundaryPoint> boundaries;
    std::vector<std::uint64_t> chunkRunsBlocks; ///< sizes between detected boundaries (ZIG-ZAG: unequal)
    std::vector<PairPoint> pairs;
    /// The identified layout's excess for every chunk pair, row-major K x K (K = pattern / chunk, at
    /// most 512; empty when nothing was identified): what the pairs not measured would show.
    std::vector<double> predictedExcess;
    std::vector<WritePoint> writes;
    std::vector<DiskSpeedPoint> disks;
    QString error;                      ///< the target failed
    bool stopped = false;

    /// DESIGN.md's `probe --json` object: verdict, ios {total, perStep, shearSchedule}, steps {...}.
    QJsonObject toJson() const;
};

/// The inverse of ProbeResult::toJson(): a saved `probe --json` object back as the result it was
/// (toJson() of it gives the same object). nullopt, and in `error` one line naming the first field
/// that is missing or wrong ("steps.pairs[3].ratio: expected a number, found a string"), when the
/// object is not a probe result this version reads.
std::optional<ProbeResult> probeResultFromJson(const QJsonObject& json, QString* error);

/// Shear's probe (Denehy et al., §2.3): pattern size, chunk boundaries, pairwise layout, redundancy,
/// then identification against what every installed layout plugin predicts. Adaptive: the tests
/// are chosen to tell the remaining candidate layouts apart, so far fewer I/Os are spent than in
/// Shear's fixed schedule.
ProbeResult runShearProbe(IoTarget& target, const ProbeConfig& config, std::stop_token stop = {},
                          const Report<ProbeSnapshot>& report = {});
/// The same with an explicit registry (tests).
ProbeResult runShearProbe(IoTarget& target, const ProbeConfig& config, const LayoutRegistry& registry,
                          std::stop_token stop, const Report<ProbeSnapshot>& report);

} // namespace raidscope
