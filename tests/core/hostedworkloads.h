// SPDX-License-Identifier: GPL-3.0-or-later
// The per-request times of DiskSim-exact (hosted) disk models under fixed workloads, as digests: what
// tst_hostedexact.cpp checks against the digests the tree before issue 57's speed work gave. Only API that
// tree has is used here, so that the same file, compiled against it, gives the expected figures
// (docs/records/speed.md says how).
#pragma once

#include "disk/diskmodel.h"
#include "disk/diskparameters.h"
#include "disk/disksimimport.h"
#include "disk/diskvalidate.h"
#include "sim/arraysimulator.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QString>

#include <cmath>
#include <cstdint>
#include <optional>
#include <random>
#include <vector>

namespace raidscope::test {

/// A sequence of per-request times in whole nanoseconds, summed up: FNV-1a (64-bit) over the values'
/// bytes, their count and their sum. Two runs with one time different by a nanosecond differ.
struct TimesDigest
{
    std::uint64_t count = 0;
    std::uint64_t hash = 14695981039346656037ull;
    std::int64_t sumNs = 0;
    void add(std::int64_t ns)
    {
        ++count;
        sumNs += ns;
        for (int i = 0; i < 8; ++i) {
            hash ^= std::uint64_t(ns >> (8 * i)) & 0xff;
            hash *= 1099511628211ull;
        }
    }
    friend bool operator==(const TimesDigest&, const TimesDigest&) = default;
};

inline std::optional<DiskParameters> importedParameters(const QString& path, QJsonObject* presetOut = nullptr)
{
    QString error;
    auto imported = importDiskSim(path, &error);
    if (!imported)
        return std::nullopt;
    if (presetOut)
        *presetOut = imported->presetJson;
    return parseDiskParameters(imported->presetJson, &error);
}

/// A validation trace replayed (validateDisk()): each request's access time, to the nanosecond.
inline std::optional<TimesDigest> validationDigest(const QString& parv, const QString& trace)
{
    auto params = importedParameters(parv);
    QString error;
    auto requests = readValidationTrace(trace, &error);
    if (!params || !requests)
        return std::nullopt;
    DiskModel disk(*params);
    auto v = validateDisk(disk, *requests, &error);
    if (!v)
        return std::nullopt;
    TimesDigest d;
    for (double ms : v->simulatedMs)
        d.add(std::llround(ms * 1e6));
    return d;
}

/// The disk model alone: `requests` random requests (half writes; 4 KiB or 64 KiB as 60 : 40; each arriving a
/// random 0-2 ms after the last completed, sometimes at once, so read-aheads are cut at any point), each one's
/// start and completion.
inline TimesDigest diskModelDigest(const DiskParameters& params, int requests, std::uint64_t seed)
{
    DiskModel disk(params);
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<std::uint64_t> where(0, disk.totalSectors() - 128);
    std::uniform_int_distribution<std::int64_t> gapNs(0, 2'000'000);
    TimesDigest d;
    DiskModel::Ns now { 0 };
    std::uint64_t last = 0;
    for (int i = 0; i < requests; ++i) {
        const bool write = (rng() & 1) != 0;
        const std::uint32_t sectors = (rng() % 5) < 3 ? 8 : 128;
        // A quarter sequential after the last request: read-ahead and segment hits.
        const std::uint64_t lba = (rng() % 4) == 0 ? std::min(last, disk.totalSectors() - 128) : where(rng);
        const ServiceResult r = disk.service(lba, sectors, write, now);
        d.add(r.breakdown.start.count());
        d.add(r.completion.count());
        last = lba + sectors;
        now = r.completion + DiskModel::Ns((rng() % 3) == 0 ? 0 : gapNs(rng));
    }
    return d;
}

/// A replay through an array (RAID-5 of the drive, say): random 4 KiB and 64 KiB reads and writes arriving
/// as a Poisson stream of `perSecond`, each request's response time.
inline std::optional<TimesDigest> arrayReplayDigest(const QString& arraySpec, int requests, double perSecond,
                                                    double readFraction, std::uint64_t seed)
{
    QString error;
    auto sim = ArraySimulator::create(arraySpec, &error);
    if (!sim)
        return std::nullopt;
    std::mt19937_64 rng(seed);
    std::exponential_distribution<double> gap(perSecond / 1e9);
    const std::uint64_t blocks = sim->arrayBytes() / 65536 - 1;
    std::vector<ReplayRecord> records;
    double t = 0;
    for (int i = 0; i < requests; ++i) {
        t += std::floor(gap(rng));
        ReplayRecord r;
        r.timeNs = t;
        r.sizeBytes = (rng() % 5) < 3 ? 4096 : 65536;
        r.offsetBytes = (rng() % blocks) * 65536 + (r.sizeBytes == 4096 ? (rng() % 16) * 4096 : 0);
        r.write = std::uniform_real_distribution<double>(0, 1)(rng) >= readFraction;
        records.push_back(r);
    }
    std::size_t next = 0;
    TimesDigest d;
    ReplaySource source;
    source.next = [&](ReplayRecord& r) {
        if (next == records.size())
            return false;
        r = records[next++];
        return true;
    };
    source.completed = [&](double arrivalNs, double responseNs) {
        d.add(std::llround(arrivalNs));
        d.add(std::llround(responseNs));
    };
    sim->replay(source);
    return d;
}

} // namespace raidscope::test
