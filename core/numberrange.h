// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <cmath>
#include <limits>
#include <optional>

namespace raidscope {

/// The one check of a number read for a key or an option: `text` as a finite number from `min` to
/// `max` (both allowed). nullopt otherwise, and in `*error` the range as text ("from 0.001 to
/// 1000"), for the caller to put after what it names ("--scale 1e30: expected a factor ...").
std::optional<double> parseNumberInRange(const QString& text, double min, double max, QString* error);

/// "from MIN to MAX", as parseNumberInRange() says it.
QString rangeText(double min, double max);

/// `value` as the integer type T, rounded toward zero, when it is finite and fits; else nullopt.
/// The double-to-integer conversion for values that come from input (no undefined overflow).
template<typename T>
std::optional<T> integerIfFits(double value)
{
    // Against 2^digits, exact as a double: T's max itself may not be (2^63 - 1 rounds up to 2^63).
    const double limit = 2.0 * double(T(1) << (std::numeric_limits<T>::digits - 1));
    const double lowest = std::numeric_limits<T>::is_signed ? -limit : 0.0;
    if (!std::isfinite(value) || value < lowest || value >= limit)
        return std::nullopt;
    return T(value);
}

} // namespace raidscope
