// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "job.h"
#include "tracejob.h"

#include <QString>
#include <QStringList>

#include <chrono>
#include <cstdint>
#include <stop_token>

namespace raidscope {

/// Progress of an export: how far through the input, and the I/Os written so far.
struct TraceExportSnapshot
{
    double fraction = 0;
    std::uint64_t bytesDone = 0;
    std::uint64_t bytesTotal = 0;
    std::uint64_t written = 0;
};

/// The outcome of an export. Unless `ok`, nothing was written at the output path (an existing
/// file there is as it was).
struct TraceExportResult
{
    QString outPath;
    std::uint64_t written = 0; ///< I/Os in the iolog
    bool ok = false;
    bool cancelled = false;
    QString error; ///< one line: the output refused, the first malformed line, or why it could not be read
};

/// Writes the trace as a fio iolog v3 (timestamps in microseconds from the first record, as fio's
/// own writer does) for `fio --read_iolog=FILE`. Every trace device maps to `target` (one device)
/// unless `target` contains "%d", which is replaced by the device's index. The output goes through
/// writeOutputFile(): an output that is one of `files` is refused before anything is opened, and
/// an error or a cancel (`stop`) leaves no file. Runs on the caller's thread and reports at most
/// every `reportInterval`.
TraceExportResult exportFioLog(const QStringList& files, const TraceJobOptions& options, const QString& outPath,
                               const QString& target, std::stop_token stop = {},
                               const Report<TraceExportSnapshot>& report = {},
                               std::chrono::milliseconds reportInterval = std::chrono::milliseconds(200));

} // namespace raidscope
