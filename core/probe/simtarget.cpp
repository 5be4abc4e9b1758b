// SPDX-License-Identifier: GPL-3.0-or-later
#include "simtarget.h"

#include "sim/arraysimulator.h"

#include <algorithm>
#include <chrono>
#include <thread>

namespace raidscope {

double BatchTiming::totalNs() const
{
    return completionNs.empty() ? 0.0 : *std::max_element(completionNs.begin(), completionNs.end());
}

SimTarget::SimTarget(std::unique_ptr<ArraySimulator> simulator)
    : m_simulator(std::move(simulator))
{
}

SimTarget::~SimTarget() = default;

std::unique_ptr<SimTarget> SimTarget::create(const QString& arraySpec, QString* error)
{
    auto sim = ArraySimulator::create(arraySpec, error);
    return sim ? std::make_unique<SimTarget>(std::move(sim)) : nullptr;
}

std::uint64_t SimTarget::capacityBytes() const
{
    return m_simulator->layout().logicalBlocks() * m_simulator->layout().params().blockBytes;
}

std::uint32_t SimTarget::blockBytes() const
{
    return std::uint32_t(m_simulator->layout().params().blockBytes);
}

QString SimTarget::describe() const
{
    return QStringLiteral("simulated %1").arg(m_simulator->arraySpec());
}

std::optional<BatchTiming> SimTarget::run(std::span<const ProbeIo> requests, int outstanding, std::stop_token stop,
                                          QString* error)
{
    const std::uint64_t capacity = capacityBytes();
    m_requests.clear();
    for (const ProbeIo& io : requests) {
        if (io.sizeBytes == 0 || io.offsetBytes >= capacity || io.sizeBytes > capacity - io.offsetBytes) {
            if (error)
                *error = QStringLiteral("request at byte %1 (+%2) is outside the array (%3 bytes)")
                             .arg(io.offsetBytes)
                             .arg(io.sizeBytes)
                             .arg(capacity);
            return std::nullopt;
        }
        m_requests.push_back({ io.offsetBytes, io.sizeBytes, io.write });
    }
    if (m_paceMs > 0) {
        // Sleep in small steps so a stop request is seen at once.
        const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double, std::milli>(m_paceMs);
        while (std::chrono::steady_clock::now() < until && !stop.stop_requested())
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    if (stop.stop_requested()) {
        if (error)
            *error = QStringLiteral("stopped");
        return std::nullopt;
    }
    // The host's own time between two batches, in which throttled drives regain burst credit.
    if (m_ranBatch)
        m_simulator->idle(std::chrono::nanoseconds(m_simulator->config().batchGapNs));
    m_ranBatch = true;
    BatchTiming t;
    t.completionNs = m_simulator->runBatch(m_requests, outstanding, stop);
    return t;
}

void SimTarget::idle(double ms, std::stop_token)
{
    m_simulator->idle(std::chrono::nanoseconds(std::int64_t(ms * 1e6)));
}

std::chrono::nanoseconds SimTarget::clock() const
{
    return m_simulator->batchClock();
}

} // namespace raidscope
