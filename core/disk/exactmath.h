// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace raidscope {

/// std::llround(x), inline: libm's call was 2 % of a simulation. The same result for every double:
/// below 2^52 in magnitude x - trunc(x) is exact, so comparing it with one half rounds halves away
/// from zero as llround does; from 2^52 on every double is an integer, and NaN goes to llround.
inline std::int64_t roundToInt64(double x)
{
    if (!(std::fabs(x) < 0x1p52))
        return std::llround(x);
    const auto whole = std::int64_t(x); // toward zero
    const double fraction = x - double(whole);
    return whole + (fraction >= 0.5 ? 1 : 0) - (fraction <= -0.5 ? 1 : 0);
}

/// std::fmod(x, y), bit for bit, for x >= 0 and a finite y > 0 without libm's bit-by-bit loop (3 % of
/// a simulation for the platters' phase); other arguments go to std::fmod. Why it is exact: the
/// rounded quotient x / y is never below the true quotient's integer part n (rounding is monotonic
/// and n, below 2^52, is a double) and at most n + 1, so q = trunc(x / y) is n or n + 1. x - q*y is
/// then a multiple of ulp(y) (x >= y has a coarser ulp; for x < y, q = 1 only when x >= y/2, Sterbenz)
/// smaller than y in magnitude, hence a double, which one fma yields without rounding; when it is
/// negative (q = n + 1), adding y gives the true remainder, a double too (fmod's always is).
inline double exactRemainder(double x, double y)
{
    const double quotient = x / y;
    if (!(x >= 0 && quotient < 0x1p52 && y > 0 && y < HUGE_VAL))
        return std::fmod(x, y);
    const double q = double(std::int64_t(quotient));
    const double r = std::fma(-q, y, x);
    return r < 0 ? r + y : r;
}

/// exactRemainder(x, y) given inverse = 1 / y, with a multiplication where it divides (a division's
/// latency, each track a transfer crosses). Why it is the same: let n be the true floor(x / y). For an
/// integer q, fma(-q, y, x) rounds x - q*y once, and rounding keeps order and sign; for q = n that is
/// fmod's exact result, in [0, y); for q < n the difference is >= y, so its rounding too; for q > n it is
/// negative and no smaller in magnitude than the finest ulp of x or y, so its rounding is negative. So
/// 0 <= fma(-q, y, x) < y exactly when q = n, and then it is fmod's result. The estimate trunc(x * inverse)
/// is n or next to it; one step corrects it, and anything else goes to exactRemainder().
inline double exactRemainder(double x, double y, double inverse)
{
    const double estimate = x * inverse;
    if (!(x >= 0 && estimate < 0x1p51 && y > 0 && y < HUGE_VAL))
        return exactRemainder(x, y);
    double q = double(std::int64_t(estimate));
    double r = std::fma(-q, y, x);
    if (r < 0) {
        q -= 1;
        r = std::fma(-q, y, x);
    } else if (r >= y) {
        q += 1;
        r = std::fma(-q, y, x);
    }
    return r >= 0 && r < y ? r : exactRemainder(x, y);
}

/// How many of `wanted` (>= 1) sectors of sectorNs each, the first starting at timeNs, a transfer takes
/// before limitNs, when the first fits as the cursor computes its end (timeNs + sectorNs <= limitNs, which
/// the caller has tested). The first sector is that test's to decide, never the quotient's: the answer is
/// at least 1. (Issue 53: one sector short of a limit to within a double's spacing, the quotient
/// (limitNs - timeNs) / sectorNs, rounded apart from the sum, came out just under 1 where the sum said the
/// sector fits; the count was 0, and on a mapped geometry, where nothing else ends the transfer loop, the
/// loop spun for ever.) Beyond the first the quotient bounds them, and only when fewer than `wanted` fit:
/// room < wanted * sectorNs exactly, which the sign of one fma tells (the difference rounded once); else
/// the quotient, rounded, is at least `wanted` and the division is saved.
inline std::uint64_t sectorsFitting(double timeNs, double sectorNs, double limitNs, std::uint64_t wanted)
{
    const double roomNs = limitNs - timeNs;
    if (!(std::fma(-double(wanted), sectorNs, roomNs) < 0))
        return wanted;
    return std::clamp<std::uint64_t>(std::uint64_t(roomNs / sectorNs), 1, wanted);
}

} // namespace raidscope
