// SPDX-License-Identifier: GPL-3.0-or-later
// DiskSim's validation drives, read in place from the shared folder (shared/disksim-validation): the
// tests of the DiskSim reader, importer and validation replay.
#pragma once

#include <QFileInfo>
#include <QString>

namespace raidscope::test {

inline QString disksimValidationFile(const char* name)
{
    return QStringLiteral(RAIDSCOPE_SHARED_DIR "/disksim-validation/") + QString::fromLatin1(name);
}

} // namespace raidscope::test

// Catch2 v2 has no SKIP: warn and return when the shared folder is absent.
#define REQUIRE_VALIDATION(path)                                                                                       \
    if (!QFileInfo::exists(path)) {                                                                                    \
        WARN("skipped: " << (path).toStdString() << " is absent (the DiskSim files are not part of the project)");     \
        return;                                                                                                        \
    }
