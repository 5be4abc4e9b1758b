// SPDX-License-Identifier: GPL-3.0-or-later
#include "jobrunner.h"

namespace raidscope::gui {

JobRunner::JobRunner(QObject* parent)
    : QObject(parent)
{ }

// Stops the job without runningChanged(): whoever listens may be half destroyed by now (the runner
// is a child of its page, deleted after the page's and its window's own destructors have run).
JobRunner::~JobRunner() { stopWorker(); }

void JobRunner::cancel()
{
    stopWorker();
    setRunning(false);
}

void JobRunner::stopWorker()
{
    ++m_generation; // whatever the old job has queued is now stale
    m_worker = {}; // std::jthread: request_stop() and join() the old thread
}

void JobRunner::setRunning(bool running)
{
    if (running == m_running)
        return;
    m_running = running;
    Q_EMIT runningChanged(running);
}

} // namespace raidscope::gui
