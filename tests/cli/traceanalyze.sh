#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# traceanalyze.sh CLI TRACE WORKDIR: `trace analyze` as a user runs it (#56): per-member operations equal
# those `trace replay --json` reports for the same trace (the simulator), on RAID 0, 5, 6 and 10; the
# candidates and the chunk sweep side by side; bad command lines exit 2 with one line naming the option.
set -euo pipefail
cli=$1 trace=$2 work=$3
rm -rf "$work" && mkdir -p "$work" && cd "$work"
fail() { echo "FAIL: $*"; exit 1; }

for spec in 'raid0 disks=4 chunk=64KiB' 'raid5 disks=4 chunk=64KiB' 'raid6 disks=6 chunk=32KiB' \
    'raid10 disks=4 chunk=16KiB mirrorread=primary'; do
    "$cli" trace analyze "$trace" --array "$spec" --chunks none --json >a.json
    "$cli" trace replay "$trace" --array "$spec" --json >r.json
    a=$(jq -c '[.arrays[0].members[].ops]' a.json)
    r=$(jq -c '[.arrays[0].disks[].ops]' r.json)
    [[ $a == "$r" ]] || fail "$spec: analyze $a, simulator $r"
    echo "$spec: per-member ops $a (simulator $r)"
    # msr_small.csv: 29 requests, 9 writes (tests/data/traces/README.md); every write takes one path.
    jq -e '.records == 29 and .arrays[0].requests == 29 and .arrays[0].writes == 9
        and ([.arrays[0].writePaths[].requests] | add) == 9' a.json >/dev/null || fail "$spec: counts $(jq -c '.arrays[0].writePaths' a.json)"
done

# The array, a candidate and the default sweep (16 KiB .. 1 MiB, 7 sizes); text names each.
"$cli" trace analyze "$trace" --array 'raid5 disks=4' --candidate 'raid0 disks=4' --json >side.json
jq -e '(.arrays | length) == 2 and (.chunkSweep | length) == 7 and .chunkSweep[0].chunkBytes == 16384
    and .chunkSweep[6].chunkBytes == 1048576 and (.arrays[0].timeline.ops | length) == 4' side.json >/dev/null \
    || fail "side by side: $(jq -c '{a: (.arrays | length), s: [.chunkSweep[].chunkBytes]}' side.json)"
"$cli" trace analyze "$trace" --array 'raid5 disks=4' --candidate 'raid0 disks=4' >side.txt
grep -q '^raid5 layout=left-symmetric disks=4' side.txt || fail "no raid5 section"
grep -q '^raid0 disks=4' side.txt || fail "no raid0 section"
grep -q '^chunk sizes side by side' side.txt || fail "no sweep table"

# Usage errors: exit 2, one line naming the parameter.
usage() {
    local want=$1; shift
    set +e; "$cli" trace analyze "$@" >/dev/null 2>err.txt; local rc=$?; set -e
    ((rc == 2)) || fail "$*: exit $rc, expected 2"
    (($(wc -l <err.txt) == 1)) || fail "$*: $(wc -l <err.txt) lines on stderr"
    grep -q -- "$want" err.txt || fail "$*: '$(cat err.txt)' does not name $want"
}
usage '--array' "$trace"
usage '--candidate' "$trace" --array 'raid0 disks=2' --array 'raid5 disks=4'
usage '--chunks' "$trace" --array 'raid0 disks=2' --chunks 3KiB
usage '--hot' "$trace" --array 'raid0 disks=2' --hot many
usage '--array' "$trace" --array 'raid0 disks=2 chunk=banana'
# A spec the registry refuses and a missing file: exit 1, one line.
set +e; "$cli" trace analyze "$trace" --array 'raid5 disks=2' 2>err.txt; rc=$?; set -e
((rc == 1)) && grep -q -- '--array raid5 disks=2' err.txt || fail "refused array: exit $rc, $(cat err.txt)"
set +e; "$cli" trace analyze missing.csv --array 'raid0 disks=2' 2>err.txt; rc=$?; set -e
((rc == 1)) && grep -q 'missing.csv' err.txt || fail "missing file: exit $rc, $(cat err.txt)"
echo PASS
