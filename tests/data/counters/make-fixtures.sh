#!/bin/sh
# How the counter fixtures in this folder were made (see README.md). Needs root, sysstat and fio;
# never run by the tests. Usage: make-fixtures.sh OUTDIR
set -eu
out=${1:?OUTDIR}
img=$(mktemp /tmp/raidscope-counters.XXXXXX.img)
truncate -s 512M "$img"
dev=$(losetup -f --show "$img")
name=$(basename "$dev")
trap 'losetup -d "$dev"; rm -f "$img"' EXIT
run() { # job name, fio arguments...
    job=$1; shift
    sar -d -o "$out/$job.sa" 1 26 >/dev/null &
    sarpid=$!
    iostat -y -t -x -o JSON -d "$name" 1 26 > "$out/$job.iostat.json" &
    iopid=$!
    sleep 3
    fio --name="$job" --filename="$dev" --direct=1 --ioengine=libaio --time_based --runtime=20 \
        --output-format=json --output="$out/$job.fio.json" "$@"
    wait $sarpid $iopid
    # sar -d records every block device: keep the loop device's counters only (--dev).
    sadf -j "$out/$job.sa" -- -d --dev="$name" > "$out/$job.sadf.json"
    rm -f "$out/$job.sa"
}
run randread-4k --rw=randread --bs=4k --iodepth=4 --rate_iops=1000
run randrw70-16k --rw=randrw --rwmixread=70 --bs=16k --iodepth=4 --rate_iops=700,300
echo "device was $dev"
