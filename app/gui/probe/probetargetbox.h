// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

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
    QLabel* m_deviceNote = nullptr;
    QMessageBox* m_writeDialog = nullptr;
    bool m_allowWrites = false;
};

} // namespace raidscope::gui
