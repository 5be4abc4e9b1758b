// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The probe model's search (docs/design/probe.md "Search"): which test to run next. The tests are
// Shear's steps; the choice is the one that separates the leading hypotheses most per I/O.

#include "posterior.h"

#include <optional>

namespace raidscope::probemodel {

/// Shear's tests for the leading hypotheses, each N reads a demand: the pattern scan at powers of two,
/// at the patterns of `patternsOf` and at each leader's pattern, twice it and half it (§2.3.1), the boundary test at its chunk edges and inside a chunk
/// (§2.3.2), chunk pairs (0, k) and (k-1, k) (§2.3.3), spread reads, and spread writes where allowed
/// (§2.3.4).
std::vector<Test> candidateTests(const Posterior& posterior, const std::vector<std::size_t>& leaders, int reads,
                                 bool writes, std::uint64_t maxPeriodBlocks, const std::vector<std::size_t>& patternsOf = {});

/// Expected separation a test brings between the leading hypotheses: the sum over pairs of their
/// posterior weights times one minus the Bhattacharyya coefficient of their predictive
/// distributions (how often the test's outcome would tell them apart).
/// With `questions` (one per leader), only pairs that answer differently count: classes of one layout
/// that differ only in what the verdict does not ask (a member at 1.1 of the others' speed) need no test.
double separation(const Posterior& posterior, const std::vector<std::size_t>& leaders, const std::vector<double>& weights,
                  const Test& t, const std::vector<QString>& questions = {});

struct Choice
{
    Test test;
    double separation = 0;
    double perIo = 0;
};

/// The test among `tests` with the most separation per I/O between the heads of `classes` (weighted
/// by their posteriors, at most `maxLeaders`), or none when no test separates them by `minSeparation`
/// of the doubt between them (the sum of their pairs' weights): what is left reads alike on every
/// Shear test. With `questions` (one per class: what the verdict would say of it), pairs that would
/// say the same count neither in the separation nor in the doubt.
std::optional<Choice> nextTest(const Posterior& posterior, const std::vector<HypothesisClass>& classes,
                               const std::vector<Test>& tests, std::size_t maxLeaders = 16, double minSeparation = 0.01,
                               const std::vector<QString>& questions = {});

} // namespace raidscope::probemodel
