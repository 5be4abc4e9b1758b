// SPDX-License-Identifier: GPL-3.0-or-later
// The disk model against a drive's measured access times (DiskSim's validation method).
#include "diskvalidate.h"

#include "diskmodel.h"

#include <QFile>
#include <QJsonArray>

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace raidscope {

std::optional<std::vector<ValidationRequest>> readValidationTrace(const QString& path, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = path + QStringLiteral(": ") + file.errorString();
        return std::nullopt;
    }
    std::vector<ValidationRequest> out;
    int line = 0;
    while (!file.atEnd()) {
        ++line;
        const QByteArray raw = file.readLine(1 << 16);
        const QList<QByteArray> f = raw.simplified().split(' ');
        if (raw.simplified().isEmpty())
            continue;
        const QString at = QStringLiteral("%1:%2: ").arg(path).arg(line);
        if (f.size() != 6) {
            *error = at + QStringLiteral("expected 6 fields (R|W, action, sector, sectors, access us, gap us), found %1").arg(f.size());
            return std::nullopt;
        }
        ValidationRequest r;
        if (f[0] != "R" && f[0] != "W") {
            *error = at + QStringLiteral("field 1: '%1' is not R or W").arg(QString::fromUtf8(f[0].left(40)));
            return std::nullopt;
        }
        r.write = f[0] == "W";
        bool ok1 = false, ok2 = false, ok3 = false, ok4 = false;
        r.sector = f[2].toULongLong(&ok1);
        const qulonglong sectors = f[3].toULongLong(&ok2);
        r.measuredMs = f[4].toDouble(&ok3) / 1000;
        r.gapMs = f[5].toDouble(&ok4) / 1000;
        const char* bad = !ok1 ? "field 3 (first sector)" : !ok2 || sectors == 0 || sectors > (1u << 24) ? "field 4 (sectors)"
            : !ok3 || !std::isfinite(r.measuredMs) || r.measuredMs < 0                                   ? "field 5 (access time)"
            : !ok4 || !std::isfinite(r.gapMs) || r.gapMs < 0                                             ? "field 6 (gap)"
                                                                                                          : nullptr;
        if (bad) {
            *error = at + QStringLiteral("%1: not a valid number").arg(QLatin1String(bad));
            return std::nullopt;
        }
        r.sectors = std::uint32_t(sectors);
        out.push_back(r);
    }
    if (out.empty()) {
        *error = path + QStringLiteral(": no requests");
        return std::nullopt;
    }
    return out;
}

double demeritMs(std::vector<double> simulated, std::vector<double> measured)
{
    if (simulated.empty() || simulated.size() != measured.size())
        return std::nan("");
    std::sort(simulated.begin(), simulated.end());
    std::sort(measured.begin(), measured.end());
    double sum = 0;
    for (std::size_t i = 0; i < simulated.size(); ++i)
        sum += (simulated[i] - measured[i]) * (simulated[i] - measured[i]);
    return std::sqrt(sum / double(simulated.size()));
}

namespace {

    // A distribution as DiskSim prints it: the bucket edges (ms) and the cumulative fraction below each,
    // up to the first row that reaches 1 (rms's get_line stops there).
    struct Printed
    {
        std::vector<double> x, y;
    };

    const std::vector<int>& accessTimeEdgesUs()
    {
        static const std::vector<int> edges = [] {
            std::vector<int> e { 0 }; // Start 0 step 1 grow 1, 1750 buckets
            while (e.size() < 1750)
                e.push_back(e.back() + 1 + int(double(std::abs(e.back())) * 1 / 100.0));
            return e;
        }();
        return edges;
    }

    Printed printedDistribution(const std::vector<double>& valuesMs)
    {
        const std::vector<int>& edges = accessTimeEdgesUs();
        std::vector<std::uint64_t> counts(edges.size(), 0);
        for (double ms : valuesMs) {
            const int us = int(ms * 1000.0); // stat_update: (int)(value * scale)
            if (us < edges.front()) {
                ++counts.front();
                continue;
            }
            // the bucket after the last edge <= us: row j counts the values below edges[j]
            const auto k = std::size_t(std::upper_bound(edges.begin(), edges.end(), us) - edges.begin());
            ++counts[std::min(k, edges.size() - 1)];
        }
        Printed p;
        double dist = 0;
        for (std::size_t j = 0; j < edges.size(); ++j) {
            dist += double(counts[j]) / double(valuesMs.size());
            const double printed = std::round(dist * 1e6) / 1e6; // "%f"
            p.x.push_back(edges[j] / 1000.0);
            p.y.push_back(printed);
            if (printed >= 1.0)
                break;
        }
        return p;
    }

} // namespace

double disksimBinnedDemeritMs(const std::vector<double>& simulated, const std::vector<double>& measured)
{
    if (simulated.empty() || measured.empty())
        return std::nan("");
    const Printed a = printedDistribution(simulated), b = printedDistribution(measured);
    if (a.y.back() < 1.0 || b.y.back() < 1.0)
        return std::nan(""); // a time past the last bucket
    double squares = 0;
    int count = 0;
    std::size_t i1 = 0, i2 = 0;
    for (double pnt = 0.0001; pnt <= 1.0; pnt += 0.0001) { // rms.c's RMS_INCR, accumulated as there
        while (a.y[i1] < pnt)
            ++i1;
        while (b.y[i2] < pnt)
            ++i2;
        auto at = [pnt](const Printed& p, std::size_t i) {
            if (i == 0)
                return p.x[0];
            const double f = (pnt - p.y[i - 1]) / (p.y[i] - p.y[i - 1]);
            return p.x[i - 1] + f * (p.x[i] - p.x[i - 1]);
        };
        const double d = at(a, i1) - at(b, i2);
        squares += d * d;
        ++count;
    }
    return std::sqrt(squares / count);
}

std::optional<DiskValidation> validateDisk(DiskModel& disk, const std::vector<ValidationRequest>& trace, QString* error)
{
    DiskValidation v;
    disk.reset();
    double nowNs = 0;
    for (std::size_t i = 0; i < trace.size(); ++i) {
        const ValidationRequest& r = trace[i];
        if (r.sector + r.sectors > disk.totalSectors()) {
            *error = QStringLiteral("request %1: sectors %2-%3 pass the disk's last sector %4")
                         .arg(i + 1)
                         .arg(r.sector)
                         .arg(r.sector + r.sectors - 1)
                         .arg(disk.totalSectors() - 1);
            return std::nullopt;
        }
        const auto arrival = std::chrono::nanoseconds(std::int64_t(nowNs));
        const ServiceResult s = disk.service(r.sector, r.sectors, r.write, arrival);
        const double accessMs = double((s.completion - arrival).count()) / 1e6;
        v.simulatedMs.push_back(accessMs);
        v.measuredMs.push_back(r.measuredMs);
        nowNs = double(s.completion.count()) + r.gapMs * 1e6; // the next arrives the gap after this completion
    }
    v.demeritMs = demeritMs(v.simulatedMs, v.measuredMs);
    if (v.simulatedMs.size() > 1)
        v.binnedDemeritMs = disksimBinnedDemeritMs(std::vector<double>(v.simulatedMs.begin(), v.simulatedMs.end() - 1),
            std::vector<double>(v.measuredMs.begin(), v.measuredMs.end() - 1));
    for (std::size_t i = 0; i < trace.size(); ++i) {
        v.simulatedMeanMs += v.simulatedMs[i] / double(trace.size());
        v.measuredMeanMs += v.measuredMs[i] / double(trace.size());
    }
    return v;
}

QJsonObject diskValidationJson(const DiskValidation& v, bool perRequest)
{
    QJsonObject o { { QStringLiteral("requests"), qint64(v.simulatedMs.size()) }, { QStringLiteral("demeritMs"), v.demeritMs },
        { QStringLiteral("simulatedMeanMs"), v.simulatedMeanMs }, { QStringLiteral("measuredMeanMs"), v.measuredMeanMs },
        { QStringLiteral("demerit"), QStringLiteral("exact: both distributions sorted, request paired with request") },
        { QStringLiteral("disksimDemeritMs"), v.binnedDemeritMs } }; // binned as DiskSim's figure
    if (perRequest) {
        QJsonArray a;
        for (double ms : v.simulatedMs)
            a.append(ms);
        o.insert(QStringLiteral("simulatedMs"), a);
    }
    return o;
}

} // namespace raidscope
