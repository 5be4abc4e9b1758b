// SPDX-License-Identifier: GPL-3.0-or-later
#include "advisorpage.h"

#include "advisor/stripesettings.h"

#include "advisorcostplot.h"
#include "advisorcurveplot.h"
#include "advisorskewplot.h"
#include "widgets/tableexport.h"
#include "widgets/arrayspeceditor.h"
#include "widgets/jobbar.h"
#include "widgets/shortcuts.h"
#include "widgets/jobrunner.h"

#include "io/outputfile.h"
#include "trace/tracejob.h"
#include "trace/tracesummary.h"

#include "layout/layoutregistry.h"
#include "units.h"

#include "widgets/flowlayout.h"
#include "widgets/reflowsplitter.h"

#include <QCheckBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSpinBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace raidscope::gui {

AdvisorPage::AdvisorPage(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("advisorPage"));

    m_array = new ArraySpecEditor;
    m_array->setObjectName(QStringLiteral("advisorArray"));
    m_array->setSpecText(QStringLiteral("raid5 disks=8 chunk=16KiB disk=cheetah-15k"));
    connect(m_array, &ArraySpecEditor::layoutChanged, this, &AdvisorPage::arraySpecChanged);
    connect(m_array, &ArraySpecEditor::layoutChanged, this, &AdvisorPage::arrayEdited);
    auto* arrayBox = new QGroupBox(tr("Array"));
    arrayBox->setToolTip(tr("Its chunk is the current size, compared with the candidates"));
    (new QVBoxLayout(arrayBox))->addWidget(m_array);

    m_sizes = new QLineEdit(QStringLiteral("8KiB:60,32KiB:25,128KiB:15"));
    m_sizes->setObjectName(QStringLiteral("advisorSizes"));
    m_sizes->setToolTip(tr("Request sizes with weights, as the workload's size= key takes them"));
    m_read = new QDoubleSpinBox;
    m_read->setObjectName(QStringLiteral("advisorRead"));
    m_read->setRange(0, 1);
    m_read->setSingleStep(0.05);
    m_read->setDecimals(2);
    m_read->setValue(0.7);
    m_read->setToolTip(tr("The share of requests that are reads, 0 to 1 (0.7: 70 % reads, 30 % writes)"));
    QStringList defaults;
    for (std::uint64_t c : defaultChunkCandidates())
        defaults << formatBytes(c);
    m_chunks = new QLineEdit(defaults.join(u','));
    m_chunks->setObjectName(QStringLiteral("advisorChunks"));
    m_chunks->setToolTip(tr("The chunk (stripe unit) sizes to compare, comma-separated with units, e.g. 16KiB,64KiB,256KiB"));
    m_traceButton = new QPushButton(tr("From a trace…"));
    m_traceButton->setObjectName(QStringLiteral("advisorTraceButton"));
    m_traceButton->setToolTip(tr("Take the request sizes, read share and queue depth from a block I/O trace"));
    connect(m_traceButton, &QPushButton::clicked, this, &AdvisorPage::chooseTrace);
    m_traceLabel = new QLabel(tr("none: the sizes above"));
    m_traceLabel->setObjectName(QStringLiteral("advisorTraceLabel"));
    m_tracesPageButton = new QPushButton(tr("The Traces page's"));
    m_tracesPageButton->setObjectName(QStringLiteral("advisorTracesPageButton"));
    m_tracesPageButton->setToolTip(tr("Use the trace open on the Traces page"));
    m_tracesPageButton->setEnabled(false);
    connect(m_tracesPageButton, &QPushButton::clicked, this, [this] {
        const QStringList files = m_tracesPageFiles ? m_tracesPageFiles() : QStringList();
        if (files.isEmpty()) {
            showError(tr("No trace is open on the Traces page"));
            return;
        }
        setTrace(files.front());
        requestAdvice();
    });
    auto* traceRow = new FlowLayout(FlowLayout::Justify::Fill);
    traceRow->addWidget(m_traceButton);
    traceRow->addWidget(m_tracesPageButton);
    traceRow->addWidget(m_traceLabel);
    m_traceLabel->setWordWrap(true);
    m_traceLabel->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    m_outstanding = new QSpinBox;
    m_outstanding->setObjectName(QStringLiteral("advisorOutstanding"));
    m_outstanding->setRange(0, 1024);
    m_outstanding->setValue(8);
    m_outstanding->setSpecialValueText(tr("no simulation"));
    m_outstanding->setToolTip(tr("Simulates each candidate with this many requests in flight (a trace sets its own queue depth)"));
    m_hostStripe = new QLineEdit;
    m_hostStripe->setObjectName(QStringLiteral("advisorHostStripe"));
    m_hostStripe->setPlaceholderText(tr("optional, e.g. 1MiB"));
    m_hostStripe->setToolTip(tr("A host volume manager's stripe over this array, checked against the whitepaper's ranges"));
    auto* workloadBox = new QGroupBox(tr("Workload and candidates"));
    auto* workloadForm = new QFormLayout(workloadBox);
    workloadForm->setRowWrapPolicy(QFormLayout::WrapLongRows); // a narrow window puts fields under their labels
    workloadForm->addRow(tr("Request sizes:"), m_sizes);
    workloadForm->addRow(tr("Read share:"), m_read);
    workloadForm->addRow(tr("Trace:"), traceRow);
    workloadForm->addRow(tr("Candidate chunks:"), m_chunks);
    workloadForm->addRow(tr("Simulate, in flight:"), m_outstanding);
    workloadForm->addRow(tr("Host stripe:"), m_hostStripe);

    m_givenDrive = new QCheckBox(tr("Give the drive's figures instead of the preset's"));
    m_givenDrive->setObjectName(QStringLiteral("advisorGivenDrive"));
    m_givenDrive->setToolTip(tr("Use the positioning time and transfer rate typed below rather than the array's disk preset"));
    m_positioning = new QLineEdit(QStringLiteral("5.6ms"));
    m_positioning->setObjectName(QStringLiteral("advisorPositioning"));
    m_positioning->setToolTip(tr("The drive's mean positioning time (seek plus rotational latency) with its unit, e.g. 5.6ms"));
    m_transfer = new QLineEdit(QStringLiteral("64MB/s"));
    m_transfer->setObjectName(QStringLiteral("advisorTransfer"));
    m_transfer->setToolTip(tr("The drive's media transfer rate with its unit, e.g. 64MB/s"));
    m_positioning->setEnabled(false);
    m_transfer->setEnabled(false);
    connect(m_givenDrive, &QCheckBox::toggled, m_positioning, &QWidget::setEnabled);
    connect(m_givenDrive, &QCheckBox::toggled, m_transfer, &QWidget::setEnabled);
    auto* driveBox = new QGroupBox(tr("Drive"));
    auto* driveForm = new QFormLayout(driveBox);
    driveForm->setRowWrapPolicy(QFormLayout::WrapLongRows);
    driveForm->addRow(m_givenDrive);
    driveForm->addRow(tr("Positioning per access:"), m_positioning);
    driveForm->addRow(tr("Transfer rate:"), m_transfer);

    m_run = new QPushButton(tr("Advise"));
    m_run->setObjectName(QStringLiteral("advisorRun"));
    m_run->setToolTip(tr("Advise a stripe unit for the workload and disks above"));
    setButtonShortcut(m_run, keys::run());
    m_run->setDefault(true);
    connect(m_run, &QPushButton::clicked, this, [this] { requestAdvice(); });
    m_runner = new JobRunner(this);
    m_bar = new JobBar(m_runner, Qt::Vertical);
    m_bar->setObjectName(QStringLiteral("advisorJobBar"));
    m_bar->addStartWidget(m_run);
    m_bar->statusLabel()->setObjectName(QStringLiteral("advisorStatus"));
    QPushButton* json = m_bar->addSaveButton(tr("Save &JSON…"));
    json->setObjectName(QStringLiteral("advisorSaveJson"));
    json->setToolTip(tr("The advice as JSON, as raidscope-cli advise --json prints it"));
    connect(json, &QPushButton::clicked, this, [this] {
        m_bar->saveAs(tr("Save Advice"), tr("Advise first"), QStringLiteral("advice.json"), tr("JSON files (*.json)"),
            [this](const QString& path, QString* error) {
                return writeOutputFile(path, QJsonDocument(adviceJson()).toJson(QJsonDocument::Indented), { m_tracePath }, error);
            });
    });
    QPushButton* csv = m_bar->addSaveButton(tr("Save &CSV…"), false);
    csv->setObjectName(QStringLiteral("advisorSaveCsv"));
    csv->setToolTip(tr("The candidates' table as CSV, one row per chunk size"));
    connect(csv, &QPushButton::clicked, this, [this] {
        m_bar->saveAs(tr("Save Advice"), tr("Advise first"), QStringLiteral("advice.csv"), tr("CSV files (*.csv)"),
            [this](const QString& path, QString* error) { return writeOutputFile(path, adviceCsv().toUtf8(), { m_tracePath }, error); });
    });
    m_drive = new QLabel;
    m_drive->setObjectName(QStringLiteral("advisorDrive"));
    m_drive->setWordWrap(true);

    auto* inputs = new QVBoxLayout;
    inputs->addWidget(arrayBox);
    inputs->addWidget(workloadBox);
    inputs->addWidget(driveBox);
    inputs->addWidget(m_bar);

    m_plot = new AdvisorCostPlot;
    m_plot->setMinimumHeight(250);
    m_curve = new AdvisorCurvePlot;
    m_curve->setMinimumHeight(250);
    m_skew = new AdvisorSkewPlot;
    m_skew->setMinimumHeight(250);
    m_controllers = new QSpinBox;
    m_controllers->setObjectName(QStringLiteral("advisorControllers"));
    m_controllers->setRange(2, 100000);
    m_controllers->setValue(20); // the whitepaper's example
    m_controllers->setToolTip(tr("N: controllers (arrays like this one) the load is spread over; a trace of several devices sets it"));
    m_controllerIops = new QDoubleSpinBox;
    m_controllerIops->setObjectName(QStringLiteral("advisorControllerIops"));
    m_controllerIops->setRange(0, 1e9);
    m_controllerIops->setDecimals(0);
    m_controllerIops->setSingleStep(100);
    m_controllerIops->setSpecialValueText(tr("the recommended chunk's"));
    m_controllerIops->setToolTip(tr("C: requests per second one controller serves; by default the recommended chunk's with every disk busy"));
    connect(m_controllers, &QSpinBox::valueChanged, this, [this] { updateSkew(); });
    connect(m_controllerIops, &QDoubleSpinBox::valueChanged, this, [this] { updateSkew(); });
    auto* skewRow = new FlowLayout;
    skewRow->addPair(new QLabel(tr("Skew curve: controllers")), m_controllers);
    skewRow->addPair(new QLabel(tr("of")), m_controllerIops);
    skewRow->addWidget(new QLabel(tr("requests/s each")));
    m_table = new QTableWidget;
    installTableExport(m_table, QStringLiteral("advice"));
    m_table->setObjectName(QStringLiteral("advisorTable"));
    m_table->setColumnCount(11);
    m_table->setHorizontalHeaderLabels({ tr("Chunk"), tr("Drives\nrandom"), tr("Drives\naligned"), tr("Ops"),
        tr("Extra\nops"), tr("Position\nms"), tr("Transfer\nms"), tr("Position\nshare"), tr("Sim.\nIOPS"),
        tr("Sim. p90\nms"), tr("Minerva\nIOPS") });
    // Full names in the tooltips; the headers stay short so that every column fits beside the plots.
    const QStringList tips { tr("The candidate chunk (stripe unit) size"), tr("Drives a request touches, at a random block alignment"),
        tr("Drives a request touches when it starts on a chunk boundary"), tr("Disk operations per request"),
        tr("Parity and mirror-copy operations per request (RAID 4/5/6 read-modify-write, reconstruct-write)"),
        tr("Positioning (seek + rotation) per request, summed over its disk operations"),
        tr("Transfer (productive) time per request"), tr("Positioning's share of the disk time"),
        tr("Simulated requests per second"), tr("Simulated 90th percentile response time"),
        tr("Minerva's analytical maximum requests per second (RAID 1/0, RAID 1, RAID 5)") };
    for (int c = 0; c < tips.size(); ++c)
        m_table->horizontalHeaderItem(c)->setToolTip(tips[c]);
    m_table->verticalHeader()->setVisible(false);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setMinimumHeight(300);
    m_recommendationText = new QLabel;
    m_recommendationText->setObjectName(QStringLiteral("advisorRecommendation"));
    m_recommendationText->setWordWrap(true);
    QFont big = m_recommendationText->font();
    big.setPointSizeF(big.pointSizeF() * 1.1);
    m_recommendationText->setFont(big);

    // Left: what goes in, and the table of what comes out; right: the verdict and its two pictures.
    inputs->addWidget(m_drive);
    inputs->addWidget(m_table, 1);
    auto* results = new QVBoxLayout;
    results->addWidget(m_recommendationText);
    results->addWidget(m_plot, 1);
    results->addWidget(m_curve, 1);
    results->addLayout(skewRow);
    results->addWidget(m_skew, 1);

    auto* inputPanel = new QWidget;
    inputPanel->setLayout(inputs);
    inputPanel->setMaximumWidth(inputPanel->fontMetrics().averageCharWidth() * 110); // in characters: it grows with the font
    auto* resultPanel = new QWidget;
    resultPanel->setLayout(results);
    results->setContentsMargins(0, 0, 0, 0);
    inputs->setContentsMargins(0, 0, 0, 0);
    // A column, so that a line above the page (the array under study's) spans it; inputs and results
    // side by side when they fit, one above the other when not (#54 item 7).
    auto* column = new QVBoxLayout(this);
    auto* layout = new ReflowSplitter;
    layout->setObjectName(QStringLiteral("advisorViews"));
    layout->setChildrenCollapsible(false);
    layout->addWidget(inputPanel);
    layout->addWidget(resultPanel);
    layout->setStretchFactor(1, 1);
    column->addWidget(layout, 1);
    advise();
}

void AdvisorPage::showError(const QString& error)
{
    m_bar->setStatus(error, true);
}

bool AdvisorPage::isRunning() const { return m_runner->isRunning(); }

void AdvisorPage::arrayEdited()
{
    const QString now = m_array->canonicalSpec();
    if (m_restoring || now.isEmpty() || (m_advice && now == m_options.array.toText() && !m_runner->isRunning()))
        return;
    if (m_asked) {
        if (m_advice)
            m_bar->setStatus(tr("The advice shown is for %1: Advise to compare chunks of %2").arg(m_options.array.toText(), now));
        return;
    }
    if (m_runner->isRunning())
        m_adviseAgain = true; // start() would wait for the running one to end: after it instead
    else
        advise();
}

std::vector<StripeSetting> AdvisorPage::recommendedSettings() const
{
    if (!m_advice || m_recommendation.best < 0)
        return {};
    const auto resolved = LayoutRegistry::instance().resolve(m_options.array, nullptr);
    return resolved ? stripeSettings(*resolved, m_advice->candidates[std::size_t(m_recommendation.best)].chunkBytes)
                    : std::vector<StripeSetting> {};
}

QString AdvisorPage::arraySpec() const { return m_array->canonicalSpec(); }

bool AdvisorPage::setArraySpecText(const QString& text) { return m_array->setSpecText(text); }

void AdvisorPage::setTracesPageFiles(std::function<QStringList()> files)
{
    m_tracesPageFiles = std::move(files);
    m_tracesPageButton->setEnabled(bool(m_tracesPageFiles));
}

void AdvisorPage::chooseTrace()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Trace for the Advisor"), QString(),
        tr("Block I/O traces (*.csv *.txt *.trace *.spc *.log *.blktrace* *.gz *.xz *.zst);;All files (*)"));
    if (!path.isEmpty())
        setTrace(path);
}

void AdvisorPage::setTrace(const QString& path)
{
    m_tracePath = path;
    m_traceLabel->setText(path.isEmpty() ? tr("none: the sizes above") : QFileInfo(path).fileName());
    m_sizes->setEnabled(path.isEmpty());
    m_read->setEnabled(path.isEmpty());
}

WorkspaceAdvisor AdvisorPage::saveState() const
{
    WorkspaceAdvisor s;
    s.arraySpec = m_array->specText();
    s.sizes = m_sizes->text();
    s.readFraction = m_read->value();
    s.chunks = m_chunks->text();
    s.givenDrive = m_givenDrive->isChecked();
    s.positioning = m_positioning->text();
    s.transfer = m_transfer->text();
    s.trace = m_tracePath;
    s.outstanding = m_outstanding->value();
    s.hostStripe = m_hostStripe->text();
    s.controllers = m_controllers->value();
    s.controllerIops = m_controllerIops->value();
    // Only advice the user asked for (Advise, or a workspace that held it): the page's own advice at
    // start, of its default inputs, is not work done in the workspace (#54 item 6: the report said
    // "The advisor recommends a chunk of 1 MiB" of a mix nobody entered).
    s.advice = !m_asked ? QJsonObject() : m_advice ? adviceJson() : m_savedAdvice;
    return s;
}

bool AdvisorPage::restoreState(const WorkspaceAdvisor& state, QString* error)
{
    m_runner->cancel(); // an advice of the inputs being replaced (the page advises on its own at start)
    m_adviseAgain = false;
    QString problem;
    m_restoring = true;
    if (!state.arraySpec.isEmpty() && !m_array->setSpecText(state.arraySpec))
        problem = tr("Advisor page: array %1: %2").arg(state.arraySpec, m_array->errorText());
    m_restoring = false;
    m_sizes->setText(state.sizes);
    m_read->setValue(state.readFraction);
    // Empty: core's candidates (4 KiB to 1 MiB), as the page starts with.
    QStringList defaults;
    for (std::uint64_t c : defaultChunkCandidates())
        defaults << formatBytes(c);
    m_chunks->setText(state.chunks.trimmed().isEmpty() ? defaults.join(u',') : state.chunks);
    m_givenDrive->setChecked(state.givenDrive);
    if (!state.positioning.isEmpty())
        m_positioning->setText(state.positioning);
    if (!state.transfer.isEmpty())
        m_transfer->setText(state.transfer);
    setTrace(state.trace);
    m_outstanding->setValue(state.outstanding);
    m_hostStripe->setText(state.hostStripe);
    m_controllers->setValue(state.controllers);
    m_controllerIops->setValue(state.controllerIops);
    // The advice is not in a form core reads back; without a trace or a simulation it is the
    // page's instant arithmetic, done as on every start. A trace would be read again: left to Advise.
    m_advice.reset(); // an advice of the inputs replaced is not the workspace's
    m_savedAdvice = state.advice;
    m_asked = !state.advice.isEmpty();
    if (problem.isEmpty() && state.trace.isEmpty() && state.outstanding == 0)
        advise();
    else if (!state.advice.isEmpty())
        m_bar->setStatus(tr("From the workspace: the inputs of the advice saved; Advise computes it again"));
    if (!problem.isEmpty() && error)
        *error = problem;
    return problem.isEmpty();
}

QJsonObject AdvisorPage::adviceJson() const
{
    if (!m_advice)
        return {};
    QJsonObject json = raidscope::adviceJson(m_options, *m_advice, m_recommendation, m_host,
                                 m_options.array.chunkBytes);
    const int n = skewControllers();
    const double c = skewControllerIops();
    QJsonObject skew { { QStringLiteral("controllers"), n }, { QStringLiteral("perControllerIops"), c },
        { QStringLiteral("evenIops"), n * c } };
    if (const auto measured = skewMeasured(); measured && measured->controllers == n) {
        skew.insert(QStringLiteral("busiestShare"), measured->busiestShare);
        skew.insert(QStringLiteral("iops"), skewedThroughput(n, c, measured->busiestShare));
        skew.insert(QStringLiteral("basis"), measured->basis);
    }
    json.insert(QStringLiteral("skew"), skew);
    json.insert(QStringLiteral("settings"), stripeSettingsJson(recommendedSettings()));
    return json;
}

int AdvisorPage::skewControllers() const { return m_controllers->value(); }

double AdvisorPage::skewControllerIops() const
{
    if (m_controllerIops->value() > 0)
        return m_controllerIops->value();
    if (!m_advice || m_recommendation.best < 0)
        return 0;
    const CandidateCost& best = m_advice->candidates[std::size_t(m_recommendation.best)];
    return saturatedIops(best.mixed, m_options.array.disks.value_or(0));
}

std::optional<MeasuredSkew> AdvisorPage::skewMeasured() const
{
    return m_summary ? measuredSkew(*m_summary, m_controllers->value()) : std::nullopt;
}

void AdvisorPage::updateSkew()
{
    if (!m_advice) {
        m_skew->clear();
        return;
    }
    m_skew->setCurve(skewControllers(), skewControllerIops(), skewMeasured());
}

QString AdvisorPage::adviceCsv() const
{
    return m_advice ? raidscope::adviceCsv(*m_advice, m_options.array.disks.value_or(0)) : QString();
}

bool AdvisorPage::requestAdvice()
{
    m_asked = true;
    return advise();
}

bool AdvisorPage::advise()
{
    m_savedAdvice = {}; // a new advice replaces the workspace's
    QString error;
    const QString specText = m_array->canonicalSpec();
    const auto spec = parseArraySpec(specText, &error);
    if (!spec || !m_array->errorText().isEmpty()) {
        showError(spec ? m_array->errorText() : error);
        return false;
    }
    AdvisorOptions o;
    o.array = *spec;
    if (m_tracePath.isEmpty() && !parseSizeMix(m_sizes->text(), o.sizes, &error)) {
        showError(tr("Request sizes: %1").arg(error));
        return false;
    }
    o.readFraction = m_read->value();
    const auto chunks = parseChunkList(m_chunks->text(), spec->blockBytes, &error);
    if (!chunks) {
        showError(error.replace(QStringLiteral("--chunks: "), tr("Candidate chunks: ")));
        return false;
    }
    o.chunkBytes = withCurrentChunk(*chunks, spec->chunkBytes);
    if (m_givenDrive->isChecked()) {
        const auto ns = parseDurationNs(m_positioning->text(), &error);
        if (!ns || *ns < 0) {
            showError(tr("Positioning: %1").arg(ns ? tr("must not be negative") : error));
            return false;
        }
        const auto rate = parseTransferRate(m_transfer->text(), &error);
        if (!rate) {
            showError(tr("Transfer rate: %1").arg(error));
            return false;
        }
        o.drive = DriveFigures { double(*ns) / 1e6, *rate, tr("given") };
    }
    o.simulateOutstanding = m_outstanding->value();
    std::optional<std::uint64_t> hostStripe;
    if (!m_hostStripe->text().trimmed().isEmpty()) {
        const auto bytes = parseBytes(m_hostStripe->text().trimmed(), &error);
        if (!bytes || *bytes == 0) {
            showError(tr("Host stripe: %1").arg(bytes ? tr("must be above 0") : error));
            return false;
        }
        hostStripe = *bytes;
    }
    const QString trace = m_tracePath;
    m_bar->setProgress(0);
    m_bar->setStatus(trace.isEmpty() ? tr("Comparing %1 chunk sizes…").arg(o.chunkBytes.size())
                                     : tr("Reading %1, then comparing %2 chunk sizes…").arg(QFileInfo(trace).fileName()).arg(o.chunkBytes.size()));
    m_runner->start(
        [o, trace, hostStripe](std::stop_token stop, auto) mutable {
            Outcome out;
            QString error;
            if (!trace.isEmpty()) {
                const TraceSummaryResult r = summarizeTrace({ trace }, TraceJobOptions {}, stop);
                if (!r.ok) {
                    out.error = r.error;
                    return out;
                }
                if (!workloadFromTrace(r.summary, o, &error)) {
                    out.error = trace + QStringLiteral(": ") + error;
                    return out;
                }
                out.summary = std::make_shared<const TraceSummary>(r.summary);
            }
            out.advice = adviseStripe(o, LayoutRegistry::instance(), &error);
            out.error = error;
            if (out.advice && hostStripe) {
                QString why;
                if (const auto layout = LayoutRegistry::instance().create(o.array, &why))
                    out.host = hostStripeAdvice(*layout, *hostStripe);
            }
            out.options = std::move(o);
            return out;
        },
        [](const int&) {},
        [this](Outcome out) {
            if (m_adviseAgain) { // its array was replaced while it ran: this advice is of no array shown
                m_adviseAgain = false;
                advise();
                return;
            }
            if (!out.advice) {
                showError(out.error);
                return;
            }
            m_options = std::move(out.options);
            m_advice = std::move(out.advice);
            m_host = out.host;
            m_summary = std::move(out.summary);
            m_recommendation = recommendStripe(*m_advice);
            showAdvice();
        });
    return true;
}

void AdvisorPage::showAdvice()
{
    const StripeAdvice& a = *m_advice;
    const std::uint64_t current = m_options.array.chunkBytes; // the advised array's, not the editor's now
    m_plot->setAdvice(a, m_recommendation.best);
    m_curve->setAdvice(a, m_recommendation.best);
    if (const auto measured = skewMeasured(); measured && measured->controllers != m_controllers->value()) {
        const QSignalBlocker block(m_controllers); // a trace of several devices: one controller each
        m_controllers->setValue(measured->controllers);
    }
    updateSkew();
    m_drive->setText(tr("Drive: %1 ms positioning per access, %2 MB/s (%3). Mixed reads and writes, requests at a random "
                        "block alignment; bars and shares as the whitepaper's Illustration 10.")
                         .arg(a.drive.positioningMs, 0, 'f', 2)
                         .arg(a.drive.transferBytesPerSec / 1e6, 0, 'f', 1)
                         .arg(a.drive.source));
    m_table->setRowCount(int(a.candidates.size()));
    for (int i = 0; i < int(a.candidates.size()); ++i) {
        const CandidateCost& c = a.candidates[std::size_t(i)];
        QString name = formatBytes(c.chunkBytes);
        if (i == m_recommendation.best)
            name += tr("  (best)");
        else if (c.chunkBytes == current)
            name += tr("  (current)");
        const QStringList cells { name, QString::number(c.mixed.dataDisks, 'f', 2), QString::number(c.mixedAligned.dataDisks, 'f', 2),
            QString::number(c.mixed.ops, 'f', 2), QString::number(c.mixed.extraOps, 'f', 2),
            QString::number(c.mixed.positioningMs, 'f', 2), QString::number(c.mixed.productiveMs, 'f', 3),
            QString::number(c.mixed.positioningShare() * 100, 'f', 1) + QStringLiteral(" %"),
            c.simulated ? QString::number(c.simulated->iops, 'f', 0) : QStringLiteral("–"),
            c.simulated ? QString::number(c.simulated->p90Ms, 'f', 1) : QStringLiteral("–"),
            c.minervaMaxIops ? QString::number(*c.minervaMaxIops, 'f', 0) : QStringLiteral("–") };
        for (int col = 0; col < cells.size(); ++col) {
            auto* item = new QTableWidgetItem(cells[col]);
            item->setTextAlignment(col == 0 ? Qt::AlignLeft | Qt::AlignVCenter : Qt::AlignRight | Qt::AlignVCenter);
            if (i == m_recommendation.best) {
                QFont f = item->font();
                f.setBold(true);
                item->setFont(f);
            }
            m_table->setItem(i, col, item);
        }
    }
    QString text = tr("<b>Recommended:</b> %1").arg(m_recommendation.text.toHtmlEscaped());
    if (current && m_recommendation.best >= 0 && a.candidates[std::size_t(m_recommendation.best)].chunkBytes != current) {
        for (const CandidateCost& c : a.candidates)
            if (c.chunkBytes == current)
                text += tr("<br>Your current %1 costs %2 ms per request (%3 % positioning).")
                            .arg(formatBytes(current))
                            .arg(c.mixed.serviceMs(), 0, 'f', 2)
                            .arg(c.mixed.positioningShare() * 100, 0, 'f', 0);
    }
    if (m_host)
        text += tr("<br><b>Host stripe:</b> %1").arg(m_host->text.toHtmlEscaped());
    // The recommended chunk as mdadm, mkfs and LVM take it, ready to paste (#54 item 5).
    if (const auto settings = recommendedSettings(); !settings.empty()) {
        text += tr("<br><b>Settings for %1:</b>").arg(formatBytes(a.candidates[std::size_t(m_recommendation.best)].chunkBytes));
        for (const StripeSetting& st : settings)
            text += QStringLiteral("<br>") + (st.command.isEmpty() ? tr("%1: none").arg(st.tool).toHtmlEscaped()
                                                                   : QStringLiteral("<code>%1</code>").arg(st.command.toHtmlEscaped()))
                + (st.note.isEmpty() ? QString() : QStringLiteral(" <span style=\"color:#555\">(%1)</span>").arg(st.note.toHtmlEscaped()));
    }
    if (!m_tracePath.isEmpty()) {
        QStringList mix;
        for (const auto& size : m_options.sizes)
            mix << QStringLiteral("%1:%2").arg(formatBytes(size.bytes)).arg(size.weight * 100, 0, 'g', 3);
        m_sizes->setText(mix.join(u','));
        m_read->setValue(m_options.readFraction);
    }
    m_recommendationText->setText(text);
    m_bar->setProgress(1);
    m_bar->setHasResult(true);
    m_bar->setStatus(m_options.simulateOutstanding > 0
            ? tr("%1 candidates compared, each simulated with %2 requests in flight").arg(a.candidates.size()).arg(m_options.simulateOutstanding)
            : tr("%1 candidates compared").arg(a.candidates.size()));
}

} // namespace raidscope::gui
