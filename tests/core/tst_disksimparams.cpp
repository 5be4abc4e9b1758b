// SPDX-License-Identifier: GPL-3.0-or-later
// DiskSim's parameter language on the five validation drives of ../shared/disksim-validation, read in
// place (they stay outside the project). Every expected figure below was read by hand from the files
// (file:line given), or counted with grep, never taken from the parser's output.
#include "disk/disksimparams.h"

#include "disksimfiles.h"

#include <catch2/catch.hpp>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

using namespace raidscope;

namespace {

using raidscope::test::disksimValidationFile;

DiskSimDocument parseOk(const QString& path)
{
    QString error;
    auto doc = parseDiskSimFile(path, &error);
    INFO(error.toStdString());
    REQUIRE(doc);
    return std::move(*doc);
}

// The disk's dm_disk model block (the disk definition's `Model = source X.model`).
const DiskSimValue& diskModel(const DiskSimDocument& doc)
{
    const DiskSimValue* disk = doc.definitionOfInstance(u"disk0");
    REQUIRE(disk);
    REQUIRE(disk->typeName == QLatin1String("disksim_disk"));
    QString error;
    const DiskSimValue* model = disk->blockAt(u"Model", u"dm_disk", &error);
    INFO(error.toStdString());
    REQUIRE(model);
    return *model;
}

double number(const DiskSimValue& block, QStringView key)
{
    QString error;
    const auto v = block.numberAt(key, &error);
    INFO(error.toStdString());
    REQUIRE(v);
    return *v;
}

const DiskSimValue& block(const DiskSimValue& parent, QStringView key, QStringView type)
{
    QString error;
    const DiskSimValue* v = parent.blockAt(key, type, &error);
    INFO(error.toStdString());
    REQUIRE(v);
    return *v;
}

const DiskSimValue& zones(const DiskSimValue& model)
{
    QString error;
    const DiskSimValue* v = block(model, u"Layout Model", u"dm_layout_g1").listAt(u"Zones", &error);
    INFO(error.toStdString());
    REQUIRE(v);
    return *v;
}

struct Drive
{
    const char* parv;
    const char* diskDefinition; // `instantiate [ disk0 ] as ...`, parv line 113
    double rpm; // model: Rotation speed (in rpms)
    int surfaces, cylinders;
    qint64 blocks; // model: Block count
    std::size_t zoneCount; // grep -c dm_layout_g1_zone (none is commented out)
    int firstZoneSectors; // first "Blocks per track"
    double bulkSectorMs; // diskspecs: Bulk sector transfer time
    double bus1ReadMs; // parv BUS1: Read block transfer time (line 93)
};

// Read by hand from the files (model lines 2-4 and the Rotation speed line, diskspecs line 5 or 8).
const Drive drives[] = {
    { "hp_c2247a.parv", "HP_C2247A_validate", 5400, 13, 2051, 2054864, 8, 96, 0.0, 0.17010 },
    { "hp_c3323a.parv", "HP_C3323A_validate", 5396, 7, 2982, 1743672, 8, 120, 0.0, 0.14550 },
    { "atlas_III.parv", "QUANTUM_QM39100TD-SW", 7200, 10, 8057, 17783250, 9, 256, 0.106, 0.0 },
    { "cheetah9LP.parv", "SEAGATE_ST39102LW_validate", 10045, 12, 6962, 17783240, 11, 254, 0.105, 0.0 },
    { "ibm18es.parv", "IBM_DNES-309170W_validate", 7200, 5, 11474, 17916240, 55, 390, 0.101, 0.0 },
};

QString writeFile(const QTemporaryDir& dir, const char* name, const QByteArray& text)
{
    const QString path = dir.filePath(QString::fromLatin1(name));
    QFile f(path);
    REQUIRE(f.open(QIODevice::WriteOnly));
    REQUIRE(f.write(text) == text.size());
    return path;
}

QString refusal(
    const QByteArray& text, const QString& name = QStringLiteral("mem.parv"), const DiskSimParseLimits& limits = {})
{
    QString error;
    const auto doc = parseDiskSimText(text, name, &error, limits);
    CHECK_FALSE(doc);
    CHECK_FALSE(error.contains(QLatin1Char('\n')));
    UNSCOPED_INFO("refused with: " << error.toStdString()); // shown with the caller's next assertion
    return error;
}

QString fileRefusal(const QString& path, const DiskSimParseLimits& limits = {})
{
    QString error;
    const auto doc = parseDiskSimFile(path, &error, limits);
    CHECK_FALSE(doc);
    CHECK_FALSE(error.contains(QLatin1Char('\n')));
    UNSCOPED_INFO("refused with: " << error.toStdString()); // shown with the caller's next assertion
    return error;
}

} // namespace

TEST_CASE("DiskSim: the five validation drives parse, figures as read from the files", "[disk][disksim]")
{
    for (const Drive& d : drives) {
        const QString path = disksimValidationFile(d.parv);
        REQUIRE_VALIDATION(path);
        INFO(d.parv);
        const DiskSimDocument doc = parseOk(path);

        // parv + diskspecs + model; the .seek is named, not sourced.
        CHECK(doc.files.size() == 3);
        // disksim_global, disksim_stats, the driver, two buses, the controller, the disk, logorg, pf, synthio
        CHECK(doc.blocks.size() == 10);
        CHECK(doc.instantiations.size() == 6);

        const DiskSimValue* disk = doc.definitionOfInstance(u"disk0");
        REQUIRE(disk);
        CHECK(disk->name == QLatin1String(d.diskDefinition));
        CHECK(number(*disk, u"Bulk sector transfer time") == Approx(d.bulkSectorMs));

        const DiskSimValue& model = diskModel(doc);
        CHECK(number(model, u"Number of data surfaces") == d.surfaces);
        CHECK(number(model, u"Number of cylinders") == d.cylinders);
        CHECK(model.integerAt(u"Block count") == d.blocks);
        CHECK(number(block(model, u"Mechanical Model", u"dm_mech_g1"), u"Rotation speed (in rpms)") == d.rpm);

        const DiskSimValue& z = zones(model);
        CHECK(z.items.size() == d.zoneCount);
        REQUIRE(!z.items.empty());
        CHECK(z.items.front().typeName == QLatin1String("dm_layout_g1_zone"));
        CHECK(number(z.items.front(), u"Blocks per track") == d.firstZoneSectors);
        CHECK(number(z.items.front(), u"First cylinder number") == 0);

        const DiskSimValue* bus1 = doc.definitionOfInstance(u"bus1");
        REQUIRE(bus1);
        CHECK(bus1->name == QLatin1String("BUS1"));
        CHECK(number(*bus1, u"Read block transfer time") == Approx(d.bus1ReadMs));

        // driver0 -> bus0 -> ctlr0 -> bus1 -> disk0 (parv lines 119-127)
        const DiskSimTopologyNode* parent = nullptr;
        const DiskSimTopologyNode* node = doc.topologyNode(u"disk0", &parent);
        REQUIRE(node);
        CHECK(node->typeName == QLatin1String("disksim_disk"));
        CHECK(node->children.empty());
        REQUIRE(parent);
        CHECK(parent->name == QLatin1String("bus1"));
        REQUIRE(doc.topologies.size() == 1);
        CHECK(doc.topologies.front().name == QLatin1String("driver0"));
    }
}

TEST_CASE("DiskSim: Cheetah 9LP in detail, with the file and line of each value", "[disk][disksim]")
{
    const QString path = disksimValidationFile("cheetah9LP.parv");
    REQUIRE_VALIDATION(path);
    const DiskSimDocument doc = parseOk(path);
    const DiskSimValue& model = diskModel(doc);
    CHECK(model.name == QLatin1String("SEAGATE_ST39102LW_validate_model"));
    CHECK(QFileInfo(model.file).fileName() == QLatin1String("cheetah9LP.model"));
    CHECK(model.line == 1);

    const DiskSimValue& mech = block(model, u"Mechanical Model", u"dm_mech_g1");
    const DiskSimValue* rpm = mech.find(u"Rotation speed (in rpms)");
    REQUIRE(rpm);
    CHECK(rpm->line == 769); // cheetah9LP.model:769
    CHECK(rpm->integral);
    CHECK(number(mech, u"Head switch time") == Approx(0.03));
    CHECK(number(mech, u"Add. write settling delay") == Approx(0.461));
    CHECK(mech.stringAt(u"Seek type") == QStringLiteral("extracted"));
    CHECK(mech.stringAt(u"Access time type") == QStringLiteral("trackSwitchPlusRotation"));
    // lines 756-767 are commented out
    CHECK(mech.find(u"First ten seek times") == nullptr);
    const DiskSimValue* curve = mech.find(u"Full seek curve");
    REQUIRE(curve);
    CHECK(curve->isString());
    CHECK(QFileInfo(curve->pathRelativeToFile()).canonicalFilePath()
        == QFileInfo(disksimValidationFile("cheetah9LP.seek")).canonicalFilePath());

    // First zone: cylinders 0-846, 254 sectors, skews 97/133, 1270 spares, 34 slips (model lines 9-59)
    const DiskSimValue& first = zones(model).items.front();
    CHECK(number(first, u"Last cylinder number") == 846);
    CHECK(number(first, u"Skew for track switch") == 97);
    CHECK(number(first, u"Skew for cylinder switch") == 133);
    CHECK(number(first, u"Number of spares") == 1270);
    const DiskSimValue* slips = first.listAt(u"slips");
    REQUIRE(slips);
    REQUIRE(slips->items.size() == 34);
    CHECK(slips->items.front().number == 168317);
    CHECK(slips->items.back().number == 2337052);
    const DiskSimValue* defects = first.listAt(u"defects");
    REQUIRE(defects);
    CHECK(defects->items.empty());
    // Second zone starts at cylinder 848 with 245 sectors per track.
    CHECK(number(zones(model).items[1], u"First cylinder number") == 848);
    CHECK(number(zones(model).items[1], u"Blocks per track") == 245);

    // Keys with punctuation and doubled blanks (diskspecs, parv).
    const DiskSimValue* disk = doc.definition(u"SEAGATE_ST39102LW_validate");
    REQUIRE(disk);
    CHECK(disk->integerAt(u"Segment size (in blks)") == 561);
    CHECK(number(*disk, u"Read miss over. after write") == Approx(0.08673));
    CHECK(number(block(*disk, u"Scheduler", u"disksim_ioqueue"), u"Timeout time/weight") == 0);
    const DiskSimValue* org = doc.definition(u"org0");
    REQUIRE(org);
    CHECK(org->integerAt(u"Stripe unit") == 17783240); // "Stripe unit  =  17783240"
    CHECK(org->stringAt(u"Addressing mode") == QStringLiteral("Parts"));

    // Synthetic generators: a list of five anonymous blocks, each with lists of words and numbers.
    const DiskSimValue* synth = doc.definition(u"Synthio");
    REQUIRE(synth);
    const DiskSimValue* gens = synth->listAt(u"Generators");
    REQUIRE(gens);
    REQUIRE(gens->items.size() == 5);
    CHECK(gens->items[0].typeName == QLatin1String("disksim_synthgen"));
    CHECK(gens->items[0].name.isEmpty());
    const DiskSimValue* sizes = gens->items[0].listAt(u"Sizes");
    REQUIRE(sizes);
    REQUIRE(sizes->items.size() == 3);
    CHECK(sizes->items[0].text == QLatin1String("exponential"));
    CHECK(sizes->items[2].number == 8.0);
    CHECK(doc.blocksOfType(u"disksim_synthgen").size() == 5);
    CHECK(doc.blocksOfType(u"dm_layout_g1_zone").size() == 11);

    // The global block: "Stat definition file = statdefs" has no trailing comma before "}".
    const DiskSimValue* global = doc.definition(u"Global");
    REQUIRE(global);
    CHECK(global->stringAt(u"Stat definition file") == QStringLiteral("statdefs"));
}

TEST_CASE("DiskSim: HP C2247A, the bus carries the transfer time; HPL seek equation", "[disk][disksim]")
{
    const QString path = disksimValidationFile("hp_c2247a.parv");
    REQUIRE_VALIDATION(path);
    const DiskSimDocument doc = parseOk(path);
    const DiskSimValue* bus1 = doc.definition(u"BUS1");
    REQUIRE(bus1);
    // README and hp_c2247a.parv:93-94: 0.17010 ms read, 0.18686 ms write per 512-byte block
    CHECK(number(*bus1, u"Read block transfer time") == Approx(0.17010));
    CHECK(number(*bus1, u"Write block transfer time") == Approx(0.18686));
    CHECK(bus1->find(u"Read block transfer time")->line == 93);

    const DiskSimValue& model = diskModel(doc);
    const DiskSimValue& mech = block(model, u"Mechanical Model", u"dm_mech_g1");
    CHECK(mech.stringAt(u"Seek type") == QStringLiteral("hplplus10"));
    const DiskSimValue* hpl = mech.listAt(u"HPL seek equation values");
    REQUIRE(hpl);
    REQUIRE(hpl->items.size() == 6);
    CHECK(hpl->items[0].number == 300);
    CHECK(hpl->items[1].number == Approx(3.81));
    CHECK(hpl->items[5].number == -1.0);
    const DiskSimValue* ten = mech.listAt(u"First ten seek times");
    REQUIRE(ten);
    CHECK(ten->items.size() == 10);
    CHECK(ten->items[0].number == Approx(2.89));
    const DiskSimValue& first = zones(model).items.front();
    CHECK(number(first, u"Empty space at zone front") == 1632);
    const DiskSimValue& last = zones(model).items.back();
    CHECK(number(last, u"Last cylinder number") == 2050);
    CHECK(number(last, u"Blocks per track") == 56);
}

TEST_CASE("DiskSim: lookups name the key and file:line when missing or of the wrong kind", "[disk][disksim]")
{
    const QByteArray text = "disksim_bus BUS1 {\n"
                            "  type = 1,\n"
                            "  Arbitration type = fast,\n"
                            "  Ratio = 0.5,\n"
                            "  Inner = dm_x { a = 1 }\n"
                            "}\n";
    QString error;
    const auto doc = parseDiskSimText(text, QStringLiteral("mem.parv"), &error);
    INFO(error.toStdString());
    REQUIRE(doc);
    const DiskSimValue* bus = doc->definition(u"BUS1");
    REQUIRE(bus);

    CHECK_FALSE(bus->numberAt(u"Read block transfer time", &error));
    CHECK(error == QLatin1String("mem.parv:1: disksim_bus BUS1 has no 'Read block transfer time'"));
    CHECK_FALSE(bus->numberAt(u"Arbitration type", &error));
    CHECK(error == QLatin1String("mem.parv:3: 'Arbitration type' should be a number, found the word 'fast'"));
    CHECK_FALSE(bus->integerAt(u"Ratio", &error));
    CHECK(error == QLatin1String("mem.parv:4: 'Ratio' should be an integer, found the number 0.5"));
    CHECK_FALSE(bus->blockAt(u"Inner", u"dm_y", &error));
    CHECK(error.startsWith(QLatin1String("mem.parv:5: 'Inner' should be a block of type dm_y")));
    CHECK_FALSE(bus->listAt(u"type", &error));
    CHECK(error.startsWith(QLatin1String("mem.parv:2: 'type'")));
    CHECK(bus->integerAt(u"type") == 1);
    CHECK(bus->blockAt(u"Inner", u"dm_x"));
    // Blanks in a key are compared collapsed, as the files write "Stripe unit  =".
    CHECK(bus->find(u"Arbitration   type"));
}

TEST_CASE("DiskSim: malformed text is refused with file:line and what was expected", "[disk][disksim]")
{
    SECTION("unterminated block")
    {
        const QString e = refusal("disksim_bus BUS0 {\n  type = 1,\n  Arbitration type = 1\n");
        CHECK(e.startsWith(QLatin1String("mem.parv:4: expected '}' to close disksim_bus BUS0 (opened at line 1)")));
    }
    SECTION("unterminated nested block and list")
    {
        CHECK(
            refusal("a A {\n  s = b {\n    x = 1,\n").startsWith(QLatin1String("mem.parv:4: expected '}' to close b")));
        CHECK(
            refusal("a A {\n  l = [ 1, 2,\n").startsWith(QLatin1String("mem.parv:3: expected ']' to close the list")));
    }
    SECTION("missing '='")
    {
        const QString e = refusal("disksim_bus BUS0 {\n  type = 1,\n  Arbitration type 1,\n}\n");
        CHECK(e == QLatin1String("mem.parv:3: expected '=' after 'Arbitration type 1', found ','"));
    }
    SECTION("missing ',' between entries")
    {
        const QString e = refusal("disksim_bus BUS0 {\n  type = 1\n  Arbitration type = 1\n}\n");
        CHECK(e == QLatin1String("mem.parv:3: expected ',' or '}' after the value of 'type', found 'A'"));
    }
    SECTION("missing value, stray tokens, duplicates")
    {
        CHECK(refusal("b B {\n x = ,\n}\n")
                  .startsWith(QLatin1String("mem.parv:2: expected a value after 'x =', found ','")));
        CHECK(refusal("b B { x = 1 }\n}\n").startsWith(QLatin1String("mem.parv:2: expected a block definition")));
        CHECK(refusal("b B { x = 1 }\nb B { y = 2 }\n").startsWith(QLatin1String("mem.parv:2: 'B' is defined twice")));
        CHECK(refusal("b B {\n x = 1,\n x = 2\n}\n").startsWith(QLatin1String("mem.parv:3: 'x' appears twice")));
        CHECK(refusal("b { x = 1 }\n").startsWith(QLatin1String("mem.parv:1: expected a name after 'b'")));
        CHECK(refusal("b B { x = 1e999 }\n").startsWith(QLatin1String("mem.parv:1: number '1e999' is out of range")));
        CHECK(refusal("instantiate [ a ] of B\n").startsWith(QLatin1String("mem.parv:1: expected 'as'")));
        CHECK(refusal("b B { x = \"open\n }\n").startsWith(QLatin1String("mem.parv:1: expected '\"'")));
        CHECK(refusal(QByteArray("b B { x = \x01 }\n", 14))
                  .startsWith(QLatin1String("mem.parv:1: expected a value after 'x =', found byte 0x01")));
    }
    SECTION("nesting is capped")
    {
        const QByteArray deep = "b B { x = " + QByteArray(10000, '[');
        CHECK(refusal(deep).startsWith(QLatin1String("mem.parv:1: blocks and lists nested more than 64 deep")));
    }
    SECTION("oversized text")
    {
        DiskSimParseLimits small;
        small.maxFileBytes = 100;
        CHECK(refusal(QByteArray(101, ' '), QStringLiteral("mem.parv"), small)
                  .startsWith(QLatin1String("mem.parv: 101 bytes")));
    }
}

TEST_CASE("DiskSim: source files are resolved relative to the includer, and refused when hostile", "[disk][disksim]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    REQUIRE(QDir(dir.path()).mkdir(QStringLiteral("sub")));

    SECTION("a sourced value and a sourced top-level file, relative to the file that sources them")
    {
        writeFile(dir, "sub/m.model", "dm_disk M {\n  Rotation speed (in rpms) = 7200\n}\n");
        writeFile(dir, "sub/d.diskspecs", "disksim_disk D {\n  Model = source m.model,\n  Block count = 42\n}\n");
        const QString top = writeFile(dir, "top.parv", "# top\nsource sub/d.diskspecs\ninstantiate [ disk0 ] as D\n");
        const DiskSimDocument doc = parseOk(top);
        CHECK(doc.files.size() == 3);
        const DiskSimValue* d = doc.definitionOfInstance(u"disk0");
        REQUIRE(d);
        const DiskSimValue* m = d->blockAt(u"Model", u"dm_disk");
        REQUIRE(m);
        CHECK(m->numberAt(u"Rotation speed (in rpms)") == 7200.0);
        CHECK(m->find(u"Rotation speed (in rpms)")->line == 2);
        CHECK(QFileInfo(m->file).fileName() == QLatin1String("m.model"));
    }
    SECTION("a source of a missing file")
    {
        const QString top = writeFile(dir, "top.parv", "b B { x = 1 }\n\nsource nowhere.diskspecs\n");
        const QString e = fileRefusal(top);
        CHECK(e.startsWith(top + QStringLiteral(":3: cannot read '")));
        CHECK(e.endsWith(QLatin1String("nowhere.diskspecs': no such file")));
        const QString v
            = refusal("b B {\n  Model = source nowhere.model\n}\n", dir.filePath(QStringLiteral("mem.parv")));
        CHECK(v.startsWith(dir.filePath(QStringLiteral("mem.parv")) + QStringLiteral(":2: cannot read '")));
    }
    SECTION("the top file missing")
    {
        const QString missing = dir.filePath(QStringLiteral("absent.parv"));
        CHECK(fileRefusal(missing)
            == missing + QStringLiteral(": cannot read '") + missing + QStringLiteral("': no such file"));
    }
    SECTION("an include cycle")
    {
        const QString a = writeFile(dir, "a.parv", "source sub/b.parv\n");
        writeFile(dir, "sub/b.parv", "b B { x = 1 }\n# back up\nsource ../a.parv\n");
        const QString e = fileRefusal(a);
        CHECK(e.startsWith(dir.filePath(QStringLiteral("sub/b.parv")) + QStringLiteral(":3: source '")));
        CHECK(e.endsWith(QLatin1String("is an include cycle (a.parv -> b.parv -> a.parv)")));
        // A value that sources its own file.
        const QString self = writeFile(dir, "self.model", "dm_disk S {\n  Model = source self.model\n}\n");
        CHECK(fileRefusal(self).startsWith(self + QStringLiteral(":2: source 'self.model' is an include cycle")));
    }
    SECTION("include depth is capped")
    {
        for (int i = 0; i < 12; ++i)
            writeFile(dir, QStringLiteral("n%1.parv").arg(i).toLatin1().constData(),
                QStringLiteral("source n%1.parv\n").arg(i + 1).toLatin1());
        writeFile(dir, "n12.parv", "b B { x = 1 }\n");
        const QString e = fileRefusal(dir.filePath(QStringLiteral("n0.parv")));
        CHECK(e.startsWith(dir.filePath(QStringLiteral("n8.parv"))
            + QStringLiteral(":1: source 'n9.parv' is nested more than 8 files deep")));
    }
    SECTION("a huge file, sourced or on top")
    {
        const QByteArray huge = "b B {\n" + QByteArray(5 * 1024 * 1024, ' ') + "}\n";
        const QString big = writeFile(dir, "big.model", huge);
        const QString top = writeFile(dir, "top.parv", "# big\nsource big.model\n");
        const QString e = fileRefusal(top);
        CHECK(e.startsWith(top + QStringLiteral(":2: '")));
        CHECK(e.contains(QLatin1String("more than the 4194304 a parameter file may have")));
        CHECK(fileRefusal(big).startsWith(big + QStringLiteral(": '")));
    }
    SECTION("errors inside a sourced file name that file and its line")
    {
        writeFile(dir, "bad.model", "dm_disk M {\n  Number of cylinders 6962\n}\n");
        const QString top = writeFile(dir, "top.parv", "b B {\n  Model = source bad.model\n}\n");
        CHECK(fileRefusal(top)
            == dir.filePath(QStringLiteral("bad.model"))
                + QStringLiteral(":2: expected '=' after 'Number of cylinders 6962', found end of line"));
    }
}
