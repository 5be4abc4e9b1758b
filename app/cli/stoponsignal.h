// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <atomic>
#include <csignal>
#include <stop_token>
#include <thread>

namespace raidscope::cli {

// SIGINT and SIGTERM stop a command at its next safe point: the probe's device target issues nothing
// new and finishes every safe write it has begun (the read and its write-back), so the array's bytes
// are left as they were; an export cancels its output file, so nothing half-written is left. The
// handler only writes the signal number to a pipe (async-signal-safe); a watcher thread turns the
// first one into request_stop(). Later signals are swallowed until the command returns, so a second
// Ctrl-C cannot end the process between a read and its write-back. The handlers are installed even
// when the signals came in ignored (a shell's background job): a stop is always safe, and a command
// that cannot be stopped is worse. One at a time.
class StopOnSignal
{
public:
    /// `stopping`: what the first signal prints after "raidscope-cli: SIGINT: ".
    StopOnSignal(std::stop_source source, const char* stopping);
    ~StopOnSignal();
    StopOnSignal(const StopOnSignal&) = delete;
    StopOnSignal& operator=(const StopOnSignal&) = delete;

    /// The first signal that asked for a stop, 0 when none did.
    int signal() const { return m_signal.load(); }

private:
    static void handle(int signo);
    void watch();

    static inline int s_pipe[2] = { -1, -1 };
    std::stop_source m_source;
    const char* m_stopping;
    std::atomic<int> m_signal { 0 };
    struct sigaction m_oldInt
    {
    };
    struct sigaction m_oldTerm
    {
    };
    std::thread m_watcher;
    bool m_installed = false;
};

} // namespace raidscope::cli
