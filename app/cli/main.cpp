// SPDX-License-Identifier: GPL-3.0-or-later
#include "commands.h"

#include "layout/layoutregistry.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QGuiApplication>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <functional>
#include <memory>

namespace {

struct Command
{
    const char* name;
    const char* summary;
    std::function<int(const QStringList&)> run;
};

const Command kCommands[] = {
    { "schemes", "list the RAID schemes the installed layout plugins provide", raidscope::cli::runSchemes },
    { "plugins", "list the plugin files found and the ones refused, with reasons", raidscope::cli::runPlugins },
    { "disks", "list the disk presets; disks import FILE [--save]: a DiskSim disk as a preset", raidscope::cli::runDisks },
    { "disk-validate", "the disk model against a DiskSim validation trace: --parv FILE --trace FILE [--json]",
        raidscope::cli::runDiskValidate },
    { "layout", "show where each logical block of an array lives: --array SPEC [--blocks A:B] [--json]",
        raidscope::cli::runLayout },
    { "simulate", "simulate a workload on an array: --array SPEC --workload SPEC [--sweep outstanding=1,2,4] [--json]",
        raidscope::cli::runSimulate },
    { "study", "the most SPC-1 BSUs within a response-time limit as factors vary: --array SPEC --workload 'spc1 ...' "
               "--vary KEY=V,V,... [--limit 30ms] [--json]",
        raidscope::cli::runStudy },
    { "probe", "identify an array by timing random I/O (Shear): --sim SPEC | DEVICE_OR_FILE [--allow-writes] [--json]",
        raidscope::cli::runProbe },
    { "probe-eval", "probe random simulated arrays and report exact identification and I/Os against Shear's schedule: "
                    "[--count N] [--seed S] [--realism] [--slow] [--json]",
        raidscope::cli::runProbeEval },
    { "merge", "combine the partial JSON of sharded runs (--shard I/N, trace summarize --partial): PARTIAL...",
        raidscope::cli::runMerge },
    { "trace", "block I/O traces: summarize FILE... [--json] | replay FILE --array SPEC... | analyze FILE --array SPEC [--candidate SPEC...] | export FILE --fio OUT", raidscope::cli::runTrace },
    { "advise", "compare chunk (stripe unit) sizes for a workload: --array SPEC (--sizes DIST | --trace FILE) [--chunks LIST] "
                "[--positioning T --transfer R] [--json]",
        raidscope::cli::runAdvise },
    { "model", "analytical models, JSON in and out: throughput | response [FILE|-] [--json]", raidscope::cli::runModel },
    { "report", "a saved workspace as a customer report: WORKSPACE (--pdf OUT | --html OUT) [--title T]",
        raidscope::cli::runReport },
};

// The command named on the command line, before any application object parses it: the first
// argument that is neither a global option nor --plugin-dir's value.
const char* commandName(int argc, char** argv)
{
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--plugin-dir") || !std::strcmp(argv[i], "-plugin-dir")) {
            ++i;
            continue;
        }
        if (argv[i][0] != '-')
            return argv[i];
    }
    return "";
}

// `report` lays out text and draws plots (QTextDocument, QPdfWriter, QPainter), which needs fonts
// and so a QGuiApplication. It runs on the offscreen platform whatever the environment says: it
// never shows a window, and a server, a CI job or an ssh session with a stale DISPLAY has no
// display to connect to. Every other command keeps a QCoreApplication and never loads QtGui's
// platform plugin.
QtMessageHandler qtMessages = nullptr;

// Qt's warning that XDG_RUNTIME_DIR is unset (usual under sudo, cron or ssh) says nothing about the
// report and would break "errors are one line on stderr"; every other message goes on to Qt's handler.
void withoutRuntimeDirWarning(QtMsgType type, const QMessageLogContext& context, const QString& message)
{
    if (type == QtWarningMsg && message.startsWith(QLatin1String("QStandardPaths: XDG_RUNTIME_DIR")))
        return;
    if (qtMessages)
        qtMessages(type, context, message);
    else
        std::fprintf(stderr, "%s\n", qPrintable(qFormatLogMessage(type, context, message)));
}

std::unique_ptr<QCoreApplication> makeApp(int& argc, char** argv)
{
    if (!std::strcmp(commandName(argc, argv), "report")) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
        qtMessages = qInstallMessageHandler(withoutRuntimeDirWarning);
        return std::make_unique<QGuiApplication>(argc, argv);
    }
    return std::make_unique<QCoreApplication>(argc, argv);
}

void usage(FILE* to)
{
    std::fprintf(to, "usage: raidscope-cli [--plugin-dir DIR] COMMAND [OPTIONS]\n\ncommands:\n");
    for (const Command& c : kCommands)
        std::fprintf(to, "  %-10s %s\n", c.name, c.summary);
    std::fprintf(to,
        "\nAn array SPEC reads like: raid5 layout=la disks=6 chunk=8KiB (see docs/guide/command-line.md).\n"
        "Every command takes --json and then prints one JSON object on stdout;\n"
        "raidscope-cli COMMAND --help lists the command's options.\n");
}

// As coreutils' close_stdout: what went to stdout is flushed and closed before the exit status
// is decided, so a full disk behind `> out.json` is an error, not exit 0 and a cut file. When the
// command failed already, its own line is the one that is said.
int closeStdout(int status)
{
    const bool hadError = std::ferror(stdout) != 0;
    errno = 0;
    const bool flushed = std::fflush(stdout) == 0;
    const int flushErr = errno;
    errno = 0;
    const bool closed = std::fclose(stdout) == 0;
    const int err = raidscope::cli::stdoutErrno() ? raidscope::cli::stdoutErrno() : !flushed ? flushErr : errno;
    if ((!hadError && flushed && closed) || status != raidscope::cli::Ok)
        return status;
    // A write that failed inside an earlier implicit flush has left no errno behind to say why.
    return raidscope::cli::fail(QStringLiteral("cannot write standard output: %1")
                                    .arg(err ? QString::fromLocal8Bit(std::strerror(err)) : QStringLiteral("write error")));
}

} // namespace

int main(int argc, char** argv)
{
    const std::unique_ptr<QCoreApplication> app = makeApp(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("raidscope-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(RAIDSCOPE_VERSION));

    // Global options come before the command; what follows the command is the command's own.
    QCommandLineParser parser;
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    parser.setOptionsAfterPositionalArgumentsMode(QCommandLineParser::ParseAsPositionalArguments);
    const QCommandLineOption help({ QStringLiteral("h"), QStringLiteral("help") }, QStringLiteral("Shows the commands."));
    const QCommandLineOption version(QStringLiteral("version"), QStringLiteral("Shows the version."));
    const QCommandLineOption pluginDir(QStringLiteral("plugin-dir"), QStringLiteral("Also looks for layout plugins in DIR."),
        QStringLiteral("DIR"));
    parser.addOptions({ help, version, pluginDir });
    if (!parser.parse(QCoreApplication::arguments())) {
        const QStringList unknown = parser.unknownOptionNames();
        if (unknown.isEmpty()) // a --plugin-dir without its DIR
            return raidscope::cli::fail(QStringLiteral("--plugin-dir needs a folder (try --help)"), raidscope::cli::Usage);
        const QString dashes = unknown.front().size() == 1 ? QStringLiteral("-") : QStringLiteral("--");
        return raidscope::cli::fail(QStringLiteral("unknown option %1%2 (try --help)").arg(dashes, unknown.front()),
            raidscope::cli::Usage);
    }
    if (parser.isSet(help)) {
        usage(stdout);
        return 0;
    }
    if (parser.isSet(version)) {
        std::printf("raidscope-cli %s\n", RAIDSCOPE_VERSION);
        return 0;
    }
    for (const QString& dir : parser.values(pluginDir))
        raidscope::LayoutRegistry::addSearchDir(dir);

    QStringList args = parser.positionalArguments();
    if (args.isEmpty()) {
        usage(stderr);
        return raidscope::cli::Usage;
    }
    const QString name = args.takeFirst();
    for (const Command& c : kCommands)
        if (name == QLatin1String(c.name))
            return closeStdout(c.run(args));
    return raidscope::cli::fail(QStringLiteral("unknown command '%1' (try --help)").arg(name), raidscope::cli::Usage);
}
