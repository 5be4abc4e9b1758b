#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# exportsignal.sh CLI WORKDIR: `trace export` stopped by SIGINT mid-way exits 130, leaves no output
# file and no temporary file beside it, and the input trace unchanged.
set -euo pipefail
cli=$1 work=$2
rm -rf "$work" && mkdir -p "$work" && cd "$work"
# 3 million MSR lines (about 150 MB): long enough that the signal lands mid-export.
awk 'BEGIN { for (i = 0; i < 3000000; i++)
    printf "%.0f,hm,0,%s,%.0f,4096,100\n", 128166372000000000 + i * 100, (i % 3 ? "Read" : "Write"), (i * 7919 % 1000000) * 4096 }' >big.csv
before=$(md5sum big.csv)
"$cli" trace export big.csv --fio out.iolog 2>err.txt &
pid=$!
sleep 0.5
kill -INT "$pid"
set +e
wait "$pid"
rc=$?
set -e
cat err.txt
[[ $rc == 130 ]] || { echo "FAIL: exit $rc, expected 130 (the export must see the signal mid-way)"; exit 1; }
left=$(find . -maxdepth 1 -name 'out.iolog*' | wc -l)
((left == 0)) || { echo "FAIL: an output or temporary file was left:"; ls -la; exit 1; }
[[ $(md5sum big.csv) == "$before" ]] || { echo "FAIL: the input changed"; exit 1; }
grep -q 'out.iolog was not written' err.txt || { echo "FAIL: no message naming the output"; exit 1; }
echo "PASS: stopped, nothing written, input unchanged"
