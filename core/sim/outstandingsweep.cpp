// SPDX-License-Identifier: GPL-3.0-or-later
#include "outstandingsweep.h"

#include "arraysimulator.h"

#include <QJsonArray>

#include <memory>

namespace raidscope {

QString defaultOutstandingList() { return QStringLiteral("1,2,4,8,16,32,64"); }

std::optional<std::vector<int>> parseOutstandingList(const QString& text, QString* error)
{
    std::vector<int> out;
    for (const QString& item : text.split(u',', Qt::SkipEmptyParts)) {
        const QString part = item.trimmed();
        if (part.isEmpty())
            continue;
        bool ok = false;
        const int v = part.toInt(&ok);
        if (!ok || v < 1 || v > kMaxSweepOutstanding) {
            if (error)
                *error = QStringLiteral("'%1' is not a number of outstanding I/Os from 1 to %2")
                             .arg(part)
                             .arg(kMaxSweepOutstanding);
            return std::nullopt;
        }
        out.push_back(v);
    }
    if (out.empty()) {
        if (error)
            *error = QStringLiteral("no values: give the outstanding I/Os to run, e.g. %1").arg(defaultOutstandingList());
        return std::nullopt;
    }
    return out;
}

std::optional<std::vector<int>> parseOutstandingSweep(const QString& text, QString* error)
{
    const qsizetype eq = text.indexOf(u'=');
    if (eq < 0 || text.left(eq).trimmed() != u"outstanding") {
        if (error)
            *error = QStringLiteral("only outstanding=N,N,... can be swept");
        return std::nullopt;
    }
    return parseOutstandingList(text.mid(eq + 1), error);
}

QJsonObject OutstandingSweepResult::toJson() const
{
    QJsonArray runs;
    for (const SimResult& r : points)
        runs.append(r.toJson());
    QJsonArray values;
    for (int o : outstanding)
        values.append(o);
    return QJsonObject { { QStringLiteral("version"), 1 },
        { QStringLiteral("kind"), outstanding.empty() ? QStringLiteral("run") : QStringLiteral("sweep") },
        { QStringLiteral("array"), arraySpec }, { QStringLiteral("workload"), workloadSpec },
        { QStringLiteral("outstanding"), values }, { QStringLiteral("sweep"), runs } };
}

OutstandingSweepResult runOutstandingSweep(ArraySimulator& simulator, const WorkloadSpec& spec,
                                           const std::vector<int>& outstanding, std::stop_token stop,
                                           const Report<SweepSnapshot>& report)
{
    OutstandingSweepResult out { simulator.arraySpec(), spec.toText(), outstanding, {}, false };
    const std::size_t n = std::max<std::size_t>(1, outstanding.size());
    for (std::size_t i = 0; i < n; ++i) {
        if (stop.stop_requested())
            break;
        WorkloadSpec s = spec;
        if (!outstanding.empty()) {
            s.outstanding = outstanding[i];
            s.ratePerSec = 0;
        }
        // The simulator's own reports (throttled) move the sweep's progress within the point.
        Report<SimSnapshot> inner;
        if (report)
            inner = [&](std::shared_ptr<const SimSnapshot> snapshot) {
                report(std::make_shared<const SweepSnapshot>(SweepSnapshot {
                    (double(i) + snapshot->fraction) / double(n), int(i), int(n), false, snapshot->partial }));
            };
        SimResult r = simulator.run(s, stop, inner);
        if (stop.stop_requested())
            break;
        if (report)
            report(std::make_shared<const SweepSnapshot>(
                SweepSnapshot { double(i + 1) / double(n), int(i), int(n), true, r }));
        out.points.push_back(std::move(r));
    }
    out.cancelled = out.points.size() < n;
    return out;
}

} // namespace raidscope
