// SPDX-License-Identifier: GPL-3.0-or-later
// The md-derived plugins against mdreference.cpp (Linux md's own mapping code, transcribed and run in
// 512-byte sectors): ~200 random geometries per scheme and variant (fixed seeds), every block of two
// patterns plus random blocks; then raidscope-cli's JSON for a few geometries against the same reference.
#include "mdreference.h"
#include "testsupport.h"

#include <catch2/catch.hpp>

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

#include <algorithm>
#include <random>
#include <sstream>
#include <string>

using namespace raidscope;
using namespace raidscope::mdref;

namespace {

enum class Kind { Raid0, Raid456, Raid10 };

struct MdCase
{
    const char* scheme;
    const char* variant; // "" for none
    Kind kind;
    int level = 0; // Raid456
    int algorithm = 0; // Raid456
    int minDisks = 1;
    bool far = false; // Raid10: far_copies = copies instead of near_copies
    bool offset = false; // Raid10: far_offset
};

const std::vector<MdCase>& mdCases()
{
    static const std::vector<MdCase> cases {
        { "raid0", "", Kind::Raid0, 0, 0, 1 },
        // md level 4 ignores the algorithm: parity on disk data_disks
        { "raid4", "parity-last", Kind::Raid456, 4, ALGORITHM_PARITY_N, 3 },
        // parity on the first disk is md level 5 with ALGORITHM_PARITY_0 (the raid4 layout md takes over)
        { "raid4", "parity-first", Kind::Raid456, 5, ALGORITHM_PARITY_0, 3 },
        { "raid5", "left-asymmetric", Kind::Raid456, 5, ALGORITHM_LEFT_ASYMMETRIC, 3 },
        { "raid5", "right-asymmetric", Kind::Raid456, 5, ALGORITHM_RIGHT_ASYMMETRIC, 3 },
        { "raid5", "left-symmetric", Kind::Raid456, 5, ALGORITHM_LEFT_SYMMETRIC, 3 },
        { "raid5", "right-symmetric", Kind::Raid456, 5, ALGORITHM_RIGHT_SYMMETRIC, 3 },
        { "raid6", "left-asymmetric", Kind::Raid456, 6, ALGORITHM_LEFT_ASYMMETRIC, 4 },
        { "raid6", "right-asymmetric", Kind::Raid456, 6, ALGORITHM_RIGHT_ASYMMETRIC, 4 },
        { "raid6", "left-symmetric", Kind::Raid456, 6, ALGORITHM_LEFT_SYMMETRIC, 4 },
        { "raid6", "right-symmetric", Kind::Raid456, 6, ALGORITHM_RIGHT_SYMMETRIC, 4 },
        { "raid10", "near", Kind::Raid10, 0, 0, 2, false, false },
        { "raid10", "far", Kind::Raid10, 0, 0, 2, true, false },
        { "raid10", "offset", Kind::Raid10, 0, 0, 2, true, true },
    };
    return cases;
}

/// One array in both vocabularies: the spec the plugin reads and md's geometry in sectors.
struct Geometry
{
    int disks = 0;
    std::uint64_t chunkBytes = 0;
    std::uint64_t blockBytes = 0;
    std::uint64_t rows = 0; ///< member size in chunks
    int copies = 0;

    unsigned chunkSectors() const { return unsigned(chunkBytes / 512); }
    std::uint64_t sectorsPerBlock() const { return blockBytes / 512; }
    sector_t memberSectors() const { return rows * chunkSectors(); }
};

Geometry randomGeometry(const MdCase& c, std::mt19937_64& rng)
{
    Geometry g;
    g.disks = std::uniform_int_distribution<int>(c.minDisks, 16)(rng);
    g.chunkBytes = std::uint64_t(4096) << std::uniform_int_distribution<int>(0, 5)(rng); // 4-128 KiB
    g.blockBytes = std::uint64_t(512) << std::uniform_int_distribution<int>(0, 3)(rng); // 512 B-4 KiB
    g.rows = std::uniform_int_distribution<std::uint64_t>(1, 3 * std::uint64_t(g.disks) + 4)(rng);
    if (c.kind == Kind::Raid10) {
        g.copies = std::uniform_int_distribution<int>(2, std::min(g.disks, 5))(rng);
        if (c.far)
            g.rows = std::max<std::uint64_t>(g.rows, std::uint64_t(g.copies)); // md needs a section per copy
    }
    return g;
}

QString specText(const MdCase& c, const Geometry& g)
{
    QString spec = QStringLiteral("%1 disks=%2 chunk=%3B block=%4B size=%5B")
                       .arg(QString::fromLatin1(c.scheme))
                       .arg(g.disks)
                       .arg(g.chunkBytes)
                       .arg(g.blockBytes)
                       .arg(g.rows * g.chunkBytes);
    if (*c.variant)
        spec += QStringLiteral(" layout=") + QString::fromLatin1(c.variant);
    if (g.copies)
        spec += QStringLiteral(" copies=%1").arg(g.copies);
    return spec;
}

/// md's answer for one block, in blocks: data, copies (raid10) and parity (P, Q).
struct Expected
{
    DiskBlock data;
    std::vector<DiskBlock> copies;
    std::vector<ParityPlace> parity;
    bool aligned = true; ///< md's sector is a whole block
};

class Reference
{
public:
    Reference(const MdCase& c, const Geometry& g)
        : m_case(c)
        , m_geometry(g)
    {
        if (c.kind == Kind::Raid456)
            m_r5 = R5Conf { c.level, c.algorithm, g.disks, int(g.chunkSectors()) };
        if (c.kind == Kind::Raid10)
            m_r10 = raid10Setup(
                g.disks, c.far ? 1 : g.copies, c.far ? g.copies : 1, c.offset, g.chunkSectors(), g.memberSectors());
    }

    sector_t arraySectors() const
    {
        switch (m_case.kind) {
        case Kind::Raid0:
            return raid0Size(m_geometry.memberSectors(), m_geometry.disks, m_geometry.chunkSectors());
        case Kind::Raid456:
            return raid5Size(m_r5, m_geometry.memberSectors());
        case Kind::Raid10:
            return raid10Size(m_r10);
        }
        return 0;
    }

    void places(std::uint64_t lba, Expected& out) const
    {
        const std::uint64_t spb = m_geometry.sectorsPerBlock();
        const sector_t sector = lba * spb;
        out.copies.clear();
        out.parity.clear();
        out.aligned = true;
        auto toBlock = [&](int dev, sector_t s) {
            out.aligned = out.aligned && s % spb == 0;
            return DiskBlock { dev, s / spb };
        };
        switch (m_case.kind) {
        case Kind::Raid0: {
            const DevSector d = raid0MapSector(sector, m_geometry.disks, m_geometry.chunkSectors());
            out.data = toBlock(d.dev, d.sector);
            break;
        }
        case Kind::Raid456: {
            const R5Result r = raid5ComputeSector(m_r5, sector);
            out.data = toBlock(r.ddIdx, r.newSector);
            out.parity.push_back({ ParityPlace::P, toBlock(r.pdIdx, r.newSector) });
            if (m_r5.level == 6)
                out.parity.push_back({ ParityPlace::Q, toBlock(r.qdIdx, r.newSector) });
            break;
        }
        case Kind::Raid10: {
            raid10FindPhys(m_r10, sector, m_devs);
            out.data = toBlock(m_devs[0].dev, m_devs[0].sector);
            for (std::size_t i = 1; i < m_devs.size(); ++i)
                out.copies.push_back(toBlock(m_devs[i].dev, m_devs[i].sector));
            break;
        }
        }
    }

private:
    MdCase m_case;
    Geometry m_geometry;
    R5Conf m_r5;
    R10Geom m_r10;
    mutable std::vector<DevSector> m_devs;
};

std::string describe(const DiskBlock& b) { return "(" + std::to_string(b.disk) + ", " + std::to_string(b.block) + ")"; }

std::string describe(
    const DiskBlock& data, const std::vector<DiskBlock>& copies, const std::vector<ParityPlace>& parity)
{
    std::string s = "data " + describe(data) + " copies";
    for (const DiskBlock& c : copies)
        s += " " + describe(c);
    s += " parity";
    for (const ParityPlace& p : parity)
        s += std::string(p.kind == ParityPlace::P ? " P" : " Q") + describe(p.at);
    return s;
}

bool samePlaces(const BlockPlaces& got, const Expected& want)
{
    if (!want.aligned || !(got.data == want.data) || got.copies != want.copies
        || got.parity.size() != want.parity.size())
        return false;
    for (std::size_t i = 0; i < got.parity.size(); ++i)
        if (got.parity[i].kind != want.parity[i].kind || !(got.parity[i].at == want.parity[i].at))
            return false;
    return true;
}

std::uint64_t caseSeed(const MdCase& c)
{
    std::uint64_t h = 1469598103934665603ull;
    for (const char* s : { c.scheme, "/", c.variant })
        for (; *s; ++s)
            h = (h ^ std::uint8_t(*s)) * 1099511628211ull;
    return h;
}

} // namespace

TEST_CASE("MdReference: plugins place every block where md's own code does", "[layout][mdreference]")
{
    const MdCase c = GENERATE(from_range(mdCases()));
    CAPTURE(c.scheme, c.variant);
    std::mt19937_64 rng(caseSeed(c) ^ 0x5eedu);
    int mismatches = 0;
    std::uint64_t compared = 0;
    BlockPlaces got;
    Expected want;
    for (int i = 0; i < 200 && mismatches < 5; ++i) {
        const Geometry g = randomGeometry(c, rng);
        const QString spec = specText(c, g);
        INFO("spec: " << spec.toStdString());
        const auto layout = test::makeLayout(spec);
        const Reference ref(c, g);
        REQUIRE(layout->logicalBlocks() * g.sectorsPerBlock() == ref.arraySectors());

        const std::uint64_t logical = layout->logicalBlocks();
        std::vector<std::uint64_t> lbas;
        const std::uint64_t walk = std::min(logical, 2 * layout->patternBlocks());
        std::uniform_int_distribution<std::uint64_t> anywhere(0, logical - 1);
        for (int r = 0; r < 64; ++r)
            lbas.push_back(anywhere(rng));
        for (std::uint64_t lba = 0; lba < walk; ++lba)
            lbas.push_back(lba);
        lbas.push_back(logical - 1);
        for (const std::uint64_t lba : lbas) {
            layout->places(lba, got);
            ref.places(lba, want);
            ++compared;
            if (!samePlaces(got, want)) {
                ++mismatches;
                FAIL_CHECK("lba " << lba << ": plugin " << describe(got.data, got.copies, got.parity) << ", md "
                                  << describe(want.data, want.copies, want.parity)
                                  << (want.aligned ? "" : " (md sector not block-aligned)"));
                if (mismatches >= 5)
                    break;
            }
        }
    }
    CHECK(mismatches == 0);
    CHECK(compared > 200 * 64);
}

TEST_CASE("MdReference: raidscope-cli layout --json agrees with md", "[layout][mdreference][cli]")
{
    const MdCase c = GENERATE(from_range(mdCases()));
    CAPTURE(c.scheme, c.variant);
    const QString cli = QCoreApplication::applicationDirPath() + QStringLiteral("/raidscope-cli");
    std::mt19937_64 rng(caseSeed(c) ^ 0xc11u);
    for (int i = 0; i < 3; ++i) {
        const Geometry g = randomGeometry(c, rng);
        const QString spec = specText(c, g);
        INFO("spec: " << spec.toStdString());
        const Reference ref(c, g);
        const std::uint64_t logical = ref.arraySectors() / g.sectorsPerBlock();
        REQUIRE(logical > 0);
        const std::uint64_t count = std::min<std::uint64_t>(logical, 300);
        const std::uint64_t first = std::uniform_int_distribution<std::uint64_t>(0, logical - count)(rng);
        const QString range = QStringLiteral("%1:%2").arg(first).arg(first + count);

        QProcess process;
        process.start(cli,
            { QStringLiteral("layout"), QStringLiteral("--array"), spec, QStringLiteral("--blocks"), range,
                QStringLiteral("--json") });
        REQUIRE(process.waitForFinished(30000));
        INFO("stderr: " << process.readAllStandardError().toStdString());
        REQUIRE(process.exitStatus() == QProcess::NormalExit);
        REQUIRE(process.exitCode() == 0);
        QJsonParseError parseError;
        const QJsonDocument doc = QJsonDocument::fromJson(process.readAllStandardOutput(), &parseError);
        REQUIRE(parseError.error == QJsonParseError::NoError);
        const QJsonArray blocks = doc.object().value(QStringLiteral("blocks")).toArray();
        REQUIRE(std::uint64_t(blocks.size()) == count);

        auto place = [](const QJsonValue& v) {
            const QJsonObject o = v.toObject();
            return DiskBlock { o.value(QStringLiteral("disk")).toInt(-1),
                std::uint64_t(o.value(QStringLiteral("diskBlock")).toInteger(-1)) };
        };
        Expected want;
        int mismatches = 0;
        for (const QJsonValue& v : blocks) {
            const QJsonObject b = v.toObject();
            const std::uint64_t lba = std::uint64_t(b.value(QStringLiteral("lba")).toInteger(-1));
            ref.places(lba, want);
            BlockPlaces got;
            got.data = place(b);
            for (const QJsonValue& x : b.value(QStringLiteral("copies")).toArray())
                got.copies.push_back(place(x));
            for (const QJsonValue& x : b.value(QStringLiteral("parity")).toArray())
                got.parity.push_back(
                    { x.toObject().value(QStringLiteral("kind")).toString() == u"Q" ? ParityPlace::Q : ParityPlace::P,
                        place(x) });
            if (!samePlaces(got, want) && ++mismatches <= 3)
                FAIL_CHECK("lba " << lba << ": cli " << describe(got.data, got.copies, got.parity) << ", md "
                                  << describe(want.data, want.copies, want.parity));
        }
        CHECK(mismatches == 0);
    }
}
