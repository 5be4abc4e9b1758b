// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <functional>
#include <optional>

namespace raidscope {

/// The threads a parallel job uses when none are given: QThread::idealThreadCount() (at least 1).
int defaultJobs();

/// The most threads a parallel job may be given: 4 per core (defaultJobs()), so that a typing error
/// or a script's `--jobs 10000` is refused instead of starting thousands of threads.
int maxJobs();

/// `jobs` itself when >= 1, else defaultJobs().
int resolveJobs(int jobs);

/// "--jobs N": an integer from 1 to maxJobs(); nullopt and a one-line error ("'x' is not a number of
/// threads (an integer >= 1)", "10000 threads is more than 8 (4 per core, 2 cores here)") otherwise.
std::optional<int> parseJobs(const QString& text, QString* error);

/// A small pool for independent tasks (sweep points, replay candidates, probe-eval arrays, trace
/// ranges): runs `task(i)` for every i in [0, count) on up to `jobs` threads (0: defaultJobs()), the
/// calling thread being one of them. Tasks start in ascending order of i. After each task ends,
/// `inOrder(j)` is called for every task j whose predecessors have all ended, in ascending order of j,
/// one call at a time (from whichever thread finished the task), so results can be collected,
/// printed or reported in the serial order while later tasks still run. Returns when every task has
/// ended. A task's exception is rethrown here after the others have ended (the first one in order).
/// With one job, everything runs on the calling thread, exactly as a plain loop would.
void parallelFor(int count, int jobs, const std::function<void(int)>& task,
                 const std::function<void(int)>& inOrder = {});

} // namespace raidscope
