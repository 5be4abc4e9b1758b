// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <list>
#include <unordered_map>

namespace raidscope {

constexpr std::uint64_t kReadCacheSegmentBytes = 64 * 1024;

/// A controller read cache (the spec's readcache=): LRU over fixed 64 KiB segments of the logical
/// address space. A read is a hit only when every segment it touches is held.
class ReadCache
{
public:
    explicit ReadCache(std::uint64_t bytes)
        : m_capacity(bytes / kReadCacheSegmentBytes)
    {
    }
    bool enabled() const { return m_capacity > 0; }
    bool holds(std::uint64_t offset, std::uint64_t bytes)
    {
        for (std::uint64_t s = offset / kReadCacheSegmentBytes; s <= (offset + bytes - 1) / kReadCacheSegmentBytes; ++s) {
            const auto it = m_index.find(s);
            if (it == m_index.end())
                return false;
            m_lru.splice(m_lru.begin(), m_lru, it->second);
        }
        return true;
    }
    void insert(std::uint64_t offset, std::uint64_t bytes)
    {
        for (std::uint64_t s = offset / kReadCacheSegmentBytes; s <= (offset + bytes - 1) / kReadCacheSegmentBytes; ++s) {
            const auto it = m_index.find(s);
            if (it != m_index.end()) {
                m_lru.splice(m_lru.begin(), m_lru, it->second);
                continue;
            }
            if (m_lru.size() == m_capacity) {
                m_index.erase(m_lru.back());
                m_lru.pop_back();
            }
            m_lru.push_front(s);
            m_index.emplace(s, m_lru.begin());
        }
    }

private:
    std::uint64_t m_capacity;
    std::list<std::uint64_t> m_lru;
    std::unordered_map<std::uint64_t, std::list<std::uint64_t>::iterator> m_index;
};

} // namespace raidscope
