// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QMetaObject>
#include <QObject>

#include <memory>
#include <stop_token>
#include <thread>
#include <utility>

namespace raidscope::gui {

/// Runs one long core job at a time on a worker thread for a page (STYLE.md §4, after hotspot's
/// JobTracker). The job reports immutable snapshots; each one, and the result, is queued to the GUI
/// thread and delivered only while the job is still the current one: start() and cancel() bump a
/// generation counter, so a superseded job's snapshots and result are dropped, never shown.
/// No processEvents(): the GUI thread only ever receives queued calls.
class JobRunner : public QObject
{
    Q_OBJECT
public:
    explicit JobRunner(QObject* parent = nullptr);
    ~JobRunner() override;

    /// `work(std::stop_token, report)` runs on the worker thread and returns the result; it calls
    /// `report(std::shared_ptr<const Snapshot>)` as often as it likes (core throttles). On the GUI
    /// thread: `onSnapshot(const Snapshot&)` per report, then `onDone(Result)` unless cancelled.
    /// Supersedes (cancels and joins) the job running now.
    template <typename Work, typename OnSnapshot, typename OnDone>
    void start(Work work, OnSnapshot onSnapshot, OnDone onDone)
    {
        stopWorker();
        setRunning(true);
        auto post = [this, generation = m_generation](auto fn) { // to the GUI thread, unless stale
            QMetaObject::invokeMethod(
                this,
                [this, generation, fn = std::move(fn)]() mutable {
                    if (generation == m_generation)
                        fn();
                },
                Qt::QueuedConnection);
        };
        m_worker = std::jthread([this, post, onSnapshot = std::move(onSnapshot), onDone = std::move(onDone),
                                    work = std::move(work)](std::stop_token stop) mutable {
            auto result = work(stop, [&](auto snapshot) { post([onSnapshot, snapshot] { onSnapshot(*snapshot); }); });
            if (!stop.stop_requested()) // queued after every snapshot of this job
                post([this, onDone, result = std::move(result)]() mutable {
                    setRunning(false);
                    onDone(std::move(result)); // may start the next job
                });
        });
        ++m_started;
    }

    /// Stops the current job (its stop token is requested) and waits for its thread; nothing it
    /// reported after this call is delivered. Returns at once when nothing runs.
    void cancel();

    bool isRunning() const { return m_running; }
    /// Bumped by start() and cancel(); results of an older generation are dropped.
    quint64 generation() const { return m_generation; }
    /// Jobs started so far (for tests and diagnostics).
    quint64 startedJobs() const { return m_started; }

Q_SIGNALS:
    void runningChanged(bool running);

private:
    void stopWorker();
    void setRunning(bool running);

    std::jthread m_worker;
    quint64 m_generation = 0; ///< read and written on the GUI thread only
    quint64 m_started = 0;
    bool m_running = false;
};

} // namespace raidscope::gui
