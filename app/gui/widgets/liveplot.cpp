// SPDX-License-Identifier: GPL-3.0-or-later
#include "liveplot.h"

#include "widgets/plotexport.h"
#include "widgets/theme.h"
#include "widgets/viewstyle.h"

#include <QApplication>
#include <QContextMenuEvent>
#include <QMouseEvent>
#include <QWheelEvent>
#include <QMenu>

#include <algorithm>
#include <functional>

#include <cmath>

namespace raidscope::gui {

LivePlot::LivePlot(QWidget* parent)
    : QCustomPlot(parent)
{
    // Sizes in characters and lines (sizeHint()), not pixels: presentation mode's larger font
    // gets larger plots, and a narrow window stacks them (FlowLayout) rather than clip.
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    setAntialiasedElements(QCP::aePlottables | QCP::aeItems);
    plotLayout()->insertRow(0);
    auto* titles = new QCPLayoutGrid;
    plotLayout()->addElement(0, 0, titles);
    titles->setRowSpacing(0);
    QFont titleFont = font();
    titleFont.setPointSizeF(font().pointSizeF() * 1.1);
    titleFont.setBold(true);
    m_title = new QCPTextElement(this, QString(), titleFont);
    titles->addElement(0, 0, m_title);
    QFont subFont = font();
    m_subtitle = new QCPTextElement(this, QString(), subFont);
    titles->addElement(1, 0, m_subtitle);
    titles->setMargins(QMargins(0, 4, 0, 0));

    m_emptyNote = new QCPItemText(this);
    m_emptyNote->setClipToAxisRect(false);
    m_emptyNote->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_emptyNote->position->setCoords(0.5, 0.5);
    m_emptyNote->setPositionAlignment(Qt::AlignCenter);
    m_emptyNote->setVisible(false);

    m_replotTimer.setSingleShot(true);
    m_replotTimer.setInterval(kReplotIntervalMs);
    connect(&m_replotTimer, &QTimer::timeout, this, &LivePlot::replotNow);
    // Every draw, however started (ours, a page's replot(), an interaction), in the palette's colours.
    connect(this, &QCustomPlot::beforeReplot, this, &LivePlot::applyPalette);
    connect(this, &QCustomPlot::beforeReplot, this, &LivePlot::fitLegend);
    connect(ViewStyle::instance(), &ViewStyle::changed, this, [this] {
        if (isVisible())
            replot(QCustomPlot::rpQueuedReplot);
        else
            m_dirty = true;
    });
    applyPalette();
}

QSize LivePlot::minimumSizeHint() const
{
    const QFontMetrics fm = fontMetrics();
    return QSize(kMinimumChars * fm.averageCharWidth(), kMinimumLines * fm.height());
}

QSize LivePlot::sizeHint() const
{
    const QFontMetrics fm = fontMetrics();
    return QSize(kPreferredChars * fm.averageCharWidth(), kPreferredLines * fm.height());
}

QList<QPair<QCPAxis*, QCPRange>> LivePlot::axisRanges() const
{
    QList<QPair<QCPAxis*, QCPRange>> out;
    for (QCPAxisRect* rect : axisRects())
        for (QCPAxis* axis : rect->axes())
            out.append({ axis, axis->range() });
    return out;
}

void LivePlot::beginZoom()
{
    if (m_zoomed)
        return;
    m_homeRanges = axisRanges();
    m_zoomed = true;
}

void LivePlot::resetView()
{
    if (!m_zoomed)
        return;
    m_zoomed = false;
    for (const auto& [axis, range] : std::as_const(m_homeRanges))
        axis->setRange(range);
    m_homeRanges.clear();
    rescale(); // the plot's own ranges, for data that came while zoomed
    replot(QCustomPlot::rpQueuedReplot);
}

void LivePlot::wheelEvent(QWheelEvent* event)
{
    // A plain wheel scrolls the page the plot sits in; Ctrl+wheel zooms.
    if (!(event->modifiers() & Qt::ControlModifier)) {
        event->ignore();
        return;
    }
    beginZoom();
    QCustomPlot::wheelEvent(event);
    event->accept();
}

void LivePlot::mousePressEvent(QMouseEvent* event)
{
    m_pressPos = event->pos();
    QCustomPlot::mousePressEvent(event);
}

void LivePlot::mouseMoveEvent(QMouseEvent* event)
{
    if ((event->buttons() & Qt::LeftButton) && !m_zoomed
        && (event->pos() - m_pressPos).manhattanLength() >= QApplication::startDragDistance()) {
        // QCustomPlot has already begun the drag from the pressed ranges: those are home.
        beginZoom();
    }
    QCustomPlot::mouseMoveEvent(event);
}

void LivePlot::mouseDoubleClickEvent(QMouseEvent* event)
{
    QCustomPlot::mouseDoubleClickEvent(event);
    resetView();
}

void LivePlot::setTitle(const QString& title) { m_title->setText(title); }

void LivePlot::setSubtitle(const QString& text)
{
    m_subtitle->setText(text);
    scheduleReplot();
}

QString LivePlot::subtitle() const { return m_subtitle->text(); }

void LivePlot::setEmptyNote(const QString& text)
{
    m_emptyNote->setText(text);
    m_emptyNote->setVisible(!text.isEmpty());
}

void LivePlot::placeLegendAbove()
{
    legend->setVisible(true);
    legend->setFont(font());
    legend->setBrush(Qt::NoBrush);
    legend->setBorderPen(Qt::NoPen);
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    legend->setColumnSpacing(16);
    legend->setMargins(QMargins(6, 0, 6, 0));
    if (axisRect()->insetLayout()->take(legend))
        axisRect()->insetLayout()->simplify();
    plotLayout()->insertRow(1);
    plotLayout()->addElement(1, 0, legend);
    plotLayout()->setRowStretchFactor(1, 0.001);
    plotLayout()->setRowSpacing(0);
}

void LivePlot::fitLegend()
{
    if (!legend || !legend->visible() || legend->itemCount() == 0)
        return;
    QList<int> widths;
    for (int i = 0; i < legend->elementCount(); ++i)
        if (QCPLayoutElement* e = legend->elementAt(i))
            widths.append(e->minimumOuterSizeHint().width());
    const int count = int(widths.size());
    if (count == 0)
        return;
    // The page's shape, kept as designed the first time: a wrap of 0 is one line.
    const QByteArray key = QByteArrayLiteral("_rsDesignedWrap");
    if (!legend->property(key.constData()).isValid())
        legend->setProperty(key.constData(), legend->wrap());
    const int designedWrap = legend->property(key.constData()).toInt();
    const bool rowsFirst = legend->fillOrder() == QCPLayoutGrid::foRowsFirst;
    const auto rowsFor = [count](int columns) { return (count + columns - 1) / columns; };
    int maxColumns = count;
    if (designedWrap > 0)
        maxColumns = rowsFirst ? rowsFor(designedWrap) : std::min(designedWrap, count);

    const bool above = legend->layout() == plotLayout();
    const QMargins inset = axisRect()->insetLayout()->margins();
    // Inside: the axis rect is laid out after this, so its room is the plot's width less the axis
    // margins of the last layout (which a resize does not change).
    const int axisMargins = std::max(0, axisRect()->outerRect().width() - axisRect()->width());
    const int room = above ? viewport().width() : viewport().width() - axisMargins - inset.left() - inset.right() - 2;
    const QMargins m = legend->margins();
    const auto widthFor = [&](int columns) {
        const int rows = rowsFor(columns);
        if (rowsFirst)
            columns = rowsFor(rows); // 7 items in 2 rows of 4: 4 columns
        QList<int> column(columns, 0);
        for (int i = 0; i < count; ++i) {
            const int c = rowsFirst ? i / rows : i % columns;
            column[c] = std::max(column[c], widths[i]);
        }
        int w = m.left() + m.right() + legend->columnSpacing() * (columns - 1);
        for (int c : std::as_const(column))
            w += c;
        return w;
    };
    int columns = maxColumns;
    while (columns > 1 && widthFor(columns) > room)
        --columns;
    const int wrap = rowsFirst ? rowsFor(columns) : (columns >= count && designedWrap == 0 ? 0 : columns);
    const bool shaped = rowsFirst ? legend->rowCount() == rowsFor(columns) || count <= 1
                                  : legend->columnCount() == std::min(columns, count);
    if (wrap == legend->wrap() && shaped)
        return;
    legend->setWrap(wrap);
    legend->setFillOrder(legend->fillOrder(), true); // re-lays the items in the new wrap, in order
}

void LivePlot::scheduleReplot()
{
    if (!m_replotTimer.isActive())
        m_replotTimer.start();
}

void LivePlot::replotNow()
{
    if (!isVisible()) { // nobody sees it: draw when shown
        m_dirty = true;
        return;
    }
    m_dirty = false;
    if (m_zoomed) { // the user's view stays; what rescale() would choose is home for a reset
        const auto view = axisRanges();
        rescale();
        m_homeRanges = axisRanges();
        for (const auto& [axis, range] : view)
            axis->setRange(range);
    } else {
        rescale();
    }
    ++m_replots;
    replot(QCustomPlot::rpQueuedReplot);
}

void LivePlot::showEvent(QShowEvent* event)
{
    QCustomPlot::showEvent(event);
    if (m_dirty)
        scheduleReplot();
}

void LivePlot::changeEvent(QEvent* event)
{
    QCustomPlot::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange
        || event->type() == QEvent::StyleChange || event->type() == QEvent::FontChange) {
        applyPalette();
        if (isVisible())
            replot(QCustomPlot::rpQueuedReplot);
        else
            m_dirty = true;
    }
}

namespace {

// The colours a page gave an object are kept in two dynamic properties: what it designed (for a
// white background) and what was applied. A colour that is no longer the applied one was set by the
// page since, and becomes the new design; so switching palettes back and forth never drifts.
template <typename Get, typename Set>
void adapt(QObject* object, const char* key, const QPalette& palette, Get get, Set set, bool ink = false)
{
    const QByteArray designedKey = QByteArrayLiteral("_rsDesigned_") + key;
    const QByteArray appliedKey = QByteArrayLiteral("_rsApplied_") + key;
    const QColor current = get();
    const QVariant applied = object->property(appliedKey.constData());
    const QColor designed = applied.isValid() && applied.value<QColor>() == current
        ? object->property(designedKey.constData()).value<QColor>()
        : current;
    // Lines, marks and text (inks) stand out more in presentation mode; fills (bands, bars) keep theirs.
    const QColor readable = readableOn(palette, designed);
    const QColor out = ink ? ViewStyle::instance()->contrastInk(palette, readable) : readable;
    object->setProperty(designedKey.constData(), designed);
    object->setProperty(appliedKey.constData(), out);
    if (out != current)
        set(out);
}

// A size a page designed (a pen width, a scatter mark) times `factor`, kept as colours are: the
// design in one property, what was applied in another, so toggling presentation mode never drifts.
double adaptScaled(QObject* object, const QByteArray& key, double current, double factor)
{
    const QByteArray designedKey = QByteArrayLiteral("_rsDesigned_") + key;
    const QByteArray appliedKey = QByteArrayLiteral("_rsApplied_") + key;
    const QVariant applied = object->property(appliedKey.constData());
    const double designed = applied.isValid() && applied.toDouble() == current
        ? object->property(designedKey.constData()).toDouble()
        : current;
    // A cosmetic pen (width 0) draws one pixel wide: scaled from 1.
    const double out = factor == 1 ? designed : std::max(designed, 1.0) * factor;
    object->setProperty(designedKey.constData(), designed);
    object->setProperty(appliedKey.constData(), out);
    return out;
}

// A font a page gave an element, scaled with the plot's own font: a page builds its fonts from the
// plot's font() at the time, so when the application font grows (presentation mode), so do they.
QFont adaptFont(QObject* object, const char* key, const QFont& current, double plotPt)
{
    const QByteArray designedKey = QByteArrayLiteral("_rsDesignedFont_") + key;
    const QByteArray baseKey = QByteArrayLiteral("_rsDesignedBase_") + key;
    const QByteArray appliedKey = QByteArrayLiteral("_rsAppliedFont_") + key;
    const QVariant applied = object->property(appliedKey.constData());
    QFont designed = current;
    double base = plotPt;
    if (applied.isValid() && applied.value<QFont>() == current) {
        designed = object->property(designedKey.constData()).value<QFont>();
        base = object->property(baseKey.constData()).toDouble();
    }
    QFont out = designed;
    if (designed.pointSizeF() > 0 && base > 0 && plotPt > 0)
        out.setPointSizeF(designed.pointSizeF() * plotPt / base);
    object->setProperty(designedKey.constData(), designed);
    object->setProperty(baseKey.constData(), base);
    object->setProperty(appliedKey.constData(), out);
    return out;
}

void adaptPen(QObject* o, const char* key, const QPalette& p, const QPen& pen, const std::function<void(const QPen&)>& set,
    double widthScale = 1)
{
    if (pen.style() == Qt::NoPen)
        return;
    QPen q = pen;
    bool changed = false;
    adapt(o, key, p, [&] { return pen.color(); }, [&](const QColor& c) {
        q.setColor(c);
        changed = true;
    }, true);
    const double width = adaptScaled(o, QByteArray(key) + "Width", pen.widthF(), widthScale);
    if (width != pen.widthF()) {
        q.setWidthF(width);
        changed = true;
    }
    if (changed)
        set(q);
}

void adaptBrush(QObject* o, const char* key, const QPalette& p, const QBrush& brush,
    const std::function<void(const QBrush&)>& set)
{
    if (brush.style() == Qt::NoBrush || brush.gradient() || !brush.texture().isNull())
        return;
    adapt(o, key, p, [&] { return brush.color(); }, [&](const QColor& c) {
        QBrush b = brush;
        b.setColor(c);
        set(b);
    });
}

void adaptScatter(QObject* o, const QPalette& p, const QCPScatterStyle& style, const std::function<void(const QCPScatterStyle&)>& set)
{
    if (style.isNone())
        return;
    QCPScatterStyle s = style;
    bool changed = false;
    const ViewStyle* view = ViewStyle::instance();
    const double size = adaptScaled(o, "scatterSize", style.size(), view->markScale());
    if (size != style.size()) {
        s.setSize(size);
        changed = true;
    }
    adaptPen(o, "scatterPen", p, style.pen(), [&](const QPen& pen) { s.setPen(pen); changed = true; }, view->lineScale());
    adaptBrush(o, "scatterBrush", p, style.brush(), [&](const QBrush& b) { s.setBrush(b); changed = true; });
    if (changed)
        set(s);
}

void styleAxisColors(QCPAxis* axis, const QColor& ink, const QColor& grid, const QColor& subGrid, const QColor& zero)
{
    // Each pen keeps its width and style; only its colour follows the palette.
    const auto tinted = [](QPen pen, const QColor& color) {
        pen.setColor(color);
        return pen;
    };
    axis->setBasePen(tinted(axis->basePen(), ink));
    axis->setTickPen(tinted(axis->tickPen(), ink));
    axis->setSubTickPen(tinted(axis->subTickPen(), ink));
    axis->setLabelColor(ink);
    axis->setTickLabelColor(ink);
    QCPGrid* g = axis->grid();
    g->setPen(tinted(g->pen(), grid));
    g->setSubGridPen(tinted(g->subGridPen(), subGrid));
    if (g->zeroLinePen().style() != Qt::NoPen)
        g->setZeroLinePen(tinted(g->zeroLinePen(), zero));
}

} // namespace

void LivePlot::applyPalette()
{
    const QPalette& p = palette();
    const ViewStyle* view = ViewStyle::instance();
    const double lines = view->lineScale();
    applyFonts();
    const QColor base = p.color(QPalette::Base);
    const QColor ink = p.color(QPalette::Text);
    // QCustomPlot's grey grid (200 and 220 of 255 on white) as the same steps from Base towards Text.
    const QColor grid = mixColors(base, ink, 0.22), subGrid = mixColors(base, ink, 0.12), zero = mixColors(base, ink, 0.35);
    m_background = base;
    setBackground(QBrush(base));
    for (QCPAxisRect* rect : axisRects())
        for (QCPAxis* axis : rect->axes()) {
            styleAxisColors(axis, ink, grid, subGrid, zero);
            // Axis lines and ticks thicker in presentation mode; the grid stays fine.
            for (auto [get, set] : { std::pair { &QCPAxis::basePen, &QCPAxis::setBasePen },
                     std::pair { &QCPAxis::tickPen, &QCPAxis::setTickPen } }) {
                QPen pen = (axis->*get)();
                pen.setWidthF(lines);
                (axis->*set)(pen);
            }
        }
    // Colour scales (the pairwise heat map's key) carry an axis of their own; text elements other
    // than ours (a page's key) are adapted like items.
    for (QCPLayoutElement* e : plotLayout()->elements(true)) {
        if (auto* scale = qobject_cast<QCPColorScale*>(e))
            styleAxisColors(scale->axis(), ink, grid, subGrid, zero);
        else if (auto* text = qobject_cast<QCPTextElement*>(e); text && text != m_title && text != m_subtitle)
            adapt(text, "text", p, [text] { return text->textColor(); }, [text](const QColor& c) { text->setTextColor(c); });
    }
    m_title->setTextColor(ink);
    m_subtitle->setTextColor(mixColors(base, ink, 0.62));
    m_emptyNote->setColor(mixColors(base, ink, 0.5));
    legend->setTextColor(ink);
    adaptBrush(legend, "brush", p, legend->brush(), [this](const QBrush& b) { legend->setBrush(b); });
    adaptPen(legend, "border", p, legend->borderPen(), [this](const QPen& pen) { legend->setBorderPen(pen); });
    for (int i = 0; i < legend->itemCount(); ++i)
        if (QCPAbstractLegendItem* item = legend->item(i))
            item->setTextColor(ink);

    for (int i = 0; i < plottableCount(); ++i) {
        QCPAbstractPlottable* pl = plottable(i);
        if (qobject_cast<QCPColorMap*>(pl))
            continue; // a gradient, chosen to read on either
        adaptPen(pl, "pen", p, pl->pen(), [pl](const QPen& pen) { pl->setPen(pen); }, lines);
        adaptBrush(pl, "brush", p, pl->brush(), [pl](const QBrush& b) { pl->setBrush(b); });
        if (auto* graph = qobject_cast<QCPGraph*>(pl))
            adaptScatter(graph, p, graph->scatterStyle(), [graph](const QCPScatterStyle& s) { graph->setScatterStyle(s); });
        else if (auto* curve = qobject_cast<QCPCurve*>(pl))
            adaptScatter(curve, p, curve->scatterStyle(), [curve](const QCPScatterStyle& s) { curve->setScatterStyle(s); });
    }
    for (int i = 0; i < itemCount(); ++i) {
        QCPAbstractItem* it = item(i);
        if (it == m_emptyNote)
            continue;
        if (auto* text = qobject_cast<QCPItemText*>(it)) {
            // White text sits on a coloured bar or band: it stays white.
            if (text->color() != QColor(Qt::white))
                adapt(text, "color", p, [text] { return text->color(); }, [text](const QColor& c) { text->setColor(c); });
            adaptBrush(text, "brush", p, text->brush(), [text](const QBrush& b) { text->setBrush(b); });
            adaptPen(text, "pen", p, text->pen(), [text](const QPen& pen) { text->setPen(pen); });
        } else if (auto* line = qobject_cast<QCPItemLine*>(it)) {
            adaptPen(line, "pen", p, line->pen(), [line](const QPen& pen) { line->setPen(pen); }, lines);
        } else if (auto* straight = qobject_cast<QCPItemStraightLine*>(it)) {
            adaptPen(straight, "pen", p, straight->pen(), [straight](const QPen& pen) { straight->setPen(pen); }, lines);
        } else if (auto* rect = qobject_cast<QCPItemRect*>(it)) {
            adaptPen(rect, "pen", p, rect->pen(), [rect](const QPen& pen) { rect->setPen(pen); }, lines);
            adaptBrush(rect, "brush", p, rect->brush(), [rect](const QBrush& b) { rect->setBrush(b); });
        } else if (auto* ellipse = qobject_cast<QCPItemEllipse*>(it)) {
            adaptPen(ellipse, "pen", p, ellipse->pen(), [ellipse](const QPen& pen) { ellipse->setPen(pen); }, lines);
            adaptBrush(ellipse, "brush", p, ellipse->brush(), [ellipse](const QBrush& b) { ellipse->setBrush(b); });
        } else if (auto* tracer = qobject_cast<QCPItemTracer*>(it)) {
            adaptPen(tracer, "pen", p, tracer->pen(), [tracer](const QPen& pen) { tracer->setPen(pen); }, lines);
            adaptBrush(tracer, "brush", p, tracer->brush(), [tracer](const QBrush& b) { tracer->setBrush(b); });
        } else if (auto* bracket = qobject_cast<QCPItemBracket*>(it)) {
            adaptPen(bracket, "pen", p, bracket->pen(), [bracket](const QPen& pen) { bracket->setPen(pen); }, lines);
        } else if (auto* curve = qobject_cast<QCPItemCurve*>(it)) {
            adaptPen(curve, "pen", p, curve->pen(), [curve](const QPen& pen) { curve->setPen(pen); }, lines);
        }
    }
}

void LivePlot::applyFonts()
{
    // Every font on the plot scales with the widget's font, which follows the application's
    // (presentation mode), whatever the page built it from.
    const double pt = font().pointSizeF();
    const auto axisFonts = [pt](QCPAxis* axis) {
        axis->setLabelFont(adaptFont(axis, "label", axis->labelFont(), pt));
        axis->setTickLabelFont(adaptFont(axis, "tick", axis->tickLabelFont(), pt));
    };
    for (QCPAxisRect* rect : axisRects())
        for (QCPAxis* axis : rect->axes())
            axisFonts(axis);
    for (QCPLayoutElement* e : plotLayout()->elements(true)) {
        if (auto* scale = qobject_cast<QCPColorScale*>(e))
            axisFonts(scale->axis());
        else if (auto* text = qobject_cast<QCPTextElement*>(e))
            text->setFont(adaptFont(text, "font", text->font(), pt));
    }
    legend->setFont(adaptFont(legend, "font", legend->font(), pt));
    const double marks = ViewStyle::instance()->markScale();
    const QSize icon(int(adaptScaled(legend, "iconW", legend->iconSize().width(), marks)),
        int(adaptScaled(legend, "iconH", legend->iconSize().height(), marks)));
    if (icon != legend->iconSize())
        legend->setIconSize(icon);
    for (int i = 0; i < legend->itemCount(); ++i)
        if (QCPAbstractLegendItem* item = legend->item(i))
            item->setFont(adaptFont(item, "font", item->font(), pt));
    for (int i = 0; i < itemCount(); ++i)
        if (auto* text = qobject_cast<QCPItemText*>(item(i)))
            text->setFont(adaptFont(text, "font", text->font(), pt));
}

void LivePlot::contextMenuEvent(QContextMenuEvent* event)
{
    QMenu menu(this);
    const QString name = objectName().isEmpty() ? QStringLiteral("plot") : objectName();
    QAction* reset = menu.addAction(tr("Reset View"), this, &LivePlot::resetView);
    reset->setEnabled(m_zoomed);
    reset->setToolTip(tr("Ctrl+wheel zooms, a drag pans, a double-click resets"));
    menu.addSeparator();
    menu.addAction(tr("Export Image…"), this, [this, name] { exportPlotInteractively(this, name, this); });
    menu.addAction(tr("Copy Image"), this, [this] { copyPlotImage(this); });
    menu.exec(event->globalPos());
}

void LivePlot::styleAxis(QCPAxis* axis, const QString& label)
{
    QFont f = axis->parentPlot()->font();
    axis->setLabel(label);
    axis->setLabelFont(f);
    axis->setTickLabelFont(f);
    axis->setVisible(true);
    axis->setTickLabels(true);
}

void LivePlot::setLogAxis(QCPAxis* axis, int base, const QString& label)
{
    axis->setScaleType(QCPAxis::stLogarithmic);
    QSharedPointer<QCPAxisTickerLog> ticker(new QCPAxisTickerLog);
    ticker->setLogBase(base);
    ticker->setSubTickCount(base == 2 ? 0 : 8);
    axis->setTicker(ticker);
    axis->setNumberFormat(base == 2 ? QStringLiteral("g") : QStringLiteral("gb"));
    styleAxis(axis, label);
}

QString LivePlot::number(double value, int digits)
{
    if (!std::isfinite(value))
        return QStringLiteral("–");
    if (value != 0 && std::abs(value) >= std::pow(10.0, digits))
        return QString::number(std::round(value), 'f', 0);
    return QString::number(value, 'g', digits);
}

} // namespace raidscope::gui
