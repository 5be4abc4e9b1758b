// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>

namespace raidscope {

/// QEMU's I/O throttle for one drive (util/throttle.c, `throttling.iops-total`): each request adds 1
/// to the bucket's level, the level leaks at `ratePerSec`, and a request may start once the level is
/// at most `burst` (throttle_compute_wait() waits only while level - bucket_size > 0). So a bucket
/// that has been idle lets burst + 1 requests start at once and then one every 1/ratePerSec: the md
/// rig measured 64 reads on one 150 IOPS drive in 321 ms = (64 - 16) / 150 s. Requests are admitted
/// in the order asked (QEMU queues throttled requests in order). Times are integral nanoseconds.
class LeakyBucket
{
public:
    /// A bucket that never delays.
    LeakyBucket() = default;
    LeakyBucket(double ratePerSec, double burst);

    bool enabled() const { return m_ratePerNs > 0; }
    /// The earliest time >= nowNs at which a request asked for at nowNs may start; the request is
    /// accounted (the level rises by 1 at that time). A request asked for before the previous one
    /// started queues behind it.
    std::int64_t admit(std::int64_t nowNs);
    /// Moves the time origin `ns` later: what was time `ns` becomes time 0, so a run that ended at
    /// `ns` can hand the bucket to the next run, and an idle gap is a shift by its length.
    void shift(std::int64_t ns) { m_lastNs -= ns; }
    /// The level at `nowNs` (requests not yet leaked), for tests and reports.
    double level(std::int64_t nowNs) const;

private:
    double m_ratePerNs = 0;
    double m_burst = 0;
    double m_level = 0;
    std::int64_t m_lastNs = 0; ///< when m_level was last brought up to date
};

} // namespace raidscope
