// SPDX-License-Identifier: GPL-3.0-or-later
// The table of `trace replay --device DEV --array SPEC...` (#55 item 2): every row's figures and each
// prediction's error against the measured row.
#include "commands.h"
#include "tracecommand.h"

#include "trace/measuredcomparison.h"

#include <cmath>

namespace raidscope::cli {

namespace {

    QString ms(double v) { return QString::number(v, 'f', 3).rightJustified(9); }

    QString percent(double rel)
    {
        if (!std::isfinite(rel))
            return QStringLiteral("–").rightJustified(8);
        const QString text = QString(rel >= 0 ? u'+' : u'-') + QString::number(std::abs(rel) * 100, 'f', 1) + u'%';
        return text.rightJustified(8);
    }

    QString roleText(ReplayRole r)
    {
        switch (r) {
        case ReplayRole::Traced: return QStringLiteral("as traced");
        case ReplayRole::Measured: return QStringLiteral("measured");
        case ReplayRole::Simulated: return QStringLiteral("simulated");
        }
        return {};
    }

} // namespace

int printMeasuredComparison(const MeasuredComparisonResult& r, double timeScale, double windowSeconds, double slowMs)
{
    const ReplayComparison& c = r.comparison;
    QString t = QStringLiteral("%1 requests measured and simulated at x%2 (%3 s windows, slow above %4 ms); errors are "
                               "(row - measured) / measured, demerit the RMS horizontal distance between the "
                               "response-time CDFs (Ruemmler and Wilkes)\n\n")
                    .arg(r.measured.readsServed + r.measured.writesServed)
                    .arg(timeScale)
                    .arg(windowSeconds)
                    .arg(slowMs);
    t += QStringLiteral("            requests   mean ms    p50 ms    p90 ms    p99 ms      IOPS |  mean err  p90 err  "
                        "p99 err IOPS err  demerit ms  row\n");
    for (const ReplayComparisonRow& row : c.rows) {
        const ReplayFigures& f = row.figures;
        const QString role = roleText(f.role).leftJustified(10);
        if (!f.error.isEmpty()) {
            t += QStringLiteral("%1  (refused: %2)  %3\n").arg(role, f.error, f.label);
            continue;
        }
        t += QStringLiteral("%1 %2 %3 %4 %5 %6 %7 | ")
                 .arg(role)
                 .arg(f.requests, 9)
                 .arg(ms(f.meanMs), ms(f.p50Ms), ms(f.p90Ms), ms(f.p99Ms))
                 .arg(f.iops ? QString::number(*f.iops, 'f', 1).rightJustified(9) : QStringLiteral("–").rightJustified(9));
        if (row.vsMeasured) {
            const PredictionError& e = *row.vsMeasured;
            t += QStringLiteral(" %1 %2 %3 %4 %5")
                     .arg(percent(e.meanRel), percent(e.p90Rel), percent(e.p99Rel), percent(e.iopsRel))
                     .arg(std::isfinite(e.demeritMs) ? QString::number(e.demeritMs, 'f', 3).rightJustified(11)
                                                     : QStringLiteral("–").rightJustified(11));
        } else if (f.role == ReplayRole::Measured) {
            t += QStringLiteral(" %1").arg(QStringLiteral("(the reference)"), -47);
        } else {
            t += QStringLiteral(" %1").arg(QStringLiteral("(no requests)"), -47);
        }
        t += QStringLiteral("  ") + f.label + u'\n';
    }
    if (!r.caveats.isEmpty()) {
        t += QStringLiteral("\nnot the same in every row:\n");
        for (const QString& caveat : r.caveats)
            t += QStringLiteral("  %1\n").arg(caveat);
    }
    t += QStringLiteral("\nanalytical model: %1\n").arg(c.analytical.applies ? QStringLiteral("applies") : c.analytical.reason);
    out(t);
    return Ok;
}

} // namespace raidscope::cli
