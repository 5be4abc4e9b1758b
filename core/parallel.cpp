// SPDX-License-Identifier: GPL-3.0-or-later
#include "parallel.h"

#include "numberrange.h"

#include <QThread>

#include <algorithm>
#include <atomic>
#include <exception>
#include <limits>
#include <mutex>
#include <thread>
#include <vector>

namespace raidscope {

int defaultJobs()
{
    return std::max(1, QThread::idealThreadCount());
}

int maxJobs()
{
    return 4 * defaultJobs();
}

int resolveJobs(int jobs)
{
    return jobs >= 1 ? jobs : defaultJobs();
}

std::optional<int> parseJobs(const QString& text, QString* error)
{
    const auto parsed = parseIntegerInRange(text, 1, std::numeric_limits<int>::max(), nullptr);
    const int n = parsed.value_or(0);
    if (!parsed) {
        if (error)
            *error = QStringLiteral("'%1' is not a number of threads (an integer >= 1)").arg(text);
        return std::nullopt;
    }
    if (n > maxJobs()) { // --jobs 10000 would start 10,000 threads, and abort under an address-space limit
        if (error)
            *error = QStringLiteral("%1 threads is more than %2 (4 per core, %3 cores here)")
                         .arg(text.trimmed())
                         .arg(maxJobs())
                         .arg(defaultJobs());
        return std::nullopt;
    }
    return n;
}

void parallelFor(int count, int jobs, const std::function<void(int)>& task, const std::function<void(int)>& inOrder)
{
    if (count <= 0)
        return;
    const int threads = std::min(resolveJobs(jobs), count);
    if (threads == 1) {
        for (int i = 0; i < count; ++i) {
            task(i);
            if (inOrder)
                inOrder(i);
        }
        return;
    }
    std::atomic<int> next { 0 };
    std::mutex lock; // guards finished, announced, errors and the inOrder calls
    std::vector<char> finished(std::size_t(count), char(0));
    std::vector<std::exception_ptr> errors { std::size_t(count), std::exception_ptr {} };
    int announced = 0;
    const auto work = [&] {
        for (;;) {
            const int i = next.fetch_add(1);
            if (i >= count)
                return;
            std::exception_ptr error;
            try {
                task(i);
            } catch (...) {
                error = std::current_exception();
            }
            const std::lock_guard<std::mutex> guard(lock);
            finished[std::size_t(i)] = 1;
            errors[std::size_t(i)] = error;
            while (announced < count && finished[std::size_t(announced)]) {
                if (inOrder && !errors[std::size_t(announced)]) {
                    try {
                        inOrder(announced);
                    } catch (...) {
                        errors[std::size_t(announced)] = std::current_exception();
                    }
                }
                ++announced;
            }
        }
    };
    {
        std::vector<std::jthread> pool;
        pool.reserve(std::size_t(threads - 1));
        for (int t = 1; t < threads; ++t)
            pool.emplace_back(work);
        work();
    } // the jthreads join here
    for (const std::exception_ptr& e : errors)
        if (e)
            std::rethrow_exception(e);
}

} // namespace raidscope
