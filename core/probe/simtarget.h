// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "iotarget.h"
#include "sim/workload.h"

#include <chrono>
#include <memory>

namespace raidscope {

class ArraySimulator;

/// An IoTarget over the array simulator. Every batch starts from idle disk mechanics, as after a
/// pause on a real array; what a real host and its drives remember between batches (throttle
/// buckets, md's head positions: ArraySimulator::runBatch()) carries over, with the spec's gap=
/// of host time between one batch's last completion and the next batch. `paceMs` slows each batch
/// down in wall-clock time so a trainer can watch a probe.
class SimTarget final : public IoTarget
{
public:
    explicit SimTarget(std::unique_ptr<ArraySimulator> simulator);
    ~SimTarget() override;
    /// nullptr and the spec's error when the array spec is impossible.
    static std::unique_ptr<SimTarget> create(const QString& arraySpec, QString* error);

    std::uint64_t capacityBytes() const override;
    std::uint32_t blockBytes() const override;
    bool writable() const override { return true; }
    QString describe() const override;
    std::optional<BatchTiming> run(std::span<const ProbeIo> requests, int outstanding, std::stop_token stop,
                                   QString* error) override;
    /// The simulated clock runs on: throttled drives regain their burst credit, as on QEMU.
    void idle(double ms, std::stop_token) override;

    void setPaceMs(double paceMs) { m_paceMs = paceMs; }
    const ArraySimulator& simulator() const { return *m_simulator; }
    /// Simulated time since the first batch started: the batches and the gaps between them.
    std::chrono::nanoseconds clock() const;

private:
    std::unique_ptr<ArraySimulator> m_simulator;
    std::vector<IoRequest> m_requests;
    double m_paceMs = 0;
    bool m_ranBatch = false;
};

} // namespace raidscope
