// SPDX-License-Identifier: GPL-3.0-or-later
// The replay comparison's table and bars (TraceReplayView): as traced, measured on a device (#55),
// then each candidate, with the error columns against the measured row when there is one.
#include "tracereplayview.h"

#include "disk/diskpreset.h"
#include "layout/arrayspec.h"
#include "traces/tracereplayplot.h"
#include "units.h"
#include "widgets/theme.h"

#include <QHeaderView>
#include <QTableWidget>
#include <QLabel>

#include <cmath>

namespace raidscope::gui {

namespace {

    QTableWidgetItem* numberItem(const QString& text)
    {
        auto* item = new QTableWidgetItem(text);
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        return item;
    }

    QString ms(double v) { return QString::number(v, 'f', v < 10 ? 2 : 1); }

    QString percent(double rel)
    {
        if (!std::isfinite(rel))
            return QStringLiteral("–");
        return QString(rel >= 0 ? u'+' : u'\u2212') + QString::number(std::abs(rel) * 100, 'f', std::abs(rel) < 10 ? 1 : 0)
            + QStringLiteral(" %");
    }

} // namespace

QString TraceReplayView::diskAndCacheText(const QString& spec)
{
    QString why;
    const auto parsed = parseArraySpec(spec, &why);
    if (!parsed)
        return {};
    // Short enough for the table's column: the preset's id (its name is the cell's tooltip).
    QString text = parsed->diskPreset;
    if (parsed->extra.contains(QStringLiteral("member")))
        text += tr(" (some members other presets)");
    const QString cache = parsed->extra.value(QStringLiteral("cache")).toString();
    const QString readCache = parsed->extra.value(QStringLiteral("readcache")).toString();
    QStringList caches;
    if (!cache.isEmpty() && cache != u"0")
        caches << tr("%1 write-back cache").arg(cache);
    if (!readCache.isEmpty() && readCache != u"0")
        caches << tr("%1 read cache").arg(readCache);
    text += QStringLiteral(" · ") + (caches.isEmpty() ? tr("no controller cache") : caches.join(QStringLiteral(", ")));
    return text;
}

QString TraceReplayView::withDiskAndCache(const QString& spec, const QString& diskPreset, std::uint64_t cacheBytes)
{
    QString why;
    auto parsed = parseArraySpec(spec, &why);
    if (!parsed)
        return spec;
    parsed->diskPreset = diskPreset;
    if (cacheBytes > 0)
        parsed->extra.insert(QStringLiteral("cache"), formatBytes(cacheBytes));
    else
        parsed->extra.remove(QStringLiteral("cache"));
    return parsed->toText();
}

void TraceReplayView::setErrorItems(int row, const std::optional<PredictionError>& e, bool reference)
{
    const int columns[] = { MeanErrorColumn, P90ErrorColumn, P99ErrorColumn, IopsErrorColumn, DemeritColumn };
    if (!e) {
        for (int c : columns)
            m_table->setItem(row, c, numberItem(reference && c == MeanErrorColumn ? tr("reference") : QStringLiteral("–")));
        return;
    }
    m_table->setItem(row, MeanErrorColumn, numberItem(percent(e->meanRel)));
    m_table->setItem(row, P90ErrorColumn, numberItem(percent(e->p90Rel)));
    m_table->setItem(row, P99ErrorColumn, numberItem(percent(e->p99Rel)));
    m_table->setItem(row, IopsErrorColumn, numberItem(percent(e->iopsRel)));
    auto* demerit = numberItem(std::isfinite(e->demeritMs) ? ms(e->demeritMs) : QStringLiteral("–"));
    demerit->setToolTip(tr("Ruemmler and Wilkes' demerit: the RMS horizontal distance between this row's and the measured "
                           "row's response-time CDFs, %1 % of the measured mean")
                            .arg(e->demeritRel * 100, 0, 'f', 0));
    m_table->setItem(row, DemeritColumn, demerit);
}

void TraceReplayView::setArrayItems(int row, const TraceReplayArray& a, bool partial, QStringList* verdicts)
{
    const SimResult& r = a.result;
    const bool any = r.requests > 0;
    m_table->setItem(row, MeanColumn, numberItem(any ? ms(r.responseMs.mean()) : QStringLiteral("–")));
    m_table->setItem(row, P50Column, numberItem(any ? ms(r.percentileMs(0.5)) : QStringLiteral("–")));
    m_table->setItem(row, P90Column, numberItem(any ? ms(r.percentileMs(0.9)) : QStringLiteral("–")));
    m_table->setItem(row, P99Column, numberItem(any ? ms(r.percentileMs(0.99)) : QStringLiteral("–")));
    m_table->setItem(row, IopsColumn, numberItem(r.simulatedNs > 0 ? QString::number(r.iops(), 'f', 0) : QStringLiteral("–")));
    m_table->setItem(row, SlowColumn, numberItem(QStringLiteral("%1 of %2").arg(a.slowPeriods).arg(a.windows)));
    m_table->setItem(row, RequestsColumn, numberItem(QString::number(r.requests)));
    QStringList util;
    for (const DiskResult& d : r.disks)
        util << QString::number(d.utilization * 100, 'f', 0);
    m_table->setItem(row, UtilColumn, numberItem(util.join(u' ')));
    if (!verdicts) { // measured: a device serves in parallel, so the utilization law says nothing of it
        m_table->setItem(row, LoadColumn, numberItem(QStringLiteral("–")));
        return;
    }
    const SaturationVerdict v = partial ? SaturationVerdict {} : a.saturation();
    QString load = QStringLiteral("–");
    if (v.state == SaturationVerdict::State::Saturated)
        load = tr("saturated (near %1 IOPS)").arg(v.capacityIops, 0, 'f', 0);
    else if (v.state == SaturationVerdict::State::Near)
        load = tr("near saturation (%1 IOPS)").arg(v.capacityIops, 0, 'f', 0);
    else if (v.state == SaturationVerdict::State::Sustained)
        load = tr("%1 % of capacity").arg(v.utilizationLaw * 100, 0, 'f', 0);
    auto* loadItem = numberItem(load);
    loadItem->setToolTip(v.text());
    if (v.saturated())
        loadItem->setForeground(errorInk(this));
    m_table->setItem(row, LoadColumn, loadItem);
    if (v.state == SaturationVerdict::State::Saturated || v.state == SaturationVerdict::State::Near)
        *verdicts << tr("<b>%1</b>: %2").arg(TraceReplayPlot::shortLabel(a.arraySpec).replace(u'\n', u' ').toHtmlEscaped(),
            v.text().toHtmlEscaped());
}

void TraceReplayView::showArrays(const std::vector<TraceReplayArray>& arrays, bool partial)
{
    m_arrays = arrays;
    m_table->clearSpans();
    const int measuredRows = m_measured ? 1 : 0;
    const int offset = (m_baseline ? 1 : 0) + measuredRows;
    m_table->setRowCount(int(arrays.size()) + offset);
    // The error columns are for a comparison with a measurement.
    for (int c : { MeanErrorColumn, P90ErrorColumn, P99ErrorColumn, IopsErrorColumn, DemeritColumn })
        m_table->setColumnHidden(c, !m_measured);
    // The comparison's rows: as traced (when the trace has response times), measured, the candidates.
    const auto comparisonRow = [&](ReplayRole role, int candidate) -> const ReplayComparisonRow* {
        if (!m_comparison)
            return nullptr;
        if (role == ReplayRole::Traced)
            return m_comparison->measuredRow > 0 ? &m_comparison->rows.front() : nullptr;
        const std::size_t i = m_comparison->measuredRow + 1 + std::size_t(candidate);
        return i < m_comparison->rows.size() ? &m_comparison->rows[i] : nullptr;
    };
    if (m_baseline) {
        const TracedBaseline& b = *m_baseline;
        auto* name = new QTableWidgetItem(tr("as traced (the trace's own response times)"));
        QFont italic = name->font();
        italic.setItalic(true);
        name->setFont(italic);
        name->setToolTip(tr("What the traced system answered: the baseline each candidate is compared with"));
        m_table->setItem(0, ArrayColumn, name);
        m_table->setItem(0, DiskColumn, new QTableWidgetItem(tr("the traced system")));
        m_table->setItem(0, MeanColumn, numberItem(ms(b.meanMs)));
        m_table->setItem(0, P50Column, numberItem(ms(b.p50Ms)));
        m_table->setItem(0, P90Column, numberItem(ms(b.p90Ms)));
        m_table->setItem(0, P99Column, numberItem(ms(b.p99Ms)));
        const ReplayComparisonRow* traced = comparisonRow(ReplayRole::Traced, 0);
        m_table->setItem(0, IopsColumn, numberItem(traced && traced->figures.iops ? QString::number(*traced->figures.iops, 'f', 0)
                                                                                  : QStringLiteral("–")));
        m_table->setItem(0, SlowColumn, numberItem(QStringLiteral("–")));
        m_table->setItem(0, RequestsColumn, numberItem(QString::number(b.requests)));
        m_table->setItem(0, UtilColumn, numberItem(QStringLiteral("–")));
        m_table->setItem(0, LoadColumn, numberItem(QStringLiteral("–")));
        setErrorItems(0, traced ? traced->vsMeasured : std::nullopt, false);
    }
    if (m_measured) {
        const int row = m_baseline ? 1 : 0;
        auto* name = new QTableWidgetItem(m_measured->arraySpec);
        QFont bold = name->font();
        bold.setBold(true);
        name->setFont(bold);
        name->setToolTip(tr("Replayed on the device itself: the reference each error column is against"));
        m_table->setItem(row, ArrayColumn, name);
        m_table->setItem(row, DiskColumn, new QTableWidgetItem(m_measuredMode));
        setArrayItems(row, *m_measured, partial, nullptr);
        setErrorItems(row, std::nullopt, true);
    }
    QStringList verdicts;
    for (int i = 0; i < int(arrays.size()); ++i) {
        const int row = i + offset;
        const TraceReplayArray& a = arrays[std::size_t(i)];
        m_table->setItem(row, ArrayColumn, new QTableWidgetItem(a.arraySpec));
        auto* disks = new QTableWidgetItem(diskAndCacheText(a.arraySpec));
        QString why;
        if (const auto parsed = parseArraySpec(a.arraySpec, &why))
            if (const DiskPreset* preset = findDiskPreset(parsed->diskPreset))
                disks->setToolTip(QStringLiteral("%1: %2").arg(preset->name, preset->description));
        m_table->setItem(row, DiskColumn, disks);
        if (!a.error.isEmpty()) {
            auto* refused = new QTableWidgetItem(tr("refused: %1").arg(a.error));
            refused->setForeground(errorInk(this));
            m_table->setItem(row, MeanColumn, refused);
            m_table->setSpan(row, MeanColumn, 1, Columns - MeanColumn);
            continue;
        }
        setArrayItems(row, a, partial, &verdicts);
        const ReplayComparisonRow* c = comparisonRow(ReplayRole::Simulated, i);
        setErrorItems(row, c ? c->vsMeasured : std::nullopt, false);
    }
    QStringList lines;
    if (m_baseline && !arrays.empty())
        lines << tr("The first row is the trace's own response times, measured on the traced system; the candidates "
                    "are simulated with the disks and cache shown beside each.");
    if (m_measured)
        lines << tr("<b>%1</b> is the trace replayed on the device; the error columns are each row's against it, and the "
                    "demerit is the RMS horizontal distance between the two response-time distributions (Ruemmler and "
                    "Wilkes).")
                     .arg(m_measured->arraySpec.toHtmlEscaped());
    for (const QString& caveat : m_caveats)
        lines << caveat.toHtmlEscaped();
    if (m_comparison && !m_comparison->analytical.applies)
        lines << tr("Analytical model: %1.").arg(m_comparison->analytical.reason.toHtmlEscaped());
    lines << verdicts;
    m_verdict->setText(themedHtml(this, lines.join(QStringLiteral("<br>"))));
    m_verdict->setVisible(!lines.isEmpty());
    std::optional<TraceReplayPlot::Baseline> baseline;
    if (m_baseline)
        baseline = TraceReplayPlot::Baseline { m_baseline->meanMs, m_baseline->p90Ms, m_baseline->p99Ms };
    std::vector<TraceReplayArray> shown;
    if (m_measured)
        shown.push_back(*m_measured);
    shown.insert(shown.end(), arrays.begin(), arrays.end());
    m_plot->setArrays(shown, partial, baseline);
}

} // namespace raidscope::gui
