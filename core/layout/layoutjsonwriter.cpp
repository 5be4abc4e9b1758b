// SPDX-License-Identifier: GPL-3.0-or-later
// `layout --blocks A:B --json` streamed: the text QJsonDocument::Indented would give, made block by
// block, so a million blocks never sit in memory as a QJsonArray (3.3 GB for 482 MB of output).
#include "layoutjson.h"

#include <QJsonDocument>

namespace raidscope {
namespace {

    constexpr qsizetype kFlushBytes = 64 * 1024;

    // One place object {"disk", "diskBlock"[, "kind"]} at `indent` spaces, keys sorted as Qt sorts them.
    void appendPlace(QByteArray& out, const QByteArray& indent, int disk, std::uint64_t block, const char* kind)
    {
        out += indent + "{\n";
        out += indent + "    \"disk\": " + QByteArray::number(disk) + ",\n";
        out += indent + "    \"diskBlock\": " + QByteArray::number(qulonglong(block)) + (kind ? ",\n" : "\n");
        if (kind)
            out += indent + "    \"kind\": \"" + kind + "\"\n";
        out += indent + '}';
    }

    // An array of places as Qt indents it: "[\n" items ",\n"-joined "\n" indent "]", or "[\n" indent "]".
    template<typename Items, typename Append>
    void appendArray(QByteArray& out, const QByteArray& indent, const Items& items, Append append)
    {
        out += "[\n";
        bool first = true;
        for (const auto& item : items) {
            if (!first)
                out += ",\n";
            first = false;
            append(item);
        }
        out += (first ? QByteArray() : QByteArray("\n")) + indent + ']';
    }

} // namespace

bool writeLayoutJson(const ResolvedArray& array, const Layout& layout, std::uint64_t firstLba, std::uint64_t endLba,
                     const std::function<bool(const QByteArray&)>& write)
{
    // Everything but the blocks, with a marker where they go; Qt writes the keys in sorted order.
    QJsonObject head = layoutToJson(array, layout, 0, 0);
    static const QByteArray marker = "@@raidscope-blocks@@";
    head.insert(QStringLiteral("blocks"), QString::fromLatin1(marker));
    const QByteArray text = QJsonDocument(head).toJson(QJsonDocument::Indented);
    const QByteArray quoted = '"' + marker + '"';
    const qsizetype at = text.indexOf(quoted);
    if (at < 0)
        return write(QJsonDocument(layoutToJson(array, layout, firstLba, endLba)).toJson(QJsonDocument::Indented));

    QByteArray out = text.left(at);
    out.reserve(kFlushBytes + 4096);
    out += "[\n";
    const QByteArray block(8, ' '), inner(12, ' '), place(16, ' ');
    BlockPlaces places;
    for (std::uint64_t lba = firstLba; lba < endLba; ++lba) {
        layout.places(lba, places);
        if (lba != firstLba)
            out += ",\n";
        out += block + "{\n" + inner + "\"copies\": ";
        appendArray(out, inner, places.copies, [&](const DiskBlock& c) { appendPlace(out, place, c.disk, c.block, nullptr); });
        out += ",\n" + inner + "\"disk\": " + QByteArray::number(places.data.disk) + ",\n";
        out += inner + "\"diskBlock\": " + QByteArray::number(qulonglong(places.data.block)) + ",\n";
        out += inner + "\"lba\": " + QByteArray::number(qulonglong(lba)) + ",\n";
        out += inner + "\"parity\": ";
        appendArray(out, inner, places.parity, [&](const ParityPlace& p) {
            appendPlace(out, place, p.at.disk, p.at.block, p.kind == ParityPlace::P ? "P" : "Q");
        });
        out += '\n' + block + '}';
        if (out.size() >= kFlushBytes) {
            if (!write(out))
                return false;
            out.resize(0); // keeps the buffer
        }
    }
    out += (endLba > firstLba ? QByteArray("\n") : QByteArray()) + QByteArray(4, ' ') + ']';
    out += text.mid(at + quoted.size());
    return write(out);
}

} // namespace raidscope
