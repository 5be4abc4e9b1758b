// SPDX-License-Identifier: GPL-3.0-or-later
#include "probetargetbox.h"

#include "io/outputfile.h"
#include "probe/blockdevices.h"
#include "probe/devicetarget.h"
#include "units.h"
#include "layout/layoutregistry.h"
#include "widgets/arraysimoptions.h"
#include "widgets/arrayspeceditor.h"

#include "widgets/flowlayout.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace raidscope::gui {

QList<ProbeTargetBox::Preset> ProbeTargetBox::presets()
{
    // Shear's experiments (§2-§5): the four RAID-5 variants of Fig. 9/10, ZIG-ZAG (Fig. 5/6),
    // chained declustering (Fig. 13), a slow disk (Fig. 18), a failed disk (Fig. 19) and two
    // members on one physical disk (Fig. 17).
    static const std::pair<const char*, const char*> all[] = {
        { "RAID-5 LA, 6 disks, 8 KiB", "raid5 layout=la disks=6 chunk=8KiB" },
        { "RAID-5 LS, 6 disks, 8 KiB", "raid5 layout=ls disks=6 chunk=8KiB" },
        { "RAID-5 RS, 6 disks, 8 KiB", "raid5 layout=rs disks=6 chunk=8KiB" },
        { "RAID-5 RA, 6 disks, 8 KiB", "raid5 layout=ra disks=6 chunk=8KiB" },
        { "RAID-0, 4 disks, 16 KiB", "raid0 disks=4 chunk=16KiB" },
        { "ZIG-ZAG, 6 disks, 8 KiB", "zigzag disks=6 chunk=8KiB" },
        { "Chained declustering, 6 disks, 8 KiB", "chained disks=6 chunk=8KiB" },
        { "RAID-1, 2 disks", "raid1 disks=2" },
        { "RAID-10 near, 4 disks, 16 KiB", "raid10 disks=4 chunk=16KiB" },
        { "RAID-4, 5 disks, 16 KiB", "raid4 disks=5 chunk=16KiB" },
        { "RAID-6 LS, 8 disks, 16 KiB", "raid6 layout=ls disks=8 chunk=16KiB" },
        { "RAID-0 with a slow disk (speed=2:0.5)", "raid0 disks=4 chunk=16KiB speed=2:0.5" },
        { "RAID-5 with a failed disk (failed=4)", "raid5 layout=la disks=6 chunk=8KiB failed=4" },
        { "Misconfigured: two members on one disk (shared=1:2)", "raid0 disks=4 chunk=16KiB shared=1:2" },
    };
    QList<Preset> out;
    for (const auto& [name, spec] : all) {
        const QString s = QString::fromLatin1(spec);
        if (LayoutRegistry::instance().find(s.section(u' ', 0, 0)))
            out.push_back({ QString::fromUtf8(name), s });
    }
    return out;
}

ProbeTargetBox::ProbeTargetBox(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("probeTargetBox"));
    m_kind = new QComboBox;
    m_kind->setObjectName(QStringLiteral("targetKindCombo"));
    m_kind->addItem(tr("Simulated array"));
    m_kind->addItem(tr("Device or file"));
    m_kind->setToolTip(tr("Probe a simulated array, or a real block device or regular file"));

    // The simulated array.
    m_preset = new QComboBox;
    m_preset->setObjectName(QStringLiteral("presetCombo"));
    m_preset->addItem(tr("Presets…"));
    for (const Preset& p : presets())
        m_preset->addItem(p.name, p.spec);
    m_preset->setToolTip(tr("Arrays from Shear's experiments, including a slow disk, a failed disk and a "
                            "misconfiguration"));
    m_editor = new ArraySpecEditor;
    m_simOptions = new ArraySimOptions(m_editor);
    m_pace = new QSlider(Qt::Horizontal);
    m_pace->setObjectName(QStringLiteral("paceSlider"));
    m_pace->setRange(0, 500);
    m_pace->setSingleStep(10);
    m_pace->setPageStep(50);
    m_pace->setMinimumWidth(fontMetrics().averageCharWidth() * 20);
    m_pace->setToolTip(tr("Wall-clock pause after every batch of I/Os, so the plots can be watched filling in"));
    m_paceLabel = new QLabel;
    m_paceLabel->setMinimumWidth(QFontMetrics(font()).horizontalAdvance(tr("500 ms per batch")) + 4);

    auto* simPage = new QWidget;
    auto* simLayout = new QVBoxLayout(simPage);
    simLayout->setContentsMargins(0, 0, 0, 0);
    simLayout->setSpacing(4);
    // Rows that wrap on a narrow window (#54 item 7).
    auto* presetRow = new FlowLayout(FlowLayout::Justify::Fill);
    presetRow->setHorizontalSpacing(12);
    presetRow->addWidget(m_preset);
    m_preset->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    auto* paceTitle = new QLabel(tr("Pace:"));
    auto* pace = new QHBoxLayout;
    pace->addWidget(m_pace, 1);
    pace->addWidget(m_paceLabel);
    presetRow->addPair(paceTitle, pace);
    paceTitle->setBuddy(m_pace);
    simLayout->addLayout(presetRow);
    simLayout->addWidget(m_editor);
    simLayout->addWidget(m_simOptions);

    // The device or file.
    m_path = new QLineEdit;
    m_path->setObjectName(QStringLiteral("devicePathEdit"));
    m_path->setToolTip(tr("The block device or file to probe, read-only unless safe writes are allowed, e.g. /dev/md0"));
    m_path->setPlaceholderText(tr("/dev/sdX, /dev/md0 or a file"));
    m_path->setClearButtonEnabled(true);
    m_browse = new QPushButton(tr("&Browse…"));
    m_browse->setObjectName(QStringLiteral("deviceBrowseButton"));
    m_browse->setToolTip(tr("Choose a device or file to probe"));
    m_writes = new QCheckBox(tr("Allow safe &writes…"));
    m_writes->setObjectName(QStringLiteral("allowWritesCheck"));
    m_writes->setToolTip(tr("Asks for confirmation first. Each write reads a block and writes the same bytes back."));
    // The chooser (#54 item 8): the system's block devices, what each is and whether it is in use.
    m_devices = new QComboBox;
    m_devices->setObjectName(QStringLiteral("blockDeviceCombo"));
    m_devices->setToolTip(tr("The block devices the kernel lists (/sys/block): size, model, spinning or not, and "
                             "what is mounted on it or holds it"));
    m_devices->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_devices->setMinimumContentsLength(30);
    m_refresh = new QPushButton(tr("Re&fresh"));
    m_refresh->setObjectName(QStringLiteral("blockDeviceRefresh"));
    m_refresh->setToolTip(tr("Read the list of block devices again"));
    m_forceCheck = new QCheckBox(tr("F&orce…"));
    m_forceCheck->setObjectName(QStringLiteral("forceCheck"));
    m_forceCheck->setToolTip(tr("Probe a device that is mounted or held by md, dm or LVM (asks first, naming what is "
                                "mounted), or a file with buffered I/O where O_DIRECT is refused"));
    m_deviceNote = new QLabel;
    m_deviceNote->setObjectName(QStringLiteral("deviceNote"));
    m_deviceNote->setWordWrap(true);
    auto* devicePage = new QWidget;
    auto* deviceLayout = new QVBoxLayout(devicePage);
    deviceLayout->setContentsMargins(0, 0, 0, 0);
    auto* deviceRow = new FlowLayout(FlowLayout::Justify::Fill);
    deviceRow->addPair(new QLabel(tr("Device:")), m_devices);
    deviceRow->addWidget(m_refresh);
    deviceLayout->addLayout(deviceRow);
    auto* pathRow = new FlowLayout(FlowLayout::Justify::Fill);
    auto* path = new QHBoxLayout;
    path->addWidget(m_path, 1);
    path->addWidget(m_browse);
    pathRow->addPair(new QLabel(tr("Path:")), path);
    pathRow->addWidget(m_writes);
    pathRow->addWidget(m_forceCheck);
    deviceLayout->addLayout(pathRow);
    deviceLayout->addWidget(m_deviceNote);
    deviceLayout->addStretch(1);

    m_stack = new QStackedWidget;
    m_stack->addWidget(simPage);
    m_stack->addWidget(devicePage);

    // The target's kind beside its settings, or above them on a narrow window.
    auto* box = new FlowLayout(this, FlowLayout::Justify::Fill);
    auto* kindColumn = new QVBoxLayout;
    kindColumn->addWidget(new QLabel(tr("Target:")));
    kindColumn->addWidget(m_kind);
    kindColumn->addStretch(1);
    box->addItem(kindColumn);
    m_stack->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    box->addWidget(m_stack);

    connect(m_kind, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_stack->setCurrentIndex(index);
        // The device page is much shorter: let the plots have the room.
        m_stack->currentWidget()->adjustSize();
        updateNotes();
        Q_EMIT targetChanged();
    });
    connect(m_preset, &QComboBox::activated, this, [this](int index) {
        if (index > 0)
            m_editor->setSpecText(m_preset->itemData(index).toString());
        m_preset->setCurrentIndex(0);
    });
    connect(m_editor, &ArraySpecEditor::layoutChanged, this, &ProbeTargetBox::targetChanged);
    connect(m_simOptions, &ArraySimOptions::validityChanged, this, &ProbeTargetBox::targetChanged);
    connect(m_pace, &QSlider::valueChanged, this, [this](int ms) {
        m_paceLabel->setText(ms ? tr("%1 ms per batch").arg(ms) : tr("full speed"));
        Q_EMIT paceChanged(ms);
    });
    connect(m_path, &QLineEdit::textChanged, this, &ProbeTargetBox::targetChanged);
    connect(m_path, &QLineEdit::textChanged, this, &ProbeTargetBox::updateNotes);
    connect(m_browse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Device or File to Probe"),
            m_path->text().isEmpty() ? QStringLiteral("/dev") : m_path->text(), QString(), nullptr,
            QFileDialog::DontResolveSymlinks);
        if (!path.isEmpty())
            m_path->setText(path);
    });
    connect(m_writes, &QCheckBox::toggled, this, &ProbeTargetBox::onWritesToggled);
    connect(m_forceCheck, &QCheckBox::toggled, this, &ProbeTargetBox::onForceToggled);
    connect(m_refresh, &QPushButton::clicked, this, &ProbeTargetBox::refreshDevices);
    connect(m_devices, &QComboBox::activated, this, [this](int index) {
        if (const QString path = m_devices->itemData(index).toString(); !path.isEmpty())
            m_path->setText(path);
    });
    // Force is for the device it was confirmed for, not for the next one typed.
    connect(m_path, &QLineEdit::textChanged, this, [this] {
        if (m_force)
            setForce(false);
    });
    refreshDevices();

    m_paceLabel->setText(tr("full speed"));
    m_editor->setSpecText(presets().isEmpty() ? QStringLiteral("raid0 disks=4 chunk=16KiB") : presets().front().spec);
    updateNotes();
}

bool ProbeTargetBox::isSimulated() const { return m_kind->currentIndex() == 0; }

void ProbeTargetBox::setSimulated(bool simulated) { m_kind->setCurrentIndex(simulated ? 0 : 1); }

QString ProbeTargetBox::simSpec() const { return simError().isEmpty() ? m_editor->canonicalSpec() : QString(); }

QString ProbeTargetBox::simError() const
{
    if (!m_editor->errorText().isEmpty())
        return m_editor->errorText();
    if (!m_simOptions->simError().isEmpty())
        return m_simOptions->simError();
    if (m_editor->canonicalSpec().isEmpty())
        return tr("choose an array");
    return QString();
}

bool ProbeTargetBox::setSimSpec(const QString& spec)
{
    setSimulated(true);
    return m_editor->setSpecText(spec);
}

QString ProbeTargetBox::devicePath() const { return m_path->text().trimmed(); }

void ProbeTargetBox::setDevicePath(const QString& path)
{
    setSimulated(false);
    m_path->setText(path);
}

bool ProbeTargetBox::allowWrites() const { return m_allowWrites; }

void ProbeTargetBox::setAllowWrites(bool allow)
{
    m_allowWrites = allow;
    const QSignalBlocker block(m_writes);
    m_writes->setChecked(allow);
    updateNotes();
    Q_EMIT targetChanged();
}

void ProbeTargetBox::askAllowWrites()
{
    if (!m_allowWrites && m_writes->isEnabled())
        m_writes->setChecked(true); // onWritesToggled(): unticked again until the user says yes
}

void ProbeTargetBox::setForce(bool force)
{
    m_force = force;
    const QSignalBlocker block(m_forceCheck);
    m_forceCheck->setChecked(force);
    updateNotes();
    Q_EMIT targetChanged();
}

void ProbeTargetBox::refreshDevices() { setDevices(listBlockDevices()); }

void ProbeTargetBox::setDevices(const std::vector<BlockDeviceInfo>& devices)
{
    const QSignalBlocker block(m_devices);
    m_devices->clear();
    m_devices->addItem(devices.empty() ? tr("(no block devices listed: type a path)") : tr("(choose a block device)"));
    for (const BlockDeviceInfo& d : devices) {
        m_devices->addItem(deviceLabel(d), d.path);
        m_devices->setItemData(m_devices->count() - 1, d.inUse() ? tr("In use: %1").arg(d.useText()) : tr("Not in use"),
            Qt::ToolTipRole);
    }
}

QString ProbeTargetBox::deviceLabel(const BlockDeviceInfo& d)
{
    QStringList parts { d.name, formatBytesHuman(d.sizeBytes) };
    if (!d.model.isEmpty())
        parts << d.model;
    parts << (d.rotational ? tr("spinning") : tr("not spinning"));
    if (d.readOnly)
        parts << tr("read-only");
    if (d.inUse())
        parts << tr("in use: %1").arg(d.useText());
    return parts.join(QStringLiteral(" · "));
}

QMessageBox* ProbeTargetBox::createForceDialog(QWidget* parent, const QString& path, const QString& use, QPushButton** forceButton)
{
    auto* dialog = new QMessageBox(QMessageBox::Warning, tr("Probe a Device in Use?"),
        use.isEmpty() ? tr("Force probes %1 even if it is mounted or held, and a file with buffered I/O where its filesystem "
                           "refuses O_DIRECT (the timings then include the page cache).")
                            .arg(path.isEmpty() ? tr("the device") : path)
                      : use + u'.', // blockDeviceInUse() names the device: "/dev/sda has partition sda1 mounted on /boot"
        QMessageBox::NoButton, parent);
    dialog->setObjectName(QStringLiteral("forceDialog"));
    dialog->setInformativeText(tr("A filesystem or array working on the device adds its own I/O to the probe's, so the "
                                  "timings are noisy and the verdict may be wrong; with writes allowed, its blocks are "
                                  "rewritten under it. Force only a device that is idle."));
    QPushButton* keep = dialog->addButton(tr("Do Not Force"), QMessageBox::RejectRole);
    keep->setObjectName(QStringLiteral("keepRefusalButton"));
    QPushButton* force = dialog->addButton(tr("Force"), QMessageBox::AcceptRole);
    force->setObjectName(QStringLiteral("forceButton"));
    dialog->setDefaultButton(keep);
    dialog->setEscapeButton(keep);
    if (forceButton)
        *forceButton = force;
    return dialog;
}

void ProbeTargetBox::onForceToggled(bool checked)
{
    if (!checked) {
        setForce(false);
        return;
    }
    {
        const QSignalBlocker block(m_forceCheck); // unticked until the user says yes
        m_forceCheck->setChecked(false);
    }
    if (m_forceDialog)
        return;
    QPushButton* force = nullptr;
    // What is mounted on it or holds it: the device's own answer, else the chooser's list (sysfs and
    // the mount table, where the device node cannot be examined).
    QString use = blockDeviceInUse(devicePath());
    if (use.isEmpty())
        for (const BlockDeviceInfo& d : listBlockDevices())
            if (d.path == devicePath() && d.inUse())
                use = devicePath() + QStringLiteral(": ") + d.useText();
    m_forceDialog = createForceDialog(this, devicePath(), use, &force);
    m_forceDialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(m_forceDialog, &QMessageBox::finished, this, [this, force] {
        const bool yes = m_forceDialog && m_forceDialog->clickedButton() == force;
        m_forceDialog = nullptr;
        setForce(yes);
    });
    m_forceDialog->open();
}

int ProbeTargetBox::paceMs() const { return m_pace->value(); }

void ProbeTargetBox::setPaceMs(int ms) { m_pace->setValue(ms); }

void ProbeTargetBox::setRunning(bool running)
{
    // The pace stays live: a trainer slows a probe down or lets it finish while it runs.
    m_kind->setEnabled(!running);
    m_preset->setEnabled(!running);
    m_editor->setEnabled(!running);
    m_simOptions->setEnabled(!running);
    m_path->setEnabled(!running);
    m_browse->setEnabled(!running);
    m_writes->setEnabled(!running);
    m_devices->setEnabled(!running);
    m_refresh->setEnabled(!running);
    m_forceCheck->setEnabled(!running);
}

QMessageBox* ProbeTargetBox::createWriteDialog(QWidget* parent, QPushButton** allowButton)
{
    auto* dialog = new QMessageBox(QMessageBox::Warning, tr("Allow Writes to the Device?"),
        tr("The redundancy step writes to the device: random blocks are read and the same bytes are "
           "written back, so no data changes, but a crash or power cut in between could leave a block "
           "half written, and a write-back cache is deliberately flooded."),
        QMessageBox::NoButton, parent);
    dialog->setObjectName(QStringLiteral("writePermissionDialog"));
    dialog->setInformativeText(tr("Allow writes only on a device whose data is backed up, or is scratch. "
                                  "Read-only, the probe still finds the pattern, chunk and layout, but cannot "
                                  "tell mirrors from parity by their write cost."));
    QPushButton* readOnly = dialog->addButton(tr("Keep Read-Only"), QMessageBox::RejectRole);
    readOnly->setObjectName(QStringLiteral("keepReadOnlyButton"));
    QPushButton* allow = dialog->addButton(tr("Allow Safe Writes"), QMessageBox::AcceptRole);
    allow->setObjectName(QStringLiteral("allowWritesButton"));
    dialog->setDefaultButton(readOnly);
    dialog->setEscapeButton(readOnly);
    if (allowButton)
        *allowButton = allow;
    return dialog;
}

void ProbeTargetBox::onWritesToggled(bool checked)
{
    if (!checked) {
        m_allowWrites = false;
        updateNotes();
        Q_EMIT targetChanged();
        return;
    }
    {
        // Unticked until the user says yes.
        const QSignalBlocker block(m_writes);
        m_writes->setChecked(false);
    }
    if (m_writeDialog)
        return;
    QPushButton* allow = nullptr;
    m_writeDialog = createWriteDialog(this, &allow);
    m_writeDialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(m_writeDialog, &QMessageBox::finished, this, [this, allow] {
        const bool yes = m_writeDialog && m_writeDialog->clickedButton() == allow;
        m_writeDialog = nullptr;
        setAllowWrites(yes);
    });
    m_writeDialog->open(); // window-modal, non-blocking: no nested event loop
}

void ProbeTargetBox::updateNotes()
{
    m_deviceNote->setText(m_allowWrites
            ? tr("<b>Writes allowed.</b> Each write reads a block and writes the same bytes back; the "
                 "redundancy step compares random-write with random-read bandwidth (Shear §2.3.4).")
            : tr("<b>Read-only.</b> The probe finds the pattern, chunk size and layout from reads alone; "
                 "redundancy (none, mirror, parity) cannot be measured without writes, so arrays that differ "
                 "only in it may stay undecided.")
            + (m_force ? tr(" <b>Forced:</b> probed even while mounted or held.") : tr(" A mounted or busy device is refused unless Force is ticked.")));
    // Root opens a read-only (0444) file read-write all the same: say so before it is written.
    if (const QString note = m_allowWrites ? writeProtectedNote(devicePath()) : QString(); !note.isEmpty())
        m_deviceNote->setText(m_deviceNote->text() + tr("<br><b>Warning:</b> %1.").arg(note.toHtmlEscaped()));
}

} // namespace raidscope::gui
