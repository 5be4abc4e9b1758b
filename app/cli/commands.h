// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "textline.h"

#include <QStringList>

namespace raidscope::cli {

/// Exit statuses shared by the subcommands.
enum Exit : int { Ok = 0, Failed = 1, Usage = 2 };

/// Each subcommand takes its own arguments (after the subcommand name) and returns the exit status.
/// Results go to stdout, diagnostics to stderr as one line "raidscope-cli: <what is wrong>".
int runSchemes(const QStringList& args);
int runPlugins(const QStringList& args);
int runDisks(const QStringList& args);
/// The disk model against a DiskSim validation trace.
int runDiskValidate(const QStringList& args);
int runLayout(const QStringList& args);
int runSimulate(const QStringList& args);
/// Exit 0 when identified, 3 when the array matches no known layout (or the evidence is too weak).
int runProbe(const QStringList& args);
int runProbeEval(const QStringList& args);
int runTrace(const QStringList& args);
int runAdvise(const QStringList& args);
/// The analytical models: `model throughput` (Minerva).
int runModel(const QStringList& args);
/// The most SPC-1 BSUs within a response-time limit per value of one or two factors (SIMRAID's study).
int runStudy(const QStringList& args);
/// Combines the partials of a sharded run (shard.h).
int runMerge(const QStringList& args);
/// A workspace as a PDF or HTML report (report/). Needs a QGuiApplication: main() makes one, on the
/// offscreen platform, for this command only.
int runReport(const QStringList& args);

using raidscope::oneLine; // core/textline.h: control characters as escapes, one printable line
/// Prints "raidscope-cli: <message>" on stderr, as oneLine(), and returns `status`.
int fail(const QString& message, int status = Failed);
/// Writes UTF-8 text to stdout.
void out(const QString& text);
/// The errno of the first write to stdout through out() that failed, or 0.
int stdoutErrno();

} // namespace raidscope::cli
