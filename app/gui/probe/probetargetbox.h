// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

#include <vector>

namespace raidscope {
struct BlockDeviceInfo;
}

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QMessageBox;
class QPushButton;
class QSlider;
class QStackedWidget;

namespace raidscope::gui {

class ArraySimOptions;
class ArraySpecEditor;

/// Where the probe sends its I/O: a simulated array (the Array page's spec editor with the
/// simulation keys, presets for the arrays of Shear's experiments, including heterogeneous,
/// degraded and misconfigured ones, and a pace for trainers) or a real block device or file
/// (read-only unless the user confirms safe writes in a dialog that defaults to read-only).
class ProbeTargetBox : public QWidget
{
    Q_OBJECT
public:
    explicit ProbeTargetBox(QWidget* parent = nullptr);

    struct Preset
    {
        QString name;
        QString spec;
    };
    /// The presets whose scheme is installed.
    static QList<Preset> presets();

    bool isSimulated() const;
    void setSimulated(bool simulated);
    /// The simulated array's spec (canonical, simulation keys kept); empty when invalid.
    QString simSpec() const;
    /// Why the simulated array cannot be probed; empty when it can.
    QString simError() const;
    bool setSimSpec(const QString& spec);

    QString devicePath() const;
    void setDevicePath(const QString& path);
    /// True only after the user confirmed writes in the dialog.
    bool allowWrites() const;
    /// Without the dialog (tests, scripted runs).
    void setAllowWrites(bool allow);
    /// Asks, as ticking "Allow safe writes…" does (the verdict's offer of a write test).
    void askAllowWrites();

    /// True only after the user confirmed Force in the dialog that names what is mounted or holds
    /// the device; cleared when the path changes.
    bool force() const { return m_force; }
    /// Without the dialog (tests, scripted runs).
    void setForce(bool force);
    /// The block device chooser's list: the system's (core's listBlockDevices()), or `devices`.
    void refreshDevices();
    void setDevices(const std::vector<BlockDeviceInfo>& devices);
    /// "sda · 465.8 GiB · ST3500630NS · spinning · in use: sda1 is mounted on /boot".
    static QString deviceLabel(const BlockDeviceInfo& device);
    /// The confirmation asked before Force: names `use` (what is mounted or holds the device); its
    /// default button keeps the refusal. `forceButton` receives the one button that forces.
    static QMessageBox* createForceDialog(QWidget* parent, const QString& path, const QString& use, QPushButton** forceButton);
    QMessageBox* pendingForceDialog() const { return m_forceDialog; }

    int paceMs() const;
    void setPaceMs(int ms);

    void setRunning(bool running);

    /// The confirmation asked before writes are allowed. Its default button (Enter, Escape, closing
    /// it) keeps the target read-only; `allowButton` receives the one button that allows writes.
    static QMessageBox* createWriteDialog(QWidget* parent, QPushButton** allowButton);
    /// The dialog open now (between ticking "Allow writes" and answering); nullptr otherwise.
    QMessageBox* pendingWriteDialog() const { return m_writeDialog; }

    ArraySpecEditor* specEditor() const { return m_editor; }

Q_SIGNALS:
    /// The target, its spec or its write permission changed.
    void targetChanged();
    void paceChanged(int ms);

private:
    void onWritesToggled(bool checked);
    void onForceToggled(bool checked);
    void updateNotes();

    QComboBox* m_kind = nullptr;
    QStackedWidget* m_stack = nullptr;
    QComboBox* m_preset = nullptr;
    ArraySpecEditor* m_editor = nullptr;
    ArraySimOptions* m_simOptions = nullptr;
    QSlider* m_pace = nullptr;
    QLabel* m_paceLabel = nullptr;
    QLineEdit* m_path = nullptr;
    QPushButton* m_browse = nullptr;
    QCheckBox* m_writes = nullptr;
    QComboBox* m_devices = nullptr;
    QPushButton* m_refresh = nullptr;
    QCheckBox* m_forceCheck = nullptr;
    QMessageBox* m_forceDialog = nullptr;
    bool m_force = false;
    QLabel* m_deviceNote = nullptr;
    QMessageBox* m_writeDialog = nullptr;
    bool m_allowWrites = false;
};

} // namespace raidscope::gui
