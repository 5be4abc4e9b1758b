// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace raidscope {

/// A disk cache's segments (DiskModel's): each holds LBAs [start, end) and when it was last used.
/// Stored column by column so that the scans every operation makes (is a read wholly in a segment,
/// which segments does a write overlap, which one to reuse) compare two segments at a time without
/// branches: with the segments as structs and a branch each, the scans were 14 % of a simulation.
/// LBAs (and the ends asked about) are below 2^63, so a <= b exactly when b - a has no sign bit.
class SegmentTable
{
public:
    void resize(std::size_t count)
    {
        const std::size_t padded = (count + 1) / 2 * 2; // whole pairs; the pad never matches
        m_start.assign(padded, kPadStart);
        m_end.assign(padded, 0);
        m_lastUse.assign(count, 0);
        m_count = count;
        clearAll();
    }
    std::size_t size() const { return m_count; }
    bool empty() const { return m_count == 0; }
    void clearAll()
    {
        for (std::size_t i = 0; i < m_count; ++i)
            clear(i);
    }
    void clear(std::size_t i)
    {
        m_start[i] = 0;
        m_end[i] = 0;
        m_lastUse[i] = 0;
    }
    std::uint64_t start(std::size_t i) const { return m_start[i]; }
    std::uint64_t end(std::size_t i) const { return m_end[i]; }
    void setStart(std::size_t i, std::uint64_t lba) { m_start[i] = lba; }
    void setEnd(std::size_t i, std::uint64_t lba) { m_end[i] = lba; }
    void setLastUse(std::size_t i, std::uint64_t clock) { m_lastUse[i] = clock; }

    /// The first segment holding all of [lba, end), or -1.
    int find(std::uint64_t lba, std::uint64_t end) const
    {
        for (std::size_t base = 0; base < m_count; base += 64) {
            // Bit i: segment base + i starts after lba or ends before end.
            std::uint64_t misses = 0;
            const std::size_t n = pairs(base);
#if defined(__SSE2__)
            const __m128i l = _mm_set1_epi64x(std::int64_t(lba));
            const __m128i e = _mm_set1_epi64x(std::int64_t(end));
            for (std::size_t i = 0; i < n; i += 2)
                misses |= signs(_mm_or_si128(_mm_sub_epi64(l, load(&m_start[base + i])),
                                             _mm_sub_epi64(load(&m_end[base + i]), e))) << i;
#else
            for (std::size_t i = 0; i < n; ++i)
                misses |= (((lba - m_start[base + i]) | (m_end[base + i] - end)) >> 63) << i;
#endif
            const std::uint64_t hits = ~misses & validBits(base);
            if (hits != 0)
                return int(base) + std::countr_zero(hits);
        }
        return -1;
    }

    /// Calls f(i) for every non-empty segment that overlaps [lba, end), in index order.
    template <typename F>
    void forEachOverlapping(std::uint64_t lba, std::uint64_t end, F f) const
    {
        for (std::size_t base = 0; base < m_count; base += 64) {
            // Bit i: segment base + i starts before end and ends after lba.
            std::uint64_t overlaps = 0;
            const std::size_t n = pairs(base);
#if defined(__SSE2__)
            const __m128i l = _mm_set1_epi64x(std::int64_t(lba));
            const __m128i e = _mm_set1_epi64x(std::int64_t(end));
            for (std::size_t i = 0; i < n; i += 2)
                overlaps |= signs(_mm_and_si128(_mm_sub_epi64(load(&m_start[base + i]), e),
                                                _mm_sub_epi64(l, load(&m_end[base + i])))) << i;
#else
            for (std::size_t i = 0; i < n; ++i)
                overlaps |= (((m_start[base + i] - end) & (lba - m_end[base + i])) >> 63) << i;
#endif
            for (std::uint64_t m = overlaps & validBits(base); m != 0; m &= m - 1) {
                const std::size_t i = base + std::size_t(std::countr_zero(m));
                if (m_start[i] != m_end[i])
                    f(i);
            }
        }
    }

    /// The first empty segment, else the least recently used (the first of equals).
    int victim() const
    {
        for (std::size_t i = 0; i < m_count; ++i)
            if (m_start[i] == m_end[i])
                return int(i);
        std::size_t victim = 0;
        std::uint64_t oldest = m_count > 0 ? m_lastUse[0] : 0;
        for (std::size_t i = 1; i < m_count; ++i) {
            const bool older = m_lastUse[i] < oldest;
            victim = older ? i : victim;
            oldest = older ? m_lastUse[i] : oldest;
        }
        return int(victim);
    }

private:
    static constexpr std::uint64_t kPadStart = ~0ull >> 1; // a pad segment holds and overlaps nothing

    std::uint64_t validBits(std::size_t base) const
    {
        const std::size_t n = std::min<std::size_t>(m_count - base, 64);
        return n == 64 ? ~0ull : (1ull << n) - 1;
    }
    // Segments from base a scan looks at: up to 64, a whole number of pairs.
    std::size_t pairs(std::size_t base) const { return std::min<std::size_t>(m_start.size() - base, 64); }
#if defined(__SSE2__)
    static __m128i load(const std::uint64_t* p) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)); }
    // The sign bits of the two lanes as bits 0 and 1.
    static std::uint64_t signs(__m128i v) { return std::uint64_t(_mm_movemask_pd(_mm_castsi128_pd(v))); }
#endif

    std::vector<std::uint64_t> m_start;
    std::vector<std::uint64_t> m_end;
    std::vector<std::uint64_t> m_lastUse;
    std::size_t m_count = 0;
};

} // namespace raidscope
