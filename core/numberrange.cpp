// SPDX-License-Identifier: GPL-3.0-or-later
#include "numberrange.h"

namespace raidscope {

QString rangeText(double min, double max)
{
    return QStringLiteral("from %1 to %2").arg(QString::number(min, 'g', 10), QString::number(max, 'g', 10));
}

std::optional<double> parseNumberInRange(const QString& text, double min, double max, QString* error)
{
    bool ok = false;
    const double v = text.trimmed().toDouble(&ok);
    if (ok && std::isfinite(v) && v >= min && v <= max)
        return v;
    if (error)
        *error = rangeText(min, max);
    return std::nullopt;
}

} // namespace raidscope
