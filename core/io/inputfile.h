// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

#include <optional>

namespace raidscope {

/// The stated size caps of the readers that read a whole file into memory. Each is far above what
/// the files RaidScope writes hold, and each keeps /dev/zero or a sparse file of terabytes from
/// growing memory without bound.
namespace inputcap {
constexpr qint64 kWorkspaceBytes = qint64(256) << 20; ///< a workspace (probe series, results): MiBs
constexpr qint64 kPartialBytes = qint64(1) << 30;     ///< a shard's partial JSON
constexpr qint64 kPresetBytes = qint64(1) << 20;      ///< a disk preset: a few KiB
constexpr qint64 kResultBytes = qint64(64) << 20;     ///< a saved probe or study result
constexpr qint64 kDiskSimBytes = qint64(4) << 20;     ///< a DiskSim seek table
} // namespace inputcap

/// The whole of the regular file `path`, when it holds at most `maxBytes`. Otherwise nullopt and
/// one line in `*error` that names the path: it cannot be opened (the system's reason), it is not a
/// regular file ("is a character device; a workspace is read from a regular file"), or it is larger
/// than the cap ("3.0 GiB, more than the 256 MiB a workspace may have"). The size is checked before
/// anything is read, and the read stops one byte past the cap should the file grow meanwhile.
/// `what` names the kind of file in those lines ("a workspace"). A Qt resource path (":/...") is
/// read from the program's resources, within the same cap.
std::optional<QByteArray> readWholeFile(const QString& path, qint64 maxBytes, const QString& what, QString* error);

} // namespace raidscope
