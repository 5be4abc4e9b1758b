// SPDX-License-Identifier: GPL-3.0-or-later
// Properties every layout plugin must have, over every registered scheme and variant and random
// small geometries (fixed seeds). Nothing here knows a particular scheme.
#include "testsupport.h"

#include "layout/layoutregistry.h"

#include <catch2/catch.hpp>

#include <QFileInfo>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

using namespace raidscope;

namespace {

struct SchemeCase
{
    std::string scheme;
    std::string variant; // empty: the scheme has none
};

std::vector<SchemeCase> allSchemeCases()
{
    std::vector<SchemeCase> out;
    for (const SchemeInfo& s : LayoutRegistry::instance().schemes()) {
        if (s.variants.isEmpty())
            out.push_back({ s.id.toStdString(), {} });
        for (const VariantInfo& v : s.variants)
            out.push_back({ s.id.toStdString(), v.id.toStdString() });
    }
    return out;
}

std::uint64_t fnv1a(const std::string& text)
{
    std::uint64_t h = 1469598103934665603ull;
    for (const char c : text)
        h = (h ^ std::uint8_t(c)) * 1099511628211ull;
    return h;
}

/// A random small array of the scheme: disks in its range (at most 16), chunk 4-128 KiB, enough rows
/// per member for two patterns of any rotation (2 D rows) plus a random remainder.
QString randomSpec(const SchemeInfo& scheme, const std::string& variant, std::mt19937_64& rng, bool withCopies)
{
    const int maxDisks = std::min(scheme.maxDisks, 16);
    const int disks = std::uniform_int_distribution<int>(scheme.minDisks, std::max(scheme.minDisks, maxDisks))(rng);
    const std::uint64_t chunkBytes = std::uint64_t(4096) << std::uniform_int_distribution<int>(0, 5)(rng);
    const std::uint64_t rows
        = 2 * std::uint64_t(disks) + 2 + std::uniform_int_distribution<std::uint64_t>(0, std::uint64_t(disks))(rng);
    QString spec = QStringLiteral("%1 disks=%2 chunk=%3B block=4KiB size=%4B")
                       .arg(scheme.id)
                       .arg(disks)
                       .arg(chunkBytes)
                       .arg(rows * chunkBytes);
    if (!variant.empty())
        spec += QStringLiteral(" layout=") + QString::fromStdString(variant);
    if (withCopies) {
        if (const ParameterInfo* p = scheme.findParameter(QStringLiteral("copies"))) {
            const int max = p->max > 0 ? std::min(p->max, disks) : disks;
            if (p->min <= max)
                spec += QStringLiteral(" copies=%1").arg(std::uniform_int_distribution<int>(p->min, max)(rng));
        }
    }
    return spec;
}

std::vector<std::uint64_t> properDivisors(std::uint64_t n)
{
    std::vector<std::uint64_t> out;
    for (std::uint64_t d = 1; d < n; ++d)
        if (n % d == 0)
            out.push_back(d);
    return out;
}

void checkLayout(const Layout& layout)
{
    const ArrayParams& p = layout.params();
    const std::uint64_t chunkBlocks = p.chunkBlocks();
    const std::uint64_t logical = layout.logicalBlocks();
    const std::uint64_t pattern = layout.patternBlocks();
    const std::uint64_t stripeBlocks = layout.stripeBlocks();
    REQUIRE(logical > 0);
    REQUIRE(pattern > 0);
    REQUIRE(pattern % chunkBlocks == 0);
    REQUIRE(stripeBlocks > 0);

    auto index
        = [&](const DiskBlock& b) { return std::size_t(b.disk) * std::size_t(p.diskBlocks) + std::size_t(b.block); };
    auto inside = [&](const DiskBlock& b) { return b.disk >= 0 && b.disk < p.disks && b.block < p.diskBlocks; };

    std::size_t expectedParity = 0;
    if (layout.redundancy() == Redundancy::SingleParity)
        expectedParity = 1;
    else if (layout.redundancy() == Redundancy::DoubleParity)
        expectedParity = 2;

    // Pass 1: every logical block has one data place inside the members, no two share one.
    std::vector<std::int64_t> owner(std::size_t(p.disks) * std::size_t(p.diskBlocks), -1);
    std::vector<int> diskOf(logical);
    BlockPlaces places;
    std::uint64_t failures = 0;
    for (std::uint64_t lba = 0; lba < logical && failures < 5; ++lba) {
        layout.places(lba, places);
        const DiskBlock direct = layout.dataPlace(lba);
        bool ok = places.data == direct && inside(places.data)
            && places.copies.size() == std::size_t(layout.copies() - 1) && places.parity.size() == expectedParity;
        for (const DiskBlock& c : places.copies)
            ok = ok && inside(c);
        for (const ParityPlace& pp : places.parity)
            ok = ok && inside(pp.at);
        if (ok && owner[index(places.data)] != -1)
            ok = false;
        if (!ok) {
            ++failures;
            CAPTURE(lba, places.data.disk, places.data.block, direct.disk, direct.block, places.copies.size(),
                places.parity.size());
            FAIL_CHECK("data place shared, outside the members, or places() disagrees with dataPlace()");
            continue;
        }
        owner[index(places.data)] = std::int64_t(lba);
        diskOf[lba] = places.data.disk;
    }
    REQUIRE(failures == 0);

    // Pass 2: copies and parity are off the block's data disk and off every data place of its stripe.
    for (std::uint64_t lba = 0; lba < logical && failures < 5; ++lba) {
        layout.places(lba, places);
        const std::uint64_t stripe = lba / stripeBlocks;
        auto clashes = [&](const DiskBlock& b) {
            if (b.disk == places.data.disk)
                return true;
            const std::int64_t other = owner[index(b)];
            return other >= 0 && std::uint64_t(other) / stripeBlocks == stripe;
        };
        bool ok = true;
        for (const DiskBlock& c : places.copies)
            ok = ok && !clashes(c);
        for (const ParityPlace& pp : places.parity)
            ok = ok && !clashes(pp.at);
        if (!ok) {
            ++failures;
            CAPTURE(lba, stripe, places.data.disk, places.data.block);
            FAIL_CHECK("a copy or parity place lands on the block's data disk or on data of its stripe");
        }
    }
    REQUIRE(failures == 0);

    // The pattern repeats, and no proper divisor (in chunks) does. Two patterns must fit to show that.
    INFO("pattern " << pattern << " blocks, array " << logical << " blocks");
    REQUIRE(logical >= 2 * pattern);
    for (std::uint64_t lba = 0; lba + pattern < logical; ++lba) {
        if (diskOf[lba] != diskOf[lba + pattern]) {
            CAPTURE(lba, diskOf[lba], diskOf[lba + pattern]);
            FAIL("the disk of lba differs from the disk of lba + patternBlocks");
        }
    }
    for (const std::uint64_t d : properDivisors(pattern / chunkBlocks)) {
        const std::uint64_t shift = d * chunkBlocks;
        bool differs = false;
        for (std::uint64_t lba = 0; lba + shift < logical && !differs; ++lba)
            differs = diskOf[lba] != diskOf[lba + shift];
        CAPTURE(d);
        CHECK(differs); // otherwise a pattern of d chunks would already repeat
    }
}

} // namespace

TEST_CASE("Conformance: every scheme and variant maps blocks consistently", "[layout][conformance]")
{
    static const std::vector<SchemeCase> cases = allSchemeCases();
    REQUIRE_FALSE(cases.empty());
    const SchemeCase c = GENERATE(from_range(cases));
    const SchemeInfo* scheme = LayoutRegistry::instance().find(QString::fromStdString(c.scheme));
    REQUIRE(scheme);
    std::mt19937_64 rng(fnv1a(c.scheme + '/' + c.variant) ^ 20240601u); // fixed seed per case
    for (int i = 0; i < 8; ++i) {
        QString spec = randomSpec(*scheme, c.variant, rng, i % 2 == 1);
        if (!raidscope::test::specError(spec).isEmpty()) // e.g. raid1 takes only copies == disks
            spec = spec.left(spec.indexOf(QStringLiteral(" copies=")));
        INFO("spec: " << spec.toStdString());
        const auto layout = raidscope::test::makeLayout(spec);
        checkLayout(*layout);
    }
}

TEST_CASE("Conformance: every scheme is registered", "[layout][conformance]")
{
    // DESIGN.md "Scheme ids"
    const QStringList ids = LayoutRegistry::instance().ids();
    for (const char* id : { "raid0", "zigzag", "raid1", "raid10", "chained", "raid4", "raid5", "raid6" }) {
        CAPTURE(id);
        CHECK(ids.contains(QString::fromLatin1(id)));
    }
    // Under ctest the plugin folder is searched twice (RAIDSCOPE_PLUGIN_PATH and next to the executable),
    // so a second sighting of a loaded plugin is refused; any other refusal is a broken plugin.
    QStringList loaded;
    for (const SchemeInfo& s : LayoutRegistry::instance().schemes())
        loaded << QFileInfo(s.file).canonicalFilePath();
    for (const PluginRefusal& r : LayoutRegistry::instance().refusals()) {
        INFO("refused: " << r.file.toStdString() << ": " << r.reason.toStdString());
        CHECK(loaded.contains(QFileInfo(r.file).canonicalFilePath()));
    }
}
