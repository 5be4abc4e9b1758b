// SPDX-License-Identifier: GPL-3.0-or-later
#include "cliargs.h"
#include "commands.h"
#include "stoponsignal.h"

#include "io/outputfile.h"
#include "layout/layoutregistry.h"
#include "probe/devicetarget.h"
#include "probe/model/modelprobe.h"
#include "probe/shearprobe.h"
#include "probe/simtarget.h"
#include "probe/verdictstatement.h"
#include "io/inputfile.h"
#include "units.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <fcntl.h>
#include <thread>
#include <unistd.h>

namespace raidscope::cli {
namespace {

enum ProbeExit : int { NoMatch = 3 };


void progress(const ProbeSnapshot& s)
{
    static Throttle throttle(std::chrono::milliseconds(1000));
    if (isatty(STDERR_FILENO) && (throttle.due() || s.fraction >= 1))
        std::fprintf(stderr, "\r[%3d%%] %-16s %8llu I/Os", int(s.fraction * 100), s.step.toUtf8().constData(),
                     static_cast<unsigned long long>(s.ios.total()));
}

QString verdictText(const ProbeResult& r)
{
    const ProbeVerdict& v = r.verdict;
    // The statement the Probe page, the JSON's verdict.statement and the report show (verdictstatement.h).
    const VerdictStatement statement = verdictStatement(r);
    QString t = QStringLiteral("target:     %1\n").arg(r.target);
    t += QStringLiteral("verdict:    %1\n").arg(statement.text());
    if (statement.kind == VerdictStatement::Kind::Class) {
        for (std::size_t i = 0; i < statement.members.size(); ++i)
            t += QStringLiteral("%1%2. %3\n")
                     .arg(i == 0 ? QStringLiteral("class:      ") : QStringLiteral("            "))
                     .arg(i + 1)
                     .arg(statement.members[i].spec);
        t += QStringLiteral("order:      %1\n").arg(layoutOrderNote());
        if (statement.split == SplittingTest::WriteTest)
            t += QStringLiteral("next:       probe again with --allow-writes: the write test would separate them\n");
    } else if (statement.kind == VerdictStatement::Kind::Identified && !v.equivalents.isEmpty()) {
        t += QStringLiteral("same as:    %1 (other controller policies)\n").arg(v.equivalents.join(QStringLiteral("; ")));
    }
    if (!v.runnerUp.isEmpty() && statement.kind != VerdictStatement::Kind::NoPattern) // no pattern: no layout named
        t += QStringLiteral("runner-up:  %1 (%2)\n").arg(v.runnerUp).arg(v.runnerUpConfidence, 0, 'f', 3);
    t += QStringLiteral("measured:   pattern %1, chunk %2, read/write ratio %3\n")
             .arg(r.patternBlocks ? formatBytes(r.patternBlocks * r.blockBytes) : QStringLiteral("none"),
                 r.chunkBlocks ? formatBytes(r.chunkBlocks * r.blockBytes) : QStringLiteral("-"))
             .arg(r.readWriteRatio > 0 ? QString::number(r.readWriteRatio, 'f', 2) : QStringLiteral("not measured"));
    for (const ProbeFinding& f : v.findings)
        t += QStringLiteral("finding:    %1\n").arg(f.text);
    const IoCounts& io = r.ios;
    t += QStringLiteral("I/Os:       %1 (warm-up %2, calibration %3, redundancy %4, pattern %5, boundaries %6, "
                        "pairwise %7, disks %8); Shear's fixed schedule: %9\n")
             .arg(io.total())
             .arg(io.warmup)
             .arg(io.calibration)
             .arg(io.redundancy)
             .arg(io.patternSize)
             .arg(io.boundaries)
             .arg(io.pairwise)
             .arg(io.disks)
             .arg(r.shearScheduleIos);
    return t;
}

} // namespace

int runProbe(const QStringList& args)
{
    CliArgs a(QStringLiteral("probe"), QStringLiteral("(--sim SPEC | DEVICE_OR_FILE | --result FILE)"),
        QStringLiteral("Identifies an array by timing random I/O (Shear): pattern size, chunk size, layout, "
                       "redundancy, slow or failed disks. Exit status 0 identified, 3 no known layout or too "
                       "little evidence, 1 on error, 128 + the signal when SIGINT or SIGTERM stopped it."));
    a.positionalHelp(QStringLiteral("DEVICE_OR_FILE"),
         QStringLiteral("A block device or file to probe; only read unless --allow-writes."))
        .option(QStringLiteral("result"), QStringLiteral("FILE"), QStringLiteral("Prints the verdict of a saved probe result (a probe --json file) instead of probing."))
        .option(QStringLiteral("sim"), QStringLiteral("SPEC"), QStringLiteral("Probes a simulated array instead, e.g. 'raid5 layout=la disks=6 chunk=8KiB'."))
        .option(QStringLiteral("reads"), QStringLiteral("N"), QStringLiteral("Reads per timed test (Shear's N), 4 to 4096; the calibration may raise it."))
        .option(QStringLiteral("seed"), QStringLiteral("S"), QStringLiteral("Seed of the probe's random choices (probe-eval prints the one of a miss)."))
        .flag(QStringLiteral("allow-writes"), QStringLiteral("Measures the read/write ratio with safe writes: each puts back the bytes just read."))
        .flag(QStringLiteral("read-only"), QStringLiteral("Writes nothing, not even safe writes (a device's default; with --sim, probes as a device is probed without --allow-writes)."))
        .flag(QStringLiteral("force"), QStringLiteral("Probes a mounted or busy device (or forces buffered I/O where O_DIRECT is refused)."))
        .flag(QStringLiteral("full-pairwise"), QStringLiteral("Measures every chunk pair, as Shear's fixed schedule does."))
        .option(QStringLiteral("tune"), QStringLiteral("NAME=X,..."), QStringLiteral("Other values for ProbeTuning constants (as probe-eval --tune), e.g. pacedCalibration=1."))
        .option(QStringLiteral("engine"), QStringLiteral("rules|model"),
            QStringLiteral("Which probe decides: the rule-based one (default) or the one-model inference (docs/design/probe.md)."))
        .flag(QStringLiteral("json"), QStringLiteral("Prints the verdict, the I/O counts and every step's measurements as one JSON object."));
    if (const auto done = a.parse(args))
        return *done;
    QString error;
    if (a.has(QStringLiteral("result"))) {
        if (a.has(QStringLiteral("sim")) || !a.positional().isEmpty())
            return fail(QStringLiteral("probe: --result FILE reads a saved result; give no --sim nor DEVICE_OR_FILE with it"), Usage);
        const QString path = a.value(QStringLiteral("result"));
        const auto bytes = readWholeFile(path, inputcap::kResultBytes, QStringLiteral("a probe result"), &error);
        if (!bytes)
            return fail(QStringLiteral("probe --result: ") + error);
        QJsonParseError parse;
        const QJsonDocument doc = QJsonDocument::fromJson(*bytes, &parse);
        if (!doc.isObject())
            return fail(QStringLiteral("probe --result: %1: not a JSON object (%2 at byte %3)")
                            .arg(path, parse.errorString())
                            .arg(parse.offset));
        const auto saved = probeResultFromJson(doc.object(), &error);
        if (!saved)
            return fail(QStringLiteral("probe --result: %1: %2").arg(path, error));
        out(a.flag(QStringLiteral("json")) ? QString::fromUtf8(QJsonDocument(saved->toJson()).toJson(QJsonDocument::Indented))
                                            : verdictText(*saved));
        return saved->verdict.identified ? int(Ok) : int(NoMatch);
    }
    const bool sim = a.has(QStringLiteral("sim"));
    if (sim == !a.positional().isEmpty() || a.positional().size() > 1)
        return fail(QStringLiteral("probe: give either --sim SPEC or one DEVICE_OR_FILE"), Usage);

    ProbeConfig config;
    const auto reads = a.integer(QStringLiteral("reads"), 4, 4096, config.readsPerTest, &error);
    const auto seed = a.unsignedInteger(QStringLiteral("seed"), config.seed, &error);
    if (!reads || !seed)
        return fail(QStringLiteral("probe: ") + error, Usage);
    config.readsPerTest = int(*reads);
    config.seed = *seed;
    config.fullPairwise = a.flag(QStringLiteral("full-pairwise"));
    if (a.flag(QStringLiteral("read-only")) && a.flag(QStringLiteral("allow-writes")))
        return fail(QStringLiteral("probe: --read-only and --allow-writes contradict each other; give one"), Usage);
    config.measureRedundancy = !a.flag(QStringLiteral("read-only"));
    if (!setTunings(config.tuning, a.value(QStringLiteral("tune")), &error))
        return fail(QStringLiteral("probe: --tune ") + error, Usage);

    const QString engine = a.has(QStringLiteral("engine")) ? a.value(QStringLiteral("engine")) : QStringLiteral("rules");
    if (engine != u"rules" && engine != u"model")
        return fail(QStringLiteral("probe: --engine '%1': 'rules' or 'model'").arg(engine), Usage);
    std::unique_ptr<IoTarget> target;
    if (sim) {
        target = SimTarget::create(a.value(QStringLiteral("sim")), &error);
        if (!target)
            return fail(QStringLiteral("--sim: ") + error);
    } else {
        DeviceOptions options;
        options.allowWrites = a.flag(QStringLiteral("allow-writes"));
        options.force = a.flag(QStringLiteral("force"));
        target = openDeviceTarget(a.positional().front(), options, &error);
        if (!target)
            return fail(error);
        if (!options.allowWrites)
            std::fprintf(stderr, "raidscope-cli: read-only probe: redundancy (the read/write ratio) is not measured; "
                                 "--allow-writes rewrites the bytes it reads\n");
        else if (const QString note = writeProtectedNote(a.positional().front()); !note.isEmpty())
            std::fprintf(stderr, "raidscope-cli: warning: %s: --allow-writes rewrites the bytes it reads\n",
                qPrintable(note));
    }
    ModelProbeOptions modelOptions;
    modelOptions.jobs = 0; // one probe: its inference on every core
    std::stop_source stop;
    const StopOnSignal stopOnSignal(stop, "stopping at the next safe point (safe writes begun are finished first)"); // lives until the result is printed
    const auto onSnapshot = [](auto s) { progress(*s); };
    const ProbeResult r = engine == u"model"
        ? runModelProbe(*target, config, LayoutRegistry::instance(), modelOptions, stop.get_token(), onSnapshot)
        : runShearProbe(*target, config, stop.get_token(), onSnapshot);
    if (isatty(STDERR_FILENO))
        std::fputc('\n', stderr);
    if (!r.error.isEmpty())
        return fail(QStringLiteral("probe: ") + r.error);
    out(a.flag(QStringLiteral("json")) ? QString::fromUtf8(QJsonDocument(r.toJson()).toJson(QJsonDocument::Indented))
                                        : verdictText(r));
    if (r.stopped) {
        // 128 + the signal, as a shell reports a process the signal ended; the result above is partial.
        const int signo = stopOnSignal.signal() ? stopOnSignal.signal() : SIGINT;
        std::fprintf(stderr, "raidscope-cli: probe stopped before it finished; the result is partial\n");
        return 128 + signo;
    }
    return r.verdict.identified ? int(Ok) : int(NoMatch);
}

} // namespace raidscope::cli
