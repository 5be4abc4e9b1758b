// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/minerva.h"
#include "probe/shearprobe.h"
#include "sim/outstandingsweep.h"
#include "sim/study.h"
#include "trace/tracejob.h"
#include "trace/tracesummary.h"
#include "workspace/arrayunderstudy.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace raidscope {

/// A workspace file's "format" and the newest "version" this build writes and reads; a later
/// RaidScope reads every earlier version (docs/workspace.md).
inline constexpr QStringView kWorkspaceFormat = u"raidscope-workspace";
inline constexpr int kWorkspaceVersion = 1;
/// The file name's extension, without the dot.
inline constexpr QStringView kWorkspaceSuffix = u"raidscope";

/// The Array page: the spec and the request explorer's request ("write:0:128KiB", empty: none).
struct WorkspaceArray
{
    QString spec;
    QString request;
};

/// The Probe page: what it would probe and the result it shows. Never whether writes are
/// allowed: a workspace opened later must not arm a destructive probe.
struct WorkspaceProbe
{
    bool simulated = true;
    QString simSpec;
    QString devicePath;
    bool allPairs = false;
    QString engine = QStringLiteral("rules"); ///< which probe decides: "rules" or "model" (probe --engine)
    int paceMs = 0;
    std::optional<ProbeResult> result; ///< ProbeResult::toJson() in the file, `probe --json`'s object
    QString resultFile; ///< the saved result it was opened from; empty for a probe run here
};

/// The Simulate page: the array (with its simulation keys), the workload, the sweep list and the
/// last run or sweep's results.
struct WorkspaceSimulate
{
    QString arraySpec;
    QString workloadSpec;
    QString sweep; ///< outstanding I/Os, "1,2,4,8"
    std::optional<OutstandingSweepResult> results; ///< OutstandingSweepResult::toJson() in the file
};

/// The Traces page: the files and how they are read (the traces themselves stay where they are),
/// the summary shown, and the replay's candidates and comparison.
struct WorkspaceTraces
{
    QStringList files;
    QString format = QStringLiteral("auto"); ///< traceFormatName()
    QString csvColumns; ///< parseCsvMapping()'s text; empty: the format's own
    QString fioTimeUnit = QStringLiteral("auto"); ///< auto, us, ms
    QString onError = QStringLiteral("stop"); ///< stop, skip
    double slowThresholdMs = 100;
    std::optional<TraceSummary> summary; ///< TraceSummary::toPartialJson() in the file (exact)
    QString summaryError; ///< the read's error line (stopped at a malformed line), empty when none
    bool replayShown = false; ///< the Replay tab was shown
    QStringList candidates;
    double timeScale = 1;
    double windowSeconds = 1;
    double replaySlowThresholdMs = 100;
    std::optional<TraceReplayResult> replay; ///< TraceReplayResult::toJson() in the file
};

/// The Advisor page's inputs, and the advice it showed as the page's Save JSON writes it (kept in
/// the file for the record; the page shows it again by advising once more).
struct WorkspaceAdvisor
{
    QString arraySpec;
    QString sizes; ///< "8KiB:60,32KiB:25,128KiB:15"
    double readFraction = 0.7;
    QString chunks; ///< candidate chunks; empty: 4 KiB to 1 MiB
    bool givenDrive = false;
    QString positioning; ///< "5.6ms", used when givenDrive
    QString transfer; ///< "64MB/s", used when givenDrive
    QString trace; ///< the trace its sizes came from; empty: none
    int outstanding = 0; ///< simulated requests in flight; 0: no simulation
    QString hostStripe;
    int controllers = 20;
    double controllerIops = 0; ///< 0: the recommended chunk's saturated rate
    QJsonObject advice; ///< AdvisorPage::adviceJson(); empty: none shown
};

/// The Models page's response-time panel inputs (the zoned-RAID model).
struct WorkspaceResponse
{
    QString scheme = QStringLiteral("raid5"); ///< raid01, raid5
    int disks = 4;
    QString block; ///< request block size, "4KiB"
    QString disk; ///< disk preset id
    double ratePerSec = 0;
    int blocks = 1;
    double readFraction = 1;
    QString writeModel = QStringLiteral("single"); ///< single, multiclass, priority
    bool simulate = false;
    int simulateCount = 0;
};

/// The Models page: Minerva's input (its result is recomputed, as every edit on the page does: an
/// evaluation takes under a microsecond), the response-time panel's inputs and the tab shown.
struct WorkspaceModels
{
    int tab = 0; ///< 0 throughput (Minerva), 1 response time, 2 Minerva's calibration
    std::optional<MinervaInput> minerva; ///< minervaInputJson() in the file
    std::optional<WorkspaceResponse> response;
    QJsonObject responseResult; ///< ResponsePanel::resultJson(), for the record; empty: none
};

/// The Study page: the study as entered (its factors as typed, even when they do not parse yet) and
/// the last study's finished points.
struct WorkspaceStudy
{
    QString arraySpec;
    QString workloadSpec;
    QString key1; ///< the first factor's key
    QString values1; ///< its values as typed, "27us,81us"
    QString key2; ///< empty: no second factor
    QString values2;
    double limitMs = 30;
    int maxBsu = 4096;
    std::optional<StudyResult> result; ///< StudyResult::toJson() in the file
};

/// A workspace: what every page of the workbench holds, and the page shown. A page's section is
/// optional: a file without it leaves that page as it is.
struct Workspace
{
    QString page = QStringLiteral("array"); ///< the page shown by its key: array, probe, simulate, ... (any key is read)
    std::optional<WorkspaceArray> array;
    std::optional<WorkspaceProbe> probe;
    std::optional<WorkspaceSimulate> simulate;
    std::optional<WorkspaceTraces> traces;
    std::optional<WorkspaceAdvisor> advisor;
    std::optional<WorkspaceModels> models;
    std::optional<WorkspaceStudy> study;
    /// The array every page starts from (#54 item 1), beside the pages as "arrayUnderStudy"; a file
    /// without it (written before it existed) takes the Array page's spec.
    std::optional<ArrayUnderStudy> arrayUnderStudy;

    /// The page keys a workspace knows, in the workbench's order.
    static QStringList pageKeys();

    /// {"format": "raidscope-workspace", "version": 1, "page", "pages": {"array": {...}, ...}}.
    QJsonObject toJson() const;
    /// The files the workspace refers to as inputs (traces, a probe result opened, the Advisor's
    /// trace): a workspace is never saved over one of them.
    QStringList inputFiles() const;
};

/// Reads a workspace object. nullopt and one line naming the field ("pages.simulate.results.sweep[0].requests:
/// missing") when it is not a workspace this version reads: another format, a version from the
/// future, a field missing or of the wrong type.
std::optional<Workspace> workspaceFromJson(const QJsonObject& json, QString* error);
/// The same from a file's bytes: malformed JSON is named with its offset.
std::optional<Workspace> parseWorkspace(const QByteArray& bytes, QString* error);
/// Reads `path`; errors start with the path.
std::optional<Workspace> readWorkspaceFile(const QString& path, QString* error);
/// The file's bytes: indented JSON, keys sorted, a newline at the end.
QByteArray workspaceBytes(const Workspace& workspace);
/// Writes atomically through writeOutputFile(), never over one of the workspace's inputFiles().
bool writeWorkspaceFile(const QString& path, const Workspace& workspace, QString* error);

} // namespace raidscope
