// SPDX-License-Identifier: GPL-3.0-or-later
#include "measuredcandidatebox.h"

#include "io/outputfile.h"
#include "probe/blockdevices.h"
#include "probe/probetargetbox.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalBlocker>
#include <QVBoxLayout>

namespace raidscope::gui {

MeasuredCandidateBox::MeasuredCandidateBox(QWidget* parent)
    : QGroupBox(tr("Measured on a device"), parent)
{
    setObjectName(QStringLiteral("measuredCandidateBox"));
    setCheckable(true);
    setChecked(false);
    setToolTip(tr("Replay the trace on a real block device or file as well (io_uring, O_DIRECT) and show it beside "
                  "the simulated candidates, with each candidate's error against it"));
    m_devices = new QComboBox;
    m_devices->setObjectName(QStringLiteral("measuredDeviceCombo"));
    m_devices->setToolTip(tr("The block devices the kernel lists (/sys/block), and whether each is in use"));
    m_devices->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_devices->setMinimumContentsLength(16);
    m_refresh = new QPushButton(tr("Refresh"));
    m_refresh->setToolTip(tr("Read the list of block devices again"));
    m_path = new QLineEdit;
    m_path->setObjectName(QStringLiteral("measuredDevicePath"));
    m_path->setPlaceholderText(tr("/dev/sdX, /dev/md0 or a file"));
    m_path->setClearButtonEnabled(true);
    m_path->setToolTip(tr("The device or file the trace is replayed on; its bytes are only read unless safe writes "
                          "are allowed"));
    m_browse = new QPushButton(tr("File…"));
    m_browse->setObjectName(QStringLiteral("measuredBrowseButton"));
    m_browse->setToolTip(tr("Choose a file (or device node) to replay on"));
    m_writes = new QCheckBox(tr("Safe writes…"));
    m_writes->setObjectName(QStringLiteral("measuredWritesCheck"));
    m_writes->setToolTip(tr("Asks first. Each of the trace's writes reads its bytes and writes the same bytes back"));
    m_note = new QLabel;
    m_note->setObjectName(QStringLiteral("measuredNote"));
    m_note->setWordWrap(true);

    auto* deviceRow = new QHBoxLayout;
    deviceRow->addWidget(m_devices, 1);
    deviceRow->addWidget(m_refresh);
    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(m_browse);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(deviceRow);
    layout->addLayout(pathRow);
    layout->addWidget(m_writes);
    layout->addWidget(m_note);

    connect(this, &QGroupBox::toggled, this, &MeasuredCandidateBox::changed);
    connect(m_refresh, &QPushButton::clicked, this, &MeasuredCandidateBox::refreshDevices);
    connect(m_devices, &QComboBox::activated, this, [this](int index) {
        if (const QString path = m_devices->itemData(index).toString(); !path.isEmpty())
            m_path->setText(path);
    });
    connect(m_browse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Device or File to Replay On"),
            m_path->text().isEmpty() ? QStringLiteral("/dev") : m_path->text(), QString(), nullptr,
            QFileDialog::DontResolveSymlinks);
        if (!path.isEmpty())
            m_path->setText(path);
    });
    // Writes are confirmed for one device, not for the next one typed.
    connect(m_path, &QLineEdit::textChanged, this, [this] {
        if (m_allowWrites)
            setAllowWrites(false);
        updateNote();
        Q_EMIT changed();
    });
    connect(m_writes, &QCheckBox::toggled, this, &MeasuredCandidateBox::onWritesToggled);
    refreshDevices();
    updateNote();
}

QString MeasuredCandidateBox::devicePath() const { return m_path->text().trimmed(); }

void MeasuredCandidateBox::setDevicePath(const QString& path) { m_path->setText(path); }

void MeasuredCandidateBox::refreshDevices() { setDevices(listBlockDevices()); }

void MeasuredCandidateBox::setDevices(const std::vector<BlockDeviceInfo>& devices)
{
    const QSignalBlocker block(m_devices);
    m_devices->clear();
    m_devices->addItem(devices.empty() ? tr("(no block devices listed: type a path)") : tr("(choose a block device)"));
    for (const BlockDeviceInfo& d : devices) {
        m_devices->addItem(ProbeTargetBox::deviceLabel(d), d.path);
        m_devices->setItemData(m_devices->count() - 1, d.inUse() ? tr("In use: %1").arg(d.useText()) : tr("Not in use"),
            Qt::ToolTipRole);
    }
}

void MeasuredCandidateBox::setAllowWrites(bool allow)
{
    m_allowWrites = allow;
    const QSignalBlocker block(m_writes);
    m_writes->setChecked(allow);
    updateNote();
    Q_EMIT changed();
}

QMessageBox* MeasuredCandidateBox::createWriteDialog(QWidget* parent, const QString& path, QPushButton** allowButton)
{
    auto* dialog = new QMessageBox(QMessageBox::Warning, tr("Write to %1?").arg(path),
        tr("The replay will write to %1: each of the trace's writes reads its bytes from %1 and writes the same bytes "
           "back, so no data changes, but a crash or power cut in between could leave a block half written.")
            .arg(path),
        QMessageBox::NoButton, parent);
    dialog->setObjectName(QStringLiteral("measuredWriteDialog"));
    dialog->setInformativeText(tr("Allow it only on a device whose data is backed up, or is scratch. A write's measured "
                                  "response time then includes its read. With reads only, the trace's writes are left "
                                  "out of the measured and the simulated replays alike."));
    QPushButton* readOnly = dialog->addButton(tr("Keep Reads Only"), QMessageBox::RejectRole);
    readOnly->setObjectName(QStringLiteral("measuredKeepReadsButton"));
    QPushButton* allow = dialog->addButton(tr("Allow Safe Writes to %1").arg(path), QMessageBox::AcceptRole);
    allow->setObjectName(QStringLiteral("measuredAllowWritesButton"));
    dialog->setDefaultButton(readOnly);
    dialog->setEscapeButton(readOnly);
    if (allowButton)
        *allowButton = allow;
    return dialog;
}

void MeasuredCandidateBox::onWritesToggled(bool checked)
{
    if (!checked) {
        setAllowWrites(false);
        return;
    }
    {
        const QSignalBlocker block(m_writes); // unticked until the user says yes
        m_writes->setChecked(false);
    }
    if (m_writeDialog)
        return;
    if (devicePath().isEmpty()) {
        m_note->setText(tr("<b>Choose the device first:</b> the confirmation names it."));
        return;
    }
    QPushButton* allow = nullptr;
    m_writeDialog = createWriteDialog(this, devicePath(), &allow);
    m_writeDialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(m_writeDialog, &QMessageBox::finished, this, [this, allow] {
        const bool yes = m_writeDialog && m_writeDialog->clickedButton() == allow;
        m_writeDialog = nullptr;
        setAllowWrites(yes);
    });
    m_writeDialog->open(); // window-modal, no nested event loop
}

void MeasuredCandidateBox::updateNote()
{
    QString text = m_allowWrites
        ? tr("<b>Safe writes.</b> Each write is read first and the same bytes written back; its response time includes "
             "the read.")
        : tr("<b>Reads only.</b> The trace's writes are left out of the measurement and of the simulated candidates "
             "alike, so every row has the same requests.");
    text += tr(" A device that is mounted or held is refused.");
    if (const QString note = m_allowWrites ? writeProtectedNote(devicePath()) : QString(); !note.isEmpty())
        text += tr("<br><b>Warning:</b> %1.").arg(note.toHtmlEscaped());
    m_note->setText(text);
}

void MeasuredCandidateBox::setRunning(bool running)
{
    setEnabled(!running);
}

} // namespace raidscope::gui
