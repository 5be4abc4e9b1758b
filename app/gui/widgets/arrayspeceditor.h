// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "layout/layoutregistry.h"

#include <QTimer>
#include <QWidget>

#include <memory>
#include <optional>

class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace raidscope::gui {

/// Controls for an array (scheme, variant, disks, chunk, copies) kept in two-way sync with an
/// editable array spec line. Every accepted change creates the layout and emits layoutChanged();
/// a rejected spec shows the parser's or plugin's one-line error and keeps the last good layout.
class ArraySpecEditor : public QWidget
{
    Q_OBJECT
public:
    explicit ArraySpecEditor(QWidget* parent = nullptr);

    /// Puts `text` in the spec line and applies it now; false (error shown) when it is rejected.
    bool setSpecText(const QString& text);
    QString specText() const;
    /// The canonical spec of the current (last accepted) layout; empty when there is none.
    QString canonicalSpec() const;
    QString errorText() const;

    std::shared_ptr<const Layout> layout() const { return m_layout; }
    const std::optional<ResolvedArray>& resolved() const { return m_resolved; }

Q_SIGNALS:
    void layoutChanged();

private:
    bool apply(const QString& text, bool fromControls);
    void applyControls();
    void fillSchemes();
    void fillForScheme(const SchemeInfo* scheme);
    void syncControls();
    void showError(const QString& error);

    QComboBox* m_scheme = nullptr;
    QLabel* m_variantLabel = nullptr;
    QComboBox* m_variant = nullptr;
    QSpinBox* m_disks = nullptr;
    QComboBox* m_chunk = nullptr;
    QLabel* m_copiesLabel = nullptr;
    QSpinBox* m_copies = nullptr;
    QLineEdit* m_spec = nullptr;
    QLabel* m_error = nullptr;
    QTimer m_typingTimer;

    std::shared_ptr<const Layout> m_layout;
    std::optional<ResolvedArray> m_resolved;
    const SchemeInfo* m_shownScheme = nullptr;
    bool m_copiesSetByUser = false;
    int m_syncing = 0; // > 0 while the controls are being set from a spec
};

} // namespace raidscope::gui
