// SPDX-License-Identifier: GPL-3.0-or-later
#include "forwardmodel.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>
#include <numeric>
#include <tuple>

namespace raidscope::probemodel {

namespace {

    // The chain's state: how many servers hold v reads, for v = 1..K (the rest are idle).
    using Counts = std::vector<int>;

    double choose(int n, int k)
    {
        if (k < 0 || n < k)
            return 0;
        double r = 1;
        for (int i = 0; i < k; ++i)
            r = r * double(n - i) / double(i + 1);
        return r;
    }

    // Every way of holding `left` reads on at most `servers` servers with at most `most` reads each (a
    // partition of `left`), as counts per length, the longest lengths chosen first.
    void partitions(int left, int servers, int most, Counts& counts, std::vector<Counts>& out)
    {
        if (left == 0) {
            out.push_back(counts);
            return;
        }
        if (servers == 0 || most == 0)
            return;
        for (int v = std::min(left, most); v >= 1; --v) {
            if (v * servers < left)
                break;
            ++counts[std::size_t(v - 1)];
            partitions(left - v, servers - 1, v, counts, out);
            --counts[std::size_t(v - 1)];
        }
    }

    double solveBusy(int servers, int choices, int inFlight)
    {
        // Queues longer than `cap` (twice the reads per server, and four) are not represented: a read whose
        // every choice already holds `cap` is rare with two choices or more (each read goes to the shorter
        // queue), and that transition is left out (the chain stays where it is). The cap keeps the states few
        // where many reads meet few servers.
        const int cap = std::min(inFlight, 2 * ((inFlight + servers - 1) / servers) + 4);
        std::vector<Counts> states;
        Counts counts(std::size_t(cap), 0);
        partitions(inFlight, servers, cap, counts, states);
        std::map<Counts, std::size_t> index;
        for (std::size_t i = 0; i < states.size(); ++i)
            index.emplace(states[i], i);
        const double all = choose(servers, choices);
        // Transitions out of each state: a completion at a server holding L reads (rate: the servers that
        // hold L), after which the next read joins the shortest of `choices` servers drawn at random.
        struct Edge
        {
            std::size_t to;
            double rate;
        };
        std::vector<std::vector<Edge>> edges(states.size());
        std::vector<double> out(states.size(), 0.0);
        for (std::size_t i = 0; i < states.size(); ++i) {
            for (int L = 1; L <= cap; ++L) {
                const int holding = states[i][std::size_t(L - 1)];
                if (holding == 0)
                    continue;
                Counts after = states[i];
                --after[std::size_t(L - 1)];
                if (L > 1)
                    ++after[std::size_t(L - 2)];
                // G(v): servers holding v reads or more (G(0) = every server).
                std::vector<int> atLeast(std::size_t(cap) + 2, 0);
                atLeast[0] = servers;
                for (int v = cap; v >= 1; --v)
                    atLeast[std::size_t(v)] = atLeast[std::size_t(v) + 1] + after[std::size_t(v - 1)];
                for (int v = 0; v < cap; ++v) {
                    // The shortest chosen queue holds v: all chosen hold v or more, not all v + 1 or more.
                    const double p
                        = (choose(atLeast[std::size_t(v)], choices) - choose(atLeast[std::size_t(v) + 1], choices))
                        / all;
                    if (p <= 0)
                        continue;
                    Counts next = after;
                    if (v > 0)
                        --next[std::size_t(v - 1)];
                    ++next[std::size_t(v)];
                    const auto it = index.find(next);
                    if (it == index.end())
                        continue;
                    edges[i].push_back({ it->second, double(holding) * p });
                    out[i] += double(holding) * p;
                }
            }
        }
        // The stationary distribution by uniformised power iteration (the chain is finite and irreducible on
        // the states it reaches).
        const double lambda = 1.01 * std::max(1e-12, *std::max_element(out.begin(), out.end()));
        std::vector<double> pi(states.size(), 1.0 / double(states.size())), next(states.size());
        for (int round = 0; round < 200000; ++round) {
            for (std::size_t i = 0; i < states.size(); ++i)
                next[i] = pi[i] * (1 - out[i] / lambda);
            for (std::size_t i = 0; i < states.size(); ++i)
                for (const Edge& e : edges[i])
                    next[e.to] += pi[i] * e.rate / lambda;
            double change = 0;
            for (std::size_t i = 0; i < states.size(); ++i)
                change += std::abs(next[i] - pi[i]);
            pi.swap(next);
            if (change < 1e-14)
                break;
        }
        double busy = 0;
        for (std::size_t i = 0; i < states.size(); ++i)
            busy += pi[i] * double(std::accumulate(states[i].begin(), states[i].end(), 0));
        return busy;
    }

} // namespace

double busyServers(int servers, int choices, int inFlight)
{
    if (servers <= 0 || inFlight <= 0)
        return 0;
    choices = std::clamp(choices, 1, servers);
    if (choices == servers || inFlight == 1)
        return std::min(servers, inFlight); // a read waits only when every server is busy
    static std::mutex lock;
    static std::map<std::tuple<int, int, int>, double> known;
    const auto key = std::make_tuple(servers, choices, inFlight);
    {
        const std::lock_guard<std::mutex> held(lock);
        if (const auto it = known.find(key); it != known.end())
            return it->second;
    }
    const double busy = solveBusy(servers, choices, inFlight);
    const std::lock_guard<std::mutex> held(lock);
    return known.emplace(key, busy).first->second;
}

} // namespace raidscope::probemodel
