// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "workspace/workspace.h"

#include <QWidget>

class QLabel;
class QScrollArea;
class QSplitter;

namespace raidscope::gui {

class ArraySpecEditor;
class LayoutDiagram;
class RequestExplorer;

/// The Array page: an array's controls and spec, a summary, its layout diagram (Shear Fig. 1) and
/// the request explorer, whose request is marked on the diagram.
class ArrayPage : public QWidget
{
    Q_OBJECT
public:
    explicit ArrayPage(QWidget* parent = nullptr);

    /// Applies an array spec; false (and the error shown inline) when it is rejected.
    bool setSpecText(const QString& text);
    /// The canonical spec of the array shown; empty when none.
    QString currentSpec() const;
    /// "write:0:128KiB"; false and `error` when malformed.
    bool setRequestText(const QString& text, QString* error);

    ArraySpecEditor* editor() const { return m_editor; }
    LayoutDiagram* diagram() const { return m_diagram; }
    RequestExplorer* explorer() const { return m_explorer; }
    QString summaryText() const;

    /// The spec as entered and the explorer's request, for a workspace.
    WorkspaceArray saveState() const;
    /// Shows a workspace's spec and request; false and why when the spec or the request is refused
    /// (the page shows the refusal inline, as when typed).
    bool restoreState(const WorkspaceArray& state, QString* error);

Q_SIGNALS:
    void specChanged(const QString& canonicalSpec);

private:
    void onLayoutChanged();
    void onPlanChanged();

    ArraySpecEditor* m_editor = nullptr;
    QLabel* m_summary = nullptr;
    LayoutDiagram* m_diagram = nullptr;
    QScrollArea* m_scroll = nullptr;
    RequestExplorer* m_explorer = nullptr;
    QSplitter* m_splitter = nullptr;
};

} // namespace raidscope::gui
