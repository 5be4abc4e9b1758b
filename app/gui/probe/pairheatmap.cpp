// SPDX-License-Identifier: GPL-3.0-or-later
#include "pairheatmap.h"

#include "probe/shearprobe.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace raidscope::gui {

PairHeatmap::PairHeatmap(QWidget* parent)
    : LivePlot(parent)
{
    setObjectName(QStringLiteral("pairHeatmap"));
    setTitle(tr("3. Pairwise chunk layout"));
    styleAxis(xAxis, tr("Chunk c1 within the pattern (chunk number)"));
    styleAxis(yAxis, tr("Chunk c2 (chunk number)"));
    for (QCPAxis* axis : { xAxis, yAxis }) {
        QSharedPointer<QCPAxisTickerFixed> ticker(new QCPAxisTickerFixed);
        ticker->setTickStep(1);
        ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
        axis->setTicker(ticker);
        axis->grid()->setVisible(false);
        axis->setSubTicks(false);
    }

    // Underneath: what the identified layout predicts for the pairs not measured, in a blue tint;
    // blue-grey before there is a verdict.
    m_predicted = new QCPColorMap(xAxis, yAxis);
    m_predicted->setInterpolate(false);
    m_predicted->setTightBoundary(false);
    QCPColorGradient tint;
    tint.setColorStopAt(0, QColor(0x5b, 0x7a, 0xa6));
    tint.setColorStopAt(1, QColor(0xe8, 0xf0, 0xfb));
    tint.setNanHandling(QCPColorGradient::nhNanColor);
    tint.setNanColor(unmeasuredColor());
    m_predicted->setGradient(tint);
    m_predicted->setDataRange(QCPRange(0, 1));

    m_map = new QCPColorMap(xAxis, yAxis);
    m_map->setInterpolate(false);
    m_map->setTightBoundary(false);
    QCPColorGradient gradient(QCPColorGradient::gpGrayscale); // black (0, apart) .. white (1, same disk)
    gradient.setNanHandling(QCPColorGradient::nhTransparent); // the layer underneath shows through
    m_map->setGradient(gradient);
    m_map->setDataRange(QCPRange(0, 1));

    m_scale = new QCPColorScale(this);
    m_scale->setType(QCPAxis::atRight);
    m_scale->setGradient(gradient);
    m_scale->setDataRange(QCPRange(0, 1));
    m_scale->setBarWidth(12);
    styleAxis(m_scale->axis(), tr("Excess time (1 = same disk, 0 = apart)"));
    m_map->setColorScale(m_scale);
    plotLayout()->addElement(1, 1, m_scale);
    // The scale beside the axis rect, same height.
    auto* group = new QCPMarginGroup(this);
    axisRect()->setMarginGroup(QCP::msTop | QCP::msBottom, group);
    m_scale->setMarginGroup(QCP::msTop | QCP::msBottom, group);

    // The legend: what the colours mean, as a line under the title.
    m_key = new QCPTextElement(this, QString(), font());
    m_key->setTextColor(QColor(0x44, 0x44, 0x44));
    plotLayout()->insertRow(1);
    plotLayout()->addElement(1, 0, m_key);
    plotLayout()->setRowStretchFactor(1, 0.001);
    clear();
}

void PairHeatmap::clear()
{
    m_pairs.clear();
    m_received = 0;
    m_chunks = 0;
    m_map->data()->clear();
    m_map->data()->setSize(1, 1);
    m_map->data()->setRange(QCPRange(0, 0), QCPRange(0, 0));
    m_map->data()->fill(std::numeric_limits<double>::quiet_NaN());
    m_map->setVisible(false);
    m_predicted->data()->clear();
    m_predicted->setVisible(false);
    m_key->setText(tr("light: same disk · dark: apart · blue-grey: not measured"));
    setSubtitle(QString());
    setEmptyNote(tr("Waits for the pattern and chunk size"));
    scheduleReplot();
}

void PairHeatmap::resize(std::uint64_t chunks)
{
    m_chunks = chunks;
    const int k = int(std::min<std::uint64_t>(chunks, 4096));
    m_map->data()->setSize(k, k);
    m_map->data()->setRange(QCPRange(0, k - 1), QCPRange(0, k - 1));
    m_map->data()->fill(std::numeric_limits<double>::quiet_NaN());
    for (int i = 0; i < k; ++i)
        m_map->data()->setCell(i, i, 1.0); // a chunk shares a disk with itself
    for (const PairPoint& p : m_pairs)
        place(p);
    m_predicted->data()->setSize(k, k);
    m_predicted->data()->setRange(QCPRange(0, k - 1), QCPRange(0, k - 1));
    m_predicted->data()->fill(std::numeric_limits<double>::quiet_NaN());
    m_map->setVisible(true);
    m_predicted->setVisible(true);
    setEmptyNote(QString());
}

void PairHeatmap::setChunks(std::uint64_t chunks)
{
    if (chunks == 0 || chunks == m_chunks)
        return;
    resize(chunks);
    scheduleReplot();
}

void PairHeatmap::place(const PairPoint& p)
{
    const int k = m_map->data()->keySize();
    if (int(p.a) >= k || int(p.b) >= k)
        return;
    const double v = std::clamp(p.ratio, 0.0, 1.0);
    m_map->data()->setCell(int(p.a), int(p.b), v);
    m_map->data()->setCell(int(p.b), int(p.a), v); // symmetric: (a, b) and (b, a) are the same test
}

void PairHeatmap::append(const std::vector<PairPoint>& pairs)
{
    if (pairs.empty())
        return;
    std::uint64_t needed = m_chunks;
    for (const PairPoint& p : pairs) {
        m_pairs.push_back(p);
        needed = std::max({ needed, p.a + 1, p.b + 1 });
    }
    m_received += int(pairs.size());
    if (needed != m_chunks && m_chunks != 0)
        resize(needed); // a pair beyond K: grow rather than drop it
    else if (m_chunks != 0)
        for (const PairPoint& p : pairs)
            place(p);
    setSubtitle(tr("%n pair(s) measured", nullptr, int(m_pairs.size()))
        + (m_chunks ? tr(" of %1").arg(m_chunks * (m_chunks - 1) / 2) : QString()));
    scheduleReplot();
}

void PairHeatmap::setResult(const ProbeResult& r)
{
    m_pairs = r.pairs;
    const std::uint64_t k = r.chunkBlocks ? r.patternBlocks / r.chunkBlocks : 0;
    std::uint64_t needed = k;
    for (const PairPoint& p : m_pairs)
        needed = std::max({ needed, p.a + 1, p.b + 1 });
    if (needed > 0) {
        resize(needed);
        const std::uint64_t all = needed * (needed - 1) / 2;
        const std::uint64_t measured = std::uint64_t(measuredCells() / 2); // a pair measured twice counts once
        setSubtitle(tr("K = %1 chunks · %2 of %3 pairs measured")
                        .arg(needed)
                        .arg(measured)
                        .arg(all));
        // The rest as the verdict's layout predicts them, so the whole map reads as Shear's does.
        const bool predicted = r.verdict.identified && needed == k && r.predictedExcess.size() == k * k && k <= 4096
            && measured < all;
        if (predicted) {
            for (std::uint64_t a = 0; a < k; ++a)
                for (std::uint64_t b = 0; b < k; ++b)
                    m_predicted->data()->setCell(int(a), int(b), std::clamp(r.predictedExcess[a * k + b], 0.0, 1.0));
            m_key->setText(tr("light: same disk · dark: apart\nblue tint: not measured, as the verdict predicts"));
        }
    } else {
        m_chunks = 0;
        m_map->setVisible(false);
        setEmptyNote(tr("No pattern: no chunk pairs to compare"));
        setSubtitle(QString());
    }
    scheduleReplot();
}

int PairHeatmap::measuredCells() const
{
    int n = 0;
    const int k = m_map->data()->keySize();
    for (int a = 0; a < k; ++a)
        for (int b = 0; b < k; ++b)
            if (a != b && !std::isnan(m_map->data()->cell(a, b)))
                ++n;
    return m_chunks ? n : 0;
}

double PairHeatmap::cellValue(std::uint64_t a, std::uint64_t b) const
{
    if (a >= m_chunks || b >= m_chunks)
        return std::numeric_limits<double>::quiet_NaN();
    return m_map->data()->cell(int(a), int(b));
}

double PairHeatmap::predictedValue(std::uint64_t a, std::uint64_t b) const
{
    if (a >= m_chunks || b >= m_chunks)
        return std::numeric_limits<double>::quiet_NaN();
    return m_predicted->data()->cell(int(a), int(b));
}

void PairHeatmap::rescale()
{
    const double k = m_chunks ? double(m_chunks) : 8;
    xAxis->setRange(-0.5, k - 0.5);
    yAxis->setRange(-0.5, k - 0.5);
    // Integer ticks, fewer when K is large.
    const double step = k <= 12 ? 1 : k <= 40 ? 5 : k <= 120 ? 10 : 50;
    for (QCPAxis* axis : { xAxis, yAxis })
        qSharedPointerCast<QCPAxisTickerFixed>(axis->ticker())->setTickStep(step);
}

} // namespace raidscope::gui
