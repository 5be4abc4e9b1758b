// SPDX-License-Identifier: GPL-3.0-or-later
// raidscope [--array SPEC] [--page NAME] [--model-response] [--request KIND:OFFSET:SIZE] [--plugin-dir DIR]
//           [--workload SPEC] [--sweep LIST] [--run | --run-sweep] [--save-results FILE]
//           [--probe-sim SPEC | --probe-device PATH] [--probe-pace MS] [--probe-all-pairs] [--probe-engine rules|model]
//           [--run-probe]
//           [--trace FILE ...] [--trace-format F] [--trace-columns MAP] [--trace-on-error stop|skip]
//           [--replay-array SPEC ...] [--replay-scale X] [--replay-device PATH] [--run-replay] [--run-layout]
//           [--disk-preset ID] [--validate-disk PARV:TRACE]
//           [--workspace FILE] [--recovery ask|restore|discard|keep] [--palette system|dark|light] [--presentation]
//           [RESULT.json | WORKSPACE.raidscope]
#include "array/arraypage.h"
#include "disks/diskspage.h"
#include "widgets/jobbar.h"
#include "layout/layoutregistry.h"
#include "mainwindow.h"
#include "probe/probepage.h"
#include "simulate/simulatepage.h"
#include "study/studypage.h"
#include "simulate/workloadeditor.h"
#include "advisor/advisorpage.h"
#include "models/calibrationpanel.h"
#include "models/modelspage.h"
#include "models/responsepanel.h"
#include "traces/measuredcandidatebox.h"
#include "traces/tracelayoutview.h"
#include "traces/tracereplayview.h"
#include "traces/tracespage.h"
#include "widgets/viewstyle.h"

#include <QApplication>
#include <QCoreApplication>
#include <QCommandLineParser>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QGuiApplication>
#include <QMessageBox>
#include <QPushButton>
#include <QStandardPaths>
#include <QSettings>

#include <cstdio>

#include <memory>

#ifndef RAIDSCOPE_VERSION
#define RAIDSCOPE_VERSION "0.0.0"
#endif

namespace {

void warn(const QString& message)
{
    std::fprintf(stderr, "raidscope: %s\n", qPrintable(message));
}

int refuse(const QString& message)
{
    warn(message);
    return 2;
}

using raidscope::gui::PageId;
using raidscope::gui::MainWindow;

// What to do with a recovery file left by a RaidScope that did not exit cleanly: ask (a message
// box; on a display-less platform such as offscreen, keep), restore it, discard it, or keep it
// aside under a dated name and start empty.
void recover(MainWindow& window, const QString& dir, QString mode)
{
    const QString path = MainWindow::recoveryPath(dir);
    if (!QFile::exists(path))
        return;
    const QString platform = QGuiApplication::platformName();
    if (mode == u"ask" && (platform == u"offscreen" || platform == u"minimal"))
        mode = QStringLiteral("keep");
    if (mode == u"ask") {
        QMessageBox box(QMessageBox::Question, QObject::tr("Recover Workspace"),
            QObject::tr("RaidScope did not exit cleanly last time. Restore the workspace it autosaved at %1?")
                .arg(QLocale().toString(QFileInfo(path).lastModified(), QLocale::ShortFormat)),
            QMessageBox::NoButton, &window);
        QPushButton* restore = box.addButton(QObject::tr("&Restore"), QMessageBox::AcceptRole);
        QPushButton* keep = box.addButton(QObject::tr("&Keep for Later"), QMessageBox::RejectRole);
        box.addButton(QObject::tr("&Discard"), QMessageBox::DestructiveRole);
        box.setDefaultButton(restore);
        box.exec();
        mode = box.clickedButton() == restore ? QStringLiteral("restore")
            : box.clickedButton() == keep    ? QStringLiteral("keep")
                                             : QStringLiteral("discard");
    }
    if (mode == u"restore") {
        QString error;
        const auto workspace = raidscope::readWorkspaceFile(path, &error);
        if (!workspace || !window.applyWorkspace(*workspace, &error))
            warn(QStringLiteral("recovery: ") + error);
        if (!workspace)
            mode = QStringLiteral("keep"); // unreadable: keep it for a look, do not lose it
        else
            return; // the autosave writes over it from now on
    }
    if (mode == u"keep") {
        const QString kept = QDir(dir).filePath(QStringLiteral("recovery-%1.%2")
                                                    .arg(QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss")),
                                                        raidscope::kWorkspaceSuffix));
        if (QFile::rename(path, kept))
            warn(QStringLiteral("an autosaved workspace from a run that did not exit cleanly is kept as %1").arg(kept));
        return;
    }
    QFile::remove(path);
}

/// --help, --help-all, -h, -?, --version or -v among the arguments: answered without a display.
bool onlyPrints(int argc, char** argv)
{
    for (int i = 1; i < argc; ++i) {
        const QByteArray a(argv[i]);
        if (a == "--") // what follows is positional
            return false;
        if (a == "--help" || a == "--help-all" || a == "-h" || a == "-?" || a == "--version" || a == "-v")
            return true;
    }
    return false;
}

} // namespace

int main(int argc, char** argv)
{
    // A QApplication aborts without a display (#54 item 8); the help and the version need none, so
    // they are printed under a QCoreApplication, by the same parser, before any window exists.
    std::unique_ptr<QCoreApplication> application;
    if (onlyPrints(argc, argv))
        application = std::make_unique<QCoreApplication>(argc, argv);
    else
        application = std::make_unique<QApplication>(argc, argv);
    QCoreApplication& app = *application;
    QCoreApplication::setOrganizationName(QStringLiteral("RaidScope"));
    QCoreApplication::setApplicationName(QStringLiteral("RaidScope"));
    QCoreApplication::setApplicationVersion(QStringLiteral(RAIDSCOPE_VERSION));
    if (qobject_cast<QApplication*>(&app))
        QApplication::setDesktopFileName(QStringLiteral("org.raidscope.RaidScope"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("RaidScope: a workbench that looks inside disk arrays"));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption array(QStringLiteral("array"),
        QStringLiteral("Open this array spec, e.g. 'raid5 layout=la disks=4 chunk=16KiB'."), QStringLiteral("SPEC"));
    QStringList pageTitles = raidscope::gui::MainWindow::pageNames();
    const QString lastPage = pageTitles.takeLast();
    const QCommandLineOption page(QStringLiteral("page"),
        QStringLiteral("Show this page: %1 or %2.").arg(pageTitles.join(QStringLiteral(", ")), lastPage),
        QStringLiteral("NAME"));
    const QCommandLineOption request(QStringLiteral("request"),
        QStringLiteral("Show this request in the Array page's explorer, e.g. write:0:128KiB."), QStringLiteral("KIND:OFFSET:SIZE"));
    const QCommandLineOption pluginDir(QStringLiteral("plugin-dir"),
        QStringLiteral("Search this folder for layout plugins first (may be repeated)."), QStringLiteral("DIR"));
    const QCommandLineOption workload(QStringLiteral("workload"),
        QStringLiteral("Put this workload on the Simulate page, e.g. 'random size=4KiB outstanding=16 count=20000'."),
        QStringLiteral("SPEC"));
    const QCommandLineOption sweepList(QStringLiteral("sweep"),
        QStringLiteral("Outstanding I/Os for the Simulate page's sweep, e.g. 1,2,4,8,16,32,64 (implies --run-sweep)."),
        QStringLiteral("LIST"));
    const QCommandLineOption runOnce(QStringLiteral("run"), QStringLiteral("Start a single simulation run at once."));
    const QCommandLineOption runSweep(QStringLiteral("run-sweep"), QStringLiteral("Start the outstanding-I/O sweep at once."));
    const QCommandLineOption saveResults(QStringLiteral("save-results"),
        QStringLiteral("When the run or sweep finishes, save its results as JSON to FILE."), QStringLiteral("FILE"));
    const QCommandLineOption probeSim(QStringLiteral("probe-sim"),
        QStringLiteral("Probe this simulated array on the Probe page, e.g. 'raid5 layout=la disks=6 chunk=8KiB'."),
        QStringLiteral("SPEC"));
    const QCommandLineOption probeDevice(QStringLiteral("probe-device"),
        QStringLiteral("Probe this block device or file on the Probe page (read-only)."), QStringLiteral("PATH"));
    const QCommandLineOption probePace(QStringLiteral("probe-pace"),
        QStringLiteral("Pause this long after each batch of a simulated probe (0..500 ms), to watch it."),
        QStringLiteral("MS"));
    const QCommandLineOption probeAllPairs(QStringLiteral("probe-all-pairs"),
        QStringLiteral("Test every pair of chunks, as Shear did, for the whole pairwise map."));
    const QCommandLineOption probeEngine(QStringLiteral("probe-engine"),
        QStringLiteral("Which probe decides: rules (the default) or model (one explicit inference)."), QStringLiteral("ENGINE"));
    const QCommandLineOption runProbe(QStringLiteral("run-probe"), QStringLiteral("Start the probe at once."));
    const QCommandLineOption trace(QStringLiteral("trace"),
        QStringLiteral("Open this trace on the Traces page (repeat for a trace in several files); the Advisor takes "
                       "its sizes from the first."), QStringLiteral("FILE"));
    const QCommandLineOption traceFormat(QStringLiteral("trace-format"),
        QStringLiteral("Read traces as this format: auto blkparse blktrace msr spc disksim fio csv."), QStringLiteral("F"));
    const QCommandLineOption traceColumns(QStringLiteral("trace-columns"),
        QStringLiteral("Read traces as CSV with this mapping: alibaba, tencent or time=1:us,device=2,..."),
        QStringLiteral("MAP"));
    const QCommandLineOption traceOnError(QStringLiteral("trace-on-error"),
        QStringLiteral("Malformed trace lines: stop (at the first) or skip (and count)."), QStringLiteral("stop|skip"));
    const QCommandLineOption replayArray(QStringLiteral("replay-array"),
        QStringLiteral("A candidate array for the trace replay (repeat; replaces the default 16/32/64 KiB RAID-5)."),
        QStringLiteral("SPEC"));
    const QCommandLineOption replayScale(QStringLiteral("replay-scale"),
        QStringLiteral("Time scale of the trace replay (0.5 replays twice as fast)."), QStringLiteral("X"));
    const QCommandLineOption replayDevice(QStringLiteral("replay-device"),
        QStringLiteral("Measure the trace replay on this block device or file too (reads only), beside the candidates."),
        QStringLiteral("PATH"));
    const QCommandLineOption runReplay(QStringLiteral("run-replay"),
        QStringLiteral("Start the trace replay at once and show its comparison."));
    const QCommandLineOption runLayout(QStringLiteral("run-layout"),
        QStringLiteral("Analyze the trace through the layout at once (the first replay candidate is the array under "
                       "study) and show the Layout tab."));
    const QCommandLineOption modelResponse(QStringLiteral("model-response"),
        QStringLiteral("Show the Models page's response-time model and compute it at once (model and simulation)."));
    const QCommandLineOption modelCalibration(QStringLiteral("model-calibration"),
        QStringLiteral("Show the Models page's Minerva calibration and run it at once (fit and held-out arrays)."));
    const QCommandLineOption workspaceFile(QStringLiteral("workspace"),
        QStringLiteral("Open this workspace (.raidscope): every page as it was saved; other options then change it."),
        QStringLiteral("FILE"));
    const QCommandLineOption recovery(QStringLiteral("recovery"),
        QStringLiteral("A workspace autosaved by a run that did not exit cleanly: ask (default; keep without a display), "
                       "restore, discard, or keep it aside. Also RAIDSCOPE_RECOVERY."),
        QStringLiteral("MODE"));
    const QCommandLineOption validateDisk(QStringLiteral("validate-disk"),
        QStringLiteral("Validate this DiskSim disk against its trace on the Disks page at once, e.g. "
                       "cheetah9LP.parv:cheetah9LP.trace (the last ':' separates the two)."),
        QStringLiteral("PARV:TRACE"));
    const QCommandLineOption diskPreset(QStringLiteral("disk-preset"),
        QStringLiteral("Show this disk preset's geometry on the Disks page, e.g. ibm-9lzx."), QStringLiteral("ID"));
    const QCommandLineOption studyPreset(QStringLiteral("study-preset"),
        QStringLiteral("Fill the Study page with one of its presets (SIMRAID's studies), e.g. 'SIMRAID: RAID 6 against RAID 5'."),
        QStringLiteral("NAME"));
    const QCommandLineOption runStudy(QStringLiteral("run-study"), QStringLiteral("Start the Study page's study at once."));
    const QCommandLineOption paletteOption(QStringLiteral("palette"),
        QStringLiteral("Colours: system (default: the desktop's), or dark or light with the Fusion style, plots "
                       "included. Also RAIDSCOPE_PALETTE."),
        QStringLiteral("system|dark|light"));
    const QCommandLineOption presentationOption(QStringLiteral("presentation"),
        QStringLiteral("Presentation mode for this run: larger fonts, thicker lines and marks, stronger contrast "
                       "(View > Presentation keeps it)."));
    parser.addOptions({ workspaceFile, recovery, validateDisk, diskPreset, studyPreset, runStudy, paletteOption,
        presentationOption });
    parser.addOptions({ array, page, request, pluginDir, workload, sweepList, runOnce, runSweep, saveResults, probeSim,
        probeDevice, probePace, probeAllPairs, probeEngine, runProbe, trace, traceFormat, traceColumns, traceOnError, replayArray,
        replayScale, replayDevice, runReplay, runLayout, modelResponse, modelCalibration });
    parser.addPositionalArgument(QStringLiteral("result"),
        QStringLiteral("A saved probe result (raidscope-cli probe --json) to show on the Probe page, a saved study (study --json) "
                       "for the Study page, or a workspace "
                       "(.raidscope) to open."),
        QStringLiteral("[RESULT.json | WORKSPACE.raidscope]"));
    parser.process(app);
    // Values the pages would clamp or ignore are refused, as raidscope-cli refuses them: one line
    // naming the option, exit status 2, no window.
    int paceMs = 0;
    if (parser.isSet(probePace)) {
        bool ok = false;
        paceMs = parser.value(probePace).toInt(&ok);
        if (!ok || paceMs < 0 || paceMs > 500)
            return refuse(QStringLiteral("--probe-pace %1: expected a whole number of milliseconds from 0 to 500")
                              .arg(parser.value(probePace)));
    }
    if (parser.isSet(probeEngine) && parser.value(probeEngine) != u"rules" && parser.value(probeEngine) != u"model")
        return refuse(QStringLiteral("--probe-engine %1: expected rules or model").arg(parser.value(probeEngine)));
    double timeScale = 1;
    if (parser.isSet(replayScale)) {
        bool ok = false;
        timeScale = parser.value(replayScale).toDouble(&ok);
        if (!ok || !(timeScale >= 0.001 && timeScale <= 1000)) // written so that nan fails too
            return refuse(QStringLiteral("--replay-scale %1: expected a factor from 0.001 to 1000 (0.5 replays twice as fast)")
                              .arg(parser.value(replayScale)));
    }
    const QString onError = parser.value(traceOnError);
    if (parser.isSet(traceOnError) && onError != u"stop" && onError != u"skip")
        return refuse(QStringLiteral("--trace-on-error %1: expected stop or skip").arg(onError));
    raidscope::TraceFormat format {};
    if (parser.isSet(traceFormat) && !raidscope::parseTraceFormat(parser.value(traceFormat), &format))
        return refuse(QStringLiteral("--trace-format %1: unknown (auto blkparse blktrace msr spc disksim fio csv)")
                          .arg(parser.value(traceFormat)));
    QString recoveryMode = parser.isSet(recovery) ? parser.value(recovery) : qEnvironmentVariable("RAIDSCOPE_RECOVERY");
    if (recoveryMode.isEmpty())
        recoveryMode = QStringLiteral("ask");
    if (!QStringList { QStringLiteral("ask"), QStringLiteral("restore"), QStringLiteral("discard"), QStringLiteral("keep") }
             .contains(recoveryMode))
        return refuse(QStringLiteral("--recovery %1: expected ask, restore, discard or keep").arg(recoveryMode));
    // Colours and presentation mode (#54 item 7): the command line (or RAIDSCOPE_PALETTE) for this
    // run, else what View > Colors and View > Presentation last chose.
    const QSettings viewSettings;
    const QString paletteMode = parser.isSet(paletteOption) ? parser.value(paletteOption)
        : !qEnvironmentVariableIsEmpty("RAIDSCOPE_PALETTE") ? qEnvironmentVariable("RAIDSCOPE_PALETTE")
                                                             : viewSettings.value(MainWindow::kColorSchemeKey).toString();
    const auto scheme = raidscope::gui::ViewStyle::parseColorScheme(paletteMode);
    if (!paletteMode.isEmpty() && !scheme)
        return refuse(QStringLiteral("--palette %1: expected system, dark or light").arg(paletteMode));
    auto* viewStyle = raidscope::gui::ViewStyle::instance();
    viewStyle->setColorScheme(scheme.value_or(raidscope::gui::ColorScheme::System));
    viewStyle->setPresentation(parser.isSet(presentationOption) || viewSettings.value(MainWindow::kPresentationKey).toBool());
    // A workspace named on the command line: read before any window, so a bad one is one line and
    // exit status 2 like any refused option.
    QStringList results = parser.positionalArguments();
    QString workspacePath = parser.value(workspaceFile);
    if (workspacePath.isEmpty() && results.size() == 1
        && results.front().endsWith(QStringLiteral(".") + raidscope::kWorkspaceSuffix.toString(), Qt::CaseInsensitive))
        workspacePath = results.takeFirst();
    std::optional<raidscope::Workspace> workspace;
    if (!workspacePath.isEmpty()) {
        QString error;
        workspace = raidscope::readWorkspaceFile(workspacePath, &error);
        if (!workspace)
            return refuse(QStringLiteral("--workspace ") + error);
    }
    for (const QString& dir : parser.values(pluginDir))
        raidscope::LayoutRegistry::addSearchDir(dir);

    raidscope::gui::MainWindow window;
    window.restoreSettings();
    // Closing with unsaved changes asks, unless nobody can answer: no display, or a script that says
    // so (screenshots end the program with a signal, which asks nothing anyway).
    const QString platformName = QGuiApplication::platformName();
    window.setConfirmUnsaved(platformName != u"offscreen" && platformName != u"minimal"
        && qEnvironmentVariable("RAIDSCOPE_NO_PROMPTS") != u"1");
    // Autosave (and the recovery file of a run that crashed) in the user's data folder, or in
    // RAIDSCOPE_AUTOSAVE_DIR; a second RaidScope running at the same time does not autosave.
    QString autosaveDir = qEnvironmentVariable("RAIDSCOPE_AUTOSAVE_DIR");
    if (autosaveDir.isEmpty())
        autosaveDir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    if (!autosaveDir.isEmpty() && window.enableAutosave(autosaveDir))
        recover(window, autosaveDir, workspace && recoveryMode == u"ask" ? QStringLiteral("keep") : recoveryMode);
    if (workspace) {
        window.show(); // the pages lay out their plots at their real size
        QString error;
        if (!window.openWorkspaceFile(workspacePath, &error))
            warn(error);
    }
    // Command-line choices win over the saved ones, so a demo or a screenshot opens what it asks for.
    if (parser.isSet(array) && !window.arrayPage()->setSpecText(parser.value(array)))
        warn(QStringLiteral("--array: the spec was not accepted (the Array page shows why)"));
    if (parser.isSet(request)) {
        QString error;
        if (!window.arrayPage()->setRequestText(parser.value(request), &error))
            warn(QStringLiteral("--request: ") + error);
        if (!parser.isSet(page))
            window.setCurrentPage(PageId::Array);
    }
    if (parser.isSet(page) && !window.setCurrentPage(parser.value(page)))
        warn(QStringLiteral("--page %1: no such page (pages: %2)")
                 .arg(parser.value(page), raidscope::gui::MainWindow::pageNames().join(QStringLiteral(", "))));

    // The Simulate page: a finished sweep on screen without a click (for demos and screenshots).
    raidscope::gui::SimulatePage* simulate = window.simulatePage();
    if (parser.isSet(workload) && !simulate->setWorkloadSpecText(parser.value(workload)))
        warn(QStringLiteral("--workload: ") + simulate->workloadEditor()->errorText());
    if (parser.isSet(sweepList))
        simulate->setSweepText(parser.value(sweepList));
    const bool startSweep = parser.isSet(runSweep) || parser.isSet(sweepList);
    if ((startSweep || parser.isSet(runOnce)) && !parser.isSet(page))
        window.setCurrentPage(PageId::Simulate);
    if (parser.isSet(saveResults)) {
        const QString path = parser.value(saveResults);
        QObject::connect(simulate, &raidscope::gui::SimulatePage::jobFinished, simulate, [simulate, path] {
            QString error;
            if (!simulate->saveResultsJson(path, &error))
                warn(QStringLiteral("--save-results %1: %2").arg(path, error));
        });
    }
    // The Probe page: a probe running or finished on screen without a click.
    raidscope::gui::ProbePage* probe = window.probePage();
    if (parser.isSet(probeSim) && !probe->setSimSpec(parser.value(probeSim)))
        warn(QStringLiteral("--probe-sim: the spec was not accepted (the Probe page shows why)"));
    if (parser.isSet(probeDevice))
        probe->setDevicePath(parser.value(probeDevice));
    probe->setAllPairs(parser.isSet(probeAllPairs));
    if (parser.isSet(probeEngine))
        probe->setEngine(parser.value(probeEngine));
    if (parser.isSet(probePace))
        probe->setPaceMs(paceMs);
    if ((parser.isSet(runProbe) || parser.isSet(probeSim) || parser.isSet(probeDevice)) && !parser.isSet(page))
        window.setCurrentPage(PageId::Probe);
    if (results.size() > 1)
        warn(QStringLiteral("only one probe result is shown at a time: %1 is not opened")
                 .arg(results.mid(1).join(u' ')));
    auto* studyPage = qobject_cast<raidscope::gui::StudyPage*>(window.page(PageId::Study));
    if (!results.isEmpty() && studyPage && raidscope::gui::StudyPage::isStudyFile(results.front())) {
        QString error;
        if (!studyPage->openResultJson(results.front(), &error))
            warn(error);
        if (!parser.isSet(page))
            window.setCurrentPage(PageId::Study);
    } else if (!results.isEmpty()) {
        QString error;
        if (!probe->openResultJson(results.front(), &error))
            warn(error);
        if (!parser.isSet(page))
            window.setCurrentPage(PageId::Probe);
    }
    // The Traces page: a trace summarized (and replayed) on screen without a click.
    raidscope::gui::TracesPage* traces = window.tracesPage();
    if (parser.isSet(traceFormat))
        traces->setFormat(format);
    if (parser.isSet(traceColumns) && !traces->setCsvMappingText(parser.value(traceColumns)))
        warn(QStringLiteral("--trace-columns: ") + traces->statusText());
    if (parser.isSet(traceOnError))
        traces->setErrorPolicy(onError == u"skip" ? raidscope::TraceErrorPolicy::Skip : raidscope::TraceErrorPolicy::Stop);
    if (parser.isSet(replayArray)) {
        traces->replayView()->setCandidates({});
        for (const QString& spec : parser.values(replayArray)) {
            QString error;
            if (!traces->replayView()->addCandidate(spec, &error))
                warn(QStringLiteral("--replay-array %1: %2").arg(spec, error));
        }
    }
    if (parser.isSet(replayScale))
        traces->replayView()->setTimeScale(timeScale);
    if (parser.isSet(replayDevice)) { // #55: the measured candidate, reads only (safe writes are asked in the page)
        traces->replayView()->measuredBox()->setMeasuring(true);
        traces->replayView()->measuredBox()->setDevicePath(parser.value(replayDevice));
    }
    if (parser.isSet(trace) && !traces->openFiles(parser.values(trace)))
        warn(QStringLiteral("--trace: ") + traces->statusText());
    if ((parser.isSet(trace) || parser.isSet(runReplay) || parser.isSet(runLayout)) && !parser.isSet(page))
        window.setCurrentPage(PageId::Traces);
    // The Advisor takes the same trace's sizes, read share and queue depth (--page advisor --trace FILE).
    if (parser.isSet(trace)) {
        if (auto* advisor = qobject_cast<raidscope::gui::AdvisorPage*>(window.page(QStringLiteral("Advisor")))) {
            advisor->setTrace(parser.values(trace).front());
            advisor->requestAdvice();
        }
    }
    if (parser.isSet(modelResponse)) {
        if (auto* models = qobject_cast<raidscope::gui::ModelsPage*>(window.page(QStringLiteral("Models")))) {
            window.setCurrentPage(PageId::Models);
            models->showModel(1);
            models->responsePanel()->compute();
        }
    }
    if (parser.isSet(modelCalibration)) {
        if (auto* models = qobject_cast<raidscope::gui::ModelsPage*>(window.page(QStringLiteral("Models")))) {
            window.setCurrentPage(PageId::Models);
            models->showModel(2);
            models->calibrationPanel()->run();
        }
    }
    // The Study page: a preset filled in, and run, without a click.
    if (auto* study = qobject_cast<raidscope::gui::StudyPage*>(window.page(PageId::Study))) {
        if (parser.isSet(studyPreset) && !study->applyPreset(parser.value(studyPreset)))
            warn(QStringLiteral("--study-preset %1: no such preset (%2)")
                     .arg(parser.value(studyPreset), raidscope::gui::StudyPage::presetNames().join(QStringLiteral("; "))));
        if ((parser.isSet(studyPreset) || parser.isSet(runStudy)) && !parser.isSet(page))
            window.setCurrentPage(PageId::Study);
        if (parser.isSet(runStudy) && !study->run())
            warn(QStringLiteral("--run-study: ") + study->statusText());
    }
    auto* disks = qobject_cast<raidscope::gui::DisksPage*>(window.page(PageId::Disks));
    if (disks && (parser.isSet(diskPreset) || parser.isSet(validateDisk)) && !parser.isSet(page))
        window.setCurrentPage(PageId::Disks);
    if (disks && parser.isSet(diskPreset) && !disks->selectPreset(parser.value(diskPreset)))
        warn(QStringLiteral("--disk-preset %1: no such preset (raidscope-cli disks lists them)").arg(parser.value(diskPreset)));
    window.show();
    if (disks && parser.isSet(validateDisk)) {
        const QString files = parser.value(validateDisk);
        const qsizetype colon = files.lastIndexOf(u':');
        if (colon <= 0)
            warn(QStringLiteral("--validate-disk %1: expected PARV:TRACE").arg(files));
        else {
            disks->setValidationFiles(files.left(colon), files.mid(colon + 1));
            if (!disks->validate())
                warn(QStringLiteral("--validate-disk: ") + disks->validationBar()->statusText());
        }
    }
    if (parser.isSet(runReplay)) {
        traces->showReplay(true);
        if (!traces->replayView()->run())
            warn(QStringLiteral("--run-replay: ") + traces->replayView()->statusText());
    }
    if (parser.isSet(runLayout)) {
        traces->showLayout();
        if (!traces->layoutView()->run())
            warn(QStringLiteral("--run-layout: could not start (open a trace with --trace)"));
    }
    if (parser.isSet(runProbe) && !probe->run())
        warn(QStringLiteral("--run-probe: ") + probe->statusText());
    if (startSweep && !simulate->sweep())
        warn(QStringLiteral("--run-sweep: ") + simulate->statusText());
    else if (!startSweep && parser.isSet(runOnce) && !simulate->run())
        warn(QStringLiteral("--run: ") + simulate->statusText());
    return app.exec();
}
