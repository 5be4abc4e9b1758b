// SPDX-License-Identifier: GPL-3.0-or-later
// core/numberrange: a number read from input is finite and in range, and becomes an integer only
// when it fits (#52). Limits worked out by hand: 2^31 = 2147483648, 2^63 = 9223372036854775808.
#include "numberrange.h"

#include <catch2/catch.hpp>

#include <cstdint>

using namespace raidscope;

TEST_CASE("parseNumberInRange: finite and within both bounds, else the range said", "[units][numberrange]")
{
    QString error;
    CHECK(parseNumberInRange(QStringLiteral("0.5"), 0.001, 1000, &error) == 0.5);
    CHECK(parseNumberInRange(QStringLiteral(" 1000 "), 0.001, 1000, &error) == 1000.0);
    CHECK(parseNumberInRange(QStringLiteral("0.001"), 0.001, 1000, &error) == 0.001);
    for (const char* bad : { "1e30", "1e-308", "0", "-1", "nan", "inf", "-inf", "x", "", "1e999" }) {
        CAPTURE(bad);
        error.clear();
        CHECK_FALSE(parseNumberInRange(QString::fromLatin1(bad), 0.001, 1000, &error));
        CHECK(error == u"from 0.001 to 1000");
    }
    CHECK(rangeText(0, 1e9) == u"from 0 to 1000000000");
}

TEST_CASE("integerIfFits: only what the integer type holds", "[units][numberrange]")
{
    CHECK(integerIfFits<std::int32_t>(2147483647.0) == 2147483647);
    CHECK_FALSE(integerIfFits<std::int32_t>(2147483648.0));
    CHECK(integerIfFits<std::int32_t>(-2147483648.0) == INT32_MIN);
    CHECK_FALSE(integerIfFits<std::int32_t>(-2147483649.0));
    CHECK(integerIfFits<std::int32_t>(-1.9) == -1); // toward zero
    CHECK_FALSE(integerIfFits<std::int64_t>(9223372036854775808.0)); // 2^63: one past the max
    CHECK(integerIfFits<std::int64_t>(9223372036854774784.0) == 9223372036854774784LL); // 2^63 - 1024
    CHECK(integerIfFits<std::int64_t>(-9223372036854775808.0) == INT64_MIN);
    CHECK_FALSE(integerIfFits<std::uint64_t>(18446744073709551616.0)); // 2^64
    CHECK_FALSE(integerIfFits<std::uint64_t>(-0.5));
    CHECK_FALSE(integerIfFits<std::int64_t>(1e30));
    CHECK_FALSE(integerIfFits<std::int64_t>(std::numeric_limits<double>::quiet_NaN()));
    CHECK_FALSE(integerIfFits<std::int64_t>(std::numeric_limits<double>::infinity()));
}

TEST_CASE("parseIntegerInRange: digits with a sign, within both bounds, in the type asked for", "[units][numberrange]")
{
    // #52: one reader of whole numbers for keys and options. Bounds by hand: 2^64 - 1 =
    // 18446744073709551615, 2^63 - 1 = 9223372036854775807.
    QString error;
    CHECK(parseIntegerInRange<int>(QStringLiteral(" 7 "), 1, 65536, &error) == 7);
    CHECK(parseIntegerInRange<int>(QStringLiteral("65536"), 1, 65536, &error) == 65536);
    CHECK(parseIntegerInRange<std::int64_t>(QStringLiteral("-5"), -10, 10, &error) == -5);
    CHECK(parseIntegerInRange<std::uint64_t>(QStringLiteral("18446744073709551615"), 0, UINT64_MAX, &error)
          == UINT64_MAX);
    CHECK(parseIntegerInRange<std::int64_t>(QStringLiteral("9223372036854775807"), 0, INT64_MAX, &error) == INT64_MAX);
    for (const char* bad : { "0", "65537", "1e3", "1.5", "nan", "inf", "1e308", "-1", "", "x", "99999999999999999999" }) {
        CAPTURE(bad);
        error.clear();
        CHECK_FALSE(parseIntegerInRange<int>(QString::fromLatin1(bad), 1, 65536, &error));
        CHECK(error == u"from 1 to 65536");
    }
    // Unsigned: "-1" is refused, not read as 2^64 - 1 (strtoull's wrap), and 2^64 does not fit.
    CHECK_FALSE(parseIntegerInRange<std::uint64_t>(QStringLiteral("-1"), 0, UINT64_MAX, &error));
    CHECK(error == u"from 0 to 18446744073709551615");
    CHECK_FALSE(parseIntegerInRange<std::uint64_t>(QStringLiteral("18446744073709551616"), 0, UINT64_MAX, &error));
}

TEST_CASE("checkNumberInRange, wholeIfFits, roundedIfFits: values already read", "[units][numberrange]")
{
    const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
    QString error;
    CHECK(checkNumberInRange(0.5, 0, 1, &error) == 0.5);
    CHECK_FALSE(checkNumberInRange(nan, 0, 1, &error));
    CHECK_FALSE(checkNumberInRange(inf, 0, inf, &error)); // finite, whatever the bounds
    CHECK(error == u"from 0 to inf");
    CHECK_FALSE(checkNumberInRange(-1e-308, 0, 1, &error));

    CHECK(wholeIfFits<int>(2147483647.0) == 2147483647);
    CHECK_FALSE(wholeIfFits<int>(2.5)); // a fraction is refused, not truncated
    CHECK_FALSE(wholeIfFits<std::int64_t>(1e30));
    CHECK_FALSE(wholeIfFits<std::int64_t>(inf));
    CHECK(wholeIfFits<std::uint64_t>(9007199254740992.0) == 9007199254740992ull); // 2^53

    CHECK(roundedIfFits<std::int64_t>(2.5) == 3); // halves away from zero, as std::round
    CHECK(roundedIfFits<std::int64_t>(-2.5) == -3);
    CHECK_FALSE(roundedIfFits<std::int64_t>(9.3e18)); // past 2^63 = 9.223e18
    CHECK_FALSE(roundedIfFits<std::int64_t>(nan));
}
