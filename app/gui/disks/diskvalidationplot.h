// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "widgets/liveplot.h"

#include <optional>

namespace raidscope {
struct DiskValidation;
}

namespace raidscope::gui {

/// DiskSim 4.0's own demerit (ms) for one of the five drives of its validation suite: `binnedMs` as
/// its `rms` prints it from binned histograms (shared/disksim-validation's README, which agrees with
/// DiskSim's runvalid script to 0.001 ms: Cheetah 9LP 0.107, IBM 18ES 0.136, Atlas III 0.378, HP
/// C2247A 0.089, HP C3323A 0.305), and `exactMs` computed as core computes ours (sorted, paired
/// request by request) on DiskSim's per-request times, its unrecorded last request left out (the
/// project README's table).
struct DiskSimDemerit
{
    double binnedMs = 0;
    double exactMs = 0;
};
/// By the base name of the drive's .parv ("cheetah9LP"); nullopt for any other drive.
std::optional<DiskSimDemerit> disksimDemeritMs(const QString& parvBaseName);

/// A validation run (core/disk/diskvalidate.h): the simulated and the measured access-time
/// distributions as CDFs on one axis, titled with the demerit (and DiskSim's for the drive when
/// known) and the two means.
class DiskValidationPlot : public LivePlot
{
    Q_OBJECT
public:
    explicit DiskValidationPlot(QWidget* parent = nullptr);

    /// `disksim`: DiskSim's demerits for the drive, when known; `drive` names it in the subtitle.
    void setValidation(const DiskValidation& v, const QString& drive, std::optional<DiskSimDemerit> disksim);
    void clear(const QString& note);
    QCPGraph* simulatedGraph() const { return m_simulated; }
    QCPGraph* measuredGraph() const { return m_measured; }
    QString titleText() const;

protected:
    void rescale() override;

private:
    QCPGraph* m_simulated = nullptr;
    QCPGraph* m_measured = nullptr;
    double m_maxMs = 0;
    QString m_title;
};

} // namespace raidscope::gui
