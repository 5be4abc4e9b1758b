// SPDX-License-Identifier: GPL-3.0-or-later
// core/textline: text given by the user that goes into an output as it is (#52). The characters and
// their positions are worked out by hand from each string below.
#include "textline.h"

#include <catch2/catch.hpp>

using namespace raidscope;

TEST_CASE("controlCharacterProblem: a control character or line break is named with its place", "[core][textline]")
{
    CHECK(controlCharacterProblem(QStringLiteral("/dev/sdb")).isEmpty());
    CHECK(controlCharacterProblem(QStringLiteral("Disk array report \u00e9\u4e2d")).isEmpty()); // letters, not controls
    CHECK(controlCharacterProblem(QString()).isEmpty());
    CHECK(controlCharacterProblem(QStringLiteral("/dev/sdb\nsdc read 0 4096")) == u"a newline at character 9");
    CHECK(controlCharacterProblem(QStringLiteral("a\rb")) == u"a carriage return at character 2");
    CHECK(controlCharacterProblem(QStringLiteral("\tx")) == u"a tab at character 1");
    CHECK(controlCharacterProblem(QString(QChar(0)) + u'x') == u"a NUL at character 1");
    CHECK(controlCharacterProblem(QStringLiteral("ab\x1b[2J")) == u"the control character U+001B at character 3");
    CHECK(controlCharacterProblem(QStringLiteral("x\u0085")) == u"the control character U+0085 at character 2"); // C1 NEL
    CHECK(controlCharacterProblem(QStringLiteral("x\u2028y")) == u"a line separator at character 2");
}

TEST_CASE("oneLine: control characters as escapes", "[core][textline]")
{
    CHECK(oneLine(QStringLiteral("a\nb\tc")) == u"a\\nb\\tc");
    CHECK(oneLine(QStringLiteral("\x1b[2J")) == u"\\x1b[2J");
}

TEST_CASE("excerpt: what may be huge is quoted cut, with its length", "[core][textline]")
{
    CHECK(excerpt(QStringLiteral("disks")) == u"disks");
    CHECK(excerpt(QString(100, u'k'), 4) == u"kkkk... (100 characters)");
    CHECK(excerpt(QStringLiteral("a\nbcdef"), 3) == u"a\\nb... (7 characters)"); // cut first, then escaped
}
