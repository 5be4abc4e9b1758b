// SPDX-License-Identifier: GPL-3.0-or-later
#include "responsepanel.h"

#include "responseplot.h"
#include "widgets/jobbar.h"
#include "widgets/shortcuts.h"
#include "widgets/jobrunner.h"

#include "disk/diskpreset.h"
#include "io/outputfile.h"
#include "layout/arrayspec.h"
#include "units.h"

#include "widgets/flowlayout.h"
#include "widgets/reflowsplitter.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <cmath>

namespace raidscope::gui {

ResponsePanel::ResponsePanel(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("responsePanel"));
    m_scheme = new QComboBox;
    m_scheme->setObjectName(QStringLiteral("responseScheme"));
    m_scheme->setToolTip(tr("The array's RAID scheme, as the zoned RAID model has them: RAID 01 or RAID 5"));
    m_scheme->addItem(tr("RAID 01 (mirrored stripes)"), int(ZonedRaidRequest::Scheme::Raid01));
    m_scheme->addItem(tr("RAID 5"), int(ZonedRaidRequest::Scheme::Raid5));
    m_scheme->setCurrentIndex(1);
    m_disks = new QSpinBox;
    m_disks->setObjectName(QStringLiteral("responseDisks"));
    m_disks->setToolTip(tr("Member disks of the array, e.g. 4"));
    m_disks->setRange(2, 1024);
    m_disks->setValue(4);
    m_block = new QLineEdit(QStringLiteral("128KiB"));
    m_block->setObjectName(QStringLiteral("responseBlock"));
    m_block->setToolTip(tr("The stripe unit (block); requests are whole blocks from a stripe boundary"));
    m_disk = new QComboBox;
    m_disk->setObjectName(QStringLiteral("responseDisk"));
    for (const DiskPreset& p : diskPresets())
        if (ZonedDiskService::fromPreset(p.id, 131072))
            m_disk->addItem(QStringLiteral("%1 (%2)").arg(p.id, p.name), p.id);
    m_disk->setCurrentIndex(std::max(0, m_disk->findData(QStringLiteral("st3500630ns")))); // the paper's drive
    m_disk->setToolTip(tr("Mechanical presets only: the model needs zones, a seek curve and a rotation"));
    m_rate = new QDoubleSpinBox;
    m_rate->setObjectName(QStringLiteral("responseRate"));
    m_rate->setRange(0.001, 1e6);
    m_rate->setDecimals(3);
    m_rate->setValue(10); // the paper's 0.01 requests/ms
    m_rate->setSuffix(tr(" requests/s"));
    m_rate->setToolTip(tr("Poisson arrivals at the array (the paper's 0.01-0.03 requests/ms are 10-30/s)"));
    m_blocks = new QSpinBox;
    m_blocks->setObjectName(QStringLiteral("responseBlocks"));
    m_blocks->setToolTip(tr("Blocks (stripe units) each request covers, e.g. 5 for 5 x 128 KiB"));
    m_blocks->setRange(1, 100000);
    m_blocks->setValue(5);
    m_read = new QDoubleSpinBox;
    m_read->setObjectName(QStringLiteral("responseRead"));
    m_read->setToolTip(tr("The share of requests that are reads, 0 to 1 (1: reads only)"));
    m_read->setRange(0, 1);
    m_read->setDecimals(2);
    m_read->setSingleStep(0.25);
    m_writeModel = new QComboBox;
    m_writeModel->setObjectName(QStringLiteral("responseWriteModel"));
    m_writeModel->addItem(tr("single class (Appendix)"), int(ZonedRaidRequest::WriteModel::SingleClass));
    m_writeModel->addItem(tr("multiclass (3.1.1)"), int(ZonedRaidRequest::WriteModel::Multiclass));
    m_writeModel->addItem(tr("priority (3.1.2)"), int(ZonedRaidRequest::WriteModel::Priority));
    m_writeModel->setToolTip(tr("How RAID 5 partial-stripe writes are modelled; RAID 01 has one write model"));
    m_simulate = new QCheckBox(tr("Also simulate the same array and workload"));
    m_simulate->setObjectName(QStringLiteral("responseSimulate"));
    m_simulate->setToolTip(tr("Run the same array and workload through the simulator and draw its distribution beside the model's"));
    m_simulate->setChecked(true);
    m_count = new QSpinBox;
    m_count->setObjectName(QStringLiteral("responseCount"));
    m_count->setToolTip(tr("Requests the simulation completes, e.g. 20000 (more: a smoother curve, a longer run)"));
    m_count->setRange(100, 10000000);
    m_count->setValue(20000);
    m_count->setSuffix(tr(" requests"));
    connect(m_simulate, &QCheckBox::toggled, m_count, &QWidget::setEnabled);
    m_fromArray = new QPushButton(tr("The Array page's array"));
    m_fromArray->setObjectName(QStringLiteral("responseFromArray"));
    m_fromArray->setToolTip(tr("Take the scheme, disks, chunk and disk preset of the array on the Array page"));
    m_fromArray->setEnabled(false);
    connect(m_fromArray, &QPushButton::clicked, this, [this] {
        if (m_arraySource)
            setArray(m_arraySource());
    });

    auto* box = new QGroupBox(tr("Array and requests (sections 2-3)"));
    auto* form = new QFormLayout(box);
    form->setRowWrapPolicy(QFormLayout::WrapLongRows); // fields under their labels on a narrow window
    form->addRow(tr("Scheme:"), m_scheme);
    form->addRow(tr("Disks:"), m_disks);
    form->addRow(tr("Block (stripe unit):"), m_block);
    form->addRow(tr("Disk:"), m_disk);
    form->addRow(m_fromArray);
    form->addRow(tr("Arrival rate:"), m_rate);
    form->addRow(tr("Blocks per request:"), m_blocks);
    form->addRow(tr("Read fraction:"), m_read);
    form->addRow(tr("RAID 5 write model:"), m_writeModel);
    form->addRow(m_simulate);
    form->addRow(tr("Simulated:"), m_count);

    m_run = new QPushButton(tr("Compute"));
    m_run->setObjectName(QStringLiteral("responseRun"));
    m_run->setToolTip(tr("Compute the response-time distribution of the model (and run the simulation when asked)"));
    setButtonShortcut(m_run, keys::run());
    connect(m_run, &QPushButton::clicked, this, [this] { compute(); });
    m_runner = new JobRunner(this);
    m_bar = new JobBar(m_runner, Qt::Vertical);
    m_bar->setObjectName(QStringLiteral("responseJobBar"));
    m_bar->addStartWidget(m_run);
    m_bar->statusLabel()->setObjectName(QStringLiteral("responseStatus"));
    QPushButton* save = m_bar->addSaveButton(tr("Save &JSON…"));
    save->setObjectName(QStringLiteral("responseSave"));
    save->setToolTip(tr("The model's (and the simulation's) response-time distribution as JSON"));
    connect(save, &QPushButton::clicked, this, [this] {
        m_bar->saveAs(tr("Save Response Times"), tr("Compute first"), QStringLiteral("response.json"), tr("JSON files (*.json)"),
            [this](const QString& path, QString* error) {
                return writeOutputFile(path, QJsonDocument(resultJson()).toJson(QJsonDocument::Indented), {}, error);
            });
    });
    m_summary = new QLabel;
    m_summary->setObjectName(QStringLiteral("responseSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);

    auto* inputs = new QVBoxLayout;
    inputs->addWidget(box);
    inputs->addWidget(m_bar);
    inputs->addWidget(m_summary);
    inputs->addStretch(1);
    auto* inputPanel = new QWidget;
    inputPanel->setLayout(inputs);
    inputPanel->setMaximumWidth(inputPanel->fontMetrics().averageCharWidth() * 80); // in characters: it grows with the font
    m_cdf = new ResponsePlot(ResponsePlot::Kind::Cdf);
    m_pdf = new ResponsePlot(ResponsePlot::Kind::Pdf);
    auto* plots = new QVBoxLayout;
    plots->addWidget(m_cdf, 1);
    plots->addWidget(m_pdf, 1);
    // Inputs beside the plots when they fit, above them when not (#54 item 7).
    auto* resultPanel = new QWidget;
    resultPanel->setLayout(plots);
    plots->setContentsMargins(0, 0, 0, 0);
    auto* split = new ReflowSplitter;
    split->setObjectName(QStringLiteral("responseViews"));
    split->setChildrenCollapsible(false);
    split->addWidget(inputPanel);
    split->addWidget(resultPanel);
    split->setStretchFactor(1, 1);
    auto* layout = new QHBoxLayout(this);
    layout->addWidget(split);
}

void ResponsePanel::setArraySource(std::function<QString()> spec)
{
    m_arraySource = std::move(spec);
    m_fromArray->setEnabled(bool(m_arraySource));
}

bool ResponsePanel::setArray(const QString& text)
{
    QString error;
    const auto spec = parseArraySpec(text, &error);
    if (!spec) {
        showError(tr("The array %1: %2").arg(text, error));
        return false;
    }
    const QString scheme = spec->scheme.toLower();
    const int disks = spec->disks.value_or(0);
    if (scheme == u"raid5") {
        m_scheme->setCurrentIndex(m_scheme->findData(int(ZonedRaidRequest::Scheme::Raid5)));
    } else if (scheme == u"raid10" && spec->copies.value_or(2) == 2 && disks % 2 == 0) {
        m_scheme->setCurrentIndex(m_scheme->findData(int(ZonedRaidRequest::Scheme::Raid01)));
    } else {
        showError(tr("The response-time model has RAID 01 (raid10 with 2 copies on an even number of disks) and RAID 5; not %1 of %2 disks")
                      .arg(spec->scheme)
                      .arg(disks));
        return false;
    }
    const int preset = m_disk->findData(spec->diskPreset);
    if (preset < 0) {
        showError(tr("The array's disk %1 is not a mechanical preset the model can take").arg(spec->diskPreset));
        return false;
    }
    m_disks->setValue(disks);
    m_block->setText(formatBytes(spec->chunkBytes));
    m_disk->setCurrentIndex(preset);
    return true;
}

std::optional<ZonedRaidRequest> ResponsePanel::request(QString* error) const
{
    ZonedRaidRequest q;
    q.scheme = ZonedRaidRequest::Scheme(m_scheme->currentData().toInt());
    q.disks = m_disks->value();
    const auto block = parseBytes(m_block->text().trimmed(), error);
    if (!block) {
        *error = tr("Block: %1").arg(*error);
        return std::nullopt;
    }
    q.blockBytes = *block;
    q.diskPreset = m_disk->currentData().toString();
    q.ratePerMs = m_rate->value() / 1000;
    q.blocks = m_blocks->value();
    q.readFraction = m_read->value();
    q.writeModel = ZonedRaidRequest::WriteModel(m_writeModel->currentData().toInt());
    if (const QString why = zonedRaidRequestProblem(q); !why.isEmpty()) {
        *error = why;
        return std::nullopt;
    }
    return q;
}

bool ResponsePanel::isRunning() const { return m_runner->isRunning(); }

void ResponsePanel::showError(const QString& error) { m_bar->setStatus(error, true); }

bool ResponsePanel::compute()
{
    QString error;
    const auto q = request(&error);
    if (!q) {
        showError(error);
        return false;
    }
    const bool simulate = m_simulate->isChecked();
    const std::uint64_t count = std::uint64_t(m_count->value());
    m_bar->setProgress(0);
    m_bar->setStatus(simulate ? tr("Modelling, then simulating %1 requests…").arg(count) : tr("Modelling…"));
    m_runner->start(
        [q = *q, simulate, count](std::stop_token stop, auto) {
            Outcome out;
            out.request = q;
            out.model = evaluateZonedRaid(q);
            if (simulate && !stop.stop_requested())
                out.simulation = simulateZonedRaid(q, count, stop, &out.error);
            return out;
        },
        [](const int&) {},
        [this](Outcome out) { show(out); });
    return true;
}

void ResponsePanel::show(const Outcome& out)
{
    m_request = out.request;
    m_model = out.model;
    m_simulation = out.simulation;
    m_cdf->setCurves(out.model.cdf, out.simulation ? out.simulation->cdf : std::vector<ResponsePoint> {});
    m_pdf->setCurves(out.model.pdf, out.simulation ? out.simulation->pdf : std::vector<ResponsePoint> {});
    const auto line = [](const QString& who, double mean, double variance, double p50, double p90, double p95, double p99) -> QString {
        return QStringLiteral("<b>%1</b>: mean %2 ms, variance %3 ms², p50 %4, p90 %5, p95 %6, p99 %7 ms")
            .arg(who)
            .arg(mean, 0, 'f', 1)
            .arg(variance, 0, 'f', 1)
            .arg(p50, 0, 'f', 1)
            .arg(p90, 0, 'f', 1)
            .arg(p95, 0, 'f', 1)
            .arg(p99, 0, 'f', 1);
    };
    QStringList text;
    const ZonedRaidResult& m = out.model;
    if (m.saturated)
        text << tr("<b>Model</b>: saturated (a disk's utilization %1): no steady state").arg(m.utilization, 0, 'f', 2);
    else
        text << line(tr("Model"), m.meanMs, m.varianceMs2, m.p50Ms, m.p90Ms, m.p95Ms, m.p99Ms)
                + tr(" (busiest disk %1)").arg(m.utilization, 0, 'f', 2);
    if (const auto& s = out.simulation)
        text << line(tr("Simulation"), s->meanMs, s->varianceMs2, s->p50Ms, s->p90Ms, s->p95Ms, s->p99Ms)
                + tr(" (%1 requests)").arg(s->requests);
    m_summary->setText(text.join(QStringLiteral("<br>")));
    m_bar->setProgress(1);
    m_bar->setHasResult(true);
    if (!out.error.isEmpty())
        m_bar->setStatus(tr("Simulation: %1").arg(out.error), true);
    else
        m_bar->setStatus(out.simulation ? tr("Model and simulation of %1").arg(zonedRaidSimulation(out.request, 0).arraySpec)
                                        : tr("Model of the array"));
}

WorkspaceResponse ResponsePanel::saveState() const
{
    WorkspaceResponse s;
    s.scheme = ZonedRaidRequest::Scheme(m_scheme->currentData().toInt()) == ZonedRaidRequest::Scheme::Raid01
        ? QStringLiteral("raid01")
        : QStringLiteral("raid5");
    s.disks = m_disks->value();
    s.block = m_block->text().trimmed();
    s.disk = m_disk->currentData().toString();
    s.ratePerSec = m_rate->value();
    s.blocks = m_blocks->value();
    s.readFraction = m_read->value();
    const auto model = ZonedRaidRequest::WriteModel(m_writeModel->currentData().toInt());
    s.writeModel = model == ZonedRaidRequest::WriteModel::Multiclass ? QStringLiteral("multiclass")
        : model == ZonedRaidRequest::WriteModel::Priority            ? QStringLiteral("priority")
                                                                     : QStringLiteral("single");
    s.simulate = m_simulate->isChecked();
    s.simulateCount = m_count->value();
    return s;
}

void ResponsePanel::restoreState(const WorkspaceResponse& state)
{
    m_scheme->setCurrentIndex(m_scheme->findData(
        int(state.scheme == u"raid01" ? ZonedRaidRequest::Scheme::Raid01 : ZonedRaidRequest::Scheme::Raid5)));
    m_disks->setValue(state.disks);
    m_block->setText(state.block);
    if (const int i = m_disk->findData(state.disk); i >= 0)
        m_disk->setCurrentIndex(i);
    m_rate->setValue(state.ratePerSec);
    m_blocks->setValue(state.blocks);
    m_read->setValue(state.readFraction);
    const auto model = state.writeModel == u"multiclass" ? ZonedRaidRequest::WriteModel::Multiclass
        : state.writeModel == u"priority"                ? ZonedRaidRequest::WriteModel::Priority
                                                         : ZonedRaidRequest::WriteModel::SingleClass;
    m_writeModel->setCurrentIndex(m_writeModel->findData(int(model)));
    m_simulate->setChecked(state.simulate);
    m_count->setValue(state.simulateCount);
}

QJsonObject ResponsePanel::resultJson() const
{
    if (!m_model || !m_request)
        return {};
    QJsonObject json { { QStringLiteral("model"), zonedRaidResultJson(*m_model) } };
    if (m_simulation) {
        const ZonedRaidSimulation s = zonedRaidSimulation(*m_request, m_simulation->requests);
        json.insert(QStringLiteral("simulation"), QJsonObject { { QStringLiteral("array"), s.arraySpec },
            { QStringLiteral("workload"), s.workloadSpec }, { QStringLiteral("meanMs"), m_simulation->meanMs },
            { QStringLiteral("varianceMs2"), m_simulation->varianceMs2 },
            { QStringLiteral("percentilesMs"), QJsonObject { { QStringLiteral("50"), m_simulation->p50Ms },
                { QStringLiteral("90"), m_simulation->p90Ms }, { QStringLiteral("95"), m_simulation->p95Ms },
                { QStringLiteral("99"), m_simulation->p99Ms } } } });
    }
    return json;
}

} // namespace raidscope::gui
