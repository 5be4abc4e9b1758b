// SPDX-License-Identifier: GPL-3.0-or-later
#include "modelprober_p.h"

#include "layout/layoutregistry.h"
#include "search.h"
#include "stats/rng.h"
#include "units.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cmath>
#include <map>
#include <numeric>
#include <mutex>
#include <set>
#include <tuple>

namespace raidscope {


QJsonObject shearScheduleJson(std::uint64_t patternBlocks, std::uint64_t chunkBlocks, std::uint64_t largestTriedBlocks,
                              std::uint64_t n, std::uint64_t r)
{
    const std::uint64_t k = chunkBlocks ? patternBlocks / chunkBlocks : 0;
    const std::uint64_t pattern = r * std::max<std::uint64_t>(largestTriedBlocks, 1) * n; // §2.3.1: p = 1 .. largest
    const std::uint64_t boundaries = r * patternBlocks * 2 * n;                          // §2.3.2: c = 0 .. P-1
    const std::uint64_t pairs = r * k * k * 2 * n;                                        // §2.3.3: every (c1, c2)
    const std::uint64_t redundancy = r * 2 * n;                                           // §2.3.4: N reads, N writes
    return QJsonObject { { QStringLiteral("patternSize"), qint64(pattern) }, { QStringLiteral("boundaries"), qint64(boundaries) },
        { QStringLiteral("pairwise"), qint64(pairs) }, { QStringLiteral("redundancy"), qint64(redundancy) },
        { QStringLiteral("readsPerTest"), qint64(n) }, { QStringLiteral("repeats"), qint64(r) },
        { QStringLiteral("total"), qint64(pattern + boundaries + pairs + redundancy) } };
}

std::uint64_t shearScheduleIos(std::uint64_t patternBlocks, std::uint64_t chunkBlocks, std::uint64_t largestTriedBlocks,
                               std::uint64_t n, std::uint64_t r)
{
    return std::uint64_t(shearScheduleJson(patternBlocks, chunkBlocks, largestTriedBlocks, n, r).value(QStringLiteral("total")).toInteger());
}

namespace probemodel {

namespace {

// The device's repeat noise from every group of identical tests run so far, each group's spread less what
// the hypotheses already predict of it (their posterior mean: where the reads land, a member's spread), over
// NoiseEstimate's stated prior.
NoiseEstimate repeatNoise(const Posterior& posterior)
{
    const std::vector<Observation>& observations = posterior.observations();
    NoiseEstimate e { 0.05, 2 };
    std::vector<bool> grouped(observations.size(), false);
    for (std::size_t i = 0; i < observations.size(); ++i) {
        if (grouped[i])
            continue;
        std::vector<double> ms;
        for (std::size_t j = i; j < observations.size(); ++j)
            if (!grouped[j] && observations[j].test == observations[i].test) {
                grouped[j] = true;
                ms.push_back(observations[j].ms);
            }
        if (ms.size() > 1) // a test run once tells nothing of the repeat noise; its model variance is not needed
            e.addRepeats(ms, posterior.modelLogVariance(i));
    }
    return e;
}

} // namespace

BatchTiming ModelProber::runBatch(const std::vector<ProbeIo>& ios, std::uint64_t& counter, int outstanding)
{
    if (m_stop.stop_requested())
        throw Stopped {};
    QString error;
    auto t = m_target.run(ios, outstanding > 0 ? outstanding : int(ios.size()), m_stop, &error);
    if (!t) {
        if (m_stop.stop_requested())
            throw Stopped {};
        throw std::runtime_error(error.toStdString());
    }
    counter += ios.size() * std::uint64_t(1 + (ios.empty() || !ios.front().write ? 0 : m_target.readsPerWrite()));
    return std::move(*t);
}

std::vector<ProbeIo> ModelProber::iosFor(const Test& t)
{
    std::vector<ProbeIo> ios;
    for (const Demand& d : t.demands) {
        const std::uint64_t period = std::max<std::uint64_t>(1, d.periodBlocks);
        const std::uint64_t instances = (m_capacityBlocks - d.offsetBlocks % period) / period;
        for (int i = 0; i < d.count; ++i) {
            const std::uint64_t block = m_rng.below(instances) * period + d.offsetBlocks % period;
            ios.push_back({ block * m_block, m_block, t.write });
        }
    }
    // One batch: the demands' reads interleaved as Shear issues them, all at once.
    std::vector<std::size_t> order(ios.size());
    std::iota(order.begin(), order.end(), 0);
    for (std::size_t i = order.size(); i > 1; --i)
        std::swap(order[i - 1], order[m_rng.below(i)]);
    std::vector<ProbeIo> shuffled;
    shuffled.reserve(ios.size());
    for (std::size_t i : order)
        shuffled.push_back(ios[i]);
    return shuffled;
}

std::uint64_t& ModelProber::counterFor(const Test& t)
{
    switch (t.kind) {
    case Test::Kind::Pattern: return m_ios.patternSize;
    case Test::Kind::Boundary: return m_ios.boundaries;
    case Test::Kind::Pair: return m_ios.pairwise;
    case Test::Kind::Writes: return m_ios.redundancy;
    case Test::Kind::Spread: return m_ios.calibration;
    }
    return m_ios.calibration;
}

double ModelProber::timeTest(const Test& t)
{
    m_target.idle(m_restMs, m_stop);
    const BatchTiming timing = runBatch(iosFor(t), counterFor(t), t.outstanding);
    return timing.totalNs() / 1e6;
}

// A bucket of B requests at a member's paced unit u refills in B u: the rest before the next test is twice
// the longest of that among the leading hypotheses with credit (their modes, the shift applied), and never
// under the starting rest.
void ModelProber::restForCredit()
{
    double longest = 0;
    for (std::size_t i : m_posterior->best(8)) {
        const double b = m_posterior->creditRequests(i);
        if (b > 0)
            longest = std::max(longest, b * m_scale.serialReadMs * std::exp(m_posterior->shift(i)));
    }
    m_restMs = std::max(m_restMs, std::min(2 * longest, 10000.0));
}

void ModelProber::step(const QString& name, double fraction)
{
    m_fraction = fraction;
    m_pending.step = name;
    flush(true);
}

void ModelProber::flush(bool force)
{
    if (!m_report)
        return;
    m_pending.fraction = m_fraction;
    m_pending.ios = m_ios;
    m_pending.blockBytes = m_block;
    auto snapshot = std::make_shared<ProbeSnapshot>(std::move(m_pending));
    m_pending = ProbeSnapshot {};
    m_pending.step = snapshot->step;
    if (force || !snapshot->pattern.empty() || !snapshot->boundaries.empty() || !snapshot->pairs.empty())
        m_report(std::move(snapshot));
}

// The calibration (docs/design/probe.md "Calibration"): serial random reads give one read's service
// on an idle member (its mean, its floor, its spread); N follows from the spread, so that one
// member's N reads vary by about 5 % (cv / sqrt(N)); repeated spread batches give the device's
// repeat noise.
void ModelProber::calibrate()
{
    step(QStringLiteral("calibration"), 0.02);
    std::vector<ProbeIo> warm;
    for (int i = 0; i < 2 * m_config.readsPerTest; ++i)
        warm.push_back({ m_rng.below(m_capacityBlocks) * m_block, m_block, false });
    runBatch(warm, m_ios.warmup, 0);

    std::vector<ProbeIo> serial;
    for (int i = 0; i < 32; ++i)
        serial.push_back({ m_rng.below(m_capacityBlocks) * m_block, m_block, false });
    const BatchTiming t = runBatch(serial, m_ios.calibration, 1);
    std::vector<double> ms;
    for (std::size_t i = 0; i < t.completionNs.size(); ++i)
        ms.push_back(!t.latencyNs.empty() ? t.latencyNs[i] / 1e6
                                          : (t.completionNs[i] - (i ? t.completionNs[i - 1] : 0.0)) / 1e6);
    const double mean = std::accumulate(ms.begin(), ms.end(), 0.0) / double(ms.size());
    double var = 0;
    for (double m : ms)
        var += (m - mean) * (m - mean);
    var /= double(ms.size() - 1);
    m_scale.serialReadMs = mean;
    // The same count of serial reads within 1/1024 of the address space: each member's head stays near.
    const std::uint64_t window = std::max<std::uint64_t>(m_capacityBlocks / 1024, 64);
    const std::uint64_t start = m_rng.below(m_capacityBlocks - window + 1);
    std::vector<ProbeIo> local;
    for (int i = 0; i < 32; ++i)
        local.push_back({ (start + m_rng.below(window)) * m_block, m_block, false });
    const BatchTiming lt = runBatch(local, m_ios.calibration, 1);
    double localSum = 0;
    for (std::size_t i = 0; i < lt.completionNs.size(); ++i)
        localSum += !lt.latencyNs.empty() ? lt.latencyNs[i] / 1e6 : (lt.completionNs[i] - (i ? lt.completionNs[i - 1] : 0.0)) / 1e6;
    m_scale.localReadMs = localSum / double(std::max<std::size_t>(1, lt.completionNs.size()));
    m_scale.floorMs = *std::min_element(ms.begin(), ms.end());
    m_scale.serviceCv = mean > 0 ? std::sqrt(var) / mean : 0;
    m_scale.readsPerWrite = m_target.readsPerWrite();
    m_scale.blockBytes = m_block;
    const double wanted = std::pow(m_scale.serviceCv / 0.05, 2);
    m_n = std::clamp(int(std::ceil(wanted / 8.0)) * 8, m_config.readsPerTest, 512);
    m_result.serialMs = mean * m_n;
    m_result.calibration.serialMs = m_result.serialMs;
    m_result.calibration.readsPerTest = m_n;
}

void ModelProber::record(const Test& t, double ms)
{
    switch (t.kind) {
    case Test::Kind::Pattern: {
        const std::uint64_t p = t.demands.front().periodBlocks;
        m_largestTried = std::max(m_largestTried, p);
        m_result.pattern.push_back({ p, ms, false });
        m_pending.pattern.push_back({ p, ms, false });
        break;
    }
    case Test::Kind::Boundary: {
        const std::uint64_t c = t.demands.back().offsetBlocks;
        m_result.boundaries.push_back({ c, ms, false });
        m_pending.boundaries.push_back({ c, ms, false });
        break;
    }
    case Test::Kind::Pair: {
        // Shear's Fig. 10 map: chunks of the leading hypothesis' layout, and the excess over the slower
        // chunk alone in units of the faster (1: one disk serves both; 0: apart), the lone chunks' times
        // as that hypothesis predicts them.
        const std::size_t lead = m_posterior->best(1).front();
        const std::uint64_t C = std::max<std::uint64_t>(1, m_posterior->hypothesis(lead).layout->layout->params().chunkBlocks());
        auto alone = [&](const Demand& d) {
            Test one;
            one.kind = Test::Kind::Pattern;
            one.demands = { d };
            return std::exp(m_posterior->predictLog(lead, one).first);
        };
        const double a = alone(t.demands.front()), b = alone(t.demands.back());
        const double ratio = std::min(a, b) > 0 ? (ms - std::max(a, b)) / std::min(a, b) : 0;
        PairPoint pp { t.demands.front().offsetBlocks / C, t.demands.back().offsetBlocks / C, ms, ratio };
        m_result.pairs.push_back(pp);
        m_pending.pairs.push_back(pp);
        break;
    }
    case Test::Kind::Writes:
        m_result.writes.push_back({ t.requests(), double(t.requests()) * m_block / (ms * 1e3) });
        break;
    case Test::Kind::Spread:
        break;
    }
    flush(false);
}

void ModelProber::traceTruth(const char* when, bool residuals) const
{
    if (m_truth.isEmpty() || !m_posterior)
        return;
    auto keys = [](const QString& spec) {
        QStringList k = spec.split(QLatin1Char(' '), Qt::SkipEmptyParts);
        k.sort();
        return k;
    };
    const QStringList truth = keys(m_truth);
    const std::vector<double>& post = m_posterior->posteriors();
    std::size_t best = post.size(), leader = 0;
    double mass = 0;
    for (std::size_t i = 0; i < post.size(); ++i) {
        if (post[i] > post[leader])
            leader = i;
        const QStringList have = keys(m_posterior->hypothesis(i).layout->layoutSpec());
        if (!std::includes(have.begin(), have.end(), truth.begin(), truth.end())
            || m_posterior->hypothesis(i).layout->failedDisk >= 0)
            continue;
        mass += post[i];
        if (best == post.size() || post[i] > post[best])
            best = i;
    }
    if (best == post.size()) {
        std::fprintf(stderr, "truth %s: not among the %zu hypotheses\n", when, post.size());
        return;
    }
    std::size_t rank = 0;
    for (double q : post)
        rank += q > post[best];
    std::fprintf(stderr, "truth %s: rank %zu, share %.3g (best %s [%s] %.3g), score %+.2f against the leader's\n", when, rank, mass,
        qPrintable(m_posterior->hypothesis(best).spec()), qPrintable(m_posterior->hypothesis(best).env.describe()), post[best],
        m_posterior->score(best) - m_posterior->score(leader));
    if (!residuals)
        return;
    const auto& seen = m_posterior->observations();
    for (std::size_t o = 0; o < seen.size(); ++o) {
        const double y = std::log(seen[o].ms);
        const auto [mt, vt] = m_posterior->predictLog(best, seen[o].test); // the shift in, its variance the noise's too
        const auto [ml, vl] = m_posterior->predictLog(leader, seen[o].test);
        std::fprintf(stderr, "  %-44s %9.2f ms  truth %+6.2f sd  leader %+6.2f sd\n", qPrintable(seen[o].test.describe()), seen[o].ms,
            (y - mt) / std::sqrt(vt), (y - ml) / std::sqrt(vl));
    }
}

ProbeResult ModelProber::run()
{
    m_result.target = m_target.describe();
    m_result.blockBytes = m_block;
    try {
        if (m_capacityBlocks < 64 * std::uint64_t(m_config.readsPerTest))
            throw std::runtime_error("the target is too small to probe");
        calibrate();
        NoiseModel noise;
        noise.knownUnitSigma = std::max(0.02, m_scale.serviceCv / std::sqrt(32.0));
        m_posterior.emplace(m_scale, noise);
        m_posterior->setJobs(m_options.jobs);
        step(QStringLiteral("hypotheses"), 0.05);
        const auto started = std::chrono::steady_clock::now();
        auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count(); };
        m_posterior->addHypotheses(hypotheses(0, false));
        if (m_trace)
            std::fprintf(stderr, "model: %zu hypotheses built in %.2f s\n", m_posterior->size(), elapsed());
        // The device's repeat noise: three spread batches of 2N, which every hypothesis also explains.
        Test spread;
        spread.kind = Test::Kind::Spread;
        spread.demands = { { 1, 0, 2 * m_n } };
        for (int i = 0; i < 3; ++i)
            m_posterior->observe(spread, timeTest(spread));
        noise.deviceSigma = repeatNoise(*m_posterior).sigma();
        m_posterior->setNoise(noise);
        const bool writes = m_config.measureRedundancy && m_target.writable();
        step(QStringLiteral("inference"), 0.1);
        for (int k = 0; k < m_options.maxTests; ++k) {
            traceTruth("before pruning");
            m_posterior->prune(m_options.pruneBelow);
            // A fifth: a member at 1/k of the others' speed (k up to 5, aliasHypotheses) makes the
            // patterns P/k read as P, so until odd members join, the true pattern may share its mass with
            // up to four aliases.
            expandAroundPattern(0.2);
            // The tests that could still tell the leaders apart, from the best few hypotheses; the
            // classes read alike on those and on every test run.
            const std::vector<Test> tests = candidateTests(*m_posterior, m_posterior->best(8), m_n, writes, m_capacityBlocks / 64);
            const auto classes = m_posterior->classes(0.25, 1e-6, tests);
            const bool settled = classes.empty() || (layoutConfidence(classes.front()) >= m_options.stopPosterior && oddMemberSettled());
            // Settled on a hypothesis that does not explain the tests: the leading patterns' degraded and
            // odd-member layouts join (a tenth of the posterior each), and the search goes on with them.
            if (settled && !classes.empty() && !explains(classes.front().members.front()) && expandAroundPattern(0.1))
                continue;
            if (settled)
                break;
            std::vector<std::size_t> heads;
            for (std::size_t c = 0; c < classes.size() && c < 8; ++c)
                heads.push_back(classes[c].members.front());
            // What the verdict asks of each class: its layout, and which member is odd where an odd member
            // holds half the posterior (oddMemberSettled).
            double odd = 0;
            for (std::size_t i = 0; i < m_posterior->size(); ++i)
                odd += m_posterior->hypothesis(i).env.slowDisk >= 0 ? m_posterior->posteriors()[i] : 0;
            std::vector<QString> questions;
            for (std::size_t c = 0; c < classes.size() && c < 16; ++c) {
                const Hypothesis& h = m_posterior->hypothesis(classes[c].members.front());
                questions.push_back(answerOf(*h.layout) + (odd >= 0.5 ? QStringLiteral("#%1").arg(h.env.slowDisk) : QString()));
            }
            // The classes are built from the best few hundred hypotheses; where the posterior is spread
            // wider than that (tests a bucket or a ceiling times alike), the answers outside them are
            // questions too: the best hypothesis of each answer the classes do not hold joins as a leader,
            // with that answer's whole posterior.
            std::vector<HypothesisClass> leaders(classes.begin(), classes.begin() + std::ptrdiff_t(std::min<std::size_t>(classes.size(), 16)));
            if (odd < 0.5) {
                const std::vector<double>& post = m_posterior->posteriors();
                std::map<QString, std::pair<double, std::size_t>> answers; // answer: its posterior, its best
                for (std::size_t i = 0; i < post.size(); ++i) {
                    auto& [mass, bestOf] = answers.try_emplace(answerOf(*m_posterior->hypothesis(i).layout), 0.0, i).first->second;
                    mass += post[i];
                    if (post[i] > post[bestOf])
                        bestOf = i;
                }
                for (const QString& q : questions)
                    answers.erase(q);
                std::vector<std::pair<double, std::size_t>> rest;
                for (const auto& [answer, entry] : answers)
                    rest.push_back(entry);
                std::sort(rest.begin(), rest.end(), std::greater<>());
                for (std::size_t r = 0; r < rest.size() && leaders.size() < 16; ++r) {
                    leaders.push_back({ { rest[r].second }, rest[r].first });
                    questions.push_back(answerOf(*m_posterior->hypothesis(rest[r].second).layout));
                    heads.push_back(rest[r].second);
                }
            }
            std::vector<Test> more = candidateTests(*m_posterior, heads, m_n, writes, m_capacityBlocks / 64, m_posterior->best(64));
            const auto choice = nextTest(*m_posterior, leaders, more, 16, 0.01, questions);
            if (m_trace) {
                std::fprintf(stderr, "model: %zu hypotheses, %zu classes; sigma %.3f; %.2f s\n", m_posterior->size(), classes.size(),
                    m_posterior->noise().deviceSigma, elapsed());
                for (std::size_t c = 0; c < classes.size() && c < 5; ++c)
                    std::fprintf(stderr, "  %.4f %s [%s] (%zu alike)\n", classes[c].posterior,
                        qPrintable(m_posterior->hypothesis(classes[c].members.front()).spec()),
                        qPrintable(m_posterior->hypothesis(classes[c].members.front()).env.describe()), classes[c].members.size());
                if (choice)
                    std::fprintf(stderr, "  next: %s (separation %.3f)\n", qPrintable(choice->test.describe()), choice->separation);
            }
            if (!choice && !explains(classes.front().members.front()) && expandAroundPattern(0.1))
                continue;
            if (!choice)
                break;
            const double ms = timeTest(choice->test);
            m_posterior->observe(choice->test, ms);
            record(choice->test, ms);
            restForCredit();
            // A test the search ran before is one more repeat: the noise estimate takes it in.
            const auto& seen = m_posterior->observations();
            if (std::count_if(seen.begin(), seen.end(), [&](const Observation& o) { return o.test == choice->test; }) > 1) {
                noise.deviceSigma = repeatNoise(*m_posterior).sigma();
                m_posterior->setNoise(noise);
            }
            m_fraction = 0.1 + 0.8 * double(k + 1) / double(m_options.maxTests);
        }
        step(QStringLiteral("identification"), 0.95);
        traceTruth("at the end", true);
        verdict();
        // The read/write ratio, where both were measured: the same counts of spread reads and writes.
        double readMs = 0, writeMs = 0;
        int readN = 0, writeN = 0;
        // (Only batches of 2N all at once: a larger batch's busiest member lags its mean less, so its time
        // per request is lower, and a closed batch's is its queue's.)
        for (const Observation& o : m_posterior->observations())
            if (o.test.requests() != 2 * m_n || o.test.outstanding > 0)
                continue;
            else if (o.test.kind == Test::Kind::Spread) {
                readMs += o.ms;
                readN += o.test.requests();
            } else if (o.test.kind == Test::Kind::Writes) {
                writeMs += o.ms;
                writeN += o.test.requests();
            }
        if (readN > 0)
            m_result.readMBps = double(readN) * m_block / (readMs * 1e3);
        if (readN > 0 && writeN > 0) {
            m_result.measuredReadWriteRatio = (writeMs / writeN) / (readMs / readN);
            m_result.readWriteRatio = m_result.measuredReadWriteRatio - m_target.readsPerWrite();
        }
    } catch (const Stopped&) {
        m_result.stopped = true;
    } catch (const std::exception& e) {
        m_result.error = QString::fromUtf8(e.what());
    }
    m_result.ios = m_ios;
    m_result.verdict.blockBytes = m_block;
    m_result.shearScheduleIos = shearScheduleIos(m_result.patternBlocks, m_result.chunkBlocks,
        std::max<std::uint64_t>(m_largestTried, 2 * m_result.patternBlocks));
    m_result.shearSchedule = shearScheduleJson(m_result.patternBlocks, m_result.chunkBlocks,
        std::max<std::uint64_t>(m_largestTried, 2 * m_result.patternBlocks));
    m_pending.verdict = std::make_shared<const ProbeVerdict>(m_result.verdict);
    m_fraction = 1;
    flush(true);
    return m_result;
}

} // namespace probemodel

ProbeResult runModelProbe(IoTarget& target, const ProbeConfig& config, const LayoutRegistry& registry,
                          const ModelProbeOptions& options, std::stop_token stop, const Report<ProbeSnapshot>& report)
{
    probemodel::ModelProber p(target, config, registry, options, std::move(stop), report);
    return p.run();
}

} // namespace raidscope
