// SPDX-License-Identifier: GPL-3.0-or-later
// The accessors of a parsed DiskSim document (disksimparams.h): typed entries with messages that name
// the file and line, and lookups of definitions, instances and topology nodes. The parser is
// disksimparser.cpp.
#include "disksimparams.h"
#include "disksimparams_p.h"

#include <climits>

#include <QDir>
#include <QFileInfo>

namespace raidscope {

namespace disksim {

void setError(QString* error, const QString& message)
{
    if (error)
        *error = message;
}

} // namespace disksim

namespace {

    using disksim::setError;

    QString kindName(const DiskSimValue& v)
    {
        switch (v.kind) {
        case DiskSimValue::Kind::Number:
            return QStringLiteral("the number ") + v.text;
        case DiskSimValue::Kind::String:
            return QStringLiteral("the word '") + v.text + QLatin1Char('\'');
        case DiskSimValue::Kind::List:
            return QStringLiteral("a list");
        case DiskSimValue::Kind::Block:
            return QStringLiteral("a block ") + v.blockLabel();
        }
        return {};
    }

    void collectBlocks(const DiskSimValue& v, QStringView typeName, std::vector<const DiskSimValue*>& out)
    {
        if (v.isBlock()) {
            if (v.typeName == typeName)
                out.push_back(&v);
            for (const auto& e : v.entries)
                collectBlocks(e.value, typeName, out);
        } else if (v.isList()) {
            for (const auto& item : v.items)
                collectBlocks(item, typeName, out);
        }
    }

    const DiskSimTopologyNode* findNode(const DiskSimTopologyNode& node, QStringView instance,
        const DiskSimTopologyNode* parent, const DiskSimTopologyNode** parentOut)
    {
        if (node.name == instance) {
            if (parentOut)
                *parentOut = parent;
            return &node;
        }
        for (const auto& child : node.children) {
            if (const auto* found = findNode(child, instance, &node, parentOut))
                return found;
        }
        return nullptr;
    }

} // namespace

QString DiskSimValue::where() const { return disksim::where(file, line); }

QString DiskSimValue::blockLabel() const { return name.isEmpty() ? typeName : typeName + QLatin1Char(' ') + name; }

const DiskSimValue* DiskSimValue::find(QStringView key) const
{
    const QString wanted = key.toString().simplified();
    for (const auto& e : entries) {
        if (e.key == wanted)
            return &e.value;
    }
    return nullptr;
}

namespace {

    // The entry or a message naming the block and where it is.
    const DiskSimValue* entryOrError(const DiskSimValue& block, QStringView key, QString* error)
    {
        if (!block.isBlock()) {
            setError(error,
                block.where() + QStringLiteral(": expected a block holding '%1', found %2").arg(key, kindName(block)));
            return nullptr;
        }
        const DiskSimValue* v = block.find(key);
        if (!v)
            setError(error, block.where() + QStringLiteral(": %1 has no '%2'").arg(block.blockLabel(), key));
        return v;
    }

    void wrongKind(const DiskSimValue& v, QStringView key, const char* expected, QString* error)
    {
        setError(error,
            v.where() + QStringLiteral(": '%1' should be %2, found %3").arg(key, QLatin1String(expected), kindName(v)));
    }

} // namespace

namespace {

    // The entry under `key` when `fits` says it has the kind asked for, else nullptr and a message
    // naming the key, what was expected and where.
    template <typename Fits>
    const DiskSimValue* typedEntry(const DiskSimValue& block, QStringView key, Fits fits, const char* expected, QString* error)
    {
        const DiskSimValue* v = entryOrError(block, key, error);
        if (v && !fits(*v)) {
            wrongKind(*v, key, expected, error);
            return nullptr;
        }
        return v;
    }

} // namespace

std::optional<double> DiskSimValue::numberAt(QStringView key, QString* error) const
{
    const auto* v = typedEntry(*this, key, [](const DiskSimValue& x) { return x.isNumber(); }, "a number", error);
    return v ? std::optional<double>(v->number) : std::nullopt;
}

std::optional<std::int64_t> DiskSimValue::integerAt(QStringView key, QString* error) const
{
    const auto* v = typedEntry(*this, key, [](const DiskSimValue& x) { return x.isNumber() && x.integral; }, "an integer", error);
    return v ? std::optional<std::int64_t>(static_cast<std::int64_t>(v->number)) : std::nullopt;
}

std::optional<int> DiskSimValue::intAt(QStringView key, QString* error) const
{
    const auto value = integerAt(key, error);
    if (!value)
        return std::nullopt;
    if (*value < INT_MIN || *value > INT_MAX) {
        setError(error, find(key)->where() + QStringLiteral(": '%1' = %2 is outside %3 to %4")
                            .arg(key).arg(*value).arg(INT_MIN).arg(INT_MAX));
        return std::nullopt;
    }
    return int(*value);
}

std::optional<int> DiskSimValue::intOr(QStringView key, int fallback, QString* error) const
{
    if (isBlock() && !find(key))
        return fallback;
    return intAt(key, error);
}

std::optional<QString> DiskSimValue::stringAt(QStringView key, QString* error) const
{
    const auto* v = typedEntry(*this, key, [](const DiskSimValue& x) { return x.isString(); }, "a word", error);
    return v ? std::optional<QString>(v->text) : std::nullopt;
}

const DiskSimValue* DiskSimValue::listAt(QStringView key, QString* error) const
{
    return typedEntry(*this, key, [](const DiskSimValue& x) { return x.isList(); }, "a list", error);
}

const DiskSimValue* DiskSimValue::blockAt(QStringView key, QStringView typeName, QString* error) const
{
    const DiskSimValue* v = entryOrError(*this, key, error);
    if (!v)
        return nullptr;
    if (!v->isBlock() || (!typeName.isEmpty() && v->typeName != typeName)) {
        const QString expected
            = typeName.isEmpty() ? QStringLiteral("a block") : QStringLiteral("a block of type ") + typeName;
        setError(error, v->where() + QStringLiteral(": '%1' should be %2, found %3").arg(key, expected, kindName(*v)));
        return nullptr;
    }
    return v;
}

QString DiskSimValue::pathRelativeToFile() const { return QDir(QFileInfo(file).path()).filePath(text); }

const DiskSimValue* DiskSimDocument::definition(QStringView name) const
{
    for (const auto& b : blocks) {
        if (b.name == name)
            return &b;
    }
    return nullptr;
}

const DiskSimValue* DiskSimDocument::definitionOfInstance(QStringView instance) const
{
    for (const auto& inst : instantiations) {
        for (const auto& name : inst.instances) {
            if (name == instance)
                return definition(inst.definition);
        }
    }
    return nullptr;
}

std::vector<const DiskSimValue*> DiskSimDocument::blocksOfType(QStringView typeName) const
{
    std::vector<const DiskSimValue*> out;
    for (const auto& b : blocks)
        collectBlocks(b, typeName, out);
    return out;
}

const DiskSimTopologyNode* DiskSimDocument::topologyNode(QStringView instance, const DiskSimTopologyNode** parent) const
{
    for (const auto& root : topologies) {
        if (const auto* found = findNode(root, instance, nullptr, parent))
            return found;
    }
    return nullptr;
}

} // namespace raidscope
