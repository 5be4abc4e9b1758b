// SPDX-License-Identifier: GPL-3.0-or-later
#include "layout/arrayspec.h"
#include "layout/layoutregistry.h"
#include "testsupport.h"

#include <QJsonDocument>

#include <catch2/catch.hpp>

using namespace raidscope;
using raidscope::test::specError;

namespace {

ArraySpec parsed(const char* text)
{
    QString error;
    const auto spec = parseArraySpec(QString::fromUtf8(text), &error);
    INFO(error.toStdString());
    REQUIRE(spec);
    return *spec;
}

QString parseError(const char* text)
{
    QString error;
    CHECK_FALSE(parseArraySpec(QString::fromUtf8(text), &error));
    return error;
}

} // namespace

TEST_CASE("ArraySpec: keys in any order, units converted, defaults from DESIGN.md", "[core][spec]")
{
    const ArraySpec a = parsed("raid5 layout=la disks=6 chunk=8KiB");
    CHECK(a.scheme == QStringLiteral("raid5"));
    CHECK(a.variant == QStringLiteral("la"));
    CHECK(a.disks == 6);
    CHECK(a.chunkBytes == 8192u);
    CHECK(a.blockBytes == 4096u);                       // default 4KiB
    CHECK(a.diskPreset == QStringLiteral("ibm-9lzx")); // default preset
    CHECK_FALSE(a.copies);

    const ArraySpec b = parsed("  RAID5   chunk=8K disks=6   layout=la ");
    CHECK(b.scheme == QStringLiteral("raid5"));
    CHECK(b.chunkBytes == 8192u);

    const ArraySpec c = parsed("raid0 disks=4");
    CHECK(c.chunkBytes == 64u * 1024u); // default 64KiB

    const ArraySpec d = parsed("raid10 disks=4 copies=3 block=512B size=1GiB");
    CHECK(d.copies == 3);
    CHECK(d.blockBytes == 512u);
    CHECK(d.sizeBytes == (1ull << 30));
}

TEST_CASE("ArraySpec: text and JSON round trip", "[core][spec]")
{
    const ArraySpec a = parsed("raid10 layout=far disks=5 chunk=32KiB copies=2 size=64MiB");
    QString error;
    const auto fromText = parseArraySpec(a.toText(), &error);
    REQUIRE(fromText);
    CHECK(fromText->toText() == a.toText());
    const auto fromJson = parseArraySpecJson(a.toJson(), &error);
    INFO(error.toStdString());
    REQUIRE(fromJson);
    CHECK(fromJson->toText() == a.toText());

    const QJsonObject written = QJsonDocument::fromJson(R"({"scheme":"raid5","layout":"la","disks":6,"chunk":"8KiB"})").object();
    const auto j = parseArraySpecJson(written, &error);
    REQUIRE(j);
    CHECK(j->chunkBytes == 8192u);
    CHECK(j->disks == 6);
}

TEST_CASE("ArraySpec: syntax errors name the token or key", "[core][spec]")
{
    CHECK(parseError("").contains(QStringLiteral("empty array spec")));
    CHECK(parseError("disks=4").contains(QStringLiteral("must start with the scheme")));
    CHECK(parseError("raid0 chunk=8KiB").contains(QStringLiteral("missing disks=N")));
    CHECK(parseError("raid0 disks=4 chunk").contains(QStringLiteral("'chunk' is not key=value")));
    CHECK(parseError("raid0 disks=4 chunk=").contains(QStringLiteral("'chunk=' is not key=value")));
    CHECK(parseError("raid0 disks=four").contains(QStringLiteral("disks=four is not a whole number")));
    CHECK(parseError("raid0 disks=4 disks=5").contains(QStringLiteral("key 'disks' is given twice")));
    const QString noUnit = parseError("raid0 disks=4 chunk=8192");
    CHECK(noUnit.contains(QStringLiteral("chunk:")));
    CHECK(noUnit.contains(QStringLiteral("has no unit")));
    CHECK(parseError("raid0 disks=4 size=10").contains(QStringLiteral("size:")));
    CHECK(parseError("raid0 disks=4 chunk=8KB").contains(QStringLiteral("unknown unit 'KB'")));

    QString error;
    CHECK_FALSE(parseArraySpecJson(QJsonDocument::fromJson(R"({"disks":4})").object(), &error));
    CHECK(error.contains(QStringLiteral("\"scheme\"")));
    CHECK_FALSE(parseArraySpecJson(QJsonDocument::fromJson(R"({"scheme":"raid0","disks":4,"chunkBytes":"8K"})").object(), &error));
    CHECK(error.contains(QStringLiteral("\"chunkBytes\" must be a whole number of bytes")));
    CHECK_FALSE(parseArraySpecJson(QJsonDocument::fromJson(R"({"scheme":"raid0","disks":4,"chunk":[1]})").object(), &error));
    CHECK(error.contains(QStringLiteral("\"chunk\" must be a string or a number")));
    CHECK_FALSE(parseArraySpecJson(QJsonDocument::fromJson(R"({"scheme":"raid0","disks":4,"chunkBytes":1e300})").object(), &error));
    CHECK(error.contains(QStringLiteral("\"chunkBytes\" must be a whole number of bytes")));
    CHECK_FALSE(parseArraySpecJson(QJsonDocument::fromJson(R"({"scheme":"raid0","disks":4,"chunkBytes":8192.5})").object(), &error));

    // A size above 2^53 bytes keeps every digit through the JSON form (found by fuzz_spec: it read back
    // as 5777777777777777664 B when the reader went through a double).
    const auto huge = parseArraySpec(QStringLiteral("raid5 disks=5 chunk=1KiB block=5777777777777777712B"), &error);
    REQUIRE(huge);
    const auto back = parseArraySpecJson(huge->toJson(), &error);
    REQUIRE(back);
    CHECK(back->blockBytes == 5777777777777777712u);
    CHECK(back->toText() == huge->toText());
}

TEST_CASE("ArraySpec: the JSON form takes only what the text form can write back", "[core][spec]")
{
    // Found by fuzz_spec: a JSON key with a space went into extra, and toText() wrote a spec that
    // did not parse again. Each of these was accepted before.
    auto jsonError = [](const char* json) {
        QString error;
        const auto spec = parseArraySpecJson(QJsonDocument::fromJson(json).object(), &error);
        CHECK_FALSE(spec);
        return error;
    };
    CHECK(jsonError(R"({"scheme":"raid5","disks":6,"size mem;Bytes":1024})")
          == QStringLiteral("'size mem;' is not a key (a key is a word without spaces, control characters or '=')"));
    CHECK(jsonError(R"({"scheme":"raid5","disks":6,"a=b":"1"})").startsWith(QStringLiteral("'a=b' is not a key")));
    CHECK(jsonError(R"({"scheme":"raid5","disks":6,"cache":""})")
          == QStringLiteral("cache: '' is not a value (a value is not empty and has no spaces or control characters)"));
    CHECK(jsonError(R"({"scheme":"raid5","disks":6,"cache":"64 MiB"})").startsWith(QStringLiteral("cache: '64 MiB' is not a value")));
    CHECK(jsonError(R"({"scheme":"raid 5","disks":6})").startsWith(QStringLiteral("\"scheme\": 'raid 5' is not a scheme name")));
    // A NUL in a scheme, key or value is refused in both forms, shown as \0 (not cutting the line).
    QString error;
    CHECK_FALSE(parseArraySpec(QStringLiteral("r") + QChar(0) + QStringLiteral("d5 disks=6"), &error));
    CHECK(error == QStringLiteral("'r\\0d5' is not a scheme name (no control characters)"));
    CHECK_FALSE(parseArraySpec(QStringLiteral("raid5 disks=6 cache=1") + QChar(0) + QStringLiteral("MiB"), &error));
    CHECK(error.startsWith(QStringLiteral("cache: '1\\0MiB' is not a value")));
    // The text form has no scheme= key (its JSON form would name another scheme).
    CHECK_FALSE(parseArraySpec(QStringLiteral("raid10 disks=4 scheme=far"), &error));
    CHECK(error == QStringLiteral("scheme=far: the scheme is the spec's first word, not a key"));
    // One key given twice, in two spellings: the text form refuses it, so does JSON.
    CHECK(jsonError(R"({"scheme":"raid5","disks":6,"chunk":"8KiB","chunkBytes":8192})").contains(QStringLiteral("is given twice")));
    CHECK(jsonError(R"({"scheme":"raid5","disks":6,"Cache":"1MiB","cache":"2MiB"})").contains(QStringLiteral("is given twice")));
}

TEST_CASE("ArraySpec: impossible arrays say which parameter and why", "[core][spec]")
{
    // Needs only raid0, which is always built; raid5-specific cases are in tst_plugins.
    const QString unknownScheme = specError(QStringLiteral("raid9 disks=4"));
    CHECK(unknownScheme.contains(QStringLiteral("unknown scheme 'raid9' (known: ")));
    CHECK(unknownScheme.contains(QStringLiteral("raid0")));

    CHECK(specError(QStringLiteral("raid0 disks=0")) == QStringLiteral("raid0 needs disks from 1 to 256, got 0"));
    CHECK(specError(QStringLiteral("raid0 disks=300")) == QStringLiteral("raid0 needs disks from 1 to 256, got 300"));
    CHECK(specError(QStringLiteral("raid0 disks=4 chunk=6KiB")) == QStringLiteral("chunk=6KiB is not a multiple of block=4KiB"));
    CHECK(specError(QStringLiteral("raid0 disks=4 block=1000B")).contains(QStringLiteral("block=1000B must be a non-zero multiple of 512B")));
    CHECK(specError(QStringLiteral("raid0 disks=4 layout=ls")) == QStringLiteral("raid0 has no layout variants, got layout=ls"));
    CHECK(specError(QStringLiteral("raid0 disks=4 copies=2")) == QStringLiteral("raid0 takes no key 'copies'"));
    const QString unknownKey = specError(QStringLiteral("raid0 disks=4 stripe=64KiB"));
    CHECK(unknownKey.startsWith(QStringLiteral("unknown key 'stripe' for raid0 (known: disks, chunk")));
    const QString unknownDisk = specError(QStringLiteral("raid0 disks=4 disk=floppy"));
    CHECK(unknownDisk.startsWith(QStringLiteral("unknown disk preset 'floppy' (known: ")));
    CHECK(unknownDisk.contains(QStringLiteral("ibm-9lzx")));
    CHECK(specError(QStringLiteral("raid0 disks=4 chunk=64KiB size=32KiB")) ==
          QStringLiteral("size=32KiB is smaller than one chunk (64KiB)"));
    CHECK(specError(QStringLiteral("raid0 disks=4 chunk=8KiB")).isEmpty());
}

TEST_CASE("ArraySpec: members are rounded down to whole chunks", "[core][spec]")
{
    // 1 MiB + 3 KiB per member with 8 KiB chunks: 128 whole chunks = 256 blocks of 4 KiB.
    QString error;
    const auto spec = parseArraySpec(QStringLiteral("raid0 disks=2 chunk=8KiB size=1027KiB"), &error);
    REQUIRE(spec);
    const auto resolved = LayoutRegistry::instance().resolve(*spec, &error);
    REQUIRE(resolved);
    CHECK(resolved->params.diskBlocks == 256u);
    const auto layout = raidscope::test::makeLayout(QStringLiteral("raid0 disks=2 chunk=8KiB size=1027KiB"));
    CHECK(layout->logicalBlocks() == 512u);
}
