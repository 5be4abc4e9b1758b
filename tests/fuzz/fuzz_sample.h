// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <cstdint>

// One input in `every`, picked by the input's bytes (FNV-1a), so a finding on a sampled step
// replays: for steps that cost many times the rest whatever the input (exports that walk every bin).
inline bool fuzzSampled(const std::uint8_t* data, std::size_t size, std::uint32_t every = 16)
{
    std::uint32_t hash = 2166136261u;
    for (std::size_t i = 0; i < size; ++i)
        hash = (hash ^ data[i]) * 16777619u;
    return hash % every == 0;
}
