// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QString>

#include <cstdint>
#include <optional>
#include <vector>

namespace raidscope {

class DiskModel;

/// One request of a DiskSim validation trace (shared/disksim-validation/README.md): R|W, the drive's
/// buffer action (informational), first sector, size in 512-byte sectors, the measured access time
/// and the gap between this request's completion and the next one's arrival (a closed loop).
struct ValidationRequest
{
    bool write = false;
    std::uint64_t sector = 0;
    std::uint32_t sectors = 0;
    double measuredMs = 0;
    double gapMs = 0;
};
/// The trace's requests; nullopt and "file:line: what" for a malformed line.
std::optional<std::vector<ValidationRequest>> readValidationTrace(const QString& path, QString* error);

/// Ruemmler and Wilkes' demerit as DiskSim reports it: the root mean square of the horizontal
/// distance between two access-time distributions. Computed here per request, exactly: both sorted,
/// the i-th of each paired (DiskSim bins its histograms, so its figure differs a little). The two
/// must be the same size.
double demeritMs(std::vector<double> simulated, std::vector<double> measured);

/// The demerit as DiskSim 4.0 computes its own figure: both distributions binned as its statdefs bin
/// "Physical access time" (whole microseconds, truncated; 1750 buckets from 0, each 1 us plus 1 % of its start
/// wider than the one before: disksim_stat.c, stat_update), printed as cumulative fractions rounded to six
/// decimals (stat_print_large_dist), and compared as its rms does (src/rms.c): at every 0.0001 of the
/// cumulative fraction the two curves' interpolated times, root mean square of the differences. DiskSim
/// does not record a validation trace's last request, so both are passed without it. NaN when either is empty.
double disksimBinnedDemeritMs(const std::vector<double>& simulated, const std::vector<double>& measured);

struct DiskValidation
{
    std::vector<double> simulatedMs; ///< per request, in trace order
    std::vector<double> measuredMs;
    double demeritMs = 0;
    double binnedDemeritMs = 0; ///< disksimBinnedDemeritMs() without the last request, as DiskSim's figure
    double simulatedMeanMs = 0, measuredMeanMs = 0;
};
/// Replays the trace as DiskSim does: one request at a time, each issued the trace's gap after the
/// previous one completed; a request's access time is its completion less its arrival. Requests past
/// the disk's last sector are refused (nullopt and why).
std::optional<DiskValidation> validateDisk(DiskModel& disk, const std::vector<ValidationRequest>& trace, QString* error);
QJsonObject diskValidationJson(const DiskValidation& v, bool perRequest);

} // namespace raidscope
