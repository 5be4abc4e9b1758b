// SPDX-License-Identifier: GPL-3.0-or-later
#include "layoutdiagram.h"

#include "layout/requestplan.h"
#include "units.h"
#include "widgets/viewstyle.h"

#include <QEvent>
#include <QHelpEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <algorithm>

namespace raidscope::gui {
namespace {

constexpr int kMargin = LayoutDiagram::kMargin;
constexpr int kMaxRows = 64;
constexpr int kLegendWrap = 560;

QColor roleFill(GridCell::Role role, bool dark)
{
    switch (role) {
    case GridCell::Data: return dark ? QColor(0x2b, 0x4c, 0x72) : QColor(0xcf, 0xe1, 0xf7);
    case GridCell::Copy: return dark ? QColor(0x2e, 0x5b, 0x38) : QColor(0xd3, 0xee, 0xcf);
    case GridCell::ParityP: return dark ? QColor(0x7d, 0x4e, 0x1c) : QColor(0xfb, 0xd9, 0xae);
    case GridCell::ParityQ: return dark ? QColor(0x5e, 0x37, 0x6e) : QColor(0xe7, 0xd1, 0xf2);
    case GridCell::Empty: break;
    }
    return dark ? QColor(0x2a, 0x2a, 0x2a) : QColor(0xf4, 0xf4, 0xf4);
}

QColor writeColour(bool dark)
{
    return dark ? QColor(0xff, 0x70, 0x6a) : QColor(0xc6, 0x28, 0x28);
}

QColor readColour(bool dark)
{
    return dark ? QColor(0x6c, 0xb8, 0xff) : QColor(0x15, 0x65, 0xc0);
}

QColor failedColour(bool dark)
{
    return dark ? QColor(0xff, 0x6b, 0x6b) : QColor(0xb0, 0x00, 0x20);
}

QColor slowColour(bool dark)
{
    return dark ? QColor(0xf0, 0xb4, 0x30) : QColor(0xb0, 0x6a, 0x00);
}

QColor mix(const QColor& a, const QColor& b, double t)
{
    return QColor::fromRgbF(float(a.redF() * (1 - t) + b.redF() * t), float(a.greenF() * (1 - t) + b.greenF() * t),
        float(a.blueF() * (1 - t) + b.blueF() * t));
}

QString roleName(GridCell::Role role)
{
    switch (role) {
    case GridCell::Empty: return LayoutDiagram::tr("unused");
    case GridCell::Data: return LayoutDiagram::tr("data");
    case GridCell::Copy: return LayoutDiagram::tr("mirror copy");
    case GridCell::ParityP: return LayoutDiagram::tr("parity P");
    case GridCell::ParityQ: return LayoutDiagram::tr("parity Q");
    }
    return {};
}

// "[96KiB, 112KiB)"
QString byteRange(std::uint64_t first, std::uint64_t end)
{
    return QStringLiteral("[%1, %2)").arg(formatBytes(first), formatBytes(end));
}

} // namespace

LayoutDiagram::LayoutDiagram(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("layoutDiagram"));
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent, false);
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
    connect(ViewStyle::instance(), &ViewStyle::changed, this, &LayoutDiagram::relayout);
    relayout();
}

void LayoutDiagram::setArrayLayout(std::shared_ptr<const Layout> layout)
{
    m_layout = std::move(layout);
    m_message.clear();
    m_highlight = false;
    if (!m_layout) {
        clear(tr("No array"));
        return;
    }
    // Two stripes at least, as Shear Fig. 1 draws even a one-stripe pattern.
    m_baseChunks = 2 * std::uint64_t(m_layout->dataDisks());
    rebuildGrid(m_baseChunks);
}

void LayoutDiagram::setMemberStates(std::vector<bool> failed, std::vector<double> speed)
{
    m_failed = std::move(failed);
    m_speed = std::move(speed);
    relayout();
}

bool LayoutDiagram::memberFailed(int disk) const
{
    return disk >= 0 && std::size_t(disk) < m_failed.size() && m_failed[std::size_t(disk)];
}

double LayoutDiagram::memberSpeed(int disk) const
{
    return disk >= 0 && std::size_t(disk) < m_speed.size() ? m_speed[std::size_t(disk)] : 1.0;
}

QString LayoutDiagram::diskHeader(int disk) const
{
    if (memberFailed(disk))
        return tr("disk %1 ✕ failed").arg(disk);
    if (memberSpeed(disk) < 1)
        return tr("disk %1 ×%2 slow").arg(disk).arg(memberSpeed(disk));
    if (memberSpeed(disk) > 1)
        return tr("disk %1 ×%2 fast").arg(disk).arg(memberSpeed(disk));
    return tr("disk %1").arg(disk);
}

void LayoutDiagram::clear(const QString& message)
{
    m_layout.reset();
    m_grid = {};
    m_message = message;
    m_highlight = false;
    m_touch.clear();
    m_diskTouched.clear();
    relayout();
}

void LayoutDiagram::rebuildGrid(std::uint64_t minChunks)
{
    m_grid = buildLayoutGrid(*m_layout, minChunks, kMaxRows);
    m_touch.assign(m_grid.rows.size() * std::size_t(m_grid.disks), NotTouched);
    m_diskTouched.assign(std::size_t(m_grid.disks), false);
    relayout();
}

void LayoutDiagram::setRequestHighlight(const RequestPlan& plan)
{
    if (!m_layout)
        return;
    // Show the whole request when the grid can hold it; otherwise the first rows only.
    std::uint64_t lastChunk = 0;
    for (const ChunkTouch& c : plan.chunks)
        lastChunk = std::max(lastChunk, c.chunk);
    const std::uint64_t wanted = std::max(m_baseChunks, plan.chunks.empty() ? 0 : lastChunk + 1);
    rebuildGrid(wanted); // cheap: at most kMaxRows rows

    const std::uint64_t cb = m_grid.chunkBlocks;
    for (const DiskOp& op : plan.ops) {
        if (op.disk < 0 || op.disk >= m_grid.disks || op.blocks == 0)
            continue;
        m_diskTouched[std::size_t(op.disk)] = true;
        const std::uint64_t firstRow = op.block / cb;
        const std::uint64_t lastRow = (op.block + op.blocks - 1) / cb;
        auto it = std::lower_bound(m_grid.rows.begin(), m_grid.rows.end(), firstRow);
        for (; it != m_grid.rows.end() && *it <= lastRow; ++it) {
            const std::size_t r = std::size_t(it - m_grid.rows.begin());
            m_touch[r * std::size_t(m_grid.disks) + std::size_t(op.disk)] |= op.kind == DiskOp::Write ? TouchWrite : TouchRead;
        }
    }
    m_highlight = true;
    relayout();
}

void LayoutDiagram::clearHighlight()
{
    if (!m_highlight)
        return;
    m_highlight = false;
    if (m_layout)
        rebuildGrid(m_baseChunks);
}

int LayoutDiagram::touchAt(std::size_t row, int disk) const
{
    const std::size_t i = row * std::size_t(m_grid.disks) + std::size_t(disk);
    return i < m_touch.size() ? int(m_touch[i]) : int(NotTouched);
}

bool LayoutDiagram::diskTouched(int disk) const
{
    return disk >= 0 && std::size_t(disk) < m_diskTouched.size() && m_diskTouched[std::size_t(disk)];
}

QString LayoutDiagram::cellLabel(const GridCell& cell)
{
    switch (cell.role) {
    case GridCell::Empty: return {};
    case GridCell::Data: return QString::number(cell.number);
    case GridCell::Copy: return QString::number(cell.number) + u'\'';
    case GridCell::ParityP: return QStringLiteral("P") + QString::number(cell.number);
    case GridCell::ParityQ: return QStringLiteral("Q") + QString::number(cell.number);
    }
    return {};
}

QString LayoutDiagram::cellToolTip(std::size_t row, int disk) const
{
    if (!m_layout || row >= m_grid.rows.size() || disk < 0 || disk >= m_grid.disks)
        return {};
    const ArrayParams& p = m_layout->params();
    const GridCell& c = m_grid.at(row, disk);
    const std::uint64_t cb = m_grid.chunkBlocks;
    const std::uint64_t diskRow = m_grid.rows[row];
    const std::uint64_t bb = p.blockBytes;
    QStringList lines;
    auto place = [&] {
        return tr("Disk %1, disk blocks %2–%3 (bytes %4)")
            .arg(disk)
            .arg(diskRow * cb)
            .arg((diskRow + 1) * cb - 1)
            .arg(byteRange(diskRow * cb * bb, (diskRow + 1) * cb * bb));
    };
    switch (c.role) {
    case GridCell::Data:
    case GridCell::Copy: {
        const std::uint64_t k = c.number;
        lines << (c.role == GridCell::Data ? tr("<b>Logical chunk %1</b> (data)").arg(k)
                                           : tr("<b>Logical chunk %1</b> (mirror copy)").arg(k));
        lines << tr("Logical blocks %1–%2 (bytes %3)").arg(k * cb).arg((k + 1) * cb - 1).arg(byteRange(k * cb * bb, (k + 1) * cb * bb));
        lines << place();
        lines << tr("Stripe %1").arg(k / std::uint64_t(m_layout->dataDisks()));
        break;
    }
    case GridCell::ParityP:
    case GridCell::ParityQ: {
        const std::uint64_t s = c.number;
        const std::uint64_t sb = m_layout->stripeBlocks();
        lines << tr("<b>Parity %1 of stripe %2</b>").arg(c.role == GridCell::ParityP ? u'P' : u'Q').arg(s);
        lines << tr("Protects logical blocks %1–%2 (bytes %3)").arg(s * sb).arg((s + 1) * sb - 1).arg(byteRange(s * sb * bb, (s + 1) * sb * bb));
        lines << place();
        break;
    }
    case GridCell::Empty:
        lines << tr("<b>Unused</b> in the chunks drawn");
        lines << place();
        break;
    }
    lines << tr("Role: %1%2").arg(roleName(c.role), c.inPattern ? tr("; in the first pattern") : QString());
    if (memberFailed(disk))
        lines << tr("<b>Member failed</b>: nothing is read from or written to it; %1")
                     .arg(c.role == GridCell::Data || c.role == GridCell::Copy
                             ? tr("a read of this chunk is served by another copy or rebuilt from the other members of its row")
                             : tr("its stripe's writes go on without this parity"));
    else if (memberSpeed(disk) != 1)
        lines << tr("Member speed ×%1 of its preset (speed=)").arg(memberSpeed(disk));
    const int t = touchAt(row, disk);
    if (t != NotTouched)
        lines << tr("Request: %1").arg(t == (TouchRead | TouchWrite) ? tr("read and written")
                                          : t == TouchWrite          ? tr("written")
                                                                     : tr("read"));
    return lines.join(QStringLiteral("<br>"));
}

bool LayoutDiagram::dark() const
{
    return palette().color(QPalette::Window).lightnessF() < 0.5;
}

std::vector<LayoutDiagram::LegendItem> LayoutDiagram::legendItems() const
{
    std::vector<LegendItem> items;
    bool present[5] = {};
    for (const auto& row : m_grid.cells)
        for (const GridCell& c : row)
            present[c.role] = true;
    if (present[GridCell::Data])
        items.push_back({ GridCell::Data, tr("data chunk N") });
    if (present[GridCell::Copy])
        items.push_back({ GridCell::Copy, tr("mirror copy N'") });
    if (present[GridCell::ParityP])
        items.push_back({ GridCell::ParityP, tr("parity P of stripe s (Ps)") });
    if (present[GridCell::ParityQ])
        items.push_back({ GridCell::ParityQ, tr("parity Q of stripe s (Qs)") });
    if (present[GridCell::Empty])
        items.push_back({ GridCell::Empty, tr("unused") });
    items.push_back({ -1, tr("first pattern") });
    bool anyFailed = false, anySlow = false;
    for (int d = 0; d < m_grid.disks; ++d) {
        anyFailed |= memberFailed(d);
        anySlow |= !memberFailed(d) && memberSpeed(d) < 1;
    }
    if (anyFailed)
        items.push_back({ -4, tr("failed member: reads rebuilt from the others") });
    if (anySlow)
        items.push_back({ -5, tr("slow member (speed=)") });
    if (m_highlight) {
        int touched = NotTouched;
        for (std::uint8_t t : m_touch)
            touched |= t;
        if (touched & TouchWrite)
            items.push_back({ -2, tr("W: written by the request") });
        if (touched & TouchRead)
            items.push_back({ -3, tr("R: read by the request") });
    }
    return items;
}

// Lays the legend out left to right, wrapping when a line is full; returns its height.
int LayoutDiagram::paintLegend(QPainter& p, int top, bool measureOnly) const
{
    const QFontMetrics fm = fontMetrics();
    const int sw = fm.height();
    // Wrap at the minimum width so the legend's height (and the widget's minimum size) never depends on
    // the current width: no resize feedback through the scroll area.
    const int wrapAt = std::max(m_gutterW + m_grid.disks * m_minCellW, kLegendWrap);
    int x = kMargin, y = top;
    const bool isDark = dark();
    for (const LegendItem& item : legendItems()) {
        const int w = sw + 6 + fm.horizontalAdvance(item.text) + 22;
        if (x > kMargin && x + w > kMargin + wrapAt) {
            x = kMargin;
            y += sw + 8;
        }
        if (!measureOnly) {
            const QRect sq(x, y, sw, sw);
            if (item.kind >= 0) {
                p.fillRect(sq, roleFill(GridCell::Role(item.kind), isDark));
                p.setPen(palette().color(QPalette::Mid));
                p.drawRect(sq.adjusted(0, 0, -1, -1));
            } else if (item.kind == -4) {
                p.fillRect(sq, roleFill(GridCell::Empty, isDark));
                p.fillRect(sq, QBrush(failedColour(isDark), Qt::BDiagPattern));
                p.setPen(QPen(failedColour(isDark), 2));
                p.drawRect(sq.adjusted(1, 1, -2, -2));
            } else if (item.kind == -5) {
                p.fillRect(sq, roleFill(GridCell::Empty, isDark));
                p.setPen(QPen(slowColour(isDark), 3, Qt::DashLine));
                p.drawRect(sq.adjusted(1, 1, -2, -2));
            } else if (item.kind == -1) {
                p.setPen(QPen(palette().color(QPalette::WindowText), 3));
                p.drawRect(sq.adjusted(1, 1, -2, -2));
            } else {
                const QColor c = item.kind == -2 ? writeColour(isDark) : readColour(isDark);
                p.setPen(QPen(c, 3));
                p.drawRect(sq.adjusted(1, 1, -2, -2));
            }
            p.setPen(palette().color(QPalette::WindowText));
            p.drawText(QRect(x + sw + 6, y, w, sw), Qt::AlignLeft | Qt::AlignVCenter, item.text);
        }
        x += w;
    }
    return y + sw - top;
}

void LayoutDiagram::relayout()
{
    const QFontMetrics fm = fontMetrics();
    int labelW = fm.horizontalAdvance(QStringLiteral("disk 00"));
    bool anyState = false;
    for (int d = 0; d < m_grid.disks; ++d)
        if (memberFailed(d) || memberSpeed(d) != 1) {
            anyState = true;
            labelW = std::max(labelW, fm.horizontalAdvance(diskHeader(d).section(u' ', 2)));
        }
    for (const auto& row : m_grid.cells)
        for (const GridCell& c : row)
            labelW = std::max(labelW, fm.horizontalAdvance(cellLabel(c)));
    // Cells widen to fill the view (up to a comfortable size); the minimum is what the labels need.
    m_minCellW = std::max(76, labelW + 28);
    m_cellH = std::max(34, fm.height() + 18);
    m_headerH = (anyState ? 2 * fm.height() : fm.height()) + 12; // a second line names a member's state
    m_gapH = fm.height() + 8;
    m_gutterW = fm.horizontalAdvance(QStringLiteral("row %1").arg(m_grid.rows.empty() ? 0 : m_grid.rows.back())) + 18;
    m_cellW = m_minCellW;
    if (m_grid.disks > 0)
        m_cellW = std::clamp((width() - 2 * kMargin - m_gutterW) / m_grid.disks, m_minCellW, std::max(m_minCellW, 150));

    QImage scratch(1, 1, QImage::Format_ARGB32);
    QPainter measure(&scratch);
    m_legendH = m_grid.disks > 0 ? paintLegend(measure, 0, true) : 0;
    m_gridTop = kMargin + m_legendH + (m_legendH > 0 ? 16 : 0) + m_headerH;

    m_rowY.clear();
    int y = m_gridTop;
    for (std::size_t r = 0; r < m_grid.rows.size(); ++r) {
        if (r > 0 && m_grid.rows[r] != m_grid.rows[r - 1] + 1)
            y += m_gapH;
        m_rowY.push_back(y);
        y += m_cellH;
    }
    if (m_grid.truncated)
        y += m_gapH;
    int w = kMargin + std::max(m_gutterW + m_grid.disks * m_minCellW, kLegendWrap) + kMargin;
    if (!m_message.isEmpty() || m_grid.disks == 0) {
        w = std::max(w, fm.horizontalAdvance(m_message) + 2 * kMargin);
        y = std::max(y, kMargin + 3 * fm.height());
    }
    const QSize size(w, y + kMargin);
    if (size != m_size) {
        m_size = size;
        updateGeometry();
    }
    update();
}

QRect LayoutDiagram::cellRect(std::size_t row, int disk) const
{
    return QRect(kMargin + m_gutterW + disk * m_cellW, m_rowY[row], m_cellW, m_cellH);
}

bool LayoutDiagram::inPatternAt(long row, int disk) const
{
    if (row < 0 || row >= long(m_grid.rows.size()) || disk < 0 || disk >= m_grid.disks)
        return false;
    return m_grid.at(std::size_t(row), disk).inPattern;
}

void LayoutDiagram::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    relayout();
}

void LayoutDiagram::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange)
        relayout();
    QWidget::changeEvent(event);
}

void LayoutDiagram::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.fillRect(rect(), palette().color(QPalette::Base));
    const QFontMetrics fm = fontMetrics();
    const QColor text = palette().color(QPalette::WindowText);
    if (m_grid.disks == 0) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect().adjusted(kMargin, kMargin, -kMargin, -kMargin), Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap,
            m_message);
        return;
    }
    const bool isDark = dark();
    const double lines = ViewStyle::instance()->lineScale();
    p.setRenderHint(QPainter::Antialiasing, false);
    p.setTransform(viewTransform()); // fitted to the width, then the user's zoom and pan
    paintLegend(p, kMargin, false);

    // Column headers: disks the request touches in bold, underlined in the write colour.
    const int left = kMargin + m_gutterW;
    const int gridW = m_grid.disks * m_cellW;
    QFont bold = font();
    bold.setBold(true);
    for (int d = 0; d < m_grid.disks; ++d) {
        const QRect h(left + d * m_cellW, m_gridTop - m_headerH, m_cellW, m_headerH - 4);
        p.setFont(diskTouched(d) ? bold : font());
        const QString state = diskHeader(d).section(u' ', 2); // "✕ failed", "×0.5 slow"
        if (state.isEmpty()) {
            p.setPen(text);
            p.drawText(h, Qt::AlignCenter, tr("disk %1").arg(d));
        } else {
            const QRect top(h.left(), h.top(), h.width(), h.height() / 2);
            const QRect bottom(h.left(), h.top() + h.height() / 2, h.width(), h.height() - h.height() / 2);
            p.setPen(text);
            p.drawText(top, Qt::AlignHCenter | Qt::AlignBottom, tr("disk %1").arg(d));
            p.setFont(bold);
            p.setPen(memberFailed(d) ? failedColour(isDark) : slowColour(isDark));
            p.drawText(bottom, Qt::AlignHCenter | Qt::AlignTop, state);
            p.setFont(font());
        }
        if (diskTouched(d))
            p.fillRect(QRect(h.left() + 10, h.bottom() - 1, h.width() - 20, 3), writeColour(isDark));
    }
    p.setFont(font());

    // Row labels, breaks where rows are skipped (e.g. raid10 far copies), and the cells.
    const QColor gridLine = palette().color(QPalette::Mid);
    const QColor base = palette().color(QPalette::Base);
    for (std::size_t r = 0; r < m_grid.rows.size(); ++r) {
        const int y = m_rowY[r];
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(QRect(kMargin, y, m_gutterW - 10, m_cellH), Qt::AlignRight | Qt::AlignVCenter,
            tr("row %1").arg(m_grid.rows[r]));
        if (r > 0 && m_grid.rows[r] != m_grid.rows[r - 1] + 1) {
            const QRect band(left, y - m_gapH, gridW, m_gapH);
            p.setPen(QPen(gridLine, 1, Qt::DashLine));
            p.drawLine(band.left(), band.center().y(), band.right(), band.center().y());
            const QString skip = tr(" rows %1–%2 not drawn ").arg(m_grid.rows[r - 1] + 1).arg(m_grid.rows[r] - 1);
            const QRect tr_(band.center().x() - fm.horizontalAdvance(skip) / 2, band.top(), fm.horizontalAdvance(skip), band.height());
            p.fillRect(tr_, base);
            p.setPen(palette().color(QPalette::PlaceholderText));
            p.drawText(tr_, Qt::AlignCenter, skip);
        }
        for (int d = 0; d < m_grid.disks; ++d) {
            const GridCell& c = m_grid.at(r, d);
            const QRect cell = cellRect(r, d);
            const int touch = touchAt(r, d);
            QColor fill = roleFill(c.role, isDark);
            QColor ink = isDark ? QColor(0xf2, 0xf2, 0xf2) : QColor(0x1a, 0x1a, 0x1a);
            if (m_highlight && touch == NotTouched) { // fade what the request leaves alone
                fill = mix(fill, base, 0.6);
                ink = mix(ink, base, 0.55);
            }
            const bool failed = memberFailed(d);
            if (failed) { // greyed and hatched: the chunk is there only as what the others can rebuild
                fill = mix(roleFill(c.role, isDark), base, 0.55);
                ink = mix(isDark ? QColor(0xf2, 0xf2, 0xf2) : QColor(0x1a, 0x1a, 0x1a), base, 0.3); // still legible
            }
            p.fillRect(cell, fill);
            if (failed)
                p.fillRect(cell, QBrush(mix(failedColour(isDark), base, 0.45), Qt::BDiagPattern));
            p.setPen(gridLine);
            p.drawRect(cell.adjusted(0, 0, -1, -1));
            if (!failed && memberSpeed(d) < 1) {
                p.setPen(QPen(slowColour(isDark), 2 * lines, Qt::DashLine));
                p.drawRect(cell.adjusted(2, 2, -3, -3));
            }
            p.setPen(ink);
            p.drawText(cell, Qt::AlignCenter, c.role == GridCell::Empty ? QStringLiteral("·") : cellLabel(c));
            if (touch != NotTouched) {
                const QColor mark = touch & TouchWrite ? writeColour(isDark) : readColour(isDark);
                p.setPen(QPen(mark, 2 * lines));
                p.drawRect(cell.adjusted(4, 4, -5, -5));
                QFont small = font();
                small.setPointSizeF(small.pointSizeF() * 0.8);
                small.setBold(true);
                p.setFont(small);
                const QString badge = touch == (TouchRead | TouchWrite) ? QStringLiteral("RW")
                    : touch == TouchWrite                                 ? QStringLiteral("W")
                                                                          : QStringLiteral("R");
                p.setPen(mark);
                p.drawText(cell.adjusted(0, 5, -8, 0), Qt::AlignRight | Qt::AlignTop, badge);
                p.setFont(font());
            }
        }
    }

    // The first pattern: a thick outline around the union of its cells (Shear marks it in italics).
    p.setPen(QPen(text, 3 * lines, Qt::SolidLine, Qt::SquareCap));
    for (std::size_t r = 0; r < m_grid.rows.size(); ++r) {
        const bool gapAbove = r > 0 && m_grid.rows[r] != m_grid.rows[r - 1] + 1;
        const bool gapBelow = r + 1 < m_grid.rows.size() && m_grid.rows[r + 1] != m_grid.rows[r] + 1;
        for (int d = 0; d < m_grid.disks; ++d) {
            if (!m_grid.at(r, d).inPattern)
                continue;
            const QRect c = cellRect(r, d);
            const int x0 = c.left(), x1 = c.left() + c.width(), y0 = c.top(), y1 = c.top() + c.height();
            if (gapAbove || !inPatternAt(long(r) - 1, d))
                p.drawLine(x0, y0, x1, y0);
            if (gapBelow || !inPatternAt(long(r) + 1, d))
                p.drawLine(x0, y1, x1, y1);
            if (!inPatternAt(long(r), d - 1))
                p.drawLine(x0, y0, x0, y1);
            if (!inPatternAt(long(r), d + 1))
                p.drawLine(x1, y0, x1, y1);
        }
    }

    if (m_grid.truncated && !m_rowY.empty()) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(QRect(left, m_rowY.back() + m_cellH, gridW, m_gapH), Qt::AlignLeft | Qt::AlignVCenter,
            tr("… more rows not drawn (the diagram stops at %1 rows)").arg(kMaxRows));
    }
}

} // namespace raidscope::gui
