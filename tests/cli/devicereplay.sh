#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# devicereplay.sh CLI TRACE WORKDIR: `trace replay --device` as a user runs it (#55): a file replayed
# reads only and with safe writes leaves its bytes as they were; --latencies has one line per served
# request; bad command lines get exit 2 and one line naming the option; SIGINT mid-replay exits 130,
# prints what ran and leaves the bytes unchanged.
set -euo pipefail
cli=$1 trace=$2 work=$3
rm -rf "$work" && mkdir -p "$work" && cd "$work"
fail() { echo "FAIL: $*"; exit 1; }
# A disk filesystem (O_DIRECT): the build tree's own.
head -c $((16 << 20)) /dev/urandom >disk.img
before=$(md5sum <disk.img)

# msr_small.csv: 29 requests, 9 of them writes (tests/data/traces/README.md).
"$cli" trace replay "$trace" --device disk.img >ro.txt
grep -q '^measured on: disk.img' ro.txt || fail "no 'measured on' line"; cat ro.txt
grep -q 'reads only; 9 of the trace.s 29 requests are writes and were skipped' ro.txt || fail "skipped writes not stated"
grep -q '^20 requests replayed at x1' ro.txt || fail "not 20 reads served"
"$cli" trace replay "$trace" --device disk.img --allow-writes --depth 4 --json --latencies lat.csv >safe.json
jq -e '.measured.writesServed == 9 and .measured.extraReads == 9 and .measured.readsServed == 20 and .arrays[0].requests == 29' \
    safe.json >/dev/null || fail "safe-write counts: $(jq -c .measured safe.json)"
(($(wc -l <lat.csv) == 30)) || fail "lat.csv: $(wc -l <lat.csv) lines, expected a header and 29"
[[ $(md5sum <disk.img) == "$before" ]] || fail "the bytes changed"

# Measured beside simulated (#55 item 2): one table, as traced, measured, each candidate with its errors.
"$cli" trace replay "$trace" --device disk.img --array 'raid0 disks=2 chunk=16KiB' --array 'raid5 disks=4 chunk=32KiB' >cmp.txt
cat cmp.txt
grep -q '^as traced  *29 ' cmp.txt || fail "no as-traced row of the trace's 29 response times"
grep -q '^measured  *20 .*(the reference) *measured on disk.img' cmp.txt || fail "no measured row of 20 reads"
(($(grep -c '^simulated  *20 .*%.*%.*%.*%' cmp.txt) == 2)) || fail "not two simulated rows of 20 reads with error columns"
grep -q '^analytical model: no analytical model applies' cmp.txt || fail "the analytical model's absence not stated"
grep -q "reads only: the trace's 9 writes were left out" cmp.txt || fail "the skipped writes not stated"
"$cli" trace replay "$trace" --device disk.img --array 'raid0 disks=2 chunk=16KiB' --json >cmp.json
jq -e '.comparison.rows | length == 3 and .[0].role == "traced" and .[1].role == "measured" and .[2].role == "simulated"
    and (.[2].vsMeasured | (.meanRel|type) == "number" and (.p90Rel|type) == "number" and (.p99Rel|type) == "number"
    and (.iopsRel|type) == "number" and .demeritMs > 0) and .[2].requests == 20' cmp.json >/dev/null \
    || fail "comparison JSON: $(jq -c .comparison.rows cmp.json)"
jq -e '(.arrays | length) == 2 and .comparison.analyticalModel.applies == false' cmp.json >/dev/null || fail "arrays or analyticalModel"
# A refused candidate is a row that says why; the others are still compared.
"$cli" trace replay "$trace" --device disk.img --array 'raid5 disks=1' --array 'raid0 disks=2' >ref.txt
grep -q '(refused: raid5 needs disks' ref.txt && grep -q '^simulated  *20 ' ref.txt || fail "refused candidate: $(cat ref.txt)"
[[ $(md5sum <disk.img) == "$before" ]] || fail "the bytes changed in the comparison"

# Bad command lines: exit 2, one line naming what is wrong.
expect_usage() {
    local want=$1; shift
    set +e; "$cli" trace replay "$trace" "$@" >out.txt 2>err.txt; local rc=$?; set -e
    ((rc == 2)) || fail "$* exited $rc, expected 2"
    (($(wc -l <err.txt) == 1)) && grep -q -- "$want" err.txt || fail "$*: $(cat err.txt)"
}
expect_usage '--allow-writes and --scratch' --device disk.img --allow-writes --scratch
expect_usage '--scale and --depth' --device disk.img --scale 2 --depth 4
expect_usage '--device is given twice' --device disk.img --device disk.img
expect_usage '--depth 0' --device disk.img --depth 0
expect_usage '--depth applies to a measured replay only' --array 'raid0 disks=2' --depth 4
expect_usage '--depth: the simulated arrays replay at the trace.s times' --device disk.img --array 'raid0 disks=2' --depth 4
expect_usage '--shard splits' --device disk.img --array 'raid0 disks=2' --shard 1/2
set +e; "$cli" trace replay "$trace" --device /dev/null 2>err.txt; rc=$?; set -e
((rc == 1)) && grep -q 'not a block device or regular file' err.txt || fail "/dev/null: $rc $(cat err.txt)"

# SIGINT mid-way: 20 s of requests at 1 ms, half of them safe writes.
awk 'BEGIN { print "Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime";
    for (i = 0; i < 20000; i++) printf "%.0f,h,0,%s,%d,4096,100\n", 128166372000000000 + i * 10000, (i % 2 ? "Write" : "Read"), (i * 7919 % 4096) * 4096 }' >long.csv
"$cli" trace replay long.csv --device disk.img --allow-writes >int.txt 2>interr.txt &
pid=$!
sleep 1
kill -INT "$pid"
set +e; wait "$pid"; rc=$?; set -e
cat int.txt interr.txt
((rc == 130)) || fail "exit $rc after SIGINT, expected 130"
grep -q '^stopped: ' int.txt || fail "no 'stopped' line"
grep -q 'measured on disk.img' int.txt || fail "the table of what ran is missing"
grep -q 'stopped by a signal after' interr.txt || fail "no message on stderr"
[[ $(md5sum <disk.img) == "$before" ]] || fail "the bytes changed after SIGINT"
echo "PASS: measured replay on a file; beside simulated arrays; bytes unchanged; usage errors; SIGINT"
