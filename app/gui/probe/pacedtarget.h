// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "probe/iotarget.h"

#include <atomic>
#include <memory>

namespace raidscope::gui {

/// An IoTarget that passes every batch to another and then waits `paceMs` of wall-clock time, so a
/// trainer can watch a probe point by point. The pace may be changed from the GUI thread while the
/// probe runs on its worker (SimTarget::setPaceMs() may not: its pace is a plain double); the wait
/// is cut short by a stop request.
class PacedTarget final : public IoTarget
{
public:
    explicit PacedTarget(std::unique_ptr<IoTarget> inner);

    std::uint64_t capacityBytes() const override { return m_inner->capacityBytes(); }
    std::uint32_t blockBytes() const override { return m_inner->blockBytes(); }
    bool writable() const override { return m_inner->writable(); }
    QString describe() const override { return m_inner->describe(); }
    std::optional<BatchTiming> run(std::span<const ProbeIo> requests, int outstanding, std::stop_token stop,
        QString* error) override;

    /// Any thread; 0 runs at full speed.
    void setPaceMs(double paceMs) { m_paceMs.store(paceMs, std::memory_order_relaxed); }
    double paceMs() const { return m_paceMs.load(std::memory_order_relaxed); }
    /// Batches run so far (any thread).
    int batches() const { return m_batches.load(std::memory_order_relaxed); }

private:
    std::unique_ptr<IoTarget> m_inner;
    std::atomic<double> m_paceMs { 0 };
    std::atomic<int> m_batches { 0 };
};

} // namespace raidscope::gui
