// SPDX-License-Identifier: GPL-3.0-or-later
// Minerva's inputs taken from the rest of the workbench: an array spec as an LU, a trace as a stream.
// Apart from minerva.cpp so that the model itself needs nothing but Qt Core and Eigen (its fuzz
// target links it alone).
#include "minerva.h"

#include "advisor/stripeadvisor.h"
#include "disk/diskparameters.h"
#include "disk/diskpreset.h"
#include "layout/arrayspec.h"
#include "trace/tracesummary.h"

#include <algorithm>

namespace raidscope {

std::optional<MinervaLu> minervaLuFromArray(const ArraySpec& spec, QString* error)
{
    MinervaLu lu;
    const int disks = spec.disks.value_or(0);
    const QString scheme = spec.scheme.toLower();
    if (scheme == u"raid5") {
        lu.type = MinervaLuType::Raid5;
    } else if (scheme == u"raid1" && disks == 2) {
        lu.type = MinervaLuType::Raid1;
    } else if (scheme == u"raid10" && spec.copies.value_or(2) == 2 && disks % 2 == 0) {
        lu.type = MinervaLuType::Raid10;
    } else {
        *error = QStringLiteral("Minerva models RAID 1/0 (raid10 with 2 copies on an even number of disks), RAID 1 of "
                                "2 disks and RAID 5; not %1 of %2 disks").arg(spec.scheme).arg(disks);
        return std::nullopt;
    }
    lu.size = disks;
    lu.stripeUnitSize = double(spec.chunkBytes);
    const DiskPreset* preset = findDiskPreset(spec.diskPreset);
    const auto params = preset ? parseDiskParameters(*preset, error) : std::nullopt;
    if (!params) {
        if (!preset)
            *error = QStringLiteral("unknown disk preset '%1'").arg(spec.diskPreset);
        return std::nullopt;
    }
    const DriveFigures f = driveFigures(*params);
    lu.meanPositionTime = f.positioningMs / 1000;
    lu.transferRate = f.transferBytesPerSec;
    return lu;
}

std::optional<MinervaStream> minervaStreamFromTrace(const TraceSummary& summary, QString* error)
{
    const std::uint64_t sized = summary.records - summary.zeroSize;
    const double seconds = summary.durationSeconds();
    if (sized == 0 || !(seconds > 0)) {
        *error = QStringLiteral("the trace has no sized requests over a length of time");
        return std::nullopt;
    }
    MinervaStream s;
    s.requestRate = double(summary.records) / seconds;
    s.requestSize = double(summary.bytesRead + summary.bytesWritten) / double(sized);
    s.readProbability = summary.records ? double(summary.reads) / double(summary.records) : 1;
    s.runCount = std::max(1.0, summary.runCount());
    return s;
}

} // namespace raidscope
