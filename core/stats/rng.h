// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cmath>
#include <cstdint>

namespace raidscope {

/// xoshiro256** (Blackman & Vigna), seeded through splitmix64: fast, small, reproducible across
/// platforms, unlike the std:: distributions whose outputs vary between standard libraries.
class Rng
{
public:
    explicit Rng(std::uint64_t seed = 1)
    {
        for (auto& s : m_s) {
            seed += 0x9e3779b97f4a7c15ull;
            std::uint64_t z = seed;
            z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
            z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
            s = z ^ (z >> 31);
        }
    }

    std::uint64_t next()
    {
        const std::uint64_t result = rotl(m_s[1] * 5, 7) * 9;
        const std::uint64_t t = m_s[1] << 17;
        m_s[2] ^= m_s[0];
        m_s[3] ^= m_s[1];
        m_s[1] ^= m_s[2];
        m_s[0] ^= m_s[3];
        m_s[2] ^= t;
        m_s[3] = rotl(m_s[3], 45);
        return result;
    }

    /// Uniform in [0, 1).
    double uniform() { return double(next() >> 11) * 0x1.0p-53; }
    /// Uniform integer in [0, n); n > 0. Lemire's multiply-shift, bias below 2^-64 * n.
    std::uint64_t below(std::uint64_t n) { return std::uint64_t((__uint128_t(next()) * n) >> 64); }
    /// Exponential with the given mean.
    double exponential(double mean) { return -mean * std::log1p(-uniform()); }

private:
    static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    std::uint64_t m_s[4];
};

} // namespace raidscope
