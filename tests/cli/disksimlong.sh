#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Issue 53: long write runs on imported DiskSim drives end. Before the fix, a RAID-5 of four imported
# HP C3323A disks livelocked in the disk model's read-ahead (a transfer counting 0 sectors one sector
# before a command's arrival) between 10,000 and 30,000 random writes. Each run here has a time limit far
# above what it needs (about a second each on one core).
# usage: disksimlong.sh CLI DATA WORK
set -euo pipefail
cli=$1 data=$2 work=$3
rm -rf "$work" && mkdir -p "$work/disks"
export RAIDSCOPE_DISK_PATH="$work/disks"
"$cli" disks import "$data/disksim/hp_c3323a.parv" --save >/dev/null 2>"$work/import.err"
"$cli" disks import "$data/disksim/hp_c2490a.parv" --save >/dev/null 2>>"$work/import.err"
run() {
    local array=$1 workload=$2
    if ! timeout 120 "$cli" simulate --array "$array" --workload "$workload" --json >"$work/out.json" 2>"$work/err"; then
        echo "FAIL (status $?, 124 = timed out): simulate --array '$array' --workload '$workload'" >&2
        cat "$work/err" >&2
        exit 1
    fi
    echo "ok: $array / $workload"
}
run "raid5 disks=4 disk=hp-c3323a-validate" "random read=0 count=30000"
run "raid0 disks=1 disk=hp-c3323a-validate" "random read=0.5 count=200000"
run "raid5 disks=4 disk=hp-c2490a-validate" "random read=0 count=30000"
# disks import --validate records the replay in the preset's provenance (issue 53, item 4).
"$cli" disks import "$data/disksim/st41601n.parv" --validate "$data/disksim/st41601n.trace" >"$work/st41601n.json" 2>/dev/null
grep -q '"disksimDemeritMs"' "$work/st41601n.json" || { echo "FAIL: no validation in the provenance" >&2; exit 1; }
echo "ok: disks import --validate"
