// SPDX-License-Identifier: GPL-3.0-or-later
#include "pacedtarget.h"

#include <algorithm>
#include <chrono>
#include <thread>

namespace raidscope::gui {

PacedTarget::PacedTarget(std::unique_ptr<IoTarget> inner)
    : m_inner(std::move(inner))
{
}

std::optional<BatchTiming> PacedTarget::run(
    std::span<const ProbeIo> requests, int outstanding, std::stop_token stop, QString* error)
{
    auto timing = m_inner->run(requests, outstanding, stop, error);
    m_batches.fetch_add(1, std::memory_order_relaxed);
    // After the batch, so its timing is the target's own. Re-read the pace every slice: a slider
    // moved from 500 ms to 0 takes effect at once.
    const auto start = std::chrono::steady_clock::now();
    while (!stop.stop_requested()) {
        const double pace = paceMs();
        const double elapsed = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        if (elapsed >= pace)
            break;
        std::this_thread::sleep_for(std::chrono::milliseconds(std::min(5, int(pace - elapsed) + 1)));
    }
    return timing;
}

} // namespace raidscope::gui
