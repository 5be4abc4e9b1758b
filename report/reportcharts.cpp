// SPDX-License-Identifier: GPL-3.0-or-later
#include "reportcharts.h"
#include "reportpalette_p.h"

#include "probe/shearprobe.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <limits>

namespace raidscope {
namespace {

using namespace reportpalette;

const QColor kAxis(0x55, 0x55, 0x55);
const QColor kGrid(0xe3, 0xe3, 0xe3);
// The heatmap's tint for pairs the verdict predicts and grey for pairs neither measured nor predicted.
const QColor kTintLow(0x5b, 0x7a, 0xa6);
const QColor kTintHigh(0xe8, 0xf0, 0xfb);
const QColor kUnmeasured(0xc8, 0xc8, 0xc8);

/// "0.5", "12", "1024", "2.5k" for large round numbers: short tick labels.
QString tickText(double v)
{
    if (std::abs(v) < 1e-12)
        return QStringLiteral("0");
    if (std::abs(v) >= 100000)
        return QString::number(v / 1000, 'g', 4) + u'k';
    if (std::abs(v - std::round(v)) < 1e-9 * std::max(1.0, std::abs(v)))
        return QString::number(qint64(std::llround(v)));
    return QString::number(v, 'g', 3);
}

/// Ticks at 1, 2 or 5 times a power of ten, about `target` of them from 0 to hi.
std::vector<double> linearTicks(double lo, double hi, int target = 5)
{
    std::vector<double> ticks;
    if (!(hi > lo))
        return { lo };
    const double raw = (hi - lo) / target;
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    double step = mag;
    for (double m : { 1.0, 2.0, 2.5, 5.0, 10.0 })
        if (m * mag >= raw) {
            step = m * mag;
            break;
        }
    for (double t = std::ceil(lo / step) * step; t <= hi + step * 1e-9; t += step)
        ticks.push_back(std::abs(t) < step * 1e-9 ? 0 : t);
    return ticks;
}

/// Powers of two from lo to hi, every second or fourth one when there are many.
std::vector<double> log2Ticks(double lo, double hi)
{
    std::vector<double> ticks;
    const int a = int(std::ceil(std::log2(lo) - 1e-9)), b = int(std::floor(std::log2(hi) + 1e-9));
    const int every = b - a > 16 ? 4 : b - a > 8 ? 2 : 1;
    for (int e = a; e <= b; ++e)
        if ((e - a) % every == 0)
            ticks.push_back(std::ldexp(1.0, e));
    return ticks;
}

struct Frame
{
    QRectF plot;
    double xlo = 0, xhi = 1, ylo = 0, yhi = 1;
    bool logX = false;
    double x(double v) const
    {
        const double t = logX ? (std::log2(v) - std::log2(xlo)) / (std::log2(xhi) - std::log2(xlo)) : (v - xlo) / (xhi - xlo);
        return plot.left() + t * plot.width();
    }
    double y(double v) const { return plot.bottom() - (v - ylo) / (yhi - ylo) * plot.height(); }
};

} // namespace

void paintChart(QPainter& p, const QRectF& rect, const ChartSpec& spec)
{
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    p.setClipRect(rect);
    double top = rect.top() + 4;
    p.setPen(kText);
    p.setFont(font(13, true));
    const QFontMetricsF titleMetrics(p.font());
    p.drawText(QRectF(rect.left() + 4, top, rect.width() - 8, titleMetrics.height()), Qt::AlignLeft | Qt::AlignVCenter,
        titleMetrics.elidedText(spec.title, Qt::ElideRight, rect.width() - 8));
    top += titleMetrics.height() + 1;
    p.setFont(font(10.5));
    const QFontMetricsF small(p.font());
    if (!spec.subtitle.isEmpty()) {
        p.setPen(kMuted);
        p.drawText(QRectF(rect.left() + 4, top, rect.width() - 8, small.height()), Qt::AlignLeft | Qt::AlignVCenter,
            small.elidedText(spec.subtitle, Qt::ElideRight, rect.width() - 8));
        top += small.height() + 1;
    }

    // The legend: one row of swatches under the titles.
    std::vector<const ChartSeries*> named;
    for (const ChartSeries& s : spec.series)
        if (!s.name.isEmpty())
            named.push_back(&s);
    if (!named.empty()) {
        double x = rect.left() + 8 + small.height() + 30; // right of the y axis' label
        const double cy = top + small.height() / 2 + 1;
        for (const ChartSeries* s : named) {
            p.setPen(QPen(s->color, 2));
            p.setBrush(s->rings ? Qt::NoBrush : QBrush(s->color));
            if (s->style == ChartSeries::Bars)
                p.drawRect(QRectF(x, cy - 4, 12, 8));
            else if (s->style == ChartSeries::Points)
                p.drawEllipse(QPointF(x + 6, cy), 3.2, 3.2);
            else {
                p.drawLine(QPointF(x, cy), QPointF(x + 14, cy));
                if (s->style == ChartSeries::LineAndPoints)
                    p.drawEllipse(QPointF(x + 7, cy), 2.5, 2.5);
            }
            p.setPen(kText);
            const double w = small.horizontalAdvance(s->name);
            p.drawText(QPointF(x + 18, cy + small.ascent() / 2 - 1), s->name);
            x += 18 + w + 14;
        }
        top += small.height() + 4;
    }

    // The data's extent.
    double xlo = std::numeric_limits<double>::max(), xhi = std::numeric_limits<double>::lowest(), yhi = 0;
    bool any = false;
    for (const ChartSeries& s : spec.series)
        for (const QPointF& pt : s.points) {
            if (!std::isfinite(pt.x()) || !std::isfinite(pt.y()) || (spec.logX && pt.x() <= 0))
                continue;
            any = true;
            xlo = std::min(xlo, pt.x() + s.barOffset);
            xhi = std::max(xhi, pt.x() + s.barOffset);
            yhi = std::max(yhi, pt.y());
        }
    for (const ChartMark& m : spec.marks) {
        xlo = std::min(xlo, m.x);
        xhi = std::max(xhi, m.x);
    }
    Frame f;
    f.logX = spec.logX && spec.categories.isEmpty();
    if (!spec.categories.isEmpty()) {
        f.xlo = -0.5;
        f.xhi = spec.categories.size() - 0.5;
    } else if (spec.xRange) {
        f.xlo = spec.xRange->first;
        f.xhi = spec.xRange->second;
    } else if (!any) {
        f.xlo = f.logX ? 1 : 0;
        f.xhi = f.logX ? 16 : 1;
    } else if (f.logX) {
        f.xlo = xlo / 1.4;
        f.xhi = std::max(xhi * 1.4, xlo * 4);
    } else {
        const double pad = std::max((xhi - xlo) * 0.04, 0.5);
        f.xlo = xlo - pad;
        f.xhi = xhi + pad;
    }
    f.ylo = 0;
    f.yhi = yhi > 0 ? yhi * spec.yPad : 1;
    const std::vector<double> yTicks = linearTicks(f.ylo, f.yhi);

    // Margins from the tick labels' widths.
    p.setFont(font(10));
    const QFontMetricsF tickMetrics(p.font());
    double labelWidth = 0;
    for (double t : yTicks)
        labelWidth = std::max(labelWidth, tickMetrics.horizontalAdvance(tickText(t)));
    const double left = rect.left() + 6 + small.height() + 4 + labelWidth + 5;
    const double bottom = rect.bottom() - 4 - small.height() - 2 - tickMetrics.height() - 4;
    f.plot = QRectF(QPointF(left, top + 6), QPointF(rect.right() - 12, bottom));

    // Grid, ticks and labels.
    p.setPen(QPen(kGrid, 1));
    for (double t : yTicks)
        p.drawLine(QPointF(f.plot.left(), f.y(t)), QPointF(f.plot.right(), f.y(t)));
    std::vector<std::pair<double, QString>> xTicks;
    if (!spec.categories.isEmpty()) {
        for (int i = 0; i < spec.categories.size(); ++i)
            xTicks.emplace_back(i, spec.categories[i]);
    } else if (f.logX) {
        for (double t : log2Ticks(f.xlo, f.xhi))
            xTicks.emplace_back(t, tickText(t));
    } else {
        for (double t : linearTicks(f.xlo, f.xhi, 8))
            xTicks.emplace_back(t, tickText(t));
    }
    for (const auto& [t, text] : xTicks)
        if (spec.categories.isEmpty())
            p.drawLine(QPointF(f.x(t), f.plot.top()), QPointF(f.x(t), f.plot.bottom()));
    p.setPen(QPen(kAxis, 1));
    p.drawLine(f.plot.bottomLeft(), f.plot.bottomRight());
    p.drawLine(f.plot.bottomLeft(), f.plot.topLeft());
    p.setPen(kText);
    for (double t : yTicks)
        p.drawText(QRectF(f.plot.left() - 5 - labelWidth - 2, f.y(t) - tickMetrics.height() / 2, labelWidth + 2,
                       tickMetrics.height()),
            Qt::AlignRight | Qt::AlignVCenter, tickText(t));
    const double slot = xTicks.empty() ? f.plot.width() : f.plot.width() / double(std::max<std::size_t>(xTicks.size(), 1));
    for (const auto& [t, text] : xTicks) {
        const double x = f.x(t);
        p.drawLine(QPointF(x, f.plot.bottom()), QPointF(x, f.plot.bottom() + 3));
        const double w = spec.categories.isEmpty() ? std::max(tickMetrics.horizontalAdvance(text) + 4, 40.0) : slot;
        p.drawText(QRectF(x - w / 2, f.plot.bottom() + 3, w, tickMetrics.height()), Qt::AlignHCenter | Qt::AlignTop,
            tickMetrics.elidedText(text, Qt::ElideMiddle, w));
    }
    p.setFont(font(10.5));
    p.drawText(QRectF(f.plot.left(), rect.bottom() - 4 - small.height(), f.plot.width(), small.height()),
        Qt::AlignHCenter | Qt::AlignVCenter, small.elidedText(spec.xLabel, Qt::ElideRight, f.plot.width()));
    p.save();
    p.translate(rect.left() + 6, f.plot.center().y());
    p.rotate(-90);
    p.drawText(QRectF(-f.plot.height() / 2, 0, f.plot.height(), small.height()), Qt::AlignHCenter | Qt::AlignTop,
        small.elidedText(spec.yLabel, Qt::ElideRight, f.plot.height()));
    p.restore();

    if (!any && !spec.emptyNote.isEmpty()) {
        p.setPen(kMuted);
        p.drawText(f.plot, Qt::AlignCenter, spec.emptyNote);
    }

    // The data, clipped to the plot.
    p.save();
    p.setClipRect(f.plot.adjusted(-4, -4, 4, 1));
    for (const ChartSeries& s : spec.series) {
        std::vector<QPointF> pts;
        for (const QPointF& pt : s.points)
            if (std::isfinite(pt.x()) && std::isfinite(pt.y()) && !(f.logX && pt.x() <= 0))
                pts.emplace_back(f.x(pt.x() + s.barOffset), f.y(pt.y()));
        if (s.style == ChartSeries::Bars) {
            const double w = std::abs(f.x(s.barWidth) - f.x(0));
            p.setPen(QPen(s.color.darker(120), 0.8));
            p.setBrush(s.color);
            for (const QPointF& q : pts)
                p.drawRect(QRectF(QPointF(q.x() - w / 2, q.y()), QPointF(q.x() + w / 2, f.plot.bottom())));
            continue;
        }
        if (s.style == ChartSeries::Line || s.style == ChartSeries::LineAndPoints) {
            p.setPen(QPen(s.color, 1.6));
            p.setBrush(Qt::NoBrush);
            QPainterPath path;
            for (std::size_t i = 0; i < pts.size(); ++i)
                i == 0 ? path.moveTo(pts[i]) : path.lineTo(pts[i]);
            p.drawPath(path);
        }
        if (s.style == ChartSeries::Points || s.style == ChartSeries::LineAndPoints) {
            p.setPen(QPen(s.color, s.rings ? 1.8 : 1));
            p.setBrush(s.rings ? Qt::NoBrush : QBrush(s.color));
            const double r = s.rings ? 5.0 : 2.6;
            for (const QPointF& q : pts)
                p.drawEllipse(q, r, r);
        }
    }
    p.restore();

    // Marks: a dashed line and its label on the side with room.
    p.setFont(font(10.5, true));
    const QFontMetricsF markMetrics(p.font());
    for (const ChartMark& m : spec.marks) {
        const double x = f.x(m.x);
        p.setPen(QPen(m.color, 1.2, Qt::DashLine));
        p.drawLine(QPointF(x, f.plot.top()), QPointF(x, f.plot.bottom()));
        const double w = markMetrics.horizontalAdvance(m.label) + 8;
        const bool right = x + w < f.plot.right();
        const QRectF box(right ? x + 3 : x - 3 - w, f.plot.top() + 2, w, markMetrics.height() + 2);
        p.setPen(Qt::NoPen);
        p.setBrush(QColor(255, 255, 255, 225));
        p.drawRect(box);
        p.setPen(m.color);
        p.drawText(box, Qt::AlignCenter, m.label);
    }
    p.restore();
}

namespace {

template<typename Paint>
QImage paintedImage(QSize logical, qreal scale, Paint paint)
{
    QImage image(QSize(qRound(logical.width() * scale), qRound(logical.height() * scale)), QImage::Format_RGB32);
    image.fill(Qt::white);
    QPainter p(&image);
    p.scale(scale, scale);
    paint(p);
    return image;
}

} // namespace

QImage chartImage(const ChartSpec& spec, QSize logical, qreal scale)
{
    return paintedImage(logical, scale, [&](QPainter& p) { paintChart(p, QRectF(QPointF(0, 0), logical), spec); });
}

QImage chartPairImage(const ChartSpec& left, const ChartSpec& right, QSize logical, qreal scale)
{
    return paintedImage(logical, scale, [&](QPainter& p) {
        const double half = logical.width() / 2.0;
        paintChart(p, QRectF(0, 0, half - 6, logical.height()), left);
        paintChart(p, QRectF(half + 6, 0, half - 6, logical.height()), right);
    });
}

ChartSpec patternSizeChart(const ProbeResult& r)
{
    // Shear Fig. 3: the time of N reads at multiples of each assumed pattern size; the slowest
    // cluster's sizes are multiples of the pattern.
    ChartSpec c;
    c.title = QObject::tr("1. Pattern size");
    const double kib = r.blockBytes / 1024.0;
    const double patternKiB = double(r.patternBlocks) * kib;
    c.subtitle = r.patternBlocks ? QObject::tr("pattern %1 KiB (gcd of the slowest sizes), %2 sizes tried")
                                       .arg(tickText(patternKiB))
                                       .arg(r.pattern.size())
                                 : QObject::tr("no pattern found, %1 sizes tried").arg(r.pattern.size());
    c.xLabel = QObject::tr("Assumed pattern size p (KiB, log scale)");
    c.yLabel = QObject::tr("Time of N reads (ms)");
    c.logX = true;
    ChartSeries all { QObject::tr("time"), kBlue, ChartSeries::LineAndPoints, {} };
    ChartSeries slow { QObject::tr("slowest cluster"), kRed, ChartSeries::Points, {} };
    slow.rings = true;
    std::vector<PatternPoint> points = r.pattern;
    std::sort(points.begin(), points.end(), [](const PatternPoint& a, const PatternPoint& b) { return a.patternBlocks < b.patternBlocks; });
    for (const PatternPoint& pt : points) {
        all.points.emplace_back(double(pt.patternBlocks) * kib, pt.timeMs);
        if (pt.slow && r.patternBlocks) // no pattern, no ring: a ring on a baseline point reads as the pattern (#54)
            slow.points.emplace_back(double(pt.patternBlocks) * kib, pt.timeMs);
    }
    c.series = { all, slow };
    if (r.patternBlocks)
        c.marks.push_back({ patternKiB, QObject::tr("pattern = %1 KiB").arg(tickText(patternKiB)), kRed });
    c.emptyNote = QObject::tr("No pattern-size tests in this result");
    return c;
}

ChartSpec boundaryChart(const ProbeResult& r)
{
    // Shear Fig. 5: the time of N reads at offset c-1 and N at c of random patterns against c; its
    // spikes mark the chunk boundaries.
    ChartSpec c;
    c.title = QObject::tr("2. Chunk boundaries");
    const double kib = r.blockBytes / 1024.0;
    if (r.chunkBlocks && !r.boundaries.empty()) {
        QStringList runs;
        for (std::uint64_t b : r.chunkRunsBlocks)
            runs << tickText(double(b) * kib);
        runs.removeDuplicates();
        c.subtitle = QObject::tr("chunk %1 KiB, runs between boundaries: %2 KiB")
                         .arg(tickText(double(r.chunkBlocks) * kib), runs.join(QStringLiteral(", ")));
    } else {
        c.subtitle = QObject::tr("no chunk boundary found");
    }
    c.xLabel = QObject::tr("Boundary offset c within the pattern (KiB)");
    c.yLabel = QObject::tr("Time of 2N reads (ms)");
    ChartSeries times { QObject::tr("time"), kBlue, ChartSeries::LineAndPoints, {} };
    ChartSeries spikes { QObject::tr("boundary"), kRed, ChartSeries::Points, {} };
    spikes.rings = true;
    for (const BoundaryPoint& pt : r.boundaries) {
        times.points.emplace_back(double(pt.offsetBlocks) * kib, pt.timeMs);
        if (pt.boundary)
            spikes.points.emplace_back(double(pt.offsetBlocks) * kib, pt.timeMs);
    }
    std::sort(times.points.begin(), times.points.end(), [](const QPointF& a, const QPointF& b) { return a.x() < b.x(); });
    c.series = { times, spikes };
    c.emptyNote = QObject::tr("No boundary tests in this result");
    return c;
}

QImage pairHeatmapImage(const ProbeResult& r, QSize logical, qreal scale)
{
    // Shear Fig. 6: for every pair of chunks in the pattern, the excess time of reading both at
    // once over the slower alone: 1 (white) on the same disk, 0 (black) apart. Pairs the adaptive
    // probe did not measure are drawn as the verdict's layout predicts them, tinted blue.
    const std::uint64_t patternChunks = r.chunkBlocks ? r.patternBlocks / r.chunkBlocks : 0;
    std::uint64_t k = patternChunks;
    for (const PairPoint& pt : r.pairs)
        k = std::max({ k, pt.a + 1, pt.b + 1 });
    k = std::min<std::uint64_t>(k, 512);
    const int n = int(k);
    std::vector<double> measured(std::size_t(n) * std::size_t(n), std::numeric_limits<double>::quiet_NaN());
    for (int i = 0; i < n; ++i)
        measured[std::size_t(i) * std::size_t(n) + std::size_t(i)] = 1;
    std::uint64_t measuredPairs = 0;
    for (const PairPoint& pt : r.pairs) {
        if (pt.a >= k || pt.b >= k || pt.a == pt.b)
            continue;
        const std::size_t ab = std::size_t(pt.a) * std::size_t(n) + std::size_t(pt.b);
        if (std::isnan(measured[ab]))
            ++measuredPairs;
        measured[ab] = measured[std::size_t(pt.b) * std::size_t(n) + std::size_t(pt.a)] = std::clamp(pt.ratio, 0.0, 1.0);
    }
    const bool predicted = r.verdict.identified && k == patternChunks && r.predictedExcess.size() == k * k;
    auto mix = [](const QColor& a, const QColor& b, double t) {
        return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * t), float(a.greenF() + (b.greenF() - a.greenF()) * t),
            float(a.blueF() + (b.blueF() - a.blueF()) * t));
    };
    return paintedImage(logical, scale, [&](QPainter& p) {
        p.setRenderHint(QPainter::Antialiasing);
        p.setPen(kText);
        p.setFont(font(13, true));
        const QFontMetricsF titleMetrics(p.font());
        p.drawText(QPointF(4, 4 + titleMetrics.ascent()), QObject::tr("3. Pairwise chunk layout"));
        p.setFont(font(10.5));
        const QFontMetricsF small(p.font());
        p.setPen(kMuted);
        const double subtitleY = 4 + titleMetrics.height() + 1;
        p.drawText(QPointF(4, subtitleY + small.ascent()),
            n ? QObject::tr("K = %1 chunks, %2 of %3 pairs measured").arg(n).arg(measuredPairs).arg(std::uint64_t(n) * (n - 1) / 2)
              : QObject::tr("no pattern: no chunk pairs to compare"));
        const double top = subtitleY + small.height() + 8;
        const double side = std::min(logical.height() - top - 34, logical.width() * 0.55);
        const QRectF map(40, top, side, side);
        if (n > 0) {
            const double cell = side / n;
            p.setRenderHint(QPainter::Antialiasing, false);
            for (int a = 0; a < n; ++a)
                for (int b = 0; b < n; ++b) {
                    const double m = measured[std::size_t(a) * std::size_t(n) + std::size_t(b)];
                    QColor color = kUnmeasured;
                    if (!std::isnan(m))
                        color = QColor::fromRgbF(float(m), float(m), float(m));
                    else if (predicted)
                        color = mix(kTintLow, kTintHigh, std::clamp(r.predictedExcess[std::size_t(a) * k + std::size_t(b)], 0.0, 1.0));
                    // x: chunk c1 (a), y: chunk c2 (b) upwards, as the workbench draws it
                    p.fillRect(QRectF(map.left() + a * cell, map.bottom() - (b + 1) * cell, cell + 0.6, cell + 0.6), color);
                }
            p.setRenderHint(QPainter::Antialiasing);
            p.setPen(QPen(kAxis, 1));
            p.setBrush(Qt::NoBrush);
            p.drawRect(map);
            // Chunk numbers at a readable step.
            const int step = n <= 12 ? 1 : n <= 40 ? 5 : n <= 120 ? 10 : 50;
            p.setFont(font(10));
            const QFontMetricsF tickMetrics(p.font());
            p.setPen(kText);
            for (int i = 0; i < n; i += step) {
                const double c = (i + 0.5) * cell;
                p.drawText(QRectF(map.left() + c - 15, map.bottom() + 2, 30, tickMetrics.height()), Qt::AlignCenter,
                    QString::number(i));
                p.drawText(QRectF(map.left() - 32, map.bottom() - c - tickMetrics.height() / 2, 28, tickMetrics.height()),
                    Qt::AlignRight | Qt::AlignVCenter, QString::number(i));
            }
            p.setFont(font(10.5));
            p.drawText(QRectF(map.left(), map.bottom() + 2 + tickMetrics.height(), side, small.height()), Qt::AlignCenter,
                QObject::tr("chunk c1 within the pattern"));
            p.save();
            p.translate(4, map.center().y());
            p.rotate(-90);
            p.drawText(QRectF(-side / 2, 0, side, small.height()), Qt::AlignCenter, QObject::tr("chunk c2"));
            p.restore();
        }
        if (n == 0) {
            p.setPen(kMuted);
            p.setFont(font(10.5));
            p.drawText(QRectF(0, top, logical.width(), side), Qt::AlignCenter, QObject::tr("No pattern was found: there are no chunk pairs to compare."));
            return;
        }
        // The key: the grey scale, the tint, and what each means.
        const double kx = map.right() + 28;
        double ky = top + 4;
        const double barW = 16, barH = std::min(side * 0.5, 120.0);
        QLinearGradient grey(0, ky + barH, 0, ky);
        grey.setColorAt(0, Qt::black);
        grey.setColorAt(1, Qt::white);
        p.setPen(QPen(kAxis, 0.8));
        p.setBrush(grey);
        p.drawRect(QRectF(kx, ky, barW, barH));
        p.setPen(kText);
        p.setFont(font(10.5));
        p.drawText(QPointF(kx + barW + 6, ky + small.ascent()), QObject::tr("1: same disk"));
        p.drawText(QPointF(kx + barW + 6, ky + barH), QObject::tr("0: different disks"));
        p.drawText(QPointF(kx + barW + 6, ky + barH / 2 + small.ascent() / 2), QObject::tr("measured excess time"));
        ky += barH + 16;
        if (predicted) {
            QLinearGradient tint(0, ky + 40, 0, ky);
            tint.setColorAt(0, kTintLow);
            tint.setColorAt(1, kTintHigh);
            p.setPen(QPen(kAxis, 0.8));
            p.setBrush(tint);
            p.drawRect(QRectF(kx, ky, barW, 40));
            p.setPen(kText);
            p.drawText(QRectF(kx + barW + 6, ky, logical.width() - kx - barW - 10, 44), Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap,
                QObject::tr("not measured: as the identified layout predicts"));
            ky += 52;
        } else if (n > 0) {
            p.setPen(QPen(kAxis, 0.8));
            p.setBrush(kUnmeasured);
            p.drawRect(QRectF(kx, ky, barW, 16));
            p.setPen(kText);
            p.drawText(QPointF(kx + barW + 6, ky + 8 + small.ascent() / 2), QObject::tr("not measured"));
            ky += 28;
        }
    });
}

} // namespace raidscope
