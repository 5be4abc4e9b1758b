// SPDX-License-Identifier: GPL-3.0-or-later
// The model probe's hypotheses (docs/design/probe.md "Hypotheses"): the installed layouts times their
// environments, and the degraded and odd-member ones that join once a pattern leads.
#include "modelprober_p.h"

#include "layout/layoutregistry.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <mutex>
#include <tuple>

namespace raidscope::probemodel {

// The installed layouts a probe considers, built once per process for each set of bounds (probe-eval
// runs many probes with the same): building them costs more than most probes' inference.
std::shared_ptr<const std::vector<std::shared_ptr<const Candidate>>> layoutsFor(const LayoutRegistry& registry,
    std::uint32_t blockBytes, std::uint64_t maxChunkBytes, int maxDisks, std::uint64_t patternBlocks, bool degradedOnly)
{
    using Layouts = std::vector<std::shared_ptr<const Candidate>>;
    using Key = std::tuple<const LayoutRegistry*, std::uint32_t, std::uint64_t, int, std::uint64_t, bool>;
    static std::mutex mutex;
    static std::map<Key, std::shared_ptr<const Layouts>> cache;
    const Key key { &registry, blockBytes, maxChunkBytes, maxDisks, patternBlocks, degradedOnly };
    const std::lock_guard lock(mutex);
    if (const auto it = cache.find(key); it != cache.end())
        return it->second;
    auto out = std::make_shared<Layouts>();
    for (std::uint64_t chunk = std::max<std::uint64_t>(blockBytes, 4096); chunk <= maxChunkBytes; chunk *= 2) {
        if (patternBlocks && patternBlocks % (chunk / blockBytes) != 0)
            continue;
        for (Candidate& c : enumerateCandidates(registry, chunk, blockBytes, patternBlocks, maxDisks, degradedOnly, false))
            if (!degradedOnly || c.failedDisk >= 0)
                out->push_back(std::make_shared<const Candidate>(std::move(c)));
    }
    if (cache.size() > 64) // bounds differ only between runs of different options: keep the memory bounded
        cache.clear();
    cache.emplace(key, out);
    return out;
}

namespace {
constexpr double minPositioningReadMs = 1.0;
}

std::vector<Hypothesis> ModelProber::hypotheses(std::uint64_t patternBlocks, bool degradedOnly) const
{
    const bool writes = m_config.measureRedundancy && m_target.writable();
    std::vector<Hypothesis> out;
    const auto layouts = layoutsFor(m_registry, m_block, m_config.maxChunkBytes, m_config.maxDisks, patternBlocks, degradedOnly);
    for (const std::shared_ptr<const Candidate>& layout : *layouts) {
        if (layout->patternBlocks * 64 > m_capacityBlocks)
            continue;
        for (CopyReads reads : { CopyReads::Balanced, CopyReads::OneCopy }) {
            if (reads == CopyReads::OneCopy && (layout->blockCopies() < 2 || layout->mdMirrorReads))
                continue;
            for (MemberKind kind : { MemberKind::Positioning, MemberKind::Reordering, MemberKind::SeekOrdered, MemberKind::RateLimited }) {
                // A disk that seeks and rotates returns a random read in no less than about 2 ms: half a
                // revolution at 15,000 rpm, the fastest spindle made, before any seek. A serial read mean
                // under half that is no such disk's.
                if (kind != MemberKind::RateLimited && m_scale.serialReadMs < minPositioningReadMs)
                    continue;
                for (bool wb : { false, true })
                    for (int limit = 0; limit < 3; ++limit) {
                        // 0: none; 1: a ceiling; 2: burst credit, with the host's cost per request as its
                        // ceiling. A ceiling binds where the members are fast against the host or the
                        // volume's limit, and credit is a throttle's: rate limiters (a virtual disk, a
                        // cloud volume). Disks that seek and rotate serve a few hundred reads a second,
                        // which no controller caps.
                        const bool ceiling = limit == 1 && !ceilingGrid(layout->disks).empty();
                        const bool credit = limit == 2;
                        if ((wb && !writes) || (limit > 0 && kind != MemberKind::RateLimited) || (limit == 1 && !ceiling))
                            continue;
                        Environment e;
                        e.kind = kind;
                        e.copyReads = reads;
                        e.writeBack = wb;
                        e.ceiling = ceiling || credit;
                        e.credit = credit;
                        out.push_back({ layout, e, logPrior(*layout, e) });
                    }
            }
        }
    }
    return out;
}

// The healthy layouts at `patternBlocks` with one member slower or faster than the others (Shear Fig.
// 18): each member, each speed of oddMemberSpeeds(), under each environment that holds at least 1 % of
// the posterior, and under the environment of every hypothesis there within e^-14 (1e-6) of the best
// (the member kind read while an odd member was not yet a hypothesis may be the wrong one). A healthy
// layout's own fit says little here: an odd member at 1/k of the others' speed makes its pattern read
// as P/k (aliasHypotheses), so the true layout may have been pruned before its pattern led.
std::vector<Hypothesis> ModelProber::oddMemberHypotheses(std::uint64_t patternBlocks)
{
    std::vector<Hypothesis> out;
    const std::vector<double> post = m_posterior->posteriors();
    const double best = post.empty() ? 0 : *std::max_element(post.begin(), post.end());
    for (std::size_t i = 0; i < m_posterior->size(); ++i) {
        const Hypothesis& h = m_posterior->hypothesis(i);
        if (h.layout->patternBlocks != patternBlocks || h.layout->failedDisk >= 0 || h.env.slowDisk >= 0 || post[i] < 1e-6 * best)
            continue;
        for (int d = 0; d < h.layout->disks; ++d)
            for (const auto& [speed, share] : oddMemberSpeeds())
                addOdd(out, h.layout, h.env, d, speed, share);
    }
    for (const Environment& e : leadingEnvironments())
        for (const std::shared_ptr<const Candidate>& layout :
             *layoutsFor(m_registry, m_block, m_config.maxChunkBytes, m_config.maxDisks, patternBlocks, false)) {
            if (layout->failedDisk >= 0 || layout->patternBlocks * 64 > m_capacityBlocks
                || (e.copyReads == CopyReads::OneCopy && (layout->blockCopies() < 2 || layout->mdMirrorReads)))
                continue;
            for (int d = 0; d < layout->disks; ++d)
                for (const auto& [speed, share] : oddMemberSpeeds())
                    addOdd(out, layout, e, d, speed, share);
        }
    return out;
}

// The environments (member kind, copy reads, cache, ceiling, credit) that hold at least 1 % of the posterior.
std::vector<Environment> ModelProber::leadingEnvironments() const
{
    const std::vector<double>& post = m_posterior->posteriors();
    std::map<std::tuple<MemberKind, CopyReads, bool, bool, bool>, double> envs;
    for (std::size_t i = 0; i < post.size(); ++i) {
        const Environment& e = m_posterior->hypothesis(i).env;
        envs[{ e.kind, e.copyReads, e.writeBack, e.ceiling, e.credit }] += post[i];
    }
    std::vector<Environment> out;
    for (const auto& [key, mass] : envs)
        if (mass >= 0.01) {
            Environment e;
            std::tie(e.kind, e.copyReads, e.writeBack, e.ceiling, e.credit) = key;
            out.push_back(e);
        }
    return out;
}

bool ModelProber::addOdd(std::vector<Hypothesis>& out, const std::shared_ptr<const Candidate>& layout, Environment e, int disk,
                         double speed, double share)
{
    if (e.ceiling && !e.credit && ceilingGrid(layout->disks).empty())
        return false;
    if (!m_odd.insert({ layout.get(), int(e.kind), int(e.copyReads), e.writeBack, int(e.ceiling) + int(e.credit), disk, speed }).second)
        return false;
    e.slowDisk = disk;
    e.slowSpeed = speed;
    e.speedShare = share;
    out.push_back({ layout, e, logPrior(*layout, e) });
    return true;
}

// A pattern P with one member at speed 1/k reads as its P/k: the scan at P/k reaches k chunks, one of
// them on the slow member, which serves its N/k reads in the time the others serve N, as every member
// does at P. The healthy layouts at P then fit the scan badly and are pruned early. When P/k leads, the
// layouts at P (k = 2 .. 5, down to a fifth) join with a member near 1/k (the grid's speeds within one
// step of it), under the environments that hold at least 1 % of the posterior.
std::vector<Hypothesis> ModelProber::aliasHypotheses(std::uint64_t patternBlocks)
{
    std::vector<Hypothesis> out;
    const std::vector<Environment> envs = leadingEnvironments();
    const double step = std::log(1.2) * 1.01; // one grid step, and rounding
    for (std::uint64_t k = 2; k <= 5; ++k) {
        const std::uint64_t P = k * patternBlocks;
        if (P * 64 > m_capacityBlocks)
            break;
        const auto layouts = layoutsFor(m_registry, m_block, m_config.maxChunkBytes, m_config.maxDisks, P, false);
        for (const std::shared_ptr<const Candidate>& layout : *layouts) {
            if (layout->failedDisk >= 0)
                continue;
            for (const Environment& e : envs) {
                if (e.copyReads == CopyReads::OneCopy && (layout->blockCopies() < 2 || layout->mdMirrorReads))
                    continue;
                for (int d = 0; d < layout->disks; ++d)
                    for (const auto& [speed, share] : oddMemberSpeeds())
                        if (std::abs(std::log(speed * double(k))) <= step)
                            addOdd(out, layout, e, d, speed, share);
            }
        }
    }
    return out;
}

// Once one pattern holds most of the posterior, its degraded layouts join (Shear Fig. 19): a failed
// member's reads load its row, which the pattern scan alone need not show. So do its layouts with an
// odd member (Fig. 18): a slow member slows the tests that reach it, which the pattern scan shows
// no more than the chunk it holds.
bool ModelProber::expandAroundPattern(double share)
{
    const std::vector<double>& post = m_posterior->posteriors();
    std::map<std::uint64_t, double> byPattern;
    for (std::size_t i = 0; i < post.size(); ++i)
        byPattern[m_posterior->hypothesis(i).layout->patternBlocks] += post[i];
    std::vector<std::uint64_t> grow;
    for (const auto& [p, mass] : byPattern)
        if (mass >= share && m_expanded.insert(p).second)
            grow.push_back(p);
    for (std::uint64_t p : grow) {
        std::vector<Hypothesis> odd = oddMemberHypotheses(p);
        std::vector<Hypothesis> alias = aliasHypotheses(p);
        const std::size_t oddCount = odd.size(), aliasCount = alias.size(), before = m_posterior->size();
        m_posterior->addHypotheses(hypotheses(p, true), m_options.pruneBelow);
        m_posterior->addHypotheses(std::move(odd), m_options.pruneBelow);
        m_posterior->addHypotheses(std::move(alias), m_options.pruneBelow);
        if (m_trace)
            std::fprintf(stderr, "model: pattern %llu: degraded layouts, %zu with an odd member and %zu at its multiples offered; "
                "%zu kept (the rest already under the prune floor)\n",
                (unsigned long long)p, oddCount, aliasCount, m_posterior->size() - before);
    }
    return !grow.empty();
}

// Whether a hypothesis explains the tests at all: its residuals' chi-square against the noise model's, at
// the 0.1 % tail (Wilson and Hilferty's cube-root normal approximation, z = 3.09).
bool ModelProber::explains(std::size_t hypothesis) const
{
    const auto [chi2, dof] = m_posterior->fit(hypothesis);
    return chi2 <= dof * std::pow(1 - 2 / (9 * dof) + 3.09 * std::sqrt(2 / (9 * dof)), 3);
}

} // namespace raidscope::probemodel
