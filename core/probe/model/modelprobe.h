// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The probe as one explicit inference (docs/design/probe.md): calibrate on the device, then run the
// Shear test that best separates the leading hypotheses per I/O, update the posterior, and stop at a
// stated posterior or budget. Beside the rule-based probe (runShearProbe) until it reads as well.

#include "probe/shearprobe.h"
#include "posterior.h"

#include <QJsonObject>

namespace raidscope {

struct ModelProbeOptions
{
    /// The verdict stands when its class holds this much of the posterior.
    double stopPosterior = 0.99;
    /// At most this many tests after calibration (a budget; what is undecided then is said so).
    int maxTests = 60;
    /// Hypotheses under this part of the best's posterior are dropped (bounds the work; e^-23).
    double pruneBelow = 1e-10;
    /// Threads the inference runs on (1: the probe's own; 0: every core). The verdict does not depend
    /// on it; probe-eval, which probes several arrays at once, gives each one.
    int jobs = 1;
};

/// The same result as runShearProbe(), with the posterior's classes as the verdict's equivalents and
/// runner-up, and the member kind and caches among its findings.
ProbeResult runModelProbe(IoTarget& target, const ProbeConfig& config, const LayoutRegistry& registry,
                          const ModelProbeOptions& options = {}, std::stop_token stop = {},
                          const Report<ProbeSnapshot>& report = {});

/// Shear's fixed schedule (§2.3) for an array of this pattern and chunk, counted apart from what any
/// probe chose: every assumed pattern size from 1 block to `largestTriedBlocks`, every offset of the
/// pattern (2N reads each: blocks c-1 and c), every pair of its chunks (2N each), and one read and one
/// write batch of N, each R times. The paper's steady state: N about 500 outstanding requests; R = 1.
std::uint64_t shearScheduleIos(std::uint64_t patternBlocks, std::uint64_t chunkBlocks, std::uint64_t largestTriedBlocks,
                               std::uint64_t n = 500, std::uint64_t r = 1);
/// The same, step by step, with N and R: what ProbeResult::shearSchedule holds.
QJsonObject shearScheduleJson(std::uint64_t patternBlocks, std::uint64_t chunkBlocks, std::uint64_t largestTriedBlocks,
                              std::uint64_t n = 500, std::uint64_t r = 1);

} // namespace raidscope
