// SPDX-License-Identifier: GPL-3.0-or-later
#include "stagetimelineplot.h"

#include <algorithm>

namespace raidscope::gui {

StageTimelinePlot::StageTimelinePlot(QWidget* parent)
    : LivePlot(parent)
{
    setObjectName(QStringLiteral("stageTimelinePlot"));
    setTitle(tr("Response time over the run: failure, rebuild, recovery"));
    styleAxis(xAxis, tr("Time since the run began (s)"));
    styleAxis(yAxis, tr("Mean response time per interval (ms)"));
    const QColor blue(0x1f, 0x5f, 0xbf);
    m_mean = addGraph();
    m_mean->setName(tr("mean response time"));
    m_mean->setPen(QPen(blue, 1.8));
    m_mean->setLineStyle(QCPGraph::lsStepLeft);
    m_mean->removeFromLegend();
    setEmptyNote(tr("Choose a point run with fail= and rebuild= to see its stages"));
    rescale();
}

QColor StageTimelinePlot::stageColour(const QString& name)
{
    if (name == u"degraded")
        return QColor(0xe6, 0x9f, 0x00);
    if (name == u"reconstruction")
        return QColor(0xd5, 0x5e, 0x00);
    if (name == u"recovering")
        return QColor(0xcc, 0x79, 0xa7);
    return QColor(0x00, 0x9e, 0x73); // healthy, before and after
}

void StageTimelinePlot::clear()
{
    m_mean->data()->clear();
    for (QCPItemRect* band : m_bands)
        removeItem(band);
    for (QCPItemText* label : m_labels)
        removeItem(label);
    m_bands.clear();
    m_labels.clear();
    m_endS = 1;
    m_top = 1;
    setEmptyNote(tr("Choose a point run with fail= and rebuild= to see its stages"));
    scheduleReplot();
}

void StageTimelinePlot::setTimeline(const RunTimeline& timeline)
{
    clear();
    if (timeline.bins.empty())
        return;
    setEmptyNote({});
    for (const RunTimeline::Bin& b : timeline.bins) {
        if (b.requests > 0)
            m_mean->addData(b.startS, b.meanMs);
        else
            m_mean->addData(b.startS, qQNaN()); // no request ended then: a gap, not a zero
        m_top = std::max(m_top, b.meanMs);
        m_endS = std::max(m_endS, b.startS + timeline.binS);
    }
    for (const RunTimeline::Stage& s : timeline.stages)
        m_endS = std::max(m_endS, s.endS);
    // The stages as bands behind the line, each named at its top.
    int narrowLabels = 0;
    for (const RunTimeline::Stage& s : timeline.stages) {
        if (s.endS <= s.startS)
            continue;
        QColor fill = stageColour(s.name);
        fill.setAlpha(60);
        auto* band = new QCPItemRect(this);
        band->setLayer(QStringLiteral("background"));
        band->topLeft->setTypeY(QCPItemPosition::ptAxisRectRatio);
        band->bottomRight->setTypeY(QCPItemPosition::ptAxisRectRatio);
        // A stage of a second in a run of minutes is drawn a little wider than it is, to be seen.
        const double minWidthS = 0.004 * m_endS;
        band->topLeft->setCoords(s.startS, 0);
        band->bottomRight->setCoords(std::max(s.endS, s.startS + minWidthS), 1);
        band->setPen(Qt::NoPen);
        band->setBrush(fill);
        m_bands.push_back(band);
        if ((s.endS - s.startS) < 1e-3 * m_endS)
            continue; // too short to name (a queue cleared in milliseconds): the band alone
        // A narrow stage is named on a second row, from its start, clear of its neighbours' names.
        const bool narrow = (s.endS - s.startS) < 0.12 * m_endS;
        // Narrow stages stack one row lower each; near the right edge they are named leftwards.
        const double row = narrow ? 0.13 + 0.11 * double(narrowLabels++ % 3) : 0.02;
        const bool leftwards = narrow && s.startS > 0.8 * m_endS;
        auto* label = new QCPItemText(this);
        label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        label->position->setCoords(narrow ? (leftwards ? std::max(s.endS, s.startS + minWidthS) : s.startS) : (s.startS + s.endS) / 2,
                                   row);
        label->setPositionAlignment(Qt::AlignTop | (narrow ? (leftwards ? Qt::AlignRight : Qt::AlignLeft) : Qt::AlignHCenter));
        label->setText(QStringLiteral("%1\n%2 s").arg(s.name, number(s.endS - s.startS)));
        label->setColor(stageColour(s.name).darker(150));
        QFont f = font();
        f.setPointSizeF(f.pointSizeF() * 0.9);
        label->setFont(f);
        m_labels.push_back(label);
    }
    rescale();
    scheduleReplot();
}

void StageTimelinePlot::rescale()
{
    xAxis->setRange(0, m_endS);
    yAxis->setRange(0, m_top * 1.6); // room for the stage names at the top
}

} // namespace raidscope::gui
