// SPDX-License-Identifier: GPL-3.0-or-later
#include "units.h"

#include "numberrange.h"

#include <QStringList>

#include <array>
#include <limits>

namespace raidscope {
namespace {

struct Unit
{
    const char* name;
    std::uint64_t factor;
};

// Split "12KiB" into number and suffix; returns false when there is no leading number. The number
// may have a sign, a fraction and an exponent ("-1ms", "1.5KiB", "1e3s"), so that 1e308KiB is read
// as a number out of range and not as the unit "e308KiB".
bool splitNumber(const QString& text, QString& number, QString& suffix)
{
    qsizetype i = 0;
    auto digits = [&] {
        const qsizetype from = i;
        while (i < text.size() && text[i].isDigit())
            ++i;
        return i > from;
    };
    if (i < text.size() && (text[i] == u'-' || text[i] == u'+'))
        ++i;
    bool any = digits();
    if (i < text.size() && text[i] == u'.') {
        ++i;
        any = digits() || any;
    }
    if (any && i + 1 < text.size() && (text[i] == u'e' || text[i] == u'E')) {
        qsizetype j = i + 1;
        if (text[j] == u'-' || text[j] == u'+')
            ++j;
        if (j < text.size() && text[j].isDigit()) {
            i = j;
            digits();
        }
    }
    if (!any)
        return false;
    number = text.left(i);
    suffix = text.mid(i).trimmed();
    return true;
}

// "12KiB" -> ("12", "KiB"); a one-line error when there is no number or no unit.
bool splitWithUnit(const QString& text, const char* what, const char* example, const char* unitList, QString& number,
                   QString& suffix, QString* error)
{
    if (!splitNumber(text.trimmed(), number, suffix)) {
        if (error)
            *error = QStringLiteral("'%1' is not a %2 (expected a number and a unit, e.g. %3)")
                         .arg(text, QLatin1String(what), QLatin1String(example));
        return false;
    }
    if (suffix.isEmpty()) {
        if (error)
            *error = QStringLiteral("%1 '%2' has no unit (use %3)").arg(QLatin1String(what), text, QLatin1String(unitList));
        return false;
    }
    return true;
}

} // namespace

std::optional<std::uint64_t> parseBytes(const QString& text, QString* error)
{
    static constexpr std::array<Unit, 9> units { { { "B", 1 }, { "KiB", 1ull << 10 }, { "MiB", 1ull << 20 },
        { "GiB", 1ull << 30 }, { "TiB", 1ull << 40 }, { "K", 1ull << 10 }, { "M", 1ull << 20 }, { "G", 1ull << 30 },
        { "T", 1ull << 40 } } };
    QString number, suffix;
    if (!splitWithUnit(text, "size", "64KiB", "B, KiB, MiB or GiB, e.g. 64KiB", number, suffix, error))
        return std::nullopt;
    for (const Unit& u : units) {
        if (suffix != QLatin1String(u.name))
            continue;
        bool ok = false;
        if (number.startsWith(u'-')) {
            if (error)
                *error = QStringLiteral("size '%1' is negative").arg(text);
            return std::nullopt;
        }
        if (number.contains(u'.') || number.contains(u'e', Qt::CaseInsensitive)) {
            const double value = number.toDouble(&ok) * double(u.factor);
            // Range first: converting a double past 2^64 to an integer is undefined behaviour
            // (fuzz_spec: chunk=3777...7.772KiB); wholeIfFits() checks it.
            const auto bytes = ok ? wholeIfFits<std::uint64_t>(value) : std::nullopt;
            if (!bytes) {
                if (error)
                    *error = ok && value >= 1.8e19 ? QStringLiteral("size '%1' is too large").arg(text)
                                                   : QStringLiteral("size '%1' is not a whole number of bytes").arg(text);
                return std::nullopt;
            }
            return *bytes;
        }
        const std::uint64_t n = number.toULongLong(&ok);
        if (!ok || (n != 0 && u.factor > std::numeric_limits<std::uint64_t>::max() / n)) {
            if (error)
                *error = QStringLiteral("size '%1' is too large").arg(text);
            return std::nullopt;
        }
        return n * u.factor;
    }
    if (error)
        *error = QStringLiteral("size '%1' has an unknown unit '%2' (use B, KiB, MiB, GiB or TiB)").arg(text, suffix);
    return std::nullopt;
}

std::optional<std::int64_t> parseDurationNs(const QString& text, QString* error)
{
    static constexpr std::array<Unit, 4> units { { { "ns", 1 }, { "us", 1000 }, { "ms", 1000000 },
        { "s", 1000000000 } } };
    QString number, suffix;
    if (!splitWithUnit(text, "duration", "2ms", "ns, us, ms or s", number, suffix, error))
        return std::nullopt;
    for (const Unit& u : units) {
        if (suffix != QLatin1String(u.name))
            continue;
        bool ok = false;
        const double value = number.toDouble(&ok) * double(u.factor);
        // To the nearest nanosecond, when that fits 64 bits (292 years either side of 0).
        const auto ns = ok ? roundedIfFits<std::int64_t>(value) : std::nullopt;
        if (!ns) {
            if (error)
                *error = QStringLiteral("duration '%1' is out of range").arg(text);
            return std::nullopt;
        }
        return *ns;
    }
    if (error)
        *error = QStringLiteral("duration '%1' has an unknown unit '%2' (use ns, us, ms or s)").arg(text, suffix);
    return std::nullopt;
}

QString formatBytes(std::uint64_t bytes)
{
    static constexpr std::array<Unit, 4> units { { { "TiB", 1ull << 40 }, { "GiB", 1ull << 30 },
        { "MiB", 1ull << 20 }, { "KiB", 1ull << 10 } } };
    for (const Unit& u : units) {
        if (bytes != 0 && bytes % u.factor == 0)
            return QString::number(bytes / u.factor) + QLatin1String(u.name);
    }
    return QString::number(bytes) + QLatin1String("B");
}

QString formatBytesHuman(std::uint64_t bytes)
{
    static constexpr std::array<Unit, 4> units { { { "TiB", 1ull << 40 }, { "GiB", 1ull << 30 },
        { "MiB", 1ull << 20 }, { "KiB", 1ull << 10 } } };
    for (const Unit& u : units) {
        if (bytes >= u.factor) {
            if (bytes % u.factor == 0)
                return QString::number(bytes / u.factor) + u' ' + QLatin1String(u.name);
            return QString::number(double(bytes) / double(u.factor), 'f', 1) + u' ' + QLatin1String(u.name);
        }
    }
    return QString::number(bytes) + QLatin1String(" B");
}

} // namespace raidscope
