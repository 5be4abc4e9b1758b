// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sim/workload.h"

#include <QTimer>
#include <QWidget>

#include <optional>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace raidscope::gui {

/// Controls for a workload (pattern, read fraction, request size or size distribution, closed-loop
/// outstanding I/Os or open-loop rate, count, region, hot-spot skew, seed) kept in two-way sync with
/// an editable workload spec line (DESIGN.md "The workload spec"). A control rewrites only its own
/// key in the line, so keys without a control (runcount) stay as typed. A malformed line shows the
/// parser's one-line error inline and spec() is empty until it is fixed.
class WorkloadEditor : public QWidget
{
    Q_OBJECT
public:
    explicit WorkloadEditor(QWidget* parent = nullptr);

    static QString defaultSpec();

    /// Puts `text` in the line and applies it now; false (error shown) when it does not parse.
    bool setSpecText(const QString& text);
    QString specText() const;
    /// The parsed workload; nullopt while the line has an error.
    const std::optional<WorkloadSpec>& spec() const { return m_spec; }
    QString errorText() const;

    /// `text` with `key=value` set (replaced or appended), or the key removed when `value` is empty.
    static QString withKey(const QString& text, const QString& key, const QString& value);

Q_SIGNALS:
    /// The line changed: spec() is the new workload, or nullopt with errorText() saying why.
    void specChanged();

private:
    bool apply(const QString& text);
    void setKey(const QString& key, const QString& value);
    void syncControls();
    void updateLoadControls();

    QComboBox* m_pattern = nullptr;
    QSpinBox* m_readPercent = nullptr;
    QComboBox* m_size = nullptr;
    QComboBox* m_loadMode = nullptr;
    QSpinBox* m_outstanding = nullptr;
    QDoubleSpinBox* m_rate = nullptr;
    QSpinBox* m_count = nullptr;
    QComboBox* m_region = nullptr;
    QComboBox* m_hot = nullptr;
    QSpinBox* m_seed = nullptr;
    QLineEdit* m_line = nullptr;
    QLabel* m_error = nullptr;
    QTimer m_typingTimer;

    std::optional<WorkloadSpec> m_spec;
    int m_syncing = 0;
};

} // namespace raidscope::gui
