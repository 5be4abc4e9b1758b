#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# cli:cluster — the sharded runs of packaging/cluster, on this machine with GNU parallel: each merged
# result must equal the run without shards byte for byte (simulate --sweep, trace replay, probe-eval,
# trace summarize in byte ranges), and merge must refuse partials that do not make one whole run.
#   cluster.sh RAIDSCOPE_CLI DATA_DIR PACKAGING_DIR WORK_DIR
set -uo pipefail
cli=$1 data=$2 pack=$3 work=$4
rm -rf "$work"
mkdir -p "$work"
failures=0
bad() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
command -v parallel >/dev/null || { echo "FAIL: GNU parallel is not installed (scripts/setup.sh installs it)" >&2; exit 1; }
export PARALLEL_HOME=$work/parallel-home # no citation notice, no state in the user's home
mkdir -p "$PARALLEL_HOME" && touch "$PARALLEL_HOME/will-cite"

# same NAME N -- ARGS...: run-parallel.sh with N shards prints what ARGS prints.
same() {
    local name=$1 n=$2
    shift 3
    "$cli" "$@" >"$work/$name.single" 2>"$work/$name.err" || { bad "$name: the single run failed: $(cat "$work/$name.err")"; return; }
    "$pack/run-parallel.sh" -j 2 -o "$work/$name.parts" "$n" -- "$cli" "$@" >"$work/$name.merged" 2>"$work/$name.err" \
        || { bad "$name: the sharded run failed: $(cat "$work/$name.err")"; return; }
    [[ -s $work/$name.single ]] || bad "$name: no output"
    cmp -s "$work/$name.single" "$work/$name.merged" || bad "$name: merged output differs ($work/$name.single, .merged)"
    local parts
    parts=$(ls "$work/$name.parts" | grep -c '^part-[0-9]*\.json$')
    [[ $parts == "$n" ]] || bad "$name: $parts partials for $n shards"
}

msr=$data/golden/replay_msr.csv
same sweep 3 -- simulate --array "raid5 disks=4 chunk=16KiB" \
    --workload "random read=0.7 size=4KiB:60,64KiB:40 count=1500 seed=7" --sweep outstanding=1,2,4,8,16,32,64 --json
same sweep-text 2 -- simulate --array "raid10 disks=4 chunk=32KiB" --workload "random count=1000 seed=3" --sweep outstanding=1,4,16
# More shards than candidates: the empty shard writes an empty partial.
same replay 4 -- trace replay "$msr" --array "raid5 disks=4 chunk=16KiB" --array "raid10 disks=4 chunk=64KiB" \
    --array "raid0 disks=3 chunk=32KiB" --slow-ms 20 --json
same replay-text 2 -- trace replay "$msr" --array "raid5 disks=4 chunk=16KiB" --array "raid5 disks=1" --slow-ms 20
same probe-eval 3 -- probe-eval --count 5 --seed 19 --max-disks 6 --json
same probe-eval-text 2 -- probe-eval --count 4 --seed 23 --max-disks 6 --slow --verbose

# trace summarize in byte ranges that cut lines in the middle; with skipped lines numbered in the file.
for n in 1 3 7; do
    "$cli" trace summarize "$msr" --json >"$work/sum.single"
    "$pack/summarize-parallel.sh" -c "$cli" -j 2 "$n" "$msr" -- --json >"$work/sum-$n.merged" 2>"$work/sum.err" \
        || bad "summarize in $n ranges failed: $(cat "$work/sum.err")"
    cmp -s "$work/sum.single" "$work/sum-$n.merged" || bad "summarize in $n ranges differs from the whole ($work/sum-$n.merged)"
done
skip=$work/skip.csv
for k in $(seq 0 99); do
    t=$((128166372000000000 + k * 1000))
    if ((k % 17 == 5)); then echo "$t,hm,0,Read,x$k,512,100"; else echo "$t,hm,0,Read,$((k * 4096)),512,100"; fi
done >"$skip"
"$cli" trace summarize "$skip" --on-error skip >"$work/skip.single"
"$pack/summarize-parallel.sh" -c "$cli" 4 "$skip" -- --on-error skip >"$work/skip.merged" 2>"$work/skip.err" || bad "skip: $(cat "$work/skip.err")"
cmp -s "$work/skip.single" "$work/skip.merged" || bad "skipped lines: the merged summary differs ($work/skip.merged)"
grep -q 'skip.csv:23: field 5' "$work/skip.merged" || bad "skipped lines: line 23 (k = 22) not named in the merge"

# merge refuses what is not one whole run, naming the file.
p=$work/sweep.parts
expect() { # expect PATTERN ARGS...: exit non-zero, stderr matches
    local pattern=$1
    shift
    if "$cli" "$@" >/dev/null 2>"$work/expect.err"; then bad "merge $*: accepted"; return; fi
    grep -q -- "$pattern" "$work/expect.err" || bad "merge $*: said '$(cat "$work/expect.err")', not '$pattern'"
}
expect "shard 3 of 3 missing" merge "$p/part-1.json" "$p/part-2.json"
expect "are both shard 1/3" merge "$p/part-1.json" "$p/part-1.json" "$p/part-2.json" "$p/part-3.json"
expect "not from the same run" merge "$p/part-1.json" "$p/part-2.json" "$work/sweep-text.parts/part-2.json"
expect "one run at a time" merge "$p/part-1.json" "$work/replay.parts/part-1.json"
echo '{"raidscopePartial": 1, "command": "simulate"' >"$work/cut.json"
expect "cut.json: not JSON" merge "$work/cut.json"
echo '[]' >"$work/notours.json"
expect "not a RaidScope partial" merge "$work/notours.json"
expect "expected the partial files" merge
expect "expected I/N" simulate --array "raid0 disks=2" --workload "random count=10" --sweep outstanding=1,2 --shard 3/2
expect "expected I/N" probe-eval --count 2 --shard 0/2
expect "give --sweep" simulate --array "raid0 disks=2" --workload "random count=10" --shard 1/2
# A range partial missing: the merge names the bytes no partial holds.
"$cli" trace summarize "$msr" --partial --range 0:5000 >"$work/r1.json"
"$cli" trace summarize "$msr" --partial --range 9000:99999999 >"$work/r3.json"
expect "are in no partial" merge "$work/r1.json" "$work/r3.json"
expect "one FILE per partial" trace summarize "$msr" "$msr" --partial
expect "lines depend on earlier ones" trace summarize "$data/traces/blkparse_small.txt" --partial --range 0:100
# A damaged partial summary is refused with the field named, not trusted.
sed 's/"first":0/"first":5000/' "$work/r1.json" >"$work/r1-bad.json"
"$cli" trace summarize "$msr" --partial --range 5000:9000 >"$work/r2.json"
expect "timeline.first" merge "$work/r1-bad.json" "$work/r2.json" "$work/r3.json"

((failures == 0)) && echo "cli:cluster: all sharded runs merged to the single runs"
exit $((failures > 0))
