// SPDX-License-Identifier: GPL-3.0-or-later
#include "cliargs.h"
#include "commands.h"

#include "disk/diskmodel.h"
#include "disk/diskparameters.h"
#include "disk/diskpreset.h"
#include "disk/diskvalidate.h"
#include "disk/disksimimport.h"
#include "io/outputfile.h"
#include "layout/layoutregistry.h"
#include "units.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cerrno>
#include <cstdio>

namespace raidscope::cli {

int fail(const QString& message, int status)
{
    // The whole message, on one line: a NUL (from a JSON "\u0000" or a trace file) no longer cuts it
    // short, and a newline or escape sequence from the input cannot start a second line.
    const QByteArray line = "raidscope-cli: " + oneLine(message).toUtf8() + '\n';
    std::fwrite(line.constData(), 1, std::size_t(line.size()), stderr);
    return status;
}

namespace {
int g_stdoutErrno = 0; // the first write to stdout the system refused, for closeStdout()
}

void out(const QString& text)
{
    errno = 0;
    if (std::fputs(text.toUtf8().constData(), stdout) == EOF && !g_stdoutErrno)
        g_stdoutErrno = errno ? errno : EIO;
}

int stdoutErrno() { return g_stdoutErrno; }

namespace {

// A listing command: --json is its one option.
void addJsonFlag(CliArgs& a)
{
    a.flag(QStringLiteral("json"), QStringLiteral("Prints the list as one JSON object."));
}

void printJson(const QJsonObject& o)
{
    out(QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Indented)));
}

} // namespace

int runSchemes(const QStringList& args)
{
    CliArgs a(QStringLiteral("schemes"), QString(),
        QStringLiteral("Lists the RAID schemes the installed layout plugins provide, with their variants."));
    addJsonFlag(a);
    a.noArguments();
    if (const auto done = a.parse(args))
        return *done;
    const LayoutRegistry& reg = LayoutRegistry::instance();
    if (a.flag(QStringLiteral("json"))) {
        QJsonArray schemes;
        for (const SchemeInfo& s : reg.schemes()) {
            QJsonArray variants;
            for (const VariantInfo& v : s.variants)
                variants.append(QJsonObject { { QStringLiteral("id"), v.id },
                    { QStringLiteral("aliases"), QJsonArray::fromStringList(v.aliases) },
                    { QStringLiteral("default"), v.isDefault } });
            schemes.append(QJsonObject { { QStringLiteral("id"), s.id }, { QStringLiteral("name"), s.name },
                { QStringLiteral("aliases"), QJsonArray::fromStringList(s.aliases) },
                { QStringLiteral("minDisks"), s.minDisks }, { QStringLiteral("maxDisks"), s.maxDisks },
                { QStringLiteral("faultTolerance"), s.faultTolerance }, { QStringLiteral("variants"), variants },
                { QStringLiteral("file"), s.file } });
        }
        printJson(QJsonObject { { QStringLiteral("schemes"), schemes } });
        return reg.schemes().isEmpty() ? Failed : Ok;
    }
    if (reg.schemes().isEmpty())
        return fail(QStringLiteral("no layout plugins found (searched: %1)").arg(reg.searchedDirs().join(u' ')));
    for (const SchemeInfo& s : reg.schemes()) {
        QStringList variants;
        for (const VariantInfo& v : s.variants)
            variants << v.id + (v.isDefault ? QStringLiteral("*") : QString());
        out(QStringLiteral("%1  %2  disks %3-%4%5\n")
                .arg(s.id, -9)
                .arg(s.name, -36)
                .arg(s.minDisks)
                .arg(s.maxDisks)
                .arg(variants.isEmpty() ? QString() : QStringLiteral("  layouts: ") + variants.join(QStringLiteral(", "))));
    }
    return Ok;
}

int runPlugins(const QStringList& args)
{
    CliArgs a(QStringLiteral("plugins"), QString(),
        QStringLiteral("Lists the folders searched for layout plugins, the plugins loaded, and the files refused "
                       "with the reason."));
    addJsonFlag(a);
    a.noArguments();
    if (const auto done = a.parse(args))
        return *done;
    const LayoutRegistry& reg = LayoutRegistry::instance();
    if (a.flag(QStringLiteral("json"))) {
        QJsonArray loaded, refused;
        for (const SchemeInfo& s : reg.schemes())
            loaded.append(QJsonObject { { QStringLiteral("id"), s.id }, { QStringLiteral("file"), s.file } });
        for (const PluginRefusal& r : reg.refusals())
            refused.append(QJsonObject { { QStringLiteral("file"), r.file }, { QStringLiteral("reason"), r.reason } });
        printJson(QJsonObject { { QStringLiteral("searched"), QJsonArray::fromStringList(reg.searchedDirs()) },
            { QStringLiteral("loaded"), loaded }, { QStringLiteral("refused"), refused } });
        return Ok;
    }
    out(QStringLiteral("searched: %1\n").arg(reg.searchedDirs().join(QStringLiteral(", "))));
    for (const SchemeInfo& s : reg.schemes())
        out(QStringLiteral("loaded   %1  %2\n").arg(s.id, -9).arg(s.file));
    for (const PluginRefusal& r : reg.refusals())
        out(QStringLiteral("refused  %1: %2\n").arg(r.file, r.reason));
    return Ok;
}

// `disks import FILE`: a DiskSim disk as a preset's JSON on stdout, what it cannot hold on stderr.
int runDisksImport(const QStringList& args)
{
    CliArgs a(QStringLiteral("disks import"), QStringLiteral("FILE"),
        QStringLiteral("Prints the disk preset JSON of a DiskSim disk (.parv, .diskspecs or .model); what the preset "
                       "cannot hold is listed as warnings on stderr. With --save it is also kept among the user's "
                       "presets, where disk= finds it."));
    a.positionalHelp(QStringLiteral("FILE"), QStringLiteral("The DiskSim top file, e.g. cheetah9LP.parv."));
    a.flag(QStringLiteral("json"),
        QStringLiteral("Prints one JSON object {\"preset\": ..., \"warnings\": [...]} instead, with no warnings on stderr."));
    a.flag(QStringLiteral("save"),
        QStringLiteral("Also saves the preset as ID.json in the first folder of RAIDSCOPE_DISK_PATH, else in the user's "
                       "raidscope/disks data folder; never over a preset that exists."));
    a.option(QStringLiteral("validate"), QStringLiteral("TRACE"),
        QStringLiteral("Also replays this DiskSim validation trace (as disk-validate does) and records the result in "
                       "the preset's provenance.validation."));
    if (const auto done = a.parse(args))
        return *done;
    if (a.positional().size() != 1)
        return fail(QStringLiteral("disks import: one DiskSim FILE, not %1").arg(a.positional().size()), Usage);
    QString error;
    auto imported = importDiskSim(a.positional().front(), &error);
    if (!imported)
        return fail(QStringLiteral("disks import: ") + error);
    if (a.has(QStringLiteral("validate"))) {
        const QString tracePath = a.value(QStringLiteral("validate"));
        const auto params = parseDiskParameters(imported->presetJson, &error);
        const auto trace = params ? readValidationTrace(tracePath, &error) : std::nullopt;
        if (!trace)
            return fail(QStringLiteral("disks import: ") + error);
        DiskModel disk(*params);
        const auto v = validateDisk(disk, *trace, &error);
        if (!v)
            return fail(QStringLiteral("disks import: ") + tracePath + QStringLiteral(": ") + error);
        QJsonObject provenance = imported->presetJson.value(QStringLiteral("provenance")).toObject();
        QJsonArray validation = provenance.value(QStringLiteral("validation")).toArray();
        validation.append(QJsonObject { { QStringLiteral("trace"), QFileInfo(tracePath).fileName() },
            { QStringLiteral("requests"), qint64(v->simulatedMs.size()) }, { QStringLiteral("demeritMs"), v->demeritMs },
            { QStringLiteral("disksimDemeritMs"), v->binnedDemeritMs },
            { QStringLiteral("simulatedMeanMs"), v->simulatedMeanMs }, { QStringLiteral("measuredMeanMs"), v->measuredMeanMs } });
        provenance[QStringLiteral("validation")] = validation;
        imported->presetJson[QStringLiteral("provenance")] = provenance;
    }
    if (a.flag(QStringLiteral("save"))) {
        const QString id = imported->presetJson.value(QStringLiteral("id")).toString();
        if (const DiskPreset* existing = findDiskPreset(id))
            return fail(QStringLiteral("disks import: a preset named '%1' exists already (%2); remove it first")
                            .arg(id, existing->file.isEmpty() ? QStringLiteral("built in") : existing->file));
        const QString dir = userDiskPresetDir();
        const QString path = dir + u'/' + id + QStringLiteral(".json");
        if (dir.isEmpty() || !QDir().mkpath(dir))
            return fail(QStringLiteral("disks import: cannot create the preset folder '%1'").arg(dir));
        // Published only where no file has that name, decided by the file system at the moment of
        // publishing (two imports at once: one saves, the other is told), never checked and then renamed.
        if (!writeOutputFile(path, QJsonDocument(imported->presetJson).toJson(QJsonDocument::Indented),
                { a.positional().front() }, &error, OutputExisting::Keep))
            return fail(QStringLiteral("disks import: ") + error
                + (error.endsWith(QLatin1String(" exists already")) ? QStringLiteral("; remove it first") : QString()));
        const QByteArray line = "raidscope-cli: saved " + path.toUtf8() + " (use disk=" + id.toUtf8() + ")\n";
        std::fwrite(line.constData(), 1, std::size_t(line.size()), stderr);
    }
    if (a.flag(QStringLiteral("json"))) {
        printJson(QJsonObject { { QStringLiteral("preset"), imported->presetJson },
            { QStringLiteral("warnings"), QJsonArray::fromStringList(imported->warnings) },
            { QStringLiteral("notes"), QJsonArray::fromStringList(imported->notes) } });
        return Ok;
    }
    printJson(imported->presetJson);
    for (const QString& n : imported->notes) {
        const QByteArray line = "raidscope-cli: note: " + oneLine(n).toUtf8() + '\n';
        std::fwrite(line.constData(), 1, std::size_t(line.size()), stderr);
    }
    for (const QString& w : imported->warnings) {
        const QByteArray line = "raidscope-cli: warning: " + oneLine(w).toUtf8() + '\n';
        std::fwrite(line.constData(), 1, std::size_t(line.size()), stderr);
    }
    return Ok;
}

// `disk-validate --parv FILE --trace FILE`: the disk model against a drive's measured access times.
int runDiskValidate(const QStringList& args)
{
    CliArgs a(QStringLiteral("disk-validate"), QStringLiteral("--parv FILE --trace FILE"),
        QStringLiteral("Imports a DiskSim disk (as disks import does), replays a DiskSim validation trace through "
                       "RaidScope's disk model as DiskSim does (one request at a time, each the trace's gap after the "
                       "previous completion) and prints the demerit against the measured access times (exact: the two "
                       "distributions sorted and paired request by request) and the means."));
    a.option(QStringLiteral("parv"), QStringLiteral("FILE"), QStringLiteral("The DiskSim disk (.parv, .diskspecs or .model)."))
        .option(QStringLiteral("trace"), QStringLiteral("FILE"), QStringLiteral("The validation trace (e.g. cheetah9LP.trace)."))
        .flag(QStringLiteral("per-request"), QStringLiteral("Also every simulated access time in ms (with --json)."));
    addJsonFlag(a);
    a.noArguments();
    if (const auto done = a.parse(args))
        return *done;
    if (!a.has(QStringLiteral("parv")) || !a.has(QStringLiteral("trace")))
        return fail(QStringLiteral("disk-validate: --parv FILE and --trace FILE are required"), Usage);
    QString error;
    const auto imported = importDiskSim(a.value(QStringLiteral("parv")), &error);
    if (!imported)
        return fail(QStringLiteral("disk-validate: ") + error);
    const auto params = parseDiskParameters(imported->presetJson, &error);
    if (!params)
        return fail(QStringLiteral("disk-validate: ") + error);
    const auto trace = readValidationTrace(a.value(QStringLiteral("trace")), &error);
    if (!trace)
        return fail(QStringLiteral("disk-validate: ") + error);
    DiskModel disk(*params);
    const auto v = validateDisk(disk, *trace, &error);
    if (!v)
        return fail(QStringLiteral("disk-validate: ") + a.value(QStringLiteral("trace")) + QStringLiteral(": ") + error);
    if (a.flag(QStringLiteral("json"))) {
        QJsonObject o = diskValidationJson(*v, a.flag(QStringLiteral("per-request")));
        o.insert(QStringLiteral("importWarnings"), imported->warnings.size());
        printJson(o);
        return Ok;
    }
    out(QStringLiteral("%1 requests: demerit %2 ms; mean access %3 ms simulated, %4 ms measured (%5 import warnings: "
                       "raidscope-cli disks import lists them)\n")
            .arg(v->simulatedMs.size())
            .arg(v->demeritMs, 0, 'f', 3)
            .arg(v->simulatedMeanMs, 0, 'f', 3)
            .arg(v->measuredMeanMs, 0, 'f', 3)
            .arg(imported->warnings.size()));
    return Ok;
}

int runDisks(const QStringList& args)
{
    if (args.value(0) == QLatin1String("import"))
        return runDisksImport(args.mid(1));
    CliArgs a(QStringLiteral("disks"), QString(), QStringLiteral("Lists the disk presets an array spec's disk= and member= keys name; a preset file that cannot be read is named on stderr, with why."));
    addJsonFlag(a);
    a.noArguments();
    if (const auto done = a.parse(args))
        return *done;
    if (a.flag(QStringLiteral("json"))) {
        QJsonArray disks, refused;
        for (const DiskPreset& p : diskPresets())
            disks.append(p.json);
        for (const RefusedPreset& r : refusedDiskPresets())
            refused.append(QJsonObject { { QStringLiteral("file"), r.file }, { QStringLiteral("why"), r.why } });
        printJson(QJsonObject { { QStringLiteral("disks"), disks }, { QStringLiteral("refused"), refused } });
        return Ok;
    }
    for (const DiskPreset& p : diskPresets())
        out(QStringLiteral("%1  %2  %3\n").arg(p.id, -12).arg(formatBytesHuman(p.capacityBytes), -10).arg(p.name));
    // A preset file that was not read is said, not skipped in silence (#52): a warning line each
    // (with --json, in "refused" instead).
    for (const RefusedPreset& r : refusedDiskPresets()) {
        const QByteArray line
            = "raidscope-cli: warning: " + oneLine(QStringLiteral("%1: not a disk preset: %2").arg(r.file, r.why)).toUtf8() + '\n';
        std::fwrite(line.constData(), 1, std::size_t(line.size()), stderr);
    }
    return Ok;
}

} // namespace raidscope::cli
