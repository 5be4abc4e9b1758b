// SPDX-License-Identifier: GPL-3.0-or-later
#include "stagetracker.h"

#include <algorithm>

namespace raidscope {

StageTracker::StageTracker(bool failedAtStart)
{
    enter(failedAtStart ? "degraded" : "healthy", 0);
}

bool StageTracker::in(const char* name) const
{
    return m_stages.back().name == QLatin1String(name);
}

void StageTracker::touch(std::int64_t nowNs)
{
    m_stages.back().inSystemNsIntegral += double(m_inSystem) * double(nowNs - m_changeNs);
    m_changeNs = nowNs;
}

void StageTracker::enter(const char* name, std::int64_t nowNs)
{
    if (!m_stages.empty()) {
        touch(nowNs);
        StageResult& last = m_stages.back();
        last.endNs = double(nowNs);
        if (last.name == u"healthy" && m_reference < 0 && last.durationNs() > 0)
            m_reference = last.meanInSystem();
        if (last.durationNs() <= 0 && last.requests == 0)
            m_stages.pop_back(); // an empty stage, e.g. "degraded" with rebuild.delay=0
    }
    StageResult s;
    s.name = QString::fromLatin1(name);
    s.startNs = double(nowNs);
    s.endNs = double(nowNs);
    m_stages.push_back(std::move(s));
    m_changeNs = nowNs;
}

void StageTracker::issued(std::int64_t nowNs)
{
    touch(nowNs);
    ++m_inSystem;
}

void StageTracker::completed(std::int64_t nowNs, std::int64_t responseNs)
{
    touch(nowNs);
    --m_inSystem;
    StageResult& s = m_stages.back();
    ++s.requests;
    s.responseMs.add(double(responseNs) * 1e-6);
    s.responseNs.add(std::uint64_t(responseNs));
    m_timeline.add(double(nowNs), double(responseNs) * 1e-6);
    checkRecovered(nowNs);
}

void StageTracker::checkRecovered(std::int64_t nowNs)
{
    if (in("recovering") && double(m_inSystem) <= std::max({ 0.0, m_reference, double(m_closedLoop) }))
        enter("healthy-after", nowNs);
}

void StageTracker::memberFailed(std::int64_t nowNs)
{
    if (in("healthy") || in("recovering") || in("healthy-after"))
        enter("degraded", nowNs);
}

void StageTracker::rebuildStarted(std::int64_t nowNs)
{
    if (in("degraded"))
        enter("reconstruction", nowNs);
}

void StageTracker::allRebuilt(std::int64_t nowNs)
{
    if (in("reconstruction")) {
        enter("recovering", nowNs);
        checkRecovered(nowNs);
    }
}

void StageTracker::rebuildBytes(std::int64_t nowNs, std::uint64_t bytes)
{
    m_timeline.at(double(nowNs)).rebuildBytes += bytes;
}

void StageTracker::fill(SimResult& out, double endNs) const
{
    out.stages = m_stages;
    StageResult& last = out.stages.back();
    last.endNs = std::max(last.startNs, endNs);
    last.inSystemNsIntegral += double(m_inSystem) * std::max(0.0, endNs - double(m_changeNs));
    if (out.stages.size() > 1 && last.durationNs() <= 0 && last.requests == 0)
        out.stages.pop_back(); // entered as the run ended, e.g. "healthy-after" with the queue already empty
    out.timeline = m_timeline;
    if (endNs > 0)
        out.timeline.at(endNs - 1); // bins up to the run's end, the idle ones too
}

} // namespace raidscope
