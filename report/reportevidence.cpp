// SPDX-License-Identifier: GPL-3.0-or-later
// The report's evidence beyond the three probe plots (issue #54 item 6): the redundancy test (reads
// against writes) and the identified layout drawn as Shear Fig. 1, failed and slow members marked.
#include "reportcharts.h"
#include "reportpalette_p.h"

#include "layout/layoutgrid.h"
#include "layout/layoutregistry.h"
#include "probe/shearprobe.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <map>

namespace raidscope {
namespace {

using namespace reportpalette;

const QColor kOrange(0xd9, 0x7a, 0x1a);
// The cells as the Array page tints them: data, mirror copy, P and Q parity.
const QColor kData(0xdb, 0xe7, 0xf5);
const QColor kCopy(0xd9, 0xef, 0xdc);
const QColor kParityP(0xf8, 0xe0, 0xc0);
const QColor kParityQ(0xf4, 0xcd, 0xcd);

constexpr int kMaxRows = 12;    // rows drawn: one pattern of a RAID 5 of 12, two stripes at least
constexpr double kCellH = 22;
constexpr double kHeaderH = 36; // "disk 3" and its mark ("slow, 2.05x")
constexpr double kGutterW = 54;
constexpr double kMargin = 8;

QString cellLabel(const GridCell& c)
{
    switch (c.role) {
    case GridCell::Empty: return {};
    case GridCell::Data: return QString::number(c.number);
    case GridCell::Copy: return QString::number(c.number) + u'\'';
    case GridCell::ParityP: return QStringLiteral("P") + QString::number(c.number);
    case GridCell::ParityQ: return QStringLiteral("Q") + QString::number(c.number);
    }
    return {};
}

QColor cellColor(const GridCell& c)
{
    switch (c.role) {
    case GridCell::Empty: return Qt::white;
    case GridCell::Data: return kData;
    case GridCell::Copy: return kCopy;
    case GridCell::ParityP: return kParityP;
    case GridCell::ParityQ: return kParityQ;
    }
    return Qt::white;
}

} // namespace

ChartSpec redundancyChart(const ProbeResult& r)
{
    // Shear §2.3.4: random writes against random reads of the same array; a parity layout's small
    // write costs four I/Os, a mirror's one per copy, so the ratio tells the redundancy.
    ChartSpec c;
    c.title = QObject::tr("4. Redundancy: random reads against writes");
    if (r.readWriteRatio > 0)
        c.subtitle = QObject::tr("reads are %1 times as fast as writes").arg(QString::number(r.readWriteRatio, 'f', 2));
    c.xLabel = QObject::tr("Writes in the test");
    c.yLabel = QObject::tr("MB/s");
    c.logX = true;
    ChartSeries writes { QObject::tr("writes"), kRed, ChartSeries::LineAndPoints, {} };
    for (const WritePoint& w : r.writes)
        if (w.writes > 0)
            writes.points.emplace_back(double(w.writes), w.mbps);
    c.series.push_back(writes);
    if (r.readMBps > 0 && !writes.points.empty()) {
        ChartSeries reads { QObject::tr("random reads"), kBlue, ChartSeries::Line, {} };
        reads.points = { { writes.points.front().x(), r.readMBps }, { writes.points.back().x(), r.readMBps } };
        c.series.push_back(reads);
    }
    c.emptyNote = QObject::tr("no writes were timed");
    return c;
}

std::optional<LayoutDrawing> layoutDrawing(const ProbeVerdict& v, int width, qreal scale)
{
    if (v.layoutSpec.isEmpty())
        return std::nullopt;
    QString error;
    const std::unique_ptr<Layout> layout = LayoutRegistry::instance().create(v.layoutSpec, &error);
    if (!layout)
        return std::nullopt;
    const LayoutGrid grid = buildLayoutGrid(*layout, 0, kMaxRows);
    if (grid.disks <= 0 || grid.rows.empty())
        return std::nullopt;

    // What each member is known for: failed (the verdict), slow or fast (the findings).
    std::map<int, std::pair<QString, QColor>> marks;
    for (const ProbeFinding& f : v.findings) {
        if (f.kind != ProbeFinding::Kind::SlowDisk && f.kind != ProbeFinding::Kind::FastDisk)
            continue;
        const double relative = f.value(u"relative", 0);
        const QString word = f.kind == ProbeFinding::Kind::SlowDisk ? QObject::tr("slow") : QObject::tr("fast");
        for (int d : f.disks)
            marks[d] = { relative > 0 ? QStringLiteral("%1 %2×").arg(word, QString::number(relative, 'f', 2)) : word, kOrange };
    }
    if (v.failedDisk >= 0)
        marks[v.failedDisk] = { QObject::tr("failed"), kRed };

    const double cellW = std::min(90.0, (width - 2 * kMargin - kGutterW) / grid.disks);
    const double gridW = kGutterW + cellW * grid.disks;
    const double left = (width - gridW) / 2;
    const int shownRows = int(grid.rows.size());
    const double noteH = grid.truncated ? 18 : 0;
    const QSize logical(width, qRound(2 * kMargin + kHeaderH + shownRows * kCellH + noteH));

    QImage image(QSize(qRound(logical.width() * scale), qRound(logical.height() * scale)), QImage::Format_RGB32);
    image.fill(Qt::white);
    QPainter p(&image);
    p.scale(scale, scale);
    p.setRenderHint(QPainter::Antialiasing);
    const double top = kMargin + kHeaderH;
    for (int d = 0; d < grid.disks; ++d) {
        const double x = left + kGutterW + d * cellW;
        const auto mark = marks.find(d);
        p.setPen(mark == marks.end() ? kText : mark->second.second);
        p.setFont(font(11, true));
        p.drawText(QRectF(x, kMargin, cellW, 16), Qt::AlignCenter, QObject::tr("disk %1").arg(d));
        if (mark != marks.end()) {
            p.setFont(font(10, true));
            p.drawText(QRectF(x - 10, kMargin + 16, cellW + 20, 16), Qt::AlignCenter, mark->second.first);
        }
    }
    for (int row = 0; row < shownRows; ++row) {
        const double y = top + row * kCellH;
        p.setFont(font(10));
        p.setPen(kMuted);
        p.drawText(QRectF(left, y, kGutterW - 6, kCellH), Qt::AlignRight | Qt::AlignVCenter,
            QObject::tr("row %1").arg(grid.rows[std::size_t(row)]));
        for (int d = 0; d < grid.disks; ++d) {
            const GridCell& c = grid.at(std::size_t(row), d);
            const QRectF cell(left + kGutterW + d * cellW, y, cellW, kCellH);
            p.fillRect(cell, cellColor(c));
            p.setPen(QPen(QColor(0x99, 0x99, 0x99), 0.6));
            p.drawRect(cell);
            p.setPen(kText);
            p.setFont(font(11, c.inPattern)); // the first pattern in bold (Shear sets it in italics)
            p.drawText(cell, Qt::AlignCenter, cellLabel(c));
        }
    }
    // A failed member: its column crossed out; a slow or fast one framed in orange.
    for (const auto& [d, mark] : marks) {
        if (d < 0 || d >= grid.disks)
            continue;
        const QRectF column(left + kGutterW + d * cellW, top, cellW, shownRows * kCellH);
        if (mark.second == kRed) {
            QColor veil = kRed;
            veil.setAlpha(110);
            p.fillRect(column, QBrush(veil, Qt::BDiagPattern));
        }
        p.setPen(QPen(mark.second, 2));
        p.setBrush(Qt::NoBrush);
        p.drawRect(column);
    }
    if (grid.truncated) {
        p.setPen(kMuted);
        p.setFont(font(10));
        p.drawText(QRectF(left, top + shownRows * kCellH + 2, gridW, 16), Qt::AlignLeft | Qt::AlignVCenter,
            QObject::tr("… the first %1 rows of the pattern").arg(shownRows));
    }
    p.end();
    return LayoutDrawing { image, QSizeF(logical) };
}

} // namespace raidscope
