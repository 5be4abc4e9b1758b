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
