// SPDX-License-Identifier: GPL-3.0-or-later
#include "stoponsignal.h"

#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <unistd.h>

namespace raidscope::cli {

StopOnSignal::StopOnSignal(std::stop_source source, const char* stopping)
    : m_source(std::move(source))
    , m_stopping(stopping)
{
    if (::pipe2(s_pipe, O_CLOEXEC) != 0)
        return; // no stop on signal then; the default actions stay
    ::fcntl(s_pipe[1], F_SETFL, O_NONBLOCK); // a full pipe drops the byte rather than block the handler
    m_watcher = std::thread([this] { watch(); });
    struct sigaction action
    {
    };
    action.sa_handler = &StopOnSignal::handle;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    ::sigaction(SIGINT, &action, &m_oldInt);
    ::sigaction(SIGTERM, &action, &m_oldTerm);
    m_installed = true;
}

StopOnSignal::~StopOnSignal()
{
    if (!m_installed)
        return;
    ::sigaction(SIGINT, &m_oldInt, nullptr);
    ::sigaction(SIGTERM, &m_oldTerm, nullptr);
    const unsigned char quit = 0;
    while (::write(s_pipe[1], &quit, 1) < 0 && errno == EINTR) { }
    m_watcher.join();
    ::close(s_pipe[0]);
    ::close(s_pipe[1]);
    s_pipe[0] = s_pipe[1] = -1;
}

void StopOnSignal::handle(int signo)
{
    const int saved = errno;
    const unsigned char byte = static_cast<unsigned char>(signo);
    [[maybe_unused]] const ssize_t n = ::write(s_pipe[1], &byte, 1);
    errno = saved;
}

void StopOnSignal::watch()
{
    unsigned char byte = 0;
    while (true) {
        const ssize_t n = ::read(s_pipe[0], &byte, 1);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0 || byte == 0)
            return;
        int expected = 0;
        if (m_signal.compare_exchange_strong(expected, int(byte))) {
            std::fprintf(stderr, "\nraidscope-cli: %s: %s\n", byte == SIGINT ? "SIGINT" : "SIGTERM", m_stopping);
            m_source.request_stop();
        } else {
            std::fprintf(stderr, "raidscope-cli: already stopping; waiting for the safe point\n");
        }
    }
}

} // namespace raidscope::cli
