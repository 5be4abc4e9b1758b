// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <stop_token>

namespace raidscope {

/// How a long job reports progress: immutable snapshots, shared so a GUI can queue them cheaply.
/// Core knows no threads or signals; the caller decides where a report goes.
template<typename Snapshot>
using Report = std::function<void(std::shared_ptr<const Snapshot>)>;

/// True at most once per interval: "don't spam the progress bar" (heaptrack).
class Throttle
{
public:
    explicit Throttle(std::chrono::milliseconds interval)
        : m_interval(interval)
    {
    }
    bool due()
    {
        const auto now = std::chrono::steady_clock::now();
        if (now - m_last < m_interval)
            return false;
        m_last = now;
        return true;
    }

private:
    std::chrono::milliseconds m_interval;
    std::chrono::steady_clock::time_point m_last {};
};

} // namespace raidscope
