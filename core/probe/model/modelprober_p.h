// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The model probe's state and steps (modelprobe.cpp: calibration, batches and the run;
// modelhypotheses.cpp: the hypotheses and when they grow; modelverdict.cpp: the verdict and findings).
// Private to core/probe/model.

#include "modelprobe.h"
#include "posterior.h"
#include "stats/rng.h"

#include <memory>
#include <optional>
#include <set>
#include <tuple>
#include <stop_token>
#include <vector>

namespace raidscope::probemodel {

/// What the verdict answers for a layout: its spec, except that a layout whose every member holds every
/// block places nothing by its chunk, so its chunk sizes and its names (RAID-1, RAID-10 of D copies) are
/// one answer, a mirror of D.
inline QString answerOf(const Candidate& c)
{
    return c.blockCopies() == c.disks && c.failedDisk < 0 ? QStringLiteral("mirror of %1").arg(c.disks) : c.spec();
}

/// Thrown by a batch when the probe is asked to stop.
struct Stopped
{
};

/// The installed layouts a probe considers, built once per process for each set of bounds.
std::shared_ptr<const std::vector<std::shared_ptr<const Candidate>>> layoutsFor(const LayoutRegistry& registry,
    std::uint32_t blockBytes, std::uint64_t maxChunkBytes, int maxDisks, std::uint64_t patternBlocks, bool degradedOnly);

class ModelProber
{
public:
    ModelProber(IoTarget& target, const ProbeConfig& config, const LayoutRegistry& registry, const ModelProbeOptions& options,
                std::stop_token stop, const Report<ProbeSnapshot>& report)
        : m_target(target), m_config(config), m_registry(registry), m_options(options), m_stop(std::move(stop)),
          m_report(report), m_rng(config.seed), m_block(target.blockBytes()),
          m_capacityBlocks(target.capacityBytes() / target.blockBytes())
    {
    }

    ProbeResult run();

private:
    BatchTiming runBatch(const std::vector<ProbeIo>& ios, std::uint64_t& counter, int outstanding);
    std::vector<ProbeIo> iosFor(const Test& t);
    std::uint64_t& counterFor(const Test& t);
    double timeTest(const Test& t);
    void calibrate();
    std::vector<Hypothesis> hypotheses(std::uint64_t patternBlocks, bool degradedOnly) const;
    std::vector<Hypothesis> oddMemberHypotheses(std::uint64_t patternBlocks);
    std::vector<Hypothesis> aliasHypotheses(std::uint64_t patternBlocks);
    std::vector<Environment> leadingEnvironments() const;
    bool addOdd(std::vector<Hypothesis>& out, const std::shared_ptr<const Candidate>& layout, Environment e, int disk, double speed, double share);
    bool oddMemberSettled() const;
    void oddMemberFinding();
    bool expandAroundPattern(double share);
    bool explains(std::size_t hypothesis) const;
    void record(const Test& t, double ms);
    void verdict();
    void step(const QString& name, double fraction);
    void flush(bool force);

    IoTarget& m_target;
    const ProbeConfig& m_config;
    const LayoutRegistry& m_registry;
    ModelProbeOptions m_options;
    std::stop_token m_stop;
    Report<ProbeSnapshot> m_report;
    Rng m_rng;
    std::uint32_t m_block;
    std::uint64_t m_capacityBlocks;
    int m_n = 32;
    /// The rest before every test, so every throttle's bucket is full when it starts (Environment::credit):
    /// twice the time QEMU's default bucket (rate / 10) takes to refill, until the leading hypotheses'
    /// buckets say longer (restForCredit).
    double m_restMs = 200;
    void restForCredit();
    DeviceScale m_scale;
    std::optional<Posterior> m_posterior;
    std::set<std::uint64_t> m_expanded;
    /// The odd-member hypotheses added: layout, member kind, copy reads, cache, ceiling (1) or credit (2), member, speed.
    std::set<std::tuple<const Candidate*, int, int, bool, int, int, double>> m_odd;
    std::uint64_t m_largestTried = 0;
    IoCounts m_ios;
    ProbeResult m_result;
    ProbeSnapshot m_pending;
    double m_fraction = 0;
    double layoutConfidence(const HypothesisClass& top) const;
    bool m_trace = qEnvironmentVariableIsSet("RAIDSCOPE_PROBE_TRACE"); // each step's choice and leaders on stderr
    /// A diagnosis aid for evaluation: with RAIDSCOPE_PROBE_TRUTH set to the array's layout spec (keys in
    /// any order), the trace follows that layout's best hypothesis (its rank, share and score against the
    /// leader's) and, at the end, each test's residual under it and under the leader.
    QString m_truth = qEnvironmentVariable("RAIDSCOPE_PROBE_TRUTH");
    void traceTruth(const char* when, bool residuals = false) const;
};

} // namespace raidscope::probemodel
