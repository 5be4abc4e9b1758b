// SPDX-License-Identifier: GPL-3.0-or-later
#include "modelspage.h"
#include "calibrationpanel.h"
#include "widgets/theme.h"

#include "minervasweepplot.h"
#include "responsepanel.h"
#include "widgets/tableexport.h"

#include "io/outputfile.h"
#include "layout/arrayspec.h"
#include "units.h"

#include "widgets/flowlayout.h"
#include "widgets/reflowsplitter.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace raidscope::gui {

namespace {

enum StreamColumn { Rate, Size, Read, Run, On, Off, Columns };

QDoubleSpinBox* spin(const char* name, double lo, double hi, int decimals, const QString& suffix, const QString& tip)
{
    auto* s = new QDoubleSpinBox;
    s->setObjectName(QString::fromLatin1(name));
    s->setRange(lo, hi);
    s->setDecimals(decimals);
    s->setSuffix(suffix);
    s->setToolTip(tip);
    return s;
}

QString cellText(const QTableWidget* t, int row, int col)
{
    const QTableWidgetItem* item = t->item(row, col);
    return item ? item->text().trimmed() : QString();
}

} // namespace

ModelsPage::ModelsPage(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("modelsPage"));

    m_type = new QComboBox;
    m_type->setObjectName(QStringLiteral("minervaType"));
    m_type->setToolTip(tr("The LU's RAID level, as Minerva models it (section 2.2)"));
    m_type->addItem(tr("RAID 1/0 (striped mirrors)"), int(MinervaLuType::Raid10));
    m_type->addItem(tr("RAID 1 (2 disks)"), int(MinervaLuType::Raid1));
    m_type->addItem(tr("RAID 5"), int(MinervaLuType::Raid5));
    m_disks = new QSpinBox;
    m_disks->setObjectName(QStringLiteral("minervaDisks"));
    m_disks->setRange(2, 256);
    m_disks->setToolTip(tr("LU_size: the disks in the LU"));
    m_stripeUnit = new QLineEdit;
    m_stripeUnit->setObjectName(QStringLiteral("minervaStripeUnit"));
    m_stripeUnit->setToolTip(tr("stripe_unit_size, with a unit: 64KiB"));
    m_positionMs = spin("minervaPositionMs", 0, 1000, 3, tr(" ms"), tr("mean_position_time: a random request's seek and rotation"));
    m_transferMBs = spin("minervaTransfer", 0.001, 100000, 2, tr(" MB/s"), tr("transfer_rate of one disk (MB = 10^6 bytes)"));
    m_bandwidthMBs = spin("minervaBandwidth", 0, 1e6, 1, tr(" MB/s"), tr("max_controller_bandwidth (eq. 1); 0: no limit"));
    m_bandwidthMBs->setSpecialValueText(tr("no limit"));
    m_throughput = spin("minervaThroughput", 0, 1e9, 0, tr(" requests/s"), tr("max_controller_throughput (eq. 2); 0: no limit"));
    m_throughput->setSpecialValueText(tr("no limit"));
    m_fromArray = new QPushButton(tr("The Array page's array"));
    m_fromArray->setObjectName(QStringLiteral("minervaFromArray"));
    m_fromArray->setToolTip(tr("Takes the scheme, disks, chunk and the disk preset's positioning and transfer rate"));
    m_fromArray->setEnabled(false);
    connect(m_fromArray, &QPushButton::clicked, this, [this] {
        if (m_arraySource)
            setLuFromArray(m_arraySource());
    });
    auto* luBox = new QGroupBox(tr("LU (Minerva section 2.2-2.5)"));
    auto* luForm = new QFormLayout(luBox);
    luForm->setRowWrapPolicy(QFormLayout::WrapLongRows); // fields under their labels on a narrow window
    luForm->addRow(tr("Type:"), m_type);
    luForm->addRow(tr("Disks:"), m_disks);
    luForm->addRow(tr("Stripe unit:"), m_stripeUnit);
    luForm->addRow(tr("Positioning:"), m_positionMs);
    luForm->addRow(tr("Transfer rate:"), m_transferMBs);
    luForm->addRow(tr("Controller bandwidth:"), m_bandwidthMBs);
    luForm->addRow(tr("Controller throughput:"), m_throughput);
    m_driveNote = new QLabel;
    m_driveNote->setWordWrap(true);
    m_driveNote->setStyleSheet(QStringLiteral("color: %1").arg(mutedInk(this).name()));
    luForm->addRow(m_fromArray);
    luForm->addRow(m_driveNote);

    m_streams = new QTableWidget(0, Columns);
    installTableExport(m_streams, QStringLiteral("streams"));
    m_streams->setObjectName(QStringLiteral("minervaStreams"));
    m_streams->setHorizontalHeaderLabels({ tr("Rate\n/s"), tr("Size"), tr("Read\nfraction"), tr("Run\ncount"), tr("ON\ns"), tr("OFF\ns") });
    m_streams->verticalHeader()->setVisible(true);
    // Numbers whole: a column as wide as its widest cell, never wrapped or elided mid-number (#54
    // item 8: a stretched column wrapped "0.5" under "Read fraction" as "0." over "5").
    m_streams->setWordWrap(false);
    m_streams->setTextElideMode(Qt::ElideNone);
    m_streams->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_streams->horizontalHeader()->setStretchLastSection(true);
    m_streams->setToolTip(tr("One row per stream (section 2.1): requests per second while ON, mean size, read probability, "
                             "requests per sequential run, and mean ON and OFF periods (OFF 0: always ON)"));
    connect(m_streams, &QTableWidget::itemChanged, this, [this] { recompute(); });
    auto* add = new QPushButton(tr("Add stream"));
    add->setObjectName(QStringLiteral("minervaAddStream"));
    add->setToolTip(tr("Add a stream: 100 requests/s of 8 KiB reads, one request a run, always ON; edit its cells"));
    connect(add, &QPushButton::clicked, this, [this] { addStream(100, QStringLiteral("8KiB"), 1, 1); });
    auto* remove = new QPushButton(tr("Remove"));
    remove->setObjectName(QStringLiteral("minervaRemoveStream"));
    remove->setToolTip(tr("Remove the selected stream (the last one when none is selected)"));
    connect(remove, &QPushButton::clicked, this, [this] {
        const int row = m_streams->currentRow() >= 0 ? m_streams->currentRow() : m_streams->rowCount() - 1;
        if (row >= 0)
            m_streams->removeRow(row);
        recompute();
    });
    m_fromTrace = new QPushButton(tr("The Traces page's trace"));
    m_fromTrace->setObjectName(QStringLiteral("minervaFromTrace"));
    m_fromTrace->setToolTip(tr("One stream with the summarized trace's rate, mean size, read share and run count"));
    m_fromTrace->setEnabled(false);
    connect(m_fromTrace, &QPushButton::clicked, this, [this] {
        const auto summary = m_traceSource ? m_traceSource() : nullptr;
        if (!summary)
            showError(tr("No trace is summarized on the Traces page"));
        else
            setStreamFromTrace(*summary);
    });
    auto* streamButtons = new FlowLayout;
    streamButtons->addWidget(add);
    streamButtons->addWidget(remove);
    streamButtons->addWidget(m_fromTrace);
    auto* streamBox = new QGroupBox(tr("Streams (section 2.1)"));
    auto* streamLayout = new QVBoxLayout(streamBox);
    streamLayout->addWidget(m_streams);
    streamLayout->addLayout(streamButtons);

    m_smallWrite = new QComboBox;
    m_smallWrite->setObjectName(QStringLiteral("minervaSmallWrite"));
    m_smallWrite->setToolTip(tr("What a RAID 5 small write costs: the equations' 1 + 2L/su disk accesses or the prose's "
                                "2 reads and 2 writes"));
    m_smallWrite->addItem(tr("equations: 1 + 2L/su disks"), int(MinervaOptions::Raid5SmallWrite::Equations));
    m_smallWrite->addItem(tr("prose: 2 reads + 2 writes"), int(MinervaOptions::Raid5SmallWrite::TwoOps));
    m_writeSize = new QComboBox;
    m_writeSize->setObjectName(QStringLiteral("minervaWriteSize"));
    m_writeSize->setToolTip(tr("Bytes each disk transfers for a RAID 5 write: eq. 5 as printed, or capped per disk "
                               "written as eq. 4 does"));
    m_writeSize->addItem(tr("eq. 5 as printed"), int(MinervaOptions::Raid5WriteSize::Eq5));
    m_writeSize->addItem(tr("per disk written (eq. 4's cap)"), int(MinervaOptions::Raid5WriteSize::PerDisk));
    // A short title: a group box's title does not wrap, and a long one sets the page's width.
    auto* optionBox = new QGroupBox(tr("RAID 5 readings"));
    optionBox->setToolTip(tr("Where Minerva's prose and equations disagree, which to follow"));
    auto* optionForm = new QFormLayout(optionBox);
    optionForm->setRowWrapPolicy(QFormLayout::WrapLongRows); // fields under their labels on a narrow window
    optionForm->addRow(tr("Small write:"), m_smallWrite);
    optionForm->addRow(tr("Bytes per disk written:"), m_writeSize);

    auto* save = new QPushButton(tr("Save &JSON…"));
    save->setObjectName(QStringLiteral("minervaSave"));
    save->setToolTip(tr("The input and the result, as raidscope-cli model throughput reads and prints them"));
    connect(save, &QPushButton::clicked, this, [this] {
        QString error;
        const auto in = input(&error);
        if (!in) {
            QMessageBox::warning(this, tr("Save Model"), error);
            return;
        }
        const QString path = QFileDialog::getSaveFileName(this, tr("Save Model"), QStringLiteral("minerva.json"), tr("JSON files (*.json)"));
        if (path.isEmpty())
            return;
        QJsonObject json = minervaInputJson(*in);
        json.insert(QStringLiteral("result"), minervaResultJson(evaluateMinerva(*in)));
        if (!writeOutputFile(path, QJsonDocument(json).toJson(QJsonDocument::Indented), {}, &error))
            QMessageBox::warning(this, tr("Save Model"), error);
    });

    m_resultText = new QLabel;
    m_resultText->setObjectName(QStringLiteral("minervaResult"));
    m_resultText->setWordWrap(true);
    m_resultText->setTextFormat(Qt::RichText);

    auto* inputs = new QVBoxLayout;
    inputs->addWidget(luBox);
    inputs->addWidget(streamBox, 1);
    inputs->addWidget(optionBox);
    inputs->addWidget(save, 0, Qt::AlignLeft);
    auto* inputPanel = new QWidget;
    inputPanel->setLayout(inputs);
    inputPanel->setMaximumWidth(inputPanel->fontMetrics().averageCharWidth() * 80); // in characters: it grows with the font

    m_readPlot = new MinervaSweepPlot(MinervaAxis::ReadProbability);
    m_sizePlot = new MinervaSweepPlot(MinervaAxis::RequestSize);
    m_runPlot = new MinervaSweepPlot(MinervaAxis::RunCount);
    auto* results = new QVBoxLayout;
    results->addWidget(m_resultText);
    results->addWidget(m_readPlot, 1);
    results->addWidget(m_sizePlot, 1);
    results->addWidget(m_runPlot, 1);

    // Two models, a tab each: throughput (Minerva) and response time (zoned RAID).
    // Inputs beside the plots when they fit, above them when not (#54 item 7).
    auto* resultPanel = new QWidget;
    resultPanel->setLayout(results);
    results->setContentsMargins(0, 0, 0, 0);
    auto* minerva = new ReflowSplitter;
    minerva->setObjectName(QStringLiteral("minervaViews"));
    minerva->setChildrenCollapsible(false);
    minerva->addWidget(inputPanel);
    minerva->addWidget(resultPanel);
    minerva->setStretchFactor(1, 1);
    m_response = new ResponsePanel;
    m_tabs = new QTabWidget;
    m_tabs->setObjectName(QStringLiteral("modelsTabs"));
    m_tabs->addTab(minerva, tr("Throughput (Minerva)"));
    m_tabs->addTab(m_response, tr("Response time (zoned RAID)"));
    m_calibration = new CalibrationPanel;
    m_tabs->addTab(m_calibration, tr("Calibration (Minerva)"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tabs);

    for (QDoubleSpinBox* s : { m_positionMs, m_transferMBs, m_bandwidthMBs, m_throughput })
        connect(s, &QDoubleSpinBox::valueChanged, this, [this] { recompute(); });
    connect(m_disks, &QSpinBox::valueChanged, this, [this] { recompute(); });
    connect(m_stripeUnit, &QLineEdit::textChanged, this, [this] { recompute(); });
    for (QComboBox* c : { m_type, m_smallWrite, m_writeSize })
        connect(c, &QComboBox::currentIndexChanged, this, [this] { recompute(); });

    // The paper's baseline workload (Table 1: 32 KB requests, half reads, run count 1) on a RAID 5
    // of 4 disks of 64 KiB units, on a drive of the FC-30's era.
    m_filling = true;
    setLuFromArray(QStringLiteral("raid5 disks=4 chunk=64KiB disk=ibm-9lzx"));
    addStream(100, QStringLiteral("32KiB"), 0.5, 1);
    m_filling = false;
    recompute();
}

void ModelsPage::setArraySource(std::function<QString()> spec)
{
    m_arraySource = spec;
    m_fromArray->setEnabled(bool(m_arraySource));
    m_response->setArraySource(std::move(spec));
}

void ModelsPage::showModel(int index) { m_tabs->setCurrentIndex(index); }

void ModelsPage::setTraceSource(std::function<std::shared_ptr<const TraceSummary>()> summary)
{
    m_traceSource = std::move(summary);
    m_fromTrace->setEnabled(bool(m_traceSource));
}

bool ModelsPage::setLuFromArray(const QString& text)
{
    QString error;
    const auto spec = parseArraySpec(text, &error);
    const auto lu = spec ? minervaLuFromArray(*spec, &error) : std::nullopt;
    if (!lu) {
        showError(tr("The array %1: %2").arg(text, error));
        return false;
    }
    const bool was = m_filling;
    m_filling = true;
    m_type->setCurrentIndex(m_type->findData(int(lu->type)));
    m_disks->setValue(lu->size);
    m_stripeUnit->setText(formatBytes(std::uint64_t(lu->stripeUnitSize)));
    m_positionMs->setValue(lu->meanPositionTime * 1000);
    m_transferMBs->setValue(lu->transferRate / 1e6);
    m_driveNote->setText(tr("From %1: the %2 preset's mean positioning and zone transfer rate, as the Advisor derives them.")
                             .arg(text, spec->diskPreset));
    m_filling = was;
    recompute();
    return true;
}

bool ModelsPage::setStreamFromTrace(const TraceSummary& summary)
{
    QString error;
    const auto s = minervaStreamFromTrace(summary, &error);
    if (!s) {
        showError(error);
        return false;
    }
    const bool was = m_filling;
    m_filling = true;
    m_streams->setRowCount(0);
    addStream(s->requestRate, QString::number(std::llround(s->requestSize)) + QStringLiteral("B"), s->readProbability, s->runCount);
    m_filling = was;
    recompute();
    return true;
}

void ModelsPage::addStream(double rate, const QString& size, double read, double runCount, double onSeconds, double offSeconds)
{
    const bool was = m_filling;
    m_filling = true;
    const int row = m_streams->rowCount();
    m_streams->insertRow(row);
    const QStringList cells { QString::number(rate, 'g', 6), size, QString::number(read, 'g', 4), QString::number(runCount, 'g', 4),
        QString::number(onSeconds, 'g', 6), QString::number(offSeconds, 'g', 6) };
    for (int c = 0; c < Columns; ++c)
        m_streams->setItem(row, c, new QTableWidgetItem(cells[c]));
    m_filling = was;
    recompute();
}

std::optional<MinervaInput> ModelsPage::input(QString* error) const
{
    MinervaInput in;
    in.lu.type = MinervaLuType(m_type->currentData().toInt());
    in.lu.size = m_disks->value();
    const auto su = parseBytes(m_stripeUnit->text().trimmed(), error);
    if (!su) {
        *error = tr("Stripe unit: %1").arg(*error);
        return std::nullopt;
    }
    in.lu.stripeUnitSize = double(*su);
    in.lu.meanPositionTime = m_positionMs->value() / 1000;
    in.lu.transferRate = m_transferMBs->value() * 1e6;
    in.lu.maxControllerBandwidth = m_bandwidthMBs->value() * 1e6;
    in.lu.maxControllerThroughput = m_throughput->value();
    in.options.raid5SmallWrite = MinervaOptions::Raid5SmallWrite(m_smallWrite->currentData().toInt());
    in.options.raid5WriteSize = MinervaOptions::Raid5WriteSize(m_writeSize->currentData().toInt());
    const QStringList names { tr("rate"), tr("size"), tr("read fraction"), tr("run count"), tr("ON"), tr("OFF") };
    for (int row = 0; row < m_streams->rowCount(); ++row) {
        MinervaStream s;
        double* fields[] = { &s.requestRate, nullptr, &s.readProbability, &s.runCount, &s.onTime, &s.offTime };
        for (int c = 0; c < Columns; ++c) {
            const QString text = cellText(m_streams, row, c);
            if (c == Size) {
                const auto bytes = parseBytes(text, error);
                if (!bytes) {
                    *error = tr("Stream %1, size: %2").arg(row + 1).arg(*error);
                    return std::nullopt;
                }
                s.requestSize = double(*bytes);
                continue;
            }
            bool ok = false;
            *fields[c] = text.toDouble(&ok);
            if (!ok || !std::isfinite(*fields[c])) {
                *error = tr("Stream %1, %2: '%3' is not a number").arg(row + 1).arg(names[c], text);
                return std::nullopt;
            }
        }
        in.streams.push_back(s);
    }
    if (const QString why = minervaInputProblem(in); !why.isEmpty()) {
        *error = why;
        return std::nullopt;
    }
    return in;
}

WorkspaceModels ModelsPage::saveState() const
{
    WorkspaceModels s;
    s.tab = m_tabs->currentIndex();
    QString error;
    s.minerva = input(&error);
    s.response = m_response->saveState();
    s.responseResult = m_response->resultJson();
    return s;
}

bool ModelsPage::restoreState(const WorkspaceModels& state, QString* error)
{
    if (m_response->isRunning()) {
        if (error)
            *error = tr("Models page: the response-time model is running (Cancel it first)");
        return false;
    }
    if (state.minerva) {
        const MinervaInput& in = *state.minerva;
        const bool was = m_filling;
        m_filling = true;
        m_type->setCurrentIndex(m_type->findData(int(in.lu.type)));
        m_disks->setValue(in.lu.size);
        m_stripeUnit->setText(formatBytes(std::uint64_t(in.lu.stripeUnitSize)));
        m_positionMs->setValue(in.lu.meanPositionTime * 1000);
        m_transferMBs->setValue(in.lu.transferRate / 1e6);
        m_bandwidthMBs->setValue(in.lu.maxControllerBandwidth / 1e6);
        m_throughput->setValue(in.lu.maxControllerThroughput);
        m_smallWrite->setCurrentIndex(m_smallWrite->findData(int(in.options.raid5SmallWrite)));
        m_writeSize->setCurrentIndex(m_writeSize->findData(int(in.options.raid5WriteSize)));
        m_driveNote->clear();
        m_streams->setRowCount(0);
        for (const MinervaStream& s : in.streams)
            addStream(s.requestRate, formatBytes(std::uint64_t(std::llround(s.requestSize))), s.readProbability, s.runCount,
                s.onTime, s.offTime);
        m_filling = was;
        recompute();
    }
    if (state.response)
        m_response->restoreState(*state.response);
    showModel(state.tab);
    return true;
}

void ModelsPage::showError(const QString& error)
{
    m_result.reset();
    m_resultText->setText(QStringLiteral("<span style='color:%1'>%2</span>").arg(errorInk(this).name(), error.toHtmlEscaped()));
    for (MinervaSweepPlot* p : { m_readPlot, m_sizePlot, m_runPlot })
        p->clear(tr("No model: see the message above"));
}

void ModelsPage::recompute()
{
    if (m_filling)
        return;
    QString error;
    const auto in = input(&error);
    if (!in) {
        showError(error);
        return;
    }
    const MinervaResult r = evaluateMinerva(*in);
    m_result = r;
    const QString binding = r.binding == u"disk" ? tr("the disks")
        : r.binding == u"controller_bandwidth"   ? tr("the controller's bandwidth")
                                                 : tr("the controller's throughput");
    double total = 0;
    for (const MinervaStream& s : in->streams)
        total += s.requestRate;
    QString text = tr("<b>Utilization %1</b> at %2 requests/s (%3: disks %4, controller bandwidth %5, throughput %6). "
                      "<b>Maximum: %7 requests/s</b> (every rate x%8), bound by %9.")
                       .arg(r.utilization, 0, 'f', 3)
                       .arg(total, 0, 'g', 5)
                       .arg(r.feasible ? tr("feasible") : tr("<span style='color:#b00020'>NOT feasible</span>"))
                       .arg(r.diskUtilization, 0, 'f', 3)
                       .arg(r.controllerBandwidthUtilization, 0, 'f', 3)
                       .arg(r.controllerThroughputUtilization, 0, 'f', 3)
                       .arg(r.maxRequestRate, 0, 'f', 1)
                       .arg(r.maxScale, 0, 'g', 4)
                       .arg(binding);
    if (r.phase >= 0)
        text += tr(" The worst moment: just after stream %1 switches ON (section 2.6).").arg(r.phase + 1);
    m_resultText->setText(themedHtml(this, text));
    for (MinervaSweepPlot* p : { m_readPlot, m_sizePlot, m_runPlot })
        p->setInput(*in);
}

} // namespace raidscope::gui
