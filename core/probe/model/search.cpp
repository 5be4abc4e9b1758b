// SPDX-License-Identifier: GPL-3.0-or-later
#include "search.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace raidscope::probemodel {

std::vector<Test> candidateTests(const Posterior& posterior, const std::vector<std::size_t>& leaders, int reads,
                                 bool writes, std::uint64_t maxPeriodBlocks, const std::vector<std::size_t>& patternsOf)
{
    std::vector<Test> tests;
    auto add = [&](Test::Kind kind, std::vector<Demand> demands, bool write = false, int outstanding = 0) {
        for (const Demand& d : demands)
            if (d.periodBlocks > maxPeriodBlocks)
                return;
        Test t;
        t.kind = kind;
        t.demands = std::move(demands);
        t.write = write;
        t.outstanding = outstanding;
        if (std::find(tests.begin(), tests.end(), t) == tests.end())
            tests.push_back(std::move(t));
    };
    const int n = reads;
    add(Test::Kind::Spread, { { 1, 0, 2 * n } });
    // Spread reads in a whole number per disk of each leader: a shortest-queue split of 2N over D
    // disks leaves ceil(2N/D) on the busiest, which D-1 disks may share.
    for (std::size_t i : leaders) {
        const int d = posterior.hypothesis(i).layout->disks;
        add(Test::Kind::Spread, { { 1, 0, d * ((2 * n + d - 1) / d) } });
        // Spread reads with as many in flight as the leader has members, and one more: where any member
        // may serve a read (a mirror), D at once never queue and D + 1 must, whatever the members' kind,
        // so the count of members shows apart from how a member serves its queue.
        if (d + 1 < 2 * n) {
            add(Test::Kind::Spread, { { 1, 0, 2 * n } }, false, d);
            add(Test::Kind::Spread, { { 1, 0, 2 * n } }, false, d + 1);
        }
    }
    if (writes)
        add(Test::Kind::Writes, { { 1, 0, 2 * n } }, true);
    // The pattern scan (§2.3.1) at the patterns the hypotheses hold, and at powers of two: each
    // size splits the hypotheses by whether it is a multiple of theirs.
    for (std::uint64_t p = 1; p <= maxPeriodBlocks && p <= (1u << 20); p *= 2)
        add(Test::Kind::Pattern, { { p, 0, n } });
    for (std::size_t i : patternsOf)
        add(Test::Kind::Pattern, { { posterior.hypothesis(i).layout->patternBlocks, 0, n } });
    for (std::size_t i : leaders) {
        const Candidate& c = *posterior.hypothesis(i).layout;
        const std::uint64_t P = c.patternBlocks, C = c.layout->params().chunkBlocks(), K = P / C;
        add(Test::Kind::Pattern, { { P, 0, n } });
        add(Test::Kind::Pattern, { { 2 * P, 0, n } });
        if (P % 2 == 0)
            add(Test::Kind::Pattern, { { P / 2, 0, n } });
        if (C > 1)
            add(Test::Kind::Boundary, { { P, 0, n }, { P, 1, n } });
        add(Test::Kind::Boundary, { { P, C - 1, n }, { P, C % P, n } });
        for (std::uint64_t k = 1; k < K && k <= 32; ++k) {
            add(Test::Kind::Pair, { { P, 0, n }, { P, k * C, n } });
            if (k > 1)
                add(Test::Kind::Pair, { { P, (k - 1) * C, n }, { P, k * C, n } });
        }
    }
    // Where members hold burst credit, a test whose busiest member's load is within its bucket takes the
    // host's time whatever the layout, and every such test reads alike, as one server's would: the same
    // tests with four and sixteen times the reads load the members past it. Their cost per I/O is four and
    // sixteen times as high, so the search takes them only where the smaller ones no longer separate the
    // leaders. Spread reads and the pattern scan are offered so whatever the leaders are, since a bucket
    // hides the very contrast that would make a hypothesis with credit lead; the other tests once a
    // leader holds credit.
    const bool credit = std::any_of(leaders.begin(), leaders.end(), [&](std::size_t i) { return posterior.hypothesis(i).env.credit; });
    {
        const std::size_t base = tests.size();
        for (int factor : { 4, 16 })
            for (std::size_t k = 0; k < base; ++k) {
                Test t = tests[k];
                if (t.outstanding > 0)
                    continue; // a closed batch's contrast is its queue's, not its size's
                // Writes too: layouts whose writes cost the busiest member a little more or less (RAID-5's
                // read-modify-write, two operations on one member, against a mirror's one on each copy) can
                // time a small batch alike, the wider spread of the one's placement making up its lower
                // mean; the means part as the batch grows, the spread only as its root.
                if (!credit && t.kind != Test::Kind::Spread && t.kind != Test::Kind::Pattern && t.kind != Test::Kind::Writes)
                    continue;
                for (Demand& d : t.demands)
                    d.count *= factor;
                // Up to the largest bucket the hypotheses hold (creditGrid): past it no bucket hides a load.
                if (t.requests() <= std::exp(creditGrid().back()) + 0.5)
                    tests.push_back(std::move(t));
            }
    }
    return tests;
}

double separation(const Posterior& posterior, const std::vector<std::size_t>& leaders, const std::vector<double>& weights,
                  const Test& t, const std::vector<QString>& questions)
{
    std::vector<std::pair<double, double>> pred;
    pred.reserve(leaders.size());
    for (std::size_t i : leaders)
        pred.push_back(posterior.predictLog(i, t));
    double s = 0;
    for (std::size_t a = 0; a < pred.size(); ++a)
        for (std::size_t b = a + 1; b < pred.size(); ++b) {
            if (!questions.empty() && questions[a] == questions[b])
                continue;
            const auto [ma, va] = pred[a];
            const auto [mb, vb] = pred[b];
            const double sum = va + vb;
            if (sum <= 0)
                continue;
            const double bc = std::sqrt(2 * std::sqrt(va * vb) / sum) * std::exp(-(ma - mb) * (ma - mb) / (4 * sum));
            s += weights[a] * weights[b] * (1 - bc);
        }
    return s;
}

std::optional<Choice> nextTest(const Posterior& posterior, const std::vector<HypothesisClass>& classes,
                               const std::vector<Test>& tests, std::size_t maxLeaders, double minSeparation,
                               const std::vector<QString>& questions)
{
    std::vector<std::size_t> lead;
    std::vector<double> weights;
    std::vector<QString> asked;
    for (std::size_t c = 0; c < classes.size(); ++c) {
        if (lead.size() >= maxLeaders)
            break;
        lead.push_back(classes[c].members.front());
        weights.push_back(classes[c].posterior);
        if (c < questions.size())
            asked.push_back(questions[c]);
    }
    if (asked.size() != lead.size())
        asked.clear();
    if (lead.size() < 2)
        return std::nullopt;
    // Weights over the leaders alone: the separation is then a share of the doubt among them.
    const double total = std::accumulate(weights.begin(), weights.end(), 0.0);
    for (double& w : weights)
        w /= total;
    // The most any test could separate them (every pair told apart), so that `minSeparation` is a
    // share of the doubt left, however small that doubt has become.
    double doubt = 0;
    for (std::size_t a = 0; a < weights.size(); ++a)
        for (std::size_t b = a + 1; b < weights.size(); ++b)
            if (asked.empty() || asked[a] != asked[b])
                doubt += weights[a] * weights[b];
    if (doubt <= 0)
        return std::nullopt; // every leader gives the same answer
    std::optional<Choice> best;
    for (const Test& t : tests) {
        const double sep = separation(posterior, lead, weights, t, asked);
        const double perIo = sep / double(std::max(1, t.requests()));
        if (sep >= minSeparation * doubt && (!best || perIo > best->perIo))
            best = Choice { t, sep, perIo };
    }
    return best;
}

} // namespace raidscope::probemodel
