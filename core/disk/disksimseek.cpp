// SPDX-License-Identifier: GPL-3.0-or-later
// DiskSim's extracted seek curves (.seek files) and the two-function fit of one: the part of the DiskSim
// import (disksimimport.h) that reads tables rather than parameter blocks.
#include "disksimimport.h"

#include "diskparameters.h"
#include "io/inputfile.h"
#include "seekcurve.h"

#include <QFile>
#include <QList>

#include <algorithm>
#include <cmath>
#include <limits>

namespace raidscope {

namespace {

    constexpr qint64 maxSeekFileBytes = inputcap::kDiskSimBytes;

    bool fail(QString* error, const QString& what)
    {
        if (error)
            *error = what;
        return false;
    }

    QString fmt(double d) { return QString::number(d, 'g', 8); }

    // Piecewise-linear interpolation in the table, extended by its end segments.
    double tableAt(const std::vector<DiskSimSeekPoint>& t, double d)
    {
        std::size_t i = 1;
        while (i + 1 < t.size() && double(t[i].distanceCylinders) < d)
            ++i;
        const DiskSimSeekPoint& a = t[i - 1];
        const DiskSimSeekPoint& b = t[i];
        const double f = (d - a.distanceCylinders) / double(b.distanceCylinders - a.distanceCylinders);
        return a.ms + f * (b.ms - a.ms);
    }

} // namespace

std::optional<std::vector<DiskSimSeekPoint>> parseDiskSimSeekText(
    const QByteArray& text, const QString& fileName, QString* error)
{
    const QList<QByteArray> lines = text.split('\n');
    auto at = [&](int line) -> QString {
        return fileName + QLatin1Char(':') + QString::number(line) + QStringLiteral(": ");
    };
    const QByteArray header("Seek distances measured:");
    const QByteArray first = lines.isEmpty() ? QByteArray() : lines.first().trimmed();
    if (!first.startsWith(header)) {
        fail(error, at(1) + QStringLiteral("expected 'Seek distances measured: N'"));
        return std::nullopt;
    }
    bool ok = false;
    const int expected = first.mid(header.size()).trimmed().toInt(&ok);
    if (!ok || expected < 1) {
        fail(error, at(1) + QStringLiteral("expected a count >= 1 after 'Seek distances measured:'"));
        return std::nullopt;
    }
    std::vector<DiskSimSeekPoint> points;
    int lastLine = 1;
    for (int i = 1; i < lines.size(); ++i) {
        const QByteArray line = lines[i].trimmed();
        if (line.isEmpty())
            continue;
        lastLine = i + 1;
        const QList<QByteArray> columns = line.split(',');
        bool okD = false, okT = false, okW = true;
        const int d = columns.size() < 2 ? 0 : columns[0].trimmed().toInt(&okD);
        const double t = columns.size() < 2 ? 0 : columns[1].trimmed().toDouble(&okT);
        const double w = columns.size() == 4 ? columns[3].trimmed().toDouble(&okW) : -1;
        if (!okD || !okT || !okW || columns.size() > 4) {
            fail(error, at(i + 1) + QStringLiteral("expected 'distance, time' (cylinders, ms)"));
            return std::nullopt;
        }
        if ((columns.size() == 4) != (points.empty() ? columns.size() == 4 : points.back().writeMs >= 0)) {
            fail(error, at(i + 1) + QStringLiteral("a write seek time (4th column) in some lines only"));
            return std::nullopt;
        }
        if (columns.size() == 4 && !(std::isfinite(w) && w >= 0)) {
            fail(error, at(i + 1) + QStringLiteral("expected a write seek time >= 0 ms, got %1").arg(fmt(w)));
            return std::nullopt;
        }
        if (d < 1 || (!points.empty() && d <= points.back().distanceCylinders)) {
            fail(error, at(i + 1) + QStringLiteral("expected a distance >= 1 above the previous one, got %1").arg(d));
            return std::nullopt;
        }
        if (!std::isfinite(t) || t < 0) {
            fail(error, at(i + 1) + QStringLiteral("expected a seek time >= 0 ms, got %1").arg(fmt(t)));
            return std::nullopt;
        }
        if (int(points.size()) == expected) {
            fail(
                error, at(i + 1) + QStringLiteral("more than the %1 distances the first line announces").arg(expected));
            return std::nullopt;
        }
        points.push_back({ d, t, w });
    }
    if (int(points.size()) != expected) {
        fail(error,
            at(lastLine) + QStringLiteral("expected %1 distances (line 1), found %2").arg(expected).arg(points.size()));
        return std::nullopt;
    }
    return points;
}

std::optional<std::vector<DiskSimSeekPoint>> readDiskSimSeekFile(const QString& path, QString* error)
{
    QString why;
    const auto bytes = readWholeFile(path, maxSeekFileBytes, QStringLiteral("a DiskSim seek table"), &why);
    if (!bytes) {
        fail(error, why);
        return std::nullopt;
    }
    return parseDiskSimSeekText(*bytes, path, error);
}

std::optional<SeekFigures> fitSeekFigures(const std::vector<DiskSimSeekPoint>& table, int maxDistance, double* rmsMs)
{
    if (table.size() < 3)
        return std::nullopt;
    std::optional<SeekFigures> best;
    double bestRms = std::numeric_limits<double>::infinity();
    const double t1 = tableAt(table, 1);
    for (const DiskSimSeekPoint& p : table) {
        const int threshold = p.distanceCylinders;
        if (threshold < 2 || threshold >= maxDistance || threshold >= table.back().distanceCylinders)
            continue;
        // Square-root part through (1, t1): least squares for its slope over the points below the threshold.
        double sxy = 0, sxx = 0;
        for (const DiskSimSeekPoint& q : table) {
            if (q.distanceCylinders >= threshold)
                break;
            const double x = std::sqrt(double(q.distanceCylinders)) - 1;
            sxy += x * (q.ms - t1);
            sxx += x * x;
        }
        const double sqrtSlope = std::max(0.0, sxx > 0 ? sxy / sxx : 0.0);
        // Linear part: least-squares line over the points at or beyond the threshold.
        double n = 0, sx = 0, sy = 0, lxy = 0, lxx = 0;
        for (const DiskSimSeekPoint& q : table) {
            if (q.distanceCylinders < threshold)
                continue;
            const double x = q.distanceCylinders - threshold;
            n += 1;
            sx += x;
            sy += q.ms;
            lxy += x * q.ms;
            lxx += x * x;
        }
        const double det = n * lxx - sx * sx;
        const double slope = std::max(0.0, det > 0 ? (n * lxy - sx * sy) / det : 0.0);
        const double intercept = det > 0 ? (sy - slope * sx) / n : p.ms;
        SeekFigures f;
        f.shortBelowCylinders = threshold;
        f.shortMinMs = t1;
        f.shortMaxMs = t1 + sqrtSlope * (std::sqrt(double(threshold)) - 1);
        f.longMinMs = std::max(intercept, 1e-6);
        f.longMaxMs = f.longMinMs + slope * double(maxDistance - threshold);
        if (!(f.shortMinMs > 0))
            continue;
        const SeekCurve curve(f, maxDistance);
        double sum = 0;
        for (const DiskSimSeekPoint& q : table) {
            const double e = curve.seekNs(q.distanceCylinders) / 1e6 - q.ms;
            sum += e * e;
        }
        const double rms = std::sqrt(sum / double(table.size()));
        if (rms < bestRms) {
            bestRms = rms;
            best = f;
        }
    }
    if (best && rmsMs)
        *rmsMs = bestRms;
    return best;
}

} // namespace raidscope
