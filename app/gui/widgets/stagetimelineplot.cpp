// SPDX-License-Identifier: GPL-3.0-or-later
#include "stagetimelineplot.h"

#include "sim/simresult.h"
#include "widgets/tableexport.h"
#include "widgets/theme.h"

#include <QHeaderView>

#include <algorithm>

namespace raidscope::gui {

RunTimeline RunTimeline::of(const SimResult& r)
{
    RunTimeline t;
    if (r.stages.empty())
        return t;
    for (const StageResult& s : r.stages)
        t.stages.push_back({ s.name, s.startNs * 1e-9, s.endNs * 1e-9 });
    t.binS = r.timeline.binNs * 1e-9;
    for (std::size_t i = 0; i < r.timeline.bins.size(); ++i) {
        const SimTimeline::Bin& b = r.timeline.bins[i];
        t.bins.push_back({ double(i) * t.binS, b.requests ? b.sumMs / double(b.requests) : 0, double(b.requests) });
    }
    return t;
}

StageTable::StageTable(QWidget* parent)
    : QTableWidget(0, Columns, parent)
{
    setObjectName(QStringLiteral("stageTable"));
    setHorizontalHeaderLabels({ tr("Stage"), tr("From (s)"), tr("Lasted (s)"), tr("Requests"), tr("IOPS"), tr("Mean (ms)"),
        tr("p90 (ms)"), tr("p99 (ms)") });
    installTableExport(this, QStringLiteral("raidscope-stages.csv"));
    verticalHeader()->setVisible(false);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionMode(QAbstractItemView::NoSelection);
    setAlternatingRowColors(true);
    horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    horizontalHeader()->setSectionResizeMode(NameColumn, QHeaderView::ResizeToContents); // "reconstruction" whole
    setToolTip(tr("The stages after a failure (SIMRAID): degraded until a rebuild starts, reconstruction until the "
                  "spare is rebuilt, recovering until the queue it left is cleared; each with the requests that "
                  "completed in it"));
}

void StageTable::setResult(const SimResult& r)
{
    setRowCount(int(r.stages.size()));
    const auto cell = [](const QString& text, bool number = true) {
        auto* item = new QTableWidgetItem(text);
        item->setTextAlignment((number ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
        return item;
    };
    const auto fixed = [](double v, int decimals) { return QString::number(v, 'f', decimals); };
    for (int i = 0; i < int(r.stages.size()); ++i) {
        const StageResult& s = r.stages[std::size_t(i)];
        const double seconds = s.durationNs() * 1e-9;
        auto* name = cell(s.name, false);
        name->setForeground(readableOn(palette(), StageTimelinePlot::stageColour(s.name).darker(140)));
        setItem(i, NameColumn, name);
        setItem(i, StartColumn, cell(fixed(s.startNs * 1e-9, 2)));
        setItem(i, DurationColumn, cell(fixed(seconds, 2)));
        setItem(i, RequestsColumn, cell(QString::number(s.requests)));
        setItem(i, IopsColumn, cell(seconds > 0 ? fixed(double(s.requests) / seconds, 1) : QStringLiteral("–")));
        const bool any = s.responseMs.count() > 0;
        setItem(i, MeanColumn, cell(any ? fixed(s.responseMs.mean(), 2) : QStringLiteral("–")));
        setItem(i, P90Column, cell(any ? fixed(s.percentileMs(0.9), 2) : QStringLiteral("–")));
        setItem(i, P99Column, cell(any ? fixed(s.percentileMs(0.99), 2) : QStringLiteral("–")));
    }
}

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
    m_idleNote = tr("Choose a point run with fail= and rebuild= to see its stages");
    setEmptyNote(m_idleNote);
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
    m_stages.clear();
    m_endS = 1;
    m_top = 1;
    setEmptyNote(m_idleNote);
    scheduleReplot();
}

void StageTimelinePlot::setIdleNote(const QString& text)
{
    m_idleNote = text;
    if (isEmpty())
        setEmptyNote(text);
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
    m_stages = timeline.stages;
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
