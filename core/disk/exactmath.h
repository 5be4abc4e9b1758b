// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

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

} // namespace raidscope
