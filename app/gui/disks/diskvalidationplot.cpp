// SPDX-License-Identifier: GPL-3.0-or-later
#include "diskvalidationplot.h"

#include "disk/diskvalidate.h"

#include <algorithm>
#include <cmath>

namespace raidscope::gui {

std::optional<DiskSimDemerit> disksimDemeritMs(const QString& parvBaseName)
{
    // DiskSim 4.0 on shared/disksim-validation: binned (its README's table) and exact (ours on its
    // per-request times, README's table); binning moves a figure by up to 0.017 ms (HP C3323A).
    struct Known
    {
        const char* parv;
        DiskSimDemerit demerit;
    };
    static constexpr Known kDiskSim[] = {
        { "cheetah9LP", { 0.107, 0.108 } },
        { "ibm18es", { 0.136, 0.136 } },
        { "atlas_III", { 0.378, 0.378 } },
        { "hp_c2247a", { 0.089, 0.093 } },
        { "hp_c3323a", { 0.305, 0.288 } },
    };
    for (const Known& k : kDiskSim)
        if (parvBaseName.compare(QLatin1String(k.parv), Qt::CaseInsensitive) == 0)
            return k.demerit;
    return std::nullopt;
}

namespace {
    /// The CDF of `ms` as steps: x sorted, y the percentage at or below.
    void setCdf(QCPGraph* graph, std::vector<double> ms)
    {
        std::sort(ms.begin(), ms.end());
        QVector<double> x, y;
        x.reserve(qsizetype(ms.size()));
        y.reserve(qsizetype(ms.size()));
        const double n = double(ms.size());
        for (std::size_t i = 0; i < ms.size(); ++i) {
            x << ms[i];
            y << 100.0 * double(i + 1) / n;
        }
        graph->setData(x, y, true);
    }
}

DiskValidationPlot::DiskValidationPlot(QWidget* parent)
    : LivePlot(parent)
{
    setObjectName(QStringLiteral("diskValidationPlot"));
    m_title = tr("Access-time distributions");
    setTitle(m_title);
    styleAxis(xAxis, tr("Access time (ms)"));
    styleAxis(yAxis, tr("Cumulative (% of requests)"));
    m_measured = addGraph();
    m_measured->setName(tr("measured (the real drive)"));
    m_measured->setLineStyle(QCPGraph::lsStepLeft);
    m_measured->setPen(QPen(QColor(0x1b, 0x9e, 0x77), 3.2));
    m_simulated = addGraph();
    m_simulated->setName(tr("simulated (RaidScope's disk model)"));
    m_simulated->setLineStyle(QCPGraph::lsStepLeft);
    m_simulated->setPen(QPen(QColor(0x6a, 0x3d, 0x9a), 1.6));
    placeLegendAbove();
    clear(tr("Choose a drive and press Validate"));
}

QString DiskValidationPlot::titleText() const { return m_title; }

void DiskValidationPlot::clear(const QString& note)
{
    m_simulated->data()->clear();
    m_measured->data()->clear();
    m_maxMs = 0;
    m_title = tr("Access-time distributions");
    setTitle(m_title);
    setSubtitle(QString());
    setEmptyNote(note);
    scheduleReplot();
}

void DiskValidationPlot::setValidation(const DiskValidation& v, const QString& drive, std::optional<DiskSimDemerit> disksim)
{
    setCdf(m_simulated, v.simulatedMs);
    setCdf(m_measured, v.measuredMs);
    m_maxMs = 0;
    for (const auto* series : { &v.simulatedMs, &v.measuredMs })
        if (!series->empty())
            m_maxMs = std::max(m_maxMs, *std::max_element(series->cbegin(), series->cend()));
    m_title = disksim ? tr("Demerit %1 ms (DiskSim's: %2 ms, binned %3 ms)")
                            .arg(v.demeritMs, 0, 'f', 3)
                            .arg(disksim->exactMs, 0, 'f', 3)
                            .arg(disksim->binnedMs, 0, 'f', 3)
                      : tr("Demerit %1 ms").arg(v.demeritMs, 0, 'f', 3);
    setTitle(m_title);
    setSubtitle(tr("%1: %2 requests; mean access %3 ms simulated, %4 ms measured")
                    .arg(drive)
                    .arg(v.simulatedMs.size())
                    .arg(v.simulatedMeanMs, 0, 'f', 3)
                    .arg(v.measuredMeanMs, 0, 'f', 3));
    setEmptyNote(v.simulatedMs.empty() ? tr("The trace has no requests") : QString());
    scheduleReplot();
}

void DiskValidationPlot::rescale()
{
    xAxis->setRange(0, m_maxMs > 0 ? m_maxMs * 1.03 : 30);
    yAxis->setRange(0, 101);
}

} // namespace raidscope::gui
