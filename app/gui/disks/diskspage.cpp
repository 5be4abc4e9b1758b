// SPDX-License-Identifier: GPL-3.0-or-later
#include "diskspage.h"
#include "widgets/theme.h"

#include "disks/diskseekplot.h"
#include "disks/diskvalidationplot.h"
#include "disks/diskzoneplot.h"
#include "widgets/jobbar.h"
#include "widgets/shortcuts.h"
#include "widgets/jobrunner.h"

#include "disk/diskmodel.h"
#include "disk/diskparameters.h"
#include "disk/diskpreset.h"
#include "disk/disksimimport.h"
#include "io/outputfile.h"

#include "widgets/flowlayout.h"
#include "widgets/reflowsplitter.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QToolButton>
#include <QVBoxLayout>

#include <memory>

namespace raidscope::gui {

struct DisksPage::Outcome
{
    std::optional<DiskValidation> validation;
    QString error;
    QString drive; ///< the .parv's base name
    QStringList warnings; ///< the import's
};

namespace {
    /// The validation job's stages (import, trace, replay): validateDisk() runs in well under a
    /// second for DiskSim's 10,000-request traces, so the job reports and checks its stop token
    /// between stages only.
    struct Stage
    {
        double fraction = 0;
    };

    QString bytesText(double bytes)
    {
        return bytes >= 1e9 ? QStringLiteral("%1 GB").arg(bytes / 1e9, 0, 'f', 2)
                            : QStringLiteral("%1 MB").arg(bytes / 1e6, 0, 'f', 1);
    }
}

DisksPage::DisksPage(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("disksPage"));

    // The preset chooser and the DiskSim importer.
    m_preset = new QComboBox;
    m_preset->setObjectName(QStringLiteral("diskPreset"));
    m_preset->setToolTip(tr("Every disk preset core knows: the built-in ones, the user's (imported with "
                            "raidscope-cli disks import FILE --save, or Save as preset here) and those imported on this page"));
    m_preset->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_import = new QPushButton(tr("&Import DiskSim…"));
    m_import->setObjectName(QStringLiteral("diskImport"));
    m_import->setToolTip(tr("Import a DiskSim 4.0 disk (.parv, .diskspecs or .model) as a preset; what the preset "
                            "cannot hold is listed under Import warnings"));
    m_save = new QPushButton(tr("&Save as preset"));
    m_save->setObjectName(QStringLiteral("diskSavePreset"));
    m_save->setToolTip(tr("Keep the imported disk among the user's presets (as raidscope-cli disks import --save): "
                          "array specs then name it with disk=ID"));
    m_save->setEnabled(false);
    m_presetStatus = new QLabel;
    m_presetStatus->setObjectName(QStringLiteral("diskPresetStatus"));
    m_presetStatus->setWordWrap(true);
    // Wraps on a narrow window (#54 item 7).
    auto* top = new FlowLayout(FlowLayout::Justify::Fill);
    top->addPair(new QLabel(tr("Disk preset:")), m_preset);
    top->addWidget(m_import);
    top->addWidget(m_save);
    top->addWidget(m_presetStatus);
    m_presetStatus->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);

    // Geometry: the figures, the import warnings, the zone and seek plots.
    m_geometry = new QLabel;
    m_geometry->setObjectName(QStringLiteral("diskGeometry"));
    m_geometry->setTextFormat(Qt::RichText);
    m_geometry->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_geometry->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_geometry->setWordWrap(true);
    auto* geometryBox = new QGroupBox(tr("Geometry"));
    auto* geometryLayout = new QVBoxLayout(geometryBox);
    geometryLayout->addWidget(m_geometry);
    m_warningsTitle = new QLabel;
    m_warningsView = new QPlainTextEdit;
    m_warningsView->setObjectName(QStringLiteral("diskWarnings"));
    m_warningsView->setReadOnly(true);
    m_warningsView->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_warningsView->setToolTip(tr("What the preset could not hold of the DiskSim files, or approximates: one line each, "
                                  "with the DiskSim key and its file:line"));
    geometryLayout->addWidget(m_warningsTitle);
    geometryLayout->addWidget(m_warningsView, 1);
    geometryLayout->addStretch(0);
    geometryBox->setMinimumWidth(fontMetrics().averageCharWidth() * 40);
    geometryBox->setMaximumWidth(fontMetrics().averageCharWidth() * 60);
    m_zones = new DiskZonePlot;
    m_seek = new DiskSeekPlot;

    // Validation: a DiskSim drive's trace replayed through its imported preset.
    m_drive = new QComboBox;
    m_drive->setObjectName(QStringLiteral("diskValidationDrive"));
    m_drive->setToolTip(tr("DiskSim 4.0's validation drives found in the shared disksim-validation folder"));
    m_parv = new QLineEdit;
    m_parv->setObjectName(QStringLiteral("diskValidationParv"));
    m_parv->setToolTip(tr("The DiskSim disk (.parv, .diskspecs or .model), imported as Import DiskSim does"));
    m_trace = new QLineEdit;
    m_trace->setObjectName(QStringLiteral("diskValidationTrace"));
    m_trace->setToolTip(tr("The drive's validation trace: R|W, buffer action, sector, sectors, measured access time "
                           "and gap (µs), one request a line"));
    auto browse = [this](QLineEdit* edit, const QString& filter) {
        auto* b = new QToolButton;
        b->setText(tr("…"));
        b->setToolTip(tr("Choose the file"));
        connect(b, &QToolButton::clicked, this, [this, edit, filter] {
            const QString path = QFileDialog::getOpenFileName(this, tr("Choose a File"), QFileInfo(edit->text()).path(), filter);
            if (!path.isEmpty())
                edit->setText(path);
        });
        return b;
    };
    m_validate = new QPushButton(tr("Va&lidate"));
    m_validate->setObjectName(QStringLiteral("diskValidate"));
    m_validate->setToolTip(tr("Replay the trace through the imported disk as DiskSim does (one request at a time, each "
                              "the trace's gap after the previous completion) and compare the access times"));
    setButtonShortcut(m_validate, keys::run());
    connect(m_validate, &QPushButton::clicked, this, [this] { validate(); });
    m_runner = new JobRunner(this);
    m_bar = new JobBar(m_runner);
    m_bar->setObjectName(QStringLiteral("diskValidationBar"));
    m_bar->statusLabel()->setObjectName(QStringLiteral("diskValidationStatus"));
    m_bar->addStartWidget(m_validate);
    connect(m_bar, &JobBar::cancelled, this, [this] { m_bar->setStatus(tr("Validation cancelled")); });
    connect(m_runner, &JobRunner::runningChanged, m_validate, [this](bool running) { m_validate->setEnabled(!running); });
    auto* files = new FlowLayout(FlowLayout::Justify::Fill);
    files->addPair(new QLabel(tr("Drive:")), m_drive);
    auto* parv = new QHBoxLayout;
    parv->addWidget(m_parv, 1);
    parv->addWidget(browse(m_parv, tr("DiskSim disks (*.parv *.diskspecs *.model);;All files (*)")));
    files->addPair(new QLabel(tr("Disk:")), parv);
    auto* trace = new QHBoxLayout;
    trace->addWidget(m_trace, 1);
    trace->addWidget(browse(m_trace, tr("DiskSim validation traces (*.trace);;All files (*)")));
    files->addPair(new QLabel(tr("Trace:")), trace);
    for (QLineEdit* edit : { m_parv, m_trace })
        edit->setMinimumWidth(edit->fontMetrics().averageCharWidth() * 18);
    m_validationPlot = new DiskValidationPlot;
    auto* validationBox = new QGroupBox(tr("Validation against a measured drive"));
    auto* validationLayout = new QVBoxLayout(validationBox);
    validationLayout->addLayout(files);
    validationLayout->addWidget(m_bar);
    validationLayout->addWidget(m_validationPlot, 1);

    auto* plots = new FlowLayout(FlowLayout::Justify::Fill);
    plots->addWidget(m_zones);
    plots->addWidget(m_seek);
    auto* right = new QWidget;
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addLayout(plots, 4);
    rightLayout->addWidget(validationBox, 5);
    // The geometry beside the plots when they fit, above them when not (#54 item 7).
    auto* body = new ReflowSplitter;
    body->setObjectName(QStringLiteral("diskViews"));
    body->setChildrenCollapsible(false);
    body->addWidget(geometryBox);
    body->addWidget(right);
    body->setStretchFactor(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(body, 1);

    for (const DiskPreset& p : diskPresets())
        addEntry({ p.id, p.name, p.json, p.file.isEmpty() ? tr("built in") : p.file, {}, false, !p.file.isEmpty() });
    connect(m_preset, &QComboBox::currentIndexChanged, this, [this](int index) { showEntry(index); });
    connect(m_import, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Import a DiskSim Disk"), m_parv->text().isEmpty()
                ? defaultValidationDir() : QFileInfo(m_parv->text()).path(),
            tr("DiskSim disks (*.parv *.diskspecs *.model);;All files (*)"));
        if (!path.isEmpty())
            importDiskSimFile(path);
    });
    connect(m_save, &QPushButton::clicked, this, [this] { saveImportedPreset(); });
    connect(m_drive, &QComboBox::currentIndexChanged, this, [this](int index) { chooseDrive(index); });
    connect(m_parv, &QLineEdit::textEdited, this, [this] { syncDrive(); });
    connect(m_trace, &QLineEdit::textEdited, this, [this] { syncDrive(); });
    if (!selectPreset(QStringLiteral("ibm-9lzx")) && m_preset->count() > 0)
        showEntry(0);
    else
        showEntry(m_preset->currentIndex());
    setValidationDir(defaultValidationDir());
}

void DisksPage::addEntry(const Entry& entry)
{
    m_entries.push_back(entry);
    QString label = entry.id + QStringLiteral(" — ") + entry.label;
    if (entry.imported)
        label += tr(" (imported)");
    m_preset->addItem(label, int(m_entries.size() - 1));
}

bool DisksPage::selectPreset(const QString& id)
{
    for (int i = 0; i < m_preset->count(); ++i)
        if (m_entries[std::size_t(m_preset->itemData(i).toInt())].id == id) {
            if (m_preset->currentIndex() == i)
                showEntry(i);
            else
                m_preset->setCurrentIndex(i);
            return true;
        }
    return false;
}

QString DisksPage::currentPresetId() const
{
    const int i = m_preset->currentIndex();
    return i < 0 ? QString() : m_entries[std::size_t(m_preset->itemData(i).toInt())].id;
}

void DisksPage::showWarnings(const QString& what, const QStringList& warnings)
{
    m_warnings = warnings;
    m_warningsTitle->setText(what.isEmpty() ? tr("Import warnings: none (not imported)")
                                            : tr("Import warnings of %1: %2").arg(what).arg(warnings.size()));
    m_warningsView->setPlainText(warnings.join(u'\n'));
    m_warningsView->setVisible(!what.isEmpty()); // an imported disk's list, even an empty one
}

void DisksPage::showEntry(int index)
{
    if (index < 0 || index >= m_preset->count())
        return;
    const Entry& e = m_entries[std::size_t(m_preset->itemData(index).toInt())];
    m_save->setEnabled(e.imported && !e.saved);
    showWarnings(e.imported ? QFileInfo(e.origin).fileName() : QString(), e.warnings);
    m_presetStatus->setText(tr("From %1").arg(e.origin));
    QString error;
    const auto params = parseDiskParameters(e.json, &error);
    if (!params) {
        m_geometry->setText(tr("<b>Refused</b>: %1").arg(error.toHtmlEscaped()));
        m_zones->clear(tr("The preset was refused"));
        m_seek->clear(tr("The preset was refused"));
        return;
    }
    const DiskParameters& p = *params;
    QStringList rows;
    const auto row = [&rows](const QString& name, const QString& value) {
        rows << QStringLiteral("<tr><td>%1</td><td>&nbsp;%2</td></tr>").arg(name, value);
    };
    // Where the preset came from and the validation it passed (its JSON's provenance, issue 53).
    const QJsonObject provenance = e.json.value(QStringLiteral("provenance")).toObject();
    if (!provenance.isEmpty()) {
        row(tr("Source"),
            tr("%1: %2").arg(provenance.value(QStringLiteral("kind")).toString(),
                provenance.value(QStringLiteral("reference")).toString().toHtmlEscaped()));
        const QJsonArray validation = provenance.value(QStringLiteral("validation")).toArray();
        QStringList passed;
        for (const QJsonValue& v : validation) {
            const QJsonObject o = v.toObject();
            if (o.contains(QStringLiteral("demeritMs")))
                passed << tr("%1: demerit %2 ms (binned as DiskSim %3 ms), %4 requests")
                              .arg(o.value(QStringLiteral("trace")).toString().toHtmlEscaped())
                              .arg(o.value(QStringLiteral("demeritMs")).toDouble(), 0, 'f', 3)
                              .arg(o.value(QStringLiteral("disksimDemeritMs")).toDouble(), 0, 'f', 3)
                              .arg(o.value(QStringLiteral("requests")).toInteger());
            else
                passed << o.value(QStringLiteral("note")).toString().toHtmlEscaped();
        }
        row(tr("Validation"), passed.isEmpty() ? tr("none") : passed.join(QStringLiteral("<br>")));
    }
    row(tr("Capacity"), bytesText(double(p.capacityBytes)) + tr(" (%L1 bytes)").arg(p.capacityBytes));
    row(tr("Sector"), tr("%1 bytes").arg(p.sectorBytes));
    if (p.kind == DiskParameters::Kind::Mechanical) {
        const DiskGeometry& g = p.geometry;
        row(tr("Rotation"), tr("%1 RPM (%2 ms per revolution)").arg(qRound(60000.0 / p.rotationMs)).arg(p.rotationMs, 0, 'g', 4));
        row(tr("Heads"), QString::number(g.heads()));
        row(tr("Cylinders"), QStringLiteral("%L1").arg(g.cylinders()));
        row(tr("Zones"), g.zones().size() == 1 ? tr("1 zone") : tr("%1 zones").arg(g.zones().size()));
        row(tr("Head switch"), tr("%1 ms").arg(p.headSwitchMs, 0, 'g', 4));
        row(tr("Cylinder switch"), tr("%1 ms").arg(p.cylinderSwitchMs, 0, 'g', 4));
        if (p.writeSettleMs > 0)
            row(tr("Write settle"), tr("%1 ms").arg(p.writeSettleMs, 0, 'g', 4));
        const DiskCacheFigures& c = p.cache;
        if (c.segments == 0)
            row(tr("Cache"), tr("none"));
        else {
            row(tr("Cache"), tr("%1 segment(s) of %2 KiB (%3 KiB)")
                                 .arg(c.segments)
                                 .arg(c.segmentSectors * p.sectorBytes / 1024.0, 0, 'g', 4)
                                 .arg(double(c.segments) * c.segmentSectors * p.sectorBytes / 1024.0, 0, 'g', 5));
            row(tr("Read-ahead"), c.readAheadToTrackEnd ? tr("to the end of the next track")
                    : tr("%1 sectors (%2 KiB)%3")
                          .arg(c.readAheadSectors)
                          .arg(c.readAheadSectors * p.sectorBytes / 1024.0, 0, 'g', 4)
                          .arg(c.readAheadStopsAtTrackEnd ? tr(", not past the request's last track") : QString()));
            row(tr("Write-back"), c.writeCacheEnabled ? tr("on") : tr("off (write-through)"));
        }
        row(tr("Command overhead"), p.host.enabled ? tr("DiskSim host timing") : tr("%1 ms").arg(p.commandOverheadMs, 0, 'g', 4));
        if (!p.host.enabled)
            row(tr("Bus"), tr("%1 MB/s").arg(p.busMBps, 0, 'g', 4));
        const DiskModel model(p);
        m_zones->setDisk(p);
        m_seek->setDisk(model);
    } else {
        row(tr("Kind"), tr("solid state"));
        row(tr("Read"), tr("%1 ms latency, %2 MB/s").arg(p.readLatencyMs, 0, 'g', 4).arg(p.readMBps, 0, 'g', 4));
        row(tr("Write"), tr("%1 ms latency, %2 MB/s").arg(p.writeLatencyMs, 0, 'g', 4).arg(p.writeMBps, 0, 'g', 4));
        m_zones->clear(tr("A solid-state disk: no zones"));
        m_seek->clear(tr("A solid-state disk: no seeks"));
    }
    m_geometry->setText(QStringLiteral("<b>%1</b><br>%2<table>%3</table>")
                            .arg(e.id.toHtmlEscaped(), e.label.toHtmlEscaped(), rows.join(QString())));
}

bool DisksPage::importDiskSimFile(const QString& path)
{
    QString error;
    const auto imported = importDiskSim(path, &error);
    if (!imported) {
        m_presetStatus->setText(QStringLiteral("<span style='color:%2'>%1</span>")
                                    .arg(tr("Import refused: %1").arg(error).toHtmlEscaped(), errorInk(this).name()));
        return false;
    }
    const QJsonObject& json = imported->presetJson;
    addEntry({ json.value(QStringLiteral("id")).toString(), json.value(QStringLiteral("name")).toString(), json, path,
        imported->warnings, true, false });
    m_preset->setCurrentIndex(m_preset->count() - 1);
    // The validation panel follows the disk imported: another drive's demerit is not this one's (#54
    // item 8). Its trace, where one lies beside it, is ready to replay.
    const QFileInfo info(path);
    if (!m_runner->isRunning() && m_validatedDrive != info.completeBaseName()) {
        m_validation.reset();
        m_validatedDrive.clear();
        const QString trace = info.dir().filePath(info.completeBaseName() + QStringLiteral(".trace"));
        setValidationFiles(info.absoluteFilePath(), QFileInfo::exists(trace) ? trace : QString());
        m_validationPlot->clear(QFileInfo::exists(trace) ? tr("%1 imported: press Validate to replay its trace").arg(info.fileName())
                                                         : tr("%1 imported: choose its validation trace, then press Validate").arg(info.fileName()));
        m_bar->setProgress(0);
        m_bar->setStatus(tr("Not validated yet"));
    }
    return true;
}

bool DisksPage::saveImportedPreset()
{
    const int index = m_preset->currentIndex();
    if (index < 0)
        return false;
    Entry& e = m_entries[std::size_t(m_preset->itemData(index).toInt())];
    const auto refuse = [this](const QString& why) {
        m_presetStatus->setText(QStringLiteral("<span style='color:%2'>%1</span>").arg(why.toHtmlEscaped(), errorInk(this).name()));
        return false;
    };
    if (!e.imported || e.saved)
        return refuse(tr("Only a disk imported here and not saved yet can be saved"));
    // As raidscope-cli disks import --save: never over a preset or a file that exists.
    if (const DiskPreset* existing = findDiskPreset(e.id))
        return refuse(tr("A preset named '%1' exists already (%2)")
                          .arg(e.id, existing->file.isEmpty() ? tr("built in") : existing->file));
    const QString dir = userDiskPresetDir();
    if (dir.isEmpty() || !QDir().mkpath(dir))
        return refuse(tr("Cannot create the preset folder '%1'").arg(dir));
    const QString path = dir + u'/' + e.id + QStringLiteral(".json");
    // Published only where no file has that name, decided when publishing (#52): a save from the
    // command line at the same moment cannot be replaced.
    QString error;
    if (!writeOutputFile(path, QJsonDocument(e.json).toJson(QJsonDocument::Indented), { e.origin }, &error,
            OutputExisting::Keep))
        return refuse(error.endsWith(QLatin1String(" exists already")) ? tr("%1 exists already; remove it first").arg(path)
                                                                       : error);
    e.saved = true;
    m_save->setEnabled(false);
    m_presetStatus->setText(tr("Saved %1: array specs name it disk=%2 (from the next start)").arg(path, e.id));
    return true;
}

QString DisksPage::defaultValidationDir()
{
    const QString rel = QStringLiteral("shared/disksim-validation");
    const QStringList roots { QDir::currentPath(), QCoreApplication::applicationDirPath() };
    for (const QString& root : roots) {
        QDir dir(root);
        for (int up = 0; up < 5; ++up) { // the build tree's bin/ sits a few levels under the project
            if (QFileInfo(dir.filePath(rel)).isDir())
                return QDir::cleanPath(dir.filePath(rel));
            if (!dir.cdUp())
                break;
        }
    }
    return {};
}

void DisksPage::setValidationDir(const QString& dir)
{
    QSignalBlocker block(m_drive);
    m_drive->clear();
    if (!dir.isEmpty()) {
        const QDir d(dir);
        for (const QFileInfo& parv : d.entryInfoList({ QStringLiteral("*.parv") }, QDir::Files, QDir::Name)) {
            const QString trace = d.filePath(parv.completeBaseName() + QStringLiteral(".trace"));
            if (QFileInfo::exists(trace))
                m_drive->addItem(parv.completeBaseName(), QStringList { parv.absoluteFilePath(), QFileInfo(trace).absoluteFilePath() });
        }
    }
    m_drive->setEnabled(m_drive->count() > 0);
    if (m_drive->count() == 0) {
        m_drive->addItem(tr("(none found)"));
        m_validationPlot->clear(tr("Choose a DiskSim disk and its validation trace, then press Validate"));
        return;
    }
    const int cheetah = m_drive->findText(QStringLiteral("cheetah9LP"));
    m_drive->setCurrentIndex(cheetah >= 0 ? cheetah : 0);
    chooseDrive(m_drive->currentIndex());
}

void DisksPage::chooseDrive(int index)
{
    const QStringList files = m_drive->itemData(index).toStringList();
    if (files.size() == 2)
        setValidationFiles(files[0], files[1]);
}

void DisksPage::setValidationFiles(const QString& parv, const QString& trace)
{
    m_parv->setText(parv);
    m_trace->setText(trace);
    syncDrive();
}

void DisksPage::syncDrive()
{
    // The drive chooser names the files shown, or nothing when they are other files.
    const QStringList files { QFileInfo(m_parv->text().trimmed()).absoluteFilePath(),
        QFileInfo(m_trace->text().trimmed()).absoluteFilePath() };
    QSignalBlocker block(m_drive);
    m_drive->setCurrentIndex(m_drive->findData(files));
}

bool DisksPage::isValidating() const { return m_runner->isRunning(); }

bool DisksPage::validate()
{
    const QString parv = m_parv->text().trimmed(), trace = m_trace->text().trimmed();
    for (const QString& f : { parv, trace })
        if (f.isEmpty() || !QFileInfo(f).isFile()) {
            m_bar->setStatus(f.isEmpty()                 ? tr("Choose a DiskSim disk and its trace first")
                                 : QFileInfo::exists(f) ? tr("%1: not a regular file").arg(f)
                                                        : tr("%1: no such file").arg(f),
                true);
            return false;
        }
    m_bar->setProgress(0);
    m_bar->setStatus(tr("Validating %1 against %2…").arg(QFileInfo(parv).fileName(), QFileInfo(trace).fileName()));
    m_runner->start(
        [parv, trace](std::stop_token stop, auto report) {
            Outcome out;
            out.drive = QFileInfo(parv).completeBaseName();
            const auto imported = importDiskSim(parv, &out.error);
            if (!imported)
                return out;
            out.warnings = imported->warnings;
            const auto params = parseDiskParameters(imported->presetJson, &out.error);
            if (!params || stop.stop_requested())
                return out;
            report(std::make_shared<const Stage>(Stage { 0.1 }));
            const auto requests = readValidationTrace(trace, &out.error);
            if (!requests || stop.stop_requested())
                return out;
            report(std::make_shared<const Stage>(Stage { 0.3 }));
            DiskModel disk(*params);
            out.validation = validateDisk(disk, *requests, &out.error);
            return out;
        },
        [this](const Stage& s) { m_bar->setProgress(s.fraction); },
        [this](Outcome out) { showOutcome(std::move(out)); });
    return true;
}

void DisksPage::showOutcome(Outcome out)
{
    m_bar->setProgress(1);
    if (!out.validation) {
        m_validation.reset();
        m_validatedDrive.clear();
        m_validationPlot->clear(tr("Not validated"));
        m_bar->setStatus(tr("Validation: %1").arg(out.error), true);
        return;
    }
    m_validation = std::move(out.validation);
    m_validatedDrive = out.drive;
    const std::optional<DiskSimDemerit> disksim = disksimDemeritMs(out.drive);
    m_validationPlot->setValidation(*m_validation, out.drive, disksim);
    // The import's warnings go with the run: never dropped, here counted, listed by the preset import.
    m_bar->setStatus(tr("%1: demerit %2 ms (exact, per request)%3; %n import warning(s) (Import DiskSim lists them)",
        nullptr, int(out.warnings.size()))
                         .arg(out.drive)
                         .arg(m_validation->demeritMs, 0, 'f', 3)
                         .arg(disksim ? tr(", DiskSim's %1 ms (%2 binned)")
                                            .arg(disksim->exactMs, 0, 'f', 3)
                                            .arg(disksim->binnedMs, 0, 'f', 3)
                                      : QString()));
    m_bar->statusLabel()->setToolTip(out.warnings.join(u'\n'));
}

} // namespace raidscope::gui
