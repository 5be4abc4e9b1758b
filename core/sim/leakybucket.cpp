// SPDX-License-Identifier: GPL-3.0-or-later
#include "leakybucket.h"

#include <algorithm>
#include <cmath>

namespace raidscope {

LeakyBucket::LeakyBucket(double ratePerSec, double burst)
    : m_ratePerNs(ratePerSec * 1e-9)
    , m_burst(std::max(0.0, burst))
{ }

double LeakyBucket::level(std::int64_t nowNs) const
{
    return nowNs > m_lastNs ? std::max(0.0, m_level - m_ratePerNs * double(nowNs - m_lastNs)) : m_level;
}

std::int64_t LeakyBucket::admit(std::int64_t nowNs)
{
    if (!enabled())
        return nowNs;
    m_level = level(nowNs);
    m_lastNs = std::max(m_lastNs, nowNs);
    std::int64_t startNs = m_lastNs;
    if (m_level > m_burst) {
        // Wait until the level has leaked down to the burst: QEMU's throttle_do_compute_wait(),
        // rounded up so the level is never above the burst when the request starts.
        const auto waitNs = std::int64_t(std::ceil((m_level - m_burst) / m_ratePerNs));
        startNs += waitNs;
        m_level = std::max(0.0, m_level - m_ratePerNs * double(waitNs));
        m_lastNs = startNs;
    }
    m_level += 1;
    return startNs;
}

} // namespace raidscope
