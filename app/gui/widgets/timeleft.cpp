// SPDX-License-Identifier: GPL-3.0-or-later
#include "timeleft.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace raidscope::gui {

void TimeLeftEstimate::start(Clock::time_point now)
{
    m_started = true;
    m_jobStart = now;
    m_phase.assign(1, Point { now, 0.0 });
}

void TimeLeftEstimate::sample(Clock::time_point now, double fraction)
{
    if (!m_started)
        start(now);
    fraction = std::isfinite(fraction) ? std::clamp(fraction, 0.0, 1.0) : 0.0;
    now = std::max(now, m_phase.back().at); // a steady clock, but never trust a caller's to be
    if (fraction < m_phase.back().fraction - kPhaseDrop) { // the job went back to 0 for its next phase
        m_phase.assign(1, Point { now, fraction });
        return;
    }
    fraction = std::max(fraction, m_phase.back().fraction); // rounding (done / total recomputed) is no phase
    const std::size_t n = m_phase.size();
    if (fraction == m_phase.back().fraction && n >= 2 && m_phase[n - 2].fraction == fraction)
        m_phase.back().at = now; // a flat stretch: its end moves on, so a stall is not smeared over later progress
    else
        m_phase.push_back(Point { now, fraction });
    // Keep what the window may still reach back to: it only ever grows (kWindowShare of a growing
    // phase) or slides forward, so a report older than the one before the window's start is dead.
    const Seconds phase = now - m_phase.front().at;
    const auto windowStart = now - std::chrono::duration_cast<Clock::duration>(std::max(kMinWindow, kWindowShare * phase));
    auto firstNeeded = std::upper_bound(m_phase.begin() + 1, m_phase.end(), windowStart,
        [](Clock::time_point t, const Point& p) { return t < p.at; });
    if (firstNeeded - m_phase.begin() > 2)
        m_phase.erase(m_phase.begin() + 1, firstNeeded - 1);
}

TimeLeftEstimate::Seconds TimeLeftEstimate::elapsed(Clock::time_point now) const
{
    return m_started ? std::max(Seconds(now - m_jobStart), Seconds(0)) : Seconds(0);
}

double TimeLeftEstimate::fractionAt(Clock::time_point t) const
{
    auto after = std::upper_bound(m_phase.begin(), m_phase.end(), t, [](Clock::time_point x, const Point& p) { return x < p.at; });
    if (after == m_phase.begin())
        return m_phase.front().fraction;
    if (after == m_phase.end())
        return m_phase.back().fraction;
    const Point& a = *(after - 1);
    const Point& b = *after;
    const double share = Seconds(t - a.at) / Seconds(b.at - a.at);
    return a.fraction + share * (b.fraction - a.fraction);
}

std::optional<TimeLeftEstimate::Seconds> TimeLeftEstimate::left(Clock::time_point now) const
{
    if (!m_started)
        return std::nullopt;
    const Point& first = m_phase.front();
    const double fraction = m_phase.back().fraction;
    now = std::max(now, m_phase.back().at);
    const Seconds phase = now - first.at;
    const double done = fraction - first.fraction;
    if (phase < kMinElapsed || done < kMinProgress)
        return std::nullopt;
    if (fraction >= 1.0)
        return Seconds(0);
    const double overallRate = done / phase.count();
    const Seconds window = std::min(phase, std::max(kMinWindow, kWindowShare * phase));
    const double recentRate = (fraction - fractionAt(now - std::chrono::duration_cast<Clock::duration>(window))) / window.count();
    const double rate = (overallRate + recentRate) / 2; // > 0: overallRate is
    return Seconds((1.0 - fraction) / rate);
}

QString formatDuration(TimeLeftEstimate::Seconds duration, bool coarse)
{
    const auto tr = [](const char* text) { return QCoreApplication::translate("JobBar", text); };
    double s = std::max(duration.count(), 0.0);
    if (coarse) {
        if (s > 48 * 3600.0)
            return tr("more than 2 days");
        s = s < 60 ? std::max(5.0, std::ceil(s / 5) * 5) : s < 600 ? std::round(s / 10) * 10 : std::round(s / 60) * 60;
    } else {
        s = std::floor(s);
    }
    const qint64 total = qint64(s);
    const qint64 h = total / 3600, min = total % 3600 / 60, sec = total % 60;
    if (h > 0)
        return min > 0 ? tr("%1 h %2 min").arg(h).arg(min) : tr("%1 h").arg(h);
    if (min > 0)
        return sec > 0 ? tr("%1 min %2 s").arg(min).arg(sec) : tr("%1 min").arg(min);
    return tr("%1 s").arg(sec);
}

} // namespace raidscope::gui
