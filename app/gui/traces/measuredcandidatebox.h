// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QGroupBox>

#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QMessageBox;
class QPushButton;

namespace raidscope {
struct BlockDeviceInfo;
}

namespace raidscope::gui {

/// The Traces page's "Measured on a device" candidate (#55): a block device from core's list
/// (listBlockDevices(), as the Probe page's chooser) or a file, replayed with the simulated
/// candidates. Reads only unless the user confirms safe writes in a dialog that names the device
/// and defaults to reads only. Scratch writes, which change the device's bytes, are the CLI's alone.
class MeasuredCandidateBox : public QGroupBox
{
    Q_OBJECT
public:
    explicit MeasuredCandidateBox(QWidget* parent = nullptr);

    /// The group's check box: measure on the device when the replay runs.
    bool measuring() const { return isChecked(); }
    void setMeasuring(bool on) { setChecked(on); }
    QString devicePath() const;
    void setDevicePath(const QString& path);
    /// True only after the user confirmed in the dialog; cleared when the path changes.
    bool allowWrites() const { return m_allowWrites; }
    /// Without the dialog (tests, scripted runs).
    void setAllowWrites(bool allow);
    /// The dialog asked before safe writes, naming `path`; its default button keeps reads only.
    static QMessageBox* createWriteDialog(QWidget* parent, const QString& path, QPushButton** allowButton);
    QMessageBox* pendingWriteDialog() const { return m_writeDialog; }

    void refreshDevices();
    void setDevices(const std::vector<BlockDeviceInfo>& devices);
    void setRunning(bool running);

Q_SIGNALS:
    void changed();

private:
    void onWritesToggled(bool checked);
    void updateNote();

    QComboBox* m_devices = nullptr;
    QPushButton* m_refresh = nullptr;
    QLineEdit* m_path = nullptr;
    QPushButton* m_browse = nullptr;
    QCheckBox* m_writes = nullptr;
    QLabel* m_note = nullptr;
    QMessageBox* m_writeDialog = nullptr;
    bool m_allowWrites = false;
};

} // namespace raidscope::gui
