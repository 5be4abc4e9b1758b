// SPDX-License-Identifier: GPL-3.0-or-later
// The DiskSim import's disksim_disk and driver (disksimimport_p.h): transfer time, overheads,
// controller timing and cache, and the order the device driver serves the queue in.
#include "disksimimport_p.h"

#include <QJsonArray>

#include <algorithm>

namespace raidscope::disksim {

bool importDrive(const Found& found, const DiskSimDocument* doc, Importer& im, QJsonObject& o, QString* error)
{
    // The drive: transfer, overheads, cache.
    double perSectorMs = 0;
    if (found.disk) {
        const DiskSimValue& disk = *found.disk;
        QStringList handled { QStringLiteral("Model"), QStringLiteral("Print stats"),
            QStringLiteral("Avg sectors per cylinder"), QStringLiteral("Bulk sector transfer time"),
            QStringLiteral("Per-request overhead time"), QStringLiteral("Number of buffer segments"),
            QStringLiteral("Segment size (in blks)"), QStringLiteral("Maximum read-ahead (blks)"),
            QStringLiteral("Fast write level"), QStringLiteral("Enable caching in buffer"),
            QStringLiteral("Buffer continuous read") };
        const DiskSimValue* bulk = disk.find(u"Bulk sector transfer time");
        if (bulk && bulk->isNumber() && bulk->number > 0) {
            perSectorMs = bulk->number;
            im.warn(*bulk, u"Bulk sector transfer time",
                QStringLiteral("%1 ms per sector -> busMBps %2 for the figures-based tools; the disk model "
                               "charges it on every transfer, overlapped with the media (host.readMsPerSector)")
                    .arg(fmt(perSectorMs), fmt(512.0 / (perSectorMs * 1000.0))));
        } else if (!found.instance.isEmpty()) {
            // The HP drives keep it on the bus the disk hangs from.
            const DiskSimTopologyNode* parent = nullptr;
            doc->topologyNode(found.instance, &parent);
            const DiskSimValue* bus = parent ? doc->definitionOfInstance(parent->name) : nullptr;
            const DiskSimValue* read = bus ? bus->find(u"Read block transfer time") : nullptr;
            if (read && read->isNumber() && read->number > 0) {
                perSectorMs = read->number;
                im.warn(*read, u"Read block transfer time",
                    QStringLiteral("the per-sector time of bus %1 (%2 ms) -> busMBps %3 for the figures-based "
                                   "tools; the disk model charges it on every transfer, overlapped with the media "
                                   "(host.readMsPerSector)")
                        .arg(parent->name, fmt(perSectorMs), fmt(512.0 / (perSectorMs * 1000.0))));
                const DiskSimValue* write = bus->find(u"Write block transfer time");
                if (write && write->isNumber() && write->number != read->number)
                    im.warn(*write, u"Write block transfer time",
                        QStringLiteral("%1 ms per sector: busMBps has the read time; host.writeMsPerSector has this")
                            .arg(fmt(write->number)));
            }
        }
        if (perSectorMs > 0)
            o[QStringLiteral("busMBps")] = 512.0 / (perSectorMs * 1000.0);

        // One fixed overhead for the figures-based tools: the per-request time plus the mean of the four
        // miss overheads. The disk model itself takes DiskSim's controller timing from "host" below.
        const QStringList overheads { QStringLiteral("Read hit over. after read"),
            QStringLiteral("Read hit over. after write"), QStringLiteral("Read miss over. after read"),
            QStringLiteral("Read miss over. after write"), QStringLiteral("Write hit over. after read"),
            QStringLiteral("Write hit over. after write"), QStringLiteral("Write miss over. after read"),
            QStringLiteral("Write miss over. after write") };
        double missSum = 0;
        for (const QString& k : overheads)
            if (k.contains(QLatin1String("miss")))
                missSum += disk.numberAt(k).value_or(0);
        const double overhead = disk.numberAt(u"Per-request overhead time").value_or(0) + missSum / 4;
        o[QStringLiteral("commandOverheadMs")] = overhead;
        handled << overheads;

        // DiskSim's controller timing (disksim_diskctlr.c), as DiskParameters::host holds it. Every
        // transfer crosses at the larger of the bus's and the disk's block time (disk_get_blktranstime).
        const double scale = disk.numberAt(u"Time scale for overheads").value_or(1);
        auto ms = [&](QStringView key) { return disk.numberAt(key).value_or(0) * scale; };
        const double bulkMs = disk.numberAt(u"Bulk sector transfer time").value_or(0);
        double hostRead = bulkMs, hostWrite = bulkMs;
        if (!found.instance.isEmpty()) {
            const DiskSimTopologyNode* parent = nullptr;
            doc->topologyNode(found.instance, &parent);
            const DiskSimValue* bus = parent ? doc->definitionOfInstance(parent->name) : nullptr;
            if (bus) {
                hostRead = std::max(hostRead, bus->numberAt(u"Read block transfer time").value_or(0));
                hostWrite = std::max(hostWrite, bus->numberAt(u"Write block transfer time").value_or(0));
            }
        }
        if (hostRead > 0) {
            QJsonObject host;
            host[QStringLiteral("readMsPerSector")] = hostRead;
            host[QStringLiteral("writeMsPerSector")] = hostWrite > 0 ? hostWrite : hostRead;
            auto pair = [&](const char* key, const QString& afterRead, const QString& afterWrite) {
                host[QLatin1String(key)] = QJsonArray { ms(afterRead), ms(afterWrite) };
            };
            pair("readHitMs", overheads[0], overheads[1]);
            pair("readMissMs", overheads[2], overheads[3]);
            pair("writeHitMs", overheads[4], overheads[5]);
            pair("writeMissMs", overheads[6], overheads[7]);
            host[QStringLiteral("readCompleteMs")] = ms(u"Read completion overhead");
            host[QStringLiteral("writeCompleteMs")] = ms(u"Write completion overhead");
            host[QStringLiteral("dataPrepMs")] = ms(u"Data preparation overhead");
            host[QStringLiteral("reselectMs")] = ms(u"First reselect overhead");
            pair("readDisconnectMs", QStringLiteral("Read disconnect afterread"), QStringLiteral("Read disconnect afterwrite"));
            host[QStringLiteral("writeDisconnectMs")] = ms(u"Write disconnect overhead");
            // How a command stops the prefetch (disk_buffer_stopable_access): at once without "Disconnect
            // write if seek", else after a seek under way and, without "Stop prefetch in sector", the sector.
            host[QStringLiteral("readAheadStop")] = disk.integerAt(u"Disconnect write if seek").value_or(1) == 0
                ? QStringLiteral("atOnce")
                : disk.integerAt(u"Stop prefetch in sector").value_or(1) != 0 ? QStringLiteral("inSector")
                                                                              : QStringLiteral("sectorEnd");
            host[QStringLiteral("minimumWriteSeekMs")] = disk.numberAt(u"Minimum seek delay").value_or(0);
            host[QStringLiteral("readAheadOnIdleHit")] = disk.integerAt(u"Read-ahead on idle hit").value_or(1) != 0;
            host[QStringLiteral("readHitsOnWriteData")] = disk.integerAt(u"Allow read hits on write data").value_or(1) != 0;
            const double water = disk.numberAt(u"High (read) water mark").value_or(0);
            host[QStringLiteral("readWatermark")] = std::clamp(water, 0.0, 1.0);
            if (disk.integerAt(u"Set watermark by reqsize").value_or(1) == 0 && water > 0)
                im.warn(*disk.find(u"Set watermark by reqsize"), u"Set watermark by reqsize",
                    QStringLiteral("0: the watermark is taken as a fraction of the request, not of the segment"));
            // Combine seq writes (BUFFER_APPEND) is modelled for fast (write-back) writes only.
            if (disk.integerAt(u"Combine seq writes").value_or(0) != 0
                && disk.integerAt(u"Fast write level").value_or(0) != 0)
                host[QStringLiteral("combineSeqWrites")] = true;
            if (disk.integerAt(u"Extra write disconnect").value_or(0) != 0) {
                host[QStringLiteral("extraWriteDisconnect")] = true;
                handled << QStringLiteral("Extra write disconnect");
            }
            o[QStringLiteral("host")] = host;
            handled << QStringLiteral("Time scale for overheads") << QStringLiteral("Read completion overhead")
                    << QStringLiteral("Write completion overhead") << QStringLiteral("Data preparation overhead")
                    << QStringLiteral("First reselect overhead") << QStringLiteral("High (read) water mark")
                    << QStringLiteral("Set watermark by reqsize") << QStringLiteral("Read disconnect afterread")
                    << QStringLiteral("Read disconnect afterwrite") << QStringLiteral("Write disconnect overhead")
                    << QStringLiteral("Stop prefetch in sector") << QStringLiteral("Minimum seek delay")
                    << QStringLiteral("Disconnect write if seek") << QStringLiteral("Read-ahead on idle hit")
                    << QStringLiteral("Allow read hits on write data") << QStringLiteral("Combine seq writes");
        }

        // Counts an int holds when given (#52: they were narrowed to int); absent, the cache is off.
        QString cacheError;
        const auto segments = disk.intOr(u"Number of buffer segments", 0, &cacheError);
        const auto segmentSectors = segments ? disk.intOr(u"Segment size (in blks)", 0, &cacheError) : std::nullopt;
        const auto readAhead = segmentSectors ? disk.intOr(u"Maximum read-ahead (blks)", 0, &cacheError) : std::nullopt;
        const auto fastWrite = readAhead ? disk.intOr(u"Fast write level", 0, &cacheError) : std::nullopt;
        const auto continuous = fastWrite ? disk.intOr(u"Buffer continuous read", 3, &cacheError) : std::nullopt;
        if (!continuous) {
            fail(error, cacheError);
            return false;
        }
        const bool caching = disk.integerAt(u"Enable caching in buffer").value_or(1) != 0;
        if (caching && segments && *segments > 0 && segmentSectors && *segmentSectors > 0) {
            if (perSectorMs <= 0) {
                im.warn(*disk.find(u"Number of buffer segments"), u"Number of buffer segments",
                    QStringLiteral("the cache is dropped: no per-sector transfer time for its hits"));
            } else {
                QJsonObject cache;
                cache[QStringLiteral("segments")] = int(*segments);
                cache[QStringLiteral("segmentSectors")] = int(*segmentSectors);
                int ra = int(readAhead.value_or(0));
                if (ra > *segmentSectors) {
                    im.warn(*disk.find(u"Maximum read-ahead (blks)"), u"Maximum read-ahead (blks)",
                        QStringLiteral("%1 sectors capped at the segment size %2").arg(ra).arg(*segmentSectors));
                    ra = int(*segmentSectors);
                }
                // Buffer continuous read (disksim_diskcache.c, disk_buffer_get_max_readahead): 0 none,
                // 3 up to the maximum read-ahead, 4 to the end of the next track; 1 and 2 (track or
                // cylinder end) are read as 3.
                const DiskSimValue* contValue = disk.find(u"Buffer continuous read");
                const int cont = *continuous;
                if (cont == 0)
                    ra = 0;
                else if (cont == 4)
                    cache[QStringLiteral("readAhead")] = QStringLiteral("nextTrack");
                else if (cont == 1)
                    cache[QStringLiteral("readAhead")] = QStringLiteral("trackEnd");
                else if (cont != 3 && contValue)
                    im.warn(*contValue, u"Buffer continuous read",
                        QStringLiteral("= %1 (to the end of the cylinder) is modelled as 3, up to 'Maximum read-ahead'")
                            .arg(cont));
                cache[QStringLiteral("readAheadSectors")] = ra;
                cache[QStringLiteral("writeCacheEnabled")] = fastWrite.value_or(0) > 0;
                o[QStringLiteral("cache")] = cache;
            }
        }
        im.warnUnhandled(disk, handled, QStringLiteral("not modelled"));
    }
    return true;
}

// The order DiskSim serves the disk's queue in: its device driver's (disksim_iodriver's Scheduler; the
// requests wait there, the validation files' disks taking one at a time, Max queue length = 1). Numbered
// as disksim_ioqueue.h: 1 FCFS, 2 ELEVATOR_LBN, 3 CYCLE_LBN (C-LOOK), 4 SSTF_LBN. Arrays of the preset
// order each member's queue so unless their spec says scheduler= (SimConfig::diskScheduler).
void importScheduler(const DiskSimDocument* doc, Importer& im, QJsonObject& o, QStringList& notes)
{
    if (const auto drivers = doc->blocksOfType(u"disksim_iodriver"); !drivers.empty()) {
        const DiskSimValue* queue = drivers.front()->blockAt(u"Scheduler", u"disksim_ioqueue");
        const DiskSimValue* policy = queue ? queue->find(u"Scheduling policy") : nullptr;
        if (policy && policy->isNumber()) {
            const int p = int(policy->number);
            const char* const ids[] = { nullptr, "fifo", "elevator", "clook", "sstf" };
            const char* const names[] = { nullptr, "FCFS", "ELEVATOR_LBN", "CYCLE_LBN, C-LOOK", "SSTF_LBN" };
            if (p >= 1 && p <= 4 && policy->integral) {
                o[QStringLiteral("scheduler")] = QString::fromLatin1(ids[p]);
                notes << QStringLiteral("Scheduling policy (%1): = %2 (%3): the driver's queue order; arrays of this "
                                        "disk order each member's queue scheduler=%4 unless their spec gives scheduler=")
                             .arg(policy->where())
                             .arg(p)
                             .arg(QString::fromLatin1(names[p]), QString::fromLatin1(ids[p]));
            } else {
                im.warn(*policy, u"Scheduling policy",
                    QStringLiteral("= %1 not modelled (known: 1 FCFS, 2 ELEVATOR_LBN, 3 CYCLE_LBN, 4 SSTF_LBN): arrays "
                                   "of this disk queue FIFO unless their spec gives scheduler=")
                        .arg(policy->text));
            }
        }
    }
}

} // namespace raidscope::disksim
