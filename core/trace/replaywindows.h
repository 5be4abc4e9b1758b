// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <map>
#include <utility>

namespace raidscope {

/// Slow periods of a replay (whitepaper Scenario 2): windows of `windowNs` whose requests' mean
/// response time is above `slowMs`, counting only windows that saw a request, as replayTrace()
/// counts them. Windows are closed as the caller says no more requests can fall in them, so the
/// memory is that of the windows still open, not of the trace's span.
class ReplayWindows
{
public:
    ReplayWindows(std::int64_t windowNs, double slowMs)
        : m_windowNs(windowNs > 0 ? windowNs : 1)
        , m_slowMs(slowMs)
    {
    }

    /// A request of window `keyNs` / windowNs (keyNs >= 0) took `responseMs`.
    void add(double keyNs, double responseMs)
    {
        auto& w = m_open[index(keyNs)];
        w.first += responseMs;
        ++w.second;
    }
    /// No request with a key before `keyNs` will be added: the windows wholly before it are final.
    void closeBefore(double keyNs)
    {
        const std::int64_t last = index(keyNs);
        while (!m_open.empty() && m_open.begin()->first < last) {
            close(m_open.begin()->second);
            m_open.erase(m_open.begin());
        }
    }
    int windows() const { return m_closed + int(m_open.size()); }
    int slowPeriods() const
    {
        int slow = m_closedSlow;
        for (const auto& [key, w] : m_open)
            slow += isSlow(w) ? 1 : 0;
        return slow;
    }

private:
    using Window = std::pair<double, std::uint64_t>; // sum of response ms, requests
    std::int64_t index(double keyNs) const { return keyNs > 0 ? std::int64_t(keyNs) / m_windowNs : 0; }
    bool isSlow(const Window& w) const { return w.first / double(w.second) > m_slowMs; }
    void close(const Window& w)
    {
        ++m_closed;
        m_closedSlow += isSlow(w) ? 1 : 0;
    }

    std::int64_t m_windowNs;
    double m_slowMs;
    std::map<std::int64_t, Window> m_open;
    int m_closed = 0;
    int m_closedSlow = 0;
};

} // namespace raidscope
