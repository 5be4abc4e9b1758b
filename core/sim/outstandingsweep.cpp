// SPDX-License-Identifier: GPL-3.0-or-later
#include "outstandingsweep.h"

#include "arraysimulator.h"
#include "numberrange.h"
#include "parallel.h"
#include "requestfeed.h"

#include <QJsonArray>
#include <QScopeGuard>

#include <algorithm>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <stdexcept>

namespace raidscope {

QString defaultOutstandingList() { return QStringLiteral("1,2,4,8,16,32,64"); }

std::optional<std::vector<int>> parseOutstandingList(const QString& text, QString* error)
{
    std::vector<int> out;
    for (const QString& item : text.split(u',', Qt::SkipEmptyParts)) {
        const QString part = item.trimmed();
        if (part.isEmpty())
            continue;
        const auto v = parseIntegerInRange(part, 1, kMaxSweepOutstanding, nullptr);
        if (!v) {
            if (error)
                *error = QStringLiteral("'%1' is not a number of outstanding I/Os from 1 to %2")
                             .arg(part)
                             .arg(kMaxSweepOutstanding);
            return std::nullopt;
        }
        out.push_back(*v);
    }
    if (out.empty()) {
        if (error)
            *error = QStringLiteral("no values: give the outstanding I/Os to run, e.g. %1").arg(defaultOutstandingList());
        return std::nullopt;
    }
    return out;
}

std::optional<std::vector<int>> parseOutstandingSweep(const QString& text, QString* error)
{
    const qsizetype eq = text.indexOf(u'=');
    if (eq < 0 || text.left(eq).trimmed() != u"outstanding") {
        if (error)
            *error = QStringLiteral("only outstanding=N,N,... can be swept");
        return std::nullopt;
    }
    return parseOutstandingList(text.mid(eq + 1), error);
}

QJsonObject OutstandingSweepResult::toJson() const
{
    QJsonArray runs;
    for (const SimResult& r : points)
        runs.append(r.toJson());
    return toJson(arraySpec, workloadSpec, outstanding, runs);
}

QJsonObject OutstandingSweepResult::toJson(const QString& arraySpec, const QString& workloadSpec,
                                           const std::vector<int>& outstanding, const QJsonArray& points)
{
    QJsonArray values;
    for (int o : outstanding)
        values.append(o);
    return QJsonObject { { QStringLiteral("version"), 1 },
        { QStringLiteral("kind"), outstanding.empty() ? QStringLiteral("run") : QStringLiteral("sweep") },
        { QStringLiteral("array"), arraySpec }, { QStringLiteral("workload"), workloadSpec },
        { QStringLiteral("outstanding"), values }, { QStringLiteral("sweep"), points } };
}

namespace {

WorkloadSpec pointSpec(const WorkloadSpec& spec, const std::vector<int>& outstanding, std::size_t i)
{
    WorkloadSpec s = spec;
    if (!outstanding.empty()) {
        s.outstanding = outstanding[i];
        s.ratePerSec = 0;
    }
    return s;
}

// A thread with no point left to start helps a running point: it draws and plans that point's
// requests ahead of its simulation (RequestFeed::help(), some quarter of a point's work), so the
// last points do not run alone while other cores idle (7 points on 2 cores: 3.5 rounds, not 4).
class Helpers
{
public:
    explicit Helpers(std::size_t points)
        : m_offered(points)
        , m_running(points)
    {
    }

    // Point i runs with `feed`: one helper may take it.
    void offer(std::size_t i, std::shared_ptr<RequestFeed> feed)
    {
        const std::lock_guard<std::mutex> guard(m_lock);
        m_offered[i] = std::move(feed);
        m_changed.notify_all();
    }

    // Every point calls this once when it ends, however it ends.
    void ended(std::size_t i)
    {
        const std::lock_guard<std::mutex> guard(m_lock);
        m_offered[i].reset();
        --m_running;
        m_changed.notify_all();
    }

    // Helps one offered point after another, the first in order first, until every point has ended.
    void help()
    {
        std::unique_lock<std::mutex> lock(m_lock);
        while (m_running > 0) {
            const auto offered = std::find_if(m_offered.begin(), m_offered.end(), [](const auto& f) { return f != nullptr; });
            if (offered == m_offered.end()) {
                m_changed.wait(lock);
                continue;
            }
            // Shared: the point may end and drop it meanwhile; a closed feed's help() returns at once.
            const std::shared_ptr<RequestFeed> feed = std::move(*offered);
            lock.unlock();
            feed->help();
            lock.lock();
        }
    }

private:
    std::mutex m_lock;
    std::condition_variable m_changed;
    std::vector<std::shared_ptr<RequestFeed>> m_offered;
    std::size_t m_running;
};

// The points on up to `jobs` threads, one simulator each; reports and results in the serial order.
// The threads left after the last point has started help the running ones (Helpers).
void runParallel(OutstandingSweepResult& out, const ArraySimulator& simulator, const WorkloadSpec& spec,
                 std::stop_token stop, const Report<SweepSnapshot>& report, int jobs)
{
    const std::size_t n = out.outstanding.size();
    std::vector<SimResult> results(n);
    std::vector<char> complete(n, 0);
    std::mutex lock; // guards `first`, `waiting` and the calls of `report`
    std::size_t first = 0; // the first point not yet reported done
    // A later point's last progress, reported when the points before it are done.
    std::vector<std::shared_ptr<const SimSnapshot>> waiting(n);
    const auto reportProgress = [&](std::size_t i, const SimSnapshot& snapshot) {
        report(std::make_shared<const SweepSnapshot>(SweepSnapshot {
            (double(i) + snapshot.fraction) / double(n), int(i), int(n), false, snapshot.partial }));
    };
    Helpers helpers(n);
    const int helperTasks = resolveJobs(jobs) - 1;
    parallelFor(int(n) + helperTasks, jobs,
        [&](int task) {
            if (task >= int(n))
                return helpers.help();
            const auto i = std::size_t(task);
            std::unique_ptr<ArraySimulator> sim;
            std::shared_ptr<RequestFeed> feed;
            const auto ended = qScopeGuard([&] { // before the sim goes: no helper draws for it after this
                helpers.ended(i);
                if (feed)
                    feed->close();
            });
            if (stop.stop_requested())
                return;
            QString error;
            sim = ArraySimulator::create(simulator.arraySpec(), &error);
            if (!sim)
                throw std::runtime_error(error.toStdString()); // the spec came from a simulator: cannot happen
            feed = std::make_shared<RequestFeed>(*sim, pointSpec(spec, out.outstanding, i));
            helpers.offer(i, feed);
            Report<SimSnapshot> inner;
            if (report)
                inner = [&, i](std::shared_ptr<const SimSnapshot> snapshot) {
                    const std::lock_guard<std::mutex> guard(lock);
                    if (stop.stop_requested())
                        return;
                    if (i == first)
                        reportProgress(i, *snapshot);
                    else
                        waiting[i] = std::move(snapshot);
                };
            results[i] = sim->run(*feed, stop, inner);
            complete[i] = !stop.stop_requested();
        },
        [&](int task) {
            const auto i = std::size_t(task);
            if (i >= n)
                return;
            const std::lock_guard<std::mutex> guard(lock);
            if (!complete[i] || stop.stop_requested() || first != i)
                return;
            if (report && waiting[i]) {
                reportProgress(i, *waiting[i]);
                waiting[i].reset();
                if (stop.stop_requested()) // asked on seeing that progress: as if it came before the end
                    return;
            }
            if (report) // a stop asked from this report keeps the point, as in the serial loop
                report(std::make_shared<const SweepSnapshot>(
                    SweepSnapshot { double(i + 1) / double(n), int(i), int(n), true, results[i] }));
            out.points.push_back(std::move(results[i]));
            first = i + 1;
        });
}

} // namespace

OutstandingSweepResult runOutstandingSweep(ArraySimulator& simulator, const WorkloadSpec& spec,
                                           const std::vector<int>& outstanding, std::stop_token stop,
                                           const Report<SweepSnapshot>& report, int jobs)
{
    OutstandingSweepResult out { simulator.arraySpec(), spec.toText(), outstanding, {}, false };
    const std::size_t n = std::max<std::size_t>(1, outstanding.size());
    if (n > 1 && resolveJobs(jobs) > 1) {
        runParallel(out, simulator, spec, stop, report, jobs);
        out.cancelled = out.points.size() < n;
        return out;
    }
    for (std::size_t i = 0; i < n; ++i) {
        if (stop.stop_requested())
            break;
        const WorkloadSpec s = pointSpec(spec, outstanding, i);
        // The simulator's own reports (throttled) move the sweep's progress within the point.
        Report<SimSnapshot> inner;
        if (report)
            inner = [&](std::shared_ptr<const SimSnapshot> snapshot) {
                report(std::make_shared<const SweepSnapshot>(SweepSnapshot {
                    (double(i) + snapshot->fraction) / double(n), int(i), int(n), false, snapshot->partial }));
            };
        SimResult r = simulator.run(s, stop, inner);
        if (stop.stop_requested())
            break;
        if (report)
            report(std::make_shared<const SweepSnapshot>(
                SweepSnapshot { double(i + 1) / double(n), int(i), int(n), true, r }));
        out.points.push_back(std::move(r));
    }
    out.cancelled = out.points.size() < n;
    return out;
}

} // namespace raidscope
