// SPDX-License-Identifier: GPL-3.0-or-later
#include "forwardmodel.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>

namespace raidscope::probemodel {

QString memberKindName(MemberKind kind)
{
    switch (kind) {
    case MemberKind::Positioning: return QStringLiteral("positioning");
    case MemberKind::Reordering: return QStringLiteral("positioning, reordered");
    case MemberKind::SeekOrdered: return QStringLiteral("positioning, ordered by seek");
    case MemberKind::RateLimited: return QStringLiteral("rate-limited");
    }
    return {};
}

QString Environment::describe() const
{
    QStringList parts { memberKindName(kind) };
    if (copyReads == CopyReads::OneCopy)
        parts << QStringLiteral("one copy per chunk");
    if (writeBack)
        parts << QStringLiteral("write-back cache");
    if (slowDisk >= 0)
        parts << QStringLiteral("disk %1 at %2").arg(slowDisk).arg(slowSpeed, 0, 'g', 3);
    if (ceiling)
        parts << QStringLiteral("request ceiling");
    if (credit)
        parts << QStringLiteral("burst credit");
    return parts.join(QStringLiteral(", "));
}

int Test::requests() const
{
    int n = 0;
    for (const Demand& d : demands)
        n += d.count;
    return n;
}

QString Test::describe() const
{
    auto one = [](const Demand& d) {
        return d.periodBlocks <= 1 ? QStringLiteral("%1 anywhere").arg(d.count)
                                   : QStringLiteral("%1 at %2k+%3").arg(d.count).arg(d.periodBlocks).arg(d.offsetBlocks);
    };
    QStringList parts;
    for (const Demand& d : demands)
        parts << one(d);
    QString text = (write ? QStringLiteral("writes ") : QStringLiteral("reads ")) + parts.join(QStringLiteral(" + "));
    if (outstanding > 0 && outstanding < requests())
        text += QStringLiteral(", %1 in flight").arg(outstanding);
    return text;
}

std::vector<double> chunkShares(const Demand& d, std::uint64_t patternBlocks, std::uint64_t chunkBlocks)
{
    const std::uint64_t K = patternBlocks / chunkBlocks;
    std::vector<double> shares(std::size_t(K), 0.0);
    const std::uint64_t period = std::max<std::uint64_t>(1, d.periodBlocks);
    const std::uint64_t g = std::gcd(period, patternBlocks);
    const std::uint64_t residues = patternBlocks / g;
    const std::uint64_t offset = d.offsetBlocks % patternBlocks;
    if (chunkBlocks % g == 0) {
        // Every chunk holds exactly C/g of the residues offset mod g.
        std::fill(shares.begin(), shares.end(), 1.0 / double(K));
        return shares;
    }
    if (g % chunkBlocks == 0) {
        // The residues step whole chunks: chunk (offset/C + j·g/C) mod K.
        const std::uint64_t step = g / chunkBlocks, first = offset / chunkBlocks;
        for (std::uint64_t j = 0; j < residues; ++j)
            shares[std::size_t((first + j * step) % K)] += 1.0;
    } else {
        const std::uint64_t start = offset % g;
        for (std::uint64_t j = 0; j < residues; ++j)
            shares[std::size_t(((start + j * g) % patternBlocks) / chunkBlocks)] += 1.0;
    }
    for (double& s : shares)
        s /= double(residues);
    return shares;
}

namespace {

// Water-filling: `demand` reads that may go to any of `choices`, on top of `loads` (a shortest-queue
// controller's split); adds them to `loads` and puts each choice's part in `part`. With `speeds`, the level is
// each member's drain time (load over speed): a member at speed w takes w reads per unit of level.
void waterFill(std::vector<double>& loads, const std::vector<int>& choices, double demand, const std::vector<double>* speeds,
               std::vector<double>& part)
{
    const std::size_t n = choices.size();
    part.assign(n, 0.0);
    auto rate = [&](std::size_t i) { return speeds ? (*speeds)[std::size_t(choices[i])] : 1.0; };
    auto level = [&](std::size_t i) { return loads[std::size_t(choices[i])] / rate(i); };
    if (n == 2) { // two copies, the common case: the lower filled to the higher, then both together
        const std::size_t lo = level(0) <= level(1) ? 0 : 1, hi = 1 - lo;
        const double room = rate(lo) * (level(hi) - level(lo));
        if (demand <= room) {
            part[lo] = demand;
        } else {
            const double at = level(hi) + (demand - room) / (rate(0) + rate(1));
            part[lo] = (at - level(lo)) * rate(lo);
            part[hi] = (at - level(hi)) * rate(hi);
        }
        loads[std::size_t(choices[0])] += part[0];
        loads[std::size_t(choices[1])] += part[1];
        return;
    }
    std::size_t stack[64];
    std::vector<std::size_t> heap;
    std::size_t* order = stack;
    if (n > 64) {
        heap.resize(n);
        order = heap.data();
    }
    std::iota(order, order + n, std::size_t(0));
    std::sort(order, order + n, [&](std::size_t a, std::size_t b) { return level(a) < level(b); });
    double remaining = demand;
    std::size_t filled = 1;
    double at = level(order[0]), width = rate(order[0]); // width: reads per unit of level over those filled
    while (remaining > 0) {
        const double next = filled < n ? level(order[filled]) : 1e300;
        const double room = width * (next - at);
        if (room >= remaining) {
            at += remaining / width;
            remaining = 0;
        } else {
            remaining -= room;
            at = next;
            width += rate(order[filled]);
            ++filled;
        }
    }
    for (std::size_t k = 0; k < filled; ++k) {
        const std::size_t i = order[k];
        part[i] = std::max(0.0, (at - level(i)) * rate(i));
    }
    for (std::size_t k = 0; k < filled; ++k)
        loads[std::size_t(choices[order[k]])] += part[order[k]];
}

double harmonic(double x) // H(x) for real x >= 0: the digamma function's asymptotic series, shifted
{
    double h = 0;
    while (x < 6) {
        if (x <= 0)
            return h;
        h += 1.0 / x;
        x -= 1;
    }
    // H(x) = ln x + gamma + 1/(2x) - 1/(12 x^2) + 1/(120 x^4)
    return h + std::log(x) + 0.5772156649015329 + 1.0 / (2 * x) - 1.0 / (12 * x * x) + 1.0 / (120 * x * x * x * x);
}

double normalPdf(double x) { return 0.3989422804014327 * std::exp(-0.5 * x * x); }
double normalCdf(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }

} // namespace

const std::vector<std::pair<double, double>>& oddMemberSpeeds()
{
    static const std::vector<std::pair<double, double>> grid = [] {
        std::vector<double> speeds;
        for (double s = 0.9; s >= 0.15; s /= 1.2)
            speeds.push_back(s);
        for (double s = 1.1; s <= 3.0; s *= 1.2)
            speeds.push_back(s);
        std::sort(speeds.begin(), speeds.end());
        std::vector<std::pair<double, double>> out;
        for (double s : speeds)
            out.emplace_back(s, 1.0 / double(speeds.size()));
        return out;
    }();
    return grid;
}

bool hasCopyChoices(const Candidate& c)
{
    return std::any_of(c.reads.begin(), c.reads.end(), [](const Candidate::ChunkReads& r) { return r.choices.size() > 1; });
}

std::vector<double> memberLoads(const Candidate& c, CopyReads policy, const Test& t, const std::vector<double>* speeds)
{
    const std::uint64_t chunkBlocks = c.layout->params().chunkBlocks();
    const std::size_t K = c.reads.size();
    std::vector<double> perChunk(K, 0.0);
    std::vector<bool> focused(K, false); // every read of some demand on this one chunk
    for (const Demand& d : t.demands) {
        const std::vector<double> s = chunkShares(d, c.patternBlocks, chunkBlocks);
        for (std::size_t k = 0; k < K; ++k) {
            perChunk[k] += s[k] * double(d.count);
            focused[k] = focused[k] || s[k] == 1;
        }
    }
    std::vector<double> loads(std::size_t(c.disks), 0.0);
    // Fixed loads first, then the chunks with fewest copies: the order in which a shortest-queue
    // controller's water-filling reaches the optimum for nested copy sets.
    std::vector<std::size_t> balanced;
    for (std::size_t k = 0; k < K; ++k) {
        if (perChunk[k] <= 0)
            continue;
        const Candidate::ChunkReads& r = c.reads[k];
        for (const auto& [disk, amount] : r.fixed)
            loads[std::size_t(disk)] += amount * perChunk[k];
        // md's nearest head (one copy): a batch's reads of one chunk stay on the copy whose head is
        // there; reads spread over many chunks find idle copies first and spread as balanced ones.
        if (r.choices.size() == 1 || (!r.choices.empty() && policy == CopyReads::OneCopy && focused[k]))
            loads[std::size_t(r.choices.front())] += perChunk[k];
        else if (!r.choices.empty())
            balanced.push_back(k);
    }
    // Each balanced chunk's reads water-filled in turn, then again over the others' (block coordinate
    // descent on the sum of squared loads): the fractional split whose busiest disk is least loaded,
    // which a shortest-queue controller approaches (Hall's condition: makespan = max over chunk sets
    // of their reads over the disks they may use, as Candidate::pairCost() has it for two).
    std::stable_sort(balanced.begin(), balanced.end(),
        [&](std::size_t a, std::size_t b) { return c.reads[a].choices.size() < c.reads[b].choices.size(); });
    std::vector<std::vector<double>> parts(balanced.size());
    // Reads spread evenly over every chunk (spread reads, or sizes whose residues cover the pattern):
    // each chunk's share split evenly over its copies, as a shortest-queue controller keeps it over
    // a layout whose copies are placed alike (every installed one, healthy).
    const auto [low, high] = std::minmax_element(perChunk.begin(), perChunk.end());
    const bool even = K > 0 && *high - *low <= 1e-12 * *high && !speeds;
    for (std::size_t j = 0; j < balanced.size(); ++j) {
        const std::vector<int>& choices = c.reads[balanced[j]].choices;
        if (even) {
            parts[j].assign(choices.size(), perChunk[balanced[j]] / double(choices.size()));
            for (std::size_t i = 0; i < choices.size(); ++i)
                loads[std::size_t(choices[i])] += parts[j][i];
        } else {
            waterFill(loads, choices, perChunk[balanced[j]], speeds, parts[j]);
        }
    }
    // Passes until no chunk's split moves by 0.01 % of the test's reads: far below the noise.
    std::vector<double> next;
    for (int pass = 0; pass < 30 && balanced.size() > 1 && !even; ++pass) {
        double moved = 0;
        for (std::size_t j = 0; j < balanced.size(); ++j) {
            const std::vector<int>& choices = c.reads[balanced[j]].choices;
            for (std::size_t i = 0; i < choices.size(); ++i)
                loads[std::size_t(choices[i])] -= parts[j][i];
            waterFill(loads, choices, perChunk[balanced[j]], speeds, next);
            for (std::size_t i = 0; i < choices.size(); ++i)
                moved = std::max(moved, std::abs(next[i] - parts[j][i]));
            std::swap(parts[j], next);
        }
        if (moved < 1e-4 * double(t.requests()))
            break;
    }
    // A shortest-queue controller places whole requests: where the balanced reads' count on their
    // disks is fixed (every balanced chunk's demand certain, or one copy set for all of them), the
    // split is whole, its remainder going one read each to the disks with the largest fractions
    // (RAID-1 of 9 reads 64 as 8 + 8 x 7: its busiest disk as RAID-1 of 8's).
    bool certain = true;
    for (const Demand& d : t.demands) {
        const std::vector<double> s = chunkShares(d, c.patternBlocks, chunkBlocks);
        for (std::size_t k : balanced)
            certain = certain && (s[k] == 0 || s[k] == 1);
    }
    bool oneSet = true;
    for (std::size_t k : balanced)
        oneSet = oneSet && c.reads[k].choices == c.reads[balanced.front()].choices;
    if (!balanced.empty() && (certain || oneSet)) {
        std::vector<double> part(loads.size(), 0.0);
        for (std::size_t j = 0; j < balanced.size(); ++j)
            for (std::size_t i = 0; i < c.reads[balanced[j]].choices.size(); ++i)
                part[std::size_t(c.reads[balanced[j]].choices[i])] += parts[j][i];
        double total = 0, whole = 0;
        std::vector<std::pair<double, std::size_t>> fractions;
        for (std::size_t d = 0; d < part.size(); ++d) {
            total += part[d];
            const double f = std::floor(part[d] + 1e-9);
            whole += f;
            if (part[d] > 0)
                fractions.emplace_back(part[d] - f, d);
            loads[d] += f - part[d];
        }
        std::stable_sort(fractions.begin(), fractions.end(), [](auto& a, auto& b) { return a.first > b.first; });
        const auto extra = std::size_t(std::llround(total - whole));
        for (std::size_t i = 0; i < extra && i < fractions.size(); ++i)
            loads[fractions[i].second] += 1;
    }
    return loads;
}

double memberTimeMs(double load, double queue, MemberKind kind, const DeviceScale& scale, double speed)
{
    if (load <= 0)
        return 0;
    speed = speed > 0 ? speed : 1;
    switch (kind) {
    case MemberKind::Positioning:
    case MemberKind::RateLimited:
        // One request at a time at the member's mean service (or its rate's period).
        return load * scale.serialReadMs / speed;
    case MemberKind::Reordering: {
        // The member serves the nearest of the q queued requests first. Positioning times uniform on
        // [0, 2p] (p the mean beyond the floor): the least of q is 2p/(q+1) (its order statistic).
        // With the queue kept at q while more wait, then draining: the sum of those minima.
        const double p = std::max(0.0, scale.serialReadMs - scale.floorMs);
        const double q = std::clamp(queue, 1.0, std::max(1.0, load)); // a fraction of a read: as one
        const double ms = (load - q) * (scale.floorMs + 2 * p / (q + 1)) + q * scale.floorMs + 2 * p * (harmonic(q + 1) - 1);
        return ms / speed;
    }
    case MemberKind::SeekOrdered: {
        // Ordered by seek distance alone (an elevator, SSTF): the rotation, settle and transfer stay with
        // every read (the calibration's local reads measure them); the long seek's part, the serial read
        // beyond the local one, shrinks with the distance to the nearest of q queued requests. That
        // distance goes as 1/(q+1) of the stroke, and a seek's time as the root of its distance
        // (Ruemmler and Wilkes 1994, §2.2: the arm accelerates over half a short seek and brakes over
        // the rest): the seek part scales as sqrt(2/(q+1)), 1 at q = 1. The drain from q down to 1
        // sums sqrt(2/(j+1)) over j = 1..q: sqrt(2) (2 sqrt(q + 1.5) - 2 sqrt(1.5)) by the midpoint rule.
        const double local = std::clamp(scale.localReadMs > 0 ? scale.localReadMs : scale.floorMs, 0.0, scale.serialReadMs);
        const double seek = scale.serialReadMs - local;
        const double q = std::clamp(queue, 1.0, std::max(1.0, load)); // a fraction of a read: as one
        const double atQ = std::min(1.0, std::sqrt(2 / (q + 1)));
        const double drain = std::sqrt(2.0) * (2 * std::sqrt(q + 1.5) - 2 * std::sqrt(1.5));
        const double ms = (load - q) * (local + seek * atQ) + q * local + seek * drain;
        return ms / speed;
    }
    }
    return 0;
}

LoadProfile loadProfile(const Candidate& c, const Environment& e, const Test& t, const DeviceScale& scale)
{
    if (e.slowDisk < 0 || e.slowDisk >= c.disks || !hasCopyChoices(c))
        return loadProfile(c, e.copyReads, t, scale);
    std::vector<double> speeds(std::size_t(c.disks), 1.0);
    speeds[std::size_t(e.slowDisk)] = e.slowSpeed;
    return loadProfile(c, e.copyReads, t, scale, &speeds);
}

namespace {

// The stations of a closed batch: where every chunk the test reads has one set of members that may
// serve it, and any two sets are the same or apart (a mirror of whole disks, near copies, a layout
// without copies), each set is one station of |set| servers; elsewhere (overlapping copy sets, a
// degraded row) each member is a station of one, visited as the batch's loads say.
std::vector<LoadProfile::Station> closedStations(const Candidate& c, const Test& t, const std::vector<double>& loads)
{
    const double requests = t.requests();
    const std::uint64_t chunkBlocks = c.layout->params().chunkBlocks();
    std::vector<double> share(c.reads.size(), 0.0);
    for (const Demand& d : t.demands) {
        const std::vector<double> s = chunkShares(d, c.patternBlocks, chunkBlocks);
        for (std::size_t k = 0; k < s.size() && k < share.size(); ++k)
            share[k] += double(d.count) * s[k] / requests;
    }
    std::map<std::vector<int>, double> sets;
    bool chosen = true; // every read the test makes may go to any of its chunk's copies
    for (std::size_t k = 0; k < share.size() && chosen; ++k) {
        if (share[k] <= 0)
            continue;
        const Candidate::ChunkReads& r = c.reads[k];
        chosen = r.fixed.empty() && !r.choices.empty();
        std::vector<int> set = r.choices;
        std::sort(set.begin(), set.end());
        sets[set] += share[k];
    }
    // Two different sets that share a member are not apart.
    bool apart = chosen;
    std::vector<int> holders(std::size_t(c.disks), 0);
    for (const auto& [set, mass] : sets)
        for (int disk : set)
            apart = ++holders[std::size_t(disk)] == 1 && apart;
    std::vector<LoadProfile::Station> out;
    if (apart) {
        for (const auto& [set, mass] : sets)
            out.push_back({ mass, set });
        return out;
    }
    // Sets of one size that overlap, each as often as the others and covering the members alike (a
    // rotation: chained declustering, RAID-10 far and offset): one station of every member they cover,
    // each read choosing among its set's. The chain that times it (busyServers) draws the sets at random;
    // a rotation's sets are fewer, which costs a read a free copy a little more often (at 6 members and
    // sets of 2 to 4, 0.2-2 % fewer busy, worked by the exact chain over each member's queue).
    if (chosen && !sets.empty()) {
        const std::size_t size = sets.begin()->first.size();
        std::vector<int> members;
        for (std::size_t d = 0; d < holders.size(); ++d)
            if (holders[d] > 0)
                members.push_back(int(d));
        bool even = size >= 2 && size < members.size();
        const double each = sets.begin()->second;
        for (const auto& [set, mass] : sets)
            even = even && set.size() == size && std::abs(mass - each) <= 1e-9 * each;
        for (int disk : members)
            even = even && holders[std::size_t(disk)] == holders[std::size_t(members.front())];
        if (even) {
            out.push_back({ 1.0, members, int(size) });
            return out;
        }
    }
    for (std::size_t d = 0; d < loads.size(); ++d)
        if (loads[d] > 0)
            out.push_back({ loads[d] / requests, { int(d) } });
    return out;
}

} // namespace

double closedBatchMs(const std::vector<LoadProfile::Station>& stations, int requests, int inFlight, const Environment& e,
                     const DeviceScale& scale)
{
    const MemberKind kind = e.kind;
    if (stations.empty() || requests <= 0)
        return 0;
    const int q = std::clamp(inFlight, 1, requests);
    // A member's steady time per read with `queue` in its queue (memberTimeMs over a long run).
    auto perRead = [&](double queue) {
        const double run = 1e4;
        return memberTimeMs(run, std::max(1.0, queue), kind, scale, 1.0) / run;
    };
    // One visit's service on one of a station's servers, at their mean speed, `queue` reads at each.
    auto visitMsAt = [&](const LoadProfile::Station& st, double queue) {
        double speed = 0;
        for (int d : st.members)
            speed += d == e.slowDisk ? e.slowSpeed : 1.0;
        return st.visits * perRead(queue) * double(st.members.size()) / std::max(speed, 1e-9);
    };
    const std::size_t n = stations.size();
    if (n == 1 && stations.front().choices > 0 && std::size_t(stations.front().choices) < stations.front().members.size()) {
        // One station whose reads each choose among a few of its servers: the chain gives the servers
        // busy, each at the queue the reads in flight leave it (their mean over the busy ones).
        const LoadProfile::Station& st = stations.front();
        const double busy = busyServers(int(st.members.size()), st.choices, q);
        const double X = busy / std::max(visitMsAt(st, double(q) / std::max(busy, 1e-9)), 1e-12);
        return double(requests) / X;
    }
    std::vector<double> queuePerServer(n, 1.0), Q(n), visitMs(n), servers(n), residence(n);
    double X = 0;
    for (int round = 0; round < 4; ++round) {
        for (std::size_t p = 0; p < n; ++p) {
            servers[p] = double(stations[p].members.size());
            visitMs[p] = visitMsAt(stations[p], queuePerServer[p]);
        }
        std::fill(Q.begin(), Q.end(), 0.0);
        for (int k = 1; k <= q; ++k) {
            // A read arriving where Q others are waits only for those beyond the station's c - 1 other
            // servers, a c-th of a service each (exact for c = 1; for c > 1 the mean of Q stands for its
            // distribution, which understates the wait a little).
            double cycle = 0;
            for (std::size_t p = 0; p < n; ++p) {
                residence[p] = visitMs[p] * (1 + std::max(0.0, Q[p] - (servers[p] - 1)) / servers[p]);
                cycle += residence[p];
            }
            X = cycle > 0 ? double(k) / cycle : 0;
            for (std::size_t p = 0; p < n; ++p)
                Q[p] = X * residence[p];
        }
        // Reads at a station per server: its queue for the member's service (a reordering member serves
        // the nearest of those queued at it).
        for (std::size_t p = 0; p < n; ++p)
            queuePerServer[p] = std::max(1.0, Q[p] / servers[p]);
    }
    return X > 0 ? double(requests) / X : 0;
}

LoadProfile loadProfile(const Candidate& layout, CopyReads policy, const Test& t, const DeviceScale& scale,
                        const std::vector<double>* speeds)
{
    const int readsPerWrite = scale.readsPerWrite;
    LoadProfile p;
    const Candidate& c = t.write ? withWrites(layout, scale.blockBytes) : layout;
    // A lone read lands on any chunk alike and, with every member idle, on any of its copies alike.
    p.serialShares.assign(std::size_t(layout.disks), 0.0);
    for (const Candidate::ChunkReads& r : layout.reads) {
        for (const auto& [disk, amount] : r.fixed)
            p.serialShares[std::size_t(disk)] += amount;
        for (int disk : r.choices)
            p.serialShares[std::size_t(disk)] += 1.0 / double(r.choices.size());
    }
    if (t.write) {
        // Shear §2.3.4, spread writes: each member's operations per write over a rotation of the
        // layout, plus a safe write's own read where the target does one. A write touches member d
        // with o operations (the most one write does there) with chance w_d / o: binomial spread.
        const double count = t.requests();
        const double o = c.writeOpsOnOneDisk;
        p.loads.assign(std::size_t(c.disks), 0.0);
        p.variance.assign(std::size_t(c.disks), 0.0);
        for (std::size_t d = 0; d < p.loads.size(); ++d) {
            const double w = c.writeOpsPerWrite[d], r = double(readsPerWrite) * c.readOpsPerRead[d];
            p.loads[d] = count * (w + r);
            const double pi = std::min(1.0, w / o);
            p.variance[d] = count * o * o * pi * (1 - pi);
        }
        return p;
    }
    p.loads = memberLoads(c, policy, t, speeds);
    if (t.outstanding > 0 && t.outstanding < t.requests())
        p.stations = closedStations(c, t, p.loads);

    // Where reads land at random over many chunks, each member's load is a sum of binomials: its
    // variance count·s·(1-s) per chunk share s (balanced copies split theirs, so a set's variance
    // spreads over its members).
    p.variance.assign(p.loads.size(), 0.0);
    const std::uint64_t chunkBlocks = c.layout->params().chunkBlocks();
    // One copy set for every chunk read (a mirror of whole disks): the controller's split is the
    // same wherever the reads land.
    const std::vector<int>* set = nullptr;
    bool oneSet = policy == CopyReads::Balanced;
    for (const Candidate::ChunkReads& r : c.reads) {
        if (r.choices.size() < 2 || !r.fixed.empty()) {
            oneSet = false;
            break;
        }
        if (set && *set != r.choices)
            oneSet = false;
        set = &r.choices;
    }
    for (const Demand& d : t.demands) {
        const std::vector<double> s = chunkShares(d, c.patternBlocks, chunkBlocks);
        for (std::size_t k = 0; k < s.size() && !oneSet; ++k) {
            if (s[k] <= 0 || s[k] >= 1)
                continue;
            const double v = double(d.count) * s[k] * (1 - s[k]);
            const Candidate::ChunkReads& r = c.reads[k];
            for (const auto& [disk, amount] : r.fixed)
                p.variance[std::size_t(disk)] += v * amount * amount;
            if (!r.choices.empty()) {
                const std::size_t n = r.choices.size();
                for (std::size_t i = 0; i < n; ++i)
                    p.variance[std::size_t(r.choices[i])] += v / double(n * n);
            }
        }
    }
    return p;
}

Prediction predict(const Candidate& c, const Environment& e, const DeviceScale& scale, const Test& t)
{
    return predict(loadProfile(c, e, t, scale), e, scale, t);
}

Prediction predict(const LoadProfile& profile, const Environment& e, const DeviceScale& scale, const Test& t)
{
    const int requests = t.requests();
    const std::vector<double>& loads = profile.loads;
    const std::vector<double>& variance = profile.variance;
    const int outstanding = t.outstanding > 0 ? t.outstanding : requests;
    // The calibration's serial read averages over the members a lone read reaches: with one member at
    // speed w, an ordinary member's read is the serial mean over sum(share_d / speed_d) / sum(share_d).
    DeviceScale unit = scale;
    if (e.slowDisk >= 0 && std::size_t(e.slowDisk) < profile.serialShares.size() && e.slowSpeed > 0) {
        double all = 0, weighted = 0;
        for (std::size_t d = 0; d < profile.serialShares.size(); ++d) {
            all += profile.serialShares[d];
            weighted += profile.serialShares[d] / (int(d) == e.slowDisk ? e.slowSpeed : 1.0);
        }
        if (all > 0 && weighted > 0) {
            unit.serialReadMs = scale.serialReadMs * all / weighted;
            unit.floorMs = std::min(scale.floorMs, unit.serialReadMs);
            unit.localReadMs = scale.localReadMs * all / weighted;
        }
    }
    // Clark's (1961) moments of the maximum of Gaussians, folded over the members: the batch ends
    // when its busiest member does. `part` of the batch's reads, `inQueue` of each member's share in its
    // queue at once.
    auto busiest = [&](double part, double inQueue) {
        double mean = 0, var = 0;
        bool first = true;
        for (std::size_t d = 0; d < loads.size(); ++d) {
            if (loads[d] <= 0)
                continue;
            const double speed = int(d) == e.slowDisk ? e.slowSpeed : 1.0;
            const double load = loads[d] * part;
            const double ms = memberTimeMs(load, load * inQueue, e.kind, unit, speed);
            const double perRead = ms / load;
            const double v = variance[d] * part * perRead * perRead + unit.serviceCv * unit.serviceCv * perRead * perRead * load;
            if (first) {
                mean = ms;
                var = v;
                first = false;
                continue;
            }
            const double a = std::sqrt(var + v);
            if (a < 1e-12 * std::max(mean, ms)) {
                if (ms > mean) {
                    mean = ms;
                    var = v;
                }
                continue;
            }
            const double alpha = (mean - ms) / a;
            const double m1 = mean * normalCdf(alpha) + ms * normalCdf(-alpha) + a * normalPdf(alpha);
            const double m2 = (mean * mean + var) * normalCdf(alpha) + (ms * ms + v) * normalCdf(-alpha)
                + (mean + ms) * a * normalPdf(alpha);
            mean = m1;
            var = std::max(0.0, m2 - m1 * m1);
        }
        return std::pair { mean, var };
    };
    Prediction p;
    if (!profile.stations.empty() && !t.write) {
        // Fewer in flight than the batch's reads: a closed system. Its reads start one per completion at
        // the steady throughput until the last has started; then the `outstanding` still in flight
        // drain, spread over the members as the same reads issued at once would be (balanced copies keep
        // the queues level, as the shortest-queue choice does), and the batch ends with the busiest.
        // Each read's service varies by cv: the steady part's time by cv over the root of its reads.
        const double steadyMs = closedBatchMs(profile.stations, requests, outstanding, e, unit)
            * double(requests - outstanding) / double(requests);
        const auto [drainMs, drainVar] = busiest(double(outstanding) / double(requests), 1.0);
        p.ms = steadyMs + drainMs;
        const double var = steadyMs * steadyMs * unit.serviceCv * unit.serviceCv / double(std::max(1, requests - outstanding)) + drainVar;
        p.logVariance = p.ms > 0 ? var / (p.ms * p.ms) : 0;
    } else {
        // The member's share of the batch in its queue at once: all of it when the whole batch is in
        // flight, whatever the fan-out (a write reaches every copy, and each of them queues it).
        const auto [mean, var] = busiest(1.0, std::min(1.0, double(outstanding) / double(std::max(1, requests))));
        p.ms = mean;
        p.logVariance = mean > 0 ? var / (mean * mean) : 0;
    }
    if (t.write && e.writeBack)
        p.logVariance = 0; // the likelihood treats a write-back cache's writes apart (posterior.cpp)
    else if (e.ceiling)
        p.ceilingMs = double(requests) * unit.serialReadMs;
    return p;
}

const std::vector<double>& ceilingGrid(int disks)
{
    static const std::vector<std::vector<double>> grids = [] {
        std::vector<std::vector<double>> g(257);
        for (int d = 0; d < int(g.size()); ++d)
            for (double k = std::log(1.1); k < std::log(double(d)); k += std::log(1.05))
                g[std::size_t(d)].push_back(k);
        return g;
    }();
    return grids[std::size_t(std::clamp(disks, 0, int(grids.size()) - 1))];
}

const std::vector<double>& creditCeilingGrid()
{
    static const std::vector<double> grid = [] {
        std::vector<double> g;
        for (double k = std::log(1.1); k < std::log(1000.0); k += std::log(1.2))
            g.push_back(k);
        return g;
    }();
    return grid;
}

const std::vector<double>& creditGrid()
{
    static const std::vector<double> grid = [] {
        std::vector<double> g;
        for (int b = 2; b <= 24; ++b)
            g.push_back(double(b) * std::log(2.0) / 2);
        return g;
    }();
    return grid;
}

std::pair<double, double> creditedMs(double ms, double logVariance, double creditMs)
{
    if (creditMs <= 0 || ms <= 0)
        return { ms, logVariance };
    const double sd = ms * std::sqrt(std::max(0.0, logVariance));
    const double over = ms - creditMs;
    if (sd <= 1e-12 * ms)
        return { std::max(0.0, over), 0.0 };
    const double d = over / sd;
    // Far below the credit the bucket takes it all: at d under -40 both the cdf and the pdf are 0 in a
    // double. Far above, the cdf is 1 in a double (from d = 8.3: its complement is under half the spacing
    // of doubles near 1), so only the pdf is computed. Both give the bits the full formula gives.
    if (d < -40)
        return { 0.0, 0.0 };
    // Past d = 38.7 the pdf, exp(-d²/2) under exp(-745.13), is 0 in a double too (and its underflow is slow).
    const double cdf = d > 8.5 ? 1.0 : normalCdf(d), pdf = d > 38.7 ? 0.0 : normalPdf(d);
    const double m1 = over * cdf + sd * pdf;
    const double m2 = (over * over + sd * sd) * cdf + over * sd * pdf;
    if (m1 <= 0)
        return { 0.0, 0.0 };
    return { m1, std::max(0.0, m2 - m1 * m1) / (m1 * m1) };
}

} // namespace raidscope::probemodel
