// SPDX-License-Identifier: GPL-3.0-or-later
#include "studypage.h"

#include "io/inputfile.h"
#include "io/outputfile.h"
#include "workspace/simresultjson.h"
#include "study/rebuildtradeoffplot.h"
#include "widgets/stagetimelineplot.h"
#include "study/studysearchplot.h"
#include "study/studyfactorplot.h"
#include "units.h"
#include "widgets/jobbar.h"
#include "widgets/shortcuts.h"
#include "widgets/jobrunner.h"
#include "widgets/tableexport.h"

#include "widgets/reflowsplitter.h"

#include <QComboBox>
#include <QDateTime>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFontDatabase>
#include <QGridLayout>
#include <QGroupBox>
#include <QHeaderView>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QStyle>
#include <QTableWidget>
#include <QVBoxLayout>

namespace raidscope::gui {

namespace {

// SIMRAID's array (raid6-performance-evaluation-simraid.txt: "a 28-disk system coupled with 2G cache"),
// on the 15K preset.
const char* const kSimraidArray = "raid6 disks=28 chunk=32KiB cache=2GiB disk=cheetah-15k";

struct Preset
{
    const char* name;
    const char* array;
    const char* workload;
    const char* key1;
    const char* values1;
    const char* key2;
    const char* values2;
};

// The seed's studies, and the rebuild trade-off its third part asks about.
const Preset kPresets[] = {
    { "SIMRAID: controller processing time", kSimraidArray, "spc1 duration=60s seed=1", "overhead", "27us,81us,162us,324us",
        "", "" },
    { "SIMRAID: stripe unit, without and with cache", "raid6 disks=28 chunk=32KiB disk=cheetah-15k",
        "spc1 duration=60s seed=1", "chunk", "8KiB,16KiB,32KiB,64KiB,128KiB", "cache", "0B,2GiB" },
    { "SIMRAID: RAID 6 against RAID 5", kSimraidArray, "spc1 duration=60s seed=1", "disks", "8,16,28", "scheme",
        "raid5,raid6" },
    { "SIMRAID: response time against the load", kSimraidArray, "spc1 duration=60s seed=1", "bsu",
        "5,10,15,20,25,30,35,40", "", "" },
    // Members of 4 GiB, so that a rebuild takes minutes rather than an hour; 1 MiB rebuild steps.
    { "Rebuild rate trade-off (a disk fails at 60 s)",
        "raid6 disks=28 chunk=32KiB cache=2GiB disk=cheetah-15k size=4GiB fail=5@60s rebuild.unit=1MiB",
        "spc1 duration=600s seed=1", "rebuild", "rate:10MB/s,rate:20MB/s,rate:40MB/s,share:0.2,share:0.5,idle:5MB/s",
        "bsu", "15" },
    // No cache and a load near the healthy array's limit: the rebuild's big steps queue the users'
    // requests, which drain once it is over (SIMRAID's three stages, each visible).
    { "Failure and rebuild under heavy load (the three stages)",
        "raid6 disks=28 chunk=32KiB disk=cheetah-15k size=4GiB fail=5@60s rebuild.delay=60s rebuild.unit=4MiB",
        "spc1 duration=600s seed=1", "bsu", "26,22,18", "rebuild", "rate:200MB/s" },
};

QStringList factorKeys()
{
    return { QStringLiteral("overhead"), QStringLiteral("chunk"), QStringLiteral("cache"), QStringLiteral("disks"),
        QStringLiteral("scheme"), QStringLiteral("rebuild"), QStringLiteral("bsu") };
}

QComboBox* keyCombo(bool optional)
{
    auto* combo = new QComboBox;
    combo->setEditable(true);
    if (optional)
        combo->addItem(QString());
    combo->addItems(factorKeys());
    combo->setMinimumContentsLength(9);
    return combo;
}

QTableWidgetItem* cell(const QString& text, bool number = false)
{
    auto* item = new QTableWidgetItem(text);
    item->setFlags(item->flags() & ~Qt::ItemIsEditable);
    if (number)
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

} // namespace

StudyPage::StudyPage(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("studyPage"));
    m_runner = new JobRunner(this);
    const QFont fixed = QFontDatabase::systemFont(QFontDatabase::FixedFont);

    m_preset = new QComboBox;
    m_preset->setObjectName(QStringLiteral("studyPreset"));
    m_preset->addItem(tr("(your own)"));
    m_preset->addItems(presetNames());
    m_preset->setToolTip(tr("Fill the form with one of the SIMRAID paper's studies"));
    m_array = new QLineEdit;
    m_array->setObjectName(QStringLiteral("studyArray"));
    m_array->setFont(fixed);
    m_array->setToolTip(tr("The array with its simulation keys (docs/guide/command-line.md: Simulating); fail=DISK@TIME and rebuild= for a "
                           "failure during each run"));
    m_workload = new QLineEdit;
    m_workload->setObjectName(QStringLiteral("studyWorkload"));
    m_workload->setFont(fixed);
    m_workload->setToolTip(tr("An spc1 workload: duration= and seed=; the search sets bsu= (50 I/O per second each)"));
    m_key1 = keyCombo(false);
    m_key1->setObjectName(QStringLiteral("studyKey1"));
    m_key1->setToolTip(tr("The first factor: an array key, scheme, or bsu (the load itself)"));
    m_values1 = new QLineEdit;
    m_values1->setObjectName(QStringLiteral("studyValues1"));
    m_values1->setFont(fixed);
    m_values1->setToolTip(tr("The first factor's values, comma-separated (e.g. 27us,81us,324us)"));
    m_key2 = keyCombo(true);
    m_key2->setObjectName(QStringLiteral("studyKey2"));
    m_key2->setToolTip(tr("An optional second factor: one line per value in the plot"));
    m_values2 = new QLineEdit;
    m_values2->setObjectName(QStringLiteral("studyValues2"));
    m_values2->setFont(fixed);
    m_values2->setToolTip(tr("The second factor's values, comma-separated; empty with no second factor"));
    m_limit = new QDoubleSpinBox;
    m_limit->setObjectName(QStringLiteral("studyLimit"));
    m_limit->setRange(0.1, 10000);
    m_limit->setDecimals(1);
    m_limit->setSuffix(tr(" ms"));
    m_limit->setValue(30);
    m_limit->setToolTip(tr("The mean response time a load may reach and pass (SIMRAID: 30 ms)"));
    m_maxBsu = new QSpinBox;
    m_maxBsu->setObjectName(QStringLiteral("studyMaxBsu"));
    m_maxBsu->setRange(1, kMaxStudyBsu);
    m_maxBsu->setValue(4096);
    m_maxBsu->setToolTip(tr("The search's upper end in BSUs"));

    auto* form = new QGroupBox(tr("Study"));
    auto* grid = new QGridLayout(form);
    grid->addWidget(new QLabel(tr("Preset:")), 0, 0);
    grid->addWidget(m_preset, 0, 1, 1, 3);
    grid->addWidget(new QLabel(tr("Limit:")), 0, 4);
    grid->addWidget(m_limit, 0, 5);
    grid->addWidget(new QLabel(tr("Array:")), 1, 0);
    grid->addWidget(m_array, 1, 1, 1, 3);
    grid->addWidget(new QLabel(tr("Max BSUs:")), 1, 4);
    grid->addWidget(m_maxBsu, 1, 5);
    grid->addWidget(new QLabel(tr("Workload:")), 2, 0);
    grid->addWidget(m_workload, 2, 1, 1, 5);
    grid->addWidget(new QLabel(tr("Vary:")), 3, 0);
    grid->addWidget(m_key1, 3, 1);
    grid->addWidget(m_values1, 3, 2, 1, 4);
    grid->addWidget(new QLabel(tr("and:")), 4, 0);
    grid->addWidget(m_key2, 4, 1);
    grid->addWidget(m_values2, 4, 2, 1, 4);
    grid->setColumnStretch(3, 1);

    m_runButton = new QPushButton(style()->standardIcon(QStyle::SP_MediaPlay), tr("&Run study"));
    m_runButton->setObjectName(QStringLiteral("studyRunButton"));
    m_runButton->setToolTip(tr("Run every combination of the factors' values"));
    setButtonShortcut(m_runButton, keys::run());
    m_jobBar = new JobBar(m_runner);
    m_jobBar->setObjectName(QStringLiteral("studyJobBar"));
    m_jobBar->addStartWidget(m_runButton);
    QPushButton* save = m_jobBar->addSaveButton(tr("Save &JSON…"));
    save->setObjectName(QStringLiteral("studySaveButton"));
    save->setToolTip(tr("Save the study as JSON (what raidscope-cli study --json prints)"));

    m_factorPlot = new StudyFactorPlot;
    m_timelinePlot = new StageTimelinePlot;
    m_searchPlot = new StudySearchPlot;
    m_pointView = new QStackedWidget;
    m_pointView->addWidget(m_searchPlot);
    m_pointView->addWidget(m_timelinePlot);
    m_tradeoffPlot = new RebuildTradeoffPlot;
    m_table = new QTableWidget;
    m_table->setObjectName(QStringLiteral("studyTable"));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->setVisible(false);
    m_table->setToolTip(tr("One row per combination; choose one to see its run over time"));
    installTableExport(m_table, QStringLiteral("raidscope-study.csv"));

    auto* left = new QSplitter(Qt::Vertical);
    left->setObjectName(QStringLiteral("studyLeftViews"));
    left->addWidget(m_factorPlot);
    left->addWidget(m_table);
    auto* right = new QSplitter(Qt::Vertical);
    right->setObjectName(QStringLiteral("studyRightViews"));
    right->addWidget(m_pointView);
    right->addWidget(m_tradeoffPlot);
    for (QSplitter* s : { left, right }) {
        s->setChildrenCollapsible(false);
        s->setSizes({ 520, 480 });
    }
    // The two columns side by side when they fit, one above the other when not (#54 item 7).
    auto* views = new ReflowSplitter;
    views->setObjectName(QStringLiteral("studyViews"));
    views->addWidget(left);
    views->addWidget(right);
    views->setChildrenCollapsible(false);
    views->setSizes({ 500, 500 });

    auto* box = new QVBoxLayout(this);
    box->setSpacing(6);
    box->addWidget(form);
    box->addWidget(m_jobBar);
    box->addWidget(views, 1);

    connect(m_preset, &QComboBox::textActivated, this, [this](const QString& name) { applyPreset(name); });
    connect(m_runButton, &QPushButton::clicked, this, &StudyPage::run);
    connect(m_jobBar, &JobBar::cancelled, this, [this] {
        m_jobBar->setStatus(tr("Cancelled after %n finished point(s)", nullptr, int(m_result.points.size())));
        updateControls();
    });
    connect(save, &QPushButton::clicked, this, [this] {
        m_jobBar->saveAs(tr("Save Study"), tr("There is no study yet: Run first."), QStringLiteral("raidscope-study.json"),
            tr("JSON files (*.json)"), [this](const QString& path, QString* error) { return saveResultJson(path, error); });
    });
    connect(m_runner, &JobRunner::runningChanged, this, [this](bool running) {
        updateControls();
        Q_EMIT runningChanged(running);
    });
    connect(m_table, &QTableWidget::currentCellChanged, this, [this](int row) { showPoint(row); });
    for (QLineEdit* e : { m_array, m_workload, m_values1, m_values2 })
        connect(e, &QLineEdit::returnPressed, this, &StudyPage::run);
    connect(m_array, &QLineEdit::textChanged, this, &StudyPage::arrayTextChanged);

    applyPreset(QString::fromUtf8(kPresets[0].name));
    m_jobBar->setStatus(tr("Ready: choose a preset or write your own study, then Run"));
    updateControls();
}

StudyPage::~StudyPage()
{
    m_runner->cancel(); // before the views go
}

QStringList StudyPage::presetNames()
{
    QStringList names;
    for (const Preset& p : kPresets)
        names << QString::fromUtf8(p.name);
    return names;
}

bool StudyPage::applyPreset(const QString& name)
{
    for (const Preset& p : kPresets) {
        if (name != QString::fromUtf8(p.name))
            continue;
        m_array->setText(QString::fromUtf8(p.array));
        m_workload->setText(QString::fromUtf8(p.workload));
        m_key1->setCurrentText(QString::fromUtf8(p.key1));
        m_values1->setText(QString::fromUtf8(p.values1));
        m_key2->setCurrentText(QString::fromUtf8(p.key2));
        m_values2->setText(QString::fromUtf8(p.values2));
        m_limit->setValue(30);
        const QSignalBlocker block(m_preset);
        m_preset->setCurrentText(name);
        return true;
    }
    return false;
}

std::optional<StudySpec> StudyPage::spec(QString* error) const
{
    StudySpec s;
    s.arraySpec = m_array->text().simplified();
    s.workloadSpec = m_workload->text().simplified();
    s.limitMs = m_limit->value();
    s.maxBsu = m_maxBsu->value();
    QString why;
    const std::pair<QComboBox*, QLineEdit*> rows[] = { { m_key1, m_values1 }, { m_key2, m_values2 } };
    for (const auto& [key, values] : rows) {
        if (key->currentText().trimmed().isEmpty() && values->text().trimmed().isEmpty())
            continue;
        const auto f = parseStudyFactor(key->currentText().trimmed() + u'=' + values->text(), &why);
        if (!f) {
            if (error)
                *error = why.replace(QStringLiteral("--vary "), QString());
            return std::nullopt;
        }
        s.factors.push_back(*f);
    }
    return s;
}

void StudyPage::setSpec(const StudySpec& s)
{
    m_array->setText(s.arraySpec);
    m_workload->setText(s.workloadSpec);
    m_limit->setValue(s.limitMs);
    m_maxBsu->setValue(s.maxBsu);
    m_key1->setCurrentText(s.factors.size() > 0 ? s.factors[0].key : QString());
    m_values1->setText(s.factors.size() > 0 ? s.factors[0].values.join(u',') : QString());
    m_key2->setCurrentText(s.factors.size() > 1 ? s.factors[1].key : QString());
    m_values2->setText(s.factors.size() > 1 ? s.factors[1].values.join(u',') : QString());
    m_preset->setCurrentIndex(0);
}

bool StudyPage::run()
{
    if (m_runner->isRunning())
        return false;
    QString error;
    const auto s = spec(&error);
    if (!s || !checkStudy(*s, &error)) {
        m_jobBar->setStatus(tr("Cannot start: %1").arg(error), true);
        return false;
    }
    m_result = StudyResult { *s, {}, false };
    refreshViews();
    m_timelinePlot->clear();
    m_searchPlot->clear();
    m_jobBar->setProgress(0);
    int points = 1;
    for (const StudyFactor& f : s->factors)
        points *= int(f.values.size());
    m_jobBar->setStatus(tr("Running %n point(s)…", nullptr, points));
    m_jobStartMs = QDateTime::currentMSecsSinceEpoch();
    const StudySpec run = *s;
    m_runner->start([run](std::stop_token stop, auto report) { return runStudy(run, stop, report); },
        [this](const StudySnapshot& snapshot) { onProgress(snapshot); },
        [this](StudyResult result) { onDone(std::move(result)); });
    updateControls();
    return true;
}

void StudyPage::cancel() { m_jobBar->cancel(); }

bool StudyPage::isRunning() const { return m_runner->isRunning(); }

QString StudyPage::statusText() const { return m_jobBar->statusText(); }

void StudyPage::onProgress(const StudySnapshot& s)
{
    m_jobBar->setProgress(s.fraction);
    m_jobBar->setStatus(tr("Point %1 of %2 done").arg(s.pointIndex + 1).arg(s.pointCount));
    if (s.pointDone) {
        m_result.points.push_back(s.point);
        refreshViews();
        m_jobBar->setHasResult(true);
    }
}

void StudyPage::onDone(StudyResult result)
{
    m_result = std::move(result);
    const double seconds = double(QDateTime::currentMSecsSinceEpoch() - m_jobStartMs) / 1000;
    m_jobBar->setProgress(1);
    m_jobBar->setStatus(tr("Study finished: %n point(s) in %1 s", nullptr, int(m_result.points.size())).arg(seconds, 0, 'f', 1));
    refreshViews();
    updateControls();
    Q_EMIT jobFinished();
}

void StudyPage::showResult(const StudyResult& result)
{
    m_runner->cancel();
    m_result = result;
    setSpec(result.spec);
    m_jobBar->setProgress(1);
    m_jobBar->setStatus(tr("A saved study: %n point(s)", nullptr, int(result.points.size())));
    refreshViews();
    updateControls();
}

namespace {

// What the users saw from the first failure until the queue recovered: the stages after "healthy".
std::optional<RebuildTradeoffPlot::Point> tradeoffPoint(const StudyPoint& p, const QString& label)
{
    if (!p.result || !p.result->rebuild || !p.result->rebuild->completed || p.result->failures.empty())
        return std::nullopt;
    const SimResult& r = *p.result;
    RunningStats stats;
    LogHistogram histogram;
    for (const StageResult& s : r.stages)
        if (s.name == u"degraded" || s.name == u"reconstruction" || s.name == u"recovering") {
            stats.merge(s.responseMs);
            histogram.merge(s.responseNs);
        }
    if (stats.count() == 0)
        return std::nullopt;
    RebuildTradeoffPlot::Point point;
    point.label = label;
    point.redundantAfterS = (r.rebuild->endNs - double(r.failures.front().atNs)) * 1e-9;
    point.usersMeanMs = stats.mean();
    point.usersP90Ms = std::clamp(histogram.quantile(0.9) * 1e-6, stats.min(), stats.max());
    return point;
}

} // namespace

void StudyPage::refreshViews()
{
    m_factorPlot->setResult(m_result);
    const auto& factors = m_result.spec.factors;
    QStringList headers;
    for (const StudyFactor& f : factors)
        headers << f.key;
    const bool searched = !m_result.points.empty() && m_result.points.front().maxBsu.has_value();
    if (searched)
        headers << tr("Max BSUs") << tr("Mean ms at max") << tr("Runs");
    else
        headers << tr("BSUs") << tr("IOPS") << tr("Mean ms") << tr("p90 ms") << tr("Rebuild s");
    const int row = m_table->currentRow();
    m_table->clear();
    m_table->setColumnCount(int(headers.size()));
    m_table->setHorizontalHeaderLabels(headers);
    m_table->setRowCount(int(m_result.points.size()));
    std::vector<RebuildTradeoffPlot::Point> tradeoff;
    for (int i = 0; i < int(m_result.points.size()); ++i) {
        const StudyPoint& p = m_result.points[std::size_t(i)];
        int c = 0;
        for (const QString& v : p.values)
            m_table->setItem(i, c++, cell(v));
        if (p.maxBsu) {
            const StudyRun* atMax = p.runAtMax();
            m_table->setItem(i, c++, cell(QStringLiteral("%1%2").arg(*p.maxBsu).arg(p.atSearchEnd ? QStringLiteral("+") : QString()), true));
            m_table->setItem(i, c++, cell(QString::number(atMax ? atMax->meanMs : 0.0, 'f', 2), true));
            m_table->setItem(i, c++, cell(QString::number(p.runs.size()), true));
        } else if (!p.runs.empty()) {
            // Named by the factors that vary (a single value names nothing).
            QStringList varying;
            for (std::size_t k = 0; k < factors.size(); ++k)
                if (factors[k].values.size() > 1)
                    varying << (factors[k].key == u"bsu" ? tr("%1 BSUs").arg(p.values.value(qsizetype(k)))
                                                          : p.values.value(qsizetype(k)));
            const QString label = varying.join(QStringLiteral(" · "));
            if (auto point = tradeoffPoint(p, label))
                tradeoff.push_back(*point);
            const StudyRun& r = p.runs.front();
            m_table->setItem(i, c++, cell(QString::number(r.bsu), true));
            m_table->setItem(i, c++, cell(QString::number(r.iops, 'f', 0), true));
            m_table->setItem(i, c++, cell(QString::number(r.meanMs, 'f', 2), true));
            m_table->setItem(i, c++, cell(QString::number(r.p90Ms, 'f', 2), true));
            const auto& rebuild = p.result ? p.result->rebuild : std::nullopt;
            m_table->setItem(i, c++, cell(!rebuild ? QStringLiteral("–")
                                              : rebuild->completed ? QString::number(rebuild->durationNs() * 1e-9, 'f', 1)
                                                                   : tr("unfinished"),
                                         true));
        }
    }
    m_tradeoffPlot->setPoints(std::move(tradeoff));
    m_table->resizeColumnsToContents();
    m_table->horizontalHeader()->setStretchLastSection(true);
    if (row >= 0 && row < m_table->rowCount())
        m_table->setCurrentCell(row, 0);
    else if (m_table->rowCount() > 0)
        m_table->setCurrentCell(0, 0);
    showPoint(m_table->currentRow()); // also when the row chosen stayed the same
}

void StudyPage::showPoint(int index)
{
    if (index < 0 || index >= int(m_result.points.size())) {
        m_timelinePlot->clear();
        m_searchPlot->clear();
        return;
    }
    const StudyPoint& p = m_result.points[std::size_t(index)];
    if (!p.result) { // a searched point: how the search went
        m_searchPlot->setPoint(p, m_result.spec.limitMs);
        m_searchPlot->setSubtitle(p.values.join(QStringLiteral(" · ")));
        m_pointView->setCurrentWidget(m_searchPlot);
        return;
    }
    m_pointView->setCurrentWidget(m_timelinePlot);
    m_timelinePlot->setTimeline(RunTimeline::of(*p.result));
    m_timelinePlot->setSubtitle(p.values.join(QStringLiteral(" · ")));
}

void StudyPage::updateControls()
{
    m_runButton->setEnabled(!m_runner->isRunning());
    m_jobBar->setHasResult(!m_result.points.empty());
}

QString StudyPage::arrayText() const { return m_array->text().simplified(); }

void StudyPage::setArrayText(const QString& text) { m_array->setText(text); }

bool StudyPage::isStudyFile(const QString& path)
{
    const auto bytes = readWholeFile(path, inputcap::kResultBytes, QStringLiteral("a study result"), nullptr);
    if (!bytes)
        return false;
    const QJsonDocument doc = QJsonDocument::fromJson(*bytes);
    return doc.isObject() && doc.object().value(QStringLiteral("kind")).toString() == u"study";
}

bool StudyPage::openResultJson(const QString& path, QString* error)
{
    const auto fail = [&](const QString& why) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(path, why);
        m_jobBar->setStatus(QStringLiteral("%1: %2").arg(path, why), true);
        return false;
    };
    if (m_runner->isRunning())
        return fail(tr("a study is running (Cancel it first)"));
    QString readError;
    const auto bytes = readWholeFile(path, inputcap::kResultBytes, tr("a study result"), &readError);
    if (!bytes)
        return fail(readError.mid(path.size() + 2)); // fail() names the file itself
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(*bytes, &parseError);
    if (!doc.isObject())
        return fail(tr("not JSON: %1 at byte %2").arg(parseError.errorString()).arg(parseError.offset));
    QString why;
    const auto result = studyResultFromJson(doc.object(), &why);
    if (!result)
        return fail(why);
    showResult(*result);
    m_jobBar->setStatus(tr("Opened %1: %n point(s)", nullptr, int(result->points.size())).arg(path));
    return true;
}

WorkspaceStudy StudyPage::saveState() const
{
    WorkspaceStudy s;
    s.arraySpec = m_array->text();
    s.workloadSpec = m_workload->text();
    s.key1 = m_key1->currentText();
    s.values1 = m_values1->text();
    s.key2 = m_key2->currentText();
    s.values2 = m_values2->text();
    s.limitMs = m_limit->value();
    s.maxBsu = m_maxBsu->value();
    if (!m_result.points.empty())
        s.result = m_result;
    return s;
}

bool StudyPage::restoreState(const WorkspaceStudy& state, QString* error)
{
    if (m_runner->isRunning()) {
        if (error)
            *error = tr("Study page: a study is running (Cancel it first)");
        return false;
    }
    m_result = state.result.value_or(StudyResult {});
    m_array->setText(state.arraySpec);
    m_workload->setText(state.workloadSpec);
    m_key1->setCurrentText(state.key1);
    m_values1->setText(state.values1);
    m_key2->setCurrentText(state.key2);
    m_values2->setText(state.values2);
    m_limit->setValue(state.limitMs);
    m_maxBsu->setValue(state.maxBsu);
    m_preset->setCurrentIndex(0);
    m_timelinePlot->clear();
    m_searchPlot->clear();
    refreshViews();
    m_jobBar->setProgress(state.result ? 1 : 0);
    m_jobBar->setStatus(state.result ? tr("From the workspace: a study of %n point(s)", nullptr, int(m_result.points.size()))
                                     : QString());
    updateControls();
    return true;
}

bool StudyPage::saveResultJson(const QString& path, QString* error) const
{
    return writeOutputFile(path, QJsonDocument(m_result.toJson()).toJson(QJsonDocument::Indented), {}, error);
}

} // namespace raidscope::gui
