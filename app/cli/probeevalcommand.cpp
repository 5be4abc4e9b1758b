// SPDX-License-Identifier: GPL-3.0-or-later
// `probe-eval`: the Probe issue's accuracy and I/O targets, measured on random simulated arrays.
#include "cliargs.h"
#include "commands.h"
#include "numberrange.h"
#include "shard.h"

#include "layout/layoutregistry.h"
#include "parallel.h"
#include "probe/model/modelprobe.h"
#include "probe/shearprobe.h"
#include "probe/simtarget.h"
#include "sim/arraysimulator.h"
#include "stats/rng.h"
#include "units.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <cmath>
#include <limits>
#include <cstdio>

namespace raidscope::cli {
namespace {

// What --realism and --slow draw, from the md-qemu rig's README: the per-drive rates it was run at
// (150 to 1000 IOPS, each showing the layout cleanly), QEMU's default burst, and "some tens of
// microseconds" of emulated guest CPU per I/O.
struct RealismRanges
{
    int minIops = 150, maxIops = 1000, iopsStep = 10;
    int minHostUs = 10, maxHostUs = 80;
    double maxJitterFraction = 0.5; ///< jitter up to half the host time
    double ceilingShare = 0.25;     ///< arrays that get an I/O ceiling
    /// The ceiling as a share of the drives' summed rate, but never below two drives' rate: under
    /// that no batch could tell one disk from many, and nothing could be identified.
    double minCeilingShare = 0.5, maxCeilingShare = 1.0;
    int minCeilingDrives = 2;
    double nearestShare = 0.5; ///< mirrored arrays read with md's read balancing
    double slowShare = 0.3;    ///< --slow: arrays with one member at a lower speed (and throttle rate)
    double slowSpeed = 0.5;
};

// Seeds the draws of --realism and --slow apart from the arrays', so the arrays stay the ones the
// same --seed gives without the flags.
constexpr std::uint64_t kExtrasSeed = 0x7ea115e;

struct Truth
{
    QString scheme, variant;
    int disks = 0, copies = 0;
    std::uint64_t chunkBytes = 0;
    int slowDisk = -1;          ///< --slow: the member at lower speed, or -1
    QJsonObject realism;        ///< --realism: the keys drawn
    QString extraKeys;          ///< the simulation keys of both, appended to the spec
    QString spec() const
    {
        QString s = scheme;
        if (!variant.isEmpty())
            s += QStringLiteral(" layout=") + variant;
        s += QStringLiteral(" disks=%1").arg(disks);
        if (copies > 0 && scheme != u"raid1")
            s += QStringLiteral(" copies=%1").arg(copies);
        if (scheme != u"raid1")
            s += QStringLiteral(" chunk=") + formatBytes(chunkBytes);
        return s;
    }
};

Truth randomArray(const LayoutRegistry& registry, Rng& rng, int minDisks, int maxDisks)
{
    while (true) {
        const SchemeInfo& s = registry.schemes()[qsizetype(rng.below(std::uint64_t(registry.schemes().size())))];
        Truth t;
        t.scheme = s.id;
        if (!s.variants.isEmpty())
            t.variant = s.variants[qsizetype(rng.below(std::uint64_t(s.variants.size())))].id;
        const int lo = std::max(s.minDisks, minDisks), hi = std::min(s.maxDisks, maxDisks);
        if (lo > hi)
            continue;
        t.disks = lo + int(rng.below(std::uint64_t(hi - lo + 1)));
        t.chunkBytes = 4096ull << rng.below(6); // 4 KiB .. 128 KiB
        if (s.findParameter(QStringLiteral("copies")))
            t.copies = s.id == u"raid1" ? t.disks : 2 + int(rng.below(std::uint64_t(std::min(3, t.disks - 1))));
        return t;
    }
}

// Exact: the verdict, or a layout it names as indistinguishable, is the true array.
bool exact(const Truth& t, const ProbeVerdict& v)
{
    if (!v.identified)
        return false;
    // Whole-disk mirrors: every block on every disk, whatever the scheme calls it. A verdict that
    // names another scheme is exact as any other is, with the truth's own layout named (a far
    // RAID-10 of 2 x 2 under md's nearest head reads as RAID-0 of 2 and writes at one disk's rate,
    // as RAID-4 of 3 does: named together, realism seed 67008).
    const bool wholeMirror = t.scheme == u"raid1" || (t.scheme == u"raid10" && t.copies == t.disks)
        || (t.scheme == u"chained" && t.disks == 2);
    if (wholeMirror && v.scheme == u"raid1")
        return v.disks == t.disks;
    // Exact is scheme, variant, disks, copies and chunk: how md writes parity or reads mirrors is the
    // controller's, not the layout's (a candidate's spec may carry paritywrite=md, mirrorread=nearest).
    auto same = [&](QString spec) {
        spec.remove(QStringLiteral(" paritywrite=md"));
        spec.remove(QStringLiteral(" mirrorread=nearest"));
        return spec == t.spec();
    };
    QString verdict = v.scheme;
    if (!v.variant.isEmpty())
        verdict += QStringLiteral(" layout=") + v.variant;
    verdict += QStringLiteral(" disks=%1").arg(v.disks);
    if (v.copies > 0)
        verdict += QStringLiteral(" copies=%1").arg(v.copies);
    verdict += QStringLiteral(" chunk=") + formatBytes(v.chunkBytes);
    return same(verdict) || std::any_of(v.equivalents.begin(), v.equivalents.end(), same);
}

// The member `disk` of the verdict's layout in the truth's numbering, or -1. An equivalent layout may
// number its members otherwise (RAID-4 with the parity first or last: data disk j is disk j + 1), so
// the disk is mapped through the data chunks of one pattern, which both layouts place alike.
int truthDisk(const Truth& t, const ProbeVerdict& v, int disk)
{
    // A mirror of whole disks is named without a chunk (nameWholeDiskMirror()): its members are md's order.
    if (t.scheme == u"raid1" && v.scheme == u"raid1")
        return v.disks == t.disks ? disk : -1;
    QString truthSpec = t.spec();
    if (t.scheme == u"raid1")
        truthSpec += QStringLiteral(" chunk=") + formatBytes(t.chunkBytes);
    if (v.layoutSpec == truthSpec)
        return disk;
    QString error;
    const auto mine = LayoutRegistry::instance().create(v.layoutSpec, &error);
    const auto truth = LayoutRegistry::instance().create(truthSpec, &error);
    if (!mine || !truth || mine->params().chunkBlocks() != truth->params().chunkBlocks())
        return -1;
    const std::uint64_t chunk = truth->params().chunkBlocks();
    // Mirrors whose copy sets read alike (a near and a far RAID-10 of 5 x 4): a slow member is found by the
    // chunks with a copy on it, so the truth's member is the one holding a copy of the same chunks.
    if (mine->copies() > 1 && truth->copies() > 1 && mine->patternBlocks() == truth->patternBlocks()) {
        auto chunksOn = [&](const Layout& layout, int member) {
            std::vector<bool> on;
            BlockPlaces places;
            for (std::uint64_t lba = 0; lba < layout.patternBlocks(); lba += chunk) {
                layout.places(lba, places);
                bool here = places.data.disk == member;
                for (const DiskBlock& copy : places.copies)
                    here |= copy.disk == member;
                on.push_back(here);
            }
            return on;
        };
        const std::vector<bool> mineOn = chunksOn(*mine, disk);
        for (int d = 0; d < truth->params().disks; ++d)
            if (chunksOn(*truth, d) == mineOn)
                return d;
    }
    for (std::uint64_t lba = 0; lba < truth->patternBlocks(); lba += chunk)
        if (mine->dataPlace(lba).disk == disk)
            return truth->dataPlace(lba).disk;
    // A member no data is on (RAID-4's parity disk, RAID-6 continuous's P and Q), named by the probe
    // from the writes alone: the truth's member of the same rank among those, as the verdict is an
    // equivalent of the truth (RAID-4 parity-last for parity-first).
    auto dataless = [&](const Layout& layout) {
        std::vector<bool> holds(std::size_t(layout.params().disks), false);
        for (std::uint64_t lba = 0; lba < layout.patternBlocks(); lba += chunk)
            holds[std::size_t(layout.dataPlace(lba).disk)] = true;
        std::vector<int> none;
        for (int d = 0; d < int(holds.size()); ++d)
            if (!holds[std::size_t(d)])
                none.push_back(d);
        return none;
    };
    const std::vector<int> mineNone = dataless(*mine), truthNone = dataless(*truth);
    const auto at = std::find(mineNone.begin(), mineNone.end(), disk);
    const bool parity = mine->redundancy() != Redundancy::Mirror && truth->redundancy() != Redundancy::Mirror;
    if (parity && at != mineNone.end() && mineNone.size() == truthNone.size())
        return truthNone[std::size_t(at - mineNone.begin())];
    return -1;
}

// --realism: a real, virtualised array's keys at random (docs/guide/command-line.md, "Simulating").
void drawRealism(Truth& t, bool mirrored, Rng& rng, const RealismRanges& r)
{
    const int iops = r.minIops + r.iopsStep * int(rng.below(std::uint64_t((r.maxIops - r.minIops) / r.iopsStep + 1)));
    const int hostUs = r.minHostUs + int(rng.below(std::uint64_t(r.maxHostUs - r.minHostUs + 1)));
    const int jitterUs = int(rng.below(std::uint64_t(std::floor(hostUs * r.maxJitterFraction)) + 1));
    const bool ceiling = rng.uniform() < r.ceilingShare;
    const double ceilingShare = r.minCeilingShare + (r.maxCeilingShare - r.minCeilingShare) * rng.uniform();
    const bool nearest = rng.uniform() < r.nearestShare && mirrored;
    t.extraKeys += QStringLiteral(" iops=%1 hostoverhead=%2us:%3us").arg(iops).arg(hostUs).arg(jitterUs);
    t.realism = QJsonObject { { QStringLiteral("iops"), iops }, { QStringLiteral("hostOverheadUs"), hostUs },
        { QStringLiteral("jitterUs"), jitterUs } };
    if (ceiling) {
        const int ceilingIops = int(std::lround(std::max(double(r.minCeilingDrives), ceilingShare * t.disks) * iops));
        t.extraKeys += QStringLiteral(" ceiling=%1").arg(ceilingIops);
        t.realism.insert(QStringLiteral("ceiling"), ceilingIops);
    }
    if (nearest) {
        t.extraKeys += QStringLiteral(" mirrorread=nearest");
        t.realism.insert(QStringLiteral("mirrorRead"), QStringLiteral("nearest"));
    }
}

// --zoo: members that behave like disks rather than throttles (the md-devices rig's kinds): hard
// disks of three presets, served in arrival order or reordered (sstf, elevator), or SSDs; a quarter
// of the arrays behind a controller's write-back cache large enough to take every probe write; and,
// for mirrors, md's nearest-head reads half the time.
struct ZooRanges
{
    double ssdShare = 0.25;
    double writeBackShare = 0.25;
    double nearestShare = 0.5;
};

void drawZoo(Truth& t, bool mirrored, Rng& rng, const ZooRanges& r)
{
    static const char* const kDisks[] = { "ibm-9lzx", "cheetah-15k", "nearline-7k2" };
    static const char* const kSchedulers[] = { "fifo", "sstf", "elevator" };
    QJsonObject zoo;
    if (rng.uniform() < r.ssdShare) {
        t.extraKeys += QStringLiteral(" disk=ssd");
        zoo.insert(QStringLiteral("disk"), QStringLiteral("ssd"));
    } else {
        const QString disk = QString::fromLatin1(kDisks[rng.below(3)]);
        const QString scheduler = QString::fromLatin1(kSchedulers[rng.below(3)]);
        t.extraKeys += QStringLiteral(" disk=%1 scheduler=%2").arg(disk, scheduler);
        zoo.insert(QStringLiteral("disk"), disk);
        zoo.insert(QStringLiteral("scheduler"), scheduler);
    }
    if (rng.uniform() < r.writeBackShare) {
        t.extraKeys += QStringLiteral(" cache=256MiB");
        zoo.insert(QStringLiteral("writeBack"), QStringLiteral("256MiB"));
    }
    if (mirrored && rng.uniform() < r.nearestShare) {
        t.extraKeys += QStringLiteral(" mirrorread=nearest");
        zoo.insert(QStringLiteral("mirrorRead"), QStringLiteral("nearest"));
    }
    t.realism = zoo;
}

// --slow: one member at lower speed; with a throttle, speed= lowers its rate and burst too.
void drawSlow(Truth& t, Rng& rng, const RealismRanges& r)
{
    const bool slow = rng.uniform() < r.slowShare;
    const int disk = int(rng.below(std::uint64_t(t.disks)));
    if (!slow)
        return;
    t.slowDisk = disk;
    t.extraKeys += QStringLiteral(" speed=%1:%2").arg(disk).arg(r.slowSpeed);
}

// The totals of `probe-eval` (and with --json every run), from the runs' objects: what the
// unsharded run prints after its arrays, and a sharded run's merge.
void printProbeEvalSummary(const QJsonObject& request, const QJsonArray& items)
{
    const int count = request.value(QStringLiteral("count")).toInt();
    const bool realism = request.value(QStringLiteral("realism")).toBool(), slow = request.value(QStringLiteral("slow")).toBool();
    int hits = 0, wrong = 0; // wrong: a layout named as identified that is not the truth
    // --slow: arrays with a slow member, those exact with it named, and the mirrors of whole disks
    // exact with it found (no read can be aimed at one of their members, so none can be named)
    int slowArrays = 0, slowNamed = 0, slowUnnameable = 0;
    std::uint64_t ours = 0, shears = 0;
    QJsonArray runs;
    for (const QJsonValue& v : items) {
        const QJsonObject run = v.toObject().value(QStringLiteral("run")).toObject();
        const bool ok = run.value(QStringLiteral("exact")).toBool();
        hits += ok ? 1 : 0;
        wrong += !ok && run.value(QStringLiteral("identified")).toBool() ? 1 : 0;
        slowArrays += run.value(QStringLiteral("slowDisk")).isDouble() ? 1 : 0;
        slowNamed += ok && run.value(QStringLiteral("slowNamed")).toBool() ? 1 : 0;
        slowUnnameable += ok && run.value(QStringLiteral("slowFoundUnnameable")).toBool() ? 1 : 0;
        ours += std::uint64_t(run.value(QStringLiteral("ios")).toInteger());
        shears += std::uint64_t(run.value(QStringLiteral("shearSchedule")).toInteger());
        runs.append(run);
    }
    const double rate = double(hits) / count;
    const double ioRatio = shears ? double(ours) / double(shears) : 0;
    if (request.value(QStringLiteral("json")).toBool()) {
        QJsonObject summary { { QStringLiteral("arrays"), count }, { QStringLiteral("exact"), hits },
            { QStringLiteral("exactRate"), rate }, { QStringLiteral("wrong"), wrong }, { QStringLiteral("ios"), qint64(ours) },
            { QStringLiteral("shearScheduleIos"), qint64(shears) }, { QStringLiteral("ioRatio"), ioRatio },
            { QStringLiteral("runs"), runs } };
        if (realism || slow) {
            summary.insert(QStringLiteral("realism"), realism);
            summary.insert(QStringLiteral("slow"), slow);
        }
        if (slow) {
            summary.insert(QStringLiteral("slowArrays"), slowArrays);
            summary.insert(QStringLiteral("slowNamed"), slowNamed);
            summary.insert(QStringLiteral("slowFoundUnnameable"), slowUnnameable);
        }
        out(QString::fromUtf8(QJsonDocument(summary).toJson(QJsonDocument::Indented)));
        return;
    }
    out(QStringLiteral("exact identification: %1 of %2 (%3 %), %7 wrong (a layout named that is not the array's), the rest "
                       "undecided; I/Os %4 against Shear's schedule %5 (%6 %)\n")
            .arg(hits)
            .arg(count)
            .arg(rate * 100, 0, 'f', 1)
            .arg(ours)
            .arg(shears)
            .arg(ioRatio * 100, 0, 'f', 1)
            .arg(wrong));
    if (slow)
        out(QStringLiteral("slow member: %1 arrays had one; %2 exact with that member named (%3 %), %4 more exact with it "
                           "found in a mirror of whole disks, where no read reaches one member alone (%5 % found)\n")
                .arg(slowArrays)
                .arg(slowNamed)
                .arg(slowArrays ? 100.0 * slowNamed / slowArrays : 0, 0, 'f', 1)
                .arg(slowUnnameable)
                .arg(slowArrays ? 100.0 * (slowNamed + slowUnnameable) / slowArrays : 0, 0, 'f', 1));
}

} // namespace

int runProbeEval(const QStringList& args)
{
    CliArgs a(QStringLiteral("probe-eval"), QString(),
        QStringLiteral("Probes random simulated arrays (every installed scheme and variant) and reports how many "
                       "were identified exactly, and the I/Os spent against Shear's fixed schedule."));
    a.option(QStringLiteral("count"), QStringLiteral("N"), QStringLiteral("Arrays to probe (default 100)."))
        .option(QStringLiteral("seed"), QStringLiteral("S"), QStringLiteral("Seed of the draw (default 1); the same seed gives the same arrays."))
        .option(QStringLiteral("min-disks"), QStringLiteral("N"), QStringLiteral("Fewest member disks (default 2)."))
        .option(QStringLiteral("max-disks"), QStringLiteral("N"), QStringLiteral("Most member disks (default 16)."))
        .option(QStringLiteral("tune"), QStringLiteral("NAME=X,..."), QStringLiteral("Other values for ProbeTuning constants, e.g. pairSigma=0.1."))
        .option(QStringLiteral("engine"), QStringLiteral("rules|model"),
            QStringLiteral("Which probe decides: the rule-based one (default) or the one-model inference (docs/design/probe.md)."))
        .option(QStringLiteral("jobs"), QStringLiteral("N"),
            QStringLiteral("Probes up to N arrays at once (default: one per core); the results do not change."))
        .flag(QStringLiteral("realism"), QStringLiteral("Simulates each array like a real, virtualised one (throttles, host overhead, ceilings)."))
        .flag(QStringLiteral("zoo"), QStringLiteral("Members of every kind instead: hard disks in arrival order or reordered, SSDs, a write-back cache."))
        .flag(QStringLiteral("slow"), QStringLiteral("Gives 30 % of the arrays one member at lower speed (half, or --slow-speed)."))
        .option(QStringLiteral("slow-speed"), QStringLiteral("F"),
            QStringLiteral("With --slow, the slow member's speed against the others' (over 0, under 1; default 0.5, "
                           "Shear's Fig. 18; 0.2 as the rig's IOPS_DISK=2:60 on 300 IOPS members)."))
        .flag(QStringLiteral("read-only"), QStringLiteral("Probes without writes, as a device is probed without --allow-writes (no read/write ratio)."))
        .flag(QStringLiteral("verbose"), QStringLiteral("Prints every array, not only the misses."))
        .flag(QStringLiteral("json"), QStringLiteral("Prints the summary and every run as one JSON object."));
    addShardOption(a);
    a.noArguments();
    if (const auto done = a.parse(args))
        return *done;
    QString error;
    constexpr qint64 kIntMax = std::numeric_limits<int>::max();
    const auto countArg = a.integer(QStringLiteral("count"), 1, kIntMax, 100, &error);
    const auto seedArg = a.unsignedInteger(QStringLiteral("seed"), 1, &error);
    const auto minDisksArg = a.integer(QStringLiteral("min-disks"), 1, kIntMax, 2, &error);
    const auto maxDisksArg = a.integer(QStringLiteral("max-disks"), 1, kIntMax, 16, &error);
    const auto jobs = a.jobs(&error);
    if (!countArg || !seedArg || !minDisksArg || !maxDisksArg || !jobs)
        return fail(QStringLiteral("probe-eval: ") + error, Usage);
    const int count = int(*countArg);
    const std::uint64_t seed = *seedArg;
    const int minDisks = int(*minDisksArg);
    const int maxDisks = int(*maxDisksArg);
    if (maxDisks < minDisks)
        return fail(QStringLiteral("probe-eval: --min-disks must not exceed --max-disks"), Usage);
    const LayoutRegistry& registry = LayoutRegistry::instance();
    if (registry.schemes().isEmpty())
        return fail(QStringLiteral("probe-eval: no layout plugins found"));
    // randomArray() draws schemes until one takes a disk count in the range: refuse a range none takes.
    int fewest = std::numeric_limits<int>::max(), most = 0;
    bool anyFits = false;
    for (const SchemeInfo& s : registry.schemes()) {
        fewest = std::min(fewest, s.minDisks);
        most = std::max(most, s.maxDisks);
        anyFits = anyFits || (std::max(s.minDisks, minDisks) <= std::min(s.maxDisks, maxDisks));
    }
    if (!anyFits)
        return fail(QStringLiteral("probe-eval: --min-disks %1 --max-disks %2: no installed scheme takes that many disks "
                                   "(together they take %3 to %4)")
                        .arg(minDisks)
                        .arg(maxDisks)
                        .arg(fewest)
                        .arg(most),
            Usage);
    // --tune name=value[,name=value...]: any ProbeTuning constant, to see how much accuracy rests on it.
    ProbeTuning tuning;
    if (!setTunings(tuning, a.value(QStringLiteral("tune")), &error))
        return fail(QStringLiteral("probe-eval: --tune ") + error, Usage);
    const QString engine = a.has(QStringLiteral("engine")) ? a.value(QStringLiteral("engine")) : QStringLiteral("rules");
    if (engine != u"rules" && engine != u"model")
        return fail(QStringLiteral("probe-eval: --engine '%1': 'rules' or 'model'").arg(engine), Usage);
    const bool useModel = engine == u"model";
    const bool realism = a.flag(QStringLiteral("realism")), slow = a.flag(QStringLiteral("slow"));
    const bool zoo = a.flag(QStringLiteral("zoo"));
    if (zoo && realism)
        return fail(QStringLiteral("probe-eval: --zoo and --realism draw different members; give one"), Usage);
    const bool readOnly = a.flag(QStringLiteral("read-only"));
    RealismRanges ranges;
    if (a.has(QStringLiteral("slow-speed"))) {
        // Over 0 and under 1: the bounds themselves are refused below.
        const double speed = parseNumberInRange(a.value(QStringLiteral("slow-speed")), 0, 1, nullptr).value_or(0);
        if (speed <= 0 || speed >= 1)
            return fail(QStringLiteral("probe-eval: --slow-speed '%1': a speed over 0 and under 1 (the slow member's "
                                       "against the others')")
                            .arg(a.value(QStringLiteral("slow-speed"))),
                Usage);
        if (!slow)
            return fail(QStringLiteral("probe-eval: --slow-speed needs --slow"), Usage);
        ranges.slowSpeed = speed;
    }
    Rng rng(seed);
    Rng extras(seed ^ kExtrasSeed);
    // The arrays are drawn one after another (the draws share two random sequences), then probed in
    // parallel, each on its own simulated target with its own seed; results are taken in draw order.
    struct Draw
    {
        Truth truth;
        QString spec;
        std::unique_ptr<SimTarget> target;
        ProbeConfig config;
        ProbeResult result;
    };
    std::vector<Draw> draws;
    QString drawError; // an array the simulator refused: the arrays drawn before it are still probed
    for (int i = 0; i < count && drawError.isEmpty(); ++i) {
        Truth t = randomArray(registry, rng, minDisks, maxDisks);
        QString spec = t.spec();
        if (t.scheme == u"raid1")
            spec += QStringLiteral(" chunk=") + formatBytes(t.chunkBytes);
        auto target = SimTarget::create(spec, &error);
        if (!target) {
            drawError = QStringLiteral("probe-eval: %1: %2").arg(spec, error);
            break;
        }
        if (realism)
            drawRealism(t, target->simulator().layout().redundancy() == Redundancy::Mirror, extras, ranges);
        if (zoo)
            drawZoo(t, target->simulator().layout().redundancy() == Redundancy::Mirror, extras, ZooRanges {});
        if (slow)
            drawSlow(t, extras, ranges);
        if (!t.extraKeys.isEmpty()) {
            spec += t.extraKeys;
            target = SimTarget::create(spec, &error);
            if (!target) {
                drawError = QStringLiteral("probe-eval: %1: %2").arg(spec, error);
                break;
            }
        }
        Draw d { t, spec, std::move(target), {}, {} };
        d.config.seed = seed * 1000 + std::uint64_t(i);
        d.config.tuning = tuning;
        d.config.measureRedundancy = !readOnly;
        draws.push_back(std::move(d));
    }
    // --shard I/N: only this shard's arrays are probed (all are drawn: the draws share the random
    // sequences), and printed as a partial for `merge`.
    const auto shard = parseShard(a, &error);
    if (!shard)
        return fail(QStringLiteral("probe-eval: ") + error, Usage);
    const bool json = a.flag(QStringLiteral("json")), verbose = a.flag(QStringLiteral("verbose"));
    std::vector<int> mine;
    for (int i = 0; i < int(draws.size()); ++i)
        if (shard->owns(i))
            mine.push_back(i);
    QJsonArray items;
    parallelFor(int(mine.size()), *jobs,
        [&](int k) {
            Draw& d = draws[std::size_t(mine[std::size_t(k)])];
            d.result = useModel ? runModelProbe(*d.target, d.config, registry) : runShearProbe(*d.target, d.config);
            d.target.reset();
        },
        [&](int k) {
            const int i = mine[std::size_t(k)];
            Draw& d = draws[std::size_t(i)];
            const Truth& t = d.truth;
            const QString& spec = d.spec;
            const ProbeConfig& config = d.config;
            const ProbeResult& r = d.result;
            const bool ok = exact(t, r.verdict);
            // Named: a slow-disk finding about exactly that member (Shear Fig. 18).
            const ProbeFinding* slowFinding = r.verdict.find(ProbeFinding::Kind::SlowDisk);
            const bool named = t.slowDisk >= 0 && slowFinding && slowFinding->disks.size() == 1
                && truthDisk(t, r.verdict, slowFinding->disks.front()) == t.slowDisk;
            // Found without a member: right only for a mirror of whole disks, named as one.
            const bool unnameable = t.slowDisk >= 0 && !named && slowFinding && slowFinding->disks.empty()
                && r.verdict.scheme == u"raid1";
            QJsonObject run { { QStringLiteral("truth"), t.spec() }, { QStringLiteral("verdict"), r.verdict.spec },
                { QStringLiteral("identified"), r.verdict.identified }, { QStringLiteral("exact"), ok },
                { QStringLiteral("ios"), qint64(r.ios.total()) }, { QStringLiteral("shearSchedule"), qint64(r.shearScheduleIos) } };
            // The spec simulated and the probe's seed, to replay a miss with probe --sim.
            run.insert(QStringLiteral("sim"), spec);
            run.insert(QStringLiteral("seed"), qint64(config.seed));
            if (realism)
                run.insert(QStringLiteral("realism"), t.realism);
            if (slow) {
                run.insert(QStringLiteral("slowDisk"), t.slowDisk >= 0 ? QJsonValue(t.slowDisk) : QJsonValue());
                if (t.slowDisk >= 0) {
                    run.insert(QStringLiteral("slowNamed"), named);
                    run.insert(QStringLiteral("slowFoundUnnameable"), unnameable);
                }
            }
            const QString replay = QStringLiteral("probe --sim \"%1\" --seed %2%3")
                                       .arg(spec)
                                       .arg(config.seed)
                                       .arg(readOnly ? QStringLiteral(" --read-only") : QString());
            // exact, but the slow member neither named nor found in a mirror of whole disks
            const bool unnamed = ok && t.slowDisk >= 0 && !named && !unnameable;
            QString line;
            if (!json && (!ok || unnamed || verbose))
                line = QStringLiteral("%1 %2 -> %3%4  (%5 I/Os, Shear %6; %7)\n")
                           .arg(!ok ? (r.verdict.identified ? QStringLiteral("WRONG") : QStringLiteral("MISS"))
                                    : unnamed                  ? QStringLiteral("SLOW?")
                                                               : QStringLiteral("ok  "),
                               t.spec(),
                               r.verdict.spec.isEmpty() ? QStringLiteral("nothing") : r.verdict.spec,
                               r.verdict.identified ? QString() : QStringLiteral(" [undecided]"))
                           .arg(r.ios.total())
                           .arg(r.shearScheduleIos)
                           .arg(replay);
            if (!shard->given)
                out(line); // as each array finishes, in draw order
            items.append(QJsonObject { { QStringLiteral("index"), i }, { QStringLiteral("run"), run }, { QStringLiteral("line"), line } });
            d.result = ProbeResult {}; // the raw series are large; only the figures above are kept
        });
    if (!drawError.isEmpty())
        return fail(drawError);
    const QJsonObject request { { QStringLiteral("count"), count }, { QStringLiteral("seed"), QString::number(seed) },
        { QStringLiteral("minDisks"), minDisks }, { QStringLiteral("maxDisks"), maxDisks },
        { QStringLiteral("tune"), a.value(QStringLiteral("tune")) }, { QStringLiteral("realism"), realism },
        { QStringLiteral("zoo"), zoo }, { QStringLiteral("engine"), engine },
        { QStringLiteral("slow"), slow }, { QStringLiteral("slowSpeed"), ranges.slowSpeed }, { QStringLiteral("readOnly"), readOnly }, { QStringLiteral("verbose"), verbose },
        { QStringLiteral("json"), json } };
    if (shard->given) {
        outPartial(partialJson(QStringLiteral("probe-eval"), *shard, count, request, items));
        return Ok;
    }
    printProbeEvalSummary(request, items);
    return Ok;
}

int printMergedProbeEval(const MergedPartials& m)
{
    QJsonArray items;
    for (const QJsonObject& item : m.items) {
        out(item.value(QStringLiteral("line")).toString());
        items.append(item);
    }
    printProbeEvalSummary(m.request, items);
    return Ok;
}

} // namespace raidscope::cli
