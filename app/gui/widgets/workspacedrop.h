// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "workspace/workspace.h"

#include <QMimeData>
#include <QUrl>

namespace raidscope::gui {

/// The workspace file (.raidscope) a drag carries, or an empty string: the window opens it, so the
/// pages that take any dropped file (a trace, a probe result) leave it to the window.
inline QString droppedWorkspace(const QMimeData* mime)
{
    if (!mime || !mime->hasUrls() || mime->urls().size() != 1 || !mime->urls().front().isLocalFile())
        return {};
    const QString path = mime->urls().front().toLocalFile();
    return path.endsWith(QStringLiteral(".") + kWorkspaceSuffix.toString(), Qt::CaseInsensitive) ? path : QString();
}

} // namespace raidscope::gui
