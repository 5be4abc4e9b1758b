// SPDX-License-Identifier: GPL-3.0-or-later
// The model probe's verdict (docs/design/probe.md "Verdict"): the leading class named with its
// posterior, what reads alike as its equivalents, and the findings the posterior supports.
#include "modelprober_p.h"

#include "search.h"

#include <QSet>

#include <algorithm>
#include <cmath>
#include <map>

namespace raidscope::probemodel {

// Where the posterior holds an odd member, which one it is: settled when one member holds nearly all
// of that mass (the layout is settled first, so members are numbered alike across what remains).
bool ModelProber::oddMemberSettled() const
{
    const std::vector<double>& post = m_posterior->posteriors();
    std::map<int, double> byDisk;
    double odd = 0;
    for (std::size_t i = 0; i < post.size(); ++i)
        if (const int d = m_posterior->hypothesis(i).env.slowDisk; d >= 0) {
            byDisk[d] += post[i];
            odd += post[i];
        }
    if (odd < 0.5)
        return true;
    double top = 0;
    for (const auto& [d, mass] : byDisk)
        top = std::max(top, mass);
    return top >= 0.95 * odd;
}

// The odd member's finding: which member, its speed against the others' (the posterior mean of the log
// speed), and how sure; where no one member holds the mass, the speed alone and the members it may be.
void ModelProber::oddMemberFinding()
{
    const std::vector<double>& post = m_posterior->posteriors();
    std::map<int, std::pair<double, double>> byDisk; // mass, mass x log speed
    double odd = 0, oddLog = 0;
    for (std::size_t i = 0; i < post.size(); ++i) {
        const Environment& e = m_posterior->hypothesis(i).env;
        if (e.slowDisk < 0)
            continue;
        byDisk[e.slowDisk].first += post[i];
        byDisk[e.slowDisk].second += post[i] * std::log(e.slowSpeed);
        odd += post[i];
        oddLog += post[i] * std::log(e.slowSpeed);
    }
    if (odd < 0.5)
        return;
    std::vector<std::pair<double, int>> ranked;
    for (const auto& [d, m] : byDisk)
        ranked.emplace_back(m.first, d);
    std::sort(ranked.rbegin(), ranked.rend());
    const int disk = ranked.front().second;
    const double share = ranked.front().first / odd;
    const double speed = std::exp(share >= 0.95 ? byDisk[disk].second / byDisk[disk].first : oddLog / odd);
    const bool slow = speed < 1;
    ProbeFinding f;
    f.kind = slow ? ProbeFinding::Kind::SlowDisk : ProbeFinding::Kind::FastDisk;
    f.values = { { QStringLiteral("speed"), speed }, { QStringLiteral("posterior"), odd } };
    if (share >= 0.95) {
        f.disks = { disk };
        f.values.push_back({ QStringLiteral("memberPosterior"), share });
        f.text = QStringLiteral("disk %1 runs at %2 of the others' speed (posterior %3 %, that member %4 %)")
                     .arg(disk)
                     .arg(speed, 0, 'f', 2)
                     .arg(100 * odd, 0, 'f', 1)
                     .arg(100 * share, 0, 'f', 1);
    } else {
        QStringList which;
        for (std::size_t k = 0; k < ranked.size() && k < 4; ++k)
            which << QStringLiteral("%1 (%2 %)").arg(ranked[k].second).arg(100 * ranked[k].first / odd, 0, 'f', 0);
        f.text = QStringLiteral("one member runs at about %1 of the others' speed (posterior %2 %); which one the tests do not "
                                "tell apart: disk %3")
                     .arg(speed, 0, 'f', 2)
                     .arg(100 * odd, 0, 'f', 1)
                     .arg(which.join(QStringLiteral(", ")));
    }
    m_result.verdict.findings.push_back(std::move(f));
}

// The verdict names a layout: its confidence is the posterior of every hypothesis whose layout is
// one of the best class's, whatever environment it comes with (a member kind left open does not
// leave the layout open).
double ModelProber::layoutConfidence(const HypothesisClass& top) const
{
    QSet<QString> layouts;
    for (std::size_t i : top.members)
        layouts.insert(answerOf(*m_posterior->hypothesis(i).layout));
    const std::vector<double>& post = m_posterior->posteriors();
    double sum = 0;
    for (std::size_t i = 0; i < post.size(); ++i)
        if (layouts.contains(answerOf(*m_posterior->hypothesis(i).layout)))
            sum += post[i];
    return sum;
}

void ModelProber::verdict()
{
    ProbeVerdict& v = m_result.verdict;
    const bool writes = m_config.measureRedundancy && m_target.writable();
    const std::vector<Test> tests = candidateTests(*m_posterior, m_posterior->best(8), m_n, writes, m_capacityBlocks / 64);
    const std::vector<HypothesisClass> classes = m_posterior->classes(0.25, 1e-6, tests);
    if (classes.empty())
        return;
    // A mirror of D is named by its common name, RAID-1, where the posterior holds one.
    std::size_t head = classes.front().members.front();
    if (const QString answer = answerOf(*m_posterior->hypothesis(head).layout); answer.startsWith(u"mirror")) {
        const std::vector<double>& post = m_posterior->posteriors();
        for (std::size_t i = 0; i < post.size(); ++i) {
            const Candidate& other = *m_posterior->hypothesis(i).layout;
            if (other.scheme == u"raid1" && answerOf(other) == answer
                && (m_posterior->hypothesis(head).layout->scheme != u"raid1" || post[i] > post[head]))
                head = i;
        }
    }
    const Hypothesis& h = m_posterior->hypothesis(head);
    const Candidate& c = *h.layout;
    v.nameLayout(c, m_block);
    v.spec = h.spec(); // with what the environment adds (md's nearest-head reads)
    v.confidence = layoutConfidence(classes.front());
    // The posterior ranks the hypotheses it has; explains() says whether the best explains the tests at
    // all. A misfit names no layout.
    const auto [chi2, dof] = m_posterior->fit(classes.front().members.front());
    const double tail = dof * std::pow(1 - 2 / (9 * dof) + 3.09 * std::sqrt(2 / (9 * dof)), 3);
    const bool explained = explains(classes.front().members.front());
    v.identified = v.confidence >= m_options.stopPosterior && explained;
    QSet<QString> seen { v.layoutSpec };
    for (std::size_t i : classes.front().members) {
        const QString s = m_posterior->hypothesis(i).layout->layoutSpec();
        if (!seen.contains(s) && v.equivalents.size() < 20) {
            seen.insert(s);
            v.equivalents << s;
        }
    }
    for (std::size_t k = 1; k < classes.size(); ++k) {
        const Hypothesis& other = m_posterior->hypothesis(classes[k].members.front());
        if (answerOf(*other.layout) == answerOf(c))
            continue;
        v.runnerUp = other.spec();
        v.runnerUpConfidence = classes[k].posterior;
        break;
    }
    m_result.patternBlocks = c.patternBlocks;
    m_result.chunkBlocks = c.layout->params().chunkBlocks();
    auto finding = [&](ProbeFinding::Kind kind, QString text, std::vector<int> disks, std::vector<std::pair<QString, double>> values) {
        ProbeFinding f;
        f.kind = kind;
        f.text = std::move(text);
        f.disks = std::move(disks);
        f.values = std::move(values);
        v.findings.push_back(std::move(f));
    };
    if (!explained)
        finding(ProbeFinding::Kind::NoLayout,
            QStringLiteral("no hypothesis explains the measurements: the best leaves a chi-square of %1 on %2 degrees "
                           "of freedom (the noise model allows %3); members or a controller the model does not know")
                .arg(chi2, 0, 'f', 1)
                .arg(dof, 0, 'f', 0)
                .arg(tail, 0, 'f', 1),
            {}, { { QStringLiteral("chiSquare"), chi2 }, { QStringLiteral("degreesOfFreedom"), dof } });
    if (!v.identified) {
        QStringList lead;
        for (std::size_t k = 0; k < classes.size() && k < 3; ++k)
            lead << QStringLiteral("%1 (%2 %)").arg(m_posterior->hypothesis(classes[k].members.front()).spec())
                        .arg(100 * classes[k].posterior, 0, 'f', 1);
        finding(ProbeFinding::Kind::Undecided, QStringLiteral("undecided: ") + lead.join(QStringLiteral(", ")), {},
            { { QStringLiteral("confidence"), v.confidence } });
    }
    if (c.failedDisk >= 0)
        finding(ProbeFinding::Kind::FailedDisk, QStringLiteral("disk %1 has failed: the array runs degraded").arg(c.failedDisk),
            { c.failedDisk }, {});
    // What the posterior says of the environment, marginalised over the layouts.
    const std::vector<double>& post = m_posterior->posteriors();
    std::map<MemberKind, double> kinds;
    double writeBack = 0, ceiling = 0, ceilingLog = 0, ceilingRateLog = 0, credit = 0, creditLog = 0, pacedRateLog = 0;
    for (std::size_t i = 0; i < post.size(); ++i) {
        const Environment& e = m_posterior->hypothesis(i).env;
        kinds[e.kind] += post[i];
        writeBack += e.writeBack ? post[i] : 0;
        if (e.credit && post[i] > 0) {
            // The bucket in requests, and the members' paced rate: the unit the shift puts on the serial read.
            credit += post[i];
            creditLog += post[i] * std::log(m_posterior->creditRequests(i));
            pacedRateLog += post[i] * (std::log(1000.0 / m_scale.serialReadMs) - m_posterior->shift(i));
        } else if (e.ceiling && post[i] > 0) {
            // The ceiling in members' worth, and in requests a second: k members' serial reads, the unit
            // the hypothesis' shift puts on the calibration's serial read.
            const double k = std::log(m_posterior->ceilingMembers(i));
            ceiling += post[i];
            ceilingLog += post[i] * k;
            ceilingRateLog += post[i] * (k + std::log(1000.0 / m_scale.serialReadMs) - m_posterior->shift(i));
        }
    }
    const auto kind = std::max_element(kinds.begin(), kinds.end(), [](auto& a, auto& b) { return a.second < b.second; });
    finding(ProbeFinding::Kind::MemberKind,
        QStringLiteral("members read as %1 (posterior %2 %; one serial read %3 ms)")
            .arg(memberKindName(kind->first))
            .arg(100 * kind->second, 0, 'f', 1)
            .arg(m_scale.serialReadMs, 0, 'f', 3),
        {}, { { QStringLiteral("posterior"), kind->second }, { QStringLiteral("serialReadMs"), m_scale.serialReadMs } });
    oddMemberFinding();
    if (ceiling >= 0.5)
        finding(ProbeFinding::Kind::RequestCeiling,
            QStringLiteral("the array starts requests no faster than %1 members serve them, about %2 requests a second: "
                           "a limit of the volume, the controller or the host (posterior %3 %)")
                .arg(std::exp(ceilingLog / ceiling), 0, 'f', 1)
                .arg(std::exp(ceilingRateLog / ceiling), 0, 'f', 0)
                .arg(100 * ceiling, 0, 'f', 1),
            {}, { { QStringLiteral("members"), std::exp(ceilingLog / ceiling) },
                  { QStringLiteral("iops"), std::exp(ceilingRateLog / ceiling) }, { QStringLiteral("posterior"), ceiling } });
    if (credit >= 0.5)
        finding(ProbeFinding::Kind::BurstCredit,
            QStringLiteral("each member lets about %1 requests start at once after a rest, then paces about %2 a second: "
                           "a throttle's burst credit (posterior %3 %); tests were rested and sized past it")
                .arg(std::exp(creditLog / credit), 0, 'f', 0)
                .arg(std::exp(pacedRateLog / credit), 0, 'f', 0)
                .arg(100 * credit, 0, 'f', 1),
            {}, { { QStringLiteral("requests"), std::exp(creditLog / credit) },
                  { QStringLiteral("iops"), std::exp(pacedRateLog / credit) }, { QStringLiteral("posterior"), credit } });
    if (writeBack >= 0.5)
        finding(ProbeFinding::Kind::WriteCache,
            QStringLiteral("writes are acknowledged before the disks can have written them: a write-back cache "
                           "(posterior %1 %); the read/write ratio is not the layout's")
                .arg(100 * writeBack, 0, 'f', 1),
            {}, { { QStringLiteral("posterior"), writeBack } });
}

} // namespace raidscope::probemodel
