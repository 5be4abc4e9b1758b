// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A reader for DiskSim's parameter language (the .parv/.diskspecs/.model files of DiskSim 4.0's
// validation suite): nested blocks `type [name] { key = value, ... }`, lists `[ ... ]`, numbers,
// bare words, `source FILE` (at top level and as a value), `instantiate [ ... ] as NAME` and
// `topology type name [ ... ]`; `#` starts a comment. Only the language: turning a drive's
// blocks into DiskParameters is the importer's job.

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>
#include <vector>

namespace raidscope {

struct DiskSimEntry;

/// One value with the file and line it was written at. Blocks keep their entries in file order.
struct DiskSimValue
{
    enum class Kind { Number, String, List, Block };

    Kind kind = Kind::String;
    QString file; ///< the file the value was read from (as opened: the path given or resolved)
    int line = 0; ///< 1-based

    double number = 0; ///< Number
    bool integral = false; ///< Number written without '.', exponent or fraction
    QString text; ///< String: the word or quoted text; Number: the text as written
    std::vector<DiskSimValue> items; ///< List
    QString typeName; ///< Block: e.g. "dm_mech_g1"
    QString name; ///< Block: the instance name, empty for an anonymous block ("disksim_ioqueue { ... }")
    std::vector<DiskSimEntry> entries; ///< Block, in file order; keys are unique within a block

    bool isNumber() const { return kind == Kind::Number; }
    bool isString() const { return kind == Kind::String; }
    bool isList() const { return kind == Kind::List; }
    bool isBlock() const { return kind == Kind::Block; }

    /// "file:line", for messages.
    QString where() const;
    /// "dm_mech_g1" or "disksim_disk HP_C2247A_validate", for messages.
    QString blockLabel() const;

    /// Block: the value of `key` (compared after collapsing runs of blanks), nullptr when absent.
    const DiskSimValue* find(QStringView key) const;
    /// Block: the value of `key`; nullopt and "file:line: <block> has no 'key'" or "... 'key' should be
    /// a number, found ..." when absent or of another kind.
    std::optional<double> numberAt(QStringView key, QString* error = nullptr) const;
    /// As numberAt(), and the number must be an integer written as one.
    std::optional<std::int64_t> integerAt(QStringView key, QString* error = nullptr) const;
    /// As integerAt(), and the integer must fit an int: "Number of cylinders = 1000000000000" is
    /// refused with its file, line and range, not narrowed to another count (#52).
    std::optional<int> intAt(QStringView key, QString* error = nullptr) const;
    /// An optional int entry: `fallback` when the block has no `key`; nullopt and intAt()'s message
    /// when it has one that is not an integer an int holds (never the fallback in its place).
    std::optional<int> intOr(QStringView key, int fallback, QString* error) const;
    std::optional<QString> stringAt(QStringView key, QString* error = nullptr) const;
    const DiskSimValue* listAt(QStringView key, QString* error = nullptr) const;
    /// A block value; with `typeName`, one of that type only.
    const DiskSimValue* blockAt(QStringView key, QStringView typeName = {}, QString* error = nullptr) const;

    /// String: the text as a path relative to the directory of the file it was read from, as DiskSim
    /// resolves `Full seek curve = cheetah9LP.seek`.
    QString pathRelativeToFile() const;
};

struct DiskSimEntry
{
    QString key; ///< trimmed, runs of blanks collapsed to one space
    DiskSimValue value;
};

/// `instantiate [ disk0 ] as HP_C2247A_validate`
struct DiskSimInstantiation
{
    QStringList instances;
    QString definition;
    QString file;
    int line = 0;
};

/// `topology disksim_iodriver driver0 [ disksim_bus bus0 [ ... ] ]`
struct DiskSimTopologyNode
{
    QString typeName;
    QString name;
    QString file;
    int line = 0;
    std::vector<DiskSimTopologyNode> children;
};

/// Everything a top file and its includes define, in file order (an include's definitions at the
/// point of its `source`).
struct DiskSimDocument
{
    std::vector<DiskSimValue> blocks; ///< top-level block definitions, each Kind::Block
    std::vector<DiskSimInstantiation> instantiations;
    std::vector<DiskSimTopologyNode> topologies;
    QStringList files; ///< every file read, the top file first

    /// The top-level definition named `name` (e.g. "BUS1"), nullptr when none.
    const DiskSimValue* definition(QStringView name) const;
    /// The definition an instance ("disk0") was instantiated from, nullptr when none.
    const DiskSimValue* definitionOfInstance(QStringView instance) const;
    /// Every block of `typeName`, at any depth (inside entries and lists), in file order.
    std::vector<const DiskSimValue*> blocksOfType(QStringView typeName) const;
    /// The topology node of an instance at any depth, and its parent (nullptr at the root).
    const DiskSimTopologyNode* topologyNode(QStringView instance, const DiskSimTopologyNode** parent = nullptr) const;
};

struct DiskSimParseLimits
{
    qint64 maxFileBytes = 4 * 1024 * 1024; ///< per file; the largest validation file is 28 KB
    qint64 maxTotalBytes = 16 * 1024 * 1024; ///< over the top file and all its includes
    int maxIncludeDepth = 8;
    int maxNesting = 64; ///< blocks and lists within one another
};

/// Parses a top file and the files it sources (relative to the including file). nullopt and a one-line
/// "file:line: expected ..." on a syntax error, a missing or oversized file, an include cycle or depth.
std::optional<DiskSimDocument> parseDiskSimFile(
    const QString& path, QString* error = nullptr, const DiskSimParseLimits& limits = {});
/// The same for text held in memory; `fileName` names it in messages and its directory anchors `source`.
std::optional<DiskSimDocument> parseDiskSimText(
    const QByteArray& text, const QString& fileName, QString* error = nullptr, const DiskSimParseLimits& limits = {});

} // namespace raidscope
