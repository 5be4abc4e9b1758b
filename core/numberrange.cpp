// SPDX-License-Identifier: GPL-3.0-or-later
#include "numberrange.h"

namespace raidscope {

QString rangeText(double min, double max)
{
    return QStringLiteral("from %1 to %2").arg(QString::number(min, 'g', 10), QString::number(max, 'g', 10));
}

QString integerRangeText(std::int64_t min, std::int64_t max)
{
    return QStringLiteral("from %1 to %2").arg(min).arg(max);
}

QString integerRangeText(std::uint64_t min, std::uint64_t max)
{
    return QStringLiteral("from %1 to %2").arg(min).arg(max);
}

std::optional<double> checkNumberInRange(double value, double min, double max, QString* error)
{
    if (std::isfinite(value) && value >= min && value <= max)
        return value;
    if (error)
        *error = rangeText(min, max);
    return std::nullopt;
}

std::optional<double> parseNumberInRange(const QString& text, double min, double max, QString* error)
{
    bool ok = false;
    const double v = text.trimmed().toDouble(&ok);
    if (ok)
        return checkNumberInRange(v, min, max, error);
    if (error)
        *error = rangeText(min, max);
    return std::nullopt;
}

namespace detail {

std::optional<std::int64_t> parseSigned(const QString& text, std::int64_t min, std::int64_t max, QString* error)
{
    bool ok = false;
    const qint64 v = text.trimmed().toLongLong(&ok, 10);
    if (ok && v >= min && v <= max)
        return v;
    if (error)
        *error = integerRangeText(min, max);
    return std::nullopt;
}

std::optional<std::uint64_t> parseUnsigned(const QString& text, std::uint64_t min, std::uint64_t max, QString* error)
{
    const QString t = text.trimmed();
    bool ok = false;
    // Refused before the conversion: strtoull() reads "-1" as 2^64 - 1.
    const quint64 v = t.startsWith(u'-') ? 0 : t.toULongLong(&ok, 10);
    if (ok && v >= min && v <= max)
        return v;
    if (error)
        *error = integerRangeText(min, max);
    return std::nullopt;
}

} // namespace detail

} // namespace raidscope
