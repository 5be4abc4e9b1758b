// SPDX-License-Identifier: GPL-3.0-or-later
#include "simresultsview.h"
#include "widgets/theme.h"

#include "widgets/stagetimelineplot.h"
#include "widgets/tableexport.h"
#include "sim/simresult.h"

#include <QHeaderView>
#include <QLabel>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace raidscope::gui {
namespace {

    QTableWidget* makeTable(const QString& name, const QStringList& headers)
    {
        auto* t = new QTableWidget(0, int(headers.size()));
        t->setObjectName(name);
        t->setHorizontalHeaderLabels(headers);
        installTableExport(t, name);
        t->verticalHeader()->setVisible(false);
        t->verticalHeader()->setDefaultSectionSize(t->fontMetrics().height() + 6);
        t->setEditTriggers(QAbstractItemView::NoEditTriggers);
        t->setSelectionBehavior(QAbstractItemView::SelectRows);
        t->setSelectionMode(QAbstractItemView::SingleSelection);
        t->setAlternatingRowColors(true);
        t->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
        t->horizontalHeader()->setHighlightSections(false);
        return t;
    }

    QTableWidgetItem* cell(const QString& text)
    {
        auto* item = new QTableWidgetItem(text);
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        return item;
    }

    QString fixed(double v, int decimals) { return QString::number(v, 'f', decimals); }

    double busiest(const SimResult& r)
    {
        double u = 0;
        for (const DiskResult& d : r.disks)
            u = std::max(u, d.utilization);
        return u;
    }

} // namespace

SimResultsView::SimResultsView(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("simResults"));
    m_summary = new QLabel;
    m_summary->setObjectName(QStringLiteral("simSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setAlignment(Qt::AlignTop | Qt::AlignLeft);

    m_points = makeTable(QStringLiteral("pointsTable"),
        { tr("Outstanding"), tr("IOPS"), tr("MB/s"), tr("Mean ms"), tr("p50 ms"), tr("p90 ms"), tr("p99 ms"),
            tr("Busiest disk") });
    m_disks = makeTable(QStringLiteral("disksTable"),
        { tr("Disk"), tr("Members"), tr("Preset"), tr("Utilization"), tr("Ops"), tr("Ops/s"), tr("Mean queue"),
            tr("Max queue") });
    m_disks->setSelectionMode(QAbstractItemView::NoSelection);

    m_tabs = new QTabWidget;
    m_tabs->setObjectName(QStringLiteral("resultsTabs"));
    m_tabs->addTab(m_points, tr("Runs"));
    m_tabs->addTab(m_disks, tr("Disks"));
    m_stages = new StageTable;
    m_tabs->addTab(m_stages, tr("Stages"));
    m_tabs->setTabEnabled(m_tabs->indexOf(m_stages), false);

    auto* box = new QVBoxLayout(this);
    box->setContentsMargins(0, 0, 0, 0);
    box->addWidget(m_summary);
    box->addWidget(m_tabs, 1);

    connect(m_points, &QTableWidget::currentCellChanged, this, [this](int row) {
        if (!m_selecting && row >= 0)
            Q_EMIT pointSelected(row);
    });
    clear();
}

void SimResultsView::clear()
{
    m_points->setRowCount(0);
    m_disks->setRowCount(0);
    m_stages->setRowCount(0);
    m_tabs->setTabEnabled(m_tabs->indexOf(m_stages), false);
    m_summary->setText(tr("No results yet: set up the array and the workload, then <b>Run</b> one workload or "
                          "<b>Sweep</b> the outstanding I/Os."));
}

void SimResultsView::addPoint(const SimResult& r)
{
    const int row = m_points->rowCount();
    m_points->insertRow(row);
    m_points->setItem(row, 0, cell(r.outstanding > 0 ? QString::number(r.outstanding) : tr("open loop")));
    m_points->setItem(row, 1, cell(fixed(r.iops(), 1)));
    m_points->setItem(row, 2, cell(fixed(r.mbps(), 2)));
    m_points->setItem(row, 3, cell(fixed(r.responseMs.mean(), 2)));
    m_points->setItem(row, 4, cell(fixed(r.percentileMs(0.5), 2)));
    m_points->setItem(row, 5, cell(fixed(r.percentileMs(0.9), 2)));
    m_points->setItem(row, 6, cell(fixed(r.percentileMs(0.99), 2)));
    m_points->setItem(row, 7, cell(fixed(busiest(r) * 100, 1) + QStringLiteral(" %")));
}

void SimResultsView::selectPoint(int index)
{
    ++m_selecting;
    m_points->setCurrentCell(index, 0);
    --m_selecting;
}

void SimResultsView::showResult(const SimResult& r, bool partial)
{
    const QString sep = QStringLiteral(" &nbsp;·&nbsp; ");
    QStringList parts;
    const QString load = r.outstanding > 0 ? tr("%1 outstanding").arg(r.outstanding)
                                           : tr("open loop, %1 requests/s offered").arg(r.offeredRatePerSec);
    parts << tr("<b>%1</b>%2").arg(load, partial ? tr(" (running…)") : QString());
    parts << tr("<b>%1</b> IOPS").arg(fixed(r.iops(), 1));
    parts << tr("<b>%1</b> MB/s").arg(fixed(r.mbps(), 2));
    parts << tr("response mean <b>%1</b> ms, p50 %2, p90 %3, p99 %4 ms (max %5)")
                 .arg(fixed(r.responseMs.mean(), 2), fixed(r.percentileMs(0.5), 2), fixed(r.percentileMs(0.9), 2),
                     fixed(r.percentileMs(0.99), 2), fixed(r.responseMs.max(), 1));
    QString more = tr("%1 requests (%2 reads, %3 writes) in %4 s simulated, %5 disk ops (%6 per request)")
                       .arg(r.requests)
                       .arg(r.reads)
                       .arg(r.writes)
                       .arg(fixed(r.simulatedSeconds(), 2))
                       .arg(r.diskOps)
                       .arg(r.requests ? fixed(double(r.diskOps) / double(r.requests), 2) : QStringLiteral("–"));
    if (r.writeCacheHits || r.readCacheHits)
        more += tr(", cache hits: %1 writes, %2 reads").arg(r.writeCacheHits).arg(r.readCacheHits);
    if (!r.stages.empty()) {
        QStringList failures;
        for (const MemberFailure& f : r.failures)
            failures << tr("disk %1 at %2 s").arg(f.member).arg(fixed(double(f.atNs) * 1e-9, 1));
        more += tr(", <b>failed</b>: %1").arg(failures.join(QStringLiteral(", ")));
        if (r.rebuild)
            more += r.rebuild->completed ? tr(", rebuilt (%1) in %2 s").arg(r.rebuild->policy, fixed(r.rebuild->durationNs() * 1e-9, 1))
                                         : tr(", rebuild (%1) unfinished when the run ended").arg(r.rebuild->policy);
    }
    if (r.lostRequests)
        more += tr(", <span style='color:#b00020'>%1 requests lost (no surviving copy)</span>").arg(r.lostRequests);
    parts << more;
    m_summary->setText(themedHtml(this, parts.join(sep)));

    const bool hadStages = m_tabs->isTabEnabled(m_tabs->indexOf(m_stages));
    m_stages->setResult(r);
    m_tabs->setTabEnabled(m_tabs->indexOf(m_stages), !r.stages.empty());
    if (!r.stages.empty() && !hadStages)
        m_tabs->setCurrentWidget(m_stages);

    const double seconds = r.simulatedSeconds();
    m_disks->setRowCount(int(r.disks.size()));
    for (int i = 0; i < int(r.disks.size()); ++i) {
        const DiskResult& d = r.disks[std::size_t(i)];
        QStringList members;
        for (int m : d.members)
            members << QString::number(m);
        m_disks->setItem(i, 0, cell(QString::number(i)));
        m_disks->setItem(i, 1, cell(members.join(QStringLiteral(", "))));
        m_disks->setItem(i, 2, cell(d.preset));
        m_disks->setItem(i, 3, cell(d.failed ? tr("failed") : fixed(d.utilization * 100, 1) + QStringLiteral(" %")));
        m_disks->setItem(i, 4, cell(QString::number(d.ops)));
        m_disks->setItem(i, 5, cell(seconds > 0 ? fixed(double(d.ops) / seconds, 1) : QStringLiteral("–")));
        m_disks->setItem(i, 6, cell(fixed(d.meanQueueLength, 2)));
        m_disks->setItem(i, 7, cell(QString::number(d.maxQueueLength)));
    }
}

QString SimResultsView::summaryText() const { return m_summary->text(); }

} // namespace raidscope::gui
