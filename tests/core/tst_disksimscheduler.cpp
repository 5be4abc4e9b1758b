// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 57: an imported DiskSim drive is scheduled as its parameter file says, by default. DiskSim's device
// driver orders each device's queue by its Scheduling policy (disksim_ioqueue.h: 1 FCFS, 2 ELEVATOR_LBN,
// 3 CYCLE_LBN, 4 SSTF_LBN); its synthetic-workload files (valid/synth*.parv) run 3, C-LOOK, where RaidScope's
// queues were FIFO unless the spec said otherwise. Orders below are worked by hand from the policies'
// definitions (disksim_ioqueue.c, ioqueue_get_request_from_lbn_scan_queue for C-LOOK).
#include "disk/diskpreset.h"
#include "disk/disksimimport.h"
#include "sim/arraysimulator.h"

#include <catch2/catch.hpp>

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>

#include <algorithm>
#include <numeric>
#include <vector>

using namespace raidscope;

namespace {

// DiskSim's HP C3323A description (tests/data/disksim) copied to `dir` with its driver's Scheduling policy
// set to `policy`.
QString c3323aWithPolicy(const QTemporaryDir& dir, int policy)
{
    const QDir from(QStringLiteral(RAIDSCOPE_TEST_DATA "/disksim"));
    for (const char* f : { "hp_c3323a_validate.diskspecs", "hp_c3323a_validate.model", "hp_c3323a_validate.seek" })
        QFile::copy(from.filePath(QString::fromLatin1(f)), QDir(dir.path()).filePath(QString::fromLatin1(f)));
    QFile in(from.filePath(QStringLiteral("hp_c3323a.parv")));
    REQUIRE(in.open(QIODevice::ReadOnly));
    QByteArray text = in.readAll();
    // The driver's queue is the first Scheduler block of the file (disksim_iodriver DRIVER0, line 62).
    const qsizetype at = text.indexOf("Scheduling policy = 1,");
    REQUIRE(at > text.indexOf("disksim_iodriver DRIVER0"));
    QByteArray setting("Scheduling policy = ");
    setting.append(QByteArray::number(policy)).append(',');
    text.replace(at, 22, setting);
    const QString path = QDir(dir.path()).filePath(QStringLiteral("hp_c3323a.parv"));
    QFile out(path);
    REQUIRE(out.open(QIODevice::WriteOnly));
    REQUIRE(out.write(text) == text.size());
    return path;
}

// The order in which a batch of reads issued together completes.
std::vector<int> completionOrder(ArraySimulator& sim, const std::vector<std::uint64_t>& offsets)
{
    std::vector<IoRequest> batch;
    for (std::uint64_t o : offsets)
        batch.push_back({ o, 4096, false });
    const std::vector<double> done = sim.runBatch(batch, int(batch.size()));
    std::vector<int> order(done.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](int a, int b) { return done[std::size_t(a)] < done[std::size_t(b)]; });
    return order;
}

// Six reads far apart, issued at once; the first starts at once on the idle disk, the rest wait.
const std::vector<std::uint64_t> kOffsets { 50ull << 26, 10ull << 26, 70ull << 26, 30ull << 26, 90ull << 26, 20ull << 26 };

} // namespace

TEST_CASE("DiskSim import: the driver's Scheduling policy becomes the preset's scheduler, and the import says so",
          "[disk][disksim][import][scheduler]")
{
    const auto [policy, id] = GENERATE(table<int, const char*>({ { 1, "fifo" }, { 2, "elevator" }, { 3, "clook" }, { 4, "sstf" } }));
    CAPTURE(policy);
    QTemporaryDir dir;
    QString error;
    const auto imported = importDiskSim(c3323aWithPolicy(dir, policy), &error);
    INFO(error.toStdString());
    REQUIRE(imported);
    CHECK(imported->presetJson.value(QStringLiteral("scheduler")).toString() == QString::fromLatin1(id));
    REQUIRE(imported->notes.size() == 1);
    CHECK(imported->notes.front().startsWith(QStringLiteral("Scheduling policy (")));
    CHECK(imported->notes.front().contains(QStringLiteral("scheduler=") + QString::fromLatin1(id)));
}

TEST_CASE("DiskSim import: a Scheduling policy RaidScope does not model is a warning and leaves FIFO",
          "[disk][disksim][import][scheduler]")
{
    QTemporaryDir dir;
    QString error;
    const auto imported = importDiskSim(c3323aWithPolicy(dir, 8), &error); // SPTF_OPT
    REQUIRE(imported);
    CHECK_FALSE(imported->presetJson.contains(QStringLiteral("scheduler")));
    CHECK(imported->notes.isEmpty());
    CHECK(std::any_of(imported->warnings.begin(), imported->warnings.end(),
        [](const QString& w) { return w.startsWith(QStringLiteral("Scheduling policy (")) && w.contains(QStringLiteral("= 8 not modelled")); }));
}

TEST_CASE("ArraySimulator: scheduler=clook takes the lowest start at or past the last one's, then wraps",
          "[sim][scheduler]")
{
    // Taken first: 50 (the idle disk starts it). C-LOOK from 50: 70, 90, then from the lowest, 10, 20, 30.
    // LOOK (elevator) turns back instead: 30, 20, 10. FIFO: as issued.
    QString error;
    auto clook = ArraySimulator::create(QStringLiteral("raid0 disks=1 scheduler=clook"), &error);
    auto elevator = ArraySimulator::create(QStringLiteral("raid0 disks=1 scheduler=elevator"), &error);
    auto fifo = ArraySimulator::create(QStringLiteral("raid0 disks=1 scheduler=fifo"), &error);
    REQUIRE(clook);
    REQUIRE(elevator);
    REQUIRE(fifo);
    CHECK(completionOrder(*clook, kOffsets) == std::vector<int> { 0, 2, 4, 1, 5, 3 });
    CHECK(completionOrder(*elevator, kOffsets) == std::vector<int> { 0, 2, 4, 3, 5, 1 });
    CHECK(completionOrder(*fifo, kOffsets) == std::vector<int> { 0, 1, 2, 3, 4, 5 });
}

TEST_CASE("ArraySimulator: members of an imported C-LOOK drive queue C-LOOK unless the spec gives scheduler=",
          "[sim][scheduler][disksim]")
{
    // The preset goes to a folder of RAIDSCOPE_DISK_PATH before the preset list is first read (ctest runs each
    // test case in a process of its own; run alone after other tests, the case says so and stops).
    QTemporaryDir source;
    QTemporaryDir presets;
    qputenv("RAIDSCOPE_DISK_PATH", presets.path().toUtf8());
    QString error;
    const auto imported = importDiskSim(c3323aWithPolicy(source, 3), &error);
    REQUIRE(imported);
    QJsonObject preset = imported->presetJson;
    preset[QStringLiteral("id")] = QStringLiteral("c3323a-clook");
    QFile out(QDir(presets.path()).filePath(QStringLiteral("c3323a-clook.json")));
    REQUIRE(out.open(QIODevice::WriteOnly));
    REQUIRE(out.write(QJsonDocument(preset).toJson()) > 0);
    out.close();
    if (!findDiskPreset(QStringLiteral("c3323a-clook"))) {
        WARN("skipped: the disk presets were read before this test could add the imported drive");
        return;
    }
    // The C3323A holds 1,743,672 sectors (hp_c3323a_validate.model: Block count): offsets of 1/128 GiB apart.
    std::vector<std::uint64_t> offsets;
    for (std::uint64_t o : kOffsets)
        offsets.push_back(o / 8);
    auto byPreset = ArraySimulator::create(QStringLiteral("raid0 disks=1 disk=c3323a-clook"), &error);
    auto given = ArraySimulator::create(QStringLiteral("raid0 disks=1 disk=c3323a-clook scheduler=fifo"), &error);
    REQUIRE(byPreset);
    REQUIRE(given);
    CHECK(completionOrder(*byPreset, offsets) == std::vector<int> { 0, 2, 4, 1, 5, 3 });
    CHECK(completionOrder(*given, offsets) == std::vector<int> { 0, 1, 2, 3, 4, 5 });
}
