// SPDX-License-Identifier: GPL-3.0-or-later
#include "plotexport.h"

#include "widgets/qcp.h"

#include "io/outputfile.h"

#include <QApplication>
#include <QBuffer>
#include <QClipboard>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPageLayout>
#include <QPdfWriter>
#include <QPushButton>
#include <QSpinBox>
#include <QSvgGenerator>

namespace raidscope::gui {

namespace {

// Vector output is drawn in the plot's pixels at the screen's usual 96 dpi, so text keeps the size
// it has beside the lines on the screen (QCustomPlot's own savePdf() uses the screen resolution too).
constexpr int kVectorDpi = 96;

bool drawVector(QCustomPlot* plot, QPaintDevice* device, QSize size)
{
    QCPPainter painter;
    if (!painter.begin(device))
        return false;
    painter.setMode(QCPPainter::pmVectorized);
    painter.setMode(QCPPainter::pmNoCaching);
    painter.setWindow(QRect(QPoint(0, 0), size));
    plot->toPainter(&painter, size.width(), size.height());
    return painter.end();
}

QString lastExportDir;

} // namespace

std::optional<PlotImageFormat> plotImageFormatForPath(const QString& path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == u"png")
        return PlotImageFormat::Png;
    if (suffix == u"svg")
        return PlotImageFormat::Svg;
    if (suffix == u"pdf")
        return PlotImageFormat::Pdf;
    return std::nullopt;
}

QByteArray renderPlot(QCustomPlot* plot, PlotImageFormat format, QSize size, double scale)
{
    if (size.isEmpty() || !(scale > 0))
        return {};
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    switch (format) {
    case PlotImageFormat::Png: {
        const QPixmap pixmap = plot->toPixmap(size.width(), size.height(), scale);
        if (pixmap.isNull() || !pixmap.save(&buffer, "PNG"))
            return {};
        break;
    }
    case PlotImageFormat::Svg: {
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        svg.setResolution(kVectorDpi);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setTitle(plot->objectName());
        svg.setDescription(QStringLiteral("RaidScope plot"));
        if (!drawVector(plot, &svg, size))
            return {};
        break;
    }
    case PlotImageFormat::Pdf: {
        QPdfWriter pdf(&buffer);
        pdf.setResolution(kVectorDpi);
        pdf.setCreator(QStringLiteral("RaidScope"));
        pdf.setTitle(plot->objectName());
        // One page the plot's size: 1 pixel at 96 dpi is 0.75 pt.
        const QSizeF points(size.width() * 72.0 / kVectorDpi, size.height() * 72.0 / kVectorDpi);
        pdf.setPageLayout(QPageLayout(QPageSize(points, QPageSize::Point, QString(), QPageSize::ExactMatch),
            QPageLayout::Portrait, QMarginsF(0, 0, 0, 0)));
        if (!drawVector(plot, &pdf, size))
            return {};
        break;
    }
    }
    return bytes;
}

bool savePlotImage(QCustomPlot* plot, const QString& path, QSize size, QString* error, double scale)
{
    const auto format = plotImageFormatForPath(path);
    if (!format) {
        *error = QObject::tr("%1: a plot is saved as .png, .svg or .pdf, not '%2'")
                     .arg(path, QFileInfo(path).suffix().isEmpty() ? QObject::tr("no extension") : QFileInfo(path).suffix());
        return false;
    }
    if (size.width() < 16 || size.height() < 16 || size.width() > 20000 || size.height() > 20000) {
        *error = QObject::tr("%1: the size must be 16 to 20000 pixels each way, not %2 x %3").arg(path).arg(size.width()).arg(size.height());
        return false;
    }
    const QByteArray bytes = renderPlot(plot, *format, size, scale);
    if (bytes.isEmpty()) {
        *error = QObject::tr("%1: the plot could not be drawn at %2 x %3").arg(path).arg(size.width()).arg(size.height());
        return false;
    }
    return writeOutputFile(path, bytes, {}, error);
}

void copyPlotImage(QCustomPlot* plot)
{
    QApplication::clipboard()->setPixmap(plot->toPixmap(plot->width(), plot->height(), 2.0));
}

bool exportPlotInteractively(QCustomPlot* plot, const QString& suggestedName, QWidget* parent)
{
    QDialog dialog(parent);
    dialog.setWindowTitle(QObject::tr("Export Plot"));
    auto* path = new QLineEdit(QDir(lastExportDir.isEmpty() ? QDir::currentPath() : lastExportDir).filePath(suggestedName + QStringLiteral(".png")));
    path->setObjectName(QStringLiteral("plotExportPath"));
    path->setMinimumWidth(420);
    path->setToolTip(QObject::tr("The format follows the extension: .png, .svg or .pdf"));
    auto* browse = new QPushButton(QObject::tr("Browse…"));
    QObject::connect(browse, &QPushButton::clicked, &dialog, [&] {
        const QString chosen = QFileDialog::getSaveFileName(&dialog, QObject::tr("Export Plot"), path->text(),
            QObject::tr("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"));
        if (!chosen.isEmpty())
            path->setText(chosen);
    });
    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(path, 1);
    pathRow->addWidget(browse);
    auto* width = new QSpinBox;
    width->setObjectName(QStringLiteral("plotExportWidth"));
    width->setRange(16, 20000);
    width->setValue(plot->width());
    width->setSuffix(QObject::tr(" px"));
    auto* height = new QSpinBox;
    height->setObjectName(QStringLiteral("plotExportHeight"));
    height->setRange(16, 20000);
    height->setValue(plot->height());
    height->setSuffix(QObject::tr(" px"));
    auto* scale = new QSpinBox;
    scale->setObjectName(QStringLiteral("plotExportScale"));
    scale->setRange(1, 4);
    scale->setValue(2);
    scale->setSuffix(QObject::tr(" x"));
    scale->setToolTip(QObject::tr("PNG only: pixels per plot pixel (2 x for a sharp image on a slide)"));
    auto* form = new QFormLayout(&dialog);
    form->addRow(QObject::tr("File:"), pathRow);
    form->addRow(QObject::tr("Width:"), width);
    form->addRow(QObject::tr("Height:"), height);
    form->addRow(QObject::tr("PNG scale:"), scale);
    form->addRow(new QLabel(QObject::tr("Text keeps its size on the screen; a larger plot shows more room, not larger text.")));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel);
    form->addRow(buttons);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    bool saved = false;
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, [&] {
        QString error;
        const QString file = path->text().trimmed();
        if (!savePlotImage(plot, file, QSize(width->value(), height->value()), &error, scale->value())) {
            QMessageBox::warning(&dialog, QObject::tr("Export Plot"), error);
            return; // the dialog stays, with what the user typed
        }
        lastExportDir = QFileInfo(file).absolutePath();
        saved = true;
        dialog.accept();
    });
    dialog.exec();
    return saved;
}

} // namespace raidscope::gui
