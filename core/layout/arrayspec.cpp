// SPDX-License-Identifier: GPL-3.0-or-later
#include "arrayspec.h"

#include "numberrange.h"
#include "textline.h"
#include "units.h"

#include <QJsonValue>
#include <QRegularExpression>
#include <QStringList>

namespace raidscope {
namespace {

// disks= and copies=: a whole number here; whether the scheme takes it, the registry says (its
// "MinDisks" and "MaxDisks"), so this bound only keeps the count an int.
constexpr int kMaxCount = 1'000'000;

std::optional<int> parseCount(const QString& key, const QString& value, QString* error)
{
    QString range;
    const auto n = parseIntegerInRange(value, 0, kMaxCount, &range);
    if (!n && error)
        *error = QStringLiteral("%1=%2 is not a whole number %3").arg(key, value, range);
    return n;
}

// A scheme, key or value the text form can write back: not empty, no white space or control
// character (a NUL would also cut an error message short), no '=' in a scheme or key.
bool isToken(const QString& s, bool isKey)
{
    if (s.isEmpty())
        return false;
    for (const QChar c : s) {
        if (c.isSpace() || c.category() == QChar::Other_Control || (isKey && c == u'='))
            return false;
    }
    return true;
}

// One key=value, shared by the text and JSON forms so both give the same errors.
bool applyKey(ArraySpec& spec, const QString& key, const QString& value, QString* error)
{
    if (!isToken(key, true)) {
        if (error)
            *error = QStringLiteral("'%1' is not a key (a key is a word without spaces, control characters or '=')").arg(oneLine(key));
        return false;
    }
    if (!isToken(value, false)) {
        if (error)
            *error = QStringLiteral("%1: '%2' is not a value (a value is not empty and has no spaces or control characters)").arg(key, oneLine(value));
        return false;
    }
    if (key == u"scheme") { // the JSON form's scheme; the text form's is its first word
        if (error)
            *error = QStringLiteral("scheme=%1: the scheme is the spec's first word, not a key").arg(value);
        return false;
    }
    QString why;
    auto sizeOf = [&](std::uint64_t& out) {
        const auto bytes = parseBytes(value, &why);
        if (!bytes) {
            if (error)
                *error = QStringLiteral("%1: %2").arg(key, why);
            return false;
        }
        out = *bytes;
        return true;
    };
    if (key == u"disks") {
        spec.disks = parseCount(key, value, error);
        return spec.disks.has_value();
    }
    if (key == u"copies") {
        spec.copies = parseCount(key, value, error);
        return spec.copies.has_value();
    }
    if (key == u"chunk")
        return sizeOf(spec.chunkBytes);
    if (key == u"block")
        return sizeOf(spec.blockBytes);
    if (key == u"size") {
        std::uint64_t bytes = 0;
        if (!sizeOf(bytes))
            return false;
        spec.sizeBytes = bytes;
        return true;
    }
    if (key == u"layout") {
        spec.variant = value;
        return true;
    }
    if (key == u"disk") {
        spec.diskPreset = value;
        return true;
    }
    // Keys a plugin or the simulator takes: checked by the registry, which knows them.
    spec.extra.insert(key, value);
    return true;
}

} // namespace

const QStringList& simulationKeys()
{
    static const QStringList keys { QStringLiteral("cache"), QStringLiteral("readcache"), QStringLiteral("overhead"),
        QStringLiteral("scheduler"), QStringLiteral("mirrorread"), QStringLiteral("paritywrite"),
        QStringLiteral("failed"), QStringLiteral("speed"), QStringLiteral("member"), QStringLiteral("shared"),
        QStringLiteral("iops"), QStringLiteral("burst"), QStringLiteral("hostoverhead"), QStringLiteral("ceiling"),
        QStringLiteral("gap"), QStringLiteral("fail"), QStringLiteral("rebuild"), QStringLiteral("rebuild.delay"),
        QStringLiteral("rebuild.unit") };
    return keys;
}

std::optional<ArraySpec> parseArraySpec(const QString& text, QString* error)
{
    static const QRegularExpression space(QStringLiteral("\\s+"));
    const QStringList tokens = text.trimmed().split(space, Qt::SkipEmptyParts);
    if (tokens.isEmpty()) {
        if (error)
            *error = QStringLiteral("empty array spec (expected e.g. 'raid5 disks=6 chunk=8KiB')");
        return std::nullopt;
    }
    for (const QString& token : tokens)
        if (token.size() > kMaxSpecWordChars) {
            if (error)
                *error = QStringLiteral("'%1' is longer than the %2 characters a word of an array spec may have")
                             .arg(excerpt(token))
                             .arg(kMaxSpecWordChars);
            return std::nullopt;
        }
    ArraySpec spec;
    spec.scheme = tokens.front().toLower();
    if (spec.scheme.contains(u'=')) {
        if (error)
            *error = QStringLiteral("array spec must start with the scheme (e.g. raid5), not '%1'").arg(oneLine(tokens.front()));
        return std::nullopt;
    }
    if (!isToken(spec.scheme, true)) {
        if (error)
            *error = QStringLiteral("'%1' is not a scheme name (no control characters)").arg(oneLine(tokens.front()));
        return std::nullopt;
    }
    QStringList seen;
    for (qsizetype i = 1; i < tokens.size(); ++i) {
        const QString& token = tokens[i];
        const qsizetype eq = token.indexOf(u'=');
        if (eq <= 0 || eq == token.size() - 1) {
            if (error)
                *error = QStringLiteral("'%1' is not key=value").arg(oneLine(token));
            return std::nullopt;
        }
        const QString key = token.left(eq).toLower();
        if (seen.contains(key)) {
            if (error)
                *error = QStringLiteral("key '%1' is given twice").arg(key);
            return std::nullopt;
        }
        seen.append(key);
        if (!applyKey(spec, key, token.mid(eq + 1), error))
            return std::nullopt;
    }
    if (!spec.disks) {
        if (error)
            *error = QStringLiteral("missing disks=N (the number of member disks)");
        return std::nullopt;
    }
    return spec;
}

std::optional<ArraySpec> parseArraySpecJson(const QJsonObject& json, QString* error)
{
    ArraySpec spec;
    const QJsonValue scheme = json.value(QStringLiteral("scheme"));
    if (!scheme.isString() || scheme.toString().isEmpty()) {
        if (error)
            *error = QStringLiteral("JSON array spec needs a string \"scheme\"");
        return std::nullopt;
    }
    spec.scheme = scheme.toString().toLower();
    if (!isToken(spec.scheme, true)) {
        if (error)
            *error = QStringLiteral("\"scheme\": '%1' is not a scheme name (no spaces, control characters or '=')").arg(oneLine(scheme.toString()));
        return std::nullopt;
    }
    QStringList seen; // "chunk" and "chunkBytes", or "Cache" and "cache", name one key
    for (auto it = json.begin(); it != json.end(); ++it) {
        QString key = it.key();
        if (key == u"scheme")
            continue;
        QString value;
        if (key.endsWith(QLatin1String("Bytes"))) { // chunkBytes: 8192 -> chunk=8192B
            // toInteger() gives its default for anything but a whole number that fits a qint64 (so no
            // undefined conversion of 1e300), and keeps integers above 2^53 exact, as toJson() writes them.
            const qint64 n = it->toInteger(-1);
            if (n < 0 || it->toInteger(-2) != n) {
                if (error)
                    *error = QStringLiteral("\"%1\" must be a whole number of bytes").arg(key);
                return std::nullopt;
            }
            key.chop(5);
            value = QString::number(n) + u'B';
        } else if (it->isDouble()) {
            value = QString::number(it->toDouble(), 'g', 17);
        } else if (it->isString()) {
            value = it->toString();
        } else {
            if (error)
                *error = QStringLiteral("\"%1\" must be a string or a number").arg(key);
            return std::nullopt;
        }
        if (seen.contains(key.toLower())) {
            if (error)
                *error = QStringLiteral("key \"%1\" is given twice").arg(it.key());
            return std::nullopt;
        }
        seen.append(key.toLower());
        if (!applyKey(spec, key.toLower(), value, error))
            return std::nullopt;
    }
    if (!spec.disks) {
        if (error)
            *error = QStringLiteral("missing \"disks\" (the number of member disks)");
        return std::nullopt;
    }
    return spec;
}

QString ArraySpec::toText() const
{
    QStringList parts { scheme };
    if (!variant.isEmpty())
        parts << QStringLiteral("layout=") + variant;
    parts << QStringLiteral("disks=%1").arg(disks.value_or(0));
    parts << QStringLiteral("chunk=") + formatBytes(chunkBytes);
    if (blockBytes != 4096)
        parts << QStringLiteral("block=") + formatBytes(blockBytes);
    if (copies)
        parts << QStringLiteral("copies=%1").arg(*copies);
    if (diskPreset != u"ibm-9lzx")
        parts << QStringLiteral("disk=") + diskPreset;
    if (sizeBytes)
        parts << QStringLiteral("size=") + formatBytes(*sizeBytes);
    for (auto it = extra.begin(); it != extra.end(); ++it)
        parts << it.key() + u'=' + it.value().toString();
    return parts.join(u' ');
}

QJsonObject ArraySpec::toJson() const
{
    QJsonObject o;
    o.insert(QStringLiteral("scheme"), scheme);
    if (!variant.isEmpty())
        o.insert(QStringLiteral("layout"), variant);
    o.insert(QStringLiteral("disks"), disks.value_or(0));
    o.insert(QStringLiteral("chunkBytes"), qint64(chunkBytes));
    o.insert(QStringLiteral("blockBytes"), qint64(blockBytes));
    if (copies)
        o.insert(QStringLiteral("copies"), *copies);
    o.insert(QStringLiteral("disk"), diskPreset);
    if (sizeBytes)
        o.insert(QStringLiteral("sizeBytes"), qint64(*sizeBytes));
    for (auto it = extra.begin(); it != extra.end(); ++it)
        o.insert(it.key(), it.value().toString());
    return o;
}

} // namespace raidscope
