// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <cmath>
#include <concepts>
#include <cstdint>
#include <limits>
#include <optional>

namespace raidscope {

// The one place that reads and bounds a number given for a key or an option (#52): a spec key
// (`read=0.5`, `count=100`), a command-line option (`--scale 2`), a reader's field. Each function
// gives nullopt for anything but a finite number within the range, and then puts in `*error` the
// range as text ("from 0.001 to 1000"), for the caller to put after what it names ("--scale 1e30:
// expected a factor from 0.001 to 1000"). Converting to an integer is done only when it fits.

/// `text` (surrounding blanks ignored) as a finite number from `min` to `max`, both allowed.
std::optional<double> parseNumberInRange(const QString& text, double min, double max, QString* error);

/// A number already read (a JSON value, a reader's column) checked as parseNumberInRange() checks text.
std::optional<double> checkNumberInRange(double value, double min, double max, QString* error);

/// "from MIN to MAX", as parseNumberInRange() says it.
QString rangeText(double min, double max);
/// "from MIN to MAX" for whole numbers, every digit written (2^64 - 1 is not 1.8e19).
QString integerRangeText(std::int64_t min, std::int64_t max);
QString integerRangeText(std::uint64_t min, std::uint64_t max);

namespace detail {
std::optional<std::int64_t> parseSigned(const QString& text, std::int64_t min, std::int64_t max, QString* error);
std::optional<std::uint64_t> parseUnsigned(const QString& text, std::uint64_t min, std::uint64_t max, QString* error);
}

/// `text` as a whole number from `min` to `max` in T: decimal digits with an optional sign (no
/// fraction, no exponent: `count=1e3` is refused, as `count=1.5` is). A negative number is refused
/// for an unsigned T rather than wrapped round.
template<std::integral T>
std::optional<T> parseIntegerInRange(const QString& text, T min, T max, QString* error)
{
    if constexpr (std::is_signed_v<T>) {
        const auto v = detail::parseSigned(text, min, max, error);
        return v ? std::optional<T>(T(*v)) : std::nullopt;
    } else {
        const auto v = detail::parseUnsigned(text, min, max, error);
        return v ? std::optional<T>(T(*v)) : std::nullopt;
    }
}

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

/// `value` as T when it is a whole number (no fraction) that T holds; else nullopt. For a count read
/// as a double (JSON numbers are), where 2.5 tasks or 1e30 bytes is an error, not a rounding.
template<typename T>
std::optional<T> wholeIfFits(double value)
{
    if (!std::isfinite(value) || value != std::trunc(value))
        return std::nullopt;
    return integerIfFits<T>(value);
}

/// `value` rounded to the nearest integer (halves away from zero) when that fits T; else nullopt.
template<typename T>
std::optional<T> roundedIfFits(double value)
{
    return std::isfinite(value) ? integerIfFits<T>(std::round(value)) : std::nullopt;
}

} // namespace raidscope
