#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# counters.sh CLI COUNTERDIR WORKDIR: interval counters (#56) as a user gives them: `trace summarize`
# summarizes a sadf -j and an iostat -o JSON file as counters; `trace replay --array` and `advise
# --trace` take them as synthetic requests and say so, with what was assumed. Exit 0 each time.
set -euo pipefail
cli=$1 data=$2 work=$3
rm -rf "$work" && mkdir -p "$work" && cd "$work"
fail() { echo "FAIL: $*"; exit 1; }
run() { # name, command...: exit 0, output kept in name.out
    local name=$1; shift
    local rc=0
    "$@" >"$name.out" 2>"$name.err" || rc=$?
    ((rc == 0)) || { cat "$name.err"; fail "$name: exit $rc"; }
}

for f in randrw70-16k.sadf.json randread-4k.iostat.json; do
    in=$data/$f
    run "$f.summary" "$cli" trace summarize "$in"
    grep -q 'not a per-I/O trace' "$f.summary.out" || fail "$f: summary does not say it is counters"
    grep -q 'synthetic' "$f.summary.out" || fail "$f: summary does not say replay and advise make synthetic requests"
    run "$f.summary-json" "$cli" trace summarize "$in" --json
    jq -e '.perRequest == false and (.devices | length) == 1 and .devices[0].device == "loop0"
        and (.asWorkload[0] | startswith("synthetic"))' "$f.summary-json.out" >/dev/null \
        || fail "$f: summary JSON: $(head -c 400 "$f.summary-json.out")"

    run "$f.replay" "$cli" trace replay "$in" --array 'raid5 disks=4 chunk=64KiB'
    grep -q '^note: synthetic: a request stream made from interval counters' "$f.replay.out" \
        || fail "$f: replay does not say its requests are synthetic: $(head -5 "$f.replay.out")"
    grep -q '^note: locality: offsets uniformly random over the whole of each replayed array' "$f.replay.out" \
        || fail "$f: replay does not state the locality assumed"
    run "$f.replay-json" "$cli" trace replay "$in" --array 'raid0 disks=2 chunk=16KiB' --json
    jq -e '(.synthetic | length) >= 4 and (.synthetic[0] | startswith("synthetic")) and .records > 10000' \
        "$f.replay-json.out" >/dev/null || fail "$f: replay JSON: $(head -c 400 "$f.replay-json.out")"

    # trace analyze places the synthetic requests within the arrays, as a replay does: none wraps.
    run "$f.analyze" "$cli" trace analyze "$in" --array 'raid5 disks=4 chunk=64KiB' --candidate 'raid0 disks=2 chunk=16KiB'
    grep -q 'synthetic' "$f.analyze.out" || fail "$f: analyze does not say its requests are synthetic"
    ! grep -q "past the array's end" "$f.analyze.out" || fail "$f: analyze wrapped synthetic requests: $(grep "past the" "$f.analyze.out")"

    run "$f.advise" "$cli" advise --array 'raid5 disks=5' --trace "$in"
    grep -q '^note: *synthetic: a request stream made from interval counters' "$f.advise.out" \
        || fail "$f: advise does not say its workload is synthetic: $(head -8 "$f.advise.out")"
    run "$f.advise-json" "$cli" advise --array 'raid5 disks=5' --trace "$in" --json
    jq -e '(.synthetic[0] | startswith("synthetic"))' "$f.advise-json.out" >/dev/null \
        || fail "$f: advise JSON has no synthetic notes"
done

# A counter file with a bad field: exit non-zero and one line naming the key and field.
sed '0,/"tps": 702.00/s//"tps": "x"/' "$data/randrw70-16k.sadf.json" >bad.json
if "$cli" trace summarize bad.json >bad.out 2>bad.err; then fail "bad.json summarized"; fi
grep -q 'bad.json: key sysstat.hosts\[0\].statistics\[3\].disk\[0\], field tps:' bad.err || fail "bad.json: $(cat bad.err)"
(($(wc -l <bad.err) == 1)) || fail "bad.json: more than one line on stderr"
if "$cli" trace replay bad.json --array 'raid0 disks=2' >badr.out 2>badr.err; then fail "bad.json replayed"; fi
grep -q 'field tps' badr.err || fail "bad.json replay: $(cat badr.err)"
echo "counters: ok"
