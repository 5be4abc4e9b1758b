// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Work that outgrows one machine (docs/DESIGN.md, "Beyond one machine"): a command given
// `--shard I/N` runs only its share of independent tasks (task k belongs to shard k mod N + 1) and
// prints a partial JSON; `raidscope-cli merge PARTIAL...` checks the partials belong together and
// prints exactly what the unsharded command prints.

#include <QJsonArray>
#include <QJsonObject>
#include <QString>

#include <optional>
#include <vector>

namespace raidscope::cli {

class CliArgs;

struct Shard
{
    int index = 0; ///< 0-based (the command line's I is 1-based)
    int count = 1;
    bool given = false; ///< --shard was on the command line
    bool owns(int task) const { return task % count == index; }
};

/// Registers --shard on a command's options.
void addShardOption(CliArgs& a);
/// --shard I/N (1 <= I <= N <= kMaxShards), or an unsharded Shard when not given; nullopt and an
/// error naming the option otherwise.
std::optional<Shard> parseShard(const CliArgs& a, QString* error);
inline constexpr int kMaxShards = 100000;

/// A partial: {"raidscopePartial": 1, "command", "shard": I, "shards": N, "tasks", "request",
/// "items": [{"index": k, ...}]}. `request` is everything that must agree between the shards of one
/// run (the command's inputs and output options).
QJsonObject partialJson(const QString& command, const Shard& shard, int tasks, const QJsonObject& request,
                        const QJsonArray& items);
/// Prints a partial on stdout.
void outPartial(const QJsonObject& partial);

/// Partials of one run, checked and put together.
struct MergedPartials
{
    QString command;
    QJsonObject request;
    std::vector<QJsonObject> items; ///< by index, one per task
    std::vector<QJsonObject> partials; ///< in shard order
};

/// Partials of one run as read: the file each came from and its object, in command-line order.
struct PartialFile
{
    QString path;
    QJsonObject json;
};

/// Checks partial files are the N shards of one run of one command, each once, with every task
/// present once. nullopt and an error naming the file and what is wrong otherwise.
std::optional<MergedPartials> mergeShards(const std::vector<PartialFile>& partials, QString* error);

// What each command prints from merged partials: exactly what its unsharded run prints.
int printMergedSweep(const MergedPartials& m);
int printMergedReplay(const MergedPartials& m);
int printMergedProbeEval(const MergedPartials& m);
/// `trace summarize --partial` parts: merged in file and byte order.
int printMergedSummaries(const std::vector<PartialFile>& partials);

} // namespace raidscope::cli
