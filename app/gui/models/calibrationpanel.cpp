// SPDX-License-Identifier: GPL-3.0-or-later
#include "calibrationpanel.h"

#include "widgets/jobbar.h"
#include "widgets/jobrunner.h"
#include "widgets/liveplot.h"
#include "widgets/shortcuts.h"

#include "disk/diskparameters.h"
#include "disk/diskpreset.h"
#include "io/outputfile.h"
#include "units.h"

#include "widgets/flowlayout.h"
#include "widgets/reflowsplitter.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonDocument>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace raidscope::gui {

/// Calibrated prediction against the simulated maximum, fit points and held-out points apart, with
/// the line where they agree.
class CalibrationPlot : public LivePlot
{
public:
    explicit CalibrationPlot(QWidget* parent = nullptr)
        : LivePlot(parent)
    {
        setObjectName(QStringLiteral("calibrationPlot"));
        setTitle(tr("Maximum throughput: calibrated model against simulation"));
        styleAxis(xAxis, tr("Simulated maximum (requests/s)"));
        styleAxis(yAxis, tr("Calibrated model (requests/s)"));
        m_diagonal = addGraph();
        m_diagonal->setName(tr("agreement"));
        m_diagonal->setPen(QPen(QColor(0x88, 0x88, 0x88), 1.0, Qt::DashLine));
        const auto scatter = [this](const QString& name, QColor colour, QCPScatterStyle::ScatterShape shape) {
            QCPGraph* g = addGraph();
            g->setName(name);
            g->setLineStyle(QCPGraph::lsNone);
            g->setPen(QPen(colour, 2));
            g->setScatterStyle(QCPScatterStyle(shape, colour, 8));
            return g;
        };
        m_fit = scatter(tr("fit set"), QColor(0x3b, 0x75, 0xaf), QCPScatterStyle::ssCircle);
        m_test = scatter(tr("held out"), QColor(0xc4, 0x4e, 0x52), QCPScatterStyle::ssDiamond);
        placeLegendAbove();
        setEmptyNote(tr("Run the calibration to see its fit"));
    }

    void setStudy(const MinervaCalibrationStudy& s)
    {
        for (QCPGraph* g : { m_diagonal, m_fit, m_test })
            g->data()->clear();
        double top = 1;
        for (const MinervaCalibrationPoint& p : s.points) {
            if (!std::isfinite(p.calibratedPerSec))
                continue;
            (p.fitted ? m_fit : m_test)->addData(p.measuredPerSec, p.calibratedPerSec);
            top = std::max({ top, p.measuredPerSec, p.calibratedPerSec });
        }
        m_diagonal->addData(0, 0);
        m_diagonal->addData(top * 1.05, top * 1.05);
        setEmptyNote({});
        xAxis->setRange(0, top * 1.05);
        yAxis->setRange(0, top * 1.05);
        scheduleReplot();
    }

private:
    QCPGraph* m_diagonal = nullptr;
    QCPGraph* m_fit = nullptr;
    QCPGraph* m_test = nullptr;
};

CalibrationPanel::CalibrationPanel(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("calibrationPanel"));
    const MinervaCalibrationOptions defaults;
    m_scheme = new QComboBox;
    m_scheme->setObjectName(QStringLiteral("calibrationScheme"));
    m_scheme->addItem(tr("RAID 5"), QStringLiteral("raid5"));
    m_scheme->addItem(tr("RAID 1/0 (raid10, 2 copies)"), QStringLiteral("raid10"));
    m_scheme->setToolTip(tr("One calibration per LU type (2.7)"));
    m_disk = new QComboBox;
    m_disk->setObjectName(QStringLiteral("calibrationDisk"));
    for (const DiskPreset& p : diskPresets())
        m_disk->addItem(QStringLiteral("%1 (%2)").arg(p.id, p.name), p.id);
    m_disk->setCurrentIndex(std::max(0, m_disk->findData(defaults.diskPreset)));
    m_disk->setToolTip(tr("The member disks of every simulated array"));
    m_perDisk = new QSpinBox;
    m_perDisk->setObjectName(QStringLiteral("calibrationCount"));
    m_perDisk->setRange(100, 100000);
    m_perDisk->setValue(int(defaults.requestsPerDisk));
    m_perDisk->setSuffix(tr(" requests per disk"));
    m_perDisk->setToolTip(tr("Simulated requests per array and workload, per member disk"));

    const auto list = [](const auto& v, const QString& unit) {
        QStringList s;
        for (const auto& x : v)
            s << QString::number(x) + unit;
        return s.join(QStringLiteral(", "));
    };
    auto* box = new QGroupBox(tr("Calibration (2.7) on simulated arrays"));
    auto* form = new QFormLayout(box);
    form->setRowWrapPolicy(QFormLayout::WrapLongRows); // fields under their labels on a narrow window
    form->addRow(tr("Scheme:"), m_scheme);
    form->addRow(tr("Disk:"), m_disk);
    form->addRow(tr("Simulated:"), m_perDisk);
    const auto percent = [](const std::vector<double>& v) {
        QStringList s;
        for (double x : v)
            s << QStringLiteral("%1 %").arg(100 * x);
        return s.join(QStringLiteral(", "));
    };
    auto* sets = new QLabel(tr("<b>Fitted on</b> %1 disks; %2; reads %3.<br><b>Held out</b>: %4 disks; %5; reads %6.<br>"
                               "Random requests, %7 outstanding per disk, %8 stripe unit.")
                                .arg(list(defaults.fitDisks, {}), list(defaults.fitSizesKiB, QStringLiteral(" KiB")),
                                    percent(defaults.fitReadFractions), list(defaults.testDisks, {}),
                                    list(defaults.testSizesKiB, QStringLiteral(" KiB")), percent(defaults.testReadFractions))
                                .arg(defaults.outstandingPerDisk)
                                .arg(formatBytes(defaults.chunkBytes)));
    sets->setWordWrap(true);
    form->addRow(sets);

    m_run = new QPushButton(tr("Calibrate"));
    m_run->setObjectName(QStringLiteral("calibrationRun"));
    m_run->setToolTip(tr("Simulate every array and workload, fit the calibration on the fit set, predict the held-out set"));
    connect(m_run, &QPushButton::clicked, this, [this] { run(); });
    m_runner = new JobRunner(this);
    m_bar = new JobBar(m_runner, Qt::Vertical);
    m_bar->setObjectName(QStringLiteral("calibrationJobBar"));
    m_bar->addStartWidget(m_run);
    QPushButton* save = m_bar->addSaveButton(tr("Save &JSON…"));
    save->setObjectName(QStringLiteral("calibrationSave"));
    save->setToolTip(tr("Save the calibration study as JSON (raidscope-cli model calibrate --json's object)"));
    connect(save, &QPushButton::clicked, this, [this] {
        m_bar->saveAs(tr("Save Calibration"), tr("Calibrate first"), QStringLiteral("calibration.json"), tr("JSON files (*.json)"),
            [this](const QString& path, QString* error) {
                return writeOutputFile(path, QJsonDocument(minervaCalibrationJson(*m_study)).toJson(QJsonDocument::Indented), {}, error);
            });
    });
    m_summary = new QLabel;
    m_summary->setObjectName(QStringLiteral("calibrationSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);

    m_points = new QTableWidget(0, 8);
    m_points->setObjectName(QStringLiteral("calibrationPoints"));
    m_points->setHorizontalHeaderLabels({ tr("Set"), tr("Disks"), tr("Size"), tr("Reads"), tr("Simulated"),
        tr("Uncalibrated"), tr("Calibrated"), tr("Error") });
    m_points->setToolTip(tr("Maximum throughputs in requests/s; the error is the calibrated model's"));
    m_points->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_points->horizontalHeader()->setStretchLastSection(true);
    m_points->setWordWrap(false); // numbers whole, never wrapped mid-number (#54 item 8)
    m_points->setTextElideMode(Qt::ElideNone);
    m_points->verticalHeader()->hide();
    m_points->setEditTriggers(QAbstractItemView::NoEditTriggers);

    auto* inputs = new QVBoxLayout;
    inputs->addWidget(box);
    inputs->addWidget(m_bar);
    inputs->addWidget(m_summary);
    inputs->addStretch(1);
    auto* inputPanel = new QWidget;
    inputPanel->setLayout(inputs);
    inputPanel->setMaximumWidth(inputPanel->fontMetrics().averageCharWidth() * 80); // in characters: it grows with the font
    m_plot = new CalibrationPlot;
    auto* right = new QVBoxLayout;
    right->addWidget(m_plot, 3);
    right->addWidget(m_points, 2);
    // Inputs beside the plots when they fit, above them when not (#54 item 7).
    auto* resultPanel = new QWidget;
    resultPanel->setLayout(right);
    right->setContentsMargins(0, 0, 0, 0);
    auto* split = new ReflowSplitter;
    split->setObjectName(QStringLiteral("calibrationViews"));
    split->setChildrenCollapsible(false);
    split->addWidget(inputPanel);
    split->addWidget(resultPanel);
    split->setStretchFactor(1, 1);
    auto* layout = new QHBoxLayout(this);
    layout->addWidget(split);
}

bool CalibrationPanel::isRunning() const { return m_runner->isRunning(); }

void CalibrationPanel::run()
{
    MinervaCalibrationOptions o;
    o.scheme = m_scheme->currentData().toString();
    o.diskPreset = m_disk->currentData().toString();
    o.requestsPerDisk = std::uint64_t(m_perDisk->value());
    m_bar->setProgress(0);
    m_bar->setStatus(tr("Simulating the arrays…"));
    struct Outcome
    {
        std::optional<MinervaCalibrationStudy> study;
        QString error;
    };
    m_runner->start(
        [o](std::stop_token stop, auto report) {
            Outcome out;
            out.study = runMinervaCalibration(o, stop, report, &out.error);
            return out;
        },
        [this](const MinervaCalibrationProgress& p) {
            if (p.total > 0)
                m_bar->setProgress(double(p.done) / p.total);
        },
        [this](Outcome out) {
            if (!out.study) {
                m_bar->setStatus(out.error, true);
                return;
            }
            show(*out.study);
        });
}

void CalibrationPanel::show(const MinervaCalibrationStudy& s)
{
    m_study = s;
    const auto stats = [](const MinervaErrorStats& e) {
        return tr("mean %1 %, mean |error| %2 %, max |error| %3 % (%4 points)%5")
            .arg(e.meanPct, 0, 'f', 1)
            .arg(e.meanAbsPct, 0, 'f', 1)
            .arg(e.maxAbsPct, 0, 'f', 1)
            .arg(e.points)
            .arg(e.undefined ? tr("; %1 with no prediction (calibration not positive)").arg(e.undefined) : QString());
    };
    QStringList c;
    for (double x : s.calibration.c)
        c << QString::number(x, 'g', 3);
    m_summary->setText(tr("<b>Calibration</b> (1, x, y, x², xy, y²; x KiB, y disks): %1<br>"
                          "<b>Fit set</b>: %2 (uncalibrated: %3)<br>"
                          "<b>Held out</b>: %4 (uncalibrated: %5)<br>"
                          "<b>The paper</b> (measured FC-30): mean %6 %, max %7 %<br>"
                          "Error: (simulated − predicted) / simulated, above 0 pessimistic (Minerva Fig. 1).")
                           .arg(c.join(QStringLiteral(", ")), stats(s.fitCalibrated), stats(s.fitUncalibrated),
                               stats(s.testCalibrated), stats(s.testUncalibrated))
                           .arg(kMinervaPaperMeanErrorPct, 0, 'f', 1)
                           .arg(kMinervaPaperMaxErrorPct, 0, 'f', 0));
    m_points->setRowCount(int(s.points.size()));
    for (int row = 0; row < int(s.points.size()); ++row) {
        const MinervaCalibrationPoint& p = s.points[std::size_t(row)];
        const QStringList cells { p.fitted ? tr("fit") : tr("held out"), QString::number(p.disks),
            formatBytes(std::uint64_t(p.requestBytes)), QStringLiteral("%1 %").arg(100 * p.readFraction),
            QString::number(p.measuredPerSec, 'f', 0), QString::number(p.uncalibratedPerSec, 'f', 0),
            QString::number(p.calibratedPerSec, 'f', 0), QStringLiteral("%1 %").arg(p.calibratedErrorPct(), 0, 'f', 1) };
        for (int col = 0; col < cells.size(); ++col)
            m_points->setItem(row, col, new QTableWidgetItem(cells[col]));
    }
    m_plot->setStudy(s);
    m_bar->setProgress(1);
    m_bar->setHasResult(true);
    m_bar->setStatus(tr("Calibrated on %1 points, tested on %2 held out").arg(s.fitCalibrated.points).arg(s.testCalibrated.points));
}

} // namespace raidscope::gui
