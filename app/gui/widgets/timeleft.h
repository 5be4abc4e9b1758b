// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <chrono>
#include <optional>
#include <vector>

namespace raidscope::gui {

/// How long a running job has left, from how its fraction done grows over a steady clock (#54): the
/// rate is the mean of the job's whole rate and its rate over a recent window, both measured up to
/// now, so one jumpy report does not swing it, a change of pace shows within the window, and a
/// stalled fraction makes the estimate grow instead of freezing. No estimate before kMinElapsed and
/// kMinProgress; a fraction that falls (a job starting its next phase over at 0) starts a new phase.
class TimeLeftEstimate
{
public:
    using Clock = std::chrono::steady_clock;
    using Seconds = std::chrono::duration<double>;

    static constexpr Seconds kMinElapsed { 3.0 }; ///< no estimate in the phase's first seconds
    static constexpr double kMinProgress = 0.03; ///< nor before 3 % of it is done
    static constexpr Seconds kMinWindow { 20.0 }; ///< the recent window: at least this long,
    static constexpr double kWindowShare = 0.25; ///< or this share of the phase, if longer
    static constexpr double kPhaseDrop = 0.01; ///< a fraction falling by more starts a new phase

    /// A job starts now, at fraction 0.
    void start(Clock::time_point now);
    /// The job reported `fraction` (clamped to 0..1) at `now`.
    void sample(Clock::time_point now, double fraction);

    bool started() const { return m_started; }
    Seconds elapsed(Clock::time_point now) const;
    /// The time left, never negative; nothing while there is too little to go on.
    std::optional<Seconds> left(Clock::time_point now) const;

private:
    struct Point
    {
        Clock::time_point at;
        double fraction = 0;
    };
    /// The fraction at `t`, linear between reports, the last one after it.
    double fractionAt(Clock::time_point t) const;

    bool m_started = false;
    Clock::time_point m_jobStart;
    std::vector<Point> m_phase; ///< the phase's reports, oldest first; [0] is its start
};

/// "45 s", "1 min 10 s", "12 min", "1 h 5 min"; `coarse` (for a time left) rounds up to 5 s under a
/// minute, to 10 s under ten minutes and to the minute above, and says "more than 2 days" past that.
QString formatDuration(TimeLeftEstimate::Seconds duration, bool coarse);

} // namespace raidscope::gui
