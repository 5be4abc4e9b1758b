// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;

namespace raidscope::gui {

class ArraySpecEditor;

/// The controller and member-disk settings of a simulated array, shown as controls under an
/// ArraySpecEditor and written into its spec line through the simulation keys (core/sim/simconfig):
/// disk=PRESET, cache=, readcache=, scheduler=, paritywrite=, mirrorread=, failed=, speed=DISK:FACTOR.
/// Every spec change is checked with the simulator's own parser; simError() says what is wrong.
class ArraySimOptions : public QWidget
{
    Q_OBJECT
public:
    explicit ArraySimOptions(ArraySpecEditor* editor, QWidget* parent = nullptr);

    /// Empty when the spec's simulation keys are valid for the array.
    QString simError() const { return m_simError; }

Q_SIGNALS:
    /// The spec or its check changed.
    void validityChanged();

private:
    void onLayoutChanged();
    /// Writes key=value into the editor's spec (removes the key when `value` is empty).
    void setKey(const QString& key, const QString& value);
    void setPreset(const QString& id);
    void writeSpeed();
    void check();

    ArraySpecEditor* m_editor = nullptr;
    QComboBox* m_preset = nullptr;
    QComboBox* m_cache = nullptr;
    QComboBox* m_readCache = nullptr;
    QComboBox* m_scheduler = nullptr;
    QComboBox* m_parityWrite = nullptr;
    QLabel* m_mirrorReadLabel = nullptr;
    QComboBox* m_mirrorRead = nullptr;
    QLineEdit* m_failed = nullptr;
    QComboBox* m_slowDisk = nullptr;
    QDoubleSpinBox* m_slowFactor = nullptr;
    QLabel* m_error = nullptr;
    QString m_simError;
    int m_syncing = 0;
};

} // namespace raidscope::gui
